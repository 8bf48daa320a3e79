"""The ranking and master points lists: columns and links, sort orders, the club picked
by name, the ranking as CSV, the master points list's order and filters, and queries
that do not grow with the lists (issue #18, "Lists")."""

import csv
import io
import re
from datetime import date
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.db import connection
from django.utils import timezone

from awards.domain.sbf import classes
from awards.models import MasterPointAward, MasterPointHolding, RankingScore
from awards.services import refresh_holdings, store_ranking_facts
from members.domain.age import age_category
from members.models import Membership
from members.services import current_season
from members.tests.factories import ClubFactory, DistrictFactory, MemberFactory
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}
RANKING = "/masterpoints/ranking/"
MASTERPOINTS = "/masterpoints/list/"


def _tournament() -> Tournament:
    day = timezone.localdate()
    return Tournament.objects.create(
        name="Klöverkvällen", start_date=day, end_date=day, kind=Tournament.Kind.PAIRS
    )


def _holds(holdings: dict, tournament: Tournament | None = None) -> None:
    """Each member's points, one ledger row a colour, and their holdings as the award
    step leaves them (``refresh_holdings``)."""
    tournament = tournament or _tournament()
    for member, colours in holdings.items():
        for colour, credited in colours.items():
            MasterPointAward.objects.update_or_create(
                member=member,
                tournament=tournament,
                colour=colour,
                defaults={
                    "exact": credited,
                    "credited": credited,
                    "table": "A1",
                    "rule_version": "test",
                    "awarded_on": tournament.start_date,
                },
            )
    refresh_holdings([m.pk for m in holdings])


def _member(mid: int, first: str, last: str, club=None, **kwargs):
    member = MemberFactory(mid=mid, first_name=first, last_name=last, **kwargs)
    if club is not None:
        Membership.objects.create(
            member=member, club=club, season=current_season(), represents=True
        )
    return member


def _rank(points: dict) -> None:
    for member, value in points.items():
        RankingScore.objects.create(
            member=member, points=Decimal(value), computed_on=timezone.localdate()
        )
    store_ranking_facts()


def _mids(body: str, table: str) -> list[int]:
    """The MIDs of a list's rows, top to bottom."""
    shown = body.split(f'id="{table}"', 1)[1].split("</table>", 1)[0]
    return [int(mid) for mid in re.findall(r'<td class="mid">(\d+)</td>', shown)]


def _head(body: str) -> dict[str, tuple[str, str]]:
    """A list's column headings by their text: each one's attributes and content."""
    head = body.split("<thead>", 1)[1].split("</thead>", 1)[0]
    return {
        re.sub(r"<[^>]+>|[▲▼]", "", inner).strip(): (attrs, inner)
        for attrs, inner in re.findall(r"<th([^>]*)>(.*?)</th>", head)
    }


def _query(link: str) -> list[str]:
    """The query of the first address in ``link``, its parameters sorted."""
    found = re.search(r'href="\?([^"]*)"', link)
    return sorted(found.group(1).split("&amp;")) if found else []


def _places(body: str) -> list[str]:
    return [cell.split("<")[0] for cell in body.split("<tr><td>")[1:]]


@pytest.fixture
def league():
    """Five players in two clubs of two districts; one represents no club. Ranking
    points and master points in different orders."""
    west = ClubFactory(number=4801, name="Östra Göinge BK", district=DistrictFactory())
    east = ClubFactory(number=4802, name="Alingsås BK", district=DistrictFactory())
    anna = _member(74001, "Anna", "Berg", east)
    bo = _member(74002, "Bo", "Öst", west)
    cilla = _member(74003, "Cilla", "Ahl", west)
    dan = _member(74004, "Dan", "Dahl")
    eva = _member(74005, "Eva", "Ek", east)
    _rank({anna: 40, bo: 60, cilla: 40, dan: 10, eva: 25})
    _holds(
        {
            anna: {"bronze": Decimal(250)},  # 2.5 mp, Klövermästare
            bo: {"gold": Decimal(20)},  # 20 mp, Rutermästare
            cilla: {"silver": Decimal(12)},  # 1.2 mp, no class
            dan: {"bronze": Decimal(130), "silver": Decimal(3)},  # 1.6 mp
            eva: {"silver": Decimal(12)},  # 1.2 mp, level with Cilla
        }
    )
    return {"west": west, "east": east, "anna": anna, "bo": bo, "cilla": cilla, "dan": dan}


# -- the ranking's columns and links


