"""Chapter 2: master points from local, blue and green points (2.4.1, 2.6.1) and the
rank list of 2.6.2 (seed lines 1321-1483)."""

from decimal import Decimal as D

import pytest

from awards.domain.ebu.core import EbuInputError
from awards.domain.ebu.ranks import (
    RANKS,
    green_for_rank,
    may_be_credited,
    original_entry,
    rank_for,
    total_master_points,
    without_standing_may_receive,
)


def test_worked_example_of_2_6_1():
    # Lines 1414-1418: 7.25 green, 2.75 blue and 4,344 local are 5,344 (725+275+4344).
    assert total_master_points(local=4344, blue=D("2.75"), green=D("7.25")) == 5344
    rank = rank_for(local=4344, blue=D("2.75"), green=D("7.25"))
    # 5,000 overall is Master (line 1438); Premier Master needs 10 green (line 1456):
    # 7.25 + 2.75/3 is short of it.
    assert (rank.name, rank.title, rank.stars, rank.total) == ("Master", "Master", 0, 5344)


def test_a_green_point_is_100_master_points():
    # 2.4.1(c), line 1347: "7.23 Green Points = 723 Master Points".
    assert total_master_points(local=0, blue=D(0), green=D("7.23")) == 723


@pytest.mark.parametrize(
    "local, blue, green, name",
    [  # 2.6.2, lines 1428-1483
        (99, "0", "0", None),
        (100, "0", "0", "Local Master"),
        (199, "0", "0", "Local Master"),
        (200, "0", "0", "Club Master"),
        (500, "0", "0", "Area Master"),
        (1_000, "0", "0", "District Master"),
        (2_500, "0", "0", "County Master"),
        (5_000, "0", "0", "Master"),
        (7_500, "0", "0", "Advanced Master"),
        (10_000, "0", "0", "* Master"),
        (15_000, "0", "0", "** Master"),
        (20_000, "0", "0", "*** Master"),
        (25_000, "0", "0", "**** Master"),
        (39_999, "0", "0", "***** Master"),
        (40_000, "0", "0", "Tournament Master"),
        (50_000, "0", "0", "* Tournament Master"),
        (60_000, "0", "0", "** Tournament Master"),  # "further star for each extra 10,000"
        (4_000, "0", "10", "Premier Master"),
        (9_000, "0", "10", "* Premier Master"),
        (14_000, "0", "10", "** Premier Master"),  # the interface's example
        (29_000, "0", "10", "***** Premier Master"),
        (34_000, "0", "10", "***** Premier Master"),  # "up to a maximum of 5 stars"
        (39_000, "0", "10", "Premier Tournament Master"),
        (49_000, "0", "10", "* Premier Tournament Master"),
        (59_000, "0", "10", "** Premier Tournament Master"),
        (7_500, "0", "25", "Regional Master"),
        (17_500, "0", "25", "* Regional Master"),
        (15_000, "0", "50", "Premier Regional Master"),
        (25_000, "0", "50", "* Premier Regional Master"),
        (22_500, "0", "75", "National Master"),
        (30_000, "0", "100", "Premier National Master"),
        (45_000, "0", "150", "Life Master"),
        (60_000, "0", "300", "Premier Life Master"),
        (60_000, "0", "600", "Grand Master"),
        (0, "0", "1500", "Premier Grand Master"),
    ],
)
def test_the_rank_list(local, blue, green, name):
    assert rank_for(local=local, blue=D(blue), green=D(green)).name == name


def test_the_interface_example():
    rank = rank_for(local=14_000, blue=D(0), green=D(10))
    assert (rank.name, rank.title, rank.stars, rank.total) == (
        "** Premier Master",
        "Premier Master",
        2,
        15_000,
    )


