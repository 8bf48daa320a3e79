"""The Celery app of the retry test (``celery -A config.tests.flaky_worker``): config's
own, with the award step failing once with a deadlock, as psycopg raises it from COPY
(unwrapped by Django), before it runs for real. Each try is written to
KLOVER_TEST_MARKER."""

import os
from pathlib import Path

import django
import psycopg

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from config import pipeline  # noqa: E402
from config.celery import app  # noqa: E402

_real = {s.name: s.run for s in pipeline.AFTER_LEVEL}["awards"]


def deadlocked_once(tournament) -> None:
    marker = Path(os.environ["KLOVER_TEST_MARKER"])
    tries = marker.read_text().split() if marker.exists() else []
    marker.write_text(" ".join([*tries, str(os.getpid())]))
    if not tries:
        raise psycopg.errors.DeadlockDetected("deadlock detected")
    _real(tournament)


pipeline.AFTER_LEVEL = tuple(
    pipeline.PipelineStep(s.name, deadlocked_once) if s.name == "awards" else s
    for s in pipeline.AFTER_LEVEL
)

__all__ = ["app"]
