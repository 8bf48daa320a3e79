"""Team rosters of a manual team event (issue 18, point 6): the rows' reading, the
roster service, the roster form and page, the match form's choices from the rosters,
and the member lookup (members:member_lookup) the roster form asks.

Assertions read data, fields and status codes rather than English text: the UI is
Swedish by default and these strings are translated when the lead merges.
"""

import importlib
from datetime import date

import pytest
from django.apps import apps
from django.db import IntegrityError, transaction

from members.models import Role
from members.tests.factories import (
    ClubFactory,
    MemberFactory,
    MembershipFactory,
    give_role,
    member_with_login,
)
from tournaments.domain.teams import MAX_PLAYERS_PER_MATCH
from tournaments.manual.forms import TeamRosterForm
from tournaments.manual.rosters import ROSTER_MAXIMUM, player_label, player_reference
from tournaments.manual.services import (
    HalfLineup,
    TeamEntryError,
    create_team_event,
    record_team_match,
    set_team_roster,
    team_rosters,
)
from tournaments.models import EntryPlayer, TeamMatch, TeamRosterPlayer

BASE = "/tournaments/manual"
LOOKUP = "/members/lookup/"


# --- how a row names a player (no database) ------------------------------------------


@pytest.mark.parametrize(
    "text, named",
    [
        ("12345", 12345),
        (" 12345 ", 12345),
        ("Anna Ek (12345)", 12345),  # as the lookup and a saved roster write a player
        ("Anna  Ek", "Anna Ek"),
        ("anna", "anna"),
        ("", None),
        ("   ", None),
        ("Anna (Ek)", "Anna (Ek)"),
        ("1234567890", "1234567890"),  # longer than any MID: searched as a name, finds nobody
    ],
)
def test_a_row_names_a_mid_or_a_name(text, named):
    assert player_reference(text) == named


def test_a_label_reads_back_as_its_mid():
    assert player_reference(player_label("Åsa", "Öberg", 4711)) == 4711


def test_a_roster_has_room_for_a_whole_match():
    assert ROSTER_MAXIMUM >= MAX_PLAYERS_PER_MATCH


# --- fixtures -------------------------------------------------------------------------


@pytest.fixture
def club(db):
    return ClubFactory(name="BK Klöver")


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


@pytest.fixture
def teams(event):
    return {e.number: e for e in event.sections.get().entries.all()}


@pytest.fixture
def admin_client(client, club):
    admin = member_with_login()
    give_role(admin, Role.Kind.CLUB_ADMIN, club=club)
    client.force_login(admin.user)
    return client


def mids(n):
    return [MemberFactory().mid for _ in range(n)]


def roster_mids(event, team):
    return sorted(m.mid for m in team_rosters(event).get(team.pk, []))


def problems_of(refused):
    return [(p.field, p.template) for p in refused.value.problems]


# --- the service ----------------------------------------------------------------------


def test_a_roster_is_saved_and_replaced_whole(event, teams):
    first = mids(5)
    roster = set_team_roster(team=teams[1], mids=[first[0], None, *first[1:]])
    assert sorted(m.mid for m in roster) == sorted(first)
    assert roster_mids(event, teams[1]) == sorted(first)

    # Dropping one who has not played and adding another.
    newcomer = MemberFactory().mid
    set_team_roster(team=teams[1], mids=[*first[1:], newcomer])
    assert roster_mids(event, teams[1]) == sorted([*first[1:], newcomer])


def test_every_problem_is_named_at_its_row_and_nothing_is_saved(event, teams):
    theirs = mids(4)
    set_team_roster(team=teams[2], mids=theirs)
    ours = mids(4)
    set_team_roster(team=teams[1], mids=ours)

    given = [*mids(3), 999_999, theirs[0], None, None]
    given[5] = given[0]
    with pytest.raises(TeamEntryError) as refused:
        set_team_roster(team=teams[1], mids=given)
    fields = [field for field, _template in problems_of(refused)]
    assert fields == ["player_4", "player_5", "player_6"]
    templates = " ".join(template for _field, template in problems_of(refused))
    assert "MID" in templates and "already" in templates and "roster of" in templates
    assert roster_mids(event, teams[1]) == sorted(ours)
    assert roster_mids(event, teams[2]) == sorted(theirs)


