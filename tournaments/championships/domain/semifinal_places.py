"""DM Lag: from the heats to the district semifinals, on to the ten-team final and the
SM semifinal places.

Source: ``003_796cec548aee39db.txt`` (the ÖMBF district's rules 2024-2025), DM-TÄVLINGAR,
LAG:

- "Avancemang till DM Lag Semifinal" (lines 571-573): a heat's share (jämförelsetal) is
  its teams / all teams × the semifinal places; one place per whole number of it, at
  least one, the rest by decimals;
- "Särskiljning vid fördelning av platser" (lines 575-582): heats with the same decimals
  for the last places are separated by the VP average (a bye's VPs removed), then the
  IMP quotient;
- "Fördelning av Semifinalplatser", "Återbud", "Ångra semifinalplats som avstås" (lines
  584-596): teams choose in placing order; a vacancy goes down the heat, then to the
  heat next in turn; a team that gave its place up gets it back only as a last resort;
- "Semifinal, Allmänt" (lines 598-606): five or four semifinals by the number of teams;
- "Avancemang till DM Lag final" (lines 612-618) and "Final" (lines 689-699): two from
  each semifinal, the two best thirds with four semifinals, a final of ten;
- "SM Lag Semifinal" (lines 701-720): the choosing order and the places nobody takes.

Where the seed is silent (a lot, a heat below its minimum), the readings are the
district committee's, written in the championship docs (teams) with their lines.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Generic, Literal, TypeVar

Key = TypeVar("Key", bound=Hashable)

MIN_TEAMS_PER_HEAT = 4  # 003 line 500: "i serieform med minst fyra lag i varje serie"
MIN_PLACES_PER_HEAT = 1  # 003 line 573: "dock minst en (1) plats"
MAX_VP = 20  # 003 lines 538, 826-828: the WBF 20-0 scale


@dataclass(frozen=True)
class Reason:
    """Why, in English and in Swedish (each with its seed lines)."""

    en: str
    sv: str


# --- The semifinals, the final, the SM semifinal: the seed's figures ------------------


@dataclass(frozen=True)
class SemifinalPlan:
    """How many semifinals the district plays, of how many teams, where."""

    semifinals: int
    teams_each: int
    venues: tuple[tuple[str, int], ...]

    @property
    def places(self) -> int:
        return self.semifinals * self.teams_each


# 003 line 602: by the number of teams in all heats (from, to; None: no upper bound).
# Four teams each: line 602 says so for five semifinals; with four, each semifinal is the
# same single series of three rounds (lines 606, 649-657), so again four teams.
SEMIFINAL_PLANS: tuple[tuple[int, int | None, SemifinalPlan], ...] = (
    (28, None, SemifinalPlan(5, 4, (("Linköping", 3), ("Norrköping", 2)))),  # 003 line 602
    (22, 27, SemifinalPlan(4, 4, (("Linköping", 2), ("Norrköping", 2)))),  # 003 line 602
)
QUALIFIED_PER_SEMIFINAL = 2  # 003 line 614: "De två främst placerade lagen i varje"
FINAL_TEAMS = 10  # 003 line 693: "en enkelserie för tio lag"
FINAL_ROUNDS_BY_DAY = (3, 3, 3)  # 003 lines 693, 699: a central day, a central weekend
SM_SEMIFINALS = 10  # 003 line 383: "tio semifinaler med sex lag i varje"
SM_SEMIFINAL_TEAMS = 6  # 003 line 383


def semifinal_plan(teams: int) -> SemifinalPlan | None:
    """The semifinals for ``teams`` teams in all heats (seed 003 "Semifinal, Allmänt",
    line 602); None below 22 teams, where ÖMBF TK decides how, and whether, to play."""
    for low, high, plan in SEMIFINAL_PLANS:
        if teams >= low and (high is None or teams <= high):
            return plan
    return None


# --- Ties between heats: VP average with the bye removed, then the IMP quotient --------


@dataclass(frozen=True)
class MatchLine:
    """One line of a team's series: a match's VPs and IMPs, or a bye (frirond)."""

    vp: Decimal
    imps_for: Decimal = Decimal(0)
    imps_against: Decimal = Decimal(0)
    bye: bool = False


@dataclass(frozen=True)
class Record:
    """A team's VP average and IMP quotient, as a tie between heats or semifinals reads
    them (seed 003 "Särskiljning vid fördelning av platser", lines 575-582)."""

    vp_average: Fraction
    imp_quotient: Fraction | None  # None: no IMPs lost and some won, above every quotient

    @classmethod
    def from_matches(cls, matches: Sequence[MatchLine]) -> Record:
        """VP average and IMP quotient over the matches played (seed 003 lines 579-582).

        A bye's VPs are taken out before the average (line 582) and the bye is no match
        played; its IMPs, if any, leave the quotient too (the committee's reading: a bye
        has no opponent). No IMPs either way counts as an even quotient of 1, as in a
        heat's own ranking (``tournaments.domain.teams``).
        """
        played = [m for m in matches if not m.bye]
        if not played:
            raise ValueError("a record needs at least one match played besides byes")
        vp = sum((Fraction(m.vp) for m in played), Fraction(0)) / len(played)
        won = sum((Fraction(m.imps_for) for m in played), Fraction(0))
        lost = sum((Fraction(m.imps_against) for m in played), Fraction(0))
        if lost:
            return cls(vp, won / lost)
        return cls(vp, None if won else Fraction(1))

    def key(self) -> tuple[Fraction, int, Fraction]:
        """Best first when sorted in reverse: VP average, then the IMP quotient."""
        if self.imp_quotient is None:
            return (self.vp_average, 1, Fraction(0))
        return (self.vp_average, 0, self.imp_quotient)


@dataclass(frozen=True)
class TieBreak(Generic[Key]):
    """Who takes the contested places, and who is still tied (the committee's lot)."""

    winners: tuple[tuple[Key, Reason], ...]
    tied: tuple[Key, ...]
    places_left: int


def _groups(keys: Sequence[Key], value: Callable[[Key], object]) -> list[list[Key]]:
    """``keys`` (already sorted) cut where ``value`` changes."""
    groups: list[list[Key]] = []
    for key in keys:
        if groups and value(groups[-1][0]) == value(key):
            groups[-1].append(key)
        else:
            groups.append([key])
    return groups


def _rank(records: Mapping[Key, Record], lot: Sequence[Key]) -> list[list[Key]]:
    """Best first, grouped where still tied: VP average, IMP quotient, then the lot when
    the committee has drawn one for the whole group (``lot``: best first)."""
    ordered = sorted(records, key=lambda k: records[k].key(), reverse=True)
    ranked: list[list[Key]] = []
    for group in _groups(ordered, lambda k: records[k].key()):
        if len(group) > 1 and all(k in lot for k in group):
            ranked.extend([k] for k in sorted(group, key=list(lot).index))
        else:
            ranked.append(group)
    return ranked


def _num(value: Fraction, decimals: int = 3) -> tuple[str, str]:
    """``value`` rounded for people: English with a point, Swedish with a comma."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    text = str(exact.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP))
    return text, text.replace(".", ",")


def _quotient(record: Record) -> tuple[str, str]:
    if record.imp_quotient is None:
        return "no IMPs lost", "inga förlorade IMP"
    return _num(record.imp_quotient)


def _won_by(winner: Record, best_left: Record | None) -> Reason:
    """Which criterion put ``winner`` above the best one left out."""
    if best_left is None:
        return Reason("no one left to separate from", "ingen kvar att särskilja mot")
    if winner.vp_average > best_left.vp_average:
        (w_en, w_sv), (l_en, l_sv) = _num(winner.vp_average), _num(best_left.vp_average)
        return Reason(
            f"VP average {w_en} against {l_en} (seed 003 line 579)",
            f"VP-genomsnitt {w_sv} mot {l_sv} (seed 003 rad 579)",
        )
    if winner.key() > best_left.key():
        (w_en, w_sv), (l_en, l_sv) = _quotient(winner), _quotient(best_left)
        return Reason(
            f"equal VP average, IMP quotient {w_en} against {l_en} (seed 003 line 580)",
            f"lika VP-genomsnitt, IMP-kvot {w_sv} mot {l_sv} (seed 003 rad 580)",
        )
    return Reason(
        "equal VP average and IMP quotient: drawn by lot (the committee's)",
        "lika VP-genomsnitt och IMP-kvot: lottad (av TK)",
    )


def break_tie(
    records: Mapping[Key, Record], places: int, *, lot: Sequence[Key] = ()
) -> TieBreak[Key]:
    """Who of ``records`` takes ``places`` contested places (seed 003 "Särskiljning vid
    fördelning av platser", lines 575-582): the higher VP average with the bye removed,
    then the higher IMP quotient. The seed names no lot here; the committee draws one as
    within a heat (line 569), given as ``lot`` (best first); without it the teams still
    tied are returned in ``tied`` with the places left for them.
    """
    if places < 0:
        raise ValueError("places must not be negative")
    winners: list[Key] = []
    tied: tuple[Key, ...] = ()
    left = places
    ranked = _rank(records, lot)
    rest: list[Key] = []
    for index, group in enumerate(ranked):
        if left == 0:
            rest = [k for g in ranked[index:] for k in g]
            break
        if len(group) <= left:
            winners.extend(group)
            left -= len(group)
        else:
            tied = tuple(group)
            rest = [k for g in ranked[index:] for k in g]
            break
    best_left = records[rest[0]] if rest else None
    return TieBreak(
        winners=tuple((k, _won_by(records[k], best_left)) for k in winners),
        tied=tied,
        places_left=left,
    )


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
        s_en, s_sv = _num(share)
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
        group = _groups(ranked, claim)[0]
        room = left - given
        d_en, d_sv = _num(claim(group[0]))
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
        group = _groups(sorted(able, key=claim), claim)[0]
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
    for group in _groups(ordered, lambda h: claims[h]):
        if len(group) > 1 and next_in_line is not None:
            turn.extend(tuple(g) for g in _rank({h: next_in_line[h] for h in group}, lot))
        else:
            turn.append(tuple(group))
    return tuple(turn)


# --- Choosing a semifinal, vacancies ----------------------------------------------------


@dataclass(frozen=True)
class Choice(Generic[Key]):
    team: Key
    semifinal: str
    reason: Reason


def choose_semifinals(
    *, slots: Mapping[str, int], teams: Sequence[Key], wishes: Mapping[Key, Sequence[str]]
) -> tuple[Choice[Key], ...]:
    """The heat's teams with places choose their semifinal in placing order (seed 003
    "Fördelning av Semifinalplatser", line 586), among the heat's places in each
    semifinal as ÖMBF TK distributed them (``slots``, in the committee's order).

    A team whose wishes name no semifinal with a place left is given the first one
    left in the committee's order (the seed is silent; the committee's reading).
    """
    if len(teams) > sum(slots.values()):
        raise ValueError(f"{len(teams)} teams for {sum(slots.values())} places")
    free = dict(slots)
    choices: list[Choice[Key]] = []
    for rank, team in enumerate(teams, start=1):
        unknown = [s for s in wishes.get(team, ()) if s not in slots]
        if unknown:
            raise ValueError(f"no semifinal {unknown[0]!r} among the heat's places")
        wanted = next((s for s in wishes.get(team, ()) if free[s] > 0), None)
        if wanted is not None:
            reason = Reason(
                f"chooses it as number {rank} in the heat's placing order (seed 003 line 586)",
                f"väljer den som nummer {rank} i kvalheatets placeringsordning (seed 003 rad 586)",
            )
        else:
            wanted = next(s for s in slots if free[s] > 0)
            reason = Reason(
                f"number {rank} in the heat's placing order; none of its wishes had a "
                "place left, so the committee gives it the first one left (seed 003 "
                "line 586; the committee's reading)",
                f"nummer {rank} i kvalheatets placeringsordning; inget av dess val hade "
                "plats kvar, så TK ger det den första lediga (seed 003 rad 586; TK:s "
                "tolkning)",
            )
        free[wanted] -= 1
        choices.append(Choice(team=team, semifinal=wanted, reason=reason))
    return tuple(choices)


@dataclass(frozen=True)
class Offer(Generic[Key]):
    """A team asked to take a place, where it comes from (a heat or semifinal, 1-based;
    None: the DM final) and why; ``tied_with``: teams equal on VP average and IMP
    quotient, listed in the order given, for the committee's lot."""

    team: Key
    source: int | None
    reason: Reason
    tied_with: tuple[Key, ...] = ()


def semifinal_offers(
    *,
    standings: Sequence[Sequence[Key]],
    vacancy_heat: int,
    turn: Sequence[int],
    seated: Collection[Key],
    withdrawn: Key,
    declined: Collection[Key] = (),
) -> tuple[Offer[Key], ...]:
    """Who is asked, in order, to take a semifinal place ``withdrawn`` gave up (seed 003
    "Återbud", lines 588-592; "Ångra semifinalplats som avstås", lines 594-596).

    ``standings``: each heat's teams in placing order; ``vacancy_heat``: the heat of the
    team that withdrew (1-based); ``turn``: every heat in turn for one more place
    (:func:`heats_in_turn`, ties settled by the committee); ``seated``: teams holding a
    place; ``declined``: teams that said no already. First the next teams of the same
    heat, then heat after heat in turn, and last ``withdrawn`` itself (line 596). When
    nobody takes it, the semifinal is played with fewer teams (line 592).
    """
    if sorted(turn) != list(range(1, len(standings) + 1)):
        raise ValueError("turn must name every heat once")
    skip = set(seated) | set(declined) | {withdrawn}
    offers: list[Offer[Key]] = []
    for heat in [vacancy_heat, *(h for h in turn if h != vacancy_heat)]:
        for team in standings[heat - 1]:
            if team in skip:
                continue
            if heat == vacancy_heat:
                reason = Reason(
                    f"the next team of heat {heat}, where the place was given up "
                    "(seed 003 line 590)",
                    f"nästa lag i kvalheat {heat}, där platsen lämnades (seed 003 rad 590)",
                )
            else:
                reason = Reason(
                    f"heat {heat} is next in turn for one more place, every team of heat "
                    f"{vacancy_heat} having said no (seed 003 lines 590-592)",
                    f"kvalheat {heat} står näst på tur för ytterligare en plats, sedan alla "
                    f"lag i kvalheat {vacancy_heat} tackat nej (seed 003 rad 590-592)",
                )
            offers.append(Offer(team=team, source=heat, reason=reason))
    offers.append(
        Offer(
            team=withdrawn,
            source=vacancy_heat,
            reason=Reason(
                "gave the place up and gets it back, as no other team takes it (seed 003 line 596)",
                "avstod platsen och återfår den, då inget annat lag tar den (seed 003 rad 596)",
            ),
        )
    )
    return tuple(offers)


# --- The final ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Placed(Generic[Key]):
    """A team of a semifinal with its record there."""

    team: Key
    record: Record


@dataclass(frozen=True)
class Qualified(Generic[Key]):
    team: Key
    semifinal: int  # 1-based
    place: int
    reason: Reason


@dataclass(frozen=True)
class FinalField(Generic[Key]):
    """The final's teams; ``tied``: teams still tied for the ``places_left`` last places
    (the committee's lot)."""

    qualified: tuple[Qualified[Key], ...]
    tied: tuple[Key, ...] = ()
    places_left: int = 0


_ORDINAL = {1: ("winner", "segrare"), 2: ("second", "tvåa"), 3: ("third", "trea")}


def _placed_word(place: int) -> tuple[str, str]:
    return _ORDINAL.get(place, (f"number {place}", f"nummer {place}"))


def final_qualifiers(
    semifinals: Sequence[Sequence[Placed[Key]]], *, lot: Sequence[Key] = ()
) -> FinalField[Key]:
    """The ten teams of the DM Lag final (seed 003 "Avancemang till DM Lag final", line
    614; "Final", line 693): the first two of every semifinal; with four semifinals also
    the two best thirds, by VP average then IMP quotient (lines 579-580).

    ``semifinals``: each semifinal's teams in placing order. With fewer than four
    semifinals (ÖMBF TK's, line 602) the seed is silent; the committee fills the final
    of ten the same way, the best thirds, then the best fourths.
    """
    qualified: list[Qualified[Key]] = []
    for number, table in enumerate(semifinals, start=1):
        for place, placed in enumerate(table[:QUALIFIED_PER_SEMIFINAL], start=1):
            en, sv = _placed_word(place)
            qualified.append(
                Qualified(
                    team=placed.team,
                    semifinal=number,
                    place=place,
                    reason=Reason(
                        f"{en} of semifinal {number} (seed 003 line 614)",
                        f"{sv} i semifinal {number} (seed 003 rad 614)",
                    ),
                )
            )
    if len(qualified) > FINAL_TEAMS:
        raise ValueError(f"{len(semifinals)} semifinals send more than {FINAL_TEAMS} teams")
    place = QUALIFIED_PER_SEMIFINAL
    while len(qualified) < FINAL_TEAMS:
        place += 1
        at_place = {
            t[place - 1].team: (n, t[place - 1])
            for n, t in enumerate(semifinals, 1)
            if len(t) >= place
        }
        if not at_place:
            break
        tie = break_tie(
            {team: placed.record for team, (_, placed) in at_place.items()},
            FINAL_TEAMS - len(qualified),
            lot=lot,
        )
        en, sv = _placed_word(place)
        for team, why in tie.winners:
            qualified.append(
                Qualified(
                    team=team,
                    semifinal=at_place[team][0],
                    place=place,
                    reason=Reason(
                        f"among the best {en}s of the semifinals: {why.en} (seed 003 line 614)",
                        f"bland semifinalernas bästa på plats {place}: {why.sv} (seed 003 rad 614)",
                    ),
                )
            )
        if tie.tied:
            return FinalField(tuple(qualified), tie.tied, tie.places_left)
    return FinalField(tuple(qualified))


def _ranked_offers(
    candidates: Sequence[tuple[int | None, Placed[Key]]], reason: Callable[[int | None], Reason]
) -> list[Offer[Key]]:
    """Offers by VP average, then IMP quotient; teams equal on both keep the order given
    and name each other in ``tied_with``."""
    source = {c.team: s for s, c in candidates}
    records = {c.team: c.record for _, c in candidates}
    offers: list[Offer[Key]] = []
    for group in _rank(records, ()):
        for team in group:
            offers.append(
                Offer(
                    team=team,
                    source=source[team],
                    reason=reason(source[team]),
                    tied_with=tuple(t for t in group if t != team),
                )
            )
    return offers


def final_offers(
    *,
    semifinals: Sequence[Sequence[Placed[Key]]],
    vacancy_semifinal: int,
    seated: Collection[Key],
    declined: Collection[Key] = (),
) -> tuple[Offer[Key], ...]:
    """Who is asked, in order, to take a final place given up by a team of semifinal
    ``vacancy_semifinal`` (seed 003 lines 616-618): the next teams of the same semifinal,
    then the other semifinals' thirds by the best VP average, then their fourths (and
    so on) the same way. The IMP quotient after the VP average is the committee's reading
    (as for the best thirds, line 614). Nobody left: the final has fewer teams (line 618).
    """
    skip = set(seated) | set(declined)
    own = semifinals[vacancy_semifinal - 1]
    offers = [
        Offer(
            team=p.team,
            source=vacancy_semifinal,
            reason=Reason(
                f"the next team of semifinal {vacancy_semifinal}, where the place was given "
                "up (seed 003 line 616)",
                f"nästa lag i semifinal {vacancy_semifinal}, där platsen lämnades "
                "(seed 003 rad 616)",
            ),
        )
        for p in own
        if p.team not in skip
    ]
    longest = max((len(t) for t in semifinals), default=0)
    for place in range(3, longest + 1):
        en, sv = _placed_word(place)

        def reason(source: int | None, en: str = en, sv: str = sv) -> Reason:
            return Reason(
                f"the {en} of semifinal {source}, by the best VP average (seed 003 line 618)",
                f"semifinal {source}s {sv}, efter bästa VP-genomsnitt (seed 003 rad 618)",
            )

        candidates = [
            (number, table[place - 1])
            for number, table in enumerate(semifinals, start=1)
            if number != vacancy_semifinal
            and len(table) >= place
            and table[place - 1].team not in skip
        ]
        offers.extend(_ranked_offers(candidates, reason))
    return tuple(offers)


# --- SM Lag Semifinal -------------------------------------------------------------------


@dataclass(frozen=True)
class SmPlaces(Generic[Key]):
    """The district's SM semifinal places: the teams in choosing order, and how many
    places go back to SBF."""

    choosing: tuple[Offer[Key], ...]
    returned: int


def sm_queue(
    *, places: int, final_standings: Sequence[Key], semifinal_out: Sequence[Placed[Key]]
) -> tuple[Offer[Key], ...]:
    """Every team that may take one of the district's ``places`` SM semifinal places, in
    turn (seed 003 "SM Lag Semifinal", lines 709-720): the DM final's teams in placing
    order, the winners first (lines 709, 715); only when the places outnumber the
    final's teams, the teams out in the DM semifinals, the highest VP average first
    (lines 717-720; then the IMP quotient, the committee's reading).
    """
    queue = [
        Offer(
            team=team,
            source=None,
            reason=Reason(
                f"number {place} of the DM Lag final (seed 003 lines 709, 715)",
                f"nummer {place} i DM Lag final (seed 003 rad 709, 715)",
            ),
        )
        for place, team in enumerate(final_standings, start=1)
    ]
    if places > len(final_standings):

        def reason(source: int | None) -> Reason:
            return Reason(
                "out in the DM semifinal, by the highest VP average; the places outnumber "
                "the final's teams (seed 003 line 720)",
                "utslaget i DM-semifinalen, efter högsta VP-genomsnitt; platserna är fler "
                "än finalens lag (seed 003 rad 720)",
            )

        queue.extend(_ranked_offers([(None, p) for p in semifinal_out], reason))
    return tuple(queue)


def sm_places(
    *,
    places: int,
    final_standings: Sequence[Key],
    semifinal_out: Sequence[Placed[Key]] = (),
    declined: Collection[Key] = (),
) -> SmPlaces[Key]:
    """The teams that take the district's SM semifinal places, in the order they choose
    their venue (seed 003 lines 709-720), and the places nobody takes, which go back to
    SBF (lines 719-720). ``places`` is SBF's number for the district (line 705).
    """
    if places < 0:
        raise ValueError("places must not be negative")
    taking = [
        o
        for o in sm_queue(
            places=places, final_standings=final_standings, semifinal_out=semifinal_out
        )
        if o.team not in declined
    ][:places]
    return SmPlaces(choosing=tuple(taking), returned=places - len(taking))
