from celery import chain, shared_task
from django.db import InterfaceError, OperationalError, transaction

from . import pipeline

# Worth another try: the database or broker was briefly unreachable, or a lock timed out.
TRANSIENT = (OperationalError, InterfaceError, ConnectionError, TimeoutError)
MAX_RETRIES = 5


@shared_task(bind=True, max_retries=MAX_RETRIES)
def pipeline_step(self, tournament_id: int, version: int, step: str) -> str:
    """One step for one report version; safe to run twice (the step replaces its rows).

    Tasks are acknowledged late (settings), so a worker killed mid-step leaves the
    message to be delivered again, and the step's transaction leaves nothing half-written.
    """
    try:
        return pipeline.run_step(tournament_id=tournament_id, version=version, step=step)
    except TRANSIENT as exc:
        if self.request.retries < MAX_RETRIES:
            raise self.retry(exc=exc, countdown=2**self.request.retries) from exc
        _record(tournament_id, version, step, exc)
        raise
    except Exception as exc:
        _record(tournament_id, version, step, exc)
        raise


def _record(tournament_id: int, version: int, step: str, exc: BaseException) -> None:
    pipeline.record_failure(
        tournament_id=tournament_id,
        version=version,
        step=step,
        reason=f"{type(exc).__name__}: {exc}",
    )


def on_results_changed(sender, *, tournament_id: int, version: int, **kwargs) -> None:
    """Queue the steps once the transaction that changed the results commits."""
    transaction.on_commit(lambda: start_pipeline(tournament_id, version))


def start_pipeline(tournament_id: int, version: int):
    """Queue the steps in order for one report version (called after the report commits)."""
    return chain(
        pipeline_step.si(tournament_id, version, step) for step in pipeline.step_names()
    ).apply_async()
