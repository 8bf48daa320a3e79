"""One way for a workflow row to change state: lock it, compare what the person
saw with what is stored, and change it with a conditional UPDATE.

The lock orders two deciders on PostgreSQL; the conditional UPDATE makes the
second one lose on SQLite too, where SELECT ... FOR UPDATE is a no-op. Used by
the sanctions and the licences; the caller holds the transaction and writes the
trail.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Stale(Exception):
    """Somebody moved the row first; ``row`` is the row as it is now."""

    def __init__(self, row):
        self.row = row
        super().__init__(f"{type(row).__name__} {row.pk} has moved on")


def locked_move(
    model,
    pk: int,
    *,
    seen: dict[str, Any],
    changes: dict[str, Any] | Callable[[Any], dict[str, Any]],
    check: Callable[[Any], None] | None = None,
    select_related: tuple[str, ...] = (),
):
    """The locked row after ``changes``; ``check(row)`` runs on the row as stored
    (before the change) and may raise to stop the step. Call inside a transaction."""
    # of=("self",): lock this row only, not the club or district it is joined to
    # (PostgreSQL would lock every joined row; SQLite ignores the clause).
    row = model.objects.select_for_update(of=("self",)).select_related(*select_related).get(pk=pk)
    if any(getattr(row, name) != value for name, value in seen.items()):
        raise Stale(row)
    if check is not None:
        check(row)
    fields = changes(row) if callable(changes) else changes
    if model.objects.filter(pk=pk, **seen).update(**fields) != 1:
        raise Stale(row)
    for name, value in fields.items():
        setattr(row, name, value)
    return row