def test_blue_replaces_green_three_to_one_up_to_50():
    # 2.4.1(b), lines 1335-1339.
    assert green_for_rank(blue=D(30), green=D(0)) == 10
    assert rank_for(local=2_000, blue=D(30), green=D(0)).name == "Premier Master"
    assert rank_for(local=2_100, blue=D("29.97"), green=D(0)).name == "Master"
    # At most 50 green from blue: 150 blue and 25 green meet 75 green, 300 blue no more.
    assert green_for_rank(blue=D(300), green=D(25)) == 75
    assert rank_for(local=0, blue=D(300), green=D(25)).name == "National Master"
    assert rank_for(local=0, blue=D(300), green=D("24.99")).name != "National Master"


def test_gold_points_do_not_count():
    # 2.5.2, lines 1394-1396.
    assert rank_for(local=100, blue=D(0), green=D(0), gold=D(99)) == rank_for(
        local=100, blue=D(0), green=D(0)
    )


def test_the_list_is_in_increasing_seniority_as_printed():
    lines = [row.line for row in RANKS]
    assert lines == sorted(lines) and len(RANKS) == 28


@pytest.mark.parametrize(
    "kwargs, option",
    [
        ({"local": -1, "blue": D(0), "green": D(0)}, "local"),
        ({"local": 0, "blue": D("-0.01"), "green": D(0)}, "blue"),
        ({"local": 0, "blue": D(0), "green": D("1.005")}, "green"),
        ({"local": 0, "blue": D(0), "green": D(0), "gold": D("-1")}, "gold"),
    ],
)
def test_refused_holdings(kwargs, option):
    with pytest.raises(EbuInputError) as error:
        rank_for(**kwargs)
    assert error.value.option == option


def test_online_points_count_beside_two_thirds_of_the_rank():
    # 2.4.1(d), lines 1365-1373: at least 2/3 of a rank's total in the main points.
    assert rank_for(local=3_334, blue=D(0), green=D(0), online=1_666).name == "Master"
    assert rank_for(local=3_333, blue=D(0), green=D(0), online=1_667).name == "County Master"
    # Each star is a rank: 12,000 main points and 8,000 online make 20,000, but 2/3 of
    # 20,000 is not met; 2/3 of 15,000 is.
    assert rank_for(local=12_000, blue=D(0), green=D(0), online=8_000).name == "** Master"
    # The further stars too: 40,000 + 30,000 online; 2/3 of 70,000 is 46,667, of
    # 60,000 is 40,000.
    rank = rank_for(local=40_000, blue=D(0), green=D(0), online=30_000)
    assert (rank.name, rank.total) == ("** Tournament Master", 70_000)


def test_without_standing():
    # 2.10.2: enhanced points or an advantage: nothing, or match awards in a per-match event.
    assert (
        without_standing_may_receive(
            enhanced_or_advantage=True, per_match_event=False, organiser_allows="all"
        )
        == "nothing"
    )
    assert (
        without_standing_may_receive(
            enhanced_or_advantage=True, per_match_event=True, organiser_allows="all"
        )
        == "match-awards"
    )
    # 2.10.3: otherwise what the organiser allows.
    assert (
        without_standing_may_receive(
            enhanced_or_advantage=False, per_match_event=False, organiser_allows="all"
        )
        == "all"
    )
    # 2.10.4 / 3.1.1: they are left out of the original entry.
    assert original_entry(24, 2) == 22
    with pytest.raises(EbuInputError):
        original_entry(4, 5)
    with pytest.raises(EbuInputError):
        without_standing_may_receive(
            enhanced_or_advantage=False, per_match_event=False, organiser_allows="some"
        )


def test_who_is_credited():
    # 2.7.4: a suspended member earns nothing; 2.9.3: lapsed or potential members with a
    # record have their points recorded.
    assert not may_be_credited(member=True, record=True, suspended=True)
    assert may_be_credited(member=False, record=True, suspended=False)
    assert not may_be_credited(member=False, record=False, suspended=False)


def test_further_stars_without_a_printed_maximum_have_none():
    # "* Tournament Master 50,000 (further star for each extra 10,000)", line 1454.
    rank = rank_for(local=200_000, blue=D(0), green=D(0))
    assert (rank.title, rank.stars) == ("Tournament Master", 16)
