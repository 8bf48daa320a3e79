"""Scales S and QS as the Handbook prints them, and the table of example 4.12.4: the
winner's award of each category, at Club status.

Source: seed ``001_4cb9a3c6036a851e.txt``, Appendix "SCALE S STRATIFIED EVENTS" (lines
6947-7063) and "SCALE QS STRATIFIED EVENTS" (lines 7064-7160), and the table under
example 4.12.4 (lines 3790-3811). The PDF's text runs the three "FULL TABLES" columns of
Scale S together; a row's ranges are read by the column they fall under, a blank
column being ``None``. The generated scales are in :mod:`awards.domain.ebu.stratified`;
``test_printed_strat`` compares them cell by cell.
"""

from __future__ import annotations

from dataclasses import dataclass

# The printed columns, "Unstratified" first: for reference only (notes (1), lines
# 7039-7041 and 7140-7142).
COLUMNS = ("U", "A", "B", "C", "D")

Span = tuple[int, int] | None


@dataclass(frozen=True)
class ScaleSRow:
    """One printed row of Scale S: the full tables it covers for 12-17, 18-35 and 36+
    boards (``None`` where the column is blank), the winner's award of each column of
    :data:`COLUMNS`, and the seed line."""

    short: Span
    regular: Span
    long: Span
    top: tuple[int, ...]
    line: int


@dataclass(frozen=True)
class ScaleQSRow:
    """One printed row of Scale QS: the full tables it covers, the winner's award of
    each column of :data:`COLUMNS`, and the seed line."""

    tables: tuple[int, int]
    top: tuple[int, ...]
    line: int


def _s(short: Span, regular: Span, long: Span, top: str, line: int) -> ScaleSRow:
    return ScaleSRow(short, regular, long, tuple(int(cell) for cell in top.split()), line)


def _qs(low: int, high: int, top: str, line: int) -> ScaleQSRow:
    return ScaleQSRow((low, high), tuple(int(cell) for cell in top.split()), line)


# Scale S, 1-winner pairs (lines 6951-6996).
PRINTED_S_SINGLE: tuple[ScaleSRow, ...] = (
    _s(None, (23, 24), (16, 16), "96 80 64 48 32", 6966),
    _s(None, (22, 22), (15, 15), "90 75 60 45 30", 6968),
    _s(None, (20, 21), (14, 14), "84 70 56 42 28", 6970),
    _s(None, (19, 19), (13, 13), "78 65 52 39 26", 6972),
    _s((23, 24), (17, 18), (12, 12), "72 60 48 36 24", 6974),
    _s((21, 22), (16, 16), (11, 11), "66 55 44 33 22", 6976),
    _s((19, 20), (14, 15), (10, 10), "60 50 40 30 20", 6978),
    _s((17, 18), (13, 13), (9, 9), "54 45 36 27 18", 6980),
    _s((15, 16), (11, 12), (8, 8), "48 40 32 24 16", 6982),
    _s((13, 14), (10, 10), (7, 7), "42 35 28 21 14", 6984),
    _s((11, 12), (8, 9), (6, 6), "36 30 24 18 12", 6986),
    _s((9, 10), (7, 7), (5, 5), "30 25 20 15 10", 6988),
    _s((7, 8), (5, 6), (4, 4), "24 20 16 12 8", 6990),
    _s((5, 6), (4, 4), (3, 3), "18 15 12 9 6", 6992),
    _s((3, 4), (2, 3), (2, 2), "12 10 8 6 4", 6994),
    _s((1, 2), (1, 1), (1, 1), "6 5 4 3 2", 6996),
)

# Scale S, teams and 2-winner pairs (lines 7000-7033). The last row's two ranges are the
# 12-17 and 18-35 columns: the 36+ column's "3 – 4" is on the row above (line 7031).
PRINTED_S_TEAMS: tuple[ScaleSRow, ...] = (
    _s(None, (28, 30), (19, 20), "100 90 70 50 30", 7015),
    _s(None, (25, 27), (17, 18), "90 81 63 45 27", 7017),
    _s(None, (22, 24), (15, 16), "80 72 56 40 24", 7019),
    _s((25, 28), (19, 21), (13, 14), "70 63 49 35 21", 7021),
    _s((21, 24), (16, 18), (11, 12), "60 54 42 30 18", 7023),
    _s((17, 20), (13, 15), (9, 10), "50 45 35 25 15", 7025),
    _s((13, 16), (10, 12), (7, 8), "40 36 28 20 12", 7027),
    _s((9, 12), (7, 9), (5, 6), "30 27 21 15 9", 7029),
    _s((5, 8), (4, 6), (3, 4), "20 18 14 10 6", 7031),
    _s((3, 4), (3, 3), None, "10 9 7 5 3", 7033),
)

# Scale QS, 1-winner pairs (lines 7068-7105).
PRINTED_QS_SINGLE: tuple[ScaleQSRow, ...] = (
    _qs(31, 32, "176 160 128 96 64", 7075),
    _qs(29, 30, "165 150 120 90 60", 7077),
    _qs(27, 28, "154 140 112 84 56", 7079),
    _qs(25, 26, "143 130 104 78 52", 7081),
    _qs(23, 24, "132 120 96 72 48", 7083),
    _qs(21, 22, "121 110 88 66 44", 7085),
    _qs(19, 20, "110 100 80 60 40", 7087),
    _qs(17, 18, "99 90 72 54 36", 7089),
    _qs(15, 16, "88 80 64 48 32", 7091),
    _qs(13, 14, "77 70 56 42 28", 7093),
    _qs(11, 12, "66 60 48 36 24", 7095),
    _qs(9, 10, "55 50 40 30 20", 7097),
    _qs(7, 8, "44 40 32 24 16", 7099),
    _qs(5, 6, "33 30 24 18 12", 7101),
    _qs(3, 4, "22 20 16 12 8", 7103),
    _qs(1, 2, "11 10 8 6 4", 7105),
)

# Scale QS, teams and 2-winner pairs (lines 7109-7134).
PRINTED_QS_TEAMS: tuple[ScaleQSRow, ...] = (
    _qs(37, 40, "180 150 120 90 60", 7116),
    _qs(33, 36, "162 135 108 81 54", 7118),
    _qs(29, 32, "144 120 96 72 48", 7120),
    _qs(25, 28, "126 105 84 63 42", 7122),
    _qs(21, 24, "108 90 72 54 36", 7124),
    _qs(17, 20, "90 75 60 45 30", 7126),
    _qs(13, 16, "72 60 48 36 24", 7128),
    _qs(9, 12, "54 45 36 27 18", 7130),
    _qs(5, 8, "36 30 24 18 12", 7132),
    _qs(3, 4, "18 15 12 9 6", 7134),
)

# Example 4.12.4 (lines 3790-3811): 18-35 boards, single-winner pairs, the winner's
# award in categories A, B and C by full tables in the category's ranking list.
PRINTED_EXAMPLE_4124: tuple[ScaleQSRow, ...] = (
    _qs(13, 13, "45 36 27", 3795),
    _qs(11, 12, "40 32 24", 3797),
    _qs(10, 10, "35 28 21", 3799),
    _qs(8, 9, "30 24 18", 3801),
    _qs(7, 7, "25 20 15", 3803),
    _qs(5, 6, "20 16 12", 3805),
    _qs(4, 4, "15 12 9", 3807),
    _qs(2, 3, "10 8 6", 3809),
    _qs(1, 1, "5 4 3", 3811),
)
