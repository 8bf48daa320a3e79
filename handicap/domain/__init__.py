"""The national handicap as plain Python: no Django, no I/O, no clock.

Source: seed ``002_4426357e9a32e88f.txt`` (SBF "Project 52 - Handicap" and the SBF
presentation). The modules, the reconstruction of the lost equations and every
decision the paper leaves open: docs/handicap.md.
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
