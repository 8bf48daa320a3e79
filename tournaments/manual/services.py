"""Manual entry of team events: the DM Lag match report per half (seed 003,
"Resultatrapportering"), checked against the line-up rules and saved with its VPs;
the team standings follow (``tournaments.teams``). docs/manual-entry.md has the
readings.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date as Date
from decimal import Decimal, InvalidOperation
from typing import Literal

from django.db import transaction
from django.db.models import Count, Q
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_noop

from members.federation import current
from members.models import Club, Member
from tournaments.domain.imps import TeamBoard, team_match
from tournaments.domain.teams import (
    MAX_PLAYERS_PER_MATCH,
    ONE_HALF_UP_TO,
    PLAYERS_PER_HALF,
    SIDES,
    TWO_HALVES_FROM,
    Side,
    VpPreview,
    preview_vp,
)
from tournaments.domain.time_penalties import TimePenalty, late_arrival, shared, slow_play
from tournaments.domain.vp import VP_SCALES, WBF_SCALE, apply_vp_penalties, bam_match
from tournaments.models import (
    Entry,
    EntryPlayer,
    ImportLog,
    LineupSlot,
    MatchBoard,
    MatchTimePenalty,
    Section,
    TeamMatch,
    TeamRosterPlayer,
    Tournament,
)
from tournaments.signals import results_changed
from tournaments.teams import compute_team_standings

from . import award_tables
from .awarding import AWARD_CHECK
from .rosters import ROSTER_MAXIMUM, ROSTER_MINIMUM

MANUAL = "manual"  # Tournament.source_format and ImportLog.source_format
_CENT = Decimal("0.01")
# The team scorings entered here: matches with VPs, or board-a-match (seed 004,
# "Matchpoint scoring": 1, ½ or 0 a board).
TEAM_SCORINGS = (Tournament.Scoring.TEAM_VP, Tournament.Scoring.BOARD_A_MATCH)
# The most one deal scores (13 down redoubled vulnerable, Law 77): importers/plausibility.
MAX_DEAL_SCORE = 7600


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
    """Who sat for each team in one half: MIDs, four per team; ``home_rooms`` and
    ``away_rooms``, when given, line up with them (1 open room, 2 closed; None not
    said): what results across the field read (002 3.3.3.2-3)."""

    half: int
    home: tuple[int, ...]
    away: tuple[int, ...]
    home_rooms: tuple[int | None, ...] = ()
    away_rooms: tuple[int | None, ...] = ()


@dataclass(frozen=True)
class BoardScore:
    """One board of a match as the two rooms scored it: North-South's score in the
    open room (the home team N-S) and in the closed room; ``line`` is the form's line."""

    board: int
    open_ns_score: int
    closed_ns_score: int
    line: int = 0


@dataclass(frozen=True)
class LateArrival:
    """A team's late arrival for the round, in whole minutes as the director reported
    it; ``warned_before`` for a warning given earlier in the event that Klöver has
    not recorded (those it has count by themselves)."""

    side: Side
    minutes: int
    warned_before: bool = False


@dataclass(frozen=True)
class DelayedTable:
    """A table that played over time: its number, the minutes over and whose pair
    was to blame (``both``: shared equally); ``row`` is the form's row (1, 2, ...)."""

    table: int
    minutes: int
    side: Side | Literal["both"]
    row: int = 1


@dataclass(frozen=True)
class AssessedPenalty:
    """One line of the match report's time penalties, converted by the seed's scale;
    ``warned_before`` as counted (ticked, or a late arrival recorded in an earlier
    round of the event)."""

    kind: Literal["late", "slow"]
    side: Side
    table: int | None
    minutes: int
    warned_before: bool
    penalty: TimePenalty


