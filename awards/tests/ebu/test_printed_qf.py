"""The printed Scale QF (Appendix lines 6813-6946) and the printed table of awards per
match won (4.6.3, lines 2707-2774), cell by cell against the rules they are printed
from (awards.domain.ebu.printed_qf, awards.domain.ebu.per_match), through the comparison
of awards.domain.ebu.appendix; seed 001_4cb9a3c6036a851e.txt."""

from fractions import Fraction

import pytest

from awards.domain.ebu import appendix, per_match
from awards.domain.ebu.core import FACTOR
from awards.domain.ebu.printed_qf import (
    PER_MATCH,
    PER_MATCH_STATUSES,
    QF_CLUB,
    QF_DISTRICT,
    qf_line_of,
)

# Scale QF's rule, from its notes (lines 6819-6829, 6942-6946): awards to 1/8 of the
# original entry (one per 8 tables of teams, 4 of single-winner pairs, 2 of
# individuals); the winner's award grows evenly with the entry to the theoretical
# maximum, 300 at Club, reached at 60 tables of teams or 50 of pairs or individuals; a
# row is read at its upper end; above the maximum the column is blank.
PER_AWARD = {"teams": 8, "pairs": 4, "individual": 2}
FULL_AT = {"teams": 60, "pairs": 50, "individual": 50}

# Every printed cell of Scale QF that departs from its rule: (status, column, row's upper
# end): (printed, rule). None: Club (maximum 300) and District (450, line 6829: the Club
# scale x 1½, 3.2) are the rule in every cell.
QF_DEPARTURES: dict[tuple[str, str, int], tuple[int, int]] = {}


def qf_pinned(cells: list[appendix.Cell]) -> dict:
    """Departing Scale QF cells in the shape of QF_DEPARTURES."""
    found = {}
    for cell in cells:
        status, column = cell.column.split()
        found[(status, column, int(cell.row))] = (cell.printed, cell.generated)
    return found


def test_every_printed_qf_cell_follows_the_rule():
    cells = [cell for cell in appendix.qf_cells() if cell.scale == "QF"]
    assert len(cells) == 2 * sum(len(rows) for rows in QF_CLUB.values())
    assert qf_pinned(appendix.departing(cells)) == QF_DEPARTURES


@pytest.mark.parametrize(("printed", "maximum"), [(QF_CLUB, 300), (QF_DISTRICT, 450)])
def test_the_printed_rows_are_the_rules_rows(printed, maximum):
    # Every row the rule fills (one every PER_AWARD tables, over the printed rows 2..56,
    # up to the entry that reaches the maximum) is printed, and no other: the blanks at
    # the top of the pairs (52, 56) and individual (52-56) columns are the rule's 312
    # and 336 > 300.
    for column, cells in printed.items():
        rows = range(PER_AWARD[column], 57, PER_AWARD[column])
        filled = [upper for upper in rows if upper <= FULL_AT[column]]
        assert sorted(cells) == filled, column
        assert max(cells.values()) <= maximum


def test_cells_as_printed():
    # A few cells read straight off the page, with their lines.
    assert (qf_line_of(56), QF_CLUB["teams"][56], QF_DISTRICT["teams"][56]) == (6862, 280, 420)
    assert (qf_line_of(50), QF_CLUB["individual"][50], QF_DISTRICT["individual"][50]) == (
        6868,
        300,
        450,
    )
    assert (qf_line_of(48), QF_CLUB["pairs"][48], QF_DISTRICT["individual"][48]) == (6870, 288, 432)
    assert (qf_line_of(8), QF_CLUB["teams"][8], QF_CLUB["pairs"][8]) == (6910, 40, 48)
    # The two rows whose labels the extraction lost: 3-4 and 1-2 (lines 6914, 6916).
    assert (qf_line_of(4), QF_CLUB["pairs"][4], QF_DISTRICT["pairs"][4]) == (6914, 24, 36)
    assert (qf_line_of(2), QF_CLUB["individual"][2], QF_DISTRICT["individual"][2]) == (
        6916,
        12,
        18,
    )


