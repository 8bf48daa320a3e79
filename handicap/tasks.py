"""The handicap app's Celery tasks: each calls one service and is safe to run twice."""

from celery import shared_task

from . import checkup, form_handicaps


@shared_task
def recompute_form_handicaps() -> int:
    """The nightly handicaps by scoring (002 7.1); returns how many rows are held."""
    return sum(form_handicaps.recompute_form_handicaps().held.values())


@shared_task(acks_late=True)
def recompute_after_adjustment() -> bool:
    """The collective adjustment's full recompute (``checkup.apply_adjustment``): takes
    no ids (there is at most one adjustment) and is safe to run twice or late."""
    return checkup.apply_adjustment()
