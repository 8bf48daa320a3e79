"""A sanction application's steps, as the domain's table (``domain.steps``) allows them.

Each step is one transaction (``members.common.transitions``): of two officials deciding
at once one wins and the other gets ``AlreadyDecided``. Every step writes a
``SanctionAction`` and notifies the other parties. docs/sanctions.md draws the states.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from members.common import transitions
from members.domain.age import season_of
from members.domain.api_access import SANCTION_DECIDED
from members.models import Club, District, Role
from members.notifications import notify, users_with_role
from members.permissions import administered_club_ids, is_office_staff, member_of, roles_of
from members.webhooks import emit

from . import services
from .domain import Level, refusals, steps
from .models import Sanction, SanctionAction

State = Sanction.State
Kind = SanctionAction.Kind
Endorsement = Sanction.HomeEndorsement

# 000 ch. 4 lines 200-206: "senast den 30 april" for the coming season's calendar.
CALENDAR_DEADLINE = (4, 30)
SYSTEM = "system"


# The workflow's errors, as the pages and tests name them here.
WorkflowError = transitions.WorkflowError
AlreadyDecided = transitions.AlreadyDecided
ChecksRefuse = transitions.Refused
NotAllowed = transitions.NotAllowed


# --- who is who ----------------------------------------------------------------------


def is_district_official(user, district_id: int) -> bool:
    """Strictly the district's own officials: the rulebook gives silver to the dfb, so
    office staff do not decide it (they see everything)."""
    member = member_of(user)
    return (
        member is not None
        and member.roles.filter(kind=Role.Kind.DISTRICT_OFFICIAL, district_id=district_id).exists()
    )


def is_club_admin(user, club_id: int | None) -> bool:
    return (
        club_id is not None
        and member_of(user) is not None
        and club_id in administered_club_ids(user)
    )


def is_applicant(user, sanction: Sanction) -> bool:
    """The club's administrators, or for a district's own application its officials."""
    if sanction.club_id is None:
        return is_district_official(user, sanction.district_id)
    return is_club_admin(user, sanction.club_id)


def can_view(user, sanction: Sanction) -> bool:
    """A draft is the applicant's own until it is submitted."""
    if is_office_staff(user) or is_applicant(user, sanction):
        return True
    return sanction.state != State.DRAFT and (
        is_district_official(user, sanction.district_id)
        or (sanction.club is not None and is_district_official(user, sanction.club.district_id))
    )


def calendar_deadline(start_date: dt.date) -> dt.date:
    """30 April before the season of the event (a season starts on 1 July)."""
    return dt.date(season_of(start_date), *CALENDAR_DEADLINE)


def actors_of(user, sanction: Sanction) -> set[steps.Actor]:
    """What ``user`` may act as on this application (one query for their roles)."""
    roles = roles_of(user)
    actors = set()
    if sanction.club is None:
        # The district's own gold application: its officials apply, the office decides.
        if sanction.district_id in roles.districts:
            actors.add(steps.Actor.DISTRICT_APPLICANT)
        if roles.office:
            actors.add(steps.Actor.OFFICE)
        return actors
    if sanction.club_id in roles.clubs:
        actors.add(steps.Actor.CLUB_ADMIN)
    if sanction.club.district_id in roles.districts:
        actors.add(steps.Actor.HOME_DISTRICT)
    if sanction.district_id in roles.districts:
        actors.add(steps.Actor.PLAYING_DISTRICT)
    if roles.office:
        actors.add(steps.Actor.OFFICE)
    return actors


def situation_of(sanction: Sanction) -> steps.Situation:
    return steps.Situation(
        state=steps.State(sanction.state),
        level=Level(sanction.level),
        endorsement=steps.Endorsement(sanction.home_endorsement),
        started=sanction.start_date <= timezone.localdate(),
        full=steps.FieldFull(sanction.field_full),
    )


def allowed_steps(user, sanction: Sanction) -> list[str]:
    """The steps ``user`` may take now, by name (the page shows these buttons)."""
    return steps.allowed_steps(actors_of(user, sanction), situation_of(sanction))


