"""DM Lag's public pages (issue #21 points 3-4): the heats with their checks, the
semifinal draw, the final's field and the SM places (seed 003 lines 399-720)."""

import pytest
from django.urls import reverse

from tournaments.championships.models import Championship

from .lag_fixtures import build_dm_lag, play_final, play_semifinals

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}


@pytest.fixture
def dm_lag():
    return build_dm_lag()


def _get(client, name, championship, lang=EN):
    response = client.get(reverse(f"championships:{name}", args=[championship.pk]), **lang)
    assert response.status_code == 200
    return response.content.decode()


def test_the_championship_page_links_to_the_lag_pages(client, dm_lag):
    page = _get(client, "detail", dm_lag)
    for name in ("lag_heats", "lag_semifinals", "lag_final", "lag_sm"):
        assert reverse(f"championships:{name}", args=[dm_lag.pk]) in page
    assert reverse("championships:lag_semifinals_official", args=[dm_lag.pk]) not in page


def test_a_pairs_championship_has_no_lag_pages(client, dm_lag):
    dm_lag.form = Championship.Form.PAIRS
    dm_lag.save()
    url = reverse("championships:lag_heats", args=[dm_lag.pk])
    assert client.get(url).status_code == 404


def test_the_heats_page_shows_standings_and_checks(client, dm_lag):
    """Heat A: 5 teams, 4 matches of 28 boards = 112 boards each (line 526). Heat B: 4
    teams, 3 × 20 = 60 boards each, short of 80. Team B2 fields a player of another
    district's club: it plays only for SM (line 405)."""
    page = _get(client, "lag_heats", dm_lag)
    heat_a = page[page.index("Heat A") : page.index("Heat B")]
    assert "Meets the heat rules: 112 boards for each team." in heat_a
    heat_b = page[page.index("Heat B") :]
    assert "the fewest a team has played is 60 (003 line 526)" in heat_b
    assert "still counts for the semifinal places" in heat_b
    b2 = heat_b[heat_b.index(">B2") :]
    assert "plays only for SM" in b2[: b2.index("</tr>")]
    assert "(003 lines 405, 472)" in b2[: b2.index("</tr>")]
    swedish = _get(client, "lag_heats", dm_lag, SV)
    assert "minst spelade lag har 60 (003 rad 526)" in swedish


def test_the_heats_page_asserts_few_queries(client, dm_lag, django_assert_max_num_queries):
    with django_assert_max_num_queries(15):
        _get(client, "lag_heats", dm_lag)


def test_the_semifinal_page_before_the_draw(client, dm_lag):
    """8 places: heat A 4.444, heat B 3.556 → 4 and 4 (line 573); 9 teams, fewer than
    22: the committee decides the semifinals (line 602), shown as two of four."""
    page = _get(client, "lag_semifinals", dm_lag)
    assert "fewer than 22" in page and "2 semifinals of 4" in page
    places = page[page.index('id="heat-places"') :]
    assert "Heat A: 4 places" in places and "Heat B: 4 places" in places
    assert "A5 – next in line" in places
    assert "No team has chosen this semifinal yet." in page


def test_the_final_page_names_each_team_and_why(client, dm_lag):
    """Two semifinals of four: the first two of each (line 614), then the committee
    fills the final of ten with the best thirds and fourths (its reading of line 614)."""
    play_semifinals(dm_lag, [["A1", "B1", "A3", "B3"], ["B2", "A2", "A4", "B4"]])
    page = _get(client, "lag_final", dm_lag)
    field = page[page.index('id="final-field"') :]
    assert "<strong>A1</strong>: winner of semifinal 1 (seed 003 line 614)" in field
    assert "<strong>A2</strong>: second of semifinal 2" in field
    assert "among the best thirds of the semifinals" in field
    b2 = field[field.index("<strong>B2</strong>") :]
    assert "plays only for SM" in b2[: b2.index("</li>")]
    assert field[: field.index("</ol>")].count("<li>") == 8


