"""A member's EBU ledger walked in date order (awards/domain/ebu/ledger.py): the holding
by kind, the rank of 2.6.2 and the day each was reached, what the next rank needs.

Seed 001: 2.4.1 (lines 1321-1373), 2.5 (gold points count for no rank, lines
1394-1396), 2.6.1 (the overall holding: 7.25 green, 2.75 blue and 4,344 local are 5,344,
lines 1414-1418), 2.6.2 (lines 1422-1483).
"""

import random
from datetime import date
from decimal import Decimal

import pytest

from awards.domain.core import Colour
from awards.domain.ebu.ledger import EbuHolding, gold_held, next_rank, seniority, walk
from awards.domain.ebu.ranks import RANKS, Rank, rank_for
from awards.domain.ebu.rulebook import EBU

L, B, G = Colour.LOCAL, Colour.BLUE, Colour.GREEN
ZERO = Decimal(0)


def test_the_handbooks_example_holding_is_5344_master_points():
    holding = EbuHolding(local=4344, blue=Decimal("2.75"), green=Decimal("7.25"))
    assert holding.total == 5344
    assert holding.rank.name == "Master"  # 5,000 (line 1438); Advanced Master is 7,500


def test_each_rank_is_dated_by_the_award_that_reached_it():
    walked = walk(
        [
            ("mon", L, Decimal(60), ZERO),
            ("tue", L, Decimal(50), ZERO),  # 110: Local Master (100, line 1428)
            ("wed", B, Decimal("4.50"), ZERO),  # 560: Area Master (500, line 1432)
            ("thu", G, Decimal(10), Decimal(2)),  # 1,560: District Master (1,000)
        ]
    )
    assert [(key, rank.name) for key, rank in walked.reached] == [
        ("tue", "Local Master"),
        ("wed", "Area Master"),
        ("thu", "District Master"),
    ]
    assert walked.holding == EbuHolding(
        local=110, blue=Decimal("4.50"), green=Decimal(10), gold=Decimal(2)
    )


def test_one_award_past_two_ranks_reaches_only_the_higher():
    walked = walk([("big", L, Decimal(600), ZERO)])
    assert [rank.name for _key, rank in walked.reached] == ["Area Master"]


def test_gold_points_count_for_no_rank():
    assert walk([("g", L, Decimal(99), Decimal(500))]).rank == Rank(None, 0, 99)


def test_seniority_follows_the_printed_order_and_the_stars():
    ordered = [seniority(Rank(row.title, row.stars, row.total)) for row in RANKS]
    assert ordered == sorted(ordered) and len(set(ordered)) == len(ordered)
    assert seniority(Rank(None, 0, 0)) == 0
    # "** Tournament Master": one more star than the printed starred row (step 10,000).
    one = seniority(Rank("Tournament Master", 1, 50_000))
    assert seniority(Rank("Tournament Master", 2, 60_000)) == one + 1


def test_the_next_rank_says_what_is_missing():
    needed = next_rank(EbuHolding(local=1060))
    assert needed.rank is not None and needed.rank.name == "County Master"
    assert (needed.master_points, needed.green) == (1440, ZERO)
    # Premier Master (line 1456) needs 10 green points: 3 blue stand for 1 (2.4.1(b)).
    after_advanced = next_rank(EbuHolding(local=4000, blue=Decimal(12), green=Decimal(2)))
    assert after_advanced.rank.name == "Advanced Master"  # 7,500 before Premier Master
    premier = next_rank(EbuHolding(local=9_000, blue=Decimal(3), green=Decimal(2)))
    assert premier.rank.name == "* Master"
    starred = next_rank(EbuHolding(local=55_000))
    assert (starred.rank.name, starred.master_points) == ("** Tournament Master", 5_000)


def test_the_rulebook_walk_gives_the_holding_columns_the_ledger_keeps():
    walked = EBU.walk([(("2024-01-01", 1), G, Decimal(30), Decimal(6))])
    assert dict(walked.columns) == {
        "local": ZERO,
        "blue": ZERO,
        "green": Decimal(30),
        "gold_points": Decimal(6),
    }
    assert walked.master_points == 3000 and walked.title == "County Master"
    assert walked.reached == ((("2024-01-01", 1), "County Master", walked.rank),)


def _naive(rows):
    """Every row's rank asked afresh: what the walk's thresholds must agree with."""
    local, blue, green = 0, ZERO, ZERO
    best, reached = 0, []
    for key, colour, credited, _gold in rows:
        if colour is L:
            local += int(credited)
        elif colour is B:
            blue += credited
        else:
            green += credited
        rank = rank_for(local=local, blue=blue, green=green)
        if seniority(rank) > best:
            best = seniority(rank)
            reached.append((key, rank))
    return reached


@pytest.mark.parametrize("seed", range(40))
def test_the_walk_skips_only_rows_that_cannot_change_the_rank(seed):
    rng = random.Random(seed)
    size = rng.choice((50, 400, 2000))
    rows = []
    for n in range(size):
        colour = rng.choices((L, B, G), weights=(8, 2, rng.choice((0, 1, 3))))[0]
        if colour is L:
            credited = Decimal(rng.choice((6, 12, 40, 96, 300, 1500)))
        else:
            credited = Decimal(rng.randint(1, 2500)) / 100
        rows.append((n, colour, credited, ZERO))
    assert list(walk(rows).reached) == _naive(rows)


def test_gold_points_lose_a_fifth_of_their_value_on_each_anniversary():
    """2.5.1 (lines 1386-1391): 20% of the original value a year, nothing after 5."""
    award = [(date(2020, 6, 15), Decimal("2.35"))]
    assert gold_held(award, date(2020, 6, 15)) == Decimal("2.35")
    assert gold_held(award, date(2021, 6, 14)) == Decimal("2.35")
    assert gold_held(award, date(2021, 6, 15)) == Decimal("1.88")  # 4/5 of 2.35
    assert gold_held(award, date(2022, 6, 15)) == Decimal("1.41")
    assert gold_held(award, date(2024, 6, 15)) == Decimal("0.47")
    assert gold_held(award, date(2025, 6, 15)) == ZERO
    two = [*award, (date(2024, 1, 1), Decimal(10))]
    assert gold_held(two, date(2024, 6, 15)) == Decimal("10.47")


def test_the_walk_on_a_day_holds_the_devalued_gold_and_the_rank_ignores_it():
    rows = [((date(2020, 6, 15), 1), G, Decimal(25), Decimal(5))]
    assert walk(rows).holding.gold == Decimal(5)
    later = walk(rows, date(2023, 7, 1))
    assert later.holding.gold == Decimal(2) and later.rank == walk(rows).rank
