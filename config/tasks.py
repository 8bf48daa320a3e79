"""The pipeline's tasks and how they are started: on Celery workers through Redis in
production, in a thread of the web process on the embedded default (``runner``), or at
once in the tests. Every step is retried on a transient database error, and a sweep
runs again every report whose messages were lost (docs/production.md)."""

from __future__ import annotations

from celery import chain, shared_task
from django.conf import settings
from django.db import transaction

from . import pipeline
from .retries import MAX_RETRIES, TRANSIENT, backoff, forget_connection
from .runner import RUNNER


@shared_task(bind=True, max_retries=MAX_RETRIES)
def pipeline_step(self, tournament_id: int, version: int, step: str) -> str:
    """One step for one report version; safe to run twice (the step replaces its rows).

    Tasks are acknowledged late (settings), so a worker killed mid-step leaves the
    message to be delivered again, and the step's transaction leaves nothing half-written.
    """
    try:
        return pipeline.run_step(tournament_id=tournament_id, version=version, step=step)
    except TRANSIENT as exc:
        forget_connection()
        if self.request.retries < MAX_RETRIES:
            raise self.retry(exc=exc, countdown=backoff(self.request.retries)) from exc
        pipeline.record_failure(tournament_id=tournament_id, version=version, step=step, exc=exc)
        raise
    except Exception as exc:
        pipeline.record_failure(tournament_id=tournament_id, version=version, step=step, exc=exc)
        raise


@shared_task
def sweep_stuck_reports() -> int:
    """Run again every report whose pipeline has not moved for a few minutes
    (``pipeline.STUCK_AFTER``); returns how many. Celery beat calls it every minute."""
    resumed = 0
    for tournament_id in list(pipeline.stuck().values_list("pk", flat=True)):
        found = pipeline.resume(tournament_id)
        if found is not None:
            version, left = found
            _dispatch(tournament_id, version, left)
            resumed += 1
    return resumed


def on_results_changed(sender, *, tournament_id: int, version: int, **kwargs) -> None:
    """Queue the steps once the transaction that changed the results commits."""
    transaction.on_commit(lambda: start_pipeline(tournament_id, version))


def start_pipeline(tournament_id: int, version: int):
    """Start every step, in order, for one report version."""
    return _dispatch(tournament_id, version, pipeline.step_names())


def _dispatch(tournament_id: int, version: int, steps: tuple[str, ...]):
    if not steps:
        return None
    if settings.PIPELINE_RUNNER == "thread":
        RUNNER.submit(tournament_id, version, steps)
        return None
    return chain(pipeline_step.si(tournament_id, version, step) for step in steps).apply_async()
