"""Following a report's processing: the tournament page's line, the status JSON it
asks while the steps run, the link from the upload's message, and the office's page
of failed and stuck reports with its "run again"."""

from datetime import date, timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from config import pipeline
from members.models import Role
from members.tests.factories import (
    ClubFactory,
    club_admin,
    give_role,
    member_with_login,
    office_staff,
)
from tournaments.models import Section, Tournament

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}
MITCHELL_03 = "compscore3_mp_pairs_mitchell_03.xml"
ERROR = "KeyError: 'B9' in awards/domain/sbf/teams.py line 12"


def make_tournament(name="Vårbrons", **fields) -> Tournament:
    tournament = Tournament.objects.create(
        organiser_club=ClubFactory(),
        event_id=name,
        name=name,
        start_date=date(2024, 5, 1),
        end_date=date(2024, 5, 1),
        kind=Tournament.Kind.PAIRS,
        scoring=Tournament.Scoring.MATCHPOINTS,
        **fields,
    )
    Section.objects.create(tournament=tournament, name="")
    return tournament


def status(client, tournament, **headers):
    response = client.get(f"/tournaments/{tournament.pk}/status/", **headers)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert "no-cache" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]
    return response.json()


def test_status_of_a_queued_report(client):
    tournament = make_tournament()
    assert status(client, tournament, **EN) == {
        "status": "queued",
        "step": "",
        "label": "queued",
        "detail": "",
        "reason": "",
        "done": False,
    }


def test_status_while_the_steps_run_names_the_last_step_done(client):
    tournament = make_tournament(pipeline_status="processing", pipeline_step="awards")
    state = status(client, tournament, **EN)
    assert state == {
        "status": "processing",
        "step": "awards",
        "label": "processing",
        "detail": "last step done: master points",
        "reason": "",
        "done": False,
    }
    state = status(client, tournament, **SV)
    assert state["label"] == "bearbetas"
    assert state["detail"] == "senast avklarade steg: mästarpoäng"


def test_status_before_the_later_handicaps_says_the_players_pages_are_ready(client):
    tournament = make_tournament(pipeline_status="processing", pipeline_step="rankings")
    state = status(client, tournament, **EN)
    assert state["detail"] == (
        "points, handicaps and ranking are on the players' pages; the handicaps of "
        "later competitions are being updated"
    )
    assert not state["done"]
    assert status(client, tournament, **SV)["detail"] == (
        "poäng, handikapp och ranking syns på spelarnas sidor; de senare tävlingarnas "
        "handikapp räknas om"
    )


def test_status_of_a_failed_step_gives_its_reason_in_the_readers_language_never_the_error(
    client,
):
    tournament = make_tournament(
        pipeline_status="failed",
        pipeline_step="awards",
        pipeline_error=ERROR,
        pipeline_reason_en="No master points: table B2 needs at least 24 boards per match.",
        pipeline_reason_sv="Inga mästarpoäng: tabell B2 kräver minst 24 brickor per match.",
    )
    state = status(client, tournament, **EN)
    assert state == {
        "status": "failed",
        "step": "awards",
        "label": "failed",
        "detail": "at the step “master points”",
        "reason": "No master points: table B2 needs at least 24 boards per match.",
        "done": True,
    }
    state = status(client, tournament, **SV)
    assert state["reason"] == "Inga mästarpoäng: tabell B2 kräver minst 24 brickor per match."
    for headers in (EN, SV):
        body = client.get(f"/tournaments/{tournament.pk}/status/", **headers).content.decode()
        assert "KeyError" not in body and "teams.py" not in body


def test_a_failed_step_without_a_reason_says_the_office_sees_why(client):
    tournament = make_tournament(pipeline_status="failed", pipeline_step="", pipeline_error=ERROR)
    state = status(client, tournament, **EN)
    assert state["reason"] == "The step could not be completed; the office sees why."
    assert state["detail"] == ""


def test_status_when_done(client):
    tournament = make_tournament(pipeline_status="done", pipeline_step="rankings")
    state = status(client, tournament, **EN)
    assert (state["status"], state["label"], state["detail"], state["done"]) == (
        "done",
        "done",
        "",
        True,
    )


