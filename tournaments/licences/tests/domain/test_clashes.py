"""Clashes of dates with licensed events, seed 001 (EBU handbook) 1.7.22-1.7.23, lines
1031-1070: a warning naming the licence it clashes with, never a refusal (the EBU
"will try to avoid date clashes", lines 1062-1064), and for a principal event the
EBU consults its organiser (lines 1068-1070)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from tournaments.licences.domain import (
    Application,
    LicenceType,
    LicensedEvent,
    OrganisationKind,
    Severity,
    Status,
    Surroundings,
    YearUsage,
    application_checks,
    clash_checks,
    refusals,
)

DAY = dt.date(2027, 5, 1)


def licensed(**kw: Any) -> LicensedEvent:
    base: dict[str, Any] = dict(
        number="L-2027-0009",
        name="Bucks Congress",
        organiser="Bucks CBA",
        start_date=DAY,
        end_date=DAY + dt.timedelta(days=1),
        status=Status.COUNTY,
        local=True,
    )
    return LicensedEvent(**(base | kw))


@pytest.mark.parametrize(
    ("event", "status", "clash"),
    [
        ({}, Status.DISTRICT, True),  # same day, same or neighbouring county
        ({"start_date": DAY + dt.timedelta(days=1)}, Status.DISTRICT, True),  # a day shared
        (
            {"start_date": DAY + dt.timedelta(days=2), "end_date": DAY + dt.timedelta(days=2)},
            Status.DISTRICT,
            False,
        ),  # the day after: no day in common
        ({"local": False}, Status.DISTRICT, False),  # far away, neither principal
        ({"local": False, "status": Status.REGIONAL}, Status.DISTRICT, True),  # principal
        ({"local": False}, Status.NATIONAL, True),  # the applicant's own event draws widely
    ],
)
def test_which_events_clash_1_7_23(event, status, clash):
    checks = clash_checks(
        LicenceType.OPEN_EVENT, DAY, DAY + dt.timedelta(days=1), status, [licensed(**event)]
    )
    assert len(checks) == 1
    assert checks[0].passed is not clash
    assert checks[0].severity is Severity.WARNING
    assert checks[0].seed_ref == "EBU Handbook 1.7.23"


def test_the_warning_names_the_clashing_licence_1_7_23():
    (check,) = clash_checks(LicenceType.OPEN_EVENT, DAY, DAY, Status.DISTRICT, [licensed()])
    assert check.message_en.startswith(
        "Date clash with L-2027-0009 Bucks Congress (Bucks CBA, 2027-05-01 – 2027-05-02, "
        "County status): in the same or a neighbouring county"
    )
    assert "Datumkrock med L-2027-0009" in check.message_sv


def test_a_principal_event_is_consulted_1_7_23():
    """Lines 1068-1070: "consult with any principal event sponsoring organisation"."""
    (check,) = clash_checks(
        LicenceType.OPEN_EVENT,
        DAY,
        DAY,
        Status.DISTRICT,
        [licensed(local=False, status=Status.NATIONAL)],
    )
    assert "the EBU consults its organiser" in check.message_en
    assert "EBU samråder" in check.message_sv


def test_one_warning_per_clash_in_date_order_1_7_23():
    later = licensed(number="L-2027-0002", start_date=DAY + dt.timedelta(days=1))
    checks = clash_checks(
        LicenceType.OPEN_EVENT,
        DAY,
        DAY + dt.timedelta(days=1),
        Status.DISTRICT,
        [later, licensed()],
    )
    assert [c.message_en.split()[3] for c in checks] == ["L-2027-0009", "L-2027-0002"]


@pytest.mark.parametrize("licence_type", [LicenceType.NOVICE_ANNUAL, LicenceType.TEAMS_LEAGUE])
def test_season_long_licences_are_not_weighed_1_7_23(licence_type):
    assert clash_checks(licence_type, DAY, DAY, Status.CLUB, [licensed()]) == []


def test_a_clash_never_refuses_the_application_1_7_23():
    app = Application(
        organisation_kind=OrganisationKind.AFFILIATED_CLUB,
        licence_type=LicenceType.OPEN_EVENT,
        sessions=2,
        expected_tables=20,
        members_only=False,
        wide_appeal=True,
        start_date=DAY,
        end_date=DAY,
    )
    checks = application_checks(app, YearUsage(), Surroundings(licensed_events=(licensed(),)))
    assert [c.passed for c in checks if c.rule_id == "calendar.clash"] == [False]
    assert not refusals(checks)
