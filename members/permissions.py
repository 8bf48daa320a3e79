"""Who may do what. Every member is a player; roles add club, district and office rights."""

from django.core.exceptions import PermissionDenied

from .models import Club, District, Member, Role


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


def administered_club_ids(user) -> set[int]:
    member = member_of(user)
    if member is None:
        return set()
    return set(member.roles.filter(kind=Role.Kind.CLUB_ADMIN).values_list("club_id", flat=True))


def can_edit_club(user, club: Club) -> bool:
    return is_office_staff(user) or club.pk in administered_club_ids(user)


def can_act_for_district(user, district: District) -> bool:
    if is_office_staff(user):
        return True
    member = member_of(user)
    return (
        member is not None
        and member.roles.filter(kind=Role.Kind.DISTRICT_OFFICIAL, district=district).exists()
    )


def can_edit_private_details(user, member: Member) -> bool:
    own = member_of(user)
    return is_office_staff(user) or (own is not None and own.pk == member.pk)


def require(allowed: bool) -> None:
    if not allowed:
        raise PermissionDenied