def lineup_field(half: int, side: Side, seat: int) -> str:
    """The form field a line-up problem belongs to: ``half-2-away-3``."""
    return f"half-{half}-{side}-{seat}"


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
    award_table: str,
    scoring: str = Tournament.Scoring.TEAM_VP,
    vp_scale: str = WBF_SCALE,
    team_handicap_form: str = Tournament.TeamHandicapForm.MATCH,
) -> Tournament:
    """A team event of ``organiser`` with its teams and the award table it is played
    for (one of ``award_tables.TEAM_AWARD_TABLES``; "" in a federation of licences),
    no matches yet. ``scoring`` is team matches with VPs, read on ``vp_scale`` (the
    WBF scale, or seed 004's 20- or 30-point scale), or board-a-match."""
    problems: list[EntryProblem] = []
    if scoring not in TEAM_SCORINGS:
        problems.append(
            EntryProblem("scoring", gettext_noop("Choose VPs from IMPs or board-a-match."))
        )
    if vp_scale not in VP_SCALES:
        problems.append(EntryProblem("vp_scale", gettext_noop("Choose one of the VP scales.")))
    if team_handicap_form not in Tournament.TeamHandicapForm.values:
        problems.append(
            EntryProblem(
                "team_handicap_form",
                gettext_noop("Choose how the team results move handicaps."),
            )
        )
    if scoring == Tournament.Scoring.BOARD_A_MATCH:
        # Board points are the match score; no VP scale is read.
        vp_scale = WBF_SCALE
    # The SBF's team tables; an EBU event names none (its facts and licence decide).
    if award_table not in (award_tables.CODES if current().runs_sanctions else ("",)):
        problems.append(
            EntryProblem(
                "award_table",
                gettext_noop("Choose the award table the event is played for (B1-G3)."),
            )
        )
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
            scoring=scoring,
            vp_scale=vp_scale,
            team_handicap_form=team_handicap_form,
            source_format=MANUAL,
            award_table=award_table,
        )
        # One section holds the teams; its ``boards`` is the boards per match.
        section = Section.objects.create(
            tournament=tournament, name="", movement=Section.Movement.TEAMS, boards=boards_per_match
        )
        Entry.objects.bulk_create(
            Entry(section=section, number=number, name=team_name.strip())
            for number, team_name in teams
        )
        Tournament.count_entries([tournament.pk])
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
    # The rosters name a player's team before the player has played for it.
    rostered = {
        mid: (entry_id, name)
        for mid, entry_id, name in TeamRosterPlayer.objects.filter(
            tournament=tournament, member__mid__in=mids
        ).values_list("member__mid", "entry_id", "entry__name")
    }
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
                elif mid in other_team or (mid in rostered and rostered[mid][0] != teams[side].pk):
                    problems.append(
                        EntryProblem(
                            where,
                            gettext_noop(
                                "Half %(half)s, %(team)s, player %(seat)s: MID %(mid)s "
                                "plays for %(other)s in this event."
                            ),
                            params | {"other": other_team.get(mid) or rostered[mid][1]},
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


def _add_to_rosters(tournament: Tournament, slots: Sequence[LineupSlot]) -> None:
    """A substitute who played joins the team's roster, as the office expects: the
    match form offers them next time. The checks before made sure no other team has
    them."""
    on_roster = set(
        TeamRosterPlayer.objects.filter(entry__in={s.entry_id for s in slots}).values_list(
            "entry_id", "member_id"
        )
    )
    missing = {(s.entry_id, s.player.member_id) for s in slots} - on_roster
    TeamRosterPlayer.objects.bulk_create(
        TeamRosterPlayer(tournament=tournament, entry_id=entry_id, member_id=member_id)
        for entry_id, member_id in sorted(missing)
    )


def _canonical(data: Mapping[str, object]) -> bytes:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, default=str).encode()


def slow_field(row: int, name: str) -> str:
    """The form field a delayed table's problem belongs to: ``slow-2-minutes``."""
    return f"slow-{row}-{name}"


def warned_teams(tournament: Tournament, round: int) -> set[int]:
    """The teams (entry ids) that came late in an earlier round of the event: warned
    ("varnad för sen ankomst vid tidigare tillfälle i tävlingen", seed 003 line 810).
    A penalty counts as a warning too: it is the sterner one."""
    warned: set[int] = set()
    for side, home_id, away_id in MatchTimePenalty.objects.filter(
        match__tournament=tournament,
        match__round__lt=round,
        kind=MatchTimePenalty.Kind.LATE,
        minutes__gt=0,
    ).values_list("side", "match__home_id", "match__away_id"):
        warned.add(home_id if side == "home" else away_id)
    return warned


def _whole_minutes(value: object) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        return None
    return value


def assess_time_penalties(
    *,
    tournament: Tournament,
    round: int,
    home: Entry,
    away: Entry,
    late_arrivals: Sequence[LateArrival] = (),
    delayed_tables: Sequence[DelayedTable] = (),
    problems: list[EntryProblem] | None = None,
) -> list[AssessedPenalty]:
    """The match report's late arrivals and delayed tables converted by seed 003's
    scales (lines 794-824, ``tournaments.domain.time_penalties``). Problems are added
    to ``problems`` (raised as :class:`TeamEntryError` when it is not given), each
    naming the match, the field and the table."""
    found: list[EntryProblem] = []
    match = {
        "round": round,
        "home": _team_label(home),
        "away": _team_label(away),
    }
    warned = warned_teams(tournament, round)
    teams = {"home": home, "away": away}
    assessed: list[AssessedPenalty] = []
    seen_sides: set[str] = set()
    for late in late_arrivals:
        where = f"late_{late.side}"
        if late.side not in SIDES:
            raise ValueError(f"a late arrival's side is 'home' or 'away', not {late.side!r}")
        minutes = _whole_minutes(late.minutes)
        params = match | {"team": _team_label(teams[late.side])}
        if minutes is None:
            found.append(
                EntryProblem(
                    where,
                    gettext_noop(
                        "Round %(round)s, %(home)s – %(away)s, late arrival of %(team)s: "
                        "give whole minutes, 0 or more."
                    ),
                    params,
                )
            )
            continue
        if late.side in seen_sides:
            found.append(
                EntryProblem(
                    where,
                    gettext_noop(
                        "Round %(round)s, %(home)s – %(away)s, late arrival of %(team)s: "
                        "give it once."
                    ),
                    params,
                )
            )
            continue
        seen_sides.add(late.side)
        if minutes == 0:
            continue
        was_warned = late.warned_before or teams[late.side].pk in warned
        assessed.append(
            AssessedPenalty(
                kind="late",
                side=late.side,
                table=None,
                minutes=minutes,
                warned_before=was_warned,
                penalty=late_arrival(minutes, warned_before=was_warned),
            )
        )
    tables_seen: dict[int, int] = {}
    for delayed in delayed_tables:
        params = match | {"row": delayed.row, "table": delayed.table}
        if delayed.side not in (*SIDES, "both"):
            raise ValueError(f"a delayed table's side is home, away or both, not {delayed.side!r}")
        table = _whole_minutes(delayed.table)
        if table is None or table < 1:
            found.append(
                EntryProblem(
                    slow_field(delayed.row, "table"),
                    gettext_noop(
                        "Round %(round)s, %(home)s – %(away)s, slow play row %(row)s: "
                        "give the table's number (1 or more)."
                    ),
                    params,
                )
            )
            continue
        minutes = _whole_minutes(delayed.minutes)
        if minutes is None or minutes < 1:
            found.append(
                EntryProblem(
                    slow_field(delayed.row, "minutes"),
                    gettext_noop(
                        "Round %(round)s, %(home)s – %(away)s, slow play at table %(table)s: "
                        "give the whole minutes over time (1 or more)."
                    ),
                    params,
                )
            )
            continue
        if table in tables_seen:
            found.append(
                EntryProblem(
                    slow_field(delayed.row, "table"),
                    gettext_noop(
                        "Round %(round)s, %(home)s – %(away)s, slow play: table %(table)s "
                        "is given in rows %(first)s and %(row)s; the scale is per delayed "
                        "table, give its minutes once."
                    ),
                    params | {"first": tables_seen[table]},
                )
            )
            continue
        tables_seen[table] = delayed.row
        penalty = slow_play(minutes)
        sides: tuple[Side, ...] = SIDES if delayed.side == "both" else (delayed.side,)
        for side in sides:
            assessed.append(
                AssessedPenalty(
                    kind="slow",
                    side=side,
                    table=table,
                    minutes=minutes,
                    warned_before=False,
                    penalty=shared(penalty) if delayed.side == "both" else penalty,
                )
            )
    if problems is not None:
        problems.extend(found)
    elif found:
        raise TeamEntryError(found)
    return assessed


def time_vp(assessed: Iterable[AssessedPenalty], side: Side) -> Decimal:
    """The VP a side loses for its late arrival and delayed tables."""
    return sum((a.penalty.vp for a in assessed if a.side == side), Decimal(0))


def preview_match(
    *,
    tournament: Tournament,
    round: int,
    home: Entry,
    away: Entry,
    boards: int,
    imps_home: Decimal | int = 0,
    imps_away: Decimal | int = 0,
    penalty_home: Decimal | int = 0,
    penalty_away: Decimal | int = 0,
    walkover_by: Side | None = None,
    late_arrivals: Sequence[LateArrival] = (),
    delayed_tables: Sequence[DelayedTable] = (),
    board_scores: Sequence[BoardScore] = (),
) -> tuple[VpPreview, list[AssessedPenalty]]:
    """The VPs (board-a-match: board points) a match report would save, with its time
    penalties converted, before saving; raises :class:`TeamEntryError` for time
    penalties or boards it cannot take."""
    problems: list[EntryProblem] = []
    assessed = assess_time_penalties(
        tournament=tournament,
        round=round,
        home=home,
        away=away,
        late_arrivals=late_arrivals,
        delayed_tables=delayed_tables,
        problems=problems,
    )
    imps = _board_imps(
        tournament=tournament,
        boards=boards,
        board_scores=board_scores,
        imps=(Decimal(imps_home), Decimal(imps_away)),
        walkover_by=walkover_by,
        problems=problems,
    )
    if problems:
        raise TeamEntryError(problems)
    vp = match_score(
        tournament=tournament,
        boards=boards,
        imps=imps,
        board_scores=board_scores,
        penalties=(
            Decimal(penalty_home) + time_vp(assessed, "home"),
            Decimal(penalty_away) + time_vp(assessed, "away"),
        ),
        walkover_by=walkover_by,
    )
    return vp, assessed


def _check_board_scores(
    board_scores: Sequence[BoardScore], boards: int, problems: list[EntryProblem]
) -> bool:
    """Every board of the match once, each room's score a bridge score."""
    found: list[EntryProblem] = []
    seen: dict[int, int] = {}
    for b in board_scores:
        params = {"line": b.line, "board": b.board, "boards": boards}
        if not 1 <= b.board <= boards:
            found.append(
                EntryProblem(
                    "board_scores",
                    gettext_noop(
                        "Line %(line)s: board %(board)s is not one of the %(boards)s boards."
                    ),
                    params,
                )
            )
        elif b.board in seen:
            found.append(
                EntryProblem(
                    "board_scores",
                    gettext_noop(
                        "Line %(line)s: board %(board)s is given again (first in line %(first)s)."
                    ),
                    params | {"first": seen[b.board]},
                )
            )
        seen.setdefault(b.board, b.line)
        for score in (b.open_ns_score, b.closed_ns_score):
            if score % 10 or abs(score) > MAX_DEAL_SCORE:
                found.append(
                    EntryProblem(
                        "board_scores",
                        gettext_noop("Line %(line)s: %(score)s is not a bridge score."),
                        params | {"score": score},
                    )
                )
    if not found and len(seen) != boards:
        missing = [n for n in range(1, boards + 1) if n not in seen]
        found.append(
            EntryProblem(
                "board_scores",
                gettext_noop("Give every board of the match: boards %(missing)s are missing."),
                {"missing": ", ".join(str(n) for n in missing)},
            )
        )
    problems.extend(found)
    return not found


def _board_imps(
    *,
    tournament: Tournament,
    boards: int,
    board_scores: Sequence[BoardScore],
    imps: tuple[Decimal, Decimal],
    walkover_by: Side | None,
    problems: list[EntryProblem],
) -> tuple[Decimal, Decimal]:
    """The IMPs a match is scored with: from the two rooms' scores when they are given
    (seed 004, "International Match Point scoring": the teammates' table is the score
    compared against), else as typed. Board-a-match has no IMPs."""
    bam = tournament.scoring == Tournament.Scoring.BOARD_A_MATCH
    if walkover_by is not None:
        if bam or tournament.vp_scale != WBF_SCALE:
            # Seed 003's W.O. score is written for the WBF 20-0 scale.
            problems.append(
                EntryProblem(
                    "walkover_by",
                    gettext_noop(
                        "The W.O. rule (seed 003) is written for the WBF 20-0 scale: on "
                        "this event's scoring the committee decides the score. Enter it "
                        "as the match's boards or IMPs."
                    ),
                )
            )
        elif board_scores:
            problems.append(
                EntryProblem(
                    "board_scores", gettext_noop("A W.O. match has no boards: nobody played.")
                )
            )
        return imps
    if not board_scores:
        if bam:
            problems.append(
                EntryProblem(
                    "board_scores",
                    gettext_noop(
                        "A board-a-match is scored board by board: give each board's two "
                        "N-S scores."
                    ),
                )
            )
        return imps
    if not _check_board_scores(board_scores, boards, problems) or bam:
        return (Decimal(0), Decimal(0))
    score = team_match(TeamBoard(b.board, b.open_ns_score, b.closed_ns_score) for b in board_scores)
    if any(imps) and imps != (score.home_imps, score.away_imps):
        problems.append(
            EntryProblem(
                "imps_home",
                gettext_noop(
                    "The boards give %(home)s–%(away)s IMPs, not the %(typed_home)s–"
                    "%(typed_away)s typed: leave the IMPs empty when the boards are given."
                ),
                {
                    "home": score.home_imps,
                    "away": score.away_imps,
                    "typed_home": imps[0],
                    "typed_away": imps[1],
                },
            )
        )
    return score.home_imps, score.away_imps


def match_score(
    *,
    tournament: Tournament,
    boards: int,
    imps: tuple[Decimal, Decimal],
    board_scores: Sequence[BoardScore],
    penalties: tuple[Decimal, Decimal],
    walkover_by: Side | None,
) -> VpPreview:
    """The match's score as saved: VPs from the IMPs on the event's scale, or in a
    board-a-match the board points (``bam_match``); penalties deducted after."""
    if tournament.scoring == Tournament.Scoring.BOARD_A_MATCH:
        points = bam_match((b.open_ns_score, b.closed_ns_score) for b in board_scores)
        net = apply_vp_penalties(points, penalties[0], penalties[1])
        return VpPreview(
            vp_home=net[0].quantize(_CENT),
            vp_away=net[1].quantize(_CENT),
            imps_home=Decimal(0),
            imps_away=Decimal(0),
        )
    return preview_vp(
        boards=boards,
        imps_home=imps[0],
        imps_away=imps[1],
        penalty_home=penalties[0],
        penalty_away=penalties[1],
        walkover_by=walkover_by,
        scale=tournament.vp_scale,
    )


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
    late_arrivals: Sequence[LateArrival] = (),
    delayed_tables: Sequence[DelayedTable] = (),
    board_scores: Sequence[BoardScore] = (),
) -> tuple[
    Section,
    list[TeamMatch],
    dict[int, Member],
    list[Decimal],
    list[Decimal],
    list[AssessedPenalty],
]:
    """Every problem of a match entry at once, or the section, the match it replaces,
    the players' members, the checked IMPs and other penalties, and the time
    penalties converted."""
    problems: list[EntryProblem] = []
    section = Section.objects.filter(tournament=tournament).first()
    if tournament.scoring not in TEAM_SCORINGS or section is None:
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
    if boards == section.boards:
        checked_imps = list(
            _board_imps(
                tournament=tournament,
                boards=boards,
                board_scores=board_scores,
                imps=(checked_imps[0], checked_imps[1]),
                walkover_by=walkover_by,
                problems=problems,
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
    assessed = assess_time_penalties(
        tournament=tournament,
        round=round,
        home=home,
        away=away,
        late_arrivals=late_arrivals,
        delayed_tables=delayed_tables,
        problems=problems,
    )
    if walkover_by and assessed:
        problems.append(
            EntryProblem(
                "walkover_by",
                gettext_noop(
                    "A W.O. match has no late arrival or slow play: nobody played. "
                    "Give another VP penalty if the committee ruled one."
                ),
            )
        )
    if problems:
        raise TeamEntryError(problems)
    return section, replaced, members, checked_imps, checked_penalties, assessed


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
    late_arrivals: Sequence[LateArrival] = (),
    delayed_tables: Sequence[DelayedTable] = (),
    board_scores: Sequence[BoardScore] = (),
    user=None,
) -> TeamMatch:
    """Save one match with its line-ups (all or nothing), restate the standings and
    queue the pipeline. Entering the same two teams' match of a round again
    replaces it. Raises :class:`TeamEntryError` listing every problem, or the
    rulebook's reason when the event's awards cannot be computed with the match.

    ``penalty_home``/``penalty_away`` are the director's other VP penalties; the late
    arrivals and delayed tables are saved in minutes (``MatchTimePenalty``) with the
    VP seed 003's scales give, and ``TeamMatch.penalty_*`` holds the sum of both."""
    if walkover_by not in (None, *SIDES):
        raise ValueError(f"walkover_by must be 'home', 'away' or None, got {walkover_by!r}")
    with transaction.atomic():
        # Entries of one event are checked and written one at a time: the checks
        # below (a team's match in the round, a player's team) read other matches.
        tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
        section, replaced, members, imps, others, assessed = _validate_match(
            tournament=tournament,
            round=round,
            home=home,
            away=away,
            boards=boards,
            halves=halves,
            imps=(imps_home, imps_away),
            penalties=(penalty_home, penalty_away),
            walkover_by=walkover_by,
            late_arrivals=late_arrivals,
            delayed_tables=delayed_tables,
            board_scores=board_scores,
        )
        penalties = [others[0] + time_vp(assessed, "home"), others[1] + time_vp(assessed, "away")]
        vp = match_score(
            tournament=tournament,
            boards=boards,
            imps=(imps[0], imps[1]),
            board_scores=board_scores,
            penalties=(penalties[0], penalties[1]),
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
        MatchTimePenalty.objects.bulk_create(
            MatchTimePenalty(
                match=match,
                kind=a.kind,
                side=a.side,
                table=a.table,
                minutes=a.minutes,
                warned_before=a.warned_before,
                vp=a.penalty.vp,
                to_committee=a.penalty.to_committee,
            )
            for a in assessed
        )
        MatchBoard.objects.bulk_create(
            MatchBoard(
                match=match,
                board=b.board,
                open_ns_score=b.open_ns_score,
                closed_ns_score=b.closed_ns_score,
            )
            for b in board_scores
        )
        slots = []
        for h in halves:
            for side, entry in (("home", home), ("away", away)):
                rooms = getattr(h, f"{side}_rooms")
                for seat, mid in enumerate(getattr(h, side)):
                    member = members[mid]
                    player, _created = EntryPlayer.objects.get_or_create(
                        entry=entry,
                        member=member,
                        defaults={"name": f"{member.first_name} {member.last_name}"},
                    )
                    room = rooms[seat] if seat < len(rooms) else None
                    slots.append(
                        LineupSlot(match=match, entry=entry, half=h.half, player=player, room=room)
                    )
        LineupSlot.objects.bulk_create(slots)
        _refresh_halves_played([home, away])
        _add_to_rosters(tournament, slots)

        rounds = max(
            TeamMatch.objects.filter(tournament=tournament).values_list("round", flat=True)
        )
        tournament.rounds = rounds
        # Boards each team plays over the series: what the award rules' board minima read.
        tournament.boards = rounds * section.boards
        tournament.report_version += 1
        tournament.set_pipeline(Tournament.Pipeline.QUEUED)
        tournament.save()
        compute_team_standings(tournament)
        # With its awards or not at all: the rulebook's award on the event as it now
        # stands (the transaction undoes everything above when it refuses).
        refusal = AWARD_CHECK.refusal(tournament)
        if refusal is not None:
            raise TeamEntryError(
                [
                    EntryProblem(
                        "",
                        gettext_noop(
                            "Nothing was saved: the master points of the event cannot be "
                            "computed with this match (%(reason)s). Check the boards per "
                            "match and the award table, or ask the office about the "
                            "event's award facts."
                        ),
                        {"reason": refusal},
                    )
                ]
            )
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
                        "penalties": [str(p) for p in others],
                        "time_penalties": [
                            [a.kind, a.side, a.table, a.minutes, a.warned_before] for a in assessed
                        ],
                        "walkover_by": walkover_by,
                        "halves": [[h.half, list(h.home), list(h.away)] for h in halves],
                        "board_scores": [
                            [b.board, b.open_ns_score, b.closed_ns_score] for b in board_scores
                        ],
                    }
                )
            ).hexdigest(),
            source_format=MANUAL,
            outcome=ImportLog.Outcome.REPLACED if replaced else ImportLog.Outcome.SAVED,
        )
        results_changed.send(
            Tournament, tournament_id=tournament.pk, version=tournament.report_version
        )
    match.refresh_from_db()
    return match


