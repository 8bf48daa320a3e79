import django_tables2 as tables
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from .models import Sanction


class SanctionTable(tables.Table):
    """Applications on the index page; several tables share the page, each sorted and
    paged under its own prefix (``members.common.exports.configure_tables``)."""

    caption = _("Sanctions")  # each section of the index names its own

    reference = tables.Column(
        verbose_name=_("Reference"),
        accessor="reference",
        linkify=lambda record: record,
        orderable=False,  # letter-year-number: the date column sorts the same events
    )
    start_date = tables.DateColumn(verbose_name=_("Date"), format="Y-m-d")
    name = tables.Column(verbose_name=_("Event"))
    club = tables.Column(
        verbose_name=_("Applicant"), accessor="club__name", empty_values=(), order_by="club__name"
    )
    district = tables.Column(verbose_name=_("District"), accessor="district__name")
    level = tables.Column(verbose_name=_("Medal level"))
    state = tables.Column(verbose_name=_("State"))

    class Meta:
        model = Sanction
        fields = ("reference", "start_date", "name", "club", "district", "level", "state")
        attrs = {"class": "table table-sm sanctions stack"}
        empty_text = _("No applications.")

    def __init__(self, *args, caption: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        if caption:
            self.caption = caption

    def render_club(self, record):
        # a district's own gold application has no club (000 ch. 4 lines 251-253)
        return record.applicant_name


class CalendarTable(tables.Table):
    caption = _("Calendar of sanctioned events")
    start_date = tables.DateColumn(verbose_name=_("Date"), format="Y-m-d")
    end_date = tables.DateColumn(verbose_name=_("Last day"), format="Y-m-d")
    name = tables.Column(verbose_name=_("Event"))
    club = tables.Column(
        verbose_name=_("Organiser"), accessor="club__name", empty_values=(), order_by="club__name"
    )
    district = tables.Column(verbose_name=_("District"), accessor="district__name")
    level = tables.Column(verbose_name=_("Medal level"))
    form_of_play = tables.Column(verbose_name=_("Form of play"))

    class Meta:
        model = Sanction
        fields = ("start_date", "end_date", "name", "club", "district", "level", "form_of_play")
        attrs = {"class": "table table-sm stack", "id": "calendar"}
        empty_text = _("No sanctioned events match.")

    def render_club(self, record):
        if record.club is None:  # the district arranges it (000 ch. 4 lines 251-253)
            return record.district.name
        return format_html('<a href="{}">{}</a>', record.club.get_absolute_url(), record.club.name)
