"""Tables B1-B4: bronze points for team events.

Source: ``000_18af0e66f52a62b2.txt``, chapter 9: "Tabell B1, Brons, Lagbarometer"
(lines 830-887; above 32 teams it reads table A2), "Tabell B2, Brons, Serie utan upp-
och nedflyttning" with the bonus table printed under it (lines 918-990), "Tabell B3"
(series with promotion, lines 991-1033) and "Tabell B4, Brons, Serie- eller
cuptävling med en eller två matcher per omgång" (lines 1034-1060). Each printed row
keeps the line it was read from; ``docs/awards-teams.md`` records the readings.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Final

from awards.domain.core import Colour

from . import bronze_pairs, rules
from .team_rules import (
    Bonus,
    MatchValue,
    TeamTable,
    average_rows,
    check_boards_per_match,
    check_division,
    per_match,
    refuse,
)

# The bronze floor of A1 ("dock ej färre än 4"), which B1's printed rows 28-32
# also show where two thirds of the place above would give 3.
B1_FLOOR: Final = 4

# Tabell B1 (bronze team barometer), 4-32 teams: bp per place. The seed prints no
# rows for 25, 27, 29 and 31 teams.
# fmt: off
B1_PRINTED: Final[dict[int, tuple[int, ...]]] = {
    4: (12, 8),  # line 835
    5: (15, 10),  # line 837
    6: (18, 12),  # line 839
    7: (21, 14, 10),  # line 841
    8: (24, 16, 11),  # line 843
    9: (27, 18, 12),  # line 845
    10: (30, 20, 14, 10),  # line 847
    11: (33, 22, 15, 10),  # line 849
    12: (36, 24, 16, 11),  # line 851
    13: (39, 26, 18, 12, 8),  # line 853
    14: (42, 28, 19, 13, 9),  # line 855
    15: (45, 30, 20, 14, 10),  # line 857
    16: (48, 32, 22, 15, 10, 7),  # line 859
    17: (51, 34, 23, 16, 11, 8),  # line 861
    18: (54, 36, 24, 16, 11, 8),  # line 863
    19: (57, 38, 26, 18, 12, 8, 6),  # line 865
    20: (60, 40, 27, 18, 12, 8, 6),  # line 867
    21: (63, 42, 28, 19, 13, 9, 6),  # line 869
    22: (66, 44, 30, 20, 14, 10, 7, 5),  # line 871
    23: (69, 46, 31, 21, 14, 10, 7, 5),  # line 873
    24: (72, 48, 32, 22, 15, 10, 7, 5),  # line 875
    26: (78, 52, 35, 24, 16, 11, 8, 6, 4),  # line 877
    28: (84, 56, 38, 26, 18, 12, 8, 6, 4, 4),  # line 879
    30: (90, 60, 40, 27, 18, 12, 8, 6, 4, 4),  # line 881
    32: (96, 64, 43, 29, 20, 14, 10, 7, 5, 4, 4),  # line 883
}
# fmt: on

# The bonus table printed under Tabell B2: bp per player, places 1-4, 4-12 teams.
# fmt: off
B2_BONUS_PRINTED: Final[dict[int, tuple[int, ...]]] = {
    4: (30,),  # line 963
    5: (40, 10),  # line 965
    6: (50, 20),  # line 967
    7: (60, 30),  # line 969
    8: (70, 40, 10),  # line 971
    9: (80, 50, 20),  # line 973
    10: (90, 60, 30),  # line 975
    11: (100, 70, 40, 10),  # line 977
    12: (110, 80, 50, 20),  # line 979
}
# fmt: on

# Tabell B2 and B3: bp per won match in a series with one match per round (at least
# 24 boards). B2 (no promotion, or a cup) plays for 64; B3 for the totals below,
# keyed by the number of divisions and listed from division 1 down.
B2_WIN: Final = 64
B3_WIN: Final[dict[int, tuple[int, ...]]] = {
    2: (72, 56),
    3: (76, 60, 52),
    4: (80, 64, 56, 48),
    5: (80, 64, 56, 52, 48),
    6: (80, 64, 60, 56, 52, 48),
}
# B3's bonus: "division 1 får 100 %, division [2] får 50 % och division 3 får 25 %".
B3_BONUS_SHARE: Final[dict[int, Decimal]] = {1: Decimal(1), 2: Decimal("0.5"), 3: Decimal("0.25")}
# Tabell B4: 12-23 boards per match.
B4_WIN: Final = 32


def a2_row(pairs: int) -> tuple[int, ...]:
    """Tabell A2 for 32-100 pairs, as the pairs scales read it (odd counts averaged)."""
    if not 32 <= pairs <= 100:
        raise refuse(
            "A2",
            f"Tabell A2 gäller 32-100 par, inte {pairs}",
            f"Table A2 covers 32-100 pairs, not {pairs}",
        )
    return bronze_pairs.row(pairs)


def b1_row(teams: int) -> tuple[int, ...]:
    """Tabell B1: bp per player for each place, best third of ``teams``.

    Unprinted 25, 27, 29 and 31 teams take the mean of the neighbouring rows,
    rounded up, as Tabell A2 says for odd counts (E1's bronze cells for 31 teams,
    2 x (5, 4, 4), agree with the mean and not with the two-thirds principle).
    Above 32 teams: Tabell A2's row for as many pairs, times 1.5, rounded up.
    """
    if teams < 4:
        raise refuse(
            "B1",
            f"Tabell B1 kräver minst 4 lag, inte {teams}",
            f"Table B1 needs at least 4 teams, not {teams}",
        )
    if teams in B1_PRINTED:
        return B1_PRINTED[teams]
    if teams < 32:
        return average_rows(
            B1_PRINTED[teams - 1], B1_PRINTED[teams + 1], rules.ceil(Fraction(teams, 3)), B1_FLOOR
        )
    if teams > 100:
        raise refuse(
            "B1",
            f"Tabell B1 (via A2) gäller högst 100 lag, inte {teams}",
            f"Table B1 (through A2) covers at most 100 teams, not {teams}",
        )
    return tuple(max(B1_FLOOR, rules.ceil(Fraction(cell * 3, 2))) for cell in a2_row(teams))


def _two_thirds_tail(row: tuple[int, ...], places: int, floor: int) -> tuple[int, ...]:
    """Cut ``row`` to ``places``, or lengthen it by B1's rule: two thirds of the place above."""
    cells = list(row[:places])
    while len(cells) < places:
        cells.append(max(floor, rules.ceil(Fraction(cells[-1] * 2, 3))))
    return tuple(cells)


