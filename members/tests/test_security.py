"""Accounts (issue 16; docs/security.md): password rules, failed-login throttling with
the office's unlock, session lifetimes, the officials' second factor, the policy's
headers."""

import json
import subprocess
import sys
import time
from io import StringIO
from pathlib import Path

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice

from conftest import production_environment
from members.demo import DEMO_PASSWORD
from members.security import LOGIN_AT, SEEN_AT

from .factories import ClubFactory, DistrictFactory, club_admin, district_official, office_staff

pytestmark = pytest.mark.django_db
REPO_ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "rätt-lösenord-2026"  # the factories' logins get it below
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def _user(make, *args):
    user = make(*args)
    user.set_password(PASSWORD)
    user.save()
    return user


def _login(client, username, password, ip="10.0.0.1"):
    return client.post(
        "/accounts/login/",
        {"username": username, "password": password},
        REMOTE_ADDR=ip,
        **EN,
    )


# --- passwords


@pytest.mark.parametrize("weak", ["bridge2025", "kort-ord", "123456789012", "password1234"])
def test_weak_passwords_are_refused(weak):
    with pytest.raises(ValidationError):
        validate_password(weak)


def test_the_demo_password_meets_the_rules():
    validate_password(DEMO_PASSWORD)
    validate_password(PASSWORD)


# --- throttling


def test_ten_wrong_passwords_lock_the_account_and_the_office_unlocks_it(client):
    user = _user(club_admin, ClubFactory())
    for _ in range(9):
        assert _login(client, user.username, "fel").status_code == 200
    locked = _login(client, user.username, "fel")
    assert locked.status_code == 429
    assert "Too many failed logins" in locked.content.decode()
    # the right password from another address: the account stays locked
    again = _login(client, user.username, PASSWORD, ip="10.0.0.2")
    assert again.status_code == 429
    assert "_auth_user_id" not in client.session
    # the office unlocks it (the admin's Access attempts, or axes_reset_username)
    call_command("axes_reset_username", user.username, stdout=StringIO())
    assert _login(client, user.username, PASSWORD, ip="10.0.0.2").status_code == 302
    assert int(client.session["_auth_user_id"]) == user.pk


def test_ten_wrong_passwords_from_one_address_lock_the_address(client):
    victim = _user(club_admin, ClubFactory())
    for n in range(10):
        _login(client, f"gissning{n}", "fel", ip="10.9.9.9")
    assert _login(client, victim.username, PASSWORD, ip="10.9.9.9").status_code == 429
    assert _login(client, victim.username, PASSWORD, ip="10.1.1.1").status_code == 302


def test_the_lock_out_page_is_in_swedish_too(client):
    for _ in range(10):
        response = client.post(
            "/accounts/login/",
            {"username": "vem", "password": "fel"},
            REMOTE_ADDR="10.0.0.3",
            HTTP_ACCEPT_LANGUAGE="sv",
        )
    assert response.status_code == 429
    assert "För många misslyckade inloggningar" in response.content.decode()


def test_behind_a_proxy_the_address_is_the_one_the_proxy_saw(settings, client):
    settings.KLOVER_PROXY_COUNT = 1
    for n in range(10):
        client.post(
            "/accounts/login/",
            {"username": f"x{n}", "password": "fel"},
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR="203.0.113.7",
        )
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {"203.0.113.7"}


# --- sessions


@pytest.mark.parametrize("clock", [SEEN_AT, LOGIN_AT])
def test_a_session_ends_when_idle_or_too_old(client, settings, clock):
    user = _user(club_admin, ClubFactory())
    assert _login(client, user.username, PASSWORD).status_code == 302
    assert client.get("/me/").status_code == 200
    session = client.session
    limit = settings.KLOVER_SESSION_IDLE if clock == SEEN_AT else settings.KLOVER_SESSION_LIFETIME
    session[clock] = int(time.time()) - limit - 1
    session.save()
    response = client.get("/me/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")
    assert "_auth_user_id" not in client.session


def test_the_session_cookie_lasts_no_longer_than_the_session(client, settings):
    user = _user(club_admin, ClubFactory())
    response = _login(client, user.username, PASSWORD)
    cookie = response.cookies["sessionid"]
    assert cookie["max-age"] == settings.KLOVER_SESSION_LIFETIME
    assert cookie["httponly"] and cookie["samesite"] == "Lax"


# --- the second factor


def _code(device: TOTPDevice) -> str:
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    return f"{totp.token():06d}"


