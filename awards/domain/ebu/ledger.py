"""A member's EBU ledger walked in date order: the holding by kind of point, the rank it
gives, the day each rank was reached, and what the next rank needs.

Source: seed ``001_4cb9a3c6036a851e.txt``, chapter 2: 2.4.1 (lines 1321-1373, local,
blue and green points), 2.5 (lines 1376-1396, gold points, which count for no rank),
2.6.1-2.6.2 (lines 1414-1483, the overall holding and the ranks); the ranks themselves
are :mod:`.ranks`. A promotion is dated by the award that reached it: a results file
reported late moves it to the day of the event (as the SBF's classes,
docs/master-classes-and-ranking.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import cache
from typing import Generic, TypeVar

from ..core import Colour
from .core import LOCAL_PER_POINT
from .ranks import (
    BLUE_FOR_GREEN,
    MAX_GREEN_FROM_BLUE,
    RANKS,
    Rank,
    RankRow,
    green_for_rank,
    rank_for,
    total_master_points,
)

K = TypeVar("K")
_ZERO = Decimal(0)


@dataclass(frozen=True)
class EbuHolding:
    """Credited points by kind: local whole, blue and green to two decimals (2.4.1), and
    the gold points green awards gave (2.5.1)."""

    local: int = 0
    blue: Decimal = _ZERO
    green: Decimal = _ZERO
    gold: Decimal = _ZERO

    @property
    def total(self) -> int:
        """The overall holding in master points (2.6.1)."""
        return total_master_points(local=self.local, blue=self.blue, green=self.green)

    @property
    def rank(self) -> Rank:
        return rank_for(local=self.local, blue=self.blue, green=self.green, gold=self.gold)


@cache
def seniority(rank: Rank) -> int:
    """A number that grows with every rank of 2.6.2 in its printed order, stars
    included (each further star is a rank of its own): the ledger's ``rank`` column.
    0 below Local Master."""
    if rank.title is None:
        return 0
    rows = [
        (index, row)
        for index, row in enumerate(RANKS, start=1)
        if row.title == rank.title and row.stars <= rank.stars
    ]
    index, row = rows[-1]
    return index * 100 + rank.stars - row.stars


@dataclass(frozen=True)
class EbuWalk(Generic[K]):
    holding: EbuHolding
    rank: Rank
    reached: tuple[tuple[K, Rank], ...]  # the key of the award that reached each rank


def walk(
    ledger: Iterable[tuple[K, Colour, Decimal, Decimal]], on: date | None = None
) -> EbuWalk[K]:
    """The ledger's rows ``(key, colour, credited, gold)`` in date order, added up: the
    holding, its rank, and each rank reached with the key of the award that reached it
    (one award that passes several ranks reaches the most senior of them). With ``on``,
    the gold points are those still held that day (:func:`gold_held`); each key then
    begins with the award's day.

    A season walks millions of rows, so the rank is asked again only when the holding
    reaches a threshold of a more senior rank (:func:`_thresholds`): points are never
    taken away along a ledger, and more points never lose a rank."""
    local, blue, green, gold = 0, _ZERO, _ZERO, _ZERO
    held = 0
    total_at, green_at, green_ranks = _thresholds(Rank(None, 0, 0), 0)
    reached: list[tuple[K, Rank]] = []
    dated_gold: list[tuple[date, Decimal]] = []
    for key, colour, credited, gold_points in ledger:
        if colour is Colour.LOCAL:
            local += int(credited)
        elif colour is Colour.BLUE:
            blue += credited
        elif colour is Colour.GREEN:
            green += credited
        if gold_points:
            gold += gold_points
            if on is not None:
                dated_gold.append((key[0], gold_points))  # type: ignore[index]
        total = local + int((blue + green) * LOCAL_PER_POINT)
        if total < total_at:
            # 2.4.1(b) in whole numbers: green + min(blue / 3, 50) >= G, times three.
            counted = 3 * green + min(blue, _BLUE_CAP)
            if counted < green_at or not any(
                total >= needs and counted >= greens for needs, greens in green_ranks
            ):
                continue
        now = rank_for(local=local, blue=blue, green=green)
        order = seniority(now)
        if order > held:
            held = order
            reached.append((key, now))
        total_at, green_at, green_ranks = _thresholds(now, total)
    if on is not None:
        gold = gold_held(dated_gold, on)
    holding = EbuHolding(local=local, blue=blue, green=green, gold=gold)
    return EbuWalk(holding=holding, rank=holding.rank, reached=tuple(reached))


# 2.5.1 (lines 1386-1391): gold points "devalue at the rate of 20% of their original
# value per annum (so, after 5 years, any Gold Point award has devalued down to zero)".
GOLD_LIFE_YEARS = 5


def gold_held(awards: Iterable[tuple[date, Decimal]], on: date) -> Decimal:
    """The gold points of ``awards`` (day, gold points) still held on ``on``. Decision
    (docs/awards-ebu.md): an award loses a fifth of its original value on each
    anniversary, and each award's remainder is kept to two decimals as awarded (2.5.1,
    "correct to 2 decimal places"), rounded half up."""
    held = _ZERO
    for day, gold in awards:
        years = on.year - day.year - ((on.month, on.day) < (day.month, day.day))
        left = GOLD_LIFE_YEARS - max(years, 0)
        if left <= 0:
            continue
        held += (gold * left / GOLD_LIFE_YEARS).quantize(_CENT, rounding=ROUND_HALF_UP)
    return held


_CENT = Decimal("0.01")


_BLUE_CAP = Decimal(BLUE_FOR_GREEN * MAX_GREEN_FROM_BLUE)
_NEVER = Decimal("Infinity")


def _thresholds(rank: Rank, total: int) -> tuple[Decimal, Decimal, tuple[tuple[int, Decimal], ...]]:
    """When the holding may reach a rank more senior than ``rank``: the least total of
    those that ask no green points; three times the least green points of those that
    do; and each of these as (total, three times its green points)."""
    current = seniority(rank)
    totals = [_NEVER]
    green_ranks = []
    for row in _ladder(total):
        if seniority(Rank(row.title, row.stars, row.total)) <= current:
            continue
        if row.green:
            green_ranks.append((row.total, Decimal(3 * row.green)))
        else:
            totals.append(Decimal(row.total))
    green_at = min((greens for _needs, greens in green_ranks), default=_NEVER)
    return min(totals), green_at, tuple(green_ranks)


@dataclass(frozen=True)
class NextRank:
    """The next rank of 2.6.2 and what it still needs: master points overall and green
    points (blue standing in for up to 50 of them, 3 for 1, 2.4.1(b)); None at the top."""

    rank: Rank | None
    master_points: int
    green: Decimal


def next_rank(holding: EbuHolding) -> NextRank:
    """The least senior rank above the holding's, and the master points and green
    points it needs more (0 when that part is met)."""
    current = seniority(holding.rank)
    counted_green = green_for_rank(blue=holding.blue, green=holding.green)
    total = holding.total
    for row in _ladder(total):
        candidate = Rank(row.title, row.stars, max(row.total, total))
        if seniority(candidate) <= current:
            continue
        short_green = max(Fraction(row.green) - counted_green, Fraction(0))
        return NextRank(
            rank=Rank(row.title, row.stars, row.total),
            master_points=max(row.total - total, 0),
            green=Decimal(short_green.numerator) / Decimal(short_green.denominator),
        )
    return NextRank(rank=None, master_points=0, green=_ZERO)


def _ladder(total: int) -> Iterable[RankRow]:
    """The 2.6.2 rows with each starred row's next star spelled out (the "further star
    for each extra N" rule): the step above ``total`` as a row of its own."""
    for row in RANKS:
        yield row
        if row.step is None:
            continue
        extra = max((total - row.total) // row.step + 1, 1)
        stars = row.stars + extra
        if row.max_stars is not None and stars > row.max_stars:
            continue
        yield RankRow(
            row.title,
            stars,
            row.total + extra * row.step,
            row.green,
            row.line,
            step=row.step,
            max_stars=row.max_stars,
        )
