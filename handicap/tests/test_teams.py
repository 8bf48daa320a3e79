"""Team matches as handicap competitions (handicap/teams.py; 002 section 3.3.3.1)."""

from datetime import date
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from handicap.domain.competition import check
from handicap.domain.errors import PlayerTwice
from handicap.domain.walk import walk
from handicap.teams import team_competitions
from members.demo import build_demo_federation
from members.models import Member
from members.services import current_season
from members.tests.factories import MemberFactory
from tournaments.demo import build_demo_season
from tournaments.models import (
    Entry,
    EntryPlayer,
    LineupSlot,
    Section,
    Standing,
    TeamMatch,
    Tournament,
)

pytestmark = pytest.mark.django_db
DAY = date(2026, 4, 14)


def _event(teams=2, *, size=4, kind="teams", day=DAY, name="Lagbarometern"):
    """A tournament with ``teams`` teams of ``size`` members, placed in entry order."""
    tournament = Tournament.objects.create(
        event_id=f"{name}-{day}-{Tournament.objects.count()}",
        name=name,
        start_date=day,
        end_date=day,
        kind=kind,
        scoring="team_vp" if kind == "teams" else "matchpoints",
        boards=32,
    )
    section = Section.objects.create(tournament=tournament, name="A")
    entries = []
    for number in range(1, teams + 1):
        entry = Entry.objects.create(section=section, number=number, name=f"Lag {number}")
        for _ in range(size):
            EntryPlayer.objects.create(entry=entry, member=MemberFactory())
        Standing.objects.create(entry=entry, place=number, place_to=number, score=100 - number)
        entries.append(entry)
    return tournament, entries


def _match(tournament, home, away, imps_home, imps_away, *, round=1, boards=16, **kwargs):
    return TeamMatch.objects.create(
        tournament=tournament,
        round=round,
        home=home,
        away=away,
        boards=boards,
        imps_home=Decimal(imps_home),
        imps_away=Decimal(imps_away),
        **kwargs,
    )


def _lineup(match, entry, half, players):
    for player in players:
        LineupSlot.objects.create(match=match, entry=entry, half=half, player=player)


def _read(ids, places=None):
    """What team_competitions gives, each competition through the domain's checks."""
    found = team_competitions(ids, places)
    for competitions in found.values():
        for competition in competitions:
            check(competition)
    return found


def _ids(entry) -> tuple[str, ...]:
    return tuple(str(m) for m in entry.players.order_by("pk").values_list("member_id", flat=True))


def test_one_competition_per_match_sorted_by_round():
    tournament, (a, b, c, d) = _event(4)
    second = _match(tournament, a, c, 20, 10, round=2)
    first = _match(tournament, a, b, 30, 12, round=1)
    other = _match(tournament, c, d, 5, 5, round=1)
    pairs, _ = _event(2, size=2, kind="pairs")
    found = _read([tournament.pk, pairs.pk])
    assert list(found) == [tournament.pk]  # a pairs event is not read here
    ids = [c.id for c in found[tournament.pk]]
    assert ids == [
        f"{tournament.pk:012d}.001.{first.pk:010d}",
        f"{tournament.pk:012d}.001.{other.pk:010d}",
        f"{tournament.pk:012d}.002.{second.pk:010d}",
    ]
    # Sorts after the pairs/individual id of the same tournament and before the next.
    assert f"{tournament.pk:012d}" < ids[0] < f"{tournament.pk + 1:012d}"
    competition = found[tournament.pk][0]
    assert (competition.date, competition.form, competition.scoring, competition.boards) == (
        DAY,
        "team_match",
        "imp",
        16,
    )
    assert [e.id for e in competition.entries] == [str(a.pk), str(b.pk)]
    assert competition.entries[0].players == _ids(a)
    assert competition.entries[1].players == _ids(b)
    assert competition.entries[0].boards_played == (16, 16, 16, 16)
    assert competition.guests == competition.non_members == frozenset()


def test_the_result_is_net_imps_per_board_and_penalties_do_not_count():
    tournament, (a, b) = _event(2)
    _match(tournament, a, b, 30, 12, penalty_home=Decimal(2), vp_home=Decimal("12.58"))
    (competition,) = _read([tournament.pk])[tournament.pk]
    assert [e.result for e in competition.entries] == [1.125, -1.125]