def test_ranking_links_the_name_and_the_club_and_shows_the_class(client, league):
    body = client.get(RANKING, **EN).content.decode()
    west = league["west"]
    assert (
        f'<tr><td>1</td><td class="mid">74002</td><td><a href="/members/74002/">Bo Öst</a></td>'
        f'<td><a href="/clubs/{west.pk}/">Östra Göinge BK</a></td>'
        f'<td class="master-class">Diamond Master</td><td class="num">60</td></tr>'
    ) in body
    assert ">74002</a>" not in body  # the name is the link now, not the MID
    # No club and no class: a dash each.
    assert (
        '<td><a href="/members/74004/">Dan Dahl</a></td><td>–</td><td class="master-class">–</td>'
    ) in body
    head = _head(body)
    assert list(head) == ["Place", "MID", "Name", "Club", "Master class", "Ranking points"]
    assert _query(head["Club"][1]) == ["sort=club"]
    sv = client.get(RANKING, **SV).content.decode()
    assert '<td class="master-class">Rutermästare</td>' in sv
    assert '<td class="master-class">Klövermästare</td>' in sv
    assert list(_head(sv)) == ["Placering", "MID", "Namn", "Klubb", "Mästarklass", "Rankingpoäng"]


# -- sorting


@pytest.mark.parametrize(
    ("sort", "mids"),
    [
        ("", [74002, 74001, 74003, 74005, 74004]),  # place: points, ties by member
        ("place", [74002, 74001, 74003, 74005, 74004]),
        ("-place", [74004, 74005, 74003, 74001, 74002]),
        ("points", [74004, 74005, 74003, 74001, 74002]),
        ("-points", [74002, 74001, 74003, 74005, 74004]),
        ("name", [74003, 74001, 74004, 74005, 74002]),  # Ahl, Berg, Dahl, Ek, Öst
        ("-name", [74002, 74005, 74004, 74001, 74003]),
        # Alingsås (by points) before Östra Göinge; no club last, either way round.
        ("club", [74001, 74005, 74002, 74003, 74004]),
        ("-club", [74003, 74002, 74005, 74001, 74004]),
        ("nonsense", [74002, 74001, 74003, 74005, 74004]),
    ],
)
def test_ranking_sorts_by_place_name_club_and_points(client, league, sort, mids):
    body = client.get(RANKING, {"sort": sort} if sort else {}, **EN).content.decode()
    assert _mids(body, "ranking-list") == mids
    # Whatever the order, each member keeps the national place.
    assert dict(zip(_mids(body, "ranking-list"), _places(body), strict=True)) == {
        74002: "1", 74001: "2–3", 74003: "2–3", 74005: "4", 74004: "5",
    }  # fmt: skip


def test_the_sorted_column_says_so_and_links_to_its_reverse(client, league):
    body = client.get(RANKING, {"sort": "name", "club": 4801}, **EN).content.decode()
    head = _head(body)
    assert 'aria-sort="ascending"' in head["Name"][0] and "▲" in head["Name"][1]
    assert _query(head["Name"][1]) == ["club=4801", "sort=-name"]
    assert _query(head["Club"][1]) == ["club=4801", "sort=club"]
    assert "aria-sort" not in head["Place"][0]
    assert "<a " not in head["MID"][1] and "<a " not in head["Master class"][1]
    # The filter keeps the order asked for.
    assert '<input type="hidden" name="sort" value="name">' in body


@pytest.mark.parametrize("sort", ["name", "-place", "club"])
def test_a_filtered_list_sorted_otherwise_keeps_its_own_places(client, league, sort):
    """In a club's list sorted by name the places are the club's, ties shared, as
    they are sorted by place."""
    by_place = client.get(RANKING, {"club": 4801}, **EN).content.decode()
    assert _mids(by_place, "ranking-list") == [74002, 74003]
    assert _places(by_place) == ["1", "2"]
    east = client.get(RANKING, {"club": 4802, "sort": sort}, **EN).content.decode()
    shown = dict(zip(_mids(east, "ranking-list"), _places(east), strict=True))
    assert shown == {74001: "1", 74005: "2"}
    district = client.get(
        RANKING, {"district": league["west"].district_id, "sort": sort}, **EN
    ).content.decode()
    assert dict(zip(_mids(district, "ranking-list"), _places(district), strict=True)) == {
        74002: "1",
        74003: "2",
    }


def test_a_tie_shares_its_place_in_a_filtered_list_sorted_by_name(client):
    club = ClubFactory(number=4803)
    members = [_member(74100 + n, f"F{n}", f"Namn{n:02d}", club) for n in range(4)]
    _rank(dict(zip(members, (30, 20, 20, 10), strict=True)))
    body = client.get(RANKING, {"club": 4803, "sort": "-name"}, **EN).content.decode()
    assert _mids(body, "ranking-list") == [74103, 74102, 74101, 74100]
    assert _places(body) == ["4", "2–3", "2–3", "1"]


