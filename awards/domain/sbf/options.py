"""The names the SBF rulebook reads from ``Competition.options``, with a type each.

Source: the facts the rules of ``000_18af0e66f52a62b2.txt`` ask for that a results file
does not carry (a series division, an A-final's carry-over, a rally's starters...). The
office sets them on the tournament; :func:`check_options` tells it what is wrong.
``docs/awards.md`` and ``docs/awards-teams.md`` say what each one means.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping
from decimal import Decimal, InvalidOperation
from types import MappingProxyType
from typing import NamedTuple


class OptionName(NamedTuple):
    """What a ``Competition.options`` name holds: a type tag and one line of English."""

    type: str  # "bool", "int", "decimal", "str" or "mapping"
    description: str


OPTION_NAMES: Mapping[str, OptionName] = MappingProxyType(
    {
        # pairs and individual events (pairs.py and the table modules)
        "met": OptionName("int", "pairs (players) each entry met when not all met all"),
        "abandoned": OptionName("bool", "a silver or gold event deliberately abandoned"),
        "pure_mitchell": OptionName("bool", "pure Mitchell: each direction is awarded alone"),
        "separate_sections": OptionName(
            "bool", "sections without a common top: each is awarded alone"
        ),
        "groups": OptionName("int", "number of strength groups (Placing.group 1 = A-group)"),
        "sessions": OptionName("int", "sessions of a multi-evening event (reserves get a share)"),
        "simultaneous": OptionName(
            "bool", "simultaneous event: heats in Placing.section, common list in overall_place"
        ),
        "beginners": OptionName("bool", "beginners' event (Nybörjarträffen)"),
        "inexperienced": OptionName("bool", "event for inexperienced players (10-17 boards)"),
        "average_handicap": OptionName(
            "decimal",
            "gold: the office's field average handicap, over the computed one (<15 = raised)",
        ),
        "variant": OptionName("str", "H1 semifinal/final; H2 junior/veteran/ladies/mixed"),
        "a_final": OptionName("bool", "the A-final of an event with carry-over"),
        "qualifying_rounds": OptionName("int", "A-final: rounds of the qualifying"),
        "total_pairs": OptionName("int", "A-final: pairs in the whole event"),
        # B-finals with carry-over (finals.py; 000 lines 404-440)
        "a_final_silver_places": OptionName(
            "int", "A-final: its sp places when TK let a B-final take the rest (lines 413-418)"
        ),
        "b_final": OptionName("bool", "a B- (or lower) final with carry-over: bp (lines 419-420)"),
        "a_final_rounds": OptionName("int", "B-final: rounds of the A-final (lines 390-393)"),
        "b_final_silver": OptionName(
            "str", "B-final: reference of TK's permission to give sp (lines 413-418)"
        ),
        "b_final_silver_from": OptionName(
            "int", "B-final: the A-final place whose sp its winner gets (lines 434-440)"
        ),
        "merged_with": OptionName(
            "int", "the earlier session (tournament number) counted with this one (lines 684-686)"
        ),
        "rally": OptionName("bool", "the placings are a district rally's final standings"),
        "rally_starters": OptionName(
            "int", "rally: pairs, teams or players starting, summed over its events"
        ),
        "rally_silver_events": OptionName("int", "rally: how many silver events it has"),
        "rally_spring_autumn_events": OptionName(
            "int", "rally: how many of them are spring or autumn silver (default 0)"
        ),
        "spring_autumn_silver": OptionName(
            "bool", "a spring or autumn silver event (no ranking points)"
        ),
        # team events (teams.py and team_b.py, team_e.py, team_g.py)
        "division": OptionName(
            "int", "series division (B3, E3: 1 = top; E5: 3 or 4; G3: 1 = Elitserien; B1: 1-2)"
        ),
        "divisions": OptionName("int", "how many divisions the series has (B1, B3, E3)"),
        "match_boards": OptionName(
            "int", "E3: boards of a full match; a match with fewer was interrupted (line 1463)"
        ),
        "cup": OptionName("bool", "a cup (B2: no bonus)"),
        "swiss": OptionName("bool", "a Swiss (Gröna Hissen): bonus by rounds (B2, B3)"),
        "double_round_robin": OptionName(
            "bool", "every team meets every other twice (bonus doubled)"
        ),
        "board_a_match": OptionName(
            "bool", "board-a-match: a match is won on board points (set from the scoring)"
        ),
        "vp_scale": OptionName("int", "VP total of a level match when the VP do not show it"),
        "matches_per_round": OptionName("int", "1 or 2 matches per round (B4)"),
        "sm_event": OptionName("str", "G2: junior (G2a), veteran (G2b) or semifinal (G2c)"),
        # district championship finals (dm_bonus.py)
        "dm_final": OptionName(
            "str", "a DM final's bonus: open, other (pairs), teams or hcp30 (000 lines 1736-1771)"
        ),
        "dm_outside": OptionName(
            "list", "a DM final's entries not of the district: no bonus (003 lines 321, 471)"
        ),
        "stages": OptionName(
            "mapping", "G2 veterans: round -> qualifying/quarterfinal/semifinal/final/third_place"
        ),
    }
)


def _is_number(value: object) -> bool:
    # Read as Decimal(str(value)), so a numeric string will do.
    if isinstance(value, bool):
        return False
    try:
        return Decimal(str(value)).is_finite()
    except InvalidOperation:
        return False


def _is_mapping(value: object) -> bool:
    if isinstance(value, Mapping):
        return True
    return isinstance(value, list | tuple) and all(
        isinstance(pair, list | tuple) and len(pair) == 2 for pair in value
    )


# type tag -> (test, what the error message asks for)
_OPTION_TYPES: dict[str, tuple[Callable[[object], bool], str]] = {
    "bool": (lambda value: isinstance(value, bool), "true or false"),
    "int": (
        lambda value: isinstance(value, int) and not isinstance(value, bool),
        "a whole number",
    ),
    "decimal": (_is_number, "a number"),
    "str": (lambda value: isinstance(value, str), "a string"),
    "mapping": (_is_mapping, "a mapping (or a list of pairs)"),
    "list": (
        lambda value: (
            isinstance(value, list | tuple)
            and all(isinstance(item, str | int) and not isinstance(item, bool) for item in value)
        ),
        "a list of entry ids",
    ),
}


def check_options(options: Mapping[str, object]) -> list[str]:
    """What is wrong with ``options``: unknown names (with the valid ones) and values
    of the wrong type. ``None`` is taken as not given, as the rules read it."""
    errors = []
    for name, value in options.items():
        known = OPTION_NAMES.get(name)
        if known is None:
            close = difflib.get_close_matches(str(name), OPTION_NAMES, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            errors.append(
                f"unknown option {name!r}{hint}; the options are " + ", ".join(sorted(OPTION_NAMES))
            )
            continue
        accepts, wanted = _OPTION_TYPES[known.type]
        if value is not None and not accepts(value):
            errors.append(f"option {name!r} must be {wanted}, got {value!r}")
        elif name == "dm_final" and value is not None and value not in DM_FINALS:
            errors.append(f"option 'dm_final' must be one of {', '.join(DM_FINALS)}, got {value!r}")
    return errors


# The values of ``dm_final`` (dm_bonus.BONUS; 000 lines 1736-1771, 003 line 343).
DM_FINALS = ("open", "other", "teams", "hcp30")
