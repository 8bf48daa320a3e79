"""One reported competition: its field, its checks, and everybody's change in one pass.

Seed ``002_4426357e9a32e88f.txt``: a competition is one T_n of section 3.1, one form
(3.3) and one calculation (3.2). The result unit and each form's ``field`` and
``adjust``, with their seed lines: docs/handicap.md, "A competition" and
"Expected result".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import NamedTuple

from .errors import BadEntry, BoardsNotPlayed, FieldTooSmall, HandicapInputError, PlayerTwice
from .formula import gain
from .policy import (
    AVERAGE,
    DUPLICATE_TEAMS_IAF,
    FORMS,
    SBF_2007,
    TEAM_MATCH,
    TEAM_MATCH_IAF,
    TOPSCORE,
    HandicapPolicy,
    check_scoring,
    form_of,
)

MEMBER = "member"
GUEST = "guest"  # 5.3: a player from abroad, temporary id and temporary handicap
NON_MEMBER = "non_member"  # 5.4: a player without membership


@dataclass(frozen=True, slots=True)
class Entry:
    """One result owner of a field.

    ``handicaps`` line up with ``players``: the handicap each player had before the
    competition; in a walk the walk supplies the members' and only a guest's
    reported level is read (``None`` when there is none). ``boards_played`` line up
    with ``players`` too (G_N); empty means everybody played all B_N boards.
    Team forms with a datum need ``line`` (3.3.3.2: the direction; 3.3.3.3: the
    room), ``opponent`` (3.3.3.2: the entry met at the table) and ``team``
    (3.3.3.3). In a team match the players are listed table by table, so a
    player's partner is the one beside them (0-1, 2-3).
    """

    id: str
    players: tuple[str, ...]
    result: float
    handicaps: tuple[float | None, ...] = ()
    boards_played: tuple[int, ...] = ()
    line: str = ""
    opponent: str = ""
    team: str = ""


@dataclass(frozen=True, slots=True)
class Competition:
    """One reported competition. ``guests`` and ``non_members`` name the players
    who are not members (everybody else is); ``id`` breaks ties of ``date``."""

    id: str
    date: date
    form: str
    scoring: str
    boards: int
    entries: tuple[Entry, ...]
    guests: frozenset[str] = frozenset()
    non_members: frozenset[str] = frozenset()


class PlayerChange(NamedTuple):
    """One player's row of a competition (the presentation's columns, lines 684-691).

    ``old_handicap`` "Gammalt HCP", ``partner_handicap`` "Partn HCP" (the mean of the
    owner's other players; None for an individual), ``owner_handicap`` "Par HCP",
    ``field_handicap`` "Tävl HCP" (what the owner was compared with), ``expected``
    "Förv %", ``achieved`` "Utfall %", ``change`` "Ändr HCP". ``counted`` is False
    for guests and for every player of an entry whose handicap was temporary (5.3,
    5.4): their ``change`` is 0 and ``new_handicap`` is ``old_handicap``.

    A NamedTuple, not a dataclass: a recompute makes millions of them.
    """

    competition: str
    date: date
    form: str
    scoring: str
    player: str
    entry: str
    status: str
    old_handicap: float
    partner_handicap: float | None
    owner_handicap: float
    field_handicap: float
    field_adjust: float
    expected: float
    achieved: float
    boards_played: int
    boards: int
    change: float
    new_handicap: float
    counted: bool


class Layout(NamedTuple):
    """Who faces whom in a team form with a datum: per entry, its line's label and
    the index of the entry it is compared against (3.3.3.2: the table opponent;
    3.3.3.3: the team-mates)."""

    lines: tuple[str, ...]
    other: tuple[int, ...]


def check(competition: Competition) -> Layout | None:
    """Refuse what the rules cannot compute; return the team layout if the form has one.

    Every check runs before anything is computed, so a refusal changes nothing.
    """
    cid = competition.id
    form = form_of(competition.form)
    check_scoring(competition.scoring)
    boards = competition.boards
    if isinstance(boards, bool) or not isinstance(boards, int) or boards < 1:
        raise BoardsNotPlayed(cid, f"the competition must have at least one board, got {boards!r}")
    entries = competition.entries
    if len(entries) < 2:
        raise FieldTooSmall(
            cid,
            f"a field needs at least two entries to compare with, got {len(entries)}",
        )
    both = competition.guests & competition.non_members
    if both:
        raise BadEntry(cid, "a player is either a guest or a non-member", player=min(both))
    topscore = competition.scoring == TOPSCORE
    if not plainly_valid(entries, form.players, boards, topscore):
        _check_entries(competition, form.name, form.players, boards, topscore)
    if form.name == TEAM_MATCH and len(entries) != 2:
        raise BadEntry(cid, f"a team match or half has two teams, got {len(entries)}")
    if form.name == TEAM_MATCH_IAF:
        return _directions(cid, entries)
    if form.name == DUPLICATE_TEAMS_IAF:
        return _rooms(cid, entries)
    return None


def plainly_valid(entries: Sequence[Entry], size: int, boards: int, topscore: bool) -> bool:
    """The checks of :func:`_check_entries` on a field that passes them, in a few
    operations per entry (a recompute checks every competition again); False sends
    the field to the checks that say what is wrong."""
    players = [player for entry in entries for player in entry.players]
    if len(set(players)) != len(players) or len({entry.id for entry in entries}) != len(entries):
        return False
    for entry in entries:
        result = entry.result
        if len(entry.players) != size or entry.handicaps or type(result) not in (float, int):
            return False
        if not (0 <= result <= 100 if topscore else -math.inf < result < math.inf):
            return False
        played = entry.boards_played
        if played and (
            len(played) != size
            or any(type(count) is not int for count in played)
            or not 0 < min(played) <= max(played) <= boards
        ):
            return False
    return True


def _check_entries(
    competition: Competition, name: str, size: int, boards: int, topscore: bool
) -> None:
    cid = competition.id
    entries = competition.entries
    seen_entries: set[str] = set()
    seat_of: dict[str, str] = {}
    for entry in entries:
        eid = entry.id
        if eid in seen_entries:
            raise BadEntry(cid, "the entry appears twice in the field", entry=eid)
        seen_entries.add(eid)
        players = entry.players
        if len(players) != size:
            raise BadEntry(
                cid,
                f"a {name} entry has {size} player(s), got {len(players)}",
                entry=eid,
            )
        for player in players:
            if player in seat_of:
                raise PlayerTwice(
                    cid,
                    f"the player is in the field twice (also in entry {seat_of[player]!r})",
                    entry=eid,
                    player=player,
                )
            seat_of[player] = eid
        result = entry.result
        if isinstance(result, bool) or not isinstance(result, int | float):
            raise BadEntry(cid, f"the result must be a float, got {result!r}", entry=eid)
        if not math.isfinite(result):
            raise BadEntry(cid, f"the result must be finite, got {result!r}", entry=eid)
        if topscore and not 0 <= result <= 100:
            raise BadEntry(cid, f"a topscore result is a percentage, got {result!r}", entry=eid)
        _check_handicaps(cid, entry)
        _check_boards(cid, entry, boards)


def _check_handicaps(cid: str, entry: Entry) -> None:
    if entry.handicaps and len(entry.handicaps) != len(entry.players):
        raise BadEntry(
            cid,
            f"{len(entry.handicaps)} handicaps for {len(entry.players)} players",
            entry=entry.id,
        )
    for player, handicap in zip(entry.players, entry.handicaps, strict=False):
        if handicap is not None and (
            not isinstance(handicap, int | float) or not math.isfinite(handicap)
        ):
            raise BadEntry(
                cid,
                f"the handicap must be a finite number, got {handicap!r}",
                entry=entry.id,
                player=player,
            )


def _check_boards(cid: str, entry: Entry, boards: int) -> None:
    played = entry.boards_played
    if not played:
        return
    if len(played) != len(entry.players):
        raise BadEntry(
            cid, f"{len(played)} board counts for {len(entry.players)} players", entry=entry.id
        )
    for player, count in zip(entry.players, played, strict=True):
        if isinstance(count, bool) or not isinstance(count, int) or not 0 < count <= boards:
            raise BoardsNotPlayed(
                cid,
                f"played {count!r} boards; a player plays 1 to the competition's {boards}",
                entry=entry.id,
                player=player,
            )


def _directions(cid: str, entries: Sequence[Entry]) -> Layout:
    index = {entry.id: i for i, entry in enumerate(entries)}
    lines = tuple(entry.line for entry in entries)
    labels = set(lines)
    if len(labels) != 2 or "" in labels:
        raise BadEntry(cid, f"IAF/TAF in a team match needs two directions, got {sorted(labels)}")
    other: list[int] = []
    for i, entry in enumerate(entries):
        j = index.get(entry.opponent)
        if j is None or lines[j] == lines[i] or entries[j].opponent != entry.id:
            raise BadEntry(
                cid,
                f"opponent {entry.opponent!r} is not an entry of the other direction that "
                "names this entry back",
                entry=entry.id,
            )
        other.append(j)
    return Layout(lines, tuple(other))


def _rooms(cid: str, entries: Sequence[Entry]) -> Layout:
    lines = tuple(entry.line for entry in entries)
    labels = set(lines)
    if len(labels) != 2 or "" in labels:
        raise BadEntry(cid, f"duplicate teams needs two rooms, got {sorted(labels)}")
    seats: dict[str, dict[str, int]] = {}
    for i, entry in enumerate(entries):
        rooms = seats.setdefault(entry.team, {})
        if not entry.team or entry.line in rooms:
            raise BadEntry(
                cid, f"team {entry.team!r} needs exactly one pair in each room", entry=entry.id
            )
        rooms[entry.line] = i
    if len(seats) < 2:
        raise FieldTooSmall(cid, "duplicate teams needs at least two teams")
    other: list[int] = []
    for entry in entries:
        rooms = seats[entry.team]
        if len(rooms) != 2:
            raise BadEntry(
                cid, f"team {entry.team!r} needs exactly one pair in each room", entry=entry.id
            )
        other.append(next(i for room, i in rooms.items() if room != entry.line))
    return Layout(lines, tuple(other))


def field_terms(
    competition: Competition, owners: Sequence[float], layout: Layout | None
) -> tuple[list[float], list[float]]:
    """Each owner's ``field`` and ``adjust`` (docs/handicap.md, "Expected result")."""
    form = competition.form
    count = len(owners)
    if form == TEAM_MATCH:
        return [owners[1], owners[0]], [0.0, 0.0]
    if layout is None:
        # Individual and pairs: the field's total once, each rest by subtraction.
        total = sum(owners)
        rest = count - 1
        return [(total - owner) / rest for owner in owners], [0.0] * count
    sums: dict[str, float] = {}
    counts: dict[str, int] = {}
    for line, owner in zip(layout.lines, owners, strict=True):
        sums[line] = sums.get(line, 0.0) + owner
        counts[line] = counts.get(line, 0) + 1
    averages = {line: sums[line] / counts[line] for line in sums}
    fields = [averages[line] for line in layout.lines]
    lines = layout.lines
    if form == TEAM_MATCH_IAF:
        adjusts = [owners[j] - averages[lines[j]] for j in layout.other]
    else:
        adjusts = [(averages[lines[j]] - owners[j]) / (counts[lines[j]] - 1) for j in layout.other]
    return fields, adjusts


# handicap_of(player, entry, seat) -> the player's handicap before the competition, or
# None when there is none (a guest without a reported level).
HandicapOf = Callable[[str, Entry, int], float | None]


def entry_handicap_of(player: str, entry: Entry, seat: int) -> float | None:
    """The handicap written in the entry (``apply_competition`` reads these)."""
    return entry.handicaps[seat] if entry.handicaps else None


class Resolved(NamedTuple):
    """The handicaps a competition is computed with.

    ``used`` per entry the players' handicaps for this competition (temporary ones
    for guests and temporary owners); ``own`` the handicaps shown as "old" (a
    member's own even when the entry's was temporary); ``counted`` and ``status``
    per entry, per player.
    """

    used: list[tuple[float, ...]]
    own: list[tuple[float, ...]]
    counted: list[tuple[bool, ...]] | None  # None: every player counts
    status: list[tuple[str, ...]] | None  # None: every player is a member


def compute(
    competition: Competition,
    resolved: Resolved,
    layout: Layout | None,
    policy: HandicapPolicy = SBF_2007,
) -> list[PlayerChange]:
    """Every player's row, in one pass over the field (the hot path of a recompute)."""
    used = resolved.used
    totals = [sum(values) for values in used]
    owners = [total / len(values) for total, values in zip(totals, used, strict=True)]
    fields, adjusts = field_terms(competition, owners, layout)
    form = competition.form
    scoring = competition.scoring
    boards = competition.boards
    factor = gain(form, scoring, boards, policy)
    slope = policy.slope(scoring)
    tables = FORMS[form].tables
    average = AVERAGE[scoring]
    cap = policy.max_handicap
    cid = competition.id
    day = competition.date
    own_all = resolved.own
    counted_all = resolved.counted
    status_all = resolved.status
    rows: list[PlayerChange] = []
    append = rows.append
    make = tuple.__new__  # PlayerChange(...) without its Python-level __new__: millions of rows
    for i, entry in enumerate(competition.entries):
        owner = owners[i]
        field = fields[i]
        adjust = adjusts[i]
        expected = average + slope * (tables * (field - owner) + adjust)
        achieved = entry.result
        per_board = -factor * (achieved - expected)
        values = used[i]
        own = own_all[i]
        size = len(values)
        played = entry.boards_played
        total = totals[i]
        for seat, player in enumerate(entry.players):
            handicap = own[seat]
            if size == 1:
                partner = None
            elif size == 2:
                partner = values[1 - seat]
            else:
                partner = (total - values[seat]) / (size - 1)
            count = played[seat] if played else boards
            if counted_all is None or counted_all[i][seat]:
                delta = per_board * count
                new = handicap + delta
                if new > cap:
                    new = cap
                counted = True
            else:
                delta = 0.0
                new = handicap
                counted = False
            append(
                make(
                    PlayerChange,
                    (
                        cid,
                        day,
                        form,
                        scoring,
                        player,
                        entry.id,
                        MEMBER if status_all is None else status_all[i][seat],
                        handicap,
                        partner,
                        owner,
                        field,
                        adjust,
                        expected,
                        achieved,
                        count,
                        boards,
                        delta,
                        new,
                        counted,
                    ),
                )
            )
    return rows


__all__ = [
    "GUEST",
    "MEMBER",
    "NON_MEMBER",
    "Competition",
    "Entry",
    "HandicapInputError",
    "Layout",
    "PlayerChange",
    "Resolved",
    "check",
    "compute",
    "entry_handicap_of",
    "field_terms",
]
