"""The basic scales and the calculator's basic form (awards.domain.ebu.basic): 4.1,
3.5, 4.2.1, seed 001_4cb9a3c6036a851e.txt lines 2048-2181 and 1828-1862, with the
Handbook's worked examples."""

from decimal import Decimal
from fractions import Fraction

import pytest

from awards.domain.ebu import printed_basic
from awards.domain.ebu.basic import awards_for, basic_awards, basic_scale_letter
from awards.domain.ebu.core import FACTOR, EbuInputError, EbuOptions

CLUB = Fraction(1)


def _points(**options):
    result = awards_for(EbuOptions(**options)).as_json()
    return [row["points"] for row in result["places"]]


# 4.1.6 (lines 2114-2142): a Club pairs game of 16 tables, Scale A.
EXAMPLE_4_1_6 = [
    ("two-winner", 12, [40, 30, 20, 10]),
    ("single-winner", 12, [48, 42, 36, 30, 24, 18, 12, 6]),
    ("two-winner", 24, [60, 50, 40, 30, 20, 10]),
    ("single-winner", 24, [66, 60, 54, 48, 42, 36, 30, 24, 18, 12, 6]),
    ("two-winner", 36, [80, 70, 60, 50, 40, 30, 20, 10]),
    ("single-winner", 36, [96, 90, 84, 78, 72, 66, 60, 54, 48, 42, 36, 30, 24, 18, 12, 6]),
]


@pytest.mark.parametrize(("movement", "boards", "places"), EXAMPLE_4_1_6)
def test_example_4_1_6(movement, boards, places):
    exact = basic_awards(factor=CLUB, movement=movement, tables=16, boards=boards)
    assert exact == places
    result = awards_for(EbuOptions(movement=movement, tables=Fraction(16), boards=boards))
    assert result.scale == "A" and result.awards == len(places)
    assert [row.points for row in result.places] == places


def test_the_interface_example_json():
    result = awards_for(EbuOptions(movement="two-winner", tables=Fraction(16), boards=24))
    assert result.as_json() == {
        "rulebook": "ebu",
        "scale": "A",
        "status": "club",
        "factor": 1,
        "colour": "local",
        "awards": 6,
        "places": [{"place": p, "points": 70 - 10 * p} for p in range(1, 7)],
    }


def test_example_3_5_a():
    # Lines 1850-1854: a tie for 4th in a 15-table two-winner movement: 20 and 10 -> 15 each.
    assert _points(movement="two-winner", tables=Fraction(15), boards=24, ties=((4, 2),)) == [
        50, 40, 30, 15, 15,
    ]  # fmt: skip


def test_example_3_5_b():
    # Lines 1858-1862: a tie for 4th in a 12-table two-winner movement: 10 and 0 -> 6 each.
    result = awards_for(
        EbuOptions(movement="two-winner", tables=Fraction(12), boards=24, ties=((4, 2),))
    )
    assert [row.points for row in result.places] == [40, 30, 20, 6, 6]
    assert result.awards == 5


def test_scale_x_examples():
    # Lines 7277-7279: an 11-table Mitchell at Club: 40, 30, 20, 10 both ways; an
    # arrow-switched (single-winner) one: 48, 42 ... 6.
    assert _points(movement="two-winner", tables=Fraction(11), boards=24) == [40, 30, 20, 10]
    assert _points(movement="single-winner", tables=Fraction(11), boards=24) == [
        48, 42, 36, 30, 24, 18, 12, 6,
    ]  # fmt: skip


def test_example_4_2_10_qualifier():
    # Lines 2288-2292: 16 teams, single-session qualifier: 6 awards of 60, 50 ... 10.
    assert _points(movement="teams", tables=Fraction(16), boards=24, stage="qualifying") == [
        60, 50, 40, 30, 20, 10,
    ]  # fmt: skip


def test_half_tables_are_ignored():
    # 4.1.3 (lines 2070-2074): "for 9 ½ tables, read the awards appropriate to 9 tables".
    half = _points(movement="single-winner", tables=Fraction(19, 2), boards=24)
    assert half == _points(movement="single-winner", tables=Fraction(9), boards=24)
    assert half[0] == printed_basic.printed_tops("A")[("18-35", "single-winner", 9)]


def test_72_boards_raise_the_status_one_level():
    # 4.1.7 (lines 2146-2150): "a District organisation would adopt the County scales".
    result = awards_for(
        EbuOptions(status="district", movement="teams", tables=Fraction(16), boards=72)
    )
    assert (result.scale, result.status, result.factor) == ("C", "county", FACTOR["county"])
    assert result.places[0].points == printed_basic.printed_tops("C")[("36+", "per-direction", 16)]
    below = awards_for(
        EbuOptions(status="district", movement="teams", tables=Fraction(16), boards=71)
    )
    assert below.scale == "B"
    assert below.places[0].points == printed_basic.printed_tops("B")[("36+", "per-direction", 16)]


