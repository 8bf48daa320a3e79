"""A team's roster in a team event entered by hand, in plain Python.

Seed 003, DM-TÄVLINGAR, LAG, "Lag och spelare" and "Match": four players of a team
play each half, so a roster of fewer cannot field a match; a player plays for one
team of the event only. The rulebook sets no largest roster; ``ROSTER_MAXIMUM`` is
ours (the form's rows), room for a series' substitutes beside the six who may play a
match. docs/manual-entry.md has the readings.
"""

from __future__ import annotations

import re

from tournaments.domain.teams import PLAYERS_PER_HALF

ROSTER_MINIMUM = PLAYERS_PER_HALF
ROSTER_MAXIMUM = 10
# Several members may share a name: a lookup shows at most this many to choose from.
LOOKUP_LIMIT = 20

# "12345", or a name with its MID in brackets as the lookup offers it: "Anna Ek (12345)".
_MID = re.compile(r"(?:.*\()?\s*([0-9]{1,9})\s*\)?\s*")


def player_reference(text: str) -> int | str | None:
    """What a roster row names: a MID (int), a name to search for (str), or nothing."""
    text = " ".join(text.split())
    if not text:
        return None
    found = _MID.fullmatch(text)
    if found:
        return int(found.group(1))
    return text


def player_label(first_name: str, last_name: str, mid: int) -> str:
    """How a roster row shows a member, and what ``player_reference`` reads back."""
    return f"{first_name} {last_name} ({mid})"
