"""DM Lag's heat checks and team composition (seed 003 lines 399-415, 498-530): plain
domain functions, no database."""

import pytest

from tournaments.championships.domain.lag_heats import (
    MatchShape,
    allowed_halves,
    check_lag_heat,
)
from tournaments.championships.domain.team_rules import (
    Half,
    check_team,
    check_teams,
    needs_dispensation,
    sm_six,
    sm_six_problems,
)

HOME = 1  # the district's id in these tests


def _round_robin(teams: int, boards: int, halves: int | None = None, times: int = 1):
    return [
        MatchShape(a, b, boards, halves)
        for _ in range(times)
        for a in range(teams)
        for b in range(a + 1, teams)
    ]


def codes(check) -> list[str]:
    return [f.code for f in check.findings]


# --- heats: lines 500, 526-528 ---------------------------------------------------------


def test_a_heat_of_six_teams_and_twenty_boards_a_match_is_sound():
    """Line 526: 5 matches × 20 boards = 100 boards for each team, at least 80."""
    check = check_lag_heat(teams=6, matches=_round_robin(6, 20, 2))
    assert check.valid and check.boards_per_team == 100


def test_a_heat_below_four_teams_is_no_series():
    """Line 500: "minst fyra lag i varje serie"."""
    check = check_lag_heat(teams=3, matches=_round_robin(3, 28, 2, times=2))
    assert codes(check) == ["teams"] and not check.is_a_series


def test_a_club_arranges_one_heat_only():
    """Line 500: "får endast arrangera ett (1) kvalheat"."""
    check = check_lag_heat(teams=6, matches=_round_robin(6, 20, 2), other_heats_of_club=1)
    assert codes(check) == ["club"]


def test_eighty_boards_count_per_team_by_decision():
    """Line 526 "totalt minst 80 brickor", read per team over the series: four teams of
    three 24-board matches play 72 boards each (216 in all would pass a whole-heat
    count); twice round, 144 each."""
    short = check_lag_heat(teams=4, matches=_round_robin(4, 24, 2))
    assert codes(short) == ["boards"] and short.boards_per_team == 72
    assert "72" in short.findings[0].en
    assert check_lag_heat(teams=4, matches=_round_robin(4, 24, 2, times=2)).valid


@pytest.mark.parametrize(
    ("boards", "halves"),
    [(7, frozenset()), (8, {1}), (16, {1}), (17, {1, 2}), (20, {1, 2}), (21, {2}),
     (28, {2}), (29, frozenset())],
)  # fmt: skip
def test_halves_by_boards(boards, halves):
    """Line 528: 8-16 one half, 21-28 two halves, 17-20 either; line 526: 8-28 only."""
    assert allowed_halves(boards) == halves


def test_match_boards_outside_8_to_28_and_not_the_same():
    """Line 526: each match 8-28 boards and the same number in all the heat's matches."""
    matches = _round_robin(6, 30) + [MatchShape(0, 1, 24)]
    check = check_lag_heat(teams=6, matches=matches)
    assert "match_boards" in codes(check) and "same_boards" in codes(check)


def test_24_boards_in_one_half_is_refused():
    """Line 528: 21-28 boards are always played in two halves."""
    check = check_lag_heat(teams=5, matches=_round_robin(5, 24, 1))
    assert codes(check) == ["halves"]
    assert check.findings[0].sv.startswith("en match om 24 brickor spelas i två halvlekar")


def test_17_to_20_boards_one_choice_for_the_whole_heat():
    """Line 528: the organiser chooses one or two halves, the same for all matches."""
    matches = _round_robin(6, 18, 1)
    assert check_lag_heat(teams=6, matches=matches).valid
    mixed = [*matches[:-1], MatchShape(4, 5, 18, 2)]
    assert codes(check_lag_heat(teams=6, matches=mixed)) == ["same_halves"]


def test_halves_not_reported_are_not_checked():
    assert check_lag_heat(teams=6, matches=_round_robin(6, 24, None)).valid


# --- teams: lines 401-415 --------------------------------------------------------------


def _half(match, *players, half=1):
    return Half(match, half, tuple(players))


def test_at_most_eight_players_in_a_team():
    """Lines 401, 415: eight players, no reserves; the ninth to play a half is one too many."""
    halves = [_half(m, *[(m * 10 + p, HOME) for p in range(4)]) for m in range(3)]
    check = check_team(halves, district=HOME)
    assert len(check.members) == 12 and codes(check) == ["team_players"]
    eight = [_half(1, *[(p, HOME) for p in range(4)]), _half(2, *[(p, HOME) for p in range(4, 8)])]
    assert check_team(eight, district=HOME).findings == ()


