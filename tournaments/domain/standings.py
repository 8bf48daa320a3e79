"""Ranking a field and printing percentages.

Sources: shared places from seed ``001_4cb9a3c6036a851e.txt`` (EBU) 3.5 "Tied
positions" and seed ``000_18af0e66f52a62b2.txt`` (SBF) "Delad placering";
percentages from seed ``004_058b41174697c9d9.txt``, "Matchpoint scoring". Why
half-up: docs/scoring.md, part B, "4. Standings".
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Generic, TypeVar

Score = int | Fraction | Decimal
Key = TypeVar("Key", bound=Hashable)


@dataclass(frozen=True)
class Placing(Generic[Key]):
    """One entry of a ranked field: ``place`` is shared by equal scores."""

    key: Key
    score: Score
    place: int
    tied: bool

    @property
    def label(self) -> str:
        """The place as results lists print it: "3" or, when shared, "3="."""
        return f"{self.place}=" if self.tied else str(self.place)


def _check_score(value: object, key: object) -> Score:
    if isinstance(value, bool) or not isinstance(value, int | Fraction | Decimal):
        raise ValueError(f"score of {key!r} must be an int, Fraction or Decimal, got {value!r}")
    if isinstance(value, Decimal) and not value.is_finite():
        raise ValueError(f"score of {key!r} must be finite, got {value!r}")
    return value


def rank(entries: Iterable[tuple[Key, Score]]) -> tuple[Placing[Key], ...]:
    """Rank by score, highest first; equal scores share a place, next place skips.

    Scores are compared exactly (Fraction/Decimal/int), so 899.4 and 899 are
    different scores. Entries with equal scores keep their input order.
    """
    checked: list[tuple[Key, Score]] = []
    seen: set[Key] = set()
    for key, score in entries:
        if key in seen:
            raise ValueError(f"{key!r} appears twice in the field")
        seen.add(key)
        checked.append((key, _check_score(score, key)))

    ordered = sorted(checked, key=lambda entry: entry[1], reverse=True)
    placings: list[Placing[Key]] = []
    start = 0
    while start < len(ordered):
        end = start + 1
        while end < len(ordered) and ordered[end][1] == ordered[start][1]:
            end += 1
        tied = end - start > 1
        for key, score in ordered[start:end]:
            placings.append(Placing(key=key, score=score, place=start + 1, tied=tied))
        start = end
    return tuple(placings)


def round_half_up(value: Score, places: int = 2) -> Decimal:
    """``value`` rounded to ``places`` decimals, a half away from zero."""
    _check_score(value, "value")
    if isinstance(value, Fraction):
        # Exact: scale, round the rational, then divide by a power of ten.
        scaled = value * 10**places
        whole, rest = divmod(abs(scaled.numerator), scaled.denominator)
        if 2 * rest >= scaled.denominator:
            whole += 1
        signed = -whole if scaled < 0 else whole
        return Decimal(signed).scaleb(-places)
    return Decimal(value).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def percentage_exact(total: Score, maximum: Score) -> Fraction:
    """``total`` as an exact percentage of ``maximum``."""
    _check_score(total, "total")
    _check_score(maximum, "maximum")
    if maximum <= 0:
        raise ValueError(f"maximum must be positive to give a percentage, got {maximum!r}")
    return Fraction(total) * 100 / Fraction(maximum)


def percentage(total: Score, maximum: Score) -> Decimal:
    """``total`` as a percentage of ``maximum``, two decimals, half-up."""
    return round_half_up(percentage_exact(total, maximum), 2)


def close_up(field: Iterable[tuple[Key, int, int, bool]]) -> dict[Key, tuple[int, int]]:
    """The places of one ranked field once some entries are struck from it.

    ``field``: (key, place, place_to, struck) in standings order. Seed
    ``003_796cec548aee39db.txt`` lines 193-195: a pair struck for qualifying twice
    "played utom tävlan" and is taken off the results list, while its boards stand.
    The others' places close up (a struck pair above them frees its place; one sharing
    their place leaves the share one shorter); the struck entries follow the others,
    one place each, in their order, so that the field keeps its size.
    """
    rows = list(field)
    struck = sorted(
        ((place, n, key) for n, (key, place, _to, out) in enumerate(rows) if out),
        key=lambda found: found[:2],
    )
    above = [place for place, _n, _key in struck]
    closed: dict[Key, tuple[int, int]] = {}
    for key, place, place_to, out in rows:
        if not out:
            closed[key] = (
                place - sum(1 for s in above if s < place),
                place_to - sum(1 for s in above if s <= place_to),
            )
    kept = len(closed)
    for n, (_place, _order, key) in enumerate(struck, start=1):
        closed[key] = (kept + n, kept + n)
    return closed