def test_status_is_one_query_and_public(client, django_assert_num_queries):
    tournament = make_tournament()
    with django_assert_num_queries(1):
        client.get(f"/tournaments/{tournament.pk}/status/")


def test_status_of_an_unknown_tournament_is_a_json_404(client):
    response = client.get("/tournaments/999/status/")
    assert response.status_code == 404
    assert response.json() == {"error": "not found"}


def test_the_page_follows_the_steps_until_they_are_done(client):
    tournament = make_tournament()
    body = client.get(tournament.get_absolute_url(), **EN).content.decode()
    assert f'data-status-url="/tournaments/{tournament.pk}/status/"' in body
    assert 'data-done="false"' in body
    assert "js/pipeline_status.js" in body
    assert 'Processing: <strong class="label">queued</strong>' in body

    for step in pipeline.step_names():
        pipeline.run_step(tournament_id=tournament.pk, version=1, step=step)
    body = client.get(tournament.get_absolute_url(), **EN).content.decode()
    assert 'data-done="true"' in body
    assert "js/pipeline_status.js" not in body
    assert 'Processing: <strong class="label">done</strong>' in body
    assert status(client, tournament, **EN)["done"] is True


def test_the_upload_message_links_to_the_processing_line(client, shared_fixtures):
    club = ClubFactory(number=2001)
    admin = member_with_login()
    give_role(admin, Role.Kind.CLUB_ADMIN, club=club)
    client.force_login(admin.user)
    data = (shared_fixtures / "usebio" / MITCHELL_03).read_bytes()
    response = client.post(
        "/tournaments/report/",
        {"club": club.pk, "file": SimpleUploadedFile(MITCHELL_03, data)},
        **EN,
    )
    tournament = Tournament.objects.get()
    assert response["Location"] == tournament.get_absolute_url()
    body = client.get(response["Location"], **EN).content.decode()
    link = f'<a href="{tournament.get_absolute_url()}#pipeline" class="status-link">'
    assert f"The results were saved. {link}Follow the processing</a>" in body

    again = client.post(
        "/tournaments/report/",
        {"club": club.pk, "file": SimpleUploadedFile(MITCHELL_03, data)},
        **SV,
    )
    body = client.get(again["Location"], **SV).content.decode()
    assert f"{link}Följ bearbetningen</a>" in body


# --- the office's failed and stuck reports ---

OFFICE_PAGE = "/tournaments/office/processing/"


def run_again_url(tournament) -> str:
    return f"/tournaments/office/processing/{tournament.pk}/run-again/"


def ago(**delta):
    return timezone.now() - timedelta(**delta)


def failed(name, *, when, **fields) -> Tournament:
    return make_tournament(
        name,
        pipeline_status="failed",
        pipeline_step=fields.pop("pipeline_step", "awards"),
        pipeline_error=fields.pop("pipeline_error", ERROR),
        pipeline_reason_en=fields.pop("reason_en", "No master points: too few teams."),
        pipeline_reason_sv=fields.pop("reason_sv", "Inga mästarpoäng: för få lag."),
        pipeline_updated=when,
        **fields,
    )


def stuck(name, *, when, status="processing", step="sanction") -> Tournament:
    return make_tournament(name, pipeline_status=status, pipeline_step=step, pipeline_updated=when)


@pytest.fixture
def office(client):
    client.force_login(office_staff())
    return client


def listed(response) -> list[list[str]]:
    from tournaments.tests.test_views import table

    return table(response, id="processing")


def test_only_the_office_sees_the_processing_page(client):
    assert client.get(OFFICE_PAGE)["Location"].startswith("/accounts/login/")
    club = ClubFactory()
    client.force_login(club_admin(club))
    assert client.get(OFFICE_PAGE).status_code == 403
    tournament = failed("Vårbrons", when=ago(minutes=1))
    assert client.post(run_again_url(tournament)).status_code == 403
    tournament.refresh_from_db()
    assert tournament.pipeline_status == "failed"
    assert "/tournaments/office/processing/" not in client.get("/tournaments/").content.decode()


