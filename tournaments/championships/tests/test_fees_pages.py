"""The fee pages of a championship (issue #21 point 3, "fees"; seed 003 lines 346-365 and
433-464): each team's and pair's fees with the rule behind every amount, the qualifying
fees invoiced to the heats' organisers, a club's statement, and who may see them."""

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse

from members.models import Membership
from members.tests.factories import (
    ClubFactory,
    DistrictFactory,
    MemberFactory,
    club_admin,
    district_official,
    member_with_login,
    office_staff,
)
from tournaments.championships.fees.selectors import (
    championship_fees,
    club_statement,
    dm_lag_seasons,
)
from tournaments.championships.models import (
    Championship,
    FinalPlace,
    Heat,
    RegisteredPlayer,
    Registration,
    Stage,
)
from tournaments.models import Entry, EntryPlayer, Section, TeamMatch, Tournament

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}
DAY = dt.date(2024, 11, 2)
ADULT = dt.date(1970, 5, 1)
JUNIOR = dt.date(2004, 5, 1)  # 20 in 2024: a junior (members.domain.age)


def _tournament(name: str, kind: str = "teams") -> Section:
    tournament = Tournament.objects.create(
        event_id=name, name=name, start_date=DAY, end_date=DAY, kind=kind,
        scoring="team_vp" if kind == "teams" else "matchpoints", level="silver", boards=20,
    )  # fmt: skip
    return Section.objects.create(tournament=tournament, name="A")


def _entry(section: Section, number: int, name: str, players=(), halves=2, **kw) -> Entry:
    entry = Entry.objects.create(section=section, number=number, name=name, **kw)
    for member in players:
        EntryPlayer.objects.create(entry=entry, member=member, halves_played=halves)
    return entry


def _register(dm, name, members, *, club=None, heat=None, entry=None, **kw) -> Registration:
    registration = Registration.objects.create(
        championship=dm, name=name, club=club, heat=heat, entry=entry,
        registered_on=dt.date(2024, 9, 20), **kw,
    )  # fmt: skip
    for n, member in enumerate(members):
        RegisteredPlayer.objects.create(registration=registration, member=member, captain=n == 0)
    return registration


def _players(count: int, birth=ADULT, name="P"):
    return [MemberFactory(birth_date=birth, first_name=f"{name}{n}") for n in range(1, count + 1)]


@pytest.fixture
def dm_lag():
    """DM Lag 2024-25: four teams in a club heat; North and South in a semifinal that was
    played, East with a semifinal place not played yet, North in the final; history in
    2022-23 (played) and 2020-21 and 2023-24 (registered only)."""
    district = DistrictFactory()
    club_a, club_b, club_c = (ClubFactory(district=district, name=n) for n in "ABC")
    dm = Championship.objects.create(
        district=district, season=2024, discipline="open", form="teams", name="DM Lag 2024",
        semifinal_places=4,
    )  # fmt: skip
    heats = Stage.objects.create(championship=dm, kind=Stage.Kind.CLUB_HEATS)
    semis = Stage.objects.create(championship=dm, kind=Stage.Kind.SEMIFINALS)
    final = Stage.objects.create(championship=dm, kind=Stage.Kind.FINAL)
    heat_section = _tournament("Heat 1")
    heat = Heat.objects.create(stage=heats, name="Heat 1", club=club_a, day=DAY,
                               tournament=heat_section.tournament)  # fmt: skip
    north, east, west = (
        _players(4, name="North"),
        _players(4, name="East"),
        _players(4, name="West"),
    )
    south = _players(2, name="SouthAdult") + _players(2, JUNIOR, name="SouthJunior")
    benched = MemberFactory(birth_date=ADULT, first_name="Bench")
    _entry(heat_section, 1, "Team North")
    south_line = _entry(heat_section, 2, "Team South", south)
    # Registered, never played a half: not a member of the team (line 409).
    EntryPlayer.objects.create(entry=south_line, member=benched, halves_played=0)
    teams = {
        "north": _register(dm, "Team North", north, club=club_a, heat=heat),
        "south": _register(dm, "Team South", [*south, benched], club=club_b, heat=heat,
                           entry=south_line),
        "east": _register(dm, "Team East", east, club=club_b, heat=heat),
        "west": _register(dm, "Team West", west, heat=heat),  # its captain's club: C
    }  # fmt: skip
    Membership.objects.create(member=west[0], club=club_c, season=2024, represents=True)
    # The semifinal: North three rounds, South two and a bye against a phantom.
    semi_section = _tournament("Semifinal 1")
    Heat.objects.create(stage=semis, name="Semifinal 1", tournament=semi_section.tournament)
    n, s = _entry(semi_section, 1, "Team North"), _entry(semi_section, 2, "Team South")
    x, y = _entry(semi_section, 3, "Other X"), _entry(semi_section, 4, "Bye", phantom=True)
    for rnd, home, away in ((1, n, s), (2, n, x), (3, n, x), (2, s, x), (3, s, y)):
        TeamMatch.objects.create(tournament=semi_section.tournament, round=rnd, home=home,
                                 away=away, boards=20, imps_home=10, imps_away=5)  # fmt: skip
    for key, stage, group in (("north", semis, 1), ("south", semis, 1), ("east", semis, 2),
                              ("north", final, None)):  # fmt: skip
        FinalPlace.objects.create(championship=dm, stage=stage, registration=teams[key],
                                  name=teams[key].name, rule="semifinal", group=group)  # fmt: skip
    # History: 2022-23 played (three of North, three of South; one of West sat out),
    # 2020-21 and 2023-24 registered without results.
    old = Championship.objects.create(district=district, season=2022, discipline="open",
                                      form="teams", name="DM Lag 2022")  # fmt: skip
    old_section = _tournament("Heat 2022")
    Heat.objects.create(stage=Stage.objects.create(championship=old, kind="club_heats"),
                        name="Heat 2022", tournament=old_section.tournament)  # fmt: skip
    _entry(old_section, 1, "Old", [*north[:3], *south[:3]], halves=1)
    EntryPlayer.objects.create(entry=_entry(old_section, 2, "Old 2"), member=west[0],
                               halves_played=0)  # fmt: skip
    for season, who in ((2020, west[1:3]), (2023, west[3:])):
        earlier = Championship.objects.create(district=district, season=season,
                                              discipline="open", form="teams", name=f"DM {season}")  # fmt: skip
        _register(earlier, "Earlier", who)
    return {
        "dm": dm,
        "teams": teams,
        "clubs": (club_a, club_b, club_c),
        "people": {"north": north, "south": south, "east": east, "west": west},
    }