def test_a_major_championship_is_one_level_up():
    # 4.2.1 (lines 2175-2177); interface --major.
    result = awards_for(
        EbuOptions(
            status="county", movement="two-winner", tables=Fraction(20), boards=24, major=True
        )
    )
    assert result.scale == "D"
    assert (
        result.places[0].points == printed_basic.printed_tops("D")[("18-35", "per-direction", 20)]
    )


@pytest.mark.parametrize(
    ("status", "letter"),
    [("club", "A"), ("district", "B"), ("county", "C"), ("regional", "D"), ("national", "E")],
)
def test_each_status_uses_its_printed_scale(status, letter):
    # 4.1.1 (lines 2054-2056); Scale B at 16 tables, 18-35 boards, line 5025 read up: 90.
    result = awards_for(
        EbuOptions(status=status, movement="two-winner", tables=Fraction(16), boards=24)
    )
    assert result.scale == letter
    assert (
        result.places[0].points
        == printed_basic.printed_tops(letter)[("18-35", "per-direction", 16)]
    )


def test_scale_letters():
    assert basic_scale_letter(FACTOR["club"], "teams") == "A"
    assert basic_scale_letter(FACTOR["below-club"], "two-winner") == "A"
    assert basic_scale_letter(FACTOR["county"], "single-winner") == "C"
    assert basic_scale_letter(FACTOR["national+1"], "four-winner") == "E"
    # 4.1.4 (lines 2090-2094): a single-winner individual has Scale F at any status.
    assert basic_scale_letter(FACTOR["regional"], "individual") == "F"
    with pytest.raises(EbuInputError, match="^--movement"):
        basic_scale_letter(CLUB, "pairs")


def test_four_winner_individual_uses_the_teams_scale():
    # 4.1.4 (lines 2090-2094); Scale A note, lines 4825-4827.
    assert _points(movement="four-winner", tables=Fraction(16), boards=24) == _points(
        movement="teams", tables=Fraction(16), boards=24
    )


def test_scale_f_lowest_place_is_the_minimum():
    # Scale F, 12-17 boards, 2 tables (line 5949): 6, then the starred minimum 6 (5951).
    assert _points(movement="individual", tables=Fraction(2), boards=12) == [6, 6]
    # District, 18-35 boards, 20 tables (line 5899): 122 at the top, 9* at the bottom.
    places = _points(status="district", movement="individual", tables=Fraction(20), boards=24)
    assert (places[0], places[-1], len(places)) == (122, 9, 27)


def test_blue_points_are_local_over_a_hundred():
    # 5.4.1: 100 local = 1 blue, two decimals.
    result = awards_for(
        EbuOptions(movement="two-winner", tables=Fraction(16), boards=24, colour="blue")
    )
    assert [row.points for row in result.places][:2] == [Decimal("0.60"), Decimal("0.50")]
    assert result.as_json()["colour"] == "blue"


def test_36_board_qualifying_stage_stops_at_180():
    # 4.2.1 (lines 2177-2181), 4.4.6 (lines 2500-2504): 180 at Club, reached by 36 tables
    # of teams / 30 of single-winner pairs; an all-play-through event goes on to 300.
    assert (
        basic_awards(factor=CLUB, movement="teams", tables=36, boards=36, qualifying=True)[0] == 180
    )
    assert (
        basic_awards(factor=CLUB, movement="single-winner", tables=30, boards=36, qualifying=True)[
            0
        ]
        == 180
    )
    assert (
        basic_awards(factor=CLUB, movement="teams", tables=40, boards=36)[0]
        == (printed_basic.printed_tops("A")[("36+", "per-direction", 40)])
    )
    assert (
        basic_awards(factor=CLUB, movement="teams", tables=40, boards=36, qualifying=True)[0] < 200
    )
    # Under 36 boards a qualifying stage is a basic event like any other.
    assert basic_awards(factor=CLUB, movement="teams", tables=16, boards=24, qualifying=True) == (
        basic_awards(factor=CLUB, movement="teams", tables=16, boards=24)
    )


