"""GET /api/v1/me/, /me/awards/ and /me/handicap/: a member token's own figures, the
start page's and the member page's numbers; the ledger and the handicap history paged
by cursor in the pages' orders; other tokens refused."""

from datetime import date, timedelta
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.core.cache import cache
from django.utils import timezone, translation

from awards.models import MasterPointAward, MasterPointHolding
from awards.selectors import ebu_start_part, member_awards, start_part
from awards.tests.test_lists import _holds, _member, _rank
from handicap.models import HandicapChange, MemberHandicap
from handicap.selectors import member_history
from members.domain.api_access import HANDICAPS_READ, ME_READ
from members.tests.factories import ClubFactory, DistrictFactory, MemberFactory
from members.tokens import create_token, revoke_token
from tournaments.models import Entry, Section, TeamMatch, Tournament

pytestmark = pytest.mark.django_db
ME = "/api/v1/me/"


@pytest.fixture(autouse=True)
def _fresh_rates():
    cache.clear()


def _tournament(n: int, day: date, kind: str = "pairs") -> Tournament:
    return Tournament.objects.create(
        name=f"Tävling {n}", start_date=day, end_date=day, kind=kind, event_id=f"me-{n}"
    )


@pytest.fixture
def anna():
    """A ranked member of a club in a district, with three awards and a handicap."""
    club = ClubFactory(number=4801, name="Lunds BK", district=DistrictFactory())
    anna = _member(74001, "Anna", "Berg", club)
    rival = _member(74002, "Bo", "Öst", club)
    far = _member(74003, "Cilla", "Ahl", ClubFactory(district=DistrictFactory()))
    _rank({anna: 40, rival: 60, far: 70})
    day = timezone.localdate() - timedelta(days=30)
    for n, colours in enumerate(
        [{"bronze": Decimal(250)}, {"silver": Decimal(12), "gold": Decimal(2)}, {"gold": 1}]
    ):
        _holds({anna: colours}, _tournament(n, day + timedelta(days=n // 2)))
    MasterPointAward.objects.filter(member=anna).update(
        reason_sv="Plats 1 av 12", reason_en="Place 1 of 12"
    )
    MemberHandicap.objects.create(
        member=anna, handicap=Decimal("23.40"), start=Decimal(40), updated_on=day,
        policy_version="SBF 2007",
    )  # fmt: skip
    return anna


def token(member) -> str:
    return create_token(kind="member", name="Mine", scopes=[ME_READ], member=member)[1]


def get(client, key, path="", **extra):
    return client.get(f"{ME}{path}", HTTP_AUTHORIZATION=f"Bearer {key}", **extra)


def test_my_figures_are_the_start_pages(client, anna):
    body = get(client, token(anna), HTTP_ACCEPT_LANGUAGE="en").json()
    with translation.override("en"):
        card = start_part(SimpleNamespace(member=anna))
    holding = card["holding"]
    assert (body["mid"], body["club"], body["ledger"]) == (74001, "Lunds BK", "sbf")
    assert body["points"] == {
        "bronze": f"{holding.bronze:.2f}",
        "silver": f"{holding.silver:.2f}",
        "gold": f"{holding.gold:.2f}",
    }
    assert Decimal(body["master_points"]) == card["master_points"]
    assert body["master_class_name"] == card["class_name"]
    assert body["next_class"] == card["next_class"]
    places = dict(card["places"])
    ranking = body["ranking"]
    assert f"{ranking['place']}" == str(places["in the country"]) == "3"
    assert ranking["district_place"] == places["in the district"] == 2
    assert ranking["club_place"] == places["in the club"] == 2
    assert body["handicap"] == {"handicap": "23.40", "start": False, "updated_on": str(
        timezone.localdate() - timedelta(days=30))}  # fmt: skip
    assert "email" not in body and "birth_date" not in body


def test_a_member_without_points_or_handicap(client):
    member = MemberFactory()
    body = get(client, token(member)).json()
    assert body["ranking"] is None and body["handicap"] is None
    assert body["master_class"] is None and body["master_points"] == "0.00"


def test_my_awards_are_the_ledger_in_its_order_with_the_reason_in_my_language(client, anna):
    key = token(anna)
    expected = [(a.tournament_id, a.colour) for a in member_awards(anna)]
    first = get(client, key, "awards/?limit=2", HTTP_ACCEPT_LANGUAGE="en").json()
    second = client.get(
        first["next"], HTTP_AUTHORIZATION=f"Bearer {key}", HTTP_ACCEPT_LANGUAGE="en"
    ).json()
    rows = first["results"] + second["results"]
    assert [(r["tournament_id"], r["colour"]) for r in rows] == expected and len(rows) == 4
    assert {r["reason"] for r in rows} == {"Place 1 of 12"}
    swedish = get(client, key, "awards/", HTTP_ACCEPT_LANGUAGE="sv").json()["results"]
    assert {r["reason"] for r in swedish} == {"Plats 1 av 12"}
    assert rows[0]["unit"] in {"bp", "sp", "gp"} and rows[0]["tournament"].startswith("Tävling")


def test_my_handicap_history_is_the_pages_rows_in_its_order(client, anna):
    """Pairs evenings and a team event's matches, each a row, newest first, paged."""
    day = timezone.localdate() - timedelta(days=20)
    team = _tournament(10, day, kind="teams")
    for n in range(3):
        played = _tournament(20 + n, day - timedelta(days=n))
        _row(anna, played, day - timedelta(days=n), None)
    section = Section.objects.create(tournament=team, name="A")
    home, away = (Entry.objects.create(section=section, number=n) for n in (1, 2))
    for round_ in (2, 1):  # reported in another order than played
        match = TeamMatch.objects.create(
            tournament=team, round=round_, home=home, away=away, boards=8,
            imps_home=Decimal(10), imps_away=Decimal(20),
        )  # fmt: skip
        _row(anna, team, day, match)
    key = token(anna)
    rows, link = [], f"{ME}handicap/?limit=2"
    while link:
        body = client.get(link, HTTP_AUTHORIZATION=f"Bearer {key}").json()
        rows += body["results"]
        link = body["next"]
    expected = list(member_history(anna))
    assert [(r["tournament_id"], r["round"]) for r in rows] == [
        (h.tournament_id, h.match.round if h.match else None) for h in expected
    ]
    assert [r["round"] for r in rows if r["tournament_id"] == team.pk] == [2, 1]
    assert rows[0]["unit"] == "%" and rows[0]["change"] == "-0.250"


def _row(member, tournament, day, match) -> None:
    HandicapChange.objects.create(
        member=member, tournament=tournament, match=match, played_on=day, place="3",
        old=Decimal(24), owner=Decimal(24), field=Decimal(25), expected=Decimal(51),
        achieved=Decimal(50), change=Decimal("-0.250"), new=Decimal("23.75"), boards=24,
        scoring="topscore", policy_version="SBF 2007",
    )  # fmt: skip


@pytest.mark.parametrize("path", ["", "awards/", "handicap/"])
def test_other_tokens_are_refused(client, anna, path):
    _t, club_key = create_token(
        kind="club", name="Scorer", scopes=[HANDICAPS_READ], club=ClubFactory()
    )
    response = get(client, club_key, path)
    assert (response.status_code, response.json()["code"]) == (403, "scope_missing")
    assert client.get(f"{ME}{path}").json()["code"] == "token_missing"
    mine, key = create_token(kind="member", name="Mine", scopes=[ME_READ], member=anna)
    revoke_token(mine)
    response = get(client, key, path)
    assert (response.status_code, response.json()["code"]) == (401, "token_revoked")


def test_a_cursor_of_another_list_is_refused(client, anna):
    """The ranking's cursor has two fields, the ledger's three: refused, not guessed."""
    MemberFactory.create_batch(2)
    link = client.get("/api/v1/rankings/?limit=1").json()["next"]
    cursor = link.split("cursor=", 1)[1]
    response = get(client, token(anna), f"awards/?cursor={cursor}")
    assert (response.status_code, response.json()["code"]) == (400, "invalid_cursor")


def test_my_pages_query_counts_do_not_grow(client, anna, django_assert_max_num_queries):
    key = token(anna)
    for path, most in (("", 12), ("awards/", 4), ("handicap/", 4)):
        with django_assert_max_num_queries(most):
            assert get(client, key, path).status_code == 200


def test_an_ebu_members_figures_are_the_ebu_start_pages(client, settings):
    settings.KLOVER_FEDERATION = "ebu"
    member = MemberFactory()
    MasterPointHolding.objects.create(
        member=member, local=900, blue=Decimal("2.50"), green=Decimal(1), master_points=1250
    )
    body = get(client, token(member), HTTP_ACCEPT_LANGUAGE="en").json()
    with translation.override("en"):
        card = ebu_start_part(member)
    assert body["ledger"] == "ebu" and body["ranking"] is None
    assert body["points"] == {"local": "900.00", "blue": "2.50", "green": "1.00", "gold": "0.00"}
    assert Decimal(body["master_points"]) == card["master_points"]
    assert body["master_class"] == (card["rank_name"] or None)
    assert body["next_class"] == card["next_rank"]
