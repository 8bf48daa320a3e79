"""A history row's equations filled in (handicap/domain/explain.py; seed
002_4426357e9a32e88f.txt: (2) reconstructed, 3.3.1-3.3.3.1, section 4.1's example)."""

from dataclasses import replace

import pytest

from handicap.domain.errors import UnknownRule
from handicap.domain.explain import Row, expected_tolerance, explain, tolerance
from handicap.domain.policy import SBF_2007

# 4.1 (lines 325-327) with section 9's pair (lines 580-583): 26/26 against a field of
# 16 expects 46 %; 56 % over 24 boards is "approx. one unit" lower.
PAPER = Row(
    form="pairs",
    scoring="topscore",
    boards=24,
    boards_played=24,
    old=26.0,
    partner=26.0,
    owner=26.0,
    field=16.0,
    expected=46.0,
    achieved=56.0,
    change=-0.935,
    new=25.07,
)


def test_the_papers_pair_filled_in():
    e = explain(PAPER)
    assert e.owner == 26.0 and e.owner_from_pair
    assert (e.average, e.slope, e.tables) == (50.0, 0.4, 1)
    assert e.expected == pytest.approx(46.0)
    assert e.weight == pytest.approx(23 / 24.6)
    assert (e.s, e.c_u, e.c_k, e.c_b, e.impact) == (0.6, 1.0, 1.0, 2.0, 480.0)
    assert e.gain == pytest.approx(23 / 24.6 * 2 / 480)
    assert e.difference == pytest.approx(10.0)
    # −(1/480) · (23/24.6) · 2 · 24 · 10
    assert e.change == pytest.approx(-0.935, abs=0.0005)
    assert e.new == pytest.approx(25.065) and not e.was_capped


def test_a_pairs_handicap_is_its_two_players_mean_not_the_stored_rounding():
    # 25.55 and 18.00 make 21.775, stored as 21.78.
    row = replace(PAPER, old=25.55, partner=18.0, owner=21.78, field=24.0)
    e = explain(row)
    assert e.owner == pytest.approx(21.775)
    assert e.expected == pytest.approx(50 + 0.4 * (24.0 - 21.775))


def test_a_team_match_compares_with_the_opponents_at_two_tables():
    # 3.3.3.1: a team of 20 against 25, IMPs: 0.8/12 IMP a board per unit, twice.
    row = Row(
        form="team_match",
        scoring="imp",
        boards=16,
        boards_played=8,
        old=18.0,
        partner=20.67,
        owner=20.0,
        field=25.0,
        expected=0.67,
        achieved=1.88,
        change=-0.056,
        new=17.94,
    )
    e = explain(row)
    assert e.owner == 20.0 and not e.owner_from_pair  # the team's four: as stored
    assert e.tables == 2 and e.slope == pytest.approx(0.8 / 12)
    assert e.expected == pytest.approx(2 * 5 * 0.8 / 12)
    assert (e.s, e.c_u, e.c_k, e.c_b) == (0.1, 0.5, 0.5, 12.0)
    assert e.weight == pytest.approx(15 / 16.1)
    # G_N = 8 of 16 boards: half the change of a full match.
    full = explain(replace(row, boards_played=16))
    assert e.change == pytest.approx(full.change / 2)
    assert e.change == pytest.approx(-(15 / 16.1) * 0.5 * 0.5 * 12 / 480 * 8 * (1.88 - 2 / 3 * 1))


def test_an_individual_is_their_own_owner_with_the_whole_change():
    row = replace(PAPER, form="individual", partner=None, owner=26.0)
    e = explain(row)
    assert e.owner == 26.0 and not e.owner_from_pair
    assert e.c_k == 2.0  # (5"): the player alone owns the result
    assert e.change == pytest.approx(2 * explain(PAPER).change)


def test_a_handicap_over_the_maximum_is_the_maximum():
    row = replace(PAPER, old=51.9, partner=51.9, owner=51.9, change=0.3, new=52.0)
    e = explain(row)
    assert e.new == 52.0 and e.was_capped and e.max_handicap == 52.0


def test_a_result_exactly_as_expected_changes_nothing():
    e = explain(replace(PAPER, achieved=46.0, change=0.0, new=26.0))
    assert e.change == 0.0 and str(e.change) == "0.0"


def test_the_policy_gives_the_numbers():
    half = replace(SBF_2007, topscore_slope=0.5, version="half")
    e = explain(PAPER, half)
    assert e.slope == 0.5 and e.expected == pytest.approx(45.0)


@pytest.mark.parametrize(
    "row",
    [
        replace(PAPER, form="rubber"),
        replace(PAPER, scoring="board-a-match"),
        replace(PAPER, boards=0),
        replace(PAPER, boards_played=25),
        replace(PAPER, boards_played=0),
    ],
)
def test_what_the_rules_cannot_read_is_refused(row):
    with pytest.raises(ValueError):
        explain(row)


def test_an_unknown_form_is_the_rules_refusal():
    with pytest.raises(UnknownRule):
        explain(replace(PAPER, form="rubber"))


def test_the_tolerance_is_rounding_not_a_different_equation():
    e = explain(PAPER)
    # Rounding of the stored inputs moves the change by well under a hundredth...
    assert 0 < tolerance(e) < 0.003
    assert 0.005 < expected_tolerance(e) < 0.01
    # ...while a slope of 0.5 instead of 0.4, or no board weight, moves it by more.
    half = explain(PAPER, replace(SBF_2007, topscore_slope=0.5, version="half"))
    assert abs(half.change - PAPER.change) > 10 * tolerance(e)
    assert abs(e.change / e.weight - PAPER.change) > 10 * tolerance(e)
