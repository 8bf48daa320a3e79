"""Read-side queries for the pages: a member's handicap, history and chart; a club's list."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db.models import Avg, Count, FilteredRelation, Max, Q, QuerySet
from django.db.models.functions import TruncMonth
from django.utils import timezone

from members.models import Club, Member
from members.services import current_season
from tournaments.models import Standing, Tournament

from .domain import TEAM_MATCH, for_display
from .domain.activity import active_since, inactive_from, is_inactive
from .domain.corrections import StartingCorrection, starting_corrections
from .domain.errors import HandicapInputError
from .domain.event import HandicapPlacing
from .domain.explain import Explanation, Row, datum_adjust, explain
from .domain.policy import DUPLICATE_TEAMS_IAF, TEAM_MATCH_IAF
from .history import FORM
from .models import HandicapChange, MemberHandicap, PolicyAdjustment, StartEstimate
from .policies import current_policy, policy_named
from .services import handicap_placings
from .starts import start_of_estimate, starts_for
from .teams import team_competitions

DATUM_FORMS = frozenset({TEAM_MATCH_IAF, DUPLICATE_TEAMS_IAF})

# The member page shows the latest changes; all of them are a page of their own.
HISTORY_SHOWN = 10


def current_handicap(member: Member | None) -> MemberHandicap | None:
    if member is None:
        return None
    return MemberHandicap.objects.filter(member=member).first()


def start_part(viewer, user=None) -> dict | None:
    """The start page's handicap card: the member page's section, shown short."""
    return None if viewer.member is None else member_handicap(viewer.member)


def office_part(viewer, user=None) -> dict | None:
    """The office's handicap card: the estimated starts (5.2) and the check-up (6.1)."""
    if not viewer.roles.office:
        return None
    return {
        "estimates": StartEstimate.objects.count(),
        "adjusted": PolicyAdjustment.objects.exists(),
    }


def member_part(member: Member, viewer=None) -> dict:
    """The member page's part (``members.common.pages``)."""
    return member_handicap(member)


def member_handicap(member: Member) -> dict:
    """The member page's handicap section: the current value, the latest lines (a
    competition, or a team event's matches together), and a chart of the month's
    average, whatever the length of the history."""
    current = current_handicap(member)
    if current is None:
        return {"member": member, "current": None}
    history = HandicapChange.objects.filter(member=member)
    # A line a competition, a team event's matches on one (``history_lines``).
    lines = history_lines(member)
    rows = lines[0:HISTORY_SHOWN]
    months = list(
        history.annotate(month=TruncMonth("played_on"))
        .values("month")
        .annotate(value=Avg("new"))
        .order_by("month")
        .values_list("month", "value")
    )
    count = len(lines) if len(rows) == HISTORY_SHOWN else len(rows)
    return {
        "member": member,
        "current": current,
        "display": for_display(float(current.handicap)),
        "rows": rows,
        "count": count,
        "limited": count > len(rows),
        "chart": handicap_chart([(_day(m), v) for m, v in months]) if months else None,
    }


@dataclass(frozen=True)
class StartStory:
    """How a member's handicap started, and whether it is on the lists today."""

    start: Decimal
    estimate: StartEstimate | None  # the office's, for a player from abroad (5.2)
    last_competition: date | None
    inactive_from: date | None  # the day they left the lists, while inactive


def start_story(member: Member, today: date) -> StartStory | None:
    """The history page's start and activity (``includes/_start.html``). The member comes
    with ``current_handicap`` and ``handicap_estimate`` selected: no query here."""
    held = getattr(member, "current_handicap", None)
    estimate = getattr(member, "handicap_estimate", None)
    if held is None and estimate is None:
        return None
    start = start_of_estimate(estimate, current_policy()) if estimate is not None else held.start
    last = held.updated_on if held is not None else None
    return StartStory(
        start=start,
        estimate=estimate,
        last_competition=last,
        inactive_from=inactive_from(last) if last and is_inactive(last, today) else None,
    )


def member_history(member: Member) -> QuerySet[HandicapChange]:
    """The member's handicap history, newest first."""
    return (
        HandicapChange.objects.filter(member=member)
        .select_related("tournament", "match")
        .order_by("-played_on", "-tournament_id", "-match__round", "-match_id")
    )


