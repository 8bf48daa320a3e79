"""The API's shared rules (docs/api.md): tokens, scopes, rate limits, the one error
shape, sizes, CORS off unless configured, the schema and its documentation."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from members.domain.api_access import (
    HANDICAPS_READ,
    ME_READ,
    MEMBERS_READ,
    RESULTS_WRITE,
    allowed_scopes,
    refused_scopes,
    retry_delays,
)
from members.models import ApiToken
from members.tests.factories import ClubFactory, MemberFactory
from members.tokens import TokenRefused, create_token, find_token, revoke_token

pytestmark = pytest.mark.django_db

LOOKUP = "/api/v1/members/"


@pytest.fixture(autouse=True)
def _clear_rates():
    cache.clear()
    yield
    cache.clear()


def club_token(**kwargs):
    return create_token(
        kind="club", name="Scorer", scopes=kwargs.pop("scopes", [MEMBERS_READ]),
        club=kwargs.pop("club", None) or ClubFactory(), **kwargs,
    )  # fmt: skip


def auth(key: str) -> dict:
    return {"HTTP_AUTHORIZATION": f"Bearer {key}"}


def assert_error(response, status: int, code: str) -> dict:
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"code", "message", "field", "location", "details"}
    assert body["code"] == code and body["message"]
    return body


def test_scopes_follow_the_token_kind():
    assert allowed_scopes("member") == (ME_READ,)
    assert RESULTS_WRITE in allowed_scopes("club") and ME_READ not in allowed_scopes("club")
    assert refused_scopes("member", [ME_READ, RESULTS_WRITE, "nonsense"]) == [
        RESULTS_WRITE,
        "nonsense",
    ]
    assert retry_delays() == (30, 60, 120, 240, 480)


def test_a_key_is_shown_once_and_only_its_hash_is_kept():
    token, key = club_token()
    assert key.startswith(f"klv_{token.prefix}_") and key not in token.secret_hash
    assert find_token(key) == (token, "")
    assert find_token(key + "x") == (None, "unknown")


def test_a_token_cannot_hold_another_kinds_scope_or_lack_its_owner():
    with pytest.raises(TokenRefused, match="may not hold me:read"):
        club_token(scopes=[ME_READ])
    with pytest.raises(TokenRefused, match="names its member"):
        create_token(kind="member", name="x", scopes=[ME_READ])
    with pytest.raises(TokenRefused, match="at least one scope"):
        club_token(scopes=[])


def test_without_a_token_the_error_says_how_to_send_one(client):
    body = assert_error(client.get(f"{LOOKUP}?mid=1"), 401, "token_missing")
    assert "Bearer" in body["message"]


@pytest.mark.parametrize("state", ["revoked", "expired", "unknown"])
def test_a_revoked_expired_or_unknown_token_is_refused(client, state):
    token, key = club_token()
    if state == "revoked":
        revoke_token(token)
    elif state == "expired":
        ApiToken.objects.filter(pk=token.pk).update(expires_at=timezone.now() - timedelta(1))
    else:
        key = key[:-4] + "abcd"
    assert_error(client.get(f"{LOOKUP}?mid=1", **auth(key)), 401, f"token_{state}")


def test_a_token_without_the_scope_is_forbidden(client):
    _token, key = club_token(scopes=[HANDICAPS_READ])
    body = assert_error(client.get(f"{LOOKUP}?mid=1", **auth(key)), 403, "scope_missing")
    assert MEMBERS_READ in body["message"]


def test_the_message_follows_the_request_language(client):
    body = assert_error(
        client.get(f"{LOOKUP}?mid=1", HTTP_ACCEPT_LANGUAGE="sv"), 401, "token_missing"
    )
    assert "token" in body["message"] and "This needs" not in body["message"]


def test_a_token_beyond_its_rate_gets_429_with_retry_after(client):
    _token, key = club_token(rate_per_minute=3)
    member = MemberFactory()
    for _ in range(3):
        assert client.get(f"{LOOKUP}?mid={member.mid}", **auth(key)).status_code == 200
    response = client.get(f"{LOOKUP}?mid={member.mid}", **auth(key))
    assert_error(response, 429, "rate_limited")
    assert 0 < int(response["Retry-After"]) <= 60


def test_an_unknown_address_under_the_api_is_a_json_404(client):
    assert_error(client.get("/api/v1/nothing-here/"), 404, "not_found")


def test_the_schema_and_its_documentation_are_served(client):
    schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json")
    assert schema.status_code == 200
    document = schema.json()
    assert document["openapi"].startswith("3.") and "/api/v1/members/" in document["paths"]
    docs = client.get("/api/v1/docs/")
    assert docs.status_code == 200 and b"swagger" in docs.content.lower()


def test_no_cors_headers_unless_an_origin_is_configured(client, settings):
    _token, key = club_token()
    asked = {"HTTP_ORIGIN": "https://club.example", **auth(key)}
    response = client.get(f"{LOOKUP}?mid=1", **asked)
    assert "Access-Control-Allow-Origin" not in response
    settings.CORS_ALLOWED_ORIGINS = ["https://club.example"]
    response = client.get(f"{LOOKUP}?mid=1", **asked)
    assert response["Access-Control-Allow-Origin"] == "https://club.example"
