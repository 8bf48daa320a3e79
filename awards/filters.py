import django_filters
from django.utils.translation import gettext_lazy as _

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

    # The facts are stored on each ranking row when it is refreshed (nightly, and for
    # the players of every report): services.ranking_facts.
    def filter_district(self, queryset, name, value):
        return queryset.filter(district=value)

    def filter_club(self, queryset, name, value):
        club = Club.objects.filter(number=value).first()
        if club is None:
            return queryset.none()
        return queryset.filter(club=club)

    def filter_category(self, queryset, name, value):
        if value == "junior":
            return queryset.filter(junior=True)
        if value == "veteran":
            return queryset.filter(veteran=True)
        if value == "ladies":
            return queryset.filter(gender=Member.Gender.FEMALE)
        return queryset
