"""Events run without a licence but limited per year (EBU handbook 1.2.3-1.2.6):
major championships, ladders, county simultaneous pairs, county blue point events
and the county's event for other counties (seed 001 chapter 1; the limits are in
``handbook.py``)."""

from __future__ import annotations

from .handbook import (
    ALLOWANCE_LIMITS,
    ALLOWANCE_SECTIONS,
    MAJOR_MAX_RAISED_SESSIONS,
    MAJOR_MIN_BOARDS,
    A,
    _a,
    _cap,
    _check,
    blue_quota_check,
    no_blue_simultaneous,
)
from .model import (
    AllowanceKind,
    Check,
    OrganisationKind,
    Severity,
    YearUsage,
)

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
            checks.append(no_blue_simultaneous())
    elif blue_points and allowance is not A.COUNTY_BLUE_POINT:
        checks.append(blue_quota_check(kind, usage.blue_point_events))
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
