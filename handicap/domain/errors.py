"""Refusals: input the handicap rules cannot compute.

Every refusal is raised before anything is computed or changed, and its message
names the competition and the entry or player at fault, so a club's report can
be sent back with the reason.
"""

from __future__ import annotations


class HandicapInputError(ValueError):
    """A competition the handicap rules refuse; the message says what and where."""

    def __init__(self, competition: str, message: str, *, entry: str = "", player: str = ""):
        where = f"competition {competition!r}"
        if entry:
            where += f", entry {entry!r}"
        if player:
            where += f", player {player!r}"
        super().__init__(f"{where}: {message}")
        self.competition = competition
        self.entry = entry
        self.player = player


class BoardsNotPlayed(HandicapInputError):
    """A result for boards that were not played (G_N <= 0 or G_N > B_N)."""


class FieldTooSmall(HandicapInputError):
    """A field with fewer than two entries has no "rest of the field" to compare with."""


class PlayerTwice(HandicapInputError):
    """The same player in two seats of one field."""


class BadEntry(HandicapInputError):
    """An entry the competition's form cannot read (players, handicaps, line, result)."""


class UnknownRule(ValueError):
    """A form or scoring the policy does not know; the message lists the known ones."""