class HistoryLine:
    """One line of a member's history: a competition, or a team event's matches
    together (each match is a competition of its own, 3.3.3.1, but a member reads the
    event as one evening). ``rows`` in the order played."""

    def __init__(self, rows: Sequence[HandicapChange]):
        self.rows = list(rows)
        first = self.rows[0]
        self.tournament = first.tournament
        self.tournament_id = first.tournament_id
        self.played_on = first.played_on
        self.place = first.place
        self.scoring = first.scoring
        self.is_team = first.match_id is not None
        self.old = first.old
        self.change = sum((row.change for row in self.rows), Decimal(0))
        self.new = self.rows[-1].new
        # A team event's line has no single partner, team, field or result.
        single = not self.is_team
        self.partner = first.partner if single else None
        self.owner = first.owner if single else None
        self.field = first.field if single else None
        self.expected = first.expected if single else None
        self.achieved = first.achieved if single else None


def _play_order(row: HandicapChange) -> tuple:
    # A match reported again leaves rows naming a match no longer there until the
    # tournament's handicap step: they go last.
    match = row.match
    return (match is None, match.round if match else 0, row.match_id or 0)


def _lines_of(rows: Sequence[HandicapChange]) -> list[HistoryLine]:
    """Rows grouped by tournament, newest first, each group in the order played."""
    groups: dict[int, list[HandicapChange]] = {}
    for row in rows:
        groups.setdefault(row.tournament_id, []).append(row)
    lines = [HistoryLine(sorted(group, key=_play_order)) for group in groups.values()]
    lines.sort(key=lambda line: (line.played_on, line.tournament_id), reverse=True)
    return lines


class HistoryLines:
    """A member's history as lines (``HistoryLine``), newest first, for a paged table:
    the count is one query, a page of lines one more (the page's tournaments by a
    subquery), however many matches a team event had."""

    def __init__(self, member: Member):
        self.member = member
        self._count: int | None = None

    def _tournaments(self) -> QuerySet:
        return (
            HandicapChange.objects.filter(member=self.member)
            .values("tournament_id")
            .annotate(day=Max("played_on"))
            .order_by("-day", "-tournament_id")
        )

    def __len__(self) -> int:
        if self._count is None:
            self._count = self._tournaments().count()
        return self._count

    def __getitem__(self, key):
        if not isinstance(key, slice):
            return self[key : key + 1][0]
        page = self._tournaments().values("tournament_id")[key]
        rows = HandicapChange.objects.filter(
            member=self.member, tournament_id__in=page
        ).select_related("tournament", "match")
        return _lines_of(list(rows))

    def __iter__(self):
        return iter(self[0 : len(self)])


def history_lines(member: Member) -> HistoryLines:
    """The member's handicap history page: one line per competition, a team event's
    matches on one line."""
    return HistoryLines(member)


@dataclass(frozen=True)
class Why:
    """One history row with its equations filled in (``explanation``), or None and
    ``problem`` saying why not; ``boards`` is the competition's B_N."""

    row: HandicapChange
    boards: int | None
    explanation: Explanation | None
    problem: str = ""
    constants: dict | None = None
    # The change filled in, shown at three decimals, is not the stored one: the
    # stored inputs are rounded (the page says so).
    rounded: bool = False


# Why a row cannot be explained; the template says it in the reader's language.
MATCH_GONE = "match_gone"
UNKNOWN_RULES = "unknown_rules"
NOT_COMPUTABLE = "not_computable"


def _printed(value: float, places: int) -> Decimal:
    """A constant as the equation prints it: rounded, without trailing zeros (0.5, 480)."""
    shown = for_display(value, places)
    return shown.quantize(Decimal(1)) if shown == shown.to_integral() else shown.normalize()


