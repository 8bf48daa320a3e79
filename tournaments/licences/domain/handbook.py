"""The figures and tables of seed 001 (EBU handbook) chapter 1, each with its section,
and small helpers the rule modules share. Where the handbook is silent the reading is
written beside the figure and in docs/licences.md ("Readings where the handbook is silent")."""

from __future__ import annotations

import calendar
import datetime as dt
from decimal import Decimal

from .model import (
    AllowanceKind,
    Application,
    Check,
    LicenceType,
    OrganisationKind,
    Reason,
    Severity,
    Status,
    ref,
)

K = OrganisationKind
T = LicenceType
A = AllowanceKind

# --- tables ----------------------------------------------------------------------

# 1.2.2 "a limited number of special licenses per year": the seed gives no number.
CLUB_OPEN_EVENTS_PER_YEAR = 4

# Blue Point events a year: clubs 2 (1.2.2, 1.2.4 "may not hold more than 2 Blue
# Point events per annum"); counties 4 (1.2.6 a "Up to 4 Blue Point events").
BLUE_POINT_LIMITS: dict[OrganisationKind, tuple[int, str]] = {
    K.AFFILIATED_CLUB: (2, "1.2.4"),
    K.COUNTY: (4, "1.2.6 a"),
}

# Allowances, per year, run without a licence (1.2.3-1.2.6).
ALLOWANCE_LIMITS: dict[tuple[OrganisationKind, AllowanceKind], int] = {
    (K.AFFILIATED_CLUB, A.MAJOR_PAIRS): 1,  # 1.2.4 "one pairs event and one teams event"
    (K.AFFILIATED_CLUB, A.MAJOR_TEAMS): 1,  # 1.2.4
    (K.AFFILIATED_CLUB, A.LADDER): 2,  # 1.2.3 "two 'ladders' per annum"
    (K.COUNTY, A.MAJOR_PAIRS): 1,  # 1.2.4
    (K.COUNTY, A.MAJOR_TEAMS): 1,  # 1.2.4
    (K.COUNTY, A.LADDER): 2,  # 1.2.3
    (K.COUNTY, A.COUNTY_SIMULTANEOUS): 2,  # 1.2.5 "two such events per annum"
    (K.COUNTY, A.COUNTY_BLUE_POINT): 4,  # 1.2.6 a "Up to 4 Blue Point events"
    (K.COUNTY, A.OTHER_COUNTIES_EVENT): 1,  # 1.2.6 d "One event per annum"
}
ALLOWANCE_SECTIONS = {
    A.MAJOR_PAIRS: "1.2.4",
    A.MAJOR_TEAMS: "1.2.4",
    A.LADDER: "1.2.3",
    A.COUNTY_SIMULTANEOUS: "1.2.5",
    A.COUNTY_BLUE_POINT: "1.2.6 a",
    A.OTHER_COUNTIES_EVENT: "1.2.6 d",
}
MAJOR_MIN_BOARDS = 36  # 1.2.4 "at least 36-boards overall duration"
MAJOR_MAX_RAISED_SESSIONS = 3  # 1.2.4 "no more than three sessions ... at the enhanced status"

_BASE = frozenset({K.AFFILIATED_CLUB, K.COUNTY, K.OTHER})
_LEAGUES = frozenset({K.CLUB_LEAGUE, K.DISTRICT_LEAGUE, K.COUNTY_LEAGUE, K.INTER_COUNTY_LEAGUE})
# Who may apply for which licence, with the section that says so.
ELIGIBLE: dict[LicenceType, tuple[frozenset[OrganisationKind], str]] = {
    T.OPEN_EVENT: (_BASE, "1.4.1"),  # clubs and counties; others 1.4.5
    T.CLUB_OPEN_EVENT: (frozenset({K.AFFILIATED_CLUB}), "1.2.2"),
    T.NOVICE_ANNUAL: (_BASE, "1.4.2"),
    T.TEAMS_LEAGUE: (_BASE | _LEAGUES, "1.4.3"),
    T.SIMULTANEOUS_PAIRS: (_BASE, "1.2.5"),  # clubs, independent organisers, counties
    T.CHARITY: (_BASE, "1.8"),
    T.PACKAGE: (_BASE, "1.9"),
    T.SPECIAL: (_BASE | _LEAGUES, "1.4.4"),
}

