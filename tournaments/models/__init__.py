"""The tournaments app's models: reported results (``results``) and the silver and
gold sanctions clubs apply for (``sanctions``)."""

from .results import (
    BoardResult,
    Entry,
    EntryPlayer,
    ImportLog,
    LineupSlot,
    Section,
    Standing,
    TeamMatch,
    Tournament,
)
from .sanctions import Sanction, SanctionAction

__all__ = [
    "BoardResult",
    "Entry",
    "EntryPlayer",
    "ImportLog",
    "LineupSlot",
    "Sanction",
    "SanctionAction",
    "Section",
    "Standing",
    "TeamMatch",
    "Tournament",
]
