"""EBU licensing rules (tournaments.licences.domain).

Every case names its section of seed 001 (EBU Licensing and Master Points
Handbook), chapter 1, sections 1.1-1.11, in its id, a comment or its docstring.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest

from tournaments.licences.domain import (
    ALLOWANCE_LIMITS,
    CLUB_OPEN_EVENTS_PER_YEAR,
    AllowanceKind,
    Application,
    FeeRate,
    LicenceType,
    OrganisationKind,
    Severity,
    Status,
    YearUsage,
    allowance_checks,
    application_checks,
    charity_accounts_due,
    inter_county_team_status,
    licence_fee,
    major_championship_status,
    other_counties_event_status,
    post_event_due,
    proposed_status,
    raise_one,
    refusals,
    revocation_grounds_fewer_tables,
    standard_conditions,
    status_reasons,
)

K = OrganisationKind
T = LicenceType
A = AllowanceKind
S = Status
NONE = YearUsage()


def app(**kw: Any) -> Application:
    base: dict[str, Any] = dict(
        organisation_kind=K.AFFILIATED_CLUB,
        licence_type=T.OPEN_EVENT,
        sessions=2,
        expected_tables=12,
        members_only=False,
        wide_appeal=False,
    )
    return Application(**(base | kw))


def by_id(checks, rule_id):
    found = [c for c in checks if c.rule_id == rule_id]
    assert len(found) == 1, [c.rule_id for c in checks]
    return found[0]


def ids(checks):
    return {c.rule_id for c in checks}


# --- Status: 1.2.1, 1.2.4, 1.6 ---------------------------------------------------


@pytest.mark.parametrize(
    ("status", "en", "sv"),
    [
        (S.CLUB, "Club", "Klubb"),
        (S.DISTRICT, "District", "Distrikt"),
        (S.COUNTY, "County", "Grevskap"),
        (S.REGIONAL, "Regional", "Regional"),
        (S.NATIONAL, "National", "Nationell"),
    ],
)
def test_status_labels_1_6(status, en, sv):
    assert (status.label_en, status.label_sv) == (en, sv)


@pytest.mark.parametrize(
    ("base", "raised"),
    [
        (S.CLUB, S.DISTRICT),  # 1.2.4 "Club becomes District"
        (S.DISTRICT, S.COUNTY),  # 1.2.4 "District becomes County"
        (S.COUNTY, S.REGIONAL),  # 1.2.4 "County becomes Regional"
        (S.REGIONAL, S.REGIONAL),  # seed silent above Regional: held
        (S.NATIONAL, S.NATIONAL),
    ],
)
def test_raise_one_1_2_4(base, raised):
    assert raise_one(base) is raised
    assert major_championship_status(base) is raised


# --- 1.6.1 a/b, 1.6.1 c, 1.6.2 ---------------------------------------------------


@pytest.mark.parametrize(
    ("wide", "members", "status", "section"),
    [
        (False, False, S.CLUB, "EBU Handbook 1.6.1 a"),
        (False, True, S.DISTRICT, "EBU Handbook 1.6.1 a"),
        (True, False, S.DISTRICT, "EBU Handbook 1.6.1 b"),
        (True, True, S.COUNTY, "EBU Handbook 1.6.1 b"),
    ],
)
@pytest.mark.parametrize("type_", [T.OPEN_EVENT, T.CHARITY, T.PACKAGE, T.SPECIAL])
def test_licensed_status_1_6_1_ab(type_, wide, members, status, section):
    got, reasons = proposed_status(app(licence_type=type_, wide_appeal=wide, members_only=members))
    assert got is status
    assert len(reasons) == 1 and section in reasons[0]


def major(**kw: Any) -> Application:
    base: dict[str, Any] = dict(
        sessions=4,
        members_only=True,
        wide_appeal=True,
        major_event=True,
        last_year_best_four_avg_tables=Decimal(50),
    )
    return app(**(base | kw))


@pytest.mark.parametrize(
    ("kw", "status", "missing"),
    [
        ({}, S.REGIONAL, None),
        ({"sessions": 3}, S.COUNTY, "(i)"),  # 1.6.1 c i: at least four sessions
        ({"last_year_best_four_avg_tables": Decimal("49.9")}, S.COUNTY, "(ii)"),
        ({"last_year_best_four_avg_tables": None}, S.COUNTY, "(ii)"),
        ({"members_only": False}, S.DISTRICT, "(iii)"),  # falls back to 1.6.1 b
        ({"wide_appeal": False}, S.DISTRICT, "(iv)"),  # falls back to 1.6.1 a
    ],
    ids=["all-four", "c-i", "c-ii", "c-ii-unknown", "c-iii", "c-iv"],
)
def test_major_event_1_6_1_c(kw, status, missing):
    got, reasons = proposed_status(major(**kw))
    assert got is status
    last = reasons[-1]
    assert "EBU Handbook 1.6.1 c" in last
    if missing is None:
        assert "Board" in last
    else:
        assert missing in last
    check = by_id(application_checks(major(**kw), NONE), "major_event")
    assert check.severity is Severity.WARNING and not check.refuses
    assert check.passed is (missing is None)


def test_major_event_reasons_in_swedish_1_6_1_c():
    status, reasons = status_reasons(major())
    assert status is S.REGIONAL
    assert "styrelsen" in reasons[-1].sv and reasons[-1].seed_ref == "EBU Handbook 1.6.1 c"


@pytest.mark.parametrize(
    ("wide", "members", "consolation", "status"),
    [
        (False, False, False, S.CLUB),  # 1.6.2: minimum Club
        (False, True, False, S.CLUB),
        (True, True, False, S.DISTRICT),  # County lowered one level
        (True, True, True, S.COUNTY),  # consolation event keeps the level (4.3)
        (False, True, True, S.DISTRICT),
    ],
)
def test_side_event_1_6_2(wide, members, consolation, status):
    a = app(wide_appeal=wide, members_only=members, side_event=True, consolation=consolation)
    got, reasons = proposed_status(a)
    assert got is status
    assert "EBU Handbook 1.6.2" in reasons[-1]


def test_side_event_of_major_event_1_6_1_c_1_6_2():
    assert proposed_status(major(side_event=True))[0] is S.COUNTY


@pytest.mark.parametrize(
    ("kind", "status"),
    [
        (K.CLUB_LEAGUE, S.CLUB),  # 1.4.3 a
        (K.AFFILIATED_CLUB, S.CLUB),  # 1.4.3 a "organised by a club"
        (K.DISTRICT_LEAGUE, S.DISTRICT),  # 1.4.3 b
        (K.OTHER, S.DISTRICT),  # 1.4.3 b, our reading
        (K.COUNTY_LEAGUE, S.COUNTY),  # 1.4.3 c
        (K.COUNTY, S.COUNTY),  # 1.4.3 c
        (K.INTER_COUNTY_LEAGUE, S.NATIONAL),  # 1.2.6 e: the 'A' team
    ],
)
def test_teams_league_status_1_4_3(kind, status):
    a = app(organisation_kind=kind, licence_type=T.TEAMS_LEAGUE, wide_appeal=True)
    assert proposed_status(a)[0] is status


@pytest.mark.parametrize("wide", [False, True])
@pytest.mark.parametrize("kind", [K.COUNTY, K.AFFILIATED_CLUB, K.OTHER])
def test_simultaneous_pairs_overall_district_1_2_5(kind, wide):
    a = app(organisation_kind=kind, licence_type=T.SIMULTANEOUS_PAIRS, wide_appeal=wide)
    status, reasons = proposed_status(a)
    assert status is S.DISTRICT
    assert "EBU Handbook 1.2.5" in reasons[0] and "Club status" in reasons[0]


def test_novice_annual_status_1_4_2():
    status, reasons = proposed_status(app(licence_type=T.NOVICE_ANNUAL))
    assert status is S.CLUB and "EBU Handbook 1.4.2" in reasons[0]


@pytest.mark.parametrize(
    ("wide", "members", "status"),
    [
        (False, False, S.DISTRICT),  # 1.6.1 a gives Club; 1.2.2 District at least
        (False, True, S.DISTRICT),
        (True, False, S.DISTRICT),
        (True, True, S.COUNTY),
    ],
)
def test_club_open_event_district_or_county_1_2_2(wide, members, status):
    a = app(licence_type=T.CLUB_OPEN_EVENT, wide_appeal=wide, members_only=members)
    assert proposed_status(a)[0] is status


def test_club_open_event_is_never_a_major_event_1_2_2():
    a = major(licence_type=T.CLUB_OPEN_EVENT)
    status, reasons = proposed_status(a)
    assert status is S.COUNTY
    assert any("major event" in r for r in reasons)
    assert "major_event" not in ids(application_checks(a, NONE))


# --- 1.2.6 d and e ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entries", "outside", "one_unit", "status"),
    [
        (30, 9, False, S.COUNTY),  # 9/30 < one third
        (30, 9, True, S.COUNTY),  # "County status only" is checked first
        (30, 10, False, S.REGIONAL),  # exactly one third is not "less than"
        (30, 10, True, S.NATIONAL),
        (12, 11, True, S.NATIONAL),
        (12, 11, False, S.REGIONAL),
        (1, 0, False, S.COUNTY),
    ],
)
def test_other_counties_event_1_2_6_d(entries, outside, one_unit, status):
    assert other_counties_event_status(entries, outside, one_unit) is status


@pytest.mark.parametrize(("entries", "outside"), [(0, 0), (10, 11), (10, -1)])
def test_other_counties_event_bad_input_1_2_6_d(entries, outside):
    with pytest.raises(ValueError):
        other_counties_event_status(entries, outside, False)


@pytest.mark.parametrize(
    ("team", "status"),
    [(1, S.NATIONAL), (2, S.REGIONAL), (3, S.COUNTY), (4, S.COUNTY)],
    ids=["A-national", "B-regional", "C-county", "D-county"],
)
def test_inter_county_team_1_2_6_e(team, status):
    assert inter_county_team_status(team) is status


def test_inter_county_team_numbers_start_at_one_1_2_6_e():
    with pytest.raises(ValueError):
        inter_county_team_status(0)


# --- allowances: 1.2.3-1.2.6 -------------------------------------------------------


def test_allowance_limits_table_1_2_3_to_1_2_6():
    assert ALLOWANCE_LIMITS == {
        (K.AFFILIATED_CLUB, A.MAJOR_PAIRS): 1,  # 1.2.4
        (K.AFFILIATED_CLUB, A.MAJOR_TEAMS): 1,  # 1.2.4
        (K.AFFILIATED_CLUB, A.LADDER): 2,  # 1.2.3
        (K.COUNTY, A.MAJOR_PAIRS): 1,
        (K.COUNTY, A.MAJOR_TEAMS): 1,
        (K.COUNTY, A.LADDER): 2,
        (K.COUNTY, A.COUNTY_SIMULTANEOUS): 2,  # 1.2.5
        (K.COUNTY, A.COUNTY_BLUE_POINT): 4,  # 1.2.6 a
        (K.COUNTY, A.OTHER_COUNTIES_EVENT): 1,  # 1.2.6 d
    }


@pytest.mark.parametrize(
    ("kind", "allowance", "usage", "passed"),
    [
        (K.AFFILIATED_CLUB, A.MAJOR_PAIRS, YearUsage(major_pairs=0), True),  # 1.2.4
        (K.AFFILIATED_CLUB, A.MAJOR_PAIRS, YearUsage(major_pairs=1), False),
        (K.AFFILIATED_CLUB, A.MAJOR_TEAMS, YearUsage(major_pairs=1), True),
        (K.AFFILIATED_CLUB, A.MAJOR_TEAMS, YearUsage(major_teams=1), False),
        (K.AFFILIATED_CLUB, A.LADDER, YearUsage(ladders=1), True),  # 1.2.3
        (K.AFFILIATED_CLUB, A.LADDER, YearUsage(ladders=2), False),
        (K.COUNTY, A.LADDER, YearUsage(ladders=2), False),
        (K.COUNTY, A.COUNTY_SIMULTANEOUS, YearUsage(county_simultaneous=1), True),  # 1.2.5
        (K.COUNTY, A.COUNTY_SIMULTANEOUS, YearUsage(county_simultaneous=2), False),
        (K.COUNTY, A.COUNTY_BLUE_POINT, YearUsage(county_blue_point=3), True),  # 1.2.6 a
        (K.COUNTY, A.COUNTY_BLUE_POINT, YearUsage(county_blue_point=4), False),
        (K.COUNTY, A.OTHER_COUNTIES_EVENT, YearUsage(other_counties_events=0), True),  # 1.2.6 d
        (K.COUNTY, A.OTHER_COUNTIES_EVENT, YearUsage(other_counties_events=1), False),
    ],
)
def test_allowance_quota_1_2_3_to_1_2_6(kind, allowance, usage, passed):
    checks = allowance_checks(kind, allowance, usage, boards=36, sessions_at_raised_level=1)
    check = by_id(checks, "allowance.quota")
    assert check.passed is passed
    assert check.severity is Severity.REFUSAL


@pytest.mark.parametrize(
    ("kind", "allowance", "section"),
    [
        (K.AFFILIATED_CLUB, A.COUNTY_SIMULTANEOUS, "EBU Handbook 1.2.5"),
        (K.AFFILIATED_CLUB, A.COUNTY_BLUE_POINT, "EBU Handbook 1.2.6 a"),
        (K.AFFILIATED_CLUB, A.OTHER_COUNTIES_EVENT, "EBU Handbook 1.2.6 d"),
        (K.OTHER, A.MAJOR_PAIRS, "EBU Handbook 1.2.4"),
        (K.OTHER, A.LADDER, "EBU Handbook 1.2.3"),
        (K.NATIONAL_BODY, A.MAJOR_TEAMS, "EBU Handbook 1.2.4"),
        (K.DISTRICT_LEAGUE, A.LADDER, "EBU Handbook 1.2.3"),
    ],
)
def test_allowance_not_available_1_2(kind, allowance, section):
    checks = allowance_checks(kind, allowance, NONE)
    assert [c.rule_id for c in checks] == ["allowance.available"]
    assert checks[0].refuses and checks[0].seed_ref == section


@pytest.mark.parametrize(
    ("boards", "passed", "severity"),
    [(35, False, Severity.REFUSAL), (36, True, Severity.REFUSAL), (None, False, Severity.WARNING)],
)
@pytest.mark.parametrize("allowance", [A.MAJOR_PAIRS, A.MAJOR_TEAMS])
def test_major_championship_boards_1_2_4(allowance, boards, passed, severity):
    checks = allowance_checks(
        K.AFFILIATED_CLUB, allowance, NONE, boards=boards, sessions_at_raised_level=2
    )
    check = by_id(checks, "major.boards")
    assert (check.passed, check.severity) == (passed, severity)


@pytest.mark.parametrize(("restricted", "passed"), [(False, True), (True, False)])
def test_major_championship_unrestricted_1_2_4(restricted, passed):
    checks = allowance_checks(
        K.COUNTY, A.MAJOR_PAIRS, NONE, boards=40, restricted=restricted, sessions_at_raised_level=1
    )
    assert by_id(checks, "major.unrestricted").passed is passed


@pytest.mark.parametrize(
    ("sessions", "knockout", "passed", "severity"),
    [
        (3, False, True, Severity.REFUSAL),
        (4, False, False, Severity.REFUSAL),  # "no more than three sessions"
        (6, True, True, Severity.REFUSAL),  # "Except in the case of a knock-out event"
        (None, True, True, Severity.REFUSAL),
        (None, False, False, Severity.WARNING),
    ],
)
def test_major_championship_sessions_1_2_4(sessions, knockout, passed, severity):
    checks = allowance_checks(
        K.AFFILIATED_CLUB,
        A.MAJOR_TEAMS,
        NONE,
        boards=48,
        sessions_at_raised_level=sessions,
        knockout=knockout,
    )
    check = by_id(checks, "major.sessions")
    assert (check.passed, check.severity) == (passed, severity)


@pytest.mark.parametrize("allowance", [A.LADDER, A.COUNTY_SIMULTANEOUS, A.OTHER_COUNTIES_EVENT])
def test_major_checks_only_for_major_championships_1_2_4(allowance):
    got = ids(allowance_checks(K.COUNTY, allowance, NONE))
    assert not got & {"major.boards", "major.unrestricted", "major.sessions"}


@pytest.mark.parametrize(
    ("kind", "used", "passed", "section"),
    [
        (K.AFFILIATED_CLUB, 1, True, "EBU Handbook 1.2.4"),  # "may not hold more than 2"
        (K.AFFILIATED_CLUB, 2, False, "EBU Handbook 1.2.4"),
        (K.COUNTY, 3, True, "EBU Handbook 1.2.6 a"),  # "Up to 4 Blue Point events"
        (K.COUNTY, 4, False, "EBU Handbook 1.2.6 a"),
    ],
)
def test_major_championship_blue_points_1_2_4(kind, used, passed, section):
    checks = allowance_checks(
        kind,
        A.MAJOR_PAIRS,
        YearUsage(blue_point_events=used),
        boards=36,
        sessions_at_raised_level=1,
        blue_points=True,
    )
    check = by_id(checks, "blue_points.quota")
    assert check.passed is passed and check.seed_ref == section


def test_blue_points_not_checked_when_not_blue_1_2_4():
    checks = allowance_checks(
        K.AFFILIATED_CLUB, A.MAJOR_PAIRS, YearUsage(blue_point_events=9), boards=36
    )
    assert "blue_points.quota" not in ids(checks)


def test_county_simultaneous_allowance_may_not_be_blue_1_2_5():
    checks = allowance_checks(K.COUNTY, A.COUNTY_SIMULTANEOUS, NONE, blue_points=True)
    check = by_id(checks, "blue_points.simultaneous")
    assert check.refuses and check.seed_ref == "EBU Handbook 1.2.5"


# --- application checks: who may apply (1.2.2, 1.2.5, 1.4, 1.8, 1.9) -------------

ALL_KINDS = list(K)
ELIGIBLE = {
    T.OPEN_EVENT: {K.AFFILIATED_CLUB, K.COUNTY, K.OTHER},  # 1.4.1, 1.4.5
    T.CLUB_OPEN_EVENT: {K.AFFILIATED_CLUB},  # 1.2.2
    T.NOVICE_ANNUAL: {K.AFFILIATED_CLUB, K.COUNTY, K.OTHER},  # 1.4.2, 1.4.5
    T.TEAMS_LEAGUE: set(K) - {K.NATIONAL_BODY},  # 1.4.3
    T.SIMULTANEOUS_PAIRS: {K.AFFILIATED_CLUB, K.COUNTY, K.OTHER},  # 1.2.5
    T.CHARITY: {K.AFFILIATED_CLUB, K.COUNTY, K.OTHER},  # 1.8, 1.4.5
    T.PACKAGE: {K.AFFILIATED_CLUB, K.COUNTY, K.OTHER},  # 1.9, 1.4.5
    T.SPECIAL: set(K) - {K.NATIONAL_BODY},  # 1.4.4
}


@pytest.mark.parametrize("type_", list(T))
@pytest.mark.parametrize("kind", ALL_KINDS)
def test_who_may_apply_1_2_2_1_4_1_4_5(kind, type_):
    check = by_id(
        application_checks(app(organisation_kind=kind, licence_type=type_), NONE), "eligible"
    )
    assert check.passed is (kind in ELIGIBLE[type_])
    assert check.severity is Severity.REFUSAL


@pytest.mark.parametrize(
    ("kind", "type_", "section"),
    [
        (K.AFFILIATED_CLUB, T.OPEN_EVENT, "EBU Handbook 1.4.1"),
        (K.OTHER, T.OPEN_EVENT, "EBU Handbook 1.4.5"),
        (K.OTHER, T.CLUB_OPEN_EVENT, "EBU Handbook 1.2.2"),
        (K.COUNTY, T.CLUB_OPEN_EVENT, "EBU Handbook 1.2.2"),
        (K.NATIONAL_BODY, T.OPEN_EVENT, "EBU Handbook 1.1.3, 1.5.1"),
        (K.COUNTY, T.SIMULTANEOUS_PAIRS, "EBU Handbook 1.2.5"),
    ],
)
def test_eligibility_names_its_section_1_4(kind, type_, section):
    check = by_id(
        application_checks(app(organisation_kind=kind, licence_type=type_), NONE), "eligible"
    )
    assert check.seed_ref == section
    assert section in check.message_en and section in check.message_sv


@pytest.mark.parametrize(("used", "passed"), [(0, False), (1, False), (2, True), (3, True)])
def test_county_simultaneous_needs_licence_only_beyond_two_1_2_5(used, passed):
    a = app(organisation_kind=K.COUNTY, licence_type=T.SIMULTANEOUS_PAIRS)
    check = by_id(
        application_checks(a, YearUsage(county_simultaneous=used)), "simultaneous.allowance"
    )
    assert check.passed is passed and check.severity is Severity.WARNING


@pytest.mark.parametrize("kind", [K.AFFILIATED_CLUB, K.OTHER])
def test_club_and_organiser_simultaneous_need_licence_1_2_5(kind):
    a = app(organisation_kind=kind, licence_type=T.SIMULTANEOUS_PAIRS)
    checks = application_checks(a, NONE)
    assert "simultaneous.allowance" not in ids(checks)
    assert by_id(checks, "eligible").passed


@pytest.mark.parametrize(
    ("used", "passed"),
    [(0, True), (CLUB_OPEN_EVENTS_PER_YEAR - 1, True), (CLUB_OPEN_EVENTS_PER_YEAR, False)],
)
def test_club_open_events_per_year_1_2_2(used, passed):
    a = app(licence_type=T.CLUB_OPEN_EVENT, county_support=True)
    check = by_id(application_checks(a, YearUsage(club_open_events=used)), "club_open.quota")
    assert check.passed is passed and check.severity is Severity.REFUSAL


def test_club_open_events_constant_is_four_1_2_2():
    """1.2.2 says "a limited number"; our choice is four (the office may change it)."""
    assert CLUB_OPEN_EVENTS_PER_YEAR == 4


@pytest.mark.parametrize(("support", "passed"), [(True, True), (False, False)])
def test_club_open_event_county_support_is_a_warning_1_2_2(support, passed):
    a = app(licence_type=T.CLUB_OPEN_EVENT, county_support=support)
    check = by_id(application_checks(a, NONE), "club_open.county_support")
    assert check.passed is passed and check.severity is Severity.WARNING and not check.refuses


@pytest.mark.parametrize(
    ("kind", "type_", "used", "passed", "section"),
    [
        (K.AFFILIATED_CLUB, T.CLUB_OPEN_EVENT, 1, True, "EBU Handbook 1.2.4"),  # 1.2.2 "up to two"
        (K.AFFILIATED_CLUB, T.CLUB_OPEN_EVENT, 2, False, "EBU Handbook 1.2.4"),
        (K.COUNTY, T.OPEN_EVENT, 3, True, "EBU Handbook 1.2.6 a"),
        (K.COUNTY, T.OPEN_EVENT, 4, False, "EBU Handbook 1.2.6 a"),
    ],
)
def test_blue_point_quota_1_2_2_1_2_4_1_2_6_a(kind, type_, used, passed, section):
    a = app(organisation_kind=kind, licence_type=type_, blue_points=True, county_support=True)
    check = by_id(application_checks(a, YearUsage(blue_point_events=used)), "blue_points.quota")
    assert check.passed is passed and check.seed_ref == section


def test_blue_point_quota_not_checked_for_other_organisations_1_4_5():
    a = app(organisation_kind=K.OTHER, blue_points=True)
    assert "blue_points.quota" not in ids(application_checks(a, YearUsage(blue_point_events=9)))


def test_county_simultaneous_may_not_be_blue_1_2_5():
    a = app(organisation_kind=K.COUNTY, licence_type=T.SIMULTANEOUS_PAIRS, blue_points=True)
    checks = application_checks(a, YearUsage(county_simultaneous=2))
    assert by_id(checks, "blue_points.simultaneous").refuses
    assert "blue_points.quota" not in ids(checks)


@pytest.mark.parametrize(
    ("kind", "members", "passed", "severity"),
    [
        (K.INTER_COUNTY_LEAGUE, True, True, Severity.REFUSAL),  # 1.4.3 d
        (K.INTER_COUNTY_LEAGUE, False, False, Severity.REFUSAL),
        (K.COUNTY_LEAGUE, False, False, Severity.WARNING),  # 1.4.3 c, 1.2.6 c bottom division
        (K.COUNTY, True, True, Severity.WARNING),
    ],
)
def test_league_membership_1_4_3(kind, members, passed, severity):
    a = app(organisation_kind=kind, licence_type=T.TEAMS_LEAGUE, members_only=members)
    check = by_id(application_checks(a, NONE), "league.members")
    assert (check.passed, check.severity) == (passed, severity)


@pytest.mark.parametrize("kind", [K.CLUB_LEAGUE, K.DISTRICT_LEAGUE, K.AFFILIATED_CLUB])
def test_league_own_rules_on_non_members_1_4_3_ab(kind):
    a = app(organisation_kind=kind, licence_type=T.TEAMS_LEAGUE)
    assert "league.members" not in ids(application_checks(a, NONE))


@pytest.mark.parametrize(
    ("agreement", "remuneration", "donation", "missing"),
    [
        (True, True, True, []),
        (False, True, True, ["1.8.1 a"]),
        (True, False, True, ["1.8.1 b"]),
        (True, True, False, ["1.8.1 c"]),
        (False, False, False, ["1.8.1 a", "1.8.1 b", "1.8.1 c"]),
    ],
)
def test_charity_documents_1_8_1_1_8_2(agreement, remuneration, donation, missing):
    a = app(
        licence_type=T.CHARITY,
        charity_agreement=agreement,
        charity_remuneration_statement=remuneration,
        charity_donation_statement=donation,
    )
    check = by_id(application_checks(a, NONE), "charity.documents")
    assert check.passed is (not missing) and check.severity is Severity.REFUSAL
    for section in ["1.8.1 a", "1.8.1 b", "1.8.1 c"]:
        assert (f"({section})" in check.message_en) is (section in missing)
        assert (f"({section})" in check.message_sv) is (section in missing)


def test_charity_documents_only_for_charity_licences_1_8():
    assert "charity.documents" not in ids(application_checks(app(), NONE))


@pytest.mark.parametrize(
    ("protection", "passed"),
    [
        ("bonding", True),  # 1.9.3 a
        ("insurance", True),  # 1.9.3 b
        ("trust_fund", True),  # 1.9.3 c
        ("no_deposits", True),  # 1.9.3 d
        ("", False),
        ("hope", False),
    ],
)
def test_package_protection_1_9_3(protection, passed):
    a = app(organisation_kind=K.OTHER, licence_type=T.PACKAGE, package_protection=protection)
    check = by_id(application_checks(a, NONE), "package.protection")
    assert check.passed is passed and check.severity is Severity.REFUSAL


@pytest.mark.parametrize(
    ("prize", "approved", "knockout", "passed"),
    [
        (Decimal(0), False, False, True),
        (Decimal(250), False, False, True),  # "a maximum prize of £250 per player"
        (Decimal("250.01"), False, False, False),
        (Decimal(500), True, False, True),  # "Special application is required"
        (Decimal(1000), False, True, True),  # "no limit for head-to-head knock-out events"
    ],
)
def test_prize_limit_1_7_9(prize, approved, knockout, passed):
    a = app(max_prize_per_player=prize, prize_approved=approved, head_to_head_knockout=knockout)
    check = by_id(application_checks(a, NONE), "prize.limit")
    assert check.passed is passed and check.severity is Severity.REFUSAL


def test_prize_message_1_7_9():
    check = by_id(application_checks(app(max_prize_per_player=Decimal(300)), NONE), "prize.limit")
    assert check.message_en == (
        "Prizes are limited to £250 per player; £300 needs a special application (EBU Handbook 1.7.9)"
    )
    assert check.message_sv == (
        "Priser får vara högst £250 per spelare; £300 kräver särskild ansökan (EBU Handbook 1.7.9)"
    )


@pytest.mark.parametrize(
    ("level", "authorised", "passed"),
    [(2, False, True), (4, False, True), (1, False, False), (3, False, False), (3, True, True)],
)
def test_systems_level_1_7_6(level, authorised, passed):
    a = app(systems_level=level, systems_authorised=authorised)
    check = by_id(application_checks(a, NONE), "systems.level")
    assert check.passed is passed and check.severity is Severity.REFUSAL


@pytest.mark.parametrize(("tables", "passed"), [(4, False), (5, True), (30, True)])
def test_five_tables_is_a_warning_1_7_13(tables, passed):
    check = by_id(application_checks(app(expected_tables=tables), NONE), "tables.minimum")
    assert check.passed is passed and check.severity is Severity.WARNING and not check.refuses


@pytest.mark.parametrize(
    ("sessions", "tables", "refused", "warned"),
    [
        (1, 5, set(), set()),
        (1, 1, set(), {"tables.minimum"}),
        (0, 10, {"complete.sessions"}, set()),
        (2, 0, {"complete.tables"}, {"tables.minimum"}),
        (0, 0, {"complete.sessions", "complete.tables"}, {"tables.minimum"}),
    ],
)
def test_incomplete_application_1_5_1_7_21(sessions, tables, refused, warned):
    checks = application_checks(app(sessions=sessions, expected_tables=tables), NONE)
    assert {c.rule_id for c in refusals(checks)} == refused
    assert {c.rule_id for c in checks if not c.passed and not c.refuses} == warned


@pytest.mark.parametrize("type_", [T.NOVICE_ANNUAL, T.TEAMS_LEAGUE])
def test_no_1_7_checks_for_novice_or_league(type_):
    """1.7 heading: "not applicable to Novice/Beginner events or Teams Leagues"."""
    a = app(
        licence_type=type_,
        expected_tables=2,
        systems_level=5,
        max_prize_per_player=Decimal(1000),
    )
    checks = application_checks(a, NONE)
    assert not ids(checks) & {"prize.limit", "systems.level", "tables.minimum"}
    assert refusals(checks) == []


def test_clean_open_event_has_no_refusals_1_4_1():
    checks = application_checks(app(), NONE)
    assert refusals(checks) == []
    assert all(c.passed for c in checks)
    assert [c.rule_id for c in checks] == [
        "complete.sessions",
        "complete.tables",
        "eligible",
        "prize.limit",
        "systems.level",
        "tables.minimum",
    ]


def test_every_check_is_bilingual_with_its_section_1_1_to_1_9():
    a = app(
        licence_type=T.CHARITY,
        organisation_kind=K.COUNTY,
        blue_points=True,
        major_event=True,
        expected_tables=3,
    )
    for check in application_checks(a, YearUsage(blue_point_events=4)):
        assert check.seed_ref.startswith("EBU Handbook 1.")
        assert check.message_en.endswith(f"({check.seed_ref})")
        assert check.message_sv.endswith(f"({check.seed_ref})")
        assert check.message_en != check.message_sv


# --- standard conditions: 1.7, 1.8.3-1.8.4, 1.9.2-1.9.3 --------------------------

FIXED_CODES = [
    ("literature.licensed", "EBU Handbook 1.7.1"),
    ("literature.systems", "EBU Handbook 1.7.1"),
    ("literature.entry_requirements", "EBU Handbook 1.7.1"),
    ("literature.charity", "EBU Handbook 1.7.1"),
    ("literature.duplicate", "EBU Handbook 1.7.1"),
    ("national_championship", "EBU Handbook 1.7.2"),
    ("peripheral_activities", "EBU Handbook 1.7.3"),
    ("sponsor_approval", "EBU Handbook 1.7.4"),
    ("english_law", "EBU Handbook 1.7.5"),
    ("systems", "EBU Handbook 1.7.6"),
    ("laws", "EBU Handbook 1.7.7"),
    ("appeals", "EBU Handbook 1.7.8"),
    ("prizes", "EBU Handbook 1.7.9"),
    ("display_licence", "EBU Handbook 1.7.10"),
    ("bye_laws", "EBU Handbook 1.7.11"),
    ("open_to_members", "EBU Handbook 1.7.12"),
    ("five_tables", "EBU Handbook 1.7.13"),
    ("director", "EBU Handbook 1.7.14"),
    ("inspection", "EBU Handbook 1.7.15"),
    ("promotion", "EBU Handbook 1.7.16"),
    ("post_event", "EBU Handbook 1.7.17"),
    ("accounts", "EBU Handbook 1.7.18"),
    ("deposit", "EBU Handbook 1.7.19"),
    ("special_conditions", "EBU Handbook 1.7.20"),
]


def conditions(**kw):
    return {c.code: c for c in standard_conditions(app(**kw))}


def test_plain_open_event_conditions_1_7():
    got = [(c.code, c.seed_ref) for c in standard_conditions(app())]
    assert got == FIXED_CODES


@pytest.mark.parametrize("code", [code for code, _ in FIXED_CODES])
def test_condition_texts_bilingual_1_7(code):
    c = conditions()[code]
    assert c.text_en and c.text_sv and c.text_en != c.text_sv


@pytest.mark.parametrize("type_", [T.NOVICE_ANNUAL, T.TEAMS_LEAGUE])
def test_no_conditions_for_novice_or_league_1_7(type_):
    assert standard_conditions(app(licence_type=type_)) == []


@pytest.mark.parametrize(
    ("kw", "code", "present"),
    [
        ({"sponsor": "Acme Ltd"}, "literature.sponsor", True),  # 1.7.1 sponsor
        ({}, "literature.sponsor", False),
        ({"members_only": True}, "literature.members_only", True),  # 1.7.1 members notice
        ({}, "literature.members_only", False),
        ({"licence_type": T.PACKAGE}, "literature.package", True),  # 1.7.1 package info
        ({}, "literature.package", False),
        ({"licence_type": T.CHARITY}, "charity.accounts", True),  # 1.8.3
        ({"licence_type": T.CHARITY}, "charity.statements", True),  # 1.8.4
        ({}, "charity.accounts", False),
        ({"licence_type": T.PACKAGE}, "package.brochures", True),  # 1.9.2 a
        ({"licence_type": T.PACKAGE}, "package.contracts", True),  # 1.9.2 b
        ({"licence_type": T.PACKAGE}, "package.protection", True),  # 1.9.3
        ({"licence_type": T.CHARITY}, "package.protection", False),
    ],
)
def test_conditional_conditions_1_7_1_1_8_1_9(kw, code, present):
    assert (code in conditions(**kw)) is present


def test_sponsor_named_1_7_1():
    c = conditions(sponsor="Acme Ltd")["literature.sponsor"]
    assert "Acme Ltd" in c.text_en and "Acme Ltd" in c.text_sv


@pytest.mark.parametrize(
    ("kw", "en", "sv"),
    [
        ({}, "at most £250 per player", "högst £250 per spelare"),
        (
            {"prize_approved": True, "max_prize_per_player": Decimal(500)},
            "approved prize of £500",
            "godkända priset på £500",
        ),
        ({"prize_approved": True}, "approved prize per player", "godkända priset per spelare"),
        ({"head_to_head_knockout": True}, "no limit", "ingen gräns"),
    ],
)
def test_prize_condition_1_7_9(kw, en, sv):
    c = conditions(**kw)["prizes"]
    assert en in c.text_en and sv in c.text_sv


@pytest.mark.parametrize(("level", "authorised_text"), [(2, False), (4, False), (3, True)])
def test_systems_condition_1_7_6(level, authorised_text):
    c = conditions(systems_level=level, systems_authorised=True)
    assert f"Level {level}" in c["systems"].text_en
    assert f"nivå {level}" in c["systems"].text_sv
    assert f"Level {level}" in c["literature.systems"].text_en
    assert ("authorised in writing" in c["systems"].text_en) is authorised_text


@pytest.mark.parametrize(
    ("code", "en", "sv"),
    [
        ("five_tables", "two weeks' notice", "två veckor"),  # 1.7.13
        ("five_tables", "unless all competitors wish to proceed", "om inte alla deltagare"),
        ("post_event", "one calendar month", "en kalendermånad"),  # 1.7.17
        ("deposit", "may require a deposit", "kan kräva en deposition"),  # 1.7.19
        ("display_licence", "displayed", "synlig"),  # 1.7.10
    ],
)
def test_condition_wording_1_7(code, en, sv):
    c = conditions()[code]
    assert en in c.text_en and sv in c.text_sv


@pytest.mark.parametrize(
    ("protection", "en"),
    [
        ("bonding", "ABTA"),
        ("insurance", "each customer"),
        ("trust_fund", "trust fund"),
        ("no_deposits", "no deposits"),
        ("", "must be protected"),
    ],
)
def test_package_protection_condition_1_9_3(protection, en):
    c = conditions(licence_type=T.PACKAGE, package_protection=protection)["package.protection"]
    assert en in c.text_en and c.seed_ref == "EBU Handbook 1.9.3"


def test_charity_accounts_condition_1_8_3():
    c = conditions(licence_type=T.CHARITY)["charity.accounts"]
    assert "three months" in c.text_en and "tre månader" in c.text_sv


# --- fees: 1.5.4, 1.11.2 ------------------------------------------------------------


@pytest.mark.parametrize(
    ("rate", "sessions", "tables", "heats", "fee"),
    [
        (FeeRate(Decimal("1.50")), 2, 10, 0, Decimal("30.00")),
        (FeeRate(Decimal("1.50"), minimum=Decimal(40)), 2, 10, 0, Decimal("40.00")),
        (FeeRate(Decimal("0.125")), 1, 1, 0, Decimal("0.13")),  # half up
        (FeeRate(Decimal("0.124")), 1, 1, 0, Decimal("0.12")),
        (FeeRate(Decimal(0), per_heat=Decimal("12.5")), 0, 0, 8, Decimal("100.00")),  # 1.11.2 heats
        (FeeRate(Decimal(1), per_heat=Decimal(5)), 1, 10, 2, Decimal("20.00")),
        (FeeRate(Decimal(1)), 0, 0, 0, Decimal("0.00")),
    ],
)
def test_licence_fee_1_5_4_1_11_2(rate, sessions, tables, heats, fee):
    got = licence_fee(rate, sessions=sessions, tables=tables, heats=heats)
    assert got == fee and str(got) == str(fee)


def test_licence_fee_rejects_negative_1_5_4():
    with pytest.raises(ValueError):
        licence_fee(FeeRate(Decimal(1)), sessions=-1, tables=1)


# --- dates: 1.5.3, 1.7.17, 1.8.3 ------------------------------------------------------


@pytest.mark.parametrize(
    ("end", "due"),
    [
        (dt.date(2026, 1, 15), dt.date(2026, 2, 14)),  # 30 days earlier than 15 Feb
        (dt.date(2026, 1, 31), dt.date(2026, 2, 28)),  # month clamps; earlier than 2 Mar
        (dt.date(2028, 1, 31), dt.date(2028, 2, 29)),  # leap year
        (dt.date(2026, 2, 15), dt.date(2026, 3, 15)),  # February: the month is earlier
        (dt.date(2026, 4, 15), dt.date(2026, 5, 15)),  # 30-day month: both agree
        (dt.date(2026, 3, 31), dt.date(2026, 4, 30)),
        (dt.date(2026, 12, 20), dt.date(2027, 1, 19)),  # year end
    ],
)
def test_post_event_due_1_5_3_1_7_17(end, due):
    assert post_event_due(end) == due


@pytest.mark.parametrize(
    ("end", "due"),
    [
        (dt.date(2026, 3, 10), dt.date(2026, 6, 10)),
        (dt.date(2026, 11, 30), dt.date(2027, 2, 28)),  # clamped
        (dt.date(2027, 11, 30), dt.date(2028, 2, 29)),  # leap year
        (dt.date(2026, 5, 31), dt.date(2026, 8, 31)),
    ],
)
def test_charity_accounts_due_1_8_3(end, due):
    assert charity_accounts_due(end) == due


# --- revocation: 1.7.13 -------------------------------------------------------------


@pytest.mark.parametrize(
    ("tables", "notice", "wish", "passed", "severity"),
    [
        (5, False, False, True, Severity.REFUSAL),
        (4, True, True, True, Severity.REFUSAL),
        (4, False, True, False, Severity.WARNING),  # notice duty broken, not revoked
        (4, True, False, False, Severity.REFUSAL),  # "revoked unless all ... wish to proceed"
        (3, False, False, False, Severity.REFUSAL),
    ],
)
def test_revocation_fewer_tables_1_7_13(tables, notice, wish, passed, severity):
    check = revocation_grounds_fewer_tables(tables, notice, wish)
    assert (check.passed, check.severity) == (passed, severity)
    assert check.seed_ref == "EBU Handbook 1.7.13"
    assert check.rule_id == "revocation.fewer_tables"
