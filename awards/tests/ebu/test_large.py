"""Large events that reach the theoretical maximum (awards.domain.ebu.large): 4.4,
seed 001_4cb9a3c6036a851e.txt lines 2439-2561, with example 4.4.9 and the maxima the
scales restate."""

import math
from fractions import Fraction

import pytest

from awards.domain.ebu.basic import awards_for, basic_awards
from awards.domain.ebu.core import FACTOR, EbuInputError, EbuOptions
from awards.domain.ebu.large import (
    SINGLE_WINNER,
    actual_maximum,
    constant_reductions,
    full_field,
    theoretical_maximum,
)

# 4.4.9 (lines 2534-2561): Club simultaneous pairs, single winner, theoretical maximum
# 100 reached by 25 tables. (actual tables, actual maximum), two printed columns.
EXAMPLE_4_4_9 = [
    (30, 110), (40, 127), (50, 142), (60, 155), (70, 168), (80, 179), (90, 190), (100, 200),
    (110, 210), (120, 220), (130, 229), (140, 237), (150, 245), (160, 253), (170, 261),
    (180, 269),
]  # fmt: skip


@pytest.mark.parametrize(("tables", "maximum"), EXAMPLE_4_4_9)
def test_example_4_4_9(tables, maximum):
    assert actual_maximum(Fraction(100), tables, 25) == maximum
    # The same through the scale: a single-winner Club event of 18-35 boards.
    awards = basic_awards(factor=Fraction(1), movement="single-winner", tables=tables, boards=24)
    assert awards[0] == maximum
    # 4.4.3: the number of awards stays the top third of the field.
    assert len(awards) == math.ceil(Fraction(2 * tables, 3))


def test_at_or_below_the_full_field_the_theoretical_maximum_stands():
    assert actual_maximum(Fraction(100), 25, 25) == 100
    assert actual_maximum(Fraction(100), 10, 25) == 100


def test_example_4_4_3_constant_reductions():
    # Lines 2471-2473: 50 awards with a maximum of 150: 3 points less per place.
    awards = constant_reductions(Fraction(150), 50)
    assert awards == [Fraction(150 - 3 * k) for k in range(50)]


def test_fractions_are_kept_until_the_end():
    # 4.4.3-4.4.4: 12-17 boards, 30 tables of two-winner pairs: 8 awards (a quarter of
    # 30, counted up), whose 80 would pass the maximum 75; 75 down by 75/8, rounded up
    # only at the end.
    exact = basic_awards(factor=Fraction(1), movement="two-winner", tables=30, boards=12)
    assert exact == [Fraction(75) * (8 - k) / 8 for k in range(8)]
    points = [row["points"] for row in awards_for(
        EbuOptions(movement="two-winner", tables=Fraction(30), boards=12)
    ).as_json()["places"]]  # fmt: skip
    assert points == [math.ceil(Fraction(75) * (8 - k) / 8) for k in range(8)]
    assert points[1] == 66  # 65.625


def test_minimum_award_under_constant_reductions():
    # 4.4.5 (lines 2486-2490): any award below 6 at Club (9 at District) is raised to it.
    # 90 two-winner tables, 18-35 boards: 30 awards from 100 * sqrt(3) -> 174.
    result = awards_for(EbuOptions(movement="two-winner", tables=Fraction(90), boards=24))
    points = [row.points for row in result.places]
    assert points[0] == math.ceil(100 * math.sqrt(3))
    assert len(points) == 30 and points[-1] == 6
    district = awards_for(
        EbuOptions(status="district", movement="two-winner", tables=Fraction(90), boards=24)
    )
    assert district.places[-1].points == 9


# The maxima each scale states (Scale A lines 4719-4729, B 4947-4957, C 5163-5173, D
# 5387-5397, E 5603-5613): 12-17, 18-35, 36+, 36+ qualifying.
STATED_MAXIMA = {
    "club": (75, 100, 300, 180),
    "district": (113, 150, 450, 270),
    "county": (150, 200, 600, 360),
    "regional": (225, 300, 900, 540),
    "national": (300, 400, 1200, 720),
}


@pytest.mark.parametrize(("status", "maxima"), STATED_MAXIMA.items())
def test_the_stated_maxima(status, maxima):
    factor = FACTOR[status]
    got = (
        theoretical_maximum("12-17", factor),
        theoretical_maximum("18-35", factor),
        theoretical_maximum("36+", factor),
        theoretical_maximum("36+", factor, qualifying=True),
    )
    assert tuple(math.ceil(value) for value in got) == maxima


def test_the_fields_that_reach_the_maximum():
    # 4.4.2 (lines 2455-2457), 4.4.6 (lines 2496-2504).
    assert [full_field(band, "per-direction") for band in ("12-17", "18-35", "36+")] == [30, 30, 60]
    assert [full_field(band, SINGLE_WINNER) for band in ("12-17", "18-35", "36+")] == [25, 25, 50]
    assert full_field("36+", "per-direction", qualifying=True) == 36
    assert full_field("36+", SINGLE_WINNER, qualifying=True) == 30


def test_the_36_board_maximum_is_reached_as_stated():
    # 4.4.6: 300 at Club by 60 tables of teams or 50 of single-winner pairs.
    assert basic_awards(factor=Fraction(1), movement="teams", tables=60, boards=36)[0] == 300
    assert (
        basic_awards(factor=Fraction(1), movement="single-winner", tables=50, boards=36)[0] == 300
    )
    # Scale F's note (lines 5833-5835): individuals too, 50 tables.
    assert basic_awards(factor=Fraction(1), movement="individual", tables=50, boards=36)[0] == 300
    # Beyond: the square-root rule, 4.4.9.
    top = basic_awards(factor=Fraction(1), movement="teams", tables=80, boards=36)[0]
    assert top == math.ceil(300 * math.sqrt(80 / 60))


def test_a_36_board_qualifying_stage_beyond_its_field():
    # 4.4.6: 180 reached by 36 tables; 40 tables: 180 * sqrt(40 / 36), rounded up.
    top = basic_awards(factor=Fraction(1), movement="teams", tables=40, boards=36, qualifying=True)[
        0
    ]
    assert top == math.ceil(180 * math.sqrt(40 / 36))


def test_no_scale_under_12_boards():
    with pytest.raises(EbuInputError, match="^--boards"):
        theoretical_maximum("6-11", Fraction(1))
