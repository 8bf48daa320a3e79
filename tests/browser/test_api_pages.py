"""The API's pages in Chromium (issue 23): the OpenAPI documentation renders under the
site's Content-Security-Policy (its script and styles served by drf-spectacular-sidecar
from our static files), and a club administrator makes a token, sees its key once and
revokes it, in Swedish and English, at desktop and phone widths."""

import pytest
from playwright.sync_api import expect

from members.models import ApiToken
from members.tests.factories import ClubFactory, club_admin

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_documentation_lists_every_operation(page, live_server, shoot):
    page.goto(f"{live_server.url}/api/v1/docs/")
    expect(page.locator(".swagger-ui .opblock").first).to_be_visible()
    assert page.locator(".swagger-ui .opblock").count() >= 15
    expect(page.locator(".swagger-ui")).to_contain_text("/api/v1/reports/")
    shoot()


@pytest.mark.parametrize("width", [1280, 390])
def test_a_club_administrator_makes_a_token_and_revokes_it(page, show, log_in, shoot, lang, width):
    club = ClubFactory(name="Bridgeklubben Spader och Klöver i Övre Norrland")
    admin = club_admin(club, mid=88001)
    page.set_viewport_size({"width": width, "height": 900})
    log_in(admin.member)
    show(f"/api-tokens/new/club/?club={club.pk}")
    page.fill("input[name=name]", "Resultatprogrammet")
    page.select_option("select[name=club]", str(club.pk))
    page.locator("input[name=scopes][value='results:write']").check()
    with page.expect_navigation():
        page.locator("main form button[type=submit]").click()
    token = ApiToken.objects.get(name="Resultatprogrammet")
    key = page.locator("#key").input_value()
    assert key.startswith(f"klv_{token.prefix}_")
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"{wide} px wide at {width}"
    shoot("created")
    show(f"/api-tokens/{token.pk}/")
    assert key not in page.content()  # shown once only
    with page.expect_navigation():
        page.locator("#token-revoke button").click()
    token.refresh_from_db()
    assert token.revoked_at is not None
    shoot("revoked")
