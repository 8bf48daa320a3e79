from .federation import current
from .notifications import unread_count
from .permissions import is_office_staff, member_of


def viewer(request):
    """The logged-in member (if any), whether they are office staff or hold any role
    (the sanctions and licences links), their unread notifications, and the federation's
    profile (settings only, no query), for the navigation bar.

    Read once a request: a page renders its parts (``members.common.pages``) and each
    django-tables2 table with the request's context, and so calls this again each time."""
    found = getattr(request, "_viewer_context", None)
    if found is None:
        found = request._viewer_context = _viewer(request)
    return found


def _viewer(request):
    user = getattr(request, "user", None)
    member = member_of(user)
    return {
        "viewer_member": member,
        "viewer_is_office": is_office_staff(user),
        "viewer_has_role": member is not None and member.roles.exists(),
        "viewer_unread": unread_count(user),
        # Called by the template only when it gets that far: an organisation's
        # administrator without a role (EBU licences) also gets the licences link.
        "viewer_organiser": (lambda: member.organisations.exists()) if member else False,
        "federation": current(),
    }
