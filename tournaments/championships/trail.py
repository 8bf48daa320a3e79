"""The championship's audit trail: one row per step the official or the office took."""

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
