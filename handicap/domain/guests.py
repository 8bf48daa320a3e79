"""Temporary handicaps for guests from abroad (5.3) and for non-members (5.4).

Seed ``002_4426357e9a32e88f.txt`` lines 447-497. The rules a)-c), and the estimate
c) that inverts the expected-result rule for all unrated owners at once (its
formula and why it is the lost where-clause): docs/handicap.md, "Guests and
non-members".
"""

from __future__ import annotations

from collections.abc import Sequence

from .competition import (
    GUEST,
    MEMBER,
    NON_MEMBER,
    Competition,
    HandicapOf,
    Resolved,
    entry_handicap_of,
)
from .errors import BadEntry
from .policy import AVERAGE, FORMS, SBF_2007, TOPSCORE, HandicapPolicy


def estimate_handicaps(
    rated: Sequence[float],
    unrated_results: Sequence[float],
    scoring: str = TOPSCORE,
    form: str = "pairs",
    policy: HandicapPolicy = SBF_2007,
) -> list[float]:
    """5.3 c): a handicap for each unrated owner from its result (docs/handicap.md).

    ``rated`` are the other owners' handicaps, ``unrated_results`` the unrated
    owners' results in the reported unit (percent or IMPs per board).
    """
    unrated = len(unrated_results)
    if not rated:
        return [policy.max_handicap] * unrated
    count = len(rated) + unrated
    per_unit = policy.slope(scoring) * FORMS[form].tables
    average = AVERAGE[scoring]
    over = [result - average for result in unrated_results]
    rated_total = sum(rated)
    estimates_total = (unrated * rated_total - (count - 1) * sum(over) / per_unit) / (
        count - unrated
    )
    base = (rated_total + estimates_total) / count
    cap = policy.max_handicap
    return [min(base - r * (count - 1) / (per_unit * count), cap) for r in over]


def _partner_seat(seat: int, size: int) -> int | None:
    if size == 2:
        return 1 - seat
    if size == 4:
        return seat ^ 1  # players are listed table by table: 0-1, 2-3
    return None


def temporary_handicaps(
    competition: Competition,
    policy: HandicapPolicy = SBF_2007,
    handicap_of: HandicapOf = entry_handicap_of,
) -> Resolved:
    """The handicaps of a field with guests or non-members (docs/handicap.md)."""
    guests = competition.guests
    non_members = competition.non_members
    values_all: list[list[float | None]] = []
    own_all: list[list[float | None]] = []
    status_all: list[tuple[str, ...]] = []
    temporary: list[bool] = []
    for entry in competition.entries:
        status = tuple(
            GUEST if player in guests else NON_MEMBER if player in non_members else MEMBER
            for player in entry.players
        )
        values = [handicap_of(player, entry, seat) for seat, player in enumerate(entry.players)]
        for seat, player in enumerate(entry.players):
            if status[seat] == MEMBER and values[seat] is None:
                raise BadEntry(
                    competition.id, "the member has no handicap", entry=entry.id, player=player
                )
        own_all.append(list(values))
        if NON_MEMBER in status:
            values = [None] * len(values)
            temporary.append(True)
        else:
            for seat, value in enumerate(list(values)):
                partner = _partner_seat(seat, len(values))
                if value is None and partner is not None and values[partner] is not None:
                    values[seat] = values[partner]
            temporary.append(None in values)
        values_all.append(values)
        status_all.append(status)

    unresolved = [i for i, values in enumerate(values_all) if None in values]
    if unresolved:
        rated = [
            sum(values) / len(values)  # type: ignore[arg-type]
            for values in values_all
            if None not in values
        ]
        results = [competition.entries[i].result for i in unresolved]
        estimates = estimate_handicaps(
            rated, results, competition.scoring, competition.form, policy
        )
        for i, estimate in zip(unresolved, estimates, strict=True):
            values = values_all[i]
            known = [value for value in values if value is not None]
            # The unknown players share what makes the owner's mean the estimate.
            fill = (estimate * len(values) - sum(known)) / (len(values) - len(known))
            values_all[i] = [fill if value is None else value for value in values]

    used = [tuple(values) for values in values_all]  # type: ignore[arg-type]
    own = [
        tuple(
            own_value if status == MEMBER and own_value is not None else used_value
            for own_value, used_value, status in zip(own_values, used_values, statuses, strict=True)
        )
        for own_values, used_values, statuses in zip(own_all, used, status_all, strict=True)
    ]
    counted = [
        tuple(status == MEMBER and not temporary[i] for status in statuses)
        for i, statuses in enumerate(status_all)
    ]
    return Resolved(used, own, counted, status_all)  # type: ignore[arg-type]
