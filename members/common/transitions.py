"""How a workflow row changes state, shared by the sanctions and the licences: lock
it, compare what the person saw with what is stored, change it with a conditional
UPDATE, and write the trail and the news in the same transaction.

The lock orders two deciders on PostgreSQL; the conditional UPDATE makes the
second one lose on SQLite too, where SELECT ... FOR UPDATE is a no-op. The loser
gets ``AlreadyDecided`` saying who moved it first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _


class WorkflowError(Exception):
    """A step that cannot be taken, with a message for the person who tried."""


class AlreadyDecided(WorkflowError):
    pass


class Refused(WorkflowError):
    """The rules refuse the step; ``checks`` are the refusing ones."""

    def __init__(self, checks: list):
        self.checks = checks
        super().__init__("; ".join(c.message_en for c in checks))


class NotAllowed(PermissionDenied):
    pass


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


def take_step(
    model,
    pk: int,
    *,
    seen: dict[str, Any],
    changes: Callable[[Any], dict[str, Any]],
    check: Callable[[Any], None],
    record: Callable[[Any], None],
    label: Callable[[str], str],
    select_related: tuple[str, ...] = (),
):
    """One step in one transaction: ``locked_move``, then ``record(row)`` (the
    trail and the news). Somebody first: ``AlreadyDecided`` naming their step
    (``label`` of its kind), who and when, from the row's ``actions``."""
    with transaction.atomic():
        try:
            row = locked_move(
                model, pk, seen=seen, changes=changes, check=check, select_related=select_related
            )
        except Stale as stale:
            last = stale.row.actions.order_by("-at", "-pk").first()
            raise AlreadyDecided(already_handled(last, label)) from None
        record(row)
    return row


def already_handled(last, label: Callable[[str], str]) -> str:
    if last is None:
        return _("This has already been handled; reload the page.")
    return _("Already handled: %(what)s by %(who)s at %(when)s.") % {
        "what": label(last.kind),
        "who": last.actor_name or "Klöver",
        "when": timezone.localtime(last.at).strftime("%Y-%m-%d %H:%M"),
    }


def need_reason(reason: str) -> None:
    if not reason.strip():
        raise WorkflowError(_("Give the reason for the decision."))
