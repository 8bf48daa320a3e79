"""Headless Chromium (Debian's, not Playwright's download) driving pytest-django's live_server.

Without /usr/bin/chromium the browser tests skip, except on CI (CI=true), which
installs it: there a missing browser must fail rather than pass silently.
"""

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

# Playwright's sync API keeps an asyncio loop running in the test thread, and
# Django's ORM refuses to run inside one; the tests and factories are plain sync code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path(os.environ.get("KLOVER_CHROMIUM", "/usr/bin/chromium"))
# No network on the test machines: without these Chromium keeps dialling Google
# services and floods the log with refused connections.
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PASSWORD = "secret-pass-123"


def on_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def _unavailable(reason: str):
    if on_ci():
        pytest.fail(f"{reason} (CI installs it, so this is an error there)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    if not CHROMIUM.is_file():
        _unavailable(f"Chromium not found at {CHROMIUM}")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, live_server):
    """A fresh browser profile (no cookies) of a Swedish visitor."""
    context = browser.new_context(
        base_url=live_server.url,
        locale="sv-SE",
        viewport={"width": 1280, "height": 900},
    )
    context.set_default_timeout(10_000)
    tab = context.new_page()
    # Every page keeps to the Content-Security-Policy (config/settings.py): Chromium
    # reports what the policy refused as a console error.
    refused = []
    tab.on(
        "console",
        lambda message: (
            refused.append(message.text)
            if message.type == "error" and "Content Security Policy" in message.text
            else None
        ),
    )
    yield tab
    context.close()
    assert refused == [], f"the Content-Security-Policy refused: {refused}"


@pytest.fixture(params=["sv", "en"])
def lang(request):
    return request.param


@pytest.fixture
def show(page, lang, request):
    """Open a URL in the test's language, as a visitor would, and return the page.

    Swedish is what a new visitor gets; English is chosen with the header's
    "English" button (a POST to set_language that comes back to the same page).
    """

    def open_(url: str):
        response = page.goto(url)
        if lang == "en" and page.locator("html").get_attribute("lang") != "en":
            with page.expect_navigation():
                page.get_by_role("button", name="English", exact=True).click()
        assert page.locator("html").get_attribute("lang") == lang
        return response

    return open_


@pytest.fixture
def shoot(page, request):
    """Save a full-page screenshot into test-artifacts/ (named after the test)."""
    ARTIFACTS.mkdir(exist_ok=True)

    def take(label: str = "") -> Path:
        name = re.sub(r"[^\w.-]+", "_", request.node.name).strip("_")
        path = ARTIFACTS / f"{name}{'-' + label if label else ''}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@pytest.fixture
def log_in(page, show):
    """Log in through the login form, in the test's language (user name = MID)."""

    def do(member, password: str = PASSWORD):
        show("/accounts/login/")
        page.fill("#id_username", str(member.mid))
        page.fill("#id_password", password)
        with page.expect_navigation():
            page.locator("main form button[type=submit]").click()

    return do
