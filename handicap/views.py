"""Handicap pages: the calculator, a club's members by handicap, and a member's whole
history, each line opening to its equations, and DM Par Hcp 30+'s check of its pairs
(the member page's section is a page part: ``selectors.member_part``)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from members.common.exports import csv_response, wants_export
from members.models import Club, Member
from members.permissions import is_office_staff, member_of, require
from tournaments.championships.models import Championship

from . import checkup as checkups
from .championships import hcp30_check
from .domain import for_display
from .domain.checkup import PAPER_POINTS
from .estimates import delete_estimate, save_estimate
from .estimates import estimates as all_estimates
from .filters import NationalHandicapFilter
from .forms import (
    AdjustmentForm,
    CalculatorForm,
    CorrectionsForm,
    ListActivityForm,
    PartnerSearchForm,
    StartEstimateForm,
)
from .models import PolicyAdjustment, StartEstimate
from .policies import current_policy
from .selectors import (
    by_activity,
    current_handicap,
    history_lines,
    national_handicaps,
    partner_choices,
    partner_with_handicap,
    start_story,
    starting_sheet,
)
from .selectors import club_handicaps as club_list
from .selectors import member_history as history_of
from .selectors import why as why_of
from .tables import (
    ClubHandicapTable,
    CountedData,
    HandicapHistoryTable,
    HandicapLineTable,
    NationalHandicapTable,
    StartEstimateTable,
)
from .tasks import recompute_after_adjustment

HISTORY_PER_PAGE = 50


def _mid(text: str | None) -> int | None:
    text = (text or "").strip()
    return int(text) if text.isdigit() and len(text) < 10 else None


def calculator(request):
    """What a result would do to a handicap. A logged-in member's own handicap comes
    filled in, and they may look their partner up by name or MID: the partner chosen
    (``partner_mid``, a plain link, no script) comes filled in after their own."""
    member = member_of(request.user)
    computing = any(name in request.GET for name in CalculatorForm.base_fields)
    search = partner = None
    choices: list = []
    more = partner_missing = False
    if member is not None:
        search = PartnerSearchForm(request.GET if "partner" in request.GET else None)
        if search.is_bound and search.is_valid():
            choices, more = partner_choices(search.cleaned_data["partner"], leave_out=member)
        mid = _mid(request.GET.get("partner_mid"))
        if mid is not None:
            partner = partner_with_handicap(mid)
            partner_missing = partner is None
    initial = {}
    own = current_handicap(member) if not computing else None
    if own is not None:
        initial["owner"] = str(for_display(float(own.handicap)))
        if partner is not None and partner[1] is not None:
            initial["owner"] += f", {for_display(float(partner[1].handicap))}"
            initial["kind"] = "pairs"
    form = CalculatorForm(request.GET if computing else None, initial=initial)
    calculation = form.calculation if form.is_valid() else None
    invalid = [form[name].label for name in form.errors if name in form.fields]
    return render(
        request,
        "handicap/calculator.html",
        {
            "form": form,
            "calc": calculation,
            "own": own,
            "invalid": invalid,
            "partner_search": search,
            "choices": choices,
            "more": more,
            "partner": partner and partner[0],
            "partner_handicap": partner and partner[1],
            "partner_missing": partner_missing,
        },
    )


def club_handicaps(request, pk: int):
    club = get_object_or_404(Club, pk=pk)
    activity = ListActivityForm(request.GET)
    shown, counts = by_activity(
        club_list(club), show_inactive=activity.show_inactive, today=timezone.localdate()
    )
    table = ClubHandicapTable(CountedData(shown, counts.shown))
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(
        request,
        "handicap/club_handicaps.html",
        {"club": club, "table": table, "activity": activity, "counts": counts},
    )


def member_history(request, mid: int):
    """Every handicap change of a member, a competition a line (a team event's matches
    on one), 50 lines a page; as CSV every row, each match its own."""
    member = get_object_or_404(
        Member.objects.select_related("current_handicap", "handicap_estimate"), mid=mid
    )
    if wants_export(request):
        return csv_response(
            HandicapHistoryTable(history_of(member)).as_values(), f"handicap-{member.mid}.csv"
        )
    table = HandicapLineTable(history_lines(member), member=member)
    RequestConfig(request, paginate={"per_page": HISTORY_PER_PAGE}).configure(table)
    return render(
        request,
        "handicap/member_history.html",
        {
            "member": member,
            "table": table,
            "start": start_story(member, timezone.localdate()),
        },
    )


def why(request, mid: int, tournament: int):
    """One line of the history with its equations filled in: "why is my handicap X".
    Seen by whoever may see the history (everybody, as the member page)."""
    member = get_object_or_404(Member, mid=mid)
    found = why_of(member, tournament)
    if found is None:
        raise Http404
    event, line, whys = found
    return render(
        request,
        "handicap/why.html",
        {"member": member, "tournament": event, "line": line, "whys": whys},
    )


def dm_hcp30(request, pk: int):
    """DM Par Hcp 30+ (003 lines 298-316): each registered pair with both players'
    handicaps on the last registration day and whether it may play, and the final's
    order with handicap. Public, like the championship and the players' handicaps."""
    championship = get_object_or_404(
        Championship.objects.select_related("district"),
        pk=pk,
        discipline=Championship.Discipline.HCP30,
    )
    return render(
        request,
        "handicap/dm_hcp30.html",
        {"championship": championship, "check": hcp30_check(championship)},
    )


