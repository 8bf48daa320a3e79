"""A licence's steps and who may take them (EBU handbook ch. 1; issue #8).

    (organiser applies) submitted ─office approves (status, conditions, fee)→ approved
                                  ─office rejects (reason)→ rejected
    approved ─organiser sends the results file→ results received
             ─office records the payment→ paid ─office closes→ closed
    approved | results received | paid ─office revokes (reason)→ revoked

An application the rules refuse is not saved at all (``LicenceRefused`` with the
checks). Each step is one transaction through ``tournaments.transitions``: of two
office staff approving at once, one wins and the other gets ``AlreadyDecided``.
Every step writes a ``LicenceAction`` and notifies the other side.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict
from decimal import Decimal

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, override

from members.models import Role
from members.notifications import notify, users_with_role
from members.permissions import administered_club_ids, is_office_staff, member_of

from .. import transitions
from ..domain import licences as rules
from ..models import AllowanceUse, FeeRate, Licence, LicenceAction, Organisation

State = Licence.State
ACTIVE_STATES = (State.SUBMITTED, State.APPROVED, State.RESULTS_RECEIVED, State.PAID, State.CLOSED)
PUBLIC_STATES = (State.APPROVED, State.RESULTS_RECEIVED, State.PAID, State.CLOSED)


class WorkflowError(Exception):
    """A step that cannot be taken, with a message for the person who tried."""


class AlreadyDecided(WorkflowError):
    pass


class LicenceRefused(WorkflowError):
    def __init__(self, checks: list[rules.Check]):
        self.checks = checks
        super().__init__("; ".join(c.message_en for c in checks))


class NotAllowed(PermissionDenied):
    pass


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
    return is_office_staff(user) or can_apply(user, licence.organisation)


def allowed_steps(user, licence: Licence) -> list[str]:
    office = is_office_staff(user)
    s = licence.state
    steps = []
    if office and s == State.SUBMITTED:
        steps += ["approve", "reject"]
    if s == State.APPROVED and can_apply(user, licence.organisation):
        steps.append("results")
    if office and s == State.RESULTS_RECEIVED:
        steps.append("payment")
    if office and s == State.PAID:
        steps.append("close")
    if office and s in (State.APPROVED, State.RESULTS_RECEIVED, State.PAID, State.CLOSED):
        if licence.licence_type == Licence.Type.CHARITY and licence.accounts_received_on is None:
            steps.append("accounts")
    if office and s in (State.APPROVED, State.RESULTS_RECEIVED, State.PAID):
        steps.append("revoke")
    return steps


# --- rows to rules -----------------------------------------------------------------------


def application_of(licence: Licence) -> rules.Application:
    return rules.Application(
        organisation_kind=rules.OrganisationKind(licence.organisation.kind),
        licence_type=rules.LicenceType(licence.licence_type),
        sessions=licence.sessions or 0,
        expected_tables=licence.expected_tables or 0,
        members_only=licence.members_only,
        wide_appeal=licence.wide_appeal,
        blue_points=licence.blue_points,
        county_support=licence.county_support,
        major_event=licence.major_event,
        last_year_best_four_avg_tables=licence.last_year_best_four_avg_tables,
        side_event=licence.side_event,
        consolation=licence.consolation,
        max_prize_per_player=licence.max_prize_per_player or Decimal(0),
        prize_approved=licence.prize_approved,
        head_to_head_knockout=licence.head_to_head_knockout,
        systems_level=licence.systems_level,
        systems_authorised=licence.systems_authorised,
        charity_agreement=bool(licence.charity_agreement),
        charity_remuneration_statement=bool(licence.charity_remuneration_statement),
        charity_donation_statement=bool(licence.charity_donation_statement),
        package_protection=licence.package_protection or "",
        sponsor=licence.sponsor,
    )


def year_usage(organisation: Organisation, year: int, *, exclude: int | None = None):
    """What the organisation has used of its yearly limits (1.2.2-1.2.6): licences
    submitted or further on (not rejected or revoked) and registered allowances, by
    the calendar year of the event ("per annum" read as the calendar year)."""
    licences = Licence.objects.filter(
        organisation=organisation, state__in=ACTIVE_STATES, start_date__year=year
    )
    if exclude is not None:
        licences = licences.exclude(pk=exclude)
    allowances = AllowanceUse.objects.filter(organisation=organisation, year=year)
    counted = {k: 0 for k in AllowanceUse.Kind.values}
    for kind in allowances.values_list("kind", flat=True):
        counted[kind] += 1
    blue_licences = licences.filter(blue_points=True).count()
    return rules.YearUsage(
        club_open_events=licences.filter(licence_type=Licence.Type.CLUB_OPEN_EVENT).count(),
        blue_point_events=blue_licences + allowances.filter(blue_points=True).count(),
        major_pairs=counted["major_pairs"],
        major_teams=counted["major_teams"],
        ladders=counted["ladder"],
        county_simultaneous=counted["county_simultaneous"],
        county_blue_point=counted["county_blue_point"]
        + (blue_licences if organisation.kind == Organisation.Kind.COUNTY else 0),
        other_counties_events=counted["other_counties_event"],
    )


def checks_for(licence: Licence) -> list[rules.Check]:
    usage = year_usage(licence.organisation, licence.start_date.year, exclude=licence.pk)
    return rules.application_checks(application_of(licence), usage)


def payer_of(licence: Licence) -> str:
    """Which row of the fee table applies: charity events may pay less (1.11.4),
    commercial organisers more (1.11.3)."""
    if licence.licence_type == Licence.Type.CHARITY:
        return FeeRate.Payer.CHARITY
    if licence.organisation.commercial:
        return FeeRate.Payer.COMMERCIAL
    return FeeRate.Payer.STANDARD


def fee_rate_for(licence: Licence) -> FeeRate | None:
    return (
        FeeRate.objects.filter(
            licence_type=licence.licence_type,
            payer=payer_of(licence),
            valid_from__lte=licence.start_date,
        )
        .order_by("-valid_from")
        .first()
    )


def proposed_fee(licence: Licence) -> Decimal | None:
    rate = fee_rate_for(licence)
    if rate is None:
        return None
    return rules.licence_fee(
        rules.FeeRate(rate.per_table_session, rate.per_heat, rate.minimum),
        sessions=licence.sessions,
        tables=licence.expected_tables,
        heats=licence.heats,
    )


def _as_dicts(values) -> list[dict]:
    return [asdict(v) for v in values]


# --- applying ------------------------------------------------------------------------------


DOCUMENT_FIELDS = (
    "charity_agreement",
    "charity_remuneration_statement",
    "charity_donation_statement",
)


def apply(licence: Licence, *, user, today: dt.date | None = None) -> Licence:
    """Save a new application, or refuse it with the checks that refuse it; then
    nothing is saved. The organisation's row is locked so that two applications
    cannot both take the last place of a yearly limit."""
    today = today or timezone.localdate()
    if not can_apply(user, licence.organisation):
        raise NotAllowed("apply")
    if licence.start_date <= today:
        raise WorkflowError(
            _("The first day %(day)s is not after today (%(today)s).")
            % {"day": licence.start_date, "today": today}
        )
    try:
        return _apply(licence, user=user)
    except BaseException:
        # The rows rolled back; documents already written to storage go too.
        for name in DOCUMENT_FIELDS:
            document = getattr(licence, name)
            if document and getattr(document, "_committed", False):
                document.storage.delete(document.name)
        raise


def _apply(licence: Licence, *, user) -> Licence:
    with transaction.atomic():
        Organisation.objects.select_for_update().get(pk=licence.organisation_id)
        checks = checks_for(licence)
        refused = rules.refusals(checks)
        if refused:
            raise LicenceRefused(refused)
        status, reasons = rules.status_reasons(application_of(licence))
        now = timezone.now()
        licence.state = State.SUBMITTED
        licence.proposed_status = int(status)
        licence.status_reasons = _as_dicts(reasons)
        licence.checks = _as_dicts(checks)
        licence.submitted_by = user
        licence.submitted_at = now
        licence.save()
        _log(licence, "submitted", "", State.SUBMITTED, user=user, at=now)
        _notify(licence, "submitted", actor=user)
    return licence


# --- the office's and the organiser's steps -------------------------------------------------


def _move(
    licence: Licence, *, user, step: str, to_state: str, note: str = "", changes=None, check=None
):
    seen = {"state": licence.state}
    now = timezone.now()

    def allowed(row: Licence) -> None:
        if step not in allowed_steps(user, row):
            raise NotAllowed(step)
        if check is not None:
            check(row)

    def fields(row: Licence) -> dict:
        extra = changes(row) if callable(changes) else changes
        return {"state": to_state, **(extra or {})}

    with transaction.atomic():
        try:
            row = transitions.locked_move(
                Licence,
                licence.pk,
                seen=seen,
                changes=fields,
                check=allowed,
                select_related=("organisation",),
            )
        except transitions.Stale as stale:
            raise AlreadyDecided(_already(stale.row)) from None
        _log(row, step, seen["state"], to_state, user=user, at=now, note=note)
        _notify(row, step, actor=user, note=note)
    return row


def approve(
    licence: Licence,
    *,
    user,
    status: int | None = None,
    special_conditions: str = "",
    fee: Decimal | None = None,
    note: str = "",
) -> Licence:
    """Grant the licence at the proposed status unless the office sets another
    (1.6.3), with the standard conditions of 1.7 (and 1.8, 1.9) and the office's
    special ones (1.7.20), and the fee from the fee table unless set by hand."""

    def changes(row: Licence) -> dict:
        granted = rules.Status(status or row.proposed_status)
        amount = fee if fee is not None else proposed_fee(row)
        if amount is None:
            raise WorkflowError(
                _("There is no fee rate for %(type)s; set the fee or add a rate.")
                % {"type": row.get_licence_type_display()}
            )
        return {
            "status": int(granted),
            "conditions": _as_dicts(rules.standard_conditions(application_of(row))),
            "special_conditions": special_conditions.strip(),
            "fee": amount,
            "decided_at": timezone.now(),
            "decision_reason": note,
        }

    return _move(
        licence, user=user, step="approve", to_state=State.APPROVED, note=note, changes=changes
    )


def reject(licence: Licence, *, user, reason: str) -> Licence:
    _need_reason(reason)
    return _move(
        licence,
        user=user,
        step="reject",
        to_state=State.REJECTED,
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
            raise AlreadyDecided(_already(stored_row))
        raise NotAllowed("results")
    check(stored_row)
    field = Licence._meta.get_field("results_file")
    stored = field.storage.save(field.generate_filename(licence, results_file.name), results_file)
    try:
        return _move(
            licence,
            user=user,
            step="results",
            to_state=State.RESULTS_RECEIVED,
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
        to_state=State.PAID,
        note=f"£{amount} {reference}".strip(),
        changes={"amount_paid": amount, "paid_on": paid_on, "payment_reference": reference},
    )


def record_accounts(licence: Licence, *, user, received_on: dt.date) -> Licence:
    """A charity event's full accounts (1.8.3); the state stays as it is."""
    return _move(
        licence,
        user=user,
        step="accounts",
        to_state=licence.state,
        note=received_on.isoformat(),
        changes={"accounts_received_on": received_on},
    )


