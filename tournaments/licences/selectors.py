"""The start page's licence cards for organisers and the office (members.common.pages,
START_PAGE)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date
from decimal import Decimal

from django.utils import timezone

from members.federation import current
from tournaments.importers.usebio_ebu import LicenceFacts
from tournaments.models import Tournament
from tournaments.reported import LEDGER_ROWS

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
    licence = covering(granted_between([organiser.pk], day, day).get(organiser.pk, ()), day)
    if licence is None:
        return None
    return LicenceFacts(
        number=licence.number,
        licence_type=licence.licence_type,
        status=licence.status,
        blue_points=licence.blue_points,
        commercial=licence.organisation.commercial,
    )


def granted_between(club_ids: Iterable[int], start: date, end: date) -> dict[int, list[Licence]]:
    """The granted licences of these clubs' organisations whose dates meet ``start`` to
    ``end``, by club, latest first (as :func:`licence_facts_for` picks): a season's
    events are matched to their licences with one query."""
    found: dict[int, list[Licence]] = defaultdict(list)
    for licence in (
        Licence.objects.filter(
            organisation__club__in=list(club_ids),
            state__in=GRANTED,
            start_date__lte=end,
            end_date__gte=start,
        )
        .select_related("organisation")
        .order_by("-start_date", "pk")
    ):
        found[licence.organisation.club_id].append(licence)
    return found


def covering(licences: Iterable[Licence], day: date) -> Licence | None:
    """The first of ``licences`` (latest first) whose dates hold ``day``."""
    return next((lic for lic in licences if lic.start_date <= day <= lic.end_date), None)


def results_of(licence: Licence) -> list[dict]:
    """The events the licence covers (its organiser club's tournaments within its dates,
    as the award step finds the licence of an event) with what our ledger credited for
    each: the licence page's link to its results and awards."""
    club = licence.organisation.club_id
    if club is None:
        return []
    tournaments = Tournament.objects.filter(
        organiser_club_id=club,
        start_date__gte=licence.start_date,
        start_date__lte=licence.end_date,
    ).order_by("start_date", "pk")
    rows = []
    for tournament in tournaments:
        credited: dict[str, Decimal] = defaultdict(Decimal)
        players = set()
        for row in LEDGER_ROWS(tournament):
            credited[row.unit] += row.credited
            players.add(row.member_id)
        rows.append(
            {
                "tournament": tournament,
                "players": len(players),
                # "1680 MP", "2.5 blue": as the lists print points.
                "credited": [(unit, f"{p.normalize():f}") for unit, p in sorted(credited.items())],
            }
        )
    return rows
