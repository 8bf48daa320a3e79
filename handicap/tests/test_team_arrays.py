"""Plain team matches read as arrays (handicap/team_arrays.py) against
``teams.team_competitions``: the same competitions, number for number, and every
tournament with anything else in it left to ``team_competitions`` whole (issue #15).
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import numpy as np
import pytest
from django.db import connection

from handicap.arrays import place_numbers
from handicap.team_arrays import read_plain_matches
from handicap.teams import team_competitions
from handicap.tests.test_teams import _event, _lineup, _match
from members.models import Member
from tournaments.models import EntryPlayer, Standing

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="read by PostgreSQL's binary form"
    ),
]
MONTH = (date(2026, 4, 1), date(2026, 5, 1))
DAY = date(2026, 4, 14)


def _plain_events():
    """Team events every match of which is plain: rosters, line-ups by half (a player
    who sat out a half plays fewer boards), a match of 0-0 IMPs whose VPs name a
    winner (no competition at all), a shared place."""
    rosters, (a, b, c) = _event(3, day=DAY, name="Serie")
    _match(rosters, a, b, 30, 12, round=1)
    _match(rosters, b, c, "7.5", 7, round=2, boards=14)
    _match(rosters, c, a, 0, 0, round=3, vp_home=Decimal(12), vp_away=Decimal(8))
    Standing.objects.filter(entry=c).update(place=1, place_to=3)
    halves, (d, e) = _event(2, size=5, day=date(2026, 4, 20), name="Halvlek")
    match = _match(halves, d, e, 11, 25, boards=24)
    first, second = list(d.players.order_by("pk")), list(e.players.order_by("pk"))
    _lineup(match, d, 1, first[:4])
    _lineup(match, d, 2, first[:3])  # the fourth sat out the second half
    _lineup(match, e, 1, second[1:])
    _lineup(match, e, 2, second[1:])
    return [rosters, halves]


def _slow_events():
    """Team events with something only team_competitions reads."""
    guest, (f, g) = _event(2, day=DAY, name="Gäst")
    _match(guest, f, g, 10, 3)
    Member.objects.filter(pk=f.players.first().member_id).update(status="foreign_guest")
    outsider, (h, i) = _event(2, day=DAY, name="Utan")
    _match(outsider, h, i, 10, 3)
    EntryPlayer.objects.filter(pk=h.players.first().pk).update(member=None, temporary_id="G-1")
    five, (j, k) = _event(2, size=5, day=DAY, name="Fem")
    _match(five, j, k, 1, 2)  # five in the roster and no line-up: no side of four
    lineup, (o, q) = _event(2, size=5, day=DAY, name="Fem i laget")
    match = _match(lineup, o, q, 1, 2)
    players = list(o.players.order_by("pk"))
    _lineup(match, o, 1, players[:4])
    _lineup(match, o, 2, players[1:])  # five players over the halves
    across, (m, n) = _event(2, day=DAY, name="IAF")
    across.team_handicap_form = "team_match_iaf"
    across.save()
    _match(across, m, n, 4, 4)
    return [guest, outsider, five, lineup, across]


def test_plain_matches_are_what_team_competitions_reads():
    plain = _plain_events()
    slow = _slow_events()
    found, left = read_plain_matches(*MONTH)
    assert left == sorted(t.pk for t in slow)
    places: dict[str, str] = {}
    expected = [
        c for t in plain for c in team_competitions([t.pk], places).get(t.pk, [])
    ]  # fmt: skip
    assert len(expected) == len(found.match) == 3  # the 0-0 match is no competition
    order = np.lexsort((found.match, found.round, found.tournament))
    for k, c in zip(order.tolist(), sorted(expected, key=lambda c: c.id), strict=True):
        assert c.id == f"{found.tournament[k]:012d}.{found.round[k]:03d}.{found.match[k]:010d}"
        assert c.date.toordinal() - date(1970, 1, 1).toordinal() == found.day[k]
        assert c.boards == found.boards[k]
        players = [int(p) for e in c.entries for p in e.players]
        assert found.member[8 * k : 8 * k + 8].tolist() == players
        played = [n for e in c.entries for n in (e.boards_played or (c.boards,) * 4)]
        assert found.played[8 * k : 8 * k + 8].tolist() == played
        assert found.result[2 * k : 2 * k + 2].tolist() == [e.result for e in c.entries]
        assert [tuple(p) for p in found.place[2 * k : 2 * k + 2].tolist()] == [
            place_numbers(places.get(e.id, "")) for e in c.entries
        ]
    # The line-up's boards: a player who sat out a half played half of them.
    assert sorted(set(found.played.tolist())) == [12, 14, 16, 24]


def test_a_month_without_team_matches_reads_nothing():
    found, left = read_plain_matches(*MONTH)
    assert (len(found.match), left) == (0, [])