def test_a_roster_too_small_for_a_match_is_refused(event, teams):
    with pytest.raises(TeamEntryError) as refused:
        set_team_roster(team=teams[1], mids=mids(3))
    assert [field for field, _t in problems_of(refused)] == [""]
    assert refused.value.problems[0].params["count"] == 3
    assert not TeamRosterPlayer.objects.exists()


def test_a_roster_larger_than_the_form_is_refused(event, teams):
    with pytest.raises(TeamEntryError):
        set_team_roster(team=teams[1], mids=mids(ROSTER_MAXIMUM + 1))
    assert not TeamRosterPlayer.objects.exists()


def test_a_roster_grown_past_the_rows_by_substitutes_can_still_be_saved(admin_client, event, teams):
    grown = [MemberFactory() for _ in range(ROSTER_MAXIMUM + 1)]
    TeamRosterPlayer.objects.bulk_create(
        TeamRosterPlayer(tournament=event, entry=teams[1], member=m) for m in grown
    )
    url = f"{BASE}/teams/{event.pk}/teams/{teams[1].pk}/roster/"
    form = admin_client.get(url).context["form"]
    assert len(list(form.rows())) == ROSTER_MAXIMUM + 1
    data = {f"player_{n}": form[f"player_{n}"].value() for n in range(1, ROSTER_MAXIMUM + 2)}
    assert admin_client.post(url, data).status_code == 302
    with pytest.raises(TeamEntryError):  # but no more are added
        set_team_roster(team=teams[1], mids=[m.mid for m in grown] + [MemberFactory().mid])


def test_a_player_who_has_played_stays_on_the_roster(event, teams):
    home, away = mids(4), mids(4)
    set_team_roster(team=teams[1], mids=home)
    set_team_roster(team=teams[2], mids=away)
    record_team_match(
        tournament=event,
        round=1,
        home=teams[1],
        away=teams[2],
        boards=16,
        halves=[HalfLineup(half=1, home=tuple(home), away=tuple(away))],
        imps_home=30,
        imps_away=10,
    )
    with pytest.raises(TeamEntryError) as refused:
        set_team_roster(team=teams[1], mids=[*home[1:], MemberFactory().mid])
    assert refused.value.problems[0].params["mid"] == home[0]
    assert roster_mids(event, teams[1]) == sorted(home)


def test_a_substitute_who_plays_joins_the_roster(event, teams):
    home, away = mids(4), mids(4)
    set_team_roster(team=teams[1], mids=home)
    set_team_roster(team=teams[2], mids=away)
    substitute = MemberFactory().mid
    record_team_match(
        tournament=event,
        round=1,
        home=teams[1],
        away=teams[2],
        boards=16,
        halves=[HalfLineup(half=1, home=(*home[:3], substitute), away=tuple(away))],
        imps_home=30,
        imps_away=10,
    )
    assert roster_mids(event, teams[1]) == sorted([*home, substitute])
    assert roster_mids(event, teams[2]) == sorted(away)


def test_a_player_on_the_other_teams_roster_is_refused_in_a_match(event, teams):
    home, away = mids(4), mids(4)
    set_team_roster(team=teams[1], mids=home)
    set_team_roster(team=teams[2], mids=away)
    third = mids(4)
    set_team_roster(team=teams[3], mids=third)
    with pytest.raises(TeamEntryError) as refused:
        record_team_match(
            tournament=event,
            round=1,
            home=teams[1],
            away=teams[2],
            boards=16,
            # Away's seat 1 is home's player; home's seat 4 is team 3's.
            halves=[HalfLineup(half=1, home=(*home[:3], third[0]), away=(home[3], *away[1:]))],
            imps_home=30,
            imps_away=10,
        )
    assert [field for field, _t in problems_of(refused)] == ["half-1-home-4", "half-1-away-1"]
    assert not TeamMatch.objects.exists() and not EntryPlayer.objects.exists()


def test_the_database_keeps_a_member_to_one_team_of_an_event(event, teams):
    member = MemberFactory()
    TeamRosterPlayer.objects.create(tournament=event, entry=teams[1], member=member)
    with pytest.raises(IntegrityError), transaction.atomic():
        TeamRosterPlayer.objects.create(tournament=event, entry=teams[2], member=member)


