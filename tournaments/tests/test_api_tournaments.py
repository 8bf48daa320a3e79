"""GET /api/v1/tournaments/ and /api/v1/tournaments/<id>/ (docs/api.md, "Results").

Public, like the pages: the list filters as the tournament list page does
(``TournamentFilter``) and pages by cursor; one tournament gives the standings its
results page gives (``views.tournament_standings``), with the players' MIDs.
"""

from datetime import date

import pytest
from django.core.cache import cache

from members.domain.api_access import MEMBERS_READ
from members.models import Member
from members.tests.factories import ClubFactory, DistrictFactory
from members.tokens import create_token, revoke_token
from tournaments import services
from tournaments.models import Entry, Section, Tournament

pytestmark = pytest.mark.django_db

URL = "/api/v1/tournaments/"
MITCHELL_03 = "compscore3_mp_pairs_mitchell_03.xml"  # 13 pairs, one winner per direction
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture(autouse=True)
def _clear_rates():
    cache.clear()


def make_tournament(name: str, *, club=None, district=None, **fields) -> Tournament:
    fields.setdefault("start_date", date(2024, 4, 6))
    fields.setdefault("end_date", fields["start_date"])
    tournament = Tournament.objects.create(
        name=name,
        event_id=name,
        organiser_club=club,
        organiser_district=district,
        kind=fields.pop("kind", Tournament.Kind.PAIRS),
        scoring=Tournament.Scoring.MATCHPOINTS,
        **fields,
    )
    section = Section.objects.create(tournament=tournament, name="A")
    Entry.objects.create(section=section, number=1)
    Tournament.count_entries([tournament.pk])
    return tournament


def names(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [row["name"] for row in response.json()["results"]]


def test_a_row_names_the_organiser_level_kind_entries_and_processing(client):
    club = ClubFactory(name="BK Lund")
    tournament = make_tournament(
        "Vårsilver", club=club, level=Tournament.Level.SILVER, pipeline_status="done"
    )
    [row] = client.get(URL).json()["results"]
    assert row == {
        "id": tournament.pk, "name": "Vårsilver", "start_date": "2024-04-06",
        "end_date": "2024-04-06", "organiser_club_id": club.pk, "organiser_club": "BK Lund",
        "organiser_district_id": None, "organiser_district": None, "level": "silver",
        "kind": "pairs", "scoring": "matchpoints", "entries": 1, "report_version": 1,
        "processing": "done", "page_url": f"/tournaments/{tournament.pk}/",
    }  # fmt: skip


def test_the_list_filters_as_the_page_does(client):
    skane = DistrictFactory(name="Skåne")
    lund = ClubFactory(name="BK Lund", number=2001, district=skane)
    umea = ClubFactory(name="BK Umeå", number=9001)
    make_tournament("Lund april", club=lund, start_date=date(2024, 4, 6))
    make_tournament("Skåne DM", district=skane, start_date=date(2024, 5, 4), level="gold")
    make_tournament("Umeå lag", club=umea, start_date=date(2024, 6, 1), kind=Tournament.Kind.TEAMS)
    assert names(client.get(URL)) == ["Umeå lag", "Skåne DM", "Lund april"]  # newest first
    assert names(client.get(f"{URL}?club=2001")) == ["Lund april"]
    assert names(client.get(f"{URL}?club=ume")) == ["Umeå lag"]
    # A district's own tournaments and its clubs'.
    assert names(client.get(f"{URL}?district={skane.pk}")) == ["Skåne DM", "Lund april"]
    assert names(client.get(f"{URL}?date_from=2024-05-01&date_to=2024-05-31")) == ["Skåne DM"]
    assert names(client.get(f"{URL}?level=gold")) == ["Skåne DM"]
    assert names(client.get(f"{URL}?kind=teams")) == ["Umeå lag"]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("date_from=2024-13-45", "date_from"),
        ("level=platinum", "level"),
        ("kind=duo", "kind"),
        ("district=999999", "district"),
        ("district=-1", "district"),
        ("district=99999999999999999999", "district"),
        ("club=99999999999999999999", "club"),
        ("club=%00", "club"),
    ],
)
def test_a_bad_filter_says_which_field(client, query, field):
    response = client.get(f"{URL}?{query}", **EN)
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field


