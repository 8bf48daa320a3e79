"""Butler and cross-IMPs (tournaments.domain.datum).

Seed 004 "International Match Point scoring": the datum (mean without top and
bottom results, or the median) and the averaged cross-IMP example (9.25).
Datum boards below are boards of compscore3_butler_howell.xml with the
BOARD_AVERAGE the program printed; the whole file is recomputed in
tests/importers/test_usebio_recompute.py.
"""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.datum import (
    butler,
    cross_imp_totals,
    cross_imps,
    datum,
    round_to,
)

scores = st.lists(
    st.integers(min_value=-760, max_value=760).map(lambda x: x * 10), min_size=3, max_size=30
)


def test_cross_imp_example_from_the_seed() -> None:
    # +620 against -100, -100, -300, +650: 12 + 12 + 14 - 1 = 37, / 4 = 9.25.
    board = [620, -100, -100, -300, 650]
    assert cross_imp_totals(board)[0] == 37
    assert cross_imps(board)[0] == Fraction("9.25")


@given(scores)
def test_cross_imps_cancel_out_on_a_board(board: list[int]) -> None:
    # Every comparison is counted once each way with the opposite sign.
    assert sum(cross_imp_totals(board)) == 0


def test_cross_imps_need_two_scores() -> None:
    with pytest.raises(ValueError, match="at least two scores on a board, got 1"):
        cross_imps([420])


@pytest.mark.parametrize(
    ("board", "number", "printed_datum"),
    [
        ([170, 140, 150, 170], 1, 160),
        ([50, -460, -490, -430], 2, -450),  # mean -445: a 5 goes away from zero
        ([100, 100, -170, -680], 4, -40),  # -35
        ([-200, -100, 170, 620], 7, 40),  # 35
        ([120, 130, 150, -140], 17, 130),  # 125
        ([-670, -110, 100, 500], 20, -10),  # -5
        ([-100, -90, 100, 100], 35, 10),  # 5
        ([720, 720, 1440, 1470], 29, 1080),
    ],
)
def test_datum_drops_one_top_and_one_bottom_and_rounds_to_10(
    board: list[int], number: int, printed_datum: int
) -> None:
    assert datum(board, drop_top=1, drop_bottom=1).value == printed_datum, number


def test_datum_keeps_the_exact_value_beside_the_rounded_one() -> None:
    board_datum = datum([50, -460, -490, -430])
    assert (board_datum.value, board_datum.exact, board_datum.scores_used) == (-450, -445, 2)


def test_how_many_to_drop_is_configurable() -> None:
    board = [-600, -150, -140, -110, 100, 100, 100]
    assert datum(board, drop_top=0, drop_bottom=0).exact == Fraction(-700, 7)
    assert datum(board, drop_top=2, drop_bottom=2).exact == Fraction(-150, 3)
    assert datum(board, drop_top=0, drop_bottom=3).exact == Fraction(190, 4)


def test_median_datum() -> None:
    assert (
        datum([-50, 400, 420, 430, 2000], method="median", drop_top=0, drop_bottom=0).value == 420
    )
    # Even count: the mean of the middle two, rounded like the mean.
    assert datum([-50, 400, 430, 2000], method="median", drop_top=0, drop_bottom=0).exact == 415
    assert datum([-50, 400, 430, 2000], method="median", drop_top=0, drop_bottom=0).value == 420


def test_round_to() -> None:
    values = [Fraction(x) for x in (-26, 204, 4, -4, 15, Fraction(-855, 2))]
    assert [round_to(v, 10) for v in values] == [-30, 200, 0, 0, 20, -430]
    assert round_to(Fraction(45, 2), 1) == 23
    with pytest.raises(ValueError, match="got 0"):
        round_to(Fraction(1), 0)


def test_butler_imps_against_the_datum() -> None:
    # compscore3_butler_howell.xml board 4: datum -40, IMPs 4, 4, -4, -12.
    board = butler([100, 100, -170, -680])
    assert board.datum.value == -40
    assert board.ns_imps == (4, 4, -4, -12)
    assert board.ew_imps == (-4, -4, 4, 12)


def test_butler_leaves_lines_without_a_score_out_of_the_datum() -> None:
    # A5050 on compscore3_notsupported.xml board 15: the datum is from the
    # six real scores (mean of the middle four -427.5 -> -430).
    board = butler([-450, -450, -420, -420, None, -420, -200])
    assert (board.datum.exact, board.datum.value) == (Fraction(-855, 2), -430)
    assert board.ns_imps[4] is None and board.ew_imps[4] is None
    assert board.ns_imps[0] == -1


@given(scores)
def test_butler_ns_and_ew_are_opposite(board: list[int]) -> None:
    scored = butler(board)
    assert all(
        ns is not None and ew is not None and ns == -ew
        for ns, ew in zip(scored.ns_imps, scored.ew_imps, strict=True)
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: datum([10, 20]), "cannot drop 1 top and 1 bottom scores from 2 scores"),
        (lambda: datum([10, 20, 30], drop_top=-1), "got -1"),
        (lambda: datum([10, 20, 30], method="trimmed"), "got 'trimmed'"),
        (
            lambda: datum([10, 20, 30.5]),
            "position 2 must be a whole number of points (int), got 30.5",
        ),
        (
            lambda: butler([10, "20", 30]),
            "position 1 must be a whole number of points (int), got '20'",
        ),
        (
            lambda: cross_imps([10, None]),
            "position 1 must be a whole number of points (int), got None",
        ),
        (lambda: datum([10, 20, True]), "got True"),
    ],
)
def test_bad_input_is_refused_naming_it(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        call()  # type: ignore[operator]
