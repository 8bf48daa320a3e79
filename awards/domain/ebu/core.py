"""What every part of the EBU master points scheme shares: an event's status and its
factor, the calculator's options, rounding up at the end, the minimum award, ties,
and the result a calculation hands back.

Source: seed ``001_4cb9a3c6036a851e.txt`` (EBU Licensing and Master Points Handbook,
7th ed.): 3.2 "Status of the event" (lines 1752-1768), 3.4 "Fractional/decimal
awards" (lines 1804-1826), 3.5 "Tied positions" (lines 1828-1866), 4.1.7 (72+ boards
raise the status one level, lines 2146-2150), 5.4.1 (100 local = 1 blue, lines
3970-3975), 2.4.1 and 2.5.1 (100 master points = 1 blue or green point; gold points
from green awards of 5 or more, lines 1321-1392).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction

from ..core import Reason

# 3.2 (lines 1752-1768): District = 1½ × Club, County = 2 ×, Regional = 3 ×, National
# = 4 ×. One level below Club (0.75, a lower section or division, 4.8-4.9) and one
# above National (6 = 2 × Regional, 4.1.7 and 4.2.5 raising a National event) are the
# ends of the ladder the rules move an event along.
STATUSES = ("club", "district", "county", "regional", "national")
LADDER: tuple[tuple[str, Fraction], ...] = (
    ("below-club", Fraction(3, 4)),
    ("club", Fraction(1)),
    ("district", Fraction(3, 2)),
    ("county", Fraction(2)),
    ("regional", Fraction(3)),
    ("national", Fraction(4)),
    ("national+1", Fraction(6)),
)
FACTOR: dict[str, Fraction] = dict(LADDER)

# 3.5.1 (lines 1832-1838): a minimum award of 6 points at Club scale, times the factor.
MINIMUM_AT_CLUB = 6

# 2.4.1, 5.4.1: 100 local (master) points = 1 blue or green point.
LOCAL_PER_POINT = 100

# 2.5.1 (lines 1384-1392): a green award of 5 or more in one event also gives gold
# points, one for every five green points.
GOLD_FROM_GREEN = Decimal(5)

COLOURS = ("local", "blue", "green")


class EbuInputError(ValueError):
    """An option value or combination the Handbook does not define. ``option`` is the
    calculator's option name without dashes ("tables", "stage"); the message names it
    and says why: ``--tables: a two-winner event needs at least 5 full tables (3.1.1)``.
    ``reason`` is the English why, ``sv`` the Swedish; the message (str) stays English,
    :meth:`text` gives the reason in the reader's language.
    """

    def __init__(self, option: str, reason: str, *, sv: str):
        super().__init__(f"--{option}: {reason}")
        self.option = option
        self.reason = reason
        self.sv = sv

    def text(self, language: str) -> str:
        """The reason in ``language``: Swedish for "sv" (or "sv-..."), else English."""
        return self.sv if language.lower().startswith("sv") else self.reason


def check_status(status: str) -> None:
    """3.2 (lines 1752-1766): an event's status is one of the five named levels."""
    if status not in STATUSES:
        raise EbuInputError(
            "status",
            f"{status!r} is not one of {', '.join(STATUSES)} (3.2)",
            sv=f"{status!r} är inte en av {', '.join(STATUSES)} (3.2)",
        )


def check_local_or_blue(colour: str) -> None:
    """Local points, or blue at 100 local = 1 blue (5.4.1, lines 3970-3975); green
    points come only from chapter 6's events."""
    if colour not in ("local", "blue"):
        raise EbuInputError(
            "colour",
            "local or blue (5.4.1); green points are chapter 6's",
            sv="lokala eller blå (5.4.1); gröna poäng hör till kapitel 6",
        )


