"""The results table prints the figures of the tournament's scoring form (issue 18,
point 8): matchpoints and percentage, IMPs for IMP pairs, VP and IMPs for a team
round robin, never a column of dashes; the favicon; the demo seed's progress."""

import re
from datetime import date
from decimal import Decimal

import pytest
from django.core.management import call_command

from members.tests.factories import ClubFactory
from tournaments.models import Entry, Section, Standing, TeamMatch, Tournament

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}

D = Decimal


def _tournament(kind: str, scoring: str, lines: list[tuple]) -> Tournament:
    """A finished tournament of one section; ``lines``: (number, place, score, percentage)."""
    tournament = Tournament.objects.create(
        organiser_club=ClubFactory(),
        event_id=f"{kind}-{scoring}",
        name="Tisdagsbridge",
        start_date=date(2026, 3, 3),
        end_date=date(2026, 3, 3),
        kind=kind,
        scoring=scoring,
        pipeline_status="done",
    )
    section = Section.objects.create(tournament=tournament, name="A")
    for number, place, score, percentage in lines:
        entry = Entry.objects.create(section=section, number=number)
        Standing.objects.create(
            entry=entry, place=place, place_to=place, score=score, percentage=percentage
        )
    return tournament


def _results(client, tournament, language=EN) -> tuple[list[str], list[list[str]]]:
    """The standings table's headings and rows, as the reader sees them."""
    body = client.get(tournament.get_absolute_url(), **language).content.decode()
    table = re.search(r'<table class="table standings".*?</table>', body, re.S).group(0)
    text = lambda html: " ".join(re.sub(r"<[^>]+>", "", html).split())  # noqa: E731
    headings = [text(th) for th in re.findall(r"<th[^>]*>(.*?)</th>", table, re.S)]
    rows = [
        [text(td) for td in re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S)]
        for tr in re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1], re.S)
    ]
    return headings, rows


def test_matchpoint_pairs_print_points_and_percentage(client):
    tournament = _tournament(
        "pairs", "matchpoints", [(7, 1, D("612"), D("61.20")), (2, 2, D("480"), D("48.00"))]
    )
    headings, rows = _results(client, tournament)
    assert headings == ["Place", "Pair", "Players", "Points", "%"]
    assert rows[0] == ["1", "7", "", "612.00", "61.20"]
    body = client.get(tournament.get_absolute_url(), **EN).content.decode()
    assert '<abbr title="Matchpoints">Points</abbr>' in body
    assert '<abbr title="Percentage">%</abbr>' in body
    headings, rows = _results(client, tournament, SV)
    assert headings == ["Placering", "Par", "Spelare", "Poäng", "%"]
    assert rows[1] == ["2", "2", "", "480,00", "48,00"]
    body = client.get(tournament.get_absolute_url(), **SV).content.decode()
    assert '<abbr title="Matchpoäng">Poäng</abbr>' in body


def test_points_that_only_repeat_the_percentage_are_printed_once(client):
    tournament = _tournament(
        "pairs", "matchpoints", [(1, 1, D("61.20"), D("61.20")), (2, 2, D("48.00"), D("48.00"))]
    )
    headings, rows = _results(client, tournament)
    assert headings == ["Place", "Pair", "Players", "%"]
    assert rows[0] == ["1", "1", "", "61.20"]


def test_an_individual_prints_matchpoints_per_player(client):
    tournament = _tournament(
        "individual", "matchpoints", [(3, 1, D("90"), D("56.25")), (1, 2, D("70"), D("43.75"))]
    )
    headings, _rows = _results(client, tournament)
    assert headings == ["Place", "Player", "Players", "Points", "%"]


@pytest.mark.parametrize("scoring", ["butler", "cross_imps"])
def test_imp_pairs_print_imps_and_no_percentage(client, scoring):
    tournament = _tournament(
        "pairs", scoring, [(4, 1, D("31.50"), None), (1, 2, D("-31.50"), None)]
    )
    headings, rows = _results(client, tournament)
    assert headings == ["Place", "Pair", "Players", "IMP"]
    assert rows == [["1", "4", "", "31.50"], ["2", "1", "", "-31.50"]]


def test_a_team_round_robin_prints_vp_and_imps_never_an_empty_percentage(client):
    tournament = _tournament(
        "teams",
        "team_vp",
        [(2, 1, D("31.20"), None), (3, 2, D("24.05"), None), (1, 3, D("4.75"), None)],
    )
    one, two, three = (
        Entry.objects.get(section__tournament=tournament, number=n) for n in (1, 2, 3)
    )
    for round_, home, away, imps, vp in (
        (1, two, three, (D(40), D(31)), (D("13.20"), D("6.80"))),
        (2, three, one, (D(52), D(10)), (D("17.25"), D("2.75"))),
        (3, one, two, (D(12), D(60)), (D("2.00"), D("18.00"))),
    ):
        TeamMatch.objects.create(
            tournament=tournament, round=round_, home=home, away=away, boards=8,
            imps_home=imps[0], imps_away=imps[1], vp_home=vp[0], vp_away=vp[1],
        )  # fmt: skip
    headings, rows = _results(client, tournament)
    assert headings == ["Place", "Team", "Players", "VP", "+/−"]
    assert [row[3:] for row in rows] == [["31.20", "+57"], ["24.05", "+33"], ["4.75", "\u221290"]]
    assert "%" not in headings and "–" not in [cell for row in rows for cell in row]


def test_a_team_event_without_matches_prints_its_vp_alone(client):
    tournament = _tournament("teams", "team_vp", [(1, 1, D("40"), None), (2, 2, D("20"), None)])
    headings, _rows = _results(client, tournament)
    assert headings == ["Place", "Team", "Players", "VP"]


def test_the_favicon_is_linked_and_served(client, settings):
    settings.WHITENOISE_USE_FINDERS = True  # as `make run` serves it (DEBUG on)
    settings.WHITENOISE_AUTOREFRESH = True
    body = client.get("/").content.decode()
    href = re.search(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', body).group(1)
    assert href.endswith("favicon.svg")
    response = client.get(href)
    assert response.status_code == 200
    svg = b"".join(response.streaming_content)
    assert svg.startswith(b"<svg") and b"</svg>" in svg


def test_seed_demo_shows_each_step_as_it_goes(capsys):
    call_command(
        "seed_demo", "--members", "300", "--clubs", "21", "--seed", "8", "--tournaments", "25",
        "--address", "http://127.0.0.1:8000/",
    )  # fmt: skip
    out = capsys.readouterr().out
    for step in ("Members", "Tournaments"):
        assert re.search(rf"^{step}: \[#+\.*\]\s+\d+ %", out, re.M), step
        assert f"{step}: [{'#' * 24}] 100 %" in out
    for step in ("Members", "Tournaments", "Master points and classes", "Handicaps"):
        assert re.search(rf"^{step}: done in \d+\.\d s$", out, re.M), step
    lines = out.splitlines()
    assert lines[-2] == "Klöver (SBF): http://127.0.0.1:8000/"
    assert lines[-1].startswith("Demo logins (password 'klover-demo-2026'): kansli")


def test_seed_demo_on_a_full_database_still_says_where_and_who(capsys):
    call_command("seed_demo", "--members", "60", "--clubs", "21")
    capsys.readouterr()
    call_command("seed_demo", "--if-empty", "--address", "http://127.0.0.1:8000/")
    out = capsys.readouterr().out
    assert "demo data not loaded" in out and "Klöver (SBF): http://127.0.0.1:8000/" in out
    assert "kansli (office_staff)" in out
