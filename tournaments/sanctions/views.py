"""Sanction pages (issue #7): a club's application with live pre-checks, the
application's page with its trail and steps, each role's list, the public
calendar and the printable decision. The workflow decides; these pages ask it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from members.common.exports import configure_tables
from members.common.pdf import attachment_name, pdf_response
from members.federation import EventScheme, scheme_required
from members.models import Club, District, Role
from members.permissions import administered_club_ids, member_of, require, roles_of

from . import services, workflow
from .domain.model import RULEBOOK, Ref
from .filters import CalendarFilter
from .forms import GOLD_ONLY_FIELDS, GOLD_REQUIRED, SanctionForm, StepForm, unsaved_sanction
from .models import Sanction, SanctionAction
from .tables import CalendarTable, SanctionTable

State = Sanction.State
Level = Sanction.Level
Endorsement = Sanction.HomeEndorsement

# The button of each step, as the page names it.
STEP_LABELS = {
    "submit": gettext_lazy("Submit the application"),
    "withdraw": gettext_lazy("Withdraw the application"),
    "held": gettext_lazy("Mark as held"),
    "endorse_home": gettext_lazy("Endorse (home district)"),
    "refuse_home": gettext_lazy("Do not endorse (home district)"),
    "endorse": gettext_lazy("Endorse and send to the office"),
    "approve": gettext_lazy("Approve"),
    "reject": gettext_lazy("Reject"),
    "report_full": gettext_lazy("Report the field full"),
    "decide_priority": gettext_lazy("Decide the minority clubs' priority"),
}
# What the page says once a step is taken: what happened, in the past tense.
STEP_DONE = {
    "submit": gettext_lazy("The application was sent."),
    "withdraw": gettext_lazy("The application was withdrawn."),
    "held": gettext_lazy("The event was marked as held."),
    "endorse_home": gettext_lazy("The home district endorsed the application."),
    "refuse_home": gettext_lazy("The home district did not endorse the application."),
    "endorse": gettext_lazy("The application was endorsed and sent to the office."),
    "approve": gettext_lazy("The application was approved."),
    "reject": gettext_lazy("The application was rejected."),
    "report_full": gettext_lazy("The full field was reported to the district."),
    "decide_priority": gettext_lazy("The district's priority decision was recorded."),
}
DECIDED_STATES = (State.APPROVED, State.REJECTED, State.HELD, State.RESULTS_REPORTED)
# The chapter the whole procedure comes from; the decision page cites it beside the rules.
PROCEDURE_REF = Ref(chapter=4, first=161, last=253)


# --- the application form -------------------------------------------------------------


def _applicant_for_new(request) -> Club | District | None:
    """Who the new application is for: ``?club=`` among the clubs the user
    administers, ``?district=`` among the districts they are an official of (a
    district's own gold application, 000 ch. 4 lines 251-253), or their only club
    when they have nothing else. None when they must choose."""
    roles = roles_of(request.user)  # one query for both kinds
    ids, districts = roles.clubs, roles.districts
    require(bool(ids or districts))
    wanted_district = request.GET.get("district", "")
    if wanted_district:
        require(wanted_district.isdigit() and int(wanted_district) in districts)
        return get_object_or_404(District, pk=int(wanted_district))
    wanted = request.GET.get("club", "")
    if wanted:
        require(wanted.isdigit() and int(wanted) in ids)
        return get_object_or_404(Club.objects.select_related("district"), pk=int(wanted))
    if len(ids) == 1 and not districts:
        return Club.objects.select_related("district").get(pk=next(iter(ids)))
    return None


@scheme_required(EventScheme.SANCTIONS)
@login_required
def sanction_new(request):
    applicant = _applicant_for_new(request)
    if applicant is None:
        roles = roles_of(request.user)
        clubs = Club.objects.filter(pk__in=roles.clubs).order_by("name")
        districts = District.objects.filter(pk__in=roles.districts).order_by("name")
        return render(
            request, "sanctions/choose_club.html", {"clubs": clubs, "districts": districts}
        )
    if isinstance(applicant, District):
        return _application_form(request, club=None, district=applicant, sanction=None)
    return _application_form(request, club=applicant, sanction=None)


@scheme_required(EventScheme.SANCTIONS)
@login_required
def sanction_edit(request, pk: int):
    sanction = get_object_or_404(
        Sanction.objects.select_related("club__district", "district"), pk=pk
    )
    require(workflow.is_applicant(request.user, sanction))
    if sanction.state != State.DRAFT:
        messages.error(request, _("Only a draft can be changed."))
        return redirect(sanction)
    district = sanction.district if sanction.by_district else None
    return _application_form(request, club=sanction.club, district=district, sanction=sanction)


def _application_form(
    request, *, club: Club | None, sanction: Sanction | None, district: District | None = None
):
    form = SanctionForm(
        request.POST or None, instance=sanction, club=club, applicant_district=district
    )
    refused = []
    if request.method == "POST" and form.is_valid():
        submitting = request.POST.get("action") == "submit"
        try:
            with transaction.atomic():
                saved = _save_draft(form, user=request.user)
                if submitting:
                    saved = workflow.submit(saved, user=request.user)
        except workflow.ChecksRefuse as exc:
            # The atomic block rolled back the save too: nothing is kept.
            refused = [_check_row(c) for c in exc.checks]
            form.add_error(None, _("The application cannot be submitted as it stands."))
        except workflow.WorkflowError as exc:
            form.add_error(None, str(exc))
        else:
            if submitting:
                messages.success(request, _("The application was submitted."))
            else:
                messages.success(request, _("The draft was saved."))
            return redirect(saved)
        if sanction is None:
            form.instance.pk = None
    draft, missing = unsaved_sanction(form, pk=sanction.pk if sanction else None)
    return render(
        request,
        "sanctions/form.html",
        {
            "form": form,
            "club": club,
            "applicant_district": district,
            "sanction": sanction,
            "refused": refused,
            "checks": _checks_of(draft),
            "missing": missing,
            "gold_only": GOLD_ONLY_FIELDS,
            "gold_required": GOLD_REQUIRED,
        },
    )


def _save_draft(form: SanctionForm, *, user) -> Sanction:
    """Called inside a transaction. An existing row is locked and must still be a
    draft: another administrator may have submitted it since the form was shown."""
    sanction = form.save(commit=False)
    created = sanction.pk is None
    if created:
        sanction.created_by = user
    else:
        stored = Sanction.objects.select_for_update().filter(pk=sanction.pk)
        if stored.values_list("state", flat=True).first() != State.DRAFT:
            raise workflow.AlreadyDecided(_("Only a draft can be changed."))
    sanction.save()
    workflow.record_edit(sanction, user=user, created=created)
    return sanction


@scheme_required(EventScheme.SANCTIONS)
@login_required
@require_POST
def pre_checks(request):
    """The pre-check list for the form's current values (the page's script asks)."""
    club_id = request.POST.get("club", "")
    district_id = request.POST.get("applicant_district", "")
    club = district = None
    if district_id:
        require(
            district_id.isdigit() and workflow.is_district_official(request.user, int(district_id))
        )
        district = get_object_or_404(District, pk=int(district_id))
        own = Q(club__isnull=True, district=district)
    else:
        require(club_id.isdigit() and int(club_id) in administered_club_ids(request.user))
        club = get_object_or_404(Club.objects.select_related("district"), pk=int(club_id))
        own = Q(club=club)
    pk = request.POST.get("sanction", "")
    pk = int(pk) if pk.isdigit() else None
    if pk is not None:
        require(Sanction.objects.filter(own, pk=pk).exists())
    form = SanctionForm(request.POST, club=club, applicant_district=district)
    draft, missing = unsaved_sanction(form, pk=pk)
    return render(
        request,
        "includes/_check_list.html",
        {"checks": _checks_of(draft), "missing": missing},
    )


def _checks_of(sanction: Sanction | None) -> list[dict]:
    return [] if sanction is None else [_check_row(c) for c in services.pre_checks(sanction)]


def _check_row(check) -> dict:
    """A check in the reader's language: its message and its seed place apart."""
    message = check.message_sv if (get_language() or "sv").startswith("sv") else check.message_en
    ref = check.seed_ref
    # The domain ends each message with its rule, "(SBF Mästarpoäng 2014-2015, kap. 5)".
    if message.endswith(")") and f" ({RULEBOOK}" in message:
        message, _sep, ref = message.rpartition(" (")
        ref = ref[:-1]
    status = "passed" if check.passed else check.severity.value
    return {"check": check, "status": status, "message": message, "ref": ref}


