"""Ranking points (rankingpoäng, rp) of the Swedish Bridge Federation.

Source: ``000_18af0e66f52a62b2.txt`` ("Svenska mästarpoäng 2014-2015"),
chapter 7 "Regler för rankingpoäng" (the rates, the 24 months, the worked
example 22,5 gp → 338 rp, the exceptions), chapter 5 "Rallytävlingar" (the rally
bonus is not ranking) and table E5 (the gold of Allsvenskan division 3).

The rule, as the seed gives it and as it is read here (reasons in
docs/master-classes-and-ranking.md):

* Only silver and gold events give ranking; bronze points never do.
* 1 rp per sp and 15 rp per gp, on the award before its credit rounding. In a
  gold event 1.5 rp per sp; in the SM pairs final 9 rp per gp; in Allsvenskan
  division 3 a gp gives what a sp of the same event gives.
* No ranking for bonuses (Allsvenskan, SM and DM finals in chapter 7, rally in
  chapter 5; every other bonus is read the same way) nor for spring and autumn
  silver events. A bonus row gives nothing even in Allsvenskan division 3,
  whose only gold (table E5) is the winners' bonus.
* Rounding: 22.5 gp × 15 = 337.5 is printed as 338. The rulebook's one rounding
  rule is "alla decimaler avrundas uppåt" (shared places; also 42.5 → 43 sp),
  so rp are rounded up to a whole number, one award at a time, since a
  manual report writes the rp of each result. The unrounded rp stay beside.
* "Resultat äldre än 24 månader stryks": a result counts up to and including
  the day 24 calendar months after it was played (a result of 15 March 2013
  still counts on 15 March 2015 and is struck on the 16th); from 29 February
  the 24 months end on 28 February.
* "Man räknar alla sina resultat": every result counts. The footnote that kept
  the old system until 1 July 2015 is history and the old system is not given.
"""

from __future__ import annotations

import calendar
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_CEILING, Decimal
from typing import Final

from awards.domain.core import Colour, Reason

SEED: Final = "000_18af0e66f52a62b2.txt"
TABLE: Final = "Rankingpoäng"
MONTHS_COUNTED: Final = 24

SILVER_RATE: Final = Decimal(1)
SILVER_RATE_GOLD_EVENT: Final = Decimal("1.5")
GOLD_RATE: Final = Decimal(15)
GOLD_RATE_SM_PAIRS_FINAL: Final = Decimal(9)
_ZERO: Final = Decimal(0)


@dataclass(frozen=True)
class RankingAward:
    """One credited award as ranking reads it.

    ``exact`` is the award in its colour's unit before credit rounding (22.5 gp,
    not 23). ``played_on`` is the day the result became final (the last day of
    a multi-day event). ``event_level`` is the event's sanction: bronze, silver
    or gold.
    """

    player: str
    played_on: date
    colour: Colour
    exact: Decimal
    event_level: Colour
    tournament: str = ""
    sm_pairs_final: bool = False
    allsvenskan_div3: bool = False
    bonus: bool = False
    spring_autumn_silver: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.exact, Decimal) or not self.exact.is_finite() or self.exact < 0:
            raise ValueError(f"exact must be a finite Decimal ≥ 0, got {self.exact!r}")


@dataclass(frozen=True)
class CountingAward:
    """An award that counts on the day asked about, and until when."""

    award: RankingAward
    exact: Decimal  # unrounded rp
    points: Decimal  # credited rp
    reason: Reason
    counts_until: date  # last day it counts
    drops_out: date  # first day it no longer counts


@dataclass(frozen=True)
class RankingRow:
    place: int
    place_to: int  # == place unless the place is shared
    player: str
    points: Decimal

    @property
    def place_label(self) -> str:
        return str(self.place) if self.place == self.place_to else f"{self.place}–{self.place_to}"


def event_flags(table: str, options: Mapping[str, object]) -> dict[str, bool]:
    """The :class:`RankingAward` flags that an event's award table and facts give.

    The SM pairs final is table H1 with variant ``"final"``; Allsvenskan division 3
    is table E5 with ``division`` 3; spring and autumn silver events are marked by
    the sanction (``spring_autumn_silver``).
    """
    return {
        "sm_pairs_final": table == "H1" and options.get("variant") == "final",
        "allsvenskan_div3": table == "E5" and str(options.get("division")) == "3",
        "spring_autumn_silver": bool(options.get("spring_autumn_silver")),
    }


def _reason(sv: str, en: str) -> Reason:
    return Reason(TABLE, sv, en)