def test_pages_by_cursor_without_repeating_a_row(client):
    club = ClubFactory()
    for n in range(5):
        make_tournament(f"T{n}", club=club, start_date=date(2024, 1, 1 + n % 2))
    first = client.get(f"{URL}?limit=2").json()
    assert len(first["results"]) == 2 and first["next"]
    seen = [row["id"] for row in first["results"]]
    page = first
    while page["next"]:
        page = client.get(page["next"]).json()
        seen += [row["id"] for row in page["results"]]
    assert sorted(seen) == sorted(Tournament.objects.values_list("pk", flat=True))
    assert len(seen) == len(set(seen))
    assert client.get(f"{URL}?cursor=bm9uc2Vuc2U").status_code == 404  # "nonsense"
    assert client.get(f"{URL}?cursor=cD1ub3QtYS1kYXRl").status_code == 404  # p=not-a-date


def test_the_list_is_public_but_a_revoked_token_is_still_refused(client):
    make_tournament("Open", club=ClubFactory())
    assert names(client.get(URL)) == ["Open"]
    token, key = create_token(kind="program", name="x", scopes=[MEMBERS_READ])
    assert names(client.get(URL, HTTP_AUTHORIZATION=f"Bearer {key}")) == ["Open"]
    revoke_token(token)
    assert client.get(URL, HTTP_AUTHORIZATION=f"Bearer {key}").status_code == 401


def test_one_tournament_gives_its_standings_with_names_and_mids(client, shared_fixtures):
    club = ClubFactory()
    Member.objects.bulk_create(
        Member(mid=9000000 + n, first_name="Player", last_name=str(n), birth_date="1970-01-01")
        for n in range(2, 61)
    )  # 9000001 is not in the register: a guest
    data = (shared_fixtures / "usebio" / MITCHELL_03).read_bytes()
    tournament = services.import_results(data=data, filename=MITCHELL_03, organiser=club).tournament
    response = client.get(f"{URL}{tournament.pk}/", **EN)
    assert response.status_code == 200
    body = response.json()
    assert (body["id"], body["boards"], body["handicap_event"]) == (tournament.pk, 21, False)
    assert [field["title"] for field in body["fields"]] == ["North-South", "East-West"]
    rows = [row for field in body["fields"] for row in field["standings"]]
    assert len(rows) == 13
    first = body["fields"][0]["standings"][0]
    assert set(first) == {
        "place", "entry", "name", "players", "score", "percentage", "imps", "struck"
    }  # fmt: skip
    assert first["place"] == "1"
    players = [player for row in rows for player in row["players"]]
    assert any(p["mid"] == 9000002 and p["name"] for p in players)
    guests = [p for p in players if p["mid"] is None]
    assert guests and all(p["name"] for p in guests)
    # The same places as the results page prints.
    page = client.get(tournament.get_absolute_url(), **EN).content.decode()
    for row in rows[:3]:
        assert row["players"][0]["name"] in page


def test_a_handicap_event_shows_nothing_of_the_handicaps(client):
    tournament = make_tournament("Handikapp", club=ClubFactory(), handicap_event=True)
    entry = Entry.objects.get(section__tournament=tournament)
    entry.handicap = 12
    entry.save()
    body = client.get(f"{URL}{tournament.pk}/").json()
    assert body["handicap_event"] is True
    assert "handicap" not in str(body["fields"])


def test_an_unknown_tournament_is_a_json_404(client):
    for pk in (4711, 2**40):
        response = client.get(f"{URL}{pk}/")
        assert (response.status_code, response.json()["code"]) == (404, "not_found")
