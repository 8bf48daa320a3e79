"""Chapter 5, blue point events (seed lines 3883-3975): 100 local = 1 blue (5.4.1), the
Simultaneous Pairs split (5.1.2) and a club's two blue-pointed events (5.3.1)."""

from decimal import Decimal as D
from fractions import Fraction as F

import pytest

from awards.domain.ebu.blue import (
    BLUE_EVENTS,
    blue_awards,
    blue_points,
    club_may_hold,
    sim_pairs_split,
)
from awards.domain.ebu.core import EbuInputError


def test_100_local_is_1_blue():
    # 5.4.1, line 3970; 2.4.1(b) line 1337: "The value of a Blue Point is 100".
    assert blue_points(F(100)) == D("1.00")
    # Scale A, 16 tables two-winner, 18-35 boards (4.1.6(b), line 2128): 60, 50 ... 10.
    assert blue_awards([F(60), F(50), F(10)]) == (D("0.60"), D("0.50"), D("0.10"))
    # 3.4.1 rounds to the player's benefit, once at the end: 2/3 local is 0.01 blue.
    assert blue_points(F(2, 3)) == D("0.01")


def test_sim_pairs_split_a_quarter_blue_three_quarters_local():
    # 5.1.2, lines 3902-3904: "split 25% blue / 75% local".
    assert sim_pairs_split(F(100)) == (D("0.25"), 75)
    assert sim_pairs_split(F(30)) == (D("0.08"), 23)  # 7.5 local -> 0.075 blue, 22.5 -> 23


def test_a_club_holds_two_blue_events_a_year():
    # 5.3.1, lines 3944-3946.
    assert club_may_hold(0) and club_may_hold(1) and not club_may_hold(2)


def test_the_blue_events_name_their_sections():
    assert [event.section for event in BLUE_EVENTS] == ["5.1.1", "5.1.2", "5.1.3", "5.2", "5.3"]


def test_negative_awards_are_refused():
    for call in (blue_points, sim_pairs_split):
        with pytest.raises(EbuInputError):
            call(F(-1))
