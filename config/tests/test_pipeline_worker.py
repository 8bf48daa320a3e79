"""The pipeline through Redis on real worker processes (CI's PostgreSQL pass)."""

import os
import signal
import time

import pytest
from django.db import models

from conftest import running_worker
from members.tests.factories import ClubFactory
from tournaments import services
from tournaments.models import Standing, Tournament

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]
NAME = "compscore3_mp_pairs_howell.xml"


def _wait_for(tournament_id: int, status: str, seconds: float = 60) -> Tournament:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        t = Tournament.objects.get(pk=tournament_id)
        if t.pipeline_status == status:
            return t
        time.sleep(0.1)
    pytest.fail(
        f"tournament {tournament_id} is {t.pipeline_status}/{t.pipeline_step}, not {status}"
    )


def test_a_report_runs_the_chain_on_the_worker(shared_fixtures, celery_worker_process):
    data = (shared_fixtures / "usebio" / NAME).read_bytes()
    t = services.import_results(data=data, filename=NAME, organiser=ClubFactory()).tournament
    done = _wait_for(t.pk, "done")
    assert done.pipeline_step == "later_handicaps" and done.pipeline_error == ""
    assert Standing.objects.filter(entry__section__tournament=t).count() == 12


def test_a_worker_killed_mid_step_leaves_nothing_half_written(shared_fixtures, tmp_path):
    marker = tmp_path / "attempts"
    env = {"KLOVER_TEST_MARKER": str(marker)}
    data = (shared_fixtures / "usebio" / NAME).read_bytes()
    # The worker's app replaces the award step with one that stalls half-way once.
    with running_worker(
        pool="prefork", extra_env=env, app_module="config.tests.slow_worker"
    ) as worker:
        t = services.import_results(data=data, filename=NAME, organiser=ClubFactory()).tournament
        deadline = time.monotonic() + 60
        while not marker.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert marker.exists(), f"the slow step never started: see {worker.log_path}"
        time.sleep(0.5)  # inside the stall, the old standings deleted but not committed
        child = int(marker.read_text().split()[0])
        os.kill(child, signal.SIGKILL)
        # the killed step's transaction died with it: the standings are whole
        assert Standing.objects.filter(entry__section__tournament=t).count() == 12
        done = _wait_for(t.pk, "done", seconds=90)
    attempts = marker.read_text().split()
    assert len(attempts) == 2 and attempts[0] != attempts[1]  # run again by a new child
    assert done.pipeline_error == ""
    assert Standing.objects.filter(entry__section__tournament=t).count() == 12


def test_a_deadlock_raised_by_psycopg_is_retried_on_the_worker(shared_fixtures, tmp_path):
    marker = tmp_path / "tries"
    data = (shared_fixtures / "usebio" / NAME).read_bytes()
    env = {"KLOVER_TEST_MARKER": str(marker)}
    with running_worker(extra_env=env, app_module="config.tests.flaky_worker"):
        t = services.import_results(data=data, filename=NAME, organiser=ClubFactory()).tournament
        done = _wait_for(t.pk, "done", seconds=90)
    assert len(marker.read_text().split()) == 2  # the deadlock, then the retry
    assert done.pipeline_error == ""


def test_two_overlapping_reports_at_once_leave_the_state_of_one_after_the_other(settings):
    """Issue 15, point 1: two clubs report at once, 24 players in common, on a worker
    with two processes. The ledger, holdings, promotions, ranking, handicap history
    and current handicaps are exactly those of the same reports one after another."""
    import random
    import threading
    from datetime import timedelta

    from django.db import connection, transaction
    from django.utils import timezone

    from awards.season import recompute_season
    from config.benchmarking import compare, overlapping_reports, snapshot
    from config.celery import app
    from handicap.models import HandicapChange, MemberHandicap
    from handicap.services import recompute_from, seed_start_handicaps
    from members.common.locks import lock_handicaps
    from members.tests.factories import MemberFactory, MembershipFactory

    clubs = [ClubFactory(), ClubFactory()]
    members = [MemberFactory() for _ in range(70)]
    for n, m in enumerate(members):
        MembershipFactory(member=m, club=clubs[n % 2])
    with transaction.atomic():
        lock_handicaps()
        seed_start_handicaps()
    reports = overlapping_reports(
        mids=[m.mid for m in members],
        clubs=clubs,
        day=timezone.localdate() - timedelta(days=3),
        tag="overlap",
        rng=random.Random(15),
    )

    def upload(report):
        try:
            services.import_results(
                data=report.data, filename=report.filename, organiser=report.club
            )
        finally:
            connection.close()

    with running_worker(pool="prefork", concurrency=2):
        threads = [threading.Thread(target=upload, args=(r,)) for r in reports]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        ids = sorted(Tournament.objects.values_list("pk", flat=True))
        assert len(ids) == 2
        for pk in ids:
            assert _wait_for(pk, "done", seconds=120).pipeline_error == ""
    run = snapshot()
    order = {
        event: n
        for n, event in enumerate(
            Tournament.objects.order_by("pk").values_list("event_id", flat=True)
        )
    }

    # The clean run: the same two reports one after the other, from the same start.
    Tournament.objects.all().delete()
    with transaction.atomic():
        recompute_season()
        lock_handicaps()
        HandicapChange.objects.all().delete()
        MemberHandicap.objects.update(handicap=models.F("start"), updated_on=None)
        recompute_from(None)
    settings.PIPELINE_RUNNER = "inline"
    saved = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        for report in sorted(reports, key=lambda r: order[r.event_id]):
            services.import_results(
                data=report.data, filename=report.filename, organiser=report.club
            )
    finally:
        app.conf.task_always_eager = saved
    clean = snapshot()
    assert clean["ledger"] and clean["handicap history"]
    difference = compare(run, clean)
    assert difference.none, difference
