"""Scales A-F and X (awards.domain.ebu.printed_basic) against the basic scales generated
from their rule (awards.domain.ebu.basic), cell by cell, through the comparison of
awards.domain.ebu.appendix. Seed 001_4cb9a3c6036a851e.txt, Appendix lines 4709-5957 and
7161-7285."""

import math
from fractions import Fraction

import pytest

from awards.domain.ebu import appendix, printed_basic
from awards.domain.ebu.core import minimum_award

FACTORS = {
    "A": Fraction(1),
    "B": Fraction(3, 2),
    "C": Fraction(2),
    "D": Fraction(3),
    "E": Fraction(4),
}
STEP = {printed_basic.PER_DIRECTION: 10, printed_basic.SINGLE_WINNER: 6}

# Every printed cell that departs from the rule: (scale, band, family, full tables):
# (printed, generated). The generated value is used.
#
# Single-winner pairs of 25+ tables, 12-17 and 18-35 boards (Scales A-E, lines
# 4779-4793 and the like): the three table columns share one award column, and the
# figures beside 25-30 tables belong to the 36+ column's 13-20 tables. Read across for
# 12-35 boards they pass the theoretical maximum of 75 / 100 at Club, "reached by ... 25
# tables of individual/single-winner pairs" (4.4.2, lines 2449-2457; each scale's note,
# e.g. lines 4719-4723 and 4832-4834); Scale X stops that column at 24 tables (line
# 7243); and 4.4.9's own worked example gives a 30-table single-winner Club event a
# maximum of 110 (lines 2534-2547), not the 120 read across Scale A. The maximum rule
# holds: at 25 tables the maximum itself, beyond it max * sqrt(tables / 25) rounded up
# (4.4.9), times the status factor.
#
# Scale X, Regional, single-winner, 16 tables (line 7253): 192, where Scale D itself
# prints 198 (line 5465) and every other figure of the row is 6 steps of 11: a misprint
# in the table "repeated for convenience"; Scale D's 198 holds.
SINGLE_12_17 = {25: (78, 75), 26: (78, 77), 27: (84, 78), 28: (84, 80)}
SINGLE_18_35 = {
    25: (102, 100),
    26: (108, 102),
    27: (108, 104),
    28: (114, 106),
    29: (120, 108),
    30: (120, 110),
}
DEPARTURES = {
    **{("A", "12-17", "single-winner", t): cell for t, cell in SINGLE_12_17.items()},
    **{("A", "18-35", "single-winner", t): cell for t, cell in SINGLE_18_35.items()},
    ("B", "12-17", "single-winner", 25): (117, 113),
    ("B", "12-17", "single-winner", 26): (117, 115),
    ("B", "12-17", "single-winner", 27): (126, 117),
    ("B", "12-17", "single-winner", 28): (126, 120),
    ("B", "18-35", "single-winner", 25): (153, 150),
    ("B", "18-35", "single-winner", 26): (162, 153),
    ("B", "18-35", "single-winner", 27): (162, 156),
    ("B", "18-35", "single-winner", 28): (171, 159),
    ("B", "18-35", "single-winner", 29): (180, 162),
    ("B", "18-35", "single-winner", 30): (180, 165),
    ("C", "12-17", "single-winner", 25): (156, 150),
    ("C", "12-17", "single-winner", 26): (156, 153),
    ("C", "12-17", "single-winner", 27): (168, 156),
    ("C", "12-17", "single-winner", 28): (168, 159),
    ("C", "18-35", "single-winner", 25): (204, 200),
    ("C", "18-35", "single-winner", 26): (216, 204),
    ("C", "18-35", "single-winner", 27): (216, 208),
    ("C", "18-35", "single-winner", 28): (228, 212),
    ("C", "18-35", "single-winner", 29): (240, 216),
    ("C", "18-35", "single-winner", 30): (240, 220),
    ("D", "12-17", "single-winner", 25): (234, 225),
    ("D", "12-17", "single-winner", 26): (234, 230),
    ("D", "12-17", "single-winner", 27): (252, 234),
    ("D", "12-17", "single-winner", 28): (252, 239),
    ("D", "18-35", "single-winner", 25): (306, 300),
    ("D", "18-35", "single-winner", 26): (324, 306),
    ("D", "18-35", "single-winner", 27): (324, 312),
    ("D", "18-35", "single-winner", 28): (342, 318),
    ("D", "18-35", "single-winner", 29): (360, 324),
    ("D", "18-35", "single-winner", 30): (360, 329),
    ("E", "12-17", "single-winner", 25): (312, 300),
    ("E", "12-17", "single-winner", 26): (312, 306),
    ("E", "12-17", "single-winner", 27): (336, 312),
    ("E", "12-17", "single-winner", 28): (336, 318),
    ("E", "18-35", "single-winner", 25): (408, 400),
    ("E", "18-35", "single-winner", 26): (432, 408),
    ("E", "18-35", "single-winner", 27): (432, 416),
    ("E", "18-35", "single-winner", 28): (456, 424),
    ("E", "18-35", "single-winner", 29): (480, 431),
    ("E", "18-35", "single-winner", 30): (480, 439),
    ("X-D", "18-35", "single-winner", 16): (192, 198),
}  # fmt: skip


