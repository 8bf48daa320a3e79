"""Handicap pages: the calculator, a club's members by handicap, and a member's whole
history (the member page's section is a page part: ``selectors.member_part``)."""

from django.shortcuts import get_object_or_404, render
from django_tables2 import RequestConfig

from members.common.exports import table_page
from members.models import Club, Member
from members.permissions import member_of

from .domain import for_display
from .forms import CalculatorForm
from .selectors import club_handicaps as club_list
from .selectors import current_handicap
from .selectors import member_history as history_of
from .tables import ClubHandicapTable, HandicapHistoryTable


def calculator(request):
    """What a result would do to a handicap; a logged-in member's own handicap comes filled in."""
    initial = {}
    own = current_handicap(member_of(request.user)) if not request.GET else None
    if own is not None:
        initial["owner"] = str(for_display(float(own.handicap)))
    form = CalculatorForm(request.GET or None, initial=initial)
    calculation = form.calculation if form.is_valid() else None
    invalid = [form[name].label for name in form.errors if name in form.fields]
    return render(
        request,
        "handicap/calculator.html",
        {"form": form, "calc": calculation, "own": own, "invalid": invalid},
    )


def club_handicaps(request, pk: int):
    club = get_object_or_404(Club, pk=pk)
    table = ClubHandicapTable(club_list(club))
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(request, "handicap/club_handicaps.html", {"club": club, "table": table})


def member_history(request, mid: int):
    """Every handicap change of a member, 50 a page, and as CSV."""
    member = get_object_or_404(Member, mid=mid)
    return table_page(
        request,
        HandicapHistoryTable(history_of(member)),
        filename=f"handicap-{member.mid}.csv",
        template="handicap/member_history.html",
        context={"member": member},
    )
