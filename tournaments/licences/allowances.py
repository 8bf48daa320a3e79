"""Registering an event run without a licence but counted against a yearly
allowance (EBU 1.2.3-1.2.6; issue #8 point 7). The organisation's row is locked
so that two registrations cannot both take the last place of a limit."""

from __future__ import annotations

import datetime as dt

from django.db import transaction

from . import domain as rules
from . import services, workflow
from .models import AllowanceUse, Organisation

# Which count of ``rules.YearUsage`` each kind of allowance uses.
USAGE_FIELDS = {
    AllowanceUse.Kind.MAJOR_PAIRS: "major_pairs",
    AllowanceUse.Kind.MAJOR_TEAMS: "major_teams",
    AllowanceUse.Kind.LADDER: "ladders",
    AllowanceUse.Kind.COUNTY_SIMULTANEOUS: "county_simultaneous",
    AllowanceUse.Kind.COUNTY_BLUE_POINT: "county_blue_point",
    AllowanceUse.Kind.OTHER_COUNTIES_EVENT: "other_counties_events",
}


class AllowanceRefused(workflow.WorkflowError):
    def __init__(self, checks):
        self.checks = checks
        super().__init__("; ".join(c.message_en for c in checks))


def register_allowance(
    *,
    organisation: Organisation,
    kind: str,
    name: str,
    date: dt.date,
    boards: int | None,
    blue_points: bool,
    restricted: bool = False,
    sessions_at_raised_level: int | None = None,
    knockout: bool = False,
    user,
) -> AllowanceUse:
    """Save the event, or refuse it with the checks that refuse it; then nothing
    is saved."""
    if not workflow.can_apply(user, organisation):
        raise workflow.NotAllowed("allowance")
    with transaction.atomic():
        Organisation.objects.select_for_update().get(pk=organisation.pk)
        usage = services.year_usage(organisation, date.year)
        checks = rules.allowance_checks(
            rules.OrganisationKind(organisation.kind),
            rules.AllowanceKind(kind),
            usage,
            boards=boards,
            restricted=restricted,
            sessions_at_raised_level=sessions_at_raised_level,
            blue_points=blue_points,
            knockout=knockout,
        )
        refused = rules.refusals(checks)
        if refused:
            raise AllowanceRefused(refused)
        return AllowanceUse.objects.create(
            organisation=organisation,
            kind=kind,
            year=date.year,
            name=name,
            date=date,
            boards=boards,
            blue_points=blue_points,
            created_by=user,
        )


def limit_of(kind: str, organisation: Organisation) -> int | None:
    """The yearly limit of ``kind`` (None: not open to this kind of organisation)."""
    key = (rules.OrganisationKind(organisation.kind), rules.AllowanceKind(kind))
    return rules.ALLOWANCE_LIMITS.get(key)
