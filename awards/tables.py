import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from tournaments.tables import TournamentColumn

from .models import MasterPointAward


class MemberAwardsTable(tables.Table):
    """A member's ledger, newest first (``selectors.member_awards``)."""

    caption = _("Master points")

    awarded_on = tables.DateColumn(verbose_name=_("Date"), format="Y-m-d")
    tournament = TournamentColumn()
    credited = tables.Column(verbose_name=_("Points"), attrs={"td": {"class": "num"}})
    unit = tables.Column(verbose_name=_("Unit"), accessor="unit", orderable=False)
    table = tables.Column(verbose_name=_("Table"))
    reason = tables.Column(verbose_name=_("Why"), accessor="reason", orderable=False)
    # The rulebook version the award was computed by (awards.versions).
    rule_version = tables.Column(verbose_name=_("Rules"), attrs={"td": {"class": "rule-version"}})

    class Meta:
        model = MasterPointAward
        fields = ("awarded_on", "tournament", "credited", "unit", "table", "reason", "rule_version")
        attrs = {"class": "table table-sm", "id": "member-awards"}
        empty_text = _("No master points reported yet.")

    def render_credited(self, value):
        return f"{value.normalize():f}"
