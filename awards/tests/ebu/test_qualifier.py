"""Quali-final events (awards.domain.ebu.qualifier): 4.2 of seed
001_4cb9a3c6036a851e.txt (lines 2167-2305) on scales QA-QE (lines 6096-6812).
Expected figures are the Handbook's: its examples (4.2.10, 4.2.11, 4.6.5) and the
printed cells of the scales."""

import math
from decimal import Decimal
from fractions import Fraction

import pytest

from awards.domain.ebu.core import EbuInputError, EbuOptions
from awards.domain.ebu.qualifier import (
    awards_for,
    final_factor,
    pro_rata_original_tables,
    quali_final_letter,
    quali_final_places,
    scale_awards,
)


def final(**given) -> EbuOptions:
    values = {"status": "club", "movement": "teams", "stage": "final", "boards": 24}
    values.update(given)
    for name in ("tables", "original_tables"):
        if values.get(name) is not None:
            values[name] = Fraction(values[name])
    return EbuOptions(**values)


def points(result) -> list:
    return [row.points for row in result.places]


def rounded(places: list[Fraction], factor: Fraction = Fraction(1)) -> list[int]:
    return [max(math.ceil(value), math.ceil(6 * factor)) for value in places]


# --- the scales' own examples ------------------------------------------------------------


def test_example_4_2_10_club_teams_final():
    # 16 teams, a final of 6: "4 awards of 72, 54, 36 and 18. Scale QA refers."
    result = awards_for(final(original_tables=16, tables=6))
    assert result.scale == "QA" and result.status == "club" and result.factor == 1
    assert result.awards == 4
    assert points(result) == [72, 54, 36, 18]
    assert result.as_json()["places"][0] == {"place": 1, "points": 72}


@pytest.mark.parametrize(
    ("factor", "teams", "expected"),
    [
        # 4.6.5(a): 20 teams, scale QA: 90, 72, 54, 36 and 18 (5 places).
        (Fraction(1), 20, [90, 72, 54, 36, 18]),
        # 4.6.5(b): 15 teams, scale QA: 72, 54, 36 and 18 (4 places): a part quarter
        # counts whole ("take the next highest figure", 4.1.5).
        (Fraction(1), 15, [72, 54, 36, 18]),
    ],
)
def test_ranking_examples_4_6_5_read_scale_qa(factor, teams, expected):
    assert (
        rounded(quali_final_places(factor=factor, movement="teams", original_tables=teams))
        == expected
    )


def test_ranking_example_4_6_5_c_district_plus_half():
    # 10 teams, scale QB + 50% (72+ boards): "3 awards of 122, 81 and 41 points".
    places = quali_final_places(factor=Fraction(3, 2), movement="teams", original_tables=10)
    assert [math.ceil(value * Fraction(3, 2)) for value in places] == [122, 81, 41]


def test_awards_to_the_top_quarter_of_the_original_entry():
    # 4.2.3: "if 16 tables entered the event originally, awards will be given to the top
    # 4 tables in the final".
    assert scale_awards("teams", 16) == 4
    assert scale_awards("two-winner", 16) == 4  # per direction (note (1) of QA)
    assert scale_awards("single-winner", 16) == 8  # 32 pairs
    assert scale_awards("individual", 16) == 16  # 64 players


def test_odd_entries_take_the_next_highest_figure():
    # QA pairs column is printed every 2 tables: 31 tables reads the 32-table 176.
    places = quali_final_places(factor=Fraction(1), movement="single-winner", original_tables=31)
    assert rounded(places)[:3] == [176, 165, 154] and len(places) == 16


def test_two_winner_and_four_winner_use_the_teams_column():
    for movement in ("two-winner", "four-winner"):
        result = awards_for(final(movement=movement, original_tables=16, tables=6))
        assert points(result) == [72, 54, 36, 18]


def test_single_winner_final_reads_the_pairs_column():
    # QA pairs column from row 30: 165, 154, ... 11 (lines 6160-6216).
    result = awards_for(final(movement="single-winner", original_tables=30, tables=10))
    assert result.awards == 15
    assert points(result) == [165 - 11 * k for k in range(15)]


def test_individual_final_reads_the_individual_column():
    # QA individual column rows 3, 2, 1: 17, 11, 6* (lines 6214-6218).
    result = awards_for(final(movement="individual", original_tables=3, tables=2))
    assert points(result) == [17, 11, 6]


@pytest.mark.parametrize(
    ("factor", "letter"),
    [
        (Fraction(3, 4), "QA"),
        (Fraction(1), "QA"),
        (Fraction(3, 2), "QB"),
        (Fraction(2), "QC"),
        (Fraction(3), "QD"),
        (Fraction(4), "QE"),
        (Fraction(6), "QE"),
    ],
)
def test_scale_letter_by_status(factor, letter):
    # 4.2.2: QA Club ... QE National; below Club (4.2.7) QA, National + 1 QE (note (2)).
    assert quali_final_letter(factor) == letter


