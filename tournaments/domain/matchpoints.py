"""Matchpoint (pairs) scoring: boards, Neuberg, adjusted scores, Mitchell and Howell.

Source: seed ``004_058b41174697c9d9.txt``, "Matchpoint scoring" (topscore, ACBL
Note 1, Neuberg Note 2); the Neuberg formula itself is read from
``compscore3_mp_pairs_howell.xml`` board 26. The readings and decisions are in
docs/scoring.md, part B, "2. Matchpoints".
"""

from __future__ import annotations

import enum
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Literal

from tournaments.domain.standings import Placing, percentage_exact, rank, round_half_up

MatchpointMethod = Literal["topscore", "acbl"]
Movement = Literal["mitchell", "howell"]
Direction = Literal["NS", "EW"]

AVERAGE_PLUS = Decimal(60)
AVERAGE = Decimal(50)
AVERAGE_MINUS = Decimal(40)

_METHODS: tuple[str, ...] = ("topscore", "acbl")

# Matchpoints are small whole numbers or halves; reusing the Fraction objects
# keeps the hot loop of a season's worth of boards cheap.
_CACHED = 512
_WHOLE: tuple[Fraction, ...] = tuple(Fraction(i) for i in range(_CACHED))
_HALVES: tuple[Fraction, ...] = tuple(Fraction(i, 2) for i in range(_CACHED))


class NotPlayed(enum.Enum):
    """A traveller line of a board that was not played at that table."""

    NOT_PLAYED = "not played"


NOT_PLAYED = NotPlayed.NOT_PLAYED


def _check_percent(value: object, side: str) -> Decimal:
    if isinstance(value, bool) or not isinstance(value, int | Decimal):
        raise ValueError(f"{side} percentage must be an int or Decimal, got {value!r}")
    percent = Decimal(value)
    if not percent.is_finite() or not Decimal(0) <= percent <= Decimal(100):
        raise ValueError(f"{side} percentage must be between 0 and 100, got {value!r}")
    return percent


@dataclass(frozen=True)
class ArtificialScore:
    """An artificial adjusted score: each side gets a percentage of the top."""

    ns_percent: int | Decimal
    ew_percent: int | Decimal

    def __post_init__(self) -> None:
        object.__setattr__(self, "ns_percent", _check_percent(self.ns_percent, "NS"))
        object.__setattr__(self, "ew_percent", _check_percent(self.ew_percent, "EW"))


BoardResult = int | ArtificialScore | NotPlayed


def _check_method(method: object) -> MatchpointMethod:
    if method == "topscore":
        return "topscore"
    if method == "acbl":
        return "acbl"
    raise ValueError(f"matchpoint method must be one of {_METHODS}, got {method!r}")


def _bad_score(value: object, position: int) -> ValueError:
    return ValueError(
        f"score at position {position} must be a whole number of points (int), got {value!r}"
    )


def _doubled(values: list[int]) -> list[int]:
    """Topscore matchpoints (twice the ACBL ones) of already checked scores."""
    ordered = sorted(values)
    # Beaten = results below, ties = equal results other than itself, so
    # 2*beaten + ties = below + (below + equal) - 1: two bisections per score.
    return [bisect_left(ordered, s) + bisect_right(ordered, s) - 1 for s in values]


def _as_fractions(doubled: Iterable[int], scale: MatchpointMethod) -> list[Fraction]:
    cache = _WHOLE if scale == "topscore" else _HALVES
    if scale == "topscore":
        return [cache[d] if d < _CACHED else Fraction(d) for d in doubled]
    return [cache[d] if d < _CACHED else Fraction(d, 2) for d in doubled]


def matchpoints(scores: Sequence[int], method: MatchpointMethod = "topscore") -> list[Fraction]:
    """Matchpoints of each NS score on a board, in input order.

    topscore: 2 per score beaten, 1 per tie (top 2n-2); acbl: 1 and 1/2 (top n-1).
    """
    scale = _check_method(method)
    values = list(scores)
    for position, value in enumerate(values):
        # type() rather than isinstance(): bool is an int subclass and True is not a score.
        if type(value) is not int:
            raise _bad_score(value, position)
    return _as_fractions(_doubled(values), scale)


def top(field_size: int, method: MatchpointMethod = "topscore") -> int:
    """The top of a board scored to ``field_size`` results."""
    scale = _check_method(method)
    if isinstance(field_size, bool) or not isinstance(field_size, int) or field_size < 1:
        raise ValueError(f"field size must be a positive whole number, got {field_size!r}")
    return 2 * (field_size - 1) if scale == "topscore" else field_size - 1


