"""Table C: bronze points for individual events, 8-60 players.

Source: ``000_18af0e66f52a62b2.txt``, "Tabell C, Brons, Individuellt" (page 10, lines
1073-1142). Each row keeps the line it was read from; 11, 14 and 15 players are not
printed.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Final

from awards.domain.core import Colour

from . import cells, rules
from .scale import Scale, integers, out_of_range

MIN_PLAYERS: Final = 8
MIN_BOARDS: Final = 18  # line 1139

# Tabell C: players -> bp per place to the best third (lines 1077-1126).
# fmt: off
C_ROWS: Final[dict[int, tuple[int, ...]]] = {
    8: (12, 8, 6),  # line 1077
    9: (14, 10, 7),  # line 1078
    10: (15, 10, 7, 5),  # line 1079
    12: (18, 12, 8, 6),  # line 1080
    13: (20, 14, 10, 7, 5),  # line 1081
    16: (24, 16, 11, 8, 6, 4),  # line 1082
    17: (26, 18, 12, 8, 6, 4),  # line 1083
    18: (27, 18, 12, 8, 6, 4),  # line 1084
    19: (29, 20, 14, 10, 7, 5, 4),  # line 1085
    20: (30, 20, 14, 10, 7, 5, 4),  # line 1086
    21: (32, 22, 15, 10, 7, 5, 4),  # line 1087
    22: (33, 22, 15, 10, 7, 5, 4, 4),  # line 1088
    23: (35, 24, 16, 11, 8, 6, 4, 4),  # line 1089
    24: (36, 24, 16, 11, 8, 6, 4, 4),  # line 1090
    25: (38, 26, 18, 12, 8, 6, 4, 4, 4),  # line 1091
    26: (39, 26, 18, 12, 8, 6, 4, 4, 4),  # line 1092
    27: (41, 28, 19, 13, 9, 6, 4, 4, 4),  # line 1093
    28: (42, 28, 19, 13, 9, 6, 4, 4, 4, 4),  # line 1094
    29: (44, 30, 20, 14, 10, 7, 5, 4, 4, 4),  # line 1095
    30: (45, 30, 20, 14, 10, 7, 5, 4, 4, 4),  # line 1096
    31: (47, 32, 22, 15, 10, 7, 5, 4, 4, 4, 4),  # line 1097
    32: (48, 32, 22, 15, 10, 7, 5, 4, 4, 4, 4),  # line 1098
    33: (50, 34, 25, 17, 12, 9, 7, 5, 4, 4, 4),  # line 1099
    34: (51, 32, 26, 18, 13, 10, 8, 6, 5, 5, 4, 4),  # line 1100
    35: (53, 36, 27, 19, 14, 11, 9, 7, 6, 6, 4, 4),  # line 1101
    36: (54, 36, 27, 20, 15, 12, 10, 8, 7, 6, 5, 4),  # line 1102
    37: (56, 38, 28, 22, 17, 14, 11, 9, 8, 7, 5, 5, 4),  # line 1103
    38: (57, 38, 29, 23, 18, 15, 12, 10, 9, 8, 6, 5, 4),  # line 1104
    39: (59, 40, 30, 24, 19, 16, 13, 11, 10, 9, 7, 6, 4),  # line 1105
    40: (60, 40, 30, 25, 20, 17, 14, 12, 11, 9, 7, 6, 4, 4),  # line 1106
    41: (62, 42, 31, 26, 21, 18, 15, 13, 11, 9, 7, 6, 4, 4),  # line 1107
    42: (63, 42, 32, 27, 21, 18, 15, 13, 11, 9, 7, 6, 4, 4),  # line 1108
    43: (65, 44, 33, 28, 22, 19, 15, 13, 11, 9, 7, 6, 5, 4, 4),  # line 1109
    44: (66, 44, 33, 28, 22, 19, 15, 13, 11, 9, 7, 6, 5, 4, 4),  # line 1110
    45: (68, 46, 34, 29, 23, 20, 16, 14, 11, 10, 8, 7, 6, 5, 4),  # line 1111
    46: (69, 46, 35, 30, 24, 20, 16, 14, 11, 10, 8, 7, 6, 5, 4, 4),  # line 1112
    47: (71, 48, 36, 30, 24, 20, 16, 14, 11, 10, 8, 7, 6, 5, 4, 4),  # line 1113
    48: (72, 48, 36, 30, 24, 20, 16, 14, 11, 10, 8, 7, 6, 5, 4, 4),  # line 1114
    49: (74, 50, 37, 31, 25, 21, 17, 15, 12, 10, 8, 7, 6, 5, 4, 4, 4),  # line 1115
    50: (75, 50, 38, 32, 26, 22, 18, 15, 12, 10, 8, 7, 6, 5, 4, 4, 4),  # line 1116
    51: (77, 52, 39, 33, 26, 22, 18, 15, 12, 11, 8, 7, 6, 5, 4, 4, 4),  # line 1117
    52: (78, 52, 39, 33, 26, 22, 18, 15, 12, 11, 8, 7, 6, 5, 4, 4, 4, 4),  # line 1118
    53: (80, 54, 40, 34, 27, 23, 19, 16, 13, 11, 9, 8, 6, 5, 4, 4, 4, 4),  # line 1119
    54: (81, 54, 41, 34, 28, 23, 19, 16, 13, 11, 9, 8, 7, 5, 4, 4, 4, 4),  # line 1120
    55: (83, 56, 42, 35, 28, 24, 19, 16, 13, 11, 9, 8, 7, 5, 4, 4, 4, 4, 4),  # line 1121
    56: (84, 56, 42, 35, 28, 24, 19, 16, 13, 11, 9, 8, 7, 5, 4, 4, 4, 4, 4),  # line 1122
    57: (86, 58, 43, 36, 29, 25, 20, 17, 14, 12, 10, 9, 7, 6, 5, 5, 4, 4, 4),  # line 1123
    58: (87, 58, 44, 37, 30, 25, 20, 17, 14, 12, 10, 9, 7, 6, 5, 5, 4, 4, 4, 4),  # line 1124
    59: (89, 60, 45, 38, 30, 25, 20, 17, 14, 12, 10, 9, 7, 6, 5, 5, 4, 4, 4, 4),  # line 1125
    60: (90, 60, 45, 38, 30, 25, 20, 17, 14, 12, 10, 9, 7, 6, 5, 5, 4, 4, 4, 4),  # line 1126
}
# fmt: on


def principle(players: int) -> tuple[int, ...]:
    """Winner 1.5 bp per player (12 at 8 players, line 1077), then 2/3 of the place
    above, at least 4, to the best third (lines 1130-1134)."""
    return rules.two_thirds_chain(
        rules.ceil(Fraction(3 * players, 2)), rules.bronze_places(players), rules.BRONZE_MINIMUM
    )


def row(players: int) -> tuple[int, ...]:
    """Bronze points per place for an individual event (table C, 8-60 players).

    The table skips 11, 14 and 15 players; those follow the table's stated principle
    for up to 32 players. Above 60 (the seed is silent) an even field follows A2's
    halving principle on this table, an odd one the mean of its neighbours.
    """
    return _row(players, cells.in_force())


@cache
def _row(players: int, amended: frozenset[cells.Cell]) -> tuple[int, ...]:
    # The printed rows are the rulebook version's (``cells``).
    if players < MIN_PLAYERS:
        raise ValueError(f"table C starts at 8 players, not {players}")
    if players in C_ROWS:
        return cells.flat_row("C", players, C_ROWS[players], amended)
    if players <= 32:
        return principle(players)
    if players % 2:
        return rules.mean_of_rows(
            _row(players - 1, amended), _row(players + 1, amended), rules.bronze_places(players)
        )
    return rules.halving_principle(
        rules.ceil(Fraction(3 * players, 2)),
        _row(players // 2, amended),
        rules.bronze_places(players),
        rules.BRONZE_MINIMUM,
    )


def scale(players: int) -> Scale:
    if players < MIN_PLAYERS:
        raise out_of_range("C", "Tabell C gäller 8-60 spelare", "Table C covers 8-60 players")
    return Scale("C", players, "individual", tuple(integers(Colour.BRONZE, row(players))))
