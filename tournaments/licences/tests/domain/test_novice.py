"""The annual novice/beginners licence, seed 001 (EBU handbook) 1.4.2, lines 587-627:
one event each week (line 597), annual (line 597), and the five typical criteria
(lines 607-627) as warnings naming the criterion."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from tournaments.licences.domain import (
    NOVICE_CRITERIA,
    Application,
    LicenceType,
    OrganisationKind,
    Severity,
    Surroundings,
    YearUsage,
    application_checks,
    novice_checks,
    refusals,
    standard_conditions,
)

START = dt.date(2027, 1, 4)


def novice(**kw: Any) -> Application:
    """A novice licence meeting every typical criterion."""
    base: dict[str, Any] = dict(
        organisation_kind=OrganisationKind.AFFILIATED_CLUB,
        licence_type=LicenceType.NOVICE_ANNUAL,
        sessions=52,
        expected_tables=6,
        members_only=False,
        wide_appeal=False,
        start_date=START,
        end_date=dt.date(2027, 12, 31),
        for_novices=True,
        above_area_master_percent=Decimal(10),
    )
    return Application(**(base | kw))


def by_id(checks, rule_id):
    found = [c for c in checks if c.rule_id == rule_id]
    assert len(found) == 1, [c.rule_id for c in checks]
    return found[0]


def test_the_criteria_table_names_its_lines_1_4_2():
    """Lines 607, 613, 617, 621 and 625, in the Handbook's order."""
    assert [(c.rule_id, c.line) for c in NOVICE_CRITERIA] == [
        ("novice.beginners", 607),
        ("novice.above_area_master", 613),
        ("novice.open_entry", 617),
        ("novice.no_master_points", 621),
        ("novice.no_grading", 625),
    ]


def test_an_application_meeting_every_criterion_passes_1_4_2():
    checks = application_checks(novice(), YearUsage())
    mine = [c for c in checks if c.rule_id.startswith("novice.")]
    assert len(mine) == 7
    assert all(c.passed for c in mine)
    assert all(c.seed_ref == "EBU Handbook 1.4.2" for c in mine)


@pytest.mark.parametrize(
    ("change", "rule_id", "words"),
    [
        ({"for_novices": False}, "novice.beginners", "mainstream club competitions"),  # 607
        # 613: "Not contain more than 10% of players above Area Master"
        ({"above_area_master_percent": Decimal("10.5")}, "novice.above_area_master", "10.5%"),
        ({"above_area_master_percent": None}, "novice.above_area_master", "no share given"),
        ({"members_only": True}, "novice.open_entry", "non-members"),  # 617
        ({"awards_master_points": True}, "novice.no_master_points", "Master Points"),  # 621
        ({"counts_for_grading": True}, "novice.no_grading", "National Grading Scheme"),  # 625
    ],
)
def test_each_typical_criterion_missed_is_a_warning_naming_it_1_4_2(change, rule_id, words):
    """Lines 603-605: "difficult to be too prescriptive ... typically they will": the
    office weighs them; the application is not refused."""
    checks = application_checks(novice(**change), YearUsage())
    check = by_id(checks, rule_id)
    assert (check.passed, check.severity) == (False, Severity.WARNING)
    assert words in check.message_en and "(EBU Handbook 1.4.2)" in check.message_en
    assert not refusals(checks)


def test_exactly_ten_percent_above_area_master_is_within_1_4_2():
    """Line 613 "not ... more than 10%": 10% itself is within."""
    check = by_id(
        novice_checks(novice(above_area_master_percent=Decimal(10))), "novice.above_area_master"
    )
    assert check.passed
    assert "500 master points" in check.message_en  # Area Master: 2.6.2, line 1432
    assert "10 % väntas" in check.message_sv


def test_a_second_licence_over_the_same_period_is_refused_naming_it_1_4_2():
    """Line 597: "annual licences for one such event each week"."""
    around = Surroundings(novice_licences=("L-2027-0007",))
    checks = application_checks(novice(), YearUsage(), around)
    check = by_id(checks, "novice.one_a_week")
    assert check.refuses
    assert "L-2027-0007" in check.message_en and "L-2027-0007" in check.message_sv


@pytest.mark.parametrize(
    ("end", "refused"),
    [
        (dt.date(2028, 1, 3), False),  # 365 days
        (dt.date(2028, 1, 4), False),  # 366 days: a leap year's worth
        (dt.date(2028, 1, 5), True),  # 367 days: more than a year
    ],
)
def test_an_annual_licence_runs_a_year_at_most_1_4_2(end, refused):
    check = by_id(novice_checks(novice(end_date=end)), "novice.annual")
    assert check.refuses is refused


def test_novice_checks_only_for_novice_licences_1_4_2():
    checks = application_checks(
        novice(licence_type=LicenceType.OPEN_EVENT, for_novices=False), YearUsage()
    )
    assert not [c for c in checks if c.rule_id.startswith("novice.")]


def test_novice_licence_has_no_standard_conditions_1_7():
    """The 1.7 heading: "not applicable to Novice/Beginner events"."""
    assert standard_conditions(novice()) == []
