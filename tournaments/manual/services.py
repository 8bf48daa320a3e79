"""Manual entry of team events: the DM Lag match report, VPs, W.O. and standings.

Source: seed 003 (``003_796cec548aee39db.txt``, ÖMBF district championship rules
2024-2025), DM-TÄVLINGAR, LAG. Decisions are also in docs/manual-entry.md.

- **What a match report holds** ("Resultatrapportering"): the players' names
  and MIDs *per half* ("halvleksvis", teams may change their line-up at half
  time), and the result in IMPs and VPs on the official WBF scale for the
  match's board count. A match is recorded with :func:`record_team_match`:
  VPs come from the IMPs by :func:`tournaments.scoring.match_vp`; VP penalties
  (late arrival, slow play) are deducted *after* the conversion by
  :func:`tournaments.scoring.apply_vp_penalties`, so ``vp_home``/``vp_away``
  are net of ``penalty_home``/``penalty_away``.
- **Halves** ("Antal brickor"): matches of up to 16 boards are played without a
  half-time change (one half), matches of 21 or more boards always in two
  halves, 17-20 boards either. Two tables: four players per team in each
  half; at most six players of a team in one match ("Lag och spelare"), and a
  player plays for one team only. Each player's ``halves_played`` counts the
  halves of their line-ups: master points are shared "i proportion till antal
  spelade halvlek", and the DM bonus needs a third of the final's halves.
- **W.O.** ("Walk Over (W.O.)", 20-0 scale): the team that gives the W.O.
  gets 0 VP, its IMPs "minimum för aktuellt antal brickor", i.e. it has lost
  by the smallest margin that scores 0-20 (:func:`wbf_blitz`). The other team
  gets the best of (1) its own average in its other played matches, (2) 12.00
  VP, (3) the average of what A's opponents scored against A, rounded up to a
  whole VP ("avrunda alltid decimaler uppåt till närmaste heltal"), with IMPs
  the smallest margin giving that VP. (1) and (3) are "beräknas efter seriens
  slut": :func:`compute_team_standings` recomputes them from the matches
  played so far every time it runs, so the figure is provisional until the
  last match is in. Averages use the VP from the scale (before penalties):
  a penalty punishes one match, not the strength the average stands for.
  The model has no "given by" field: the team that gave the W.O. is the
  side with 0 IMPs (the other side always has at least 1, as it gets ≥ 12 VP).
- **Ranking** ("Särskiljning inom ett kvalheat"): most VP; then highest IMP
  quotient (IMPs won / IMPs lost over all matches); then most IMPs won in the
  matches among the teams still tied ("inbördes möte"); then the lot. The
  lot is the committee's, not ours: teams still tied share the place.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date as Date
from decimal import ROUND_CEILING, Decimal, InvalidOperation
from fractions import Fraction
from typing import Generic, Literal, TypeVar

from django.db import transaction
from django.db.models import Count, Q
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_noop

from members.models import Club, Member

from .domain.vp import wbf_blitz
from .models import (
    Entry,
    EntryPlayer,
    ImportLog,
    LineupSlot,
    Section,
    Standing,
    TeamMatch,
    Tournament,
)
from .scoring import apply_vp_penalties, match_vp, wbf_vp_scale

Side = Literal["home", "away"]
SIDES: tuple[Side, Side] = ("home", "away")
PLAYERS_PER_HALF = 4  # two tables: one pair in each room (seed 003, "Match")
MAX_PLAYERS_PER_MATCH = 6  # "högst sex (6) spelare delta i en och samma match"
ONE_HALF_UP_TO = 16  # "8–16 brickor spelas utan halvtidsbyte"
TWO_HALVES_FROM = 21  # "21–28 brickor alltid spelas i två halvlek"
WALKOVER_MINIMUM_VP = Decimal("12.00")  # W.O. alternative 2
VP_TOTAL = Decimal("20.00")
MANUAL = "manual"  # Tournament.source_format and ImportLog.source_format
_CENT = Decimal("0.01")


@dataclass(frozen=True)
class EntryProblem:
    """What is wrong (a translatable ``template``) and in which form field."""

    field: str
    template: str
    params: Mapping[str, object] = field(default_factory=dict)

    def translated(self) -> str:
        text = gettext(self.template)
        return text % self.params if self.params else text

    def __str__(self) -> str:
        text = self.template % self.params if self.params else self.template
        return f"{self.field}: {text}" if self.field else text


class TeamEntryError(Exception):
    """The entry was refused; nothing was saved. ``problems`` lists every reason."""

    def __init__(self, problems: list[EntryProblem]):
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems[:5]))


@dataclass(frozen=True)
class HalfLineup:
    """Who sat for each team in one half: MIDs, four per team."""

    half: int
    home: tuple[int, ...]
    away: tuple[int, ...]


def lineup_field(half: int, side: Side, seat: int) -> str:
    """The form field a line-up problem belongs to: ``half-2-away-3``."""
    return f"half-{half}-{side}-{seat}"


# --- pure scoring --------------------------------------------------------------------


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
) -> VpPreview:
    """VPs from IMPs on the WBF scale for ``boards``, penalties deducted afterwards."""
    if walkover_by is None:
        imps = (Decimal(imps_home), Decimal(imps_away))
        gross = match_vp(imps[0], imps[1], boards)
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


# --- reading the saved matches -------------------------------------------------------


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


# --- services ------------------------------------------------------------------------


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


def manual_event_id(kind: str, name: str, date: Date) -> str:
    """The event id of a manually entered event: kind, date and name.

    The kind is part of it so that a pairs event reported under the name and
    date of a team event replaces nothing of the team event."""
    return f"{MANUAL}-{kind}-{date:%Y%m%d}-{slugify(name)}"[:100]


def create_team_event(
    *,
    organiser: Club,
    name: str,
    date: Date,
    boards_per_match: int,
    teams: Sequence[tuple[int, str]],
) -> Tournament:
    """A team event (VP scoring) of ``organiser`` with its teams, no matches yet."""
    problems: list[EntryProblem] = []
    if not name.strip():
        problems.append(EntryProblem("name", gettext_noop("The event needs a name.")))
    if boards_per_match < 1:
        problems.append(
            EntryProblem("boards_per_match", gettext_noop("A match has at least one board."))
        )
    if len(teams) < 2:
        problems.append(EntryProblem("teams", gettext_noop("An event needs at least two teams.")))
    seen: set[int] = set()
    for number, team_name in teams:
        if number < 1 or number in seen:
            problems.append(
                EntryProblem(
                    "teams",
                    gettext_noop("Team number %(number)s is given twice or is not positive."),
                    {"number": number},
                )
            )
        if not team_name.strip():
            problems.append(
                EntryProblem(
                    "teams", gettext_noop("Team %(number)s has no name."), {"number": number}
                )
            )
        seen.add(number)
    event_id = manual_event_id(Tournament.Kind.TEAMS, name, date)
    if Tournament.objects.filter(organiser_club=organiser, event_id=event_id).exists():
        problems.append(
            EntryProblem(
                "name",
                gettext_noop("The club already has an event with this name on this date."),
            )
        )
    if problems:
        raise TeamEntryError(problems)

    with transaction.atomic():
        tournament = Tournament.objects.create(
            organiser_club=organiser,
            event_id=event_id,
            name=name.strip(),
            start_date=date,
            end_date=date,
            kind=Tournament.Kind.TEAMS,
            scoring=Tournament.Scoring.TEAM_VP,
            source_format=MANUAL,
        )
        # One section holds the teams; its ``boards`` is the boards per match.
        section = Section.objects.create(
            tournament=tournament, name="", movement=Section.Movement.TEAMS, boards=boards_per_match
        )
        Entry.objects.bulk_create(
            Entry(section=section, number=number, name=team_name.strip())
            for number, team_name in teams
        )
        compute_team_standings(tournament)
    return tournament


def _check_amount(value: Decimal | int, field_name: str, problems: list[EntryProblem]) -> Decimal:
    try:
        amount = Decimal(value)
    except (InvalidOperation, TypeError, ValueError):
        amount = Decimal("NaN")
    if not amount.is_finite() or amount < 0 or amount != amount.quantize(_CENT):
        problems.append(
            EntryProblem(
                field_name,
                gettext_noop("Give a number of at least 0, with at most two decimals."),
            )
        )
        return Decimal(0)
    return amount


def _team_label(entry: Entry) -> str:
    return entry.name or str(entry.number)


def _check_lineups(
    *,
    tournament: Tournament,
    halves: Sequence[HalfLineup],
    boards: int,
    teams: Mapping[Side, Entry],
    walkover: bool,
    problems: list[EntryProblem],
) -> dict[int, Member]:
    """Every line-up rule of seed 003; returns the members by MID."""
    if walkover:
        if any(h.home or h.away for h in halves):
            problems.append(
                EntryProblem(
                    "walkover_by", gettext_noop("A W.O. match has no line-ups: nobody played.")
                )
            )
        return {}
    if [h.half for h in halves] not in ([1], [1, 2]):
        problems.append(
            EntryProblem(
                "halves", gettext_noop("Give the line-ups of half 1, or of halves 1 and 2.")
            )
        )
        return {}
    if len(halves) == 2 and boards <= ONE_HALF_UP_TO:
        problems.append(
            EntryProblem(
                "half-2",
                gettext_noop(
                    "Matches of up to %(boards)s boards are played without a half-time "
                    "change: give one half only."
                ),
                {"boards": ONE_HALF_UP_TO},
            )
        )
    if len(halves) == 1 and boards >= TWO_HALVES_FROM:
        problems.append(
            EntryProblem(
                "half-2",
                gettext_noop(
                    "Matches of %(boards)s boards or more are played in two halves: "
                    "give the second half's line-up."
                ),
                {"boards": TWO_HALVES_FROM},
            )
        )

    mids = {mid for h in halves for side in SIDES for mid in getattr(h, side)}
    members = {m.mid: m for m in Member.objects.filter(mid__in=mids)}
    # A player belongs to one team of the event ("Spelare får inte delta i fler lag än ett").
    other_team = dict(
        EntryPlayer.objects.filter(entry__section__tournament=tournament, member__mid__in=mids)
        .exclude(entry__in=list(teams.values()))
        .values_list("member__mid", "entry__name")
    )
    per_team: dict[Side, set[int]] = {"home": set(), "away": set()}
    for h in halves:
        in_half: set[int] = set()
        for side in SIDES:
            given = getattr(h, side)
            where_team = {"half": h.half, "team": _team_label(teams[side])}
            for seat in range(len(given) + 1, PLAYERS_PER_HALF + 1):
                problems.append(
                    EntryProblem(
                        lineup_field(h.half, side, seat),
                        gettext_noop(
                            "Half %(half)s, %(team)s, player %(seat)s: missing "
                            "(%(count)s players per team play each half)."
                        ),
                        where_team | {"seat": seat, "count": PLAYERS_PER_HALF},
                    )
                )
            for seat, mid in enumerate(given, start=1):
                where = lineup_field(h.half, side, seat)
                params = where_team | {"seat": seat, "mid": mid}
                if seat > PLAYERS_PER_HALF:
                    problems.append(
                        EntryProblem(
                            where,
                            gettext_noop(
                                "Half %(half)s, %(team)s, player %(seat)s: only %(count)s "
                                "players per team play a half."
                            ),
                            params | {"count": PLAYERS_PER_HALF},
                        )
                    )
                elif mid not in members:
                    problems.append(
                        EntryProblem(
                            where,
                            gettext_noop(
                                "Half %(half)s, %(team)s, player %(seat)s: no member has "
                                "MID %(mid)s."
                            ),
                            params,
                        )
                    )
                elif mid in in_half:
                    problems.append(
                        EntryProblem(
                            where,
                            gettext_noop(
                                "Half %(half)s, %(team)s, player %(seat)s: MID %(mid)s is "
                                "already seated in this half."
                            ),
                            params,
                        )
                    )
                elif mid in other_team:
                    problems.append(
                        EntryProblem(
                            where,
                            gettext_noop(
                                "Half %(half)s, %(team)s, player %(seat)s: MID %(mid)s "
                                "plays for %(other)s in this event."
                            ),
                            params | {"other": other_team[mid]},
                        )
                    )
                in_half.add(mid)
                per_team[side].add(mid)
    for mid in sorted(per_team["home"] & per_team["away"]):
        problems.append(
            EntryProblem(
                "halves",
                gettext_noop("MID %(mid)s plays for both teams in this match."),
                {"mid": mid},
            )
        )
    for side in SIDES:
        if len(per_team[side]) > MAX_PLAYERS_PER_MATCH:
            problems.append(
                EntryProblem(
                    "halves",
                    gettext_noop(
                        "%(team)s used %(count)s players; at most %(max)s may play in one match."
                    ),
                    {
                        "team": _team_label(teams[side]),
                        "count": len(per_team[side]),
                        "max": MAX_PLAYERS_PER_MATCH,
                    },
                )
            )
    return members


def _refresh_halves_played(entries: Iterable[Entry]) -> None:
    """Each player's halves from the line-ups; players left with none are dropped
    (a player "anses vara medlem i laget först när vederbörande spelat minst en halvlek")."""
    players = EntryPlayer.objects.filter(entry__in=list(entries)).annotate(n=Count("halves"))
    stale = []
    changed = []
    for player in players:
        if player.n == 0:
            stale.append(player.pk)
        elif player.halves_played != player.n:
            player.halves_played = player.n
            changed.append(player)
    EntryPlayer.objects.filter(pk__in=stale).delete()
    EntryPlayer.objects.bulk_update(changed, ["halves_played"])


def _canonical(data: Mapping[str, object]) -> bytes:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, default=str).encode()


def _validate_match(
    *,
    tournament: Tournament,
    round: int,
    home: Entry,
    away: Entry,
    boards: int,
    halves: Sequence[HalfLineup],
    imps: tuple[Decimal | int, Decimal | int],
    penalties: tuple[Decimal | int, Decimal | int],
    walkover_by: Side | None,
) -> tuple[Section, list[TeamMatch], dict[int, Member], list[Decimal], list[Decimal]]:
    """Every problem of a match entry at once, or the section, the match it replaces,
    the players' members and the checked IMPs and penalties."""
    problems: list[EntryProblem] = []
    section = Section.objects.filter(tournament=tournament).first()
    if tournament.scoring != Tournament.Scoring.TEAM_VP or section is None:
        raise TeamEntryError([EntryProblem("", gettext_noop("This is not a team event."))])
    if round < 1:
        problems.append(EntryProblem("round", gettext_noop("Rounds are numbered from 1.")))
    for side, entry in (("home", home), ("away", away)):
        if entry.section_id != section.pk:
            problems.append(EntryProblem(side, gettext_noop("The team is not in this event.")))
    if home.pk == away.pk:
        problems.append(EntryProblem("away", gettext_noop("A team cannot play itself.")))
    if boards != section.boards:
        # "lika många brickor måste spelas i ... samtliga matcher" (seed 003, "Antal brickor")
        problems.append(
            EntryProblem(
                "boards",
                gettext_noop("Every match of this event has %(boards)s boards."),
                {"boards": section.boards},
            )
        )
    checked_imps = [
        _check_amount(v, f"imps_{s}", problems) for v, s in zip(imps, SIDES, strict=True)
    ]
    checked_penalties = [
        _check_amount(v, f"penalty_{s}", problems) for v, s in zip(penalties, SIDES, strict=True)
    ]
    if walkover_by and any(checked_imps):
        problems.append(
            EntryProblem(
                "walkover_by",
                gettext_noop("A W.O. match has no IMP result: leave the IMPs empty."),
            )
        )
    same_round = list(
        TeamMatch.objects.filter(tournament=tournament, round=round).filter(
            Q(home__in=[home, away]) | Q(away__in=[home, away])
        )
    )
    replaced = [m for m in same_round if {m.home_id, m.away_id} == {home.pk, away.pk}]
    for m in same_round:
        if m not in replaced:
            busy = home if home.pk in (m.home_id, m.away_id) else away
            problems.append(
                EntryProblem(
                    "home" if busy.pk == home.pk else "away",
                    gettext_noop("%(team)s already has another match in round %(round)s."),
                    {"team": _team_label(busy), "round": round},
                )
            )
    members = _check_lineups(
        tournament=tournament,
        halves=halves,
        boards=boards,
        teams={"home": home, "away": away},
        walkover=walkover_by is not None,
        problems=problems,
    )
    if problems:
        raise TeamEntryError(problems)
    return section, replaced, members, checked_imps, checked_penalties


