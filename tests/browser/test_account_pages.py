"""The login's second step and the lock-out page as an official sees them, at desktop
and phone widths, in Swedish and English (issue 16; docs/security.md)."""

import pytest
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice

from members.tests.factories import office_staff

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.two_factor]

TEXT = {
    "sv": {"setup": "Ställ in inloggningens andra steg", "confirm": "Bekräfta",
           "locked": "För många misslyckade inloggningar"},
    "en": {"setup": "Set up the second step of the login", "confirm": "Confirm",
           "locked": "Too many failed logins"},
}  # fmt: skip


def _code(device: TOTPDevice) -> str:
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
    return f"{totp.token():06d}"


@pytest.mark.parametrize("width", [1366, 390])
def test_an_official_sets_up_the_second_step(page, show, shoot, lang, log_in, width):
    t = TEXT[lang]
    page.set_viewport_size({"width": width, "height": 900})
    user = office_staff()
    log_in(user.member)
    show("/me/")
    assert page.get_by_role("heading", name=t["setup"]).is_visible()
    assert page.locator("#two-factor-qr").is_visible()
    # the QR code is drawn (a broken image has no natural width)
    assert page.eval_on_selector("#two-factor-qr", "img => img.naturalWidth") > 0
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shoot(f"setup-{width}")
    device = TOTPDevice.objects.get(user=user, confirmed=False)
    page.fill("#id_code", _code(device))
    with page.expect_navigation():
        page.get_by_role("button", name=t["confirm"]).click()
    assert page.url.endswith("/me/")
    shoot(f"done-{width}")


@pytest.mark.parametrize("width", [1366, 390])
def test_the_lock_out_page(page, show, shoot, lang, width):
    t = TEXT[lang]
    page.set_viewport_size({"width": width, "height": 900})
    for _ in range(10):
        show("/accounts/login/")
        page.fill("#id_username", "ingen")
        page.fill("#id_password", "fel-lösenord")
        with page.expect_navigation():
            page.locator("main form button[type=submit]").click()
    assert page.get_by_role("heading", name=t["locked"]).is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shoot(f"locked-{width}")
