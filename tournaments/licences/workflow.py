"""A licence's steps, as the domain's table (``domain.steps``) allows them.

An application the rules refuse is not saved (``LicenceRefused`` with the checks).
Each step is one transaction (``members.common.transitions``): of two office staff
approving at once one wins and the other gets ``AlreadyDecided``. Every step writes a
``LicenceAction`` and notifies the other side. docs/licences.md draws the states.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, override

from members.common import transitions
from members.domain.api_access import LICENCE_DECIDED
from members.federation import current
from members.models import Role
from members.notifications import notify, users_with_role
from members.permissions import administered_club_ids, is_office_staff, member_of
from members.webhooks import emit

from . import domain as rules
from . import services
from .domain import steps
from .models import Licence, LicenceAction, Organisation

State = Licence.State


# The workflow's errors, as the pages and tests name them here.
WorkflowError = transitions.WorkflowError
AlreadyDecided = transitions.AlreadyDecided
LicenceRefused = transitions.Refused
NotAllowed = transitions.NotAllowed


# --- who is who ----------------------------------------------------------------------


def organisations_of(user):
    """The organisations ``user`` applies for: their clubs', their counties' (as a
    district official), and those naming them as administrator."""
    member = member_of(user)
    if member is None:
        return Organisation.objects.none()
    counties = member.roles.filter(kind=Role.Kind.DISTRICT_OFFICIAL).values("district_id")
    return Organisation.objects.filter(
        Q(club_id__in=administered_club_ids(user))
        | Q(county_id__in=counties, kind=Organisation.Kind.COUNTY)
        | Q(administrators=member)
    ).distinct()


def can_apply(user, organisation: Organisation) -> bool:
    return organisations_of(user).filter(pk=organisation.pk).exists()


def can_view(user, licence: Licence) -> bool:
    """The office, the organisation's people, and those of the organisations an
    inter-organisation event names (1.2.7), who read it but take no step."""
    return (
        is_office_staff(user)
        or can_apply(user, licence.organisation)
        or (
            licence.inter_organisation
            and organisations_of(user).filter(partner_licences=licence).exists()
        )
    )


def actors_of(user, licence: Licence) -> set[steps.Actor]:
    actors = set()
    if is_office_staff(user):
        actors.add(steps.Actor.OFFICE)
    if can_apply(user, licence.organisation):
        actors.add(steps.Actor.ORGANISER)
    return actors


def situation_of(licence: Licence) -> steps.Situation:
    return steps.Situation(
        state=steps.State(licence.state),
        charity=licence.licence_type == Licence.Type.CHARITY,
        accounts_in=licence.accounts_received_on is not None,
    )


def allowed_steps(user, licence: Licence) -> list[str]:
    """The steps ``user`` may take now, by name (the page shows these buttons)."""
    return steps.allowed_steps(actors_of(user, licence), situation_of(licence))


# --- applying ------------------------------------------------------------------------------


DOCUMENT_FIELDS = (
    "charity_agreement",
    "charity_remuneration_statement",
    "charity_donation_statement",
)


def apply(
    licence: Licence,
    *,
    user,
    today: dt.date | None = None,
    partners: list[Organisation] | None = None,
) -> Licence:
    """Save a new application, or refuse it with the checks that refuse it; then
    nothing is saved. The organisation's row is locked so that two applications
    cannot both take the last place of a yearly limit. ``partners``: the
    organisations an inter-organisation event's players come from (1.2.7)."""
    today = today or timezone.localdate()
    partners = list(partners or []) if licence.inter_organisation else []
    if not can_apply(user, licence.organisation):
        raise NotAllowed("apply")
    if any(p.pk == licence.organisation_id for p in partners):
        raise WorkflowError(
            _("The organising body holds the licence; it is not one of the partners.")
        )
    previous = licence.previous_licence if licence.previous_licence_id else None
    if previous is not None and previous.organisation_id != licence.organisation_id:
        raise WorkflowError(_("Last year's licence must be one of the organisation's own."))
    if licence.start_date <= today:
        raise WorkflowError(
            _("The first day %(day)s is not after today (%(today)s).")
            % {"day": licence.start_date, "today": today}
        )
    try:
        return _apply(licence, user=user, partners=partners)
    except BaseException:
        # The rows rolled back; documents already written to storage go too.
        for name in DOCUMENT_FIELDS:
            document = getattr(licence, name)
            if document and getattr(document, "_committed", False):
                document.storage.delete(document.name)
        raise


def _apply(licence: Licence, *, user, partners: list[Organisation]) -> Licence:
    with transaction.atomic():
        Organisation.objects.select_for_update().get(pk=licence.organisation_id)
        checks = services.checks_for(licence, partners)
        refused = rules.refusals(checks)
        if refused:
            raise LicenceRefused(refused)
        status, reasons = rules.status_reasons(services.application_of(licence, partners))
        now = timezone.now()
        licence.state = State.SUBMITTED
        licence.proposed_status = int(status)
        licence.status_reasons = services.as_dicts(reasons)
        licence.checks = services.as_dicts(checks)
        licence.submitted_by = user
        licence.submitted_at = now
        licence.save()
        licence.partners.set(partners)
        _log(licence, "submitted", "", State.SUBMITTED, user=user, at=now)
        _notify(licence, "submitted", actor=user)
    return licence


