"""Starting corrections of a handicap tournament, worked out before play.

Seed ``002_4426357e9a32e88f.txt`` section 8, lines 547-549: the participants of a
handicap tournament "are assigned a starting point which corresponds to the expected
out-come" of equation 5 or 6; line 553: the same equations "identify the favourites";
section 9, lines 604-606: a pair of 21 in a field of 26 "will be charged 40 % of the
difference, i.e. -2 %". The correction is therefore the average result minus the
expected one, in percent (a top-score event, scoring 50 % on average).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from .formula import expected_result, owner_handicap, rest_of_field
from .policy import AVERAGE, PAIRS, TOPSCORE, HandicapPolicy
from .policy import SBF_2007 as DEFAULT_POLICY

CENT = Decimal("0.01")
# How many entries the organiser's sheet names as the favourites (the seed, line 553,
# names no number; three are the podium the prize giving of line 550 looks at).
FAVOURITES = 3


def _two_places(value: float) -> Decimal:
    return Decimal(repr(value)).quantize(CENT, rounding=ROUND_HALF_UP)


@dataclass(frozen=True, slots=True)
class StartingCorrection:
    """One entry's line: ``owner`` the pair's (or team's) handicap, the mean of its
    players; ``field`` the average of the other entries it is compared with;
    ``correction`` what is added to its result (-2.00 for the 21 pair among 26s)."""

    handicaps: tuple[float, ...]
    owner: float
    field: float
    expected: Decimal
    correction: Decimal


@dataclass(frozen=True, slots=True)
class StartingSheet:
    entries: tuple[StartingCorrection, ...]
    average: float  # the field's average handicap, every entry counted once
    favourites: tuple[int, ...]  # indexes of the entries giving the most


def starting_corrections(
    entries: Sequence[Sequence[float]], policy: HandicapPolicy = DEFAULT_POLICY
) -> StartingSheet:
    """Each entry's correction against the rest of the field (equation 6).

    A team of four is corrected as one owner with the mean of its four handicaps, at
    the pairs' 40 % (the paper gives only equations 5 and 6 for handicap events).
    """
    if len(entries) < 2:
        raise ValueError("a field needs at least two entries")
    owners = [owner_handicap(handicaps) for handicaps in entries]
    total = sum(owners)
    average = Decimal(repr(AVERAGE[TOPSCORE]))
    rows = []
    for handicaps, owner in zip(entries, owners, strict=True):
        field = rest_of_field(total, len(owners), owner)
        expected = _two_places(expected_result(owner, field, TOPSCORE, PAIRS, policy))
        rows.append(
            StartingCorrection(tuple(handicaps), owner, field, expected, average - expected)
        )
    # The favourites give the most: the lowest corrections, ties kept together.
    ranked = sorted(range(len(rows)), key=lambda i: rows[i].correction)
    cut = rows[ranked[min(FAVOURITES, len(rows)) - 1]].correction
    favourites = tuple(i for i in ranked if rows[i].correction <= cut and rows[i].correction < 0)
    return StartingSheet(tuple(rows), total / len(owners), favourites)