def test_the_office_finds_the_page_in_its_navigation(office):
    body = office.get("/tournaments/", **EN).content.decode()
    assert (
        '<a href="/tournaments/office/processing/" id="nav-processing">Report processing</a>'
        in body
    )
    body = office.get("/tournaments/", **SV).content.decode()
    assert 'id="nav-processing">Rapportbearbetning</a>' in body


def test_failed_and_stuck_reports_newest_first_with_step_reason_and_error(office):
    failed("Gammal lagserie", when=ago(days=2), pipeline_step="handicaps")
    stuck("Fastnad silver", when=ago(hours=1))
    failed("Ny brons", when=ago(minutes=2), pipeline_error="OutOfRange: table B2 <24>")
    stuck("Köad länge", when=ago(minutes=30), status="queued", step="")
    make_tournament("Klar", pipeline_status="done", pipeline_updated=ago(days=1))
    make_tournament("Nyss köad", pipeline_status="queued", pipeline_updated=ago(seconds=10))
    make_tournament("Igång", pipeline_status="processing", pipeline_updated=ago(minutes=1))

    response = office.get(OFFICE_PAGE, **EN)
    assert response.status_code == 200
    rows = listed(response)
    assert [row[1] for row in rows] == [
        "Ny brons",
        "Köad länge",
        "Fastnad silver",
        "Gammal lagserie",
    ]
    newest = rows[0]
    assert newest[3:7] == ["1", "failed", "master points", "No master points: too few teams."]
    assert "OutOfRange: table B2 <24>" in newest[7]  # the exception, for the office
    assert newest[8] == "Run again"
    assert rows[1][4:6] == ["stuck (queued)", "–"]
    assert rows[2][4:6] == ["stuck (processing)", "sanction"]
    assert "the sweep runs it again by itself" in rows[2][6]
    assert rows[3][5] == "handicaps"
    body = response.content.decode()
    assert "OutOfRange: table B2 &lt;24&gt;" in body  # escaped

    rows = listed(office.get(OFFICE_PAGE, **SV))
    assert rows[0][4:7] == ["misslyckades", "mästarpoäng", "Inga mästarpoäng: för få lag."]
    assert rows[2][4] == "fastnad (bearbetas)"


def test_nothing_to_mend(office):
    make_tournament("Klar", pipeline_status="done")
    body = office.get(OFFICE_PAGE, **EN).content.decode()
    assert "No report has failed or stuck" in body


def test_processing_page_query_count_does_not_grow_with_the_reports(
    office, django_assert_num_queries
):
    failed("Första", when=ago(minutes=5))
    office.get(OFFICE_PAGE)  # the session and the language settle first
    with CaptureQueriesContext(connection) as one:
        office.get(OFFICE_PAGE)
    for n in range(8):
        failed(f"Misslyckad {n}", when=ago(minutes=10 + n))
        stuck(f"Fastnad {n}", when=ago(hours=1 + n))
    with django_assert_num_queries(len(one)):
        response = office.get(OFFICE_PAGE)
    assert len(listed(response)) == 17


def test_run_again_queues_every_step_and_says_what_it_did(office):
    tournament = failed("Vårbrons", when=ago(minutes=5), report_version=3)
    assert office.get(run_again_url(tournament)).status_code == 405
    response = office.post(run_again_url(tournament), **EN)
    assert response.status_code == 302
    assert response["Location"] == OFFICE_PAGE
    tournament.refresh_from_db()
    assert (tournament.pipeline_status, tournament.pipeline_step) == ("queued", "")
    assert tournament.pipeline_error == tournament.pipeline_reason_en == ""
    page = office.get(OFFICE_PAGE, **EN).content.decode()
    assert "The steps of “Vårbrons” (version 3) were queued again, from the first" in page
    assert f'<a href="/tournaments/{tournament.pk}/#pipeline">Follow the processing</a>' in page
    assert "No report has failed or stuck" in office.get(OFFICE_PAGE, **EN).content.decode()


