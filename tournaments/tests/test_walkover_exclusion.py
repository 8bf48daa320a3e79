"""A team that gave W.O. in 25 % or more of the stage's rounds is excluded, 003 line
776: "Ett lag utesluts ifall det lämnar w.o. i 25 % eller fler av de ronder som den
aktuella etappen omfattar. Samtliga lagets resultat stryks då och serien räknas om som
om laget aldrig deltagit i den. Mästarpoäng i spelade matcher delas dock ut utifrån
resultatet i dessa."

The rule: tournaments/domain/teams.py (``walkover_exclusions``, ``rank_series``); the
standings: tournaments/teams.py; the awards: awards/domain/sbf/teams.py.
"""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone, translation

from awards.domain.core import Colour, Competition, Match, Placing, Player
from awards.domain.sbf.teams import award_team_competition, excluded_teams
from awards.models import MasterPointAward
from awards.services import award_tournament
from members.tests.factories import ClubFactory, MemberFactory
from tournaments.domain.teams import (
    Exclusion,
    SideResult,
    rank_series,
    round_robin_rounds,
    stage_rounds,
    walkover_exclusions,
    walkover_giver,
)
from tournaments.manual.services import HalfLineup, create_team_event, record_team_match
from tournaments.models import Entry, Standing, TeamMatch, Tournament
from tournaments.pages import TOURNAMENT_PAGE
from tournaments.teams import (
    EXCLUSIONS_PART,
    compute_team_standings,
    exclusions_part,
    team_placings,
)

D = Decimal


# --- the rule (no database) -----------------------------------------------------------


def test_exactly_25_percent_excludes_line_776():
    # "25 % eller fler": 2 of 8 rounds is 25 %.
    assert walkover_exclusions([("E", 1), ("E", 5)], 8) == {"E": Exclusion(2, 8)}


def test_just_below_25_percent_does_not_exclude_line_776():
    # 2 of 9 rounds is 22 %.
    assert walkover_exclusions([("E", 1), ("E", 5)], 9) == {}


def test_a_single_walkover_never_excludes_line_776():
    # "lämnar W.O i flera ronder": in a heat of four teams one W.O. is 1 of 3 rounds
    # (33 %), yet a single W.O. is not W.O. "in several rounds". Decision.
    assert walkover_exclusions([("E", 1)], 3) == {}
    assert walkover_exclusions([("E", 1), ("E", 2)], 3) == {"E": Exclusion(2, 3)}


def test_a_team_counts_one_walkover_per_round():
    assert walkover_exclusions([("E", 1), ("E", 1), ("F", 2)], 4) == {}


def test_the_stage_has_at_least_the_rounds_of_a_single_series():
    # Entered so far: rounds 1 and 2 of a series of eight teams (seven rounds): two
    # W.O. are 2 of 7 (29 %), not 2 of 2.
    assert round_robin_rounds(8) == 7 and round_robin_rounds(7) == 7
    assert stage_rounds(8, [1, 1, 2, 2]) == 7
    # A double series, or more rounds than one series: the distinct rounds entered.
    assert stage_rounds(4, range(1, 7)) == 6


def test_the_reason_names_the_count_and_the_line():
    exclusion = Exclusion(2, 7)
    assert exclusion.reason_en == "excluded: W.O. in 2 of 7 rounds (≥ 25 %), 003 line 776"
    assert exclusion.reason_sv == "utesluten: W.O. i 2 av 7 ronder (≥ 25 %), 003 rad 776"


def test_the_walkover_giver_is_the_side_without_imps_or_with_fewer_vp():
    assert walkover_giver(D(0), D(7)) == "home"
    assert walkover_giver(D(7), D(0)) == "away"
    assert walkover_giver(None, None, D(12), D(0)) == "away"


def _both(team, opponent, vp, won, lost):
    return [
        SideResult(team, opponent, D(vp), D(won), D(lost)),
        SideResult(opponent, team, D(20) - D(vp), D(lost), D(won)),
    ]


def test_rank_series_counts_the_series_as_if_the_team_never_took_part():
    results = [
        *_both("A", "E", 18, 40, 5),  # A beat the excluded team
        *_both("B", "A", 12, 25, 20),
        *_both("E", "B", 15, 30, 10),
    ]
    placings = rank_series(["A", "B", "E"], results, {"E": Exclusion(2, 3)})
    assert [(p.key, p.place, p.place_to, p.vp) for p in placings] == [
        ("B", 1, 1, D(12)),  # its loss to E is struck too
        ("A", 2, 2, D(8)),  # the 18 VP against E are gone
        ("E", 3, 3, D(0)),
    ]
    assert placings[-1].excluded == Exclusion(2, 3)
    assert placings[0].excluded is None


