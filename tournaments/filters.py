import django_filters
from django import forms
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from members.federation import all_regions_label, region_label
from members.models import District

from .models import Tournament


class TournamentFilter(django_filters.FilterSet):
    club = django_filters.CharFilter(label=_("Club (name or number)"), method="filter_club")
    district = django_filters.ModelChoiceFilter(
        label=region_label,
        queryset=District.objects.order_by("name"),
        method="filter_district",
        empty_label=all_regions_label,
    )
    date_from = django_filters.DateFilter(
        label=_("From date"),
        method="filter_date_from",
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    date_to = django_filters.DateFilter(
        label=_("To date"),
        field_name="start_date",
        lookup_expr="lte",
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    level = django_filters.ChoiceFilter(
        label=_("Medal level"), choices=Tournament.Level.choices, empty_label=_("All levels")
    )
    kind = django_filters.ChoiceFilter(
        label=_("Kind"), choices=Tournament.Kind.choices, empty_label=_("All kinds")
    )

    class Meta:
        model = Tournament
        fields: list[str] = []

    def filter_club(self, queryset, name, value):
        value = value.strip()
        if value.isdigit():
            return queryset.filter(organiser_club__number=int(value))
        for word in value.split():
            queryset = queryset.filter(organiser_club__name__icontains=word)
        return queryset

    def filter_district(self, queryset, name, value):
        # A district's tournaments are its own and those of its clubs: a player
        # looking for "what was played in Skåne" means both.
        return queryset.filter(Q(organiser_district=value) | Q(organiser_club__district=value))

    def filter_date_from(self, queryset, name, value):
        # A tournament over several days that ends on or after the date still counts.
        return queryset.filter(end_date__gte=value)
