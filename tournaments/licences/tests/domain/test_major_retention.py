"""'Major event' status kept from year to year, seed 001 (EBU handbook) 1.6.1 c,
lines 821-842: retained while the minimum standards are met (lines 837-838), one
further provisional year on application to the Board when they are not (lines
839-841), Regional status (line 842)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from tournaments.licences.domain import (
    Application,
    LicenceType,
    MajorStanding,
    OrganisationKind,
    PreviousMajor,
    Severity,
    Status,
    YearUsage,
    application_checks,
    major_standing,
    office_may_grant,
    refusals,
    status_reasons,
)

M = MajorStanding
DAY = dt.date(2027, 5, 1)


def event(**kw: Any) -> Application:
    """A congress meeting all four minimum requirements (1.6.1 c i-iv)."""
    base: dict[str, Any] = dict(
        organisation_kind=OrganisationKind.COUNTY,
        licence_type=LicenceType.OPEN_EVENT,
        sessions=4,
        expected_tables=60,
        members_only=True,
        wide_appeal=True,
        last_year_best_four_avg_tables=Decimal(52),
        start_date=DAY,
        end_date=DAY + dt.timedelta(days=1),
    )
    return Application(**(base | kw))


def last_year(standing: MajorStanding = M.GRANTED, year: int = 2026) -> PreviousMajor:
    return PreviousMajor(number=f"L-{year}-0003", year=year, standing=standing)


FAILS = {"last_year_best_four_avg_tables": Decimal(44)}  # 1.6.1 c ii not met


def check(app: Application, rule_id: str):
    found = [c for c in application_checks(app, YearUsage()) if c.rule_id == rule_id]
    assert len(found) == 1
    return found[0]


@pytest.mark.parametrize(
    ("previous", "change", "standing", "status"),
    [
        # 837-838: held last year and meets the standards: retained, Regional.
        (M.GRANTED, {}, M.RETAINED, Status.REGIONAL),
        (M.RETAINED, {}, M.RETAINED, Status.REGIONAL),
        # A provisional year followed by a year meeting the standards: retained again.
        (M.PROVISIONAL, {}, M.RETAINED, Status.REGIONAL),
        # 839-841: fails one year: the provisional further year when applied for.
        (M.GRANTED, FAILS | {"provisional_extension": True}, M.PROVISIONAL, Status.REGIONAL),
        (M.RETAINED, FAILS | {"provisional_extension": True}, M.PROVISIONAL, Status.REGIONAL),
        # ... and nothing when not applied for: 1.6.1 b, County.
        (M.GRANTED, FAILS, M.NONE, Status.COUNTY),
        # "one further year": a provisional year that fails again lapses.
        (M.PROVISIONAL, FAILS, M.NONE, Status.COUNTY),
    ],
)
def test_retention_and_the_provisional_year_1_6_1_c(previous, change, standing, status):
    app = event(previous_major=last_year(previous), **change)
    got, reason = major_standing(app)
    assert got is standing
    assert reason is not None and reason.seed_ref == "EBU Handbook 1.6.1 c"
    assert "L-2026-0003" in reason.en and "L-2026-0003" in reason.sv
    assert status_reasons(app)[0] is status


def test_a_retained_status_needs_no_new_request_1_6_1_c():
    """Lines 837-838 "retains it": naming last year's licence is enough."""
    app = event(major_event=False, previous_major=last_year())
    assert major_standing(app)[0] is M.RETAINED
    c = check(app, "major_event")
    assert c.passed and c.severity is Severity.WARNING and "retained" in c.message_en


def test_a_licence_two_years_back_is_a_gap_1_6_1_c():
    """Our reading: status is held from last year's licence only; after a gap it is
    granted anew by the Board."""
    app = event(major_event=True, previous_major=last_year(year=2025))
    assert major_standing(app)[0] is M.GRANTED


def test_the_provisional_year_is_refused_without_a_major_year_before_1_6_1_c():
    app = event(provisional_extension=True, **FAILS)
    c = check(app, "major_event.provisional")
    assert c.refuses and "no such licence is named" in c.message_en
    two_back = event(provisional_extension=True, previous_major=last_year(year=2025), **FAILS)
    c = check(two_back, "major_event.provisional")
    assert c.refuses and "L-2025-0003 is from 2025" in c.message_en


def test_the_provisional_year_is_given_once_1_6_1_c():
    """Lines 839-841 "extended to one further year"."""
    app = event(previous_major=last_year(M.PROVISIONAL), provisional_extension=True, **FAILS)
    c = check(app, "major_event.provisional")
    assert c.refuses and "already the provisional year" in c.message_en
    assert refusals(application_checks(app, YearUsage()))


def test_the_office_confirms_the_proposal_or_grants_none_1_6_1_c():
    retained = event(previous_major=last_year())
    assert office_may_grant(retained, M.RETAINED)
    assert office_may_grant(retained, M.NONE)
    assert not office_may_grant(retained, M.PROVISIONAL)
    failing = event(previous_major=last_year(), **FAILS)
    assert not office_may_grant(failing, M.RETAINED)