def level_of(factor: Fraction) -> int:
    """The factor's rung on :data:`LADDER` (factors between rungs, 2.5 and 3.5 of the
    league tables, have none: ValueError)."""
    for index, (_name, value) in enumerate(LADDER):
        if value == factor:
            return index
    raise ValueError(f"{factor} is not a status on the ladder")


def raised(factor: Fraction, levels: int = 1) -> Fraction:
    """The factor ``levels`` rungs up (or down, negative) the ladder, stopping at its ends
    (4.1.7: "the status is increased by one level")."""
    index = min(max(level_of(factor) + levels, 0), len(LADDER) - 1)
    return LADDER[index][1]


def status_name(factor: Fraction, organisation: str | None = None) -> str:
    """ "club", "district", ... for a factor on the ladder. A factor between rungs (a
    league division's 2½ or 3⅓, 4.8-4.9) is no named level: the organisation's status
    then (the factor itself says how far the division stands from Club), else the
    factor as text."""
    for name, value in LADDER:
        if value == factor:
            return name
    if organisation is not None:
        return organisation
    return f"{float(factor):.2f}"


def minimum_award(factor: Fraction) -> Fraction:
    """3.5.1: 6 points at Club status, multiplied by the status factor."""
    return MINIMUM_AT_CLUB * factor


def round_up(value: Fraction) -> int:
    """3.4.1: local awards are rounded up to a whole number, once, at the end."""
    return math.ceil(value)


def to_points(local: Fraction, colour: str) -> Decimal:
    """Local points as the colour credits them: local points whole (rounded up, 3.4.1);
    blue and green points local ÷ 100 to two decimals (5.4.1, "expressed to 2 decimal
    places"), rounded up, to the player's benefit, as 3.4.1 rounds."""
    if colour == "local":
        return Decimal(round_up(local))
    exact = Decimal(local.numerator) / Decimal(local.denominator) / LOCAL_PER_POINT
    return exact.quantize(Decimal("0.01"), rounding=ROUND_CEILING)


def gold_points(green: Decimal) -> Decimal:
    """2.5.1: green ÷ 5 when the green award in one event is 5 or more, else none."""
    if green < GOLD_FROM_GREEN:
        return Decimal(0)
    return (green / GOLD_FROM_GREEN).quantize(Decimal("0.01"), rounding=ROUND_CEILING)


def share_ties(
    points: list[Fraction], ties: list[tuple[int, int]], minimum: Fraction
) -> list[Fraction]:
    """3.5.1: tied competitors share equally the points of the places they would hold
    were the tie broken; a share below the minimum award is raised to it, when the tie
    covers at least one place due an award ("if a tie occurs at the lowest place due to
    receive an award", example (b): 10 and 0 shared are 6 each, not 5).

    ``points`` is the award of places 1..n in order (places past the end get none);
    ``ties`` is (first place, how many tie). Returns the award of each place 1..n,
    the tied places each holding the shared award (a tie may run past place n: the
    list then grows to cover it)."""
    out = list(points)
    for place, count in ties:
        if place < 1 or count < 2:
            raise EbuInputError(
                "tie",
                f"{place}:{count} is not a tie (place ≥ 1, count ≥ 2)",
                sv=f"{place}:{count} är ingen delad placering (placering ≥ 1, antal ≥ 2)",
            )
        last = place + count - 1
        while len(out) < last:
            out.append(Fraction(0))
        covered = out[place - 1 : last]
        if not any(covered):
            continue
        share = sum(covered, Fraction(0)) / count
        if share < minimum:
            share = minimum
        out[place - 1 : last] = [share] * count
    return out


