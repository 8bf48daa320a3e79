"""The SBF rules several tables share (awards.domain.sbf.rules), seed
000_18af0e66f52a62b2.txt chapters 2, 5 and 9."""

from decimal import Decimal
from fractions import Fraction

import pytest

from awards.domain.core import Colour, Player
from awards.domain.sbf import rules


@pytest.mark.parametrize(
    ("entries", "met", "winner"),
    [(60, 30, Decimal("45.5")), (200, 30, Decimal("115.5")), (142, 29, Decimal(86))],
)
def test_winner_when_not_all_met(entries, met, winner):
    assert rules.winner_not_all_met(entries, met) == winner


@pytest.mark.parametrize(
    ("boards", "coefficient"),
    [(None, "1"), (99, "1"), (100, "1.2"), (149, "1.2"), (150, "1.4"), (200, "1.6"), (249, "1.6")],
)
def test_boards_coefficient(boards, coefficient):
    assert rules.boards_coefficient(boards) == Decimal(coefficient)


def test_a_final_winner_60_pairs_12_and_12_rounds():
    exact = rules.a_final_winner(total_pairs=60, qualifying_rounds=12, final_rounds=12)
    assert exact == Decimal("42.5")
    assert rules.round_up(exact) == 43


@pytest.mark.parametrize(
    ("groups", "group", "pairs", "counted"),
    [(2, 1, 20, 22), (2, 2, 20, 18), (3, 3, 10, 9), (5, 1, 11, 14), (4, 4, 13, 12)],
)
def test_group_coefficient_multiplies_the_pair_count(groups, group, pairs, counted):
    assert rules.group_entries(pairs, groups=groups, group=group) == counted


def test_group_without_coefficient():
    with pytest.raises(ValueError):
        rules.group_entries(10, groups=6, group=1)


def test_shared_places_split_the_sum_and_round_up():
    values = [Decimal(v) for v in (46, 31, 23, 20)]
    assert rules.round_up(rules.shared_value(values, 3, 4)) == 22  # (23 + 20) / 2 = 21.5
    assert rules.shared_value(values, 1, 3) == Decimal(100) / 3


def test_shared_last_bronze_place_gives_at_least_the_minimum():
    values = [Decimal(v) for v in (24, 16, 11, 8)]  # A1, 12 pairs
    assert rules.shared_bronze(values, 4, 6, minimum=4) == 4  # 8 / 3 = 2.67
    assert rules.shared_bronze(values, 4, 6, minimum=2) == Decimal(8) / 3
    assert rules.shared_bronze(values, 5, 6, minimum=4) == 0  # no bronze place touched


def test_bronze_minimum():
    assert rules.bronze_minimum() == 4
    assert rules.bronze_minimum(handicap=True) == 2
    assert rules.bronze_minimum(multiplier=2) == 8


def test_handicap_list_gets_half_at_least_two():
    assert rules.handicap_list_points(Decimal(15)) == (Decimal("7.5"), 8)
    assert rules.handicap_list_points(Decimal(4)) == (Decimal(2), 2)
    assert rules.handicap_list_points(Decimal(3))[1] == 2


def test_simultaneous_bonus_is_a_fifth():
    assert rules.simultaneous_bonus(Decimal(60)) == 12


@pytest.mark.parametrize(
    ("player", "entitled"),
    [
        (Player("1"), True),
        (Player("1", boards_played=12), True),
        (Player("1", boards_played=11), False),
        (Player("1", rounds_played=4), True),
        (Player("1", rounds_played=3, boards_played=6), False),
    ],
)
def test_players_must_play_half_the_rounds_or_boards(player, entitled):
    assert rules.played_enough(player, rounds=8, boards=24) is entitled


def test_multi_session_reserve_gets_their_share():
    assert rules.session_share(Player("r", boards_played=27), boards=108) == Decimal("0.25")
    assert rules.session_share(Player("p"), boards=108) == 1


def test_abandoned_silver_or_gold_event_gives_nothing():
    assert rules.abandoned_without_points(Colour.SILVER, abandoned=True)
    assert rules.abandoned_without_points(Colour.GOLD, abandoned=True)
    assert not rules.abandoned_without_points(Colour.BRONZE, abandoned=True)
    assert not rules.abandoned_without_points(Colour.SILVER, abandoned=False)


def test_bronze_never_worth_more_than_the_lowest_silver():
    assert rules.cap_bronze_by_silver(92, 7) == 70
    assert rules.cap_bronze_by_silver(16, 6) == 16


def test_best_third_and_best_quarter():
    # The best third get points, the best quarter sp, at most 16 (lines 28, 1215-1227).
    assert [rules.bronze_places(n) for n in (12, 13, 100)] == [4, 5, 34]
    assert [rules.silver_places(n) for n in (12, 13, 100)] == [3, 4, 16]
    assert rules.ceil(Fraction(7, 2)) == 4 and rules.ceil(Decimal("3.0")) == 3
