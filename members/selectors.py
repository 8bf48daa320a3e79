"""What the start page shows of the registry (members.common.pages, START_PAGE)."""

from __future__ import annotations

from .models import Club, Member
from .permissions import Viewer


def administered_clubs(viewer: Viewer) -> list[Club]:
    return list(Club.objects.filter(pk__in=viewer.roles.clubs).order_by("name"))


def club_part(viewer: Viewer, user=None) -> dict | None:
    """The clubs the user administers: their members, list and export."""
    if not viewer.roles.clubs:
        return None
    return {"clubs": administered_clubs(viewer)}


def office_part(viewer: Viewer, user=None) -> dict | None:
    """The registry, for the office: how many members, and the import."""
    if not viewer.roles.office:
        return None
    return {"active": Member.objects.filter(status=Member.Status.ACTIVE).count()}