# --- the standings (database) -----------------------------------------------------------


def _event(teams: int, boards: int = 16, table: str = "B4") -> tuple[Tournament, list[Entry]]:
    tournament = create_team_event(
        organiser=ClubFactory(),
        name=f"Kvalheat {teams} {boards}",
        date=timezone.localdate() - timedelta(days=3),
        boards_per_match=boards,
        teams=[(n, f"Lag {n}") for n in range(1, teams + 1)],
        award_table=table,
    )
    return tournament, list(tournament.sections.get().entries.order_by("number"))


# Each team's four players, made at its first match (one test's database at a time).
_LINEUPS: dict[int, tuple[int, ...]] = {}


@pytest.fixture(autouse=True)
def _fresh_lineups():
    _LINEUPS.clear()
    yield
    _LINEUPS.clear()


def _four(entry: Entry) -> tuple[int, ...]:
    if entry.pk not in _LINEUPS:
        _LINEUPS[entry.pk] = tuple(MemberFactory().mid for _ in range(4))
    return _LINEUPS[entry.pk]


def _play(tournament, home, away, imps_home=0, imps_away=0, *, round, walkover_by=None):
    boards = tournament.sections.get().boards
    halves = []
    if walkover_by is None:
        one = HalfLineup(1, _four(home), _four(away))
        halves = [one] if boards <= 16 else [one, HalfLineup(2, one.home, one.away)]
    return record_team_match(
        tournament=tournament,
        round=round,
        home=home,
        away=away,
        boards=boards,
        halves=halves,
        imps_home=imps_home,
        imps_away=imps_away,
        walkover_by=walkover_by,
    )


def _standings(tournament):
    return [
        (s.entry.number, s.place, s.place_to, s.score)
        for s in Standing.objects.filter(entry__section__tournament=tournament).order_by(
            "place", "entry__number"
        )
    ]


@pytest.mark.django_db
def test_standings_drop_the_excluded_teams_matches_line_776():
    tournament, (t1, t2, t3, t4) = _event(4)
    # A heat of four: three rounds. Team 4 gives W.O. in rounds 1 and 2 (2 of 3).
    _play(tournament, t1, t4, round=1, walkover_by="away")
    _play(tournament, t2, t3, 30, 10, round=1)
    _play(tournament, t4, t2, round=2, walkover_by="home")
    _play(tournament, t1, t3, 20, 20, round=2)
    beaten = _play(tournament, t3, t4, 40, 5, round=3)  # team 3 beat the excluded team
    _play(tournament, t1, t2, 25, 20, round=3)
    assert beaten.vp_home > 15  # the match itself keeps its VPs (its master points)
    by_team = {number: (place, to, score) for number, place, to, score in _standings(tournament)}
    # Team 3 keeps only its loss to 2 and its draw with 1: the win over 4 is struck.
    assert by_team[3][2] == D("5.00") + D("10.00")
    assert by_team[4] == (4, 4, D("0.00"))
    placings = {p.key: p for p in team_placings(tournament)}
    assert placings[t4.pk].excluded == Exclusion(2, 3)
    assert placings[t3.pk].imps_won == 30  # 10 v team 2 and 20 v team 1, not the 40 v 4


@pytest.mark.django_db
def test_the_walkover_receivers_score_is_recounted_without_the_excluded_team():
    tournament, (t1, t2, t3, t4, t5) = _event(5)
    # Five teams: five rounds (a bye each). Team 5 gives W.O. in rounds 1 and 2.
    _play(tournament, t1, t5, round=1, walkover_by="away")
    _play(tournament, t2, t5, round=2, walkover_by="away")
    # Team 3 gives a W.O. of its own to team 4: team 4's 16-board score is the best of
    # its own average, 12, and what team 3's opponents scored against it.
    _play(tournament, t4, t3, round=3, walkover_by="away")
    _play(tournament, t5, t3, 60, 0, round=4)  # 20.00 for 5 against 3: struck
    _play(tournament, t1, t3, 22, 20, round=5)  # 10.66 for 1 against 3 (16 boards)
    wo = TeamMatch.objects.get(round=3)
    # Alternative 3 without the struck match: team 1's 10.66 against 3 -> 11; so 12.
    # Counted with it, (20 + 10.66) / 2 = 15.33 -> 16 would have been given.
    assert (wo.vp_home, wo.vp_away) == (D("12.00"), D("0.00"))
    assert _standings(tournament)[-1] == (5, 5, 5, D("0.00"))


