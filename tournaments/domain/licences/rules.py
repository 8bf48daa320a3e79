"""The EBU licensing scheme: who may apply for which licence, the yearly
allowances, the status a licensed event is played at, the conditions printed on
the licence, the fee and the due dates.

Source: ``001_4cb9a3c6036a851e.txt`` (EBU Licensing and Master Points Handbook),
chapter 1, sections 1.1-1.11 (lines 95-1230). Every table carries its section;
where the seed is silent the reading is written beside the table:

- 1.2.2 allows "a limited number" of club open events a year without the
  number: ``CLUB_OPEN_EVENTS_PER_YEAR`` is 4, a constant the office may change.
- 1.5.3 ("within 30 days") and 1.7.17 ("within one calendar month") differ:
  ``post_event_due`` takes the earlier of the two.
- 1.2.4 names three steps up (Club, District, County to Regional); Regional and
  National are not raised further.
- 1.2.6 d: when fewer than a third of the entry comes from outside the county the
  event is County "only", even if entry was one unit per invited county.
- 1.4.3 points inter-county leagues to "1.2.6 (d)"; the inter-county league rule
  is 1.2.6 (e), which is what we apply (``inter_county_team_status``).
- 1.7 binds "the holder of a general licence"; its conditions are printed for
  every type except novice licences and teams leagues (the 1.7 heading), special
  licences included as the starting point for 1.7.20's special conditions.
- The EBU itself (1.1.3) issues licences and is not licensed: any application
  from the national body is refused. League bodies (1.4.3) may apply for a teams
  league or a special licence (1.4.4); for anything else they apply as an other
  organisation (1.4.5). Novice annual licences (1.4.2) are described for clubs
  and not restricted to them: clubs, counties and other organisations may apply.
- Counties' own simultaneous pairs may never be Blue Point (1.2.5), licensed or not.
"""

from __future__ import annotations

import calendar
import datetime as dt
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal

