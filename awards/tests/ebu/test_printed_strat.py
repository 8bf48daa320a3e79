"""Scales S and QS and the table of example 4.12.4, generated from their rule, against
every printed cell (seed lines 6947-7160 and 3790-3811)."""

from fractions import Fraction

import pytest

from awards.domain.ebu.basic import basic_awards
from awards.domain.ebu.printed_strat import (
    COLUMNS,
    PRINTED_EXAMPLE_4124,
    PRINTED_QS_SINGLE,
    PRINTED_QS_TEAMS,
    PRINTED_S_SINGLE,
    PRINTED_S_TEAMS,
)
from awards.domain.ebu.qualifier import quali_final_places
from awards.domain.ebu.stratified import scale_qs, scale_s

# A board count in each column of Scale S: 12-17, 18-35, 36+.
BOARDS = {"short": 12, "regular": 24, "long": 40}


def _s_cells():
    for family, rows in (("single-winner", PRINTED_S_SINGLE), ("teams", PRINTED_S_TEAMS)):
        for row in rows:
            for column, boards in BOARDS.items():
                span = getattr(row, column)
                if span is None:
                    continue
                for tables in range(span[0], span[1] + 1):
                    for category, printed in zip(COLUMNS, row.top, strict=True):
                        yield family, boards, tables, category, printed, row.line


def _qs_cells():
    for family, rows in (("single-winner", PRINTED_QS_SINGLE), ("teams", PRINTED_QS_TEAMS)):
        for row in rows:
            for tables in range(row.tables[0], row.tables[1] + 1):
                for category, printed in zip(COLUMNS, row.top, strict=True):
                    yield family, tables, category, printed, row.line


def test_every_printed_cell_of_scale_s_is_the_rules():
    departing = {}
    cells = list(_s_cells())
    for family, boards, tables, category, printed, line in cells:
        generated = scale_s(category=category, movement=family, tables=tables, boards=boards)[0]
        if generated != printed:
            departing[(family, boards, tables, category, line)] = (generated, printed)
    assert len(cells) > 500
    # No printed cell of Scale S departs from the rule: every one is kept as printed
    # and the rule gives the same.
    assert departing == {}


def test_every_printed_cell_of_scale_qs_is_the_rules():
    departing = {}
    cells = list(_qs_cells())
    for family, tables, category, printed, line in cells:
        generated = scale_qs(category=category, movement=family, tables=tables)[0]
        if generated != printed:
            departing[(family, tables, category, line)] = (generated, printed)
    assert len(cells) == (32 + 38) * 5
    assert departing == {}


def test_the_table_of_example_4124_is_scale_s_18_35_boards():
    departing = {}
    for row in PRINTED_EXAMPLE_4124:
        for tables in range(row.tables[0], row.tables[1] + 1):
            for category, printed in zip("ABC", row.top, strict=True):
                generated = scale_s(
                    category=category, movement="single-winner", tables=tables, boards=24
                )[0]
                if generated != printed:
                    departing[(tables, category, row.line)] = (generated, printed)
    assert departing == {}


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
