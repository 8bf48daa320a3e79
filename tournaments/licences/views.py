"""Licence pages (issue #8): an organiser's application with live checks, the
licence's page with its duties, trail and steps, the organiser's and the office's
lists, the printable licence, the public list of licensed events and the yearly
allowances. The workflow decides; these pages ask it."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import PurePath

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from members.common.exports import configure_tables
from members.common.pdf import attachment_name, pdf_response
from members.federation import EventScheme, scheme_required
from members.permissions import is_office_staff, require

from . import allowances, selectors, services, workflow
from . import domain as rules
from .filters import OfficeQueueFilter
from .forms import (
    CHARITY_FIELDS,
    DOCUMENT_FIELDS,
    INTER_ORG_FIELDS,
    NOVICE_FIELDS,
    PACKAGE_FIELDS,
    STEP_FORMS,
    AllowanceForm,
    LicenceForm,
    unsaved_licence,
)
from .models import STATUS_CHOICES, AllowanceUse, FeeRate, Licence, Organisation
from .tables import FeeRateTable, LicenceTable, PublicLicenceTable, status_label

State = Licence.State

# The button of each step, as the page names it.
STEP_BUTTONS = {
    "approve": gettext_lazy("Approve the licence"),
    "reject": gettext_lazy("Reject the application"),
    "results": gettext_lazy("Send the results file"),
    "payment": gettext_lazy("Record the payment"),
    "accounts": gettext_lazy("Record the charity's accounts"),
    "close": gettext_lazy("Close the licence"),
    "revoke": gettext_lazy("Revoke the licence"),
}
DUTY_LABELS = {
    "results": gettext_lazy("results file"),
    "payment": gettext_lazy("payment"),
    "accounts": gettext_lazy("charity accounts"),
}
# A licence is printed once granted, and not once taken back.
PRINTABLE_STATES = (State.APPROVED, State.RESULTS_RECEIVED, State.PAID, State.CLOSED)


def _swedish() -> bool:
    return (get_language() or "sv").startswith("sv")


def _without_ref(text: str, ref: str) -> str:
    """The rules end each message with its section, "... (EBU 1.7.9)"; the page
    shows the section apart."""
    tail = f" ({ref})"
    return text[: -len(tail)] if ref and text.endswith(tail) else text


def _check_row(check) -> dict:
    """A check (a rules value or its stored dict) in the reader's language."""
    get = check.get if isinstance(check, dict) else lambda name: getattr(check, name)
    passed = get("passed")
    severity = str(getattr(get("severity"), "value", get("severity")))
    # "check" as the sanctions' check list (which this page reuses) reads it.
    return {
        "check": {"rule_id": get("rule_id"), "seed_ref": get("seed_ref")},
        "rule_id": get("rule_id"),
        "status": "passed" if passed else severity,
        "message": _without_ref(
            get("message_sv") if _swedish() else get("message_en"), get("seed_ref")
        ),
        "ref": get("seed_ref"),
    }


def _text_row(item: dict, *, en: str, sv: str) -> dict:
    """A stored condition or reason in the reader's language, with its section."""
    if isinstance(item, str):
        return {"text": item, "ref": "", "code": ""}
    return {
        "text": item.get(sv if _swedish() else en, ""),
        "ref": item.get("seed_ref", ""),
        "code": item.get("code", ""),
    }


# --- the application form -------------------------------------------------------------


def _organisation_for_new(request) -> Organisation | None:
    """The organisation of ``?organisation=`` among the user's, or their only one;
    None when they must choose."""
    mine = workflow.organisations_of(request.user).order_by("name")
    wanted = request.GET.get("organisation", "")
    if wanted:
        require(wanted.isdigit())
        organisation = mine.filter(pk=int(wanted)).select_related("club", "county").first()
        require(organisation is not None)
        return organisation
    found = list(mine[:2])
    require(bool(found))
    return found[0] if len(found) == 1 else None


def _choose_organisation(request, next_page: str):
    """For someone acting for several organisations: which one, then ``next_page``."""
    organisations = workflow.organisations_of(request.user).order_by("name")
    return render(
        request,
        "licences/choose_organisation.html",
        {"organisations": organisations, "next": next_page},
    )