def test_at_most_six_players_in_one_match():
    """Line 401: six may play in one match (the line-up may change at half-time, 557)."""
    six = [_half(1, (1, HOME), (2, HOME), (3, HOME), (4, HOME)),
           _half(1, (1, HOME), (2, HOME), (5, HOME), (6, HOME), half=2)]  # fmt: skip
    assert check_team(six, district=HOME).findings == ()
    seven = [*six, _half(1, (7, HOME), half=2)]
    assert codes(check_team(seven, district=HOME)) == ["match_players"]


def test_a_member_once_they_played_a_half():
    """Line 409: a player is the team's once they have played a half for it; one who
    played for two teams is named in both."""
    teams = {
        "A": [_half(1, (1, HOME), (2, HOME), (3, HOME), (4, HOME))],
        "B": [_half(2, (4, HOME), (5, HOME), (6, HOME), (7, HOME))],
        "C": [_half(3, (8, HOME), (9, HOME), (10, HOME), (11, HOME))],
    }
    checks = check_teams(teams, district=HOME)
    assert codes(checks["A"]) == ["one_team"] and codes(checks["B"]) == ["one_team"]
    assert "4" in checks["A"].findings[0].en and checks["C"].findings == ()


@pytest.mark.parametrize(
    ("districts", "needs"),
    [((1, 1, 2, 2), False), ((1, 2, 2, 3), True), ((1, 1, 2, 3), False),
     ((2, 2, 2, 1, 1, 1), False), ((None, None, None, 1), False), ((3, 3, None, None), True)],
)  # fmt: skip
def test_members_of_the_district_not_fewer_than_from_another(districts, needs):
    """Line 403: the district's members may not be fewer than any other district's; a
    tie is enough. Players with no club known count for no district."""
    members = {n: d for n, d in enumerate(districts)}
    assert needs_dispensation(members, district=HOME) is needs


def test_one_player_from_outside_plays_only_for_sm():
    """Line 405: a team that ever fields a player of a club outside the district plays
    only for the SM places (no DM title, no bonus, line 472); three of four from the
    district need no dispensation (line 403)."""
    halves = [_half(1, (1, HOME), (2, HOME), (3, HOME), (4, 2))]
    check = check_team(halves, district=HOME)
    assert codes(check) == ["sm_only"] and check.sm_only and not check.district_team
    assert not check.needs_dispensation


def test_a_player_with_no_club_known_is_not_of_the_district_by_decision():
    """Line 476: a district team has every member's club in the district."""
    check = check_team([_half(1, (1, HOME), (2, HOME), (3, HOME), (4, None))], district=HOME)
    assert check.sm_only


@pytest.mark.parametrize(("used", "code"), [(8, "name_six"), (6, "fixed"), (4, "may_add")])
def test_from_the_sm_semifinal_six_players(used, code):
    """Line 411: more than six name their six, fewer may add up to six, six are fixed."""
    assert sm_six(used).code == code


def test_the_six_named_for_the_sm_semifinal():
    """Line 411, the named six against the players used."""
    assert sm_six_problems(range(8), range(6)) == []
    assert sm_six_problems(range(8), [0, 1, 2, 3, 4, 9])
    assert sm_six_problems(range(4), range(6)) == []
    assert sm_six_problems(range(4), [0, 1, 2, 7]) != []
    assert sm_six_problems(range(6), range(6)) == []
    assert sm_six_problems(range(6), [0, 1, 2, 3, 4, 7]) != []
    assert sm_six_problems(range(8), range(7)) != []


def test_the_committees_dispensation_lifts_the_finding():
    """Line 403: a team of one district player and three from elsewhere plays only by
    the committee's dispensation; given, the finding says so."""
    from tournaments.championships.domain.team_rules import with_dispensation

    halves = [_half(1, (1, HOME), (2, 2), (3, 2), (4, 2))]
    check = check_team(halves, district=HOME)
    assert "dispensation" in codes(check)
    given = with_dispensation(check)
    assert "dispensation" not in codes(given) and "dispensation_given" in codes(given)
    plain = check_team([_half(1, (1, HOME), (2, HOME), (3, HOME), (4, HOME))], district=HOME)
    assert with_dispensation(plain) is plain
