"""The handicap equations as functions of plain numbers.

Seed ``002_4426357e9a32e88f.txt``: equations (1) line 99, (3)-(4) lines 179-194 and
(10) lines 393-403; (2) was lost in extraction and is reconstructed from its symbols
(lines 107-135) and 4.2 (lines 338-348). The reconstruction, the reading of W and why
handicaps are floats: docs/handicap.md, "The equations" and "Numbers".
"""

from __future__ import annotations

from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

from .policy import AVERAGE, SBF_2007, TOPSCORE, HandicapPolicy, check_scoring, form_of


def board_weight(boards: int, s: float) -> float:
    """W = (B_N - 1) / (B_N + S): 0 for one board, towards 1 for long events."""
    return (boards - 1) / (boards + s)


@lru_cache(maxsize=4096)
def gain(form: str, scoring: str, boards: int, policy: HandicapPolicy = SBF_2007) -> float:
    """Everything in (2) that is fixed for a competition: W * C_u * C_k * C_b / impact.

    A player's change is then ``-gain * G_N * (r - r_expected)``. Cached because a
    recompute meets the same few (form, scoring, boards) millions of times.
    """
    return (
        board_weight(boards, policy.s(scoring))
        * policy.c_u(form, scoring)
        * policy.c_k(form)
        * policy.c_b(scoring)
        / policy.impact
    )


def owner_handicap(handicaps: Iterable[float]) -> float:
    """The result owner's handicap: the mean of its players, (3) and (4)."""
    values = tuple(handicaps)
    if not values:
        raise ValueError("a result owner has at least one player")
    return sum(values) / len(values)


def rest_of_field(total: float, count: int, owner: float) -> float:
    """Average handicap of the other owners, from the field's total and count.

    The field's total is summed once per competition; each owner's "rest of the
    field" is then one subtraction.
    """
    if count < 2:
        raise ValueError("the rest of the field needs at least two entries")
    return (total - owner) / (count - 1)


def expected_result(
    owner: float,
    field: float,
    scoring: str = TOPSCORE,
    form: str = "pairs",
    policy: HandicapPolicy = SBF_2007,
    *,
    adjust: float = 0.0,
) -> float:
    """The expected result, in the unit results are reported in (58.0 for 58 %).

    ``owner`` is the result owner's handicap, ``field`` the handicap it is compared
    with (the rest of the field for individual and pairs events, the opponents'
    team handicap in a team match), ``adjust`` the extra handicap units of the team
    forms with a datum (3.3.3.2-3). A lower handicap than the field's expects more.
    """
    tables = form_of(form).tables
    return AVERAGE[check_scoring(scoring)] + policy.slope(scoring) * (
        tables * (field - owner) + adjust
    )


def change(
    achieved: float,
    expected: float,
    boards_played: int,
    boards: int,
    scoring: str = TOPSCORE,
    form: str = "pairs",
    policy: HandicapPolicy = SBF_2007,
) -> float:
    """Equation (2): a player's change; negative (better) when ``achieved > expected``.

    ``achieved`` and ``expected`` in the same unit (percent or IMPs per board);
    ``boards_played`` is the player's G_N, ``boards`` the competition's B_N.
    """
    return -gain(form, scoring, boards, policy) * boards_played * (achieved - expected)


def capped(handicap: float, policy: HandicapPolicy = SBF_2007) -> float:
    """A handicap over the maximum is corrected to it (section 2); there is no floor."""
    return policy.max_handicap if handicap > policy.max_handicap else handicap


def start_handicap(master_points: float | Decimal, policy: HandicapPolicy = SBF_2007) -> float:
    """(10): H0 = 52 / (1 + C * MP); 0 mp gives 52, 100 gives 26, 300 gives 13."""
    points = float(master_points)
    if points < 0:
        raise ValueError(f"master points cannot be negative, got {master_points!r}")
    return capped(policy.start_handicap / (1 + policy.start_mp_factor * points), policy)


def entry_handicap(
    previous: float | None,
    master_points: float | Decimal,
    policy: HandicapPolicy = SBF_2007,
) -> float:
    """A player's handicap on entering (5.2): the old one for a returning player,
    else the start handicap from their master points at that moment."""
    return previous if previous is not None else start_handicap(master_points, policy)


def estimated_start(
    master_points: float | Decimal | None = None,
    handicap: float | Decimal | None = None,
    policy: HandicapPolicy = SBF_2007,
) -> float:
    """The start of a player from abroad from the office's estimate (5.2, lines 441-443):
    estimated master points "which should reflect the level of play" go through (10)
    like anybody's; a handicap given directly is kept, over the maximum corrected to it
    (section 2). Exactly one of the two."""
    if master_points is not None and handicap is None:
        return start_handicap(master_points, policy)
    if handicap is not None and master_points is None:
        return capped(float(handicap), policy)
    raise ValueError("an estimate is either master points or a handicap, not both or neither")


def for_display(value: float, places: int = 1) -> Decimal:
    """A handicap or result as shown: ``places`` decimals, a half away from zero."""
    return Decimal(repr(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
