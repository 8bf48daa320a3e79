"""Who may apply for which licence and what an application must meet, and the grounds
to revoke one: seed 001 (EBU handbook) 1.2, 1.4, 1.7, 1.8, 1.9, 1.7.13. The figures
they read are in ``handbook.py``."""

from __future__ import annotations

from collections.abc import Sequence

from .clashes import clash_checks
from .handbook import (
    ALLOWANCE_LIMITS,
    BLUE_POINT_LIMITS,
    CHARITY_DOCUMENTS,
    CLUB_OPEN_EVENTS_PER_YEAR,
    ELIGIBLE,
    MAJOR_EVENT_NOT_APPLICABLE,
    MIN_TABLES,
    NO_STANDARD_CONDITIONS,
    PACKAGE_PROTECTIONS,
    PRIZE_LIMIT,
    SYSTEMS_LEVELS,
    A,
    K,
    T,
    _a,
    _cap,
    _check,
    blue_quota_check,
    major_event_unmet,
    no_blue_simultaneous,
    pounds,
)
from .inter_org import inter_organisation_checks
from .major import held_last_year, major_standing, provisional_check
from .model import (
    Application,
    Check,
    MajorStanding,
    Severity,
    Surroundings,
    YearUsage,
)
from .novice import novice_checks
from .status import status_reasons

# --- application checks ------------------------------------------------------------


def _complete_checks(app: Application) -> list[Check]:
    return [
        _check(
            "complete.sessions",
            app.sessions >= 1,
            Severity.REFUSAL,
            f"The application must give at least one session; {app.sessions} given",
            f"Ansökan måste ange minst ett spelpass; {app.sessions} angivet",
            "1.7.21",
        ),
        _check(
            "complete.tables",
            app.expected_tables >= 1,
            Severity.REFUSAL,
            f"The application must give the expected tables; {app.expected_tables} given",
            f"Ansökan måste ange väntat antal bord; {app.expected_tables} angivet",
            "1.7.21",
        ),
    ]


def _eligibility_check(app: Application) -> Check:
    kind, type_ = app.organisation_kind, app.licence_type
    if kind is K.NATIONAL_BODY:
        return _check(
            "eligible",
            False,
            Severity.REFUSAL,
            "The EBU issues licences; its own events are not licensed",
            "EBU utfärdar licenserna; dess egna tävlingar licensieras inte",
            "1.1.3, 1.5.1",
        )
    kinds, section = ELIGIBLE[type_]
    if kind is K.OTHER and type_ is not T.CLUB_OPEN_EVENT:
        section = "1.4.5"
    passed = kind in kinds
    return _check(
        "eligible",
        passed,
        Severity.REFUSAL,
        f"{_a(kind.label_en)} "
        + ("may" if passed else "may not")
        + f" apply for this licence: {type_.label_en}",
        f"{_cap(kind.label_sv)} "
        + ("får" if passed else "får inte")
        + f" söka denna licens: {type_.label_sv}",
        section,
    )


def _county_simultaneous_check(app: Application, usage: YearUsage) -> Check:
    limit = ALLOWANCE_LIMITS[(K.COUNTY, A.COUNTY_SIMULTANEOUS)]
    used = usage.county_simultaneous
    beyond = used >= limit
    return _check(
        "simultaneous.allowance",
        beyond,
        Severity.WARNING,
        f"A county may run {limit} simultaneous pairs a year for its affiliated clubs "
        f"without a licence; {used} used, so "
        + (
            "this one needs a licence"
            if beyond
            else "this one needs none unless non-affiliated clubs take part in a charity event"
        ),
        f"Ett grevskap får arrangera {limit} simultantävlingar per år för sina anslutna "
        f"klubbar utan licens; {used} använda, så "
        + (
            "denna kräver licens"
            if beyond
            else "denna kräver ingen licens om inte oanslutna klubbar deltar i en "
            "välgörenhetstävling"
        ),
        "1.2.5",
    )


def _club_open_checks(app: Application, usage: YearUsage) -> list[Check]:
    used = usage.club_open_events
    return [
        _check(
            "club_open.quota",
            used + 1 <= CLUB_OPEN_EVENTS_PER_YEAR,
            Severity.REFUSAL,
            f"At most {CLUB_OPEN_EVENTS_PER_YEAR} club open events a year; {used} already "
            "this year",
            f"Högst {CLUB_OPEN_EVENTS_PER_YEAR} öppna klubbtävlingar per år; {used} redan i år",
            "1.2.2",
        ),
        _check(
            "club_open.county_support",
            app.county_support,
            Severity.WARNING,
            "A club open event should have the support of the County Association"
            + ("" if app.county_support else "; none given"),
            "En klubbs öppna tävling bör ha grevskapsförbundets stöd"
            + ("" if app.county_support else "; stöd saknas"),
            "1.2.2",
        ),
    ]