def paid_places(
    exact: list[Fraction], ties: tuple[tuple[int, int], ...], minimum: Fraction, colour: str
) -> tuple[PlaceResult, ...]:
    """The places a scale pays, as credited: each paid place first raised to the minimum
    award (4.4.5, lines 2486-2490; Scale F prints it as its starred last row, line
    5951: it is the place's applicable award), then tied places share the awards of the
    places they cover, at least the minimum (3.5.1, :func:`share_ties`), then rounded up
    once or taken into blue or green points (:func:`to_points`). Places the scale does
    not pay stay unpaid unless a tie reaches them."""
    paid = list(exact)
    while paid and paid[-1] <= 0:
        paid.pop()
    shared = share_ties([max(award, minimum) for award in paid], list(ties), minimum)
    return tuple(
        PlaceResult(place, to_points(award, colour))
        for place, award in enumerate(shared, start=1)
        if award > 0
    )


@dataclass(frozen=True)
class EbuOptions:
    """The calculator's options (``../shared/interfaces/ebu-calculator.md``), one field per
    command-line option, ``None`` (or ``False``) when not given. Every form reads the
    ones it needs and refuses, with :class:`EbuInputError`, those it does not define."""

    status: str = "club"
    movement: str | None = None  # teams | two-winner | single-winner | individual | four-winner
    tables: Fraction | None = None  # full tables; halves are ignored (4.1.3)
    boards: int | None = None
    ties: tuple[tuple[int, int], ...] = ()
    colour: str = "local"
    major: bool = False
    stage: str | None = None  # qualifying | final | subsequent | consolation | third-final
    original_tables: Fraction | None = None
    premier_tables: Fraction | None = None
    qualifying_stages: int = 1
    boards_per_match: int | None = None
    won: Fraction | None = None  # matches won, draws as ½
    divisions: int | None = None
    division: int | None = None
    strat: str | None = None  # A | B | C | D
    knockout: str | None = None  # single-teams | double-teams | single-pairs
    round: str | None = None  # prelim | 1..8 | county KO rounds
    entries: int | None = None
    remaining: int | None = None
    consolation: bool = False
    bye: bool = False
    ladder: bool = False
    games: int | None = None
    final: bool = False
    event: str | None = None  # green-point events, chapter 6


@dataclass(frozen=True)
class PlaceResult:
    """One awarded place: ``points`` local (whole) or blue/green (two decimals);
    ``gold`` only for green places (2.5.1)."""

    place: int
    points: Decimal
    gold: Decimal | None = None


@dataclass(frozen=True)
class EbuResult:
    """A calculation's answer, as the calculator prints it (interface section 1).

    ``factor`` is the effective status multiplier after every rule; ``awards`` how many
    places are paid (per direction for two-winner events; 0 when the event does not
    qualify, with ``why`` saying why); ``extra`` holds the keys only some forms give
    (``per_match``, ``won_total``, ``round``, ``original_tables``, ``winner_minimum``,
    ``per_draw``); ``rules`` the Handbook sections behind the numbers, in both
    languages, for the page."""

    scale: str
    status: str
    factor: Fraction
    colour: str
    awards: int
    places: tuple[PlaceResult, ...]
    extra: tuple[tuple[str, object], ...] = ()
    rules: tuple[Reason, ...] = field(default=())
    why: Reason | None = None

    def as_json(self) -> dict:
        """The calculator's one JSON object."""
        factor = self.factor
        out: dict = {
            "rulebook": "ebu",
            "scale": self.scale,
            "status": self.status,
            # A league division's 10/3 prints as 3.33, as the Handbook's charts round.
            "factor": int(factor) if factor.denominator == 1 else round(float(factor), 2),
            "colour": self.colour,
            "awards": self.awards,
        }
        for key, value in self.extra:
            out[key] = _plain(value)
        places = []
        for row in self.places:
            item: dict = {"place": row.place, "points": _plain(row.points)}
            if row.gold is not None:
                item["gold"] = _plain(row.gold)
            places.append(item)
        out["places"] = places
        return out


def _plain(value: object) -> object:
    """Numbers as JSON prints them: whole numbers as ints, others as floats."""
    if isinstance(value, bool):
        return value
    if isinstance(value, (Decimal, Fraction)):
        if value == int(value):
            return int(value)
        return float(value)
    return value
