"""POST /api/v1/handicaps/field/: a field's handicaps and its average, the same numbers
as the starting corrections page (no date) and the handicap list of a handicap event
(a date: the day before); refused bodies answered in the API's error shape."""

import json
from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.utils import timezone

from awards.models import MasterPointAward
from handicap.domain import for_display
from handicap.models import HandicapChange, MemberHandicap
from handicap.policies import current_policy
from handicap.services import _before_the_day
from members.domain.api_access import HANDICAPS_READ, ME_READ, MEMBERS_READ
from members.tests.factories import ClubFactory, MemberFactory
from members.tokens import create_token
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
FIELD = "/api/v1/handicaps/field/"
DAY = date(2025, 3, 15)


@pytest.fixture
def key():
    cache.clear()
    token, key = create_token(
        kind="club", name="Scorer", scopes=[HANDICAPS_READ], club=ClubFactory()
    )
    return key


def post(client, key, body, **extra):
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(
        FIELD, data, content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {key}", **extra
    )


def _tournament(day: date) -> Tournament:
    return Tournament.objects.create(
        name=f"Kväll {day}", start_date=day, end_date=day, kind=Tournament.Kind.PAIRS,
        event_id=f"api-{Tournament.objects.count()}",
    )  # fmt: skip


def _played(member, day: date, new: str) -> None:
    HandicapChange.objects.create(
        member=member, tournament=_tournament(day), played_on=day, place="1", old=Decimal(30),
        owner=Decimal(30), field=Decimal(30), expected=Decimal(50), achieved=Decimal(55),
        change=Decimal("-1.000"), new=Decimal(new), boards=24, scoring="topscore",
        policy_version="SBF 2007",
    )  # fmt: skip


def _points(member, credited: str, day: date) -> None:
    MasterPointAward.objects.create(
        member=member, tournament=_tournament(day), colour="gold", exact=Decimal(credited),
        credited=Decimal(credited), table="A1", rule_version="test", awarded_on=day,
    )  # fmt: skip


@pytest.fixture
def field():
    """Six players: four with a handicap (two played, two a start never changed), one
    with none who holds master points, one with none and no points."""
    members = [MemberFactory(mid=7000 + n) for n in range(6)]
    for member, (now, start, updated) in zip(
        members,
        [("21.30", "40", DAY), ("33.75", "45", DAY), ("26.00", "26", None), ("52", "52", None)],
        strict=False,
    ):
        MemberHandicap.objects.create(
            member=member, handicap=Decimal(now), start=Decimal(start), updated_on=updated,
            policy_version="SBF 2007",
        )  # fmt: skip
    _played(members[0], DAY - timedelta(days=10), "24.10")
    _played(members[0], DAY, "21.30")  # on the day itself: not counted for DAY
    _played(members[1], DAY - timedelta(days=3), "33.75")
    _points(members[4], "150", DAY - timedelta(days=30))
    _points(members[4], "50", DAY + timedelta(days=1))  # after the day
    return members


def test_the_numbers_are_the_corrections_pages(client, key, field):
    """The same handicaps, marks and average as /handicap/corrections/ shows for the
    field entered as pairs."""
    mids = [m.mid for m in field]
    lines = "\n".join(f"{a} {b}" for a, b in zip(mids[::2], mids[1::2], strict=True))
    sheet = client.get("/handicap/corrections/", {"entries": lines}).context["sheet"]
    page = {p.member.mid: p for row in sheet["rows"] for p in row.players}
    body = post(client, key, {"mids": mids}).json()
    assert [p["mid"] for p in body["players"]] == mids
    for player in body["players"]:
        shown = page[player["mid"]]
        assert Decimal(player["handicap"]) == for_display(shown.handicap, 2)
        assert player["estimated"] is shown.estimated
    assert Decimal(body["average"]) == for_display(sheet["average"], 2)
    assert body["unknown"] == [] and body["date"] is None
    starts = {p["mid"]: p["start"] for p in body["players"]}
    assert starts == dict(zip(mids, [False, False, True, True, True, True], strict=True))


