"""The status level of a licensed event, with its reasons in both languages: seed 001
(EBU handbook) 1.2.4, 1.2.6 d-e, 1.4.3, 1.6. The figures are in ``handbook.py``."""

from __future__ import annotations

from .handbook import (
    CLUB_OPEN_EVENT_STATUS,
    LICENSED_STATUS,
    TEAMS_LEAGUE_STATUS,
    _a,
    _reason,
)
from .major import major_standing
from .model import Application, LicenceType, MajorStanding, OrganisationKind, Reason, Status

K = OrganisationKind
T = LicenceType


def raise_one(status: Status) -> Status:
    """One level up (1.2.4: Club becomes District, District becomes County, County
    becomes Regional). The seed names no step above Regional: Regional and National
    stay where they are."""
    if status >= Status.REGIONAL:
        return status
    return Status(status + 1)


def lower_one(status: Status) -> Status:
    """One level down, never below Club (1.6.2)."""
    return Status(max(Status.CLUB, status - 1))


def major_championship_status(base: Status) -> Status:
    """A nominated major championship plays one level above its regular status
    (1.2.4). ``base`` is the 1.2.1 status: Club for a club; County for a county's
    members-only event, District for its open one."""
    return raise_one(base)


def other_counties_event_status(
    entries: int, from_outside: int, one_unit_per_county: bool
) -> Status:
    """The county's one event a year for members of other counties (1.2.6 d), on
    the actual entry on the day (qualifying stages ignored).

    Fewer than a third from outside: County "only" (checked first). Entry limited
    to one team, 2 pairs or 4 individuals from each county invited: National.
    Otherwise Regional.
    """
    if entries < 1 or not 0 <= from_outside <= entries:
        raise ValueError("need entries >= 1 and 0 <= from_outside <= entries")
    if from_outside * 3 < entries:
        return Status.COUNTY
    if one_unit_per_county:
        return Status.NATIONAL
    return Status.REGIONAL


def inter_county_team_status(team_number: int) -> Status:
    """An inter-county league team's status by its number in the county (1.2.6 e):
    the 'A' team (1) National, 'B' (2) Regional, 'C' (3) and later County."""
    if team_number < 1:
        raise ValueError("team numbers start at 1 (the 'A' team)")
    if team_number == 1:
        return Status.NATIONAL
    if team_number == 2:
        return Status.REGIONAL
    return Status.COUNTY


def status_reasons(app: Application) -> tuple[Status, list[Reason]]:
    """``proposed_status`` with its reasons in both languages."""
    reasons: list[Reason] = []
    kind, type_ = app.organisation_kind, app.licence_type

    if type_ is T.TEAMS_LEAGUE and kind in TEAMS_LEAGUE_STATUS:
        status, section = TEAMS_LEAGUE_STATUS[kind]
        if kind is K.INTER_COUNTY_LEAGUE:
            reasons.append(
                _reason(
                    "Inter-county league: status per team, 'A' team National, 'B' team "
                    "Regional, 'C' team and later County",
                    "Serie mellan grevskap: status per lag, A-laget Nationell, B-laget "
                    "Regional, C-laget och följande Grevskap",
                    section,
                )
            )
        else:
            reasons.append(
                _reason(
                    f"Teams league of {_a(kind.label_en).lower()}: {status.label_en} status",
                    f"Lagserie ({kind.label_sv}): status {status.label_sv}",
                    section,
                )
            )
        return status, reasons

    if type_ is T.SIMULTANEOUS_PAIRS:
        reasons.append(
            _reason(
                "Simultaneous pairs: overall results at District status; club heats at "
                "Club status, awarded by affiliated clubs only",
                "Simultantävling: totalresultatet på distriktsnivå; klubbernas "
                "deltävlingar på klubbnivå, och bara anslutna klubbar delar ut poäng",
                "1.2.5",
            )
        )
        return Status.DISTRICT, reasons

    if type_ is T.NOVICE_ANNUAL:
        reasons.append(
            _reason(
                "Novice/beginner sessions typically award no Master Points; Club status "
                "if any are awarded",
                "Nybörjarspel ger normalt inga mästarpoäng; klubbnivå om poäng ändå delas ut",
                "1.4.2",
            )
        )
        return Status.CLUB, reasons

    status, section = LICENSED_STATUS[(app.wide_appeal, app.members_only)]
    entry_en = "Restricted to EBU members" if app.members_only else "Open to non-members"
    entry_sv = "Endast för EBU-medlemmar" if app.members_only else "Öppen för icke-medlemmar"
    outside_en = "likely" if app.wide_appeal else "not likely"
    outside_sv = "väntas" if app.wide_appeal else "väntas inte"
    reasons.append(
        _reason(
            f"{entry_en} and {outside_en} to attract a significant entry from outside the "
            f"area: {status.label_en} status",
            f"{entry_sv} och {outside_sv} locka betydande deltagande utanför området: "
            f"status {status.label_sv}",
            section,
        )
    )

    if type_ is T.CLUB_OPEN_EVENT:
        low, high = CLUB_OPEN_EVENT_STATUS
        clamped = Status(min(max(status, low), high))
        if app.major_event:
            reasons.append(
                _reason(
                    "A club open event cannot be a 'major event'",
                    "En klubbs öppna tävling kan inte bli ett 'major event'",
                    "1.2.2",
                )
            )
        if clamped is not status:
            reasons.append(
                _reason(
                    f"Club open events are licensed at District or County status: "
                    f"{clamped.label_en}",
                    f"Klubbens öppna tävlingar licensieras på distrikts- eller grevskapsnivå: "
                    f"{clamped.label_sv}",
                    "1.2.2",
                )
            )
        status = clamped
    elif app.major_event or app.previous_major is not None:
        standing, reason = major_standing(app)
        if reason is not None:
            reasons.append(reason)
        if standing is not MajorStanding.NONE:
            status = Status.REGIONAL

    if app.side_event:
        if app.consolation:
            reasons.append(
                _reason(
                    "A proper consolation event keeps the event's status",
                    "En riktig tröstklass behåller tävlingens status",
                    "1.6.2, 4.3",
                )
            )
        else:
            lower = lower_one(status)
            reasons.append(
                _reason(
                    f"Side event ('open pairs/teams'): one level lower, at least Club: "
                    f"{lower.label_en}",
                    f"Sidotävling ('open pairs/teams'): en nivå lägre, lägst klubbnivå: "
                    f"{lower.label_sv}",
                    "1.6.2",
                )
            )
            status = lower
    return status, reasons


def proposed_status(app: Application) -> tuple[Status, list[str]]:
    """The status the licence quotes (1.6.1) and the reasons, each with its section
    (English; ``status_reasons`` gives both languages).

    1.6.1 a/b by members-only and wide appeal; 1.6.1 c major event (all four
    requirements, Regional, granted by the Board); 1.6.2 side events one level
    lower unless a consolation event; 1.4.3 teams leagues by kind; 1.2.5
    simultaneous pairs District overall; 1.2.2 club open events District or County.
    """
    status, reasons = status_reasons(app)
    return status, [r.en for r in reasons]
