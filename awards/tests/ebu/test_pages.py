"""The pages of an EBU database's ledger (issue #20 point 2): the member page and start
card in local, blue, green and gold points with the rank and what the next one needs,
the master points list and the list by rank, the monthly promotion lists (with the
members' opt-out), the rank certificate, and the calculator, in English and Swedish.

Rules: seed 001, 2.4.1 (kinds of points; blue standing in for green, 3 for 1, lines
1321-1339), 2.5.1 (gold points), 2.6.1 (the overall holding, lines 1414-1418), 2.6.2
(the ranks, lines 1422-1483). The ledger is built directly: award rows, then
``services.refresh_holdings`` (the walk that writes holdings and promotions).

The personas:
- Ann Ashby: 60, 100 and 900 local points: Local Master on 12 February 2024, District
  Master on 5 March 2024 with 1,060 (line 1434); County Master is 2,500 (line 1436).
- Bob Bell: 300 local and 2.5 blue points (550 master points): Area Master in March.
- Nora North: 22,000 local and 80 green points (30,000): National Master (line 1473,
  30,000 and 75 green) in March 2024; she asked not to be in the published lists.
- Tom Tate: 45,000 local: Tournament Master (line 1452).
- Gwen Green: 60,000 local, 700 green (130,000) and 140 gold points: Grand Master
  (line 1481); Premier Grand Master asks for 1,500 green (line 1483).
"""

import csv
import io
import re
from datetime import date
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from awards.domain.ebu.ledger import gold_held
from awards.models import MasterPointAward, MasterPointHolding, Promotion
from awards.services import refresh_holdings
from members.domain.age import season_of
from members.models import Membership, Role
from members.services import current_season
from members.tests.factories import ClubFactory, MemberFactory, give_role, member_with_login
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
# 2.5.1: Gwen's 140 gold points of 2 December 2023 lose a fifth on each anniversary;
# the holding shows what is held today (the award row keeps the 140).
GWEN_GOLD_HELD = (
    f"{gold_held([(date(2023, 12, 2), Decimal(140))], timezone.localdate()).normalize():f}"
)
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}
NBSP = "\xa0"  # Swedish groups thousands with a no-break space
MARCH = date(2024, 3, 1)


@pytest.fixture(autouse=True)
def ebu(settings):
    settings.KLOVER_FEDERATION = "ebu"


def _event(name: str, day: date) -> Tournament:
    return Tournament.objects.create(
        event_id=name,
        name=name,
        start_date=day,
        end_date=day,
        kind=Tournament.Kind.PAIRS,
        scoring=Tournament.Scoring.MATCHPOINTS,
    )


def _award(member, event, colour, points, gold="0", scale="A"):
    MasterPointAward.objects.create(
        member=member,
        tournament=event,
        colour=colour,
        exact=Decimal(points),
        credited=Decimal(points),
        gold_points=Decimal(gold),
        table=scale,
        rule_version="EBU Handbook 7th ed. (2014)",
        awarded_on=event.start_date,
        reason_en=f"Scale {scale}, place 1",
        reason_sv=f"Skala {scale}, plats 1",
    )


@pytest.fixture
def ledger():
    return build_ledger()


