"""The portal's pages as a visitor sees them in Chromium, in Swedish and in English.

Every test runs twice (the ``lang`` fixture): as a new Swedish visitor, and after
clicking "English" in the header. Screenshots land in test-artifacts/.
"""

import re

import pytest
from playwright.sync_api import expect

from members.models import Member, Membership, Role
from members.tests.factories import (
    ClubFactory,
    DistrictFactory,
    MemberFactory,
    MembershipFactory,
    give_role,
    member_with_login,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEXT = {
    "sv": {
        "search member": "Sök medlem",
        "search": "Sök",
        "member nav": "Medlem",
        "two matches": "2 träffar – välj en:",
        "no member": "Ingen medlem hittades.",
        "clubs": "Klubbar",
        "club number": "Klubbnummer",
        "csv": "Ladda ner som CSV",
        "last name": "Efternamn",
        "represents": "(representerar)",
        "master points": "Mästarpoäng",
        "handicap": "Handikapp",
        "not found": "Sidan finns inte",
        "search again": "Sök igen",
        "my page": "Min sida",
        "log out": "Logga ut",
        "import title": "Importera medlemmar från CSV",
        "error columns": ["Rad", "Fält", "Fel"],
        "saved": "Sparat.",
        "missing": "saknas",
    },
    "en": {
        "search member": "Search member",
        "search": "Search",
        "member nav": "Member",
        "two matches": "2 matches – choose one:",
        "no member": "No member found.",
        "clubs": "Clubs",
        "club number": "Club number",
        "csv": "Download as CSV",
        "last name": "Last name",
        "represents": "(represents)",
        "master points": "Master points",
        "handicap": "Handicap",
        "not found": "Page not found",
        "search again": "Search again",
        "my page": "My page",
        "log out": "Log out",
        "import title": "Import members from CSV",
        "error columns": ["Line", "Field", "Problem"],
        "saved": "Saved.",
        "missing": "missing",
    },
}


def expect_site_layout(page):
    """The page is inside the portal's frame, and the stylesheet was applied."""
    expect(page.locator("header.topbar")).to_be_visible()
    expect(page.locator("a.brand")).to_have_text("♣ Klöver")
    expect(page.locator("footer")).to_be_visible()
    topbar_colour = page.locator("header.topbar").evaluate(
        "e => getComputedStyle(e).backgroundColor"
    )
    assert topbar_colour == "rgb(27, 94, 32)", "klover.css was not applied"


def submit(page, form="main form"):
    with page.expect_navigation():
        page.locator(f"{form} button[type=submit]").click()


def column(page, table_id: str, index: int) -> list[str]:
    return page.locator(f"#{table_id} tbody tr td:nth-child({index})").all_inner_texts()


def test_search_member_by_name_fragment_by_mid_and_without_match(page, show, shoot, lang):
    t = TEXT[lang]
    tommy = MemberFactory(first_name="Tommy", last_name="Gullberg")
    anna = MemberFactory(first_name="Anna", last_name="Gullbergsson")
    MemberFactory(first_name="Per", last_name="Andersson")

    show("/")
    expect_site_layout(page)
    expect(page.locator("h1")).to_have_text(t["search member"])
    page.fill("#q", "gullb")
    submit(page, "form[role=search]")
    choices = page.locator("#choices tbody td:first-child a")
    expect(choices).to_have_text(
        [f"Tommy Gullberg ({tommy.mid})", f"Anna Gullbergsson ({anna.mid})"]
    )
    expect(page.locator("main")).to_contain_text(t["two matches"])
    shoot("choices")

    page.fill("#q", str(tommy.mid))
    submit(page, "form[role=search]")
    expect(page).to_have_url(re.compile(rf"/members/{tommy.mid}/$"))
    expect(page.locator("h1")).to_have_text("Tommy Gullberg")
    shoot("by-mid")

    page.get_by_role("link", name=t["member nav"], exact=True).click()
    page.fill("#q", "Zyxwvu")
    submit(page, "form[role=search]")
    expect(page.locator(".no-match")).to_have_text(t["no member"])
    expect(page.locator("#choices")).to_have_count(0)
    shoot("no-match")


@pytest.mark.parametrize("width", [1366, 390])
def test_search_pages_through_matches_with_their_clubs(page, show, shoot, lang, width):
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 900})
    club = ClubFactory(name="Bridgeklubben Hjärter Dam i Norra Vrinnevi", town="Norrköping")
    for i in range(55):
        member = MemberFactory(first_name=f"Birgitta{i:02}", last_name="Björk-Vallentinsdotter")
        MembershipFactory(member=member, club=club)

    show("/?q=bj%C3%B6rk")
    expect(page.locator("#count")).to_contain_text("55")
    expect(page.locator("#choices tbody tr")).to_have_count(50)
    expect(page.locator("#choices tbody tr").first).to_contain_text(club.name)
    expect(page.locator("#choices tbody tr").first).to_contain_text("Norrköping")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate(
        "(w => w.scrollWidth <= w.clientWidth)(document.querySelector('.table-wrap'))"
    )
    shoot(f"page-1-{width}")
    with page.expect_navigation():
        page.locator("#pager a[rel=next]").click()
    expect(page.locator("#choices tbody tr")).to_have_count(5)
    assert page.locator("html").get_attribute("lang") == lang
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shoot(f"page-2-{width}")