def test_run_again_runs_the_steps_after_the_commit(office, django_capture_on_commit_callbacks):
    tournament = failed("Vårbrons", when=ago(minutes=5))
    with django_capture_on_commit_callbacks(execute=True):
        office.post(run_again_url(tournament))
    tournament.refresh_from_db()
    assert tournament.pipeline_status == "done"


def test_run_again_of_a_report_that_is_gone(office):
    response = office.post("/tournaments/office/processing/999/run-again/", **EN)
    assert response.status_code == 302
    page = office.get(OFFICE_PAGE, **EN).content.decode()
    assert "That report is gone: nothing was run again." in page


def test_run_again_needs_the_csrf_token():
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(office_staff())
    tournament = failed("Vårbrons", when=ago(minutes=5))
    assert client.post(run_again_url(tournament)).status_code == 403
    page = client.get(OFFICE_PAGE).content.decode()
    token = page.split('name="csrfmiddlewaretoken" value="')[1].split('"')[0]
    response = client.post(run_again_url(tournament), {"csrfmiddlewaretoken": token})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.pipeline_status == "queued"


def test_the_club_never_sees_the_exception(client):
    club = ClubFactory()
    tournament = failed("Vårbrons", when=ago(minutes=5), pipeline_error="KeyError: 'secret'")
    Tournament.objects.filter(pk=tournament.pk).update(organiser_club=club)
    client.force_login(club_admin(club))
    for url in (
        tournament.get_absolute_url(),
        "/tournaments/",
        f"/tournaments/{tournament.pk}/status/",
    ):
        body = client.get(url, **EN).content.decode()
        assert "KeyError" not in body and "secret" not in body, url


# --- the manual entry pages show the same line ---


def test_the_manual_entry_pages_show_the_processing_line_never_the_error(client):
    from tournaments.manual.services import MANUAL

    club = ClubFactory()
    client.force_login(club_admin(club))
    team = failed("Lagserien", when=ago(minutes=1), pipeline_error="KeyError: 'secret'")
    pairs = make_tournament("Måndag", pipeline_status="processing", pipeline_step="sanction")
    Tournament.objects.filter(pk=team.pk).update(
        organiser_club=club, kind="teams", scoring="team_vp", source_format=MANUAL
    )
    Tournament.objects.filter(pk=pairs.pk).update(organiser_club=club, source_format=MANUAL)

    body = client.get(f"/tournaments/manual/teams/{team.pk}/", **EN).content.decode()
    assert 'Processing: <strong class="label">failed</strong>' in body
    assert '<span class="detail"> (at the step “master points”)</span>' in body
    assert '<span class="reason">: No master points: too few teams.</span>' in body
    assert f'data-status-url="/tournaments/{team.pk}/status/"' in body
    assert f'<a href="/tournaments/{team.pk}/" id="tournament-page">' in body
    assert "KeyError" not in body and "secret" not in body
    body = client.get(f"/tournaments/manual/teams/{team.pk}/", **SV).content.decode()
    assert "Inga mästarpoäng: för få lag." in body

    body = client.get(f"/tournaments/manual/pairs/{pairs.pk}/", **EN).content.decode()
    assert 'Processing: <strong class="label">processing</strong>' in body
    assert "(last step done: sanction)" in body
    assert "js/pipeline_status.js" in body  # it follows the steps


def test_processing_page_sorts_by_tournament_and_organiser(office):
    """Issue 18, point 2: the office's list sorts; its reason and button do not."""
    failed("Bravo", when=ago(minutes=5))
    failed("Alfa", when=ago(minutes=50))
    failed("Charlie", when=ago(minutes=20))

    def names(sort: str) -> list[str]:
        table = office.get(OFFICE_PAGE, {"sort": sort}).context["table"]
        return [row.record.name for row in table.page.object_list]

    assert names("name") == ["Alfa", "Bravo", "Charlie"]
    assert names("-since") == ["Bravo", "Charlie", "Alfa"]
    assert office.get(OFFICE_PAGE, {"sort": "organiser"}).status_code == 200
    table = office.get(OFFICE_PAGE).context["table"]
    assert not table.columns["reason"].orderable and not table.columns["run_again"].orderable
