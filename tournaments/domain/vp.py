"""Victory Points: the WBF continuous 20-0 scale, the discrete 20- and 30-point
scales, deducting VP penalties, and board-a-match scoring. (The late-arrival and
slow-play scales that give the penalties are in ``time_penalties.py``.)

Sources: seed ``003_796cec548aee39db.txt``, "20-0-skalan"; seed ``004_058b41174697c9d9.txt``, "Victory Point scoring" and
"Matchpoint scoring". The formula and the rounding rule the seed's table requires
are derived in docs/scoring.md, "5. Victory Points".
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Final

VP_TOTAL: Final = 20
_HUNDREDTHS_TOTAL: Final = VP_TOTAL * 100
_CENT: Final = Decimal("0.01")
TAU: Final = (math.sqrt(5) - 1) / 2
_BLITZ_FACTOR_SQUARED: Final = 225  # B = 15·√N, so m ≥ B  ⇔  m² ≥ 225·N

Margin = int | Fraction | Decimal | float


def _check_boards(boards: int) -> int:
    if type(boards) is not int or boards < 1:
        raise ValueError(f"impossible number of boards {boards!r}: expected a whole number ≥ 1")
    return boards


def _check_margin(imp_margin: Margin) -> Fraction:
    if isinstance(imp_margin, bool) or not isinstance(imp_margin, int | Fraction | Decimal | float):
        raise ValueError(f"IMP margin must be a number, got {imp_margin!r}")
    if isinstance(imp_margin, float | Decimal) and not math.isfinite(imp_margin):
        raise ValueError(f"IMP margin must be finite, got {imp_margin!r}")
    margin = Fraction(imp_margin)
    if margin < 0:
        raise ValueError(
            f"IMP margin {imp_margin!r} is negative: give the winner's margin "
            "(or use match_vp with both teams' IMPs)"
        )
    return margin


def wbf_blitz(boards: int) -> int:
    """Smallest whole IMP margin that scores 20-0 over ``boards`` boards (⌈15·√N⌉)."""
    n = _check_boards(boards)
    # Integer arithmetic so that perfect squares (16 boards: B = 60) are exact.
    return math.isqrt(_BLITZ_FACTOR_SQUARED * n - 1) + 1


def wbf_vp_formula(imp_margin: Margin, boards: int) -> float:
    """The unrounded continuous WBF value for the winner (capped at 20)."""
    margin = float(_check_margin(imp_margin))
    n = _check_boards(boards)
    if margin * margin >= _BLITZ_FACTOR_SQUARED * n:
        return float(VP_TOTAL)
    blitz = 15 * math.sqrt(n)
    return 10 + 10 * (1 - math.pow(TAU, 3 * margin / blitz)) / (1 - math.pow(TAU, 3))


def _round_half_up_hundredths(value: float) -> int:
    # Decimal(float) is exact, so ties are decided on the float's true value.
    # No formula value for 1-300 boards lies within 1e-8 of a tie, far above
    # the float error of about 1e-14.
    return int((Decimal(value) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


def _make_concave(hundredths: list[int]) -> list[int]:
    """Raise VP(m) by 0.01 wherever the next step is larger than the step into m."""
    values = list(hundredths)
    repaired = True
    while repaired:
        repaired = False
        for m in range(1, len(values) - 1):
            if values[m + 1] - values[m] > values[m] - values[m - 1]:
                values[m] += 1
                repaired = True
    return values


@lru_cache(maxsize=256)
def _wbf_hundredths(boards: int) -> tuple[int, ...]:
    blitz = wbf_blitz(boards)
    rounded = [_round_half_up_hundredths(wbf_vp_formula(m, boards)) for m in range(blitz)]
    rounded.append(_HUNDREDTHS_TOTAL)
    return tuple(_make_concave(rounded))


def wbf_vp_scale(boards: int) -> tuple[Decimal, ...]:
    """Winner's VP for margins 0, 1, ..., blitz (the last entry is 20.00)."""
    return tuple(Decimal(v) / 100 for v in _wbf_hundredths(_check_boards(boards)))


def _winner_hundredths(margin: Fraction, boards: int) -> Fraction:
    table = _wbf_hundredths(boards)
    whole = math.floor(margin)
    if whole >= len(table) - 1:
        return Fraction(_HUNDREDTHS_TOTAL)
    low, high = table[whole], table[whole + 1]
    return low + (high - low) * (margin - whole)


def wbf_vp(imp_margin: Margin, boards: int) -> tuple[Decimal, Decimal]:
    """VP (winner, loser) on the WBF continuous 20-0 scale, to 2 decimals.

    Whole margins read the published table (docs/scoring.md, "5. Victory Points").
    Fractional margins (e.g. from averaged or adjusted scores) are interpolated
    linearly between the two neighbouring whole margins and rounded half-up to
    0.01: a decision of this project, the seed gives whole margins only.
    Winner + loser is always exactly 20.
    """
    margin = _check_margin(imp_margin)
    n = _check_boards(boards)
    exact = _winner_hundredths(margin, n)
    winner = (Decimal(exact.numerator) / Decimal(exact.denominator) / 100).quantize(
        _CENT, rounding=ROUND_HALF_UP
    )
    return winner, Decimal(VP_TOTAL) - winner


def match_vp(imps_a: Margin, imps_b: Margin, boards: int) -> tuple[Decimal, Decimal]:
    """VP for team A and team B from each team's IMP total (WBF 20-0 scale)."""
    a, b = _check_margin(imps_a), _check_margin(imps_b)
    if a >= b:
        return wbf_vp(a - b, boards)
    loser, winner = wbf_vp(b - a, boards)[::-1]
    return loser, winner