def test_district_page_lists_its_clubs(page, show, shoot, lang, live_server):
    t = TEXT[lang]
    district = DistrictFactory(name="Skånes Bridgeförbund", number=12)
    lund = ClubFactory(name="BK Lund", number=2001, district=district, members_count=40)
    ClubFactory(name="BS Malmö", number=2002, district=district, town="Malmö")
    ClubFactory(name="BK Elsewhere", number=2003)

    show(district.get_absolute_url())
    expect_site_layout(page)
    expect(page.locator("h1")).to_have_text("Skånes Bridgeförbund")
    expect(page.locator("main h2")).to_have_text(t["clubs"])
    expect(page.locator("#district-clubs thead")).to_contain_text(t["club number"])
    assert sorted(column(page, "district-clubs", 2)) == ["BK Lund", "BS Malmö"]
    shoot()

    with page.expect_navigation():
        page.get_by_role("link", name="BK Lund").click()
    expect(page).to_have_url(f"{live_server.url}{lund.get_absolute_url()}")


def test_club_page_sorts_members_by_column_and_offers_csv(page, show, shoot, lang, live_server):
    t = TEXT[lang]
    club = ClubFactory(name="BK Lund")
    # MID order is the reverse of the default (name) order, so a sort is visible.
    for mid, last_name in [(60001, "Öberg"), (60002, "Nilsson"), (60003, "Andersson")]:
        MembershipFactory(club=club, member=MemberFactory(mid=mid, last_name=last_name))

    show(club.get_absolute_url())
    expect_site_layout(page)
    expect(page.locator("h1")).to_have_text("BK Lund")
    expect(page.locator("#club-members thead")).to_contain_text(t["last name"])
    assert column(page, "club-members", 2) == ["Andersson", "Nilsson", "Öberg"]
    shoot("by-name")

    mid_header = page.locator("#club-members thead th a", has_text=re.compile(r"^MID$"))
    with page.expect_navigation():
        mid_header.click()
    assert column(page, "club-members", 1) == ["60001", "60002", "60003"]
    with page.expect_navigation():
        mid_header.click()
    assert column(page, "club-members", 1) == ["60003", "60002", "60001"]
    assert page.locator("html").get_attribute("lang") == lang  # sorting kept the language
    shoot("by-mid-descending")

    csv_link = page.get_by_role("link", name=t["csv"])
    expect(csv_link).to_have_attribute("href", "?_export=csv")
    download = page.request.get(f"{live_server.url}{club.get_absolute_url()}?_export=csv")
    assert download.headers["content-type"].startswith("text/csv")
    assert {"60001", "60002", "60003"} <= set(download.text().replace(",", "\n").split())