def test_a_list_sorted_by_name_pages_by_fifty(client):
    members = [_member(74200 + n, "Förnamn", f"Efternamn{n:03d}") for n in range(53)]
    _rank({m: 10 + n for n, m in enumerate(members)})
    first = client.get(RANKING, {"sort": "name"}, **EN)
    assert _mids(first.content.decode(), "ranking-list") == list(range(74200, 74250))
    assert first.context["pager"].has_next
    second = client.get(RANKING, {"sort": "name", "page": 2}, **EN)
    assert _mids(second.content.decode(), "ranking-list") == [74250, 74251, 74252]
    assert not second.context["pager"].has_next
    # The national places stay: the last by name has the most points.
    assert _places(second.content.decode())[-1] == "1"


# -- the club picked by name


def test_the_club_is_picked_by_name_and_a_club_number_link_still_works(client, league):
    body = client.get(RANKING, **EN).content.decode()
    select = body.split('<select name="club"', 1)[1].split("</select>", 1)[0]
    options = re.findall(r'<option value="(\d*)"[^>]*>([^<]+)</option>', select)
    assert options == [("", "All clubs"), ("4802", "Alingsås BK"), ("4801", "Östra Göinge BK")]
    by_club = client.get(RANKING, {"club": 4802}, **EN).content.decode()
    assert _mids(by_club, "ranking-list") == [74001, 74005]
    assert '<option value="4802" selected>Alingsås BK</option>' in by_club


def test_an_unknown_club_number_says_so(client, league):
    response = client.get(RANKING, {"club": 9999}, **EN)
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()


# -- the ranking as CSV


def _csv(response, name: str = "ranking") -> list[list[str]]:
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith(f'attachment; filename="{name}-')
    return list(csv.reader(io.StringIO(response.content.decode().lstrip("\ufeff"))))


def test_the_ranking_downloads_as_csv_with_every_row(client, league):
    rows = _csv(client.get(RANKING, {"_export": "csv"}, **EN))
    assert rows == [
        ["Place", "MID", "Name", "Club", "Master class", "Ranking points"],
        ["1", "74002", "Bo Öst", "Östra Göinge BK", "Diamond Master", "60"],
        ["2–3", "74001", "Anna Berg", "Alingsås BK", "Club Master", "40"],
        ["2–3", "74003", "Cilla Ahl", "Östra Göinge BK", "", "40"],
        ["4", "74005", "Eva Ek", "Alingsås BK", "", "25"],
        ["5", "74004", "Dan Dahl", "", "", "10"],
    ]
    sv = _csv(client.get(RANKING, {"_export": "csv"}, **SV))
    assert sv[0] == ["Placering", "MID", "Namn", "Klubb", "Mästarklass", "Rankingpoäng"]
    assert sv[1][4] == "Rutermästare"


def test_the_csv_is_the_filtered_list_in_its_order_with_its_places(client, league):
    rows = _csv(client.get(RANKING, {"_export": "csv", "club": 4801, "sort": "name"}, **EN))
    assert [row[:3] for row in rows[1:]] == [["2", "74003", "Cilla Ahl"], ["1", "74002", "Bo Öst"]]
    # The page's link asks for the list shown.
    body = client.get(RANKING, {"club": 4801, "sort": "name", "page": 1}, **EN).content.decode()
    link = re.search(r'<a href="[^"]+" id="ranking-csv">Download as CSV</a>', body)
    assert link and _query(link.group(0)) == ["_export=csv", "club=4801", "sort=name"]


def test_every_ranked_member_is_in_the_csv_past_the_first_page(client):
    members = MemberFactory.create_batch(60)
    _rank({m: 5 + n for n, m in enumerate(members)})
    rows = _csv(client.get(RANKING, {"_export": "csv"}))
    assert len(rows) == 61 and rows[-1][1] == str(members[0].mid)


# -- the master points list


def test_holdings_store_their_master_points_exactly():
    member = MemberFactory()
    _holds({member: {"bronze": Decimal("33"), "silver": Decimal("7.5"), "gold": Decimal(2)}})
    holding = MasterPointHolding.objects.get(member=member)
    expected = classes.Holding(bronze=Decimal(33), silver=Decimal("7.5"), gold=Decimal(2))
    assert holding.master_points == expected.master_points == Decimal("3.08")


