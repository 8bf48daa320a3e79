"""The values the licence rules read and return: the application, the organisation's
year so far, checks, conditions and fee rates (seed 001 chapter 1, lines 95-1230)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from enum import IntEnum, StrEnum

from tournaments.domain.checks import Check, Severity  # noqa: F401  (part of this module's values)


def ref(section: str) -> str:
    """A place in seed 001 as a reader knows it, in both languages: the Handbook's
    section, ``EBU Handbook 1.7.9``."""
    return f"EBU Handbook {section}"


class Status(IntEnum):
    """The status level an event's Master Points are awarded at (1.2.1, 1.2.4, 1.6).

    Ordered, so "one level up" (1.2.4: Club -> District -> County -> Regional) and
    "one level lower" (1.6.2) are arithmetic on the value.
    """

    CLUB = 1
    DISTRICT = 2
    COUNTY = 3
    REGIONAL = 4
    NATIONAL = 5

    @property
    def label_en(self) -> str:
        return _STATUS_EN[self]

    @property
    def label_sv(self) -> str:
        return _STATUS_SV[self]


_STATUS_EN = {
    Status.CLUB: "Club",
    Status.DISTRICT: "District",
    Status.COUNTY: "County",
    Status.REGIONAL: "Regional",
    Status.NATIONAL: "National",
}
_STATUS_SV = {
    Status.CLUB: "Klubb",
    Status.DISTRICT: "Distrikt",
    Status.COUNTY: "Grevskap",
    Status.REGIONAL: "Regional",
    Status.NATIONAL: "Nationell",
}


class OrganisationKind(StrEnum):
    """Who applies: the sponsoring organisations of 1.1, other organisations
    (1.4.5), and the four kinds of teams league (1.4.3)."""

    AFFILIATED_CLUB = "affiliated_club"  # 1.1.1
    COUNTY = "county"  # 1.1.2, County Association
    NATIONAL_BODY = "national_body"  # 1.1.3, the EBU itself
    OTHER = "other"  # 1.4.5, e.g. an independent organiser or package operator
    CLUB_LEAGUE = "club_league"  # 1.4.3 a
    DISTRICT_LEAGUE = "district_league"  # 1.4.3 b
    COUNTY_LEAGUE = "county_league"  # 1.4.3 c
    INTER_COUNTY_LEAGUE = "inter_county_league"  # 1.4.3 d, 1.2.6 e

    @property
    def label_en(self) -> str:
        return _KIND_EN[self]

    @property
    def label_sv(self) -> str:
        return _KIND_SV[self]


_KIND_EN = {
    OrganisationKind.AFFILIATED_CLUB: "affiliated club",
    OrganisationKind.COUNTY: "County Association",
    OrganisationKind.NATIONAL_BODY: "national body (the EBU)",
    OrganisationKind.OTHER: "other organisation",
    OrganisationKind.CLUB_LEAGUE: "club league",
    OrganisationKind.DISTRICT_LEAGUE: "district league",
    OrganisationKind.COUNTY_LEAGUE: "county league",
    OrganisationKind.INTER_COUNTY_LEAGUE: "inter-county league",
}
_KIND_SV = {
    OrganisationKind.AFFILIATED_CLUB: "ansluten klubb",
    OrganisationKind.COUNTY: "grevskapsförbund",
    OrganisationKind.NATIONAL_BODY: "EBU (nationellt förbund)",
    OrganisationKind.OTHER: "annan arrangör",
    OrganisationKind.CLUB_LEAGUE: "klubbserie",
    OrganisationKind.DISTRICT_LEAGUE: "distriktsserie",
    OrganisationKind.COUNTY_LEAGUE: "grevskapsserie",
    OrganisationKind.INTER_COUNTY_LEAGUE: "serie mellan grevskap",
}


class LicenceType(StrEnum):
    OPEN_EVENT = "open_event"  # 1.4.1, open events of clubs and counties; 1.4.5 others
    CLUB_OPEN_EVENT = "club_open_event"  # 1.2.2, a club's special licence
    NOVICE_ANNUAL = "novice_annual"  # 1.4.2, one novice/beginner session a week
    TEAMS_LEAGUE = "teams_league"  # 1.4.3
    SIMULTANEOUS_PAIRS = "simultaneous_pairs"  # 1.2.5
    CHARITY = "charity"  # 1.8
    PACKAGE = "package"  # 1.9, package holidays
    SPECIAL = "special"  # 1.4.4

    @property
    def label_en(self) -> str:
        return _TYPE_EN[self]

    @property
    def label_sv(self) -> str:
        return _TYPE_SV[self]


_TYPE_EN = {
    LicenceType.OPEN_EVENT: "open event",
    LicenceType.CLUB_OPEN_EVENT: "club open event",
    LicenceType.NOVICE_ANNUAL: "annual novice/beginners licence",
    LicenceType.TEAMS_LEAGUE: "teams league",
    LicenceType.SIMULTANEOUS_PAIRS: "simultaneous pairs",
    LicenceType.CHARITY: "charity event",
    LicenceType.PACKAGE: "package holiday event",
    LicenceType.SPECIAL: "special licence",
}
_TYPE_SV = {
    LicenceType.OPEN_EVENT: "öppen tävling",
    LicenceType.CLUB_OPEN_EVENT: "klubbens öppna tävling",
    LicenceType.NOVICE_ANNUAL: "årslicens för nybörjarspel",
    LicenceType.TEAMS_LEAGUE: "lagserie",
    LicenceType.SIMULTANEOUS_PAIRS: "simultantävling för par",
    LicenceType.CHARITY: "välgörenhetstävling",
    LicenceType.PACKAGE: "tävling i en paketresa",
    LicenceType.SPECIAL: "speciallicens",
}


class AllowanceKind(StrEnum):
    """Events a club or county runs WITHOUT a licence, limited per year."""

    MAJOR_PAIRS = "major_pairs"  # 1.2.4
    MAJOR_TEAMS = "major_teams"  # 1.2.4
    LADDER = "ladder"  # 1.2.3
    COUNTY_SIMULTANEOUS = "county_simultaneous"  # 1.2.5
    COUNTY_BLUE_POINT = "county_blue_point"  # 1.2.6 a
    OTHER_COUNTIES_EVENT = "other_counties_event"  # 1.2.6 d

    @property
    def label_en(self) -> str:
        return _ALLOWANCE_EN[self]

    @property
    def label_sv(self) -> str:
        return _ALLOWANCE_SV[self]


_ALLOWANCE_EN = {
    AllowanceKind.MAJOR_PAIRS: "major pairs championship",
    AllowanceKind.MAJOR_TEAMS: "major teams championship",
    AllowanceKind.LADDER: "ladder",
    AllowanceKind.COUNTY_SIMULTANEOUS: "county simultaneous pairs",
    AllowanceKind.COUNTY_BLUE_POINT: "county Blue Point event",
    AllowanceKind.OTHER_COUNTIES_EVENT: "event for members of other counties",
}
_ALLOWANCE_SV = {
    AllowanceKind.MAJOR_PAIRS: "större parmästerskap",
    AllowanceKind.MAJOR_TEAMS: "större lagmästerskap",
    AllowanceKind.LADDER: "stegserie (ladder)",
    AllowanceKind.COUNTY_SIMULTANEOUS: "grevskapets simultantävling",
    AllowanceKind.COUNTY_BLUE_POINT: "grevskapets Blue Point-tävling",
    AllowanceKind.OTHER_COUNTIES_EVENT: "tävling för medlemmar i andra grevskap",
}


class MajorStanding(StrEnum):
    """How an event holds 'major event' status (1.6.1 c, lines 821-842): granted by
    the Board on the four minimum requirements, retained from last year while it
    meets them, or kept for one further year on a provisional basis."""

    NONE = ""
    GRANTED = "granted"
    RETAINED = "retained"
    PROVISIONAL = "provisional"

    @property
    def label_en(self) -> str:
        return _STANDING_EN[self]

    @property
    def label_sv(self) -> str:
        return _STANDING_SV[self]


_STANDING_EN = {
    MajorStanding.NONE: "not a major event",
    MajorStanding.GRANTED: "major event, granted by the Board",
    MajorStanding.RETAINED: "major event, status retained",
    MajorStanding.PROVISIONAL: "major event, provisional further year",
}
_STANDING_SV = {
    MajorStanding.NONE: "inte major event",
    MajorStanding.GRANTED: "major event, beviljat av styrelsen",
    MajorStanding.RETAINED: "major event, statusen behålls",
    MajorStanding.PROVISIONAL: "major event, provisoriskt ytterligare ett år",
}


@dataclass(frozen=True)
class PreviousMajor:
    """Last licence of the same event, as 1.6.1 c's retention reads it: its number,
    the year it was played and how it held major status then."""

    number: str
    year: int
    standing: MajorStanding


@dataclass(frozen=True)
class LicensedEvent:
    """An event on the calendar with a licence (1.7.22-1.7.24), as the clash rule
    reads it. ``local``: run in the applicant's county or a neighbouring one."""

    number: str
    name: str
    organiser: str
    start_date: dt.date
    end_date: dt.date
    status: Status | None
    local: bool