# --- the office's and the organiser's steps -------------------------------------------------


def _move(licence: Licence, *, user, step: str, note: str = "", changes=None, check=None):
    """Lock, check that nobody moved it first, update conditionally, log, notify.
    The state it goes to is the step's row in the domain's table."""
    seen = {"state": licence.state}
    now = timezone.now()
    to: dict[str, str] = {}

    def allowed(row: Licence) -> None:
        rule = steps.rule_for(step, actors_of(user, row), situation_of(row))
        if rule is None:
            raise NotAllowed(step)
        if check is not None:
            check(row)
        to["state"] = rule.to_state or row.state

    def fields(row: Licence) -> dict:
        extra = changes(row) if callable(changes) else changes
        return {"state": to["state"], **(extra or {})}

    def record(row: Licence) -> None:
        action = _log(row, step, seen["state"], to["state"], user=user, at=now, note=note)
        _notify(row, step, actor=user, note=note)
        if step in ("approve", "reject", "revoke"):  # webhooks (issue 23)
            emit(LICENCE_DECIDED, action.pk, webhook_facts(row, step), [row.organisation.club_id])

    return transitions.take_step(
        Licence,
        licence.pk,
        seen=seen,
        changes=fields,
        check=allowed,
        record=record,
        label=step_label,
        select_related=("organisation",),
    )


def webhook_facts(licence: Licence, step: str) -> dict:
    """What a club's webhook is told of a decision: ids and public facts (no reason)."""
    return {
        "licence_id": licence.pk,
        "decision": step,
        "state": licence.state,
        "status": licence.status,
        "licence_type": licence.licence_type,
        "event_name": licence.event_name,
        "start_date": licence.start_date.isoformat(),
        "club_id": licence.organisation.club_id,
    }


def approve(
    licence: Licence,
    *,
    user,
    status: int | None = None,
    special_conditions: str = "",
    fee: Decimal | None = None,
    note: str = "",
    major_standing: str | None = None,
) -> Licence:
    """Grant the licence at the proposed status unless the office sets another
    (1.6.3), with the standard conditions of 1.7 (and 1.8, 1.9) and the office's
    special ones (1.7.20), and the fee from the fee table unless set by hand.

    ``major_standing`` (1.6.1 c): the major status the office grants, the rules'
    proposal when None; it may confirm the proposal or grant none, and a major event
    is Regional. A novice licence missing one of 1.4.2's typical criteria is approved
    only with a note saying why."""

    def changes(row: Licence) -> dict:
        granted = rules.Status(status or row.proposed_status)
        standing = _granted_standing(row, major_standing, granted)
        _novice_departures_explained(row, note)
        amount = fee if fee is not None else services.proposed_fee(row)
        if amount is None:
            raise WorkflowError(
                _("There is no fee rate for %(type)s; set the fee or add a rate.")
                % {"type": row.get_licence_type_display()}
            )
        return {
            "status": int(granted),
            "conditions": services.as_dicts(
                rules.standard_conditions(services.application_of(row))
            ),
            "special_conditions": special_conditions.strip(),
            "fee": amount,
            "decided_at": timezone.now(),
            "decision_reason": note,
            "major_standing": str(standing),
        }

    return _move(licence, user=user, step="approve", note=note, changes=changes)


def _granted_standing(row: Licence, chosen: str | None, granted: rules.Status):
    proposed = services.proposed_major_standing(row)
    if chosen is None:
        # Not asked: the proposal, unless the office set another level (1.6.3).
        return proposed if granted is rules.Status.REGIONAL else rules.MajorStanding.NONE
    standing = rules.MajorStanding(chosen)
    if standing not in (rules.MajorStanding.NONE, proposed):
        raise WorkflowError(
            _("The rules allow %(allowed)s here, not %(chosen)s (EBU Handbook 1.6.1 c).")
            % {
                "allowed": services.standing_label(proposed),
                "chosen": services.standing_label(standing),
            }
        )
    if standing is not rules.MajorStanding.NONE and granted is not rules.Status.REGIONAL:
        raise WorkflowError(
            _("A major event is licensed at Regional status (EBU Handbook 1.6.1 c).")
        )
    return standing


def _novice_departures_explained(row: Licence, note: str) -> None:
    unmet = [
        c
        for c in row.checks
        if c.get("rule_id") in rules.NOVICE_CRITERION_IDS and not c.get("passed")
    ]
    if unmet and not note.strip():
        raise WorkflowError(
            _(
                "The application misses %(count)s of the typical novice criteria (EBU "
                "Handbook 1.4.2); say in the note why it is approved."
            )
            % {"count": len(unmet)}
        )


def reject(licence: Licence, *, user, reason: str) -> Licence:
    transitions.need_reason(reason)
    return _move(
        licence,
        user=user,
        step="reject",
        note=reason,
        changes={"decision_reason": reason, "decided_at": timezone.now()},
    )


