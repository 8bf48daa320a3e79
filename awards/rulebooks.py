"""The master points rulebook of each federation profile (``members.federation``)."""

from __future__ import annotations

from members.federation import Profile, current

from .domain.core import Reason, Rulebook
from .domain.sbf import SBF
from .domain.unbuilt import EBU_UNBUILT, UnbuiltRulebook

RULEBOOKS: dict[str, Rulebook] = {"sbf": SBF, "ebu": EBU_UNBUILT}


def rulebook(profile: Profile | None = None) -> Rulebook:
    """The rulebook of ``profile``, by default the one this database serves."""
    return RULEBOOKS[(profile or current()).rulebook]


def not_built(profile: Profile | None = None) -> Reason | None:
    """Why this federation's pages show no master points, while its rulebook is not
    in Klöver yet (the EBU's, seed 001 chapters 2-6); None once it is."""
    book = rulebook(profile)
    return book.reason if isinstance(book, UnbuiltRulebook) else None
