"""The handicap pages in Chromium, in Swedish and in English: a member's handicap, its
history and chart on the member page, and the handicap calculator.

Only words the catalogues already translate are pinned per language; the rest is
checked by element ids and numbers (which differ per language: 28,5 and 28.5)."""

import pytest
from playwright.sync_api import expect

from handicap.models import MemberHandicap
from handicap.tests.test_pages import history
from members.tests.factories import MemberFactory, member_with_login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "sv": {"handicap": "Handikapp", "compute": "Beräkna", "comma": ","},
    "en": {"handicap": "Handicap", "compute": "Compute", "comma": "."},
}


@pytest.fixture
def improving_member():
    member = MemberFactory(mid=75001, last_name="Förbättrad")
    return history(member, 6, start=30.0)  # 30.00 -> 28.50 over six Tuesdays


def test_member_page_shows_handicap_history_and_chart(page, show, shoot, lang, improving_member):
    words = WORDS[lang]
    c = words["comma"]
    show("/members/75001/")
    section = page.locator("#handicap")
    expect(section.locator("h2")).to_have_text(words["handicap"])
    expect(page.locator("#handicap-current")).to_have_text(f"28{c}5")
    rows = page.locator("#handicap-history tbody tr")
    expect(rows).to_have_count(6)
    newest = improving_member[-1]
    expect(rows.first).to_contain_text(newest.tournament.name)
    expect(rows.first).to_contain_text(f"48{c}40 %")
    expect(rows.first).to_contain_text(f"-0{c}25")
    expect(rows.first.locator("a")).to_have_attribute("href", newest.tournament.get_absolute_url())
    expect(rows.last).to_contain_text("3-4")

    chart = page.locator("svg#handicap-chart")
    expect(chart).to_be_visible()
    expect(chart.locator("title")).to_have_count(1)
    expect(chart).to_have_attribute("role", "img")
    line = chart.locator("polyline#handicap-line")
    expect(line).to_have_count(1)
    # One point a month: four Tuesdays of January, two of February.
    assert len(line.get_attribute("points").split()) == 2
    box = chart.bounding_box()
    assert box is not None and box["width"] > 300 and box["height"] > 100
    section.scroll_into_view_if_needed()
    shoot()


def test_member_without_a_handicap_says_so(page, show, lang):
    MemberFactory(mid=75002)
    show("/members/75002/")
    expect(page.locator("#handicap-none")).to_be_visible()
    expect(page.locator("#handicap svg")).to_have_count(0)


def test_calculator_from_the_navigation(page, show, shoot, lang):
    words = WORDS[lang]
    c = words["comma"]
    show("/")
    with page.expect_navigation():
        page.locator('header nav a[href="/handicap/calculator/"]').click()
    page.select_option("#id_scoring", "topscore")
    page.select_option("#id_kind", "pairs")
    page.fill("#id_boards", "24")
    page.fill("#id_owner", "26, 26")
    page.fill("#id_field", "16")
    page.fill("#id_result", "57.5")
    with page.expect_navigation():
        page.get_by_role("button", name=words["compute"]).click()
    expect(page.locator("#result-owner")).to_have_text(f"26{c}00")
    expect(page.locator("#result-expected")).to_have_text(f"46{c}00 %")
    expect(page.locator("#result-change")).to_have_text(f"-1{c}075")
    expect(page.locator("#result-new")).to_have_text(f"24{c}9, 24{c}9")
    shoot("result")

    page.fill("#id_boards", "0")
    with page.expect_navigation():
        page.get_by_role("button", name=words["compute"]).click()
    expect(page.locator("#calculator-problem")).to_be_visible()
    expect(page.locator("#error-boards")).to_be_visible()
    expect(page.locator("#calculator-result")).to_have_count(0)
    shoot("error")


def test_calculator_fills_in_the_logged_in_members_handicap(page, log_in, show, lang):
    member = member_with_login(mid=75003)
    MemberHandicap.objects.create(
        member=member, handicap="19.96", start="40", policy_version="SBF 2007"
    )
    log_in(member)
    show("/handicap/calculator/")
    expect(page.locator("#id_owner")).to_have_value("20.0")
    expect(page.locator("#calculator-own")).to_be_visible()


@pytest.mark.parametrize("width", [1366, 390])
def test_all_handicap_changes_page_fits_and_pages_on(page, show, shoot, lang, width):
    """The member page shows the latest ten and links to every change, 50 a page."""
    member = MemberFactory(mid=75003, last_name="Långkarriär")
    history(member, 60)
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 900})
    show("/members/75003/")
    expect(page.locator("#handicap-history tbody tr")).to_have_count(10)
    with page.expect_navigation():
        page.locator("#all-handicap-changes").click()
    expect(page.locator("#handicap-history-all tbody tr")).to_have_count(50)
    expect(page.locator("#handicap-csv")).to_be_visible()
    # The table scrolls in its own box; the page itself is no wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shoot(f"{width}")
    with page.expect_navigation():
        page.locator("ul.pagination a").last.click()
    expect(page.locator("#handicap-history-all tbody tr")).to_have_count(10)