def test_member_page_shows_public_facts_but_no_private_details(page, show, shoot, lang):
    t = TEXT[lang]
    member = MemberFactory(
        first_name="Tommy",
        last_name="Gullberg",
        email="hemlig@example.se",
        phone="070-111 22 33",
        street_address="Lönngatan 3",
        postcode="123 45",
    )
    MembershipFactory(member=member, club=ClubFactory(name="BK Lund"), represents=True)

    show(member.get_absolute_url())
    expect_site_layout(page)
    expect(page.locator("h1")).to_have_text("Tommy Gullberg")
    facts = page.locator("dl.facts")
    expect(facts).to_contain_text(str(member.mid))
    expect(facts).to_contain_text(f"BK Lund {t['represents']}")
    expect(page.locator("#masterpoints h2")).to_have_text(t["master points"])
    expect(page.locator("#handicap h2")).to_have_text(t["handicap"])
    text = page.locator("body").inner_text()
    for private in [
        "hemlig@example.se",
        "070-111",
        "Lönngatan",
        "123 45",
        str(member.birth_date.year),
    ]:
        assert private not in text, private
    shoot()


def test_unknown_address_shows_the_404_page_in_the_site_layout(
    page, show, shoot, lang, live_server
):
    t = TEXT[lang]
    response = show("/members/999999/")
    assert response.status == 404
    expect_site_layout(page)
    expect(page.locator("h1")).to_have_text(t["not found"])
    shoot()
    with page.expect_navigation():
        page.get_by_role("link", name=t["search again"]).click()
    expect(page).to_have_url(f"{live_server.url}/")


def test_login_form_leads_to_my_page_with_own_email(page, log_in, shoot, lang):
    t = TEXT[lang]
    member = member_with_login(first_name="Tommy", last_name="Gullberg", email="tommy@example.se")

    log_in(member, password="wrong-password")
    expect(page.locator("main .errorlist")).to_be_visible()
    shoot("wrong-password")

    log_in(member)
    # The start page: the member's name, figures, then the details (issue 18).
    expect(page.locator("h1")).to_have_text("Tommy Gullberg")
    expect(page.locator("#private")).to_contain_text("tommy@example.se")
    expect(page.locator("main .lead")).to_contain_text(str(member.mid))
    account = page.locator("header .account")
    expect(account.get_by_role("link", name=t["my page"])).to_be_visible()
    expect(account.get_by_role("button", name=t["log out"])).to_be_visible()
    expect_site_layout(page)
    shoot()


BAD_CSV = (
    "mid,first_name,last_name,club_number,birth_date\n"
    "70001,Anna,Svensson,4711,1990-01-01\n"
    "70002,Bo,,4711,2099-01-01\n"
    "abc,Cecilia,Ek,4711,\n"
)


def test_office_import_page_shows_each_bad_line_and_saves_nothing(page, log_in, show, shoot, lang):
    t = TEXT[lang]
    ClubFactory(number=4711)
    office = member_with_login()
    give_role(office, Role.Kind.OFFICE_STAFF)
    members_before = Member.objects.count()

    log_in(office)
    show("/office/members/import/")
    expect_site_layout(page)
    expect(page.locator("h1")).to_have_text(t["import title"])
    page.set_input_files(
        "#id_file", files=[{"name": "bad.csv", "mimeType": "text/csv", "buffer": BAD_CSV.encode()}]
    )
    submit(page)
    errors = page.locator("#import-errors")
    expect(errors).to_be_visible()
    expect(errors.locator("thead th")).to_have_text(t["error columns"])
    rows = [
        tuple(row.locator("td").all_inner_texts()[:2]) for row in errors.locator("tbody tr").all()
    ]
    assert rows == [("3", "birth_date"), ("3", "last_name"), ("4", "mid")]
    problems = errors.locator("tbody tr td:nth-child(3)").all_inner_texts()
    assert problems[1] == t["missing"]  # the row errors are translated too
    shoot("errors")
    assert Member.objects.count() == members_before
    assert not Membership.objects.filter(member__mid__in=[70001, 70002]).exists()

    # The same form takes a good file, so the refusal above was about the rows.
    good = "\n".join(BAD_CSV.splitlines()[:2]).encode()
    page.set_input_files(
        "#id_file", files=[{"name": "good.csv", "mimeType": "text/csv", "buffer": good}]
    )
    submit(page)
    expect(page.locator("#import-summary p")).to_have_text(t["saved"])
    assert page.locator("#import-summary dd").all_inner_texts() == ["1", "0", "1"]
    shoot("saved")
    assert Member.objects.filter(mid=70001).exists()