def _league_members_check(app: Application) -> Check | None:
    kind = app.organisation_kind
    if kind is K.INTER_COUNTY_LEAGUE:
        return _check(
            "league.members",
            app.members_only,
            Severity.REFUSAL,
            "All players in an inter-county league must be EBU members",
            "Alla spelare i en serie mellan grevskap måste vara EBU-medlemmar",
            "1.4.3 d",
        )
    if kind in (K.COUNTY_LEAGUE, K.COUNTY):
        return _check(
            "league.members",
            app.members_only,
            Severity.WARNING,
            "In a county league non-members may play only in the bottom division of a "
            "multi-division league (or as reserves in teams of eight)",
            "I en grevskapsserie får icke-medlemmar bara spela i lägsta divisionen av en "
            "serie med flera divisioner (eller som reserver i åttamannalag)",
            "1.4.3 c, 1.2.6 c",
        )
    return None


def _major_event_check(app: Application) -> Check:
    if held_last_year(app) is not None:
        # Retention or the provisional further year (1.6.1 c, lines 837-841).
        standing, reason = major_standing(app)
        assert reason is not None
        return Check(
            rule_id="major_event",
            passed=standing is not MajorStanding.NONE,
            severity=Severity.WARNING,
            message_en=reason.en,
            message_sv=reason.sv,
            seed_ref=reason.seed_ref,
        )
    unmet = major_event_unmet(app)
    if not unmet:
        return _check(
            "major_event",
            True,
            Severity.WARNING,
            "Meets the minimum requirements for a 'major event'; the Board decides",
            "Uppfyller minimikraven för 'major event'; styrelsen (the Board) beslutar",
            "1.6.1 c",
        )
    return _check(
        "major_event",
        False,
        Severity.WARNING,
        "Does not meet the minimum requirements for a 'major event'; missing: "
        + "; ".join(en for en, _ in unmet),
        "Uppfyller inte minimikraven för 'major event'; saknas: "
        + "; ".join(sv for _, sv in unmet),
        "1.6.1 c",
    )


def _charity_check(app: Application) -> Check:
    missing = [doc for doc in CHARITY_DOCUMENTS if not getattr(app, doc[0])]
    if not missing:
        return _check(
            "charity.documents",
            True,
            Severity.REFUSAL,
            "The charity agreement and both statements accompany the application",
            "Avtalet med välgörenhetsorganisationen och båda redovisningarna bifogas",
            "1.8.1, 1.8.2",
        )
    return _check(
        "charity.documents",
        False,
        Severity.REFUSAL,
        "The application must be accompanied by copies of: "
        + "; ".join(f"{en} ({section})" for _, section, en, _ in missing),
        "Ansökan ska åtföljas av kopior av: "
        + "; ".join(f"{sv} ({section})" for _, section, _, sv in missing),
        "1.8.1, 1.8.2",
    )


def _package_check(app: Application) -> Check:
    chosen = PACKAGE_PROTECTIONS.get(app.package_protection)
    if chosen is not None:
        return _check(
            "package.protection",
            True,
            Severity.REFUSAL,
            f"Protection against the operator's insolvency: {chosen[0]}",
            f"Skydd mot arrangörens obestånd: {chosen[1]}",
            "1.9.3",
        )
    options_en = "; ".join(en for en, _ in PACKAGE_PROTECTIONS.values())
    options_sv = "; ".join(sv for _, sv in PACKAGE_PROTECTIONS.values())
    return _check(
        "package.protection",
        False,
        Severity.REFUSAL,
        "A package operator must protect deposits and pre-payments against its own "
        f"insolvency by one of: {options_en}",
        "En researrangör måste skydda handpenningar och förskott mot sitt eget obestånd "
        f"på ett av sätten: {options_sv}",
        "1.9.3",
    )


def _prize_check(app: Application) -> Check:
    prize = app.max_prize_per_player
    if app.head_to_head_knockout:
        return _check(
            "prize.limit",
            True,
            Severity.REFUSAL,
            "Head-to-head knock-out: no prize limit",
            "Utslagstävling med direkta möten: ingen gräns för priser",
            "1.7.9",
        )
    within = prize <= PRIZE_LIMIT
    if within or app.prize_approved:
        en = (
            f"Largest prize {pounds(prize)} per player, within {pounds(PRIZE_LIMIT)}"
            if within
            else f"Largest prize {pounds(prize)} per player, over {pounds(PRIZE_LIMIT)} "
            "by special application"
        )
        sv = (
            f"Största pris {pounds(prize)} per spelare, inom {pounds(PRIZE_LIMIT)}"
            if within
            else f"Största pris {pounds(prize)} per spelare, över {pounds(PRIZE_LIMIT)} "
            "efter särskild ansökan"
        )
        return _check("prize.limit", True, Severity.REFUSAL, en, sv, "1.7.9")
    return _check(
        "prize.limit",
        False,
        Severity.REFUSAL,
        f"Prizes are limited to {pounds(PRIZE_LIMIT)} per player; {pounds(prize)} needs "
        "a special application",
        f"Priser får vara högst {pounds(PRIZE_LIMIT)} per spelare; {pounds(prize)} kräver "
        "särskild ansökan",
        "1.7.9",
    )