def _b1_places(
    entries: int,
    boards: int | None,
    met: int | None,
    division: int | None,
    divisions: int | None,
) -> list[tuple[Colour, int]]:
    """B1 in one division, or in two: "div 1 poäng efter 1,2 x lagantalet, div 2 poäng
    efter 0,8 x lagantalet", the best third of the division's own teams getting points."""
    if divisions in (None, 1):
        return [(Colour.BRONZE, cell) for cell in b1_row(entries)]
    if divisions != 2 or division not in (1, 2):
        raise refuse(
            "B1",
            "Lagbarometer med bp beskrivs bara i en eller två divisioner (division 1 eller 2)",
            "A bronze team barometer is described in one or two divisions only (division 1 or 2)",
        )
    factor = Fraction(6, 5) if division == 1 else Fraction(4, 5)
    row = b1_row(rules.ceil(entries * factor))
    cells = _two_thirds_tail(row, rules.ceil(Fraction(entries, 3)), B1_FLOOR)
    return [(Colour.BRONZE, cell) for cell in cells]


def b2_bonus_row(teams: int) -> tuple[int, ...]:
    """The bonus table under B2: bp per player by place.

    Printed for 4-12 teams; the printed rows follow 10 bp per team beaten for
    the winner and 30 less for each place below, which we follow outside 4-12.
    """
    if teams in B2_BONUS_PRINTED:
        return B2_BONUS_PRINTED[teams]
    return tuple(cell for cell in range(10 * (teams - 1), 0, -30))


