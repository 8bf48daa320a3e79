"""International Match Points (IMPs) and team-match scoring.

Source: seed ``004_058b41174697c9d9.txt``, "International Match Point scoring"
(the current WBF IMP table, 2017, Law 78). Between rows, sign and the team
match: docs/scoring.md, part B, "1. IMPs".
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

# (from, to, IMPs) exactly as the seed prints the current WBF table;
# ``None`` stands for "4000 or more".
WBF_IMP_SCALE: tuple[tuple[int, int | None, int], ...] = (
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
    (4000, None, 24),
)

# The lower bound of every step above 0 IMPs: the number of bounds a
# difference has reached is its IMPs.
_STEP_STARTS: tuple[int, ...] = tuple(row[0] for row in WBF_IMP_SCALE[1:])


def _check_whole_points(value: object, what: str) -> int:
    # bool is an int subclass; True as a score is a bug upstream, not 1 point.
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number of points, got {value!r}")
    return value


def imps(points_difference: int) -> int:
    """IMPs for a points difference, signed like the difference (WBF table)."""
    difference = _check_whole_points(points_difference, "points difference")
    steps = bisect_right(_STEP_STARTS, abs(difference))
    return -steps if difference < 0 else steps


def board_imps(open_ns_score: int, closed_ns_score: int) -> int:
    """IMPs on one board to the team sitting NS at the open table.

    Both scores are from North-South's point of view, as on a traveller.
    Negative IMPs go to the other team.
    """
    open_score = _check_whole_points(open_ns_score, "open-table NS score")
    closed_score = _check_whole_points(closed_ns_score, "closed-table NS score")
    return imps(open_score - closed_score)


@dataclass(frozen=True)
class TeamBoard:
    """One board of a team match: the NS score at each of the two tables."""

    number: int
    open_ns_score: int
    closed_ns_score: int


@dataclass(frozen=True)
class TeamMatchScore:
    """IMPs of a team match, home team = NS at the open table.

    ``board_imps`` are signed from the home team's side, in board order.
    ``home_imps`` and ``away_imps`` are the gross IMPs each team won,
    carry-over included, so ``margin`` is what a VP scale is read with.
    """

    board_imps: tuple[int, ...]
    carry_over: Decimal
    home_imps: Decimal
    away_imps: Decimal

    @property
    def margin(self) -> Decimal:
        return self.home_imps - self.away_imps


def team_match(
    boards: Iterable[TeamBoard], *, carry_over: int | Decimal = Decimal(0)
) -> TeamMatchScore:
    """Score a team match board by board, adding an IMP carry-over.

    ``carry_over`` is in IMPs, positive for the home team (a carried-over
    fraction such as 7.5 is a Decimal; a float is refused because it cannot
    hold 0.1 exactly).
    """
    if isinstance(carry_over, bool) or not isinstance(carry_over, int | Decimal):
        raise ValueError(
            f"carry-over must be an int or a Decimal number of IMPs, got {carry_over!r}"
        )
    carried = Decimal(carry_over)
    if not carried.is_finite():
        raise ValueError(f"carry-over must be a finite number of IMPs, got {carry_over!r}")

    seen: set[int] = set()
    per_board: list[int] = []
    for board in boards:
        if board.number in seen:
            raise ValueError(f"board {board.number} appears twice in the match")
        seen.add(board.number)
        per_board.append(board_imps(board.open_ns_score, board.closed_ns_score))

    home = sum((Decimal(x) for x in per_board if x > 0), max(carried, Decimal(0)))
    away = sum((Decimal(-x) for x in per_board if x < 0), max(-carried, Decimal(0)))
    return TeamMatchScore(
        board_imps=tuple(per_board), carry_over=carried, home_imps=home, away_imps=away
    )
