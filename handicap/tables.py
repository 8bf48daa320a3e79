import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from .domain import for_display
from .models import MemberHandicap


class ClubHandicapTable(tables.Table):
    """A club's members by handicap, best first (the order is the selector's)."""

    name = tables.Column(
        accessor="member__last_name",
        verbose_name=_("Name"),
        linkify=lambda record: record.member.get_absolute_url(),
    )
    mid = tables.Column(accessor="member__mid", verbose_name=_("MID"))
    handicap = tables.Column(verbose_name=_("Handicap"), attrs={"td": {"class": "num"}})
    updated_on = tables.DateColumn(
        verbose_name=_("Last changed"), format="Y-m-d", empty_values=(), default="–"
    )

    class Meta:
        model = MemberHandicap
        fields = ("name", "mid", "handicap", "updated_on")
        orderable = False
        attrs = {"class": "table table-sm", "id": "club-handicaps"}
        empty_text = _("No member of the club has a handicap yet.")

    def render_name(self, record):
        return record.member.full_name

    def render_handicap(self, value):
        return for_display(float(value))
