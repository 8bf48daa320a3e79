from .permissions import is_office_staff, member_of


def viewer(request):
    """The logged-in member (if any) and whether they are office staff, for the navigation bar."""
    user = getattr(request, "user", None)
    return {
        "viewer_member": member_of(user),
        "viewer_is_office": is_office_staff(user),
    }
