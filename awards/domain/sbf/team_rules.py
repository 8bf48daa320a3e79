"""What the team tables share: the facts each table states about the fields it covers,
what one match is worth, and the definition of a won and a drawn match.

Source: ``000_18af0e66f52a62b2.txt``, chapter 9, "Definition av vunnen respektive
oavgjord match" (B2-B4, E2-E5; G1 says the same) and the rules of chapter 5 that team
events read ("Delad placering", "WO eller avbruten tävling").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Final

from awards.domain.core import Colour, OutOfRange, Reason

from . import rules

WON: Final = "won"
DRAWN: Final = "drawn"

# "Definition av vunnen respektive oavgjord match" (B2-B4 and E2-E5; G1 says the
# same for 17-13, 16-14 and 15-15). Keyed by the VP scale's total for a match
# (30: 15-15 is level): (fewest own VP for a win, most own VP that earns nothing).
# 18-12, 14-6, 6-2, 5-1, 3-1, 2-0 win; 17-13 ... 1-1 are draws.
WIN_DRAW_VP: Final[dict[int, tuple[Decimal, Decimal]]] = {
    30: (Decimal(18), Decimal(12)),
    20: (Decimal(14), Decimal(6)),
    8: (Decimal(6), Decimal(2)),
    6: (Decimal(5), Decimal(1)),
    4: (Decimal(3), Decimal(1)),
    2: (Decimal(2), Decimal(0)),
}


@dataclass(frozen=True)
class MatchValue:
    """What a team earns for one won or drawn match, before it is shared out."""

    table: str
    colour: Colour
    win: Decimal
    draw: Decimal
    sv: str  # e.g. "division 2, 24 brickor"
    en: str


@dataclass(frozen=True)
class Bonus:
    """A table's bonus per player by final place, and how its reason names the field."""

    rows: tuple[Decimal, ...]
    sv: str
    en: str


# what one match is worth: (table, boards, division, divisions, sm_event, stage)
MatchRule = Callable[["TeamTable", int, int | None, int | None, str | None, str | None], MatchValue]
# a barometer's cells: (entries, boards in all, teams met, division, divisions)
PlaceRule = Callable[
    [int, int | None, int | None, int | None, int | None], list[tuple[Colour, int]]
]
# a place bonus: (table, entries, rounds, division, swiss, double round robin, sm_event)
BonusRule = Callable[["TeamTable", int, int | None, int | None, bool, bool, str | None], Bonus]


def _no_names() -> Mapping[Any, Any]:
    return MappingProxyType({})


@dataclass(frozen=True)
class TeamTable:
    """What one team table states: the fields it covers and how it is read.

    A barometer awards places (``places``); a series or cup awards matches (``value``)
    and may add a place bonus (``bonus``). ``min_boards`` counts the boards in all for a
    barometer and per match for a series.
    """

    name: str
    colour: Colour
    barometer: bool = False
    min_teams: int = 2
    min_boards: int | None = None
    max_boards: int | None = None  # per match
    boards_hint: tuple[str, str] = ("", "")  # where the fewer boards belong
    # B4: the fewest boards per match with one match per round
    min_boards_one_match_per_round: int | None = None
    division_counts: range | None = None  # how many divisions a series may have
    # G3: 1 = Elitserien; the others are "division N"
    division_names: Mapping[int, str] = field(default_factory=_no_names)
    names_division: bool = False  # the award's reason names the division
    # G2: the option ``sm_event`` -> the printed table (G2a, G2b, G2c)
    events: Mapping[str, str] = field(default_factory=_no_names)
    stages: frozenset[str] = frozenset()  # knock-out stages with a value of their own
    cup_bonus: bool = True  # B2: "ingen bonus i cup"
    bonus_colour: Colour = Colour.GOLD
    bonus_replaces_silver: bool = False  # G2a: the best teams' sp become gp
    # G3: division -> the winners' share on top of what they earned
    winners_bonus: Mapping[int, Decimal] = field(default_factory=_no_names)
    places: PlaceRule | None = None
    value: MatchRule | None = None
    bonus: BonusRule | None = None

    def division_name(self, division: int | None) -> str:
        return self.division_names.get(division or 0, f"division {division}")


