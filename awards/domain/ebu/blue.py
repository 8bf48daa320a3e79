"""Blue point events: which events award blue points, and blue points from the local
point scales.

Source: seed ``001_4cb9a3c6036a851e.txt``, chapter 5 "Blue Point awards" (lines
3883-3975): 5.1 national events (3886-3918), 5.2 county events (3922-3936), 5.3 club
events (3940-3962), 5.4.1 "Blue Point awards will use the Local Point scales in the
ratio of 100 Local = 1 Blue" (line 3970); 2.4.1(b) (lines 1335-1339). The calculator's
``--colour blue`` is :func:`awards.domain.ebu.core.to_points`; this module names the
events and the one split award (the Simultaneous Pairs, 5.1.2).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from .core import EbuInputError, to_points


@dataclass(frozen=True)
class BlueEvent:
    """One kind of blue-pointed event of chapter 5, with its section and seed lines."""

    key: str
    section: str
    lines: str
    en: str


BLUE_EVENTS: tuple[BlueEvent, ...] = (
    BlueEvent("ebu", "5.1.1", "3894", "All EBU sessions/events not awarding green points"),
    BlueEvent("sim-pairs", "5.1.2", "3898-3904", "EBU Simultaneous Pairs: 25% blue, 75% local"),
    BlueEvent("national-pairs-heat", "5.1.3", "3908-3918", "Club heats of the National Pairs"),
    BlueEvent("county", "5.2", "3926-3936", "County blue point events (licensed, open)"),
    BlueEvent("club", "5.3", "3944-3962", "A club's two blue-pointed events a year"),
)

# 5.1.2 (lines 3902-3904): "split 25% blue / 75% local to the top third of the field".
SIM_PAIRS_BLUE_SHARE = Fraction(1, 4)
# 5.3.1 (lines 3944-3946): "clubs may hold 2 blue-pointed events per annum".
CLUB_BLUE_EVENTS_A_YEAR = 2


def blue_points(local: Fraction) -> Decimal:
    """5.4.1 (line 3970): the blue points of a local point award, 100 local = 1 blue,
    to two decimals rounded up (3.4.1)."""
    if local < 0:
        raise EbuInputError(
            "colour",
            f"an award of {local} local points is negative",
            sv=f"en tilldelning på {local} lokala poäng är negativ",
        )
    return to_points(local, "blue")


def blue_awards(local_awards: Sequence[Fraction]) -> tuple[Decimal, ...]:
    """5.4.1 (line 3970): a local point scale read as blue points, place by place."""
    return tuple(blue_points(award) for award in local_awards)


def sim_pairs_split(local: Fraction) -> tuple[Decimal, int]:
    """5.1.2 (lines 3898-3904): a Simultaneous Pairs award of ``local`` points on its
    scale, paid 25% in blue points and 75% in local points: (blue, local), each
    rounded up at the end (3.4.1)."""
    if local < 0:
        raise EbuInputError(
            "colour",
            f"an award of {local} local points is negative",
            sv=f"en tilldelning på {local} lokala poäng är negativ",
        )
    blue = to_points(local * SIM_PAIRS_BLUE_SHARE, "blue")
    return blue, math.ceil(local * (1 - SIM_PAIRS_BLUE_SHARE))


def club_may_hold(blue_events_this_year: int) -> bool:
    """5.3.1 (lines 3944-3946): whether a club may hold another blue-pointed event,
    having held ``blue_events_this_year``."""
    return blue_events_this_year < CLUB_BLUE_EVENTS_A_YEAR
