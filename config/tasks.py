"""The pipeline's task and how it is started: on Celery workers through Redis in
production, in a thread of the web process on the embedded default (``runner``), or at
once in the tests. One task runs a report's steps in order, each step in a transaction
of its own; a transient database error retries the task, which goes on after the last
step done. A sweep runs again every report whose messages were lost
(docs/production.md)."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from awards.services import refresh_devalued_gold, refresh_stale_rankings

from . import pipeline
from .retries import MAX_RETRIES, TRANSIENT, backoff, forget_connection
from .runner import RUNNER


@shared_task(bind=True, max_retries=MAX_RETRIES)
def run_pipeline(self, tournament_id: int, version: int) -> str:
    """The report version's remaining steps; safe to run twice (each step replaces its
    rows, a step done is not run again).

    Tasks are acknowledged late (settings), so a worker killed mid-step leaves the
    message to be delivered again, and the step's transaction leaves nothing half-written.
    """
    try:
        return pipeline.run_remaining(tournament_id, version)
    except pipeline.StepFailed as failed:
        exc = failed.__cause__ or failed
        if isinstance(exc, TRANSIENT):
            forget_connection()
            if self.request.retries < MAX_RETRIES:
                raise self.retry(exc=exc, countdown=backoff(self.request.retries)) from exc
        pipeline.record_failure(
            tournament_id=tournament_id, version=version, step=failed.step, exc=exc
        )
        raise exc from None


@shared_task
def sweep_stuck_reports() -> int:
    """Run again every report whose pipeline has not moved for a few minutes
    (``settings.PIPELINE_STUCK_AFTER``); returns how many. Celery beat calls it every
    minute; the first sweep of a day also refreshes the whole ranking and the EBU's
    devalued gold points."""
    resumed = 0
    for tournament_id in list(pipeline.stuck().values_list("pk", flat=True)):
        version = pipeline.resume(tournament_id)
        if version is not None:
            start_pipeline(tournament_id, version)
            resumed += 1
    refresh_stale_rankings(timezone.localdate())
    refresh_devalued_gold(timezone.localdate())
    return resumed


def on_results_changed(sender, *, tournament_id: int, version: int, **kwargs) -> None:
    """Start the steps once the transaction that changed the results commits."""
    transaction.on_commit(lambda: start_pipeline(tournament_id, version))


def start_pipeline(tournament_id: int, version: int):
    """Run the report version's remaining steps, where the settings say."""
    if settings.PIPELINE_RUNNER == "thread":
        RUNNER.submit(tournament_id, version)
        return None
    return run_pipeline.apply_async((tournament_id, version))
