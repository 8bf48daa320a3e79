"""Handicap events: the list corrected for handicap.

Seed ``002_4426357e9a32e88f.txt`` 8 (lines 547-550) and 9 (lines 604-606); the award
side from seed ``000_18af0e66f52a62b2.txt`` "Handikapptävlingar" (lines 502-516).
The charge, its rounding and the shared places: docs/handicap.md, "Handicap events".
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from .changes import resolve
from .competition import Competition, check, field_terms
from .formula import expected_result
from .policy import AVERAGE, SBF_2007, HandicapPolicy

CENT = Decimal("0.01")


@dataclass(frozen=True, slots=True)
class HandicapPlacing:
    """One entry on the handicap list. ``charge`` is its expected result over
    average (+2.00 for the 21 pair among 26s); ``adjusted = result - charge``."""

    entry: str
    owner_handicap: float
    field_handicap: float
    result: Decimal
    expected: Decimal
    charge: Decimal
    adjusted: Decimal
    place: int
    place_to: int


def _two_places(value: float | Decimal) -> Decimal:
    exact = value if isinstance(value, Decimal) else Decimal(repr(value))
    return exact.quantize(CENT, rounding=ROUND_HALF_UP)


def handicap_event(
    competition: Competition, policy: HandicapPolicy = SBF_2007
) -> tuple[HandicapPlacing, ...]:
    """The handicap-corrected list, best first; equal corrected results share places."""
    layout = check(competition)
    used = resolve(competition, policy).used
    owners = [sum(values) / len(values) for values in used]
    fields, adjusts = field_terms(competition, owners, layout)
    average = Decimal(repr(AVERAGE[competition.scoring]))
    rows = []
    for i, entry in enumerate(competition.entries):
        expected = _two_places(
            expected_result(
                owners[i],
                fields[i],
                competition.scoring,
                competition.form,
                policy,
                adjust=adjusts[i],
            )
        )
        charge = expected - average
        result = _two_places(entry.result)
        rows.append((entry.id, owners[i], fields[i], result, expected, charge, result - charge))

    ordered = sorted(rows, key=lambda row: row[6], reverse=True)
    placings: list[HandicapPlacing] = []
    start = 0
    while start < len(ordered):
        end = start + 1
        while end < len(ordered) and ordered[end][6] == ordered[start][6]:
            end += 1
        for row in ordered[start:end]:
            placings.append(HandicapPlacing(*row, place=start + 1, place_to=end))
        start = end
    return tuple(placings)