def test_a_draw_is_nil_for_both():
    tournament, (a, b) = _event(2)
    _match(tournament, a, b, 21, 21)
    (competition,) = _read([tournament.pk])[tournament.pk]
    assert [str(e.result) for e in competition.entries] == ["0.0", "0.0"]


def test_a_line_up_gives_the_boards_each_played():
    # Two halves of 8 boards; the home team's fourth player is listed in the first
    # half only (the second half's line-up names three): 8 of the 16 boards.
    tournament, (a, b) = _event(2, size=5)
    match = _match(tournament, a, b, 40, 20)
    home = list(a.players.order_by("pk"))
    _lineup(match, a, 1, [home[4], home[0], home[1], home[2]])
    _lineup(match, a, 2, [home[0], home[1], home[4]])
    away = list(b.players.order_by("pk"))
    _lineup(match, b, 1, away[1:])
    _lineup(match, b, 2, away[1:])
    (competition,) = _read([tournament.pk])[tournament.pk]
    first, second = competition.entries
    # The players who played, in roster order; the reserve who sat out is not there.
    assert first.players == tuple(str(p.member_id) for p in (home[0], home[1], home[2], home[4]))
    assert first.boards_played == (16, 16, 8, 16)
    assert second.players == tuple(str(p.member_id) for p in away[1:])
    assert second.boards_played == (16, 16, 16, 16)


def test_a_half_time_change_to_a_fifth_player_leaves_the_match_out():
    tournament, (a, b) = _event(2, size=5)
    match = _match(tournament, a, b, 40, 20)
    home = list(a.players.order_by("pk"))
    away = list(b.players.order_by("pk"))
    _lineup(match, a, 1, home[:4])
    _lineup(match, a, 2, home[1:])  # five players over the two halves
    _lineup(match, b, 1, away[:4])
    _lineup(match, b, 2, away[:4])
    assert _read([tournament.pk]) == {}


def test_one_side_without_a_line_up_uses_its_roster():
    tournament, (a, b) = _event(2)
    match = _match(tournament, a, b, 10, 30, boards=12)
    _lineup(match, a, 1, a.players.all())
    (competition,) = _read([tournament.pk])[tournament.pk]
    assert competition.entries[1].players == _ids(b)
    assert competition.entries[1].boards_played == (12, 12, 12, 12)


def test_a_team_of_five_without_a_line_up_leaves_its_matches_out():
    tournament, (a, b, c) = _event(3)
    EntryPlayer.objects.create(entry=c, member=MemberFactory())
    kept = _match(tournament, a, b, 30, 12)
    _match(tournament, a, c, 30, 12, round=2)
    _match(tournament, c, b, 30, 12, round=3)
    assert [x.id.rsplit(".", 1)[1] for x in _read([tournament.pk])[tournament.pk]] == [
        f"{kept.pk:010d}"
    ]


def test_walkovers_empty_matches_phantoms_and_missing_imps_are_left_out():
    tournament, (a, b, c, d) = _event(4)
    Entry.objects.filter(pk=d.pk).update(phantom=True)
    kept = _match(tournament, a, b, 30, 12)
    _match(tournament, a, c, 0, 7, round=2, walkover=True, vp_home=0, vp_away=12)
    _match(tournament, b, c, 0, 0, round=3, boards=0)
    _match(tournament, a, d, 50, 0, round=3)
    # A file without IMPs is saved as 0-0: the VPs show it was no draw.
    _match(tournament, c, b, 0, 0, round=4, vp_home=Decimal("15.2"), vp_away=Decimal("4.8"))
    # A real 0-0 draw (a penalty took the home team's VPs below 10) stays.
    draw = _match(tournament, c, a, 0, 0, round=5, vp_home=8, vp_away=10, penalty_home=Decimal(2))
    found = _read([tournament.pk])[tournament.pk]
    assert [x.id.rsplit(".", 1)[1] for x in found] == [f"{kept.pk:010d}", f"{draw.pk:010d}"]