def corrections(request):
    """Before a handicap tournament: each entry's starting correction from the players'
    handicaps today, and the favourites (002 lines 547-553, 604-606). A GET form, so
    the organiser can keep, share and print the sheet's address."""
    form = CorrectionsForm(request.GET if "entries" in request.GET else None)
    sheet = starting_sheet(form.cleaned_data["entries"], form.lines) if form.is_valid() else None
    return render(request, "handicap/corrections.html", {"form": form, "sheet": sheet})


def national_list(request):
    """Every active member's handicap, best first, by district or club (this season's);
    the inactive ones too when asked (``domain.activity``)."""
    found = NationalHandicapFilter(request.GET or None, queryset=national_handicaps())
    activity = ListActivityForm(request.GET)
    shown, counts = by_activity(
        found.qs, show_inactive=activity.show_inactive, today=timezone.localdate()
    )
    table = NationalHandicapTable(CountedData(shown, counts.shown))
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(
        request,
        "handicap/national_list.html",
        {"filter": found, "table": table, "activity": activity, "counts": counts},
    )


@login_required
def estimates(request):
    """The office's estimated starts for players from abroad (002 5.2, lines 441-443):
    the list, and a form to give or change one (``?mid=`` fills it in) or take it away.
    Saving walks the member's handicap again from the new start."""
    require(is_office_staff(request.user))
    existing = None
    if request.method == "POST":
        form = StartEstimateForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            save_estimate(
                member=form.member,
                master_points=data["master_points"],
                handicap=data["handicap"],
                reason=data["reason"],
                user=request.user,
            )
            messages.success(
                request,
                gettext("The start of %(name)s was estimated.") % {"name": form.member.full_name},
            )
            return redirect("handicap:estimates")
    else:
        mid = _mid(request.GET.get("mid"))
        existing = (
            StartEstimate.objects.filter(member__mid=mid).select_related("member").first()
            if mid is not None
            else None
        )
        initial = {"mid": mid} if mid is not None else {}
        if existing is not None:
            initial.update(
                master_points=existing.master_points,
                handicap=existing.handicap,
                reason=existing.reason,
            )
        form = StartEstimateForm(initial=initial)
    table = StartEstimateTable(all_estimates(), policy=current_policy())
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(
        request,
        "handicap/estimates.html",
        {"form": form, "table": table, "existing": existing},
    )


@login_required
@require_POST
def estimate_delete(request, mid: int):
    """Take an estimated start away: the member starts from their own master points."""
    require(is_office_staff(request.user))
    member = get_object_or_404(Member, mid=mid)
    if delete_estimate(member=member, user=request.user):
        messages.success(
            request,
            gettext("%(name)s starts from their own master points again.")
            % {"name": member.full_name},
        )
    return redirect("handicap:estimates")


def _band_rows(now, preview=None) -> list[dict]:
    """The check-up's bands, each with its share in percent, the preview's beside it."""
    rows = []
    for i, band in enumerate(now.bands):
        other = preview.bands[i] if preview is not None else None
        rows.append(
            {
                "band": band,
                "percent": band.share * 100,
                "preview": other,
                "preview_percent": other.share * 100 if other is not None else None,
            }
        )
    return rows


@login_required
def checkup(request):
    """The check-up (002 6.1, lines 502-510): the players over the scale, the impact
    against the paper's (4.1), the findings; and the one collective adjustment, previewed
    on the whole history before it is applied."""
    require(is_office_staff(request.user))
    adjustment = PolicyAdjustment.objects.first()
    policy = current_policy()
    initial = {
        "impact": policy.impact,
        "topscore_slope": policy.topscore_slope,
        "start_mp_factor": policy.start_mp_factor,
    }
    action = request.POST.get("action", "")
    form = AdjustmentForm(request.POST if action in ("preview", "apply") else None, initial=initial)
    preview = None
    if action == "resume" and adjustment is not None and adjustment.applied_at is None:
        transaction.on_commit(recompute_after_adjustment.delay)
        messages.info(request, gettext("The recompute of all handicaps has been started again."))
        return redirect("handicap:checkup")
    if form.is_bound and form.is_valid():
        if action == "preview":
            preview = checkups.preview(**form.factors())
        elif not form.cleaned_data["reason"].strip():
            form.add_error(
                "reason", gettext("Say why the factors are adjusted: it is kept with them.")
            )
        else:
            try:
                checkups.decide_adjustment(
                    **form.factors(), reason=form.cleaned_data["reason"], user=request.user
                )
            except checkups.AdjustmentRefused:
                form.add_error(
                    None,
                    gettext(
                        "A collective adjustment has already been made. The paper's 6.1 "
                        "says it “should not be carried out more than once”: a second one "
                        "is refused."
                    ),
                )
            else:
                transaction.on_commit(recompute_after_adjustment.delay)
                messages.success(
                    request,
                    gettext(
                        "The adjustment is decided; all handicaps are being recomputed with it."
                    ),
                )
                return redirect("handicap:checkup")
    found = checkups.report(policy)
    impact = found.impact
    english = (get_language() or "sv").startswith("en")
    return render(
        request,
        "handicap/checkup.html",
        {
            "report": found,
            "bands": _band_rows(found.distribution, preview),
            "preview": preview,
            "findings": [(f.en if english else f.sv, f.lines) for f in found.findings],
            # 4.1's example is 10 % over expectation: the figures per ten points.
            "ten": {
                "measured": None if impact.measured is None else impact.measured * PAPER_POINTS,
                "model": impact.model * PAPER_POINTS,
                "paper": impact.paper * PAPER_POINTS,
            },
            "policy": policy,
            "adjustment": adjustment,
            "form": form,
        },
    )
