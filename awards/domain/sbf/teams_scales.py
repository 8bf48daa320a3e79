"""The printed team scales of the SBF master points rules, as data.

Source: ``000_18af0e66f52a62b2.txt`` ("Svenska mästarpoäng 2014-2015"), chapter
9 "MP-tabeller": Tabell A2 (only the rows, used by B1 above 32 teams), Tabell B1,
the bonus table printed under Tabell B2, Tabell B3's division totals, Tabell E1
(silver cells, then the bronze "red" cells), Tabell E2-E5 and G1-G3.

Every number here is transcribed from the seed; the rules that read them live in
:mod:`awards.domain.sbf.teams`. Cells that depart from a table's own stated
principle are kept as printed (``docs/awards-teams.md`` lists them).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

# Own copy of Tabell A2's printed rows (32-100 pairs, even counts only): B1 reads
# them above 32 teams ("följ tabell A2 och multiplicera bp med 1,5"), and the
# pairs module may not exist when this one is imported.
# fmt: off
A2_PRINTED: Final[dict[int, tuple[int, ...]]] = {
    32: (64, 43, 29, 20, 14, 10, 7, 5, 4, 4, 4),
    34: (68, 46, 34, 23, 17, 13, 10, 7, 6, 6, 5, 4),
    36: (72, 48, 36, 26, 20, 16, 13, 10, 8, 7, 6, 4),
    38: (76, 51, 38, 31, 24, 20, 16, 12, 10, 9, 7, 6, 4),
    40: (80, 54, 40, 34, 27, 23, 18, 15, 12, 10, 8, 7, 6, 4),
    42: (84, 56, 42, 35, 28, 24, 19, 16, 13, 11, 9, 8, 6, 4),
    44: (88, 59, 44, 37, 30, 25, 20, 17, 14, 12, 10, 9, 7, 5, 4),
    46: (92, 61, 46, 39, 31, 26, 21, 18, 14, 12, 10, 9, 7, 6, 4, 4),
    48: (96, 64, 48, 40, 32, 27, 22, 19, 15, 13, 10, 9, 7, 6, 5, 4),
    50: (100, 67, 50, 42, 34, 29, 23, 20, 16, 14, 11, 10, 8, 7, 6, 4, 4),
    52: (104, 70, 52, 44, 35, 30, 24, 20, 16, 14, 11, 10, 8, 7, 6, 5, 4, 4),
    54: (108, 72, 54, 45, 36, 30, 24, 20, 16, 14, 11, 10, 8, 7, 6, 5, 4, 4),
    56: (112, 75, 56, 47, 38, 32, 26, 22, 18, 15, 12, 10, 8, 7, 6, 5, 4, 4, 4),
    58: (116, 78, 58, 49, 39, 33, 26, 22, 18, 15, 12, 10, 8, 7, 6, 5, 4, 4, 4, 4),
    60: (120, 80, 60, 50, 40, 34, 27, 23, 18, 15, 12, 10, 8, 7, 6, 5, 4, 4, 4, 4),
    62: (124, 83, 62, 52, 42, 35, 28, 24, 19, 16, 13, 11, 9, 8, 6, 6, 4, 4, 4, 4, 4),
    64: (128, 86, 64, 54, 43, 36, 29, 25, 20, 17, 14, 12, 10, 9, 7, 6, 5, 4, 4, 4, 4, 4),
    66: (132, 88, 66, 56, 45, 38, 32, 27, 22, 19, 16, 14, 12, 11, 9, 8, 6, 6, 5, 5, 5, 4),
    68: (136, 91, 68, 57, 46, 40, 34, 29, 23, 20, 17, 15, 13, 12, 10, 9, 7, 7, 6, 6, 6, 5, 4),
    70: (140, 94, 70, 58, 47, 41, 35, 30, 25, 22, 19, 17, 15, 14, 12, 11, 9, 8, 7, 7, 7, 6, 5, 4),
    72: (144, 96, 72, 63, 48, 42, 36, 31, 26, 23, 20, 18, 16, 15, 13, 12, 10, 9, 8, 8, 7, 7, 6, 4),
    74: (148, 99, 74, 62, 50, 44, 37, 33, 29, 26, 22, 20, 18, 17, 15, 13, 11, 11, 10, 10, 9, 8, 7, 6, 4),
    76: (152, 102, 76, 63, 51, 45, 38, 35, 31, 28, 24, 22, 20, 18, 16, 14, 12, 10, 10, 9, 8, 7, 6, 4, 4),
    78: (156, 104, 78, 65, 52, 46, 39, 36, 33, 30, 26, 24, 22, 20, 17, 16, 14, 13, 11, 11, 10, 9, 8, 7, 6, 4),
    80: (160, 107, 80, 67, 54, 43, 40, 37, 34, 31, 27, 25, 23, 21, 18, 17, 15, 13, 12, 11, 10, 9, 8, 7, 7, 6, 4),
    82: (164, 110, 82, 68, 55, 48, 41, 38, 35, 32, 28, 26, 24, 22, 19, 18, 16, 14, 13, 12, 11, 10, 9, 9, 8, 7, 6, 4),
    84: (168, 112, 84, 70, 56, 49, 42, 39, 35, 32, 28, 26, 24, 22, 19, 18, 16, 14, 13, 12, 11, 10, 9, 9, 8, 7, 6, 4),
    86: (172, 115, 86, 71, 57, 50, 43, 40, 34, 33, 29, 27, 25, 23, 20, 19, 17, 15, 14, 13, 12, 11, 10, 10, 9, 8, 7, 5, 4),
    88: (176, 118, 88, 73, 59, 52, 44, 41, 37, 34, 30, 28, 25, 23, 20, 19, 17, 16, 14, 13, 12, 11, 10, 10, 9, 8, 7, 6, 5, 4),
    90: (180, 120, 90, 75, 60, 53, 45, 42, 38, 35, 31, 29, 26, 24, 21, 20, 18, 16, 14, 13, 12, 11, 10, 10, 9, 8, 7, 6, 5, 4),
    92: (184, 123, 92, 76, 61, 54, 46, 43, 39, 36, 31, 29, 26, 24, 21, 20, 18, 16, 14, 13, 12, 11, 10, 10, 9, 8, 7, 7, 6, 5, 4),
    94: (188, 126, 94, 78, 62, 55, 47, 44, 40, 36, 32, 30, 27, 25, 22, 21, 19, 17, 15, 14, 13, 12, 10, 10, 9, 8, 7, 7, 6, 6, 5, 4),
    96: (192, 128, 96, 80, 64, 56, 48, 44, 40, 36, 32, 30, 27, 25, 22, 21, 19, 17, 15, 14, 13, 12, 10, 10, 9, 8, 7, 7, 6, 6, 5, 4),
    98: (196, 131, 98, 82, 65, 57, 49, 45, 41, 38, 33, 31, 28, 26, 23, 22, 20, 18, 16, 15, 14, 13, 11, 10, 10, 9, 8, 8, 7, 7, 6, 5, 4),
    100: (200, 134, 100, 84, 67, 59, 50, 46, 42, 39, 34, 32, 29, 26, 23, 22, 20, 18, 16, 15, 14, 13, 11, 10, 10, 9, 8, 8, 7, 7, 6, 5, 4, 4),
}
# fmt: on

# Tabell B1 (bronze team barometer), 4-32 teams: bp per place. The seed prints no
# rows for 25, 27, 29 and 31 teams.
# fmt: off
B1_PRINTED: Final[dict[int, tuple[int, ...]]] = {
    4: (12, 8),
    5: (15, 10),
    6: (18, 12),
    7: (21, 14, 10),
    8: (24, 16, 11),
    9: (27, 18, 12),
    10: (30, 20, 14, 10),
    11: (33, 22, 15, 10),
    12: (36, 24, 16, 11),
    13: (39, 26, 18, 12, 8),
    14: (42, 28, 19, 13, 9),
    15: (45, 30, 20, 14, 10),
    16: (48, 32, 22, 15, 10, 7),
    17: (51, 34, 23, 16, 11, 8),
    18: (54, 36, 24, 16, 11, 8),
    19: (57, 38, 26, 18, 12, 8, 6),
    20: (60, 40, 27, 18, 12, 8, 6),
    21: (63, 42, 28, 19, 13, 9, 6),
    22: (66, 44, 30, 20, 14, 10, 7, 5),
    23: (69, 46, 31, 21, 14, 10, 7, 5),
    24: (72, 48, 32, 22, 15, 10, 7, 5),
    26: (78, 52, 35, 24, 16, 11, 8, 6, 4),
    28: (84, 56, 38, 26, 18, 12, 8, 6, 4, 4),
    30: (90, 60, 40, 27, 18, 12, 8, 6, 4, 4),
    32: (96, 64, 43, 29, 20, 14, 10, 7, 5, 4, 4),
}
# fmt: on

# The bonus table printed under Tabell B2: bp per player, places 1-4, 4-12 teams.
# fmt: off
B2_BONUS_PRINTED: Final[dict[int, tuple[int, ...]]] = {
    4: (30,),
    5: (40, 10),
    6: (50, 20),
    7: (60, 30),
    8: (70, 40, 10),
    9: (80, 50, 20),
    10: (90, 60, 30),
    11: (100, 70, 40, 10),
    12: (110, 80, 50, 20),
}
# fmt: on

# Tabell E1 (silver team barometer): per team count, (sp for the best quarter,
# then the "red" bp down to the best third). Rows 8-32, 34, 36, 38, 40 and 60.
# fmt: off
E1_PRINTED: Final[dict[int, tuple[tuple[int, ...], tuple[int, ...]]]] = {
    8: ((12, 8), (22,)),
    9: ((14, 10, 7), ()),
    10: ((15, 10, 7), (20,)),
    11: ((17, 12, 8), (20,)),
    12: ((18, 12, 8), (20,)),
    13: ((20, 14, 10, 7), (16,)),
    14: ((21, 14, 10, 7), (18,)),
    15: ((23, 16, 11, 8), (20,)),
    16: ((24, 16, 11, 8), (20, 14)),
    17: ((26, 18, 12, 8, 6), (16,)),
    18: ((27, 18, 12, 8, 6), (16,)),
    19: ((29, 20, 14, 10, 7), (16, 12)),
    20: ((30, 20, 14, 10, 7), (16, 12)),
    21: ((32, 22, 15, 10, 7, 5), (12,)),
    22: ((33, 22, 15, 10, 7, 5), (14, 10)),
    23: ((35, 24, 16, 11, 8, 6), (14, 10)),
    24: ((36, 24, 16, 11, 8, 6), (14, 10)),
    25: ((38, 26, 18, 12, 8, 6, 4), (12, 8)),
    26: ((39, 26, 18, 12, 8, 6, 4), (12, 8)),
    27: ((41, 28, 19, 13, 9, 6, 4), (12, 8)),
    28: ((42, 28, 19, 13, 9, 6, 4), (12, 8, 8)),
    29: ((44, 30, 20, 14, 10, 7, 5, 4), (8, 8)),
    30: ((45, 30, 20, 14, 10, 7, 5, 4), (8, 8)),
    31: ((47, 32, 22, 15, 10, 7, 5, 4), (10, 8, 8)),
    32: ((48, 32, 22, 15, 10, 7, 5, 4), (10, 8, 8)),
    34: ((51, 34, 25, 19, 13, 9, 7, 6, 4), (12, 8, 8)),
    36: ((54, 36, 27, 20, 15, 12, 9, 8, 6), (16, 12, 8)),
    38: ((57, 39, 29, 22, 18, 15, 12, 10, 8, 6), (14, 10, 8)),
    40: ((60, 40, 30, 25, 20, 17, 14, 12, 10, 7), (16, 12, 8, 8)),
    60: ((72, 48, 36, 30, 24, 20, 16, 14, 11, 10, 8, 6, 4, 4, 4), (8, 8)),
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

# Tabell E3: sp per won match = boards + offset, keyed by the number of divisions.
# Six to eight divisions: divisions 1-5 as with five, then -10, -12, -14.
E3_OFFSETS: Final[dict[int, tuple[int, ...]]] = {
    2: (0, -4),
    3: (4, 0, -4),
    4: (4, 0, -4, -8),
    5: (8, 4, 0, -4, -8),
    6: (8, 4, 0, -4, -8, -10),
    7: (8, 4, 0, -4, -8, -10, -12),
    8: (8, 4, 0, -4, -8, -10, -12, -14),
}
# "Minsta antal sp som ett lag kan erhålla i enskild match: vid vunnen match 2, vid
# oavgjord 1."
E3_MINIMUM_WIN: Final = 2
E3_MINIMUM_DRAW: Final = 1

# Tabell E5, Allsvenskan division III: sp per won match, and the gp bonus per
# player for places 1 and 2.
E5_DIV3_WIN: Final = 32
E5_DIV3_BONUS_GP: Final = (2, 1)

# Tabell G1, SM final for teams: gp per won match by boards per match, and the
# bonus per player for places 1-3.
G1_WIN: Final[dict[int, int]] = {20: 12, 24: 16}
G1_BONUS: Final = (28, 20, 14)

# Tabell G2a, SM final for juniors: (fewest teams, gp per player by place).
G2A_GOLD: Final[tuple[tuple[int, tuple[int, ...]], ...]] = (
    (13, (10, 5, 3, 2)),
    (9, (7, 5, 3)),
    (6, (7, 4)),
)
# Tabell G2b, SM final for veterans: gp per won knock-out match by stage.
G2B_WIN: Final[dict[str, int]] = {
    "quarterfinal": 8,
    "semifinal": 12,
    "final": 16,
    "third_place": 12,
}
# Tabell G2c, SM semifinal for teams: gp per won match.
G2C_WIN: Final = 6

# Tabell G3, Allsvenskan: gp per won match in Elitserien (division 1) and division 2,
# and the winners' bonus in Elitserien on the points they earned.
G3_WIN: Final[dict[int, int]] = {1: 12, 2: 6}
G3_ELITE_BONUS: Final = Decimal("0.2")

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