# --- one application ------------------------------------------------------------------


def _get_visible(request, pk: int) -> Sanction:
    sanction = get_object_or_404(
        Sanction.objects.select_related("club__district", "district"), pk=pk
    )
    require(workflow.can_view(request.user, sanction))
    return sanction


@scheme_required(EventScheme.SANCTIONS)
@login_required
def sanction_detail(request, pk: int):
    sanction = _get_visible(request, pk)
    steps = workflow.allowed_steps(request.user, sanction)
    buttons = [
        {"step": s, "label": STEP_LABELS[s], "needs_reason": s in workflow.NEEDS_REASON}
        for s in steps
        if s in STEP_LABELS
    ]
    return render(
        request,
        "sanctions/detail.html",
        {
            "sanction": sanction,
            "can_edit": "edit" in steps,
            "buttons": buttons,
            "checks": _checks_of(sanction),
            "trail": _trail(sanction),
            "show_endorsement": sanction.home_endorsement != Endorsement.NOT_NEEDED,
            "show_full": sanction.field_full != Sanction.FieldFull.NOT_REPORTED,
            "decided": sanction.state in DECIDED_STATES,
        },
    )


def _trail(sanction: Sanction) -> list[dict]:
    """The audit trail with states and roles in the reader's language."""
    states = dict(State.choices)
    roles = {**dict(Role.Kind.choices), workflow.SYSTEM: "Klöver"}
    return [
        {
            "action": a,
            "from": states.get(a.from_state, a.from_state),
            "to": states.get(a.to_state, a.to_state),
            "role": roles.get(a.actor_role, a.actor_role),
        }
        for a in sanction.actions.all()
    ]


