"""A version of the SBF rulebook that differs in named printed cells (``cells``).

Rows pinned from ``000_18af0e66f52a62b2.txt``: table A1, 12 pairs (line 628) 24 16 11 8;
table A2, 34 pairs (line 738); table D, 12 pairs (line 1152) 12 8 6 sp, 16 red bp.
"""

from decimal import Decimal

import pytest

from awards.domain.core import Colour
from awards.domain.sbf import SBF, bronze_pairs, silver_pairs
from awards.domain.sbf.cells import Cell

WHAT_IF = SBF.amended("SBF what-if", [Cell("A1", 12, 2, 20)])


def _credited(book, table, entries):
    return [(p.colour, p.credited) for p in book.scale(table, entries=entries)]


def test_the_changed_cell_gives_its_place_and_the_printed_book_stays_as_printed():
    assert _credited(WHAT_IF, "A1", 12)[:3] == [
        (Colour.BRONZE, Decimal(24)),
        (Colour.BRONZE, Decimal(20)),
        (Colour.BRONZE, Decimal(11)),
    ]
    assert _credited(SBF, "A1", 12)[1] == (Colour.BRONZE, Decimal(16))
    assert bronze_pairs.row(12) == (24, 16, 11, 8)  # no version's cells outlive it
    assert WHAT_IF.version == "SBF what-if" and SBF.version == "SBF 2014-2015"
    assert WHAT_IF.cells == frozenset({Cell("A1", 12, 2, 20)})


def test_other_rows_and_tables_are_untouched():
    for table, entries in (("A1", 11), ("A1", 13), ("D", 12)):
        assert _credited(WHAT_IF, table, entries) == _credited(SBF, table, entries)


def test_rules_that_read_a_printed_row_read_the_changed_cell():
    # An odd field above 32 is the mean of its neighbours (line 824): 33 reads 34.
    book = SBF.amended("SBF what-if A2", [Cell("A2", 34, 1, 100)])
    assert bronze_pairs.row(33)[0] == 66
    assert _credited(book, "A2", 33)[0] == (Colour.BRONZE, Decimal(82))  # (64 + 100) / 2
    # Table D prints its red bronze on the sp line: place 4 of 12 pairs is red bp 16.
    red = SBF.amended("SBF what-if D", [Cell("D", 12, 4, 18)])
    assert _credited(red, "D", 12)[3] == (Colour.BRONZE, Decimal(18))
    assert silver_pairs.row(12).bp == (16,)


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        (Cell("B1", 12, 1, 5), "may change cells of tables A1, A2, C, D, F, not 'B1'"),
        (Cell("A1", 40, 1, 5), "table A1 prints no row for 40"),
        (Cell("A2", 32, 1, 5), "table A2 prints no row for 32"),
        (Cell("A1", 12, 5, 5), "row 12 of table A1 has places 1-4"),
        (Cell("D", 12, 5, 5), "row 12 of table D has places 1-4"),
        (Cell("A1", 12, 1, -1), "no negative points"),
    ],
)
def test_a_cell_the_book_does_not_print_is_refused_by_name(cell, message):
    with pytest.raises(ValueError, match=message):
        SBF.amended("SBF what-if", [cell])