def neuberg(
    mp: Fraction | int, *, compared: int, field_size: int, method: MatchpointMethod = "topscore"
) -> Fraction:
    """Factor matchpoints earned against ``compared`` results to a field of ``field_size``.

    topscore: (mp + 1) * N / n - 1; acbl: (mp + 1/2) * N / n - 1/2.
    """
    scale = _check_method(method)
    if isinstance(compared, bool) or not isinstance(compared, int) or compared < 1:
        raise ValueError(f"number of results compared must be at least 1, got {compared!r}")
    if isinstance(field_size, bool) or not isinstance(field_size, int) or field_size < compared:
        raise ValueError(
            f"field size must be a whole number of at least {compared} "
            f"(the results compared), got {field_size!r}"
        )
    if isinstance(mp, bool) or not isinstance(mp, int | Fraction):
        raise ValueError(f"matchpoints must be an int or Fraction, got {mp!r}")
    if not 0 <= mp <= top(compared, scale):
        raise ValueError(
            f"matchpoints {mp} are outside 0..{top(compared, scale)} for {compared} results"
        )
    offset = Fraction(1) if scale == "topscore" else Fraction(1, 2)
    return (mp + offset) * field_size / compared - offset


@dataclass(frozen=True)
class LineMatchpoints:
    """Matchpoints of one traveller line; ``None`` when the board was not played."""

    ns: Fraction | None
    ew: Fraction | None


@dataclass(frozen=True)
class BoardMatchpoints:
    """A scored board: lines in input order, all on the same ``top``."""

    top: int
    field_size: int
    compared: int
    lines: tuple[LineMatchpoints, ...]


def _check_result(value: object, position: int) -> BoardResult:
    if type(value) is int or isinstance(value, ArtificialScore | NotPlayed):
        return value
    raise ValueError(
        f"result at position {position} must be a score (int), an ArtificialScore "
        f"or NOT_PLAYED, got {value!r}"
    )


def score_board(
    results: Sequence[BoardResult],
    *,
    field_size: int | None = None,
    method: MatchpointMethod = "topscore",
) -> BoardMatchpoints:
    """Matchpoint one board: real scores, artificial adjusted scores, not played.

    The board is scored to ``field_size`` results; by default to the results
    that are on it (real and artificial, not the not-played ones). Real
    scores are compared with each other and Neuberg-factored when they are
    fewer than the field; artificial scores get their percentage of the top.
    """
    scale = _check_method(method)
    checked = [_check_result(value, position) for position, value in enumerate(results)]
    real_positions = [i for i, value in enumerate(checked) if type(value) is int]
    on_board = sum(1 for value in checked if not isinstance(value, NotPlayed))
    size = on_board if field_size is None else field_size
    if isinstance(size, bool) or not isinstance(size, int):
        raise ValueError(f"field size must be a whole number, got {size!r}")
    if size < on_board:
        raise ValueError(f"field size {size} is smaller than the {on_board} results on the board")
    if size == 0:
        # Nothing was played: there is nothing to compare and no top.
        return BoardMatchpoints(
            top=0,
            field_size=0,
            compared=0,
            lines=tuple(LineMatchpoints(ns=None, ew=None) for _ in checked),
        )
    board_top = top(size, scale)
    compared = len(real_positions)

    # Whole numbers until the end: EW is the complement on the doubled scale.
    ns_doubled = _doubled([value for value in checked if type(value) is int])
    ew_doubled = [2 * (compared - 1) - d for d in ns_doubled]
    ns_real = _as_fractions(ns_doubled, scale)
    ew_real = _as_fractions(ew_doubled, scale)
    if compared != size:
        ns_real = [neuberg(x, compared=compared, field_size=size, method=scale) for x in ns_real]
        ew_real = [neuberg(x, compared=compared, field_size=size, method=scale) for x in ew_real]
    lines: list[LineMatchpoints | None] = [None] * len(checked)
    for position, ns, ew in zip(real_positions, ns_real, ew_real, strict=True):
        lines[position] = LineMatchpoints(ns=ns, ew=ew)
    for position, value in enumerate(checked):
        if isinstance(value, ArtificialScore):
            lines[position] = LineMatchpoints(
                ns=Fraction(value.ns_percent) * board_top / 100,
                ew=Fraction(value.ew_percent) * board_top / 100,
            )
        elif isinstance(value, NotPlayed):
            lines[position] = LineMatchpoints(ns=None, ew=None)
    return BoardMatchpoints(
        top=board_top,
        field_size=size,
        compared=compared,
        lines=tuple(line for line in lines if line is not None),
    )


@dataclass(frozen=True)
class PairsResult:
    """One traveller line of a pairs event: who sat NS and EW, and the NS result."""

    ns_pair: str
    ew_pair: str
    result: BoardResult


@dataclass(frozen=True)
class PairsBoard:
    """All traveller lines of one board (across sections if it is scored across the field)."""

    number: int
    results: tuple[PairsResult, ...]