@scheme_required(EventScheme.SANCTIONS)
@login_required
@require_POST
def sanction_step(request, pk: int, step: str):
    if step not in workflow.STEPS:
        raise Http404
    sanction = _get_visible(request, pk)
    form = StepForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The page was out of date; look again and retry."))
        return redirect(sanction)
    # What the user saw: the workflow compares it with the row it locks.
    sanction.state = form.cleaned_data["state"]
    sanction.home_endorsement = form.cleaned_data["home_endorsement"]
    reason = form.cleaned_data["reason"]
    take = workflow.STEPS[step]
    try:
        if step in workflow.NEEDS_REASON or step == "withdraw":
            take(sanction, user=request.user, reason=reason)
        elif step in ("submit", "held"):  # no note
            take(sanction, user=request.user)
        else:
            take(sanction, user=request.user, note=reason)
    except workflow.ChecksRefuse as exc:
        messages.error(request, _("Refused by the rules:"))
        for row in (_check_row(c) for c in exc.checks):
            messages.error(request, f"{row['message']} ({row['ref']})")
    except workflow.WorkflowError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, STEP_DONE[step])
    return redirect(sanction)


@scheme_required(EventScheme.SANCTIONS)
@login_required
def decision(request, pk: int):
    """The decision on one page for printing: what was applied for, who decided, when, why."""
    return render(request, "sanctions/decision.html", _decision_context(request, pk))


@scheme_required(EventScheme.SANCTIONS)
@login_required
def decision_pdf(request, pk: int):
    """The same decision as a PDF file, for the same readers."""
    context = _decision_context(request, pk)
    return pdf_response(
        request,
        "sanctions/decision.html",
        context,
        filename=attachment_name("decision", context["sanction"].reference),
        html_url=reverse("sanctions:decision", args=[pk]),
    )


def _signer_role(decided: SanctionAction | None) -> str:
    """Who signs: the district decides silver events and endorses gold ones; the
    office decides gold."""
    if decided is not None and decided.actor_role == Role.Kind.DISTRICT_OFFICIAL:
        # a district's own gold application is decided by the office, never by itself
        return _("for the district")
    return _("for the federation office")


