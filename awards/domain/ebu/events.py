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

from collections.abc import Iterable
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from itertools import groupby

from ..core import Placing, Reason
from .calculator import calculate
from .core import EbuOptions, EbuResult
from .principles import plays_enough

# 4.1.4 (lines 2078-2096): per full table, the competitors a movement seats.
PER_TABLE = {"teams": 1, "two-winner": 1, "four-winner": 1, "single-winner": 2, "individual": 4}
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


def tables_of(movement: str, placings: Iterable[Placing]) -> Fraction:
    """The full tables of a field as the scales read them: teams by teams (3.3.3), a
    two-winner or four-winner movement by its competitors in one direction (one of
    each per table), single-winner pairs two a table, an individual four (4.1.3-4.1.4).
    Part tables are kept: the scale ignores them (4.1.3)."""
    placings = list(placings)
    if movement in BY_DIRECTION:
        by_direction: dict[str, int] = {}
        for placing in placings:
            by_direction[placing.direction] = by_direction.get(placing.direction, 0) + 1
        return Fraction(max(by_direction.values(), default=0))
    return Fraction(len(placings), PER_TABLE[movement])


def ties_of(placings: Iterable[Placing]) -> tuple[tuple[int, int], ...]:
    """3.5.1: each shared place (``place``..``place_to``) once, as (place, how many)."""
    ties = {
        (placing.place, placing.place_to - placing.place + 1)
        for placing in placings
        if placing.place_to > placing.place
    }
    return tuple(sorted(ties))


def event_awards(
    placings: Iterable[Placing], options: EbuOptions
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
    lists = (
        [list(group) for _, group in groupby(placings, key=lambda p: p.direction)]
        if movement in BY_DIRECTION
        else [placings]
    )
    tables = tables_of(movement, placings)
    out: list[EbuPlayerAward] = []
    first: EbuResult | None = None
    for ranking in lists:
        result = calculate(replace(options, tables=tables, ties=ties_of(ranking)))
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
        first = calculate(replace(options, tables=Fraction(0), ties=()))
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
