"""DM Lag: teams choosing their semifinal in placing order, and who is asked when a team
gives its place up.

Source: seed ``003_796cec548aee39db.txt``, "Fördelning av Semifinalplatser", "Återbud",
"Ångra semifinalplats som avstås" (lines 584-596).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic

from .semifinal_ties import (
    Key,
    Reason,
)

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
