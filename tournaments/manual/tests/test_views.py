"""Manual results entry pages (tournaments/views_manual.py) at /tournaments/manual/.

Assertions read data, status codes and form errors rather than English text: the
UI is Swedish by default and these strings are translated when the lead merges.
"""

from datetime import date
from decimal import Decimal

import pytest

from members.models import Member, Role
from members.tests.factories import ClubFactory, MemberFactory, give_role, member_with_login
from tournaments.manual.services import (
    HalfLineup,
    create_team_event,
    record_team_match,
    set_team_roster,
)
from tournaments.models import ImportLog, Standing, TeamMatch, Tournament

pytestmark = pytest.mark.django_db
BASE = "/tournaments/manual"


@pytest.fixture
def club():
    return ClubFactory(name="BK Klöver")


@pytest.fixture
def admin_client(client, club):
    admin = member_with_login()
    give_role(admin, Role.Kind.CLUB_ADMIN, club=club)
    client.force_login(admin.user)
    return client


@pytest.fixture
def office_client(client):
    office = member_with_login()
    give_role(office, Role.Kind.OFFICE_STAFF)
    client.force_login(office.user)
    return client


@pytest.fixture
def event(club):
    return create_team_event(
        organiser=club,
        name="DM Lag kval",
        date=date(2024, 10, 1),
        boards_per_match=16,
        teams=[(1, "Lag Ek"), (2, "Lag Björk"), (3, "Lag Lönn")],
        award_table="B4",
    )


def team_event_data(club_value, name="Lagserie"):
    return {
        "club": club_value,
        "name": name,
        "date": "2024-10-01",
        "boards_per_match": "20",
        "award_table": "B4",
        "teams": "1 Lag Ek\n2 Lag Björk\n\n3 Lag Lönn\n",
    }


def match_data(event, *, home=None, away=None, half1=None, half2=None, **fields):
    teams = {e.number: e.pk for e in event.sections.get().entries.all()}
    data = {
        "round": "1",
        "home": teams[1] if home is None else home,
        "away": teams[2] if away is None else away,
        "boards": "16",
        "imps_home": "30",
        "imps_away": "10",
        "penalty_home": "0",
        "penalty_away": "0",
        "walkover_by": "",
        "half-TOTAL_FORMS": "2",
        "half-INITIAL_FORMS": "0",
        "half-MIN_NUM_FORMS": "0",
        "half-MAX_NUM_FORMS": "2",
        "slow-TOTAL_FORMS": "2",
        "slow-INITIAL_FORMS": "0",
        "slow-MIN_NUM_FORMS": "0",
        "slow-MAX_NUM_FORMS": "4",
    }
    for index, lineup in ((0, half1), (1, half2)):
        for side, players in zip(("home", "away"), lineup or ((), ()), strict=True):
            for seat, mid in enumerate(players, start=1):
                data[f"half-{index}-{side}_{seat}"] = str(mid)
    return data | fields


def lineup(event):
    """Four new members on each of the rosters of teams 1 and 2 (the match form offers
    roster players only), as MIDs."""
    teams = {e.number: e for e in event.sections.get().entries.all()}
    home, away = ([MemberFactory().mid for _ in range(4)] for _ in range(2))
    set_team_roster(team=teams[1], mids=home)
    set_team_roster(team=teams[2], mids=away)
    return home, away


# --- permissions ---------------------------------------------------------------------


def test_club_admin_creates_a_team_event_for_own_club_only(admin_client, club):
    other = ClubFactory()
    refused = admin_client.post(f"{BASE}/teams/new/", team_event_data(other.pk, "Kapad"))
    assert refused.status_code == 200 and "club" in refused.context["form"].errors
    assert not Tournament.objects.exists()

    response = admin_client.post(f"{BASE}/teams/new/", team_event_data(club.pk))
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"{BASE}/teams/{tournament.pk}/"
    assert tournament.organiser_club == club and tournament.scoring == "team_vp"
    assert list(tournament.sections.get().entries.values_list("number", "name")) == [
        (1, "Lag Ek"),
        (2, "Lag Björk"),
        (3, "Lag Lönn"),
    ]


