"""The values a sanction pre-check reads and writes: the planned event, the club's
season, the neighbouring calendar, the real field at results time, and ``Check``.

Source: ``000_18af0e66f52a62b2.txt`` ("Svenska mästarpoäng 2014-2015"), chapters 4
("Tävlingsbestämmelser för mästarpoäng", lines 134-253) and 5 ("Tävlingarna",
lines 255-531). Standard library only; the services map rows to these.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from enum import StrEnum

from tournaments.domain.checks import Check, Severity  # noqa: F401  (part of this module's values)


class Level(StrEnum):
    """The colour an event is played for (line 139-143: bronze by default, silver
    sanctioned by the district, gold by the SBF)."""

    BRONZE = "bronze"
    SILVER = "silver"
    GOLD = "gold"


class Form(StrEnum):
    """The forms of the silver table, lines 336-349."""

    PAIRS = "pairs"
    TEAMS = "teams"
    TEAM_BAROMETER = "team_barometer"
    INDIVIDUAL = "individual"


# The rulebook as a reader knows it (seed 000's title page: "Svenska mästarpoäng
# 2014-2015", the SBF's).
RULEBOOK = "SBF Mästarpoäng 2014-2015"


@dataclass(frozen=True)
class Ref:
    """A place in seed 000: a chapter and a line or line range of the seed file. A
    reader is shown the rulebook and its chapter; the lines are for the docs and the
    tests (``seed``)."""

    chapter: int
    first: int
    last: int | None = None

    @property
    def seed(self) -> str:
        if self.last is None or self.last == self.first:
            return f"000 chapter {self.chapter}, line {self.first}"
        return f"000 chapter {self.chapter}, lines {self.first}-{self.last}"

    @property
    def en(self) -> str:
        return f"{RULEBOOK}, chapter {self.chapter}"

    @property
    def sv(self) -> str:
        return f"{RULEBOOK}, kap. {self.chapter}"


@dataclass(frozen=True)
class Application:
    """A club's planned silver or gold event.

    ``entries`` counts the form's unit: pairs, teams, or players (individual).
    ``players`` and ``players_from_other_clubs`` are the expected field for the
    other-clubs share (lines 290-294, 330-334); leave them None when unknown, the
    share is then checked on the real field. ``weekday`` None means Monday-Friday
    from ``date`` (public holidays are for the caller to pass as False).
    """

    level: Level
    form: Form
    date: dt.date
    entries: int
    boards: int
    championship_qualifier: bool = False
    spring_autumn: bool = False
    bridge_week: str | None = None
    open: bool = True
    handicap: bool = False
    weekday: bool | None = None
    players: int | None = None
    players_from_other_clubs: int | None = None
    name: str = ""
    # "Vid fullteckning" (lines 315-319): the most entries taken, and by when to enter
    field_limit: int | None = None
    entry_deadline: dt.date | None = None

    @property
    def on_weekday(self) -> bool:
        return is_weekday(self.date, self.weekday)


@dataclass(frozen=True)
class SanctionedEvent:
    """One of the club's other sanctioned events this season."""

    date: dt.date
    level: Level
    spring_autumn: bool = False
    bridge_week: str | None = None
    weekday: bool | None = None
    name: str = ""

    @property
    def on_weekday(self) -> bool:
        return is_weekday(self.date, self.weekday)


@dataclass(frozen=True)
class NearbyEvent:
    """A sanctioned event of another club in the same or a neighbouring district."""

    date: dt.date
    name: str
    club: str
    district: str
    level: Level
    same_district: bool = True


@dataclass(frozen=True)
class Context:
    """What the district knows beside the application."""

    club_members: int
    season_events: tuple[SanctionedEvent, ...] = ()
    nearby_events: tuple[NearbyEvent, ...] = ()


@dataclass(frozen=True)
class Field:
    """The real field at results time, for the field-dependent checks."""

    form: Form
    entries: int
    boards: int
    club_members: int
    championship_qualifier: bool = False
    players: int | None = None
    players_from_other_clubs: int | None = None


def is_weekday(date: dt.date, override: bool | None = None) -> bool:
    """A "vardag" (line 298): Monday to Friday unless the caller says otherwise."""
    return date.weekday() < 5 if override is None else override