def test_the_migration_fills_master_points_as_the_refresh_writes_them():
    from importlib import import_module

    from django.apps import apps

    migration = import_module("awards.migrations.0005_holding_master_points")
    member = MemberFactory()
    _holds({member: {"bronze": Decimal("33"), "silver": Decimal("7.5"), "gold": Decimal(2)}})
    MasterPointHolding.objects.update(master_points=0)

    migration.fill_master_points(apps, SimpleNamespace(connection=connection))
    assert MasterPointHolding.objects.get(member=member).master_points == Decimal("3.08")


def test_the_master_points_list_counts_every_colour(client, league):
    body = client.get(MASTERPOINTS, **EN).content.decode()
    # Bo 20 mp, Anna 2.5, Dan 1.6 (130 bp + 3 sp), Cilla and Eva 1.2 each.
    assert _mids(body, "masterpoints-list") == [74002, 74001, 74004, 74003, 74005]
    assert _places(body) == ["1", "2", "3", "4–5", "4–5"]
    assert (
        '<td><a href="/members/74004/">Dan Dahl</a></td><td>–</td>'
        '<td class="master-class">–</td><td class="num">1.6</td>'
    ) in body
    west = league["west"]
    assert (
        f'<td><a href="/clubs/{west.pk}/">Östra Göinge BK</a></td>'
        f'<td class="master-class">Diamond Master</td><td class="num">20</td>'
    ) in body
    head = _head(body)
    assert list(head) == ["Place", "MID", "Name", "Club", "Master class", "Master points"]
    assert "<a " not in "".join(inner for _attrs, inner in head.values())  # one order
    sv = client.get(MASTERPOINTS, **SV).content.decode()
    assert '<td class="master-class">Rutermästare</td>' in sv


def test_the_master_points_list_downloads_as_csv_filtered_with_its_places(client, league):
    rows = _csv(client.get(MASTERPOINTS, {"_export": "csv"}, **EN), "masterpoints")
    assert rows == [
        ["Place", "MID", "Name", "Club", "Master class", "Master points"],
        ["1", "74002", "Bo Öst", "Östra Göinge BK", "Diamond Master", "20"],
        ["2", "74001", "Anna Berg", "Alingsås BK", "Club Master", "2.5"],
        ["3", "74004", "Dan Dahl", "", "", "1.6"],
        ["4–5", "74003", "Cilla Ahl", "Östra Göinge BK", "", "1.2"],
        ["4–5", "74005", "Eva Ek", "Alingsås BK", "", "1.2"],
    ]
    rows = _csv(client.get(MASTERPOINTS, {"_export": "csv", "club": 4802}, **EN), "masterpoints")
    assert [row[:3] for row in rows[1:]] == [["1", "74001", "Anna Berg"], ["2", "74005", "Eva Ek"]]
    body = client.get(MASTERPOINTS, {"club": 4802, "page": 1}, **EN).content.decode()
    link = re.search(r'<a href="[^"]+" id="masterpoints-csv">Download as CSV</a>', body)
    assert link and _query(link.group(0)) == ["_export=csv", "club=4802"]


def test_the_ranking_links_to_the_master_points_list_and_back(client, league):
    ranking = client.get(RANKING, **EN).content.decode()
    assert f'<a href="{MASTERPOINTS}" id="masterpoints-list-link">Master points list</a>' in (
        ranking
    )
    assert f'<a href="{RANKING}" id="ranking-link">' in client.get(MASTERPOINTS).content.decode()


def test_the_master_points_list_is_filtered_as_the_ranking(client, league):
    def mids(**query) -> list[int]:
        return _mids(client.get(MASTERPOINTS, query, **EN).content.decode(), "masterpoints-list")

    assert mids(club=4801) == [74002, 74003]
    assert mids(club=4802) == [74001, 74005]
    assert mids(district=league["east"].district_id) == [74001, 74005]
    body = client.get(MASTERPOINTS, {"club": 4801}, **EN).content.decode()
    assert _places(body) == ["1", "2"]