def build_ledger() -> dict:
    """The personas' ledgers, holdings and promotions; Ann and Bob represent the
    Warwick club (this season and the season of March 2024)."""
    warwick = ClubFactory(name="Warwick Bridge Club")
    ann = member_with_login(mid=91001, first_name="Ann", last_name="Ashby")
    bob = MemberFactory(mid=91002, first_name="Bob", last_name="Bell")
    nora = MemberFactory(mid=91003, first_name="Nora", last_name="North", in_promotion_lists=False)
    tom = MemberFactory(mid=91004, first_name="Tom", last_name="Tate")
    gwen = MemberFactory(mid=91005, first_name="Gwen", last_name="Green")
    for member in (ann, bob):
        for season in {current_season(), season_of(MARCH)}:
            Membership.objects.create(member=member, club=warwick, season=season, represents=True)
    january = _event("Leamington January Pairs", date(2024, 1, 10))
    february = _event("Warwick February Pairs", date(2024, 2, 12))
    spring = _event("Warwickshire Spring Congress", date(2024, 3, 5))
    swiss = _event("Coventry Swiss Teams", date(2024, 3, 15))
    late = _event("Kenilworth Blue Pairs", date(2024, 3, 20))
    gold = _event("Spring Foursomes", date(2023, 12, 2))
    _award(ann, january, "local", "60")
    _award(ann, february, "local", "100")
    _award(ann, spring, "local", "900", scale="C")
    _award(bob, late, "local", "300")
    _award(bob, late, "blue", "2.5", scale="QA")
    _award(nora, swiss, "local", "22000")
    _award(nora, swiss, "green", "80", scale="G")
    _award(tom, swiss, "local", "45000")
    _award(gwen, gold, "local", "60000")
    _award(gwen, gold, "green", "700", gold="140", scale="G")
    refresh_holdings([m.pk for m in (ann, bob, nora, tom, gwen)])
    return {"ann": ann, "bob": bob, "nora": nora, "tom": tom, "gwen": gwen, "club": warwick}


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _section(body: str, element_id: str) -> str:
    start = body.index(f'id="{element_id}"')
    return body[start : body.index("</section>", start)]


def test_the_walk_gives_the_ranks_the_handbook_prints(ledger):
    holding = {h.member.mid: h for h in MasterPointHolding.objects.select_related("member")}
    assert {mid: (h.master_class, int(h.master_points)) for mid, h in holding.items()} == {
        91001: ("District Master", 1060),
        91002: ("Area Master", 550),
        91003: ("National Master", 30000),
        91004: ("Tournament Master", 45000),
        91005: ("Grand Master", 130000),
    }


def test_the_member_page_shows_the_holding_by_kind_and_the_rank(client, ledger):
    body = client.get("/members/91005/", **EN).content.decode()
    assert '<dd id="holding-local">60,000</dd>' in body
    assert '<dd id="holding-blue">0</dd>' in body
    assert '<dd id="holding-green">700</dd>' in body
    assert '<dd id="holding-total">130,000</dd>' in body  # 2.6.1: 60,000 + 100 × 700
    assert f'<dd id="holding-gold">{GWEN_GOLD_HELD}</dd>' in body
    assert '<p id="rank-name"><strong>Grand Master</strong></p>' in body
    # 2.6.2 line 1483: Premier Grand Master asks for 1,500 green points and nothing else.
    assert "Next rank: Premier Grand Master — 800 more green points." in body
    assert 'id="blue-for-green"' in body
    for sbf_word in ("Bronze", "Silver points", "bp<", "Master class", "master class"):
        assert sbf_word not in body


def test_the_next_rank_in_master_points_pinned_by_the_handbook(client, ledger):
    body = client.get("/members/91001/", **EN).content.decode()
    assert '<dd id="holding-local">1,060</dd>' in body
    assert '<p id="rank-name"><strong>District Master</strong></p>' in body
    # 2.6.2 lines 1434-1436: District Master 1,000, County Master 2,500.
    assert '<p id="next-rank">Next rank: County Master — 1,440 more master points.</p>' in body
    assert 'id="blue-for-green"' not in body
    swedish = client.get("/members/91001/", **SV).content.decode()
    assert f'<dd id="holding-local">1{NBSP}060</dd>' in swedish
    assert f"County Master — 1{NBSP}440" in swedish
    assert "<dt>Lokala poäng</dt>" in swedish and "<dt>Guldpoäng</dt>" in swedish


def test_the_next_rank_in_master_points_and_green_points(client, ledger):
    body = client.get("/members/91003/", **EN).content.decode()
    assert '<p id="rank-name"><strong>National Master</strong></p>' in body
    # Line 1475: Premier National Master, 40,000 including at least 100 green points.
    assert (
        "Next rank: Premier National Master — 10,000 more master points, including 20 more "
        "green points." in body
    )