def test_non_members_and_guests():
    tournament, (a, b) = _event(2)
    first = a.players.order_by("pk").first()
    first.member, first.temporary_id = None, "SE-991"
    first.save()
    guest = b.players.order_by("pk").last().member
    Member.objects.filter(pk=guest.pk).update(status=Member.Status.FOREIGN_GUEST)
    _match(tournament, a, b, 12, 30)
    (competition,) = _read([tournament.pk])[tournament.pk]
    assert competition.entries[0].players[0] == "t:SE-991"
    assert competition.non_members == frozenset({"t:SE-991"})
    assert competition.guests == frozenset({str(guest.pk)})
    assert competition.entries[1].players[3] == str(guest.pk)


def test_a_player_in_both_teams_is_refused_and_the_step_says_why():
    from handicap.models import HandicapChange
    from handicap.services import update_handicaps_for

    tournament, (a, b) = _event(2)
    twice = a.players.order_by("pk").first().member
    EntryPlayer.objects.filter(pk=b.players.order_by("pk").first().pk).update(member=twice)
    _match(tournament, a, b, 30, 12)
    (competition,) = team_competitions([tournament.pk])[tournament.pk]
    with pytest.raises(PlayerTwice, match=f"player '{twice.pk}'"):
        check(competition)
    with pytest.raises(PlayerTwice, match="in the field twice"):
        update_handicaps_for(tournament)
    assert not HandicapChange.objects.exists()


def test_places_are_the_teams_places_in_the_standings():
    tournament, (a, b, c) = _event(3)
    Standing.objects.filter(entry__in=[b, c]).update(place=2, place_to=3)
    _match(tournament, a, b, 30, 12)
    places: dict[str, str] = {}
    _read([tournament.pk], places)
    assert places == {str(a.pk): "1", str(b.pk): "2-3", str(c.pk): "2-3"}


def _tournament_with_matches(day):
    tournament, (a, b, c, d) = _event(4, size=5, day=day)
    match = _match(tournament, a, b, 30, 12)
    home = list(a.players.order_by("pk"))
    _lineup(match, a, 1, home[:4])
    _lineup(match, a, 2, home[:4])
    _lineup(match, b, 1, list(b.players.order_by("pk"))[:4])
    _match(tournament, c, d, 3, 40)
    _match(tournament, a, c, 3, 40, round=2, walkover=True)
    return tournament


def test_the_queries_do_not_grow_with_the_tournaments():
    ids = [_tournament_with_matches(date(2026, 4, day)).pk for day in (1, 2, 3)]
    with CaptureQueriesContext(connection) as one:
        found = team_competitions(ids[:1], {})
    assert sum(len(c) for c in found.values()) == 1
    with CaptureQueriesContext(connection) as three:
        found = team_competitions(ids, {})
    assert sum(len(c) for c in found.values()) == 3
    assert len(three) == len(one) == 4
    with CaptureQueriesContext(connection) as no_places:
        team_competitions(ids)
    assert len(no_places) == 3


def test_a_team_that_beats_an_equal_team_loses_handicap():
    tournament, (a, b) = _event(2)
    _match(tournament, a, b, 40, 10)
    competitions = _read([tournament.pk])[tournament.pk]
    handicaps = {p: 20.0 for c in competitions for e in c.entries for p in e.players}
    ((_, rows),) = list(walk(competitions, handicaps))
    winners = {row.player: row.change for row in rows if row.entry == str(a.pk)}
    losers = {row.player: row.change for row in rows if row.entry == str(b.pk)}
    assert len(winners) == len(losers) == 4
    assert all(change < 0 for change in winners.values())
    assert all(change > 0 for change in losers.values())
    assert all(row.expected == 0 and row.achieved == pytest.approx(30 / 16) for row in rows[:4])
    assert sum(row.change for row in rows) == pytest.approx(0)


def test_a_demo_seasons_team_matches_all_count():
    build_demo_federation(members=300, clubs=21, seed=8, season=current_season())
    build_demo_season(tournaments=25, seed=8)  # three team barometers
    teams = list(Tournament.objects.filter(kind="teams").values_list("pk", flat=True))
    found = _read(Tournament.objects.values_list("pk", flat=True))
    assert sorted(found) == sorted(teams)
    for pk, competitions in found.items():
        assert len(competitions) == TeamMatch.objects.filter(tournament_id=pk).count()
