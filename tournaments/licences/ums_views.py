"""Universal Membership pages (issue #20 point 4): a club's monthly statement (page,
CSV, PDF), the club's statements, a tournament's charge code, and the office's list
with the 30-day payment duty, issuing and the payment. ``ums`` decides; these ask it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from members.common.exports import configure_tables, csv_response, wants_export
from members.common.pdf import attachment_name, pdf_response
from members.federation import EventScheme, scheme_required
from members.models import Club
from members.permissions import is_office_staff, require
from tournaments.models import Tournament

from . import ums
from .domain import ums as tariff
from .forms import UmsCodeForm, UmsIssueForm, UmsPaymentForm
from .models import UmsStatement
from .tables import UmsLineTable, UmsStatementTable, ums_status_label


def _swedish() -> bool:
    return (get_language() or "sv").startswith("sv")


def _month(year: int, month: int):
    if not 1 <= month <= 12 or not 2000 <= year <= 2100:
        raise Http404
    return ums.month_start(year, month)


def _share(value) -> str:
    return f"{value * 100:.0f} %"


def _stored_rows(statement: UmsStatement) -> list[dict]:
    swedish = _swedish()
    return [
        {
            "date": line.date,
            "event": line.tournament_name,
            "code": line.charge_code,
            "status": line.status,
            "status_label": ums_status_label(line.status),
            "players": line.players,
            "sessions": line.sessions,
            "player_sessions": line.players * line.sessions,
            "share": _share(line.share),
            "price": line.price.normalize() if line.price else 0,
            "county": line.county_charge.normalize() if line.county_charge else 0,
            "amount": line.amount,
            "rule": line.seed_ref,
            "note": line.note_sv if swedish else line.note_en,
        }
        for line in statement.lines.all()
    ]


def _draft_rows(draft: ums.Draft) -> list[dict]:
    swedish = _swedish()
    return [
        {
            "date": d.tournament.start_date,
            "event": d.tournament.name,
            "code": str(d.code),
            "status": str(d.line.status),
            "status_label": ums_status_label(str(d.line.status)),
            "players": d.line.players,
            "sessions": d.line.sessions,
            "player_sessions": d.line.player_sessions,
            "share": _share(d.line.share),
            "price": d.line.price.normalize() if d.line.price else 0,
            "county": d.line.county.normalize() if d.line.county else 0,
            "amount": d.line.amount,
            "rule": d.line.seed_ref,
            "note": d.line.note_sv if swedish else d.line.note_en,
        }
        for d in draft.lines
    ]


def _statement_context(request, club_pk: int, year: int, month: int) -> dict:
    club = get_object_or_404(Club.objects.select_related("district"), pk=club_pk)
    require(ums.can_view_club(request.user, club))
    first = _month(year, month)
    statement = (
        UmsStatement.objects.filter(club=club, month=first).prefetch_related("lines").first()
    )
    today = timezone.localdate()
    problems: list[str] = []
    if statement is not None:
        rows = _stored_rows(statement)
        total, due = statement.total, statement.due_date
    else:
        draft = ums.build(club, year, month)
        rows = _draft_rows(draft)
        total, due = draft.total, draft.due
        problems = [p.sv if _swedish() else p.en for p in draft.problems]
    office = is_office_staff(request.user)
    steps = (
        tariff.statement_steps(office=office, state=tariff.StatementState(statement.state))
        if statement
        else []
    )
    return {
        "club": club,
        "month": first,
        "statement": statement,
        "rows": rows,
        "total": total,
        "due": due,
        "overdue": statement is not None and ums.is_overdue(statement, today),
        "problems": problems,
        "office": office,
        "can_issue": office
        and not problems
        and "reissue" in steps
        or (office and statement is None and not problems and ums.month_end(first) < today),
        "payment_form": (
            UmsPaymentForm(initial={"state": statement.state, "amount": statement.total})
            if statement and "payment" in steps
            else None
        ),
        "printed": today,
        "previous": _shift(first, -1),
        "next": _shift(first, 1),
    }


def _shift(first, months: int):
    index = first.year * 12 + first.month - 1 + months
    return ums.month_start(index // 12, index % 12 + 1)


@scheme_required(EventScheme.LICENCES)
@login_required
def statement_page(request, club_pk: int, year: int, month: int):
    """The club's statement for a month: stored once issued, else as the rules make it
    now (a preview); as CSV with ``?_export=csv``."""
    context = _statement_context(request, club_pk, year, month)
    table = UmsLineTable(context["rows"])
    if wants_export(request):
        name = f"ums-{context['club'].number}-{context['month']:%Y-%m}.csv"
        return csv_response(table.as_values(), name)
    codes = (
        Tournament.objects.filter(
            organiser_club=context["club"],
            start_date__gte=context["month"],
            start_date__lte=ums.month_end(context["month"]),
        )
        .select_related("ums")
        .order_by("start_date", "pk")
    )
    return render(
        request,
        "licences/ums_statement.html",
        {**context, "table": table, "tournaments": [(t, ums.code_of(t)) for t in codes]},
    )


@scheme_required(EventScheme.LICENCES)
@login_required
def statement_printed(request, club_pk: int, year: int, month: int):
    """The statement as a printed document (the PDF's page)."""
    context = _statement_context(request, club_pk, year, month)
    return render(request, "licences/ums_statement_print.html", context)


@scheme_required(EventScheme.LICENCES)
@login_required
def statement_pdf(request, club_pk: int, year: int, month: int):
    context = _statement_context(request, club_pk, year, month)
    return pdf_response(
        request,
        "licences/ums_statement_print.html",
        context,
        filename=attachment_name("ums", context["club"].number, f"{context['month']:%Y-%m}"),
        html_url=reverse("licences:ums_printed", args=[club_pk, year, month]),
    )


@scheme_required(EventScheme.LICENCES)
@login_required
def club_statements(request, club_pk: int):
    """The club's issued statements, newest first, and its last months to look at."""
    club = get_object_or_404(Club, pk=club_pk)
    require(ums.can_view_club(request.user, club))
    today = timezone.localdate()
    table = UmsStatementTable(
        ums.statements().filter(club=club), today=today, prefix="c-", exclude=("club",)
    )
    configure_tables(request, table)
    this_month = today.replace(day=1)
    months = [_shift(this_month, -n) for n in range(0, 6)]
    return render(
        request, "licences/ums_club.html", {"club": club, "table": table, "months": months}
    )


@scheme_required(EventScheme.LICENCES)
@login_required
def office_statements(request):
    """Every statement, the overdue first flagged, and issuing a month's statements."""
    require(is_office_staff(request.user))
    today = timezone.localdate()
    table = UmsStatementTable(ums.statements(), today=today)
    if wants_export(request):
        return csv_response(table.as_values(), f"ums-statements-{today:%Y-%m-%d}.csv")
    configure_tables(request, table, per_page=50)
    overdue = ums.statements().filter(state=UmsStatement.State.ISSUED, due_date__lt=today).count()
    return render(
        request,
        "licences/ums_office.html",
        {"table": table, "form": UmsIssueForm(), "overdue": overdue},
    )


@scheme_required(EventScheme.LICENCES)
@login_required
@require_POST
def issue_statements(request):
    """Issue a month's statements: every club with a tournament that month, or one
    club (``club``), each in its own transaction."""
    require(is_office_staff(request.user))
    form = UmsIssueForm(request.POST)
    club_pk = request.POST.get("club", "")
    if not form.is_valid():
        for error in form.errors.get("month", []):
            messages.error(request, f"{_('Month')}: {error}")
        return redirect("licences:ums_office")
    year, month = (int(part) for part in form.cleaned_data["month"].split("-"))
    if club_pk:
        require(club_pk.isdigit())
        club = get_object_or_404(Club, pk=int(club_pk))
        try:
            ums.issue(club, year, month, user=request.user)
        except ums.StatementRefused as exc:
            for problem in exc.problems:
                messages.error(request, problem.sv if _swedish() else problem.en)
        except ums.WorkflowError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, _("The statement was issued."))
        return redirect("licences:ums_statement", club.pk, year, month)
    try:
        issued, refused = ums.issue_month(year, month, user=request.user)
    except ums.WorkflowError as exc:
        messages.error(request, str(exc))
        return redirect("licences:ums_office")
    messages.success(request, _("Statements issued: %(count)d.") % {"count": len(issued)})
    for club, problems in refused.items():
        messages.error(request, f"{club.name}: {'; '.join(problems)}")
    return redirect("licences:ums_office")