def _require(user, sanction: Sanction, step: str) -> steps.StepRule:
    rule = steps.rule_for(step, actors_of(user, sanction), situation_of(sanction))
    if rule is None:
        raise NotAllowed(step)
    return rule


ROLE_OF_ACTOR = {
    steps.Actor.CLUB_ADMIN: Role.Kind.CLUB_ADMIN,
    steps.Actor.HOME_DISTRICT: Role.Kind.DISTRICT_OFFICIAL,
    steps.Actor.PLAYING_DISTRICT: Role.Kind.DISTRICT_OFFICIAL,
    steps.Actor.OFFICE: Role.Kind.OFFICE_STAFF,
    steps.Actor.DISTRICT_APPLICANT: Role.Kind.DISTRICT_OFFICIAL,
}


def _role_of(user, sanction: Sanction, rule: steps.StepRule) -> tuple[str, str]:
    """(role kind, the actor's name with the scope they acted for)."""
    member = member_of(user)
    name = member.full_name if member else getattr(user, "username", "")
    scope = {
        steps.Actor.CLUB_ADMIN: lambda: f", {sanction.club.name}",
        steps.Actor.HOME_DISTRICT: lambda: f", {sanction.club.district.name}",
        steps.Actor.PLAYING_DISTRICT: lambda: f", {sanction.district.name}",
        steps.Actor.DISTRICT_APPLICANT: lambda: f", {sanction.district.name}",
        steps.Actor.OFFICE: lambda: "",
    }[rule.actor]()
    return ROLE_OF_ACTOR[rule.actor], name + scope


# --- the one way a state changes -------------------------------------------------------


def _move(
    sanction: Sanction,
    *,
    user,
    step: str,
    kind: str,
    note: str = "",
    changes=None,
    check=None,
) -> Sanction:
    """Lock, check that nobody moved it first, update conditionally, log, notify.
    The state it goes to is the step's row in the domain's table."""
    seen = {"state": sanction.state, "home_endorsement": sanction.home_endorsement}
    now = timezone.now()
    actor: dict[str, str] = {}

    def allowed(row: Sanction) -> None:
        rule = _require(user, row, step)
        if check is not None:
            check(row)
        actor["role"], actor["name"] = _role_of(user, row, rule)
        actor["to_state"] = rule.to_state or row.state

    def fields(row: Sanction) -> dict:
        extra = changes(row) if callable(changes) else changes
        return {"state": actor["to_state"], "updated": now, **(extra or {})}

    def record(row: Sanction) -> None:
        action = SanctionAction.objects.create(
            sanction=row,
            kind=kind,
            from_state=seen["state"],
            to_state=actor["to_state"],
            actor=user,
            actor_name=actor["name"],
            actor_role=actor["role"],
            note=note,
            at=now,
        )
        _notify_parties(row, kind, actor=user, note=note, from_state=seen["state"])
        if kind in (Kind.APPROVED, Kind.REJECTED, Kind.HOME_REFUSED):  # webhooks (issue 23)
            emit(SANCTION_DECIDED, action.pk, webhook_facts(row, kind), [row.club_id])

    return transitions.take_step(
        Sanction,
        sanction.pk,
        seen=seen,
        changes=fields,
        check=allowed,
        record=record,
        label=lambda kind: str(SanctionAction.Kind(kind).label),
        select_related=("club__district", "district"),
    )


def webhook_facts(sanction: Sanction, kind: str) -> dict:
    """What a club's webhook is told of a decision: ids and public facts (no reason)."""
    return {
        "sanction_id": sanction.pk,
        "decision": kind,
        "state": sanction.state,
        "level": sanction.level,
        "name": sanction.name,
        "start_date": sanction.start_date.isoformat(),
        "club_id": sanction.club_id,
    }


def system_step(sanction: Sanction, kind: str, to_state: str, *, note: str = "") -> None:
    """A step Klöver takes itself (results reported); the caller holds the row lock."""
    now = timezone.now()
    from_state = sanction.state
    Sanction.objects.filter(pk=sanction.pk).update(state=to_state, updated=now)
    sanction.state = to_state
    SanctionAction.objects.create(
        sanction=sanction,
        kind=kind,
        from_state=from_state,
        to_state=to_state,
        actor_name="Klöver",
        actor_role=SYSTEM,
        note=note,
        at=now,
    )
    _notify_parties(sanction, kind, actor=None, note=note, from_state=from_state)