# Seed 004 "Victory Point scoring", 20-point scale: (highest IMP margin of the
# band, winner's VP). Margins above the last band score 20-0.
VP_20_SCALE: Final[tuple[tuple[int, int], ...]] = (
    (0, 10),
    (2, 11),
    (4, 12),
    (7, 13),
    (10, 14),
    (13, 15),
    (16, 16),
    (19, 17),
    (23, 18),
    (27, 19),
)

# Seed 004, 30-point scale, same layout; above the last band 30-0.
VP_30_SCALE: Final[tuple[tuple[int, int], ...]] = (
    (0, 15),
    (1, 18),
    (2, 19),
    (3, 20),
    (4, 21),
    (6, 22),
    (8, 23),
    (10, 24),
    (13, 25),
    (16, 26),
    (19, 27),
    (23, 28),
    (27, 29),
)


def _discrete(imp_margin: int, scale: tuple[tuple[int, int], ...], total: int) -> tuple[int, int]:
    # The article's bands are whole IMPs; guessing where 2.5 belongs would be
    # an invention, so fractional margins are refused.
    if type(imp_margin) is not int or imp_margin < 0:
        raise ValueError(
            f"IMP margin for a discrete VP scale must be a whole number ≥ 0, got {imp_margin!r}"
        )
    for highest, winner in scale:
        if imp_margin <= highest:
            return winner, total - winner
    return total, 0


def vp_20_point(imp_margin: int) -> tuple[int, int]:
    """(winner, loser) on the article's discrete 20-point scale (12 IMPs → 15-5)."""
    return _discrete(imp_margin, VP_20_SCALE, 20)


def vp_30_point(imp_margin: int) -> tuple[int, int]:
    """(winner, loser) on the article's discrete 30-point scale (12 IMPs → 25-5)."""
    return _discrete(imp_margin, VP_30_SCALE, 30)


# The scales a team event may be scored on (``Tournament.vp_scale``): the seed 003
# continuous scale and the two discrete scales of seed 004 (lines 203-213).
WBF_SCALE: Final = "wbf"
SCALE_20: Final = "20"
SCALE_30: Final = "30"
VP_SCALES: Final = (WBF_SCALE, SCALE_20, SCALE_30)


def scale_total(scale: str) -> int:
    """The VPs a match shares out on ``scale`` (20, or 30 on the 30-point scale)."""
    if scale not in VP_SCALES:
        raise ValueError(f"unknown VP scale {scale!r}: expected one of {', '.join(VP_SCALES)}")
    return 30 if scale == SCALE_30 else VP_TOTAL


def scaled_match_vp(
    scale: str, imps_a: Margin, imps_b: Margin, boards: int
) -> tuple[Decimal, Decimal]:
    """VP for team A and team B from each team's IMP total on ``scale``.

    ``wbf`` is :func:`match_vp`; ``20`` and ``30`` read the article's discrete
    tables, whose bands are whole IMPs, so a fractional margin (a carried-over
    half IMP) is refused there rather than put in a band by guesswork.
    """
    if scale == WBF_SCALE:
        return match_vp(imps_a, imps_b, boards)
    scale_total(scale)
    _check_boards(boards)
    a, b = _check_margin(imps_a), _check_margin(imps_b)
    margin = abs(a - b)
    if margin.denominator != 1:
        raise ValueError(
            f"the {scale}-point VP scale reads whole IMP margins only, got {float(margin):g}"
        )
    read = vp_30_point if scale == SCALE_30 else vp_20_point
    winner, loser = (Decimal(v).quantize(_CENT) for v in read(int(margin)))
    return (winner, loser) if a >= b else (loser, winner)


def apply_vp_penalties(
    vp: tuple[Decimal, Decimal],
    penalty_a: Decimal | int = 0,
    penalty_b: Decimal | int = 0,
) -> tuple[Decimal, Decimal]:
    """Deduct each team's VP penalty after the IMP→VP conversion.

    The opponents' VP are not increased, so a penalised match totals less than
    20; a score may go below 0 (the penalty is not capped by the match result).
    """
    a, b = (Decimal(p) for p in (penalty_a, penalty_b))
    if a < 0 or b < 0:
        raise ValueError(f"VP penalties must not be negative, got {penalty_a!r}, {penalty_b!r}")
    return vp[0] - a, vp[1] - b


_WIN: Final = Decimal("1")
_TIE: Final = Decimal("0.5")
_LOSS: Final = Decimal("0")


def bam_board(ns_score_room1: int, ns_score_room2: int) -> tuple[Decimal, Decimal]:
    """Board-a-match points for team A (N-S in room 1, E-W in room 2) and team B.

    Team A's net is its N-S score in room 1 minus B's N-S score in room 2;
    any positive net wins the board (1-0), zero ties (½-½) (seed 004).
    """
    for score in (ns_score_room1, ns_score_room2):
        if type(score) is not int or score % 10:
            raise ValueError(f"impossible deal score {score!r}: a multiple of 10 expected")
    net = ns_score_room1 - ns_score_room2
    if net > 0:
        return _WIN, _LOSS
    if net < 0:
        return _LOSS, _WIN
    return _TIE, _TIE


def bam_match(boards: Iterable[tuple[int, int]]) -> tuple[Decimal, Decimal]:
    """Sum of :func:`bam_board` over a match: (team A, team B)."""
    total_a = total_b = Decimal("0")
    for room1, room2 in boards:
        a, b = bam_board(room1, room2)
        total_a += a
        total_b += b
    return total_a, total_b