# --- 4.2.4: fewer qualify than the scale pays -------------------------------------------


def test_all_finalists_paid_when_under_a_quarter_qualify():
    # 60 teams, a final of 9: QA row 60 prints 270; all 9 paid by constant reductions
    # of 270 / 9 = 30 (4.2.4, 4.4.3).
    result = awards_for(final(original_tables=60, tables=9))
    assert points(result) == [270, 240, 210, 180, 150, 120, 90, 60, 30]
    assert any(reason.table == "4.2.4" for reason in result.rules)


def test_all_finalists_paid_uses_constant_reductions_from_the_top():
    # 17 teams pay 5 awards (top 90, row 20); a final of 4 has fewer: 90, 67½, 45, 22½.
    result = awards_for(final(original_tables=17, tables=4))
    assert points(result) == [90, 68, 45, 23]


def test_a_final_of_exactly_the_paid_places_reads_the_scale():
    result = awards_for(final(original_tables=16, tables=4))
    assert points(result) == [72, 54, 36, 18]


# --- status: 4.2.2, 4.2.5-4.2.7 ----------------------------------------------------------


def test_major_championship_raises_the_final_one_level():
    # 4.2.2: QB for a Club major: teams column 108, 81, 54, 27 (lines 6333-6357).
    result = awards_for(final(original_tables=16, tables=6, major=True))
    assert result.scale == "QB" and result.status == "district"
    assert points(result) == [108, 81, 54, 27]


def test_final_of_36_boards_raises_one_level():
    # 4.2.5; note (2): QB's cells for a Club event.
    result = awards_for(final(original_tables=16, tables=6, boards=36))
    assert result.scale == "QB" and points(result) == [108, 81, 54, 27]


def test_72_board_final_is_still_one_level():
    # 4.2.5 names 36+ only; 4.1.7's 72+ is the basic scales' (decision, quali.md).
    result = awards_for(final(original_tables=16, tables=6, boards=72))
    assert result.status == "district"


def test_two_qualifying_stages_raise_when_at_most_half_qualify():
    # 4.2.6: 16 original tables, a final of 8 (half) after 2 qualifying stages.
    result = awards_for(final(original_tables=16, tables=8, qualifying_stages=2))
    assert result.status == "district" and points(result) == [108, 81, 54, 27]


def test_two_qualifying_stages_do_not_raise_when_more_than_half_qualify():
    result = awards_for(final(original_tables=16, tables=9, qualifying_stages=2))
    assert result.status == "club"


def test_4_2_5_and_4_2_6_together_are_one_level():
    result = awards_for(final(original_tables=16, tables=6, qualifying_stages=2, boards=36))
    assert result.status == "district" and result.scale == "QB"


def test_short_final_lowers_one_level_below_club_to_three_quarters():
    # 4.2.7: "one lower than Club status is ½ of District" = ¾: QA's 72, 54, 36, 18
    # x ¾ = 54, 40½, 27, 13½, rounded up.
    result = awards_for(final(original_tables=16, tables=6, boards=16))
    assert result.factor == Fraction(3, 4) and result.scale == "QA"
    assert points(result) == [54, 41, 27, 14]


def test_short_final_after_two_qualifying_stages_keeps_the_status():
    # 4.2.7: "these two factors would cancel each other out".
    result = awards_for(final(original_tables=16, tables=6, boards=16, qualifying_stages=2))
    assert result.status == "club" and points(result) == [72, 54, 36, 18]


def test_final_factor_reports_its_rules():
    factor, rules = final_factor(
        status_factor=Fraction(4), boards=40, original_tables=40, final_tables=10
    )
    assert factor == 6 and rules == ["4.2.5"]  # National + 1 = 2 x Regional (QE note 2)


def test_subsequent_stage_does_not_take_4_2_6():
    # 4.2.6 speaks of "the final" only (decision, quali.md).
    result = awards_for(
        final(stage="subsequent", original_tables=16, tables=6, qualifying_stages=2)
    )
    assert result.status == "club"


# --- maxima ------------------------------------------------------------------------------


def test_subsequent_stage_is_capped_at_180():
    # 4.2.2: 180 at Club in a later qualifying stage. 33 single-winner tables pay 17
    # (187 on the scale, row 34 of QA): 180 by constant reductions of 180/17 (4.4.3); the
    # final keeps the scale's 187.
    result = awards_for(
        final(stage="subsequent", movement="single-winner", original_tables=33, tables=20)
    )
    assert result.awards == 17
    assert points(result) == [math.ceil(Fraction(180 * k, 17)) for k in range(17, 0, -1)]
    assert points(result)[:2] == [180, 170]
    whole = awards_for(final(movement="single-winner", original_tables=33, tables=20))
    assert points(whole)[0] == 187


