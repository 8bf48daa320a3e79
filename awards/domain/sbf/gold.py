"""Gold points for pairs and individual events: silver counted in gold currency.

Source: ``000_18af0e66f52a62b2.txt``, "Guldpoäng, Allmänt" (lines 1772-1799) and the
gold events of chapter 2 (lines 339-379): gp from table D (F for individuals) to the
first three, then sp, then bronze times three.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal
from typing import Final

from awards.domain.core import Colour, Competition

from . import rules, silver_individual, silver_pairs
from .scale import UNITS, Line, Scale, out_of_range

MIN_ENTRIES: Final = {"pairs": 24, "individual": 28}  # lines 339, 347
MIN_BOARDS: Final = 54  # lines 339-347
# "förhöjd guldpoäng": a gold event whose field has an average handicap ("snitthandicap")
# under 15 is played on the raised scale automatically, 10-7-5-4 to the first four
# (000 lines 373-379, 1779-1781).
RAISED_GOLD: Final = (10, 7, 5, 4)
RAISED_GOLD_HANDICAP: Final = Decimal(15)
RAISED_GOLD_LINES: Final = ("000 rad 373-379", "000 lines 373-379")
RAISED_NOTE: Final = ("förhöjd guldpoäng", "raised gold")


def gold_from_silver(silver: Decimal) -> Decimal:
    """Gold events count as silver in gold currency: 52 sp -> 5.2 gp, credited 6
    (lines 1775-1777)."""
    return silver / 10


def gold_places(entries: int, *, kind: str = "pairs", raised: bool = False) -> int:
    """How many places get gp: three, two at 24-31 pairs (28-31 players), four on the
    raised scale (lines 339-379, 1777-1779). The seed gives four to the raised scale
    without a field-size exception, so a raised event of 24-31 pairs gets four too."""
    if raised:
        return 4
    return 3 if entries >= 32 else 2


@dataclass(frozen=True)
class FieldAverage:
    """The average handicap that decides the scale and where it came from: the office's
    fact ``average_handicap`` (it wins) or the field's own handicaps."""

    value: Decimal
    by_office: bool

    @property
    def raised(self) -> bool:
        return self.value < RAISED_GOLD_HANDICAP


def field_average(competition: Competition) -> FieldAverage | None:
    """The office's ``average_handicap`` when given, else the field's average handicap
    from the report (``Competition.field_handicap``); None when neither is known."""
    typed = competition.option("average_handicap")
    if typed is not None:
        return FieldAverage(Decimal(str(typed)), by_office=True)
    if competition.field_handicap is not None:
        return FieldAverage(competition.field_handicap, by_office=False)
    return None


def field_handicap(entries: Iterable[tuple[Decimal | None, int]]) -> Decimal | None:
    """The field's average handicap over its players ("startfältets snitthandicap",
    lines 374-377) from each entry's handicap as the report carries it and its number
    of players: an entry's handicap is its players' average, so it counts once per
    player. None when an entry has no handicap: the seed asks for the whole field's
    average, and a part of the field is not it."""
    total, players = Decimal(0), 0
    for handicap, count in entries:
        if handicap is None:
            return None
        weight = max(count, 1)
        total += handicap * weight
        players += weight
    return total / players if players else None


def is_raised(competition: Competition) -> bool:
    """The raised scale: a field average handicap under 15 (lines 373-379)."""
    average = field_average(competition)
    return average is not None and average.raised


def _shown(value: Decimal) -> Decimal:
    # Cut, not rounded: 14.996 must not read "15.00 < 15".
    return value.quantize(Decimal("0.01"), rounding=ROUND_FLOOR)


def average_note(average: FieldAverage) -> tuple[str, str]:
    """The reason's words for the scale chosen: the average, the comparison with 15,
    the scale, where the average came from and the seed lines."""
    shown = _shown(average.value)
    sv_value, en_value = str(shown).replace(".", ","), str(shown)
    if average.raised:
        sv = f"snitthandicap {sv_value} < 15: förhöjd guldpoäng"
        en = f"field average handicap {en_value} < 15: raised gold"
    else:
        sv = f"snitthandicap {sv_value} ≥ 15: ordinarie guldpoäng"
        en = f"field average handicap {en_value} ≥ 15: ordinary gold"
    if average.by_office:
        sv += " (kansliets uppgift)"
        en += " (the office's figure)"
    lines_sv, lines_en = RAISED_GOLD_LINES
    return f"{sv}, {lines_sv}", f"{en}, {lines_en}"


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
        notes.append(RAISED_NOTE)
    else:
        for index in range(places):
            gold = gold_from_silver(lines[index].exact)
            lines[index] = Line(Colour.GOLD, gold, rules.round_up(gold))
    return Scale("gold", entries, kind, tuple(lines), tuple(notes), 12)