@pytest.mark.parametrize(
    ("movement", "tables", "boards", "rule"),
    [
        ("two-winner", 4, 24, "3.1.1"),
        ("four-winner", 4, 24, "3.1.1"),
        ("teams", 2, 24, "3.1.1"),
        ("single-winner", 2, 24, "3.1.1"),
        ("individual", 1, 24, "3.1.1"),
        ("two-winner", 16, 11, "3.1.2"),
    ],
)
def test_an_event_that_does_not_qualify_gets_no_award_and_a_why(movement, tables, boards, rule):
    result = awards_for(EbuOptions(movement=movement, tables=Fraction(tables), boards=boards))
    assert (result.awards, result.places) == (0, ())
    assert result.why is not None and result.why.table == rule
    assert result.as_json()["places"] == []


def test_the_minimum_tables_qualify():
    # 3.1.1 (lines 1690-1698): 2 individual, 3 single-winner pairs, 3 teams, 5 two-winner.
    assert _points(movement="individual", tables=Fraction(2), boards=12)
    assert _points(movement="single-winner", tables=Fraction(3), boards=24) == [12, 6]
    assert _points(movement="teams", tables=Fraction(3), boards=24) == [10]
    assert _points(movement="two-winner", tables=Fraction(5), boards=24) == [20, 10]


def test_ties_across_the_last_award_and_below_it():
    # 3.5.1: 6 awards of 60..10; a tie for 6th of 3 shares 10, 0, 0 -> minimum 6 each.
    assert _points(movement="teams", tables=Fraction(16), boards=24, ties=((6, 3),)) == [
        60, 50, 40, 30, 20, 6, 6, 6,
    ]  # fmt: skip
    # A tie wholly below the awards earns nothing.
    assert _points(movement="teams", tables=Fraction(16), boards=24, ties=((8, 2),)) == [
        60, 50, 40, 30, 20, 10,
    ]  # fmt: skip
    # A tie for first of two: (60 + 50) / 2.
    assert _points(movement="teams", tables=Fraction(16), boards=24, ties=((1, 2),))[:2] == [55, 55]


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"movement": "pairs"}, "movement"),
        ({"movement": None}, "movement"),
        ({"tables": None}, "tables"),
        ({"boards": None}, "boards"),
        ({"boards": 0}, "boards"),
        ({"tables": Fraction(-1)}, "tables"),
        ({"status": "international"}, "status"),
        ({"colour": "green"}, "colour"),
        ({"stage": "final"}, "stage"),
        ({"stage": "consolation"}, "stage"),
        ({"ladder": True}, "ladder"),
        ({"boards_per_match": 6}, "boards-per-match"),
        ({"original_tables": Fraction(20)}, "original-tables"),
        ({"strat": "B"}, "strat"),
        ({"knockout": "single-teams"}, "knockout"),
        ({"ties": ((4, 2), (5, 2))}, "tie"),
        ({"ties": ((16, 2),)}, "tie"),
        ({"ties": ((3, 1),)}, "tie"),
    ],
)
def test_refused(options, option):
    given = {"movement": "two-winner", "tables": Fraction(16), "boards": 24} | options
    with pytest.raises(EbuInputError) as refused:
        awards_for(EbuOptions(**given))
    assert refused.value.option == option
    assert str(refused.value).startswith(f"--{option}: ")


def test_rules_name_the_sections_in_both_languages():
    result = awards_for(
        EbuOptions(movement="two-winner", tables=Fraction(15), boards=24, ties=((4, 2),))
    )
    assert result.rules[0].en == (
        "Scale A, 18-35 boards: top third, 15 full tables, two-winner pairs movement (4.1.2-4.1.5)"
    )
    assert "(4.1.2-4.1.5)" in result.rules[0].sv
    assert any("3.5.1" in rule.en and "3.5.1" in rule.sv for rule in result.rules)


def test_ties_share_the_places_as_the_scale_prints_them():
    # Decision: the minimum is applied to each place before a tie shares them. Scale F,
    # 3 tables of 12-17 boards (line 5947, read down to the starred 6* of line 5951):
    # 9, 6, 6. Three tied for first share 9 + 6 + 6 = 21: 7 each (not 9 + 6 + 3 -> 6).
    assert _points(movement="individual", tables=Fraction(3), boards=12) == [9, 6, 6]
    assert _points(movement="individual", tables=Fraction(3), boards=12, ties=((1, 3),)) == [
        7, 7, 7,
    ]  # fmt: skip


def test_status_is_the_effective_one():
    # Decision: "status" and "scale" name the level actually used (4.1.7: a District
    # event of 72+ boards "would adopt the County scales"); National + 1 keeps letter E.
    result = awards_for(
        EbuOptions(status="national", movement="teams", tables=Fraction(8), boards=72, major=True)
    ).as_json()
    assert (result["scale"], result["status"], result["factor"]) == ("E", "national+1", 6)
