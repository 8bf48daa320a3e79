"""Scales S and QS and the table of example 4.12.4, generated from their rule, against
every printed cell (seed lines 6947-7160 and 3790-3811), through the comparison of
awards.domain.ebu.appendix."""

from fractions import Fraction

import pytest

from awards.domain.ebu import appendix
from awards.domain.ebu.basic import basic_awards
from awards.domain.ebu.printed_strat import PRINTED_S_SINGLE, PRINTED_S_TEAMS
from awards.domain.ebu.qualifier import quali_final_places
from awards.domain.ebu.stratified import scale_qs, scale_s

# A board count in each column of Scale S: 12-17, 18-35, 36+.
BOARDS = {"short": 12, "regular": 24, "long": 40}


# Every printed cell that departs from the rule: (scale, column, row): (printed,
# generated). None: every printed cell of Scales S and QS and of the table of 4.12.4 is
# kept as printed and the rule gives the same.
S_DEPARTURES: dict[tuple[str, str, str], tuple[int, int]] = {}
QS_DEPARTURES: dict[tuple[str, str, str], tuple[int, int]] = {}
EXAMPLE_4124_DEPARTURES: dict[tuple[str, str, str], tuple[int, int]] = {}


def pinned(cells: list[appendix.Cell]) -> dict:
    """Departing appendix cells in the shape of the lists above."""
    return {(cell.scale, cell.column, cell.row): (cell.printed, cell.generated) for cell in cells}


def _cells(scale: str) -> list[appendix.Cell]:
    return [cell for cell in appendix.stratified_cells() if cell.scale == scale]


def test_every_printed_cell_of_scale_s_is_the_rules():
    cells = _cells("S")
    assert len(cells) > 500
    assert pinned(appendix.departing(cells)) == S_DEPARTURES


def test_every_printed_cell_of_scale_qs_is_the_rules():
    cells = _cells("QS")
    assert len(cells) == (32 + 38) * 5
    assert pinned(appendix.departing(cells)) == QS_DEPARTURES


def test_the_table_of_example_4124_is_scale_s_18_35_boards():
    cells = _cells("4.12.4")
    assert {cell.column for cell in cells} == set("ABC")
    assert pinned(appendix.departing(cells)) == EXAMPLE_4124_DEPARTURES


def test_a_printed_cell_and_its_line():
    # Line 6966: 1-winner pairs, 23-24 tables at 18-35 boards, "96 80 64 48 32".
    cells = {(cell.column, cell.row): cell for cell in _cells("S")}
    cell = cells[("single-winner A", "24 tables, 18-35 boards")]
    assert (cell.printed, cell.generated, cell.line) == (80, 80, 6966)


@pytest.mark.parametrize("family", ["single-winner", "teams"])
@pytest.mark.parametrize("boards", [12, 24, 40])
def test_the_unstratified_column_is_the_basic_club_scale(family, boards):
    # Note (1), lines 7039-7041: the "Unstratified" column is the basic scale, Scale A.
    for tables in range(3, 70):
        generated = scale_s(category="U", movement=family, tables=tables, boards=boards)
        basic = basic_awards(factor=Fraction(1), movement=family, tables=tables, boards=boards)
        assert generated == basic, (family, boards, tables)


@pytest.mark.parametrize("family", ["single-winner", "teams"])
def test_the_unstratified_qs_column_is_scale_qa(family):
    for tables in range(1, 80):
        generated = scale_qs(category="U", movement=family, tables=tables)
        qa = quali_final_places(factor=Fraction(1), movement=family, original_tables=tables)
        assert generated == qa, (family, tables)


def test_the_rows_are_read_whole():
    # Every Scale S row prints all five columns, and the ranges follow on without gaps.
    for rows in (PRINTED_S_SINGLE, PRINTED_S_TEAMS):
        for column in BOARDS:
            spans = [getattr(row, column) for row in rows if getattr(row, column)]
            for upper, lower in zip(spans, spans[1:], strict=False):
                assert lower[1] + 1 == upper[0]
        assert all(len(row.top) == 5 for row in rows)
