"""POST /api/v1/reports/ and GET /api/v1/reports/<id>/ (docs/api.md, "Results").

An upload through the API is the upload page's: the same form checks, the same
service (``services.import_results``) and pipeline, the same refusals with their
places in the file; the token decides the clubs it may report for. Real files of
other scoring programs (../shared/fixtures/usebio), as the page's tests use.
"""

from datetime import timedelta

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from members.domain.api_access import HANDICAPS_READ, ME_READ, MEMBERS_READ, RESULTS_WRITE
from members.models import ApiAuditEntry, ApiToken, Member
from members.tests.factories import ClubFactory, MemberFactory
from members.tokens import create_token, revoke_token
from tournaments.models import ImportLog, Tournament

pytestmark = pytest.mark.django_db

URL = "/api/v1/reports/"
MITCHELL_03 = "compscore3_mp_pairs_mitchell_03.xml"  # 13 pairs, 21 boards
NOT_SUPPORTED = "compscore3_notsupported.xml"
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}


@pytest.fixture
def club():
    club = ClubFactory(name="BK Lund")
    # the fixtures' players, so that the pipeline has members to award and walk
    Member.objects.bulk_create(
        Member(mid=9000000 + n, first_name="Player", last_name=str(n), birth_date="1970-01-01")
        for n in range(1, 61)
    )
    return club


@pytest.fixture
def key(club):
    return create_token(kind="club", name="Scorer", scopes=[RESULTS_WRITE], club=club)[1]


def auth(key: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {key}"}


def file_of(shared_fixtures, name: str) -> SimpleUploadedFile:
    return SimpleUploadedFile(name, (shared_fixtures / "usebio" / name).read_bytes())


def post(client, key, data, **extra):
    return client.post(URL, data, **auth(key), **{**EN, **extra})


def assert_error(response, status: int, code: str, field: str | None = None) -> dict:
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"code", "message", "field", "location", "details"}
    assert body["code"] == code and body["message"]
    if field is not None:
        assert body["field"] == field
    return body


def nothing_saved(*, read: bool) -> None:
    assert not Tournament.objects.exists()
    assert ImportLog.objects.filter(outcome=ImportLog.Outcome.REFUSED).exists() is read
    assert not ImportLog.objects.exclude(outcome=ImportLog.Outcome.REFUSED).exists()


# --- an upload -----------------------------------------------------------------------


def test_an_upload_saves_the_report_runs_the_pipeline_and_answers_its_status_url(
    client, key, club, shared_fixtures, django_capture_on_commit_callbacks
):
    Member.objects.filter(mid=9000001).delete()  # one player the register does not know
    with django_capture_on_commit_callbacks(execute=True):
        response = post(
            client, key, {"club": club.pk, "file": file_of(shared_fixtures, MITCHELL_03)}
        )
    assert response.status_code == 201, response.content
    tournament = Tournament.objects.get()
    body = response.json()
    assert body == {
        "tournament_id": tournament.pk,
        "report_version": 1,
        "replaced": False,
        "status_url": f"/api/v1/reports/{tournament.pk}/",
        "page_url": tournament.get_absolute_url(),
        "warnings": body["warnings"],
    }
    assert response["Location"] == body["status_url"]
    # The page's warnings: a MID not in the register becomes a guest.
    assert {"location", "message"} == set(body["warnings"][0])
    assert "unknown MID 9000001 (Player 1): recorded as a guest" in [
        w["message"] for w in body["warnings"]
    ]
    assert tournament.organiser_club == club
    assert (tournament.pipeline_status, tournament.pipeline_error) == ("done", "")
    log = ImportLog.objects.get()
    assert (log.outcome, log.filename, log.tournament) == ("saved", MITCHELL_03, tournament)
    entry = ApiAuditEntry.objects.get()
    assert (entry.method, entry.status, entry.object_id) == ("POST", 201, str(tournament.pk))


def test_the_same_file_again_replaces_the_report_as_the_page_does(
    client, key, club, shared_fixtures
):
    first = post(client, key, {"club": club.pk, "file": file_of(shared_fixtures, MITCHELL_03)})
    again = post(
        client,
        key,
        {"club": club.pk, "file": file_of(shared_fixtures, MITCHELL_03), "format": "usebio"},
    )
    assert again.status_code == 201
    assert again.json()["tournament_id"] == first.json()["tournament_id"]
    assert (again.json()["replaced"], again.json()["report_version"]) == (True, 2)
    assert Tournament.objects.count() == 1
    assert list(ImportLog.objects.order_by("pk").values_list("outcome", flat=True)) == [
        "saved",
        "replaced",
    ]


def test_a_program_token_reports_for_the_clubs_listed_on_it_only(client, club, shared_fixtures):
    other = ClubFactory()
    _token, key = create_token(kind="program", name="Ruter", scopes=[RESULTS_WRITE], clubs=[club])
    assert (
        post(
            client, key, {"club": club.pk, "file": file_of(shared_fixtures, MITCHELL_03)}
        ).status_code
        == 201
    )
    response = post(client, key, {"club": other.pk, "file": file_of(shared_fixtures, MITCHELL_03)})
    assert_error(response, 403, "club_not_allowed", "club")
    assert not Tournament.objects.filter(organiser_club=other).exists()