def record_team_match(
    *,
    tournament: Tournament,
    round: int,
    home: Entry,
    away: Entry,
    boards: int,
    halves: Sequence[HalfLineup],
    imps_home: Decimal | int = 0,
    imps_away: Decimal | int = 0,
    penalty_home: Decimal | int = 0,
    penalty_away: Decimal | int = 0,
    walkover_by: Side | None = None,
    user=None,
) -> TeamMatch:
    """Save one match with its line-ups (all or nothing), restate the standings and
    queue the pipeline. Entering the same two teams' match of a round again
    replaces it. Raises :class:`TeamEntryError` listing every problem."""
    if walkover_by not in (None, *SIDES):
        raise ValueError(f"walkover_by must be 'home', 'away' or None, got {walkover_by!r}")
    with transaction.atomic():
        # Entries of one event are checked and written one at a time: the checks
        # below (a team's match in the round, a player's team) read other matches.
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        section, replaced, members, imps, penalties = _validate_match(
            tournament=tournament,
            round=round,
            home=home,
            away=away,
            boards=boards,
            halves=halves,
            imps=(imps_home, imps_away),
            penalties=(penalty_home, penalty_away),
            walkover_by=walkover_by,
        )
        vp = preview_vp(
            boards=boards,
            imps_home=imps[0],
            imps_away=imps[1],
            penalty_home=penalties[0],
            penalty_away=penalties[1],
            walkover_by=walkover_by,
        )
        TeamMatch.objects.filter(pk__in=[m.pk for m in replaced]).delete()
        match = TeamMatch.objects.create(
            tournament=tournament,
            round=round,
            home=home,
            away=away,
            boards=boards,
            imps_home=vp.imps_home,
            imps_away=vp.imps_away,
            vp_home=vp.vp_home,
            vp_away=vp.vp_away,
            penalty_home=penalties[0],
            penalty_away=penalties[1],
            walkover=walkover_by is not None,
        )
        slots = []
        for h in halves:
            for side, entry in (("home", home), ("away", away)):
                for mid in getattr(h, side):
                    member = members[mid]
                    player, _created = EntryPlayer.objects.get_or_create(
                        entry=entry,
                        member=member,
                        defaults={"name": f"{member.first_name} {member.last_name}"},
                    )
                    slots.append(LineupSlot(match=match, entry=entry, half=h.half, player=player))
        LineupSlot.objects.bulk_create(slots)
        _refresh_halves_played([home, away])

        rounds = max(
            TeamMatch.objects.filter(tournament=tournament).values_list("round", flat=True)
        )
        tournament.rounds = rounds
        # Boards each team plays over the series: what the award rules' board minima read.
        tournament.boards = rounds * section.boards
        tournament.report_version += 1
        tournament.pipeline_status = Tournament.Pipeline.QUEUED
        tournament.pipeline_step = ""
        tournament.pipeline_error = ""
        tournament.save()
        compute_team_standings(tournament)
        ImportLog.objects.create(
            tournament=tournament,
            user=user if getattr(user, "is_authenticated", False) else None,
            organiser_club=tournament.organiser_club,
            filename=f"manual entry: round {round}, {home.number}-{away.number}",
            checksum=hashlib.sha256(
                _canonical(
                    {
                        "round": round,
                        "home": home.number,
                        "away": away.number,
                        "boards": boards,
                        "imps": [str(i) for i in imps],
                        "penalties": [str(p) for p in penalties],
                        "walkover_by": walkover_by,
                        "halves": [[h.half, list(h.home), list(h.away)] for h in halves],
                    }
                )
            ).hexdigest(),
            source_format=MANUAL,
            outcome=ImportLog.Outcome.REPLACED if replaced else ImportLog.Outcome.SAVED,
        )
        from .tasks import start_pipeline

        pk, version = tournament.pk, tournament.report_version
        transaction.on_commit(lambda: start_pipeline(pk, version))
    match.refresh_from_db()
    return match