def _by_name(fees):
    return {entry.name: entry for entry in fees.entries}


def test_the_participation_history(dm_lag):
    """Lines 409, 459-462: a season counts for a player who played a half for a team in
    an earlier DM Lag, or was registered for a team whose results name no players."""
    people = dm_lag["people"]
    west, north = people["west"], people["north"]
    seasons = dm_lag_seasons([m.pk for m in [*west, *north]], before=2024)
    assert west[0].pk not in seasons  # sat out every half in 2022-23
    assert seasons[west[1].pk] == {2020} and seasons[west[3].pk] == {2023}
    assert seasons[north[0].pk] == {2022} and north[3].pk not in seasons
    assert dm_lag_seasons([north[0].pk], before=2022) == {}


def test_each_teams_fees(dm_lag):
    """600 kr start fee (line 437), 200 kr per round in the semifinal and the final (lines
    445, 624); the junior discount (line 449); Nykomlingen (lines 457-462)."""
    fees = _by_name(championship_fees(dm_lag["dm"]))
    north = fees["Team North"]
    # 3 rounds played in the semifinal, the final's 9 rounds to play (lines 693, 699).
    assert [line.amount for line in north.statement.lines] == [600, 600, 1800]
    assert north.statement.total == 3000
    south = fees["Team South"]
    # 2 rounds: the bye is no round; 2 juniors and 2 others (the bench player never
    # played a half, line 409) → 25 % of 600 + 400.
    assert [line.amount for line in south.statement.lines] == [600, 400, Decimal("-250.00")]
    assert south.statement.total == 750
    east = fees["Team East"]
    # Nykomlingen: free start fee; 3 rounds to play in a semifinal of four (line 602).
    assert [line.amount for line in east.statement.lines] == [600, -600, 600]
    assert east.statement.total == 600
    west = fees["Team West"]
    # One player in 2023-24, two last in 2020-21, one never played a half: Nykomlingen.
    assert west.statement.total == 0
    assert west.club.name == "C"  # its captain's club


