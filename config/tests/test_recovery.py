"""Issue 15: no report is left behind. Transient database errors are retried, a step
that fails for good says why, a report whose messages were lost is found by the sweep
and run again, and the office can run a report again."""

from datetime import timedelta

import psycopg
import pytest
from django.conf import settings
from django.utils import timezone

from awards.models import TournamentAwards
from config import pipeline, runner, tasks
from members.tests.factories import ClubFactory
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
NAME = "compscore3_mp_pairs_howell.xml"


def _report(shared_fixtures, **kwargs) -> Tournament:
    data = (shared_fixtures / "usebio" / NAME).read_bytes()
    return services.import_results(
        data=data, filename=NAME, organiser=ClubFactory(), run_pipeline=False, **kwargs
    ).tournament


def _flaky(monkeypatch, step: str, failures: list[BaseException]):
    """Make ``step`` raise each of ``failures`` once, then run as it is."""
    chain = pipeline.steps()
    real = {s.name: s.run for s in chain}[step]
    calls = []

    def flaky(tournament):
        calls.append(tournament.pk)
        if failures:
            raise failures.pop(0)
        real(tournament)

    monkeypatch.setattr(
        pipeline,
        "AFTER_LEVEL",
        tuple(
            pipeline.PipelineStep(s.name, flaky) if s.name == step else s
            for s in pipeline.AFTER_LEVEL
        ),
    )
    monkeypatch.setattr(runner.time, "sleep", lambda seconds: None)
    return calls


def test_a_deadlock_or_a_lost_connection_in_copy_is_tried_again(shared_fixtures, monkeypatch):
    """psycopg's own errors (COPY is not wrapped by Django) count as transient."""
    t = _report(shared_fixtures)
    calls = _flaky(
        monkeypatch,
        "awards",
        [
            psycopg.errors.DeadlockDetected("deadlock detected"),
            psycopg.OperationalError("server closed the connection unexpectedly"),
        ],
    )
    runner.run_report(t.pk, t.report_version)
    t.refresh_from_db()
    assert (t.pipeline_status, t.pipeline_step, t.pipeline_error) == ("done", "later_handicaps", "")
    assert len(calls) == 3
    assert TournamentAwards.objects.filter(tournament=t).exists()


def test_a_step_that_keeps_failing_says_why_and_stops_the_chain(shared_fixtures, monkeypatch):
    t = _report(shared_fixtures)
    _flaky(monkeypatch, "awards", [psycopg.OperationalError("gone")] * 10)
    runner.run_report(t.pk, t.report_version)
    t.refresh_from_db()
    assert (t.pipeline_status, t.pipeline_step) == ("failed", "awards")
    assert t.pipeline_error == "OperationalError: gone"
    assert t.pipeline_reason_en.startswith("The step the master points could not be completed")
    assert t.pipeline_reason_sv.startswith("Steget mästarpoängen kunde inte slutföras")
    assert not TournamentAwards.objects.filter(tournament=t).exists()


def test_the_sweep_runs_again_a_report_whose_messages_were_lost(shared_fixtures):
    t = _report(shared_fixtures)
    pipeline.run_step(tournament_id=t.pk, version=t.report_version, step="sanction")
    # The broker restarted after the first step: nothing will deliver the rest.
    Tournament.objects.filter(pk=t.pk).update(
        pipeline_updated=timezone.now() - timedelta(seconds=settings.PIPELINE_STUCK_AFTER + 1)
    )
    fresh = _report(shared_fixtures)  # queued a moment ago: still moving
    assert list(pipeline.stuck()) == [t]
    assert tasks.sweep_stuck_reports.apply().get() == 1
    t.refresh_from_db()
    assert (t.pipeline_status, t.pipeline_step) == ("done", "later_handicaps")
    assert TournamentAwards.objects.filter(tournament=t).exists()
    fresh.refresh_from_db()
    assert fresh.pipeline_status == "queued"
    assert tasks.sweep_stuck_reports.apply().get() == 0


def test_the_sweep_goes_on_after_the_last_step_done(shared_fixtures):
    t = _report(shared_fixtures)
    Tournament.objects.filter(pk=t.pk).update(
        pipeline_status="processing",
        pipeline_step="awards",
        pipeline_updated=timezone.now() - timedelta(hours=1),
    )
    assert pipeline.resume(t.pk) == t.report_version
    assert pipeline.remaining(t.pk, t.report_version) == (
        "handicaps",
        "rankings",
        "later_handicaps",
    )
    # Marked as moving: the next sweep leaves it alone while it runs.
    assert not pipeline.stuck().exists()
    assert pipeline.remaining(t.pk, t.report_version + 1) == ()  # a newer version: stale


def test_failed_and_done_reports_are_not_swept(shared_fixtures):
    for status in ("failed", "done"):
        t = _report(shared_fixtures)
        Tournament.objects.filter(pk=t.pk).update(
            pipeline_status=status, pipeline_updated=timezone.now() - timedelta(days=1)
        )
        assert pipeline.resume(t.pk) is None
    assert not pipeline.stuck().exists()


def test_run_again_starts_a_failed_report_from_the_first_step(
    shared_fixtures, django_capture_on_commit_callbacks
):
    t = _report(shared_fixtures)
    Tournament.objects.filter(pk=t.pk).update(
        pipeline_status="failed",
        pipeline_step="awards",
        pipeline_error="OperationalError: gone",
        pipeline_reason_en="The step the master points could not be completed.",
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert services.run_again(t.pk)
    t.refresh_from_db()
    assert (t.pipeline_status, t.pipeline_error, t.pipeline_reason_en) == ("done", "", "")
    assert not services.run_again(10**9)


@pytest.mark.django_db(transaction=True)
def test_the_embedded_default_answers_the_upload_before_the_steps_run(
    shared_fixtures, settings, monkeypatch
):
    """Issue 15, point 5: with no broker the steps run on the web process's pipeline
    thread after the response, so a slow step does not hold up the upload."""
    import time

    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("the runner's thread cannot share an in-memory SQLite test database")
    settings.PIPELINE_RUNNER = "thread"
    real = {s.name: s.run for s in pipeline.AFTER_LEVEL}["awards"]

    def slow(tournament):
        time.sleep(2)
        real(tournament)

    monkeypatch.setattr(
        pipeline,
        "AFTER_LEVEL",
        tuple(
            pipeline.PipelineStep(s.name, slow) if s.name == "awards" else s
            for s in pipeline.AFTER_LEVEL
        ),
    )
    data = (shared_fixtures / "usebio" / NAME).read_bytes()
    started = time.monotonic()
    t = services.import_results(data=data, filename=NAME, organiser=ClubFactory()).tournament
    answered = time.monotonic() - started
    assert answered < 1.5
    assert Tournament.objects.get(pk=t.pk).pipeline_status in ("queued", "processing")
    assert runner.RUNNER.wait(timeout=60)
    t.refresh_from_db()
    assert (t.pipeline_status, t.pipeline_step) == ("done", "later_handicaps")
