"""Consolation and third-rated finals (awards.domain.ebu.consolation): 4.3 of seed
001_4cb9a3c6036a851e.txt (lines 2306-2438), on scales QA-QE (lines 6096-6812) and,
when 4.3.3's conditions fail, the basic scales (4.1). Expected figures are the
Handbook's: examples 4.3.4 and 4.3.7, 4.1.6 and the printed cells of scales QA-QB."""

import math
from fractions import Fraction

import pytest

from awards.domain.ebu import qualifier
from awards.domain.ebu.consolation import (
    CONSOLATION_MAXIMUM,
    THIRD_FINAL_MAXIMUM,
    awards_for,
    deemed_original_tables,
    meets_conditions,
)
from awards.domain.ebu.core import EbuInputError, EbuOptions


def consolation(**given) -> EbuOptions:
    values = {"status": "club", "movement": "two-winner", "stage": "consolation", "boards": 24}
    values.update(given)
    for name in ("tables", "original_tables", "premier_tables"):
        if values.get(name) is not None:
            values[name] = Fraction(values[name])
    return EbuOptions(**values)


def points(result) -> list:
    return [row.points for row in result.places]


# --- example 4.3.4 ----------------------------------------------------------------------


def test_example_4_3_4_deemed_entry():
    # "60 tables qualify into a 9-table premier and 12-table consolation final ...
    # 12 + 39/3 = 12 + 13 = 25".
    assert deemed_original_tables(consolation_tables=12, others=39) == 25


def test_example_4_3_4_consolation_awards():
    # The interface example: QA teams column read from row 28 (ceil(25/4) = 7 awards):
    # 126, 108, 90, 72, 54, 36, 18 (lines 6164-6212).
    result = awards_for(consolation(original_tables=60, premier_tables=9, tables=12))
    assert result.as_json()["original_tables"] == 25
    assert result.scale == "QA" and result.awards == 7
    assert points(result) == [126, 108, 90, 72, 54, 36, 18]


def test_example_4_3_4_premier_final_on_the_original_60():
    # "Awards for the premier final are based upon an original entry of 60 tables":
    # QA row 60 prints 270; 9 tables per direction, all paid (4.2.4).
    result = qualifier.awards_for(
        EbuOptions(
            movement="two-winner",
            stage="final",
            original_tables=Fraction(60),
            tables=Fraction(9),
            boards=24,
        )
    )
    assert points(result) == [270, 240, 210, 180, 150, 120, 90, 60, 30]


def test_any_fraction_of_the_deemed_entry_is_disregarded():
    # 4.3.4: 12 + 40/3 = 25⅓ -> 25.
    result = awards_for(consolation(original_tables=60, premier_tables=8, tables=12))
    assert result.as_json()["original_tables"] == 25


# --- example 4.3.7 ----------------------------------------------------------------------


def test_example_4_3_7_consolation_of_three_finals():
    # "Consolation Final ... original entry of 12 + 36/3 = 24 tables": QA row 24, 6 awards.
    result = awards_for(consolation(original_tables=60, premier_tables=12, tables=12))
    assert result.as_json()["original_tables"] == 24
    assert points(result) == [108, 90, 72, 54, 36, 18]


def test_example_4_3_7_third_final():
    # "Third Final ... original entry of 12 + 24/3 = 20 tables": P is both finals above
    # (24), and C >= P is not asked of it. QA row 20: 90, 72, 54, 36, 18.
    result = awards_for(
        consolation(stage="third-final", original_tables=60, premier_tables=24, tables=12)
    )
    assert result.as_json()["original_tables"] == 20
    assert points(result) == [90, 72, 54, 36, 18]


def test_third_final_is_capped_at_108():
    # 4.3.7: "3/5 that of a secondary-rated final, ie 108 points at Club status". The
    # 4.3.7 example as single-winner pairs: 20 tables pay 10 awards (110 on QA's pairs
    # column, row 20) -> 108 by constant reductions of 10.8.
    assert THIRD_FINAL_MAXIMUM == 108
    result = awards_for(
        consolation(
            stage="third-final",
            movement="single-winner",
            original_tables=60,
            premier_tables=24,
            tables=12,
        )
    )
    assert points(result) == [108, 98, 87, 76, 65, 54, 44, 33, 22, 11]


def test_consolation_is_capped_at_180():
    # 4.3.6: "3/5 of that for the premier event, ie 180 points at Club status". Single-
    # winner pairs deemed 24 + 27/3 = 33 tables pay 17 (187 on the scale): 180 at most.
    assert CONSOLATION_MAXIMUM == 180
    result = awards_for(
        consolation(movement="single-winner", original_tables=60, premier_tables=9, tables=24)
    )
    assert result.as_json()["original_tables"] == 33
    assert result.awards == 17
    assert points(result) == [math.ceil(Fraction(180 * k, 17)) for k in range(17, 0, -1)]


# --- 4.3.5: scored as the premier final ----------------------------------------------------


def test_major_premier_raises_the_consolation():
    # 4.3.5(a), 4.2.2: QB teams column read from row 28: 189, 162, ... 27 (lines 6309-6357).
    result = awards_for(consolation(original_tables=60, premier_tables=9, tables=12, major=True))
    assert result.scale == "QB" and points(result) == [189, 162, 135, 108, 81, 54, 27]


def test_two_qualifying_stages_raise_the_consolation_as_the_premier():
    # 4.3.5(a) with 4.2.6: the premier final (9 of 60) had two qualifying stages.
    result = awards_for(
        consolation(original_tables=60, premier_tables=9, tables=12, qualifying_stages=2)
    )
    assert result.status == "district"


