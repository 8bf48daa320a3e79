"""The handicap app's Celery tasks: each calls one service and is safe to run twice."""

from celery import shared_task

from . import form_handicaps


@shared_task
def recompute_form_handicaps() -> int:
    """The nightly handicaps by scoring (002 7.1); returns how many rows are held."""
    return sum(form_handicaps.recompute_form_handicaps().held.values())