@pytest.mark.parametrize(
    ("status", "printed"),
    [("county", QF_CLUB), ("regional", QF_DISTRICT), ("national", QF_CLUB)],
)
def test_higher_statuses_are_multiples_of_the_printed_scales(status, printed):
    # Lines 6920-6924: County = Club x 2, Regional = District x 2, National = Club x 4.
    times = {"county": 2, "regional": 2, "national": 4}[status]
    movement = {"teams": "teams", "pairs": "single-winner", "individual": "individual"}
    for column, cells in printed.items():
        for upper, cell in cells.items():
            places = per_match.qf_places(
                factor=FACTOR[status], movement=movement[column], original_tables=upper
            )
            assert places[0] == cell * times, (status, column, upper)


def test_reading_down_a_printed_column():
    # 4.1.5 (lines 2098-2102): the winner at the entry's row, then down the column; a
    # blank row takes the next figure up (9 teams read at 15-16).
    assert per_match.qf_places(factor=Fraction(1), movement="teams", original_tables=16) == [80, 40]
    assert per_match.qf_places(factor=Fraction(1), movement="teams", original_tables=9) == [80, 40]
    assert per_match.qf_places(
        factor=Fraction(1), movement="single-winner", original_tables=14
    ) == [96, 72, 48, 24]
    assert per_match.qf_places(factor=Fraction(3, 2), movement="individual", original_tables=5) == [
        54,
        36,
        18,
    ]


# The 4.6.3 table's rule (its column headings, lines 2713-2734; 4.5.4, lines 2612-2618):
# boards x 1½ x the status factor for 1-17 boards, 18 boards' worth for 18-35, 50% more
# for 36+; a printed whole number is the rule rounded up (3.4.1).
#
# Every printed cell of 4.6.3 that departs from its rule: (row, status): (printed, rule).
# District 36+ is printed 62: 1½ x the printed (rounded) 41 of 18-35 boards, 61½, rounded
# up; the rule, rounding once at the end, gives 40½ x 1½ = 60¾ -> 61. Kept as printed.
PER_MATCH_DEPARTURES = {("36+", "district"): (62, 61)}


def per_match_pinned(cells: list[appendix.Cell]) -> dict:
    """Departing 4.6.3 cells in the shape of PER_MATCH_DEPARTURES."""
    return {(cell.row, cell.column): (cell.printed, cell.generated) for cell in cells}


def test_per_match_cells_that_depart_from_the_rule():
    cells = [cell for cell in appendix.qf_cells() if cell.scale == "4.6.3"]
    assert len(cells) == len(PER_MATCH) * len(PER_MATCH_STATUSES)
    assert per_match_pinned(appendix.departing(cells)) == PER_MATCH_DEPARTURES


def test_per_match_rows_and_lines():
    # One row every second line from line 2738 ("1") to line 2774 ("36 or more").
    cells = {(c.row, c.column): c for c in appendix.qf_cells() if c.scale == "4.6.3"}
    assert cells[("1", "club")].line == 2738
    assert cells[("17", "national")].line == 2770
    assert cells[("36+", "district")].line == 2774
    assert [appendix.per_match_boards(row) for row in ("1", "17", "18-35", "36+")] == [
        1,
        17,
        18,
        36,
    ]


def test_the_printed_per_match_cell_is_kept():
    assert per_match.per_match_award(factor=FACTOR["district"], boards_per_match=40) == 62
    assert per_match.generated_per_match(
        factor=FACTOR["district"], boards_per_match=40
    ) == Fraction(243, 4)


def test_the_per_match_table_is_complete():
    assert list(PER_MATCH) == [str(n) for n in range(1, 18)] + ["18-35", "36+"]
    # Line 2738 and line 2774 as printed.
    assert PER_MATCH["1"] == (2, 3, 3, 5, 6)
    assert PER_MATCH["36+"] == (41, 62, 81, 122, 162)
