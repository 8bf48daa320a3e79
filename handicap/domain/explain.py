"""Why a handicap moved: one history row's numbers put back into the equations.

Seed ``002_4426357e9a32e88f.txt``: the result owner's handicap ((3), (4), lines
179-194), the expected result of each form (3.3, equations (5)-(7); docs/handicap.md,
"Expected result"), equation (2) with its board weight W (reconstructed; docs/handicap.md,
"The equations") and the cap at 52 (section 2, lines 68-70). The numbers are the ones a
member sees in their history ("Presentation", lines 684-691) with the competition's
boards B_N, which the history row does not keep.

Every figure comes from ``formula`` and ``policy``, so the page shows the equations
the handicap step computes with. The stored row was computed from unrounded handicaps
and results and keeps two decimals (the change three), so the change filled in here may
differ from the stored one in its last decimal: :func:`tolerance` says by how much.
"""

from __future__ import annotations

from dataclasses import dataclass

from .formula import board_weight, capped, change, expected_result, gain, owner_handicap
from .policy import AVERAGE, INDIVIDUAL, PAIRS, SBF_2007, HandicapPolicy, form_of

# A stored handicap, result or expected result is within half a hundredth of the value
# computed with; a stored change within half a thousandth.
STORED_HALF_STEP = 0.005
STORED_CHANGE_HALF_STEP = 0.0005


@dataclass(frozen=True)
class Row:
    """One history row as stored, with what the formula needs beside it.

    ``form`` is the policy's form (``pairs``, ``individual``, ``team_match``),
    ``boards`` the competition's B_N (a team match's own boards), ``boards_played``
    the player's G_N; ``partner`` is None for an individual event. ``change`` and
    ``new`` are the stored ones.
    """

    form: str
    scoring: str
    boards: int
    boards_played: int
    old: float
    partner: float | None
    owner: float
    field: float
    expected: float
    achieved: float
    change: float
    new: float
    # The extra handicap units of the team forms with a datum (3.3.3.2-3, equation (8)
    # and (9)); the row does not keep them: :func:`datum_adjust` reads them back.
    adjust: float = 0.0


@dataclass(frozen=True)
class Explanation:
    """The row's equations with their numbers, each computed by ``formula``.

    Expected result: ``expected = average + slope * (tables * (field - owner) + adjust)``,
    ``adjust`` 0 but in the team forms with a datum (3.3.3.2-3). Equation (2):
    ``change = -(weight * c_u * c_k * c_b / impact) * boards_played * difference``
    with ``weight = (boards - 1) / (boards + s)`` and ``difference = achieved -
    expected``. ``new`` is the old handicap plus the stored change, capped at
    ``max_handicap`` (``was_capped`` says it was).
    """

    row: Row
    owner: float  # pairs: (old + partner) / 2, individual: old; a team: as stored
    owner_from_pair: bool
    average: float
    slope: float
    tables: int
    adjust: float
    expected: float
    s: float
    weight: float
    c_u: float
    c_k: float
    c_b: float
    impact: float
    gain: float
    difference: float
    change: float
    new: float
    was_capped: bool
    max_handicap: float


def explain(row: Row, policy: HandicapPolicy = SBF_2007) -> Explanation:
    """The equations of ``row`` filled in (raises ``UnknownRule`` for an unknown form
    or scoring, ``ValueError`` for a competition without boards)."""
    form = form_of(row.form)
    if row.boards < 1 or not 1 <= row.boards_played <= row.boards:
        raise ValueError(f"boards played {row.boards_played} of {row.boards}")
    # A pair's handicap is its two players' mean, both as the row shows them (each a
    # carried handicap at two decimals), so it is exact; a team's is the mean of four,
    # and the row keeps the other three only as their mean, rounded: the stored value
    # stands.
    if row.form == PAIRS and row.partner is not None:
        owner, from_pair = owner_handicap((row.old, row.partner)), True
    elif row.form == INDIVIDUAL:
        owner, from_pair = owner_handicap((row.old,)), False
    else:
        owner, from_pair = row.owner, False
    expected = expected_result(owner, row.field, row.scoring, row.form, policy, adjust=row.adjust)
    delta = change(
        row.achieved, expected, row.boards_played, row.boards, row.scoring, row.form, policy
    )
    new = capped(row.old + row.change, policy)
    return Explanation(
        row=row,
        owner=owner,
        owner_from_pair=from_pair,
        average=AVERAGE[row.scoring],
        slope=policy.slope(row.scoring),
        tables=form.tables,
        adjust=row.adjust,
        expected=expected,
        s=policy.s(row.scoring),
        weight=board_weight(row.boards, policy.s(row.scoring)),
        c_u=policy.c_u(row.form, row.scoring),
        c_k=policy.c_k(row.form),
        c_b=policy.c_b(row.scoring),
        impact=policy.impact,
        gain=gain(row.form, row.scoring, row.boards, policy),
        difference=row.achieved - expected,
        change=delta + 0.0,  # a result exactly as expected changes nothing, not -0.0
        new=new,
        was_capped=row.old + row.change > policy.max_handicap,
        max_handicap=policy.max_handicap,
    )


def datum_adjust(
    form: str, scoring: str, owner: float, field: float, expected: float, policy: HandicapPolicy
) -> float:
    """A team form with a datum's extra units (3.3.3.2: the table opponents' handicap
    against their line's; 3.3.3.3: the other room's), read back from the stored
    expected result, since the row keeps the field's average but not them."""
    tables = form_of(form).tables
    return (expected - AVERAGE[scoring]) / policy.slope(scoring) - tables * (field - owner)


def _handicaps_step(e: Explanation) -> float:
    """How far ``field - owner`` may be from the unrounded one: the field's handicap
    by half a hundredth; a team's handicap too, a pair's by a quarter (a guest
    partner's temporary handicap is stored rounded), a player's own not at all."""
    if e.row.form == INDIVIDUAL:
        owner_step = 0.0
    elif e.owner_from_pair:
        owner_step = STORED_HALF_STEP / 2
    else:
        owner_step = STORED_HALF_STEP
    return STORED_HALF_STEP + owner_step


def expected_tolerance(explanation: Explanation) -> float:
    """How far the expected result filled in may be from the stored one by rounding
    alone: the handicaps' and the stored expected result's own half a hundredth."""
    e = explanation
    return e.slope * e.tables * _handicaps_step(e) + STORED_HALF_STEP


def tolerance(explanation: Explanation) -> float:
    """How far the change filled in may be from the stored one by rounding alone: the
    expected result's (through the handicaps), the achieved result's half a hundredth
    and the stored change's half a thousandth. A wrong equation misses by far more on
    any row whose result is a few units off its expected one."""
    e = explanation
    difference_step = e.slope * e.tables * _handicaps_step(e) + STORED_HALF_STEP
    return e.gain * e.row.boards_played * difference_step + STORED_CHANGE_HALF_STEP
