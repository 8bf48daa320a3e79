"""Large events that reach the theoretical maximum award (4.4): the maxima of the basic
scales by length of event, the field at which each is reached, constant reductions
below the top award, and the square-root rule that raises the maximum of a large event.

Source: seed ``001_4cb9a3c6036a851e.txt`` (EBU Licensing and Master Points Handbook,
7th ed.): 4.4.1-4.4.9 (lines 2439-2561); the same limits are restated on Scales A-F
(lines 4717-4735, 4832-4842, 5825-5835) and for qualifying stages in 4.2.1 (lines
2175-2181).
"""

from __future__ import annotations

import math
from fractions import Fraction

from .core import EbuInputError

# The two families of field the limits are stated for (4.4.2, 4.4.6, 4.4.7): one ranking
# list per table (teams, two-winner pairs and four-winner individuals, per direction) or
# a field of single-winner pairs or individuals.
PER_DIRECTION = "per-direction"
SINGLE_WINNER = "single-winner"

# 4.4.2 (lines 2449-2457): 12-17 boards 75, 18-35 boards 100 at Club; 4.4.6 (lines
# 2494-2504): 36+ boards 300, or 3/5 of it (180) in a qualifying stage (also 4.2.1,
# lines 2177-2181). Each is reached by the number of full tables beside it.
CLUB_MAXIMUM = {"12-17": Fraction(75), "18-35": Fraction(100), "36+": Fraction(300)}
QUALIFYING_SHARE = Fraction(3, 5)
FULL_AT = {
    # band: (teams/two-winner tables, single-winner tables)
    "12-17": (30, 25),
    "18-35": (30, 25),
    "36+": (60, 50),
    "36+ qualifying": (36, 30),
}
# 4.4.7 (lines 2508-2512): finals and awards per match won are measured on the original
# entry, the maximum reached at 65 or 55 original tables.
FINAL_FULL_AT = (65, 55)


def theoretical_maximum(band: str, factor: Fraction, *, qualifying: bool = False) -> Fraction:
    """The theoretical maximum award of a basic event (4.4.2, lines 2449-2457; 4.4.6,
    lines 2494-2504): 75 / 100 / 300 at Club by length (``band`` "12-17", "18-35",
    "36+"), 3/5 of 300 in a 36+ qualifying stage (4.2.1, lines 2175-2181), times the
    status factor. Kept exact: District 12-17 is 112½, which the scale prints as 113."""
    try:
        club = CLUB_MAXIMUM[band]
    except KeyError:
        raise EbuInputError(
            "boards",
            f"no basic scale for {band} boards (4.1.2)",
            sv=f"ingen grundskala för {band} brickor (4.1.2)",
        ) from None
    if qualifying and band == "36+":
        club *= QUALIFYING_SHARE
    return club * factor


def full_field(band: str, family: str, *, qualifying: bool = False) -> int:
    """The full tables at which the theoretical maximum is reached (4.4.2, lines
    2455-2457; 4.4.6, lines 2496-2504): 30 or 25 for 12-35 boards, 60 or 50 for 36+,
    36 or 30 in a 36+ qualifying stage (teams/two-winner, single-winner)."""
    key = "36+ qualifying" if qualifying and band == "36+" else band
    per_direction, single = FULL_AT[key]
    return per_direction if family == PER_DIRECTION else single


def actual_maximum(theoretical: Fraction, tables: int, full_at: int) -> Fraction:
    """4.4.9 (lines 2520-2530): a field larger than the one that reaches the theoretical
    maximum raises it to ``theoretical * sqrt(tables / full_at)``.

    The square root is irrational and cannot be kept exactly (3.4.1); the Handbook's own
    table under 4.4.9 (lines 2539-2561) prints it rounded up to a whole number (30
    tables: 109.54 -> 110), so it is taken as that whole number here, and every lower
    place is reduced from it exactly. At or below ``full_at`` the theoretical maximum
    stands."""
    if tables <= full_at:
        return theoretical
    squared = theoretical * theoretical * tables / full_at
    # The least whole number whose square is at least ``squared``: ceil of the root.
    root = math.isqrt(squared.numerator // squared.denominator)
    while root * root < squared:
        root += 1
    return Fraction(root)


def constant_reductions(top: Fraction, count: int) -> list[Fraction]:
    """4.4.3 (lines 2461-2477): ``count`` awards from ``top`` down, each place ``top /
    count`` less than the one above ("50 awards with a maximum of 150 ... reductions of
    3 points per place"), fractions kept (4.4.4); the minimum award (4.4.5) is the
    caller's, applied after."""
    if count < 0:
        raise ValueError("a negative number of awards")
    return [top * (count - index) / count for index in range(count)]
