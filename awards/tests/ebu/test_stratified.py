"""Stratified events (4.12, seed lines 3711-3885; Scales S and QS, lines 6947-7160)."""

from fractions import Fraction

import pytest

from awards.domain.ebu.core import EbuInputError, EbuOptions
from awards.domain.ebu.stratified import (
    awards_for,
    higher_award,
    scale_qs,
    scale_s,
    two_winner_tables,
)


def _points(**options):
    result = awards_for(EbuOptions(**options))
    return [int(place.points) for place in result.places], result


def test_example_4124_three_categories_of_a_24_pair_howell():
    # Lines 3760-3811: 24 pairs, 8 each A, B, C, single-winner, 18-35 boards.
    # Unstratified: the top eight, multiples of 6, the winners 48 (line 3768-3770).
    assert scale_s(category="U", movement="single-winner", tables=12, boards=24) == [
        48,
        42,
        36,
        30,
        24,
        18,
        12,
        6,
    ]
    # (a) "A" is everyone: the top eight, multiples of 5, winners 40.
    a, result = _points(movement="single-winner", strat="A", tables=Fraction(12), boards=24)
    assert a == [40, 35, 30, 25, 20, 15, 10, 5] and result.scale == "S"
    # (b) "B" holds B and C, 16 pairs: the top 6, multiples of 4, winners 24.
    b, _ = _points(movement="single-winner", strat="B", tables=Fraction(8), boards=24)
    assert b == [24, 20, 16, 12, 8, 4]
    # (c) "C", 8 pairs: the top 3, multiples of 3, winners 9.
    c, _ = _points(movement="single-winner", strat="C", tables=Fraction(4), boards=24)
    assert c == [9, 6, 3]


def test_the_interface_example():
    result = awards_for(
        EbuOptions(movement="single-winner", strat="B", tables=Fraction(8), boards=24)
    )
    json = result.as_json()
    assert json["scale"] == "S" and json["factor"] == 1 and json["awards"] == 6
    assert [place["points"] for place in json["places"]] == [24, 20, 16, 12, 8, 4]


def test_4125_the_higher_of_two_categories_not_both():
    # Lines 3815-3818: a B pair placed in both lists takes the higher award.
    assert higher_award([Fraction(24), Fraction(35)]) == 35


def test_4126_two_winner_categories_are_sized_by_the_smaller_direction():
    # Lines 3819-3835: 5 B pairs N/S, 9 E/W: 5 tables, two awards each way.
    tables = two_winner_tables(5, 9)
    assert tables == 5
    awards, result = _points(movement="two-winner", strat="B", tables=Fraction(tables), boards=24)
    assert result.awards == 2 and awards == [14, 7]


def test_41282_half_tables_are_ignored():
    # Lines 3855-3861: 13 single-winner pairs count as 12 (6 tables): 4 awards.
    awards, result = _points(movement="single-winner", strat="B", tables=Fraction(13, 2), boards=24)
    assert result.awards == 4 and awards == [16, 12, 8, 4]


def test_41284_three_contestants_in_a_category():
    # Lines 3868-3874: a category of two pairs earns nothing, one of three does.
    _awards, result = _points(movement="single-winner", strat="C", tables=Fraction(1), boards=24)
    assert result.awards == 0 and result.places == () and "4.12.8" in result.why.en
    awards, _ = _points(movement="single-winner", strat="C", tables=Fraction(3, 2), boards=24)
    assert awards == [3]
    _awards, result = _points(movement="teams", strat="D", tables=Fraction(2), boards=24)
    assert result.awards == 0


def test_the_a_list_is_the_whole_field_and_meets_311():
    # 3.1.1 (d), lines 1698: five tables of a two-winner event; category "A" is everyone.
    _awards, result = _points(movement="two-winner", strat="A", tables=Fraction(4), boards=24)
    assert result.awards == 0 and "3.1.1" in result.why.en
    awards, _ = _points(movement="two-winner", strat="A", tables=Fraction(5), boards=24)
    assert awards == [18, 9]  # Scale S, 4-6 tables, Strat A 18 (line 7031)


def test_fewer_than_12_boards_earn_nothing():
    _awards, result = _points(movement="teams", strat="A", tables=Fraction(10), boards=11)
    assert result.awards == 0 and "3.1.2" in result.why.en


def test_41285_the_category_minimum_in_a_tie_for_the_last_place():
    # Lines 3876-3882, note (3) lines 7049-7053: C's minimum is 3 (not 6): a tie for
    # 3rd in a C list of 4 tables shares 3 and 0 (1½) and is raised to 3.
    awards, _ = _points(
        movement="single-winner", strat="C", tables=Fraction(4), boards=24, ties=((3, 2),)
    )
    assert awards == [9, 6, 3, 3]
    # D's is 2: teams D, 9 tables (18-35 boards: 3 awards of 9, 6, 3), tie for 3rd.
    awards, _ = _points(movement="teams", strat="D", tables=Fraction(9), boards=24, ties=((3, 2),))
    assert awards == [9, 6, 2, 2]


def test_statuses_multiply_note_5():
    # Note (5), line 7063: District 1½ times, County twice.
    awards, result = _points(
        movement="single-winner", strat="C", tables=Fraction(4), boards=24, status="district"
    )
    assert awards == [14, 9, 5] and result.factor == Fraction(3, 2)  # 13½, 9, 4½ rounded up
    awards, _ = _points(
        movement="single-winner", strat="C", tables=Fraction(4), boards=24, status="county"
    )
    assert awards == [18, 12, 6]