def _b2_value(
    table: TeamTable,
    boards: int,
    division: int | None,
    divisions: int | None,
    sm_event: str | None,
    stage: str | None,
) -> MatchValue:
    check_boards_per_match(table, boards)
    return per_match(table, B2_WIN, f"{boards} brickor", f"{boards} boards")


def _b3_value(
    table: TeamTable,
    boards: int,
    division: int | None,
    divisions: int | None,
    sm_event: str | None,
    stage: str | None,
) -> MatchValue:
    check_boards_per_match(table, boards)
    division = check_division(table, division, divisions)
    assert divisions is not None
    return per_match(
        table,
        B3_WIN[divisions][division - 1],
        f"division {division} av {divisions}, {boards} brickor",
        f"division {division} of {divisions}, {boards} boards",
    )


def _b4_value(
    table: TeamTable,
    boards: int,
    division: int | None,
    divisions: int | None,
    sm_event: str | None,
    stage: str | None,
) -> MatchValue:
    check_boards_per_match(table, boards)
    return per_match(table, B4_WIN, f"{boards} brickor", f"{boards} boards")


def _series_bonus(
    table: TeamTable,
    entries: int,
    rounds: int | None,
    swiss: bool,
    double_round_robin: bool,
    share: Decimal,
    division: int | None,
) -> Bonus:
    """B2's bonus table (B3: a share of it by division). Swiss: the row for rounds + 1
    teams; a double round robin doubles it."""
    label_sv, label_en = f"{entries} lag", f"{entries} teams"
    if swiss:
        if not rounds:
            raise refuse(
                table.name,
                "Bonus i Gröna Hissen räknas på antalet ronder",
                "A Swiss bonus is counted from the rounds",
            )
        base = b2_bonus_row(rounds + 1)
        label_sv, label_en = f"Gröna Hissen, {rounds} ronder", f"Swiss, {rounds} rounds"
    else:
        base = b2_bonus_row(entries)
    if table.names_division:
        label_sv += f", division {division}"
        label_en += f", division {division}"
    if double_round_robin:
        share *= 2
        label_sv += ", dubbelserie"
        label_en += ", double round robin"
    return Bonus(tuple(Decimal(cell) * share for cell in base), label_sv, label_en)


def _b2_bonus(
    table: TeamTable,
    entries: int,
    rounds: int | None,
    division: int | None,
    swiss: bool,
    double_round_robin: bool,
    sm_event: str | None,
) -> Bonus:
    return _series_bonus(table, entries, rounds, swiss, double_round_robin, Decimal(1), division)


def _b3_bonus(
    table: TeamTable,
    entries: int,
    rounds: int | None,
    division: int | None,
    swiss: bool,
    double_round_robin: bool,
    sm_event: str | None,
) -> Bonus:
    share = B3_BONUS_SHARE.get(division or 0, Decimal(0))
    return _series_bonus(table, entries, rounds, swiss, double_round_robin, share, division)


_PER_MATCH_TO_B4 = ("12-23 brickor: tabell B4", "12-23 boards: table B4")

TABLES: Final = (
    TeamTable(
        "B1", Colour.BRONZE, barometer=True, min_teams=4, min_boards=18,
        places=_b1_places,
    ),
    TeamTable(
        "B2", Colour.BRONZE, min_teams=2, min_boards=24, boards_hint=_PER_MATCH_TO_B4,
        cup_bonus=False, bonus_colour=Colour.BRONZE, value=_b2_value, bonus=_b2_bonus,
    ),
    TeamTable(
        "B3", Colour.BRONZE, min_teams=4, min_boards=24, boards_hint=_PER_MATCH_TO_B4,
        division_counts=range(min(B3_WIN), max(B3_WIN) + 1), names_division=True,
        bonus_colour=Colour.BRONZE, value=_b3_value, bonus=_b3_bonus,
    ),
    TeamTable(
        "B4", Colour.BRONZE, min_teams=2, min_boards=12, max_boards=23,
        min_boards_one_match_per_round=16, value=_b4_value,
    ),
)  # fmt: skip