def ranking_rule(award: RankingAward) -> tuple[Decimal, Reason]:
    """The rp per point of ``award`` and the rule that gives it."""
    if award.event_level is Colour.BRONZE:
        return _ZERO, _reason(
            "Bronstävlingar ger inga rankingpoäng", "Bronze events give no ranking points"
        )
    if award.spring_autumn_silver:
        return _ZERO, _reason(
            "Vår- och höstsilver ingår inte i rankingsystemet",
            "Spring and autumn silver events are not part of the ranking",
        )
    if award.bonus:
        return _ZERO, _reason("Bonus ger inga rankingpoäng", "Bonuses give no ranking points")
    if award.colour is Colour.BRONZE:
        return _ZERO, _reason(
            "Bronspoäng ger inga rankingpoäng", "Bronze points give no ranking points"
        )
    silver_rate = SILVER_RATE_GOLD_EVENT if award.event_level is Colour.GOLD else SILVER_RATE
    if award.colour is Colour.SILVER:
        if award.event_level is Colour.GOLD:
            return silver_rate, _reason(
                "Guldtävling: 1,5 rp per sp", "Gold event: 1.5 ranking points per sp"
            )
        return silver_rate, _reason("1 rp per sp", "1 ranking point per sp")
    if award.sm_pairs_final:
        return GOLD_RATE_SM_PAIRS_FINAL, _reason(
            "SM-par final: 9 rp per gp", "SM pairs final: 9 ranking points per gp"
        )
    if award.allsvenskan_div3:
        return silver_rate, _reason(
            f"Allsvenskan div 3: gp räknas som sp, {_rate_sv(silver_rate)} rp per gp",
            f"Allsvenskan division 3: gp count as sp, {silver_rate} ranking point(s) per gp",
        )
    return GOLD_RATE, _reason("15 rp per gp", "15 ranking points per gp")


def _rate_sv(rate: Decimal) -> str:
    return str(rate).replace(".", ",")


def exact_ranking_points(award: RankingAward) -> Decimal:
    rate, _ = ranking_rule(award)
    return award.exact * rate


def ranking_points(award: RankingAward) -> Decimal:
    """Credited rp of one award: the unrounded product rounded up to a whole number."""
    return exact_ranking_points(award).to_integral_value(rounding=ROUND_CEILING)


def counts_until(played_on: date) -> date:
    """The last day a result counts: the same day 24 months on (28 February for 29th)."""
    months = played_on.month - 1 + MONTHS_COUNTED
    year, month = played_on.year + months // 12, months % 12 + 1
    day = min(played_on.day, calendar.monthrange(year, month)[1])
    return date(year, month, day)


def counting_awards(awards: Iterable[RankingAward], on: date) -> list[CountingAward]:
    """The awards that give ranking on ``on``, newest first.

    Results after ``on`` are not yet in; results that give no rp are left out,
    as the member pages show only the results that count.
    """
    counting: list[CountingAward] = []
    for award in awards:
        last_day = counts_until(award.played_on)
        if not award.played_on <= on <= last_day:
            continue
        points = ranking_points(award)
        if points == 0:
            continue
        _, reason = ranking_rule(award)
        counting.append(
            CountingAward(
                award=award,
                exact=exact_ranking_points(award),
                points=points,
                reason=reason,
                counts_until=last_day,
                drops_out=last_day + timedelta(days=1),
            )
        )
    counting.sort(key=lambda c: (c.award.played_on, c.award.tournament), reverse=True)
    return counting


def ranking_total(awards: Iterable[RankingAward], on: date) -> Decimal:
    return sum((c.points for c in counting_awards(awards, on)), _ZERO)


def ranking_list(awards: Iterable[RankingAward], on: date) -> list[RankingRow]:
    """Every player with ranking on ``on``, best first; equal totals share a place.

    ``awards`` are everyone's; rows with equal points are ordered by player id
    so the list is the same every time.
    """
    by_player: dict[str, list[RankingAward]] = defaultdict(list)
    for award in awards:
        by_player[award.player].append(award)
    totals = {player: ranking_total(own, on) for player, own in by_player.items()}
    ordered = sorted(
        ((player, total) for player, total in totals.items() if total > 0),
        key=lambda item: (-item[1], item[0]),
    )
    places = shared_places(total for _, total in ordered)
    return [RankingRow(*places[total], player, total) for player, total in ordered]


def shared_places(totals: Iterable[Decimal]) -> dict[Decimal, tuple[int, int]]:
    """Each total's place, from and to: equal totals share the places they cover and
    the next total takes the place after them (ch. 7, as docs/master-classes-and-
    ranking.md reads it). The totals may come in any order."""
    counts: dict[Decimal, int] = defaultdict(int)
    for total in totals:
        counts[total] += 1
    places, place = {}, 1
    for total in sorted(counts, reverse=True):
        places[total] = (place, place + counts[total] - 1)
        place += counts[total]
    return places
