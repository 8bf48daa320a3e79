"""EBU event licences, seed 001 (the EBU's Licensing and Master Points Handbook)
chapter 1: ``rules``, ``novice`` (1.4.2), ``major`` (1.6.1 c retention), ``clashes``
(1.7.22-23), ``inter_org`` (1.2.7), (who may apply, what an application must meet), ``allowances``,
``status``, ``conditions``, ``fees`` (fee and due dates), ``steps`` (who may take which
step) and ``handbook`` (the chapter's figures, each with its section)."""

from .allowances import allowance_checks
from .clashes import SEASON_LONG, clash_checks, clashing
from .conditions import standard_conditions
from .fees import charity_accounts_due, licence_fee, post_event_due
from .handbook import ALLOWANCE_LIMITS, CLUB_OPEN_EVENTS_PER_YEAR
from .inter_org import inter_organisation_checks
from .major import major_standing, office_may_grant
from .model import (
    AllowanceKind,
    Application,
    Check,
    Condition,
    FeeRate,
    LicenceType,
    LicensedEvent,
    MajorStanding,
    OrganisationKind,
    PreviousMajor,
    Reason,
    Severity,
    Status,
    Surroundings,
    YearUsage,
)
from .novice import NOVICE_CRITERIA, NOVICE_CRITERION_IDS, novice_checks
from .rules import application_checks, refusals, revocation_grounds_fewer_tables
from .status import (
    inter_county_team_status,
    major_championship_status,
    other_counties_event_status,
    proposed_status,
    raise_one,
    status_reasons,
)

__all__ = [
    "ALLOWANCE_LIMITS",
    "CLUB_OPEN_EVENTS_PER_YEAR",
    "AllowanceKind",
    "Application",
    "Check",
    "NOVICE_CRITERIA",
    "SEASON_LONG",
    "NOVICE_CRITERION_IDS",
    "Condition",
    "FeeRate",
    "LicensedEvent",
    "LicenceType",
    "MajorStanding",
    "OrganisationKind",
    "PreviousMajor",
    "Reason",
    "Severity",
    "Status",
    "Surroundings",
    "YearUsage",
    "allowance_checks",
    "application_checks",
    "charity_accounts_due",
    "clash_checks",
    "clashing",
    "inter_county_team_status",
    "inter_organisation_checks",
    "licence_fee",
    "major_championship_status",
    "major_standing",
    "novice_checks",
    "office_may_grant",
    "other_counties_event_status",
    "post_event_due",
    "proposed_status",
    "raise_one",
    "refusals",
    "revocation_grounds_fewer_tables",
    "standard_conditions",
    "status_reasons",
]
