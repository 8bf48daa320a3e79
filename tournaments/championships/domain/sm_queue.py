"""DM Lag: the SM semifinal places, the DM final's teams choosing from the winner down,
and the places nobody takes.

Source: seed ``003_796cec548aee39db.txt``, "SM Lag Semifinal" (lines 701-720).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Generic

from .semifinal_choice import Offer
from .semifinal_final import (
    Placed,
    ranked_offers,
)
from .semifinal_ties import (
    Key,
    Reason,
)

# --- SM Lag Semifinal -------------------------------------------------------------------


@dataclass(frozen=True)
class SmPlaces(Generic[Key]):
    """The district's SM semifinal places: the teams in choosing order, and how many
    places go back to SBF."""

    choosing: tuple[Offer[Key], ...]
    returned: int


def sm_queue(
    *, places: int, final_standings: Sequence[Key], semifinal_out: Sequence[Placed[Key]]
) -> tuple[Offer[Key], ...]:
    """Every team that may take one of the district's ``places`` SM semifinal places, in
    turn (seed 003 "SM Lag Semifinal", lines 709-720): the DM final's teams in placing
    order, the winners first (lines 709, 715); only when the places outnumber the
    final's teams, the teams out in the DM semifinals, the highest VP average first
    (lines 717-720; then the IMP quotient, the committee's reading).
    """
    queue = [
        Offer(
            team=team,
            source=None,
            reason=Reason(
                f"number {place} of the DM Lag final (seed 003 lines 709, 715)",
                f"nummer {place} i DM Lag final (seed 003 rad 709, 715)",
            ),
        )
        for place, team in enumerate(final_standings, start=1)
    ]
    if places > len(final_standings):

        def reason(source: int | None) -> Reason:
            return Reason(
                "out in the DM semifinal, by the highest VP average; the places outnumber "
                "the final's teams (seed 003 line 720)",
                "utslaget i DM-semifinalen, efter högsta VP-genomsnitt; platserna är fler "
                "än finalens lag (seed 003 rad 720)",
            )

        queue.extend(ranked_offers([(None, p) for p in semifinal_out], reason))
    return tuple(queue)


def sm_places(
    *,
    places: int,
    final_standings: Sequence[Key],
    semifinal_out: Sequence[Placed[Key]] = (),
    declined: Collection[Key] = (),
) -> SmPlaces[Key]:
    """The teams that take the district's SM semifinal places, in the order they choose
    their venue (seed 003 lines 709-720), and the places nobody takes, which go back to
    SBF (lines 719-720). ``places`` is SBF's number for the district (line 705).
    """
    if places < 0:
        raise ValueError("places must not be negative")
    taking = [
        o
        for o in sm_queue(
            places=places, final_standings=final_standings, semifinal_out=semifinal_out
        )
        if o.team not in declined
    ][:places]
    return SmPlaces(choosing=tuple(taking), returned=places - len(taking))
