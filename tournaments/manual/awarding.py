"""Can a team event's master points be computed as it stands? Asked as a match entered
by hand is saved, so that a match is saved with its awards or refused whole.

The rulebook is the awards app's, which this app may not import (docs/architecture.md):
the awards app answers the question in its ``AppConfig.ready`` (``AWARD_CHECK.answer_with``,
``awards.services.award_refusal``), as the apps above fill the tournament page's parts.
Where nobody answers, every match is taken. docs/manual-entry.md has the decision.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import get_language

from tournaments.models import Tournament

# (Swedish, English): why the rules cannot award the event; None: they can.
Answer = Callable[[Tournament], tuple[str, str] | None]


@dataclass(frozen=True)
class Refusal:
    """The rulebook's reason, said in the reader's language where it is read."""

    sv: str
    en: str

    def __str__(self) -> str:
        return self.sv if (get_language() or "").startswith("sv") else self.en


class AwardCheck:
    def __init__(self) -> None:
        self._answer: Answer | None = None

    def answer_with(self, answer: Answer) -> None:
        self._answer = answer  # a second ready() replaces, not repeats

    def refusal(self, tournament: Tournament) -> Refusal | None:
        """Why the event's awards cannot be computed with what is saved of it now."""
        if self._answer is None:
            return None
        found = self._answer(tournament)
        return None if found is None else Refusal(*found)


AWARD_CHECK = AwardCheck()
