import django_tables2 as tables
from django.template.defaultfilters import floatformat
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django_tables2.data import TableData, TableQuerysetData

from tournaments.tables import TournamentColumn

from .domain import for_display
from .models import HandicapChange, MemberHandicap
from .starts import start_of_estimate
from .templatetags.handicap import hcp, signed


class ClubHandicapTable(tables.Table):
    """A club's members by handicap, best first (the order is the selector's)."""

    caption = _("Handicaps")

    name = tables.Column(
        accessor="member__last_name",
        order_by=("member__last_name", "member__first_name"),
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
        attrs = {"class": "table table-sm", "id": "club-handicaps"}
        empty_text = _("No member of the club has a handicap yet.")

    def render_name(self, record):
        return record.member.full_name

    def render_handicap(self, value):
        return for_display(float(value))


def _result(value, record) -> str:
    unit = "%" if record.scoring == "topscore" else "IMP"
    # In the reader's number format (48,40 % in Swedish), as the template's numbers.
    return f"{number_format(hcp(value, 2), 2)} {unit}"


class HandicapColumn(tables.Column):
    """A handicap in a history table, as the member page shows it."""

    def render(self, value):
        return hcp(value)


class HandicapHistoryTable(tables.Table):
    """A member's handicap history, newest first (``selectors.member_history``)."""

    caption = _("Handicap history")

    played_on = tables.DateColumn(verbose_name=_("Date"), format="Y-m-d")
    tournament = TournamentColumn()
    place = tables.Column(verbose_name=_("Place"), default="–")
    old = HandicapColumn(verbose_name=_("Old hcp"), attrs={"td": {"class": "num"}})
    partner = HandicapColumn(
        verbose_name=_("Partner hcp"), attrs={"td": {"class": "num"}}, default="–"
    )
    owner = HandicapColumn(verbose_name=_("Pair hcp"), attrs={"td": {"class": "num"}})
    field = HandicapColumn(verbose_name=_("Field hcp"), attrs={"td": {"class": "num"}})
    expected = tables.Column(verbose_name=_("Expected"), attrs={"td": {"class": "num"}})
    achieved = tables.Column(verbose_name=_("Achieved"), attrs={"td": {"class": "num"}})
    change = tables.Column(verbose_name=_("Change"), attrs={"td": {"class": "num"}})
    new = HandicapColumn(verbose_name=_("New hcp"), attrs={"td": {"class": "num"}})

    class Meta:
        model = HandicapChange
        fields = ("played_on", "tournament", "place", "old", "partner", "owner", "field")
        sequence = (*fields, "expected", "achieved", "change", "new")
        orderable = False
        attrs = {"class": "table table-sm", "id": "handicap-history-all"}
        empty_text = _("No competitions have changed this handicap yet.")

    def render_tournament(self, value, record):
        if record.match_id and record.match is not None:
            return f"{value}, {_('round')} {record.match.round}"
        return value

    def render_expected(self, value, record):
        return _result(value, record)

    def render_achieved(self, value, record):
        return _result(value, record)

    def render_change(self, value):
        return signed(value)


class HistoryLinesData(TableData):
    """``selectors.HistoryLines`` as django-tables2 reads it: counted and sliced by the
    page, never read whole (``TableListData`` would make a list of every line)."""

    def __len__(self):
        return len(self.data)


def _line_result(value, record) -> str:
    return "–" if value is None else _result(value, record)


class HandicapLineTable(tables.Table):
    """The member's handicap history page (``selectors.history_lines``): one line per
    competition, a team event's matches on one line with the total change and the
    handicap after, each line's change opening to its equations (``views.why``)."""

    caption = _("Handicap history")

    played_on = tables.DateColumn(verbose_name=_("Date"), format="Y-m-d")
    tournament = tables.Column(verbose_name=_("Tournament"), accessor="tournament__name")
    place = tables.Column(verbose_name=_("Place"), default="–")
    old = HandicapColumn(verbose_name=_("Old hcp"), attrs={"td": {"class": "num"}})
    partner = HandicapColumn(
        verbose_name=_("Partner hcp"), attrs={"td": {"class": "num"}}, empty_values=()
    )
    owner = HandicapColumn(
        verbose_name=_("Pair hcp"), attrs={"td": {"class": "num"}}, empty_values=()
    )
    field = HandicapColumn(
        verbose_name=_("Field hcp"), attrs={"td": {"class": "num"}}, empty_values=()
    )
    expected = tables.Column(
        verbose_name=_("Expected"), attrs={"td": {"class": "num"}}, empty_values=()
    )
    achieved = tables.Column(
        verbose_name=_("Achieved"), attrs={"td": {"class": "num"}}, empty_values=()
    )
    change = tables.Column(verbose_name=_("Change"), attrs={"td": {"class": "num"}})
    new = HandicapColumn(verbose_name=_("New hcp"), attrs={"td": {"class": "num"}})

    class Meta:
        orderable = False
        attrs = {"class": "table table-sm", "id": "handicap-history-all"}
        empty_text = _("No competitions have changed this handicap yet.")

    def __init__(self, lines, *, member, **kwargs):
        self.member = member
        super().__init__(HistoryLinesData(lines), **kwargs)

    def render_tournament(self, value, record):
        return render_to_string("handicap/includes/_line_tournament.html", {"line": record})

    def render_expected(self, value, record):
        return _line_result(value, record)

    def render_achieved(self, value, record):
        return _line_result(value, record)

    def render_change(self, value, record):
        # The number a member wonders about opens its equations. No hidden words in
        # the link: positioned out of sight, they would widen a phone's page past the
        # table's own scroll box.
        return format_html(
            '<a href="{}" class="why-link">{}</a>',
            reverse("handicap:why", args=[self.member.mid, record.tournament_id]),
            signed(value),
        )


class CountedData(TableQuerysetData):
    """A handicap list whose length the page has counted already (``selectors.by_activity``
    counts the members shown and those left out in one query): the pages ask no more."""

    def __init__(self, data, length: int):
        super().__init__(data)
        self._length = length


class NationalHandicapTable(tables.Table):
    """Every member with a handicap, best first (the order is the selector's)."""

    caption = _("Handicaps")

    name = tables.Column(
        accessor="member__last_name",
        order_by=("member__last_name", "member__first_name"),
        verbose_name=_("Name"),
        linkify=lambda record: record.member.get_absolute_url(),
    )
    mid = tables.Column(accessor="member__mid", verbose_name=_("MID"))
    club_name = tables.Column(verbose_name=_("Club"), default="–", orderable=False)
    handicap = tables.Column(verbose_name=_("Handicap"), attrs={"td": {"class": "num"}})
    updated_on = tables.DateColumn(
        verbose_name=_("Last changed"), format="Y-m-d", empty_values=(), default="–"
    )

    class Meta:
        model = MemberHandicap
        fields = ("name", "mid", "club_name", "handicap", "updated_on")
        attrs = {"class": "table table-sm", "id": "national-handicaps"}
        empty_text = _("No member has a handicap here.")

    def render_name(self, record):
        return record.member.full_name

    def render_handicap(self, value):
        return for_display(float(value))


class StartEstimateTable(tables.Table):
    """The office's estimated starts for players from abroad (002 5.2, lines 441-443),
    newest first (the order is ``estimates.estimates``'s)."""

    caption = _("Estimated starts")

    mid = tables.Column(
        accessor="member__mid",
        verbose_name=_("MID"),
        linkify=lambda record: reverse("handicap:member_history", args=[record.member.mid]),
    )
    name = tables.Column(accessor="member__last_name", verbose_name=_("Name"))
    club_name = tables.Column(verbose_name=_("Club"), default="–")
    estimate = tables.Column(accessor="pk", verbose_name=_("Estimate"))
    start = tables.Column(
        accessor="pk", verbose_name=_("Start handicap"), attrs={"td": {"class": "num"}}
    )
    reason = tables.Column(verbose_name=_("Reason"))
    decided_on = tables.DateColumn(verbose_name=_("Decided"), format="Y-m-d")
    decided_by = tables.Column(verbose_name=_("By"), default="–")
    change = tables.Column(accessor="pk", verbose_name="", empty_values=())

    class Meta:
        orderable = False
        attrs = {"class": "table table-sm", "id": "start-estimates"}
        empty_text = _("The office has estimated no starts.")

    def __init__(self, data, *, policy, **kwargs):
        self.policy = policy
        super().__init__(data, **kwargs)

    def render_name(self, record):
        return record.member.full_name

    def render_estimate(self, record):
        if record.master_points is not None:
            return _("%(points)s master points") % {"points": floatformat(record.master_points, -2)}
        return _("handicap %(handicap)s") % {"handicap": floatformat(record.handicap, -2)}

    def render_start(self, record):
        return for_display(float(start_of_estimate(record, self.policy)))

    def render_decided_by(self, value):
        return value.get_full_name() or value.get_username()

    def render_change(self, record):
        return format_html('<a href="?mid={}#estimate-form">{}</a>', record.member.mid, _("Change"))