def test_the_sm_page_queue_and_the_district_rule(client, dm_lag):
    """Three SM places, fewer than the final's teams: the final's first three choose
    (lines 709, 715); B2 plays only for SM (line 405) and still takes its place."""
    play_semifinals(dm_lag, [["A1", "B1", "A3", "B3"], ["B2", "A2", "A4", "B4"]])
    play_final(dm_lag, ["B2", "A1", "A2", "B1", "A3", "A4", "B3", "B4"])
    page = _get(client, "lag_sm", dm_lag)
    table = page[page.index('id="sm-places"') :]
    rows = table.split("<tr>")[2:]
    assert [r.split("</td><td")[1].split(">")[1].split("<")[0].strip() for r in rows] == [
        "B2",
        "A1",
        "A2",
    ]
    assert "plays only for SM" in rows[0] and "plays only for SM" not in rows[1]
    assert "number 1 of the DM Lag final (seed 003 lines 709, 715)" in rows[0]
    assert "may add up to 2 before the SM semifinal" in rows[1]
    swedish = _get(client, "lag_sm", dm_lag, SV)
    assert "nummer 1 i DM Lag final (seed 003 rad 709, 715)" in swedish


def test_a_heat_of_three_teams_stops_the_shares(client, dm_lag):
    """Line 500: a heat of fewer than four teams is no series; the places are not shared
    until the committee moves its teams (line 502)."""
    from tournaments.models import Entry

    Entry.objects.filter(section__tournament__name="Heat B", name="B4").delete()
    heats = _get(client, "lag_heats", dm_lag)
    assert "a heat is a series of at least 4 teams, not 3 (003 line 500)" in heats
    assert "not a series" in heats
    page = _get(client, "lag_semifinals", dm_lag)
    assert 'id="draw-problem"' in page and "heat 2 has 3 teams" in page


def test_a_second_heat_of_the_same_club_is_reported(client, dm_lag):
    """Line 500: a club arranges one heat only; the second (by day, then name) is marked."""
    from tournaments.championships.models import Heat

    heat_a = Heat.objects.get(stage__championship=dm_lag, name="Heat A")
    Heat.objects.filter(stage__championship=dm_lag, name="Heat B").update(club=heat_a.club)
    page = _get(client, "lag_heats", dm_lag)
    assert page.count("a club arranges only one (003 line 500)") == 1
    assert "a club arranges only one" in page[page.index("Heat B") :]


def test_the_final_page_before_the_semifinals(client, dm_lag):
    page = _get(client, "lag_final", dm_lag)
    assert 'id="final-none"' in page


def test_a_final_place_given_up_with_nobody_left(client, dm_lag):
    """Lines 616-618: every team of the two semifinals is in the final, so a place given
    up has nobody to go to: the final is played with fewer teams."""
    from tournaments.championships.lag import services
    from tournaments.championships.models import FinalPlace

    play_semifinals(dm_lag, [["A1", "B1", "A3", "B3"], ["B2", "A2", "A4", "B4"]])
    services.confirm_final(championship=dm_lag, user=None)
    place = FinalPlace.objects.get(rule="final", name="B3")
    services.give_up(championship=dm_lag, place=place, user=None)
    page = _get(client, "lag_final", dm_lag)
    assert "B3 gave up its place in the final." in page
    assert "the final is played with fewer teams (003 line 618)" in page


def test_the_committees_dispensation_is_shown_on_the_heats_page(client, dm_lag):
    """003 line 403: a team with fewer of the district's players than another
    district's needs the committee's dispensation in advance; once the official has
    registered it, the heats page says the team plays by it."""
    import datetime as dt
    import html

    from members.models import Membership
    from members.tests.factories import ClubFactory, DistrictFactory
    from tournaments.championships.models import Registration
    from tournaments.models import Entry

    a1 = Entry.objects.get(section__tournament__heat__stage__championship=dm_lag, name="A1")
    elsewhere = ClubFactory(district=DistrictFactory())
    members = [p.member_id for p in a1.players.all()][:3]
    Membership.objects.filter(member_id__in=members).update(club=elsewhere)
    page = html.unescape(_get(client, "lag_heats", dm_lag))
    assert "the team needs the committee's dispensation given in advance (003 line 403)" in page
    Registration.objects.create(
        championship=dm_lag, name="A1", registered_on=dt.date(2024, 10, 1), entry=a1,
        dispensation=True,
    )  # fmt: skip
    page = html.unescape(_get(client, "lag_heats", dm_lag))
    assert "needs the committee's dispensation" not in page
    assert "plays by the committee's dispensation (003 line 403)" in page
    assert "spelar med dispens från TK (003 rad 403)" in _get(client, "lag_heats", dm_lag, SV)
