"""The quali-final scales QA-QE as the Handbook prints them, kept as data so that
:mod:`.qualifier` can keep a printed cell where it departs from the scales' rule, and
the tests can list every such cell.

Source: seed ``001_4cb9a3c6036a851e.txt`` (EBU Licensing and Master Points Handbook,
7th ed.), Appendix, scales QA (Club), QB (District), QC (County), QD (Regional) and QE
(National), lines 6096-6812. Each scale is printed as two halves side by side (original
full tables 32 down to 1 on the left, 64 down to 33 on the right), one row every second
line, with three columns: teams (also two-winner pairs and four-winner individuals),
single-winner pairs and single-winner individuals. A column reads down: the cell at a
row is the winning award for that original entry and a lower place for a larger one
(4.1.5). Blank cells are not stored. Rows 2 and 1 are printed without their number
(the pairs and individual cells 11 and 6* in Scale QA); the cell of row 1 is the
minimum award (starred).
"""

from __future__ import annotations

# column -> original full tables -> printed local points.
Printed = dict[str, dict[int, int]]

# Scale QA, Club quali-final scale (seed lines 6096-6242); the cells
# on lines 6156-6218, row 32 | 64 first, one printed row every second line.
QA: Printed = {
    "teams": {
        64: 288, 60: 270, 56: 252, 52: 234, 48: 216, 44: 198, 40: 180, 36: 162, 32: 144,
        28: 126, 24: 108, 20: 90, 16: 72, 12: 54, 8: 36, 4: 18,
    },
    "pairs": {
        54: 297, 52: 286, 50: 275, 48: 264, 46: 253, 44: 242, 42: 231, 40: 220, 38: 209,
        36: 198, 34: 187, 32: 176, 30: 165, 28: 154, 26: 143, 24: 132, 22: 121, 20: 110,
        18: 99, 16: 88, 14: 77, 12: 66, 10: 55, 8: 44, 6: 33, 4: 22, 2: 11,
    },
    "individual": {
        54: 297, 53: 292, 52: 286, 51: 281, 50: 275, 49: 270, 48: 264, 47: 259, 46: 253,
        45: 248, 44: 242, 43: 237, 42: 231, 41: 226, 40: 220, 39: 215, 38: 209, 37: 204,
        36: 198, 35: 193, 34: 187, 33: 182, 32: 176, 31: 171, 30: 165, 29: 160, 28: 154,
        27: 149, 26: 143, 25: 138, 24: 132, 23: 127, 22: 121, 21: 116, 20: 110, 19: 105,
        18: 99, 17: 94, 16: 88, 15: 83, 14: 77, 13: 72, 12: 66, 11: 61, 10: 55,
        9: 50, 8: 44, 7: 39, 6: 33, 5: 28, 4: 22, 3: 17, 2: 11, 1: 6,
    },
}  # fmt: skip

# Scale QB, District quali-final scale (seed lines 6243-6387); the cells
# on lines 6301-6363, row 32 | 64 first, one printed row every second line.
QB: Printed = {
    "teams": {
        64: 432, 60: 405, 56: 378, 52: 351, 48: 324, 44: 297, 40: 270, 36: 243, 32: 216,
        28: 189, 24: 162, 20: 135, 16: 108, 12: 81, 8: 54, 4: 27,
    },
    "pairs": {
        54: 446, 52: 429, 50: 413, 48: 396, 46: 380, 44: 363, 42: 347, 40: 330, 38: 314,
        36: 297, 34: 281, 32: 264, 30: 248, 28: 231, 26: 215, 24: 198, 22: 182, 20: 165,
        18: 149, 16: 132, 14: 116, 12: 99, 10: 83, 8: 66, 6: 50, 4: 33, 2: 17,
    },
    "individual": {
        54: 446, 53: 438, 52: 429, 51: 421, 50: 413, 49: 405, 48: 396, 47: 388, 46: 380,
        45: 372, 44: 363, 43: 355, 42: 347, 41: 339, 40: 330, 39: 322, 38: 314, 37: 306,
        36: 297, 35: 289, 34: 281, 33: 273, 32: 264, 31: 256, 30: 248, 29: 240, 28: 231,
        27: 223, 26: 215, 25: 207, 24: 198, 23: 190, 22: 182, 21: 174, 20: 165, 19: 157,
        18: 149, 17: 141, 16: 132, 15: 124, 14: 116, 13: 108, 12: 99, 11: 91, 10: 83,
        9: 75, 8: 66, 7: 58, 6: 50, 5: 42, 4: 33, 3: 25, 2: 17, 1: 9,
    },
}  # fmt: skip

