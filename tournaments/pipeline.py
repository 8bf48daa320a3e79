"""The steps that follow a report: standings → awards → handicaps → rankings.

Each step is a function of one tournament, idempotent (it replaces what it
wrote before) and run inside one transaction by ``run_step``. The award,
handicap and ranking steps belong to their apps; until those exist they are
no-ops, named here by dotted path so that this module needs no import of them.
"""

from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from .models import Tournament

STEPS: tuple[tuple[str, str], ...] = (
    ("standings", "tournaments.scoring_service.compute_standings"),
    # A sanctioned event is played for the level its real field reached (issue #7).
    ("sanction", "tournaments.sanctions.level.apply_sanction"),
    # Handicap events: the list corrected for handicap, which the award rules read.
    ("handicap_list", "handicap.services.handicap_list_for"),
    ("awards", "awards.services.award_tournament"),
    ("handicaps", "handicap.services.update_handicaps_for"),
    ("rankings", "awards.services.refresh_rankings_for"),
)
STEP_NAMES = tuple(name for name, _path in STEPS)


def step_function(step: str):
    """The function of a step; settings.PIPELINE_STEP_OVERRIDES may replace one (a test
    worker slows a step down this way; a federation could plug in its own rules)."""
    path = getattr(settings, "PIPELINE_STEP_OVERRIDES", {}).get(step) or dict(STEPS)[step]
    return import_string(path)


def run_step(*, tournament_id: int, version: int, step: str) -> str:
    """Run one step for the tournament's report ``version``; a newer report makes it stale."""
    function = step_function(step)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None or tournament.report_version != version:
            return "stale"
        function(tournament)
        last = step == STEP_NAMES[-1]
        tournament.pipeline_status = (
            Tournament.Pipeline.DONE if last else Tournament.Pipeline.PROCESSING
        )
        tournament.pipeline_step = step
        tournament.pipeline_error = ""
        tournament.pipeline_updated = timezone.now()
        tournament.save(
            update_fields=["pipeline_status", "pipeline_step", "pipeline_error", "pipeline_updated"]
        )
    return "done"


def record_failure(*, tournament_id: int, version: int, step: str, reason: str) -> None:
    Tournament.objects.filter(pk=tournament_id, report_version=version).update(
        pipeline_status=Tournament.Pipeline.FAILED,
        pipeline_step=step,
        pipeline_error=reason[:2000],
        pipeline_updated=timezone.now(),
    )
