"""The master points rulebook of each federation profile (``members.federation``), and
every version of a rulebook that Klöver can award by (``recompute_awards
--rulebook-version``; docs/awards.md, "Rules as versioned data")."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from members.federation import Profile, current

from .domain.core import Rulebook
from .domain.ebu.rulebook import EBU
from .domain.sbf import SBF

RULEBOOKS: dict[str, Rulebook] = {"sbf": SBF, "ebu": EBU}


def rulebook(profile: Profile | None = None) -> Rulebook:
    """The rulebook of ``profile``, by default the one this database serves."""
    return RULEBOOKS[(profile or current()).rulebook]


# Every rulebook version the ledger may follow, by the name each award stores
# (``MasterPointAward.rule_version``). A version printed by a federation is added here
# as an object (``SBF.amended(...)`` or ``EBU.amended(...)`` of the cells it changes).
VERSIONS: tuple[Rulebook, ...] = (SBF, EBU)


class UnknownVersion(LookupError):
    """A version name no registered rulebook has; the message lists the versions."""


_extra: list[Rulebook] = []


def versions() -> dict[str, Rulebook]:
    """The registered versions by name, the printed ones first."""
    return {book.version: book for book in (*VERSIONS, *_extra)}


def rulebook_version(name: str) -> Rulebook:
    """The rulebook version called ``name``."""
    known = versions()
    if name not in known:
        raise UnknownVersion(
            f"no rulebook version {name!r}; the versions are {', '.join(map(repr, known))}"
        )
    return known[name]


@contextmanager
def version_registered(book: Rulebook) -> Iterator[Rulebook]:
    """``book`` registered until the block ends: a what-if version (e.g. one scale
    cell changed) that the recompute and its dry run can then be asked for."""
    if book.version in versions():
        raise ValueError(f"a rulebook version {book.version!r} is registered already")
    _extra.append(book)
    try:
        yield book
    finally:
        _extra.remove(book)
