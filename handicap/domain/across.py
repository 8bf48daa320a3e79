"""A team event's pairs scored across the field (IAF/TAF), board by board.

Seed ``002_4426357e9a32e88f.txt`` section 2 (lines 41-53) and 3.3.3.2-3 (lines
252-303): with IAF/TAF a team event's result owner is the pair, its result its score
against every other pair of its direction. Footnote 1 (line 50): TAF, "Topscore Across
the Field", is IAF in a board-a-match event, "the topscore calculation in a pairs
tournament". Seed ``004_058b41174697c9d9.txt`` lines 189-202: cross-IMPs, "every score
on board is compared against every other score ... and IMPs summed up (and possibly
averaged, to reduce inflation)". We average them (the seed's 9.25 example); a butler
datum would drop a top and a bottom of the few scores a round of a team event has (two
per match). Decisions: docs/handicap.md, "Team events".
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import TypeVar

from tournaments.domain.datum import cross_imps
from tournaments.domain.matchpoints import matchpoints, top

HOME = "home"
AWAY = "away"
OPEN = 1  # LineupSlot.room: the open room, where the home team sits N-S
CLOSED = 2
NS = "NS"
EW = "EW"
ROOMS = (OPEN, CLOSED)
SIDES = (HOME, AWAY)

# 002 3.3.3.3 names the rooms; the domain's ``Entry.line`` for duplicate teams.
ROOM_LINE = {OPEN: "open", CLOSED: "closed"}

K = TypeVar("K", bound=Hashable)


def direction(side: str, room: int) -> str:
    """Where a team's pair sat: MatchBoard keeps N-S's score in each room, the home
    team N-S in the open room, so the away team is N-S in the closed room."""
    if side not in SIDES or room not in ROOMS:
        raise ValueError(f"a seat is a side {SIDES} in a room {ROOMS}, got {side!r}, {room!r}")
    return NS if (side == HOME) == (room == OPEN) else EW


def opponents(side: str) -> str:
    """The side at the same table: both rooms seat one pair of each team."""
    return AWAY if side == HOME else HOME


def across(ns_scores: Sequence[int], *, topscore: bool) -> list[Fraction]:
    """Each N-S score of one board against all the others: averaged cross-IMPs, or
    (TAF) topscore matchpoints as a percentage of the top. E-W's is the negative
    (IMPs) or 100 less (percent)."""
    if len(ns_scores) < 2:
        raise ValueError(f"a board across the field needs two scores, got {len(ns_scores)}")
    if not topscore:
        return cross_imps(ns_scores)
    best = top(len(ns_scores))
    return [Fraction(100) * points / best for points in matchpoints(ns_scores)]


def field_results(
    tables: Mapping[K, Mapping[int, tuple[int, int]]], *, topscore: bool
) -> dict[tuple[K, str, int], Fraction]:
    """The result per board of every pair of a field of matches that played the same
    boards, keyed (match, side, room). ``tables`` gives each match's boards as
    (open room N-S score, closed room N-S score)."""
    keys = list(tables)
    boards = sorted(tables[keys[0]]) if keys else []
    if not boards or any(sorted(tables[key]) != boards for key in keys):
        raise ValueError("the matches of a field must have played the same boards")
    totals: dict[tuple[K, str, int], Fraction] = {
        (key, side, room): Fraction(0) for key in keys for side in SIDES for room in ROOMS
    }
    for board in boards:
        scores = [score for key in keys for score in tables[key][board]]
        found = across(scores, topscore=topscore)
        for n, key in enumerate(keys):
            for room in ROOMS:
                ns_result = found[2 * n + room - 1]
                ew_result = 100 - ns_result if topscore else -ns_result
                for side in SIDES:
                    own = ns_result if direction(side, room) == NS else ew_result
                    totals[(key, side, room)] += own
    return {seat: total / len(boards) for seat, total in totals.items()}
