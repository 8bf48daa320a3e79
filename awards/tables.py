import django_tables2 as tables
from django.utils.translation import gettext_lazy as _

from tournaments.tables import TournamentColumn

from .models import MasterPointAward
from .selectors import EBU_KINDS, points_words


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


class EbuMemberAwardsTable(tables.Table):
    """A member's EBU ledger, newest first: each award in its kind of point (seed 001,
    2.4.1), the gold points a green award gave (2.5.1) and the scale it came from. The
    page says "700 green points"; the CSV has the number and the kind apart."""

    caption = _("Master points")

    awarded_on = tables.DateColumn(verbose_name=_("Date"), format="Y-m-d")
    tournament = TournamentColumn()
    credited = tables.Column(verbose_name=_("Points"))
    # For the CSV only: the page names the kind beside the number.
    colour = tables.Column(verbose_name=_("Kind of points"), visible=False)
    gold_points = tables.Column(verbose_name=_("Gold points"), attrs={"td": {"class": "num"}})
    table = tables.Column(verbose_name=_("Scale"))
    reason = tables.Column(verbose_name=_("Why"), accessor="reason", orderable=False)
    rule_version = tables.Column(verbose_name=_("Rules"), attrs={"td": {"class": "rule-version"}})

    class Meta:
        model = MasterPointAward
        fields = (
            "awarded_on", "tournament", "credited", "colour", "gold_points", "table", "reason",
            "rule_version",
        )  # fmt: skip
        attrs = {"class": "table table-sm", "id": "member-awards"}
        empty_text = _("No master points reported yet.")

    def render_credited(self, value, record):
        return points_words(record.colour, value)

    def value_credited(self, value):
        return f"{value.normalize():f}"

    def value_colour(self, value):
        return EBU_KINDS.get(value, value)

    def render_gold_points(self, value):
        return f"{value.normalize():f}" if value else "–"

    def value_gold_points(self, value):
        return f"{value.normalize():f}" if value else "0"
