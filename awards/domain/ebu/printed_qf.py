"""Scale QF, the special quali-final scale for finals of events with an award per match
won, as the Handbook prints it, kept as data so that :mod:`.per_match` can keep a
printed cell where it departs from the scale's rule and the tests can list every such
cell; and the table of awards per match won of 4.6.3, likewise.

Source: seed ``001_4cb9a3c6036a851e.txt`` (EBU Licensing and Master Points Handbook,
7th ed.):

* Scale QF, Appendix lines 6813-6946. Two scales side by side, Club (theoretical
  maximum 300) and District (450), each with three columns: teams and two-winner
  pairs, single-winner pairs, single-winner individuals. Rows are pairs of original
  full tables ("55 – 56" on line 6862 down to "5 - 6" on line 6912), one every second
  line; the last two rows (lines 6914 and 6916) lost their labels in the extraction
  and are rows 3-4 and 1-2 by their place in the sequence. A column reads down (4.1.5):
  its cell at a row is the winning award for an original entry in that row and a
  lower place for a larger one. Blank cells are not stored. Cells are keyed by the
  row's upper end (the row "47 – 48" is 48).
* The awards per match won, 4.6.3 lines 2707-2774: one row per match length (1 to 17
  boards, "18 – 35", "36 or more"), one column per status.
"""

from __future__ import annotations

# column -> upper end of the row of original full tables -> printed local points.
Printed = dict[str, dict[int, int]]

# Scale QF, Club (lines 6823-6825, cells on lines 6862-6916).
QF_CLUB: Printed = {
    "teams": {56: 280, 48: 240, 40: 200, 32: 160, 24: 120, 16: 80, 8: 40},
    "pairs": {
        48: 288, 44: 264, 40: 240, 36: 216, 32: 192, 28: 168, 24: 144, 20: 120, 16: 96,
        12: 72, 8: 48, 4: 24,
    },
    # Line 6868 "49 – 50 300 450": a row only the individual column has (the pairs
    # column prints every fourth table, the teams column every eighth).
    "individual": {
        50: 300, 48: 288, 46: 276, 44: 264, 42: 252, 40: 240, 38: 228, 36: 216, 34: 204,
        32: 192, 30: 180, 28: 168, 26: 156, 24: 144, 22: 132, 20: 120, 18: 108, 16: 96,
        14: 84, 12: 72, 10: 60, 8: 48, 6: 36, 4: 24, 2: 12,
    },
}  # fmt: skip

# Scale QF, District (lines 6827-6829, cells on lines 6862-6916, right of the Club's).
QF_DISTRICT: Printed = {
    "teams": {56: 420, 48: 360, 40: 300, 32: 240, 24: 180, 16: 120, 8: 60},
    "pairs": {
        48: 432, 44: 396, 40: 360, 36: 324, 32: 288, 28: 252, 24: 216, 20: 180, 16: 144,
        12: 108, 8: 72, 4: 36,
    },
    "individual": {
        50: 450, 48: 432, 46: 414, 44: 396, 42: 378, 40: 360, 38: 342, 36: 324, 34: 306,
        32: 288, 30: 270, 28: 252, 26: 234, 24: 216, 22: 198, 20: 180, 18: 162, 16: 144,
        14: 126, 12: 108, 10: 90, 8: 72, 6: 54, 4: 36, 2: 18,
    },
}  # fmt: skip

# Row 55-56 is on line 6862; each lower row (upper end two less) two lines further down,
# the two unlabelled rows at the foot included.
QF_FIRST_ROW_LINE = 6862


def qf_line_of(upper: int) -> int:
    """The seed line of the Scale QF row whose upper end is ``upper`` (56, 54, ..., 2)."""
    return QF_FIRST_ROW_LINE + (56 - upper)


# 4.6.3 (lines 2707-2774): awards per match won, Local Points per player. Keys: 1..17
# boards, then "18-35" and "36+"; columns Club, District, County, Regional, National
# (headings "Boards x 1½", "x 2¼", "x 3", "x 4½", "x 6", lines 2713-2734).
PER_MATCH_STATUSES = ("club", "district", "county", "regional", "national")
PER_MATCH: dict[str, tuple[int, int, int, int, int]] = {
    "1": (2, 3, 3, 5, 6),  # line 2738
    "2": (3, 5, 6, 9, 12),
    "3": (5, 7, 9, 14, 18),
    "4": (6, 9, 12, 18, 24),
    "5": (8, 12, 15, 23, 30),
    "6": (9, 14, 18, 27, 36),
    "7": (11, 16, 21, 32, 42),
    "8": (12, 18, 24, 36, 48),
    "9": (14, 21, 27, 41, 54),
    "10": (15, 23, 30, 45, 60),
    "11": (17, 25, 33, 50, 66),
    "12": (18, 27, 36, 54, 72),
    "13": (20, 30, 39, 59, 78),
    "14": (21, 32, 42, 63, 84),
    "15": (23, 34, 45, 68, 90),
    "16": (24, 36, 48, 72, 96),
    "17": (26, 39, 51, 77, 102),  # line 2770
    "18-35": (27, 41, 54, 81, 108),  # line 2772
    "36+": (41, 62, 81, 122, 162),  # line 2774
}
