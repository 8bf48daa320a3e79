"""Tables H1 and H2: the Swedish pairs championships (SM par).

Source: ``000_18af0e66f52a62b2.txt``, "Tabell H1, SM-par semifinal och final, öppen
klass" (lines 1866-1878) and "Tabell H2, finaler i SM Par veteran, dam, junior och
mixed" (lines 1879-1897).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from awards.domain.core import Colour

from . import bronze_pairs, rules, silver_pairs
from .scale import Line, Scale, integers, out_of_range

MIN_PAIRS: Final = 4
H1_FINAL_GOLD: Final = (50, 35, 25, 20, 15, 12, 10, 8, 6, 4, 3, 2, 1)  # line 1871
H1_FINAL_BRONZE_TO: Final = 18  # "brons till och med 18:e plats" (line 1873)
H1_SEMIFINAL_SILVER_SCALE: Final = 100  # "till de 16 första enligt 100-parsskalan" (line 1867)
H2_GOLD: Final = {
    "junior": (10, 5, 3, 2),  # line 1882
    "veteran": (10, 5, 4, 3),  # line 1888
    "ladies": (10, 5, 4, 3),
    "mixed": (10, 5, 4, 3),
}


def h1(entries: int, *, semifinal: bool) -> Scale:
    """SM pairs, open: the semifinal gives sp to 16 by the 100-pair scale and bronze
    times two to the best third; the A-final gives 50-35-25-...-1 gp to 13 places and
    bronze times three to place 18 (lines 1866-1878)."""
    if entries < MIN_PAIRS:
        raise out_of_range("H1", "Tabell H1 kräver minst 4 par", "Table H1 needs at least 4 pairs")
    field = bronze_pairs.row(entries)
    if semifinal:
        silver = silver_pairs.row(H1_SEMIFINAL_SILVER_SCALE).sp[: rules.silver_places(entries)]
        lines = integers(Colour.SILVER, silver)
        for place in range(len(silver) + 1, rules.bronze_places(entries) + 1):
            value = rules.cap_bronze_by_silver(2 * field[place - 1], silver[-1])
            lines.append(Line(Colour.BRONZE, Decimal(value), Decimal(value)))
        note = ("SM-par semifinal", "Swedish pairs championship, semifinal")
        return Scale("H1", entries, "pairs", tuple(lines[:entries]), (note,), 8)
    lines = integers(Colour.GOLD, H1_FINAL_GOLD)
    for place in range(len(lines) + 1, H1_FINAL_BRONZE_TO + 1):
        value = field[place - 1] if place <= len(field) else rules.BRONZE_MINIMUM
        lines.append(Line(Colour.BRONZE, Decimal(3 * value), Decimal(3 * value)))
    note = ("SM-par A-final", "Swedish pairs championship, A-final")
    return Scale("H1", entries, "pairs", tuple(lines[:entries]), (note,), 12)


def h2(entries: int, *, boards: int | None, category: str) -> Scale:
    """SM pairs finals for juniors (10-5-3-2 gp) and veterans, ladies, mixed
    (10-5-4-3 gp); the places after by table D with its board coefficient, bronze
    times three (lines 1879-1897)."""
    if category not in H2_GOLD:
        raise ValueError(f"H2 category {category!r}: one of {', '.join(H2_GOLD)}")
    silver = silver_pairs.scale(entries, boards=boards, multiplier=3, printed_red=False, table="H2")
    lines = list(silver.lines)
    for index, value in enumerate(H2_GOLD[category]):
        if index < len(lines):
            lines[index] = Line(Colour.GOLD, Decimal(value), Decimal(value))
    note = (f"SM-par final, {category}", f"Swedish pairs final, {category}")
    return Scale("H2", entries, "pairs", tuple(lines), (*silver.notes, note), 12)