def test_blue_points_stand_in_for_green_points_three_for_one(client, ledger):
    nora = ledger["nora"]
    _award(nora, _event("Blue Riband", date(2024, 4, 1)), "blue", "30", scale="QB")
    refresh_holdings([nora.pk])
    body = client.get("/members/91003/", **EN).content.decode()
    # 33,000 master points; 80 green and 30 / 3 = 10 from blue (2.4.1(b)) of the 100.
    assert '<dd id="holding-total">33,000</dd>' in body
    assert "7,000 more master points, including 10 more green points." in body


def test_the_member_page_lists_the_awards_in_ebu_words_and_dated_promotions(client, ledger):
    body = client.get("/members/91002/", **EN).content.decode()
    awards = _text(_section(body, "masterpoints"))
    assert "2.50 blue points Scale QA, place 1" in awards
    assert "300 local points Scale A, place 1" in awards
    gwen = _text(client.get("/members/91005/", **EN).content.decode())
    assert "60,000 local points" in gwen and "700 green points (+140 gold points)" in gwen
    ann = client.get("/members/91001/", **EN).content.decode()
    promotions = re.findall(r'<li>([\d-]+): <a href="([^"]+)">([^<]+)</a></li>', ann)
    assert promotions == [
        ("2024-03-05", "/masterpoints/members/91001/promotions/400/", "District Master"),
        ("2024-02-12", "/masterpoints/members/91001/promotions/100/", "Local Master"),
    ]
    swedish = _text(client.get("/members/91002/", **SV).content.decode())
    assert "Skala QA, plats 1" in swedish


def test_a_member_out_of_the_lists_still_sees_every_promotion_on_their_page(client, ledger):
    body = client.get("/members/91003/", **EN).content.decode()
    assert "2024-03-15: <a" in body and ">National Master</a>" in body


def test_the_member_page_has_no_ranking_points(client, ledger):
    body = client.get("/members/91001/", **EN).content.decode()
    assert 'id="ranking"' not in body and "ranking points" not in body


def test_the_start_card_in_ebu_terms(client, ledger):
    client.force_login(ledger["ann"].user)
    body = client.get("/me/", **EN).content.decode()
    card = _text(_section(body, "start-masterpoints"))
    assert "1,060 master points" in card and "Local points 1,060" in card
    assert "Gold points 0" in card and " bp" not in card
    rank = _section(body, "start-rank")
    assert '<p class="big-figure" id="start-rank-name">District Master</p>' in rank
    assert "Next rank: County Master — 1,440 more master points." in rank
    # 1,060 of the 2,500 County Master asks for.
    assert 'value="42"' in rank
    assert 'id="start-class"' not in body and 'id="start-ranking"' not in body


# --- the lists ----------------------------------------------------------------------