def submit_results(licence: Licence, *, user, results_file) -> Licence:
    """The organiser's results file (1.5.3), once the event is over."""
    if not results_file:
        raise WorkflowError(_("Choose the results file to send."))

    def check(row: Licence) -> None:
        if row.end_date > timezone.localdate():
            raise WorkflowError(_("The results can be sent once the event is over."))

    # Checked on the stored row before anything is written to storage, and again
    # under the lock by _move; a step lost there removes the file it stored.
    stored_row = Licence.objects.select_related("organisation").get(pk=licence.pk)
    if stored_row.state != licence.state or "results" not in allowed_steps(user, stored_row):
        if stored_row.state != licence.state:
            raise AlreadyDecided(
                transitions.already_handled(
                    stored_row.actions.order_by("-at", "-pk").first(), step_label
                )
            )
        raise NotAllowed("results")
    check(stored_row)
    field = Licence._meta.get_field("results_file")
    stored = field.storage.save(field.generate_filename(licence, results_file.name), results_file)
    try:
        return _move(
            licence,
            user=user,
            step="results",
            note=results_file.name,
            check=check,
            changes={"results_received_at": timezone.now(), "results_file": stored},
        )
    except BaseException:
        field.storage.delete(stored)
        raise


def record_payment(
    licence: Licence, *, user, amount: Decimal, paid_on: dt.date, reference: str = ""
) -> Licence:
    if amount is None or amount <= 0:
        raise WorkflowError(_("Give the amount paid."))
    return _move(
        licence,
        user=user,
        step="payment",
        note=f"{current().money(amount)} {reference}".strip(),
        changes={"amount_paid": amount, "paid_on": paid_on, "payment_reference": reference},
    )


def record_accounts(licence: Licence, *, user, received_on: dt.date) -> Licence:
    """A charity event's full accounts (1.8.3); the state stays as it is."""
    return _move(
        licence,
        user=user,
        step="accounts",
        note=received_on.isoformat(),
        changes={"accounts_received_on": received_on},
    )


def close(licence: Licence, *, user) -> Licence:
    def check(row: Licence) -> None:
        if not steps.closes(situation_of(row)):
            raise WorkflowError(
                _("A charity event closes once its full accounts are in (EBU Handbook 1.8.3).")
            )

    return _move(licence, user=user, step="close", check=check)


def revoke(licence: Licence, *, user, reason: str) -> Licence:
    """E.g. fewer than five tables without two weeks' notice (1.7.13)."""
    transitions.need_reason(reason)
    return _move(
        licence,
        user=user,
        step="revoke",
        note=reason,
        changes={"decision_reason": reason},
    )


STEPS = {
    "approve": approve,
    "reject": reject,
    "results": submit_results,
    "payment": record_payment,
    "accounts": record_accounts,
    "close": close,
    "revoke": revoke,
}


# --- trail and news ------------------------------------------------------------------------

STEP_LABELS = {
    "submitted": gettext_lazy("submitted"),
    "approve": gettext_lazy("approved"),
    "reject": gettext_lazy("rejected"),
    "results": gettext_lazy("results file received"),
    "payment": gettext_lazy("payment recorded"),
    "accounts": gettext_lazy("accounts received"),
    "close": gettext_lazy("closed"),
    "revoke": gettext_lazy("revoked"),
}


def step_label(kind: str) -> str:
    return str(STEP_LABELS.get(kind, kind))


def actor_name(user) -> str:
    """Who took a step, as the trail names them (shared with the UMS statements)."""
    member = member_of(user)
    return member.full_name if member else getattr(user, "username", "")


def _log(licence: Licence, kind: str, from_state: str, to_state: str, *, user, at, note: str = ""):
    return LicenceAction.objects.create(
        licence=licence,
        kind=kind,
        from_state=from_state,
        to_state=to_state,
        actor=user,
        actor_name=actor_name(user),
        note=note,
        at=at,
    )


def organiser_users(organisation: Organisation) -> list:
    users = []
    if organisation.club_id:
        users += users_with_role(Role.Kind.CLUB_ADMIN, club_id=organisation.club_id)
    if organisation.county_id and organisation.kind == Organisation.Kind.COUNTY:
        users += users_with_role(Role.Kind.DISTRICT_OFFICIAL, district_id=organisation.county_id)
    users += [m.user for m in organisation.administrators.exclude(user=None).select_related("user")]
    return users


def _notify(licence: Licence, kind: str, *, actor, note: str = "") -> None:
    parties = organiser_users(licence.organisation) + list(users_with_role(Role.Kind.OFFICE_STAFF))
    recipients = [u for u in parties if actor is None or u.pk != actor.pk]
    texts = {}
    for language in ("sv", "en"):
        with override(language):
            text = f"{licence.number} {licence.event_name}: {step_label(kind)}"
            texts[language] = text + (f" ({note})" if note else "")
    decided = kind in ("approve", "reject", "revoke")
    notify(
        recipients,
        text_sv=texts["sv"],
        text_en=texts["en"],
        url=licence.get_absolute_url(),
        extra_emails=[licence.organisation.email] if decided else (),
    )
