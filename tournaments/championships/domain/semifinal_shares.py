"""DM Lag: the semifinal places of each heat, and the heats in turn for a vacancy.

Source: seed ``003_796cec548aee39db.txt``, "Avancemang till DM Lag Semifinal" (lines
571-573: a heat's share is its teams / all teams × the places; one place per whole
number, at least one, the rest by decimals), "Särskiljning vid fördelning av platser"
(lines 575-582) and "Återbud" (line 590: the heat next in turn).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from .semifinal_ties import (
    Reason,
    Record,
    break_tie,
    number_words,
    rank_records,
    tie_groups,
)

MIN_TEAMS_PER_HEAT = 4  # 003 line 500: "i serieform med minst fyra lag i varje serie"
MIN_PLACES_PER_HEAT = 1  # 003 line 573: "dock minst en (1) plats"


# --- The semifinal places of each heat -----------------------------------------------


class PlacesInputError(ValueError):
    """Input the rules cannot take: ``field`` names what (heats, places, next_in_line)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field
        self.message = message


@dataclass(frozen=True)
class HeatPlaces:
    """One heat's semifinal places, each with its reason."""

    heat: int  # 1-based, in the order given
    teams: int
    share: Fraction  # jämförelsetal: teams / all teams × places
    reasons: tuple[Reason, ...]  # one a place
    notes: tuple[Reason, ...] = ()  # a whole-number place given up to the minimum

    @property
    def places(self) -> int:
        return len(self.reasons)

    @property
    def whole(self) -> int:
        return math.floor(self.share)

    @property
    def decimals(self) -> Fraction:
        return self.share - self.whole


@dataclass(frozen=True)
class Contest:
    """Places the data given could not settle: the heats still tied compete for them.

    ``kind`` "decimals": equal decimals for the last places (lines 575-582), undecided
    without the next teams' records (``records_given`` False) or still tied with them;
    "minimum": heats to give up a whole-number place to the minimum, tied on decimals.
    """

    kind: Literal["decimals", "minimum"]
    heats: tuple[int, ...]
    places: int
    records_given: bool


@dataclass(frozen=True)
class SemifinalPlaces:
    teams: int
    places: int
    heats: tuple[HeatPlaces, ...]
    contest: Contest | None = None

    @property
    def counts(self) -> list[int]:
        return [h.places for h in self.heats]


def _validate(heats: Sequence[int], places: int, next_in_line: Sequence[Record] | None) -> None:
    if not heats:
        raise PlacesInputError("heats", "give the number of teams of at least one heat")
    for number, teams in enumerate(heats, start=1):
        if teams < MIN_TEAMS_PER_HEAT:
            raise PlacesInputError(
                "heats",
                f"heat {number} has {teams} teams; a heat is a series of at least "
                f"{MIN_TEAMS_PER_HEAT} teams (seed 003 line 500)",
            )
    if places < 1:
        raise PlacesInputError("places", "the semifinal places must be at least 1")
    if places < len(heats) * MIN_PLACES_PER_HEAT:
        raise PlacesInputError(
            "places",
            f"{places} places cannot give each of the {len(heats)} heats at least one "
            "place (seed 003 line 573)",
        )
    if places > sum(heats):
        raise PlacesInputError(
            "places", f"{places} places for {sum(heats)} teams: more places than teams"
        )
    if next_in_line is not None and len(next_in_line) != len(heats):
        raise PlacesInputError(
            "next_in_line", f"{len(next_in_line)} records for {len(heats)} heats"
        )


def _others(heat: int, group: Sequence[int]) -> str:
    return ", ".join(str(h) for h in group if h != heat)