@scheme_required(EventScheme.LICENCES)
@login_required
def licence_new(request):
    organisation = _organisation_for_new(request)
    if organisation is None:
        return _choose_organisation(request, "licences:new")
    form = LicenceForm(request.POST or None, request.FILES or None, organisation=organisation)
    refused = []
    if request.method == "POST" and form.is_valid():
        try:
            licence = workflow.apply(
                form.save(commit=False),
                user=request.user,
                partners=list(form.cleaned_data.get("partners") or []),
            )
        except workflow.LicenceRefused as exc:
            refused = [_check_row(c) for c in exc.checks]
            form.add_error(None, _("The rules refuse this application as it stands."))
        except workflow.WorkflowError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("The application was submitted."))
            return redirect(licence)
        form.instance.pk = None
    draft, missing, partners = unsaved_licence(form)
    return render(
        request,
        "licences/form.html",
        {
            "form": form,
            "organisation": organisation,
            "refused": refused,
            "missing": missing,
            **_pre_check_context(draft, partners),
            "charity_fields": CHARITY_FIELDS,
            "package_fields": PACKAGE_FIELDS,
            "novice_fields": NOVICE_FIELDS,
            "inter_org_fields": INTER_ORG_FIELDS,
        },
    )


@scheme_required(EventScheme.LICENCES)
@login_required
@require_POST
def pre_checks(request):
    """The live checks for the form's current values (the page's script asks)."""
    wanted = request.POST.get("organisation", "")
    require(wanted.isdigit())
    organisation = workflow.organisations_of(request.user).filter(pk=int(wanted)).first()
    require(organisation is not None)
    form = LicenceForm(request.POST, request.FILES, organisation=organisation)
    draft, missing, partners = unsaved_licence(form)
    return render(
        request,
        "licences/includes/_pre_checks.html",
        {"missing": missing, **_pre_check_context(draft, partners)},
    )


def _pre_check_context(draft: Licence | None, partners: list[Organisation]) -> dict:
    if draft is None:
        return {"checks": [], "proposed": None}
    # Both languages of the reasons (``proposed_status`` gives the English only).
    status, reasons = rules.status_reasons(services.application_of(draft, partners))
    return {
        "checks": [_check_row(c) for c in services.checks_for(draft, partners)],
        "proposed": {
            "label": status_label(int(status)),
            "value": int(status),
            "reasons": [_reason_row(r) for r in reasons],
        },
        "fee": services.proposed_fee(draft),
    }


def _reason_row(reason) -> dict:
    if isinstance(reason, dict):
        return _text_row(reason, en="en", sv="sv")
    if isinstance(reason, str):
        return {"text": reason, "ref": ""}
    text = reason.sv if _swedish() else reason.en
    return {"text": _without_ref(text, reason.seed_ref), "ref": reason.seed_ref}


# --- one licence ----------------------------------------------------------------------


def _get_visible(request, pk: int) -> Licence:
    licence = get_object_or_404(
        Licence.objects.select_related(
            "organisation__club", "organisation__county", "previous_licence"
        ),
        pk=pk,
    )
    require(workflow.can_view(request.user, licence))
    return licence


def _duties(licence: Licence) -> list[dict]:
    """The post-event duties with their due days and whether each is done."""
    if licence.state not in PRINTABLE_STATES:
        return []
    return [
        {"label": DUTY_LABELS[d.kind], **asdict(d)}
        for d in services.post_event_duties(licence, timezone.localdate())
    ]


def _conditions(licence: Licence) -> list[dict]:
    return [_text_row(c, en="text_en", sv="text_sv") for c in licence.conditions]


def _step_forms(licence: Licence, steps: list[str]) -> list[dict]:
    forms = []
    for step in steps:
        initial = {"state": licence.state}
        standing = rules.MajorStanding.NONE
        if step == "approve":
            standing = services.proposed_major_standing(licence)
            initial |= {
                "status": licence.proposed_status,
                "fee": services.proposed_fee(licence),
                "major_standing": str(standing),
            }
        form = STEP_FORMS[step](prefix=step, initial=initial)
        if step == "approve":
            form.fields["status"].choices = [(v, status_label(v)) for v, _label in STATUS_CHOICES]
            if standing is rules.MajorStanding.NONE:
                # Nothing to grant: the rules propose no major status (1.6.1 c).
                del form.fields["major_standing"]
            else:
                form.fields["major_standing"].choices = [
                    ("", Licence.MajorStanding.NONE.label),
                    (str(standing), Licence.MajorStanding(str(standing)).label),
                ]
        forms.append(
            {
                "step": step,
                "form": form,
                "label": STEP_BUTTONS[step],
                "files": step == "results",
            }
        )
    return forms


