"""Standings (tournaments.domain.standings).

Shared places as in seed 001 (EBU 3.5 "Tied positions": a tie for 4th takes
4th and 5th) and seed 000 ("Delad placering"); percentages rounded half-up to
two decimals. The fixtures' places and percentages are recomputed in
tests/importers/test_usebio_recompute.py, which also checks that half-up and
half-even give the same figure for every one of them (so the files cannot
decide between the two; the cases below pin half-up).
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.standings import percentage, percentage_exact, rank, round_half_up


def test_ties_share_a_place_and_the_next_place_is_skipped() -> None:
    placings = rank([("a", 10), ("b", 8), ("c", 8), ("d", 5), ("e", 5), ("f", 5), ("g", 1)])
    assert [(p.key, p.place, p.label) for p in placings] == [
        ("a", 1, "1"),
        ("b", 2, "2="),
        ("c", 2, "2="),
        ("d", 4, "4="),
        ("e", 4, "4="),
        ("f", 4, "4="),
        ("g", 7, "7"),
    ]


def test_the_tie_for_4th_of_the_ebu_example() -> None:
    placings = rank([("p1", 70), ("p2", 65), ("p3", 60), ("p4", 55), ("p5", 55), ("p6", 50)])
    assert [p.place for p in placings] == [1, 2, 3, 4, 4, 6]


def test_scores_are_compared_exactly_across_types() -> None:
    placings = rank([("x", Fraction(8994, 10)), ("y", 899), ("z", Decimal("899.4"))])
    assert [(p.key, p.place, p.tied) for p in placings] == [
        ("x", 1, True),
        ("z", 1, True),
        ("y", 3, False),
    ]


def test_rank_refuses_bad_input() -> None:
    with pytest.raises(ValueError, match="'a' appears twice"):
        rank([("a", 1), ("a", 2)])
    with pytest.raises(
        ValueError, match=re.escape("score of 'b' must be an int, Fraction or Decimal, got 0.5")
    ):
        rank([("b", 0.5)])  # type: ignore[list-item]
    with pytest.raises(ValueError, match="score of 'c' must be finite"):
        rank([("c", Decimal("NaN"))])


@given(st.lists(st.integers(min_value=0, max_value=20), min_size=1, max_size=30))
def test_places_count_the_entries_above(scores: list[int]) -> None:
    placings = rank(enumerate(scores))
    for placing in placings:
        assert placing.place == 1 + sum(1 for s in scores if s > placing.score)
        assert placing.tied == (scores.count(int(placing.score)) > 1)


@pytest.mark.parametrize(
    ("total", "maximum", "expected"),
    [
        (162, 270, Decimal("60.00")),
        (Fraction(813, 5), 270, Decimal("60.22")),  # 60.2222
        (1, 8, Decimal("12.50")),
        (2469, 20000, Decimal("12.35")),  # 12.345 exactly: half-up, not to even
        (2471, 20000, Decimal("12.36")),  # 12.355
        (Fraction(2, 3), 1, Decimal("66.67")),
        (Decimal("456.95"), 972, Decimal("47.01")),
    ],
)
def test_percentage_two_decimals_half_up(
    total: Fraction | int | Decimal, maximum: int, expected: Decimal
) -> None:
    assert percentage(total, maximum) == expected
    assert str(percentage(total, maximum)) == str(expected)


def test_round_half_up_goes_away_from_zero() -> None:
    assert round_half_up(Fraction(-12345, 1000)) == Decimal("-12.35")
    assert round_half_up(Decimal("-0.005")) == Decimal("-0.01")
    assert round_half_up(Fraction(1, 3), 4) == Decimal("0.3333")
    assert round_half_up(Fraction(5, 2), 0) == Decimal(3)


def test_percentage_refuses_a_zero_maximum() -> None:
    with pytest.raises(ValueError, match="maximum must be positive to give a percentage, got 0"):
        percentage_exact(1, 0)
    with pytest.raises(ValueError, match="got 1.5"):
        percentage(1.5, 10)  # type: ignore[arg-type]
