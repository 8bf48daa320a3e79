"""An EBU database's ledger pages in Chromium (issue #20 point 2): the member page, the
start card, the master points list, the list by rank, a month's promotions, the rank
certificate and the promotion-list choice, at a desktop and a phone width and in both
languages: no page scrolls sideways and axe-core finds nothing serious or critical
(the check of tests/browser/test_every_page.py); screenshots go to test-artifacts/.

The ledger is awards/tests/ebu/test_pages.py's personas (seed 001, 2.4-2.6)."""

import pytest
from playwright.sync_api import expect
from test_every_page import _need_axe, _problems

from awards.tests.ebu.test_pages import build_ledger

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = [1280, 390]
PUBLIC = [
    ("member", "/members/91001/"),
    ("member-green", "/members/91005/"),
    ("masterpoints-list", "/masterpoints/list/"),
    ("by-rank", "/masterpoints/ranking/"),
    ("promotions", "/masterpoints/promotions/2024/3/"),
    ("certificate", "/masterpoints/members/91001/promotions/400/"),
    ("all-awards", "/masterpoints/members/91005/awards/"),
]
OWN = [("start", "/me/"), ("details", "/members/91001/private/")]


@pytest.fixture
def ebu(settings):
    settings.KLOVER_FEDERATION = "ebu"
    return build_ledger()


@pytest.mark.parametrize("width", WIDTHS)
def test_the_public_ebu_pages_fit_and_pass_axe(page, show, shoot, lang, ebu, width):
    _need_axe()
    page.set_viewport_size({"width": width, "height": 900})
    problems = _problems(page, show, shoot, PUBLIC, width)
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_members_own_ebu_pages_fit_and_pass_axe(page, show, shoot, lang, log_in, ebu, width):
    _need_axe()
    page.set_viewport_size({"width": width, "height": 900})
    log_in(ebu["ann"])
    problems = _problems(page, show, shoot, OWN, width)
    assert problems == [], "\n".join(problems)


def test_the_member_page_says_the_rank_and_the_next(page, show, lang, ebu):
    show("/members/91001/")
    expect(page.locator("#rank-name")).to_have_text("District Master")
    expect(page.locator("#holding-local")).to_have_text({"sv": "1\u00a0060", "en": "1,060"}[lang])
    expect(page.locator("#promotions li")).to_have_count(2)
    with page.expect_navigation():
        page.locator("#promotions a").first.click()
    expect(page.locator("#certificate-class")).to_have_text("District Master")
    expect(page.locator("#federation-name")).to_have_text("English Bridge Union")


def test_leaving_the_promotion_lists_from_the_details_page(page, show, log_in, ebu):
    log_in(ebu["ann"])
    show("/members/91001/private/")
    box = page.locator("#id_in_promotion_lists")
    expect(box).to_be_checked()
    box.uncheck()
    with page.expect_navigation():
        page.locator("#promotion-lists-form button[type=submit]").click()
    expect(page.locator("#id_in_promotion_lists")).not_to_be_checked()
    show("/masterpoints/promotions/2024/3/")
    expect(page.locator("#promotion-list")).not_to_contain_text("Ann Ashby")
    expect(page.locator("#promotion-list")).to_contain_text("Bob Bell")
