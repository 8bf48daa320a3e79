"""Printed cells that a rulebook version changes: the SBF rulebook as versioned data.

Source: ``000_18af0e66f52a62b2.txt``, chapter 9 "MP-tabeller": tables A1 (rows at
lines 612-668), A2 (lines 736-804), C (lines 1073-1142), D (lines 1152-1212) and F
(lines 1681-1728). A version of the rulebook is the printed tables with some cells
replaced (:class:`Cell`); every rule that reads a printed row (the means of
neighbouring rows, the rows read off in proportion, table D's bronze from table A,
gold scored as table D) reads the replaced cell, so a version differs exactly where
its tables do.

The rows are read deep inside the table modules, by many rules, and cached; the
version in force is therefore a context (like ``decimal.localcontext``):
:meth:`SbfRulebook.award` enters its cells for the length of one award, and each
table's cache is keyed on the cells in force.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, order=True)
class Cell:
    """Place ``place`` of table ``table``'s printed row for ``entries`` pairs (players),
    as a version prints it: ``value`` in the colour's own unit. A silver row (D, F)
    counts its sp places first, then its red bronze places, as printed on one line."""

    table: str
    entries: int
    place: int
    value: int

    def __str__(self) -> str:
        return f"{self.table}[{self.entries}][{self.place}]={self.value}"


# The tables whose printed rows a version may change, as the table modules name them.
AMENDABLE: Final = ("A1", "A2", "C", "D", "F")

NO_CELLS: Final[frozenset[Cell]] = frozenset()
_IN_FORCE: ContextVar[frozenset[Cell]] = ContextVar("sbf_cells_in_force", default=NO_CELLS)


def in_force() -> frozenset[Cell]:
    """The cells the rulebook version being applied replaces (none: the printed book)."""
    return _IN_FORCE.get()


@contextmanager
def amended(cells: frozenset[Cell]) -> Iterator[None]:
    """Read the tables with ``cells`` replaced until the block ends."""
    token = _IN_FORCE.set(cells)
    try:
        yield
    finally:
        _IN_FORCE.reset(token)


def flat_row(
    table: str, entries: int, printed: tuple[int, ...], cells: frozenset[Cell]
) -> tuple[int, ...]:
    """A bronze table's printed row (A1, A2, C) with this version's cells."""
    if not cells:
        return printed
    changed = {c.place: c.value for c in cells if c.table == table and c.entries == entries}
    if not changed:
        return printed
    return tuple(changed.get(place, value) for place, value in enumerate(printed, start=1))


def split_row(
    table: str,
    entries: int,
    printed: tuple[tuple[int, ...], tuple[int, ...]],
    cells: frozenset[Cell],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A silver table's printed row (D, F: sp places, then red bp) with this version's
    cells."""
    sp, bp = printed
    whole = flat_row(table, entries, sp + bp, cells)
    return whole[: len(sp)], whole[len(sp) :]