def refuse(table: str, sv: str, en: str) -> OutOfRange:
    return OutOfRange(Reason(table=table, sv=sv, en=en))


def credited(value: Decimal) -> Decimal:
    return Decimal(rules.ceil(value))


def num(value: Decimal | int, sv: bool) -> str:
    text = format(Decimal(value).normalize(), "f")
    return text.replace(".", ",") if sv else text


def whole(name: str, value: object, table: str) -> int:
    if type(value) is not int:
        raise refuse(
            table,
            f"{name} måste vara ett heltal: {value!r}",
            f"{name} must be a whole number: {value!r}",
        )
    return value


def per_match(
    table: TeamTable, win: Decimal | int, sv: str, en: str, colour: Colour | None = None
) -> MatchValue:
    """A won match's points and half of them for a draw."""
    return MatchValue(table.name, colour or table.colour, Decimal(win), Decimal(win) / 2, sv, en)


def check_boards_per_match(table: TeamTable, boards: int) -> None:
    """The boards a match must have for the table (B2, B3: 24; B4: 12-23; E2: 6)."""
    name, low, high = table.name, table.min_boards or 0, table.max_boards
    if high is not None and not low <= boards <= high:
        raise refuse(
            name,
            f"Tabell {name} gäller {low}-{high} brickor per match, inte {boards}",
            f"Table {name} covers {low}-{high} boards per match, not {boards}",
        )
    if boards < low:
        hint_sv, hint_en = (f" ({hint})" if hint else "" for hint in table.boards_hint)
        raise refuse(
            name,
            f"Tabell {name} kräver minst {low} brickor per match, inte {boards}{hint_sv}",
            f"Table {name} needs at least {low} boards per match, not {boards}{hint_en}",
        )


def check_division(table: TeamTable, division: int | None, divisions: int | None) -> int:
    """A division within a series of ``division_counts`` divisions (B3, E3)."""
    counts = table.division_counts
    if (
        counts is None
        or divisions not in counts
        or division is None
        or divisions is None
        or not 1 <= division <= divisions
    ):
        low, high = (counts.start, counts.stop - 1) if counts else (0, 0)
        name = table.name
        raise refuse(
            name,
            f"Tabell {name} gäller {low}-{high} divisioner och en division i serien (division {division} av {divisions})",
            f"Table {name} covers {low}-{high} divisions and a division within them (division {division} of {divisions})",
        )
    return division


def average_rows(
    lower: tuple[int, ...], upper: tuple[int, ...], places: int, missing: int
) -> tuple[int, ...]:
    """Tabell A2's rule for unprinted counts: the mean of the rows either side, rounded up."""
    cells = []
    for index in range(places):
        low = lower[index] if index < len(lower) else missing
        high = upper[index] if index < len(upper) else missing
        cells.append(rules.ceil(Fraction(low + high, 2)))
    return tuple(cells)


def match_result(
    own_vp: Decimal,
    other_vp: Decimal,
    own_penalty: Decimal = Decimal(0),
    scale_total: int | None = None,
) -> str | None:
    """``"won"``, ``"drawn"`` or ``None`` (nothing) for one team by the seed's definition.

    The scale is the pre-penalty sum of the two teams' VP unless given. A team
    is judged on its own VP after its own penalty: 18-12 less 1 VP (17-12) is a
    draw for that team; 17-13 where the other loses 1 VP leaves that team 12,
    nothing.
    """
    total = scale_total if scale_total is not None else own_vp + other_vp
    thresholds = WIN_DRAW_VP.get(int(total)) if Decimal(total) == int(total) else None
    if thresholds is None:
        raise OutOfRange(
            Reason(
                table="",
                sv=f"Okänd VP-skala ({num(own_vp, True)}-{num(other_vp, True)}): ange vp_scale",
                en=f"Unknown VP scale ({num(own_vp, False)}-{num(other_vp, False)}): set vp_scale",
            )
        )
    win_at, nothing_at = thresholds
    own = own_vp - own_penalty
    if own >= win_at:
        return WON
    if own <= nothing_at:
        return None
    return DRAWN
