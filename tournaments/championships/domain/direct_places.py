"""The reigning district champions' direct place in the DM-par final.

Source: seed ``003_796cec548aee39db.txt``, "Direktkvalificerade par" (lines 272-276):
in Dam, Mixed, Open and Veteran, if the pair is intact and registered before the
qualifying period ends; lost when either plays a heat with another partner, kept when
they play a heat together and fail.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from .pairs_words import (
    Reason,
)

# 003 lines 159, 219, 274: the disciplines whose final is preceded by club heats (the
# values of Championship.Discipline); Hcp 30+ is a direct final (lines 234, 298-316).
HEATS_DISCIPLINES: Final = frozenset({"ladies", "mixed", "open", "veterans"})


@dataclass(frozen=True)
class Champions:
    """The reigning district champions of a discipline. ``registered``: they told the
    competition secretary before the qualifying period ended; ``intact``: both will play
    the final together (003 line 274)."""

    pair_id: str
    players: tuple[str, str]
    registered: bool
    intact: bool = True


@dataclass(frozen=True)
class DirectPlace:
    pair_id: str
    keeps: bool
    reason: Reason


def direct_place(
    champions: Champions, partnerships: Iterable[tuple[str, str]], *, discipline: str
) -> DirectPlace:
    """Whether the reigning champions keep their direct place in this year's final (003
    "Direktkvalificerade par", lines 272-276): only in a discipline with club heats,
    only intact and registered in time, and lost when either player plays a heat with
    another partner (``partnerships``: the two players of every pair in the season's
    heats of the discipline). Playing a heat together keeps it, qualified or not."""
    lines = "003 lines 274-276"
    a, b = champions.players
    if discipline not in HEATS_DISCIPLINES:
        return DirectPlace(
            champions.pair_id, False,
            Reason("direct", 0,
                   "No direct place: the discipline has no club heats (a direct final).",
                   "Ingen direktplats: disciplinen har inga klubbkval (direktfinal).", lines),
        )  # fmt: skip
    for pair in partnerships:
        together = set(pair) == {a, b}
        if not together and (a in pair or b in pair):
            return DirectPlace(
                champions.pair_id, False,
                Reason("direct", 0,
                       "No direct place: one of the champions played a heat with another partner.",
                       "Ingen direktplats: en av mästarna kvalspelade med annan partner.", lines),
            )  # fmt: skip
    if not champions.intact:
        return DirectPlace(
            champions.pair_id, False,
            Reason("direct", 0, "No direct place: the pair is not intact.",
                   "Ingen direktplats: paret är inte intakt.", lines),
        )  # fmt: skip
    if not champions.registered:
        return DirectPlace(
            champions.pair_id, False,
            Reason("direct", 0,
                   "No direct place: the champions did not register before the qualifying period ended.",
                   "Ingen direktplats: mästarna anmälde sig inte före kvalperiodens utgång.", lines),
        )  # fmt: skip
    return DirectPlace(
        champions.pair_id, True,
        Reason("direct", 1, "Reigning district champions: a direct place in the final.",
               "Regerande distriktsmästare: direktkvalificerade till finalen.", lines),
    )  # fmt: skip
