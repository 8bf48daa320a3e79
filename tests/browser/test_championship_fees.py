"""The fee pages of the district championships (issue #21 point 3, fees) as the office
sees them: a DM Lag's and a DM-par's fees and a club's statement, with its print layout,
at desktop and phone widths, in both languages, with no sideways scroll and a clean axe
check."""

import pytest
from test_every_page import _need_axe, _problems

from members.tests.factories import office_staff
from tournaments.championships.tests.test_fees_pages import dm_lag as dm_lag_fixture  # noqa: F401
from tournaments.championships.tests.test_fees_pages import dm_par as dm_par_fixture  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
dm_lag = dm_lag_fixture
dm_par = dm_par_fixture


@pytest.mark.parametrize("width", [1280, 390])
def test_the_fee_pages_fit_and_pass_axe(page, show, shoot, lang, log_in, dm_lag, dm_par, width):
    _need_axe()
    page.set_viewport_size({"width": width, "height": 900})
    log_in(office_staff().member)
    lag, par = dm_lag["dm"], dm_par["dm"]
    club_b = dm_lag["clubs"][1]
    pages = [
        ("fees-lag", f"/championships/{lag.pk}/fees/"),
        ("fees-par", f"/championships/{par.pk}/fees/"),
        ("fees-club", f"/championships/{lag.pk}/fees/club/{club_b.pk}/"),
        ("fees-club-print", f"/championships/{lag.pk}/fees/club/{club_b.pk}/?print=1"),
    ]
    problems = _problems(page, show, shoot, pages, width)
    assert problems == [], "\n".join(problems)
    show(f"/championships/{lag.pk}/fees/")
    south = page.locator(f"#fee-entry-{dm_lag['teams']['south'].pk}")
    assert south.locator(".fee-total").inner_text() == "750"
    word = "juniorrabatt" if lang == "sv" else "junior discount"
    assert word in south.inner_text()
