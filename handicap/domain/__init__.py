"""The national handicap as plain Python: no Django, no I/O, no clock.

Source: seed ``002_4426357e9a32e88f.txt`` (SBF "Project 52 - Handicap" and the
SBF presentation); the reconstruction of its lost equations and every decision
the paper leaves open are in ``docs/handicap.md``.

- ``policy``: :class:`HandicapPolicy` (every constant, with its seed line) and
  :data:`FORMS` (the types of competition of paper 3.3).
- ``formula``: the equations on plain numbers (expected result, change, start).
- ``competition``: a reported competition, its checks, and the one pass over it.
- ``changes``: everybody's change for one competition (:func:`apply_competition`).
- ``guests``: temporary handicaps for guests and non-members (5.3, 5.4).
- ``walk``: competitions in date order for everybody (:func:`walk`) or for one
  player (:func:`walk_player`), per competition or monthly.
- ``event``: the handicap-corrected list of a handicap event.
"""

from .changes import apply_competition, average_handicap
from .competition import (
    GUEST,
    MEMBER,
    NON_MEMBER,
    Competition,
    Entry,
    PlayerChange,
)
from .errors import (
    BadEntry,
    BoardsNotPlayed,
    FieldTooSmall,
    HandicapInputError,
    PlayerTwice,
    UnknownRule,
)
from .event import HandicapPlacing, handicap_event
from .formula import (
    board_weight,
    capped,
    change,
    entry_handicap,
    expected_result,
    for_display,
    owner_handicap,
    rest_of_field,
    start_handicap,
)
from .guests import estimate_handicaps
from .policy import (
    DUPLICATE_TEAMS_IAF,
    FORMS,
    IMP,
    INDIVIDUAL,
    PAIRS,
    SBF_2007,
    TEAM_MATCH,
    TEAM_MATCH_IAF,
    TOPSCORE,
    HandicapPolicy,
)
from .walk import walk, walk_player

__all__ = [
    "DUPLICATE_TEAMS_IAF",
    "FORMS",
    "GUEST",
    "IMP",
    "INDIVIDUAL",
    "MEMBER",
    "NON_MEMBER",
    "PAIRS",
    "SBF_2007",
    "TEAM_MATCH",
    "TEAM_MATCH_IAF",
    "TOPSCORE",
    "BadEntry",
    "BoardsNotPlayed",
    "Competition",
    "Entry",
    "FieldTooSmall",
    "HandicapInputError",
    "HandicapPlacing",
    "HandicapPolicy",
    "PlayerChange",
    "PlayerTwice",
    "UnknownRule",
    "apply_competition",
    "average_handicap",
    "board_weight",
    "capped",
    "change",
    "entry_handicap",
    "estimate_handicaps",
    "expected_result",
    "for_display",
    "handicap_event",
    "owner_handicap",
    "rest_of_field",
    "start_handicap",
    "walk",
    "walk_player",
]
