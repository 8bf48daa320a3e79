"""The size of a DM-par final and its movement.

Source: seed ``003_796cec548aee39db.txt``, "Platser i DM-final", "Allmänt" (lines
215-236): half the pairs that played the heats, at most 28, an odd half or one with a
decimal going up to the next even number; every pair meets every other, 2/3/4 boards a
round by the final's size.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from .pairs_words import (
    PlacesInputError,
    Reason,
    en_number,
    sv_number,
)

# 003 line 219: "dock maximalt 28 par".
MAX_FINAL: Final = 28
# 003 lines 228-232: boards per round by the final's size (pairs, both ends included),
# and the totals printed beside them.
MOVEMENT: Final[tuple[tuple[int, int, int, tuple[int, int]], ...]] = (
    (22, 28, 2, (42, 56)),  # 003 line 230
    (16, 20, 3, (48, 57)),  # 003 line 231
    (14, 14, 4, (56, 56)),  # 003 line 232
)


@dataclass(frozen=True)
class FinalSize:
    qualified: int
    half: Fraction
    size: int
    reason: Reason


def final_size_reason(qualified: int) -> FinalSize:
    """The final's size and why: half the pairs that played the heats, at most 28; a
    half that is odd or has a decimal under 28 goes up to the next even number (003
    "Platser i DM-final", "Allmänt", lines 217-224).

    Cap and rounding give the same in either order: under 28 the next even number is
    at most 28. Decision (seed silent): a final never has more pairs than qualified,
    so one qualifying pair makes a final of one (the rule's next even number is 2;
    line 240 distributes places only where the heats have more pairs than places)."""
    if qualified < 0:
        raise PlacesInputError("qualified", "The number of pairs cannot be negative.")
    half = Fraction(qualified, 2)
    lines = "003 lines 219-224"
    of_en = f"{qualified} pair{'' if qualified == 1 else 's'}"
    if qualified == 0:
        size = 0
        en = "No pair played the heats: there is no final."
        sv = "Inga par kvalspelade: ingen final."
    elif half >= MAX_FINAL:
        size = MAX_FINAL
        en = f"Half of {of_en} is {en_number(half)}, at least {MAX_FINAL}: the final has {MAX_FINAL} pairs, the most it may have."
        sv = f"Hälften av {qualified} par är {sv_number(half)}, minst {MAX_FINAL}: finalen har {MAX_FINAL} par, det högsta tillåtna."
    elif half.denominator == 1 and half.numerator % 2 == 0:
        size = int(half)
        en = f"Half of {of_en} is {size}, an even number: the final has {size} pairs."
        sv = f"Hälften av {qualified} par är {size}, ett jämnt tal: finalen har {size} par."
    else:
        whole = -(-half.numerator // half.denominator)  # the ceiling
        size = whole + whole % 2
        kind_en = "an odd number" if half.denominator == 1 else "not a whole number"
        kind_sv = "ett udda tal" if half.denominator == 1 else "ett decimaltal"
        en = f"Half of {of_en} is {en_number(half)}, {kind_en} under {MAX_FINAL}: the final has the next higher even number, {size} pairs."
        sv = f"Hälften av {qualified} par är {sv_number(half)}, {kind_sv} under {MAX_FINAL}: finalen har närmast högre jämna parantal, {size} par."
    if size > qualified:
        size = qualified
        en += f" Only {qualified} pair qualified: the final has {qualified}."
        sv += f" Endast {qualified} par kvalade: finalen har {qualified}."
        lines = "003 lines 219-224, 240 (decision)"
    return FinalSize(qualified, half, size, Reason("final size", size, en, sv, lines))


def final_size(qualified: int) -> int:
    """The final's size for the pairs that played the heats (003 lines 217-224); see
    :func:`final_size_reason`."""
    return final_size_reason(qualified).size


@dataclass(frozen=True)
class Movement:
    pairs: int
    rounds: int
    boards_per_round: int
    boards: int
    printed: tuple[int, int]  # the range of total boards printed for the row


def final_movement(pairs: int) -> Movement | None:
    """The final's movement: every pair meets every other (a barometer, 003 lines 226,
    348), so an even final plays ``pairs - 1`` rounds of the boards per round of lines
    228-232. ``None`` for a size the table does not name (under 14 or 15, 21): the
    committee sets those. The printed totals are kept beside the count: some of them
    (48 for 16 pairs, 56 for 14 and 28) count as many rounds as pairs."""
    for low, high, per_round, printed in MOVEMENT:
        if low <= pairs <= high:
            rounds = pairs - 1 + pairs % 2
            return Movement(pairs, rounds, per_round, rounds * per_round, printed)
    return None
