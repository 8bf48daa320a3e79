"""The demo season reads like real results (issue 18, point 8): pair numbers as a scorer
gives them, matchpoints beside the percentage, team standings from the matches, and
event names in one language."""

import re
from collections import defaultdict
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command

from members.demo import build_demo_federation
from members.services import current_season
from tournaments.demo import EVENT_NAMES, build_demo_season
from tournaments.models import Entry, Standing, TeamMatch, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    build_demo_federation(members=300, clubs=21, seed=8, season=current_season())
    build_demo_season(tournaments=25, seed=8)  # team events of 12, 9 and 9 teams


def test_entries_are_numbered_one_to_n_in_each_section_and_direction(season):
    numbers: dict[tuple, list[int]] = defaultdict(list)
    for section, direction, number in Entry.objects.values_list("section", "direction", "number"):
        numbers[(section, direction)].append(number)
    assert len(numbers) == 25
    for found in numbers.values():
        assert sorted(found) == list(range(1, len(found) + 1))
    # Numbered as the pairs sat down, not as they finished: the winners are not all pair 1.
    winners = Standing.objects.filter(place=1).values_list("entry__number", flat=True)
    assert set(winners) != {1}


def test_a_pairs_event_prints_matchpoints_beside_the_percentage(season):
    pairs = Tournament.objects.filter(scoring="matchpoints")
    assert pairs.count() > 15
    repeated = 0  # events whose points happen to be out of 100, as their percentage
    for tournament in pairs:
        rows = list(
            Standing.objects.filter(entry__section__tournament=tournament)
            .order_by("place")
            .values_list("score", "percentage")
        )
        scores = [score for score, _pct in rows]
        repeated += all(score == pct for score, pct in rows)
        assert scores == sorted(scores, reverse=True)
        assert all(score == score.to_integral_value() for score in scores)  # no Neuberg
        # The percentage is the points' share of one and the same maximum: the top of a
        # board (2 a table beaten) times the boards.
        maxima = {score * 100 / pct for score, pct in rows if pct}
        assert max(maxima) - min(maxima) < Decimal(2)
        assert min(maxima) >= 2 * tournament.boards
    assert repeated <= 1


def test_a_team_barometers_standings_are_its_matches_vp(season):
    teams = Tournament.objects.filter(kind="teams")
    assert teams.count() == 3
    for tournament in teams:
        vp: dict[int, Decimal] = defaultdict(Decimal)
        for home, away, vp_home, vp_away in TeamMatch.objects.filter(
            tournament=tournament
        ).values_list("home", "away", "vp_home", "vp_away"):
            vp[home] += vp_home
            vp[away] += vp_away
        standings = list(
            Standing.objects.filter(entry__section__tournament=tournament)
            .order_by("place")
            .values_list("entry", "place", "score", "percentage")
        )
        assert {entry: score for entry, _p, score, _pct in standings} == vp
        assert all(pct is None for *_rest, pct in standings)
        assert [score for _e, _p, score, _pct in standings] == sorted(vp.values(), reverse=True)
        assert standings[0][1] == 1


def _words(names) -> set[str]:
    return {word.lower() for name in names for word in re.findall(r"\w+", name)}


def test_event_names_are_in_one_language():
    swedish = _words(EVENT_NAMES["sv"]["weekdays"]) | _words(
        v for k, v in EVENT_NAMES["sv"].items() if k != "weekdays"
    )
    english = _words(EVENT_NAMES["en"]["weekdays"]) | _words(
        v for k, v in EVENT_NAMES["en"].items() if k != "weekdays"
    )
    assert not swedish & english
    assert {"pairs", "teams", "club"} <= english
    assert {"par", "lagserie", "klubbtävling"} <= swedish


@pytest.mark.parametrize(("language", "other"), [("sv", "en"), ("en", "sv")])
def test_a_seasons_names_are_the_profiles_language(language, other):
    build_demo_federation(members=300, clubs=21, seed=8, season=current_season())
    build_demo_season(tournaments=25, seed=8, language=language)
    names = set(Tournament.objects.values_list("name", flat=True))
    own = EVENT_NAMES[language]
    allowed = set(own["weekdays"]) | {v for k, v in own.items() if k != "weekdays"}
    assert names <= allowed  # no numbers, no mixed words
    assert not _words(names) & _words(
        n for k, v in EVENT_NAMES[other].items() for n in (v if k == "weekdays" else [v])
    )
    assert len(names) > 3


def test_a_season_reports_its_progress():
    build_demo_federation(members=300, clubs=21, seed=8, season=current_season())
    heard: list[tuple[str, int, int]] = []
    build_demo_season(tournaments=250, seed=8, progress=lambda *told: heard.append(told))
    drawn = [done for part, done, _total in heard if part == "draw"]
    assert drawn == sorted(drawn) and drawn[0] == 0 and drawn[-1] == 250
    assert len(drawn) >= 100  # every 1 %
    assert heard[-1] == ("write", 6, 6)


def test_seed_tournaments_names_in_the_databases_language(settings):
    settings.KLOVER_FEDERATION = "ebu"
    build_demo_federation(members=300, clubs=21, seed=8, season=current_season())
    call_command("seed_tournaments", "--tournaments", "25", "--seed", "8", stdout=StringIO())
    english = EVENT_NAMES["en"]
    allowed = set(english["weekdays"]) | {v for k, v in english.items() if k != "weekdays"}
    assert set(Tournament.objects.values_list("name", flat=True)) <= allowed