def _rows(body: str, table_id: str) -> list[list[str]]:
    table = re.search(rf'id="{table_id}">.*?<tbody>(.*?)</tbody>', body, re.S)
    assert table is not None, table_id
    return [
        [_text(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
        for row in re.findall(r"<tr>(.*?)</tr>", table[1], re.S)
    ]


MASTERPOINTS_HEAD = [
    "Place", "MID", "Name", "Club", "Local points", "Blue points", "Green points",
    "Gold points", "Master points", "Rank",
]  # fmt: skip


def test_the_master_points_list_in_ebu_columns_best_first(client, ledger):
    body = client.get("/masterpoints/list/", **EN).content.decode()
    head = re.search(r'id="masterpoints-list">.*?<thead>(.*?)</thead>', body, re.S)
    assert head is not None
    assert [_text(h) for h in re.findall(r"<th[^>]*>(.*?)</th>", head[1])] == MASTERPOINTS_HEAD
    assert _rows(body, "masterpoints-list") == [
        ["1", "91005", "Gwen Green", "–", "60000", "0", "700", GWEN_GOLD_HELD, "130000",
         "Grand Master"],  # fmt: skip
        ["2", "91004", "Tom Tate", "–", "45000", "0", "0", "0", "45000", "Tournament Master"],
        ["3", "91003", "Nora North", "–", "22000", "0", "80", "0", "30000", "National Master"],
        [
            "4", "91001", "Ann Ashby", "Warwick Bridge Club", "1060", "0", "0", "0", "1060",
            "District Master",
        ],
        ["5", "91002", "Bob Bell", "Warwick Bridge Club", "300", "2.5", "0", "0", "550",
         "Area Master"],
    ]  # fmt: skip
    assert "bronze" not in body.lower() and "Master class" not in body
    swedish = client.get("/masterpoints/list/", **SV).content.decode()
    assert '<th scope="col" class="num">Lokala poäng</th>' in swedish


def test_the_master_points_list_downloads_its_columns(client, ledger):
    club = ledger["club"].number
    response = client.get("/masterpoints/list/", {"club": club, "_export": "csv"}, **EN)
    rows = list(csv.reader(io.StringIO(response.content.decode().lstrip("\ufeff"))))
    assert rows == [
        MASTERPOINTS_HEAD,
        ["1", "91001", "Ann Ashby", "Warwick Bridge Club", "1060", "0", "0", "0", "1060",
         "District Master"],
        ["2", "91002", "Bob Bell", "Warwick Bridge Club", "300", "2.5", "0", "0", "550",
         "Area Master"],
    ]  # fmt: skip


def test_the_ranking_page_lists_members_by_rank(client, ledger):
    body = client.get("/masterpoints/ranking/", **EN).content.decode()
    assert "<h1>Members by rank</h1>" in body and "Ranking points" not in body
    rows = _rows(body, "ranking-list")
    # By seniority (2.6.2's order): National Master above Tournament Master though Tom
    # holds more master points.
    assert [(r[0], r[2], r[4]) for r in rows] == [
        ("1", "Gwen Green", "Grand Master"),
        ("2", "Nora North", "National Master"),
        ("3", "Tom Tate", "Tournament Master"),
        ("4", "Ann Ashby", "District Master"),
        ("5", "Bob Bell", "Area Master"),
    ]
    assert rows[1][5:] == ["80", "30000"]  # green points, master points


def test_the_ranking_page_filters_by_rank(client, ledger):
    # Line 13 of 2.6.2 is Tournament Master (line 1452).
    body = client.get("/masterpoints/ranking/", {"rank": "13"}, **EN).content.decode()
    assert [r[2] for r in _rows(body, "ranking-list")] == ["Tom Tate"]
    assert '<option value="13" selected>Tournament Master</option>' in body
    assert "* Tournament Master and more stars</option>" in body
    csv_body = client.get("/masterpoints/ranking/", {"rank": "4", "_export": "csv"}, **EN)
    rows = list(csv.reader(io.StringIO(csv_body.content.decode().lstrip("\ufeff"))))
    assert rows == [
        ["Place", "MID", "Name", "Club", "Rank", "Green points", "Master points"],
        ["1", "91001", "Ann Ashby", "Warwick Bridge Club", "District Master", "0", "1060"],
    ]


def test_members_of_one_rank_and_points_share_a_place(client, ledger):
    twin = MemberFactory(mid=91006, first_name="Tim", last_name="Twin")
    _award(twin, _event("Twin Pairs", date(2024, 3, 15)), "local", "45000")
    refresh_holdings([twin.pk])
    rows = _rows(client.get("/masterpoints/ranking/", **EN).content.decode(), "ranking-list")
    assert [(r[0], r[2]) for r in rows[2:4]] == [("3–4", "Tom Tate"), ("3–4", "Tim Twin")]
    assert rows[4][0] == "5"


def test_the_lists_cost_the_same_queries_however_long(client, ledger):
    counts = []
    for more in (0, 12):
        for n in range(more):
            member = MemberFactory(mid=91100 + n)
            _award(member, _event(f"Club night {n}", date(2024, 3, 1)), "local", str(150 + n))
            refresh_holdings([member.pk])
        for url in ("/masterpoints/list/", "/masterpoints/ranking/"):
            cache.clear()
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url, **EN).status_code == 200
            counts.append(len(queries))
    assert counts[:2] == counts[2:]


# --- the monthly promotion lists -------------------------------------------------------


def test_the_promotion_list_of_a_month_leaves_out_who_asked(client, ledger):
    body = client.get("/masterpoints/promotions/2024/3/", **EN).content.decode()
    assert "<h1>Promotions in March 2024</h1>" in body
    # The most senior rank first (2.6.2's order).
    assert _rows(body, "promotion-list") == [
        ["Tournament Master", "Tom Tate", "–", "2024-03-15"],
        ["District Master", "Ann Ashby", "Warwick Bridge Club", "2024-03-05"],
        ["Area Master", "Bob Bell", "Warwick Bridge Club", "2024-03-20"],
    ]
    assert "Nora North" not in body  # she asked not to be listed
    assert 'href="/masterpoints/promotions/2024/2/" rel="prev"' in body
    assert 'href="/masterpoints/promotions/2024/4/" rel="next"' in body
    february = client.get("/masterpoints/promotions/2024/2/", **EN).content.decode()
    assert [r[1] for r in _rows(february, "promotion-list")] == ["Ann Ashby"]
    swedish = client.get("/masterpoints/promotions/2024/3/", **SV).content.decode()
    assert "mars 2024" in swedish and "District Master" in swedish


def test_a_member_promoted_twice_in_a_month_is_listed_once_with_the_senior_rank(client, ledger):
    # Bob's 300 local points reach Club Master and his 2.5 blue points of the same
    # event Area Master (550): two promotions on 20 March.
    assert list(
        Promotion.objects.filter(member=ledger["bob"]).values_list("master_class", flat=True)
    ) == ["Area Master", "Club Master"]
    body = client.get("/masterpoints/promotions/2024/3/", **EN).content.decode()
    assert [r[:2] for r in _rows(body, "promotion-list")].count(["Area Master", "Bob Bell"]) == 1
    assert "Club Master" not in body


def test_the_promotion_lists_open_at_the_latest_month(client, ledger):
    response = client.get("/masterpoints/promotions/")
    assert response.status_code == 302
    assert response["Location"] == "/masterpoints/promotions/2024/3/"


def test_a_month_without_promotions_and_one_that_is_no_month(client, ledger):
    body = client.get("/masterpoints/promotions/2023/11/", **EN).content.decode()
    assert 'id="no-promotions"' in body
    assert client.get("/masterpoints/promotions/2024/13/").status_code == 404
    assert client.get("/masterpoints/promotions/0/1/").status_code == 404


def test_the_promotion_list_downloads_as_csv(client, ledger):
    response = client.get("/masterpoints/promotions/2024/3/", {"_export": "csv"}, **EN)
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode().lstrip("\ufeff"))))
    assert rows == [
        ["Date", "MID", "Name", "Club", "New rank"],
        ["2024-03-15", "91004", "Tom Tate", "", "Tournament Master"],
        ["2024-03-05", "91001", "Ann Ashby", "Warwick Bridge Club", "District Master"],
        ["2024-03-20", "91002", "Bob Bell", "Warwick Bridge Club", "Area Master"],
    ]