def _systems_check(app: Application) -> Check:
    level = app.systems_level
    usual = level in SYSTEMS_LEVELS
    passed = usual or app.systems_authorised
    if usual:
        en, sv = f"Systems: Level {level}", f"System: nivå {level}"
    elif passed:
        en = f"Systems: Level {level}, authorised in writing by the EBU"
        sv = f"System: nivå {level}, skriftligt godkänd av EBU"
    else:
        en = (
            f"Systems Level {level} needs written authorisation from the EBU (usually Level 2 or 4)"
        )
        sv = f"Systemnivå {level} kräver skriftligt tillstånd från EBU (normalt nivå 2 eller 4)"
    return _check("systems.level", passed, Severity.REFUSAL, en, sv, "1.7.6")


def _tables_check(app: Application) -> Check:
    tables = app.expected_tables
    return _check(
        "tables.minimum",
        tables >= MIN_TABLES,
        Severity.WARNING,
        f"At least {MIN_TABLES} tables should be in play; {tables} expected",
        f"Minst {MIN_TABLES} bord bör vara i spel; {tables} väntade",
        "1.7.13",
    )


def application_checks(
    app: Application, usage: YearUsage, around: Surroundings | None = None
) -> list[Check]:
    """Every check that applies to ``app``, passed or not, in a fixed order.

    ``usage`` is the organisation's year so far, not counting ``app``; ``around`` what
    else is on the calendar (1.4.2 one novice licence, 1.7.23 clashes).
    """
    around = around or Surroundings()
    kind, type_ = app.organisation_kind, app.licence_type
    checks = _complete_checks(app)
    checks.append(_eligibility_check(app))
    if type_ is T.SIMULTANEOUS_PAIRS and kind is K.COUNTY:
        checks.append(_county_simultaneous_check(app, usage))
    if type_ is T.CLUB_OPEN_EVENT:
        checks += _club_open_checks(app, usage)
    if type_ is T.TEAMS_LEAGUE:
        league = _league_members_check(app)
        if league is not None:
            checks.append(league)
    if app.blue_points:
        if type_ is T.SIMULTANEOUS_PAIRS and kind is K.COUNTY:
            checks.append(no_blue_simultaneous())
        elif kind in BLUE_POINT_LIMITS:
            checks.append(blue_quota_check(kind, usage.blue_point_events))
    if type_ is T.NOVICE_ANNUAL:
        checks += novice_checks(app, around.novice_licences)
    asks_major = app.major_event or app.previous_major is not None or app.provisional_extension
    if asks_major and type_ not in MAJOR_EVENT_NOT_APPLICABLE:
        checks.append(_major_event_check(app))
        provisional = provisional_check(app)
        if provisional is not None:
            checks.append(provisional)
    checks += inter_organisation_checks(app)
    if type_ is T.CHARITY:
        checks.append(_charity_check(app))
    if type_ is T.PACKAGE:
        checks.append(_package_check(app))
    if type_ not in NO_STANDARD_CONDITIONS:
        checks += [_prize_check(app), _systems_check(app), _tables_check(app)]
    status, _reasons = status_reasons(app)
    checks += clash_checks(type_, app.start_date, app.end_date, status, around.licensed_events)
    return checks


def refusals(checks: Sequence[Check]) -> list[Check]:
    return [c for c in checks if c.refuses]


def revocation_grounds_fewer_tables(
    tables_in_play: int, notice_given: bool, all_competitors_wish_to_proceed: bool
) -> Check:
    """1.7.13 on the day: with fewer than five tables the licence is revoked unless
    all competitors wish to proceed (a refusal). If they do but two weeks' notice
    was not given, the notice duty was broken: a warning, not grounds to revoke."""
    if tables_in_play >= MIN_TABLES:
        return _check(
            "revocation.fewer_tables",
            True,
            Severity.REFUSAL,
            f"{tables_in_play} tables in play; at least {MIN_TABLES}",
            f"{tables_in_play} bord i spel; minst {MIN_TABLES}",
            "1.7.13",
        )
    if not all_competitors_wish_to_proceed:
        return _check(
            "revocation.fewer_tables",
            False,
            Severity.REFUSAL,
            f"Only {tables_in_play} tables in play and not all competitors wish to proceed: "
            "the licence is revoked",
            f"Bara {tables_in_play} bord i spel och alla deltagare vill inte fortsätta: "
            "licensen återkallas",
            "1.7.13",
        )
    if not notice_given:
        return _check(
            "revocation.fewer_tables",
            False,
            Severity.WARNING,
            f"Only {tables_in_play} tables in play; all competitors wish to proceed, but two "
            "weeks' notice was not given",
            f"Bara {tables_in_play} bord i spel; alla deltagare vill fortsätta, men två veckors "
            "varsel gavs inte",
            "1.7.13",
        )
    return _check(
        "revocation.fewer_tables",
        True,
        Severity.REFUSAL,
        f"Only {tables_in_play} tables in play, with two weeks' notice and all competitors "
        "wishing to proceed",
        f"Bara {tables_in_play} bord i spel, med två veckors varsel och alla deltagare vill "
        "fortsätta",
        "1.7.13",
    )
