"""The district official's pages of a championship (issue #21 points 1, 2 and 4): the
championship with its heats, registrations, confirmed places and trail; a heat; a
registration; the final's places and replacements; the pairs that qualified twice.

Open to the district's officials and the office (``services.can_run``); the second
factor is asked by ``members.security.TwoFactorMiddleware`` before any of them, as on
the sanctions pages."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from members.permissions import require

from ..domain.final_places import PlacesInputError
from ..models import Championship, FinalPlace, Heat, RegisteredPlayer, Stage
from . import services
from .forms import (
    DeclarationForm,
    DeclineForm,
    EntryLinkForm,
    HeatForm,
    LotForm,
    RegistrationForm,
    StrikeForm,
    WithdrawForm,
)


def _championship(request, pk: int) -> Championship:
    championship = get_object_or_404(Championship.objects.select_related("district"), pk=pk)
    require(services.can_run(request.user, championship))
    return championship


def _home(championship: Championship):
    return redirect("championships:official_championship", championship.pk)


def _registrations(championship: Championship):
    return (
        championship.registrations.select_related("heat", "entry")
        .prefetch_related(
            Prefetch("players", queryset=RegisteredPlayer.objects.select_related("member"))
        )
        .order_by("heat__day", "heat__name", "registered_on", "pk")
    )


@login_required
def championship(request, pk: int):
    championship = _championship(request, pk)
    stages = championship.stages.prefetch_related(
        Prefetch("heats", queryset=Heat.objects.select_related("club", "tournament"))
    )
    return render(
        request,
        "championships/official/championship.html",
        {
            "championship": championship,
            "stages": stages,
            "heat_stages": services.HEAT_STAGES,
            "registrations": _registrations(championship),
            "places": services.confirmed_places(championship),
            "steps": championship.steps.all(),
        },
    )


@login_required
def trail(request, pk: int):
    championship = _championship(request, pk)
    return render(
        request,
        "championships/official/trail.html",
        {"championship": championship, "steps": championship.steps.all()},
    )


# -- heats ------------------------------------------------------------------------------


@login_required
def heat_add(request, pk: int, stage_pk: int):
    championship = _championship(request, pk)
    stage = get_object_or_404(Stage, pk=stage_pk, championship=championship)
    return _heat_form(request, championship, stage, Heat(stage=stage))


@login_required
def heat_edit(request, pk: int, heat_pk: int):
    championship = _championship(request, pk)
    heat = get_object_or_404(
        Heat.objects.select_related("stage", "club", "tournament"),
        pk=heat_pk,
        stage__championship=championship,
    )
    return _heat_form(request, championship, heat.stage, heat)


def _heat_form(request, championship: Championship, stage: Stage, heat: Heat):
    created = heat.pk is None
    old_day = heat.day
    form = HeatForm(request.POST or None, instance=heat, stage=stage)
    if request.method == "POST" and form.is_valid():
        saved = form.save()
        change = services.save_heat(
            saved,
            user=request.user,
            created=created,
            old_day=old_day,
            warnings=form.warnings_en,
            note=form.cleaned_data.get("note", ""),
        )
        messages.success(request, _("The heat %(name)s was saved.") % {"name": saved.name})
        for warning in form.warnings:
            messages.warning(request, warning)
        if change.moved_late:
            messages.warning(
                request,
                _(
                    "The heat moved after the registration period: your change is the district's "
                    "consent, and the trail keeps it (003 line 161)."
                ),
            )
        if change.linked:
            messages.info(
                request,
                _("%(n)s registrations were linked to their lines in the results.")
                % {"n": change.linked},
            )
        return _home(championship)
    strike_form = StrikeForm(heat=heat) if heat.tournament_id else None
    return render(
        request,
        "championships/official/heat_form.html",
        {
            "championship": championship,
            "stage": stage,
            "heat": heat if not created else None,
            "form": form,
            "strike_form": strike_form,
        },
    )


@login_required
@require_POST
def heat_cancel(request, pk: int, heat_pk: int):
    championship = _championship(request, pk)
    heat = get_object_or_404(Heat, pk=heat_pk, stage__championship=championship)
    if heat.tournament_id:
        messages.error(request, _("A heat with reported results cannot be cancelled."))
        return redirect("championships:official_heat", championship.pk, heat.pk)
    late = services.cancel_heat(heat, user=request.user, note=request.POST.get("note", "")[:500])
    messages.success(request, _("The heat %(name)s was cancelled.") % {"name": heat.name})
    if late:
        messages.warning(
            request,
            _(
                "Cancelled after the registration period: your step is the district's consent, "
                "and the trail keeps it (003 line 161)."
            ),
        )
    return _home(championship)


@login_required
@require_POST
def strike(request, pk: int, heat_pk: int):
    championship = _championship(request, pk)
    heat = get_object_or_404(
        Heat, pk=heat_pk, stage__championship=championship, tournament__isnull=False
    )
    form = StrikeForm(request.POST, heat=heat)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("championships:official_heat", championship.pk, heat.pk)
    entry = form.cleaned_data["entry"]
    services.strike(championship, entry, user=request.user, reason=form.cleaned_data["reason"])
    messages.success(
        request,
        _("%(pair)s was struck from the results; the results are being processed again.")
        % {"pair": entry.name or entry},
    )
    return redirect("championships:official_heat", championship.pk, heat.pk)


@login_required
def twice(request, pk: int):
    championship = _championship(request, pk)
    found, names = services.twice_lines(championship)
    rows = []
    for f in found:
        lines = [f.first, *f.later]
        rows.append(
            {
                "member": names["members"].get(f.player),
                "lines": [
                    {
                        "heat": names["heats"][line.heat],
                        "entry": names["entries"][line.line],
                        "first": line is f.first,
                        "ours": int(line.heat) in names["ours"],
                    }
                    for line in lines
                ],
            }
        )
    return render(
        request,
        "championships/official/twice.html",
        {"championship": championship, "rows": rows},
    )


# -- registrations ----------------------------------------------------------------------


@login_required
def register(request, pk: int):
    championship = _championship(request, pk)
    form = RegistrationForm(request.POST or None, championship=championship)
    if request.method == "POST":
        # Two officials registering at once: the second is checked after the first is
        # saved (one team per player, line 409; a heat's limit), not beside it.
        with transaction.atomic():
            Championship.objects.select_for_update().filter(pk=championship.pk).first()
            registration = _register(request, championship, form)
        if registration is not None:
            messages.success(request, _("%(name)s was registered.") % {"name": registration.name})
            return _home(championship)
    return _registration_page(request, championship, form)


def _register(request, championship: Championship, form: RegistrationForm):
    """The checked registration saved, or None with the form's errors."""
    if form.is_valid():
        data = form.cleaned_data
        return services.register(
            championship,
            user=request.user,
            heat=data["heat"],
            players=form.members,
            captain=form.captain,
            name=data["name"],
            registered_on=data["registered_on"],
            plays_qualification=data.get("plays_qualification", True),
            reigning_champions=data.get("reigning_champions", False),
            dispensation=data["dispensation"],
        )
    return None


