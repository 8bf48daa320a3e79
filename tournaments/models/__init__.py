"""The tournaments app's models: reported results (``results``), the silver and gold
sanctions clubs apply for (``sanctions``) and the EBU licences (``licences``)."""

from .licences import AllowanceUse, FeeRate, Licence, LicenceAction, Organisation
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
    "AllowanceUse",
    "FeeRate",
    "Licence",
    "LicenceAction",
    "Organisation",
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
