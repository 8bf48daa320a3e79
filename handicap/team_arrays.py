"""Plain team matches of a month read as arrays, for the full recompute (issue #15).

``handicap.teams`` reads a team event's matches as the formula's competitions
(3.3.3.1: team against team) one Python object at a time. A season has tens of
thousands of such matches, nearly all of them regular: two teams of four members,
each team's line-up given or its roster used, the IMPs reported. Those are read here
as arrays, giving what ``teams._competition`` gives, number for number; a tournament
with anything else in it (a form across the field, a guest or a player without
membership, a side without four players, a line-up naming another team's player, a
place missing) is left to ``teams.team_competitions`` whole.
``handicap/tests/test_team_arrays.py`` holds both readers to the same competitions.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import numpy as np
from django.db import connection

from members.models import Member
from tournaments.models import (
    Entry,
    EntryPlayer,
    LineupSlot,
    Section,
    Standing,
    TeamMatch,
    Tournament,
)

from .domain.policy import FORMS, TEAM_MATCH
from .records import MONTH, column, days, records

TEAM_SIZE = FORMS[TEAM_MATCH].players


@dataclass
class PlainMatches:
    """Per match (in the order given): ``match``, ``tournament``, ``day`` (from
    1970-01-01), ``round``, ``boards``; per side (home then away of each match):
    ``result``, ``place`` (from, to); per player (four per side, in ``teams``'s order):
    ``member``, ``played``."""

    match: np.ndarray
    tournament: np.ndarray
    day: np.ndarray
    round: np.ndarray
    boards: np.ndarray
    result: np.ndarray
    place: np.ndarray
    member: np.ndarray
    played: np.ndarray


def read_plain_matches(start: date, end: date) -> tuple[PlainMatches, list[int]]:
    """The month's plain team matches, and the team tournaments left to
    ``teams.team_competitions`` (every one of the month that is not all plain)."""
    quote = connection.ops.quote_name
    table = {
        model: quote(model._meta.db_table)
        for model in (Tournament, TeamMatch, Entry, EntryPlayer, LineupSlot, Section, Standing,
                      Member)
    }  # fmt: skip
    teams = f"t.kind = '{Tournament.Kind.TEAMS}' AND {MONTH}"
    # As ``team_competitions`` reads matches: no walkover, boards played, no phantom.
    matches_from = f"""
          FROM {table[TeamMatch]} tm
          JOIN {table[Tournament]} t ON t.id = tm.tournament_id
          JOIN {table[Entry]} home ON home.id = tm.home_id
          JOIN {table[Entry]} away ON away.id = tm.away_id
         WHERE {teams} AND NOT tm.walkover AND tm.boards > 0
           AND NOT home.phantom AND NOT away.phantom
    """  # noqa: S608 -- names from the models, values as parameters
    matches = records(
        (
            column("match", "i8", "tm.id"),
            column("tournament", "i8", "tm.tournament_id"),
            column("day", "i8", "t.start_date - DATE '1970-01-01'"),
            column("round", "i8", "tm.round"),
            column("home", "i8", "tm.home_id"),
            column("away", "i8", "tm.away_id"),
            column("boards", "i8", "tm.boards"),
            # float(imps_home - imps_away), as Python turns the decimal into a float.
            ("net", "f8", "CAST(tm.imps_home - tm.imps_away AS DOUBLE PRECISION)"),
            # teams._imps_missing: 0-0 IMPs while the VPs before penalties name a winner.
            (
                "missing",
                "?",
                "COALESCE(tm.imps_home = 0 AND tm.imps_away = 0 "
                "AND tm.vp_home + tm.penalty_home <> tm.vp_away + tm.penalty_away, FALSE)",
            ),
            ("plain", "?", f"t.team_handicap_form = '{TEAM_MATCH}'"),
        ),
        matches_from,
        days(start, end),
    )
    lineups = f"""
          FROM {table[LineupSlot]} ls
          JOIN {table[TeamMatch]} tm ON tm.id = ls.match_id
          JOIN {table[Tournament]} t ON t.id = tm.tournament_id
         WHERE {teams} AND ls.entry_id IN (tm.home_id, tm.away_id)
    """  # noqa: S608 -- names from the models, values as parameters
    # Each player's halves, and each match's (teams._side's counts).
    slots = records(
        (
            column("match", "i8", "s.match_id"),
            column("entry", "i8", "s.entry_id"),
            column("player", "i8", "s.player_id"),
            column("halves", "i8", "s.halves"),
        ),
        f"""FROM (SELECT ls.match_id, ls.entry_id, ls.player_id,
                         COUNT(DISTINCT ls.half) AS halves {lineups}
                   GROUP BY ls.match_id, ls.entry_id, ls.player_id) s""",
        days(start, end),
    )
    match_halves = records(
        (column("match", "i8", "s.match_id"), column("halves", "i8", "s.halves")),
        f"""FROM (SELECT ls.match_id, COUNT(DISTINCT ls.half) AS halves {lineups}
                   GROUP BY ls.match_id) s""",
        days(start, end),
    )
    guests = f"SELECT g.id FROM {table[Member]} g WHERE g.status = '{Member.Status.FOREIGN_GUEST}'"
    seats = records(
        (
            column("seat", "i8", "p.id"),
            column("entry", "i8", "p.entry_id"),
            column("tournament", "i8", "t.id"),
            column("member", "i8", "COALESCE(p.member_id, -1)"),
            column("guest", "i2", f"COALESCE((p.member_id IN ({guests}))::int, 0)"),
        ),
        f"""
          FROM {table[EntryPlayer]} p
          JOIN {table[Entry]} e ON e.id = p.entry_id
          JOIN {table[Section]} sec ON sec.id = e.section_id
          JOIN {table[Tournament]} t ON t.id = sec.tournament_id
         WHERE {teams}
        """,  # noqa: S608
        days(start, end),
    )
    places = records(
        (
            column("entry", "i8", "s.entry_id"),
            column("place", "i8", "COALESCE(s.place, -1)"),
            column("place_to", "i8", "COALESCE(s.place_to, -1)"),
        ),
        f"""
          FROM {table[Standing]} s
          JOIN {table[Entry]} e ON e.id = s.entry_id
          JOIN {table[Section]} sec ON sec.id = e.section_id
          JOIN {table[Tournament]} t ON t.id = sec.tournament_id
         WHERE {teams}
        """,  # noqa: S608
        days(start, end),
    )
    every = sorted(
        Tournament.objects.filter(
            start_date__gte=start, start_date__lt=end, kind=Tournament.Kind.TEAMS
        ).values_list("pk", flat=True)
    )
    assert matches is not None and slots is not None and match_halves is not None
    assert seats is not None and places is not None  # fixed widths
    return _plain(matches, slots, match_halves, seats, places, every)


def _plain(matches, slots, match_halves, seats, places, every: list[int]):
    m = np.sort(matches, order=["tournament", "round", "match"])
    n = len(m)
    if not n:
        return _nothing(), []  # a team tournament without a match gives nothing
    if not len(seats):
        return _nothing(), every
    tournament = m["tournament"].astype(np.int64)
    odd = ~m["plain"]
    # A match teams._competition reads as nothing (home against itself, the IMPs
    # missing) is no competition: it is left out, as there, and is no reason to read
    # its tournament the slow way.
    skipped = (m["home"] == m["away"]) | m["missing"]
    # The players of each side: the line-up's players (by EntryPlayer), else the roster.
    seats = np.sort(seats, order=["seat"])
    seat_ids = seats["seat"].astype(np.int64)
    slots = np.sort(slots, order=["match", "entry", "player"])
    sides = np.empty(2 * n, dtype=np.int64)  # the entry of each side
    sides[0::2] = m["home"]
    sides[1::2] = m["away"]
    side_match = np.repeat(m["match"].astype(np.int64), 2)
    slot_key = _key(slots["match"], slots["entry"])
    side_key = _key(side_match, sides)
    if slot_key is None or side_key is None:
        return _nothing(), every  # ids too large for one key: all the slow way
    first = np.searchsorted(slot_key, side_key, side="left")
    last = np.searchsorted(slot_key, side_key, side="right")
    in_lineup = last - first
    roster_entry = np.sort(seats, order=["entry", "seat"])
    roster_first = np.searchsorted(roster_entry["entry"], sides, side="left")
    roster_last = np.searchsorted(roster_entry["entry"], sides, side="right")
    from_lineup = in_lineup > 0
    count = np.where(from_lineup, in_lineup, roster_last - roster_first)
    side_odd = count != TEAM_SIZE
    # Each side's four seats, in order: the line-up's sorted by EntryPlayer, or the
    # roster's (sorted by EntryPlayer too).
    take = np.arange(TEAM_SIZE)
    good = ~side_odd
    lineup_at = np.where(good & from_lineup, first, 0)[:, None] + take
    roster_at = np.where(good & ~from_lineup, roster_first, 0)[:, None] + take
    lineup_at = np.minimum(lineup_at, max(len(slots) - 1, 0))
    roster_at = np.minimum(roster_at, max(len(roster_entry) - 1, 0))
    if len(slots):
        lineup_seat = slots["player"][lineup_at].astype(np.int64)
        lineup_halves = slots["halves"][lineup_at].astype(np.int64)
    else:
        lineup_seat = lineup_halves = np.zeros((2 * n, TEAM_SIZE), np.int64)
    roster_seat = roster_entry["seat"][roster_at].astype(np.int64) if len(seats) else lineup_seat
    seat = np.where(from_lineup[:, None], lineup_seat, roster_seat)
    # The seat's player: a line-up may name a player of another team, or none known.
    at = np.minimum(np.searchsorted(seat_ids, seat), max(len(seat_ids) - 1, 0))
    known = (seat_ids[at] == seat) if len(seat_ids) else np.zeros_like(seat, bool)
    player = seats[at]
    wrong = ~known | (player["entry"] != sides[:, None])
    outsider = (player["member"] < 0) | (player["guest"] != 0)
    side_odd |= (wrong | outsider).any(axis=1) & good
    match_odd = odd | ((side_odd[0::2] | side_odd[1::2]) & ~skipped)
    # The places of both teams, as the history writes them.
    places = np.sort(places, order=["entry"])
    place_at = np.minimum(np.searchsorted(places["entry"], sides), max(len(places) - 1, 0))
    placed = (places["entry"][place_at] == sides) if len(places) else np.zeros(2 * n, bool)
    place = np.stack([places["place"][place_at], places["place_to"][place_at]], axis=1)
    place = np.where(placed[:, None], place, -1).astype(np.int64)
    match_odd |= ((place < 0).any(axis=1) & placed).reshape(-1, 2).any(axis=1) & ~skipped
    slow = sorted(set(tournament[match_odd].tolist()))
    keep = ~np.isin(tournament, slow) & ~skipped
    keep_sides = np.repeat(keep, 2)
    boards = m["boards"].astype(np.int64)
    # Boards each played: boards * halves played / halves of the match, rounded half
    # up, 1..boards (teams._side); a roster plays every board.
    halves_of = np.zeros(n, np.int64)
    if len(match_halves):
        hm = np.sort(match_halves, order=["match"])
        found = np.minimum(np.searchsorted(hm["match"], m["match"]), len(hm) - 1)
        hit = hm["match"][found] == m["match"]
        halves_of = np.where(hit, hm["halves"][found], 0).astype(np.int64)
    side_boards = np.repeat(boards, 2)[:, None]
    side_halves = np.maximum(np.repeat(halves_of, 2)[:, None], 1)
    by_lineup = np.minimum(
        side_boards,
        np.maximum(1, (2 * side_boards * lineup_halves + side_halves) // (2 * side_halves)),
    )
    played = np.where(from_lineup[:, None], by_lineup, side_boards)
    net = m["net"].astype(np.float64) / boards
    result = np.empty(2 * n)
    result[0::2] = net
    result[1::2] = np.where(net != 0, -net, 0.0)
    return (
        PlainMatches(
            match=m["match"][keep].astype(np.int64),
            tournament=tournament[keep],
            day=m["day"][keep].astype(np.int64),
            round=m["round"][keep].astype(np.int64),
            boards=boards[keep],
            result=result[keep_sides],
            place=place[keep_sides],
            member=player["member"][keep_sides].astype(np.int64).ravel(),
            played=played[keep_sides].ravel(),
        ),
        slow,
    )


def _key(match: np.ndarray, entry: np.ndarray) -> np.ndarray | None:
    """(match, entry) as one sortable number; None when the ids are too large."""
    match = match.astype(np.int64)
    entry = entry.astype(np.int64)
    if len(match) and (match.max() >= 2**31 or entry.max() >= 2**32 or entry.min() < 0):
        return None
    return match << 32 | entry


def _nothing() -> PlainMatches:
    i8 = np.zeros(0, np.int64)
    return PlainMatches(i8, i8, i8, i8, i8, np.zeros(0), np.zeros((0, 2), np.int64), i8, i8)