@pytest.mark.django_db
def test_one_walkover_in_a_heat_of_four_keeps_the_team():
    tournament, (t1, t2, t3, t4) = _event(4)
    _play(tournament, t1, t4, round=1, walkover_by="away")
    _play(tournament, t4, t2, 30, 10, round=2)
    assert all(p.excluded is None for p in team_placings(tournament))
    assert exclusions_part(tournament, None) is None


@pytest.mark.django_db
def test_the_tournament_page_shows_the_excluded_team_below_the_standings(client):
    # The part is added by tournaments.apps.
    assert TOURNAMENT_PAGE._parts[EXCLUSIONS_PART.name] is EXCLUSIONS_PART
    tournament, (t1, t2, t3, t4) = _event(4)
    _play(tournament, t1, t4, round=1, walkover_by="away")
    _play(tournament, t4, t2, round=2, walkover_by="home")
    context = exclusions_part(tournament, None)
    assert context == {
        "excluded": [{"number": 4, "name": "Lag 4", "walkovers": 2, "rounds": 3, "line": 776}]
    }
    with translation.override("en"):
        body = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content
    text = body.decode()
    assert 'id="team-exclusions"' in text
    assert "excluded: W.O. in 2 of 3 rounds (≥ 25 %), 003 line 776." in text
    assert text.index('id="standings"') < text.index('id="team-exclusions"')


# --- the awards ----------------------------------------------------------------------


def _competition(placings, matches, table="B2"):
    return Competition(
        kind="teams",
        level=Colour.BRONZE,
        placings=tuple(placings),
        boards=5 * 24,
        rounds=5,
        table=table,
        matches=tuple(matches),
    )


def _players(entry: str) -> tuple[Player, ...]:
    return tuple(Player(id=f"{entry}{n}") for n in range(1, 5))


def _match(round_, home, away, vp_home, vp_away, walkover=False):
    imps = (D(0), D(30)) if vp_home < vp_away else (D(30), D(0))
    return Match(
        round=round_,
        home=home,
        away=away,
        boards=24,
        vp_home=D(vp_home),
        vp_away=D(vp_away),
        imps_home=imps[0],
        imps_away=imps[1],
        walkover=walkover,
    )


def test_awards_pay_the_excluded_teams_played_matches_but_no_place_bonus_line_776():
    # Printed standings (an imported series) that still place the excluded team E
    # second: the award reads the W.O. rows, as the standings do, and gives E no
    # bonus; its won match pays as every played match does.
    placings = [
        Placing("A", 1, 1, _players("A")),
        Placing("E", 2, 2, _players("E")),
        Placing("B", 3, 3, _players("B")),
        Placing("C", 4, 4, _players("C")),
        Placing("D", 5, 5, _players("D")),
    ]
    matches = [
        _match(1, "A", "E", 12, 0, walkover=True),
        _match(2, "B", "E", 12, 0, walkover=True),
        _match(3, "E", "C", 16, 4),
        _match(4, "A", "B", 15, 5),
    ]
    competition = _competition(placings, matches)
    assert excluded_teams(competition) == {"E"}
    outcome = award_team_competition(competition)
    by_player = {a.player: a for a in outcome.awards}
    # B2, 24 boards: a won match is 64 bp for the team, 16 per player of two halves.
    assert by_player["E1"].credited == D(16) and by_player["E1"].bonus == 0
    # The bonus row of the series without E: four teams, 30 bp to the winners only
    # (five teams would give 40 and 10 to the second).
    assert by_player["A1"].bonus == D(30)
    assert by_player["A1"].credited == D(16) + D(30)
    assert "B1" not in by_player or by_player["B1"].bonus == 0


