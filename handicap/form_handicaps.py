"""Separate handicaps by scoring: 002 7.1 (lines 516-520), "The system can easily
calculate separate handicap for different competitions (for example top-score and
IMP:s) instead of the general handicap".

For each scoring of 3.2 (lines 161-169: topscore and IMP) the whole history is walked
again with only that scoring's competitions, everybody starting from the start
handicap the general walk gives them, and each member's handicap at the end is one
``FormHandicap`` row. The federation keeps the general handicap official: these are
informative, shown beside it, recomputed nightly (``handicap.tasks``) and after the
full recompute; handicap events and lists read ``MemberHandicap`` only
(docs/handicap.md, "Handicaps by scoring").
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from django.db import transaction
from django.db.models import Max, Min

from members.common.bulk import replace_rows
from members.common.locks import lock_handicaps
from tournaments.models import Tournament

from . import services
from .domain import HandicapPolicy
from .domain.competition import Competition
from .domain.errors import HandicapInputError
from .domain.formula import start_handicap
from .domain.policy import SCORINGS
from .domain.walk import walk
from .history import column_text, competition_key, master_points_before
from .models import FormHandicap
from .policies import current_policy
from .starts import held_starts
from .teams import team_competitions

log = logging.getLogger(__name__)

FIELDS = (
    "member_id", "scoring", "handicap", "competitions", "boards", "updated_on",
    "policy_version",
)  # fmt: skip


@dataclass
class _Tally:
    """One member's walk of one scoring: where it ended and what moved it."""

    handicap: float = 0.0
    competitions: int = 0
    boards: int = 0
    last_day: date | None = None
    last_tournament: int | None = None


@dataclass(frozen=True)
class Outcome:
    """What a recompute found and wrote: rows held by scoring, rows written anew and
    removed (only rows that differ are written)."""

    held: dict[str, int] = field(default_factory=dict)
    written: int = 0
    removed: int = 0


def recompute_form_handicaps(*, policy: HandicapPolicy | None = None) -> Outcome:
    """Walk the history once per scoring and make ``FormHandicap`` hold exactly the
    result: a row per member and scoring they played a counted competition of."""
    policy = policy or current_policy()
    tallies = _walk_by_scoring(policy)
    rows = [
        (member, scoring, Decimal(column_text(t.handicap, 2)), t.competitions, t.boards,
         t.last_day, policy.version)
        for scoring, of_scoring in tallies.items()
        for member, t in sorted(of_scoring.items())
    ]  # fmt: skip
    with transaction.atomic():
        # Taken only for the write: the walk reads results, not the history, and a
        # report's handicap step need not wait for it. Two runs write one after the
        # other, the second comparing with the first's rows.
        lock_handicaps()
        replaced = replace_rows(
            FormHandicap.objects.all(), FormHandicap, FIELDS, ("member_id", "scoring"), rows
        )
    return Outcome(
        held={scoring: len(of_scoring) for scoring, of_scoring in tallies.items()},
        written=replaced.written,
        removed=replaced.deleted,
    )


def _walk_by_scoring(policy: HandicapPolicy) -> dict[str, dict[int, _Tally]]:
    """Every competition read as the full recompute reads it, a month at a time, each
    scoring walked on its own handicaps (a field's handicaps are its players' handicaps
    of that scoring)."""
    tallies: dict[str, dict[int, _Tally]] = {scoring: {} for scoring in SCORINGS}
    carried: dict[str, dict[str, float]] = {scoring: {} for scoring in SCORINGS}
    first = _StartHandicaps(policy)
    bounds = Tournament.objects.aggregate(first=Min("start_date"), last=Max("start_date"))
    if bounds["first"] is None:
        return tallies
    for month, after in _months(bounds["first"], bounds["last"]):
        fields = _competitions_between(month, after)
        first.meet(fields)
        for scoring in SCORINGS:
            of_scoring = [c for c in fields if c.scoring == scoring]
            if of_scoring:
                _walk(of_scoring, carried[scoring], tallies[scoring], policy, first)
    return tallies


def _walk(
    fields: list[Competition],
    handicaps: dict[str, float],
    tallies: dict[int, _Tally],
    policy: HandicapPolicy,
    first: _StartHandicaps,
) -> None:
    monthly = policy.monthly_batch
    for competition, changes in walk(
        fields, handicaps, policy, first_handicap=first, on_refused=_left_out
    ):
        tournament = competition_key(competition)[0]
        for row in changes:
            if not row.counted:
                continue
            if not monthly:
                # Carried at two decimals, as the general walk carries it (the history
                # shows it so): a member with one scoring only gets the general figure.
                handicaps[row.player] = round(row.new_handicap, 2) + 0.0
            tally = tallies.get(int(row.player))
            if tally is None:
                tally = tallies[int(row.player)] = _Tally()
            # In a monthly batch the row's new handicap is the month's running one, so
            # the last row is where the month's close leaves the member.
            tally.handicap = row.new_handicap
            tally.boards += row.boards_played
            tally.last_day = competition.date
            # A team event's matches are competitions of their own (3.3.3.1) but one
            # line of the member's history: counted once, as the member reads it.
            # Its matches come one after the other (ids sort by tournament first).
            if tally.last_tournament != tournament:
                tally.competitions += 1
                tally.last_tournament = tournament


class _StartHandicaps:
    """The start handicap of a member first met, as the general walk gives it
    (``services._recompute_from``): the office's estimate or the start the member holds
    (``starts.held_starts``), else the start from the master points credited before the day they are first met in
    any competition, so that both scorings start a member alike."""

    def __init__(self, policy: HandicapPolicy) -> None:
        self.policy = policy
        self.starts = {m: float(s) for m, s in held_starts(None, policy).items()}
        self.met: dict[str, date] = {}

    def meet(self, fields: list[Competition]) -> None:
        """The day each member of these competitions (in date order) is first met."""
        for competition in sorted(fields, key=lambda c: (c.date, c.id)):
            outsiders = competition.guests | competition.non_members
            for entry in competition.entries:
                for player in entry.players:
                    if player not in outsiders:
                        self.met.setdefault(player, competition.date)

    def __call__(self, player: str, day: date) -> float:
        member = int(player)
        start = self.starts.get(member)
        if start is None:
            points = master_points_before(member, self.met.get(player, day))
            start = self.starts[member] = float(column_text(start_handicap(points, self.policy), 2))
        return start


def _competitions_between(start: date, end: date) -> list[Competition]:
    """The formula's competitions of tournaments played from ``start`` up to ``end``:
    pairs and individual events (``services.competitions``) and team matches
    (``teams.team_competitions``), the readings the full recompute uses."""
    kinds = dict(
        Tournament.objects.filter(start_date__gte=start, start_date__lt=end).values_list(
            "pk", "kind"
        )
    )
    if not kinds:
        return []
    found = list(services.competitions(list(kinds)).values())
    teams = [pk for pk, kind in kinds.items() if kind == Tournament.Kind.TEAMS]
    for matches in team_competitions(teams).values():
        found.extend(matches)
    return found


def _months(first: date, last: date) -> Iterator[tuple[date, date]]:
    """(first day, first day of the next month) for each month from ``first`` to ``last``."""
    year, month = first.year, first.month
    while (year, month) <= (last.year, last.month):
        after = date(year + month // 12, month % 12 + 1, 1)
        yield date(year, month, 1), after
        year, month = after.year, after.month


def _left_out(competition: Competition, refusal: HandicapInputError) -> None:
    # The report's own step failed with this reason; the general walk leaves it out too.
    log.warning("handicaps by scoring: competition %s left out: %s", competition.id, refusal)
