"""The embedded default's pipeline (no REDIS_URL): one thread of the web process runs
the steps after the response, so an upload never waits for them, and every minute it
runs the sweep. Steps are retried on transient errors here as on a Celery worker
(SQLite's "database is locked" among them). A restarted process loses its queue; the
sweep finds those reports again."""

from __future__ import annotations

import logging
import queue
import threading
import time

from django.db import connections
from django.utils import timezone

from awards.services import refresh_devalued_gold, refresh_stale_rankings
from members import webhooks

from . import pipeline
from .retries import MAX_RETRIES, TRANSIENT, backoff, forget_connection

log = logging.getLogger(__name__)
SWEEP_EVERY = 60.0  # seconds


class Runner:
    def __init__(self) -> None:
        self._jobs: queue.Queue[tuple[int, int]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._started = threading.Lock()

    def submit(self, tournament_id: int, version: int) -> None:
        self._jobs.put((tournament_id, version))
        with self._started:
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._serve, name="pipeline", daemon=True)
                self._thread.start()

    def wait(self, timeout: float = 60.0) -> bool:
        """Until every job submitted has run (tests, benchmarks); False on timeout."""
        deadline = time.monotonic() + timeout
        while self._jobs.unfinished_tasks:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.02)
        return True

    def _serve(self) -> None:
        swept = time.monotonic()
        while True:
            try:
                job = self._jobs.get(timeout=SWEEP_EVERY)
            except queue.Empty:
                job = None
            try:
                if job is not None:
                    run_report(*job)
                if time.monotonic() - swept >= SWEEP_EVERY:
                    swept = time.monotonic()
                    for tournament_id in list(pipeline.stuck().values_list("pk", flat=True)):
                        version = pipeline.resume(tournament_id)
                        if version is not None:
                            run_report(tournament_id, version)
                    refresh_stale_rankings(timezone.localdate())
                    refresh_devalued_gold(timezone.localdate())
                    webhooks.sweep()  # deliveries whose thread a restart lost
            except Exception:  # the thread must outlive any one report
                log.exception("pipeline runner: %s", job)
            finally:
                connections.close_all()  # this thread's own connection
                if job is not None:
                    self._jobs.task_done()


def run_report(tournament_id: int, version: int) -> str:
    """The report version's remaining steps, retried after a transient error (going on
    after the last step done); a step that fails for good is recorded and ends the run."""
    for attempt in range(MAX_RETRIES + 1):
        try:
            return pipeline.run_remaining(tournament_id, version)
        except pipeline.StepFailed as failed:
            exc = failed.__cause__ or failed
            if isinstance(exc, TRANSIENT) and attempt < MAX_RETRIES:
                forget_connection()
                time.sleep(backoff(attempt))
                continue
            if not isinstance(exc, TRANSIENT):
                log.error("pipeline step %s of tournament %s: %r", failed.step, tournament_id, exc)
            forget_connection()
            pipeline.record_failure(
                tournament_id=tournament_id, version=version, step=failed.step, exc=exc
            )
            return "failed"
    return "failed"


RUNNER = Runner()
