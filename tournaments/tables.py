from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

import django_tables2 as tables
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from .models import Tournament
from .progress import step_label

Scoring = Tournament.Scoring


@dataclass(frozen=True)
class ResultColumn:
    """One figure of the results table: which value of a row, under which heading;
    a short heading as a scorer prints it ("%") has its full name as ``title``."""

    key: str  # "score", "percentage" or "imps"
    label: str
    title: str = ""


def result_columns(tournament: Tournament, rows: list[dict]) -> list[ResultColumn]:
    """The figures a scorer prints for the tournament's scoring form, from the rows that
    ``views._standings_fields`` makes (``score``, ``percentage``, ``imps``).

    IMP pairs (Butler, cross-IMPs) print IMPs and no percentage; a team round robin its
    VP and the IMPs won less lost; matchpoints the points and the percentage, the points
    left out where they only repeat the percentage (as some ranking lists print them).
    A column nobody has a figure in is left out rather than shown as a row of dashes.
    """
    if tournament.scoring == Scoring.TEAM_VP:
        columns = [
            ResultColumn("score", _("VP")),
            ResultColumn("imps", "+/−", _("IMPs won less lost")),
        ]
    elif tournament.scoring in (Scoring.BUTLER, Scoring.CROSS_IMPS):
        columns = [ResultColumn("score", _("IMP"))]
    else:
        # Short headings, as scorers print them, so that five columns fit a phone; the
        # full name goes with each (not "MP": in Swedish that is a master point too).
        title = {
            Scoring.MATCHPOINTS: _("Matchpoints"),
            Scoring.BOARD_A_MATCH: _("Board points"),
        }.get(tournament.scoring, "")
        columns = [ResultColumn("percentage", "%", _("Percentage"))]
        # A ranking list without points stores 0 for them: nothing to print either.
        if any(row["score"] not in (row["percentage"], None, 0) for row in rows):
            columns.insert(0, ResultColumn("score", _("Points") if title else _("Score"), title))
    return [c for c in columns if any(row[c.key] is not None for row in rows)]


def team_imps(matches: Iterable[tuple[int, int, Decimal, Decimal]]) -> dict[int, Decimal]:
    """Each team's IMPs won less lost over (home, away, imps_home, imps_away) matches."""
    net: dict[int, Decimal] = defaultdict(Decimal)
    for home, away, imps_home, imps_away in matches:
        net[home] += imps_home - imps_away
        net[away] += imps_away - imps_home
    return dict(net)


def figure(key: str, value: Decimal | None) -> object:
    """A figure as printed: "–" for none, IMPs won less lost with their sign (whole IMPs
    without decimals, in the reader's number format; a true minus, as in the column's
    "+/−"); the template localises the rest."""
    if value is None:
        return "–"
    if key == "imps":
        whole = value == value.to_integral_value()
        sign = "+" if value > 0 else "\u2212" if value < 0 else ""
        return sign + number_format(abs(value), decimal_pos=0 if whole else 2)
    return value


class TournamentColumn(tables.Column):
    """A row's tournament by name, linked to its page (the row has ``tournament``)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("verbose_name", _("Tournament"))
        kwargs.setdefault("accessor", "tournament__name")
        kwargs.setdefault("linkify", lambda record: record.tournament.get_absolute_url())
        super().__init__(**kwargs)


class ProcessingTable(tables.Table):
    """The office's failed and stuck reports (``services.failed_or_stuck``): where each
    stopped, why in the reader's language, the exception, and a button to run it again."""

    caption = _("Failed and stuck reports")

    since = tables.DateTimeColumn(
        verbose_name=_("Since"), accessor="pipeline_updated", format="Y-m-d H:i", default="–"
    )
    name = tables.Column(verbose_name=_("Tournament"), linkify=True)
    organiser = tables.Column(
        verbose_name=_("Organiser"),
        accessor="organiser",
        default="–",
        order_by=("organiser_club__name", "organiser_district__name"),
    )
    report_version = tables.Column(verbose_name=_("Version"), attrs={"td": {"class": "num"}})
    pipeline_status = tables.Column(verbose_name=_("Processing"))
    pipeline_step = tables.Column(verbose_name=_("Step"), default="–")
    reason = tables.Column(
        verbose_name=_("Why"), accessor="pk", attrs={"td": {"class": "reason"}}, orderable=False
    )
    pipeline_error = tables.TemplateColumn(
        verbose_name=_("Error"),
        template_name="tournaments/includes/_pipeline_error.html",
        attrs={"td": {"class": "error"}},
        orderable=False,
    )
    run_again = tables.TemplateColumn(
        verbose_name=_("Run again"),
        accessor="pk",
        template_name="tournaments/includes/_run_again.html",
        orderable=False,
    )

    class Meta:
        model = Tournament
        fields = ()
        sequence = (
            "since",
            "name",
            "organiser",
            "report_version",
            "pipeline_status",
            "pipeline_step",
            "reason",
            "pipeline_error",
            "run_again",
        )
        attrs = {"class": "table table-sm", "id": "processing"}
        empty_text = _("No report has failed or stuck: every report's steps are done or moving.")

    def render_pipeline_status(self, record):
        if record.pipeline_status == Tournament.Pipeline.FAILED:
            return record.get_pipeline_status_display()
        return _("stuck (%(status)s)") % {"status": record.get_pipeline_status_display()}

    def render_pipeline_step(self, record):
        return step_label(record.pipeline_step)

    def render_reason(self, record):
        if record.pipeline_status == Tournament.Pipeline.FAILED:
            return record.pipeline_reason or "–"
        return _("No step has moved since then: the sweep runs it again by itself.")
