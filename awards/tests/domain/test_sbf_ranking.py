"""Ranking points (awards.domain.sbf.ranking).

Seed 000 ("Svenska mästarpoäng 2014-2015"), chapter 7 "Regler för
rankingpoäng": rates, exceptions, the worked example 22,5 gp → 338 rp and the
24 months. Readings of what the seed leaves open are in
docs/master-classes-and-ranking.md.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from awards.domain.core import Colour
from awards.domain.sbf.ranking import (
    RankingAward,
    counting_awards,
    counts_until,
    exact_ranking_points,
    ranking_list,
    ranking_points,
    ranking_rule,
    ranking_total,
    shared_places,
)

BRONZE, SILVER, GOLD = Colour.BRONZE, Colour.SILVER, Colour.GOLD
DAY = date(2014, 10, 4)


def award(
    exact: str,
    colour: Colour = SILVER,
    level: Colour = SILVER,
    *,
    player: str = "anna",
    played_on: date = DAY,
    tournament: str = "t1",
    **flags: bool,
) -> RankingAward:
    return RankingAward(
        player=player,
        played_on=played_on,
        colour=colour,
        exact=Decimal(exact),
        event_level=level,
        tournament=tournament,
        **flags,
    )


def test_worked_example_22_5_gp_gives_338_rp():
    # "om man får 22,5 gp som ger 23 gp, så räknas ranking på 22,5 vilket ger 338 rp"
    won = award("22.5", GOLD, GOLD)
    assert exact_ranking_points(won) == Decimal("337.5")
    assert ranking_points(won) == Decimal(338)
    assert ranking_points(award("23", GOLD, GOLD)) == Decimal(345)  # not the credited 23


@pytest.mark.parametrize(
    ("exact", "colour", "level", "flags", "points", "rule_en"),
    [
        ("10", SILVER, SILVER, {}, 10, "1 ranking point per sp"),
        ("10", SILVER, GOLD, {}, 15, "Gold event: 1.5 ranking points per sp"),
        ("3", GOLD, GOLD, {}, 45, "15 ranking points per gp"),
        (
            "50",
            GOLD,
            GOLD,
            {"sm_pairs_final": True},
            450,
            "SM pairs final: 9 ranking points per gp",
        ),
        (
            "2",
            GOLD,
            SILVER,
            {"allsvenskan_div3": True},
            2,
            "Allsvenskan division 3: gp count as sp, 1 ranking point(s) per gp",
        ),
        (
            "2",
            GOLD,
            GOLD,
            {"allsvenskan_div3": True},
            3,
            "Allsvenskan division 3: gp count as sp, 1.5 ranking point(s) per gp",
        ),
        (
            "2",
            GOLD,
            SILVER,
            {"allsvenskan_div3": True, "bonus": True},
            0,
            "Bonuses give no ranking points",
        ),
        (
            "28",
            GOLD,
            GOLD,
            {"bonus": True},
            0,
            "Bonuses give no ranking points",
        ),  # SM teams final, G1
        ("60", SILVER, SILVER, {"bonus": True}, 0, "Bonuses give no ranking points"),  # DM pairs
        ("2", GOLD, SILVER, {"bonus": True}, 0, "Bonuses give no ranking points"),  # rally bonus
        (
            "12",
            SILVER,
            SILVER,
            {"spring_autumn_silver": True},
            0,
            "Spring and autumn silver events are not part of the ranking",
        ),
        ("80", BRONZE, BRONZE, {}, 0, "Bronze events give no ranking points"),
        ("8", BRONZE, SILVER, {}, 0, "Bronze points give no ranking points"),
        ("24", BRONZE, GOLD, {}, 0, "Bronze points give no ranking points"),
    ],
)
def test_rates(exact, colour, level, flags, points, rule_en):
    won = award(exact, colour, level, **flags)
    assert ranking_points(won) == Decimal(points)
    assert ranking_rule(won)[1].en == rule_en


def test_rule_in_swedish():
    rate, reason = ranking_rule(award("10", SILVER, GOLD))
    assert rate == Decimal("1.5")
    assert (reason.table, reason.sv) == ("Rankingpoäng", "Guldtävling: 1,5 rp per sp")
    _, div3 = ranking_rule(award("2", GOLD, GOLD, allsvenskan_div3=True))
    assert div3.sv == "Allsvenskan div 3: gp räknas som sp, 1,5 rp per gp"


@pytest.mark.parametrize(
    ("exact", "colour", "level", "flags", "exact_rp", "points"),
    [
        ("10.5", SILVER, SILVER, {}, "10.5", 11),
        ("7.5", SILVER, GOLD, {}, "11.25", 12),  # up, not to the nearest (11)
        ("8.1", SILVER, SILVER, {}, "8.1", 9),
        ("22.5", GOLD, GOLD, {"sm_pairs_final": True}, "202.5", 203),
        ("10", SILVER, SILVER, {}, "10", 10),
    ],
)
def test_rounding_is_up_per_award(exact, colour, level, flags, exact_rp, points):
    won = award(exact, colour, level, **flags)
    assert exact_ranking_points(won) == Decimal(exact_rp)
    assert ranking_points(won) == Decimal(points)


def test_total_adds_rounded_awards():
    awards = [
        award("7.5", SILVER, GOLD, tournament="a"),
        award("7.5", SILVER, GOLD, tournament="b"),
    ]
    assert ranking_total(awards, DAY) == Decimal(24)  # 12 + 12, not ceil(22.5) = 23


@pytest.mark.parametrize(
    ("played_on", "last_day"),
    [
        (date(2013, 3, 15), date(2015, 3, 15)),
        (date(2013, 12, 31), date(2015, 12, 31)),
        (date(2012, 2, 29), date(2014, 2, 28)),
        (date(2014, 2, 28), date(2016, 2, 28)),
        (date(2014, 1, 31), date(2016, 1, 31)),
    ],
)
def test_24_months(played_on, last_day):
    assert counts_until(played_on) == last_day


@pytest.mark.parametrize(
    ("played_on", "on", "counts"),
    [
        (date(2013, 3, 15), date(2013, 3, 15), True),  # its own day
        (date(2013, 3, 15), date(2013, 3, 14), False),  # not yet played
        (date(2013, 3, 15), date(2015, 3, 15), True),  # exactly 24 months: not older
        (date(2013, 3, 15), date(2015, 3, 16), False),  # older than 24 months: struck
        (date(2012, 2, 29), date(2014, 2, 28), True),
        (date(2012, 2, 29), date(2014, 3, 1), False),
    ],
)
def test_counting_edges(played_on, on, counts):
    won = award("10", played_on=played_on)
    assert bool(counting_awards([won], on)) is counts
    assert ranking_total([won], on) == (Decimal(10) if counts else Decimal(0))


def test_counting_awards_say_when_they_drop_out():
    awards = [
        award("10", played_on=date(2013, 3, 15), tournament="old"),
        award("22.5", GOLD, GOLD, played_on=date(2014, 6, 1), tournament="gold"),
        award("12", played_on=date(2014, 9, 1), tournament="spring", spring_autumn_silver=True),
        award("40", BRONZE, BRONZE, played_on=date(2014, 9, 2), tournament="club"),
        award("10", played_on=date(2012, 1, 1), tournament="struck"),
    ]
    counting = counting_awards(awards, date(2014, 10, 4))
    assert [c.award.tournament for c in counting] == ["gold", "old"]
    gold, old = counting
    assert (gold.exact, gold.points) == (Decimal("337.5"), Decimal(338))
    assert (gold.counts_until, gold.drops_out) == (date(2016, 6, 1), date(2016, 6, 2))
    assert (old.counts_until, old.drops_out) == (date(2015, 3, 15), date(2015, 3, 16))
    assert gold.reason.sv == "15 rp per gp"
    assert ranking_total(awards, date(2014, 10, 4)) == Decimal(348)


def test_ranking_list_shares_places():
    awards = [
        award("100", player="anna"),
        award("50", player="bert", tournament="a"),
        award("30", player="bert", tournament="b"),
        award("80", player="cecilia"),
        award("50", player="david"),
        award("40", BRONZE, BRONZE, player="erik"),  # no ranking at all: not listed
        award("10", player="fia", played_on=date(2011, 1, 1)),  # struck: not listed
    ]
    rows = ranking_list(awards, DAY)
    assert [(r.place, r.place_to, r.player, r.points) for r in rows] == [
        (1, 1, "anna", Decimal(100)),
        (2, 3, "bert", Decimal(80)),
        (2, 3, "cecilia", Decimal(80)),
        (4, 4, "david", Decimal(50)),
    ]
    assert [r.place_label for r in rows] == ["1", "2–3", "2–3", "4"]


def test_award_rejects_negative_points():
    with pytest.raises(ValueError):
        award("-1")


def test_shared_places_from_totals_in_any_order():
    """Ch. 7 as docs/master-classes-and-ranking.md reads it: equal totals share the
    places they cover ("2–3"), the next total takes the place after them."""
    totals = [Decimal(t) for t in (70, 90, 80, 80, 70, 70, 50)]
    places = shared_places(totals)
    assert places == {
        Decimal(90): (1, 1),
        Decimal(80): (2, 3),
        Decimal(70): (4, 6),
        Decimal(50): (7, 7),
    }
    assert shared_places([]) == {}
