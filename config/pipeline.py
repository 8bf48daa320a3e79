"""The steps that follow a report, in order: the level the event is played for (its
sanction or licence), the handicap list of a handicap event, the master points, the
handicaps and the rankings. This is wiring, like urls.py: each step belongs to its app,
and the federation profile (members.federation) says which steps its events take.

Each step is a function of one tournament, idempotent (it replaces what it wrote
before) and run in one transaction by ``run_step`` with the tournament's row locked.
The standings are not a step: the report computes them as it is saved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from awards.services import award_tournament, refresh_rankings_for
from handicap.services import handicap_list_for, update_handicaps_for
from members.federation import EventScheme, Profile, current
from tournaments.models import Tournament
from tournaments.sanctions.level import apply_sanction

Step = Tournament.Step


@dataclass(frozen=True)
class PipelineStep:
    name: str  # a Tournament.Step value
    run: Callable[[Tournament], None]


# What a reported event's level comes from, by the federation's scheme for events.
# The EBU's licences give a status level (issue 20); until then the level stands as
# reported.
LEVEL_STEPS: dict[EventScheme, tuple[PipelineStep, ...]] = {
    EventScheme.SANCTIONS: (PipelineStep(Step.SANCTION, apply_sanction),),
    EventScheme.LICENCES: (),
}
AFTER_LEVEL: tuple[PipelineStep, ...] = (
    # Handicap events: the list corrected for handicap, which the award rules read.
    PipelineStep(Step.HANDICAP_LIST, handicap_list_for),
    PipelineStep(Step.AWARDS, award_tournament),
    PipelineStep(Step.HANDICAPS, update_handicaps_for),
    PipelineStep(Step.RANKINGS, refresh_rankings_for),
)


def steps(profile: Profile | None = None) -> tuple[PipelineStep, ...]:
    return LEVEL_STEPS[(profile or current()).event_scheme] + AFTER_LEVEL


def step_names(profile: Profile | None = None) -> tuple[str, ...]:
    return tuple(step.name for step in steps(profile))


def run_step(*, tournament_id: int, version: int, step: str) -> str:
    """Run one step for the tournament's report ``version``; a newer report makes it stale."""
    chain = steps()
    function = {s.name: s.run for s in chain}[step]
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None or tournament.report_version != version:
            return "stale"
        function(tournament)
        last = step == chain[-1].name
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