def test_the_master_points_categories_agree_with_the_age_rules(client):
    season = current_season()
    born = {
        74301: date(season - 25, 1, 1),  # the oldest junior
        74302: date(season - 26, 12, 31),  # one day too old
        74303: date(season - 63, 12, 31),  # the youngest veteran
        74304: date(season - 62, 1, 1),  # one day too young
        74305: None,
    }
    members = {
        mid: _member(mid, "Född", str(mid), birth_date=day, gender="M" if mid % 2 else "F")
        for mid, day in born.items()
    }
    _holds({m: {"gold": Decimal(mid - 74300)} for mid, m in members.items()})

    def mids(category: str) -> list[int]:
        body = client.get(MASTERPOINTS, {"category": category}, **EN).content.decode()
        return sorted(_mids(body, "masterpoints-list"))

    by_rule = {
        category: sorted(
            mid for mid, day in born.items() if getattr(age_category(day, season), category)
        )
        for category in ("junior", "veteran")
    }
    assert by_rule == {"junior": [74301], "veteran": [74303]}
    assert mids("junior") == by_rule["junior"]
    assert mids("veteran") == by_rule["veteran"]
    assert mids("ladies") == [74302, 74304]


def test_the_master_points_list_pages_by_fifty(client):
    members = MemberFactory.create_batch(52)
    _holds({m: {"silver": Decimal(10 + n)} for n, m in enumerate(members)})
    first = client.get(MASTERPOINTS)
    assert first.content.decode().count("<tr><td>") == 50
    assert first.context["pager"].has_next
    second = client.get(MASTERPOINTS, {"page": 2}).content.decode()
    assert _mids(second, "masterpoints-list") == [members[1].mid, members[0].mid]
    assert _places(second) == ["51", "52"]


def test_a_member_without_master_points_is_not_listed(client):
    holder, other = MemberFactory(), MemberFactory()
    _holds({holder: {"bronze": Decimal(50)}})
    MasterPointHolding.objects.create(member=other)  # a holding with nothing in it
    body = client.get(MASTERPOINTS).content.decode()
    assert _mids(body, "masterpoints-list") == [holder.mid]


# -- query counts
#
# Each page's queries are pinned, with 2, 12 and 72 rows (past a page). The filter's
# fields are counted too: the cache is cleared before each view.


def _ranked(n: int, *, club) -> None:
    for member in MemberFactory.create_batch(n):
        RankingScore.objects.create(
            member=member, points=Decimal(10 + member.pk % 7), computed_on=timezone.localdate()
        )
        Membership.objects.create(
            member=member, club=club, season=current_season(), represents=True
        )
    store_ranking_facts()


@pytest.mark.parametrize("sort", ["name", "-name", "club", "-place", "points"])
@pytest.mark.parametrize("by", ["national", "club"])
def test_a_sorted_ranking_costs_the_same_queries_however_long(
    client, django_assert_num_queries, by, sort
):
    club = ClubFactory(number=4811)
    query = {"sort": sort, **({"club": 4811} if by == "club" else {})}
    for n, more in ((2, 2), (12, 10), (72, 60)):
        _ranked(more, club=club)
        cache.clear()
        # The page's rows with their members, clubs and classes (a filtered list
        # numbers its places in the same query); the filter's districts and clubs;
        # the club asked for.
        with django_assert_num_queries(3 + (by == "club")):
            response = client.get(RANKING, query)
        assert response.content.decode().count("<tr><td>") == min(n, 50)
        assert response.context["pager"].has_next == (n > 50)


@pytest.mark.parametrize("by", ["national", "district", "club", "category"])
def test_the_master_points_list_costs_the_same_queries_however_long(
    client, django_assert_num_queries, by
):
    club = ClubFactory(number=4812)
    query = {
        "national": {},
        "district": {"district": club.district_id},
        "club": {"club": 4812},
        "category": {"category": "ladies"},
    }[by]
    tournament = _tournament()
    for n, more in ((2, 2), (12, 10), (72, 60)):
        members = MemberFactory.create_batch(more, gender="F")
        for member in members:
            Membership.objects.create(
                member=member, club=club, season=current_season(), represents=True
            )
        _holds({m: {"bronze": Decimal(100 + m.pk % 9)} for m in members}, tournament)
        cache.clear()
        # The page's rows with their members, clubs and classes; the place of its first
        # row and how many share each of its totals; the filter's districts and clubs;
        # the district or club asked for.
        with django_assert_num_queries(5 + (by in ("district", "club"))):
            response = client.get(MASTERPOINTS, query)
        assert response.content.decode().count("<tr><td>") == min(n, 50)
        assert response.context["pager"].has_next == (n > 50)


def test_the_csv_reads_the_list_in_one_query(client, django_assert_num_queries):
    club = ClubFactory(number=4813)
    for more in (2, 30):
        _ranked(more, club=club)
        with django_assert_num_queries(1):
            client.get(RANKING, {"_export": "csv", "sort": "club"})
        with django_assert_num_queries(2):  # and the club asked for
            client.get(RANKING, {"_export": "csv", "club": 4813})