def test_the_teams_page_shows_every_amount_with_its_rule(client, dm_lag):
    dm = dm_lag["dm"]
    client.force_login(district_official(dm.district))
    page = client.get(reverse("championships:fees_overview", args=[dm.pk]), **EN).content.decode()
    south = page[page.index(f'id="fee-entry-{dm_lag["teams"]["south"].pk}"') :]
    south = south[: south.index("</article>")]
    assert "junior discount: 25 % of 1000 kr" in south and "003 lines 449" in south
    assert "2 juniors, 2 others: 2 juniors fill up to 4" in south
    assert "table fee in the semifinal: 2 × 200 kr per team and round" in south
    assert "003 lines 445, 624" in south and ">750<" in south
    east = page[page.index(f'id="fee-entry-{dm_lag["teams"]["east"].pk}"') :]
    assert "Nykomlingen: 0 of 4 players played DM Lag since 2021-22" in east
    north = page[page.index(f'id="fee-entry-{dm_lag["teams"]["north"].pk}"') :]
    assert (
        "Nykomlingen: 3 of 4 players played DM Lag since 2021-22 (North1 Testsson 2022-23" in north
    )
    assert "9 rounds to play in the final (003 lines 693, 699)" in north
    assert "003 lines 437" in page  # the rates table
    swedish = client.get(
        reverse("championships:fees_overview", args=[dm.pk]), **SV
    ).content.decode()
    assert "juniorrabatt: 25 % av 1000 kr" in swedish
    assert "Nykomlingen: gratis startavgift" in swedish


def test_a_clubs_statement(client, dm_lag):
    dm = dm_lag["dm"]
    club_a, club_b, club_c = dm_lag["clubs"]
    fees = championship_fees(dm)
    b = club_statement(fees, club_b)
    assert [e.name for e in b.entries] == ["Team East", "Team South"]
    assert b.entries_total == 1350 and b.to_district == 1350
    assert [e.name for e in club_statement(fees, club_c).entries] == ["Team West"]
    client.force_login(club_admin(club_b))
    page = client.get(reverse("championships:fees_club", args=[dm.pk, club_b.pk]), **EN)
    text = page.content.decode()
    assert 'id="total-district">1350 kr' in text and "Team North" not in text
    printed = client.get(reverse("championships:fees_club", args=[dm.pk, club_b.pk]) + "?print=1",
                         **EN).content.decode()  # fmt: skip
    assert "print_page.css" in printed and 'id="total-district">1350 kr' in printed


@pytest.fixture
def dm_par():
    """DM Par Open: heat A (club A) reported with six pairs, one outside the
    qualification (a bronze heat's declaration, lines 185-187); heat B (club B) not
    reported, two pairs registered and one withdrawn; Pair 1 in the final."""
    district = DistrictFactory()
    club_a, club_b = (
        ClubFactory(district=district, name="A"),
        ClubFactory(district=district, name="B"),
    )
    dm = Championship.objects.create(district=district, season=2024, discipline="open",
                                     form="pairs", name="DM Par Open")  # fmt: skip
    stage = Stage.objects.create(championship=dm, kind=Stage.Kind.SILVER_HEATS)
    final = Stage.objects.create(championship=dm, kind=Stage.Kind.FINAL)
    section = _tournament("Heat A", kind="pairs")
    heat_a = Heat.objects.create(
        stage=stage, name="Heat A", club=club_a, tournament=section.tournament
    )
    heat_b = Heat.objects.create(stage=stage, name="Heat B", club=club_b)
    lines = [_entry(section, n, f"Pair {n}") for n in range(1, 7)]
    pairs = {
        1: _register(dm, "Pair 1", _players(2), club=club_b, heat=heat_a, entry=lines[0]),
        2: _register(dm, "Pair 2", _players(2), club=club_b, heat=heat_a, entry=lines[1]),
        3: _register(dm, "Pair 3", _players(2), club=club_a, heat=heat_b),
        4: _register(dm, "Pair 4", _players(2), club=club_a, heat=heat_a, entry=lines[2],
                     plays_qualification=False),
        5: _register(dm, "Pair 5", _players(2), club=club_a, heat=heat_b),
        6: _register(dm, "Pair 6", _players(2), club=club_a, heat=heat_b,
                     withdrawn_on=dt.date(2024, 10, 1)),
    }  # fmt: skip
    FinalPlace.objects.create(championship=dm, stage=final, registration=pairs[1],
                              name="Pair 1", rule="t1")  # fmt: skip
    FinalPlace.objects.create(championship=dm, stage=final, registration=pairs[2], name="Pair 2",
                              rule="t2", declined_on=dt.date(2025, 3, 1))  # fmt: skip
    return {"dm": dm, "pairs": pairs, "clubs": (club_a, club_b)}


def test_each_pairs_fees_and_the_organisers_invoices(dm_par):
    """Lines 351-355: 2 × 110 kr in the heat (paid there), 2 × 180 kr in the final; line
    361: the organiser is invoiced per qualifying pair; line 362: SBF's 110 kr per
    qualifying player is the district's."""
    fees = championship_fees(dm_par["dm"])
    totals = {e.name: e.statement.total for e in fees.entries}
    assert totals == {"Pair 1": 580, "Pair 2": 220, "Pair 3": 220, "Pair 4": 0, "Pair 5": 220}
    invoices = {i.heat.name: (i.pairs, i.line.amount) for i in fees.invoices}
    # Heat A: six lines, one outside the qualification; heat B: two registrations left.
    assert invoices == {"Heat A": (5, 1100), "Heat B": (2, 440)}
    assert fees.competition[0].amount == 14 * 110
    club_a, club_b = dm_par["clubs"]
    a = club_statement(fees, club_a)
    assert a.invoices_total == 1100 and a.entries_total == 440 and a.to_district == 1100
    b = club_statement(fees, club_b)
    assert b.invoices_total == 440 and b.entries_total == 800 and b.to_district == 800