# --- refusals ------------------------------------------------------------------------


def test_a_refused_file_lists_every_problem_with_its_place_and_saves_nothing(
    client, key, club, shared_fixtures
):
    response = post(client, key, {"club": club.pk, "file": file_of(shared_fixtures, NOT_SUPPORTED)})
    body = assert_error(response, 400, "report_refused", "file")
    [problem] = body["details"]
    assert problem == {
        "code": "report_problem",
        "field": "file",
        "location": f"{NOT_SUPPORTED} /USEBIO/EVENT/@EVENT_TYPE",
        "message": "EVENT_TYPE 'NOTSUP' is not supported (supported: BUTLER_PAIRS, CROSS_IMP, "
        "INDIVIDUAL, MP_PAIRS, PAIRS, SWISS_TEAMS, TEAMS, TEAMS_OF_FOUR)",
    }
    assert body["location"] == problem["location"]
    nothing_saved(read=True)  # only the import log remembers the attempt, as on the page
    assert ApiAuditEntry.objects.get().status == 400


def test_a_refusal_is_worded_in_the_request_language(client, key, club, shared_fixtures):
    """Each problem as the page words it for the reader (the catalogue's Swedish)."""
    english = post(client, key, {"club": club.pk, "file": file_of(shared_fixtures, NOT_SUPPORTED)})
    swedish = post(
        client, key, {"club": club.pk, "file": file_of(shared_fixtures, NOT_SUPPORTED)}, **SV
    )
    assert english.json()["details"][0]["message"].startswith("EVENT_TYPE 'NOTSUP' is not")
    assert swedish.json()["details"][0]["message"] != english.json()["details"][0]["message"]
    assert "NOTSUP" in swedish.json()["details"][0]["message"]


def test_a_file_that_is_no_xml_is_refused_at_its_place(client, key, club):
    broken = SimpleUploadedFile("results.xml", b"<?xml version='1.0'?><USEBIO><EVENT>")
    body = assert_error(post(client, key, {"club": club.pk, "file": broken}), 400, "report_refused")
    assert body["details"][0]["location"].startswith("results.xml")
    assert body["details"][0]["message"].startswith("not well-formed XML")
    nothing_saved(read=True)


def test_another_clubs_report_is_forbidden_and_the_file_not_read(client, key, shared_fixtures):
    other = ClubFactory()
    response = post(client, key, {"club": other.pk, "file": file_of(shared_fixtures, MITCHELL_03)})
    assert_error(response, 403, "club_not_allowed", "club")
    nothing_saved(read=False)


@pytest.mark.parametrize("scopes", [[MEMBERS_READ], [HANDICAPS_READ, MEMBERS_READ]])
def test_a_token_without_the_scope_is_forbidden(client, club, shared_fixtures, scopes):
    _token, key = create_token(kind="club", name="Look-ups", scopes=scopes, club=club)
    response = post(client, key, {"club": club.pk, "file": file_of(shared_fixtures, MITCHELL_03)})
    assert RESULTS_WRITE in assert_error(response, 403, "scope_missing")["message"]
    nothing_saved(read=False)


def test_a_member_token_may_not_report(client, club, shared_fixtures):
    _token, key = create_token(kind="member", name="Me", scopes=[ME_READ], member=MemberFactory())
    response = post(client, key, {"club": club.pk, "file": file_of(shared_fixtures, MITCHELL_03)})
    assert_error(response, 403, "scope_missing")
    nothing_saved(read=False)


@pytest.mark.parametrize("state", ["revoked", "expired", "none"])
def test_without_a_usable_token_nothing_is_read(client, club, shared_fixtures, state):
    token, key = create_token(kind="club", name="Old", scopes=[RESULTS_WRITE], club=club)
    if state == "revoked":
        revoke_token(token)
    elif state == "expired":
        ApiToken.objects.filter(pk=token.pk).update(expires_at=timezone.now() - timedelta(1))
    data = {"club": club.pk, "file": file_of(shared_fixtures, MITCHELL_03)}
    if state == "none":
        response = client.post(URL, data, **EN)
        assert_error(response, 401, "token_missing")
    else:
        assert_error(post(client, key, data), 401, f"token_{state}")
    nothing_saved(read=False)


# --- bad bodies ----------------------------------------------------------------------


def test_no_file_is_an_error_on_the_field_file(client, key, club):
    assert_error(post(client, key, {"club": club.pk}), 400, "required", "file")
    assert_error(post(client, key, {"club": club.pk, "file": "text"}), 400, "invalid", "file")
    empty = SimpleUploadedFile("empty.xml", b"")
    assert_error(post(client, key, {"club": club.pk, "file": empty}), 400, "empty", "file")
    nothing_saved(read=False)


