"""Read-side queries for the pages: a member's handicap, history and chart; a club's list."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db.models import Avg, QuerySet
from django.db.models.functions import TruncMonth

from members.models import Club, Member
from members.services import current_season

from .domain import for_display
from .models import HandicapChange, MemberHandicap

# The member page shows the latest changes; all of them are a page of their own.
HISTORY_SHOWN = 10


def current_handicap(member: Member | None) -> MemberHandicap | None:
    if member is None:
        return None
    return MemberHandicap.objects.filter(member=member).first()


def start_part(viewer, user=None) -> dict | None:
    """The start page's handicap card: the member page's section, shown short."""
    return None if viewer.member is None else member_handicap(viewer.member)


def member_part(member: Member, viewer=None) -> dict:
    """The member page's part (``members.common.pages``)."""
    return member_handicap(member)


def member_handicap(member: Member) -> dict:
    """The member page's handicap section: the current value, the latest rows, and a
    chart of the month's average, whatever the length of the history."""
    current = current_handicap(member)
    if current is None:
        return {"member": member, "current": None}
    history = HandicapChange.objects.filter(member=member)
    rows = list(member_history(member)[:HISTORY_SHOWN])
    months = list(
        history.annotate(month=TruncMonth("played_on"))
        .values("month")
        .annotate(value=Avg("new"))
        .order_by("month")
        .values_list("month", "value")
    )
    count = history.count() if len(rows) == HISTORY_SHOWN else len(rows)
    return {
        "member": member,
        "current": current,
        "display": for_display(float(current.handicap)),
        "rows": rows,
        "count": count,
        "limited": count > len(rows),
        "chart": handicap_chart([(_day(m), v) for m, v in months]) if months else None,
    }


def member_history(member: Member) -> QuerySet[HandicapChange]:
    """The member's handicap history, newest first."""
    return (
        HandicapChange.objects.filter(member=member)
        .select_related("tournament", "match")
        .order_by("-played_on", "-tournament_id", "-match__round", "-match_id")
    )


def _day(value) -> date:
    # TruncMonth gives a date on PostgreSQL and SQLite alike for a DateField.
    return value if isinstance(value, date) else date.fromisoformat(str(value)[:10])


def club_handicaps(club: Club) -> QuerySet[MemberHandicap]:
    """The club's members this season that have a handicap, best (lowest) first."""
    return (
        MemberHandicap.objects.filter(
            member__memberships__club=club, member__memberships__season=current_season()
        )
        .select_related("member")
        .order_by("handicap", "member__last_name", "member__first_name", "member__mid")
    )


@dataclass(frozen=True)
class Tick:
    at: str  # the coordinate, formatted for SVG (never localised)
    label: Decimal | date


@dataclass(frozen=True)
class Chart:
    """An SVG line chart of a handicap over time, laid out here so the template only prints.

    Lower handicaps are better, so the y axis runs from the lowest value at the top to
    the highest at the bottom: the line rises as the player improves.
    """

    width: int
    height: int
    left: int
    right: int
    top: int
    bottom: int
    points: str
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]
    first_day: date
    first: Decimal
    last_day: date
    last: Decimal
    low: Decimal
    high: Decimal


WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 56, 628, 12, 190  # the plot area inside the SVG
NICE_STEPS = (0.5, 1, 2, 5, 10, 20)


def _coordinate(value: float) -> str:
    return f"{value:.1f}"


def handicap_chart(points: Sequence[tuple[date, Decimal | float]]) -> Chart:
    """Lay out ``(day, handicap)`` points in date order: x by date, y by handicap."""
    values = [float(v) for _day, v in points]
    days = [day for day, _v in points]
    low, high = math.floor(min(values)), math.ceil(max(values))
    if high - low < 2:
        low, high = low - 1, high + 1
    step = next((s for s in NICE_STEPS if (high - low) / s <= 5), NICE_STEPS[-1])
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step

    def y(value: float) -> float:
        return TOP + (value - low) / (high - low) * (BOTTOM - TOP)

    span = (days[-1] - days[0]).days
    if span > 0:
        xs = [LEFT + (day - days[0]).days / span * (RIGHT - LEFT) for day in days]
    elif len(days) > 1:  # all on one day: spread the points out evenly
        xs = [LEFT + n / (len(days) - 1) * (RIGHT - LEFT) for n in range(len(days))]
    else:
        xs = [(LEFT + RIGHT) / 2]

    y_ticks = []
    tick = low
    while tick <= high + 1e-9:
        y_ticks.append(Tick(_coordinate(y(tick)), for_display(float(tick))))
        tick += step
    x_ticks = [Tick(_coordinate(xs[0]), days[0])]
    if days[-1] != days[0]:
        x_ticks.append(Tick(_coordinate(xs[-1]), days[-1]))
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        left=LEFT,
        right=RIGHT,
        top=TOP,
        bottom=BOTTOM,
        points=" ".join(
            f"{_coordinate(x)},{_coordinate(y(v))}" for x, v in zip(xs, values, strict=True)
        ),
        y_ticks=tuple(y_ticks),
        x_ticks=tuple(x_ticks),
        first_day=days[0],
        first=for_display(values[0]),
        last_day=days[-1],
        last=for_display(values[-1]),
        low=for_display(float(low)),
        high=for_display(float(high)),
    )
