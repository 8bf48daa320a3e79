"""GET /api/v1/rankings/ and /api/v1/masterpoints/: the pages' lists (rows, order,
places and filters, as their CSV downloads give them), public, paged by a cursor that
holds through ties, refused filters answered as errors, queries flat."""

from decimal import Decimal
from urllib.parse import unquote

import pytest
from django.core.cache import cache
from django.utils import timezone

from awards.models import MasterPointHolding
from awards.tests.test_lists import EN, MASTERPOINTS, RANKING, _csv, _holds, _rank, league
from awards.views import display_points
from members.models import Membership
from members.services import current_season
from members.tests.factories import ClubFactory, MemberFactory
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
RANKINGS = "/api/v1/rankings/"
MASTERPOINTS_API = "/api/v1/masterpoints/"
__all__ = ["league"]


@pytest.fixture(autouse=True)
def _fresh_rates():
    cache.clear()


def _all(client, url, query=None, **extra) -> list[dict]:
    """Every row of a list, page after page by its cursor."""
    response = client.get(url, query or {}, **extra)
    rows = []
    while True:
        assert response.status_code == 200, response.content
        body = response.json()
        rows += body["results"]
        if not body["next"]:
            return rows
        response = client.get(body["next"], **extra)


def _label(row: dict) -> str:
    place, to = row["place"], row["place_to"]
    return str(place) if place == to else f"{place}–{to}"


def _as_csv(rows: list[dict], points: str) -> list[list[str]]:
    return [
        [
            _label(r), str(r["mid"]), f"{r['first_name']} {r['last_name']}", r["club"] or "",
            r["master_class_name"] or "", display_points(Decimal(r[points])),
        ]
        for r in rows
    ]  # fmt: skip


@pytest.mark.parametrize(
    "query", [{}, {"club": 4801}, {"district": "east"}, {"category": "ladies"}]
)
def test_the_ranking_is_the_pages(client, league, query):
    if query.get("district"):
        query = {"district": league["east"].district_id}
    page = _csv(client.get(RANKING, {"_export": "csv", **query}, **EN))[1:]
    rows = _all(client, RANKINGS, {**query, "limit": 2}, **EN)
    assert _as_csv(rows, "ranking_points") == page
    assert rows and all(r["master_points"] is None for r in rows)


@pytest.mark.parametrize("query", [{}, {"club": 4802}, {"category": "veteran"}])
def test_the_master_points_list_is_the_pages(client, league, query):
    page = _csv(client.get(MASTERPOINTS, {"_export": "csv", **query}, **EN), "masterpoints")[1:]
    rows = _all(client, MASTERPOINTS_API, {**query, "limit": 2}, **EN)
    assert _as_csv(rows, "master_points") == page
    assert all(r["ranking_points"] is None for r in rows)


def test_a_filtered_ranking_numbers_its_own_places(client, league):
    rows = _all(client, RANKINGS, {"club": 4801, "limit": 1})
    assert [(r["mid"], r["place"], r["place_to"]) for r in rows] == [
        (74002, 1, 1),
        (74003, 2, 2),
    ]


def test_the_cursor_holds_through_more_ties_than_a_thousand(client, settings):
    """Every member level: DRF's own cursor counts ties and stops at 1000."""
    members = MemberFactory.create_batch(1005)
    _rank(dict.fromkeys(members, 7))
    seen = [r["mid"] for r in _all(client, RANKINGS, {"limit": 200})]
    assert sorted(seen) == sorted(m.mid for m in members) and len(seen) == 1005


def test_the_previous_page_is_the_one_before(client, league):
    first = client.get(RANKINGS, {"limit": 2}).json()
    second = client.get(first["next"]).json()
    assert first["previous"] is None and second["previous"]
    again = client.get(second["previous"]).json()
    assert [r["mid"] for r in again["results"]] == [r["mid"] for r in first["results"]]


