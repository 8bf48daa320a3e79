"""EBU licensing: who may apply for which licence, yearly allowances, status
levels, the conditions printed on a licence, fees and due dates.

Source: ``001_4cb9a3c6036a851e.txt`` (EBU Licensing and Master Points Handbook),
chapter 1, sections 1.1-1.11; see ``tables.py`` for the sections and the readings
where the seed is silent.
"""

from .allowances import allowance_checks
from .conditions import standard_conditions
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
from .rules import (
    application_checks,
    charity_accounts_due,
    licence_fee,
    post_event_due,
    refusals,
    revocation_grounds_fewer_tables,
)
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
