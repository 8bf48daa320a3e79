"""DM Lag: from the semifinals to the ten-team final, and who is asked when a finalist
gives its place up.

Source: seed ``003_796cec548aee39db.txt``, "Avancemang till DM Lag final" (lines
612-618) and "Final" (lines 689-699).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Generic

from .semifinal_choice import Offer
from .semifinal_plan import (
    FINAL_TEAMS,
    QUALIFIED_PER_SEMIFINAL,
)
from .semifinal_ties import (
    Key,
    Reason,
    Record,
    break_tie,
    rank_records,
)

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


def ranked_offers(
    candidates: Sequence[tuple[int | None, Placed[Key]]], reason: Callable[[int | None], Reason]
) -> list[Offer[Key]]:
    """Offers by VP average, then IMP quotient; teams equal on both keep the order given
    and name each other in ``tied_with``."""
    source = {c.team: s for s, c in candidates}
    records = {c.team: c.record for _, c in candidates}
    offers: list[Offer[Key]] = []
    for group in rank_records(records, ()):
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
        offers.extend(ranked_offers(candidates, reason))
    return tuple(offers)
