"""DM Lag's pages: the heats with their checks, the semifinal draw, the final's field and
the SM semifinal places (public), and the official's draw (seed 003 lines 399-720)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from members.permissions import is_office_staff, require
from tournaments.sanctions.workflow import is_district_official

from ..models import Championship, FinalPlace, Heat
from . import selectors, services
from .forms import ChooseForm


def _teams_championship(pk: int) -> Championship:
    championship = get_object_or_404(Championship.objects.select_related("district"), pk=pk)
    if not selectors.is_teams(championship):
        raise Http404
    return championship


def may_run(user, championship: Championship) -> bool:
    return is_office_staff(user) or is_district_official(user, championship.district_id)


def _page(request, template: str, championship: Championship, **context):
    context.update(championship=championship, may_run=may_run(request.user, championship))
    return render(request, f"championships/lag/{template}", context)


def lag_heats(request, pk: int):
    championship = _teams_championship(pk)
    return _page(request, "heats.html", championship, heats=selectors.heat_pages(championship))


def lag_semifinals(request, pk: int):
    championship = _teams_championship(pk)
    return _page(request, "semifinals.html", championship, draw=selectors.draw(championship))


def lag_final(request, pk: int):
    championship = _teams_championship(pk)
    return _page(request, "final.html", championship, final=selectors.final_page(championship))


def lag_sm(request, pk: int):
    championship = _teams_championship(pk)
    return _page(request, "sm.html", championship, sm=selectors.sm_page(championship))


def _choose_forms(draw, data=None, heat_pk=None):
    forms = []
    for line in draw.heats:
        bound = data if heat_pk == line.heat.pk else None
        chosen = {r.entry_id: r.group for r in draw.chosen(line.heat) if r.declined_on is None}
        initial = {f"wish_{e}": str(g) for e, g in chosen.items()}
        for row in draw.chosen(line.heat):
            key = f"slots_{row.group}"
            initial[key] = initial.get(key, 0) + 1
        forms.append(
            (
                line,
                ChooseForm(
                    bound, prefix=f"heat{line.heat.pk}", semifinals=draw.semifinals,
                    teams=line.placed, initial=initial,
                ),
            )
        )  # fmt: skip
    return forms


@login_required
@require_http_methods(["GET", "POST"])
def lag_semifinals_official(request, pk: int):
    """TK's draw: each heat's places into the semifinals and the teams' choices, places
    given up and the teams asked next, then the draw, the final and the SM places
    confirmed. Every step is one transaction and one step of the trail."""
    championship = _teams_championship(pk)
    require(may_run(request.user, championship))
    heat_pk = None
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            if action == "choose":
                heat_pk = _int(request.POST.get("heat"))
                heat = get_object_or_404(Heat, pk=heat_pk, stage__championship=championship)
                state = selectors.draw(championship)
                forms = dict(
                    (line.heat.pk, form)
                    for line, form in _choose_forms(state, request.POST, heat_pk)
                )
                form = forms.get(heat.pk)
                if form is None:
                    raise services.DrawError(gettext("This heat has no places in the semifinals."))
                if form.is_valid():
                    services.choose_heat(
                        championship=championship, heat=heat, slots=form.slots(),
                        wishes=form.wishes(), user=request.user,
                    )  # fmt: skip
                    return redirect(request.path)
                return _official(request, championship, status=400, bound=(request.POST, heat_pk))
            if action == "give_up":
                place = get_object_or_404(
                    FinalPlace, pk=_int(request.POST.get("place")), championship=championship
                )
                services.give_up(championship=championship, place=place, user=request.user)
            elif action == "answer":
                services.answer(
                    championship=championship,
                    rule=_rule(request.POST.get("rule")),
                    position=_int(request.POST.get("position")),
                    entry_id=_int(request.POST.get("entry")),
                    accepts=request.POST.get("accepts") == "yes",
                    user=request.user,
                )
            elif action == "confirm_draw":
                services.confirm_draw(championship=championship, user=request.user)
            elif action == "confirm_final":
                services.confirm_final(championship=championship, user=request.user)
            elif action == "confirm_sm":
                services.confirm_sm(championship=championship, user=request.user)
            else:
                raise Http404
        except services.DrawError as refusal:
            messages.error(request, str(refusal))
            return _official(request, championship, status=400)
        return redirect(request.path)
    return _official(request, championship)


def _official(request, championship, *, status=200, bound=(None, None)):
    draw = selectors.draw(championship)
    context = {
        "championship": championship,
        "draw": draw,
        "forms": _choose_forms(draw, *bound),
        "final": selectors.final_page(championship),
        "sm": selectors.sm_page(championship),
        "steps": championship.steps.order_by("-at", "-pk")[:20],
    }
    return render(request, "championships/lag/official.html", context, status=status)


def _int(value) -> int:
    if value is None or not str(value).isdigit():
        raise Http404
    return int(value)


def _rule(value) -> str:
    if value not in (FinalPlace.Rule.SEMIFINAL, FinalPlace.Rule.FINAL):
        raise Http404
    return value