@pytest.mark.two_factor
def test_an_official_sets_up_the_second_factor_at_the_first_login(client):
    user = _user(district_official, DistrictFactory())
    response = _login(client, user.username, PASSWORD)
    assert response.status_code == 302
    target = client.get("/sanctions/", **EN)
    assert target.status_code == 302
    assert target["Location"].startswith("/accounts/two-factor/setup/?next=")
    page = client.get(target["Location"], **EN)
    body = page.content.decode()
    assert 'id="two-factor-qr"' in body and 'id="two-factor-key"' in body
    device = TOTPDevice.objects.get(user=user, confirmed=False)
    wrong = client.post(
        target["Location"], {"code": "000000" if _code(device) != "000000" else "111111"}, **EN
    )
    assert "The code is not right" in wrong.content.decode()
    right = {"code": _code(device), "next": "/sanctions/"}
    waiting = client.post(target["Location"], right, **EN)  # too soon after a wrong code
    assert "wait a few seconds" in waiting.content.decode()
    device.refresh_from_db()
    device.throttle_reset()  # the seconds have passed
    done = client.post(target["Location"], right, **EN)
    assert done.status_code == 302 and done["Location"] == "/sanctions/"
    assert client.get("/sanctions/", **EN).status_code == 200
    device.refresh_from_db()
    assert device.confirmed


@pytest.mark.two_factor
def test_an_official_with_a_device_gives_its_code_after_the_password(client):
    user = _user(office_staff)
    user.is_staff = True  # the admin site's user
    user.save(update_fields=["is_staff"])
    device = TOTPDevice.objects.create(user=user, name="app", confirmed=True)
    _login(client, user.username, PASSWORD)
    target = client.get("/me/", **EN)
    assert target["Location"].startswith("/accounts/two-factor/?next=")
    # nothing else opens before the code: the admin site neither
    assert client.get("/office/admin/", **EN).status_code == 302
    out = StringIO()
    call_command("two_factor_code", user.username, stdout=out)
    assert out.getvalue().strip() == _code(device)
    done = client.post(target["Location"], {"code": out.getvalue().strip(), "next": "/me/"}, **EN)
    assert done["Location"] == "/me/"
    assert client.get("/office/admin/", **EN).status_code == 200


@pytest.mark.two_factor
def test_a_club_administrator_needs_no_second_factor(client):
    user = _user(club_admin, ClubFactory())
    _login(client, user.username, PASSWORD)
    assert client.get("/me/").status_code == 200


def test_the_demo_officials_have_their_second_factor_ready():
    from members.demo import build_demo_federation

    build_demo_federation(members=300, clubs=20, seed=3, season=2026)
    confirmed = set(
        TOTPDevice.objects.filter(confirmed=True).values_list("user__username", flat=True)
    )
    assert confirmed == {"kansli", "distrikt"}


# --- headers


def test_every_page_sends_the_content_security_policy(client):
    policy = client.get("/")["Content-Security-Policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy


PRODUCTION_PROBE = """
import json, django
django.setup()
from django.contrib.auth import get_user_model
from django.test import Client
from django.test.utils import setup_test_environment
from django.core.management import call_command
setup_test_environment()
call_command("migrate", verbosity=0)
get_user_model().objects.create_user("probe", password="ett-långt-lösenord-2026")
client = Client(HTTP_HOST="klover.example.se")
page = client.get("/tournaments/999999/status/", secure=True)  # no template, no static
login = client.post("/accounts/login/", {"username": "probe", "password": "ett-långt-lösenord-2026"}, secure=True)
cookie = login.cookies["sessionid"]
print(json.dumps({
    "headers": dict(page.headers),
    "cookie": {k: cookie[k] for k in ("secure", "httponly", "samesite", "max-age")},
    "insecure": client.get("/tournaments/999999/status/", secure=False).status_code,
}))
"""


def test_production_headers_cookies_and_session(tmp_path):
    env = production_environment(
        DATABASE_URL=f"sqlite:///{tmp_path / 'probe.sqlite3'}",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    result = subprocess.run(
        [sys.executable, "-c", PRODUCTION_PROBE],
        cwd=REPO_ROOT, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    probe = json.loads(result.stdout.strip().splitlines()[-1])
    headers = probe["headers"]
    assert headers["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["Cross-Origin-Opener-Policy"] == "same-origin"
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    assert probe["cookie"] == {
        "secure": True,
        "httponly": True,
        "samesite": "Lax",
        "max-age": 12 * 3600,
    }
    assert probe["insecure"] == 301  # plain HTTP goes to HTTPS


@pytest.mark.two_factor
def test_the_second_factor_costs_a_players_pages_no_query(client, settings):
    """The login records whether the second factor is needed; the pages do not ask."""
    user = _user(club_admin, ClubFactory())
    _login(client, user.username, PASSWORD)
    assert client.session["klover_needs_second_factor"] is False
    counts = []
    for on in (True, False):
        settings.KLOVER_TWO_FACTOR = on
        client.get("/me/")  # the idle clock's write, at most once a minute
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/me/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
