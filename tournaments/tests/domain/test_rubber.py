"""Rubber bridge and Chicago score sheets (tournaments.domain.rubber).

The six-deal rubber of seed 004 ("An example rubber", 770 vs 1640) is pinned
deal by deal, above and below the line, as the article's panels describe it.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.contract import (
    Contract,
    Doubling,
    Seat,
    Side,
    Strain,
    Vulnerability,
)
from tournaments.domain.deal_score import duplicate_score, score_breakdown
from tournaments.domain.rubber import (
    Honours,
    Item,
    PlayedDeal,
    RubberSheet,
    chicago_vulnerability,
    score_chicago,
    score_rubber,
)

NS, EW = Side.NS, Side.EW

# Seed 004 "An example rubber": deal, declarer, contract, tricks taken (from
# the Made/Down columns), honours, then the deal totals N-S and E-W and the
# points below the line for N-S and E-W as the panels describe them.
# (The table names North as declarer of deal 1, the panel text South; both
# score for N-S.)
ARTICLE_RUBBER = [
    (1, "N", "2NT", 9, None, 100, 0, 70, 0),
    (2, "W", "4♥", 10, None, 0, 120, 0, 120),
    (3, "W", "5♣", 9, None, 200, 0, 0, 0),
    (4, "S", "4♠ X", 11, None, 390, 0, 240, 0),
    (5, "N", "3♣", 10, None, 80, 0, 60, 0),
    (6, "E", "6♦", 12, ("EW", 150), 0, 1020, 0, 120),
]


def _article_sheet() -> RubberSheet:
    return score_rubber(
        PlayedDeal.of(contract, declarer, tricks, honours)
        for _, declarer, contract, tricks, honours, *_ in ARTICLE_RUBBER
    )


@pytest.mark.parametrize(
    ("deal", "ns_total", "ew_total", "ns_below", "ew_below"),
    [(row[0], *row[5:]) for row in ARTICLE_RUBBER],
)
def test_article_rubber_deal_by_deal(
    deal: int, ns_total: int, ew_total: int, ns_below: int, ew_below: int
) -> None:
    sheet = _article_sheet()
    assert sheet.deal_total(deal, NS) == ns_total
    assert sheet.deal_total(deal, EW) == ew_total
    below = {side: 0 for side in Side}
    for entry in sheet.entries:
        if entry.deal == deal and entry.below:
            below[entry.side] += entry.points
    assert below == {NS: ns_below, EW: ew_below}


def test_article_rubber_totals_770_against_1640() -> None:
    sheet = _article_sheet()
    assert sheet.total(NS) == 770
    assert sheet.total(EW) == 1640
    assert sheet.winner is EW
    assert sheet.complete
    assert sheet.game_winners == (EW, NS, EW)
    rubber_bonus = [e for e in sheet.entries if e.item is Item.RUBBER_BONUS]
    assert [(e.side, e.points) for e in rubber_bonus] == [(EW, 500)]  # a "slow rubber"
    assert sheet.below(NS) == 70 + 240 + 60
    assert sheet.below(EW) == 120 + 120
    assert sheet.above(EW) == 750 + 150 + 500


def test_article_rubber_vulnerability_follows_games() -> None:
    sheet = _article_sheet()
    # Deal 3: E-W vulnerable after their game (down 2 costs 200); deal 4: N-S
    # still not vulnerable (overtrick 100); from deal 5 both are.
    assert sheet.vulnerability == (
        Vulnerability.NONE,
        Vulnerability.NONE,
        Vulnerability.EW,
        Vulnerability.EW,
        Vulnerability.BOTH,
        Vulnerability.BOTH,
    )


def test_article_rubber_items_per_deal() -> None:
    sheet = _article_sheet()
    deal_6 = {(e.side, e.item): e.points for e in sheet.entries if e.deal == 6}
    assert deal_6 == {
        (EW, Item.HONOURS): 150,
        (EW, Item.CONTRACT): 120,
        (EW, Item.SLAM): 750,
    }
    deal_4 = {(e.side, e.item): e.points for e in sheet.entries if e.deal == 4}
    assert deal_4 == {(NS, Item.CONTRACT): 240, (NS, Item.OVERTRICKS): 100, (NS, Item.INSULT): 50}


def _deals(*rows: tuple[Any, ...]) -> list[PlayedDeal]:
    return [PlayedDeal.of(*row) for row in rows]


def test_fast_rubber_scores_700() -> None:
    sheet = score_rubber(_deals(("4S", "N", 10), ("3NT", "S", 9)))
    assert [(e.side, e.points) for e in sheet.entries if e.item is Item.RUBBER_BONUS] == [(NS, 700)]
    assert sheet.total(NS) == 120 + 100 + 700
    assert sheet.total(EW) == 0


def test_part_scores_add_up_to_a_game() -> None:
    sheet = score_rubber(_deals(("2S", "N", 8), ("2H", "S", 8)), ended=False)
    assert sheet.game_winners == (NS,)
    assert sheet.below(NS) == 120


def test_a_game_cuts_off_the_opponents_part_score() -> None:
    sheet = score_rubber(_deals(("2S", "N", 8), ("4H", "E", 10), ("2S", "N", 8)), ended=False)
    # N-S' first 60 is cut off by E-W's game, so the second 60 is no game.
    assert sheet.game_winners == (EW,)
    assert not sheet.complete


def test_doubled_contract_points_count_towards_game() -> None:
    sheet = score_rubber(_deals(("2SX", "N", 8)), ended=False)
    assert sheet.below(NS) == 120
    assert sheet.game_winners == (NS,)


def test_penalties_grow_once_a_side_has_a_game() -> None:
    sheet = score_rubber(_deals(("4H", "E", 10), ("4S", "W", 9)), ended=False)
    assert sheet.deal_total(2, NS) == 100  # vulnerable undertrick


def test_unfinished_rubber_game_and_part_score_bonuses() -> None:
    sheet = score_rubber(_deals(("4S", "N", 10), ("2H", "E", 8)))
    bonuses = {(e.side, e.item): e.points for e in sheet.entries if e.deal is None}
    assert bonuses == {(NS, Item.UNFINISHED_GAME): 300, (EW, Item.UNFINISHED_PART_SCORE): 100}
    assert not sheet.complete


def test_unfinished_rubber_with_a_game_each_and_part_scores_each() -> None:
    sheet = score_rubber(_deals(("4S", "N", 10), ("4H", "E", 10), ("1NT", "N", 7), ("2C", "W", 8)))
    assert [e for e in sheet.entries if e.deal is None] == []


def test_unfinished_part_score_only_in_the_current_game() -> None:
    # N-S' part-score from game 1 was cut off; only E-W hold a game.
    sheet = score_rubber(_deals(("2S", "N", 8), ("4H", "E", 10)))
    bonuses = {(e.side, e.item): e.points for e in sheet.entries if e.deal is None}
    assert bonuses == {(EW, Item.UNFINISHED_GAME): 300}


def test_same_side_can_take_both_unfinished_bonuses() -> None:
    sheet = score_rubber(_deals(("4S", "N", 10), ("2S", "S", 8)))
    assert sheet.total(NS) == 120 + 60 + 300 + 100


def test_rubber_in_progress_has_no_unfinished_bonus() -> None:
    sheet = score_rubber(_deals(("4S", "N", 10)), ended=False)
    assert [e for e in sheet.entries if e.deal is None] == []


def test_no_deal_after_the_rubber_is_won() -> None:
    with pytest.raises(ValueError, match="deal 3"):
        score_rubber(_deals(("4S", "N", 10), ("4S", "N", 10), ("1C", "E", 7)))


def test_passed_out_deal_changes_nothing() -> None:
    with_pass = score_rubber(_deals(("4S", "N", 10), ("Pass",), ("4H", "E", 9)))
    assert with_pass.deal_total(2, NS) == with_pass.deal_total(2, EW) == 0
    assert with_pass.vulnerability[1] is Vulnerability.NS


def test_honours_go_to_the_holders_even_on_a_failed_contract() -> None:
    sheet = score_rubber(_deals(("4S", "N", 9, ("EW", 100))), ended=False)
    assert sheet.deal_total(1, EW) == 50 + 100


@pytest.mark.parametrize("points", [50, 120, 200])
def test_impossible_honours(points: int) -> None:
    with pytest.raises(ValueError, match=str(points)):
        Honours(NS, points)


def test_notrump_honours_are_four_aces_only() -> None:
    with pytest.raises(ValueError, match="notrump"):
        PlayedDeal.of("3NT", "N", 9, ("NS", 100))
    assert PlayedDeal.of("3NT", "N", 9, ("NS", 150)).honours == Honours(NS, 150)


def test_bad_played_deal() -> None:
    with pytest.raises(ValueError, match="Q"):
        PlayedDeal.of("4S", "Q", 10)
    with pytest.raises(ValueError, match="8S"):
        PlayedDeal.of("8S", "N", 10)
    with pytest.raises(ValueError, match="14"):
        PlayedDeal.of("4S", "N", 14)
    with pytest.raises(ValueError, match="XY"):
        PlayedDeal.of("4S", "N", 10, ("XY", 100))
    with pytest.raises(ValueError):
        PlayedDeal.of("Pass", None, 0, ("NS", 100))


# ---- Chicago --------------------------------------------------------------


@pytest.mark.parametrize(
    ("first_dealer", "expected"),
    [
        (Seat.NORTH, ("None", "EW", "NS", "Both")),
        (Seat.EAST, ("None", "NS", "EW", "Both")),
        (Seat.SOUTH, ("None", "EW", "NS", "Both")),
        (Seat.WEST, ("None", "NS", "EW", "Both")),
    ],
)
def test_chicago_vulnerability(first_dealer: Seat, expected: tuple[str, ...]) -> None:
    sheet = score_chicago(_deals(*[("1C", "N", 7)] * 4), first_dealer=first_dealer)
    assert tuple(v.value for v in sheet.vulnerability) == expected
    for n, vul in enumerate(sheet.vulnerability, 1):
        assert chicago_vulnerability(n, first_dealer.next(n - 1)) is vul


def test_chicago_game_bonus_by_deal_vulnerability() -> None:
    # Deal 1 nobody is vulnerable (300); deal 3, dealer South, N-S are (500).
    sheet = score_chicago(_deals(("4S", "N", 10), ("1C", "E", 7), ("4S", "S", 10), ("1C", "E", 7)))
    game_bonuses = [(e.deal, e.side, e.points) for e in sheet.entries if e.item is Item.GAME_BONUS]
    assert game_bonuses == [(1, NS, 300), (3, NS, 500)]
    assert sheet.complete


def test_chicago_part_scores_accumulate_to_a_game() -> None:
    sheet = score_chicago(_deals(("2S", "N", 8), ("1C", "E", 7), ("2H", "S", 8)))
    assert [(e.deal, e.side, e.points) for e in sheet.entries if e.item is Item.GAME_BONUS] == [
        (3, NS, 500)
    ]
    assert not sheet.complete


def test_chicago_fourth_deal_part_score_bonus() -> None:
    sheet = score_chicago(_deals(("1C", "N", 7), ("1C", "E", 7), ("1C", "N", 7), ("2S", "W", 8)))
    assert [
        (e.deal, e.side, e.points) for e in sheet.entries if e.item is Item.PART_SCORE_BONUS
    ] == [(4, EW, 100)]
    # Part-scores left from deals 1-3 get nothing at the end ("without accumulation").
    assert sheet.total(NS) == 20 + 20


def test_chicago_fourth_deal_completing_a_game_gets_the_game_bonus() -> None:
    sheet = score_chicago(_deals(("1C", "E", 7), ("2S", "N", 8), ("1C", "E", 7), ("2H", "S", 8)))
    items = [(e.item, e.points) for e in sheet.entries if e.deal == 4 and e.side is NS]
    assert items == [(Item.CONTRACT, 60), (Item.GAME_BONUS, 500)]


def test_chicago_deal_scores_match_duplicate_for_a_fresh_game() -> None:
    # With no part-score carried, a Chicago deal scores like duplicate.
    sheet = score_chicago(_deals(("6NT", "N", 13), ("4SX", "E", 8), ("3NT", "S", 9)))
    assert sheet.deal_total(1, NS) == duplicate_score("6NT", "N", False, 13)
    assert sheet.deal_total(2, NS) == -duplicate_score("4SX", "E", True, 8)
    assert sheet.deal_total(3, NS) == duplicate_score("3NT", "S", True, 9)


def test_chicago_passed_out_deal_is_redealt() -> None:
    sheet = score_chicago(_deals(("Pass",), ("1C", "N", 7), ("Pass",), *[("1C", "E", 7)] * 3))
    assert sheet.deal_numbers == (1, 1, 2, 2, 3, 4)
    assert sheet.dealers[:3] == (Seat.NORTH, Seat.NORTH, Seat.EAST)
    assert sheet.complete


def test_chicago_has_four_deals() -> None:
    with pytest.raises(ValueError, match="deal 5"):
        score_chicago(_deals(*[("1C", "N", 7)] * 5))


@pytest.mark.parametrize("deal_number", [0, 5])
def test_chicago_deal_number_range(deal_number: int) -> None:
    with pytest.raises(ValueError, match=str(deal_number)):
        chicago_vulnerability(deal_number, Seat.NORTH)


# ---- properties -------------------------------------------------------------

played_deals = st.builds(
    lambda level, strain, doubling, declarer, tricks: PlayedDeal(
        Contract(level, strain, doubling), declarer, tricks
    ),
    st.integers(min_value=1, max_value=7),
    st.sampled_from(list(Strain)),
    st.sampled_from(list(Doubling)),
    st.sampled_from(list(Seat)),
    st.integers(min_value=0, max_value=13),
)


def _until_complete(deals: list[PlayedDeal]) -> list[PlayedDeal]:
    kept: list[PlayedDeal] = []
    for deal in deals:
        kept.append(deal)
        if score_rubber(kept, ended=False).complete:
            break
    return kept


@given(st.lists(played_deals, min_size=1, max_size=12))
def test_rubber_sheet_invariants(deals: list[PlayedDeal]) -> None:
    deals = _until_complete(deals)
    sheet = score_rubber(deals)
    games = {side: sheet.game_winners.count(side) for side in Side}
    assert max(games.values()) <= 2
    assert sheet.complete == (max(games.values()) == 2)
    rubber_bonuses = [e for e in sheet.entries if e.item is Item.RUBBER_BONUS]
    assert len(rubber_bonuses) == (1 if sheet.complete else 0)
    for later, earlier in zip(sheet.vulnerability[1:], sheet.vulnerability, strict=False):
        for side in Side:
            assert later.is_vulnerable(side) >= earlier.is_vulnerable(side)
    for number, (deal, vul) in enumerate(zip(deals, sheet.vulnerability, strict=True), 1):
        assert deal.declarer is not None and isinstance(deal.contract, Contract)
        side = deal.declarer.side
        parts = score_breakdown(deal.contract, vul.is_vulnerable(side), deal.tricks)
        # Rubber bridge = the duplicate score without its part-score/game bonus.
        expected = parts.total - (parts.game_points if parts.made else 0)
        assert sheet.deal_total(number, side) - sheet.deal_total(number, side.other) == expected
    assert all(e.points > 0 for e in sheet.entries)
