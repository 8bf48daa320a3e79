"""Gold points for pairs and individual events: silver counted in gold currency.

Source: ``000_18af0e66f52a62b2.txt``, "Guldpoäng, Allmänt" (lines 1772-1799) and the
gold events of chapter 2 (lines 339-357): gp from table D (F for individuals) to the
first three, then sp, then bronze times three.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from awards.domain.core import Colour, Competition

from . import rules, silver_individual, silver_pairs
from .scale import UNITS, Line, Scale, out_of_range

MIN_ENTRIES: Final = {"pairs": 24, "individual": 28}  # lines 339, 347
MIN_BOARDS: Final = 54  # lines 339-347
RAISED_GOLD: Final = (10, 7, 5, 4)  # "förhöjd guldpoäng", snitthandicap under 15 (line 356)
RAISED_GOLD_HANDICAP: Final = Decimal(15)


def gold_from_silver(silver: Decimal) -> Decimal:
    """Gold events count as silver in gold currency: 52 sp -> 5.2 gp, credited 6
    (lines 1775-1777)."""
    return silver / 10


def gold_places(entries: int, *, kind: str = "pairs", raised: bool = False) -> int:
    """How many places get gp: three, two at 24-31 pairs (28-31 players), four on the
    raised scale (lines 339-357, 1777-1779). The seed gives four to the raised scale
    without a field-size exception, so a raised event of 24-31 pairs gets four too."""
    if raised:
        return 4
    return 3 if entries >= 32 else 2


def is_raised(competition: Competition) -> bool:
    """The raised scale: a field average handicap under 15 (line 356)."""
    average = competition.option("average_handicap")
    return average is not None and Decimal(str(average)) < RAISED_GOLD_HANDICAP


def scale(entries: int, *, boards: int | None, met: int | None, raised: bool, kind: str) -> Scale:
    """Gold counts as silver in gold currency: gp to the first three (two at 24-31
    pairs), raised 10-7-5-4 to four; then sp to place 16 at most; then bronze times
    three to the best third (lines 339-357, 1772-1786)."""
    minimum = MIN_ENTRIES.get(kind, 24)
    unit_sv, unit_en = UNITS.get(kind, UNITS["pairs"])
    if entries < minimum:
        raise out_of_range(
            "gold",
            f"Guldtävling kräver minst {minimum} {unit_sv}",
            f"A gold event needs at least {minimum} {unit_en}",
        )
    if kind == "individual":
        silver = silver_individual.scale(
            entries, met=met, multiplier=3, printed_red=False, table="gold"
        )
    else:
        silver = silver_pairs.scale(
            entries, boards=boards, met=met, multiplier=3, printed_red=False, table="gold"
        )
    places = gold_places(entries, kind=kind, raised=raised)
    lines = list(silver.lines)
    notes = list(silver.notes)
    if raised:
        for index, value in enumerate(RAISED_GOLD):
            lines[index] = Line(Colour.GOLD, Decimal(value), Decimal(value))
        notes.append(("förhöjd guldpoäng", "raised gold"))
    else:
        for index in range(places):
            gold = gold_from_silver(lines[index].exact)
            lines[index] = Line(Colour.GOLD, gold, rules.round_up(gold))
    return Scale("gold", entries, kind, tuple(lines), tuple(notes), 12)
