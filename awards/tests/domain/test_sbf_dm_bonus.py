"""The bonus of a district championship final (awards/domain/sbf/dm_bonus.py), the award
option ``dm_final``.

Seed 000 "Bonus för DM-finaler" (lines 1736-1771): teams 42-30-21, pairs open 60-40-30,
other finals 10-5-3 sp per player; a shared place gets the higher bonus; the silver
board minimum; half the pairs event played. Seed 003: Hcp 30+ 10-5-3 only with at least
40 boards (lines 341-345); a third of the team final's halves (line 473). Table D, 12
pairs (000 line 1152): 12 8 6 sp, then 16 bp.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from awards.domain.core import Colour, Competition, Match, Placing, Player
from awards.domain.sbf import SBF
from awards.domain.sbf.dm_bonus import BONUS
from awards.domain.sbf.options import DM_FINALS, check_options

B, S = Colour.BRONZE, Colour.SILVER


def final(kind: str, *, boards=42, level=S, shared=False, played=None) -> Competition:
    placings = []
    for n in range(1, 13):
        place, to = (2, 3) if shared and n in (2, 3) else (n, n)
        players = (Player(f"{n}a", boards_played=played if n == 1 else None), Player(f"{n}b"))
        placings.append(Placing(f"e{n}", place, to, players))
    return Competition(
        "pairs", level, tuple(placings), boards=boards, options=(("dm_final", kind),)
    )


def award(outcome, player, colour=S):
    [found] = [a for a in outcome.awards if a.player == player and a.colour is colour]
    return found


def test_the_open_pairs_final_adds_60_40_30_as_bonus_to_the_silver_award():
    outcome = SBF.award(final("open"))
    table_d = (12, 8, 6)  # 000 line 1152
    for place, (bonus, scale) in enumerate(zip(BONUS["open"], table_d, strict=True), start=1):
        got = award(outcome, f"{place}a")
        assert (got.credited, got.bonus) == (scale + bonus, bonus)
        assert f"bonus DM pairs final, open class, place {place}: {bonus} sp" in got.reason.en
    assert award(outcome, "4a", B).bonus == 0  # 16 bp, no bonus


def test_a_shared_place_gets_the_higher_bonus():
    outcome = SBF.award(final("other", shared=True))
    assert award(outcome, "2a").bonus == award(outcome, "3a").bonus == Decimal(5)


def test_a_player_of_less_than_half_the_event_gets_no_bonus():
    outcome = SBF.award(final("open", played=20))  # 20 of 42 boards
    assert not [a for a in outcome.awards if a.player == "1a"]
    assert award(outcome, "1b").bonus == 60
    assert award(SBF.award(final("open", played=21)), "1a").bonus == 60


def test_hcp30_pays_silver_beside_its_bronze_only_from_40_boards():
    with_bonus = SBF.award(final("hcp30", boards=40, level=B))
    assert award(with_bonus, "1a", S).credited == 10 and award(with_bonus, "1a", S).bonus == 10
    assert award(with_bonus, "1a", B).bonus == 0  # the full bronze scale as before
    without = SBF.award(final("hcp30", boards=36, level=B))
    assert not [a for a in without.awards if a.colour is S]


def test_a_team_finals_bonus_needs_a_third_of_the_halves():
    teams = tuple(
        Placing(f"T{n}", n, n, (Player(f"{n}a"), Player(f"{n}b"), Player(f"{n}c"), Player(f"{n}d")))
        for n in range(1, 5)
    )
    matches = []
    rnd = 0
    for i in range(1, 5):
        for j in range(i + 1, 5):
            rnd += 1
            halves = tuple((f"T{t}", f"{t}{p}", 2) for t in (i, j) for p in "abc")
            if rnd == 1:
                halves += (("T1", "1d", 1),)
            matches.append(Match(rnd, f"T{i}", f"T{j}", 24, Decimal(15), Decimal(5), halves=halves))
    competition = Competition(
        "teams", S, teams, boards=72, table="E2", matches=tuple(matches),
        options=(("dm_final", "teams"),),
    )  # fmt: skip
    outcome = SBF.award(competition)
    # Team 1 played 3 matches, 6 halves: 1a all 6, 1d one (under a third, 003 line 473).
    assert sum(a.bonus for a in outcome.awards if a.player == "1a") == 42
    assert sum(a.bonus for a in outcome.awards if a.player == "1d") == 0


def test_the_options_name_the_four_finals():
    assert set(BONUS) == set(DM_FINALS)
    assert check_options({"dm_final": "open"}) == []
    assert "must be one of open, other, teams, hcp30" in check_options({"dm_final": "ladies"})[0]


def test_too_few_boards_for_a_silver_final_gives_no_bonus():
    outcome = SBF.award(final("open", boards=20))
    assert all(a.bonus == 0 for a in outcome.awards)


@pytest.mark.parametrize("kind", DM_FINALS)
def test_the_bonus_earns_no_ranking_points(kind):
    level = B if kind == "hcp30" else S
    outcome = SBF.award(final(kind, level=level) if kind != "teams" else final("other"))
    assert any(a.bonus > 0 for a in outcome.awards)


def with_outside(kind: str, outside: list, shared=False) -> Competition:
    base = final(kind, shared=shared)
    return Competition(
        "pairs",
        base.level,
        base.placings,
        boards=base.boards,
        options=(("dm_final", kind), ("dm_outside", outside)),
    )


def test_an_entry_from_outside_the_district_gets_no_bonus_and_the_district_closes_up():
    # 003 line 321: only pairs whose players both represent the district's clubs; line
    # 471: the bonus goes to the three best placed of the district's own.
    outcome = SBF.award(with_outside("open", ["e1"]))
    assert award(outcome, "1a").bonus == 0  # still its place award, table D's 12 sp
    assert award(outcome, "1a").credited == 12
    assert award(outcome, "2a").bonus == 60  # second overall, the district's champions
    assert award(outcome, "3a").bonus == 40
    assert award(outcome, "4a", S).bonus == 30  # fourth overall: a silver row of its own
    assert "place 3: 30 sp" in award(outcome, "4a", S).reason.en


def test_a_shared_place_stays_shared_when_the_district_closes_up():
    outcome = SBF.award(with_outside("other", ["e1"], shared=True))
    # e2 and e3 shared 2-3 overall: the district's 1-2, both the higher bonus
    assert award(outcome, "2a").bonus == award(outcome, "3a").bonus == 10
    assert award(outcome, "4a", S).bonus == 3


def test_dm_outside_is_checked_as_a_list_of_entry_ids():
    assert check_options({"dm_outside": ["12", 13]}) == []
    assert "a list of entry ids" in check_options({"dm_outside": "12"})[0]