# --- the roster form ------------------------------------------------------------------


def roster_data(*rows, **extra):
    return {f"player_{n}": text for n, text in enumerate(rows, start=1)} | extra


def test_the_form_reads_mids_labels_and_a_name_one_member_has(db):
    one = MemberFactory(first_name="Gunnel", last_name="Ovanlig")
    two, three = MemberFactory(), MemberFactory()
    form = TeamRosterForm(
        roster_data(str(two.mid), "", player_label("X", "Y", three.mid), "gunnel ovan")
    )
    assert form.is_valid(), form.errors
    assert form.cleaned_data["mids"][:5] == [two.mid, None, three.mid, one.mid, None]
    # Shown again, the row says whom the name was taken for.
    assert form["player_4"].value() == player_label("Gunnel", "Ovanlig", one.mid)


def test_a_name_several_members_share_is_never_guessed(db):
    club = ClubFactory(name="BK Syd")
    first = MemberFactory(first_name="Anna", last_name="Lindqvist")
    second = MemberFactory(first_name="Anna", last_name="Lindqvist")
    MembershipFactory(member=second, club=club)
    form = TeamRosterForm(roster_data("Anna Lindqvist"))
    assert not form.is_valid()
    assert list(form.errors) == ["player_1"]
    assert [m.mid for m in form.candidates[1]] == sorted([first.mid, second.mid])
    assert {m.mid: m.club_name for m in form.candidates[1]}[second.mid] == "BK Syd"

    chosen = TeamRosterForm(roster_data("Anna Lindqvist", pick_1=str(second.mid)))
    assert chosen.is_valid(), chosen.errors
    assert chosen.cleaned_data["mids"][0] == second.mid

    # A choice made for other words does not count for these.
    other = MemberFactory(first_name="Bo", last_name="Lindqvist")
    stale = TeamRosterForm(roster_data("Lindqvist", pick_1=str(other.mid + 1000)))
    assert not stale.is_valid() and len(stale.candidates[1]) == 3


def test_a_name_nobody_or_too_many_have_is_said_at_its_row(db):
    for n in range(21):
        MemberFactory(first_name=f"Vanlig{n}", last_name="Namnsson")
    form = TeamRosterForm(roster_data("", "Ingen Alls", "Namnsson"))
    assert not form.is_valid()
    assert sorted(form.errors) == ["player_2", "player_3"]
    assert 3 not in form.candidates  # more than 20: write more of the name


# --- the roster page ------------------------------------------------------------------


def test_a_roster_is_built_by_name_and_shown_on_the_event_page(admin_client, event, teams):
    named = [MemberFactory(first_name=f"Spelare{n}", last_name="Roster") for n in range(4)]
    url = f"{BASE}/teams/{event.pk}/teams/{teams[1].pk}/roster/"
    assert admin_client.get(url).status_code == 200
    response = admin_client.post(url, roster_data(*(f"spelare{n} roster" for n in range(4))))
    assert response.status_code == 302
    assert response["Location"] == f"{BASE}/teams/{event.pk}/#rosters"
    assert roster_mids(event, teams[1]) == sorted(m.mid for m in named)

    page = admin_client.get(f"{BASE}/teams/{event.pk}/")
    rows = {row["team"].number: row["players"] for row in page.context["teams"]}
    assert [m.mid for m in rows[1]] == [m.mid for m in named] and rows[2] == []
    assert str(named[0].mid) in page.content.decode()

    again = admin_client.get(url)
    assert again.context["form"]["player_1"].value() == player_label(
        named[0].first_name, named[0].last_name, named[0].mid
    )


def test_an_ambiguous_name_lists_the_members_to_choose_from(admin_client, event, teams):
    three = mids(3)
    twins = [MemberFactory(first_name="Per", last_name="Tvilling") for _ in range(2)]
    url = f"{BASE}/teams/{event.pk}/teams/{teams[1].pk}/roster/"
    data = roster_data(*map(str, three), "per tvilling")
    response = admin_client.post(url, data)
    assert response.status_code == 200
    body = response.content.decode()
    assert 'name="pick_4"' in body and str(twins[1].mid) in body
    assert not TeamRosterPlayer.objects.exists()

    chosen = admin_client.post(url, data | {"pick_4": str(twins[1].mid)})
    assert chosen.status_code == 302
    assert roster_mids(event, teams[1]) == sorted([*three, twins[1].mid])


