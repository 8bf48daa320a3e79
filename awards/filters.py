import django_filters
from django.utils.translation import gettext_lazy as _

from members.domain.age import JUNIOR_MAX_AGE, VETERAN_MIN_AGE
from members.federation import region_label
from members.models import Club, District, Member

from .models import RankingScore


class RankingFilter(django_filters.FilterSet):
    """National list by default; a district's or a club's by the member's representing club."""

    district = django_filters.ModelChoiceFilter(
        label=region_label,
        queryset=District.objects.all(),
        method="filter_district",
        empty_label=_("The whole country"),
    )
    club = django_filters.NumberFilter(label=_("Club number"), method="filter_club")
    category = django_filters.ChoiceFilter(
        label=_("Category"),
        choices=[("junior", _("Juniors")), ("veteran", _("Veterans")), ("ladies", _("Ladies"))],
        method="filter_category",
        empty_label=_("Everybody"),
    )

    class Meta:
        model = RankingScore
        fields: list[str] = []

    def __init__(self, *args, season: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.season = season

    def _representing(self, queryset, condition):
        return queryset.filter(
            member__memberships__season=self.season,
            member__memberships__represents=True,
            **condition,
        )

    def filter_district(self, queryset, name, value):
        return self._representing(queryset, {"member__memberships__club__district": value})

    def filter_club(self, queryset, name, value):
        club = Club.objects.filter(number=value).first()
        if club is None:
            return queryset.none()
        return self._representing(queryset, {"member__memberships__club": club})

    def filter_category(self, queryset, name, value):
        # members/domain/age.py: the age reached in the calendar year the season starts
        if value == "junior":
            return queryset.filter(member__birth_date__year__gte=self.season - JUNIOR_MAX_AGE)
        if value == "veteran":
            return queryset.filter(member__birth_date__year__lte=self.season - VETERAN_MIN_AGE)
        if value == "ladies":
            return queryset.filter(member__gender=Member.Gender.FEMALE)
        return queryset
