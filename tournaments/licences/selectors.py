"""The start page's licence cards for organisers and the office (members.common.pages,
START_PAGE)."""

from __future__ import annotations

from members.federation import current

from . import services, workflow
from .models import Licence

# Rows a start page card lists; the licences page has them all.
START_ROWS = 6
_SETTLED = (Licence.State.REJECTED, Licence.State.CLOSED, Licence.State.REVOKED)


def organiser_part(viewer, user=None) -> dict | None:
    """The licences under way of the organisations the user applies for."""
    if viewer.member is None or not current().runs_licences:
        return None
    organisations = workflow.organisations_of(viewer.user)
    if not organisations.exists():
        return None
    under_way = (
        Licence.objects.filter(organisation__in=organisations)
        .exclude(state__in=_SETTLED)
        .order_by("start_date", "pk")
    )
    return {"licences": list(under_way[:START_ROWS])}


def office_part(viewer, user=None) -> dict | None:
    """Applications waiting for the office, and duties overdue after events."""
    if not viewer.roles.office or not current().runs_licences:
        return None
    return {
        "waiting": Licence.objects.filter(state=Licence.State.SUBMITTED).count(),
        "overdue": len(services.overdue()),
    }