def test_the_services_problems_are_shown_at_their_rows(admin_client, event, teams):
    theirs = mids(4)
    set_team_roster(team=teams[2], mids=theirs)
    url = f"{BASE}/teams/{event.pk}/teams/{teams[1].pk}/roster/"
    response = admin_client.post(url, roster_data(*map(str, mids(3)), str(theirs[2]), "999999"))
    assert response.status_code == 200
    assert sorted(response.context["form"].errors) == ["player_4", "player_5"]
    assert roster_mids(event, teams[1]) == []


def test_a_roster_too_small_is_said_on_the_form(admin_client, event, teams):
    url = f"{BASE}/teams/{event.pk}/teams/{teams[1].pk}/roster/"
    response = admin_client.post(url, roster_data(*map(str, mids(2))))
    assert response.status_code == 200
    assert response.context["form"].non_field_errors()
    assert roster_mids(event, teams[1]) == []


def test_only_the_events_administrators_open_a_roster(client, event, teams):
    url = f"{BASE}/teams/{event.pk}/teams/{teams[1].pk}/roster/"
    stranger = member_with_login()
    give_role(stranger, Role.Kind.CLUB_ADMIN, club=ClubFactory())
    client.force_login(stranger.user)
    assert client.get(url).status_code == 403
    assert client.post(url, roster_data(*map(str, mids(4)))).status_code == 403
    assert not TeamRosterPlayer.objects.exists()


def test_a_team_of_another_event_is_not_found(admin_client, club, event):
    other = create_team_event(
        organiser=club,
        name="Annan serie",
        date=date(2024, 11, 1),
        boards_per_match=16,
        teams=[(1, "A"), (2, "B")],
        award_table="B4",
    )
    team = other.sections.get().entries.first()
    assert admin_client.get(f"{BASE}/teams/{event.pk}/teams/{team.pk}/roster/").status_code == 404


# --- the match form picks from the rosters --------------------------------------------


def match_data(teams, home_mids, away_mids, **fields):
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
        "half-TOTAL_FORMS": "2",
        "half-INITIAL_FORMS": "0",
        "half-MIN_NUM_FORMS": "0",
        "half-MAX_NUM_FORMS": "2",
        "slow-TOTAL_FORMS": "2",
        "slow-INITIAL_FORMS": "0",
        "slow-MIN_NUM_FORMS": "0",
        "slow-MAX_NUM_FORMS": "4",
    }
    for side, players in (("home", home_mids), ("away", away_mids)):
        for seat, mid in enumerate(players, start=1):
            data[f"half-0-{side}_{seat}"] = str(mid)
    return data | fields


def test_the_line_ups_offer_the_rosters_players_by_team(admin_client, event, teams):
    home, away = mids(5), mids(4)
    set_team_roster(team=teams[1], mids=home)
    set_team_roster(team=teams[2], mids=away)
    url = f"{BASE}/teams/{event.pk}/match/"
    response = admin_client.get(url)
    choices = response.context["formset"].forms[0].fields["home_1"].choices
    groups = {label: sorted(mid for mid, _name in options) for label, options in choices[1:]}
    assert groups == {"1 Lag Ek": sorted(home), "2 Lag Björk": sorted(away)}
    # Team 3 has no roster yet: the page says so before the form.
    assert [team.number for team, _n in response.context["short_rosters"]] == [3]

    saved = admin_client.post(url, match_data(teams, home[:4], away))
    assert saved.status_code == 302
    assert TeamMatch.objects.get().lineups.count() == 8


def test_a_player_off_the_rosters_cannot_be_chosen(admin_client, event, teams):
    home, away = mids(4), mids(4)
    set_team_roster(team=teams[1], mids=home)
    set_team_roster(team=teams[2], mids=away)
    stranger = MemberFactory().mid
    response = admin_client.post(
        f"{BASE}/teams/{event.pk}/match/", match_data(teams, home, [*away[:3], stranger])
    )
    assert response.status_code == 200
    assert list(response.context["formset"].forms[0].errors) == ["away_4"]
    assert not TeamMatch.objects.exists()


