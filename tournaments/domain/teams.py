"""The team series rules of seed 003 (the district's DM Lag rules): line-ups per half,
the VPs of a match and of a W.O., and the ranking with its tie-breaks.

Seed 003, DM-TÄVLINGAR, LAG: "Match" and "Lag och spelare" (four players a half, at
most six a match), "Antal brickor" (halves), "Walk Over (W.O.)" (the receiver's three
alternatives, rounded up to a whole VP; the giver loses by the 20-0 margin),
"Särskiljning inom ett kvalheat" (VP, IMP quotient, IMPs won among the tied; the
lot is the committee's, so teams still tied share the place), and the exclusion of a
team that gave W.O. in 25 % or more of the stage's rounds (line 776). docs/manual-entry.md
and docs/district-championships.md have the readings.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction
from typing import Final, Generic, Literal, TypeVar

from .vp import WBF_SCALE, apply_vp_penalties, scaled_match_vp, wbf_vp_scale

Side = Literal["home", "away"]
SIDES: tuple[Side, Side] = ("home", "away")
PLAYERS_PER_HALF = 4  # two tables: one pair in each room ("Match")
MAX_PLAYERS_PER_MATCH = 6  # "högst sex (6) spelare delta i en och samma match"
ONE_HALF_UP_TO = 16  # "8–16 brickor spelas utan halvtidsbyte"
TWO_HALVES_FROM = 21  # "21–28 brickor alltid spelas i två halvlek"
WALKOVER_MINIMUM_VP = Decimal("12.00")  # W.O. alternative 2
VP_TOTAL = Decimal("20.00")
_CENT = Decimal("0.01")


def minimum_imps(vp: Decimal, boards: int) -> int:
    """The smallest whole IMP margin that scores at least ``vp`` over ``boards`` boards."""
    for margin, value in enumerate(wbf_vp_scale(boards)):
        if value >= vp:
            return margin
    raise ValueError(f"{vp} VP is above the 20-0 scale")


def walkover_vp(
    *, own_played_vp: Sequence[Decimal], opponents_of_giver_vp: Sequence[Decimal]
) -> Decimal:
    """VP of the team that did not give the W.O. (seed 003 "Walk Over (W.O.)").

    The best of: its own average in its other played matches; 12.00; the
    average of what the teams that met the giver scored against it. Averages
    are rounded up to a whole VP; an alternative with no matches behind it
    does not count.
    """
    candidates = [WALKOVER_MINIMUM_VP]
    for values in (own_played_vp, opponents_of_giver_vp):
        if values:
            average = sum(values, Decimal(0)) / len(values)
            candidates.append(average.to_integral_value(rounding=ROUND_CEILING))
    return min(max(candidates), VP_TOTAL).quantize(_CENT)


@dataclass(frozen=True)
class VpPreview:
    """A match's VPs as they will be saved (a W.O. shows its provisional 12.00)."""

    vp_home: Decimal
    vp_away: Decimal
    imps_home: Decimal
    imps_away: Decimal


def preview_vp(
    *,
    boards: int,
    imps_home: Decimal | int = 0,
    imps_away: Decimal | int = 0,
    penalty_home: Decimal | int = 0,
    penalty_away: Decimal | int = 0,
    walkover_by: Side | None = None,
    scale: str = WBF_SCALE,
) -> VpPreview:
    """VPs from IMPs on ``scale`` (the WBF scale for ``boards`` unless the event
    chose the 20- or 30-point scale), penalties deducted afterwards.

    The W.O. score is seed 003's, written for the WBF 20-0 scale: on another
    scale a W.O. is the committee's to score (``ValueError``)."""
    if walkover_by is None:
        imps = (Decimal(imps_home), Decimal(imps_away))
        gross = scaled_match_vp(scale, imps[0], imps[1], boards)
    elif scale != WBF_SCALE:
        raise ValueError(f"a W.O. score on the {scale}-point VP scale is not in the rules")
    else:
        # The receiver starts on alternative 2; compute_team_standings raises it
        # to its or the giver's opponents' average once there are matches for it.
        receiver_imps = Decimal(minimum_imps(WALKOVER_MINIMUM_VP, boards))
        if walkover_by == "home":
            imps, gross = (Decimal(0), receiver_imps), (Decimal(0), WALKOVER_MINIMUM_VP)
        else:
            imps, gross = (receiver_imps, Decimal(0)), (WALKOVER_MINIMUM_VP, Decimal(0))
    net = apply_vp_penalties(gross, penalty_home, penalty_away)
    return VpPreview(
        vp_home=net[0].quantize(_CENT),
        vp_away=net[1].quantize(_CENT),
        imps_home=imps[0],
        imps_away=imps[1],
    )