@scheme_required(EventScheme.LICENCES)
@login_required
def licence_detail(request, pk: int):
    licence = _get_visible(request, pk)
    steps = workflow.allowed_steps(request.user, licence)
    states = dict(State.choices)
    trail = [
        {
            "action": a,
            "label": workflow.step_label(a.kind),
            "from": states.get(a.from_state, a.from_state),
            "to": states.get(a.to_state, a.to_state),
        }
        for a in licence.actions.all()
    ]
    documents = [
        {"field": name, "label": Licence._meta.get_field(name).verbose_name}
        for name in DOCUMENT_FIELDS
        if getattr(licence, name)
    ]
    return render(
        request,
        "licences/detail.html",
        {
            "licence": licence,
            "proposed": status_label(licence.proposed_status),
            "granted": status_label(licence.status) if licence.status else None,
            "reasons": [_reason_row(r) for r in licence.status_reasons],
            "checks": [_check_row(c) for c in licence.checks],
            "conditions": _conditions(licence),
            "duties": _duties(licence),
            "steps": _step_forms(licence, steps),
            "trail": trail,
            "documents": documents,
            "printable": licence.state in PRINTABLE_STATES,
            "results": selectors.results_of(licence),
            "partners": services.partners_of(licence),
            "clashes": _clashes(licence),
        },
    )


def _clashes(licence: Licence) -> list[dict] | None:
    """The date clashes as the calendar stands now (1.7.23), while the licence is
    to be decided or granted and the event is still to come."""
    if licence.state not in (State.SUBMITTED, State.APPROVED):
        return None
    return [_check_row(c) for c in services.clashes_now(licence)]


@scheme_required(EventScheme.LICENCES)
@login_required
@require_POST
def licence_step(request, pk: int, step: str):
    if step not in workflow.STEPS:
        raise Http404
    licence = _get_visible(request, pk)
    form = STEP_FORMS[step](request.POST, request.FILES, prefix=step)
    if not form.is_valid():
        for field, errors in form.errors.items():
            label = form.fields[field].label if field in form.fields else ""
            for error in errors:
                messages.error(request, f"{label}: {error}" if label else error)
        return redirect(licence)
    # What the user saw: the workflow compares it with the row it locks.
    licence.state = form.cleaned_data["state"]
    data = form.cleaned_data
    take = workflow.STEPS[step]
    try:
        if step == "approve":
            take(
                licence,
                user=request.user,
                status=data["status"],
                special_conditions=data["special_conditions"],
                fee=data["fee"],
                note=data["note"],
                # Only when the page offered it: else the rules' proposal stands.
                major_standing=data["major_standing"]
                if "approve-major_standing" in request.POST
                else None,
            )
        elif step in ("reject", "revoke"):
            take(licence, user=request.user, reason=data["reason"])
        elif step == "results":
            take(licence, user=request.user, results_file=data["results_file"])
        elif step == "payment":
            take(
                licence,
                user=request.user,
                amount=data["amount"],
                paid_on=data["paid_on"],
                reference=data["reference"],
            )
        elif step == "accounts":
            take(licence, user=request.user, received_on=data["received_on"])
        else:
            take(licence, user=request.user)
    except workflow.WorkflowError as exc:
        messages.error(request, str(exc))
    else:
        # The step's label is what happened, in the past tense ("approved").
        messages.success(request, capfirst(f"{workflow.step_label(step)}."))
    return redirect(licence)


@scheme_required(EventScheme.LICENCES)
@login_required
def document(request, pk: int, field: str):
    """A results file or charity document, only to those who may see the licence."""
    if field not in DOCUMENT_FIELDS:
        raise Http404
    licence = _get_visible(request, pk)
    stored = getattr(licence, field)
    if not stored:
        raise Http404
    try:
        handle = stored.open("rb")
    except FileNotFoundError:
        raise Http404 from None
    return FileResponse(handle, as_attachment=True, filename=PurePath(stored.name).name)


@scheme_required(EventScheme.LICENCES)
@login_required
def printable(request, pk: int):
    """The licence on one page, to be exhibited at the venue (EBU 1.7.10)."""
    return render(request, "licences/licence.html", _printable_context(request, pk))


