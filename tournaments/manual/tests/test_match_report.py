"""The match report's late arrival and slow play (003 lines 794-824), entered in
minutes and converted by the scales of tournaments/domain/time_penalties.py; the other
VP penalty box keeps the director's other rulings. Service and page."""

from datetime import date
from decimal import Decimal

import pytest

from members.models import Role
from members.tests.factories import ClubFactory, MemberFactory, give_role, member_with_login
from tournaments.manual.services import (
    DelayedTable,
    HalfLineup,
    LateArrival,
    TeamEntryError,
    create_team_event,
    record_team_match,
    set_team_roster,
)
from tournaments.models import MatchTimePenalty, Standing, TeamMatch

pytestmark = pytest.mark.django_db
BASE = "/tournaments/manual"
D = Decimal


@pytest.fixture
def club():
    return ClubFactory(name="BK Klöver")


@pytest.fixture
def event(club):
    return create_team_event(
        organiser=club,
        name="DM Lag kval",
        date=date(2024, 10, 1),
        boards_per_match=16,
        teams=[(1, "Lag Ek"), (2, "Lag Björk"), (3, "Lag Lönn"), (4, "Lag Alm")],
        award_table="B4",
    )


@pytest.fixture
def teams(event):
    return {e.number: e for e in event.sections.get().entries.order_by("number")}


@pytest.fixture
def rosters(teams):
    mids = {n: tuple(MemberFactory().mid for _ in range(4)) for n in teams}
    for n, team in teams.items():
        set_team_roster(team=team, mids=list(mids[n]))
    return mids


def play(event, teams, rosters, home=1, away=2, *, round=1, imps=(30, 10), **kwargs):
    return record_team_match(
        tournament=event,
        round=round,
        home=teams[home],
        away=teams[away],
        boards=16,
        halves=[HalfLineup(1, rosters[home], rosters[away])],
        imps_home=imps[0],
        imps_away=imps[1],
        **kwargs,
    )


def rows(match):
    return [
        (p.kind, p.side, p.table, p.minutes, p.warned_before, p.vp, p.to_committee)
        for p in MatchTimePenalty.objects.filter(match=match).order_by("kind", "side", "table")
    ]


# --- the service ---------------------------------------------------------------------


def test_minutes_are_saved_with_their_vp_and_the_standings_deduct_them(event, teams, rosters):
    # 16 boards, 30-10: 15.00-5.00 on the scale. Home: 7 minutes late (line 803, 1 VP)
    # and table 2 slow by 12 minutes (line 820, 2 VP); away: table 1 over by 30
    # minutes (line 824: the committee's, no VP) and another 0.5 VP ruling.
    match = play(
        event,
        teams,
        rosters,
        penalty_away=D("0.5"),
        late_arrivals=[LateArrival("home", 7)],
        delayed_tables=[DelayedTable(2, 12, "home", row=1), DelayedTable(1, 30, "away", row=2)],
    )
    assert (match.penalty_home, match.penalty_away) == (D("3.00"), D("0.50"))
    assert (match.vp_home, match.vp_away) == (D("12.00"), D("4.50"))
    assert rows(match) == [
        ("late", "home", None, 7, False, D("1.00"), False),
        ("slow", "away", 1, 30, False, D("0.00"), True),
        ("slow", "home", 2, 12, False, D("2.00"), False),
    ]
    assert Standing.objects.get(entry=teams[1]).score == D("12.00")
    assert Standing.objects.get(entry=teams[2]).score == D("4.50")


def test_a_late_arrival_earlier_in_the_event_counts_as_a_warning_line_810(event, teams, rosters):
    first = play(event, teams, rosters, late_arrivals=[LateArrival("away", 3)])
    # Line 802: 3 minutes is a warning, no VP.
    assert rows(first) == [("late", "away", None, 3, False, D("0.00"), False)]
    # Round 2, team 2 late again by 2 minutes: warned before, so at least 0,5 VP.
    second = play(event, teams, rosters, 3, 2, round=2, late_arrivals=[LateArrival("away", 2)])
    assert rows(second) == [("late", "away", None, 2, True, D("0.50"), False)]
    assert second.penalty_away == D("0.50")
    # Team 3, never late before, gets the warning; the box adds a warning Klöver has
    # no record of (an earlier stage).
    third = play(
        event,
        teams,
        rosters,
        3,
        4,
        round=3,
        late_arrivals=[LateArrival("home", 4), LateArrival("away", 4, warned_before=True)],
    )
    assert [(r[1], r[4], r[5]) for r in rows(third)] == [
        ("away", True, D("0.50")),
        ("home", False, D("0.00")),
    ]


def test_a_table_both_teams_were_to_blame_for_is_shared(event, teams, rosters):
    match = play(event, teams, rosters, delayed_tables=[DelayedTable(1, 8, "both")])
    # Line 819: 1,5 VP for the table, 0,75 each.
    assert (match.penalty_home, match.penalty_away) == (D("0.75"), D("0.75"))


def test_entering_the_match_again_replaces_its_time_penalties(event, teams, rosters):
    play(event, teams, rosters, late_arrivals=[LateArrival("home", 12)])
    match = play(event, teams, rosters, late_arrivals=[LateArrival("away", 6)])
    assert MatchTimePenalty.objects.count() == 1
    assert (match.penalty_home, match.penalty_away) == (D("0.00"), D("1.00"))