def test_the_promotion_list_reads_one_query(client, ledger, django_assert_num_queries):
    with django_assert_num_queries(1):
        client.get("/masterpoints/promotions/2024/3/", **EN)


def test_an_sbf_month_names_the_classes(client, settings):
    settings.KLOVER_FEDERATION = "sbf"
    member = MemberFactory(mid=91201, first_name="Sven", last_name="Svensson")
    Promotion.objects.create(member=member, master_class="ruter", rank=4, reached_on=MARCH)
    body = client.get("/masterpoints/promotions/2024/3/", **SV).content.decode()
    assert _rows(body, "promotion-list") == [["Rutermästare", "Sven Svensson", "–", "2024-03-01"]]


# --- the opt-out ---------------------------------------------------------------------


def test_a_member_leaves_the_published_lists_and_comes_back(client, ledger):
    ann = ledger["ann"]
    client.force_login(ann.user)
    form = client.get("/members/91001/private/", **EN).content.decode()
    assert 'action="/members/91001/promotion-lists/"' in form
    assert "Show me in the published promotion lists" in form
    assert re.search(r'<input type="checkbox" name="in_promotion_lists"[^>]* checked>', form)
    response = client.post("/members/91001/promotion-lists/", {}, follow=True, **EN)
    assert "You are left out of the published promotion lists." in response.content.decode()
    ann.refresh_from_db()
    assert ann.in_promotion_lists is False
    march = client.get("/masterpoints/promotions/2024/3/", **EN).content.decode()
    assert "Ann Ashby" not in march and "Bob Bell" in march
    assert "District Master" in client.get("/members/91001/", **EN).content.decode()
    client.post("/members/91001/promotion-lists/", {"in_promotion_lists": "on"}, **EN)
    ann.refresh_from_db()
    assert ann.in_promotion_lists is True


