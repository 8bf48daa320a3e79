"""Scale G as printed (Appendix lines 5958-6095) against Scale G generated from its rule
(6.3.1(a)-(f), lines 4132-4176), and the printed 6.4.8 list of awards per round won
(lines 4542-4554) against its rule (B/29, rounded up): every departing cell, with both
values, through the comparison of awards.domain.ebu.appendix. The printed value is the
one kept."""

from decimal import Decimal
from fractions import Fraction as F

import pytest

from awards.domain.ebu import appendix
from awards.domain.ebu.green import G_STEPS, per_match, scale_g
from awards.domain.ebu.printed_green import PRINTED_G, printed_awards

Q = F(1, 4)


def _cells(*values: str) -> tuple[F, ...]:
    return tuple(F(value) for value in values)


# Below 14 pairs (6.3.1(f)) the rule's top award TOE/40 + 3 (rounded up to a quarter)
# is 3.25 or 3.50, the printed rows 2.50-3.25: every cell departs. (entries: generated,
# printed)
DEPARTING_SMALL = {
    6: (_cells("3.25", "2", "1.25"), _cells("2.50", "1.25", "0.50")),
    7: (_cells("3.25", "2", "1.25"), _cells("2.50", "1.25", "0.50")),
    8: (_cells("3.25", "2", "1.25", "0.75"), _cells("2.75", "1.50", "0.75", "0.25")),
    9: (_cells("3.25", "2", "1.25", "0.75"), _cells("2.75", "1.50", "0.75", "0.25")),
    10: (_cells("3.25", "2", "1.25", "0.75", "0.50"), _cells("3", "1.75", "1", "0.50", "0.25")),
    11: (_cells("3.50", "2.25", "1.50", "1", "0.75"), _cells("3", "1.75", "1", "0.50", "0.25")),
    12: (
        _cells("3.50", "2.25", "1.50", "1", "0.75", "0.50"),
        _cells("3.25", "2", "1.25", "0.75", "0.50", "0.25"),
    ),
    13: (
        _cells("3.50", "2.25", "1.50", "1", "0.75", "0.50"),
        _cells("3.25", "2", "1.25", "0.75", "0.50", "0.25"),
    ),
}


def g_pinned(cells: list[appendix.Cell]) -> dict:
    """Departing Scale G cells in the shape of DEPARTING_SMALL: entries -> (generated
    places, printed places), in place order."""
    rows: dict[int, list[appendix.Cell]] = {}
    for cell in cells:
        rows.setdefault(int(cell.row.removesuffix(" pairs")), []).append(cell)
    found = {}
    for entries, row in rows.items():
        row.sort(key=lambda cell: int(cell.column.removeprefix("place ")))
        found[entries] = (
            tuple(cell.generated for cell in row),
            tuple(cell.printed for cell in row),
        )
    return found


def _compared(scale: str) -> list[appendix.Cell]:
    return [cell for cell in appendix.green_cells() if cell.scale == scale]


def test_every_departing_cell_of_scale_g_is_listed():
    cells = _compared("G")
    # Every place of every entry from 6 pairs (the first row, line 6008) past the cap.
    assert {cell.row for cell in cells} == {f"{n} pairs" for n in range(6, 241)}
    departing = appendix.departing(cells)
    assert g_pinned(departing) == DEPARTING_SMALL
    # Every place of those rows departs, none other.
    assert len(departing) == sum(len(printed) for _generated, printed in DEPARTING_SMALL.values())


def test_the_printed_value_is_kept():
    for entries, (_generated, printed) in DEPARTING_SMALL.items():
        assert scale_g(entries) == printed