Key = TypeVar("Key", bound=Hashable)


@dataclass(frozen=True)
class SideResult(Generic[Key]):
    """One team's side of one match, as the ranking reads it."""

    team: Key
    opponent: Key
    vp: Decimal
    imps_won: Decimal
    imps_lost: Decimal


@dataclass(frozen=True)
class TeamPlacing(Generic[Key]):
    key: Key
    vp: Decimal
    imps_won: Decimal
    imps_lost: Decimal
    place: int
    place_to: int
    # Set for a team excluded from the series (line 776): placed below the others,
    # its results struck.
    excluded: Exclusion | None = None

    @property
    def quotient(self) -> Fraction | None:
        """IMPs won / IMPs lost; None when nothing was lost (shown as "–")."""
        return Fraction(self.imps_won) / Fraction(self.imps_lost) if self.imps_lost else None

    @property
    def shared(self) -> bool:
        return self.place_to != self.place


def _quotient_key(won: Decimal, lost: Decimal) -> tuple[int, Fraction]:
    # Nothing lost: above every finite quotient when something was won; 0/0
    # (no IMPs either way) counts as an even quotient of 1. Not in the seed.
    if lost == 0:
        return (1, Fraction(0)) if won > 0 else (0, Fraction(1))
    return (0, Fraction(won) / Fraction(lost))


def rank_teams(teams: Sequence[Key], results: Iterable[SideResult[Key]]) -> list[TeamPlacing[Key]]:
    """Rank teams by seed 003 "Särskiljning inom ett kvalheat", places shared at the lot.

    ``teams`` in display order (teams still tied keep it); ``results`` holds
    both sides of every match.
    """
    results = list(results)
    vp: dict[Key, Decimal] = dict.fromkeys(teams, Decimal(0))
    won: dict[Key, Decimal] = dict.fromkeys(teams, Decimal(0))
    lost: dict[Key, Decimal] = dict.fromkeys(teams, Decimal(0))
    for r in results:
        vp[r.team] += r.vp
        won[r.team] += r.imps_won
        lost[r.team] += r.imps_lost

    def split(group: list[Key], key) -> list[list[Key]]:
        ordered = sorted(group, key=key, reverse=True)  # stable: display order among equals
        groups: list[list[Key]] = []
        for team in ordered:
            if groups and key(groups[-1][0]) == key(team):
                groups[-1].append(team)
            else:
                groups.append([team])
        return groups

    def head_to_head(group: list[Key]) -> list[list[Key]]:
        members = set(group)
        among: dict[Key, Decimal] = dict.fromkeys(group, Decimal(0))
        for r in results:
            if r.team in members and r.opponent in members:
                among[r.team] += r.imps_won
        return split(group, lambda t: among[t])

    final_groups: list[list[Key]] = []
    for by_vp in split(list(teams), lambda t: vp[t]):
        for by_quotient in split(by_vp, lambda t: _quotient_key(won[t], lost[t])):
            if len(by_quotient) == 1:
                final_groups.append(by_quotient)
            else:
                final_groups.extend(head_to_head(by_quotient))

    placings: list[TeamPlacing[Key]] = []
    place = 1
    for group in final_groups:
        for team in group:
            placings.append(
                TeamPlacing(
                    key=team,
                    vp=vp[team],
                    imps_won=won[team],
                    imps_lost=lost[team],
                    place=place,
                    place_to=place + len(group) - 1,
                )
            )
        place += len(group)
    return placings


# --- W.O. exclusion (seed 003 line 776) ------------------------------------------------

