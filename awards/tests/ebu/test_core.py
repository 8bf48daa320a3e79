"""The shared core of the EBU rulebook: the status ladder (3.2), rounding (3.4.1), ties
and the minimum award (3.5.1, 4.4.5) and the calculator's JSON (interface section 1)."""

from decimal import Decimal
from fractions import Fraction as F

import pytest

from awards.domain.ebu.core import (
    EbuInputError,
    EbuResult,
    PlaceResult,
    gold_points,
    paid_places,
    raised,
    share_ties,
    status_name,
    to_points,
)


def test_the_status_factors_are_those_of_3_2_and_a_raise_stops_at_the_ends():
    assert [raised(F(1), n) for n in (-1, 0, 1, 2, 3, 4, 5, 6)] == [
        F(3, 4),
        1,
        F(3, 2),
        2,
        3,
        4,
        6,
        6,
    ]
    assert raised(F(3, 4), -1) == F(3, 4)


def test_tie_example_a_of_3_5_shares_20_and_10():
    # 15-table two-winner, Club, 18-35 boards: five awards a direction, 50 40 30 20 10
    # (Scale A); a tie for 4th shares 20 and 10: 15 each (3.5.1 example (a)).
    shared = share_ties([F(50), F(40), F(30), F(20), F(10)], [(4, 2)], F(6))
    assert shared == [50, 40, 30, 15, 15]


def test_a_paid_place_is_raised_to_the_minimum_before_a_tie_shares_it():
    # Scale F prints the minimum as its last place's award (line 5951): a tie of that
    # place with the one above shares 10 and 6, not 10 and 3.
    places = paid_places([F(10), F(3)], ((1, 2),), F(6), "local")
    assert [p.points for p in places] == [8, 8]
    # Shared below the minimum, the share is raised to it (3.5.1 example (b)).
    places = paid_places([F(10), F(0)], ((1, 2),), F(6), "local")
    assert [p.points for p in places] == [6, 6]


def test_a_tie_wholly_below_the_awards_earns_nothing():
    assert [p.place for p in paid_places([F(20), F(10)], ((3, 2),), F(6), "local")] == [1, 2]


def test_local_points_round_up_once_and_blue_points_are_hundredths_rounded_up():
    assert to_points(F(121, 2), "local") == 61
    assert to_points(F(1234, 3), "blue") == Decimal("4.12")
    assert to_points(F(600), "blue") == Decimal("6.00")


def test_gold_points_come_from_a_green_award_of_five_or_more():
    assert gold_points(Decimal("4.99")) == 0
    assert gold_points(Decimal("5.75")) == Decimal("1.15")


def test_a_tie_that_is_no_tie_is_refused_naming_the_option():
    with pytest.raises(EbuInputError, match=r"^--tie: "):
        share_ties([F(10)], [(1, 1)], F(6))


def test_a_refusal_carries_its_reason_in_english_and_swedish():
    error = EbuInputError("tables", "-3 is negative", sv="-3 är negativt")
    assert (error.option, error.reason, error.sv) == ("tables", "-3 is negative", "-3 är negativt")
    assert str(error) == "--tables: -3 is negative"  # the command's message stays English
    assert error.text("sv") == "-3 är negativt" and error.text("sv-se") == "-3 är negativt"
    assert error.text("en") == "-3 is negative" and error.text("en-gb") == "-3 is negative"
    with pytest.raises(EbuInputError) as caught:
        share_ties([F(10)], [(1, 1)], F(6))
    assert caught.value.text("sv").startswith("1:1 är ingen delad placering")
    assert caught.value.text("en").startswith("1:1 is not a tie")


def test_a_league_divisions_factor_prints_with_the_organisations_status():
    result = EbuResult(
        "QA", status_name(F(10, 3), "county"), F(10, 3), "local", 1, (PlaceResult(1, Decimal(90)),)
    )
    assert result.as_json() == {
        "rulebook": "ebu",
        "scale": "QA",
        "status": "county",
        "factor": 3.33,
        "colour": "local",
        "awards": 1,
        "places": [{"place": 1, "points": 90}],
    }
    assert status_name(F(3, 2)) == "district"