def test_club_admin_cannot_open_or_enter_another_clubs_event(client, event):
    stranger = member_with_login()
    give_role(stranger, Role.Kind.CLUB_ADMIN, club=ClubFactory())
    client.force_login(stranger.user)
    assert client.get(f"{BASE}/teams/{event.pk}/").status_code == 403
    assert client.get(f"{BASE}/teams/{event.pk}/match/").status_code == 403
    home, away = lineup(event)
    refused = client.post(f"{BASE}/teams/{event.pk}/match/", match_data(event, half1=(home, away)))
    assert refused.status_code == 403
    assert not TeamMatch.objects.exists()


def test_a_player_is_refused_every_entry_page(client, event):
    player = member_with_login()
    client.force_login(player.user)
    for url in (
        f"{BASE}/",
        f"{BASE}/teams/new/",
        f"{BASE}/teams/{event.pk}/",
        f"{BASE}/teams/{event.pk}/match/",
        f"{BASE}/teams/{event.pk}/teams/{event.sections.get().entries.first().pk}/roster/",
        f"{BASE}/pairs/new/",
        "/members/lookup/?q=anna",
    ):
        assert client.get(url).status_code == 403, url
    assert (
        client.post(f"{BASE}/teams/new/", team_event_data(event.organiser_club.pk)).status_code
        == 403
    )
    assert Tournament.objects.count() == 1


