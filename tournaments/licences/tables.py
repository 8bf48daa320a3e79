import django_tables2 as tables
from django.utils.formats import number_format
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from . import domain as rules
from .models import FeeRate, Licence


def status_label(value: int | None) -> str:
    """A status level in the reader's language, from the rules' own labels."""
    if value is None:
        return "–"
    status = rules.Status(value)
    return status.label_sv if (get_language() or "sv").startswith("sv") else status.label_en


class StatusColumn(tables.Column):
    """The granted status level, or else the proposed one, in the reader's language."""

    def render(self, record):
        return status_label(record.status or record.proposed_status)


class LicenceTable(tables.Table):
    """Licences on the organiser's and the office's pages."""

    caption = _("Licences")

    number = tables.Column(
        verbose_name=_("Number"), accessor="pk", linkify=lambda record: record, orderable=False
    )
    start_date = tables.DateColumn(verbose_name=_("Date"), format="Y-m-d")
    event_name = tables.Column(verbose_name=_("Event"))
    organisation = tables.Column(verbose_name=_("Organiser"), accessor="organisation__name")
    licence_type = tables.Column(verbose_name=_("Licence type"))
    status = StatusColumn(verbose_name=_("Status level"), accessor="pk", orderable=False)
    state = tables.Column(verbose_name=_("State"))

    class Meta:
        model = Licence
        fields = (
            "number",
            "start_date",
            "event_name",
            "organisation",
            "licence_type",
            "status",
            "state",
        )
        attrs = {"class": "table table-sm licences"}
        empty_text = _("No licences.")

    def render_number(self, record):
        return record.number


class PublicLicenceTable(tables.Table):
    """The public list of licensed events (EBU 1.7.24)."""

    caption = _("Licensed events")

    start_date = tables.DateColumn(verbose_name=_("Date"), format="Y-m-d")
    end_date = tables.DateColumn(verbose_name=_("Last day"), format="Y-m-d")
    event_name = tables.Column(verbose_name=_("Event"))
    organisation = tables.Column(verbose_name=_("Organiser"), accessor="organisation__name")
    status = StatusColumn(verbose_name=_("Status level"), accessor="pk", orderable=False)

    class Meta:
        model = Licence
        fields = ("start_date", "end_date", "event_name", "organisation", "status")
        attrs = {"class": "table table-sm", "id": "licensed-events"}
        empty_text = _("No licensed events from today on.")


class FeeRateTable(tables.Table):
    """The office's fee table, read-only (it is kept in the admin)."""

    caption = _("Fee table")

    class Meta:
        model = FeeRate
        fields = ("licence_type", "payer", "per_table_session", "per_heat", "minimum", "valid_from")
        attrs = {"class": "table table-sm", "id": "fee-rates"}
        empty_text = _("No fee rates yet.")

    def render_licence_type(self, value):
        return dict(Licence.Type.choices).get(value, value)


# --- Universal Membership charges (issue #20) --------------------------------------------

UMS_STATUS_LABELS = {
    "member": _("EBU member"),
    "suspended": _("suspended member"),
    "lapsed": _("lapsed member"),
    "potential": _("potential member"),
    "non_member": _("non-member"),
}


def ums_status_label(value: str) -> str:
    return str(UMS_STATUS_LABELS.get(value, value))


class UmsLineTable(tables.Table):
    """A statement's lines (dicts, stored or not): players x sessions x price x share."""

    date = tables.DateColumn(verbose_name=_("Date"), format="Y-m-d")
    event = tables.Column(verbose_name=_("Event"))
    code = tables.Column(verbose_name=_("Code"))
    status = tables.Column(verbose_name=_("Players' status"))
    players = tables.Column(verbose_name=_("Players"))
    sessions = tables.Column(verbose_name=_("Sessions"))
    player_sessions = tables.Column(verbose_name=_("Player sessions"))
    share = tables.Column(verbose_name=_("Share"))
    price = tables.Column(verbose_name=_("Price (£)"))
    county = tables.Column(verbose_name=_("County charge (£)"))
    amount = tables.Column(verbose_name=_("Amount (£)"))
    rule = tables.Column(verbose_name=_("Rule"))
    note = tables.Column(verbose_name=_("Note"), default="")

    class Meta:
        attrs = {"class": "table table-sm stack", "id": "ums-lines"}
        template_name = "licences/ums_lines_table.html"
        orderable = False
        empty_text = _("No reported tournaments this month.")

    caption = _("The month's charges, event by event")

    # Pence as the statement's total prints them: two decimals, in the reader's format.
    def render_price(self, value):
        return number_format(value, decimal_pos=2)

    def render_county(self, value):
        return number_format(value, decimal_pos=2)

    def render_amount(self, value):
        return number_format(value, decimal_pos=2)

    # The CSV keeps the figures as figures.
    def value_price(self, value):
        return value

    def value_county(self, value):
        return value

    def value_amount(self, value):
        return value

    def render_status(self, value):
        return ums_status_label(value)

    def value_status(self, value):
        return ums_status_label(value)


class UmsStatementTable(tables.Table):
    """The office's list of statements, with the payment duty (due date, overdue)."""

    club = tables.Column(verbose_name=_("Club"), accessor="club__name")
    month = tables.DateColumn(verbose_name=_("Month"), format="Y-m", linkify=lambda record: record)
    total = tables.Column(verbose_name=_("Total (£)"))
    due_date = tables.DateColumn(verbose_name=_("Due"), format="Y-m-d")
    state = tables.Column(verbose_name=_("State"))
    overdue = tables.Column(verbose_name=_("Overdue"), empty_values=(), orderable=False)

    class Meta:
        attrs = {"class": "table table-sm stack", "id": "ums-statements"}
        empty_text = _("No statements yet.")

    def __init__(self, *args, today=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.today = today

    def _late(self, record) -> bool:
        return record.state == "issued" and self.today is not None and record.due_date < self.today

    def render_overdue(self, record):
        return _("overdue") if self._late(record) else "–"

    def value_overdue(self, record):
        return "yes" if self._late(record) else ""
