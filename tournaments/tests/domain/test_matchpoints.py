"""Matchpoints (tournaments.domain.matchpoints).

Seed 004 "Matchpoint scoring" (topscore and ACBL scales, top 2n-2, ties
share, complement to the opponents), the Neuberg formula and artificial scores
as read from the fixtures (values below are the fixtures' own), Mitchell and
Howell fields, not-played boards and phantoms; properties with hypothesis.
The full files are recomputed in tests/importers/test_usebio_recompute.py.
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.matchpoints import (
    AVERAGE,
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    NOT_PLAYED,
    ArtificialScore,
    PairsBoard,
    PairsResult,
    matchpoints,
    neuberg,
    score_board,
    score_pairs_event,
    top,
)

scores_on_a_board = st.lists(
    st.integers(min_value=-7600, max_value=7600).map(lambda x: x * 10), min_size=1, max_size=40
)


def test_top_down_to_zero_in_steps_of_two() -> None:
    # Seed 004 Note 2: played n times, the top gets 2n-2, the next 2n-4 ... 0.
    assert matchpoints([620, 650, -100, 170, 140]) == [6, 8, 0, 4, 2]


def test_ties_share() -> None:
    # Two equal results: one each for the tie plus two per result beaten.
    assert matchpoints([-90, -90, -110, -130, 100]) == [5, 5, 2, 0, 8]
    assert matchpoints([650, 650, 650]) == [2, 2, 2]


def test_acbl_is_one_per_beaten_and_a_half_per_tie() -> None:
    assert matchpoints([-90, -90, -110, -130, 100], "acbl") == [
        Fraction(5, 2),
        Fraction(5, 2),
        1,
        0,
        4,
    ]


def test_a_single_result_and_an_empty_board() -> None:
    assert matchpoints([420]) == [0]
    assert matchpoints([]) == []


def test_large_boards_do_not_rely_on_the_small_number_cache() -> None:
    scores = list(range(0, 6000, 10))
    assert matchpoints(scores)[-1] == 2 * (len(scores) - 1)
    assert matchpoints(scores, "acbl")[-1] == len(scores) - 1


@given(scores_on_a_board)
def test_topscore_sums_to_n_times_n_minus_one(scores: list[int]) -> None:
    n = len(scores)
    assert sum(matchpoints(scores)) == n * (n - 1)


@given(scores_on_a_board)
def test_acbl_is_half_of_topscore(scores: list[int]) -> None:
    assert matchpoints(scores, "acbl") == [mp / 2 for mp in matchpoints(scores)]


@given(scores_on_a_board)
def test_a_better_score_never_gets_fewer_matchpoints(scores: list[int]) -> None:
    points = matchpoints(scores)
    for a, pa in zip(scores, points, strict=True):
        for b, pb in zip(scores, points, strict=True):
            if a > b:
                assert pa > pb
            elif a == b:
                assert pa == pb


@pytest.mark.parametrize("bad", [12.5, "420", None, True, Decimal(420)])
def test_a_bad_score_is_refused_naming_it(bad: object) -> None:
    with pytest.raises(
        ValueError,
        match=re.escape(f"position 1 must be a whole number of points (int), got {bad!r}"),
    ):
        matchpoints([420, bad])  # type: ignore[list-item]


def test_an_unknown_method_is_refused() -> None:
    with pytest.raises(ValueError, match="'swiss'"):
        matchpoints([1], "swiss")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("mp", "compared", "field", "expected"),
    [
        # compscore3_mp_pairs_howell.xml board 26: 5 results scored to 6.
        (0, 5, 6, Fraction(1, 5)),
        (2, 5, 6, Fraction(13, 5)),
        (4, 5, 6, Fraction(5)),
        (6, 5, 6, Fraction(37, 5)),
        (8, 5, 6, Fraction(49, 5)),
        # compscore3_mp_pairs_mitchell_adjusted.xml board 2: 20 results to 21.
        (12, 20, 21, Fraction("12.65")),
        (37, 20, 21, Fraction("38.9")),
        # nzscorer multi-section board 17: 31 results to 33.
        (54, 31, 33, Fraction(1784, 31)),
        # Nothing to factor.
        (7, 9, 9, Fraction(7)),
    ],
)
def test_neuberg(mp: int, compared: int, field: int, expected: Fraction) -> None:
    assert neuberg(mp, compared=compared, field_size=field) == expected


def test_neuberg_on_the_acbl_scale_is_half_the_topscore_one() -> None:
    assert neuberg(1, compared=5, field_size=6, method="acbl") == Fraction(13, 10)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"mp": 9, "compared": 5, "field_size": 6}, "matchpoints 9 are outside 0..8"),
        ({"mp": -1, "compared": 5, "field_size": 6}, "matchpoints -1 are outside"),
        ({"mp": 2, "compared": 0, "field_size": 6}, "at least 1, got 0"),
        ({"mp": 2, "compared": 5, "field_size": 4}, "at least 5 (the results compared), got 4"),
        ({"mp": 2.0, "compared": 5, "field_size": 6}, "got 2.0"),
    ],
)
def test_neuberg_refuses_bad_input(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        neuberg(**kwargs)  # type: ignore[arg-type]


@given(scores_on_a_board, st.integers(min_value=0, max_value=10))
def test_neuberg_keeps_the_two_sides_complementary(scores: list[int], extra: int) -> None:
    board = score_board(scores, field_size=len(scores) + extra)
    assert board.top == 2 * (len(scores) + extra - 1)
    for line in board.lines:
        assert line.ns is not None and line.ew is not None
        assert line.ns + line.ew == board.top
        assert 0 <= line.ns <= board.top


def test_artificial_scores_are_percentages_of_the_top() -> None:
    # nzscorer multi-section board 17 has A6060 and A6040 among 33 results:
    # 60 % of 64 = 38.4 and 40 % = 25.6.
    results = [50 + 10 * i for i in range(31)]
    board = score_board(
        [
            *results,
            ArtificialScore(AVERAGE_PLUS, AVERAGE_PLUS),
            ArtificialScore(AVERAGE_PLUS, AVERAGE_MINUS),
        ]
    )
    assert (board.top, board.field_size, board.compared) == (64, 33, 31)
    assert (board.lines[31].ns, board.lines[31].ew) == (Fraction("38.4"), Fraction("38.4"))
    assert (board.lines[32].ns, board.lines[32].ew) == (Fraction("38.4"), Fraction("25.6"))
    # The real results are Neuberg 31 -> 33; the best one gets (60 + 1) * 33/31 - 1.
    assert board.lines[30].ns == Fraction(61 * 33, 31) - 1


def test_average_is_half_the_top() -> None:
    board = score_board([200, 230, ArtificialScore(AVERAGE, AVERAGE), 650, 170, 300])
    assert (board.lines[2].ns, board.lines[2].ew) == (5, 5)


@pytest.mark.parametrize(
    ("ns", "ew", "message"),
    [
        (110, 40, "NS percentage must be between 0 and 100, got 110"),
        (60, -1, "EW percentage must be between 0 and 100, got -1"),
        (60.0, 40, "NS percentage must be an int or Decimal, got 60.0"),
        (Decimal("NaN"), 40, "NS percentage must be between 0 and 100"),
    ],
)
def test_artificial_scores_refuse_bad_percentages(ns: object, ew: object, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        ArtificialScore(ns, ew)  # type: ignore[arg-type]


def test_a_board_not_played_at_a_table_is_out_of_the_field() -> None:
    board = score_board([-50, NOT_PLAYED, 140, 110])
    assert (board.top, board.field_size, board.compared) == (4, 3, 3)
    assert [(line.ns, line.ew) for line in board.lines] == [
        (0, 4),
        (None, None),
        (4, 0),
        (2, 2),
    ]


def test_a_board_nobody_played() -> None:
    board = score_board([NOT_PLAYED, NOT_PLAYED])
    assert (board.top, board.field_size) == (0, 0)
    assert all(line.ns is None for line in board.lines)


def test_field_size_cannot_be_smaller_than_the_results() -> None:
    with pytest.raises(ValueError, match="field size 2 is smaller than the 3 results"):
        score_board([10, 20, 30], field_size=2)


def test_a_bad_result_is_refused_naming_it() -> None:
    with pytest.raises(ValueError, match=r"result at position 2 .* got 'A6040'"):
        score_board([10, 20, "A6040"])  # type: ignore[list-item]


def test_top() -> None:
    assert (top(6), top(6, "acbl")) == (10, 5)
    with pytest.raises(ValueError, match="got 0"):
        top(0)


def _board(number: int, *lines: tuple[str, str, object]) -> PairsBoard:
    return PairsBoard(
        number=number,
        results=tuple(PairsResult(ns, ew, result) for ns, ew, result in lines),  # type: ignore[arg-type]
    )


MITCHELL = [
    _board(1, ("1NS", "1EW", 420), ("2NS", "2EW", 450), ("3NS", "3EW", -50)),
    _board(2, ("1NS", "2EW", -100), ("2NS", "3EW", -100), ("3NS", "1EW", 110)),
]


def test_mitchell_ranks_ns_and_ew_separately() -> None:
    event = score_pairs_event(MITCHELL, movement="mitchell")
    ns, ew = event.fields
    # NS: 1NS 2+1, 2NS 4+1, 3NS 0+4 of 8; EW: 1EW 2+0, 2EW 0+3, 3EW 4+3 of 8.
    assert [(s.pair, s.matchpoints, s.place) for s in ns] == [
        ("2NS", 5, 1),
        ("3NS", 4, 2),
        ("1NS", 3, 3),
    ]
    assert [(s.pair, s.matchpoints, s.place) for s in ew] == [
        ("3EW", 7, 1),
        ("2EW", 3, 2),
        ("1EW", 2, 3),
    ]
    assert event.pair("3EW").percentage == Decimal("87.50")
    assert event.pair("3EW").direction == "EW"
    assert [number for number, _ in event.boards] == [1, 2]
    with pytest.raises(KeyError):
        event.pair("4NS")


def test_howell_is_one_field_scored_from_the_direction_sat() -> None:
    boards = [
        _board(1, ("1", "2", 420), ("3", "4", 450)),
        _board(2, ("2", "3", 100), ("4", "1", -100)),
        _board(3, ("1", "3", -50), ("2", "4", -50)),
    ]
    event = score_pairs_event(boards, movement="howell")
    (field,) = event.fields
    # Pair 1: NS 0 on board 1, EW 2 on board 2, NS 1 on board 3 = 3 of 6.
    assert {s.pair: s.matchpoints for s in field} == {"1": 3, "2": 5, "3": 3, "4": 1}
    assert {s.pair: s.place_label for s in field} == {"2": "1", "1": "2=", "3": "2=", "4": "4"}
    assert all(s.direction is None for s in field)


def test_a_pair_cannot_change_direction_in_a_mitchell() -> None:
    boards = [_board(1, ("1", "2", 420), ("3", "4", 450)), _board(2, ("2", "1", 100))]
    with pytest.raises(ValueError, match="pair '2' sits both NS and EW in a Mitchell"):
        score_pairs_event(boards, movement="mitchell")


def test_a_phantoms_opponents_are_scored_over_the_boards_they_played() -> None:
    # 4 NS pairs, EW 4 is a phantom: its table has no results; 4NS sits out board 2.
    boards = [
        _board(1, ("1NS", "1EW", 420), ("2NS", "2EW", 450), ("3NS", "3EW", -50)),
        _board(2, ("1NS", "2EW", 100), ("2NS", "3EW", 100), ("3NS", "1EW", 140)),
        _board(3, ("4NS", "1EW", 100), ("2NS", "2EW", 100), ("3NS", "3EW", 140)),
    ]
    event = score_pairs_event(boards, movement="mitchell")
    four = event.pair("4NS")
    assert (four.boards_played, four.matchpoints, four.maximum) == (1, 1, 4)
    assert four.percentage == Decimal("25.00")
    assert event.pair("1NS").boards_played == 2


def test_a_pair_that_played_nothing_is_not_ranked() -> None:
    boards = [_board(1, ("1NS", "1EW", 420), ("2NS", "2EW", 450), ("9NS", "9EW", NOT_PLAYED))]
    event = score_pairs_event(boards, movement="mitchell")
    assert {s.pair for f in event.fields for s in f} == {"1NS", "2NS", "1EW", "2EW"}


def test_event_field_size_factors_short_boards() -> None:
    # Board 2 was played twice where board 1 was played three times.
    boards = [
        _board(1, ("1NS", "1EW", 420), ("2NS", "2EW", 450), ("3NS", "3EW", -50)),
        _board(2, ("1NS", "2EW", 100), ("2NS", "3EW", 140)),
    ]
    event = score_pairs_event(boards, movement="mitchell", field_size=3)
    # 1NS: 2 on board 1, and 0 of 2 -> (0 + 1) * 3/2 - 1 = 1/2 of 4 on board 2.
    assert event.pair("1NS").matchpoints == Fraction(5, 2)
    assert event.pair("1NS").maximum == 8


def test_event_refuses_repeated_boards_and_pairs() -> None:
    with pytest.raises(ValueError, match="board 1 is given twice"):
        score_pairs_event([MITCHELL[0], MITCHELL[0]], movement="mitchell")
    with pytest.raises(ValueError, match="pair '1NS' has two results on board 5"):
        score_pairs_event([_board(5, ("1NS", "1EW", 10), ("1NS", "2EW", 20))], movement="mitchell")
    with pytest.raises(ValueError, match="board 7: result at position 0"):
        score_pairs_event([_board(7, ("1NS", "1EW", 1.5))], movement="mitchell")
    with pytest.raises(ValueError, match="'individual'"):
        score_pairs_event(MITCHELL, movement="individual")  # type: ignore[arg-type]
