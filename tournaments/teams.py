"""Team standings from a tournament's saved matches: the W.O. scores settled and the
teams ranked by the seed 003 rules (``tournaments.domain.teams``), a team that gave
W.O. in 25 % or more of the rounds excluded and the series counted without it (line
776). Idempotent."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from members.common.pages import Part

from .domain import teams as rules
from .domain.imps import board_imps
from .domain.teams import (
    Exclusion,
    Side,
    SideResult,
    TeamPlacing,
    minimum_imps,
    rank_series,
    stage_rounds,
    walkover_exclusions,
    walkover_vp,
)
from .domain.vp import apply_vp_penalties, bam_board, wbf_blitz
from .models import Entry, MatchBoard, Standing, TeamMatch, Tournament

_CENT = Decimal("0.01")


def walkover_giver(match: TeamMatch) -> Side:
    """Which team gave the W.O.: the side with 0 IMPs (the receiver has the minimum
    for its VPs)."""
    return rules.walkover_giver(
        Decimal(match.imps_home), Decimal(match.imps_away), match.vp_home, match.vp_away
    )


def exclusions(teams: Iterable[int], matches: Iterable[TeamMatch]) -> dict[int, Exclusion]:
    """The teams (entry ids) excluded for their W.O.s (seed 003 line 776), from the
    series as played: the stage's rounds are its distinct rounds, at least a single
    series of its teams (``stage_rounds``)."""
    matches = list(matches)
    rounds = stage_rounds(len(list(teams)), (m.round for m in matches))
    givers = [
        (m.home_id if walkover_giver(m) == "home" else m.away_id, m.round)
        for m in matches
        if m.walkover
    ]
    return walkover_exclusions(givers, rounds)


def counted(matches: Iterable[TeamMatch], excluded: Iterable[int]) -> list[TeamMatch]:
    """The matches the series counts: none of an excluded team's ("Samtliga lagets
    resultat stryks")."""
    out = set(excluded)
    return [m for m in matches if m.home_id not in out and m.away_id not in out]


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


def _teams(tournament: Tournament) -> list[int]:
    return list(
        Entry.objects.filter(section__tournament=tournament, phantom=False)
        .order_by("number")
        .values_list("pk", flat=True)
    )


def team_placings(tournament: Tournament) -> list[TeamPlacing[int]]:
    """The ranking of the tournament's teams from its saved matches (entry ids); an
    excluded team last, with its ``excluded`` reason and nothing counted."""
    teams = _teams(tournament)
    matches = list(TeamMatch.objects.filter(tournament=tournament))
    excluded = exclusions(teams, matches)
    return rank_series(teams, side_results(counted(matches, excluded)), excluded)


def _settle_walkovers(tournament: Tournament) -> None:
    """Give every W.O. receiver the best of the seed's three alternatives, from the
    matches played so far ("beräknas efter seriens slut": provisional until then),
    without an excluded team's matches (the series "räknas om som om laget aldrig
    deltagit"). A struck match keeps its VPs: the master points of a played match
    are still paid from it."""
    all_matches = list(TeamMatch.objects.filter(tournament=tournament))
    matches = counted(all_matches, exclusions(_teams(tournament), all_matches))
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
    the total VP; ``percentage`` is empty. A team excluded for its W.O.s (line
    776) stands below the others, sharing the places after the last, with 0 VP;
    it keeps a standing so that the awards step still pays its played matches.
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


def exclusions_part(tournament: Tournament, user) -> dict | None:
    """The tournament page's note under a team series' standings: each excluded team
    with its reason (seed 003 line 776). Nothing for other events or a series without
    an exclusion; two queries for a team series."""
    if tournament.scoring != Tournament.Scoring.TEAM_VP:
        return None
    teams = {
        pk: (number, name)
        for pk, number, name in Entry.objects.filter(
            section__tournament=tournament, phantom=False
        ).values_list("pk", "number", "name")
    }
    if not teams:
        return None
    excluded = exclusions(teams, TeamMatch.objects.filter(tournament=tournament))
    if not excluded:
        return None
    return {
        "excluded": [
            {
                "number": teams[pk][0],
                "name": teams[pk][1],
                "walkovers": exclusion.walkovers,
                "rounds": exclusion.rounds,
                "line": rules.EXCLUSION_LINE,
            }
            for pk, exclusion in sorted(excluded.items(), key=lambda item: teams[item[0]][0])
        ]
    }


# The part, for tournaments.apps to add to the tournament page (TOURNAMENT_PAGE.add):
# cached with the page, whose key moves with every report (report_version).
EXCLUSIONS_PART = Part(
    "team_exclusions",
    exclusions_part,
    {"after_results": "tournaments/includes/_team_exclusions.html"},
    order=10,
)


# --- How a team event is scored, as its pages say it ---------------------------------

# The scale's name with the seed that gives it (seed 003 "20-0-skalan"; seed 004
# "Victory Point scoring", lines 203-213).
SCALE_LABELS = {
    Tournament.VpScale.WBF: _("VP scale: WBF continuous 20-0 (seed 003)"),
    Tournament.VpScale.POINTS_20: _("VP scale: 20-point (seed 004)"),
    Tournament.VpScale.POINTS_30: _("VP scale: 30-point (seed 004)"),
}
BOARD_A_MATCH_LABEL = _("Board-a-match: 1 point a board won, ½ a tie (seed 004)")


def scale_label(tournament: Tournament) -> str:
    """What a team event's match scores are: its VP scale, or board points."""
    if tournament.scoring == Tournament.Scoring.BOARD_A_MATCH:
        return str(BOARD_A_MATCH_LABEL)
    return str(SCALE_LABELS.get(tournament.vp_scale, SCALE_LABELS[Tournament.VpScale.WBF]))


def board_lines(tournament: Tournament, boards: Iterable[MatchBoard]) -> list[dict]:
    """Each board of a match with what it scored: the home team's net IMPs
    (``board_imps``) or, board-a-match, each team's board points (``bam_board``)."""
    bam = tournament.scoring == Tournament.Scoring.BOARD_A_MATCH
    lines = []
    for b in sorted(boards, key=lambda b: b.board):
        line = {"board": b.board, "open": b.open_ns_score, "closed": b.closed_ns_score}
        if bam:
            line["points"] = bam_board(b.open_ns_score, b.closed_ns_score)
        else:
            line["imps"] = board_imps(b.open_ns_score, b.closed_ns_score)
        lines.append(line)
    return lines


def scoring_part(tournament: Tournament, user) -> dict | None:
    """The tournament page's card of a team event's scoring: the VP scale (or
    board-a-match) and every match entered board by board, with each board's IMPs
    or points. Two queries; nothing for other events."""
    if tournament.scoring not in (
        Tournament.Scoring.TEAM_VP,
        Tournament.Scoring.BOARD_A_MATCH,
    ):
        return None
    matches = [
        {"match": m, "boards": board_lines(tournament, m.board_scores.all())}
        for m in TeamMatch.objects.filter(tournament=tournament)
        .select_related("home", "away")
        .prefetch_related("board_scores")
    ]
    return {
        "scale": scale_label(tournament),
        "board_a_match": tournament.scoring == Tournament.Scoring.BOARD_A_MATCH,
        "matches": [m for m in matches if m["boards"]],
    }


# For tournaments.apps to add to the tournament page beside EXCLUSIONS_PART.
SCORING_PART = Part(
    "team_scoring",
    scoring_part,
    {"after_results": "tournaments/includes/_team_scoring.html"},
    order=5,
)