def why_row(row: HandicapChange, fields: dict[int, tuple[str, int]] | None = None) -> Why:
    """``row`` put back into the equations (``domain.explain``). B_N is not in the
    row: it is the tournament's boards, a team match's own boards, or for a field of
    pairs across a team event (IAF/TAF, 3.3.3.2-3) the field's, from ``fields`` (form
    and boards by the match that names the field)."""
    if row.match_id is not None:
        if row.match is None:
            return Why(row, None, None, MATCH_GONE)
        form, boards = (fields or {}).get(row.match_id, (TEAM_MATCH, row.match.boards))
    else:
        form, boards = FORM.get(row.tournament.kind, ""), row.tournament.boards
    policy = policy_named(row.policy_version)
    if policy is None:
        return Why(row, boards, None, UNKNOWN_RULES)
    adjust = 0.0
    if form in DATUM_FORMS:
        adjust = datum_adjust(
            form, row.scoring, float(row.owner), float(row.field), float(row.expected), policy
        )
    numbers = Row(
        adjust=adjust,
        form=form,
        scoring=row.scoring,
        boards=boards,
        boards_played=row.boards,
        old=float(row.old),
        partner=None if row.partner is None else float(row.partner),
        owner=float(row.owner),
        field=float(row.field),
        expected=float(row.expected),
        achieved=float(row.achieved),
        change=float(row.change),
        new=float(row.new),
    )
    try:
        explanation = explain(numbers, policy)
    except ValueError:  # the rules' UnknownRule too: a row the rules cannot read back
        return Why(row, boards, None, NOT_COMPUTABLE)
    e = explanation
    constants = {
        "average": _printed(e.average, 2),
        "slope": _printed(e.slope, 4),
        "s": _printed(e.s, 2),
        "c_u": _printed(e.c_u, 2),
        "c_k": _printed(e.c_k, 2),
        "c_b": _printed(e.c_b, 2),
        "impact": _printed(e.impact, 2),
        "max": _printed(e.max_handicap, 2),
    }
    rounded = for_display(e.change, 3) != row.change
    return Why(row, boards, explanation, "", constants, rounded)


def why(member: Member, tournament_pk: int) -> tuple[Tournament, HistoryLine, list[Why]] | None:
    """A line of the member's history explained: the tournament, the line and each of
    its rows (a team event's matches in the order played); None if the member has no
    row in that tournament."""
    rows = list(
        HandicapChange.objects.filter(member=member, tournament_id=tournament_pk).select_related(
            "tournament", "match"
        )
    )
    if not rows:
        return None
    line = _lines_of(rows)[0]
    fields = None
    if line.tournament.team_handicap_form != Tournament.TeamHandicapForm.MATCH:
        fields = _pair_fields(line.tournament.pk)
    return line.tournament, line, [why_row(row, fields) for row in line.rows]


def _pair_fields(tournament: int) -> dict[int, tuple[str, int]]:
    """A team event's competitions as the handicap step read them: by the match that
    names each (the id's last part), its form and boards (3.3.3.1 for a match that fell
    back to team against team)."""
    return {
        int(competition.id.rsplit(".", 1)[1]): (competition.form, competition.boards)
        for competition in team_competitions([tournament]).get(tournament, [])
    }


# The calculator's partner search: enough names to find one by, not a directory.
PARTNERS_SHOWN = 20


@dataclass(frozen=True)
class PartnerChoice:
    mid: int
    name: str
    club: str


def partner_choices(text: str, *, leave_out: Member | None = None) -> tuple[list, bool]:
    """Members matching ``text`` (a MID, or words of the name), as the member search
    finds them, with the club they represent this season; and whether there were more
    than are shown."""
    text = text.strip()
    members = Member.objects.all()
    members = members.filter(mid=int(text)) if text.isdigit() else members.search(text)
    if leave_out is not None:
        members = members.exclude(pk=leave_out.pk)
    represented = FilteredRelation(
        "memberships",
        condition=Q(memberships__season=current_season(), memberships__represents=True),
    )
    found = list(
        members.annotate(represented=represented)
        .order_by("last_name", "first_name", "mid")
        .values_list("mid", "first_name", "last_name", "represented__club__name")[
            : PARTNERS_SHOWN + 1
        ]
    )
    return (
        [PartnerChoice(mid, f"{first} {last}", club or "–") for mid, first, last, club in found][
            :PARTNERS_SHOWN
        ],
        len(found) > PARTNERS_SHOWN,
    )