def test_only_the_member_or_the_office_may_choose(client, ledger):
    assert client.post("/members/91001/promotion-lists/", {}).status_code == 302  # log in
    other = member_with_login(mid=91301)
    client.force_login(other.user)
    assert client.post("/members/91001/promotion-lists/", {}).status_code == 403
    client.force_login(ledger["ann"].user)
    assert client.get("/members/91001/promotion-lists/").status_code == 405


def test_the_choice_needs_the_csrf_token(ledger):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    strict.force_login(ledger["ann"].user)
    assert strict.post("/members/91001/promotion-lists/", {}).status_code == 403


# --- the certificate, the club's promotions, the calculator ---------------------------


def test_the_rank_certificate(client, ledger):
    body = client.get("/masterpoints/members/91001/promotions/400/", **EN).content.decode()
    assert '<p class="federation-name" id="federation-name">English Bridge Union</p>' in body
    assert '<p class="certificate-class" id="certificate-class">District Master</p>' in body
    assert "has on 5 March 2024 reached the master points rank" in body
    assert "with the points of Warwickshire Spring Congress" in body
    assert 'href="/masterpoints/members/91001/promotions/400/pdf/"' in body
    assert "master class" not in body
    assert client.get("/masterpoints/members/91001/promotions/500/").status_code == 404
    assert client.get("/masterpoints/members/91001/promotions/4000000/").status_code == 404
    swedish = client.get("/masterpoints/members/91001/promotions/400/", **SV).content.decode()
    assert "Diplom" in swedish and "5 mars 2024" in swedish


def test_a_starred_rank_has_a_certificate_by_its_number(client, ledger):
    # 2.6.2 line 1454: * Tournament Master, 50,000, a further star for each 10,000.
    tom = ledger["tom"]
    _award(tom, _event("Summer Meeting", date(2024, 8, 3)), "local", "16000")
    refresh_holdings([tom.pk])
    promotion = Promotion.objects.get(member=tom, reached_on=date(2024, 8, 3))
    assert (promotion.master_class, promotion.rank) == ("** Tournament Master", 1401)
    body = client.get("/masterpoints/members/91004/promotions/1401/", **EN).content.decode()
    assert '<p class="certificate-class" id="certificate-class">** Tournament Master</p>' in body


