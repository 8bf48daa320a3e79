"""The field's average handicap for raised gold (000 lines 373-379), from the app that
keeps the national handicap.

The handicap app stands above this one (docs/architecture.md), so the award step cannot
ask it directly: it registers a reader here in its ``AppConfig.ready``
(``FIELD_HANDICAP.answer_with``), as the awards app answers the tournaments app's
``AWARD_CHECK``. Until one is registered, or for a tournament it does not know, the
award step takes the handicaps the report carried per entry (``Entry.handicap``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal

# tournament ids -> each one's field average handicap over its players before the
# event day; a tournament left out (or None) is not known to the reader.
Reader = Callable[[Sequence[int]], dict[int, Decimal | None]]


class FieldHandicap:
    def __init__(self) -> None:
        self._reader: Reader | None = None

    def answer_with(self, reader: Reader | None) -> None:
        self._reader = reader  # a second ready() replaces, not repeats

    def __call__(self, tournament_ids: Sequence[int]) -> dict[int, Decimal | None]:
        if self._reader is None or not tournament_ids:
            return {}
        return self._reader(tournament_ids)


FIELD_HANDICAP = FieldHandicap()