def test_on_a_date_the_handicaps_are_the_handicap_lists_of_the_day_before(client, key, field):
    mids = [m.mid for m in field]
    before = _before_the_day(DAY, [m.pk for m in field])
    body = post(client, key, {"mids": mids, "date": DAY.isoformat()}).json()
    got = {p["mid"]: Decimal(p["handicap"]) for p in body["players"]}
    assert got == {m.mid: for_display(before(str(m.pk)), 2) for m in field}
    # The row of the day itself does not count, the one before does; the start handicap
    # held stands where nothing was played; the points after the day do not count.
    assert got[7000] == Decimal("24.10") and got[7002] == Decimal("26.00")
    values = [before(str(m.pk)) for m in field]
    assert Decimal(body["average"]) == for_display(sum(values) / len(values), 2)
    assert body["date"] == DAY.isoformat()
    assert [p["start"] for p in body["players"]] == [False, False, True, True, True, True]


def test_unknown_mids_are_listed_not_refused(client, key, field):
    body = post(client, key, {"mids": [field[0].mid, 999999, field[2].mid]}).json()
    assert [p["mid"] for p in body["players"]] == [field[0].mid, field[2].mid]
    assert body["unknown"] == [999999]
    nobody = post(client, key, {"mids": [999998, 999999]}).json()
    assert nobody["players"] == [] and nobody["average"] is None


@pytest.mark.parametrize(
    ("body", "code", "field_name"),
    [
        ({"mids": [1, 2], "extra": 1}, "unknown_field", "extra"),
        ({"mids": "1,2"}, "not_a_list", "mids"),
        ({"mids": [1, "x"]}, "invalid", "mids.1"),
        ({"mids": [1, True]}, "invalid", "mids.1"),
        ({"mids": [1]}, "min_length", "mids"),
        ({"mids": list(range(1, 202))}, "max_length", "mids"),
        ({"mids": [5, 6, 5]}, "duplicate", "mids"),
        ({"mids": [1, 2], "date": "2025-02-30"}, "invalid", "date"),
        ({}, "required", "mids"),
        ([1, 2], "invalid", None),
    ],
)
def test_a_refused_body_says_which_field(client, key, body, code, field_name):
    response = post(client, key, body)
    assert response.status_code == 400, response.content
    found = response.json()
    assert (found["code"], found["field"]) == (code, field_name)
    assert found["message"]


def test_malformed_json_and_too_large_bodies(client, key, settings):
    response = post(client, key, '{"mids": [1, 2')
    assert (response.status_code, response.json()["code"]) == (400, "parse_error")
    settings.API_MAX_JSON_BYTES = 50
    response = post(client, key, {"mids": list(range(1, 40))})
    assert (response.status_code, response.json()["code"]) == (413, "body_too_large")


def test_scopes(client):
    cache.clear()
    member = MemberFactory()
    _t, member_key = create_token(kind="member", name="Mine", scopes=[ME_READ], member=member)
    _t, lookup_key = create_token(kind="program", name="Look-up", scopes=[MEMBERS_READ])
    for wrong in (member_key, lookup_key):
        response = post(client, wrong, {"mids": [1, 2]})
        assert (response.status_code, response.json()["code"]) == (403, "scope_missing")
    response = client.post(FIELD, {"mids": [1, 2]}, content_type="application/json")
    assert (response.status_code, response.json()["code"]) == (401, "token_missing")


def test_queries_do_not_grow_with_the_field(client, key, django_assert_max_num_queries):
    members = [MemberFactory(mid=8000 + n) for n in range(40)]
    for n, member in enumerate(members):
        MemberHandicap.objects.create(
            member=member, handicap=Decimal(20 + n % 20), start=Decimal(40),
            policy_version="SBF 2007",
        )  # fmt: skip
    mids = [m.mid for m in members]
    current_policy()  # the policy in force is read once and kept in the cache
    # The token, its last use, the members with their handicaps, and on a date the
    # history rows before it and the starts (held and estimated, 002 5.2).
    with django_assert_max_num_queries(3):
        assert post(client, key, {"mids": mids}).status_code == 200
    with django_assert_max_num_queries(6):
        response = post(client, key, {"mids": mids, "date": timezone.localdate().isoformat()})
    assert len(response.json()["players"]) == 40
