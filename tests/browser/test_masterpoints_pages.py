"""The master points pages in Chromium, in Swedish and in English: a member's points and
the reason for each award, the ranking list, the master points list and the award
calculator."""

from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from awards.models import MasterPointAward, RankingScore
from awards.services import refresh_holdings, store_ranking_facts
from awards.tests.test_award_step import _report
from members.models import Member, Membership
from members.services import current_season
from members.tests.factories import ClubFactory, MemberFactory
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "sv": {
        "master points": "Mästarpoäng",
        "reason": "Tabell D, 12 par, plats 1",
        "ranking": "Ranking",
        "calculator": "Mästarpoängsräknare",
        "compute": "Beräkna",
        "name": "Namn",
        "two-star heart": "Tvåstjärnig hjärtermästare",
        "diamond": "Rutermästare",
    },
    "en": {
        "master points": "Master points",
        "reason": "Table D, 12 pairs, place 1",
        "ranking": "Ranking",
        "calculator": "Award calculator",
        "compute": "Compute",
        "name": "Name",
        "two-star heart": "Two-star Heart Master",
        "diamond": "Diamond Master",
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


def _fits(page, width: int) -> None:
    """No sideways scroll of the page, nor of the list inside its frame: the points
    column is on the screen."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate(
        "(w => w.scrollWidth <= w.clientWidth)(document.querySelector('.table-wrap'))"
    )
    points = page.locator("table.ranked-list tbody tr").first.locator("td.num")
    box = points.bounding_box()
    assert box is not None and box["x"] + box["width"] <= width


@pytest.fixture
def long_names():
    """The widest rows a list will show: long names, a long club name, a long class."""
    season = current_season()
    club = ClubFactory(number=4901, name="Bridgesällskapet Kungsholmen-Vasastaden")
    small = ClubFactory(number=4902, name="BK Ess")
    day = timezone.localdate()
    evening = Tournament.objects.create(name="Långa namn", start_date=day, end_date=day)
    rows = (
        # MID, names, club, ranking points, the points held (and the class they give)
        (73501, "Anna-Karin", "Johansson-Lindqvist", club, 30, "silver", 1500),  # 2-star Heart
        (73502, "Bo", "Öst", small, 20, "gold", 20),  # Diamond
        (73503, "Maximiliana", "Gyllenborg af Ekenstierna", club, 20, "gold", 2),  # Club
        (73504, "Dan", "Dahl", None, 10, "bronze", 50),  # no class
    )
    for mid, first, last, home, points, colour, held in rows:
        member = MemberFactory(mid=mid, first_name=first, last_name=last)
        if home is not None:
            Membership.objects.create(member=member, club=home, season=season, represents=True)
        RankingScore.objects.create(
            member=member, points=Decimal(points), computed_on=timezone.localdate()
        )
        MasterPointAward.objects.create(
            member=member, tournament=evening, colour=colour, exact=held, credited=held,
            table="A1", rule_version="test", awarded_on=day,
        )  # fmt: skip
    refresh_holdings(
        Member.objects.filter(mid__in=[r[0] for r in rows]).values_list("pk", flat=True)
    )
    store_ranking_facts()
    return club


@pytest.mark.parametrize("width", [1366, 390])
def test_ranking_list_shows_shared_places_and_fits_a_phone(
    page, show, shoot, lang, width, long_names
):
    """Equal totals share the place, "2–3" (docs/master-classes-and-ranking.md, 7); the
    name and the club are links; the list is no wider than the screen."""
    words = WORDS[lang]
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 900})
    show("/masterpoints/ranking/")
    rows = page.locator("#ranking-list tbody tr")
    expect(rows.locator("td:first-child")).to_have_text(["1", "2–3", "2–3", "4"])
    first = rows.first
    expect(first.get_by_role("link", name="Anna-Karin Johansson-Lindqvist")).to_have_attribute(
        "href", "/members/73501/"
    )
    expect(first.get_by_role("link", name=long_names.name)).to_have_attribute(
        "href", long_names.get_absolute_url()
    )
    expect(first).to_contain_text(words["two-star heart"])
    _fits(page, width)
    shoot()

    # Sorted by name: a click on the column's heading, and the places stay.
    with page.expect_navigation():
        page.locator("#ranking-list thead").get_by_role("link", name=words["name"]).click()
    expect(rows.locator("td.mid")).to_have_text(["73504", "73503", "73501", "73502"])
    expect(rows.locator("td:first-child")).to_have_text(["4", "2–3", "1", "2–3"])
    expect(page.locator("#ranking-list thead th[aria-sort=ascending]")).to_have_count(1)
    _fits(page, width)
    shoot("by-name")


@pytest.mark.parametrize("width", [1366, 390])
def test_a_club_is_picked_by_name_on_the_ranking(page, show, shoot, lang, width, long_names):
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 900})
    show("/masterpoints/ranking/")
    page.select_option("#id_club", label=long_names.name)
    with page.expect_navigation():
        page.locator("#ranking-filter button[type=submit]").click()
    assert "club=4901" in page.url
    rows = page.locator("#ranking-list tbody tr")
    expect(rows.locator("td.mid")).to_have_text(["73501", "73503"])
    expect(rows.locator("td:first-child")).to_have_text(["1", "2"])
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shoot()


@pytest.mark.parametrize("width", [1366, 390])
def test_master_points_list_from_the_ranking(page, show, shoot, lang, width, long_names):
    """Members by master points, every colour counted, linked from the ranking page."""
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 900})
    show("/masterpoints/ranking/")
    with page.expect_navigation():
        page.locator("#masterpoints-list-link").click()
    assert page.url.endswith("/masterpoints/list/")
    rows = page.locator("#masterpoints-list tbody tr")
    # 1,500 silver points are 150 master points; 50 bronze points half a one.
    expect(rows.locator("td.mid")).to_have_text(["73501", "73502", "73503", "73504"])
    expect(rows.locator("td.num")).to_have_text(["150", "20", "2", "0.5"])
    expect(rows.nth(1)).to_contain_text(WORDS[lang]["diamond"])
    _fits(page, width)
    shoot()
    page.select_option("#id_club", label="BK Ess")
    with page.expect_navigation():
        page.locator("#masterpoints-filter button[type=submit]").click()
    expect(rows.locator("td.mid")).to_have_text(["73502"])
    shoot("club")
