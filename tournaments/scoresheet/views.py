"""The score sheet pages: public, and nothing is stored. The deals travel in the
address (a GET form), so a sheet can be bookmarked, shared or printed as it stands."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.shortcuts import render

from tournaments.domain.contract import Seat, Side

from .forms import CHICAGO, MAX_DEALS, RUBBER, DealFormSet, SheetForm, normalised_row
from .legend import legend
from .sheet import ScoreSheet, SheetRefused, chicago_cycle, score_sheet

PREFIX = "deal"
# A printed sheet has room for this many lines above and below the line.
BLANK_ABOVE, BLANK_BELOW = 8, 12


@dataclass(frozen=True)
class Problem:
    row: int | None
    field: str
    message: str
    anchor: str


@dataclass
class Reading:
    options: SheetForm
    formset: object
    sheet: ScoreSheet | None
    problems: list[Problem] = field(default_factory=list)
    query: str = ""

    @property
    def game(self) -> str:
        return self.sheet.game if self.sheet else _option(self.options, "game", RUBBER)


def _option(form: SheetForm, name: str, default: str) -> str:
    if form.is_bound and form.is_valid():
        return form.cleaned_data[name]
    return default


def _management(total: int) -> dict[str, str]:
    return {
        f"{PREFIX}-TOTAL_FORMS": str(total),
        f"{PREFIX}-INITIAL_FORMS": "0",
        f"{PREFIX}-MIN_NUM_FORMS": "0",
        f"{PREFIX}-MAX_NUM_FORMS": str(MAX_DEALS),
    }


def _removed(form) -> bool:
    """A row marked "Remove": its other fields are not looked at."""
    return bool(getattr(form, "cleaned_data", {}).get("DELETE"))


def _form_problems(options: SheetForm, formset) -> list[Problem]:
    problems = [
        Problem(None, str(options.fields[name].label), str(error), f"id_{name}")
        for name, errors in options.errors.items()
        for error in errors
    ]
    problems += [Problem(None, "", str(error), "deals") for error in formset.non_form_errors()]
    for index, form in enumerate(formset.forms):
        if _removed(form):
            continue
        for name, errors in form.errors.items():
            label = str(form.fields[name].label) if name in form.fields else ""
            anchor = f"id_{PREFIX}-{index}-{name}" if name in form.fields else f"deal-{index + 1}"
            problems += [Problem(index + 1, label, str(error), anchor) for error in errors]
    return problems


def read_sheet(data) -> Reading:
    """Read the options and the deals from a query, score them, and write the rows
    back in the sheet's own notation with an empty row for the next deal."""
    options = SheetForm(data if "game" in data else None)
    bound = f"{PREFIX}-TOTAL_FORMS" in data
    formset = DealFormSet(data if bound else None, prefix=PREFIX)
    game = _option(options, "game", RUBBER)
    we = Side(_option(options, "we", Side.NS.value))
    first_dealer = Seat(_option(options, "first_dealer", "N"))
    ended = (
        game == RUBBER and options.is_bound and options.is_valid() and options.cleaned_data["ended"]
    )
    formset_valid = not bound or formset.is_valid()
    if (options.is_bound and not options.is_valid()) or not formset_valid:
        return Reading(options, formset, None, _form_problems(options, formset))
    deals = []
    if bound:
        for index, form in enumerate(formset.forms):
            if _removed(form) or "played" not in form.cleaned_data:
                continue
            deals.append((index + 1, form.cleaned_data["played"]))
    try:
        sheet = score_sheet(game, deals, we=we, first_dealer=first_dealer, ended=ended)
    except SheetRefused as refused:
        problem = Problem(refused.row, "", refused.message, f"deal-{refused.row}")
        return Reading(options, formset, None, [problem])
    rows = [normalised_row(deal) for _row, deal in deals]
    finished = sheet.complete or ended
    if not finished:
        rows.append({})
    normalised = {
        "game": game,
        "we": we.value,
        "first_dealer": first_dealer.value,
        **({"ended": "on"} if ended else {}),
        **_management(len(rows)),
    }
    for index, row in enumerate(rows):
        normalised.update({f"{PREFIX}-{index}-{name}": value for name, value in row.items()})
    formset = DealFormSet(normalised, prefix=PREFIX)
    formset.is_valid()
    # Renumber the deals from 1 on the page: empty and removed rows are gone.
    for position, line in enumerate(sheet.lines, 1):
        line.row = position
    query = urlencode({k: v for k, v in normalised.items() if v != ""})
    return Reading(SheetForm(normalised), formset, sheet, [], query)


def _blank_link(game: str, reading: Reading) -> str:
    params = {"game": game, "we": _option(reading.options, "we", Side.NS.value)}
    if game == CHICAGO:
        params["first_dealer"] = _option(reading.options, "first_dealer", "N")
    return urlencode(params)


def _context(reading: Reading) -> dict:
    game = reading.game
    first_dealer = Seat(_option(reading.options, "first_dealer", "N"))
    return {
        "options": reading.options,
        "formset": reading.formset,
        "sheet": reading.sheet,
        "problems": reading.problems,
        "query": reading.query,
        "game": game,
        "chicago": game == CHICAGO,
        "cycle": chicago_cycle(first_dealer) if game == CHICAGO else None,
        "legend": legend(game),
        "new_rubber": _blank_link(RUBBER, reading),
        "new_chicago": _blank_link(CHICAGO, reading),
        "blank_above": range(BLANK_ABOVE),
        "blank_below": range(BLANK_BELOW),
    }


def score_sheet_page(request):
    """Enter the deals one by one and see the running score."""
    reading = read_sheet(request.GET)
    return render(request, "tournaments/scoresheet/sheet.html", _context(reading))


def printable_sheet(request):
    """The classic "We / They" sheet to print: filled from the same query as the page,
    or blank (no deals given) for playing at the table."""
    reading = read_sheet(request.GET)
    context = _context(reading)
    context["blank"] = reading.sheet is None or not reading.sheet.lines
    return render(request, "tournaments/scoresheet/print.html", context)
