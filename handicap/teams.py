"""Team events for the handicap: team matches, or pairs across the field.

Seed ``002_4426357e9a32e88f.txt``, 3.3.3.1 "Single match or half" (lines 231-248)
and section 2 (lines 41, 56-60): without IAF/TAF "each match will be handled
separately", the team of four against the opponents' four. An event whose
``team_handicap_form`` asks for results across the field gives pairs instead:
3.3.3.2 (lines 252-282) a competition per round, 3.3.3.3 (lines 283-303) one for the
whole event (``handicap/domain/across.py`` scores the pairs). How a ``TeamMatch`` becomes a
competition, and which matches are left out: docs/handicap.md, "Team events".
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from itertools import groupby
from typing import NamedTuple

from members.common.bulk import fetch_rows
from members.models import Member
from tournaments.models import (
    EntryPlayer,
    LineupSlot,
    MatchBoard,
    Standing,
    TeamMatch,
    Tournament,
)

from .domain.across import AWAY, HOME, ROOM_LINE, ROOMS, SIDES, direction, field_results
from .domain.competition import Competition
from .domain.competition import Entry as FieldEntry
from .domain.policy import DUPLICATE_TEAMS_IAF, FORMS, IMP, TEAM_MATCH, TEAM_MATCH_IAF, TOPSCORE
from .history import place_text

log = logging.getLogger(__name__)

TEAM_SIZE = FORMS[TEAM_MATCH].players
# The columns of a match row (``team_competitions``'s first query), by name.
PK, TOURNAMENT, DAY, ROUND, HOME_ID, AWAY_ID, BOARDS = range(7)
FORM, SCORING = 13, 14


class _Seat(NamedTuple):
    """One ``EntryPlayer`` as the formula names it."""

    player: str
    entry: int
    guest: bool


class _Table(NamedTuple):
    """A match read for results across the field: each (side, room)'s pair (its
    ``EntryPlayer`` ids, in roster order) and each board's two N-S scores."""

    row: tuple
    pairs: dict[tuple[str, int], tuple[int, int]]
    scores: dict[int, tuple[int, int]]


