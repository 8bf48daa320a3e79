"""Where a member's handicap starts (002 5.1-5.2): the one lookup every walk, list and
sheet shares, so that they all start a member at the same value.

In order: the office's estimate for a player from abroad (``StartEstimate``, 5.2 lines
441-443), else the start the member holds (``MemberHandicap.start``, seeded from their
master points or kept by an earlier walk), else (10) from the master points credited
before the day they are first met. A few queries for any number of members.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from decimal import Decimal

from django.db.models import Sum

from awards.domain.core import MASTER_POINTS_PER_UNIT, Colour
from awards.models import MasterPointAward

from .domain import HandicapPolicy
from .domain.formula import estimated_start, start_handicap
from .history import column_text
from .models import MemberHandicap, StartEstimate


def as_stored(value: float) -> Decimal:
    """A start as the columns keep it (two decimals), which is what every walk carries."""
    return Decimal(column_text(value, 2))


def start_of_estimate(estimate: StartEstimate, policy: HandicapPolicy) -> Decimal:
    return as_stored(estimated_start(estimate.master_points, estimate.handicap, policy))


def estimated_starts(members: Iterable[int] | None, policy: HandicapPolicy) -> dict[int, Decimal]:
    """The starts the office estimated, by member (all members' when ``None``)."""
    estimates = StartEstimate.objects.all()
    if members is not None:
        estimates = estimates.filter(member_id__in=list(members))
    return {
        member: as_stored(estimated_start(points, handicap, policy))
        for member, points, handicap in estimates.values_list(
            "member_id", "master_points", "handicap"
        )
    }


def held_starts(members: Iterable[int] | None, policy: HandicapPolicy) -> dict[int, Decimal]:
    """The start each member has without looking at master points: the estimate, else
    the start held (members with neither are left out; all members when ``None``)."""
    chosen = None if members is None else list(members)
    if chosen == []:
        return {}
    held = MemberHandicap.objects.all()
    if chosen is not None:
        held = held.filter(member_id__in=chosen)
    starts = dict(held.values_list("member_id", "start"))
    starts.update(estimated_starts(chosen, policy))
    return starts


def starts_for(members: Iterable[int], day: date, policy: HandicapPolicy) -> dict[int, Decimal]:
    """Every member's start when first met on ``day``: :func:`held_starts`, else (10)
    from the master points credited before the day."""
    chosen = list(members)
    starts = held_starts(chosen, policy)
    rest = [m for m in chosen if m not in starts]
    points = master_points_before_day(rest, day)
    for member in rest:
        starts[member] = as_stored(start_handicap(points.get(member, Decimal(0)), policy))
    return starts


def master_points_before_day(members: list[int], day: date) -> dict[int, Decimal]:
    """Master points credited before ``day`` (1 mp = 1 gp = 10 sp = 100 bp), by
    member: one query for all of them (``history.master_points_before`` for many)."""
    totals: dict[int, Decimal] = {}
    if not members:
        return totals
    for member, colour, credited in (
        MasterPointAward.objects.filter(member_id__in=members, awarded_on__lt=day)
        .values("member_id", "colour")
        .annotate(total=Sum("credited"))
        .values_list("member_id", "colour", "total")
    ):
        totals[member] = (
            totals.get(member, Decimal(0)) + credited * MASTER_POINTS_PER_UNIT[Colour(colour)]
        )
    return totals
