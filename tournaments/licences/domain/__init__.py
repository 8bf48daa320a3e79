"""EBU event licences, seed 001 (the EBU's Licensing and Master Points Handbook)
chapter 1: ``rules`` (who may apply, what an application must meet), ``allowances``,
``status``, ``conditions``, ``fees`` (fee and due dates), ``steps`` (who may take which
step) and ``handbook`` (the chapter's figures, each with its section)."""

from .allowances import allowance_checks
from .conditions import standard_conditions
from .fees import charity_accounts_due, licence_fee, post_event_due
from .handbook import ALLOWANCE_LIMITS, CLUB_OPEN_EVENTS_PER_YEAR
from .model import (
    AllowanceKind,
    Application,
    Check,
    Condition,
    FeeRate,
    LicenceType,
    OrganisationKind,
    Reason,
    Severity,
    Status,
    YearUsage,
)
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
    "Condition",
    "FeeRate",
    "LicenceType",
    "OrganisationKind",
    "Reason",
    "Severity",
    "Status",
    "YearUsage",
    "allowance_checks",
    "application_checks",
    "charity_accounts_due",
    "inter_county_team_status",
    "licence_fee",
    "major_championship_status",
    "other_counties_event_status",
    "post_event_due",
    "proposed_status",
    "raise_one",
    "refusals",
    "revocation_grounds_fewer_tables",
    "standard_conditions",
    "status_reasons",
]
