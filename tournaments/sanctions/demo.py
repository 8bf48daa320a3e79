"""Demo sanction applications, one in each state a queue shows (issue #7).

They belong to the demo federation's biggest club, whose club admin, district
official and the office staff are the demo logins (``members.demo``), so that each
of them finds something to do: the club a draft and an overdue gold report, the
district a silver application to decide and one to endorse for another district,
the office a gold application endorsed by the district; the calendar shows the
approved ones of the coming months. Rows and their trails are written directly
(no notifications), dated from ``today``: the same federation gives the same
applications.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from members.models import Club, District, Member, Role

from .models import Sanction, SanctionAction
from .workflow import calendar_deadline

State = Sanction.State
Kind = SanctionAction.Kind
Level = Sanction.Level


@dataclass(frozen=True)
class _Plan:
    name: str
    level: str
    state: str
    days: int  # first playing day, from today
    # steps taken so far: (kind, who: "club" | "home" (district) | "office", days before today)
    steps: tuple[tuple[str, str, int], ...]
    other_club: bool = False  # another club of the biggest club's district
    away: bool = False  # played in a neighbouring district
    entries: int = 24
    boards: int = 48


PLANS = (
    _Plan("Vintersilvret", Level.SILVER, State.DRAFT, 120, (("created", "club", 2),)),
    _Plan(
        "Höstsilver i parbridge",
        Level.SILVER,
        State.SUBMITTED,
        50,
        (("created", "club", 12), ("submitted", "club", 10)),
        other_club=True,
    ),
    _Plan(
        "Kustsilvret",
        Level.SILVER,
        State.SUBMITTED,
        65,
        (("created", "club", 6), ("submitted", "club", 5)),
        away=True,
    ),
    _Plan(
        "Klubbens jubileumsguld",
        Level.GOLD,
        State.ENDORSED,
        150,
        (("created", "club", 20), ("submitted", "club", 18), ("endorsed", "home", 9)),
        entries=32,
        boards=60,
    ),
    _Plan(
        "Månadssilvret",
        Level.SILVER,
        State.APPROVED,
        30,
        (("created", "club", 60), ("submitted", "club", 58), ("approved", "home", 50)),
    ),
    _Plan(
        "Distriktets parsilver",
        Level.SILVER,
        State.APPROVED,
        45,
        (("created", "club", 70), ("submitted", "club", 69), ("approved", "home", 61)),
        other_club=True,
    ),
    _Plan(
        "Vårguldet",
        Level.GOLD,
        State.APPROVED,
        80,
        (
            ("created", "club", 200),
            ("submitted", "club", 198),
            ("endorsed", "home", 190),
            ("approved", "office", 180),
        ),
        entries=32,
        boards=60,
    ),
    # Played a month ago and not reported: overdue after REPORT_DAYS.
    _Plan(
        "Sommarguldet",
        Level.GOLD,
        State.APPROVED,
        -30,
        (
            ("created", "club", 300),
            ("submitted", "club", 298),
            ("endorsed", "home", 290),
            ("approved", "office", 280),
        ),
        entries=28,
        boards=56,
    ),
)

_TO_STATE = {
    "created": State.DRAFT,
    "submitted": State.SUBMITTED,
    "endorsed": State.ENDORSED,
    "approved": State.APPROVED,
}


def build_demo_sanctions(*, today: dt.date | None = None) -> int:
    """Write the demo applications for the biggest club; returns how many."""
    today = today or timezone.localdate()
    biggest = Club.objects.select_related("district").order_by("-members_count", "number").first()
    if biggest is None:
        raise ValueError("no clubs: load the demo federation first (seed_demo)")
    home = biggest.district
    neighbour = (
        home.neighbours.order_by("number").first()
        or District.objects.exclude(pk=home.pk).order_by("number").first()
        or home
    )
    other = (
        Club.objects.filter(district=home)
        .exclude(pk=biggest.pk)
        .order_by("-members_count", "number")
        .first()
        or biggest
    )
    people = {
        "club": _person(Role.Kind.CLUB_ADMIN, club=biggest),
        "home": _person(Role.Kind.DISTRICT_OFFICIAL, district=home),
        "office": _person(Role.Kind.OFFICE_STAFF),
    }
    with transaction.atomic():
        for plan in PLANS:
            club = other if plan.other_club else biggest
            # The demo club admin speaks for the biggest club only.
            admin = people["club"] if club == biggest else None
            district = neighbour if plan.away else home
            start = today + dt.timedelta(days=plan.days)
            submitted = _step_day(plan, "submitted", today)
            decided = _step_day(plan, "approved", today)
            sanction = Sanction.objects.create(
                club=club,
                district=district,
                level=plan.level,
                form_of_play=Sanction.Form.PAIRS,
                name=plan.name,
                state=plan.state,
                home_endorsement=(
                    Sanction.HomeEndorsement.PENDING
                    if plan.away and plan.state == State.SUBMITTED
                    else Sanction.HomeEndorsement.NOT_NEEDED
                ),
                start_date=start,
                end_date=start,
                entries=plan.entries,
                boards=plan.boards,
                expected_players=2 * plan.entries,
                expected_players_other_clubs=plan.entries,
                contact_name=_name(admin) or "Klubbens kontakt",
                contact_email=f"tavling{club.number}@example.se",
                town=club.town,
                venue=f"{club.name}s lokaler",
                director="Tore Tävlingsledare",
                submitted_by_name=(_name(admin) or "Klubbens kontakt") if submitted else "",
                outside_calendar_deadline=(
                    plan.level == Level.GOLD
                    and submitted is not None
                    and submitted > calendar_deadline(start)
                ),
                submitted_at=_at(submitted),
                decided_at=_at(decided),
                created_by=admin.user if admin else None,
            )
            state = ""
            actions = []
            for kind, who, days_ago in plan.steps:
                to_state = _TO_STATE[kind]
                if who == "club":
                    person, role, scope = admin, Role.Kind.CLUB_ADMIN, club.name
                elif who == "office":
                    person, role, scope = people["office"], Role.Kind.OFFICE_STAFF, ""
                else:  # the home district, which also decides the silver played there
                    person, role, scope = people["home"], Role.Kind.DISTRICT_OFFICIAL, home.name
                actions.append(
                    SanctionAction(
                        sanction=sanction,
                        kind=kind,
                        from_state=state or to_state,
                        to_state=to_state,
                        actor=person.user if person else None,
                        actor_name=", ".join(part for part in (_name(person), scope) if part),
                        actor_role=role,
                        at=_at(today - dt.timedelta(days=days_ago)),
                    )
                )
                state = to_state
            SanctionAction.objects.bulk_create(actions)
    return len(PLANS)


def _person(kind: str, **scope) -> Member | None:
    role = (
        Role.objects.filter(kind=kind, member__user__isnull=False, **scope)
        .select_related("member__user")
        .order_by("member__mid")
        .first()
    )
    return role.member if role else None


def _name(member: Member | None) -> str:
    return member.full_name if member else ""


def _step_day(plan: _Plan, kind: str, today: dt.date) -> dt.date | None:
    for step, _who, days_ago in plan.steps:
        if step == kind:
            return today - dt.timedelta(days=days_ago)
    return None


def _at(day: dt.date | None) -> dt.datetime | None:
    """Noon of ``day``, aware, in the site's time zone."""
    return None if day is None else timezone.make_aware(dt.datetime.combine(day, dt.time(12)))