def test_bad_minutes_name_the_match_the_field_and_the_table_and_save_nothing(event, teams, rosters):
    with pytest.raises(TeamEntryError) as refused:
        play(
            event,
            teams,
            rosters,
            delayed_tables=[
                DelayedTable(2, 6, "home", row=1),
                DelayedTable(2, 9, "away", row=2),
                DelayedTable(1, 0, "away", row=3),
            ],
        )
    problems = {p.field: str(p) for p in refused.value.problems}
    assert set(problems) == {"slow-2-table", "slow-3-minutes"}
    assert (
        "Round 1, Lag Ek – Lag Björk, slow play: table 2 is given in rows 1 and 2"
        in (problems["slow-2-table"])
    )
    assert "Round 1, Lag Ek – Lag Björk, slow play at table 1" in problems["slow-3-minutes"]
    assert not TeamMatch.objects.exists() and not MatchTimePenalty.objects.exists()


def test_a_walkover_has_no_time_penalties(event, teams):
    with pytest.raises(TeamEntryError) as refused:
        record_team_match(
            tournament=event,
            round=1,
            home=teams[1],
            away=teams[2],
            boards=16,
            halves=[],
            walkover_by="away",
            late_arrivals=[LateArrival("home", 7)],
        )
    assert [p.field for p in refused.value.problems] == ["walkover_by"]


# --- the page ------------------------------------------------------------------------


@pytest.fixture
def admin_client(client, club):
    admin = member_with_login()
    give_role(admin, Role.Kind.CLUB_ADMIN, club=club)
    client.force_login(admin.user)
    return client


def form_data(teams, rosters, **fields):
    data = {
        "round": "1",
        "home": teams[1].pk,
        "away": teams[2].pk,
        "boards": "16",
        "imps_home": "30",
        "imps_away": "10",
        "penalty_home": "0",
        "penalty_away": "0",
        "walkover_by": "",
        "late_home": "",
        "late_away": "",
        "half-TOTAL_FORMS": "2",
        "half-INITIAL_FORMS": "0",
        "half-MIN_NUM_FORMS": "0",
        "half-MAX_NUM_FORMS": "2",
        "slow-TOTAL_FORMS": "2",
        "slow-INITIAL_FORMS": "0",
        "slow-MIN_NUM_FORMS": "0",
        "slow-MAX_NUM_FORMS": "4",
    }
    for side, n in (("home", 1), ("away", 2)):
        for seat, mid in enumerate(rosters[n], start=1):
            data[f"half-0-{side}_{seat}"] = str(mid)
    return data | fields


def test_the_form_shows_the_converted_vp_before_saving(admin_client, event, teams, rosters):
    response = admin_client.post(
        f"{BASE}/teams/{event.pk}/match/",
        form_data(
            teams,
            rosters,
            preview="1",
            late_away="27",
            **{"slow-0-table": "2", "slow-0-minutes": "4", "slow-0-side": "home"},
        ),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200 and not TeamMatch.objects.exists()
    preview = response.context["preview"]
    # Home: table 2 slow by 4 minutes, 1 VP (line 818); away: 27 minutes late, 4 VP
    # (line 808) and for the committee.
    assert (preview.vp_home, preview.vp_away) == (D("14.00"), D("1.00"))
    body = response.content.decode()
    assert "late arrival 27 min" in body and "for the committee" in body
    assert "003 line 808" in body and "003 line 818" in body


def test_the_form_saves_the_report_and_the_match_list_shows_it(admin_client, event, teams, rosters):
    response = admin_client.post(
        f"{BASE}/teams/{event.pk}/match/",
        form_data(
            teams,
            rosters,
            late_home="3",
            penalty_away="1",
            **{"slow-1-table": "1", "slow-1-minutes": "16", "slow-1-side": "away"},
        ),
    )
    assert response.status_code == 302
    match = TeamMatch.objects.get()
    assert (match.penalty_home, match.penalty_away) == (D("0.00"), D("3.50"))
    page = admin_client.get(f"{BASE}/teams/{event.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    body = page.content.decode()
    assert "late arrival 3 min (0+ to 5): a warning" in body
    assert "slow play 16 min (15+ to 20): 2.5 VP" in body
    assert "other VP penalty 1.00 VP" in body
    lines = page.context["matches"][0]["penalties"]
    assert [line.get("other") for line in lines] == [None, None, D("1.00")]


def test_a_penalty_entered_before_minutes_were_reads_as_other(admin_client, event, teams):
    TeamMatch.objects.create(
        tournament=event,
        round=1,
        home=teams[1],
        away=teams[2],
        boards=16,
        imps_home=30,
        imps_away=10,
        vp_home=D("13.00"),
        vp_away=D("5.00"),
        penalty_home=D("2.00"),
    )
    page = admin_client.get(f"{BASE}/teams/{event.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert [line["other"] for line in page.context["matches"][0]["penalties"]] == [D("2.00")]


def test_a_bad_row_is_shown_at_its_row(admin_client, event, teams, rosters):
    response = admin_client.post(
        f"{BASE}/teams/{event.pk}/match/",
        form_data(
            teams,
            rosters,
            **{
                "slow-0-table": "2",
                "slow-0-minutes": "6",
                "slow-0-side": "home",
                "slow-1-table": "2",
                "slow-1-minutes": "3",
                "slow-1-side": "away",
            },
        ),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200 and not TeamMatch.objects.exists()
    errors = response.context["slow"].forms[1].errors["table"]
    assert "table 2 is given in rows 1 and 2" in errors[0]


def test_a_row_needs_its_table_its_minutes_and_whose(admin_client, event, teams, rosters):
    response = admin_client.post(
        f"{BASE}/teams/{event.pk}/match/",
        form_data(teams, rosters, **{"slow-0-minutes": "6"}),
    )
    assert response.status_code == 200 and not TeamMatch.objects.exists()
    assert set(response.context["slow"].forms[0].errors) == {"table", "side"}