def test_anonymous_visitors_are_sent_to_log_in(client, event):
    response = client.get(f"{BASE}/teams/{event.pk}/match/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_office_creates_for_any_club_by_number_and_opens_any_event(office_client, event):
    other = ClubFactory(number=4711)
    response = office_client.post(f"{BASE}/teams/new/", team_event_data("4711"))
    assert response.status_code == 302
    assert Tournament.objects.filter(organiser_club=other).exists()
    assert office_client.get(f"{BASE}/teams/{event.pk}/").status_code == 200
    assert office_client.get(f"{BASE}/teams/{event.pk}/match/").status_code == 200
    index = office_client.get(f"{BASE}/")
    assert set(index.context["events"]) == set(Tournament.objects.all())


# --- team matches --------------------------------------------------------------------


def test_entering_a_match_saves_the_vps_and_the_event_page_lists_it(admin_client, event):
    home, away = lineup(event)
    response = admin_client.post(
        f"{BASE}/teams/{event.pk}/match/", match_data(event, half1=(home, away))
    )
    assert response.status_code == 302 and response["Location"] == f"{BASE}/teams/{event.pk}/"
    match = TeamMatch.objects.get()
    assert (match.vp_home, match.vp_away) == (Decimal("15.00"), Decimal("5.00"))
    assert match.lineups.count() == 8

    page = admin_client.get(f"{BASE}/teams/{event.pk}/")
    assert page.status_code == 200
    body = page.content.decode()
    assert "15,00–5,00" in body  # Swedish, the default language, writes a decimal comma
    assert [(r["standing"].entry.name, r["standing"].place) for r in page.context["standings"]] == [
        ("Lag Ek", 1),
        ("Lag Björk", 2),
        ("Lag Lönn", 3),
    ]

    def names(mids):
        return [f"{m.first_name} {m.last_name}" for m in (Member.objects.get(mid=i) for i in mids)]

    assert page.context["matches"][0]["halves"] == [(1, names(home), names(away))]


def test_show_vps_computes_without_saving(admin_client, event):
    home, away = lineup(event)
    response = admin_client.post(
        f"{BASE}/teams/{event.pk}/match/",
        match_data(event, half1=(home, away), penalty_home="1", preview="1"),
    )
    assert response.status_code == 200
    preview = response.context["preview"]
    assert (preview.vp_home, preview.vp_away) == (Decimal("14.00"), Decimal("5.00"))
    assert not TeamMatch.objects.exists()


def test_an_unknown_mid_is_shown_at_its_field_and_nothing_is_saved(admin_client, event):
    event = Tournament.objects.get(pk=event.pk)
    home, away = lineup(event)
    away[2] = 999_999
    response = admin_client.post(
        f"{BASE}/teams/{event.pk}/match/", match_data(event, half1=(home, away))
    )
    assert response.status_code == 200
    errors = response.context["formset"].forms[0].errors
    assert list(errors) == ["away_3"] and "999999" in errors["away_3"][0]
    assert not TeamMatch.objects.exists()
    assert not ImportLog.objects.exists()


def test_a_half_left_partly_empty_is_a_form_error(admin_client, event):
    home, away = lineup(event)
    response = admin_client.post(
        f"{BASE}/teams/{event.pk}/match/", match_data(event, half1=(home[:3], away))
    )
    assert response.status_code == 200
    assert list(response.context["formset"].forms[0].errors) == ["home_4"]
    assert not TeamMatch.objects.exists()


def test_a_walkover_needs_no_imps_or_lineups(admin_client, event):
    response = admin_client.post(
        f"{BASE}/teams/{event.pk}/match/",
        match_data(event, imps_home="", imps_away="", walkover_by="away"),
    )
    assert response.status_code == 302
    match = TeamMatch.objects.get()
    assert match.walkover and (match.vp_home, match.vp_away) == (Decimal("12.00"), Decimal("0"))


def test_imps_are_required_for_a_played_match(admin_client, event):
    home, away = lineup(event)
    response = admin_client.post(
        f"{BASE}/teams/{event.pk}/match/", match_data(event, half1=(home, away), imps_away="")
    )
    assert response.status_code == 200 and "imps_away" in response.context["form"].errors
    assert not TeamMatch.objects.exists()


# --- small pairs events --------------------------------------------------------------


def pairs_data(club_value, mids, **fields):
    pairs = "\n".join(f"{n} {mids[2 * n - 2]} {mids[2 * n - 1]}" for n in range(1, 5))
    # Board 1: NS 1 (420) beats NS 3 (400). Board 2: NS 2 (+50) beats NS 1 (-100).
    results = "1 1 2 420\n1 3 4 400\n2 1 4 -100\n2 2 3 50\n"
    return {
        "club": club_value,
        "name": "Måndagsbridge",
        "date": "2025-03-03",
        "boards": "2",
        "pairs": pairs,
        "results": results,
    } | fields


def test_small_pairs_entry_makes_a_tournament_with_standings(admin_client, club):
    mids = [MemberFactory().mid for _ in range(8)]
    response = admin_client.post(f"{BASE}/pairs/new/", pairs_data(club.pk, mids))
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"{BASE}/pairs/{tournament.pk}/"
    assert (tournament.kind, tournament.scoring, tournament.source_format) == (
        "pairs",
        "matchpoints",
        "manual",
    )
    rows = {
        s.entry.number: (s.place, s.place_to, s.percentage)
        for s in Standing.objects.filter(entry__section__tournament=tournament)
    }
    # Pair 4: top on both boards; pairs 1 and 2 one top each; pair 3 none.
    assert rows == {
        4: (1, 1, Decimal("100.00")),
        1: (2, 3, Decimal("50.00")),
        2: (2, 3, Decimal("50.00")),
        3: (4, 4, Decimal("0.00")),
    }
    assert set(
        tournament.sections.get()
        .entries.get(number=1)
        .players.values_list("member__mid", flat=True)
    ) == {mids[0], mids[1]}
    assert ImportLog.objects.get().outcome == ImportLog.Outcome.SAVED
    page = admin_client.get(response["Location"])
    assert page.status_code == 200 and [s.entry.number for s in page.context["standings"]][0] == 4

    # The same event again replaces it (same tournament, new version).
    again = admin_client.post(f"{BASE}/pairs/new/", pairs_data(club.pk, mids))
    assert again.status_code == 302 and Tournament.objects.get().report_version == 2


def test_pairs_entry_refuses_unknown_mids_and_bad_lines(admin_client, club):
    mids = [MemberFactory().mid for _ in range(7)] + [999_999]
    response = admin_client.post(
        f"{BASE}/pairs/new/",
        pairs_data(club.pk, mids, results="1 1 2 420\n1 3 5 400\n3 1 4 -100\n2 2 3 55\n"),
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert any("999999" in e for e in errors["pairs"])
    assert not Tournament.objects.exists()

    mids[-1] = MemberFactory().mid
    response = admin_client.post(
        f"{BASE}/pairs/new/",
        pairs_data(club.pk, mids, results="1 1 2 420\n1 3 5 400\n3 1 4 -100\n2 2 3 55\n"),
    )
    # Unknown pair 5, board 3 of 2, a score that is no bridge score: each named by line.
    assert len(response.context["form"].errors["results"]) == 3
    assert not Tournament.objects.exists()


def test_pairs_entry_for_another_club_is_refused(admin_client):
    mids = [MemberFactory().mid for _ in range(8)]
    response = admin_client.post(f"{BASE}/pairs/new/", pairs_data(ClubFactory().pk, mids))
    assert response.status_code == 200 and "club" in response.context["form"].errors
    assert not Tournament.objects.exists()


def test_a_walkover_with_lineups_is_refused_at_the_wo_field(admin_client, event):
    home, away = lineup(event)
    response = admin_client.post(
        f"{BASE}/teams/{event.pk}/match/",
        match_data(event, half1=(home, away), imps_home="", imps_away="", walkover_by="home"),
    )
    assert response.status_code == 200 and "walkover_by" in response.context["form"].errors
    assert not TeamMatch.objects.exists()


def test_a_pairs_event_named_like_a_team_event_leaves_the_team_event_alone(
    admin_client, club, event
):
    mids = [MemberFactory().mid for _ in range(8)]
    data = pairs_data(club.pk, mids, name=event.name, date=event.start_date.isoformat())
    assert admin_client.post(f"{BASE}/pairs/new/", data).status_code == 302
    assert Tournament.objects.count() == 2
    assert Tournament.objects.get(pk=event.pk).sections.get().entries.count() == 3


def test_only_events_entered_by_hand_open_here(admin_client, event):
    Tournament.objects.filter(pk=event.pk).update(source_format="usebio")
    assert admin_client.get(f"{BASE}/teams/{event.pk}/match/").status_code == 404


# --- query counts --------------------------------------------------------------------
#
# Each page's queries are pinned; pages with rows are counted with 2 and with 12 (a
# new query fails the test; pytest -v lists them). Every page starts with the session
# and its user (LOGIN) and has the navigation bar's "is office staff?", "has any
# role?" and unread notifications (NAVIGATION); the user's member is read once, by
# the page's permission check.

LOGIN = 2
NAVIGATION = 3


def _series(club, teams: int, name: str = "Serien") -> Tournament:
    """A team event of ``teams`` teams and as many matches over two rounds, each with
    its line-ups (four members a team)."""
    event = create_team_event(
        organiser=club,
        name=f"{name} {teams}",
        date=date(2024, 10, 1),
        boards_per_match=16,
        teams=[(n, f"Lag {n}") for n in range(1, teams + 1)],
        award_table="B4",
    )
    entries = {e.number: e for e in event.sections.get().entries.all()}
    players = {n: tuple(MemberFactory().mid for _ in range(4)) for n in entries}
    pairings = [(n, n + 1) for n in range(1, teams, 2)]  # round 1: 1-2, 3-4, ...
    pairings += [(n + 1, n + 2 if n + 2 <= teams else 1) for n in range(1, teams, 2)]
    for index, (home, away) in enumerate(pairings):
        record_team_match(
            tournament=event,
            round=1 if index < teams // 2 else 2,
            home=entries[home],
            away=entries[away],
            boards=16,
            halves=[HalfLineup(half=1, home=players[home], away=players[away])],
            imps_home=30,
            imps_away=10,
        )
    return event


def test_index_query_count_does_not_grow_with_the_events(
    admin_client, club, django_assert_num_queries
):
    for n in (2, 12):
        while (count := Tournament.objects.count()) < n:
            _series(club, 2, name=f"Serie {count}")
        # Login; _club_rights: the user's member, "is office staff?", the clubs they
        # administer; the navigation bar; the clubs' events with their clubs.
        with django_assert_num_queries(LOGIN + 3 + NAVIGATION + 1):
            response = admin_client.get(f"{BASE}/")
        assert len(response.context["events"]) == n


@pytest.mark.parametrize("url", ["teams/new/", "pairs/new/"])
@pytest.mark.parametrize("clubs", [2, 12])
def test_new_event_pages_query_count_does_not_grow_with_the_clubs(
    client, django_assert_num_queries, url, clubs
):
    admin = member_with_login()
    for _ in range(clubs):
        give_role(admin, Role.Kind.CLUB_ADMIN, club=ClubFactory())
    client.force_login(admin.user)
    # Login; _club_rights: the user's member, "is office staff?", the clubs they
    # administer; the navigation bar; the form's choice of those clubs, twice (the
    # options, and the first option for the required attribute).
    with django_assert_num_queries(LOGIN + 3 + NAVIGATION + 2):
        response = client.get(f"{BASE}/{url}")
    assert len(response.context["form"].fields["club"].choices) == clubs


def test_team_event_query_count_does_not_grow_with_teams_and_matches(
    admin_client, club, django_assert_num_queries
):
    for n in (2, 12):
        event = _series(club, n)
        # Login; _managed: the tournament, its organising club, the user's member,
        # "is office staff?", then can_edit_club: "is office staff?" again and the
        # clubs the user administers; team_placings: the teams and the matches; the
        # standings with their teams; the matches with their teams, their time
        # penalties, their boards, and the line-ups with their players' members; the
        # rosters with their members and the teams; the navigation bar.
        with django_assert_num_queries(LOGIN + 6 + 2 + 1 + 4 + 2 + NAVIGATION):
            response = admin_client.get(f"{BASE}/teams/{event.pk}/")
        assert len(response.context["standings"]) == n
        assert len(response.context["matches"]) == n
        assert all(row["halves"] for row in response.context["matches"])


def test_team_match_form_query_count_does_not_grow_with_the_teams(
    admin_client, club, django_assert_num_queries
):
    for n in (2, 12):
        event = create_team_event(
            organiser=club,
            name=f"Serien {n}",
            date=date(2024, 10, 1),
            boards_per_match=16,
            teams=[(k, f"Lag {k}") for k in range(1, n + 1)],
            award_table="B4",
        )
        # Login; _managed (six queries, as on the event's page); the rosters with
        # their members and the teams (the line-ups' choices); the first section
        # (the boards' initial value); the navigation bar; the home and the away
        # team's choices.
        with django_assert_num_queries(LOGIN + 6 + 2 + 1 + NAVIGATION + 2):
            response = admin_client.get(f"{BASE}/teams/{event.pk}/match/")
        assert len(response.context["form"].fields["home"].choices) == n + 1  # and "---"


def test_pairs_event_query_count_does_not_grow_with_the_pairs(
    admin_client, club, django_assert_num_queries
):
    # Four pairs at least: matchpoints need two tables a board.
    for n in (4, 12):
        mids = [MemberFactory().mid for _ in range(2 * n)]
        pairs = "\n".join(f"{p} {mids[2 * p - 2]} {mids[2 * p - 1]}" for p in range(1, n + 1))
        # Two boards, every pair at a table on each: odd against even, then shifted.
        tables = [(p, p + 1) for p in range(1, n, 2)]
        results = "".join(
            f"{board} {ns} {ew} {420 if (ns + board) % 3 else -50}\n"
            for board in (1, 2)
            for ns, ew in tables
        )
        data = {"club": club.pk, "name": f"Måndag {n}", "date": "2025-03-03", "boards": "2"}
        data |= {"pairs": pairs, "results": results}
        response = admin_client.post(f"{BASE}/pairs/new/", data)
        assert response.status_code == 302, response.context["form"].errors
        # Login; _managed (six queries, as on a team event's page); the navigation
        # bar; the standings with their entries, the entries' players and their
        # members (prefetched).
        with django_assert_num_queries(LOGIN + 6 + NAVIGATION + 3):
            page = admin_client.get(response["Location"])
        assert len(page.context["standings"]) == n