# "Ett lag utesluts ifall det lämnar w.o. i 25 % eller fler av de ronder som den
# aktuella etappen omfattar."
EXCLUSION_SHARE: Final = Fraction(1, 4)
# "Då ett och samma lag lämnar W.O i flera ronder i samma etapp, kan laget bli föremål
# för uteslutning": the rule is about W.O. in several rounds, so a single W.O. never
# excludes (it would in a heat of four teams: 1 of 3 rounds is 33 %).
EXCLUSION_MIN_WALKOVERS: Final = 2
EXCLUSION_LINE: Final = 776


@dataclass(frozen=True)
class Exclusion:
    """A team excluded from the series: W.O. in ``walkovers`` of the stage's ``rounds``."""

    walkovers: int
    rounds: int

    @property
    def line(self) -> int:
        return EXCLUSION_LINE

    @property
    def percent(self) -> Fraction:
        return Fraction(100 * self.walkovers, self.rounds)

    @property
    def reason_en(self) -> str:
        return (
            f"excluded: W.O. in {self.walkovers} of {self.rounds} rounds (≥ 25 %), "
            f"003 line {EXCLUSION_LINE}"
        )

    @property
    def reason_sv(self) -> str:
        return (
            f"utesluten: W.O. i {self.walkovers} av {self.rounds} ronder (≥ 25 %), "
            f"003 rad {EXCLUSION_LINE}"
        )


def walkover_giver(
    imps_home: Decimal | None,
    imps_away: Decimal | None,
    vp_home: Decimal | None = None,
    vp_away: Decimal | None = None,
) -> Side:
    """Which team of a W.O. match gave it: the side with fewer IMPs (the giver has 0,
    the receiver the minimum for its VPs), else the side with fewer VP; home when the
    match tells nothing apart."""
    if imps_home is not None and imps_away is not None and imps_home != imps_away:
        return "home" if imps_home < imps_away else "away"
    if vp_home is not None and vp_away is not None and vp_home != vp_away:
        return "home" if vp_home < vp_away else "away"
    return "home"


def round_robin_rounds(teams: int) -> int:
    """The rounds of a single series of ``teams`` teams: n - 1, or n with a bye."""
    return teams - 1 if teams % 2 == 0 else teams


def stage_rounds(teams: int, rounds_played: Iterable[int]) -> int:
    """The rounds the stage comprises ("de ronder som den aktuella etappen omfattar"):
    the distinct rounds entered, but never fewer than a single series of its teams, so
    that a W.O. in the first round does not exclude a team before the others are
    played."""
    return max(len(set(rounds_played)), round_robin_rounds(teams) if teams > 1 else 0)


def walkover_exclusions(walkovers: Iterable[tuple[Key, int]], rounds: int) -> dict[Key, Exclusion]:
    """The teams to exclude (line 776): W.O. given in several rounds (two or more)
    and in 25 % or more of the ``rounds``.

    ``walkovers`` holds (giver, round) of every W.O. of the stage as played; a team
    counts one W.O. per round. The rule is applied once, to the series as played: a
    W.O. given to a team that is itself excluded still counts.
    """
    by_team: dict[Key, set[int]] = {}
    for team, round_ in walkovers:
        by_team.setdefault(team, set()).add(round_)
    if rounds <= 0:
        return {}
    return {
        team: Exclusion(walkovers=len(given), rounds=rounds)
        for team, given in by_team.items()
        if len(given) >= EXCLUSION_MIN_WALKOVERS and Fraction(len(given), rounds) >= EXCLUSION_SHARE
    }


def rank_series(
    teams: Sequence[Key],
    results: Iterable[SideResult[Key]],
    excluded: Mapping[Key, Exclusion],
) -> list[TeamPlacing[Key]]:
    """:func:`rank_teams` as if the excluded teams never took part (line 776): their
    matches leave everyone's totals, and they follow the others below the line,
    sharing the places after the last, with nothing counted."""
    kept = [t for t in teams if t not in excluded]
    counted = [r for r in results if r.team not in excluded and r.opponent not in excluded]
    placings = rank_teams(kept, counted)
    out = [t for t in teams if t in excluded]
    first = len(kept) + 1
    zero = Decimal(0)
    placings.extend(
        TeamPlacing(
            key=team,
            vp=zero,
            imps_won=zero,
            imps_lost=zero,
            place=first,
            place_to=first + len(out) - 1,
            excluded=excluded[team],
        )
        for team in out
    )
    return placings