def test_a_team_whose_roster_is_too_small_is_named_at_its_field(admin_client, event, teams):
    home = mids(4)
    set_team_roster(team=teams[1], mids=home)
    response = admin_client.post(
        f"{BASE}/teams/{event.pk}/match/",
        match_data(teams, home, [], away=teams[3].pk),
    )
    assert response.status_code == 200
    assert "away" in response.context["form"].errors
    assert "home" not in response.context["form"].errors
    assert not TeamMatch.objects.exists()


def test_a_walkover_needs_no_roster(admin_client, event, teams):
    response = admin_client.post(
        f"{BASE}/teams/{event.pk}/match/",
        match_data(teams, [], [], imps_home="", imps_away="", walkover_by="away"),
    )
    assert response.status_code == 302
    assert TeamMatch.objects.get().walkover


# --- the member lookup ----------------------------------------------------------------


def test_the_lookup_finds_members_by_name_or_mid_with_their_club(admin_client, db):
    club = ClubFactory(name="BK Norr")
    found = MemberFactory(first_name="Sixten", last_name="Sökbar")
    MembershipFactory(member=found, club=club)
    for n in range(25):
        MemberFactory(first_name=f"Många{n}", last_name="Träffar")

    by_name = admin_client.get(LOOKUP, {"q": "sixten sök"})
    assert by_name.status_code == 200
    assert by_name.json() == {
        "members": [{"mid": found.mid, "name": "Sixten Sökbar", "club": "BK Norr"}]
    }
    assert admin_client.get(LOOKUP, {"q": str(found.mid)}).json()["members"][0]["mid"] == (
        found.mid
    )
    assert len(admin_client.get(LOOKUP, {"q": "träffar"}).json()["members"]) == 20
    for quiet in ("", "a", "12345678901234567890"):
        assert admin_client.get(LOOKUP, {"q": quiet}).json() == {"members": []}


def test_the_lookup_is_for_those_who_enter_results(client, db):
    assert client.get(LOOKUP, {"q": "anna"}).status_code == 302  # to the login page
    player = member_with_login()
    client.force_login(player.user)
    assert client.get(LOOKUP, {"q": "anna"}).status_code == 403
    office = member_with_login()
    give_role(office, Role.Kind.OFFICE_STAFF)
    client.force_login(office.user)
    assert client.get(LOOKUP, {"q": "anna"}).status_code == 200


# --- events entered before rosters ----------------------------------------------------


def test_the_migration_gives_earlier_events_rosters_of_who_played(event, teams):
    migration = importlib.import_module("tournaments.migrations.0011_team_rosters")
    home, away = mids(4), mids(4)
    record_team_match(
        tournament=event,
        round=1,
        home=teams[1],
        away=teams[2],
        boards=16,
        halves=[HalfLineup(half=1, home=tuple(home), away=tuple(away))],
        imps_home=30,
        imps_away=10,
    )
    TeamRosterPlayer.objects.all().delete()  # as before rosters existed
    migration.rosters_from_lineups(apps, None)
    assert roster_mids(event, teams[1]) == sorted(home)
    assert roster_mids(event, teams[2]) == sorted(away)
    migration.rosters_from_lineups(apps, None)  # run twice: nothing doubled
    assert TeamRosterPlayer.objects.count() == 8


def test_the_office_looks_up_rosters_in_the_admin_and_changes_them_on_the_roster_page(
    event, teams, django_user_model, client
):
    player = MemberFactory(first_name="Greta", last_name="Garbo")
    TeamRosterPlayer.objects.create(tournament=event, entry=teams[2], member=player)
    office = django_user_model.objects.create_superuser("kansliet", "k@example.se", "x")
    client.force_login(office)
    listing = client.get("/office/admin/tournaments/teamrosterplayer/?q=Garbo")
    assert listing.status_code == 200
    body = listing.content.decode()
    assert "Garbo" in body and "Lag Björk" in body
    # Read only: a roster changes where its rules are checked, on the event's page.
    assert client.get("/office/admin/tournaments/teamrosterplayer/add/").status_code == 403
    row = TeamRosterPlayer.objects.get()
    assert (
        client.post(
            f"/office/admin/tournaments/teamrosterplayer/{row.pk}/delete/", {"post": "yes"}
        ).status_code
        == 403
    )
    assert TeamRosterPlayer.objects.filter(pk=row.pk).exists()
