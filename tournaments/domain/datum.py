"""Pairs scored in IMPs: against a datum (butler) and cross-IMPs.

Source: seed ``004_058b41174697c9d9.txt``, "International Match Point scoring";
the datum's rounding is read from ``compscore3_butler_howell.xml``. The readings:
docs/scoring.md, part B, "3. Butler and cross-IMPs".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from tournaments.domain.imps import imps
from tournaments.domain.standings import round_half_up

DatumMethod = Literal["mean", "median"]


def _check_scores(scores: Sequence[int | None], *, allow_none: bool) -> list[int | None]:
    checked: list[int | None] = []
    for position, value in enumerate(scores):
        if value is None and allow_none:
            checked.append(None)
            continue
        if type(value) is not int:
            raise ValueError(
                f"score at position {position} must be a whole number of points (int), "
                f"got {value!r}"
            )
        checked.append(value)
    return checked


def _check_count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} must be a whole number of at least 0, got {value!r}")
    return value


def round_to(value: Fraction, step: int) -> int:
    """``value`` rounded to the nearest multiple of ``step``, a half away from zero."""
    if isinstance(step, bool) or not isinstance(step, int) or step < 1:
        raise ValueError(f"rounding step must be a positive whole number, got {step!r}")
    return int(round_half_up(Fraction(value) / step, 0)) * step


@dataclass(frozen=True)
class Datum:
    """A board's datum: the rounded value used for IMPs, the exact one beside it."""

    value: int
    exact: Fraction
    scores_used: int


def datum(
    scores: Sequence[int],
    *,
    drop_top: int = 1,
    drop_bottom: int = 1,
    method: DatumMethod = "mean",
    round_to_nearest: int = 10,
) -> Datum:
    """The datum of a board: mean (or median) after dropping top and bottom scores."""
    values = sorted(v for v in _check_scores(scores, allow_none=False) if v is not None)
    top_count = _check_count(drop_top, "number of top scores to drop")
    bottom_count = _check_count(drop_bottom, "number of bottom scores to drop")
    if method not in ("mean", "median"):
        raise ValueError(f"datum method must be 'mean' or 'median', got {method!r}")
    if top_count + bottom_count >= len(values):
        raise ValueError(
            f"cannot drop {top_count} top and {bottom_count} bottom scores "
            f"from {len(values)} scores: none would be left for the datum"
        )
    kept = values[bottom_count : len(values) - top_count]
    if method == "mean":
        exact = Fraction(sum(kept), len(kept))
    else:
        middle = len(kept) // 2
        if len(kept) % 2:
            exact = Fraction(kept[middle])
        else:
            exact = Fraction(kept[middle - 1] + kept[middle], 2)
    return Datum(value=round_to(exact, round_to_nearest), exact=exact, scores_used=len(kept))


@dataclass(frozen=True)
class ButlerBoard:
    """IMPs of every line against the datum; ``None`` where a line has no score."""

    datum: Datum
    ns_imps: tuple[int | None, ...]

    @property
    def ew_imps(self) -> tuple[int | None, ...]:
        return tuple(None if x is None else -x for x in self.ns_imps)


def butler(
    results: Sequence[int | None],
    *,
    drop_top: int = 1,
    drop_bottom: int = 1,
    method: DatumMethod = "mean",
    round_to_nearest: int = 10,
) -> ButlerBoard:
    """Score a board in IMPs against its datum (butler).

    ``results`` are NS scores in traveller order; ``None`` marks a line that
    is not a played score (an artificial adjusted score or a board not
    played): it is left out of the datum and gets no IMPs here, the caller
    awards those.
    """
    checked = _check_scores(results, allow_none=True)
    played = [value for value in checked if value is not None]
    board_datum = datum(
        played,
        drop_top=drop_top,
        drop_bottom=drop_bottom,
        method=method,
        round_to_nearest=round_to_nearest,
    )
    return ButlerBoard(
        datum=board_datum,
        ns_imps=tuple(
            None if value is None else imps(value - board_datum.value) for value in checked
        ),
    )


def cross_imp_totals(scores: Sequence[int]) -> list[int]:
    """Each NS score IMPed against every other score on the board, summed."""
    values = [v for v in _check_scores(scores, allow_none=False) if v is not None]
    return [
        sum(imps(own - other) for j, other in enumerate(values) if j != i)
        for i, own in enumerate(values)
    ]


def cross_imps(scores: Sequence[int]) -> list[Fraction]:
    """Cross-IMPs averaged over the other scores (the seed's 9.25 example)."""
    totals = cross_imp_totals(scores)
    if len(totals) < 2:
        raise ValueError(f"cross-IMPs need at least two scores on a board, got {len(totals)}")
    return [Fraction(total, len(totals) - 1) for total in totals]
