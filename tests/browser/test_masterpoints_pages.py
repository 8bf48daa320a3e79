"""The master points pages in Chromium, in Swedish and in English: a member's points and
the reason for each award, the ranking list and the award calculator."""

from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from awards.models import MasterPointAward, RankingScore
from awards.services import store_ranking_facts
from awards.tests.test_award_step import _report
from members.tests.factories import MemberFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "sv": {
        "master points": "Mästarpoäng",
        "reason": "Tabell D, 12 par, plats 1",
        "ranking": "Ranking",
        "calculator": "Mästarpoängsräknare",
        "compute": "Beräkna",
    },
    "en": {
        "master points": "Master points",
        "reason": "Table D, 12 pairs, place 1",
        "ranking": "Ranking",
        "calculator": "Award calculator",
        "compute": "Compute",
    },
}


@pytest.fixture
def silver_event():
    field = [MemberFactory(mid=73001 + n, last_name=f"Spelare{n:02d}") for n in range(24)]
    return _report(field, level="silver", boards=42)


def test_member_page_explains_each_award(page, show, shoot, lang, silver_event):
    words = WORDS[lang]
    award = MasterPointAward.objects.get(member__mid=73001, colour="silver")
    show("/members/73001/")
    expect(page.locator("#masterpoints h2")).to_have_text(words["master points"])
    expect(page.locator("#holding-silver")).to_have_text(f"{award.credited.normalize():f} sp")
    expect(page.locator("#award-list tbody tr").first).to_contain_text(words["reason"])
    expect(page.locator("#award-list a").first).to_have_attribute(
        "href", silver_event.get_absolute_url()
    )
    expect(page.locator("#ranking-counting tbody tr")).to_have_count(1)
    shoot()


def test_ranking_list_and_calculator_from_the_navigation(page, show, shoot, lang, silver_event):
    words = WORDS[lang]
    show("/")
    with page.expect_navigation():
        page.get_by_role("link", name=words["ranking"], exact=True).click()
    first_row = page.locator("#ranking-list tbody tr").first
    expect(first_row).to_contain_text("73001")
    shoot("ranking")

    with page.expect_navigation():
        page.get_by_role("link", name=words["calculator"], exact=True).click()
    page.select_option("#id_table", "D")
    page.fill("#id_entries", "46")
    with page.expect_navigation():
        page.get_by_role("button", name=words["compute"]).click()
    rows = page.locator("#calculator-result tbody tr")
    expect(rows).to_have_count(16)
    expect(rows.first).to_contain_text("46 sp")
    expect(rows.nth(12)).to_contain_text("10 bp")
    shoot("calculator")


@pytest.mark.parametrize("width", [1366, 390])
def test_ranking_list_shows_shared_places_and_fits_a_phone(page, show, shoot, lang, width):
    """Equal totals share the place, "2–3" (docs/master-classes-and-ranking.md, 7), and
    the list is no wider than the screen."""
    for mid, points in ((73501, 30), (73502, 20), (73503, 20), (73504, 10)):
        member = MemberFactory(mid=mid)
        RankingScore.objects.create(
            member=member, points=Decimal(points), computed_on=timezone.localdate()
        )
    store_ranking_facts()
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 900})
    show("/masterpoints/ranking/")
    places = page.locator("#ranking-list tbody tr td:first-child")
    expect(places).to_have_text(["1", "2–3", "2–3", "4"])
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # The points column is on the screen, not behind a sideways scroll of the table.
    assert page.evaluate(
        "(w => w.scrollWidth <= w.clientWidth)(document.querySelector('.table-wrap'))"
    )
    shoot(f"{width}")