@dataclass(frozen=True)
class PairScore:
    """A pair's event total: exact matchpoints and percentage, the printed percentage, place."""

    pair: str
    direction: Direction | None
    matchpoints: Fraction
    maximum: int
    boards_played: int
    percentage_exact: Fraction
    percentage: Decimal
    place: int
    tied: bool

    @property
    def place_label(self) -> str:
        return f"{self.place}=" if self.tied else str(self.place)


@dataclass(frozen=True)
class PairsEventScore:
    """Scored boards (by board number) and the standings of each field.

    A Mitchell has two fields, NS then EW; a Howell has one.
    """

    boards: tuple[tuple[int, BoardMatchpoints], ...]
    fields: tuple[tuple[PairScore, ...], ...]

    def pair(self, pair: str) -> PairScore:
        for field in self.fields:
            for score in field:
                if score.pair == pair:
                    return score
        raise KeyError(pair)


def score_pairs_event(
    boards: Iterable[PairsBoard],
    *,
    movement: Movement,
    method: MatchpointMethod = "topscore",
    field_size: int | None = None,
) -> PairsEventScore:
    """Matchpoint every board and rank the pairs.

    ``movement`` "mitchell": NS and EW pairs form two fields (a pair must keep
    its direction); "howell": one field, each pair scoring from the direction
    it sat on each board (use it for any one-winner event).
    ``field_size`` scores every board to the same number of results (Neuberg),
    as scoring programs do when some boards were played fewer times; by
    default each board is scored to the results on it.
    A pair is ranked on its percentage over the boards it played; a pair with
    no board played (a phantom) is not ranked.
    """
    if movement not in ("mitchell", "howell"):
        raise ValueError(f"movement must be 'mitchell' or 'howell', got {movement!r}")
    scale = _check_method(method)

    totals: dict[str, Fraction] = {}
    maxima: dict[str, int] = {}
    played: dict[str, int] = {}
    directions: dict[str, Direction] = {}
    scored: list[tuple[int, BoardMatchpoints]] = []
    seen_boards: set[int] = set()

    def credit(pair: str, direction: Direction, mp: Fraction | None, board_top: int) -> None:
        if movement == "mitchell":
            known = directions.setdefault(pair, direction)
            if known != direction:
                raise ValueError(f"pair {pair!r} sits both NS and EW in a Mitchell")
        if mp is None:
            totals.setdefault(pair, Fraction(0))
            maxima.setdefault(pair, 0)
            played.setdefault(pair, 0)
            return
        totals[pair] = totals.get(pair, Fraction(0)) + mp
        maxima[pair] = maxima.get(pair, 0) + board_top
        played[pair] = played.get(pair, 0) + 1

    for board in boards:
        if board.number in seen_boards:
            raise ValueError(f"board {board.number} is given twice")
        seen_boards.add(board.number)
        pairs_on_board: set[str] = set()
        for line in board.results:
            for pair in (line.ns_pair, line.ew_pair):
                if pair in pairs_on_board:
                    raise ValueError(f"pair {pair!r} has two results on board {board.number}")
                pairs_on_board.add(pair)
        try:
            board_score = score_board(
                [line.result for line in board.results], field_size=field_size, method=scale
            )
        except ValueError as error:
            raise ValueError(f"board {board.number}: {error}") from error
        scored.append((board.number, board_score))
        for line, mps in zip(board.results, board_score.lines, strict=True):
            credit(line.ns_pair, "NS", mps.ns, board_score.top)
            credit(line.ew_pair, "EW", mps.ew, board_score.top)

    ranked_pairs = [pair for pair in totals if played[pair] > 0]
    if movement == "mitchell":
        groups: list[list[str]] = [
            [p for p in ranked_pairs if directions[p] == "NS"],
            [p for p in ranked_pairs if directions[p] == "EW"],
        ]
    else:
        groups = [ranked_pairs]

    fields: list[tuple[PairScore, ...]] = []
    for group in groups:
        exact = {pair: percentage_exact(totals[pair], maxima[pair]) for pair in group}
        placings: tuple[Placing[str], ...] = rank((pair, exact[pair]) for pair in group)
        fields.append(
            tuple(
                PairScore(
                    pair=placing.key,
                    direction=directions[placing.key] if movement == "mitchell" else None,
                    matchpoints=totals[placing.key],
                    maximum=maxima[placing.key],
                    boards_played=played[placing.key],
                    percentage_exact=exact[placing.key],
                    percentage=round_half_up(exact[placing.key], 2),
                    place=placing.place,
                    tied=placing.tied,
                )
                for placing in placings
            )
        )
    scored.sort(key=lambda item: item[0])
    return PairsEventScore(boards=tuple(scored), fields=tuple(fields))