# Scale QC, County quali-final scale (seed lines 6388-6530); the cells
# on lines 6448-6510, row 32 | 64 first, one printed row every second line.
QC: Printed = {
    "teams": {
        64: 576, 60: 540, 56: 504, 52: 468, 48: 432, 44: 396, 40: 360, 36: 324, 32: 288,
        28: 252, 24: 216, 20: 180, 16: 144, 12: 108, 8: 72, 4: 36,
    },
    "pairs": {
        54: 594, 52: 572, 50: 550, 48: 528, 46: 506, 44: 484, 42: 462, 40: 440, 38: 418,
        36: 396, 34: 374, 32: 352, 30: 330, 28: 308, 26: 286, 24: 264, 22: 242, 20: 220,
        18: 198, 16: 176, 14: 154, 12: 132, 10: 110, 8: 88, 6: 66, 4: 44, 2: 22,
    },
    "individual": {
        54: 594, 53: 583, 52: 572, 51: 561, 50: 550, 49: 539, 48: 528, 47: 517, 46: 506,
        45: 495, 44: 484, 43: 473, 42: 462, 41: 451, 40: 440, 39: 429, 38: 418, 37: 407,
        36: 396, 35: 385, 34: 374, 33: 363, 32: 352, 31: 341, 30: 330, 29: 319, 28: 308,
        27: 297, 26: 286, 25: 275, 24: 264, 23: 253, 22: 242, 21: 231, 20: 220, 19: 209,
        18: 198, 17: 187, 16: 176, 15: 165, 14: 154, 13: 143, 12: 132, 11: 121, 10: 110,
        9: 99, 8: 88, 7: 77, 6: 66, 5: 55, 4: 44, 3: 33, 2: 22, 1: 12,
    },
}  # fmt: skip

# Scale QD, Regional quali-final scale (seed lines 6531-6669); the cells
# on lines 6588-6650, row 32 | 64 first, one printed row every second line.
QD: Printed = {
    "teams": {
        64: 864, 60: 810, 56: 756, 52: 702, 48: 648, 44: 594, 40: 540, 36: 486, 32: 432,
        28: 378, 24: 324, 20: 270, 16: 216, 12: 162, 8: 108, 4: 54,
    },
    "pairs": {
        54: 891, 52: 858, 50: 825, 48: 792, 46: 759, 44: 726, 42: 693, 40: 660, 38: 627,
        36: 594, 34: 561, 32: 528, 30: 495, 28: 462, 26: 429, 24: 396, 22: 363, 20: 330,
        18: 297, 16: 264, 14: 231, 12: 198, 10: 165, 8: 132, 6: 99, 4: 66, 2: 33,
    },
    "individual": {
        54: 891, 53: 875, 52: 858, 51: 842, 50: 825, 49: 809, 48: 792, 47: 776, 46: 759,
        45: 743, 44: 726, 43: 710, 42: 693, 41: 677, 40: 660, 39: 644, 38: 627, 37: 611,
        36: 594, 35: 578, 34: 561, 33: 545, 32: 528, 31: 512, 30: 495, 29: 479, 28: 462,
        27: 446, 26: 429, 25: 414, 24: 396, 23: 380, 22: 363, 21: 347, 20: 330, 19: 314,
        18: 297, 17: 281, 16: 264, 15: 248, 14: 231, 13: 215, 12: 198, 11: 183, 10: 165,
        9: 149, 8: 132, 7: 116, 6: 99, 5: 83, 4: 66, 3: 50, 2: 33, 1: 18,
    },
}  # fmt: skip

# Scale QE, National quali-final scale (seed lines 6670-6812); the cells
# on lines 6729-6791, row 32 | 64 first, one printed row every second line.
QE: Printed = {
    "teams": {
        64: 1152, 60: 1080, 56: 1008, 52: 936, 48: 864, 44: 792, 40: 720, 36: 628, 32: 576,
        28: 504, 24: 432, 20: 360, 16: 288, 12: 216, 8: 144, 4: 72,
    },
    "pairs": {
        54: 1188, 52: 1144, 50: 1100, 48: 1056, 46: 1012, 44: 968, 42: 924, 40: 880, 38: 836,
        36: 792, 34: 748, 32: 704, 30: 660, 28: 616, 26: 572, 24: 528, 22: 484, 20: 440,
        18: 396, 16: 352, 14: 308, 12: 264, 10: 220, 8: 176, 6: 132, 4: 88, 2: 44,
    },
    "individual": {
        54: 1188, 53: 1166, 52: 1144, 51: 1122, 50: 1100, 49: 1078, 48: 1056, 47: 1034, 46: 1012,
        45: 990, 44: 968, 43: 946, 42: 924, 41: 902, 40: 880, 39: 858, 38: 836, 37: 814,
        36: 792, 35: 770, 34: 748, 33: 726, 32: 704, 31: 682, 30: 660, 29: 638, 28: 616,
        27: 594, 26: 572, 25: 550, 24: 528, 23: 506, 22: 484, 21: 462, 20: 440, 19: 418,
        18: 396, 17: 374, 16: 352, 15: 330, 14: 308, 13: 286, 12: 264, 11: 242, 10: 220,
        9: 196, 8: 176, 7: 154, 6: 132, 5: 110, 4: 88, 3: 66, 2: 44, 1: 24,
    },
}  # fmt: skip

PRINTED: dict[str, Printed] = {"QA": QA, "QB": QB, "QC": QC, "QD": QD, "QE": QE}

# The line of each scale's first printed row (32 | 64); row r sits 2 * (32 - r) lines
# below it on the left half, 2 * (64 - r) on the right.
FIRST_ROW_LINE = {"QA": 6156, "QB": 6301, "QC": 6448, "QD": 6588, "QE": 6729}


def line_of(letter: str, tables: int) -> int:
    """The seed line on which scale ``letter`` prints its row for ``tables`` original
    full tables (Appendix, lines 6096-6812)."""
    offset = 32 - tables if tables <= 32 else 64 - tables
    return FIRST_ROW_LINE[letter] + 2 * offset
