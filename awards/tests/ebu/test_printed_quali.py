"""The quali-final scales QA-QE as printed (awards.domain.ebu.printed_quali, seed
001_4cb9a3c6036a851e.txt lines 6096-6812) against the rule they are generated from
(awards.domain.ebu.qualifier), through the comparison of awards.domain.ebu.appendix: every
departing cell listed, the printed value kept."""

import math
from fractions import Fraction

import pytest

from awards.domain.ebu import appendix, qualifier
from awards.domain.ebu.printed_quali import PRINTED, line_of

FACTORS = {
    "QA": Fraction(1),
    "QB": Fraction(3, 2),
    "QC": Fraction(2),
    "QD": Fraction(3),
    "QE": Fraction(4),
}
MOVEMENT_OF_COLUMN = {"teams": "teams", "pairs": "single-winner", "individual": "individual"}


def test_each_scale_prints_its_three_columns_in_full():
    # Teams every 4 tables 4-64, single-winner pairs every 2 tables 2-54 (the cells
    # above 54 would pass the 300 maximum), individuals every table 1-54.
    for cells in PRINTED.values():
        assert sorted(cells["teams"]) == list(range(4, 65, 4))
        assert sorted(cells["pairs"]) == list(range(2, 55, 2))
        assert sorted(cells["individual"]) == list(range(1, 55))


@pytest.mark.parametrize(
    ("letter", "column", "tables", "printed", "line"),
    [
        ("QA", "teams", 16, 72, 6188),  # "16 72 88 88  48 216 264 264"
        ("QA", "individual", 1, 6, 6218),  # "   6*  33   182"
        ("QA", "pairs", 54, 297, 6176),  # "22  121 121  54  297 297"
        ("QB", "individual", 31, 256, 6303),  # "31   256  63"
        ("QC", "individual", 1, 12, 6510),  # "   12*  33   363"
        ("QD", "teams", 64, 864, 6588),  # "32 432 528 528  64 864"
        ("QE", "teams", 36, 628, 6785),  # "4 72 88 88  36 628 792 792"
    ],
)
def test_printed_cells_and_their_lines(letter, column, tables, printed, line):
    assert PRINTED[letter][column][tables] == printed
    assert line_of(letter, tables) == line


# Every printed cell that departs from the scales' rule (Club step 18 per 4 teams, 11
# per 2 single-winner tables, 5½ per individual table, times the factor, rounded up,
# at least the minimum): (scale, column, original tables): (printed, rule).
DEPARTURES = {
    # QD individual, 11 tables (line 6630): 11 x 5½ x 3 = 181½ -> 182; printed 183.
    ("QD", "individual", 11): (183, 182),
    # QD individual, 25 tables (line 6602): 25 x 5½ x 3 = 412½ -> 413; printed 414.
    ("QD", "individual", 25): (414, 413),
    # QE individual, 9 tables (line 6775): 9 x 5½ x 4 = 198; printed 196.
    ("QE", "individual", 9): (196, 198),
    # QE teams, 36 tables (line 6785): 9 awards x 18 x 4 = 648 (QD prints 486 = 3/4
    # of it, QC 324 = 1/2); printed 628.
    ("QE", "teams", 36): (628, 648),
}


def test_the_departing_cells_are_exactly_these():
    assert qualifier.departures() == DEPARTURES


def pinned(cells: list[appendix.Cell]) -> dict:
    """Departing appendix cells in the shape of DEPARTURES."""
    return {
        (cell.scale, cell.column, int(cell.row)): (cell.printed, cell.generated) for cell in cells
    }


def test_the_comparison_departs_at_exactly_these_cells():
    # Every printed cell, each compared once; the rest are the rule rounded up.
    cells = appendix.quali_cells()
    printed = sum(len(rows) for columns in PRINTED.values() for rows in columns.values())
    assert len(cells) == printed == 5 * (16 + 27 + 54)
    assert pinned(appendix.departing(cells)) == DEPARTURES


def test_the_rule_of_a_cell():
    # QD, 11 individual tables: 11 x 5½ x 3 = 181½ -> 182 (line 6630 prints 183);
    # QA, 1 individual table: 5½, raised to the minimum 6 (line 6218, "6*").
    assert appendix.quali_rule(Fraction(3), "individual", 11) == 182
    assert appendix.quali_rule(Fraction(1), "individual", 1) == 6
    assert appendix.quali_rule(Fraction(4), "teams", 36) == 648


def _credited(places, factor):
    return [max(math.ceil(value), math.ceil(6 * factor)) for value in places]


@pytest.mark.parametrize("letter", FACTORS)
@pytest.mark.parametrize("column", ["teams", "pairs", "individual"])
def test_reading_down_each_printed_column_gives_the_printed_cells(letter, column):
    # 4.1.5: the winner's award at a row, each lower place the next cell down the
    # column; the printed value is kept where it departs from the rule.
    cells = PRINTED[letter][column]
    factor = FACTORS[letter]
    movement = MOVEMENT_OF_COLUMN[column]
    for tables in cells:
        places = qualifier.quali_final_places(
            factor=factor, movement=movement, original_tables=tables
        )
        expected = [cells[row] for row in sorted(cells, reverse=True) if row <= tables]
        assert _credited(places, factor) == expected, (letter, column, tables)


def test_a_departing_cell_is_used_below_a_larger_winner():
    # QE teams, 40 original tables: 720 then the printed 628 (line 6785), not 648.
    places = qualifier.quali_final_places(factor=Fraction(4), movement="teams", original_tables=40)
    assert places[:3] == [720, 628, 576]
    # QE individual, 9 tables: the printed 196 (line 6775) is the winner's award.
    places = qualifier.quali_final_places(
        factor=Fraction(4), movement="individual", original_tables=9
    )
    assert places[0] == 196
