"""The district's SM places in a pairs discipline, and how many of them pairs from
outside the district may play for.

Source: seed ``003_796cec548aee39db.txt`` lines 167-177: a pair whose players both
belong to another district plays the heats by dispensation; the district may cap the SM
places such pairs play for, by the SM places it has in the discipline (the table below);
a pair must play itself to a place that gives an SM final place, or reach one through a
withdrawal (line 177).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

# 003 lines 169-175: (least SM places allotted, most places pairs from outside play for).
OUTSIDE_CAP: Final[tuple[tuple[int, int], ...]] = (
    (1, 0),  # line 170
    (2, 1),  # line 171: 2-3
    (4, 2),  # line 172: 4-6
    (7, 3),  # line 173: 7-10
    (11, 4),  # line 174: 11-14
    (15, 5),  # line 175: 15+
)


def outside_cap(sm_places: int) -> int:
    """The most SM places pairs from outside the district may play for (lines 169-175);
    none when the district has none."""
    if sm_places < 0:
        raise ValueError(f"SM places cannot be negative, got {sm_places}")
    cap = 0
    for least, most in OUTSIDE_CAP:
        if sm_places >= least:
            cap = most
    return cap


@dataclass(frozen=True)
class SmPlace:
    pair: str
    place: int  # the pair's place in the final
    outside: bool


def sm_places(final: Sequence[tuple[str, bool]], allotted: int) -> tuple[SmPlace, ...]:
    """Who takes the district's ``allotted`` SM places from the final's order (pair,
    from outside the district?). Decision (docs/district-championships.md): the places
    go down the final's order; once pairs from outside hold the cap of lines 169-175, a
    further outside pair is passed over and the place goes to the next pair, as after a
    withdrawal (line 177)."""
    cap = outside_cap(allotted)
    taken: list[SmPlace] = []
    outside = 0
    for place, (pair, is_outside) in enumerate(final, start=1):
        if len(taken) == allotted:
            break
        if is_outside:
            if outside >= cap:
                continue
            outside += 1
        taken.append(SmPlace(pair, place, is_outside))
    return tuple(taken)


@dataclass(frozen=True)
class SmPassed:
    """A pair from outside the district passed over for an SM place: the cap was full."""

    pair: str
    place: int
    en: str
    sv: str


@dataclass(frozen=True)
class SmAllocation:
    allotted: int
    cap: int
    taken: tuple[SmPlace, ...]
    passed: tuple[SmPassed, ...]


def sm_allocation(final: Sequence[tuple[str, bool]], allotted: int) -> SmAllocation:
    """:func:`sm_places` with the pairs passed over and why (lines 167-177): an
    outside pair above the last SM place taken, once outside pairs hold the cap."""
    taken = sm_places(final, allotted)
    cap = outside_cap(allotted)
    last = taken[-1].place if taken else 0
    holders = {p.place for p in taken}
    passed = tuple(
        SmPassed(
            pair,
            place,
            f"Place {place}: from outside the district, and pairs from outside already hold "
            f"the {cap} SM place{'s' if cap != 1 else ''} they may play for (003 lines 167-175).",
            f"Plats {place}: utanför distriktet, och par utifrån har redan {cap} av "
            f"SM-platserna, det högsta antal de spelar om (003 rad 167-175).",
        )
        for place, (pair, outside) in enumerate(final, start=1)
        if outside and place <= last and place not in holders
    )
    return SmAllocation(allotted, cap, taken, passed)