@pytest.mark.django_db
def test_the_award_step_on_a_small_series_with_an_excluded_team_line_776():
    tournament, (t1, t2, t3, t4, t5) = _event(5, boards=24, table="B2")
    _play(tournament, t1, t5, round=1, walkover_by="away")
    _play(tournament, t2, t3, 45, 10, round=1)
    _play(tournament, t5, t2, round=2, walkover_by="home")
    _play(tournament, t1, t4, 45, 5, round=2)
    _play(tournament, t5, t3, 45, 10, round=3)  # the excluded team won a played match
    _play(tournament, t1, t2, 45, 10, round=3)
    _play(tournament, t4, t5, 45, 10, round=4)  # and lost one
    tournament.refresh_from_db()
    award_tournament(tournament)
    ledger = {
        mid: (credited, bonus)
        for mid, credited, bonus in MasterPointAward.objects.filter(
            tournament=tournament
        ).values_list("member__mid", "credited", "bonus")
    }
    # Team 5's players: their won match against 3, B2 24 boards, 64 bp / 8 halves x 2.
    for mid in _four(t5):
        assert ledger[mid] == (D("16.00"), D("0.00"))
    # Team 4 beat team 5: the match still pays (line 776), though the standings
    # strike it.
    for mid in _four(t4):
        assert ledger[mid] == (D("16.00"), D("0.00"))
    # Team 1 won the series of four (its two W.O. wins are struck with team 5's
    # results, and a W.O. pays nothing): two won matches, 2 x 16, and the four-team
    # bonus, 30.
    standing = Standing.objects.get(entry=t1)
    assert (standing.place, standing.place_to) == (1, 1)
    for mid in _four(t1):
        assert ledger[mid] == (D("62.00"), D("30.00"))
    # Team 2, second of four, gets no bonus (five teams would give 10 bp).
    assert all(ledger[mid][1] == 0 for mid in _four(t2))
    assert Standing.objects.get(entry=t5).place == 5


def _series_with_rounds(rounds: int):
    """Five teams; team 5 gives W.O. in rounds 1 and 2, teams 1-4 play the rest of the
    ``rounds`` among themselves (the stage's distinct rounds)."""
    tournament, entries = _event(5)
    t1, t2, t3, t4, t5 = entries
    for round_, receiver in ((1, t1), (2, t2)):
        TeamMatch.objects.create(
            tournament=tournament, round=round_, home=receiver, away=t5, boards=16,
            imps_home=7, imps_away=0, vp_home=D(12), vp_away=D(0), walkover=True,
        )  # fmt: skip
    pairs = [(t1, t2), (t3, t4), (t1, t3), (t2, t4), (t1, t4), (t2, t3)]
    for round_ in range(3, rounds + 1):
        home, away = pairs[(round_ - 3) % len(pairs)]
        TeamMatch.objects.create(
            tournament=tournament, round=round_, home=home, away=away, boards=16,
            imps_home=30, imps_away=10, vp_home=D(15), vp_away=D(5),
        )  # fmt: skip
    compute_team_standings(tournament)
    return tournament, t5


@pytest.mark.django_db
def test_the_standings_exclude_at_exactly_25_percent_of_the_rounds():
    tournament, t5 = _series_with_rounds(8)  # 2 of 8 rounds
    assert {p.key: p.excluded for p in team_placings(tournament)}[t5.pk] == Exclusion(2, 8)
    assert Standing.objects.get(entry=t5).place == 5


@pytest.mark.django_db
def test_the_standings_keep_a_team_just_below_25_percent():
    tournament, t5 = _series_with_rounds(9)  # 2 of 9 rounds
    assert {p.key: p.excluded for p in team_placings(tournament)}[t5.pk] is None
    # Kept, its two W.O. losses count: 0 VP, and the receivers keep their 12 + 15s.
    assert Standing.objects.get(entry=t5).score == D("0.00")
    assert exclusions_part(tournament, None) is None


@pytest.mark.django_db
def test_the_excluded_teams_matches_leave_the_imps_column(client):
    """ "Samtliga lagets resultat stryks" (003 line 776): Lag 3 lost its played match to
    the excluded Lag 4 by 23 IMPs, and the page's +/− column no longer counts it."""
    tournament, (t1, t2, t3, t4) = _event(4)
    _play(tournament, t1, t4, round=1, walkover_by="away")
    _play(tournament, t4, t2, round=2, walkover_by="home")
    _play(tournament, t4, t3, 40, 17, round=3)
    standings = {p.key: p for p in team_placings(tournament)}
    assert standings[t4.pk].excluded is not None
    text = client.get(tournament.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    table = text[text.index('id="standings"') : text.index('id="team-exclusions"')]
    assert "\u221223" not in table and "+23" not in table
