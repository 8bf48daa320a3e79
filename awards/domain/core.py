"""What every rulebook shares: colours, the facts of a finished competition, and
awards that carry their reason.

A rulebook reads a :class:`Competition` (the standings and who played) and
returns :class:`PlayerAward` rows; the same rulebook prints a scale for the
award calculator. Nothing here knows a federation's numbers.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from enum import StrEnum
from functools import cached_property
from typing import Protocol


class Colour(StrEnum):
    BRONZE = "bronze"
    SILVER = "silver"
    GOLD = "gold"
    # The EBU's points (001_4cb9a3c6036a851e.txt 2.4.1, lines 1321-1373): one database
    # serves one federation, so a ledger holds the SBF's colours or these, never both.
    LOCAL = "local"
    BLUE = "blue"
    GREEN = "green"


SBF_COLOURS = (Colour.BRONZE, Colour.SILVER, Colour.GOLD)
EBU_COLOURS = (Colour.LOCAL, Colour.BLUE, Colour.GREEN)

# 1 mp = 1 gp = 10 sp = 100 bp (000_18af0e66f52a62b2.txt, "2. Att samla mästarpoäng").
# EBU: a local point is a master point, a blue or green point 100 (001 2.4.1, 2.6.1).
UNIT = {
    Colour.BRONZE: "bp",
    Colour.SILVER: "sp",
    Colour.GOLD: "gp",
    Colour.LOCAL: "MP",
    Colour.BLUE: "blue",
    Colour.GREEN: "green",
}
MASTER_POINTS_PER_UNIT = {
    Colour.BRONZE: Decimal("0.01"),
    Colour.SILVER: Decimal("0.1"),
    Colour.GOLD: Decimal("1"),
    Colour.LOCAL: Decimal("1"),
    Colour.BLUE: Decimal("100"),
    Colour.GREEN: Decimal("100"),
}


@dataclass(frozen=True)
class Reason:
    """Why an award (or no award): the table or rule, in words, in both UI languages.

    ``sv``: "Tabell D, 46 par, plats 3"; ``en``: "Table D, 46 pairs, place 3".
    """

    table: str
    sv: str
    en: str


@dataclass(frozen=True)
class TableTitle:
    """A table's name and what kind of event it is for, in both UI languages.

    ``sv``: "D – partävling i silver, 12–100 par"; ``en``: "D – silver pairs event,
    12–100 pairs". Each begins with the name as the reader writes it.
    """

    name: str
    sv: str
    en: str


@dataclass(frozen=True)
class PlaceAward:
    """What a scale gives one place, before it is shared out to players."""

    place: int
    colour: Colour
    exact: Decimal  # in the colour's own unit, unrounded
    credited: Decimal  # as credited by the rule's rounding
    reason: Reason


@dataclass(frozen=True)
class Player:
    """One player of an entry as the rules need them."""

    id: str  # MID, or a temporary id for a guest
    entitled: bool = True  # member of the SBF or of another federation
    boards_played: int | None = None
    matches_played: int | None = None
    halves_played: int | None = None
    reserve: bool = False
    rounds_played: int | None = None  # SBF reserves: at least half the rounds (or boards)


@dataclass(frozen=True)
class Placing:
    """One entry's result: ``place``..``place_to`` is a shared place."""

    entry: str
    place: int
    place_to: int
    players: tuple[Player, ...]
    score: Decimal | None = None
    section: str = ""
    direction: str = ""
    group: int | None = None  # playing-strength group, 1 = strongest
    opponents_met: int | None = None
    handicap_place: int | None = None  # place on the handicap list, in handicap events
    handicap_place_to: int | None = None
    # simultaneous events: the place on the common list across heats (``section``)
    overall_place: int | None = None
    overall_place_to: int | None = None


@dataclass(frozen=True)
class Match:
    """One team match of a series or cup, from the home team's side."""

    round: int
    home: str
    away: str
    boards: int
    vp_home: Decimal | None
    vp_away: Decimal | None
    imps_home: Decimal | None = None
    imps_away: Decimal | None = None
    penalty_home: Decimal = Decimal(0)
    penalty_away: Decimal = Decimal(0)
    walkover: bool = False
    # player id -> halves played in this match (1 or 2), per team
    halves: tuple[tuple[str, str, int], ...] = ()  # (entry, player id, halves)