def key(cell: appendix.Cell) -> tuple[str, str, str, int]:
    """An appendix cell as DEPARTURES keys it: (scale, band, movement, full tables), Scale
    F and X by status ("F-A", "X-D")."""
    tables, band = cell.row.removesuffix(" boards").split(" tables, ")
    if cell.scale == "F":
        return (f"F-{cell.column}", band, "individual", int(tables))
    if cell.scale == "X":
        movement, letter = cell.column.split()
        return (f"X-{letter}", band, movement, int(tables))
    return (cell.scale, band, cell.column, int(tables))


def pinned(cells: list[appendix.Cell]) -> dict:
    """Departing cells in the shape of DEPARTURES: key -> (printed, generated)."""
    return {key(cell): (cell.printed, cell.generated) for cell in cells}


def test_every_printed_cell_departing_from_the_rule_is_listed():
    cells = appendix.basic_cells()
    assert {cell.scale for cell in cells} == set("ABCDEFX")
    assert len({key(cell) for cell in cells}) == len(cells)
    assert pinned(appendix.departing(cells)) == DEPARTURES


def test_the_square_root_departures_are_the_maxima_of_4_4():
    # 4.4.2: 75 (12-17) and 100 (18-35) at Club, reached at 25 single-winner tables;
    # beyond, 4.4.9: maximum * sqrt(a / 25), rounded up as the 4.4.9 table prints it.
    for (scale, band, _movement, tables), (_printed, generated) in DEPARTURES.items():
        if scale.startswith("X"):
            continue
        club = 75 if band == "12-17" else 100
        theoretical = club * FACTORS[scale]
        assert generated == math.ceil(theoretical * math.sqrt(tables / 25))


def test_the_cells_read_across_cover_every_printed_table_count():
    cells = printed_basic.printed_tops("A")
    assert sorted(t for b, f, t in cells if b == "12-17" and f == "per-direction") == list(
        range(3, 29)
    )
    assert sorted(t for b, f, t in cells if b == "18-35" and f == "single-winner") == list(
        range(3, 31)
    )
    assert sorted(t for b, f, t in cells if b == "36+" and f == "per-direction") == list(
        range(2, 61)
    )
    # Lines 4890-4910: single-winner 36+ figures stop at 50 tables, the maximum's field.
    assert max(t for b, f, t in cells if b == "36+" and f == "single-winner") == 50


@pytest.mark.parametrize("letter", printed_basic.LETTERS)
@pytest.mark.parametrize("family", [printed_basic.PER_DIRECTION, printed_basic.SINGLE_WINNER])
def test_each_award_column_reads_down_in_equal_steps(letter, family):
    # 4.1.5 (lines 2106-2108): lower places are read down the column from the winner.
    column = printed_basic.printed_column(letter, family)
    step = STEP[family] * FACTORS[letter]
    assert column == [int(step * k) for k in range(len(column), 0, -1)]


def test_every_printed_place_reads_down_to_the_generated_places():
    # Each printed winning award (not departing), read down its column to the end (the
    # starred minimum of Scale F included), is the generated list of places.
    checked = 0
    for cell in appendix.basic_cells():
        if cell.departs or cell.scale == "X":
            continue
        scale, band, movement, tables = key(cell)
        if scale.startswith("F"):
            column = printed_basic.printed_column_f(scale[-1])
        else:
            family = [f for f, m in appendix.BASIC_MOVEMENT.items() if m == movement][0]
            column = printed_basic.printed_column(scale, family)
        read_down = column[column.index(cell.printed) :]
        factor = FACTORS[scale[-1]]
        assert appendix.basic_places(factor, movement, tables, band) == read_down, (scale, tables)
        checked += 1
    assert checked > 1000


def test_scale_f_minimum_row_is_the_minimum_award():
    # Line 5951: "6* 9* 12* 18* 24*", "*Minimum permissible award" (line 5955).
    assert printed_basic.SCALE_F[-1] == (5951, None, None, None, (6, 9, 12, 18, 24))
    assert [math.ceil(minimum_award(f)) for f in FACTORS.values()] == [6, 9, 12, 18, 24]