@pytest.mark.parametrize(
    ("query", "code", "field"),
    [
        ({"club": "nonsense"}, "invalid_filter", "club"),
        ({"district": "x"}, "invalid_filter", "district"),
        ({"category": "giants"}, "invalid_filter", "category"),
        ({"cursor": "forged"}, "invalid_cursor", "cursor"),
    ],
)
@pytest.mark.parametrize("url", [RANKINGS, MASTERPOINTS_API])
def test_a_refused_filter_or_cursor_says_which(client, league, url, query, code, field):
    response = client.get(url, query)
    assert response.status_code == 400, response.content
    body = response.json()
    assert (body["code"], body["field"], body["location"]) == (code, field, "query")


def test_a_changed_cursor_is_refused(client, league):
    """The cursor is signed: a changed one is never read into a query."""
    link = client.get(RANKINGS, {"limit": 1}).json()["next"]
    cursor = unquote(link.split("cursor=", 1)[1].split("&", 1)[0])
    assert client.get(RANKINGS, {"cursor": cursor, "limit": 1}).status_code == 200
    response = client.get(RANKINGS, {"cursor": cursor[:-3] + "abc"})
    assert response.json()["code"] == "invalid_cursor"


def _grow(n: int, club) -> None:
    members = MemberFactory.create_batch(n)
    for member in members:
        Membership.objects.create(
            member=member, club=club, season=current_season(), represents=True
        )
    _rank({m: 10 + m.pk % 7 for m in members})
    day = timezone.localdate()
    played = Tournament.objects.create(
        name="Kväll", start_date=day, end_date=day, kind="pairs", event_id=f"grow-{n}"
    )
    _holds({m: {"bronze": Decimal(10 + m.pk % 5)} for m in members}, played)


@pytest.mark.parametrize("url", [RANKINGS, MASTERPOINTS_API])
@pytest.mark.parametrize("query", [{}, {"club": 4811}])
def test_queries_do_not_grow_with_the_list(client, url, query, django_assert_max_num_queries):
    club = ClubFactory(number=4811)
    for more in (3, 60):
        _grow(more, club)
        cache.clear()
        # The page's rows; a filtered list's places (two); the club asked for.
        with django_assert_max_num_queries(4):
            first = client.get(url, query).json()
        with django_assert_max_num_queries(4):
            client.get(first["next"]) if first["next"] else None


# -- an EBU database: the list by rank


@pytest.fixture
def ebu(settings):
    settings.KLOVER_FEDERATION = "ebu"
    club = ClubFactory(number=9001, name="Kent BC")
    holdings = [
        # mid, rank (seniority), its name, master points, green
        (91001, 300, "Premier Master", Decimal(3000), Decimal(10)),
        (91002, 300, "Premier Master", Decimal(3000), Decimal(12)),
        (91003, 500, "Grand Master", Decimal(2500), Decimal(30)),
        (91004, 100, "Local Master", Decimal(150), Decimal(0)),
        (91005, 0, "", Decimal(50), Decimal(0)),
    ]
    for mid, rank, name, points, green in holdings:
        member = MemberFactory(mid=mid, first_name="P", last_name=str(mid))
        Membership.objects.create(
            member=member, club=club, season=current_season(), represents=True
        )
        MasterPointHolding.objects.create(
            member=member, rank=rank, master_class=name, master_points=points, green=green,
            local=int(points),
        )  # fmt: skip


def test_an_ebu_ranking_is_the_list_by_rank(client, ebu):
    page = _csv(client.get(RANKING, {"_export": "csv"}, **EN), "ranks")[1:]
    rows = _all(client, RANKINGS, {"limit": 2}, **EN)
    assert [
        [_label(r), str(r["mid"]), r["master_class_name"], display_points(r_green(r)),
         display_points(Decimal(r["master_points"]))]
        for r in rows
    ] == [[p[0], p[1], p[4], p[5], p[6]] for p in page]  # fmt: skip
    assert [r["mid"] for r in rows] == [91003, 91001, 91002, 91004]
    assert (rows[1]["place"], rows[1]["place_to"]) == (2, 3)
    listed = _all(client, MASTERPOINTS_API, **EN)
    assert listed[0]["local_points"] == 3000 and listed[-1]["mid"] == 91005


def r_green(row: dict) -> Decimal:
    return Decimal(row["green_points"])
