"""Clashes of dates with licensed events: seed 001 (EBU handbook) 1.7.22-1.7.23,
lines 1031-1070.

The EBU "will try to avoid date clashes that would significantly impact on the
success of events" and "consult with any principal event sponsoring organisation which
could be affected" (lines 1062-1070). Nothing there refuses an application, so a clash
is a warning the office weighs, naming the licence it clashes with.

Readings where the seed is silent (docs/licences.md):
- A clash is two events whose dates overlap (a day in common).
- It "significantly impacts" when the events draw on the same players: the other
  event runs in the applicant's county or a neighbouring one, or either event is at
  Regional or National status (a principal event draws from everywhere).
- A principal event is one at Regional or National status; a clash with one says the
  EBU consults its organiser.
- Season-long licences (novice/beginners annual licences and teams leagues) are
  weekly or fixture-based and are not weighed, either way.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from .handbook import _check
from .model import Check, LicenceType, LicensedEvent, Severity, Status

T = LicenceType

# Licence types that run over a season rather than on event dates.
SEASON_LONG = frozenset({T.NOVICE_ANNUAL, T.TEAMS_LEAGUE})
# 1.7.23 "principal event": Regional and National status.
PRINCIPAL = Status.REGIONAL


def overlaps(a_start: dt.date, a_end: dt.date, b_start: dt.date, b_end: dt.date) -> bool:
    return a_start <= b_end and b_start <= a_end


def _dates(event: LicensedEvent) -> str:
    first, last = event.start_date.isoformat(), event.end_date.isoformat()
    return first if first == last else f"{first} – {last}"


def clashing(
    start: dt.date, end: dt.date, status: Status, events: Iterable[LicensedEvent]
) -> list[LicensedEvent]:
    """The licensed events an event from ``start`` to ``end`` at ``status`` clashes
    with, in date order."""
    found = [
        e
        for e in events
        if overlaps(start, end, e.start_date, e.end_date)
        and (e.local or status >= PRINCIPAL or (e.status is not None and e.status >= PRINCIPAL))
    ]
    return sorted(found, key=lambda e: (e.start_date, e.number))


def clash_checks(
    licence_type: LicenceType,
    start: dt.date | None,
    end: dt.date | None,
    status: Status,
    events: Iterable[LicensedEvent],
) -> list[Check]:
    """One warning per clashing licensed event, or one passed check when there is
    none. Nothing for season-long licences or an application without dates."""
    if licence_type in SEASON_LONG or start is None or end is None:
        return []
    found = clashing(start, end, status, events)
    if not found:
        return [
            _check(
                "calendar.clash",
                True,
                Severity.WARNING,
                "No date clash with a licensed event",
                "Ingen datumkrock med en licensierad tävling",
                "1.7.23",
            )
        ]
    checks = []
    for event in found:
        principal = event.status is not None and event.status >= PRINCIPAL
        level_en = f", {event.status.label_en} status" if event.status else ""
        level_sv = f", status {event.status.label_sv}" if event.status else ""
        why_en = "in the same or a neighbouring county" if event.local else "a principal event"
        why_sv = "i samma eller ett angränsande grevskap" if event.local else "en huvudtävling"
        if not event.local and not principal:
            why_en = "this event draws from every area"
            why_sv = "denna tävling lockar spelare från alla områden"
        en = (
            f"Date clash with {event.number} {event.name} ({event.organiser}, "
            f"{_dates(event)}{level_en}): {why_en}"
        )
        sv = (
            f"Datumkrock med {event.number} {event.name} ({event.organiser}, "
            f"{_dates(event)}{level_sv}): {why_sv}"
        )
        if principal:
            en += "; the EBU consults its organiser"
            sv += "; EBU samråder med dess arrangör"
        checks.append(_check("calendar.clash", False, Severity.WARNING, en, sv, "1.7.23"))
    return checks
