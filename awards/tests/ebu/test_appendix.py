"""Every printed scale of the Appendix (seed 001_4cb9a3c6036a851e.txt, lines 4700-7387)
and the printed tables of 4.6.3, 4.12.4 and 6.4.8, compared in one pass by
awards.domain.ebu.appendix.compare_all: the pass the benchmark times. The departing
cells are the ones each test_printed_* module pins, and no other."""

from awards.domain.ebu import appendix
from awards.tests.ebu import (
    test_printed_basic,
    test_printed_green,
    test_printed_qf,
    test_printed_quali,
    test_printed_strat,
)

SCALES = {
    *("A", "B", "C", "D", "E", "F", "X"),
    *("QA", "QB", "QC", "QD", "QE"),
    *("QF", "4.6.3", "S", "QS", "G"),
}


def _of(cells: list[appendix.Cell], *scales: str) -> list[appendix.Cell]:
    return [cell for cell in cells if cell.scale in scales]


def test_every_scale_is_compared():
    cells, _departing = appendix.compare_all()
    assert SCALES <= {cell.scale for cell in cells}
    # The other two are the tables of 4.12.4 (lines 3790-3811) and 6.4.8 (4542-4554).
    assert {cell.scale for cell in cells} - SCALES == {"4.12.4", "6.4.8"}
    assert {scale for _compare, scales in appendix.FAMILIES.values() for scale in scales} == (
        SCALES | {"4.12.4", "6.4.8"}
    )


def test_more_than_a_thousand_cells_each_once():
    cells, _departing = appendix.compare_all()
    assert len(cells) > 1000
    assert len({(cell.scale, cell.column, cell.row) for cell in cells}) == len(cells)
    # Every cell carries the seed line of its printed row (Scale G's open "151+" row,
    # line 6092, for every entry past 150).
    assert all(cell.line is not None for cell in cells)


def test_the_departing_cells_are_the_union_of_the_pinned_lists():
    cells, departing = appendix.compare_all()
    assert departing == [cell for cell in cells if cell.printed != cell.generated]
    pinned = [
        (
            test_printed_basic.pinned,
            test_printed_basic.DEPARTURES,
            ("A", "B", "C", "D", "E", "F", "X"),
        ),
        (test_printed_quali.pinned, test_printed_quali.DEPARTURES, ("QA", "QB", "QC", "QD", "QE")),
        (test_printed_qf.qf_pinned, test_printed_qf.QF_DEPARTURES, ("QF",)),
        (test_printed_qf.per_match_pinned, test_printed_qf.PER_MATCH_DEPARTURES, ("4.6.3",)),
        (test_printed_strat.pinned, test_printed_strat.S_DEPARTURES, ("S",)),
        (test_printed_strat.pinned, test_printed_strat.QS_DEPARTURES, ("QS",)),
        (test_printed_strat.pinned, test_printed_strat.EXAMPLE_4124_DEPARTURES, ("4.12.4",)),
        (test_printed_green.g_pinned, test_printed_green.DEPARTING_SMALL, ("G",)),
        (test_printed_green.per_match_pinned, test_printed_green.DEPARTING_PER_MATCH, ("6.4.8",)),
    ]
    covered: set[str] = set()
    for shape, expected, scales in pinned:
        assert shape(_of(departing, *scales)) == expected, scales
        covered.update(scales)
    # No departing cell outside the pinned lists.
    assert {cell.scale for cell in departing} <= covered
    assert covered == {scale for _compare, scales in appendix.FAMILIES.values() for scale in scales}