# --- the steps ---------------------------------------------------------------------------


def _refusing_checks(sanction: Sanction) -> None:
    # The applicant's row is locked first, so that two of its applications moving at
    # once are counted one after the other against the season quota.
    if sanction.club_id is None:
        District.objects.select_for_update().filter(pk=sanction.district_id).first()
    else:
        Club.objects.select_for_update().filter(pk=sanction.club_id).first()
    refused = refusals(services.pre_checks(sanction))
    if refused:
        raise ChecksRefuse(refused)


def submit(sanction: Sanction, *, user, today: dt.date | None = None) -> Sanction:
    """Send a draft to its decider. Refused if the event is not in the future or a
    pre-check refuses; nothing changes then."""
    today = today or timezone.localdate()

    def check(row: Sanction) -> None:
        if row.start_date <= today:
            raise WorkflowError(
                _("The first playing day %(day)s is not after today (%(today)s).")
                % {"day": row.start_date, "today": today}
            )
        _refusing_checks(row)

    def changes(row: Sanction) -> dict:
        # from the locked row, not the caller's copy, which may be stale
        is_gold = row.level == Sanction.Level.GOLD
        out_of_district = not is_gold and row.out_of_district
        fields = {
            "submitted_at": timezone.now(),
            "home_endorsement": Endorsement.PENDING if out_of_district else Endorsement.NOT_NEEDED,
        }
        if row.club_id is None:
            # A district's own application reaches the office as it is submitted.
            fields["outside_calendar_deadline"] = today > calendar_deadline(row.start_date)
        return fields

    return _move(
        sanction,
        user=user,
        step="submit",
        kind=Kind.SUBMITTED,
        check=check,
        changes=changes,
    )


def endorse_home(sanction: Sanction, *, user, note: str = "") -> Sanction:
    return _move(
        sanction,
        user=user,
        step="endorse_home",
        kind=Kind.HOME_ENDORSED,
        note=note,
        changes={"home_endorsement": Endorsement.ENDORSED},
    )


def refuse_home(sanction: Sanction, *, user, reason: str) -> Sanction:
    transitions.need_reason(reason)
    return _move(
        sanction,
        user=user,
        step="refuse_home",
        kind=Kind.HOME_REFUSED,
        note=reason,
        changes={
            "home_endorsement": Endorsement.REFUSED,
            "decision_reason": reason,
            "decided_at": timezone.now(),
        },
    )


def endorse(sanction: Sanction, *, user, note: str = "", today: dt.date | None = None) -> Sanction:
    """The home district sends a gold application on to the office (lines 245-248).
    It must reach the office by 30 April to be in the coming season's calendar
    ("kansliet tillhanda senast den 30 april", lines 200-206): a later arrival is
    marked, and still handled."""
    today = today or timezone.localdate()
    return _move(
        sanction,
        user=user,
        step="endorse",
        kind=Kind.ENDORSED,
        note=note,
        check=_refusing_checks,
        changes=lambda row: {
            "outside_calendar_deadline": today > calendar_deadline(row.start_date)
        },
    )


def approve(sanction: Sanction, *, user, note: str = "") -> Sanction:
    return _move(
        sanction,
        user=user,
        step="approve",
        kind=Kind.APPROVED,
        note=note,
        check=_refusing_checks,
        changes={"decision_reason": note, "decided_at": timezone.now()},
    )


def reject(sanction: Sanction, *, user, reason: str) -> Sanction:
    transitions.need_reason(reason)
    return _move(
        sanction,
        user=user,
        step="reject",
        kind=Kind.REJECTED,
        note=reason,
        changes={"decision_reason": reason, "decided_at": timezone.now()},
    )


def withdraw(sanction: Sanction, *, user, reason: str = "") -> Sanction:
    return _move(
        sanction,
        user=user,
        step="withdraw",
        kind=Kind.WITHDRAWN,
        note=reason,
    )


