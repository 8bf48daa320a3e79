"""The start page's licence cards for organisers and the office (members.common.pages,
START_PAGE)."""

from __future__ import annotations

from django.utils import timezone

from members.federation import current
from tournaments.importers.usebio_ebu import LicenceFacts

from . import services, workflow
from .models import Licence, UmsStatement

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
        # Universal Membership statements unpaid 30 days after their month (1.3.3).
        "ums_overdue": UmsStatement.objects.filter(
            state=UmsStatement.State.ISSUED, due_date__lt=timezone.localdate()
        ).count(),
    }


# The states in which a licence stands granted: a results file is checked against it.
GRANTED = (
    Licence.State.APPROVED,
    Licence.State.RESULTS_RECEIVED,
    Licence.State.PAID,
    Licence.State.CLOSED,
)


def licence_facts_for(organiser, day) -> LicenceFacts | None:
    """The granted licence of the organiser's organisation whose dates hold ``day``, as
    a results file is checked against it (``tournaments.reported.LICENCE_FACTS``)."""
    licence = (
        Licence.objects.filter(
            organisation__club=organiser, state__in=GRANTED, start_date__lte=day, end_date__gte=day
        )
        .select_related("organisation")
        .order_by("-start_date", "pk")
        .first()
    )
    if licence is None:
        return None
    return LicenceFacts(
        number=licence.number,
        licence_type=licence.licence_type,
        status=licence.status,
        blue_points=licence.blue_points,
        commercial=licence.organisation.commercial,
    )
