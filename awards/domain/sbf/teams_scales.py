"""The printed team scales of the SBF master points rules, as data.

Source: ``000_18af0e66f52a62b2.txt`` ("Svenska mästarpoäng 2014-2015"), chapter
9 "MP-tabeller": Tabell B1 (above 32 teams it reads Tabell A2 from ``scales``),
the bonus table printed under Tabell B2, Tabell B3's division totals, Tabell E1
(silver cells, then the bronze "red" cells), Tabell E2-E5 and G1-G3.

Every number here is transcribed from the seed; the rules that read them live in
:mod:`awards.domain.sbf.teams`. Cells that depart from a table's own stated
principle are kept as printed (``docs/awards-teams.md`` lists them).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

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
