"""One pairs or individual table entered for one field: what each place gets, and the
reason each award carries.

Source: ``000_18af0e66f52a62b2.txt``, chapter 5 "Delad placering" (lines 488-494): a
shared place shares what its places give, colour by colour.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cached_property
from typing import NamedTuple

from awards.domain.core import Colour, OutOfRange, PlaceAward, Reason

from . import rules

UNITS = {"pairs": ("par", "pairs"), "individual": ("spelare", "players")}


class Line(NamedTuple):
    # A named tuple, not a frozen dataclass: one is made per placing and colour, and
    # a frozen dataclass's __init__ cost as much as the share itself.
    colour: Colour
    exact: Decimal
    credited: Decimal
    bonus: Decimal = Decimal(0)  # the part of ``exact`` that ranking must not count


Column = tuple[tuple[Decimal, ...], tuple[Decimal, ...]]  # (exact, credited) per place


@dataclass(frozen=True)
class Scale:
    """A scale as entered for one field, with the notes its reasons carry."""

    table: str
    entries: int
    kind: str
    lines: tuple[Line, ...]
    notes: tuple[tuple[str, str], ...] = ()
    bronze_floor: int = rules.BRONZE_MINIMUM

    # Every placing is shared out of the columns and named by the reason's head and
    # tail, so they are worked out once per scale rather than once per placing
    # (rebuilding the columns was two thirds of an award's time). ``replace()`` makes
    # a new scale, so a cached value never outlives the lines it came from.

    @cached_property
    def columns(self) -> dict[Colour, Column]:
        return _columns(self.lines)

    @cached_property
    def reason_parts(self) -> tuple[tuple[str, str], tuple[str, str]]:
        """(head, tail) of every place's reason, in Swedish and English."""
        label_sv, label_en = label(self.table)
        unit_sv, unit_en = UNITS.get(self.kind, UNITS["pairs"])
        head = (f"{label_sv}, {self.entries} {unit_sv}", f"{label_en}, {self.entries} {unit_en}")
        tail = (
            "".join(f"; {sv}" for sv, _ in self.notes),
            "".join(f"; {en}" for _, en in self.notes),
        )
        return head, tail


def _columns(lines: Sequence[Line]) -> dict[Colour, Column]:
    """Each colour present in ``lines``, as columns holding zero where another colour
    has the place: a place's share is read across the colours separately."""
    zero = Decimal(0)
    columns: dict[Colour, Column] = {}
    for colour in Colour:
        if any(line.colour is colour for line in lines):
            columns[colour] = (
                tuple(line.exact if line.colour is colour else zero for line in lines),
                tuple(line.credited if line.colour is colour else zero for line in lines),
            )
    return columns


def out_of_range(table: str, sv: str, en: str) -> OutOfRange:
    return OutOfRange(Reason(table, sv, en))


def label(table: str) -> tuple[str, str]:
    if table == "gold":
        return "Guldpoäng", "Gold points"
    return f"Tabell {table}", f"Table {table}"


def integers(colour: Colour, values: Sequence[int]) -> list[Line]:
    return [Line(colour, Decimal(v), Decimal(v)) for v in values]


def shares(built: Scale, place: int, place_to: int) -> dict[Colour, Line]:
    """What one entry at ``place``..``place_to`` gets, per colour (lines 488-494)."""
    result: dict[Colour, Line] = {}
    for colour, (exact, credited) in built.columns.items():
        if colour is Colour.BRONZE:
            floor = built.bronze_floor
            share = rules.shared_bronze(credited, place, place_to, minimum=floor)
            exact_share = rules.shared_bronze(exact, place, place_to, minimum=floor)
        else:
            share = rules.shared_value(credited, place, place_to)
            exact_share = rules.shared_value(exact, place, place_to)
        if share > 0:
            result[colour] = Line(colour, exact_share, rules.round_up(share))
    return result


def place_text(place: int, place_to: int) -> str:
    return str(place) if place == place_to else f"{place}-{place_to}"


def reason(built: Scale, place: int, place_to: int) -> Reason:
    (head_sv, head_en), (tail_sv, tail_en) = built.reason_parts
    if place == place_to:
        where_sv, where_en = f"plats {place}", f"place {place}"
    else:
        where_sv, where_en = f"delad plats {place}-{place_to}", f"shared place {place}-{place_to}"
    return Reason(built.table, f"{head_sv}, {where_sv}{tail_sv}", f"{head_en}, {where_en}{tail_en}")


def join(base: Reason, sv: str, en: str) -> Reason:
    return Reason(base.table, f"{base.sv}; {sv}", f"{base.en}; {en}")


def place_awards(built: Scale) -> tuple[PlaceAward, ...]:
    return tuple(
        PlaceAward(place, line.colour, line.exact, line.credited, reason(built, place, place))
        for place, line in enumerate(built.lines, start=1)
    )
