from datetime import date

import django_filters
from django.utils.translation import gettext_lazy as _

from members.domain.age import JUNIOR_MAX_AGE, VETERAN_MIN_AGE
from members.federation import region_label
from members.models import Club, District, Member
from members.services import current_season

from .domain.ebu.ranks import RANKS, Rank
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


def _rank_choices() -> list[tuple[str, str]]:
    """One choice a line of the 2.6.2 list (seed 001, lines 1422-1483), by its place in
    the list; a line with further stars ("further star for each extra 10,000") takes
    them in (``awards.domain.ebu.ledger.seniority``: line × 100 + further stars)."""
    choices = []
    for line, row in enumerate(RANKS, start=1):
        name = Rank(row.title, row.stars, row.total).name or row.title
        if row.step is not None:
            name = _("%(rank)s and more stars") % {"rank": name}
        choices.append((str(line), name))
    return choices


class EbuRankFilter(MasterPointsFilter):
    """The list by rank of an EBU database: the master points list's filters and the
    rank, one line of 2.6.2 (a range of the holdings' ``rank`` index)."""

    rank = django_filters.ChoiceFilter(
        label=_("Rank"),
        choices=_rank_choices,
        method="filter_rank",
        empty_label=_("Every rank"),
    )

    class Meta:
        model = MasterPointHolding
        fields: list[str] = []

    def filter_rank(self, queryset, name, value):
        line = int(value)
        return queryset.filter(rank__gte=line * 100, rank__lt=(line + 1) * 100)
