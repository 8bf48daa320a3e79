"""The Celery app of the worker-kill test (``celery -A config.tests.slow_worker``):
config's own, with the award step replaced by ``slow_steps.half_written_then_stall``.
Django is set up first, as the pipeline imports models; prefork children inherit it."""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django.setup()

from config import pipeline  # noqa: E402
from config.celery import app  # noqa: E402
from config.tests.slow_steps import half_written_then_stall  # noqa: E402

pipeline.AFTER_LEVEL = tuple(
    pipeline.PipelineStep(s.name, half_written_then_stall) if s.name == "awards" else s
    for s in pipeline.AFTER_LEVEL
)

__all__ = ["app"]
