from datetime import date

import django_filters
from django.utils.translation import gettext_lazy as _

from members.domain.age import JUNIOR_MAX_AGE, VETERAN_MIN_AGE
from members.federation import region_label
from members.models import Club, District, Member
from members.services import current_season

from .models import MasterPointHolding, RankingScore


class RankingFilter(django_filters.FilterSet):
    """National list by default; a district's or a club's by the member's representing club."""

    district = django_filters.ModelChoiceFilter(
        label=region_label,
        queryset=District.objects.all(),
        method="filter_district",
        empty_label=_("The whole country"),
    )
    # Picked by name; the value is the club's number, so ?club=<number> links still work.
    club = django_filters.ModelChoiceFilter(
        label=_("Club"),
        queryset=Club.objects.order_by("name", "number"),
        to_field_name="number",
        method="filter_club",
        empty_label=_("All clubs"),
    )
    category = django_filters.ChoiceFilter(
        label=_("Category"),
        choices=[("junior", _("Juniors")), ("veteran", _("Veterans")), ("ladies", _("Ladies"))],
        method="filter_category",
        empty_label=_("Everybody"),
    )

    class Meta:
        model = RankingScore
        fields: list[str] = []

    # The facts are stored on each ranking row when it is refreshed (nightly, and for
    # the players of every report): services.ranking_facts.
    def filter_district(self, queryset, name, value):
        return queryset.filter(district=value)

    def filter_club(self, queryset, name, value):
        return queryset.filter(club=value)

    def filter_category(self, queryset, name, value):
        if value == "junior":
            return queryset.filter(junior=True)
        if value == "veteran":
            return queryset.filter(veteran=True)
        if value == "ladies":
            return queryset.filter(gender=Member.Gender.FEMALE)
        return queryset


class MasterPointsFilter(RankingFilter):
    """The ranking's filters on the master points list. A holding stores no facts: the
    club is the one the member represents this season, read with the list (the view's
    ``represented`` relation), the category the member's own."""

    class Meta:
        model = MasterPointHolding
        fields: list[str] = []

    def filter_district(self, queryset, name, value):
        return queryset.filter(represented__club__district=value)

    def filter_club(self, queryset, name, value):
        return queryset.filter(represented__club=value)

    def filter_category(self, queryset, name, value):
        # members.domain.age.age_category as a range of birth dates: the age is the
        # season's start year less the year of birth.
        season = current_season()
        if value == "junior":
            return queryset.filter(member__birth_date__gte=date(season - JUNIOR_MAX_AGE, 1, 1))
        if value == "veteran":
            return queryset.filter(member__birth_date__lte=date(season - VETERAN_MIN_AGE, 12, 31))
        if value == "ladies":
            return queryset.filter(member__gender=Member.Gender.FEMALE)
        return queryset
