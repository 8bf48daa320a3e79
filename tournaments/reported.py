"""What an EBU scorer's file said, beside what we hold: the licence the file is checked
against, and the file's master points against our ledger (docs/usebio_ebu.md).

The licence and the ledger belong to apps above this one (tournaments.licences,
awards), which this app may not import (docs/architecture.md). Their rows are read
through Django's app registry, by label, when they are installed; nothing here
writes them.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any

from django.utils.translation import get_language

from members.models import Club

from .importers.usebio_ebu import LicenceFacts
from .models import ReportedAward, Tournament


class _Answer:
    """A question this app asks of the apps above it, answered in their
    ``AppConfig.ready`` (as ``tournaments.manual.awarding.AWARD_CHECK``): the tournaments
    app imports neither the licences nor the ledger. Unanswered, it answers ``default``."""

    def __init__(self, default: Callable[..., Any]) -> None:
        self._answer = default

    def answer_with(self, answer: Callable[..., Any]) -> None:
        self._answer = answer  # a second ready() replaces, not repeats

    def __call__(self, *args: Any) -> Any:
        return self._answer(*args)


# (organiser club, day) -> the facts of the granted licence that covers the day, or
# None: answered by tournaments.licences (selectors.licence_facts_for).
LICENCE_FACTS = _Answer(lambda organiser, day: None)
# tournament -> its ledger rows as LedgerRow: answered by awards (selectors.ledger_rows).
LEDGER_ROWS = _Answer(lambda tournament: [])
# () -> the latest events the award step warned of or could not award, as dicts with
# "tournament" and "why": answered by awards (licensing.award_queue).
AWARD_QUEUE = _Answer(lambda: [])


@dataclass(frozen=True)
class LedgerRow:
    """One credited award of ours, as the comparison shows it."""

    member_id: int
    credited: Decimal
    unit: str
    table: str
    reason_sv: str
    reason_en: str


def licence_facts_for(organiser: Club | None, day: date | None) -> LicenceFacts | None:
    """The granted licence of the organiser whose dates hold ``day`` (the tournament
    names no licence: the organiser and the date find it); None when there is none."""
    if organiser is None or day is None:
        return None
    return LICENCE_FACTS(organiser, day)


@dataclass(frozen=True)
class AwardLine:
    """One player: the file's points beside ours, and why ours are what they are."""

    player: str  # MID or temporary id
    name: str
    file_points: Decimal | None
    file_type: str
    our_points: Decimal | None
    our_unit: str
    explanation: str

    @property
    def differs(self) -> bool:
        return (self.file_points or Decimal(0)) != (self.our_points or Decimal(0))


@dataclass(frozen=True)
class Comparison:
    """``ledger_empty``: we have credited nothing for the tournament (the EBU's ledger is
    not wired yet, or the pipeline has not run), so nothing is called a difference."""

    file_stated: bool
    ledger_empty: bool
    lines: tuple[AwardLine, ...] = field(default=())

    @property
    def differences(self) -> tuple[AwardLine, ...]:
        return () if self.ledger_empty else tuple(line for line in self.lines if line.differs)


def _english() -> bool:
    return (get_language() or "sv").startswith("en")


def reported_vs_ours(tournament: Tournament) -> Comparison:
    """Per player, the file's MASTER_POINTS_AWARDED beside our ledger's credited points
    for the tournament (awards.MasterPointAward; ours stand). Two queries."""
    reported = list(
        ReportedAward.objects.filter(tournament=tournament)
        .select_related("player__member")
        .order_by("player__entry__section__name", "player__entry__number", "player_id")
    )
    ours: dict[int, list[LedgerRow]] = defaultdict(list)
    for row in LEDGER_ROWS(tournament):
        ours[row.member_id].append(row)
    english = _english()
    lines = []
    for award in reported:
        player = award.player
        rows = ours.get(player.member_id or -1, [])
        reasons = [
            " ".join(
                part
                for part in (
                    row.table,
                    (row.reason_en if english else row.reason_sv) or row.reason_sv,
                )
                if part
            )
            for row in rows
        ]
        lines.append(
            AwardLine(
                player=player.player_id,
                name=player.name or player.player_id,
                file_points=award.points,
                file_type=award.point_type,
                our_points=sum((row.credited for row in rows), Decimal(0)) if rows else None,
                our_unit=rows[0].unit if rows else "",
                explanation="; ".join(r for r in reasons if r),
            )
        )
    return Comparison(
        file_stated=bool(reported) or tournament.file_mps_awarded is not None,
        ledger_empty=not ours,
        lines=tuple(lines),
    )
