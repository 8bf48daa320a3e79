import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from .models import RankingScore


class RankingTable(tables.Table):
    place = tables.Column(verbose_name=_("Place"), orderable=False, empty_values=())
    mid = tables.Column(
        accessor="member__mid",
        verbose_name=_("MID"),
        linkify=lambda record: record.member.get_absolute_url(),
        orderable=False,
    )
    name = tables.Column(
        accessor="member__last_name", verbose_name=_("Name"), orderable=False, empty_values=()
    )
    points = tables.Column(verbose_name=_("Ranking points"), orderable=False)

    class Meta:
        model = RankingScore
        fields = ("place", "mid", "name", "points")
        attrs = {"class": "table table-sm", "id": "ranking-list"}

    def render_place(self, record):
        return record.rank_place

    def render_name(self, record):
        return record.member.full_name

    def render_points(self, value):
        return f"{value.normalize():f}" if value == value.to_integral_value() else value
