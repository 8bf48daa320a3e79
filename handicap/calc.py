"""The handicap calculator: what one result would do to a handicap.

``manage.py handicap_calc`` and the calculator page both call :func:`calculate`, so
they answer with the formula the handicap step uses (``handicap.domain``, equations
(2)-(4) of seed ``002_4426357e9a32e88f.txt``; docs/handicap.md). Results are in the
unit scoring programs print: topscore as a percentage (57.5), IMPs per board.

Every refusal is a :class:`CalcInputError` naming the input at fault with the same
name as the form field and the command's option (``boards``, ``owner``...).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .domain import (
    FORMS,
    IMP,
    INDIVIDUAL,
    PAIRS,
    SBF_2007,
    TEAM_MATCH,
    TOPSCORE,
    HandicapPolicy,
    capped,
    change,
    expected_result,
    owner_handicap,
)

# The calculator's kinds of event and the form of paper 3.3 each is computed as: a team
# event's result is one match (or half) against one opponent team (3.3.3.1).
KINDS = {"individual": INDIVIDUAL, "pairs": PAIRS, "teams": TEAM_MATCH}
SCORINGS = (TOPSCORE, IMP)
# The top of the IMP scale: nobody wins or loses more than 24 IMPs on a board.
IMP_LIMIT = 24.0


class CalcInputError(ValueError):
    """Input the calculator refuses; ``field`` is the form field and option at fault."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Calculation:
    scoring: str
    kind: str
    boards: int
    played: int
    players: tuple[float, ...]
    field: float
    result: float
    owner_handicap: float
    expected: float
    change: float
    new: tuple[float, ...]  # each player's handicap after the change (capped at the maximum)
    policy_version: str


def parse_number(text: str | float | int, field: str) -> float:
    """A number as typed: ``57.5`` or with a decimal comma, ``57,5``."""
    if isinstance(text, int | float):
        value = float(text)
    else:
        cleaned = str(text).strip().replace("−", "-").replace(",", ".")
        if not cleaned:
            raise CalcInputError(field, _("Give a number."))
        try:
            value = float(cleaned)
        except ValueError:
            value = math.nan
    if not math.isfinite(value):
        raise CalcInputError(field, _("“%(value)s” is not a number.") % {"value": text})
    return value


def parse_whole_number(text: str | int | None, field: str) -> int | None:
    """A count of boards; ``None`` or blank stays ``None``."""
    if text is None or (isinstance(text, str) and not text.strip()):
        return None
    if isinstance(text, int):
        return text
    try:
        return int(str(text).strip())
    except ValueError:
        raise CalcInputError(
            field, _("“%(value)s” is not a whole number.") % {"value": text}
        ) from None


def parse_handicaps(text: str, field: str = "owner") -> tuple[float, ...]:
    """The players' handicaps: ``26, 18.5`` or, with decimal commas, ``26; 18,5``."""
    text = text.strip()
    if ";" in text:
        parts = text.split(";")
    else:
        parts = re.split(r"[,\s]+", text)
    parts = [part.strip() for part in parts if part.strip()]
    if not parts:
        raise CalcInputError(field, _("Give the handicap of each player."))
    return tuple(parse_number(part, field) for part in parts)


def _check_handicap(value: float, field: str, policy: HandicapPolicy) -> None:
    # The rules have no floor (some top players are below zero, seed line 645); a
    # handicap below minus the maximum is a typing error rather than a player.
    low, high = -policy.max_handicap, policy.max_handicap
    if not low <= value <= high:
        raise CalcInputError(
            field,
            _("A handicap is between %(low)s and %(high)s; got %(value)s.")
            % {"low": f"{low:g}", "high": f"{high:g}", "value": f"{value:g}"},
        )


def calculate(
    *,
    scoring: str,
    kind: str,
    boards: int,
    owner: Sequence[float],
    field: float,
    result: float,
    played: int | None = None,
    policy: HandicapPolicy = SBF_2007,
) -> Calculation:
    """The owner's handicap, the expected result and each player's change.

    ``owner`` is the handicaps of the players who share the result (one, two, or the
    four of a team), ``field`` the average handicap of the rest of the field (a team
    match: the opponents' team handicap), ``played`` the player's boards (G_N; all
    ``boards`` when ``None``). The change is the same for every player of the owner.
    """
    if scoring not in SCORINGS:
        raise CalcInputError(
            "scoring",
            _("Unknown scoring “%(value)s”; known: %(known)s.")
            % {"value": scoring, "known": ", ".join(SCORINGS)},
        )
    if kind not in KINDS:
        raise CalcInputError(
            "kind",
            _("Unknown kind “%(value)s”; known: %(known)s.")
            % {"value": kind, "known": ", ".join(KINDS)},
        )
    form = KINDS[kind]
    if boards is None or boards < 1:
        raise CalcInputError("boards", _("An event has at least one board."))
    if played is None:
        played = boards
    if not 1 <= played <= boards:
        raise CalcInputError(
            "played",
            _("Boards played is between 1 and the event's %(boards)d boards.") % {"boards": boards},
        )
    players = tuple(float(h) for h in owner)
    count = FORMS[form].players
    if len(players) != count:
        raise CalcInputError(
            "owner",
            ngettext(
                "Give %(count)d handicap for this kind of event; got %(got)d.",
                "Give %(count)d handicaps for this kind of event, one per player; got %(got)d.",
                count,
            )
            % {"count": count, "got": len(players)},
        )
    for value in players:
        _check_handicap(value, "owner", policy)
    _check_handicap(field, "field", policy)
    if not math.isfinite(result):
        raise CalcInputError("result", _("“%(value)s” is not a number.") % {"value": result})
    if scoring == TOPSCORE and not 0 <= result <= 100:
        raise CalcInputError(
            "result",
            _("A topscore result is a percentage from 0 to 100; got %(value)s.")
            % {"value": f"{result:g}"},
        )
    if scoring == IMP and not -IMP_LIMIT <= result <= IMP_LIMIT:
        raise CalcInputError(
            "result",
            _("An IMP result is IMPs per board, from -24 to 24; got %(value)s.")
            % {"value": f"{result:g}"},
        )

    own = owner_handicap(players)
    expected = expected_result(own, field, scoring, form, policy)
    # + 0.0: a result exactly as expected changes nothing, not by -0.0
    delta = change(result, expected, played, boards, scoring, form, policy) + 0.0
    return Calculation(
        scoring=scoring,
        kind=kind,
        boards=boards,
        played=played,
        players=players,
        field=field,
        result=result,
        owner_handicap=own,
        expected=expected,
        change=delta,
        new=tuple(capped(h + delta, policy) for h in players),
        policy_version=policy.version,
    )