def partner_with_handicap(mid: int) -> tuple[Member, MemberHandicap | None] | None:
    """The chosen partner and their current handicap (None: no handicap yet)."""
    member = Member.objects.filter(mid=mid).select_related("current_handicap").first()
    if member is None:
        return None
    try:
        return member, member.current_handicap
    except MemberHandicap.DoesNotExist:
        return member, None


def _day(value) -> date:
    # TruncMonth gives a date on PostgreSQL and SQLite alike for a DateField.
    return value if isinstance(value, date) else date.fromisoformat(str(value)[:10])


def club_handicaps(club: Club) -> QuerySet[MemberHandicap]:
    """The club's members this season that have a handicap, best (lowest) first."""
    return (
        MemberHandicap.objects.filter(
            member__memberships__club=club, member__memberships__season=current_season()
        )
        .select_related("member")
        .order_by("handicap", "member__last_name", "member__first_name", "member__mid")
    )


@dataclass(frozen=True)
class Tick:
    at: str  # the coordinate, formatted for SVG (never localised)
    label: Decimal | date


@dataclass(frozen=True)
class Chart:
    """An SVG line chart of a handicap over time, laid out here so the template only prints.

    Lower handicaps are better, so the y axis runs from the lowest value at the top to
    the highest at the bottom: the line rises as the player improves.
    """

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    points: str
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]
    first_day: date
    first: Decimal
    last_day: date
    last: Decimal
    low: Decimal
    high: Decimal


WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 56, 628, 12, 190  # the plot area inside the SVG
NICE_STEPS = (0.5, 1, 2, 5, 10, 20)


def _coordinate(value: float) -> str:
    return f"{value:.1f}"


def handicap_chart(points: Sequence[tuple[date, Decimal | float]]) -> Chart:
    """Lay out ``(day, handicap)`` points in date order: x by date, y by handicap."""
    values = [float(v) for _day, v in points]
    days = [day for day, _v in points]
    low, high = math.floor(min(values)), math.ceil(max(values))
    if high - low < 2:
        low, high = low - 1, high + 1
    step = next((s for s in NICE_STEPS if (high - low) / s <= 5), NICE_STEPS[-1])
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step

    def y(value: float) -> float:
        return TOP + (value - low) / (high - low) * (BOTTOM - TOP)

    span = (days[-1] - days[0]).days
    if span > 0:
        xs = [LEFT + (day - days[0]).days / span * (RIGHT - LEFT) for day in days]
    elif len(days) > 1:  # all on one day: spread the points out evenly
        xs = [LEFT + n / (len(days) - 1) * (RIGHT - LEFT) for n in range(len(days))]
    else:
        xs = [(LEFT + RIGHT) / 2]

    y_ticks = []
    tick = low
    while tick <= high + 1e-9:
        y_ticks.append(Tick(_coordinate(y(tick)), for_display(float(tick))))
        tick += step
    x_ticks = [Tick(_coordinate(xs[0]), days[0])]
    if days[-1] != days[0]:
        x_ticks.append(Tick(_coordinate(xs[-1]), days[-1]))
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        left=LEFT,
        right=RIGHT,
        top=TOP,
        bottom=BOTTOM,
        points=" ".join(
            f"{_coordinate(x)},{_coordinate(y(v))}" for x, v in zip(xs, values, strict=True)
        ),
        y_ticks=tuple(y_ticks),
        x_ticks=tuple(x_ticks),
        first_day=days[0],
        first=for_display(values[0]),
        last_day=days[-1],
        last=for_display(values[-1]),
        low=for_display(float(low)),
        high=for_display(float(high)),
    )


@dataclass(frozen=True)
class SheetPlayer:
    member: Member
    handicap: float
    estimated: bool  # no handicap yet: their start (the office's estimate or (10), 5.1-5.2)


@dataclass(frozen=True)
class SheetLine:
    line: int
    players: tuple[SheetPlayer, ...]
    correction: StartingCorrection
    favourite: bool


