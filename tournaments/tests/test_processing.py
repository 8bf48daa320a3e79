"""Following a report's processing: the tournament page's line, the status JSON it
asks while the steps run, and the link from the upload's message."""

from datetime import date

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from config import pipeline
from members.models import Role
from members.tests.factories import ClubFactory, give_role, member_with_login
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
