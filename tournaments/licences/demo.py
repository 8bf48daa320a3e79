"""Demo licences (issue #8): organisations for the biggest club and its district
(as a county), a fee table, and licences in the states the office's queue and the
public list show. The club's administrator (demo login ``klubb``) applies for the
club; the office (``kansli``) has one application to decide and one overdue set of
post-event duties. Rows and trails are written directly, dated from today.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from members.models import Club, Role

from . import domain as rules
from .models import FeeRate, Licence, LicenceAction, Organisation
from .services import application_of, proposed_fee

State = Licence.State

# Per table and session, in pounds: the office's own figures for the demo (the
# handbook leaves them to the website, 1.5.4 and 1.11.1).
DEMO_RATES = {
    FeeRate.Payer.STANDARD: Decimal("1.20"),
    FeeRate.Payer.CHARITY: Decimal("0.60"),
    FeeRate.Payer.COMMERCIAL: Decimal("2.40"),
}
SIMULTANEOUS_PER_HEAT = Decimal("15.00")

# (event, type, first day from today, state, tables, sessions, members only, wide appeal)
PLANS = (
    ("Spring Congress", Licence.Type.OPEN_EVENT, 75, State.SUBMITTED, 24, 3, False, True),
    ("Club Open Pairs", Licence.Type.CLUB_OPEN_EVENT, 40, State.APPROVED, 12, 2, False, False),
    ("Autumn Swiss Teams", Licence.Type.OPEN_EVENT, 20, State.APPROVED, 30, 2, True, True),
    ("Summer Swiss Pairs", Licence.Type.OPEN_EVENT, -45, State.APPROVED, 18, 2, False, True),
    ("Winter Teams", Licence.Type.OPEN_EVENT, -70, State.CLOSED, 16, 2, False, False),
)


@transaction.atomic
def build_demo_licences(today: dt.date | None = None) -> int:
    today = today or timezone.localdate()
    club = Club.objects.order_by("-members_count", "number").first()
    if club is None:
        return 0
    for payer, rate in DEMO_RATES.items():
        for licence_type in Licence.Type.values:
            FeeRate.objects.get_or_create(
                licence_type=licence_type,
                payer=payer,
                valid_from=dt.date(today.year - 1, 4, 1),  # 1.3.2: adjusted on 1 April
                defaults={
                    "per_table_session": rate,
                    "per_heat": SIMULTANEOUS_PER_HEAT
                    if licence_type == Licence.Type.SIMULTANEOUS_PAIRS
                    else Decimal(0),
                },
            )
    organisation, _ = Organisation.objects.get_or_create(
        name=club.name,
        defaults={"kind": Organisation.Kind.AFFILIATED_CLUB, "club": club, "county": club.district},
    )
    Organisation.objects.get_or_create(
        name=club.district.name,
        defaults={"kind": Organisation.Kind.COUNTY, "county": club.district},
    )
    admin = (
        Role.objects.filter(kind=Role.Kind.CLUB_ADMIN, club=club)
        .select_related("member__user")
        .first()
    )
    office = Role.objects.filter(kind=Role.Kind.OFFICE_STAFF).select_related("member__user").first()
    made = 0
    for name, licence_type, days, state, tables, sessions, members_only, wide in PLANS:
        start = today + dt.timedelta(days=days)
        licence = Licence(
            organisation=organisation,
            licence_type=licence_type,
            event_name=name,
            start_date=start,
            end_date=start,
            sessions=sessions,
            expected_tables=tables,
            members_only=members_only,
            wide_appeal=wide,
            county_support=licence_type == Licence.Type.CLUB_OPEN_EVENT,
            submitted_at=timezone.now() - dt.timedelta(days=max(30, 30 - days)),
            submitted_by=admin.member.user if admin else None,
        )
        application = application_of(licence)
        status, reasons = rules.status_reasons(application)
        licence.proposed_status = int(status)
        licence.status_reasons = [asdict(r) for r in reasons]
        licence.state = state
        if state != State.SUBMITTED:
            licence.status = int(status)
            licence.conditions = [asdict(c) for c in rules.standard_conditions(application)]
            licence.fee = proposed_fee(licence)
            licence.decided_at = licence.submitted_at + dt.timedelta(days=3)
        if state == State.CLOSED:
            licence.results_received_at = licence.decided_at + dt.timedelta(days=abs(days))
            licence.amount_paid = licence.fee
            licence.paid_on = start + dt.timedelta(days=10)
        licence.save()
        steps = [("submitted", "", State.SUBMITTED, admin, licence.submitted_at)]
        if state != State.SUBMITTED:
            steps.append(("approve", State.SUBMITTED, State.APPROVED, office, licence.decided_at))
        if state == State.CLOSED:
            steps += [
                (
                    "results",
                    State.APPROVED,
                    State.RESULTS_RECEIVED,
                    admin,
                    licence.results_received_at,
                ),
                (
                    "payment",
                    State.RESULTS_RECEIVED,
                    State.PAID,
                    office,
                    licence.results_received_at,
                ),
                ("close", State.PAID, State.CLOSED, office, licence.results_received_at),
            ]
        LicenceAction.objects.bulk_create(
            LicenceAction(
                licence=licence,
                kind=kind,
                from_state=from_state,
                to_state=to_state,
                actor=role.member.user if role else None,
                actor_name=role.member.full_name if role else "Klöver",
                at=at,
            )
            for kind, from_state, to_state, role, at in steps
        )
        made += 1
    return made