def test_a_malformed_multipart_body_is_an_error_on_the_field_file(client, key):
    response = client.post(
        URL,
        b"--nothing\r\ngarbage",
        content_type="multipart/form-data; boundary=",
        **auth(key),
        **EN,
    )
    assert_error(response, 400, "malformed_body", "file")
    nothing_saved(read=False)


def test_json_is_not_an_upload(client, key, club):
    response = client.post(
        URL, {"club": club.pk}, content_type="application/json", **auth(key), **EN
    )
    assert_error(response, 415, "unsupported_media_type", "file")


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        ({"club": "Lund"}, "invalid", "club"),
        ({"club": "0"}, "min_value", "club"),
        ({"format": "docx"}, "invalid_choice", "format"),
        ({"comment": "hello"}, "unknown_field", "comment"),
    ],
)
def test_wrong_fields_are_named(client, key, club, shared_fixtures, data, code, field):
    asked = {"club": club.pk, "file": file_of(shared_fixtures, MITCHELL_03), **data}
    assert_error(post(client, key, asked), 400, code, field)
    nothing_saved(read=False)


def test_a_file_over_the_pages_limit_is_refused_by_the_pages_form(
    client, key, club, shared_fixtures, monkeypatch
):
    monkeypatch.setattr("tournaments.forms.MAX_REPORT_BYTES", 1000)
    response = post(client, key, {"club": club.pk, "file": file_of(shared_fixtures, MITCHELL_03)})
    body = assert_error(response, 400, "invalid", "file")
    assert "is it really a results file?" in body["message"]
    nothing_saved(read=False)


def test_a_body_over_the_limit_is_413_before_it_is_read(
    client, key, club, shared_fixtures, monkeypatch
):
    monkeypatch.setattr("tournaments.api.MAX_REPORT_BYTES", 1000)
    monkeypatch.setattr("tournaments.api.MULTIPART_OVERHEAD", 0)
    response = post(client, key, {"club": club.pk, "file": file_of(shared_fixtures, MITCHELL_03)})
    assert_error(response, 413, "body_too_large")
    nothing_saved(read=False)


# --- the status of a report ----------------------------------------------------------


def status_of(client, key, tournament_id: int, **extra):
    return client.get(f"{URL}{tournament_id}/", **auth(key), **{**EN, **extra})


def test_the_status_lists_the_steps_done(
    client, key, club, shared_fixtures, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        created = post(
            client, key, {"club": club.pk, "file": file_of(shared_fixtures, MITCHELL_03)}
        )
    body = status_of(client, key, created.json()["tournament_id"]).json()
    assert (body["status"], body["done"], body["reason"], body["failures"]) == (
        "done",
        True,
        "",
        [],
    )
    assert [step["name"] for step in body["steps"]] == [
        "sanction", "handicap_list", "awards", "handicaps", "rankings", "later_handicaps"
    ]  # fmt: skip
    assert {step["state"] for step in body["steps"]} == {"done"}
    assert body["steps"][2]["label"] == "master points"


def test_a_failed_step_is_told_with_its_reason_and_the_steps_after_it_not_run(
    client, key, club, shared_fixtures
):
    created = post(client, key, {"club": club.pk, "file": file_of(shared_fixtures, MITCHELL_03)})
    Tournament.objects.filter(pk=created.json()["tournament_id"]).update(
        pipeline_status="failed",
        pipeline_step="awards",
        pipeline_error="KeyError: 'table'",
        pipeline_reason_en="No award table for this level.",
        pipeline_reason_sv="Ingen tabell för nivån.",
    )
    body = status_of(client, key, created.json()["tournament_id"]).json()
    assert [step["state"] for step in body["steps"]] == [
        "done", "done", "failed", "not_run", "not_run", "not_run"
    ]  # fmt: skip
    assert body["failures"] == [
        {"step": "awards", "label": "master points", "reason": "No award table for this level."}
    ]
    assert "KeyError" not in str(body)  # the exception is the office's
    swedish = status_of(client, key, created.json()["tournament_id"], **SV).json()
    assert swedish["failures"][0]["reason"] == "Ingen tabell för nivån."


def test_a_queued_report_has_every_step_pending(client, key, club, shared_fixtures):
    created = post(client, key, {"club": club.pk, "file": file_of(shared_fixtures, MITCHELL_03)})
    body = status_of(client, key, created.json()["tournament_id"]).json()
    assert body["status"] == "queued" and not body["done"]
    assert {step["state"] for step in body["steps"]} == {"pending"}


def test_another_clubs_report_is_not_found(client, club, shared_fixtures):
    _token, key = create_token(kind="club", name="A", scopes=[RESULTS_WRITE], club=club)
    created = post(client, key, {"club": club.pk, "file": file_of(shared_fixtures, MITCHELL_03)})
    _token, stranger = create_token(
        kind="club", name="B", scopes=[RESULTS_WRITE], club=ClubFactory()
    )
    assert_error(status_of(client, stranger, created.json()["tournament_id"]), 404, "not_found")
    assert_error(status_of(client, key, 2**40), 404, "not_found")
    assert_error(client.get(f"{URL}{created.json()['tournament_id']}/", **EN), 401, "token_missing")
