"""Everybody's change for one competition: the handicaps it is computed with (the
members' own; temporary ones for guests and non-members, seed 002 5.3-5.4) and the one
pass over the field (``competition.compute``)."""

from __future__ import annotations

from .competition import (
    Competition,
    HandicapOf,
    PlayerChange,
    Resolved,
    check,
    compute,
    entry_handicap_of,
)
from .errors import BadEntry
from .guests import temporary_handicaps
from .policy import SBF_2007, HandicapPolicy


def resolve(
    competition: Competition,
    policy: HandicapPolicy = SBF_2007,
    handicap_of: HandicapOf = entry_handicap_of,
) -> Resolved:
    """The handicaps to compute with: the members', and temporary ones (5.3, 5.4)."""
    if not competition.guests and not competition.non_members:
        used: list[tuple[float, ...]] = []
        for entry in competition.entries:
            values = tuple(
                handicap_of(player, entry, seat) for seat, player in enumerate(entry.players)
            )
            if None in values:
                player = entry.players[values.index(None)]
                raise BadEntry(
                    competition.id, "the member has no handicap", entry=entry.id, player=player
                )
            used.append(values)  # type: ignore[arg-type]
        return Resolved(used, used, None, None)
    return temporary_handicaps(competition, policy, handicap_of)


def apply_competition(
    competition: Competition, policy: HandicapPolicy = SBF_2007
) -> tuple[PlayerChange, ...]:
    """Every player's change for one competition, from the handicaps in its entries.

    Refuses bad input (:class:`~handicap.domain.errors.HandicapInputError`) before
    computing anything.
    """
    layout = check(competition)
    return tuple(compute(competition, resolve(competition, policy), layout, policy))


def average_handicap(competition: Competition, policy: HandicapPolicy = SBF_2007) -> float:
    """The field's average handicap over all its players: the "snitthandicap" that
    decides raised gold (seed ``000_18af0e66f52a62b2.txt`` lines 375-377)."""
    check(competition)
    used = resolve(competition, policy).used
    return sum(sum(values) for values in used) / sum(len(values) for values in used)
