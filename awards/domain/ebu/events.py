"""The awards of one finished EBU event, player by player: what the award step credits.

Source: seed ``001_4cb9a3c6036a851e.txt``: 3.3.1 (lines 1774-1778, every award is per
player), 3.3.2 (lines 1780-1789, a player must play a third of the stage's boards),
3.3.3 (lines 1793-1801, teams counted by teams), 3.5.1 (lines 1832-1838, ties are never
broken), 4.1.3-4.1.5 (lines 2070-2112: full tables, two-winner awards per direction),
2.9.3-2.10 (lines 1593-1680: a player without standing, or not a member, is not paid;
the caller says who, :attr:`Player.entitled`). The scale behind each place is the
calculator's (:func:`.calculator.calculate`): the same numbers on the page, on the
command line and in the ledger.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction
from itertools import groupby
from typing import Any

from ..core import Match, Placing, Reason
from .calculator import calculate, field_name, options_from, reads_of
from .core import EbuOptions, EbuResult, gold_points, to_points
from .principles import plays_enough

# 4.1.4 (lines 2078-2096): per full table, the competitors a movement seats; a ladder
# ranks teams, pairs or individuals (4.11.3).
PER_TABLE = {
    "teams": 1,
    "two-winner": 1,
    "four-winner": 1,
    "single-winner": 2,
    "individual": 4,
    "pairs": 2,
}
# Chapter 6: the Swiss events count teams, or pairs two a table (6.4.1-6.4.2, 3.3.3);
# an inter-county league counts its teams (6.5).
EVENT_PER_TABLE = {"swiss-teams": 1, "swiss-pairs": 2, "inter-county-league": 1}
# Movements whose awards are per direction (4.1.5, lines 2108-2110; 4.1.4 four-winner).
BY_DIRECTION = ("two-winner", "four-winner")


@dataclass(frozen=True)
class EbuPlayerAward:
    """One player's award for one event: ``points`` of ``kind`` (local whole numbers,
    blue and green to two decimals), ``gold`` the gold points a green award of 5 or
    more gives (2.5.1), and why."""

    player: str
    entry: str
    kind: str  # "local" | "blue" | "green"
    points: Decimal
    gold: Decimal
    reason: Reason


def tables_of(movement: str, placings: Iterable[Placing], per_table: int | None = None) -> Fraction:
    """The full tables of a field as the scales read them: teams by teams (3.3.3), a
    two-winner or four-winner movement by its competitors in one direction (one of
    each per table), single-winner pairs two a table, an individual four (4.1.3-4.1.4).
    Part tables are kept: the scale ignores them (4.1.3). ``per_table`` overrides the
    movement's count (a green-point event's own, :data:`EVENT_PER_TABLE`)."""
    placings = list(placings)
    if per_table is None and movement in BY_DIRECTION:
        by_direction: dict[str, int] = {}
        for placing in placings:
            by_direction[placing.direction] = by_direction.get(placing.direction, 0) + 1
        return Fraction(max(by_direction.values(), default=0))
    return Fraction(len(placings), per_table or PER_TABLE.get(movement, 1))


def ties_of(placings: Iterable[Placing], counted: int | None = None) -> tuple[tuple[int, int], ...]:
    """3.5.1: each shared place (``place``..``place_to``) once, as (place, how many).
    With ``counted`` (the competitors the scale ranks: full tables only, 4.1.3), a tie
    that runs past them is cut at the last one counted, and one that starts past them
    is left out: the places past the scale pay nothing to share (docs/awards-ebu.md)."""
    ties = set()
    for placing in placings:
        last = placing.place_to
        if counted is not None:
            last = min(last, counted)
        if last > placing.place:
            ties.add((placing.place, last - placing.place + 1))
    return tuple(sorted(ties))


@dataclass(frozen=True, order=True)
class ScaleCell:
    """A rule version's own figure for one printed cell: Scale ``scale`` (A-E, F, QA-QE
    ...) at ``tables`` full tables, place ``place``, ``value`` local points at the
    scale's status (the Appendix prints local points, lines 4700-7387); a blue or
    green event takes it in its points as 5.4.1 does (:func:`.core.to_points`)."""

    scale: str
    tables: int
    place: int
    value: int

    def __str__(self) -> str:
        return f"{self.scale}[{self.tables}][{self.place}]={self.value}"


NO_CELLS: frozenset[ScaleCell] = frozenset()


def amended_result(result: EbuResult, tables: Fraction, cells: frozenset[ScaleCell]) -> EbuResult:
    """``result`` with the places a version's cells name replaced (the rest as the rule
    gives them)."""
    mine = {c.place: c for c in cells if c.scale == result.scale and c.tables == int(tables)}
    if not mine:
        return result
    places = tuple(
        replace(row, points=to_points(Fraction(mine[row.place].value), result.colour))
        if row.place in mine
        else row
        for row in result.places
    )
    return replace(result, places=places)


def event_awards(
    placings: Iterable[Placing], options: EbuOptions, cells: frozenset[ScaleCell] = NO_CELLS
) -> tuple[tuple[EbuPlayerAward, ...], EbuResult]:
    """Every entitled player's award, with the result of each ranking list it comes from
    (a two-winner or four-winner event has one per direction, 4.1.5; the result handed
    back is the first direction's, for its scale and rules).

    ``options`` describe the event (status, movement, boards, colour, stage ...) without
    ``tables`` and ``ties``: these come from the placings. A player who played under a
    third of the boards (``boards_played`` given and short, 3.3.2), or who is not
    entitled (2.9.3-2.10), gets nothing; everybody else of an awarded entry gets its
    place's award in full (3.3.1: awards are per player)."""
    placings = sorted(placings, key=lambda p: (p.direction, p.place, p.entry))
    movement = options.movement or ""
    by_direction = movement in BY_DIRECTION and not options.event
    lists = (
        [list(group) for _, group in groupby(placings, key=lambda p: p.direction)]
        if by_direction
        else [placings]
    )
    per_table = EVENT_PER_TABLE.get(options.event or "")
    tables = tables_of(movement, placings, per_table)
    counted = int(tables) * (1 if by_direction else per_table or PER_TABLE.get(movement, 1))
    reads = reads_of(options)
    out: list[EbuPlayerAward] = []
    first: EbuResult | None = None
    for ranking in lists:
        facts: dict[str, Any] = {}
        if "tables" in reads:
            facts["tables"] = tables
        elif "entries" in reads and options.entries is None:
            facts["entries"] = len(placings)  # a county final's pairs (6.3.1)
        if "ties" in reads:
            facts["ties"] = ties_of(ranking, counted if "tables" in reads else None)
        result = amended_result(calculate(replace(options, **facts)), tables, cells)
        first = first or result
        by_place = {row.place: row for row in result.places}
        boards = options.boards or 0
        for placing in ranking:
            row = by_place.get(placing.place)
            if row is None:
                continue
            reason = _reason(result, placing)
            for player in placing.players:
                if not player.entitled:
                    continue
                if player.boards_played is not None and not plays_enough(
                    played=player.boards_played, stage_boards=boards
                ):
                    continue
                out.append(
                    EbuPlayerAward(
                        player=player.id,
                        entry=placing.entry,
                        kind=result.colour,
                        points=row.points,
                        gold=row.gold or Decimal(0),
                        reason=reason,
                    )
                )
    if first is None:  # no placings: the scale still says why nothing is paid
        first = calculate(replace(options, tables=Fraction(0)) if "tables" in reads else options)
    return tuple(out), first


def _reason(result: EbuResult, placing: Placing) -> Reason:
    where = (
        f"{placing.place}"
        if placing.place == placing.place_to
        else (f"{placing.place}-{placing.place_to}")
    )
    direction_sv = f", riktning {placing.direction}" if placing.direction else ""
    direction_en = f", direction {placing.direction}" if placing.direction else ""
    return Reason(
        table=result.scale,
        sv=f"Skala {result.scale}, faktor {float(result.factor):g}, plats {where}{direction_sv}",
        en=f"Scale {result.scale}, factor {float(result.factor):g}, place {where}{direction_en}",
    )


# --- a finished competition as the ledger credits it ----------------------------------

# The calculator's movement for a competition that names none (4.1.4): teams by teams,
# pairs with directions two-winner, pairs without single-winner, individuals as such.
KIND_MOVEMENT = {"teams": "teams", "individual": "individual"}
LADDER_MOVEMENT = {"teams": "teams", "pairs": "pairs", "individual": "individual"}
# Options the ledger reads itself: the competition's placings give ``tables`` and ``ties``
# (3.3.3, 3.5.1), its matches ``won`` (4.5-4.8).
FROM_THE_RESULTS = ("tables", "ties", "won")


@dataclass(frozen=True)
class EntryMatches:
    """One entry's results in the matches of an event: wins and draws (4.6.2: a draw is
    half a win), and in a knock-out the rounds it won (4.7)."""

    wins: int = 0
    draws: int = 0
    rounds_won: tuple[int, ...] = ()


def options_for(
    options: Mapping[str, object], *, kind: str, boards: int, placings: Iterable[Placing]
) -> EbuOptions:
    """The calculator's options for a finished competition: what the event's facts give
    (``options``: option names as the calculator's, without ``tables``, ``ties`` and
    ``won``, which the results give), with the boards and a movement by kind filled in
    when the facts name none. Raises :class:`EbuInputError` as the calculator does."""
    given = {name: value for name, value in options.items() if field_name(name)}
    for name in FROM_THE_RESULTS:
        given.pop(name, None)
    parsed = options_from(given)
    # Only what the event's form reads: a knock-out has no boards in all (4.7), a
    # green-point event knows its own field (chapter 6).
    reads = reads_of(parsed)
    filled: dict[str, Any] = {}
    if "boards" in reads and parsed.boards is None and boards:
        filled["boards"] = boards
    if "movement" in reads and parsed.movement is None:
        if parsed.ladder:
            filled["movement"] = LADDER_MOVEMENT.get(kind, "pairs")
        else:
            with_directions = any(p.direction for p in placings)
            filled["movement"] = KIND_MOVEMENT.get(
                kind, "two-winner" if with_directions else "single-winner"
            )
    return replace(parsed, **filled) if filled else parsed


def match_results(matches: Iterable[Match]) -> dict[str, EntryMatches]:
    """Each entry's wins, draws and knock-out rounds won, from the VPs of its matches
    (the IMPs when a match has no VPs; a walkover is a win for the side that appeared,
    4.6.4)."""
    wins: dict[str, int] = {}
    draws: dict[str, int] = {}
    rounds: dict[str, list[int]] = {}
    for match in matches:
        home, away = _scores(match)
        if home is None or away is None:
            continue
        if home == away:
            for entry in (match.home, match.away):
                draws[entry] = draws.get(entry, 0) + 1
            continue
        winner = match.home if home > away else match.away
        wins[winner] = wins.get(winner, 0) + 1
        rounds.setdefault(winner, []).append(match.round)
    entries = set(wins) | set(draws)
    return {
        entry: EntryMatches(
            wins=wins.get(entry, 0),
            draws=draws.get(entry, 0),
            rounds_won=tuple(sorted(rounds.get(entry, ()))),
        )
        for entry in entries
    }


def _scores(match: Match) -> tuple[Decimal | None, Decimal | None]:
    if match.vp_home is not None and match.vp_away is not None:
        return match.vp_home - match.penalty_home, match.vp_away - match.penalty_away
    return match.imps_home, match.imps_away


def knockout_round(number: int) -> str:
    """A knock-out match's round as the calculator names it: round 0 is the
    preliminary round (4.7.4), 1-8 the full rounds."""
    return "prelim" if number == 0 else str(number)


def competition_awards(
    placings: Iterable[Placing],
    matches: Iterable[Match],
    options: EbuOptions,
    cells: frozenset[ScaleCell] = NO_CELLS,
) -> tuple[tuple[EbuPlayerAward, ...], EbuResult]:
    """Every entitled player's awards for one event: the place awards
    (:func:`event_awards`), then the awards per match won where the form gives them
    (4.5-4.8: ``per_match`` per win, ``per_draw`` or half of it per draw, 4.6.2), and in
    a knock-out each round's award per match won to the winners (4.7.3). One award per
    player: the parts are added, then rounded once (3.4.1)."""
    placings = list(placings)
    matches = list(matches)
    if options.knockout is not None:
        return _knockout_awards(placings, matches, options)
    by_place, result = event_awards(placings, options, cells)
    per_match = dict(result.extra).get("per_match")
    if per_match is None:
        return by_place, result
    per_draw = dict(result.extra).get("per_draw")
    # Rounds matter only in a knock-out; here the reason counts wins and draws.
    won = {e: replace(r, rounds_won=()) for e, r in match_results(matches).items()}
    extra: dict[str, Decimal] = {}
    for entry, record in won.items():
        draw = Decimal(str(per_draw)) if per_draw is not None else Decimal(str(per_match)) / 2
        extra[entry] = Decimal(str(per_match)) * record.wins + draw * record.draws
    return _added(placings, by_place, extra, result, won, options.boards or 0), result


def _knockout_awards(
    placings: list[Placing], matches: list[Match], options: EbuOptions
) -> tuple[tuple[EbuPlayerAward, ...], EbuResult]:
    won = match_results(matches)
    per_round: dict[int, EbuResult] = {}
    extra: dict[str, Decimal] = {}
    for entry, record in won.items():
        for number in record.rounds_won:
            if number not in per_round:
                per_round[number] = calculate(replace(options, round=knockout_round(number)))
            award = dict(per_round[number].extra).get("per_match", 0)
            extra[entry] = extra.get(entry, Decimal(0)) + Decimal(str(award))
    first = (
        per_round[min(per_round)]
        if per_round
        else calculate(replace(options, round=options.round or "1"))
    )
    return _added(placings, (), extra, first, won, options.boards or 0), first


def _added(
    placings: list[Placing],
    by_place: tuple[EbuPlayerAward, ...],
    extra: Mapping[str, Decimal],
    result: EbuResult,
    won: Mapping[str, EntryMatches],
    boards: int,
) -> tuple[EbuPlayerAward, ...]:
    """The place awards with each entry's match awards added, player by player (a
    player under a third of the boards gets neither, 3.3.2)."""
    placed = {(a.player, a.entry): a for a in by_place}
    out: list[EbuPlayerAward] = []
    for placing in placings:
        match_points = extra.get(placing.entry, Decimal(0))
        for player in placing.players:
            earlier = placed.pop((player.id, placing.entry), None)
            if match_points <= 0:
                if earlier is not None:
                    out.append(earlier)
                continue
            if not player.entitled or (
                player.boards_played is not None
                and boards
                and not plays_enough(played=player.boards_played, stage_boards=boards)
            ):
                continue
            total = _credited(match_points + (earlier.points if earlier else 0), result.colour)
            record = won.get(placing.entry, EntryMatches())
            reason = _match_reason(result, placing, record, earlier)
            gold = gold_points(total) if result.colour == "green" else Decimal(0)
            out.append(
                EbuPlayerAward(
                    player=player.id,
                    entry=placing.entry,
                    kind=result.colour,
                    points=total,
                    gold=gold,
                    reason=reason,
                )
            )
    out.extend(placed.values())
    return tuple(out)


def _credited(points: Decimal, colour: str) -> Decimal:
    """3.4.1: rounded once, up: local points whole, blue and green to two decimals."""
    if colour == "local":
        return points.to_integral_value(rounding=ROUND_CEILING)
    return points.quantize(Decimal("0.01"), rounding=ROUND_CEILING)


def _match_reason(
    result: EbuResult, placing: Placing, record: EntryMatches, earlier: EbuPlayerAward | None
) -> Reason:
    won_sv = f"{record.wins} vunna, {record.draws} oavgjorda matcher"
    won_en = f"{record.wins} won, {record.draws} drawn matches"
    if record.rounds_won:
        rounds = ", ".join(knockout_round(n) for n in record.rounds_won)
        won_sv = f"vann omgång {rounds}"
        won_en = f"won round {rounds}"
    if earlier is None:
        return Reason(
            table=result.scale,
            sv=f"Skala {result.scale}, {won_sv}",
            en=f"Scale {result.scale}, {won_en}",
        )
    return Reason(
        table=result.scale,
        sv=f"{earlier.reason.sv}; {won_sv}",
        en=f"{earlier.reason.en}; {won_en}",
    )
