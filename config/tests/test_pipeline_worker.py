"""The pipeline through Redis on real worker processes (CI's PostgreSQL pass)."""

import os
import signal
import time

import pytest

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
    assert done.pipeline_step == "rankings" and done.pipeline_error == ""
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
