"""The fuzz suite (issue 16): every corrupted variant of every fixture format
(tournaments/tests/corrupt.py) goes through the import service with its pipeline, and
through the upload page. Each is either refused with a located message and
nothing saved, or accepted with every pipeline step done; never a crash, never a half
save."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from members.models import Member
from members.tests.factories import ClubFactory, club_admin
from tournaments import services
from tournaments.models import BoardResult, Entry, EntryPlayer, ImportLog, Section, Tournament

from .corrupt import variants

pytestmark = pytest.mark.django_db
from conftest import shared_fixtures_dir  # noqa: E402 -- the root conftest, importable

VARIANTS = variants(shared_fixtures_dir()) if shared_fixtures_dir().is_dir() else []
SAVED = (Tournament, Section, Entry, EntryPlayer, BoardResult)


def test_there_are_at_least_300_variants_and_each_is_different():
    assert len(VARIANTS) >= 300
    assert len({v.data for v in VARIANTS}) == len(VARIANTS)


@pytest.fixture
def club():
    club = ClubFactory()
    # the fixtures' players, so that the pipeline has members to award and walk
    Member.objects.bulk_create(
        Member(mid=9000000 + n, first_name="Player", last_name=str(n), birth_date="1970-01-01")
        for n in range(1, 61)
    )
    return club


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.name for v in VARIANTS])
def test_a_corrupted_file_is_refused_whole_or_processed_whole(
    variant, club, django_capture_on_commit_callbacks
):
    try:
        with django_capture_on_commit_callbacks(execute=True):
            outcome = services.import_results(
                data=variant.data, filename=variant.filename, organiser=club
            )
    except services.ReportRefused as refused:
        assert refused.problems
        for problem in refused.problems:
            assert problem.what.strip(), problem
            assert problem.where.strip(), problem
        assert [model.objects.count() for model in SAVED] == [0] * len(SAVED)
        assert ImportLog.objects.get().outcome == "refused"
        return
    tournament = outcome.tournament
    tournament.refresh_from_db()
    assert (tournament.pipeline_status, tournament.pipeline_error) == ("done", "")


@pytest.mark.parametrize("variant", VARIANTS, ids=[v.name for v in VARIANTS])
def test_the_upload_page_answers_every_corrupted_file(variant, club, client):
    client.force_login(club_admin(club))
    response = client.post(
        "/tournaments/report/",
        {"club": club.pk, "file": SimpleUploadedFile(variant.filename, variant.data)},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code in (200, 302)
    if response.status_code == 200:
        body = response.content.decode()
        # refused by the service, or by the form (Django's FileField refuses an empty file)
        assert "The results were not saved." in body or "The submitted file is empty." in body
        assert [model.objects.count() for model in SAVED] == [0] * len(SAVED)
