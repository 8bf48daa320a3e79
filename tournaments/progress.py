"""A report's processing as the pages say it: the tournament page's line (and the manual
entry pages'), and the status JSON that line asks while it follows the steps
(``views.tournament_status``, ``static/js/pipeline_status.js``).

A failed step is told by its reason in the reader's language (``pipeline_reason``,
config.failures wrote it); the exception (``pipeline_error``) is the office's and is
never part of this.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from .models import Tournament

# The pipeline has nothing more to do for this version of the report: the line stops
# asking (a new report or the office's "run again" queues it once more).
FINISHED = (Tournament.Pipeline.DONE, Tournament.Pipeline.FAILED)
# What the status endpoint reads of a tournament: never pipeline_error.
STATE_FIELDS = ("pipeline_status", "pipeline_step", "pipeline_reason_sv", "pipeline_reason_en")


def step_label(step: str) -> str:
    """A step's name in words, in the reader's language (``Tournament.Step``)."""
    return str(dict(Tournament.Step.choices).get(step, step))


def pipeline_state(tournament: Tournament) -> dict:
    """status and step (codes), label (the status in words), detail (where it stands),
    reason (why a failed step failed) and done (nothing more will happen)."""
    status = tournament.pipeline_status
    step = tournament.pipeline_step
    failed = status == Tournament.Pipeline.FAILED
    detail = ""
    if failed and step:
        detail = _("at the step “%(step)s”") % {"step": step_label(step)}
    elif status == Tournament.Pipeline.PROCESSING and step == Tournament.Step.RANKINGS:
        # Only the later competitions' handicaps are left (a report dated in the past).
        detail = _(
            "points, handicaps and ranking are on the players' pages; the handicaps of "
            "later competitions are being updated"
        )
    elif status == Tournament.Pipeline.PROCESSING and step:
        detail = _("last step done: %(step)s") % {"step": step_label(step)}
    reason = ""
    if failed:
        reason = tournament.pipeline_reason or _(
            "The step could not be completed; the office sees why."
        )
    return {
        "status": status,
        "step": step,
        "label": str(Tournament.Pipeline(status).label) if status else "",
        "detail": detail,
        "reason": reason,
        "done": status in FINISHED,
    }
