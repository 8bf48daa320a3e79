"""The pipeline's level step for a sanctioned event: it is played for the level its real
field reached (seed 000 chapter 5, the field checks run again), and the sanction moves on
to "results reported"."""

from __future__ import annotations

from tournaments.models import Tournament

from . import domain as rules
from . import services, workflow
from .domain.rules import LEVEL_SV
from .models import Sanction, SanctionAction


def apply_sanction(tournament: Tournament) -> None:
    """Pipeline step: a sanctioned event is played for the level its real field
    reached (000 ch. 5, the field checks again; issue #7). Idempotent: it sets the
    same level and reasons every time, and links the sanction once."""
    sanction = services.sanction_for(tournament)
    if sanction is None:
        return
    level, reasons = rules.level_reached(
        rules.Level(sanction.level), services.real_field(tournament, sanction)
    )
    tournament.level = level.value
    tournament.level_checks = [services.check_as_dict(c) for c in reasons]
    tournament.level_reason = _reason_summary(sanction, level, reasons)
    tournament.save(update_fields=["level", "level_checks", "level_reason"])
    if sanction.tournament_id != tournament.pk:
        record_results(sanction, tournament)


def _reason_summary(sanction: Sanction, level: rules.Level, reasons: list[rules.Check]) -> str:
    """A short line in the language of record (Swedish); the page shows each check."""
    text = f"sanktion {sanction.reference}"
    if level.value != sanction.level:
        # Swedish whatever language the worker runs in; not the English values.
        was = LEVEL_SV[rules.Level(sanction.level)].lower()
        text += f", {was} → {LEVEL_SV[level].lower()}"
    return text[:300]


def record_results(sanction: Sanction, tournament: Tournament) -> None:
    """Link the report; approved → held → results reported, each step on the trail."""
    locked = Sanction.objects.select_for_update().get(pk=sanction.pk)
    locked.tournament = tournament
    locked.save(update_fields=["tournament", "updated"])
    if locked.state == Sanction.State.APPROVED:
        workflow.system_step(locked, SanctionAction.Kind.HELD, Sanction.State.HELD)
    if locked.state == Sanction.State.HELD:
        workflow.system_step(
            locked,
            SanctionAction.Kind.RESULTS_REPORTED,
            Sanction.State.RESULTS_REPORTED,
            note=tournament.name,
        )
