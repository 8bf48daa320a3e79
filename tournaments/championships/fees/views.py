"""The fee pages of a championship (seed 003 lines 346-365, 433-464): every pair's or
team's fees for the district official and the office, and a club's statement for its
administrator too. Both print (``?print=1``: a plain layout for paper)."""

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, render
from django.utils import timezone

from members.models import Club
from members.permissions import administered_club_ids, is_office_staff, require
from tournaments.sanctions.workflow import is_district_official

from ..models import Championship
from .selectors import championship_fees, club_statement


def _championship(pk: int) -> Championship:
    return get_object_or_404(
        Championship.objects.select_related("district").prefetch_related("stages"), pk=pk
    )


def _sees_all(user, championship: Championship) -> bool:
    return is_office_staff(user) or is_district_official(user, championship.district_id)


def _printing(request) -> bool:
    return request.GET.get("print") == "1"


@login_required
def fees_overview(request, pk: int):
    championship = _championship(pk)
    if not _sees_all(request.user, championship):
        # A club administrator sees only their own club's statements.
        own = administered_club_ids(request.user)
        require(bool(own))
        clubs = Club.objects.filter(pk__in=own).order_by("name")
        return render(
            request, "championships/fees/clubs.html", {"championship": championship, "clubs": clubs}
        )
    fees = championship_fees(championship)
    template = "championships/fees/print_overview.html" if _printing(request) else None
    return render(
        request,
        template or "championships/fees/overview.html",
        {"championship": championship, "fees": fees, "printed": timezone.localdate()},
    )


@login_required
def fees_club(request, pk: int, club_id: int):
    championship = _championship(pk)
    club = get_object_or_404(Club, pk=club_id)
    require(_sees_all(request.user, championship) or club.pk in administered_club_ids(request.user))
    statement = club_statement(championship_fees(championship), club)
    template = "championships/fees/print_club.html" if _printing(request) else None
    return render(
        request,
        template or "championships/fees/club.html",
        {"championship": championship, "statement": statement, "printed": timezone.localdate()},
    )
