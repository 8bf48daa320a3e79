"""The master points rulebook of each federation profile (``members.federation``)."""

from __future__ import annotations

from members.federation import Profile, current

from .domain.core import Rulebook
from .domain.sbf import SBF
from .domain.unbuilt import EBU_UNBUILT

RULEBOOKS: dict[str, Rulebook] = {"sbf": SBF, "ebu": EBU_UNBUILT}


def rulebook(profile: Profile | None = None) -> Rulebook:
    """The rulebook of ``profile``, by default the one this database serves."""
    return RULEBOOKS[(profile or current()).rulebook]