# 1.4.3: the status of each kind of teams league. An affiliated club's league is a
# club league (a), a county's is a county league (c); another organisation's is
# read as a district league (b: "usually organised by an Association set up for
# that particular purpose"). Inter-county leagues: National for the 'A' team, see
# ``inter_county_team_status`` (1.2.6 e).
TEAMS_LEAGUE_STATUS: dict[OrganisationKind, tuple[Status, str]] = {
    K.CLUB_LEAGUE: (Status.CLUB, "1.4.3 a"),
    K.AFFILIATED_CLUB: (Status.CLUB, "1.4.3 a"),
    K.DISTRICT_LEAGUE: (Status.DISTRICT, "1.4.3 b"),
    K.OTHER: (Status.DISTRICT, "1.4.3 b"),
    K.COUNTY_LEAGUE: (Status.COUNTY, "1.4.3 c"),
    K.COUNTY: (Status.COUNTY, "1.4.3 c"),
    K.INTER_COUNTY_LEAGUE: (Status.NATIONAL, "1.2.6 e"),
}

# 1.6.1 a/b: (wide_appeal, members_only) -> status.
LICENSED_STATUS: dict[tuple[bool, bool], tuple[Status, str]] = {
    (False, False): (Status.CLUB, "1.6.1 a"),
    (False, True): (Status.DISTRICT, "1.6.1 a"),
    (True, False): (Status.DISTRICT, "1.6.1 b"),
    (True, True): (Status.COUNTY, "1.6.1 b"),
}
MAJOR_EVENT_MIN_SESSIONS = 4  # 1.6.1 c i
MAJOR_EVENT_MIN_AVG_TABLES = Decimal(50)  # 1.6.1 c ii "averaged at least 50 tables"

# 1.4.2 (lines 587-627): what novice/beginner sessions "typically" are.
NOVICE_MAX_ABOVE_AREA_MASTER_PERCENT = Decimal(10)  # line 613 "more than 10% of players"
AREA_MASTER_POINTS = 500  # 2.6.2, line 1432: the rank 1.4.2 names
# Line 597 "annual licences": a licence covers a year at most (366 days, leap years).
NOVICE_LICENCE_MAX_DAYS = 366

# 1.2.2: club open events are licensed "at either District or County status".
CLUB_OPEN_EVENT_STATUS = (Status.DISTRICT, Status.COUNTY)

SYSTEMS_LEVELS = (2, 4)  # 1.7.6 "usually either Level 2 or 4"
PRIZE_LIMIT = Decimal(250)  # 1.7.9 "a maximum prize of £250 per player"
MIN_TABLES = 5  # 1.7.13 "A minimum of five tables"
POST_EVENT_DAYS = 30  # 1.5.3 "within 30 days"; 1.7.17 "within one calendar month"
CHARITY_ACCOUNTS_MONTHS = 3  # 1.8.3 "within three months"

# 1.9.3: the four suggested insolvency protections, code -> (en, sv).
PACKAGE_PROTECTIONS: dict[str, tuple[str, str]] = {
    "bonding": ("bonding (eg ABTA)", "resegaranti (t.ex. ABTA)"),
    "insurance": (
        "insurance, a policy issued individually to each customer",
        "försäkring, en försäkring utfärdad till varje enskild kund",
    ),
    "trust_fund": ("a trust fund", "klientmedelskonto (trust fund)"),
    "no_deposits": (
        "no deposits or pre-payments are collected",
        "inga handpenningar eller förskottsbetalningar tas ut",
    ),
}

# Types whose status is fixed elsewhere, so 1.6.1 c is not weighed (1.2.2, 1.2.5,
# 1.4.2, 1.4.3).
MAJOR_EVENT_NOT_APPLICABLE = frozenset(
    {T.CLUB_OPEN_EVENT, T.SIMULTANEOUS_PAIRS, T.NOVICE_ANNUAL, T.TEAMS_LEAGUE}
)

