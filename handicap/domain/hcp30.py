"""DM Par Hcp 30+: who may play, and the heats' size.

Seed ``003_796cec548aee39db.txt``, "DIREKTFINAL (BERÖR PAR HCP 30+)", lines 298-316:
the championship is only for players whose handicap is 30 or higher (line 304); both
players of the pair must have it when the registration closes (line 308, "vid
tidpunkten för anmälningstidens utgång (21 mars 2025)"); every stage is played with
handicap and the result with handicap decides (line 308); a simultaneous heat needs at
least 11 pairs (line 316). The decisions where the seed is silent are in
docs/district-championships.md, "Hcp 30+: who may play".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from .formula import for_display

# Line 304: "ett spelhandikapp som är 30 eller högre"; line 308 the same for both.
MINIMUM = Decimal(30)
# Line 308: "Båda spelarna i paret".
PLAYERS = 2
# Line 316: "Heat måste bestå av minst 11 par".
MIN_HEAT_PAIRS = 11


@dataclass(frozen=True)
class PlayerOnDay:
    """A registered player and the handicap in force on the day (None: none)."""

    name: str
    handicap: float | Decimal | None

    @property
    def shown(self) -> Decimal | None:
        """The handicap as published: one decimal, half-up (27,36 is 27,4)."""
        return None if self.handicap is None else for_display(float(self.handicap))


@dataclass(frozen=True)
class Verdict:
    """A pair's check: ``eligible``, else the players who fail it (below 30, or no
    handicap on the day) and, for a registration that is not two players, how many
    it has."""

    eligible: bool
    failing: tuple[PlayerOnDay, ...] = ()
    players: int = PLAYERS


def check_pair(players: Sequence[PlayerOnDay]) -> Verdict:
    """Line 308: both players 30 or higher on the day, compared as published (one
    decimal, so 29,95 counts as 30,0)."""
    failing = tuple(p for p in players if p.shown is None or p.shown < MINIMUM)
    if len(players) != PLAYERS:
        return Verdict(eligible=False, failing=failing, players=len(players))
    return Verdict(eligible=not failing, failing=failing)


def heat_big_enough(pairs: int) -> bool:
    """Line 316: a simultaneous heat is played with at least 11 pairs."""
    return pairs >= MIN_HEAT_PAIRS
