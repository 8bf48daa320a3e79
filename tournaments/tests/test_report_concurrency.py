"""The same new file uploaded twice at once: both uploads get the outcome a later
upload gets (the second replaces the first) and their import log, never a 500.

On PostgreSQL the second upload waits for the first on an advisory lock; a read made
before the first's commit (simulated here on both databases) hits the unique
constraint, and the upload is saved again as the replacement."""

import threading
from unittest import mock

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection

from members.models import Role
from members.tests.factories import ClubFactory, give_role, member_with_login
from tournaments import services
from tournaments.models import BoardResult, ImportLog, Standing, Tournament

NAME = "compscore3_mp_pairs_mitchell_03.xml"  # 13 pairs, 126 traveller lines


@pytest.fixture
def data(shared_fixtures):
    return (shared_fixtures / "usebio" / NAME).read_bytes()


def _import(data, club, **extra):
    return services.import_results(
        data=data, filename=NAME, organiser=club, run_pipeline=False, **extra
    )


def _stale_once():
    """The lookup of the earlier report misses once, as a read made just before the
    other upload's commit does."""
    real = services._earlier_report
    calls = []

    def lookup(organiser, event_id):
        calls.append(event_id)
        return None if len(calls) == 1 else real(organiser, event_id)

    return mock.patch.object(services, "_earlier_report", side_effect=lookup), calls


def _one_tournament_replaced_once():
    tournament = Tournament.objects.get()
    assert tournament.report_version == 2
    assert BoardResult.objects.filter(section__tournament=tournament).count() == 126
    assert Standing.objects.filter(entry__section__tournament=tournament).count() == 13
    assert sorted(ImportLog.objects.values_list("outcome", flat=True)) == ["replaced", "saved"]
    assert set(ImportLog.objects.values_list("tournament", flat=True)) == {tournament.pk}
    return tournament


@pytest.mark.django_db
def test_a_stale_read_of_a_new_event_is_saved_again_as_the_replacement(data):
    club = ClubFactory()
    first = _import(data, club)
    patched, calls = _stale_once()
    with patched:
        second = _import(data, club)
    assert len(calls) == 2  # missed, then found after the unique violation
    assert not first.replaced and second.replaced
    assert second.tournament.pk == first.tournament.pk
    _one_tournament_replaced_once()


@pytest.mark.django_db
def test_a_unique_violation_of_another_kind_is_not_taken_for_a_replacement(data):
    # Nothing of the event was saved meanwhile: the error is not the race's, and stands.
    club = ClubFactory()
    with (
        mock.patch.object(services, "_save_report", side_effect=services.IntegrityError("x")),
        pytest.raises(services.IntegrityError),
    ):
        _import(data, club)
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_the_upload_page_answers_a_stale_read_with_a_replacement_not_a_500(client, data):
    club = ClubFactory(number=2001)
    admin = member_with_login()
    give_role(admin, Role.Kind.CLUB_ADMIN, club=club)
    client.force_login(admin.user)
    first = _import(data, club)
    patched, _calls = _stale_once()
    with patched:
        response = client.post(
            "/tournaments/report/",
            {"club": club.pk, "file": SimpleUploadedFile(NAME, data)},
            HTTP_ACCEPT_LANGUAGE="en",
        )
    assert response.status_code == 302
    assert response["Location"] == first.tournament.get_absolute_url()
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "replaced the earlier report of this tournament (now version 2)" in page
    _one_tournament_replaced_once()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("locked", [True, False], ids=["advisory-lock", "unique-violation"])
def test_two_uploads_of_the_same_new_file_at_the_same_moment(data, locked):
    """Two threads, two connections. With the lock the second waits for the first and
    replaces it; without it (``locked=False``) the loser's insert hits the unique
    constraint and it is saved again as the replacement. Both ways: no error, one
    tournament at version 2, and both import logs."""
    if connection.vendor == "sqlite" and "memory" in str(connection.settings_dict["NAME"]):
        pytest.skip("threads cannot share an in-memory SQLite test database")
    club = ClubFactory()
    start = threading.Barrier(2)
    outcomes: list[object] = []

    def upload():
        try:
            start.wait()
            outcomes.append(_import(data, club).replaced)
        except Exception as exc:  # noqa: BLE001 - reported below, not hidden
            outcomes.append(f"{type(exc).__name__}: {exc}")
        finally:
            connection.close()

    lock = services.lock_report if locked else (lambda *key: None)
    with mock.patch.object(services, "lock_report", lock):
        threads = [threading.Thread(target=upload) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert sorted(outcomes, key=str) == [False, True], outcomes
    _one_tournament_replaced_once()
