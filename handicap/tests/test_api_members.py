"""GET /api/v1/members/: public data only, by MID or name fragment (docs/api.md)."""

from decimal import Decimal

import pytest
from django.core.cache import cache

from awards.models import MasterPointHolding
from handicap.models import MemberHandicap
from members.domain.api_access import MEMBERS_READ
from members.models import Member
from members.tests.factories import ClubFactory, MemberFactory, MembershipFactory
from members.tokens import create_token

pytestmark = pytest.mark.django_db


@pytest.fixture
def key():
    cache.clear()
    return create_token(kind="program", name="Scorer", scopes=[MEMBERS_READ])[1]


def get(client, key, query):
    return client.get(f"/api/v1/members/?{query}", HTTP_AUTHORIZATION=f"Bearer {key}")


def test_a_member_by_mid_shows_public_data_and_never_contact_details(client, key):
    club = ClubFactory(name="Lunds BK")
    member = MemberFactory(
        mid=4711, first_name="Åsa", last_name="Öberg", email="asa@example.se", phone="0701"
    )
    MembershipFactory(member=member, club=club, represents=True)
    MasterPointHolding.objects.create(member=member, master_class="klover")
    MemberHandicap.objects.create(
        member=member, handicap=Decimal("23.40"), start=Decimal(52), policy_version="SBF 2007"
    )
    body = get(client, key, "mid=4711").json()
    assert body["results"] == [
        {
            "mid": 4711, "first_name": "Åsa", "last_name": "Öberg", "club": "Lunds BK",
            "club_id": club.pk, "master_class": "klover", "handicap": "23.40",
            "may_earn_points": True,
        }
    ]  # fmt: skip
    text = get(client, key, "mid=4711").content.decode()
    assert "asa@example.se" not in text and "0701" not in text and "birth" not in text


def test_several_mids_and_a_name_fragment(client, key):
    for n, name in enumerate(["Svensson", "Svenningsen", "Karlsson"]):
        MemberFactory(mid=100 + n, last_name=name)
    assert {r["mid"] for r in get(client, key, "mid=100&mid=102").json()["results"]} == {100, 102}
    assert {r["mid"] for r in get(client, key, "q=sven").json()["results"]} == {100, 101}


def test_a_suspended_member_may_not_earn_points(client, key):
    MemberFactory(mid=55, status=Member.Status.SUSPENDED)
    assert get(client, key, "mid=55").json()["results"][0]["may_earn_points"] is False


@pytest.mark.parametrize(
    ("query", "code", "field"),
    [("", "missing_query", "q"), ("q=ab", "too_short", "q"), ("mid=x", "invalid", "mid")],
)
def test_a_bad_query_says_which_field(client, key, query, code, field):
    response = get(client, key, query)
    assert response.status_code == 400
    assert (response.json()["code"], response.json()["field"]) == (code, field)


def test_pages_by_cursor(client, key):
    for n in range(5):
        MemberFactory(mid=300 + n, last_name=f"Nilsson{n}")
    first = get(client, key, "q=nilsson&limit=2").json()
    assert len(first["results"]) == 2 and first["next"]
    second = client.get(first["next"], HTTP_AUTHORIZATION=f"Bearer {key}").json()
    assert {r["mid"] for r in second["results"]}.isdisjoint(r["mid"] for r in first["results"])
