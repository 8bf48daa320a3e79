"""The states of a sanction application and who may move it (000 ch. 4, lines 161-253).

    draft ─submit→ submitted
      silver in the home district:  submitted ─district approves/rejects→ approved | rejected
      silver outside it:            the home district endorses (or not: rejected), then
                                    the playing district approves or rejects (lines 175-180)
      gold:                         submitted ─home district endorses→ endorsed
                                    ─office approves/rejects→ approved | rejected
                                    (the district may also refuse to endorse: rejected)
    draft/submitted/endorsed/approved ─club withdraws→ withdrawn
    approved ─held→ held ─results reported→ results reported

Every step is one transaction (``tournaments.transitions.locked_move``): the row is
locked, its state compared with the one the person saw, and changed by a
conditional UPDATE, so of two officials deciding at once one wins and the other
gets ``AlreadyDecided``. Each step writes a
``SanctionAction`` (who, as what, when, from, to) and notifies the other parties.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import override

from members.models import Club, Role
from members.notifications import notify, users_with_role
from members.permissions import administered_club_ids, is_office_staff, member_of
from tournaments import transitions

from . import services
from .domain import refusals
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


def is_club_admin(user, club_id: int) -> bool:
    return member_of(user) is not None and club_id in administered_club_ids(user)


def can_view(user, sanction: Sanction) -> bool:
    """A draft is the club's own until it is submitted."""
    if is_office_staff(user) or is_club_admin(user, sanction.club_id):
        return True
    return sanction.state != State.DRAFT and (
        is_district_official(user, sanction.district_id)
        or is_district_official(user, sanction.club.district_id)
    )


def calendar_deadline(start_date: dt.date) -> dt.date:
    """30 April before the season of the event (a season starts on 1 July)."""
    from members.domain.age import season_of

    return dt.date(season_of(start_date), *CALENDAR_DEADLINE)


def allowed_steps(user, sanction: Sanction) -> list[str]:
    """The steps ``user`` may take now, by name (the page shows these buttons)."""
    steps = []
    s = sanction
    club_admin = is_club_admin(user, s.club_id)
    home_official = is_district_official(user, s.club.district_id)
    playing_official = is_district_official(user, s.district_id)
    if club_admin and s.state == State.DRAFT:
        steps += ["edit", "submit"]
    if club_admin and s.state in (State.DRAFT, State.SUBMITTED, State.ENDORSED, State.APPROVED):
        steps.append("withdraw")
    if club_admin and s.state == State.APPROVED and s.start_date <= timezone.localdate():
        steps.append("held")
    if s.state == State.SUBMITTED:
        if s.level == Sanction.Level.SILVER:
            if s.home_endorsement == Endorsement.PENDING and home_official:
                steps += ["endorse_home", "refuse_home"]
            if playing_official and s.home_endorsement != Endorsement.PENDING:
                steps += ["approve", "reject"]
        elif home_official:
            steps += ["endorse", "reject"]
    if s.state == State.ENDORSED and is_office_staff(user):
        steps += ["approve", "reject"]
    return steps


def _require(user, sanction: Sanction, step: str) -> None:
    if step not in allowed_steps(user, sanction):
        raise NotAllowed(step)


def _role_of(user, sanction: Sanction, step: str) -> tuple[str, str]:
    """(role kind, the actor's name with the scope they acted for)."""
    member = member_of(user)
    name = member.full_name if member else getattr(user, "username", "")
    if step in ("edit", "submit", "withdraw", "held"):
        return Role.Kind.CLUB_ADMIN, f"{name}, {sanction.club.name}"
    if step in ("endorse_home", "refuse_home", "endorse") or (
        step == "reject"
        and sanction.level == Sanction.Level.GOLD
        and sanction.state == State.SUBMITTED
    ):
        return Role.Kind.DISTRICT_OFFICIAL, f"{name}, {sanction.club.district.name}"
    if sanction.level == Sanction.Level.GOLD:
        return Role.Kind.OFFICE_STAFF, name
    return Role.Kind.DISTRICT_OFFICIAL, f"{name}, {sanction.district.name}"


