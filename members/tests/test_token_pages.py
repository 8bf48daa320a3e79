"""The API tokens' pages (docs/api.md, "Tokens and scopes"): who may make which kind,
the key shown once, revoking, and the token's audit entries."""

import re

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from members.domain.api_access import ME_READ, MEMBERS_READ, RESULTS_WRITE, WEBHOOKS_WRITE
from members.models import ApiAuditEntry, ApiToken
from members.tests.factories import ClubFactory, club_admin, member_with_login, office_staff
from members.tokens import create_token, find_token

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
KEY = re.compile(r'value="(klv_[^"]+)"')


@pytest.fixture(autouse=True)
def _clear_rates():
    cache.clear()


def create(client, kind, **data):
    return client.post(reverse("members:token_create", args=[kind]), data, **EN)


def key_in(response) -> str:
    found = KEY.search(response.content.decode())
    assert found, response.content.decode()[:2000]
    return found.group(1)


def test_the_office_makes_a_program_token_and_sees_its_key_once(client):
    client.force_login(office_staff())
    clubs = [ClubFactory(), ClubFactory()]
    response = create(
        client, "program", name="BridgeScore", clubs=[c.pk for c in clubs],
        scopes=[RESULTS_WRITE, WEBHOOKS_WRITE], rate_per_minute=300,
    )  # fmt: skip
    assert response.status_code == 200
    assert "it will not be shown again" in response.content.decode()
    assert response["Cache-Control"] == "private, no-store"
    token, why = find_token(key_in(response))
    assert why == "" and token.kind == "program" and token.rate_per_minute == 300
    assert set(token.clubs.all()) == set(clubs)
    assert token.scopes == sorted([RESULTS_WRITE, WEBHOOKS_WRITE])
    # Neither the list nor the token's page shows the key again.
    key = key_in(response)
    for page in (reverse("members:tokens"), reverse("members:token", args=[token.pk])):
        shown = client.get(page, **EN)
        assert shown.status_code == 200 and key not in shown.content.decode()
        assert "BridgeScore" in shown.content.decode()


def test_the_office_makes_a_member_token_by_mid(client):
    client.force_login(office_staff())
    member = member_with_login()
    response = create(client, "member", name="Script", mid=member.mid, scopes=[ME_READ])
    assert find_token(key_in(response))[0].member == member
    missing = create(client, "member", name="Script", mid=999_999_98, scopes=[ME_READ])
    assert "No member has this MID." in missing.content.decode()


def test_a_club_administrator_makes_club_tokens_for_their_clubs_only(client):
    club, other = ClubFactory(), ClubFactory()
    client.force_login(club_admin(club))
    response = create(client, "club", name="Kansli", club=club.pk, scopes=[MEMBERS_READ])
    token = find_token(key_in(response))[0]
    assert token.club == club and token.rate_per_minute == 120  # the rate is the office's
    refused = create(client, "club", name="Kansli", club=other.pk, scopes=[MEMBERS_READ])
    assert refused.status_code == 200 and not ApiToken.objects.filter(club=other).exists()
    for kind in ("program", "member"):
        # A club administrator is also a member: the member token is theirs to make.
        expected = 200 if kind == "member" else 403
        assert client.get(reverse("members:token_create", args=[kind])).status_code == expected


def test_a_scope_beyond_the_kind_is_not_offered_nor_taken(client):
    club = ClubFactory()
    client.force_login(club_admin(club))
    page = client.get(reverse("members:token_create", args=["club"]), **EN).content.decode()
    assert f'value="{RESULTS_WRITE}"' in page and f'value="{ME_READ}"' not in page
    refused = create(client, "club", name="x", club=club.pk, scopes=[ME_READ])
    assert refused.status_code == 200 and not ApiToken.objects.exists()


def test_a_member_makes_and_revokes_their_own_token_and_the_api_refuses_it(client):
    member = member_with_login()
    client.force_login(member.user)
    assert client.get(reverse("members:token_create", args=["club"])).status_code == 403
    assert client.get(reverse("members:token_create", args=["program"])).status_code == 403
    response = create(client, "member", name="Mina poäng", scopes=[ME_READ])
    key = key_in(response)
    token = find_token(key)[0]
    assert token.member == member and token.scopes == [ME_READ]
    revoked = client.post(reverse("members:token_revoke", args=[token.pk]), **EN)
    assert revoked.status_code == 302
    token.refresh_from_db()
    assert token.revoked_at is not None
    answer = client.get("/api/v1/members/?mid=1", HTTP_AUTHORIZATION=f"Bearer {key}")
    assert answer.status_code == 401 and answer.json()["code"] == "token_revoked"


def test_nobody_sees_or_revokes_another_ones_token(client):
    club = ClubFactory()
    theirs, _ = create_token(kind="club", name="Theirs", scopes=[MEMBERS_READ], club=club)
    someone = member_with_login()
    other_admin = club_admin(ClubFactory())
    for user in (someone.user, other_admin):
        client.force_login(user)
        assert "Theirs" not in client.get(reverse("members:tokens")).content.decode()
        assert client.get(reverse("members:token", args=[theirs.pk])).status_code == 404
        assert client.post(reverse("members:token_revoke", args=[theirs.pk])).status_code == 404
    theirs.refresh_from_db()
    assert theirs.revoked_at is None
    client.force_login(club_admin(club))
    assert "Theirs" in client.get(reverse("members:tokens")).content.decode()


def test_a_login_without_a_member_or_role_may_not_open_the_pages(client):
    from members.tests.factories import UserFactory

    client.force_login(UserFactory())
    assert client.get(reverse("members:tokens")).status_code == 403


def test_an_expiry_date_in_the_past_is_refused_and_one_ahead_kept(client):
    member = member_with_login()
    client.force_login(member.user)
    past = create(client, "member", name="x", scopes=[ME_READ], expires="2000-01-01")
    assert "The date has passed." in past.content.decode() and not ApiToken.objects.exists()
    day = timezone.localdate()
    create(client, "member", name="x", scopes=[ME_READ], expires=day.isoformat())
    token = ApiToken.objects.get()
    assert timezone.localtime(token.expires_at).date() == day + timezone.timedelta(days=1)


def test_the_tokens_page_shows_the_audit_entries(client):
    club = ClubFactory()
    token, _ = create_token(kind="club", name="Kansli", scopes=[WEBHOOKS_WRITE], club=club)
    ApiAuditEntry.objects.create(
        token=token, at=timezone.now(), method="POST", path="/api/v1/webhooks/", status=201,
        action="webhook.register", object_id="7", detail="https://club.example/h",
    )  # fmt: skip
    client.force_login(club_admin(club))
    page = client.get(reverse("members:token", args=[token.pk]), **EN).content.decode()
    assert "webhook.register" in page and "https://club.example/h" in page


def test_the_start_page_links_the_tokens_page(client):
    client.force_login(office_staff())
    page = client.get(reverse("members:my_page"), **EN).content.decode()
    assert reverse("members:tokens") in page