@dataclass(frozen=True)
class Competition:
    """The facts of a finished competition that the award rules read.

    ``table`` names the scale when the organiser or the sanction fixes it (team
    series, championships); otherwise the rulebook picks it from kind and level.
    ``options`` carries rulebook-specific facts by name (e.g. ``"division": 2``,
    ``"spring_autumn_silver": True``); each rulebook documents the names it reads.
    """

    kind: str  # "pairs" | "teams" | "individual"
    level: Colour
    placings: tuple[Placing, ...]
    boards: int
    rounds: int = 0
    all_met_all: bool = True
    handicap_event: bool = False
    table: str | None = None
    matches: tuple[Match, ...] = ()
    options: tuple[tuple[str, object], ...] = field(default=())
    # The field's average handicap over its players, as the report carried their
    # handicaps (SBF raised gold, 000 lines 373-379); None when the report did not
    # carry one for every entry. The office's fact ``average_handicap`` overrides it.
    field_handicap: Decimal | None = None

    def option(self, name: str, default: object = None) -> object:
        return self._options_by_name.get(name, default)

    @cached_property
    def _options_by_name(self) -> dict[str, object]:
        # Rules ask for options once per placing; a dict per question added up.
        return dict(self.options)


@dataclass(frozen=True)
class PlayerAward:
    """One row of the ledger: a player's points of one colour for one competition.

    ``bonus`` is the part of ``exact`` (same unit, unrounded) that is a bonus: ranking
    gives bonuses no points (SBF chapter 7), so the ledger must be able to subtract
    it. An award that is all bonus has ``bonus == exact``. ``gold`` is the EBU's gold
    points a green award gives (001 2.5.1); they count for nothing else.
    """

    player: str
    entry: str
    colour: Colour
    exact: Decimal
    credited: Decimal
    reason: Reason
    bonus: Decimal = Decimal(0)
    gold: Decimal = Decimal(0)


@dataclass(frozen=True)
class AwardOutcome:
    """The awards of a competition, or why there are none (``no_award``)."""

    awards: tuple[PlayerAward, ...] = ()
    no_award: Reason | None = None


@dataclass(frozen=True)
class LedgerWalk:
    """A member's ledger added up in date order, as a rulebook reads it: the holding
    by column (``bronze``, ``silver``, ``gold`` for the SBF; ``local``, ``blue``,
    ``green``, ``gold_points`` for the EBU), the overall master points, the class or
    rank held (``title``, "" for none, and ``rank``, a number growing with seniority),
    and each class or rank reached with the key of the award that reached it."""

    columns: tuple[tuple[str, Decimal], ...]
    master_points: Decimal
    title: str
    rank: int
    reached: tuple[tuple[object, str, int], ...]


# One ledger row as a walk reads it: (key, colour, credited, gold points), in date order.
LedgerRow = tuple[object, Colour, Decimal, Decimal]


class UnknownScale(ValueError):
    """A table name the rulebook does not have; the message lists the valid ones."""


class OutOfRange(ValueError):
    """A scale asked for a field it does not cover (e.g. 3 pairs); ``reason`` says why."""

    def __init__(self, reason: Reason):
        super().__init__(reason.en)
        self.reason = reason


class Rulebook(Protocol):
    """A federation's master points rules: the scales the calculator prints, the facts
    a competition may carry (``Competition.options``), and the awards. The federation
    profile names the rulebook (``awards.rulebooks``)."""

    code: str  # "sbf"
    version: str  # "SBF 2014-2015"

    def table_names(self) -> tuple[str, ...]: ...

    def table_title(self, name: str) -> TableTitle | None:
        """What the table is for, to print beside its name (None: the name says it)."""
        ...

    def check_options(self, options: Mapping[str, object]) -> list[str]:
        """Why these named facts do not fit the rulebook (empty: they do)."""
        ...

    def scale(
        self,
        table: str,
        *,
        entries: int,
        boards: int | None = None,
        met: int | None = None,
        level: Colour | None = None,
    ) -> tuple[PlaceAward, ...]: ...

    def award(self, competition: Competition) -> AwardOutcome: ...

    def walk(self, ledger: Iterable[LedgerRow], on: date | None = None) -> LedgerWalk:
        """The member's holding, class or rank, and promotions from their ledger; with
        ``on``, points that devalue (EBU gold points) as held that day. Each row's key
        begins with the award's day."""
        ...
