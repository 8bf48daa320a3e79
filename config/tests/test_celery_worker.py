"""Tasks sent through Redis to a real worker process (runs in CI's PostgreSQL pass)."""

import pytest

from members.models import Club
from members.tasks import refresh_members_count
from members.tests.factories import ClubFactory, MembershipFactory

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def test_task_runs_on_the_worker_and_writes_the_database(celery_worker_process):
    club = ClubFactory()
    MembershipFactory.create_batch(3, club=club, season=2030)
    result = refresh_members_count.delay(2030)
    assert result.get(timeout=60) >= 1
    assert result.successful()
    club.refresh_from_db()
    assert club.members_count == 3


def test_running_the_task_twice_leaves_the_same_rows(celery_worker_process):
    club = ClubFactory()
    MembershipFactory.create_batch(2, club=club, season=2030)
    first = refresh_members_count.delay(2030).get(timeout=60)
    second = refresh_members_count.delay(2030).get(timeout=60)
    assert first == second == Club.objects.count()
    assert Club.objects.get(pk=club.pk).members_count == 2