from .model import (
    AllowanceKind,
    Application,
    Check,
    FeeRate,
    LicenceType,
    OrganisationKind,
    Reason,
    Severity,
    Status,
    YearUsage,
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


def _add_months(day: dt.date, months: int) -> dt.date:
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


# --- allowances --------------------------------------------------------------------


def _used(usage: YearUsage, allowance: AllowanceKind) -> int:
    return {
        A.MAJOR_PAIRS: usage.major_pairs,
        A.MAJOR_TEAMS: usage.major_teams,
        A.LADDER: usage.ladders,
        A.COUNTY_SIMULTANEOUS: usage.county_simultaneous,
        A.COUNTY_BLUE_POINT: usage.county_blue_point,
        A.OTHER_COUNTIES_EVENT: usage.other_counties_events,
    }[allowance]


def _blue_quota_check(kind: OrganisationKind, used: int) -> Check:
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


def _no_blue_simultaneous() -> Check:
    return _check(
        "blue_points.simultaneous",
        False,
        Severity.REFUSAL,
        "A county's simultaneous pairs may not be a Blue Point event",
        "Grevskapets simultantävling får inte vara en Blue Point-tävling",
        "1.2.5",
    )


def allowance_checks(
    kind: OrganisationKind,
    allowance: AllowanceKind,
    usage: YearUsage,
    *,
    boards: int | None = None,
    restricted: bool = False,
    sessions_at_raised_level: int | None = None,
    blue_points: bool = False,
    knockout: bool = False,
) -> list[Check]:
    """Checks for registering an event run without a licence (1.2.3-1.2.6).

    An allowance the organisation kind does not have is one refusal and nothing
    else. Major championships (1.2.4) need at least 36 boards, no restriction
    (other than to full/primary members: pass ``restricted=False`` for those),
    and at most three sessions at the raised level unless a knock-out; ``None``
    for boards or sessions gives a warning that the number is missing.
    """
    section = ALLOWANCE_SECTIONS[allowance]
    limit = ALLOWANCE_LIMITS.get((kind, allowance))
    if limit is None:
        return [
            _check(
                "allowance.available",
                False,
                Severity.REFUSAL,
                f"{_a(kind.label_en)} has no such allowance: {allowance.label_en}",
                f"{_cap(kind.label_sv)} har ingen sådan kvot: {allowance.label_sv}",
                section,
            )
        ]
    used = _used(usage, allowance)
    checks = [
        _check(
            "allowance.quota",
            used + 1 <= limit,
            Severity.REFUSAL,
            f"At most {limit} a year ({allowance.label_en}); {used} already this year",
            f"Högst {limit} per år ({allowance.label_sv}); {used} redan i år",
            section,
        )
    ]
    if allowance in (A.MAJOR_PAIRS, A.MAJOR_TEAMS):
        checks += _major_championship_checks(boards, restricted, sessions_at_raised_level, knockout)
    if allowance is A.COUNTY_SIMULTANEOUS:
        if blue_points:
            checks.append(_no_blue_simultaneous())
    elif blue_points and allowance is not A.COUNTY_BLUE_POINT:
        checks.append(_blue_quota_check(kind, usage.blue_point_events))
    return checks


def _major_championship_checks(
    boards: int | None, restricted: bool, sessions: int | None, knockout: bool
) -> list[Check]:
    checks: list[Check] = []
    if boards is None:
        checks.append(
            _check(
                "major.boards",
                False,
                Severity.WARNING,
                f"Number of boards not given; a major championship needs at least "
                f"{MAJOR_MIN_BOARDS}",
                f"Antal brickor saknas; ett större mästerskap kräver minst {MAJOR_MIN_BOARDS}",
                "1.2.4",
            )
        )
    else:
        checks.append(
            _check(
                "major.boards",
                boards >= MAJOR_MIN_BOARDS,
                Severity.REFUSAL,
                f"A major championship needs at least {MAJOR_MIN_BOARDS} boards; {boards} planned",
                f"Ett större mästerskap kräver minst {MAJOR_MIN_BOARDS} brickor; "
                f"{boards} planerade",
                "1.2.4",
            )
        )
    checks.append(
        _check(
            "major.unrestricted",
            not restricted,
            Severity.REFUSAL,
            "A major championship must be unrestricted (members-only is allowed): every "
            "member must be able to win it" + ("; this one is restricted" if restricted else ""),
            "Ett större mästerskap måste vara öppet för alla medlemmar (endast medlemmar "
            "är tillåtet): alla ska kunna vinna" + ("; detta är begränsat" if restricted else ""),
            "1.2.4",
        )
    )
    if knockout:
        checks.append(
            _check(
                "major.sessions",
                True,
                Severity.REFUSAL,
                "Knock-out: no limit on sessions at the raised status",
                "Utslagstävling: ingen gräns för antalet spelpass på den höjda nivån",
                "1.2.4",
            )
        )
    elif sessions is None:
        checks.append(
            _check(
                "major.sessions",
                False,
                Severity.WARNING,
                f"Sessions at the raised status not given; at most "
                f"{MAJOR_MAX_RAISED_SESSIONS} (only the final stages of a longer event)",
                f"Antal spelpass på den höjda nivån saknas; högst "
                f"{MAJOR_MAX_RAISED_SESSIONS} (bara slutskedet av en längre tävling)",
                "1.2.4",
            )
        )
    else:
        checks.append(
            _check(
                "major.sessions",
                sessions <= MAJOR_MAX_RAISED_SESSIONS,
                Severity.REFUSAL,
                f"At most {MAJOR_MAX_RAISED_SESSIONS} sessions at the raised status "
                f"(only the final stages of a longer event); {sessions} planned",
                f"Högst {MAJOR_MAX_RAISED_SESSIONS} spelpass på den höjda nivån (bara "
                f"slutskedet av en längre tävling); {sessions} planerade",
                "1.2.4",
            )
        )
    return checks


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


def application_checks(app: Application, usage: YearUsage) -> list[Check]:
    """Every check that applies to ``app``, passed or not, in a fixed order.

    ``usage`` is the organisation's year so far, not counting ``app``.
    """
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
            checks.append(_no_blue_simultaneous())
        elif kind in BLUE_POINT_LIMITS:
            checks.append(_blue_quota_check(kind, usage.blue_point_events))
    if app.major_event and type_ not in MAJOR_EVENT_NOT_APPLICABLE:
        checks.append(_major_event_check(app))
    if type_ is T.CHARITY:
        checks.append(_charity_check(app))
    if type_ is T.PACKAGE:
        checks.append(_package_check(app))
    if type_ not in NO_STANDARD_CONDITIONS:
        checks += [_prize_check(app), _systems_check(app), _tables_check(app)]
    return checks


def refusals(checks: Sequence[Check]) -> list[Check]:
    return [c for c in checks if c.refuses]


# --- fees and dates ----------------------------------------------------------------


def licence_fee(rate: FeeRate, *, sessions: int, tables: int, heats: int = 0) -> Decimal:
    """sessions x tables x the per-table-session rate, plus heats x the per-heat rate
    (simultaneous events, 1.11.2), at least the minimum; to the penny, half up
    (1.5.4, 1.11.2)."""
    if sessions < 0 or tables < 0 or heats < 0:
        raise ValueError("sessions, tables and heats cannot be negative")
    fee = sessions * tables * rate.per_table_session + heats * rate.per_heat
    return max(fee, rate.minimum).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def post_event_due(end: dt.date) -> dt.date:
    """When the fee, results file and event statements are due: the earlier of 30
    days after the event (1.5.3) and one calendar month after it (1.7.17: the same
    day next month, clamped to the month's end, so 31 January gives 28/29 February).
    Taking the earlier meets both sections."""
    return min(end + dt.timedelta(days=POST_EVENT_DAYS), _add_months(end, 1))


def charity_accounts_due(end: dt.date) -> dt.date:
    """Full accounts of a charity event: three calendar months after it (1.8.3),
    clamped to the month's end."""
    return _add_months(end, CHARITY_ACCOUNTS_MONTHS)


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