def semifinal_places(
    heats: Sequence[int],
    places: int,
    *,
    next_in_line: Sequence[Record] | None = None,
    lot: Sequence[int] = (),
) -> SemifinalPlaces:
    """The semifinal places of each heat, in the order given (seed 003 "Avancemang till
    DM Lag Semifinal", lines 571-573; ties: "Särskiljning vid fördelning av platser",
    lines 575-582).

    A heat's share is Fraction(teams × places, all teams). It gets one place per whole
    number of its share, at least one place; the places left go one each to the heats
    whose share exceeds their places by the most (their decimals), as far as they go.
    Equal decimals for the last places: ``next_in_line`` (per heat, the record of its
    first team without a place) separates them by :func:`break_tie`, then ``lot``
    (heat numbers, best first). A heat raised to its one place has no decimals left to
    compete with. Should the minimum leave fewer places than the whole numbers take, the
    heats with the smallest decimals give a whole-number place up, never below one
    (ties: the heat drawn last in ``lot`` gives up). Undecided places are in
    ``contest``; the heats' counts then leave them out (or still hold them: "minimum").
    """
    _validate(heats, places, next_in_line)
    total = sum(heats)
    shares = [Fraction(teams * places, total) for teams in heats]
    counts = [max(MIN_PLACES_PER_HEAT, math.floor(s)) for s in shares]
    reasons: list[list[Reason]] = []
    for share, count in zip(shares, counts, strict=True):
        s_en, s_sv = number_words(share)
        if math.floor(share) >= MIN_PLACES_PER_HEAT:
            reasons.append(
                [
                    Reason(
                        f"the whole number of its share {s_en} (seed 003 line 573)",
                        f"heltalet i jämförelsetalet {s_sv} (seed 003 rad 573)",
                    )
                ]
                * count
            )
        else:
            reasons.append(
                [
                    Reason(
                        f"at least one place for every heat; its share is {s_en} "
                        "(seed 003 line 573)",
                        f"minst en plats per kvalheat; jämförelsetalet är {s_sv} "
                        "(seed 003 rad 573)",
                    )
                ]
            )
    notes: list[list[Reason]] = [[] for _ in heats]
    contest: Contest | None = None

    def claim(k: int) -> Fraction:
        return shares[k] - counts[k]

    left = places - sum(counts)
    given = 0
    while given < left and contest is None:
        ranked = sorted(range(len(heats)), key=claim, reverse=True)
        group = tie_groups(ranked, claim)[0]
        room = left - given
        d_en, d_sv = number_words(claim(group[0]))
        if len(group) <= room:
            for k in group:
                given += 1
                reasons[k].append(
                    Reason(
                        f"its decimals {d_en}, place {given} of the {left} by decimals "
                        "(seed 003 line 573)",
                        f"decimalerna {d_sv}, plats {given} av de {left} efter decimaler "
                        "(seed 003 rad 573)",
                    )
                )
                counts[k] += 1
            continue
        heat_numbers = [k + 1 for k in group]
        if next_in_line is None:
            contest = Contest("decimals", tuple(heat_numbers), room, records_given=False)
            break
        tie = break_tie({k + 1: next_in_line[k] for k in group}, room, lot=lot)
        for heat, why in tie.winners:
            given += 1
            reasons[heat - 1].append(
                Reason(
                    f"its decimals {d_en}, equal with heat {_others(heat, heat_numbers)}: "
                    f"{why.en} (seed 003 lines 575-582)",
                    f"decimalerna {d_sv}, lika med kvalheat {_others(heat, heat_numbers)}: "
                    f"{why.sv} (seed 003 rad 575-582)",
                )
            )
            counts[heat - 1] += 1
        if tie.tied:
            contest = Contest("decimals", tie.tied, tie.places_left, records_given=True)

    taken = 0
    while taken < -left and contest is None:
        able = [k for k in range(len(heats)) if counts[k] > MIN_PLACES_PER_HEAT]
        group = tie_groups(sorted(able, key=claim), claim)[0]
        room = -left - taken
        if len(group) > room:
            numbers = [k + 1 for k in group]
            if all(h in lot for h in numbers):
                group = [h - 1 for h in sorted(numbers, key=list(lot).index)[-room:]]
            else:
                contest = Contest("minimum", tuple(numbers), room, records_given=False)
                break
        for k in group:
            reasons[k].pop()
            notes[k].append(
                Reason(
                    "gives one whole-number place up to the other heats' minimum of one "
                    "place: its decimals are among the smallest (seed 003 line 573; the "
                    "committee's reading)",
                    "lämnar en heltalsplats till de andra kvalheatens minst en plats: dess "
                    "decimaler hör till de minsta (seed 003 rad 573; TK:s tolkning)",
                )
            )
            counts[k] -= 1
            taken += 1

    return SemifinalPlaces(
        teams=total,
        places=places,
        heats=tuple(
            HeatPlaces(
                heat=k + 1,
                teams=heats[k],
                share=shares[k],
                reasons=tuple(reasons[k]),
                notes=tuple(notes[k]),
            )
            for k in range(len(heats))
        ),
        contest=contest,
    )


def heats_in_turn(
    result: SemifinalPlaces,
    *,
    next_in_line: Mapping[int, Record] | None = None,
    lot: Sequence[int] = (),
) -> tuple[tuple[int, ...], ...]:
    """The heats in turn for one more semifinal place, for a vacancy no team of its own
    heat takes (seed 003 "Återbud", lines 590-592): the heat whose share exceeds its
    places by the most first, as the decimals gave the places (line 573). A heat that
    got a place by its decimals comes after every heat that did not. Equal: the records
    of the teams each would send (``next_in_line``, by heat number), then ``lot``; a
    tuple of several heats is still tied.
    """
    claims = {h.heat: h.share - h.places for h in result.heats}
    ordered = sorted(claims, key=lambda h: claims[h], reverse=True)
    turn: list[tuple[int, ...]] = []
    for group in tie_groups(ordered, lambda h: claims[h]):
        if len(group) > 1 and next_in_line is not None:
            turn.extend(tuple(g) for g in rank_records({h: next_in_line[h] for h in group}, lot))
        else:
            turn.append(tuple(group))
    return tuple(turn)
