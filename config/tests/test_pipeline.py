"""The report → level → awards → handicaps → rankings chain (tasks run in-process here)."""

import pytest

from config import pipeline
from members.tests.factories import ClubFactory
from tournaments import services
from tournaments.models import BoardResult, Standing, Tournament

pytestmark = pytest.mark.django_db
NAME = "compscore3_mp_pairs_howell.xml"


def _report(shared_fixtures, club, **kwargs):
    data = (shared_fixtures / "usebio" / NAME).read_bytes()
    return services.import_results(data=data, filename=NAME, organiser=club, **kwargs).tournament


def test_the_chain_runs_after_the_report_commits(
    shared_fixtures, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        t = _report(shared_fixtures, ClubFactory())
        t.refresh_from_db()
        assert t.pipeline_status == Tournament.Pipeline.QUEUED  # nothing runs before the commit
    # One chain queued; the others raise the lists' versions (members/common/pages.py).
    assert len([c for c in callbacks if "lists_changed" not in c.__qualname__]) == 1
    t.refresh_from_db()
    assert (t.pipeline_status, t.pipeline_step, t.pipeline_error) == ("done", "later_handicaps", "")
    assert t.pipeline_updated is not None


def test_a_step_for_an_older_report_version_is_skipped(shared_fixtures):
    t = _report(shared_fixtures, ClubFactory(), run_pipeline=False)
    assert (
        pipeline.run_step(tournament_id=t.pk, version=t.report_version + 1, step="awards")
        == "stale"
    )
    assert pipeline.run_step(tournament_id=t.pk, version=t.report_version, step="awards") == "done"
    t.refresh_from_db()
    assert (t.pipeline_status, t.pipeline_step) == ("processing", "awards")


def test_steps_are_idempotent(shared_fixtures):
    t = _report(shared_fixtures, ClubFactory(), run_pipeline=False)
    before = list(
        Standing.objects.filter(entry__section__tournament=t)
        .values_list("entry_id", "place", "score", "percentage")
        .order_by("entry_id")
    )
    points = list(
        BoardResult.objects.filter(section__tournament=t)
        .values_list("pk", "points_ns", "points_ew")
        .order_by("pk")
    )
    for step in pipeline.step_names():
        pipeline.run_step(tournament_id=t.pk, version=1, step=step)
        pipeline.run_step(tournament_id=t.pk, version=1, step=step)
    after = list(
        Standing.objects.filter(entry__section__tournament=t)
        .values_list("entry_id", "place", "score", "percentage")
        .order_by("entry_id")
    )
    assert after == before and len(after) == 12
    assert (
        list(
            BoardResult.objects.filter(section__tournament=t)
            .values_list("pk", "points_ns", "points_ew")
            .order_by("pk")
        )
        == points
    )


def replaced(steps, name, function):
    return tuple(pipeline.PipelineStep(name, function) if s.name == name else s for s in steps)


def broken_step(tournament):
    raise RuntimeError("the award tables are missing")


def test_a_failing_step_records_its_reason(
    shared_fixtures, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(
        pipeline, "AFTER_LEVEL", replaced(pipeline.AFTER_LEVEL, "awards", broken_step)
    )
    with pytest.raises(RuntimeError):
        with django_capture_on_commit_callbacks(execute=True):
            t = _report(shared_fixtures, ClubFactory())
    t.refresh_from_db()
    assert t.pipeline_status == "failed" and t.pipeline_step == "awards"
    assert t.pipeline_error == "RuntimeError: the award tables are missing"
    # The page's words say which step, not the exception (config.failures).
    assert "master points could not be completed" in t.pipeline_reason_en
    assert "RuntimeError" not in t.pipeline_reason_en + t.pipeline_reason_sv
    # the report's standings are kept; nothing of the failed step was written
    assert Standing.objects.filter(entry__section__tournament=t).count() == 12


def test_the_report_computes_its_standings_once(
    shared_fixtures, monkeypatch, django_capture_on_commit_callbacks
):
    """The standings are the report's, saved with it; no step computes them again."""
    from tournaments import standings as standings_service

    calls = []
    original = standings_service.compute_standings

    def counted(*args, **kwargs):
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(standings_service, "compute_standings", counted)
    monkeypatch.setattr(services, "compute_standings", counted)
    with django_capture_on_commit_callbacks(execute=True):
        t = _report(shared_fixtures, ClubFactory())
    assert len(calls) == 1
    t.refresh_from_db()
    assert t.pipeline_status == "done"
    assert "standings" not in pipeline.step_names()


def test_each_federation_takes_its_own_steps():
    from members.federation import EBU, SBF

    assert pipeline.step_names(SBF) == (
        "sanction",
        "handicap_list",
        "awards",
        "handicaps",
        "rankings",
        "later_handicaps",
    )
    assert pipeline.step_names(EBU) == (
        "handicap_list",
        "awards",
        "handicaps",
        "rankings",
        "later_handicaps",
    )


def test_a_second_delivery_skips_the_steps_the_first_has_done(shared_fixtures, monkeypatch):
    """The sweep may re-queue a slow report while its first message still runs: the
    second delivery waits on the tournament's lock, then finds the step done."""
    t = _report(shared_fixtures, ClubFactory(), run_pipeline=False)
    names = pipeline.step_names()
    for step in names[:3]:
        assert pipeline.run_step(tournament_id=t.pk, version=1, step=step) == "done"
    ran = []

    def counted(tournament):
        ran.append(tournament.pk)

    monkeypatch.setattr(pipeline, "AFTER_LEVEL", replaced(pipeline.AFTER_LEVEL, names[2], counted))
    assert (
        pipeline.run_step(tournament_id=t.pk, version=1, step=names[2], pending_only=True)
        == "skipped"
    )
    assert ran == []
    # without pending_only the step runs again (the idempotence tests rely on it)
    assert pipeline.run_step(tournament_id=t.pk, version=1, step=names[2]) == "done"
    assert ran == [t.pk]
    assert pipeline.run_remaining(t.pk, 1) == "done"
    t.refresh_from_db()
    assert (t.pipeline_status, t.pipeline_step) == ("done", names[-1])
    assert pipeline.run_step(tournament_id=t.pk, version=1, step=names[3], pending_only=True) == (
        "skipped"
    )
