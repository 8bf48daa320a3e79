"""The national handicap list's search: a district, a club (this season's members)."""

import django_filters
from django.utils.translation import gettext_lazy as _

from members.models import Club, District, Member
from members.services import current_season

from .models import MemberHandicap


class NationalHandicapFilter(django_filters.FilterSet):
    district = django_filters.ModelChoiceFilter(
        label=_("District"),
        queryset=District.objects.order_by("number"),
        empty_label=_("All districts"),
        method="filter_district",
    )
    club = django_filters.ModelChoiceFilter(
        label=_("Club"),
        queryset=Club.objects.order_by("name"),
        empty_label=_("All clubs"),
        method="filter_club",
    )

    class Meta:
        model = MemberHandicap
        fields: list[str] = []

    def filter_district(self, queryset, name, value):
        # One filter() call: the season and the club are one and the same membership.
        return queryset.filter(
            member__in=Member.objects.filter(
                memberships__season=current_season(), memberships__club__district=value
            )
        )

    def filter_club(self, queryset, name, value):
        return queryset.filter(
            member__in=Member.objects.filter(
                memberships__season=current_season(), memberships__club=value
            )
        )
