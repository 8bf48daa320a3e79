"""Pairs of a team event across the field (handicap/domain/across.py): seed 002
section 2 (lines 41-53) and footnote 1 (line 50); seed 004 lines 189-202."""

from fractions import Fraction

import pytest

from handicap.domain.across import (
    AWAY,
    CLOSED,
    EW,
    HOME,
    NS,
    OPEN,
    across,
    direction,
    field_results,
)


@pytest.mark.parametrize(
    ("side", "room", "line"),
    [(HOME, OPEN, NS), (AWAY, OPEN, EW), (AWAY, CLOSED, NS), (HOME, CLOSED, EW)],
)
def test_the_home_team_sits_north_south_in_the_open_room(side, room, line):
    assert direction(side, room) == line


def test_the_seeds_averaged_cross_imps():
    """004 lines 190-202: +620 against -100, -100, -300, +650 is 37 IMPs over 4, 9.25."""
    assert across([620, -100, -100, -300, 650], topscore=False)[0] == Fraction(37, 4)


def test_taf_is_topscore_in_percent():
    """Footnote 1 (line 50): TAF is topscore across the field; 620 beats three of four."""
    assert across([620, -100, -100, -300, 650], topscore=True)[0] == 75


def test_a_field_of_one_match_is_its_two_tables():
    """Two N-S scores a board: open +420 against closed -50 is 10 IMPs to the home pair
    N-S in the open room and to the home pair E-W in the closed room."""
    found = field_results({"m": {1: (420, -50)}}, topscore=False)
    assert found == {
        ("m", HOME, OPEN): 10, ("m", AWAY, OPEN): -10,
        ("m", AWAY, CLOSED): -10, ("m", HOME, CLOSED): 10,
    }  # fmt: skip


def test_matches_of_other_boards_are_not_one_field():
    with pytest.raises(ValueError, match="same boards"):
        field_results({"m": {1: (420, -50)}, "n": {2: (420, -50)}}, topscore=False)