def test_subsequent_stage_maximum_grows_past_40_teams():
    # Note (5): 180 is reached at 40 teams; 4.4.9 past it: 180 x sqrt(48 / 40) = 197.2
    # -> 198 (decision, quali.md), 12 awards.
    result = awards_for(final(stage="subsequent", original_tables=48, tables=24))
    assert result.awards == 12 and points(result)[0] == 198


def test_final_maximum_300_is_reached_at_65_teams():
    # 4.4.7 and note (5): 65 original tables of teams reach 300; 17 awards from 300.
    places = quali_final_places(factor=Fraction(1), movement="teams", original_tables=65)
    assert len(places) == 17 and places[0] == 300 and places[-1] == Fraction(300, 17)


def test_large_final_maximum_grows_by_the_square_root_rule():
    # 4.4.9 with t = 65 (4.4.7): 300 x sqrt(100 / 65) = 372.1 -> 373 (decision).
    places = quali_final_places(factor=Fraction(1), movement="teams", original_tables=100)
    assert places[0] == 373 and len(places) == 25


# --- ties, minimum, colour -------------------------------------------------------------


def test_tie_shares_the_places_it_covers():
    # 3.5.1: 2nd and 3rd tie in the 4.2.10 final: (54 + 36) / 2 = 45 each.
    result = awards_for(final(original_tables=16, tables=6, ties=((2, 2),)))
    assert points(result) == [72, 45, 45, 18]


def test_tie_at_the_last_award_gets_the_minimum():
    # 3.5.1 example (b): a share below the minimum is raised to 6 at Club.
    result = awards_for(final(original_tables=16, tables=6, ties=((4, 3),)))
    assert points(result) == [72, 54, 36, 6, 6, 6]


def test_blue_final():
    # 5.4.1: 100 local = 1 blue point.
    result = awards_for(final(original_tables=16, tables=6, colour="blue"))
    assert points(result) == [Decimal("0.72"), Decimal("0.54"), Decimal("0.36"), Decimal("0.18")]


# --- no award, refusals -----------------------------------------------------------------


def test_too_small_an_original_entry_earns_nothing():
    # 3.1.1(d): a two-winner pairs event needs 5 complete tables.
    result = awards_for(final(movement="two-winner", original_tables=4, tables=2))
    assert result.awards == 0 and result.places == () and result.why.table == "3.1.1"


def test_fewer_than_12_boards_in_the_final_earn_nothing():
    # 3.1.3: at least 12 boards at each stage.
    result = awards_for(final(original_tables=16, tables=6, boards=11))
    assert result.awards == 0 and result.why.table == "3.1.3"


@pytest.mark.parametrize(
    ("given", "option"),
    [
        ({"original_tables": None}, "original-tables"),
        ({"tables": None}, "tables"),
        ({"boards": None}, "boards"),
        ({"movement": None}, "movement"),
        ({"movement": "pairs"}, "movement"),
        ({"tables": 17}, "tables"),
        ({"tables": 0}, "tables"),
        ({"boards_per_match": 6}, "boards-per-match"),
        ({"premier_tables": Fraction(4)}, "premier-tables"),
        ({"colour": "green"}, "colour"),
        ({"status": "international"}, "status"),
        ({"ties": ((6, 2),)}, "tie"),
        ({"divisions": 2, "division": 1}, "divisions"),
        ({"ladder": True}, "ladder"),
        ({"stage": "consolation"}, "stage"),
    ],
)
def test_refusals_name_the_option(given, option):
    values = {"original_tables": 16, "tables": 6}
    values.update(given)
    with pytest.raises(EbuInputError) as caught:
        awards_for(final(**values))
    assert caught.value.option == option
    assert str(caught.value).startswith(f"--{option}: ")


def test_pro_rata_original_entry_of_sections():
    # 4.2.11: "60 tables qualify into two sections of 15 tables; take the original entry
    # of each section as being 30 tables".
    assert pro_rata_original_tables(original_tables=60, section_tables=15, stage_tables=30) == 30
    with pytest.raises(EbuInputError):
        pro_rata_original_tables(original_tables=60, section_tables=31, stage_tables=30)


def test_half_tables_are_ignored():
    # 4.1.3: 16½ original tables read as 16, 6½ in the final as 6.
    result = awards_for(final(original_tables=Fraction(33, 2), tables=Fraction(13, 2)))
    assert points(result) == [72, 54, 36, 18]


def test_half_tables_in_a_small_final_are_ignored():
    # 4.2.4 with 4.1.3 / 4.12.8 ii: 40 single-winner tables pay 20 (QA row 40: 220); a
    # final of 6½ tables pays its 12 pairs of full tables, 220 down by 220/12.
    result = awards_for(final(movement="single-winner", original_tables=40, tables=Fraction(13, 2)))
    assert result.awards == 12
    assert points(result) == [math.ceil(Fraction(220 * k, 12)) for k in range(12, 0, -1)]
