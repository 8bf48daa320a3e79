"""The championship's audit trail: one row per step the official or the office took.

The committee's lot between heats tied in T3 (003 line 270) is kept only here: the lot
step's note ends with the drawn heats' ids, "[lot: 12,7]", best first."""

import re

from django.utils import timezone

from .models import Championship, OfficialStep


def record(championship: Championship, kind: str, user=None, note: str = "") -> OfficialStep:
    """Write one step of the trail; the actor's name is kept as written at the time."""
    name = ""
    if user is not None and getattr(user, "is_authenticated", False):
        name = user.get_full_name() or user.get_username()
    return OfficialStep.objects.create(
        championship=championship,
        kind=kind,
        actor=user if name else None,
        actor_name=name,
        note=note,
        at=timezone.now(),
    )


_LOT = re.compile(r"\[lot: ([\d,]+)\]")


def record_lot(championship: Championship, heats, user=None) -> OfficialStep:
    """The committee's draw between heats tied in T3 (003 line 270), best first."""
    names = ", ".join(h.name for h in heats)
    ids = ",".join(str(h.pk) for h in heats)
    return record(
        championship,
        OfficialStep.Kind.LOT,
        user,
        f"The committee's lot, best first: {names} (003 line 270) [lot: {ids}]",
    )


def drawn_lot(championship: Championship) -> list[int]:
    """The committee's last drawn order of tied heats, as heat ids, best first."""
    step = championship.steps.filter(kind=OfficialStep.Kind.LOT).order_by("-at", "-pk").first()
    found = _LOT.search(step.note) if step is not None else None
    return [int(n) for n in found.group(1).split(",")] if found else []