@scheme_required(EventScheme.LICENCES)
@login_required
@require_POST
def statement_payment(request, pk: int):
    statement = get_object_or_404(UmsStatement, pk=pk)
    require(is_office_staff(request.user))
    form = UmsPaymentForm(request.POST)
    if not form.is_valid():
        for name, errors in form.errors.items():
            label = form.fields[name].label if name in form.fields else ""
            for error in errors:
                messages.error(request, f"{label}: {error}" if label else error)
        return redirect(statement)
    statement.state = form.cleaned_data["state"]
    try:
        ums.record_payment(
            statement,
            user=request.user,
            amount=form.cleaned_data["amount"],
            paid_on=form.cleaned_data["paid_on"],
            reference=form.cleaned_data["reference"],
        )
    except ums.WorkflowError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, _("The payment was recorded."))
    return redirect(statement)


@scheme_required(EventScheme.LICENCES)
@login_required
def tournament_code(request, pk: int):
    """A tournament's charge code and sessions, for its club and the office."""
    tournament = get_object_or_404(
        Tournament.objects.select_related("organiser_club", "ums"), pk=pk
    )
    require(ums.can_set_code(request.user, tournament))
    office = is_office_staff(request.user)
    stored = ums._ums(tournament)
    initial = {
        "charge_code": stored.charge_code if stored else str(tariff.DEFAULT_CODE),
        "sessions": stored.sessions if stored else None,
        "master_points": stored.master_points if stored else True,
        "special_exemption": stored.special_exemption if stored else False,
        "exemption_reason": stored.exemption_reason if stored else "",
    }
    form = UmsCodeForm(request.POST or None, initial=initial, office=office)
    back = reverse(
        "licences:ums_statement",
        args=[
            tournament.organiser_club_id,
            tournament.start_date.year,
            tournament.start_date.month,
        ],
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            ums.set_code(
                tournament,
                user=request.user,
                charge_code=data["charge_code"],
                sessions=data["sessions"],
                master_points=data["master_points"],
                special_exemption=data.get("special_exemption"),
                exemption_reason=data.get("exemption_reason"),
            )
        except ums.CodeRefused as exc:
            for problem in exc.problems:
                form.add_error(None, problem.sv if _swedish() else problem.en)
        except ums.WorkflowError as exc:
            form.add_error(None, str(exc))
        else:
            messages.success(request, _("The charge code was saved."))
            return redirect(back)
    return render(
        request,
        "licences/ums_code.html",
        {"tournament": tournament, "form": form, "back": back},
    )
