"""Team standings from a tournament's saved matches: the W.O. scores settled and the
teams ranked by the seed 003 rules (``tournaments.domain.teams``). Idempotent."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal

from django.db import transaction

from .domain.teams import (
    Side,
    SideResult,
    TeamPlacing,
    minimum_imps,
    rank_teams,
    walkover_vp,
)
from .domain.vp import apply_vp_penalties, wbf_blitz
from .models import Entry, Standing, TeamMatch, Tournament

_CENT = Decimal("0.01")


def walkover_giver(match: TeamMatch) -> Side:
    """Which team gave the W.O.: the side with 0 IMPs (see the module docstring)."""
    return "home" if Decimal(match.imps_home) == 0 else "away"


def _gross(match: TeamMatch) -> tuple[Decimal, Decimal]:
    """The match's VPs from the scale, before penalties."""
    return (
        Decimal(match.vp_home or 0) + Decimal(match.penalty_home),
        Decimal(match.vp_away or 0) + Decimal(match.penalty_away),
    )


def side_results(matches: Iterable[TeamMatch]) -> list[SideResult[int]]:
    """Both sides of every match, by entry id; a W.O. giver lost by the blitz margin."""
    rows: list[SideResult[int]] = []
    for m in matches:
        imps = [Decimal(m.imps_home), Decimal(m.imps_away)]
        lost = [imps[1], imps[0]]
        if m.walkover:
            giver = 0 if walkover_giver(m) == "home" else 1
            # "IMP = minimum för aktuellt antal brickor": beaten by the 20-0 margin.
            lost[giver], lost[1 - giver] = Decimal(wbf_blitz(m.boards)), Decimal(0)
        rows.append(SideResult(m.home_id, m.away_id, Decimal(m.vp_home or 0), imps[0], lost[0]))
        rows.append(SideResult(m.away_id, m.home_id, Decimal(m.vp_away or 0), imps[1], lost[1]))
    return rows


def team_placings(tournament: Tournament) -> list[TeamPlacing[int]]:
    """The ranking of the tournament's teams from its saved matches (entry ids)."""
    teams = list(
        Entry.objects.filter(section__tournament=tournament, phantom=False)
        .order_by("number")
        .values_list("pk", flat=True)
    )
    return rank_teams(teams, side_results(TeamMatch.objects.filter(tournament=tournament)))


def _settle_walkovers(tournament: Tournament) -> None:
    """Give every W.O. receiver the best of the seed's three alternatives, from the
    matches played so far ("beräknas efter seriens slut": provisional until then)."""
    matches = list(TeamMatch.objects.filter(tournament=tournament))
    own: dict[int, list[Decimal]] = defaultdict(list)
    against: dict[int, list[Decimal]] = defaultdict(list)  # what opponents scored v. a team
    for m in matches:
        if m.walkover:
            continue
        home, away = _gross(m)
        own[m.home_id].append(home)
        own[m.away_id].append(away)
        against[m.home_id].append(away)
        against[m.away_id].append(home)
    changed = []
    for m in matches:
        if not m.walkover:
            continue
        giver = walkover_giver(m)
        receiver_id, giver_id = (
            (m.away_id, m.home_id) if giver == "home" else (m.home_id, m.away_id)
        )
        vp = walkover_vp(own_played_vp=own[receiver_id], opponents_of_giver_vp=against[giver_id])
        receiver_imps = Decimal(minimum_imps(vp, m.boards))
        giver_vp, receiver_vp = apply_vp_penalties(
            (Decimal(0), vp),
            m.penalty_home if giver == "home" else m.penalty_away,
            m.penalty_away if giver == "home" else m.penalty_home,
        )
        if giver == "home":
            values = (Decimal(0), receiver_imps, giver_vp, receiver_vp)
        else:
            values = (receiver_imps, Decimal(0), receiver_vp, giver_vp)
        if values != (m.imps_home, m.imps_away, m.vp_home, m.vp_away):
            m.imps_home, m.imps_away, m.vp_home, m.vp_away = values
            changed.append(m)
    TeamMatch.objects.bulk_update(changed, ["imps_home", "imps_away", "vp_home", "vp_away"])


@transaction.atomic
def compute_team_standings(tournament: Tournament) -> None:
    """Replace the tournament's standings from its team matches (idempotent).

    Settles the W.O. scores first (they depend on the other matches), then
    ranks by seed 003 "Särskiljning inom ett kvalheat": total VP (net of
    penalties), IMP quotient, IMPs won in the matches among the teams still
    tied; teams tied after that share the place (``place``..``place_to``), as
    the last step, the lot, is drawn by the committee. ``Standing.score`` is
    the total VP; ``percentage`` is empty.
    """
    _settle_walkovers(tournament)
    placings = team_placings(tournament)
    Standing.objects.filter(entry__section__tournament=tournament).delete()
    Standing.objects.bulk_create(
        Standing(
            entry_id=p.key,
            place=p.place,
            place_to=p.place_to,
            score=p.vp.quantize(_CENT),
            percentage=None,
        )
        for p in placings
    )