def roster_field(row: int) -> str:
    """The roster form's field a roster problem belongs to: ``player_3``."""
    return f"player_{row}"


def team_rosters(tournament: Tournament) -> dict[int, list[Member]]:
    """Each team's roster (by entry id), its members by name: one query."""
    rosters: dict[int, list[Member]] = {}
    for player in (
        TeamRosterPlayer.objects.filter(tournament=tournament)
        .select_related("member")
        .order_by("entry_id", "member__last_name", "member__first_name", "member__mid")
    ):
        rosters.setdefault(player.entry_id, []).append(player.member)
    return rosters


def set_team_roster(*, team: Entry, mids: Sequence[int | None]) -> list[Member]:
    """The roster of ``team`` becomes the members of ``mids``, one a form row (``None``
    for a row left empty), all or nothing. Returns the roster; raises
    :class:`TeamEntryError` listing every problem, each at its row."""
    with transaction.atomic():
        # One writer per event: the check that a player has no other team reads the
        # other teams' rosters (record_team_match takes the same lock).
        tournament = Tournament.objects.select_for_update(no_key=True).get(
            pk=team.section.tournament_id
        )
        if tournament.source_format != MANUAL or tournament.scoring not in TEAM_SCORINGS:
            raise TeamEntryError([EntryProblem("", gettext_noop("This is not a team event."))])
        problems: list[EntryProblem] = []
        rows = [(row, mid) for row, mid in enumerate(mids, start=1) if mid is not None]
        members = {m.mid: m for m in Member.objects.filter(mid__in=[mid for _r, mid in rows])}
        elsewhere = {
            mid: name or str(number)
            for mid, number, name in TeamRosterPlayer.objects.filter(
                tournament=tournament, member__mid__in=list(members)
            )
            .exclude(entry=team)
            .values_list("member__mid", "entry__number", "entry__name")
        }
        first_row: dict[int, int] = {}
        for row, mid in rows:
            where = roster_field(row)
            member = members.get(mid)
            if member is None:
                problems.append(
                    EntryProblem(
                        where,
                        gettext_noop("Row %(row)s: no member has MID %(mid)s."),
                        {"row": row, "mid": mid},
                    )
                )
                continue
            params = {"row": row, "name": str(member)}
            if mid in first_row:
                problems.append(
                    EntryProblem(
                        where,
                        gettext_noop("Row %(row)s: %(name)s is already in row %(first)s."),
                        params | {"first": first_row[mid]},
                    )
                )
                continue
            first_row[mid] = row
            if mid in elsewhere:
                problems.append(
                    EntryProblem(
                        where,
                        gettext_noop(
                            "Row %(row)s: %(name)s is on the roster of %(other)s in this "
                            "event; a player plays for one team only."
                        ),
                        params | {"other": elsewhere[mid]},
                    )
                )
        team_name = _team_label(team)
        on_roster = TeamRosterPlayer.objects.filter(entry=team).count()
        # Substitutes who played may have taken a roster past the bound: it only stops
        # the form from adding more.
        if len(first_row) > max(ROSTER_MAXIMUM, on_roster):
            problems.append(
                EntryProblem(
                    "",
                    gettext_noop("A roster holds at most %(max)s players."),
                    {"max": ROSTER_MAXIMUM},
                )
            )
        if len(first_row) < ROSTER_MINIMUM:
            problems.append(
                EntryProblem(
                    "",
                    gettext_noop(
                        "%(team)s needs at least %(min)s players to play a match (four "
                        "play each half); the roster has %(count)s."
                    ),
                    {"team": team_name, "min": ROSTER_MINIMUM, "count": len(first_row)},
                )
            )
        # A player who has played stays: the saved line-ups name them.
        for mid, name in (
            EntryPlayer.objects.filter(entry=team, member__isnull=False)
            .exclude(member__mid__in=list(first_row))
            .values_list("member__mid", "name")
            .order_by("member__mid")
        ):
            problems.append(
                EntryProblem(
                    "",
                    gettext_noop(
                        "%(name)s (MID %(mid)s) has played for %(team)s and stays on the roster."
                    ),
                    {"name": name, "mid": mid, "team": team_name},
                )
            )
        if problems:
            raise TeamEntryError(problems)

        wanted = {members[mid].pk for mid in first_row}
        TeamRosterPlayer.objects.filter(entry=team).exclude(member_id__in=wanted).delete()
        kept = set(TeamRosterPlayer.objects.filter(entry=team).values_list("member_id", flat=True))
        TeamRosterPlayer.objects.bulk_create(
            TeamRosterPlayer(tournament=tournament, entry=team, member_id=pk)
            for pk in sorted(wanted - kept)
        )
    return sorted(
        (members[mid] for mid in first_row), key=lambda m: (m.last_name, m.first_name, m.mid)
    )