@pytest.mark.parametrize(
    "entries, first_four, awards",
    [
        # Printed rows (line): 14-20 (6022), 51-60 (6042), 101-110 (6067), 151+ (6092).
        (14, _cells("3.50", "2.25", "1.50", "1"), 7),
        (20, _cells("3.50", "2.25", "1.50", "1"), 7),
        (55, _cells("4.50", "3.25", "2.50", "2"), 11),
        (101, _cells("5.75", "4.50", "3.75", "3.25"), 16),
        (151, _cells("7", "5.75", "5", "4.50"), 21),
        (400, _cells("7", "5.75", "5", "4.50"), 21),  # 6.3.1(e): as 160 pairs at most
        (6, _cells("2.50", "1.25", "0.50"), 3),  # "n/a (3 awards only)", line 6008
        (9, _cells("2.75", "1.50", "0.75", "0.25"), 4),  # "(4 awards only)", line 6010
    ],
)
def test_printed_rows(entries, first_four, awards):
    scale = scale_g(entries)
    assert scale[: len(first_four)] == first_four
    assert len(scale) == awards
    # Every row reads down by 0.25 to its last place, which receives 0.25 (but the
    # three awards of 6-7 pairs, which stop at 0.50, line 6008).
    assert scale[-1] == (F(1, 2) if entries < 8 else Q)
    assert all(a - b == Q for a, b in zip(scale[3:], scale[4:], strict=False))


def test_the_printed_rows_cover_every_entry_from_6_pairs():
    for row, after in zip(PRINTED_G, PRINTED_G[1:], strict=False):
        assert row.high is not None and after.low == row.high + 1
        assert after.line > row.line
    assert PRINTED_G[0].low == 6 and PRINTED_G[-1].high is None
    assert printed_awards(5) == ()


def test_fourth_place_is_half_a_point_below_third_as_printed():
    # The text (line 4154) says 0.75; every printed row, the example of 6.3.1 and the
    # 160-pair maximum (top 7, 21 awards) say 0.50: with 0.75 the 21st award would be 0.
    assert G_STEPS == (F(5, 4), F(3, 4), F(1, 2))
    for row in PRINTED_G[1:]:
        assert row.first[2] - row.first[3] == F(1, 2)
    top, awards = F(7), 21
    assert top - sum(G_STEPS) - (awards - 4) * Q == Q


# 6.4.8: the printed 6-board line departs from B/29 rounded up (6/29 = 0.2069).
# boards: (generated win, draw), (printed win, draw)
DEPARTING_PER_MATCH = {
    6: ((Decimal("0.21"), Decimal("0.11")), (Decimal("0.20"), Decimal("0.10"))),
}


def per_match_pinned(cells: list[appendix.Cell]) -> dict:
    """Departing 6.4.8 cells in the shape of DEPARTING_PER_MATCH: boards -> ((generated
    win, draw), (printed win, draw)). The cells are exact fractions; a Fraction and a
    Decimal of one value compare equal."""
    rows: dict[int, dict[str, appendix.Cell]] = {}
    for cell in cells:
        rows.setdefault(int(cell.row.removesuffix(" boards")), {})[cell.column] = cell
    return {
        boards: (
            (row["win"].generated, row["draw"].generated),
            (row["win"].printed, row["draw"].printed),
        )
        for boards, row in rows.items()
    }


def test_every_departing_award_per_round_is_listed():
    cells = _compared("6.4.8")
    assert len(cells) == 2 * 7  # 2-8 boards, win and draw
    assert per_match_pinned(appendix.departing(cells)) == DEPARTING_PER_MATCH
    assert per_match(6) == (Decimal("0.20"), Decimal("0.10"))


@pytest.mark.parametrize(
    "boards, win, draw",
    [  # lines 4542-4554
        (2, "0.07", "0.04"),
        (3, "0.11", "0.06"),
        (4, "0.14", "0.07"),
        (5, "0.18", "0.09"),
        (6, "0.20", "0.10"),
        (7, "0.25", "0.13"),
        (8, "0.28", "0.14"),
    ],
)
def test_printed_awards_per_round(boards, win, draw):
    assert per_match(boards) == (Decimal(win), Decimal(draw))
