"""Inter-organisation events, seed 001 (EBU handbook) 1.2.7, lines 410-440: the
partners the players come from and the person in charge (a, lines 414-426), Master
Points on the actual entry only (b, lines 428-432), no licence needed when all
participants are already members of the organising county (c, lines 434-440), the
awards of 1.6 (c)."""

from __future__ import annotations

from typing import Any

import pytest

from tournaments.licences.domain import (
    Application,
    LicenceType,
    OrganisationKind,
    Severity,
    Status,
    YearUsage,
    application_checks,
    inter_organisation_checks,
    proposed_status,
    standard_conditions,
)

K = OrganisationKind


def final(**kw: Any) -> Application:
    """A county's grand final for the club champions of two clubs (1.2.7 a example)."""
    base: dict[str, Any] = dict(
        organisation_kind=K.COUNTY,
        licence_type=LicenceType.OPEN_EVENT,
        sessions=2,
        expected_tables=12,
        members_only=True,
        wide_appeal=False,
        inter_organisation=True,
        partners=2,
        responsible_person="Ann Archer",
    )
    return Application(**(base | kw))


def by_id(checks, rule_id):
    (found,) = [c for c in checks if c.rule_id == rule_id]
    return found


def test_a_complete_inter_organisation_application_1_2_7_a():
    checks = inter_organisation_checks(final())
    assert [c.rule_id for c in checks] == [
        "inter_org.partners",
        "inter_org.responsible",
        "inter_org.licence_needed",
    ]
    assert all(c.passed for c in checks)
    assert "Ann Archer" in by_id(checks, "inter_org.responsible").message_en


@pytest.mark.parametrize(
    ("change", "rule_id", "words"),
    [
        ({"partners": 0}, "inter_org.partners", "qualify or are selected; none named"),
        ({"responsible_person": "  "}, "inter_org.responsible", "holds the licence"),
    ],
)
def test_partners_and_the_person_in_charge_are_required_1_2_7_a(change, rule_id, words):
    check = by_id(application_checks(final(**change), YearUsage()), rule_id)
    assert check.refuses and words in check.message_en
    assert check.seed_ref == "EBU Handbook 1.2.7 a"


def test_a_county_whose_players_all_come_from_its_own_clubs_needs_no_licence_1_2_7_c():
    check = by_id(
        inter_organisation_checks(final(partners_all_own_clubs=True)), "inter_org.licence_needed"
    )
    assert (check.passed, check.severity) == (False, Severity.WARNING)
    assert "no licence is needed" in check.message_en
    # Only a county can say so (line 438 "County organisations only").
    club = final(organisation_kind=K.AFFILIATED_CLUB, partners_all_own_clubs=True)
    assert by_id(inter_organisation_checks(club), "inter_org.licence_needed").passed


def test_master_points_on_the_actual_entry_is_a_condition_1_2_7_b():
    conditions = standard_conditions(final())
    assert conditions[-1].code == "inter_org.actual_entry"
    assert conditions[-1].seed_ref == "EBU Handbook 1.2.7 b"
    assert "actual entry" in conditions[-1].text_en
    assert "inter_org.actual_entry" not in {
        c.code for c in standard_conditions(final(inter_organisation=False))
    }


def test_the_awards_of_1_6_apply_1_2_7_c():
    """Line 440: the status is 1.6's, as for any licensed event."""
    assert proposed_status(final())[0] is Status.DISTRICT  # 1.6.1 a, members only


def test_nothing_asked_of_an_ordinary_event_1_2_7():
    assert inter_organisation_checks(final(inter_organisation=False)) == []