def test_72_boards_raise_the_status_a_level():
    # Decision: 4.1.7 applies to a stratified all-play-through of 72+ boards (lines
    # 2146-2150; Scale S is for all-play-through events too, line 6949).
    awards, result = _points(movement="teams", strat="B", tables=Fraction(8), boards=72)
    assert result.factor == Fraction(3, 2) and result.status == "district"
    assert awards == [42, 32, 21, 11]  # 28 21 14 7 (36+ boards, 7-8 tables) x 1½


def test_the_maximum_exceeded_formula_applies_to_a_category():
    # 4.4.9's table (lines 2539-2561): Club single-winner, 18-35 boards, 100 at 25 tables;
    # 30 tables -> 110, 40 -> 127, 100 -> 200.
    for tables, top in ((30, 110), (40, 127), (100, 200)):
        assert scale_s(category="U", movement="single-winner", tables=tables, boards=24)[0] == top
    # Decision: a category's places are the unstratified ones times its share (5/6 for A).
    a = scale_s(category="A", movement="single-winner", tables=100, boards=24)
    assert a[0] == Fraction(500, 3) and len(a) == 67


def test_qs_ranking_awards_with_the_match_award_unstratified():
    # 4.12.7 (lines 3837-3845): QS for the ranking lists, 4.6.3 per match won unchanged.
    # Teams A, 16 teams, 5 x 8-board matches (40 boards): QS 13-16 row, A 60 (line 7128).
    awards, result = _points(
        movement="teams", strat="A", tables=Fraction(16), boards=40, boards_per_match=8
    )
    assert result.scale == "QS" and awards == [60, 45, 30, 15]
    json = result.as_json()
    assert json["per_match"] == 12  # 4.6.3, 8 boards at Club: 12 (line 2752)
    # 72+ boards: ranking awards +50% (4.6.4, lines 2786-2790); per match unchanged.
    awards, result = _points(
        movement="teams", strat="A", tables=Fraction(16), boards=80, boards_per_match=8, won=3
    )
    assert awards == [90, 68, 45, 23] and result.factor == 1
    assert result.as_json()["per_match"] == 12 and result.as_json()["won_total"] == 36


def test_qs_single_winner_pairs_b():
    # QS 1-winner, 9-10 tables, Strat B 40 (line 7097): 5 awards of 8 at Club.
    assert scale_qs(category="B", movement="single-winner", tables=10) == [40, 32, 24, 16, 8]


def test_short_pairs_matches_are_a_regular_game():
    # 4.5.2 (lines 2589-2595): pairs matches under 6 boards: a basic event, Scale S.
    _awards, result = _points(
        movement="single-winner", strat="A", tables=Fraction(10), boards=40, boards_per_match=4
    )
    assert result.scale == "S" and "per_match" not in result.as_json()


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"movement": "individual", "strat": "A", "tables": Fraction(5), "boards": 24}, "movement"),
        (
            {"movement": "four-winner", "strat": "A", "tables": Fraction(5), "boards": 24},
            "movement",
        ),
        ({"strat": "A", "tables": Fraction(5), "boards": 24}, "movement"),
        ({"movement": "teams", "strat": "E", "tables": Fraction(5), "boards": 24}, "strat"),
        ({"movement": "teams", "strat": "A", "boards": 24}, "tables"),
        ({"movement": "teams", "strat": "A", "tables": Fraction(5)}, "boards"),
        (
            {"movement": "teams", "strat": "A", "tables": Fraction(5), "boards": 24, "major": True},
            "major",
        ),
        (
            {
                "movement": "teams",
                "strat": "A",
                "tables": Fraction(5),
                "boards": 24,
                "stage": "final",
            },
            "stage",
        ),
        (
            {"movement": "teams", "strat": "A", "tables": Fraction(5), "boards": 24, "won": 2},
            "won",
        ),
    ],
)
def test_refused(options, option):
    with pytest.raises(EbuInputError) as refused:
        awards_for(EbuOptions(**options))
    assert refused.value.option == option
    assert str(refused.value).startswith(f"--{option}: ")


def test_won_in_a_regular_game_is_refused():
    # 4.5.2: 30 boards in all is a regular game (Scale S): no matches won to count.
    with pytest.raises(EbuInputError) as refused:
        awards_for(
            EbuOptions(
                movement="teams",
                strat="A",
                tables=Fraction(8),
                boards=30,
                boards_per_match=6,
                won=Fraction(2),
            )
        )
    assert refused.value.option == "won"


def test_every_status_has_its_usual_factor():
    # Decision: note (5) (line 7063) names District and County; 4.12.8 (lines 3847-3849)
    # keeps the general rules, so Regional x 3 and National x 4 as 3.2.
    awards, result = _points(
        movement="single-winner", strat="C", tables=Fraction(4), boards=24, status="regional"
    )
    assert awards == [27, 18, 9] and result.factor == 3


def test_constant_reductions_stop_at_the_category_minimum():
    # 4.4.5 (lines 2486-2490) with 4.12.8 v (lines 3876-3882): A's last of 67 places
    # would be 2½ (166⅔ / 67): it is raised to A's minimum, 5.
    awards, result = _points(movement="single-winner", strat="A", tables=Fraction(100), boards=24)
    assert result.awards == 67 and awards[0] == 167 and awards[-1] == 5