@scheme_required(EventScheme.LICENCES)
@login_required
def printable_pdf(request, pk: int):
    """The same licence as a PDF file, for the same readers."""
    context = _printable_context(request, pk)
    return pdf_response(
        request,
        "licences/licence.html",
        context,
        filename=attachment_name("licence", context["licence"].number),
        html_url=reverse("licences:licence", args=[pk]),
    )


def _printable_context(request, pk: int) -> dict:
    licence = _get_visible(request, pk)
    if licence.state not in PRINTABLE_STATES:
        raise Http404
    return {
        "licence": licence,
        "granted": status_label(licence.status),
        "conditions": _conditions(licence),
        "printed": timezone.localdate(),
        "partners": services.partners_of(licence),
    }


# --- lists ----------------------------------------------------------------------------


def _licences():
    return Licence.objects.select_related("organisation").order_by("start_date", "event_name", "pk")


@scheme_required(EventScheme.LICENCES)
@login_required
def licence_index(request):
    """The organiser's licences per organisation; for the office, what waits for it."""
    organisations = list(workflow.organisations_of(request.user).order_by("name"))
    by_organisation = {o.pk: [] for o in organisations}
    for licence in _licences().filter(organisation__in=organisations):
        by_organisation[licence.organisation_id].append(licence)
    office = is_office_staff(request.user)
    context = {
        "organisations": [
            {"organisation": o, "table": LicenceTable(by_organisation[o.pk], prefix=f"o{o.pk}-")}
            for o in organisations
        ],
        "office": office,
    }
    if office:
        waiting = LicenceTable(_licences().filter(state=State.SUBMITTED), prefix="w-")
        overdue = sorted(services.overdue(), key=lambda licence: (licence.end_date, licence.pk))
        late = LicenceTable(overdue, prefix="l-")
        context |= {"waiting": waiting, "late": late}
    configure_tables(
        request,
        *(entry["table"] for entry in context["organisations"]),
        *(context[k] for k in ("waiting", "late") if k in context),
    )
    return render(request, "licences/index.html", context)


@scheme_required(EventScheme.LICENCES)
@login_required
def office_queue(request):
    require(is_office_staff(request.user))
    queue_filter = OfficeQueueFilter(request.GET or None, queryset=_licences())
    table = LicenceTable(queue_filter.qs)
    fee_rates = FeeRateTable(FeeRate.objects.all(), prefix="fee-")
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    configure_tables(request, fee_rates)
    return render(
        request,
        "licences/office.html",
        {
            "filter": queue_filter,
            "table": table,
            "filtered": any(request.GET.get(name) for name in queue_filter.filters),
            "fee_rates": fee_rates,
        },
    )


@scheme_required(EventScheme.LICENCES)
def public_events(request):
    """Licensed events from today on, for everyone (EBU 1.7.24)."""
    table = PublicLicenceTable(services.public_list(since=timezone.localdate()))
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(request, "licences/events.html", {"table": table})


# --- allowances -----------------------------------------------------------------------


@scheme_required(EventScheme.LICENCES)
@login_required
def allowance_page(request):
    """Events run without a licence, counted against the yearly limits."""
    organisation = _organisation_for_new(request)
    if organisation is None:
        return _choose_organisation(request, "licences:allowances")
    form = AllowanceForm(request.POST or None)
    refused = []
    if request.method == "POST" and form.is_valid():
        try:
            allowances.register_allowance(
                organisation=organisation, user=request.user, **form.cleaned_data
            )
        except allowances.AllowanceRefused as exc:
            refused = [_check_row(c) for c in exc.checks]
            form.add_error(None, _("The rules refuse this event as it stands."))
        else:
            messages.success(request, _("The event was registered."))
            return redirect(f"{request.path}?organisation={organisation.pk}")
    year = timezone.localdate().year
    used = services.year_usage(organisation, year)
    usage = [
        {
            "kind": kind,
            "label": label,
            "used": getattr(used, allowances.USAGE_FIELDS[kind]),
            "limit": allowances.limit_of(kind, organisation),
        }
        for kind, label in AllowanceUse.Kind.choices
    ]
    return render(
        request,
        "licences/allowances.html",
        {
            "organisation": organisation,
            "form": form,
            "refused": refused,
            "usage": usage,
            "year": year,
            "registered": AllowanceUse.objects.filter(organisation=organisation, year=year),
        },
    )
