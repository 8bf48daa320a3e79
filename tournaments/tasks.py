from celery import Task, chain, shared_task
from django.db import InterfaceError, OperationalError

from . import pipeline

# Worth another try: the database or broker was briefly unreachable, or a lock timed out.
TRANSIENT = (OperationalError, InterfaceError, ConnectionError, TimeoutError)


class PipelineTask(Task):
    def on_failure(self, exc, task_id, args, kwargs, einfo):
        tournament_id, version, step = args
        pipeline.record_failure(
            tournament_id=tournament_id,
            version=version,
            step=step,
            reason=f"{type(exc).__name__}: {exc}",
        )


@shared_task(
    bind=True, base=PipelineTask, autoretry_for=TRANSIENT, retry_backoff=True, max_retries=5
)
def pipeline_step(self, tournament_id: int, version: int, step: str) -> str:
    return pipeline.run_step(tournament_id=tournament_id, version=version, step=step)


def start_pipeline(tournament_id: int, version: int):
    """Queue the steps in order for one report version (called after the report commits)."""
    return chain(
        pipeline_step.si(tournament_id, version, step) for step in pipeline.STEP_NAMES
    ).apply_async()
