"""Chapter 3's general principles (awards.domain.ebu.principles), seed
001_4cb9a3c6036a851e.txt lines 1680-2046, with 4.1.3 and 4.1.7."""

from fractions import Fraction

import pytest

from awards.domain.ebu.core import FACTOR, EbuInputError
from awards.domain.ebu.principles import (
    award_stages,
    effective_factor,
    enough_of_movement,
    field_tables,
    full_tables,
    handicap_award_reason,
    match_award_due,
    plays_enough,
    team_tables,
    why_no_award,
)

# 3.1.1 (lines 1690-1698): the least original entry in complete tables.
MINIMA = [
    ("individual", 2),
    ("single-winner", 3),
    ("teams", 3),
    ("two-winner", 5),
    ("four-winner", 5),
]


@pytest.mark.parametrize(("movement", "least"), MINIMA)
def test_minimum_tables(movement, least):
    assert why_no_award(movement=movement, tables=least, boards=12) is None
    why = why_no_award(movement=movement, tables=least - 1, boards=12)
    assert why is not None and why.table == "3.1.1"
    assert f"at least {least}" in why.en and f"minst {least}" in why.sv


def test_minimum_boards():
    # 3.1.2 (lines 1710-1712): every competitor scheduled to play at least 12 boards.
    assert why_no_award(movement="teams", tables=8, boards=12) is None
    why = why_no_award(movement="teams", tables=8, boards=11)
    assert why is not None and why.table == "3.1.2"


def test_unknown_movement_is_refused():
    with pytest.raises(EbuInputError, match="^--movement"):
        why_no_award(movement="howell", tables=8, boards=24)


def test_three_quarters_of_the_movement():
    # 3.1.4 (lines 1724-1728): 24 boards to play, "no more than 32 boards should be in play".
    assert enough_of_movement(scheduled=24, in_play=32)
    assert not enough_of_movement(scheduled=24, in_play=33)


def test_a_player_plays_a_third_of_the_stage():
    # 3.3.2 (lines 1780-1789): a six-player team over 24 boards: 8 boards earn the award.
    assert plays_enough(played=8, stage_boards=24)
    assert not plays_enough(played=7, stage_boards=24)
    # 3.6.3 (lines 1886-1894): boards lost to a concession count as played.
    assert plays_enough(played=6, stage_boards=24, conceded=2)


def test_teams_are_counted_by_teams():
    # 3.3.3 (lines 1799-1801): "3 teams of 16 use the normal 3-table scale".
    assert team_tables(3) == 3


def test_half_tables_are_not_full_tables():
    # 4.1.3 (lines 2072-2074): 9 ½ tables read as 9.
    assert full_tables(Fraction(19, 2)) == 9
    assert full_tables(Fraction(9)) == 9
    with pytest.raises(EbuInputError, match="^--tables"):
        full_tables(Fraction(-1))


@pytest.mark.parametrize(
    ("status", "factor"),
    [("club", 1), ("district", Fraction(3, 2)), ("county", 2), ("regional", 3), ("national", 4)],
)
def test_status_factors(status, factor):
    # 3.2 (lines 1756-1766).
    assert effective_factor(status, boards=24) == factor


def test_72_boards_and_a_major_each_raise_one_level():
    # 4.1.7 (lines 2146-2148): "a District organisation would adopt the County scales".
    assert effective_factor("district", boards=72) == FACTOR["county"]
    assert effective_factor("district", boards=71) == FACTOR["district"]
    # 4.2.1 (lines 2177): a major championship, one level up.
    assert effective_factor("county", boards=24, major=True) == FACTOR["regional"]
    # Both: two levels; National goes no higher than National + 1 (2 x Regional).
    assert effective_factor("club", boards=72, major=True) == FACTOR["county"]
    assert effective_factor("national", boards=72) == 6
    assert effective_factor("national", boards=72, major=True) == 6


def test_unknown_status_is_refused():
    with pytest.raises(EbuInputError, match="^--status"):
        effective_factor("international", boards=24)


def test_conceded_matches():
    # 3.6.1 (lines 1872-1874).
    assert not match_award_due(boards_played=0, conceded=True, conceder_in_arrears=True)
    assert match_award_due(boards_played=12, conceded=True, conceder_in_arrears=True)
    assert not match_award_due(boards_played=12, conceded=True, conceder_in_arrears=False)
    assert match_award_due(boards_played=24, conceded=False, conceder_in_arrears=False)


def test_each_stage_is_awarded_when_each_has_12_boards():
    # 3.10.1 (lines 2030-2034): awards for each stage, carry-forward or not.
    assert award_stages([24, 24], [Fraction(1, 2)]) == (24, 24)
    assert award_stages([12, 12, 24]) == (12, 12, 24)
    # 3.1.3 (lines 1716-1720): a stage under 12 boards: not a multi-stage event.
    assert award_stages([24, 10]) == (34,)


def test_carry_forward_is_a_fraction_into_a_later_stage():
    with pytest.raises(EbuInputError, match="^--stage"):
        award_stages([24, 24], [Fraction(3, 2)])
    with pytest.raises(EbuInputError, match="^--stage"):
        award_stages([24], [Fraction(1, 2)])


def test_sections_as_one_field():
    # 3.8.1 (lines 1979-1987): same boards, match-pointed overall: one field.
    assert field_tables(
        [Fraction(19, 2), Fraction(19, 2)], same_boards=True, match_pointed=True
    ) == (19,)
    # 3.8.2 (lines 1991-1995): teams (not match-pointed) are awarded section by section.
    assert field_tables([Fraction(8), Fraction(7)], same_boards=True, match_pointed=False) == (8, 7)
    assert field_tables([Fraction(19, 2), Fraction(10)], same_boards=False, match_pointed=True) == (
        9,
        10,
    )


def test_handicap_events():
    # 3.9.1 (lines 2000-2004).
    assert handicap_award_reason(rescored_without_handicap=True) is None
    no = handicap_award_reason(rescored_without_handicap=False)
    assert no is not None and no.table == "3.9.1"
    never = handicap_award_reason(rescored_without_handicap=True, qualified_by_handicap=True)
    assert never is not None and never.table == "3.9.1"
