from .notifications import unread_count
from .permissions import is_office_staff, member_of


def viewer(request):
    """The logged-in member (if any), whether they are office staff or hold any role
    (the sanctions link), and their unread notifications, for the navigation bar."""
    user = getattr(request, "user", None)
    member = member_of(user)
    return {
        "viewer_member": member,
        "viewer_is_office": is_office_staff(user),
        "viewer_has_role": member is not None and member.roles.exists(),
        "viewer_unread": unread_count(user),
    }