# --- the one way a state changes -------------------------------------------------------


def _move(
    sanction: Sanction,
    *,
    user,
    step: str,
    kind: str,
    to_state: str,
    note: str = "",
    changes=None,
    check=None,
) -> Sanction:
    """Lock, check that nobody moved it first, update conditionally, log, notify."""
    seen = {"state": sanction.state, "home_endorsement": sanction.home_endorsement}
    now = timezone.now()
    actor: dict[str, str] = {}

    def allowed(row: Sanction) -> None:
        _require(user, row, step)
        if check is not None:
            check(row)
        actor["role"], actor["name"] = _role_of(user, row, step)

    def fields(row: Sanction) -> dict:
        extra = changes(row) if callable(changes) else changes
        return {"state": to_state, "updated": now, **(extra or {})}

    def record(row: Sanction) -> None:
        SanctionAction.objects.create(
            sanction=row,
            kind=kind,
            from_state=seen["state"],
            to_state=to_state,
            actor=user,
            actor_name=actor["name"],
            actor_role=actor["role"],
            note=note,
            at=now,
        )
        _notify_parties(row, kind, actor=user, note=note, from_state=seen["state"])

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
    # The club's row is locked first, so that two of its applications moving at
    # once are counted one after the other against the season quota.
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
        out_of_district = not is_gold and row.district_id != row.club.district_id
        return {
            "submitted_at": timezone.now(),
            "home_endorsement": Endorsement.PENDING if out_of_district else Endorsement.NOT_NEEDED,
        }

    return _move(
        sanction,
        user=user,
        step="submit",
        kind=Kind.SUBMITTED,
        to_state=State.SUBMITTED,
        check=check,
        changes=changes,
    )


def endorse_home(sanction: Sanction, *, user, note: str = "") -> Sanction:
    return _move(
        sanction,
        user=user,
        step="endorse_home",
        kind=Kind.HOME_ENDORSED,
        to_state=State.SUBMITTED,
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
        to_state=State.REJECTED,
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
        to_state=State.ENDORSED,
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
        to_state=State.APPROVED,
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
        to_state=State.REJECTED,
        note=reason,
        changes={"decision_reason": reason, "decided_at": timezone.now()},
    )


def withdraw(sanction: Sanction, *, user, reason: str = "") -> Sanction:
    return _move(
        sanction,
        user=user,
        step="withdraw",
        kind=Kind.WITHDRAWN,
        to_state=State.WITHDRAWN,
        note=reason,
    )


def mark_held(sanction: Sanction, *, user) -> Sanction:
    return _move(sanction, user=user, step="held", kind=Kind.HELD, to_state=State.HELD)


def record_edit(sanction: Sanction, *, user, created: bool) -> None:
    """A draft saved by the club (its fields are the form's business)."""
    role, actor_name = _role_of(user, sanction, "edit")
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
}
NEEDS_REASON = {"refuse_home", "reject"}


# --- who hears of it ---------------------------------------------------------------------


def parties(sanction: Sanction, *, reached_office: bool = False) -> list:
    """Everyone with a say in this application: the club's admins, the playing
    district's officials, the home district's when it is another, and the office
    for gold once the district has sent it on."""
    users = list(users_with_role(Role.Kind.CLUB_ADMIN, club_id=sanction.club_id))
    users += users_with_role(Role.Kind.DISTRICT_OFFICIAL, district_id=sanction.district_id)
    if sanction.club.district_id != sanction.district_id:
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
    decided = kind in (Kind.APPROVED, Kind.REJECTED, Kind.HOME_REFUSED)
    notify(
        recipients,
        text_sv=texts["sv"],
        text_en=texts["en"],
        url=sanction.get_absolute_url(),
        extra_emails=[sanction.contact_email] if decided else (),
    )