def test_the_pairs_page(client, dm_par):
    dm = dm_par["dm"]
    client.force_login(office_staff())
    page = client.get(reverse("championships:fees_overview", args=[dm.pk]), **EN).content.decode()
    assert (
        "qualifying fee: 5 qualifying pairs × 220 kr" in page
        and "003 lines 361; 351, 353-355" in page
    )
    assert "from the registrations: the heat is not reported yet" in page
    assert "SBF charges the district its competition fee" in page and "1540 kr" in page
    assert "the heat's organiser" in page
    pair_4 = page[page.index(f'id="fee-entry-{dm_par["pairs"][4].pk}"') :]
    assert "outside the qualification" in pair_4[: pair_4.index("</article>")]
    assert f'id="fee-entry-{dm_par["pairs"][6].pk}"' not in page  # withdrawn before playing


def test_the_championships_own_figures(client, dm_par):
    """Decision: the championship's entry fee and a stage's fee replace the seed's."""
    dm = dm_par["dm"]
    dm.entry_fee = Decimal(120)
    dm.save()
    Stage.objects.filter(championship=dm, kind=Stage.Kind.FINAL).update(fee=Decimal(200))
    fees = championship_fees(dm)
    assert {e.name: e.statement.total for e in fees.entries}["Pair 1"] == 640
    client.force_login(office_staff())
    page = client.get(reverse("championships:fees_overview", args=[dm.pk]), **EN).content.decode()
    assert "the championship's own figure" in page


def test_who_may_see_the_fee_pages(client, dm_par):
    dm = dm_par["dm"]
    club_a, club_b = dm_par["clubs"]
    overview = reverse("championships:fees_overview", args=[dm.pk])
    club_page = reverse("championships:fees_club", args=[dm.pk, club_b.pk])
    assert client.get(overview).status_code == 302  # to the login
    client.force_login(member_with_login().user)
    assert client.get(overview).status_code == 403 and client.get(club_page).status_code == 403
    client.force_login(district_official(DistrictFactory()))
    assert client.get(overview).status_code == 403 and client.get(club_page).status_code == 403
    client.force_login(district_official(dm.district))
    assert client.get(overview).status_code == 200 and client.get(club_page).status_code == 200
    client.force_login(club_admin(club_b))
    own = client.get(overview, **EN).content.decode()
    assert club_page in own and "Pair 1" not in own  # only its own statements
    assert client.get(club_page).status_code == 200
    assert (
        client.get(reverse("championships:fees_club", args=[dm.pk, club_a.pk])).status_code == 403
    )


def test_the_championship_page_links_to_the_fees(client, dm_par):
    dm = dm_par["dm"]
    detail = reverse("championships:detail", args=[dm.pk])
    assert "fees-link" not in client.get(detail).content.decode()
    client.force_login(district_official(dm.district))
    assert (
        reverse("championships:fees_overview", args=[dm.pk]) in client.get(detail).content.decode()
    )


def test_the_page_reads_a_bounded_number_of_queries(client, dm_lag, django_assert_max_num_queries):
    dm = dm_lag["dm"]
    client.force_login(office_staff())
    with django_assert_max_num_queries(30):
        client.get(reverse("championships:fees_overview", args=[dm.pk]))


def test_hcp30_pays_one_fee_and_no_heat_is_invoiced(dm_par):
    """Lines 352, 357, 359: Hcp 30+'s 200 kr per player includes every fee; the
    qualifying and competition fees are for the other disciplines."""
    dm = dm_par["dm"]
    dm.discipline = Championship.Discipline.HCP30
    dm.save()
    fees = championship_fees(dm)
    assert {e.statement.total for e in fees.entries} == {400}
    assert fees.invoices == [] and fees.competition is None


def test_the_print_layout_of_the_fees(client, dm_par):
    dm = dm_par["dm"]
    client.force_login(office_staff())
    url = reverse("championships:fees_overview", args=[dm.pk]) + "?print=1"
    printed = client.get(url, **EN).content.decode()
    assert "print_page.css" in printed and "data-print" in printed
    assert 'id="invoices-total">1540<' in printed and "klover.css" not in printed