@dataclass(frozen=True)
class Surroundings:
    """What else is on the calendar for an application: licensed events whose
    dates meet it (1.7.23) and the organisation's other novice licences over the
    same period (1.4.2 "one such event each week")."""

    licensed_events: tuple[LicensedEvent, ...] = ()
    novice_licences: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reason:
    """One step of the status reasoning, in both languages, with its section."""

    en: str
    sv: str
    seed_ref: str


@dataclass(frozen=True)
class Application:
    """A licence application as the office reads it.

    ``members_only``: entry restricted to EBU members. ``wide_appeal``: likely to
    attract a significant entry from outside the area (1.6.1 b).
    ``max_prize_per_player`` is in pounds. ``package_protection`` is one of
    ``PACKAGE_PROTECTIONS`` in ``handbook.py`` ("bonding", "insurance", "trust_fund",
    "no_deposits") or "" when none is given (1.9.3).
    """

    organisation_kind: OrganisationKind
    licence_type: LicenceType
    sessions: int
    expected_tables: int
    members_only: bool
    wide_appeal: bool
    blue_points: bool = False
    county_support: bool = False  # 1.2.2: club open events should have the county's support
    major_event: bool = False  # asks for 'major event' status (1.6.1 c)
    last_year_best_four_avg_tables: Decimal | None = None
    side_event: bool = False  # an 'open pairs/teams' side event (1.6.2)
    consolation: bool = False  # ... that is a proper consolation event (4.3)
    max_prize_per_player: Decimal = Decimal(0)
    prize_approved: bool = False  # special application for > £250 (1.7.9)
    head_to_head_knockout: bool = False  # no prize limit (1.7.9)
    systems_level: int = 2  # 1.7.6: level 2 or 4, others need written authorisation
    systems_authorised: bool = False
    charity_agreement: bool = False  # 1.8.1 a, 1.8.2
    charity_remuneration_statement: bool = False  # 1.8.1 b
    charity_donation_statement: bool = False  # 1.8.1 c
    package_protection: str = ""  # 1.9.3
    sponsor: str = ""
    start_date: dt.date | None = None
    end_date: dt.date | None = None
    # 1.6.1 c: last year's licence of the event when it held major status, and the
    # request for the provisional further year.
    previous_major: PreviousMajor | None = None
    provisional_extension: bool = False
    # 1.4.2: what a novice/beginner session typically is (lines 603-627).
    for_novices: bool = False
    above_area_master_percent: Decimal | None = None
    awards_master_points: bool = False
    counts_for_grading: bool = False
    # 1.2.7: an event for players who qualify or are selected in other organisations.
    inter_organisation: bool = False
    partners: int = 0
    partners_all_own_clubs: bool = False  # a county's own affiliated clubs only (1.2.7 c)
    responsible_person: str = ""


@dataclass(frozen=True)
class YearUsage:
    """What the organisation already has this year: approved or pending licences
    and registered allowances, NOT counting the application being checked.

    ``blue_point_events`` counts every Blue Point event of the organisation this
    year (club open events and major championships nominated Blue for a club;
    for a county also its 1.2.6 a events). ``county_blue_point`` counts only the
    county's registered 1.2.6 a allowances.
    """

    club_open_events: int = 0
    blue_point_events: int = 0
    major_pairs: int = 0
    major_teams: int = 0
    ladders: int = 0
    county_simultaneous: int = 0
    county_blue_point: int = 0
    other_counties_events: int = 0


@dataclass(frozen=True)
class Condition:
    """One condition printed on the licence."""

    code: str
    text_en: str
    text_sv: str
    seed_ref: str


@dataclass(frozen=True)
class FeeRate:
    """The Board's published rates (1.11.1), in pounds."""

    per_table_session: Decimal
    per_heat: Decimal = Decimal(0)
    minimum: Decimal = Decimal(0)