def test_long_consolation_raises_one_level():
    # 4.3.5(b): 36+ boards, N = 39 >= 3 x 12. QB row 28: 189 ... 27.
    result = awards_for(consolation(original_tables=60, premier_tables=9, tables=12, boards=36))
    assert result.scale == "QB" and points(result) == [189, 162, 135, 108, 81, 54, 27]


def test_everyone_in_a_small_consolation_is_paid():
    # 4.3.5(c): deemed 4 + 92/3 = 34 teams pay 9 (QA row 36: 162); 4 teams play it:
    # 162 by constant reductions of 40½: 162, 121½, 81, 40½.
    result = awards_for(
        consolation(movement="teams", original_tables=100, premier_tables=4, tables=4)
    )
    assert result.as_json()["original_tables"] == 34
    assert points(result) == [162, 122, 81, 41]


# --- 4.3.3: the conditions, and the basic event when they fail -------------------------------


def test_conditions_of_4_3_3():
    assert meets_conditions(
        premier_tables=9, consolation_tables=12, others=39, boards=24, third=False
    )
    # C < P fails, except for a third final's sum of finals above it.
    assert not meets_conditions(
        premier_tables=13, consolation_tables=12, others=39, boards=24, third=False
    )
    assert meets_conditions(
        premier_tables=24, consolation_tables=12, others=24, boards=24, third=True
    )
    # N >= C for 12-35 boards; N >= 3C for 36+.
    assert not meets_conditions(
        premier_tables=9, consolation_tables=12, others=11, boards=24, third=False
    )
    assert meets_conditions(
        premier_tables=9, consolation_tables=12, others=36, boards=36, third=False
    )
    assert not meets_conditions(
        premier_tables=9, consolation_tables=12, others=35, boards=36, third=False
    )


def test_failed_conditions_make_a_basic_event_one_level_lower():
    # District event, N = 30 - 9 - 16 = 5 < 16: a basic event on its 16 tables at Club:
    # 4.1.6(b), 18-35 boards, Mitchell: 60, 50, 40 etc to 10 in each direction.
    result = awards_for(
        consolation(status="district", original_tables=30, premier_tables=9, tables=16)
    )
    assert result.scale == "A" and result.status == "club"
    assert points(result) == [60, 50, 40, 30, 20, 10]
    assert result.rules[0].table == "4.3.3"


def test_failed_long_consolation_is_a_basic_36_board_event():
    # N = 60 - 9 - 16 = 35 < 48: basic, 16 tables, 36+ boards: 4.1.6(c) Mitchell 80, 70,
    # 60 etc to 10 (District lowered to Club).
    result = awards_for(
        consolation(status="district", original_tables=60, premier_tables=9, tables=16, boards=36)
    )
    assert result.status == "club" and points(result) == [80, 70, 60, 50, 40, 30, 20, 10]


def test_failed_conditions_never_go_below_club():
    # "subject to a minimum level of Club status": 4.1.6(b) again.
    result = awards_for(consolation(original_tables=30, premier_tables=9, tables=16))
    assert result.status == "club" and points(result) == [60, 50, 40, 30, 20, 10]


# --- no award, refusals -----------------------------------------------------------------


def test_short_consolation_earns_nothing():
    result = awards_for(consolation(original_tables=60, premier_tables=9, tables=12, boards=10))
    assert result.awards == 0 and result.why is not None


@pytest.mark.parametrize(
    ("given", "option"),
    [
        ({"premier_tables": None}, "premier-tables"),
        ({"original_tables": None}, "original-tables"),
        ({"tables": None}, "tables"),
        ({"premier_tables": 50}, "premier-tables"),
        ({"premier_tables": 0}, "premier-tables"),
        ({"tables": 0}, "tables"),
        ({"boards_per_match": 8}, "boards-per-match"),
        ({"colour": "green"}, "colour"),
        ({"movement": "pairs"}, "movement"),
        ({"knockout": "single-teams"}, "knockout"),
        ({"stage": "final"}, "stage"),
        ({"ties": ((12, 2),)}, "tie"),
    ],
)
def test_refusals_name_the_option(given, option):
    values = {"original_tables": 60, "premier_tables": 9, "tables": 12}
    values.update(given)
    with pytest.raises(EbuInputError) as caught:
        awards_for(consolation(**values))
    assert caught.value.option == option


def test_failed_conditions_lower_from_the_major_championships_level():
    # A Club major is District (4.2.2); one level lower is Club: 4.1.6(b) figures. The
    # entry it is scored on, C, is reported as its original entry (decision, quali.md).
    result = awards_for(consolation(major=True, original_tables=30, premier_tables=9, tables=16))
    assert result.status == "club" and points(result) == [60, 50, 40, 30, 20, 10]
    assert result.as_json()["original_tables"] == 16


def test_failed_72_board_consolation_is_raised_as_a_basic_event():
    # N = 35 < 3 x 16: District lowered to Club, then 4.1.7 (72+ boards) raises it back:
    # 4.1.6(c)'s 80, 70 ... 10 x 1½ (3.2).
    result = awards_for(
        consolation(status="district", original_tables=60, premier_tables=9, tables=16, boards=72)
    )
    assert result.status == "district"
    assert points(result) == [120, 105, 90, 75, 60, 45, 30, 15]


def test_the_minimum_entry_is_the_events_not_the_deemed_one():
    # 3.1.1(c): 3 teams entered; the consolation of 1 team is deemed 1 + 1/3 = 1 table,
    # and still earns QA's first cell, 18 (line 6212).
    result = awards_for(
        consolation(movement="teams", original_tables=3, premier_tables=1, tables=1)
    )
    assert result.as_json()["original_tables"] == 1 and points(result) == [18]