# 1.7 heading: "not applicable to Novice/Beginner events or Teams Leagues".
NO_STANDARD_CONDITIONS = frozenset({T.NOVICE_ANNUAL, T.TEAMS_LEAGUE})

# 1.8.1 a-c: the charity documents that must accompany the application (1.8.2).
CHARITY_DOCUMENTS: tuple[tuple[str, str, str, str], ...] = (
    (
        "charity_agreement",
        "1.8.1 a",
        "written agreement from the charity",
        "skriftligt avtal med välgörenhetsorganisationen",
    ),
    (
        "charity_remuneration_statement",
        "1.8.1 b",
        "statement of how the fund raiser's remuneration is determined",
        "redovisning av hur insamlarens ersättning bestäms",
    ),
    (
        "charity_donation_statement",
        "1.8.1 c",
        "statement of the amount of the donation",
        "uppgift om gåvans storlek",
    ),
)


# --- small helpers ---------------------------------------------------------------


def _check(rule_id: str, passed: bool, severity: Severity, en: str, sv: str, section: str) -> Check:
    where = ref(section)
    return Check(
        rule_id=rule_id,
        passed=passed,
        severity=severity,
        message_en=f"{en} ({where})",
        message_sv=f"{sv} ({where})",
        seed_ref=where,
    )


def _reason(en: str, sv: str, section: str) -> Reason:
    where = ref(section)
    return Reason(en=f"{en} ({where})", sv=f"{sv} ({where})", seed_ref=where)


def add_months(day: dt.date, months: int) -> dt.date:
    """The same day ``months`` later, clamped to the end of a shorter month."""
    index = day.year * 12 + day.month - 1 + months
    year, month = divmod(index, 12)
    last = calendar.monthrange(year, month + 1)[1]
    return dt.date(year, month + 1, min(day.day, last))


def _a(noun: str) -> str:
    """English indefinite article, capitalised: "A club", "An open event"."""
    return ("An " if noun[:1].lower() in "aeiou" else "A ") + noun


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def pounds(amount: Decimal) -> str:
    return f"£{amount:,.2f}".replace(".00", "")


def major_event_unmet(app: Application) -> list[tuple[str, str]]:
    """The 1.6.1 c minimum requirements ``app`` does not meet, (en, sv)."""
    unmet: list[tuple[str, str]] = []
    if app.sessions < MAJOR_EVENT_MIN_SESSIONS:
        unmet.append(
            (
                f"at least {MAJOR_EVENT_MIN_SESSIONS} sessions (i)",
                f"minst {MAJOR_EVENT_MIN_SESSIONS} spelpass (i)",
            )
        )
    avg = app.last_year_best_four_avg_tables
    if avg is None or avg < MAJOR_EVENT_MIN_AVG_TABLES:
        unmet.append(
            (
                f"an average of at least {MAJOR_EVENT_MIN_AVG_TABLES} tables over last year's "
                "four best sessions (ii)",
                f"i snitt minst {MAJOR_EVENT_MIN_AVG_TABLES} bord under förra årets fyra "
                "bästa spelpass (ii)",
            )
        )
    if not app.members_only:
        unmet.append(("entry restricted to EBU members (iii)", "endast EBU-medlemmar (iii)"))
    if not app.wide_appeal:
        unmet.append(
            (
                "a significant entry from outside the area (iv)",
                "betydande deltagande utifrån (iv)",
            )
        )
    return unmet


def blue_quota_check(kind: OrganisationKind, used: int) -> Check:
    limit, section = BLUE_POINT_LIMITS[kind]
    return _check(
        "blue_points.quota",
        used + 1 <= limit,
        Severity.REFUSAL,
        f"{_a(kind.label_en)} may hold at most {limit} Blue Point events a year; "
        f"{used} already this year",
        f"{_cap(kind.label_sv)} får ha högst {limit} Blue Point-tävlingar per år; "
        f"{used} redan i år",
        section,
    )


def no_blue_simultaneous() -> Check:
    return _check(
        "blue_points.simultaneous",
        False,
        Severity.REFUSAL,
        "A county's simultaneous pairs may not be a Blue Point event",
        "Grevskapets simultantävling får inte vara en Blue Point-tävling",
        "1.2.5",
    )