def close(licence: Licence, *, user) -> Licence:
    def check(row: Licence) -> None:
        if row.licence_type == Licence.Type.CHARITY and row.accounts_received_on is None:
            raise WorkflowError(
                _("A charity event closes once its full accounts are in (EBU 1.8.3).")
            )

    return _move(licence, user=user, step="close", to_state=State.CLOSED, check=check)


def revoke(licence: Licence, *, user, reason: str) -> Licence:
    """E.g. fewer than five tables without two weeks' notice (1.7.13)."""
    _need_reason(reason)
    return _move(
        licence,
        user=user,
        step="revoke",
        to_state=State.REVOKED,
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


def _need_reason(reason: str) -> None:
    if not reason.strip():
        raise WorkflowError(_("Give the reason."))


def _already(row: Licence) -> str:
    last = row.actions.order_by("-at", "-pk").first()
    if last is None:
        return _("This licence has already been handled; reload the page.")
    return _("Already handled: %(what)s by %(who)s at %(when)s.") % {
        "what": step_label(last.kind),
        "who": last.actor_name or _("Klöver"),
        "when": timezone.localtime(last.at).strftime("%Y-%m-%d %H:%M"),
    }


# --- lists -----------------------------------------------------------------------------------


def overdue(today: dt.date | None = None) -> list[Licence]:
    """Licences whose post-event duties are late: no results file or no payment
    after the due day (1.5.3, 1.7.17), or a charity's accounts after three months
    (1.8.3)."""
    today = today or timezone.localdate()
    # Narrowed in SQL by the earliest each duty can fall due (a calendar month is
    # at least 28 days, three at least 89); the rules then draw the exact day.
    candidates = Licence.objects.filter(
        Q(
            state__in=(State.APPROVED, State.RESULTS_RECEIVED),
            end_date__lt=today - dt.timedelta(days=28),
        )
        | Q(
            licence_type=Licence.Type.CHARITY,
            accounts_received_on__isnull=True,
            state__in=(State.APPROVED, State.RESULTS_RECEIVED, State.PAID, State.CLOSED),
            end_date__lt=today - dt.timedelta(days=89),
        )
    ).select_related("organisation")
    late = []
    for licence in candidates:
        if overdue_duties(licence, today):
            late.append(licence)
    return late


def overdue_duties(licence: Licence, today: dt.date) -> list[str]:
    """What is late, in the office's words."""
    duties = []
    if licence.state in (State.APPROVED, State.RESULTS_RECEIVED):
        if rules.post_event_due(licence.end_date) < today:
            duties.append("results" if licence.state == State.APPROVED else "payment")
    if (
        licence.licence_type == Licence.Type.CHARITY
        and licence.accounts_received_on is None
        and rules.charity_accounts_due(licence.end_date) < today
    ):
        duties.append("accounts")
    return duties


def public_list(*, since: dt.date | None = None):
    """Licensed events for the public list (1.7.24)."""
    qs = Licence.objects.filter(state__in=PUBLIC_STATES).select_related("organisation")
    if since is not None:
        qs = qs.filter(end_date__gte=since)
    return qs.order_by("start_date", "event_name")


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


def _actor_name(user) -> str:
    member = member_of(user)
    return member.full_name if member else getattr(user, "username", "")


def _log(licence: Licence, kind: str, from_state: str, to_state: str, *, user, at, note: str = ""):
    LicenceAction.objects.create(
        licence=licence,
        kind=kind,
        from_state=from_state,
        to_state=to_state,
        actor=user,
        actor_name=_actor_name(user),
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