def _registration_page(request, championship: Championship, form: RegistrationForm):
    return render(
        request,
        "championships/official/registration_form.html",
        {"championship": championship, "form": form},
    )


@login_required
def registration(request, pk: int, registration_pk: int):
    championship = _championship(request, pk)
    registration = get_object_or_404(
        _registrations(championship).select_related("heat__stage"), pk=registration_pk
    )
    action = request.POST.get("action") if request.method == "POST" else None
    withdraw_form = WithdrawForm(request.POST if action == "withdraw" else None)
    declaration_form = DeclarationForm(
        request.POST if action == "declare" else None,
        registration=registration,
        initial={"plays_qualification": registration.plays_qualification},
    )
    link_form = EntryLinkForm(request.POST if action == "link" else None, registration=registration)
    if action == "withdraw" and withdraw_form.is_valid():
        services.withdraw(
            registration, user=request.user, on=withdraw_form.cleaned_data["withdrawn_on"]
        )
        messages.success(request, _("The withdrawal was recorded."))
        return redirect(request.path)
    if action == "declare" and declaration_form.is_valid():
        services.set_declaration(
            registration,
            user=request.user,
            plays=declaration_form.cleaned_data["plays_qualification"],
        )
        messages.success(request, _("The declaration was saved."))
        return redirect(request.path)
    if action == "link" and link_form.is_valid():
        services.link_entry(registration, user=request.user, entry=link_form.cleaned_data["entry"])
        messages.success(request, _("The line in the results was saved."))
        return redirect(request.path)
    bronze = (
        registration.heat is not None and registration.heat.stage.kind == Stage.Kind.BRONZE_HEATS
    )
    return render(
        request,
        "championships/official/registration.html",
        {
            "championship": championship,
            "registration": registration,
            "withdraw_form": withdraw_form,
            "declaration_form": declaration_form if bronze else None,
            "link_form": link_form
            if registration.heat and registration.heat.tournament_id
            else None,
        },
    )


# -- the final's places -----------------------------------------------------------------


@login_required
def places(request, pk: int):
    championship = _championship(request, pk)
    plan = services.final_plan(championship)
    lot_form = LotForm(
        request.POST if request.POST.get("action") == "lot" else None, heats=plan.lot_heats
    ) if plan.lot_needed else None  # fmt: skip
    if request.method == "POST":
        response = _places_step(request, championship, plan, lot_form)
        if response is not None:
            return response
    confirmed = services.confirmed_places(championship)
    held = [p for p in confirmed if p.declined_on is None]
    pending = services.pending_replacements(championship, plan) if held and not plan.problem else []
    return render(
        request,
        "championships/official/places.html",
        {
            "championship": championship,
            "plan": plan,
            "lot_form": lot_form,
            "confirmed": confirmed,
            "pending": pending,
            "decline_form": DeclineForm(),
        },
    )


def _places_step(request, championship: Championship, plan, lot_form):
    action = request.POST.get("action")
    try:
        if action == "lot" and lot_form is not None and lot_form.is_valid():
            services.record_lot(championship, lot_form.order, user=request.user)
            messages.success(request, _("The committee's lot was recorded in the trail."))
        elif action == "confirm":
            count = services.confirm_places(championship, user=request.user)
            messages.success(request, _("%(n)s places were confirmed.") % {"n": count})
        elif action == "decline":
            wanted = request.POST.get("place", "")
            place = get_object_or_404(
                FinalPlace, pk=int(wanted) if wanted.isdigit() else 0, championship=championship,
                declined_on=None,
            )  # fmt: skip
            form = DeclineForm(request.POST)
            if not form.is_valid():
                messages.error(request, _("Give the day the pair declined."))
            else:
                services.decline(place, user=request.user, on=form.cleaned_data["declined_on"])
                messages.success(
                    request, _("%(name)s declined the place: for good.") % {"name": place.name}
                )
        elif action == "replace":
            count = services.confirm_replacements(championship, user=request.user)
            messages.success(request, _("%(n)s replacements were confirmed.") % {"n": count})
        else:
            return None
    except PlacesInputError as refusal:
        messages.error(request, refusal.message)
    return redirect("championships:official_places", championship.pk)