def team_competitions(
    tournament_ids: Iterable[int],
    places: dict[str, str] | None = None,
    notes: dict[int, str] | None = None,
) -> dict[int, list[Competition]]:
    """The matches of these team tournaments as the formula's competitions, by
    tournament, each list sorted by competition id (decisions in docs/handicap.md,
    "Team events"). Tournaments of another kind, and matches that cannot be read, are
    left out. ``places``, when given, gets each team's place in its tournament's
    standings by entry key as text ("3", or "3-4" for a shared place), and the same
    place for each of its pairs in a competition across the field. ``notes``, when
    given, gets why a duplicate teams event (3.3.3.3) was read round by round."""
    ids = sorted({int(pk) for pk in tournament_ids})
    if not ids:
        return {}
    matches = list(
        fetch_rows(
            TeamMatch.objects.filter(
                tournament_id__in=ids,
                tournament__kind=Tournament.Kind.TEAMS,
                walkover=False,
                boards__gt=0,
                home__phantom=False,
                away__phantom=False,
            )
            .order_by("tournament_id", "round", "pk")
            .values_list(
                "pk",
                "tournament_id",
                "tournament__start_date",
                "round",
                "home_id",
                "away_id",
                "boards",
                "imps_home",
                "imps_away",
                "vp_home",
                "vp_away",
                "penalty_home",
                "penalty_away",
                "tournament__team_handicap_form",
                "tournament__scoring",
            )  # fmt: skip
        )
    )
    if not matches:
        return {}
    teams = sorted({row[TOURNAMENT] for row in matches})
    # match -> entry -> EntryPlayer -> the halves played
    halves: dict[int, dict[int, dict[int, set[int]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(set))
    )
    # match -> entry -> half -> room -> EntryPlayers: the pairs, for IAF/TAF
    rooms: dict[int, dict[int, dict[int, dict[int | None, list[int]]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    )
    for match, entry, half, player, room in fetch_rows(
        LineupSlot.objects.filter(match__tournament_id__in=teams).values_list(
            "match_id", "entry_id", "half", "player_id", "room"
        )
    ):
        halves[match][entry][player].add(half)
        rooms[match][entry][half][room].append(player)
    seats: dict[int, _Seat] = {}
    roster: dict[int, list[int]] = defaultdict(list)
    for pk, entry, member, status, temporary in fetch_rows(
        EntryPlayer.objects.filter(entry__section__tournament_id__in=teams)
        .order_by("pk")
        .values_list("pk", "entry_id", "member_id", "member__status", "temporary_id")
    ):
        if member is None:
            seats[pk] = _Seat(f"t:{temporary}", entry, False)
        else:
            seats[pk] = _Seat(str(member), entry, status == Member.Status.FOREIGN_GUEST)
        roster[entry].append(pk)
    if places is not None:
        for entry, place, place_to in fetch_rows(
            Standing.objects.filter(entry__section__tournament_id__in=teams).values_list(
                "entry_id", "place", "place_to"
            )
        ):
            places[str(entry)] = place_text(place, place_to)
    # The boards are read only for events across the field: a plain team event costs
    # no query more.
    across = sorted({row[TOURNAMENT] for row in matches if row[FORM] != TEAM_MATCH})
    scores: dict[int, dict[int, tuple[int, int]]] = defaultdict(dict)
    if across:
        for match, board, open_ns, closed_ns in fetch_rows(
            MatchBoard.objects.filter(match__tournament_id__in=across).values_list(
                "match_id", "board", "open_ns_score", "closed_ns_score"
            )
        ):
            scores[match][board] = (open_ns, closed_ns)

    out: dict[int, list[Competition]] = defaultdict(list)
    for tid, rows in groupby(matches, key=lambda row: row[TOURNAMENT]):
        plain = list(rows)
        if plain[0][FORM] != TEAM_MATCH:
            tables = {
                row[PK]: _table(row, rooms.get(row[PK], {}), scores.get(row[PK], {}), seats)
                for row in plain
            }
            found, why = _across_the_field(plain, tables, seats)
            if why:
                log.info("handicaps: tournament %s read round by round: %s", tid, why)
                if notes is not None:
                    notes[tid] = why
            out[tid].extend(found)
            if places is not None:
                for competition in found:
                    for entry in competition.entries:
                        places[entry.id] = places.get(entry.id.partition(".")[0], "")
            plain = [row for row in plain if tables[row[PK]] is None]
        for row in plain:
            competition = _competition(row, halves.get(row[PK], {}), seats, roster)
            if competition is not None:
                out[tid].append(competition)
    return {tid: sorted(found, key=lambda c: c.id) for tid, found in out.items()}


def _table(
    row: tuple,
    lineup: dict[int, dict[int, dict[int | None, list[int]]]],
    scores: dict[int, tuple[int, int]],
    seats: dict[int, _Seat],
) -> _Table | None:
    """The match as pairs, or None when it must be read team against team (3.3.3.1):
    a room not given, other than two players of a team in a room, a pair changed or
    moved to the other room at half-time (its direction would change), a player of
    another team, or a board's scores missing."""
    home, away, boards = row[HOME_ID], row[AWAY_ID], row[BOARDS]
    if home == away or len(scores) != boards:
        return None
    if {half for half in lineup.get(home, {})} != {half for half in lineup.get(away, {})}:
        return None
    pairs: dict[tuple[str, int], tuple[int, int]] = {}
    for side, entry in ((HOME, home), (AWAY, away)):
        seated = [
            {room: tuple(sorted(by_room.get(room, ()))) for room in (*ROOMS, None)}
            for by_room in lineup.get(entry, {}).values()
        ]
        if not seated or any(half != seated[0] for half in seated):
            return None
        for room in ROOMS:
            pair = seated[0][room]
            if len(pair) != 2 or any(seats.get(p) is None or seats[p].entry != entry for p in pair):
                return None
            pairs[(side, room)] = (pair[0], pair[1])
        if seated[0][None]:
            return None
    return _Table(row, pairs, scores)


def _pair_id(team: int, *rest: int) -> str:
    """A pair's entry key: its team's first, so its place is the team's."""
    return ".".join(str(part) for part in (team, *rest))


def _across_the_field(
    rows: list[tuple], tables: dict[int, _Table | None], seats: dict[int, _Seat]
) -> tuple[list[Competition], str]:
    """An IAF/TAF event's competitions of pairs, and why a duplicate teams event was
    read round by round ("" when it was not). Matches that are not read as pairs
    (``tables`` None) are left to the caller."""
    first = rows[0]
    topscore = first[SCORING] == Tournament.Scoring.BOARD_A_MATCH
    # The matches of a round that played the same boards are one field.
    fields: dict[tuple[int, tuple[int, ...]], list[_Table]] = defaultdict(list)
    for row in rows:
        table = tables[row[PK]]
        if table is not None:
            fields[(row[ROUND], tuple(sorted(table.scores)))].append(table)
    results = {
        key: field_results({t.row[PK]: t.scores for t in found}, topscore=topscore)
        for key, found in fields.items()
    }
    why = ""
    if first[FORM] == DUPLICATE_TEAMS_IAF:
        why = _not_duplicate(rows, tables)
        if not why:
            return [_duplicate(first, fields, results, seats, topscore)], ""
    return [_round(found, results[key], seats, topscore) for key, found in fields.items()], why


def _not_duplicate(rows: list[tuple], tables: dict[int, _Table | None]) -> str:
    """What breaks 3.3.3.3's condition (lines 285-287): "all the teams have played the
    whole tournament with the same pairs and ... no change is made between open and
    closed rooms"; "" when nothing does."""
    held: dict[tuple[int, int], tuple[int, int]] = {}
    for row in rows:
        table = tables[row[PK]]
        if table is None:
            return (
                f"round {row[ROUND]}, match {row[PK]}: the rooms or the board scores are not given"
            )
        for (side, room), pair in table.pairs.items():
            team = row[HOME_ID] if side == HOME else row[AWAY_ID]
            if held.setdefault((team, room), pair) != pair:
                return f"round {row[ROUND]}: team {team} changed its pair in the {ROOM_LINE[room]} room"
    return ""


def _players(pair: tuple[int, int], seats: dict[int, _Seat]) -> tuple[_Seat, _Seat]:
    return seats[pair[0]], seats[pair[1]]


def _field(
    form: str, row: tuple, boards: int, entries: list[FieldEntry], topscore: bool,
    seats: dict[int, _Seat], pairs: list[tuple[int, int]],
) -> Competition:  # fmt: skip
    """The competition of ``entries``, named by its first match ``row``: the history
    keeps one match per competition, and this one sorts by its round."""
    players = [seat for pair in pairs for seat in _players(pair, seats)]
    return Competition(
        id=f"{row[TOURNAMENT]:012d}.{row[ROUND]:03d}.{row[PK]:010d}",
        date=row[DAY],
        form=form,
        scoring=TOPSCORE if topscore else IMP,
        boards=boards,
        entries=tuple(entries),
        guests=frozenset(seat.player for seat in players if seat.guest),
        non_members=frozenset(seat.player for seat in players if seat.player.startswith("t:")),
    )


def _round(
    tables: list[_Table],
    results: dict[tuple[int, str, int], Fraction],
    seats: dict[int, _Seat],
    topscore: bool,
) -> Competition:
    """3.3.3.2 (lines 252-282): the pairs of a round's field, each against its own
    direction, its table opponents named. The id names the field's first match."""
    entries, pairs = [], []
    for table in tables:
        row = table.row
        teams = {HOME: row[HOME_ID], AWAY: row[AWAY_ID]}
        for room in ROOMS:
            for side in SIDES:
                pair = table.pairs[(side, room)]
                pairs.append(pair)
                entries.append(
                    FieldEntry(
                        _pair_id(teams[side], row[PK], room),
                        tuple(seat.player for seat in _players(pair, seats)),
                        float(results[(row[PK], side, room)]),
                        line=direction(side, room),
                        opponent=_pair_id(teams[AWAY if side == HOME else HOME], row[PK], room),
                    )
                )
    first = tables[0].row
    return _field(TEAM_MATCH_IAF, first, first[BOARDS], entries, topscore, seats, pairs)


def _duplicate(
    first: tuple,
    fields: dict[tuple[int, tuple[int, ...]], list[_Table]],
    results: dict[tuple[int, tuple[int, ...]], dict[tuple[int, str, int], Fraction]],
    seats: dict[int, _Seat],
    topscore: bool,
) -> Competition:
    """3.3.3.3 (lines 283-303): one competition of the whole event, each pair in its
    room; its result the mean per board over every board it played. B_N is the most
    boards a pair played, and a pair that played fewer (a bye) counts its own."""
    total: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    played: dict[tuple[int, int], int] = defaultdict(int)
    pair_of: dict[tuple[int, int], tuple[int, int]] = {}
    for key, tables in fields.items():
        boards = len(key[1])
        for table in tables:
            row = table.row
            for (side, room), pair in table.pairs.items():
                team = row[HOME_ID] if side == HOME else row[AWAY_ID]
                total[(team, room)] += results[key][(row[PK], side, room)] * boards
                played[(team, room)] += boards
                pair_of[(team, room)] = pair
    most = max(played.values())
    entries = [
        FieldEntry(
            _pair_id(team, room),
            tuple(seat.player for seat in _players(pair_of[(team, room)], seats)),
            float(total[(team, room)] / played[(team, room)]),
            boards_played=() if played[(team, room)] == most else (played[(team, room)],) * 2,
            line=ROOM_LINE[room],
            team=str(team),
        )
        for team, room in sorted(pair_of)
    ]
    return _field(
        DUPLICATE_TEAMS_IAF, first, most, entries, topscore, seats, list(pair_of.values())
    )


def _competition(
    row: tuple,
    lineup: dict[int, dict[int, set[int]]],
    seats: dict[int, _Seat],
    roster: dict[int, list[int]],
) -> Competition | None:
    pk, tournament, day, round_, home, away, boards, imps_home, imps_away = row[:9]
    if home == away or _imps_missing(row[7:13]):
        return None
    match_halves = len(
        {half for entry in (home, away) for got in lineup.get(entry, {}).values() for half in got}
    )
    sides = [
        _side(entry, boards, lineup.get(entry), match_halves, seats, roster)
        for entry in (home, away)
    ]
    if sides[0] is None or sides[1] is None:
        return None
    home_seats, away_seats = (side[0] for side in sides)
    players = [seat.player for seat in home_seats + away_seats]
    net = float(imps_home - imps_away) / boards
    return Competition(
        id=f"{tournament:012d}.{round_:03d}.{pk:010d}",
        date=day,
        form=TEAM_MATCH,
        scoring=IMP,
        boards=boards,
        entries=(
            FieldEntry(str(home), tuple(players[:TEAM_SIZE]), net, boards_played=sides[0][1]),
            FieldEntry(
                str(away),
                tuple(players[TEAM_SIZE:]),
                -net if net else 0.0,
                boards_played=sides[1][1],
            ),
        ),
        guests=frozenset(seat.player for seat in home_seats + away_seats if seat.guest),
        non_members=frozenset(p for p in players if p.startswith("t:")),
    )


def _imps_missing(values: tuple) -> bool:
    """0-0 IMPs while the VPs before penalties name a winner: the report had no IMPs."""
    imps_home, imps_away, vp_home, vp_away, penalty_home, penalty_away = values
    if imps_home or imps_away or vp_home is None or vp_away is None:
        return False
    return Decimal(vp_home) + Decimal(penalty_home) != Decimal(vp_away) + Decimal(penalty_away)


def _side(
    entry: int,
    boards: int,
    lineup: dict[int, set[int]] | None,
    match_halves: int,
    seats: dict[int, _Seat],
    roster: dict[int, list[int]],
) -> tuple[tuple[_Seat, ...], tuple[int, ...]] | None:
    """A side's four players and the boards each played; None unless exactly four."""
    if lineup:
        played = sorted(lineup)  # EntryPlayer order
        # boards * halves played / halves of the match, rounded half up, 1..boards
        counts = tuple(
            min(boards, max(1, (2 * boards * len(lineup[p]) + match_halves) // (2 * match_halves)))
            for p in played
        )
    else:
        played = roster.get(entry, [])
        counts = (boards,) * len(played)
    if len(played) != TEAM_SIZE:
        return None
    found = [seats.get(p) for p in played]
    if any(seat is None or seat.entry != entry for seat in found):
        return None  # a line-up naming another team's player: unreadable
    return tuple(found), counts  # type: ignore[arg-type]
