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
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from awards.services import award_tournament, forget_tournament, refresh_rankings_for
from handicap.services import (
    carry_handicaps_forward,
    handicap_list_for,
    update_own_handicaps,
    withdraw_handicaps,
)
from members.common.pages import TOURNAMENT_LIST, lists_changed
from members.domain.api_access import AWARDS_CREDITED, HANDICAP_CHANGED, REPORT_PROCESSED
from members.federation import EventScheme, Profile, current
from members.webhooks import emit
from tournaments.models import Tournament
from tournaments.sanctions.level import apply_sanction
from tournaments.services import stuck_reports

from .failures import explain

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
    PipelineStep(Step.HANDICAPS, update_own_handicaps),
    PipelineStep(Step.RANKINGS, refresh_rankings_for),
    # A report dated in the past: the later competitions its players' new handicaps
    # reach. Last, so that the players see their points, handicap and ranking first.
    PipelineStep(Step.LATER_HANDICAPS, carry_handicaps_forward),
)


# Webhooks (issue 23): what the organiser club's hooks hear as a report's steps finish.
STEP_EVENTS = {Step.AWARDS: AWARDS_CREDITED, Step.HANDICAPS: HANDICAP_CHANGED}


def steps(profile: Profile | None = None) -> tuple[PipelineStep, ...]:
    return LEVEL_STEPS[(profile or current()).event_scheme] + AFTER_LEVEL


def step_names(profile: Profile | None = None) -> tuple[str, ...]:
    return tuple(step.name for step in steps(profile))


def run_step(*, tournament_id: int, version: int, step: str, pending_only: bool = False) -> str:
    """Run one step for the tournament's report ``version``; a newer report makes it stale.
    With ``pending_only`` a step another delivery of the same message has done since
    (the sweep re-queued a slow report) is "skipped" rather than run again."""
    chain = steps()
    function = {s.name: s.run for s in chain}[step]
    with transaction.atomic():
        # NO KEY UPDATE: a step of another report may write rows that point at this one
        # (the handicap walk), and a key-share check must not wait for this step.
        tournament = (
            Tournament.objects.select_for_update(no_key=True).filter(pk=tournament_id).first()
        )
        if tournament is None or tournament.report_version != version:
            return "stale"
        if pending_only and step not in _pending(tournament, chain):
            return "skipped"
        function(tournament)
        last = step == chain[-1].name
        tournament.set_pipeline(
            Tournament.Pipeline.DONE if last else Tournament.Pipeline.PROCESSING, step
        )
        tournament.save(update_fields=Tournament.PIPELINE_FIELDS)
        events = (STEP_EVENTS.get(step), REPORT_PROCESSED if last else None)
        for event in filter(None, events):
            emit(
                event,
                f"{tournament.pk}:{version}",
                _facts(tournament),
                [tournament.organiser_club_id],
            )
    return "done"


def _facts(tournament: Tournament) -> dict:
    """What a webhook is told of a report: its ids and public facts."""
    return {
        "tournament_id": tournament.pk,
        "report_version": tournament.report_version,
        "name": tournament.name,
        "start_date": tournament.start_date.isoformat(),
        "organiser_club_id": tournament.organiser_club_id,
    }


def record_failure(*, tournament_id: int, version: int, step: str, exc: BaseException) -> None:
    """The step failed for good: the page says why in both languages, the office also
    sees the exception."""
    sv, en = explain(step, exc)
    lists_changed(TOURNAMENT_LIST)
    Tournament.objects.filter(pk=tournament_id, report_version=version).update(
        pipeline_status=Tournament.Pipeline.FAILED,
        pipeline_step=step,
        pipeline_error=f"{type(exc).__name__}: {exc}"[:2000],
        pipeline_reason_sv=sv[:500],
        pipeline_reason_en=en[:500],
        pipeline_updated=timezone.now(),
    )


def stuck(now: datetime | None = None):
    """Reports whose pipeline has not moved for ``settings.PIPELINE_STUCK_AFTER``
    seconds: their messages were lost (a broker restart, a worker killed whole)."""
    return stuck_reports(now)


def on_results_withdrawn(sender, *, tournament: Tournament, **kwargs) -> None:
    """What the steps derived from a withdrawn report goes, in its transaction, before
    the tournament itself."""
    forget_tournament(tournament)
    withdraw_handicaps(tournament)


def _pending(tournament: Tournament, chain: tuple[PipelineStep, ...]) -> tuple[str, ...]:
    names = tuple(s.name for s in chain)
    status, done = tournament.pipeline_status, tournament.pipeline_step
    if status == Tournament.Pipeline.QUEUED:
        return names
    if status == Tournament.Pipeline.PROCESSING:
        return names[names.index(done) + 1 :] if done in names else names
    return ()


def remaining(tournament_id: int, version: int) -> tuple[str, ...]:
    """The steps still to run for this report version: all of them when it is queued,
    those after the last one done when it is in progress, none when it is done, failed,
    replaced by a newer version, or gone."""
    found = (
        Tournament.objects.filter(pk=tournament_id, report_version=version)
        .only("pipeline_status", "pipeline_step")
        .first()
    )
    return () if found is None else _pending(found, steps())


class StepFailed(Exception):
    """``step`` raised; the error is the ``__cause__``."""

    def __init__(self, step: str):
        super().__init__(step)
        self.step = step


def run_remaining(tournament_id: int, version: int) -> str:
    """Every step still to run for the report version, in order, each in a transaction of
    its own (a step done stays done): "done", or "stale" when a newer version came in.
    A step that raises raises ``StepFailed`` naming it; running this again (a retry, a
    message delivered twice, the sweep) goes on after the last step done."""
    for step in remaining(tournament_id, version):
        try:
            outcome = run_step(
                tournament_id=tournament_id, version=version, step=step, pending_only=True
            )
        except Exception as exc:
            raise StepFailed(step) from exc
        if outcome == "stale":
            return "stale"
    return "done"


def resume(tournament_id: int, *, now: datetime | None = None) -> int | None:
    """The version of a stuck report to run again, marking it as moving (so that the
    next sweep leaves it alone); None when it is done, failed or gone."""
    with transaction.atomic():
        tournament = (
            Tournament.objects.select_for_update(no_key=True).filter(pk=tournament_id).first()
        )
        if tournament is None or tournament.pipeline_status not in (
            Tournament.Pipeline.QUEUED,
            Tournament.Pipeline.PROCESSING,
        ):
            return None
        tournament.pipeline_updated = now or timezone.now()
        tournament.save(update_fields=["pipeline_updated"])
        return tournament.report_version