def test_the_club_promotions_list_ranks_with_certificates(client, ledger):
    admin = member_with_login(mid=91401)
    give_role(admin, Role.Kind.CLUB_ADMIN, club=ledger["club"])
    client.force_login(admin.user)
    body = client.get(f"/masterpoints/clubs/{ledger['club'].pk}/promotions/", **EN)
    page = body.content.decode()
    assert '<th scope="col">Rank</th>' in page and "Master class" not in page
    assert 'href="/masterpoints/members/91001/promotions/400/"' in page
    assert 'href="/masterpoints/members/91002/promotions/300/"' in page


def test_the_calculator_is_the_ebus_by_default(client):
    body = client.get("/masterpoints/calculator/", **EN).content.decode()
    assert 'name="tables"' in body and 'id="calculator-scheme"' not in body
    assert '<select name="table"' not in body


def test_all_the_awards_of_a_member_in_ebu_words(client, ledger):
    body = client.get("/masterpoints/members/91005/awards/", **EN).content.decode()
    text = _text(body)
    assert "Scale" in text and "Unit" not in text and "Table" not in text
    assert "700 green points 140 G" in text and "60,000 local points – A" in text
    export = client.get("/masterpoints/members/91005/awards/?_export=csv", **EN)
    rows = list(csv.reader(io.StringIO(export.content.decode().lstrip("\ufeff"))))
    assert rows[0][:6] == ["Date", "Tournament", "Points", "Kind of points", "Gold points", "Scale"]
    assert sorted(tuple(r[2:6]) for r in rows[1:]) == [
        ("60000", "Local points", "0", "A"),
        ("700", "Green points", "140", "G"),
    ]


def test_the_tournament_card_in_ebu_words(client, ledger):
    swiss = Tournament.objects.get(name="Coventry Swiss Teams")
    body = _text(client.get(swiss.get_absolute_url(), **EN).content.decode())
    assert "Nora North 80 green points Scale G, place 1" in body
    assert " MP " not in body


def test_the_pages_in_swedish(client, ledger):
    """The new words as the Swedish catalogue (locale/sv) gives them."""
    member = client.get("/members/91001/", **SV).content.decode()
    assert f'<p id="next-rank">Nästa rank: County Master — 1{NBSP}440 mästarpoäng till.</p>' in (
        member
    )
    assert "<h3>Befordringar</h3>" in member and "<h2>Rank</h2>" in member
    nora = client.get("/members/91003/", **SV).content.decode()
    assert f"10{NBSP}000 mästarpoäng till, varav 20 grönpoäng till." in nora
    ranks = client.get("/masterpoints/ranking/", **SV).content.decode()
    assert "<h1>Medlemmar efter rank</h1>" in ranks and "Alla rank</option>" in ranks
    march = client.get("/masterpoints/promotions/2024/3/", **SV).content.decode()
    assert "<h1>Befordringar i mars 2024</h1>" in march and ">Ny rank</th>" in march
    bob = _text(client.get("/members/91002/", **SV).content.decode())
    assert "2,50 blåpoäng Skala QA, plats 1" in bob and "300 lokala poäng Skala A" in bob
    certificate = client.get("/masterpoints/members/91001/promotions/400/", **SV)
    assert "har den 5 mars 2024 nått mästarpoängranken" in certificate.content.decode()


def test_the_club_card_of_the_start_page_links_rank_certificates(client, ledger):
    today = timezone.localdate()
    Promotion.objects.filter(member=ledger["ann"], rank=400).update(reached_on=today)
    admin = member_with_login(mid=91402)
    give_role(admin, Role.Kind.CLUB_ADMIN, club=ledger["club"])
    client.force_login(admin.user)
    card = _section(
        client.get("/me/", **EN).content.decode(), f"start-promotions-{ledger['club'].pk}"
    )
    assert "ranks reached in the last 90 days" in card
    assert '<a href="/masterpoints/members/91001/promotions/400/">District Master</a>' in card


def test_the_menu_names_the_list_by_rank(client, ledger):
    page = client.get("/masterpoints/list/", **EN).content.decode()
    menu = page[: page.index("</nav>")]
    assert ">Ranks</a>" in menu and ">Ranking</a>" not in menu
