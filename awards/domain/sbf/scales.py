"""The SBF per-place award scales, as printed, and the principles they follow.

Source: ``000_18af0e66f52a62b2.txt`` ("Svenska mästarpoäng 2014-2015"), chapter 9
"MP-tabeller"; each row below carries the seed line it was read from. The text was
extracted from a PDF, so table D's and F's bronze places ("i rött") follow the silver
ones on the same line; they are split where the numbers rise again.

Printed numbers are the law: where a printed cell departs from its table's own
principle it is kept (``awards/tests/domain/test_sbf_scales_*.py`` lists every such
cell). Rows the tables leave out are filled as documented on each function and in
``docs/awards.md``.

Values are in each colour's own unit (bp, sp, gp), per place, best place first.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction
from functools import cache


@dataclass(frozen=True)
class ScaleSource:
    table: str
    title: str  # as printed in the seed
    lines: str  # seed lines of the table and its rules
    page: str = ""


SOURCES: dict[str, ScaleSource] = {
    "A1": ScaleSource("A1", "Tabell A1, Brons, Partävling 4-32 par", "609-700"),
    "A2": ScaleSource("A2", "Tabell A2, Brons, Partävling 32-100 par", "702-829"),
    "C": ScaleSource("C", "Tabell C, Brons, Individuellt", "1073-1142", "Sid 10"),
    "D": ScaleSource(
        "D", "Tabell D, Silverpoäng, Partävling 12-100 par, Bronspoäng i rött", "1143-1338"
    ),
    "F": ScaleSource("F", "Tabell F, Silverpoäng, Individuellt, Bronspoäng i rött", "1681-1728"),
    "gold": ScaleSource("gold", "Guldpoäng, Allmänt", "1772-1799, 339-357"),
    "H1": ScaleSource("H1", "Tabell H1, SM-par semifinal och final, öppen klass", "1866-1878"),
    "H2": ScaleSource(
        "H2", "Tabell H2, finaler i SM Par veteran, dam, junior och mixed", "1879-1897"
    ),
}

A1_ROWS: dict[int, tuple[int, ...]] = {
    4: (8, 6),  # line 612
    5: (10, 7),  # line 614
    6: (12, 8),  # line 616
    7: (14, 10, 7),  # line 618
    8: (16, 11, 8),  # line 620
    9: (18, 12, 8),  # line 622
    10: (20, 14, 10, 7),  # line 624
    11: (22, 15, 10, 7),  # line 626
    12: (24, 16, 11, 8),  # line 628
    13: (26, 18, 12, 8, 6),  # line 630
    14: (28, 19, 13, 9, 6),  # line 632
    15: (30, 20, 14, 10, 7),  # line 634
    16: (32, 22, 15, 10, 7, 5),  # line 636
    17: (34, 23, 16, 11, 8, 6),  # line 638
    18: (36, 24, 16, 11, 8, 6),  # line 640
    19: (38, 26, 18, 12, 8, 6, 4),  # line 642
    20: (40, 27, 18, 12, 8, 6, 4),  # line 644
    21: (42, 28, 19, 13, 9, 6, 4),  # line 646
    22: (44, 30, 20, 14, 10, 7, 5, 4),  # line 648
    23: (46, 31, 21, 14, 10, 7, 5, 4),  # line 650
    24: (48, 32, 22, 15, 10, 7, 5, 4),  # line 652
    25: (50, 34, 23, 16, 11, 8, 6, 4, 4),  # line 654
    26: (52, 35, 24, 16, 11, 8, 6, 4, 4),  # line 656
    27: (54, 36, 24, 16, 11, 8, 6, 4, 4),  # line 658
    28: (56, 38, 26, 18, 12, 8, 6, 4, 4, 4),  # line 660
    29: (58, 39, 26, 18, 12, 8, 6, 4, 4, 4),  # line 662
    30: (60, 40, 27, 18, 12, 8, 6, 4, 4, 4),  # line 664
    31: (62, 42, 28, 19, 13, 9, 6, 4, 4, 4, 4),  # line 666
    32: (64, 43, 29, 20, 14, 10, 7, 5, 4, 4, 4),  # line 668
}

A2_ROWS: dict[int, tuple[int, ...]] = {
    32: (64, 43, 29, 20, 14, 10, 7, 5, 4, 4, 4),  # line 736
    34: (68, 46, 34, 23, 17, 13, 10, 7, 6, 6, 5, 4),  # line 738
    36: (72, 48, 36, 26, 20, 16, 13, 10, 8, 7, 6, 4),  # line 740
    38: (76, 51, 38, 31, 24, 20, 16, 12, 10, 9, 7, 6, 4),  # line 742
    40: (80, 54, 40, 34, 27, 23, 18, 15, 12, 10, 8, 7, 6, 4),  # line 744
    42: (84, 56, 42, 35, 28, 24, 19, 16, 13, 11, 9, 8, 6, 4),  # line 746
    44: (88, 59, 44, 37, 30, 25, 20, 17, 14, 12, 10, 9, 7, 5, 4),  # line 748
    46: (92, 61, 46, 39, 31, 26, 21, 18, 14, 12, 10, 9, 7, 6, 4, 4),  # line 750
    48: (96, 64, 48, 40, 32, 27, 22, 19, 15, 13, 10, 9, 7, 6, 5, 4),  # line 752
    50: (100, 67, 50, 42, 34, 29, 23, 20, 16, 14, 11, 10, 8, 7, 6, 4, 4),  # line 754
    52: (104, 70, 52, 44, 35, 30, 24, 20, 16, 14, 11, 10, 8, 7, 6, 5, 4, 4),  # line 756
    54: (108, 72, 54, 45, 36, 30, 24, 20, 16, 14, 11, 10, 8, 7, 6, 5, 4, 4),  # line 758
    56: (112, 75, 56, 47, 38, 32, 26, 22, 18, 15, 12, 10, 8, 7, 6, 5, 4, 4, 4),  # line 760
    58: (116, 78, 58, 49, 39, 33, 26, 22, 18, 15, 12, 10, 8, 7, 6, 5, 4, 4, 4, 4),  # line 762
    60: (120, 80, 60, 50, 40, 34, 27, 23, 18, 15, 12, 10, 8, 7, 6, 5, 4, 4, 4, 4),  # line 764
    62: (124, 83, 62, 52, 42, 35, 28, 24, 19, 16, 13, 11, 9, 8, 6, 6, 4, 4, 4, 4, 4),  # line 766
    64: (
        128,
        86,
        64,
        54,
        43,
        36,
        29,
        25,
        20,
        17,
        14,
        12,
        10,
        9,
        7,
        6,
        5,
        4,
        4,
        4,
        4,
        4,
    ),  # line 768
    66: (
        132,
        88,
        66,
        56,
        45,
        38,
        32,
        27,
        22,
        19,
        16,
        14,
        12,
        11,
        9,
        8,
        6,
        6,
        5,
        5,
        5,
        4,
    ),  # line 770
    68: (
        136,
        91,
        68,
        57,
        46,
        40,
        34,
        29,
        23,
        20,
        17,
        15,
        13,
        12,
        10,
        9,
        7,
        7,
        6,
        6,
        6,
        5,
        4,
    ),  # line 772
    70: (
        140,
        94,
        70,
        58,
        47,
        41,
        35,
        30,
        25,
        22,
        19,
        17,
        15,
        14,
        12,
        11,
        9,
        8,
        7,
        7,
        7,
        6,
        5,
        4,
    ),  # line 774
    72: (
        144,
        96,
        72,
        63,
        48,
        42,
        36,
        31,
        26,
        23,
        20,
        18,
        16,
        15,
        13,
        12,
        10,
        9,
        8,
        8,
        7,
        7,
        6,
        4,
    ),  # line 776
    74: (
        148,
        99,
        74,
        62,
        50,
        44,
        37,
        33,
        29,
        26,
        22,
        20,
        18,
        17,
        15,
        13,
        11,
        11,
        10,
        10,
        9,
        8,
        7,
        6,
        4,
    ),  # line 778
    76: (
        152,
        102,
        76,
        63,
        51,
        45,
        38,
        35,
        31,
        28,
        24,
        22,
        20,
        18,
        16,
        14,
        12,
        10,
        10,
        9,
        8,
        7,
        6,
        4,
        4,
    ),  # line 780
    78: (
        156,
        104,
        78,
        65,
        52,
        46,
        39,
        36,
        33,
        30,
        26,
        24,
        22,
        20,
        17,
        16,
        14,
        13,
        11,
        11,
        10,
        9,
        8,
        7,
        6,
        4,
    ),  # line 782
    80: (
        160,
        107,
        80,
        67,
        54,
        43,
        40,
        37,
        34,
        31,
        27,
        25,
        23,
        21,
        18,
        17,
        15,
        13,
        12,
        11,
        10,
        9,
        8,
        7,
        7,
        6,
        4,
    ),  # line 784
    82: (
        164,
        110,
        82,
        68,
        55,
        48,
        41,
        38,
        35,
        32,
        28,
        26,
        24,
        22,
        19,
        18,
        16,
        14,
        13,
        12,
        11,
        10,
        9,
        9,
        8,
        7,
        6,
        4,
    ),  # line 786
    84: (
        168,
        112,
        84,
        70,
        56,
        49,
        42,
        39,
        35,
        32,
        28,
        26,
        24,
        22,
        19,
        18,
        16,
        14,
        13,
        12,
        11,
        10,
        9,
        9,
        8,
        7,
        6,
        4,
    ),  # line 788
    86: (
        172,
        115,
        86,
        71,
        57,
        50,
        43,
        40,
        34,
        33,
        29,
        27,
        25,
        23,
        20,
        19,
        17,
        15,
        14,
        13,
        12,
        11,
        10,
        10,
        9,
        8,
        7,
        5,
        4,
    ),  # line 790
    88: (
        176,
        118,
        88,
        73,
        59,
        52,
        44,
        41,
        37,
        34,
        30,
        28,
        25,
        23,
        20,
        19,
        17,
        16,
        14,
        13,
        12,
        11,
        10,
        10,
        9,
        8,
        7,
        6,
        5,
        4,
    ),  # line 792
    90: (
        180,
        120,
        90,
        75,
        60,
        53,
        45,
        42,
        38,
        35,
        31,
        29,
        26,
        24,
        21,
        20,
        18,
        16,
        14,
        13,
        12,
        11,
        10,
        10,
        9,
        8,
        7,
        6,
        5,
        4,
    ),  # line 794
    92: (
        184,
        123,
        92,
        76,
        61,
        54,
        46,
        43,
        39,
        36,
        31,
        29,
        26,
        24,
        21,
        20,
        18,
        16,
        14,
        13,
        12,
        11,
        10,
        10,
        9,
        8,
        7,
        7,
        6,
        5,
        4,
    ),  # line 796
    94: (
        188,
        126,
        94,
        78,
        62,
        55,
        47,
        44,
        40,
        36,
        32,
        30,
        27,
        25,
        22,
        21,
        19,
        17,
        15,
        14,
        13,
        12,
        10,
        10,
        9,
        8,
        7,
        7,
        6,
        6,
        5,
        4,
    ),  # line 798
    96: (
        192,
        128,
        96,
        80,
        64,
        56,
        48,
        44,
        40,
        36,
        32,
        30,
        27,
        25,
        22,
        21,
        19,
        17,
        15,
        14,
        13,
        12,
        10,
        10,
        9,
        8,
        7,
        7,
        6,
        6,
        5,
        4,
    ),  # line 800
    98: (
        196,
        131,
        98,
        82,
        65,
        57,
        49,
        45,
        41,
        38,
        33,
        31,
        28,
        26,
        23,
        22,
        20,
        18,
        16,
        15,
        14,
        13,
        11,
        10,
        10,
        9,
        8,
        8,
        7,
        7,
        6,
        5,
        4,
    ),  # line 802
    100: (
        200,
        134,
        100,
        84,
        67,
        59,
        50,
        46,
        42,
        39,
        34,
        32,
        29,
        26,
        23,
        22,
        20,
        18,
        16,
        15,
        14,
        13,
        11,
        10,
        10,
        9,
        8,
        8,
        7,
        7,
        6,
        5,
        4,
        4,
    ),  # line 804
}

C_ROWS: dict[int, tuple[int, ...]] = {
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

D_ROWS: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    12: ((12, 8, 6), (16,)),  # line 1152
    13: ((13, 9, 6), (16,)),  # line 1153
    14: ((14, 10, 7, 5), (12,)),  # line 1154
    15: ((15, 10, 7, 5), (14,)),  # line 1155
    16: ((16, 11, 8, 6), (14, 10)),  # line 1156
    17: ((17, 12, 8, 6, 4), (12,)),  # line 1157
    18: ((18, 12, 8, 6, 4), (12,)),  # line 1158
    19: ((19, 13, 9, 6, 4), (12, 8)),  # line 1159
    20: ((20, 14, 10, 7, 5), (12, 8)),  # line 1160
    21: ((21, 14, 10, 7, 5, 4), (8,)),  # line 1161
    22: ((22, 15, 10, 7, 5, 4), (10, 8)),  # line 1162
    23: ((23, 16, 11, 8, 6, 4), (10, 8)),  # line 1163
    24: ((24, 16, 11, 8, 6, 4), (10, 8)),  # line 1164
    25: ((25, 17, 12, 8, 6, 4, 3), (8, 8)),  # line 1165
    26: ((26, 18, 12, 8, 6, 4, 3), (8, 8)),  # line 1166
    27: ((27, 18, 12, 8, 6, 4, 3), (8, 8)),  # line 1167
    28: ((28, 19, 13, 9, 6, 4, 3), (8, 8, 8)),  # line 1168
    29: ((29, 20, 14, 10, 7, 5, 4, 3), (8, 8)),  # line 1169
    30: ((30, 20, 14, 10, 7, 5, 4, 3), (8, 8)),  # line 1170
    31: ((31, 21, 14, 10, 7, 5, 4, 3), (8, 8, 8)),  # line 1171
    32: ((32, 22, 15, 10, 7, 5, 4, 3), (8, 8, 8)),  # line 1172
    33: ((33, 22, 16, 12, 8, 6, 4, 3, 2), (8, 8)),  # line 1173
    34: ((34, 23, 17, 13, 9, 7, 6, 4, 3), (8, 8, 8)),  # line 1174
    35: ((35, 24, 18, 14, 10, 8, 7, 5, 4), (8, 8, 8)),  # line 1175
    36: ((36, 24, 18, 15, 11, 9, 7, 6, 4), (8, 8, 8)),  # line 1176
    37: ((37, 25, 19, 16, 12, 10, 8, 7, 5, 4), (8, 8, 8)),  # line 1177
    38: ((38, 26, 19, 16, 13, 11, 9, 8, 6, 4), (8, 8, 8)),  # line 1178
    39: ((39, 26, 20, 17, 14, 12, 10, 9, 7, 5), (8, 8, 8)),  # line 1179
    40: ((40, 27, 20, 17, 14, 12, 10, 9, 7, 5), (12, 8, 8, 8)),  # line 1180
    41: ((41, 28, 21, 18, 14, 12, 10, 9, 7, 5, 4), (8, 8, 8)),  # line 1181
    42: ((42, 28, 21, 18, 14, 12, 10, 9, 7, 5, 4), (8, 8, 8)),  # line 1182
    43: ((43, 29, 21, 18, 14, 12, 10, 9, 7, 5, 4), (10, 8, 8, 8)),  # line 1183
    44: ((44, 30, 22, 19, 15, 13, 11, 9, 7, 5, 4), (10, 8, 8, 8)),  # line 1184
    45: ((45, 30, 22, 19, 15, 13, 11, 9, 7, 5, 4, 3), (10, 8, 8)),  # line 1185
    46: ((46, 31, 23, 20, 16, 14, 12, 10, 8, 6, 4, 3), (10, 8, 8, 8)),  # line 1186
    47: ((47, 32, 23, 20, 16, 14, 12, 10, 8, 6, 5, 4), (10, 8, 8, 8)),  # line 1187
    48: ((48, 32, 24, 20, 16, 14, 12, 10, 8, 7, 6, 4), (10, 8, 8, 8)),  # line 1188
    49: ((49, 33, 24, 20, 16, 14, 12, 10, 8, 7, 6, 4, 3), (10, 8, 8, 8)),  # line 1189
    50: ((50, 34, 25, 21, 17, 15, 12, 10, 8, 7, 6, 4, 3), (10, 8, 8, 8)),  # line 1190
    51: ((51, 34, 25, 21, 17, 15, 12, 10, 8, 7, 6, 4, 3), (10, 8, 8, 8)),  # line 1191
    52: ((52, 35, 26, 22, 18, 15, 12, 10, 8, 7, 6, 4, 3), (10, 8, 8, 8, 8)),  # line 1192
    54: ((54, 36, 27, 23, 18, 15, 12, 10, 8, 7, 6, 5, 4, 3), (10, 8, 8, 8)),  # line 1193
    56: ((56, 38, 28, 24, 19, 16, 13, 11, 9, 7, 6, 5, 4, 3), (10, 8, 8, 8, 8)),  # line 1194
    58: ((58, 39, 29, 25, 20, 17, 14, 12, 10, 9, 7, 6, 5, 4, 3), (8, 8, 8, 8, 8)),  # line 1195
    60: ((60, 40, 30, 25, 20, 17, 14, 12, 10, 9, 7, 6, 5, 4, 3), (8, 8, 8, 8, 8)),  # line 1196
    62: ((62, 42, 31, 26, 21, 18, 14, 12, 10, 9, 7, 6, 5, 4, 3, 2), (8, 8, 8, 8, 8)),  # line 1197
    64: (
        (64, 43, 32, 27, 22, 19, 15, 13, 10, 9, 7, 6, 5, 4, 3, 2),
        (8, 8, 8, 8, 8, 8),
    ),  # line 1198
    66: (
        (66, 44, 33, 27, 22, 19, 16, 14, 12, 10, 8, 7, 6, 5, 4, 3),
        (8, 8, 8, 8, 8, 8),
    ),  # line 1199
    68: (
        (68, 46, 34, 28, 23, 20, 17, 15, 13, 11, 9, 8, 7, 6, 4, 3),
        (8, 8, 8, 8, 8, 8, 8),
    ),  # line 1200
    70: (
        (70, 47, 35, 29, 24, 21, 18, 16, 14, 12, 10, 9, 8, 7, 5, 4),
        (14, 10, 8, 8, 8, 8, 8, 8),
    ),  # line 1201
    72: (
        (72, 48, 36, 30, 24, 21, 18, 17, 15, 13, 11, 10, 9, 7, 6, 4),
        (20, 16, 12, 8, 8, 8, 8, 8),
    ),  # line 1202
    74: (
        (74, 50, 37, 31, 25, 22, 19, 17, 16, 14, 12, 10, 9, 7, 6, 4),
        (22, 16, 12, 8, 8, 8, 8, 8, 8),
    ),  # line 1203
    76: (
        (76, 51, 38, 32, 26, 22, 19, 17, 15, 14, 12, 10, 9, 8, 6, 4),
        (24, 16, 12, 8, 8, 8, 8, 8, 8, 8),
    ),  # line 1204
    78: (
        (78, 52, 39, 32, 26, 23, 20, 18, 17, 15, 14, 12, 10, 9, 7, 5),
        (26, 22, 16, 12, 8, 8, 8, 8, 8, 8),
    ),  # line 1205
    80: (
        (80, 54, 40, 33, 27, 23, 20, 18, 17, 15, 14, 12, 10, 9, 7, 5),
        (30, 26, 24, 16, 12, 8, 8, 8, 8, 8, 8),
    ),  # line 1206
    82: (
        (82, 55, 46, 34, 28, 24, 21, 19, 18, 16, 14, 12, 10, 9, 7, 5),
        (32, 28, 26, 18, 12, 8, 8, 8, 8, 8, 8, 8),
    ),  # line 1207
    84: (
        (84, 56, 42, 35, 28, 24, 21, 19, 18, 16, 14, 12, 10, 9, 7, 5),
        (32, 28, 26, 18, 12, 8, 8, 8, 8, 8, 8, 8),
    ),  # line 1208
    86: (
        (86, 58, 43, 36, 29, 25, 21, 19, 18, 16, 14, 12, 10, 9, 7, 5),
        (34, 30, 28, 22, 16, 12, 8, 8, 8, 8, 8, 8, 8),
    ),  # line 1209
    88: (
        (88, 59, 44, 37, 30, 26, 22, 20, 19, 17, 15, 13, 11, 9, 7, 5),
        (34, 32, 28, 24, 20, 14, 10, 8, 8, 8, 8, 8, 8, 8),
    ),  # line 1210
    90: (
        (90, 60, 45, 37, 30, 26, 22, 20, 19, 17, 15, 13, 11, 9, 7, 5),
        (36, 32, 28, 26, 22, 16, 12, 8, 8, 8, 8, 8, 8, 8),
    ),  # line 1211
    100: (
        (100, 67, 50, 42, 34, 29, 25, 23, 21, 19, 17, 15, 12, 10, 8, 7),
        (40, 36, 32, 30, 28, 26, 22, 16, 12, 8, 8, 8, 8, 8, 8, 8, 8, 8),
    ),  # line 1212
}

F_ROWS: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    16: ((12, 8, 6, 4), (12, 8)),  # line 1685
    17: ((13, 9, 6, 4, 3), (8,)),  # line 1687
    18: ((14, 10, 7, 5, 4), (8,)),  # line 1689
    20: ((15, 10, 7, 5, 4), (10, 8)),  # line 1691
    24: ((18, 12, 8, 6, 4, 3), (8, 8)),  # line 1693
    25: ((19, 13, 9, 6, 4, 3, 2), (8, 8)),  # line 1695
    28: ((21, 14, 10, 7, 5, 4, 3), (8, 8, 8)),  # line 1697
    32: ((24, 16, 11, 8, 6, 4, 3, 2), (8, 8, 8)),  # line 1699
    36: ((27, 18, 14, 10, 8, 6, 5, 4, 3), (8, 8, 8)),  # line 1701
    40: ((30, 20, 15, 13, 10, 9, 7, 6, 5, 4), (10, 8, 8, 8)),  # line 1703
    44: ((33, 22, 17, 14, 11, 10, 8, 7, 6, 5, 4), (8, 8, 8, 8)),  # line 1705
    48: ((36, 24, 18, 15, 12, 10, 8, 7, 6, 5, 4, 3), (8, 8, 8, 8)),  # line 1707
    52: ((39, 26, 20, 17, 13, 11, 9, 8, 7, 6, 5, 4, 3), (8, 8, 8, 8, 8)),  # line 1709
    56: ((42, 28, 21, 18, 14, 12, 10, 8, 7, 6, 5, 4, 4, 3), (8, 8, 8, 8, 8)),  # line 1711
    60: ((45, 30, 23, 19, 15, 13, 11, 10, 8, 7, 6, 5, 4, 3, 2), (8, 8, 8, 8, 8)),  # line 1713
    64: ((48, 32, 24, 20, 16, 14, 11, 10, 8, 7, 6, 5, 4, 3, 3, 2), (8, 8, 8, 8, 8)),  # line 1715
}


# -- the general shape of the scales (seed lines 28-35, 673-700, 1215-1240) --

BRONZE_MINIMUM = 4  # "dock ej färre än 4" (A1, line 682)
SILVER_PLACES_CAP = 16  # "Bästa 1/4 ... erhåller sp, dock högst 16 par" (D, line 1227)


@dataclass(frozen=True)
class SilverRow:
    """One row of a silver scale: sp places first, then the bronze places after them.

    ``bp`` holds the bronze of places ``len(sp) + 1`` onwards, already doubled as
    printed in red.
    """

    sp: tuple[int, ...]
    bp: tuple[int, ...]


def round_up(value: Fraction | Decimal) -> int:
    """The seed rounds every decimal up ("alla decimaler avrundas uppåt")."""
    if isinstance(value, Decimal):
        return int(value.to_integral_value(rounding=ROUND_CEILING))
    return -((-value.numerator) // value.denominator)


def bronze_places(entries: int) -> int:
    """The best third get points (chapter 2, line 28); a part of an entry counts."""
    return round_up(Fraction(entries, 3))


def silver_places(entries: int) -> int:
    """The best quarter get sp, at most 16 (table D, lines 1215-1227)."""
    return min(SILVER_PLACES_CAP, round_up(Fraction(entries, 4)))


def two_thirds_chain(first: int, places: int, minimum: int = 0) -> tuple[int, ...]:
    """Each place gets 2/3 of the place above, rounded up (A1 line 674, C, D up to 32)."""
    values = [first]
    while len(values) < places:
        values.append(max(minimum, round_up(Fraction(2 * values[-1], 3))))
    return tuple(values[:places])


def halving_principle(
    winner: int, half: tuple[int, ...], places: int, minimum: int = 0
) -> tuple[int, ...]:
    """Table A2's principle (lines 809-822): the second gets 2/3 of the winner; odd
    places 3, 5, 7 ... get places 1, 2, 3 ... of the scale for half the field; an even
    place gets the mean of its neighbours, rounded up."""
    odd = {2 * k + 3: value for k, value in enumerate(half)}
    fixed = {1: winner, 2: round_up(Fraction(2 * winner, 3)), **odd}
    values = []
    for place in range(1, places + 1):
        if place in fixed:
            value = fixed[place]
        elif place - 1 in fixed and place + 1 in fixed:
            value = round_up(Fraction(fixed[place - 1] + fixed[place + 1], 2))
        else:
            value = minimum
        values.append(max(minimum, value))
    return tuple(values)


def mean_of_rows(lower: tuple[int, ...], upper: tuple[int, ...], places: int) -> tuple[int, ...]:
    """An odd field takes the mean of the rows either side, rounded up (A2, line 824).

    A place only one neighbour has is taken from that one.
    """
    return tuple(_blend(lower, upper, place, Fraction(1, 2)) for place in range(places))


def _blend(lower: tuple[int, ...], upper: tuple[int, ...], index: int, weight: Fraction) -> int:
    have_lower, have_upper = index < len(lower), index < len(upper)
    if have_lower and have_upper:
        return round_up(lower[index] + weight * (upper[index] - lower[index]))
    if have_upper:
        return upper[index]
    if have_lower:
        return lower[index]
    return BRONZE_MINIMUM


# -- bronze pairs: tables A1 and A2 --


def a2_principle(entries: int) -> tuple[int, ...]:
    """Table A2's principle for an even field above 32, from the printed half-field row."""
    return halving_principle(
        2 * entries, bronze_pairs(entries // 2), bronze_places(entries), BRONZE_MINIMUM
    )


@cache
def bronze_pairs(entries: int) -> tuple[int, ...]:
    """Bronze points per place for a pairs event of ``entries`` pairs (A1, A2).

    4-32 pairs: A1 as printed. 34-100 even: A2 as printed. Odd fields above 32: the mean
    of the neighbours (line 824). Above 100 the seed's own examples use "200-skalan"
    and "142-skalan" (lines 1279, 1290): an even field follows A2's principle, an odd
    one the mean of its neighbours.
    """
    if entries < 4:
        raise ValueError(f"bronze pairs scales start at 4 pairs, not {entries}")
    if entries <= 32:
        return A1_ROWS[entries]
    if entries % 2:
        return mean_of_rows(
            bronze_pairs(entries - 1), bronze_pairs(entries + 1), bronze_places(entries)
        )
    if entries <= 100:
        return A2_ROWS[entries]
    return a2_principle(entries)


# -- bronze individual: table C --


def c_principle(players: int) -> tuple[int, ...]:
    """Winner 1.5 bp per player (12 at 8 players, line 1077), then 2/3 of the place
    above, at least 4, to the best third (lines 1130-1134)."""
    return two_thirds_chain(
        round_up(Fraction(3 * players, 2)), bronze_places(players), BRONZE_MINIMUM
    )


@cache
def bronze_individual(players: int) -> tuple[int, ...]:
    """Bronze points per place for an individual event (table C, 8-60 players).

    The table skips 11, 14 and 15 players; those follow the table's stated principle
    for up to 32 players. Above 60 (the seed is silent) an even field follows A2's
    halving principle on this table, an odd one the mean of its neighbours.
    """
    if players < 8:
        raise ValueError(f"table C starts at 8 players, not {players}")
    if players in C_ROWS:
        return C_ROWS[players]
    if players <= 32:
        return c_principle(players)
    if players % 2:
        return mean_of_rows(
            bronze_individual(players - 1),
            bronze_individual(players + 1),
            bronze_places(players),
        )
    return halving_principle(
        round_up(Fraction(3 * players, 2)),
        bronze_individual(players // 2),
        bronze_places(players),
        BRONZE_MINIMUM,
    )


# -- silver pairs: table D --


def d_principle(entries: int) -> SilverRow:
    """Up to 32 pairs: winner 1 sp per pair, 2/3 of the place above to the best
    quarter, then the A1 bronze doubled to the best third (lines 1215-1218, 1296-1299)."""
    sp = two_thirds_chain(entries, silver_places(entries))
    bronze = bronze_pairs(entries)[len(sp) : bronze_places(entries)]
    return SilverRow(sp, tuple(2 * value for value in bronze))


@cache
def silver_pairs(entries: int) -> SilverRow:
    """Silver (and the red bronze) per place for a pairs event where all met all.

    12-52 and the even fields to 90, and 100, are printed. The missing fields between
    52 and 100 are read off the printed rows either side, in proportion (for an odd
    field that is A2's mean of the neighbours; 91-99 lie between 90 and 100).
    Below 12 (heats of simultaneous events, winners' scales of small fields) the
    table's principle for up to 32 pairs applies.
    """
    if entries < 4 or entries > 100:
        raise ValueError(f"table D covers up to 100 pairs, not {entries}")
    if entries in D_ROWS:
        sp, bp = D_ROWS[entries]
        return SilverRow(sp, bp)
    if entries < 12:
        return d_principle(entries)
    lower = max(n for n in D_ROWS if n < entries)
    upper = min(n for n in D_ROWS if n > entries)
    return _between(entries, lower, upper, D_ROWS)


def _between(
    entries: int,
    lower: int,
    upper: int,
    rows: dict[int, tuple[tuple[int, ...], tuple[int, ...]]],
    *,
    sp_places: int | None = None,
) -> SilverRow:
    weight = Fraction(entries - lower, upper - lower)
    (lower_sp, lower_bp), (upper_sp, upper_bp) = rows[lower], rows[upper]
    sp_count = silver_places(entries) if sp_places is None else sp_places
    sp = tuple(_blend(lower_sp, upper_sp, i, weight) for i in range(sp_count))
    bp = []
    for place in range(sp_count + 1, bronze_places(entries) + 1):
        lower_index, upper_index = place - len(lower_sp) - 1, place - len(upper_sp) - 1
        lower_row = lower_bp if 0 <= lower_index < len(lower_bp) else ()
        upper_row = upper_bp if 0 <= upper_index < len(upper_bp) else ()
        values = (
            lower_row[lower_index] if lower_row else None,
            upper_row[upper_index] if upper_row else None,
        )
        if values[0] is not None and values[1] is not None:
            bp.append(round_up(values[0] + weight * (values[1] - values[0])))
        else:
            known = [v for v in values if v is not None]
            bp.append(known[0] if known else 2 * BRONZE_MINIMUM)
    return SilverRow(sp, tuple(bp))


# -- silver individual: table F --


def f_principle(players: int) -> SilverRow:
    """Winner 3/4 sp per player (line 1719), 2/3 of the place above to the best
    quarter, then table C's bronze doubled to the best third (as the printed rows
    for up to 32 players show)."""
    sp = two_thirds_chain(round_up(Fraction(3 * players, 4)), silver_places(players))
    bronze = bronze_individual(players)[len(sp) : bronze_places(players)]
    return SilverRow(sp, tuple(2 * value for value in bronze))


@cache
def silver_individual(players: int) -> SilverRow:
    """Silver (and red bronze) per place for an individual event where all played
    with all (table F, 16-64 players).

    The table prints 16, 17, 18, 20, 24, 25, 28 and every fourth field to 64. Missing
    fields up to 32 follow the principle the printed rows obey; missing fields above
    32 are read off the printed rows either side, in proportion. Below 16 the
    principle applies (used for the winners' scales of fields where not all met).
    """
    if players < 8 or players > 64:
        raise ValueError(f"table F covers up to 64 players, not {players}")
    if players in F_ROWS:
        sp, bp = F_ROWS[players]
        return SilverRow(sp, bp)
    if players <= 32:
        return f_principle(players)
    lower = max(n for n in F_ROWS if n < players)
    upper = min(n for n in F_ROWS if n > players)
    return _between(players, lower, upper, F_ROWS)


def f_row_for_winner(winner: int) -> int:
    """The field whose table-F winner gets ``winner`` sp (the largest such field).

    Table F is keyed on players and its winner gets 3/4 of them, rounded up; a field
    where not all met enters the table by its winner's points (line 1724)."""
    return (4 * winner) // 3


# -- gold and the championship finals --

GOLD_PLACES_MIN_ENTRIES = {"pairs": 24, "individual": 28}  # lines 339, 347
RAISED_GOLD = (10, 7, 5, 4)  # "förhöjd guldpoäng", snitthandicap under 15 (line 356)
RAISED_GOLD_HANDICAP = Decimal(15)

H1_FINAL_GOLD = (50, 35, 25, 20, 15, 12, 10, 8, 6, 4, 3, 2, 1)  # line 1871
H1_FINAL_BRONZE_TO = 18  # "brons till och med 18:e plats" (line 1873)
H1_SEMIFINAL_SILVER_SCALE = 100  # "till de 16 första enligt 100-parsskalan" (line 1867)
H2_GOLD = {
    "junior": (10, 5, 3, 2),  # line 1882
    "veteran": (10, 5, 4, 3),  # line 1888
    "ladies": (10, 5, 4, 3),
    "mixed": (10, 5, 4, 3),
}

# Groups by playing strength: the pair count is multiplied (A1, lines 686-700).
GROUP_COEFFICIENTS: dict[int, tuple[Decimal, ...]] = {
    2: (Decimal("1.1"), Decimal("0.9")),
    3: (Decimal("1.15"), Decimal("1.0"), Decimal("0.85")),
    4: (Decimal("1.15"), Decimal("1.05"), Decimal("0.95"), Decimal("0.85")),
    5: (Decimal("1.2"), Decimal("1.1"), Decimal("1.0"), Decimal("0.9"), Decimal("0.8")),
}
