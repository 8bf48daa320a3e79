"""Team events for the handicap: every team match is one competition.

Seed ``002_4426357e9a32e88f.txt``, section 3.3.3.1 "Single match or half"
(lines 231-248) and section 2 (lines 41 and 56-60): without IAF/TAF "each match
will be handled separately"; the result owner is the team of four, compared with
the opponents' four. In ``handicap.domain`` that is the form ``team_match``
(``FORMS[TEAM_MATCH]``: four players, two tables), scored in IMPs per board.

Decisions (also in docs/handicap.md, "Team events"):

* One :class:`~handicap.domain.competition.Competition` per ``TeamMatch`` of a
  tournament of kind teams (other kinds are not read here). Its id is
  ``f"{tournament:012d}.{round:03d}.{match:010d}"``: the walk orders a day's
  competitions by id as text, pairs and individual events have
  ``f"{tournament:012d}"``, so a tournament's matches sort together and in round
  order. Date: the tournament's start date; boards: the match's.
* Result: the team's net IMPs per board, ``(imps_home - imps_away) / boards``,
  and its negative for the away team. Penalties are VP penalties, taken off the
  VPs after the scale (``tournaments.domain.teams``, "deducted after the
  conversion"): the IMPs are what was played at the table, so they stay.
* Players: the match's line-up (``LineupSlot``) when the side has one, else the
  team's roster (``EntryPlayer``). A side counts with exactly four distinct
  players; each played ``boards * halves played / halves of the match`` boards
  (the halves of the match are those its line-up rows name, either side),
  rounded half up, 1 to the match's boards. Without a line-up all four played
  every board. A side with more or fewer than four (a team of five or six without
  a line-up, a change at half-time that brought in a fifth player) leaves the
  match out: the paper makes such a half its own competition, but our scoring
  programs report IMPs per match, not per half. Players are listed in
  ``EntryPlayer`` order (the domain takes seats 0-1 and 2-3 as partners).
* Players' ids as ``handicap.services`` gives them: a member by key, a player
  without membership ``"t:<temporary id>"`` (a non-member, 5.4: the whole team
  changes nobody), a registered foreign guest (``Member.Status.FOREIGN_GUEST``)
  a guest (5.3).
* Left out: walk-overs, matches of no boards, matches with a phantom team, a
  team against itself, a line-up naming another team's player. A match of 0-0 IMPs
  whose VPs before penalties are not level carried no IMPs (the importer saves
  missing IMPs as 0): left out too. Leaving a match out leaves handicaps alone, the
  safe side of every doubt.
* A match that names one player on both sides is returned as it is: the domain's
  ``check`` refuses it (``PlayerTwice``), so the report's handicap step fails with
  that reason, as a pairs event with a player twice does.

Everything is read in four queries (matches, line-ups, players, and the places
when asked), however many tournaments and matches.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal
from typing import NamedTuple

from members.models import Member
from tournaments.models import EntryPlayer, LineupSlot, Standing, TeamMatch, Tournament

from .domain.competition import Competition
from .domain.competition import Entry as FieldEntry
from .domain.policy import FORMS, IMP, TEAM_MATCH

TEAM_SIZE = FORMS[TEAM_MATCH].players


class _Seat(NamedTuple):
    """One ``EntryPlayer`` as the formula names it."""

    player: str
    entry: int
    guest: bool


def team_competitions(
    tournament_ids: Iterable[int], places: dict[str, str] | None = None
) -> dict[int, list[Competition]]:
    """The matches of these team tournaments as the formula's competitions, by
    tournament, each list sorted by competition id (decisions in the module
    docstring). Tournaments of another kind, and matches that cannot be read, are
    left out. ``places``, when given, gets each team's place in its tournament's
    standings by entry key as text ("3", or "3-4" for a shared place)."""
    ids = sorted({int(pk) for pk in tournament_ids})
    if not ids:
        return {}
    matches = list(
        TeamMatch.objects.filter(
            tournament_id__in=ids,
            tournament__kind=Tournament.Kind.TEAMS,
            walkover=False,
            boards__gt=0,
            home__phantom=False,
            away__phantom=False,
        )
        .order_by("tournament_id", "round", "pk")
        .values_list(
            "pk",
            "tournament_id",
            "tournament__start_date",
            "round",
            "home_id",
            "away_id",
            "boards",
            "imps_home",
            "imps_away",
            "vp_home",
            "vp_away",
            "penalty_home",
            "penalty_away",
        )  # fmt: skip
    )
    if not matches:
        return {}
    teams = sorted({row[1] for row in matches})
    # match -> entry -> EntryPlayer -> the halves played
    halves: dict[int, dict[int, dict[int, set[int]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(set))
    )
    for match, entry, half, player in LineupSlot.objects.filter(
        match__tournament_id__in=teams
    ).values_list("match_id", "entry_id", "half", "player_id"):
        halves[match][entry][player].add(half)
    seats: dict[int, _Seat] = {}
    roster: dict[int, list[int]] = defaultdict(list)
    for pk, entry, member, status, temporary in (
        EntryPlayer.objects.filter(entry__section__tournament_id__in=teams)
        .order_by("pk")
        .values_list("pk", "entry_id", "member_id", "member__status", "temporary_id")
    ):
        if member is None:
            seats[pk] = _Seat(f"t:{temporary}", entry, False)
        else:
            seats[pk] = _Seat(str(member), entry, status == Member.Status.FOREIGN_GUEST)
        roster[entry].append(pk)
    if places is not None:
        for entry, place, place_to in Standing.objects.filter(
            entry__section__tournament_id__in=teams
        ).values_list("entry_id", "place", "place_to"):
            places[str(entry)] = str(place) if place == place_to else f"{place}-{place_to}"

    out: dict[int, list[Competition]] = defaultdict(list)
    for row in matches:
        competition = _competition(row, halves.get(row[0], {}), seats, roster)
        if competition is not None:
            out[row[1]].append(competition)
    return {tid: sorted(found, key=lambda c: c.id) for tid, found in out.items()}


def _competition(
    row: tuple,
    lineup: dict[int, dict[int, set[int]]],
    seats: dict[int, _Seat],
    roster: dict[int, list[int]],
) -> Competition | None:
    pk, tournament, day, round_, home, away, boards, imps_home, imps_away = row[:9]
    if home == away or _imps_missing(row[7:]):
        return None
    match_halves = len(
        {half for entry in (home, away) for got in lineup.get(entry, {}).values() for half in got}
    )
    sides = [
        _side(entry, boards, lineup.get(entry), match_halves, seats, roster)
        for entry in (home, away)
    ]
    if sides[0] is None or sides[1] is None:
        return None
    home_seats, away_seats = (side[0] for side in sides)
    players = [seat.player for seat in home_seats + away_seats]
    net = float(imps_home - imps_away) / boards
    return Competition(
        id=f"{tournament:012d}.{round_:03d}.{pk:010d}",
        date=day,
        form=TEAM_MATCH,
        scoring=IMP,
        boards=boards,
        entries=(
            FieldEntry(str(home), tuple(players[:TEAM_SIZE]), net, boards_played=sides[0][1]),
            FieldEntry(
                str(away),
                tuple(players[TEAM_SIZE:]),
                -net if net else 0.0,
                boards_played=sides[1][1],
            ),
        ),
        guests=frozenset(seat.player for seat in home_seats + away_seats if seat.guest),
        non_members=frozenset(p for p in players if p.startswith("t:")),
    )


def _imps_missing(values: tuple) -> bool:
    """0-0 IMPs while the VPs before penalties name a winner: the report had no IMPs."""
    imps_home, imps_away, vp_home, vp_away, penalty_home, penalty_away = values
    if imps_home or imps_away or vp_home is None or vp_away is None:
        return False
    return Decimal(vp_home) + Decimal(penalty_home) != Decimal(vp_away) + Decimal(penalty_away)


def _side(
    entry: int,
    boards: int,
    lineup: dict[int, set[int]] | None,
    match_halves: int,
    seats: dict[int, _Seat],
    roster: dict[int, list[int]],
) -> tuple[tuple[_Seat, ...], tuple[int, ...]] | None:
    """A side's four players and the boards each played; None unless exactly four."""
    if lineup:
        played = sorted(lineup)  # EntryPlayer order
        # boards * halves played / halves of the match, rounded half up, 1..boards
        counts = tuple(
            min(boards, max(1, (2 * boards * len(lineup[p]) + match_halves) // (2 * match_halves)))
            for p in played
        )
    else:
        played = roster.get(entry, [])
        counts = (boards,) * len(played)
    if len(played) != TEAM_SIZE:
        return None
    found = [seats.get(p) for p in played]
    if any(seat is None or seat.entry != entry for seat in found):
        return None  # a line-up naming another team's player: unreadable
    return tuple(found), counts  # type: ignore[arg-type]