def starting_sheet(entries: Sequence[Sequence[int]], lines: Sequence[int]):
    """The organiser's sheet of starting corrections (``domain.corrections``) from the
    players' handicaps today; a member without one at their start (``starts_for``: the
    office's estimate for a player from abroad, else from their master points)."""
    mids = [mid for entry in entries for mid in entry]
    members = {m.mid: m for m in Member.objects.filter(mid__in=mids)}
    current = dict(
        MemberHandicap.objects.filter(member__mid__in=mids).values_list("member__mid", "handicap")
    )
    policy = current_policy()
    new = [member.pk for mid, member in members.items() if mid not in current]
    starts = starts_for(new, timezone.localdate(), policy)

    def player(mid: int) -> SheetPlayer:
        if mid in current:
            return SheetPlayer(members[mid], float(current[mid]), False)
        return SheetPlayer(members[mid], float(starts[members[mid].pk]), True)

    players = [tuple(player(mid) for mid in entry) for entry in entries]
    sheet = starting_corrections([[p.handicap for p in entry] for entry in players], policy)
    favourites = set(sheet.favourites)
    rows = [
        SheetLine(line, entry, correction, i in favourites)
        for i, (line, entry, correction) in enumerate(
            zip(lines, players, sheet.entries, strict=True)
        )
    ]
    return {
        "rows": rows,
        "average": sheet.average,
        "favourites": [rows[i] for i in sheet.favourites],
        "team": len(entries[0]) == 4,
    }


@dataclass(frozen=True)
class ListActivity:
    """How many members a handicap list shows, and how many it leaves out as inactive."""

    shown: int
    left_out: int


def by_activity(
    handicaps: QuerySet[MemberHandicap], *, show_inactive: bool, today: date
) -> tuple[QuerySet[MemberHandicap], ListActivity]:
    """A handicap list without its inactive members (``domain.activity``: no competition
    for over a year), unless asked for them, and the counts of both: one query, which
    also serves as the list's count for its pages."""
    active = Q(updated_on__isnull=True) | Q(updated_on__gte=active_since(today))
    counts = handicaps.aggregate(everyone=Count("pk"), active=Count("pk", filter=active))
    if show_inactive:
        return handicaps, ListActivity(shown=counts["everyone"], left_out=0)
    left_out = counts["everyone"] - counts["active"]
    return handicaps.filter(active), ListActivity(shown=counts["active"], left_out=left_out)


def national_handicaps() -> QuerySet[MemberHandicap]:
    """Every member with a handicap, best (lowest) first, with this season's club."""
    season = current_season()
    return (
        MemberHandicap.objects.select_related("member")
        .annotate(
            club_name=Max(
                "member__memberships__club__name",
                filter=Q(member__memberships__season=season),
            )
        )
        .order_by("handicap", "member__last_name", "member__first_name", "member__mid")
    )


@dataclass(frozen=True)
class HandicapListRow:
    standing: Standing
    placing: HandicapPlacing | None

    @property
    def correction(self) -> Decimal | None:
        """What the result gets: the charge with its sign turned (-2.00 for a pair
        expected at 52 %, 002 line 606)."""
        return None if self.placing is None else -self.placing.charge


def tournament_part(tournament: Tournament, viewer=None) -> dict | None:
    """The tournament page's part of a handicap event: the list without and with
    handicap, side by side (002 lines 547-550, 604-606)."""
    if not tournament.handicap_event:
        return None
    standings = list(
        Standing.objects.filter(entry__section__tournament=tournament)
        .select_related("entry")
        .order_by("place", "entry__number")
    )
    if not any(s.handicap_place is not None for s in standings):
        return {"tournament": tournament, "scratch": [], "corrected": [], "average": None}
    placings = {int(p.entry): p for p in _handicap_placings(tournament)}
    rows = [HandicapListRow(s, placings.get(s.entry_id)) for s in standings]
    corrected = sorted(
        (row for row in rows if row.standing.handicap_place is not None),
        key=lambda row: (row.standing.handicap_place, row.standing.place),
    )
    owners = [row.placing.owner_handicap for row in rows if row.placing is not None]
    return {
        "tournament": tournament,
        "scratch": rows,
        "corrected": corrected,
        "average": sum(owners) / len(owners) if owners else None,
    }


def _handicap_placings(tournament: Tournament) -> tuple[HandicapPlacing, ...]:
    """The corrections of the stored list, worked out again as the pipeline's step
    works them out (:func:`services.handicap_placings`)."""
    try:
        return handicap_placings(tournament)
    except HandicapInputError:
        return ()