def mark_held(sanction: Sanction, *, user) -> Sanction:
    return _move(sanction, user=user, step="held", kind=Kind.HELD)


def report_full(sanction: Sanction, *, user, reason: str) -> Sanction:
    """The club says its silver field is full and who is waiting (000 ch. 5, lines
    315-319); the playing district then rules on the minority clubs' priority."""
    transitions.need_reason(reason)
    return _move(
        sanction,
        user=user,
        step="report_full",
        kind=Kind.FIELD_FULL,
        note=reason,
        changes={"field_full": Sanction.FieldFull.REPORTED},
    )


def decide_priority(sanction: Sanction, *, user, reason: str) -> Sanction:
    """The playing district's ruling on a full field: which waiting pairs of minority
    clubs, entered in time, must be given a place (lines 315-319). On the trail."""
    transitions.need_reason(reason)
    return _move(
        sanction,
        user=user,
        step="decide_priority",
        kind=Kind.PRIORITY_DECIDED,
        note=reason,
        changes={"field_full": Sanction.FieldFull.DECIDED},
    )


def record_edit(sanction: Sanction, *, user, created: bool) -> None:
    """A draft saved by its applicant (its fields are the form's business)."""
    applicant = steps.Actor.CLUB_ADMIN if sanction.club_id else steps.Actor.DISTRICT_APPLICANT
    rule = steps.rule_for("edit", {applicant}, situation_of(sanction))
    assert rule is not None, "a draft is edited by its applicant"
    role, actor_name = _role_of(user, sanction, rule)
    SanctionAction.objects.create(
        sanction=sanction,
        kind=Kind.CREATED if created else Kind.EDITED,
        to_state=sanction.state,
        from_state=sanction.state,
        actor=user,
        actor_name=actor_name,
        actor_role=role,
        at=timezone.now(),
    )


STEPS = {
    "submit": submit,
    "endorse_home": endorse_home,
    "refuse_home": refuse_home,
    "endorse": endorse,
    "approve": approve,
    "reject": reject,
    "withdraw": withdraw,
    "held": mark_held,
    "report_full": report_full,
    "decide_priority": decide_priority,
}
NEEDS_REASON = steps.NEEDS_REASON


# --- who hears of it ---------------------------------------------------------------------


def parties(sanction: Sanction, *, reached_office: bool = False) -> list:
    """Everyone with a say in this application: the club's admins, the playing
    district's officials, the home district's when it is another, and the office
    for gold once the district has sent it on."""
    users = []
    if sanction.club_id is not None:
        users += users_with_role(Role.Kind.CLUB_ADMIN, club_id=sanction.club_id)
    users += users_with_role(Role.Kind.DISTRICT_OFFICIAL, district_id=sanction.district_id)
    if sanction.out_of_district:
        users += users_with_role(Role.Kind.DISTRICT_OFFICIAL, district_id=sanction.club.district_id)
    if sanction.level == Sanction.Level.GOLD and reached_office:
        users += users_with_role(Role.Kind.OFFICE_STAFF)
    return users


def _notify_parties(sanction: Sanction, kind: str, *, actor, note: str, from_state: str) -> None:
    if kind in (Kind.CREATED, Kind.EDITED):
        return
    reached_office = sanction.state == State.ENDORSED or from_state not in (
        State.DRAFT,
        State.SUBMITTED,
    )
    recipients: Iterable = [
        u
        for u in parties(sanction, reached_office=reached_office)
        if actor is None or u.pk != actor.pk
    ]
    texts = {}
    for language in ("sv", "en"):
        with override(language):
            label = dict(SanctionAction.Kind.choices)[kind]
            text = f"{sanction.reference} {sanction.name}: {label}"
            if note:
                text += f" ({note})"
            texts[language] = str(text)
    # The club's contact hears of decisions even without a login.
    decided = kind in (Kind.APPROVED, Kind.REJECTED, Kind.HOME_REFUSED, Kind.PRIORITY_DECIDED)
    notify(
        recipients,
        text_sv=texts["sv"],
        text_en=texts["en"],
        url=sanction.get_absolute_url(),
        extra_emails=[sanction.contact_email] if decided else (),
    )
