"""Who may do what. Every member is a player; roles add club, district and office rights."""

from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import PermissionDenied

from .models import Club, Member, Role


def member_of(user) -> Member | None:
    if not getattr(user, "is_authenticated", False):
        return None
    try:
        return user.member
    except Member.DoesNotExist:
        return None


def is_office_staff(user) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser:
        return True
    member = member_of(user)
    return member is not None and member.roles.filter(kind=Role.Kind.OFFICE_STAFF).exists()


def needs_two_factor(user) -> bool:
    """Office staff, district officials and whoever may open the admin site log in
    with a second factor (issue 16; docs/security.md)."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.is_staff or user.is_superuser:
        return True
    member = member_of(user)
    return (
        member is not None
        and member.roles.filter(
            kind__in=(Role.Kind.OFFICE_STAFF, Role.Kind.DISTRICT_OFFICIAL)
        ).exists()
    )


@dataclass(frozen=True)
class Roles:
    """Everything a user holds, read in one query: for pages that ask several times."""

    office: bool = False
    clubs: frozenset[int] = field(default_factory=frozenset)
    districts: frozenset[int] = field(default_factory=frozenset)


def roles_of(user) -> Roles:
    member = member_of(user)
    if member is None:
        # As is_office_staff: a superuser holds the office's rights with or without a member.
        return Roles(office=bool(getattr(user, "is_superuser", False)))
    rows = list(member.roles.values_list("kind", "club_id", "district_id"))
    return Roles(
        office=user.is_superuser or any(kind == Role.Kind.OFFICE_STAFF for kind, _c, _d in rows),
        clubs=frozenset(c for kind, c, _d in rows if kind == Role.Kind.CLUB_ADMIN),
        districts=frozenset(d for kind, _c, d in rows if kind == Role.Kind.DISTRICT_OFFICIAL),
    )


@dataclass(frozen=True)
class Viewer:
    """Who opens their start page: read once, for every part of it."""

    user: Any
    member: Member | None
    roles: Roles


def viewer_of(user) -> Viewer:
    return Viewer(user=user, member=member_of(user), roles=roles_of(user))


def administered_club_ids(user) -> set[int]:
    member = member_of(user)
    if member is None:
        return set()
    return set(member.roles.filter(kind=Role.Kind.CLUB_ADMIN).values_list("club_id", flat=True))


def can_edit_club(user, club: Club) -> bool:
    return is_office_staff(user) or club.pk in administered_club_ids(user)


def can_edit_private_details(user, member: Member) -> bool:
    own = member_of(user)
    return is_office_staff(user) or (own is not None and own.pk == member.pk)


def require(allowed: bool) -> None:
    if not allowed:
        raise PermissionDenied