def _decision_context(request, pk: int) -> dict:
    sanction = _get_visible(request, pk)
    if sanction.state not in DECIDED_STATES:
        raise Http404
    decided = (
        sanction.actions.filter(
            kind__in=(
                SanctionAction.Kind.APPROVED,
                SanctionAction.Kind.REJECTED,
                SanctionAction.Kind.HOME_REFUSED,
            )
        )
        .order_by("-at", "-pk")
        .first()
    )
    checks = _checks_of(sanction)
    swedish = (get_language() or "sv").startswith("sv")
    procedure = PROCEDURE_REF.sv if swedish else PROCEDURE_REF.en
    return {
        "sanction": sanction,
        "approved": sanction.state != State.REJECTED,
        "action": decided,
        "signer_role": _signer_role(decided),
        "refs": list(dict.fromkeys([procedure, *(row["ref"] for row in checks)])),
        "printed": timezone.localdate(),
    }


# --- lists ----------------------------------------------------------------------------


def _applications():
    return Sanction.objects.select_related("club", "district").order_by("start_date", "name", "pk")


@scheme_required(EventScheme.SANCTIONS)
@login_required
def sanction_index(request):
    """One section per role: the club's applications, the district's queue, the office's."""
    member = member_of(request.user)
    roles = list(member.roles.select_related("club", "district")) if member else []
    club_ids = {r.club_id for r in roles if r.kind == Role.Kind.CLUB_ADMIN}
    district_ids = {r.district_id for r in roles if r.kind == Role.Kind.DISTRICT_OFFICIAL}
    office = request.user.is_superuser or any(r.kind == Role.Kind.OFFICE_STAFF for r in roles)
    context = {"has_role": bool(club_ids or district_ids or office)}
    if club_ids:
        clubs = sorted({r.club for r in roles if r.club_id in club_ids}, key=lambda c: c.name)
        by_club = {c.pk: [] for c in clubs}
        for s in _applications().filter(club_id__in=club_ids):
            by_club[s.club_id].append(s)
        context["clubs"] = [
            {
                "club": c,
                "table": SanctionTable(
                    by_club[c.pk],
                    prefix=f"c{c.pk}-",
                    caption=_("Applications of %(club)s") % {"club": c.name},
                ),
            }
            for c in clubs
        ]
    if district_ids:
        waiting = services.awaiting_district(district_ids)
        mine = (Q(district_id__in=district_ids) | Q(club__district_id__in=district_ids)) & ~Q(
            state=State.DRAFT
        )
        context["district_queue"] = SanctionTable(
            _applications().filter(waiting),
            prefix="dq-",
            caption=_("Waiting for the district's decision"),
        )
        context["district_other"] = SanctionTable(
            _applications().filter(mine, club__isnull=False).exclude(waiting),
            prefix="do-",
            caption=_("The district's other applications"),
        )
        # The district's own gold applications (lines 251-253), drafts included.
        districts = sorted(
            {r.district for r in roles if r.district_id in district_ids}, key=lambda d: d.name
        )
        by_district = {d.pk: [] for d in districts}
        for s in _applications().filter(club__isnull=True, district_id__in=district_ids):
            by_district[s.district_id].append(s)
        context["districts_own"] = [
            {
                "district": d,
                "table": SanctionTable(
                    by_district[d.pk],
                    prefix=f"d{d.pk}-",
                    caption=_("Own applications of %(district)s") % {"district": d.name},
                ),
            }
            for d in districts
        ]
    if office:
        context["office_queue"] = SanctionTable(
            _applications().filter(level=Level.GOLD, state=State.ENDORSED),
            prefix="oq-",
            caption=_("Gold applications waiting for the office"),
        )
        context["overdue"] = SanctionTable(
            services.overdue_reports().order_by("end_date", "pk"),
            prefix="or-",
            caption=_("Gold events with overdue results reports"),
        )
    configure_tables(
        request,
        *(entry["table"] for entry in context.get("clubs", [])),
        *(entry["table"] for entry in context.get("districts_own", [])),
        *(
            context[k]
            for k in ("district_queue", "district_other", "office_queue", "overdue")
            if k in context
        ),
    )
    return render(request, "sanctions/index.html", context)


@scheme_required(EventScheme.SANCTIONS)
def calendar(request):
    """The public calendar: approved silver and gold events from today on."""
    events = services.calendar(since=timezone.localdate())
    calendar_filter = CalendarFilter(request.GET or None, queryset=events)
    table = CalendarTable(calendar_filter.qs)
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(
        request,
        "sanctions/calendar.html",
        {
            "filter": calendar_filter,
            "table": table,
            "filtered": any(request.GET.get(name) for name in calendar_filter.filters),
        },
    )
