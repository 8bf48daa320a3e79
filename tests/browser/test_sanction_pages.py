"""The sanction pages in Chromium, in Swedish and in English: a club's admin fills
the application and watches the live pre-checks, submits it; the district approves;
the public calendar lists the event and the decision prints.

New strings are not translated yet, so elements are found by ids and data
attributes, not by their words."""

import pytest
from playwright.sync_api import expect

from members.tests.factories import ClubFactory, DistrictFactory
from tournaments.sanctions.models import Sanction
from tournaments.sanctions.tests.factories import club_admin, district_official, next_season_day

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def people():
    district = DistrictFactory(name="Skånes BF")
    club = ClubFactory(district=district, members_count=150, name="BK Lund")
    return {
        "club": club,
        "admin": club_admin(club, mid=76001),
        "official": district_official(district, mid=76002),
    }


def test_apply_approve_calendar_and_decision(page, show, shoot, log_in, lang, people):
    day = next_season_day().isoformat()
    log_in(people["admin"].member)
    show("/sanctions/")
    with page.expect_navigation():
        page.locator(f"#club-{people['club'].pk} a.new-application").click()
    expect(page.locator("#club-name")).to_have_text("BK Lund")
    expect(page.locator("#id_district option:checked")).to_have_text("Skånes BF")
    page.select_option("#id_form_of_play", "pairs")
    page.fill("#id_name", "Lundasilvret")
    page.fill("#id_start_date", day)
    page.fill("#id_end_date", day)
    page.fill("#id_entries", "24")
    page.fill("#id_boards", "48")
    page.fill("#id_expected_players", "48")
    page.fill("#id_expected_players_other_clubs", "20")
    page.fill("#id_contact_name", "Karin Kontakt")
    page.fill("#id_contact_email", "karin@example.se")
    entries = page.locator('#pre-checks li[data-rule="silver.entries"]')
    expect(entries).to_have_attribute("data-status", "passed")
    expect(page.locator("#gold-only")).to_be_hidden()

    page.fill("#id_entries", "12")
    expect(entries).to_have_attribute("data-status", "refusal")
    message = "16" if lang == "en" else "16 par"
    expect(entries.locator(".message")).to_contain_text(message)
    expect(entries.locator(".seed-ref")).to_contain_text(
        "SBF Mästarpoäng 2014-2015, chapter 5"
        if lang == "en"
        else "SBF Mästarpoäng 2014-2015, kap. 5"
    )
    shoot("refused")

    page.fill("#id_entries", "24")
    expect(entries).to_have_attribute("data-status", "passed")
    with page.expect_navigation():
        page.locator("#submit-application").click()
    expect(page.locator("#state")).to_have_attribute("data-state", "submitted")
    sanction = Sanction.objects.get()
    assert sanction.state == Sanction.State.SUBMITTED

    page.context.clear_cookies()
    log_in(people["official"].member)
    show(sanction.get_absolute_url())
    expect(page.locator("#step-reject textarea")).to_have_attribute("required", "")
    page.fill("#reason-approve", "Välkommen")
    with page.expect_navigation():
        page.locator("#step-approve button").click()
    expect(page.locator("#state")).to_have_attribute("data-state", "approved")
    expect(page.locator("#trail-table tr[data-kind=approved]")).to_contain_text("Välkommen")
    shoot("approved")

    with page.expect_navigation():
        page.locator("#decision-link").click()
    expect(page.locator("#reference")).to_have_text(sanction.reference)
    expect(page.locator("#reason")).to_have_text("Välkommen")
    # The rules by the rulebook's name and chapter, not the seed file's (issue 18).
    expect(page.locator("#seed-refs li").first).to_contain_text("SBF Mästarpoäng 2014-2015")
    expect(page.locator("#seed-refs")).not_to_contain_text("000 ")
    shoot("decision")

    page.context.clear_cookies()
    show("/")
    with page.expect_navigation():
        page.locator("#nav-calendar").click()
    rows = page.locator("#calendar tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Lundasilvret")
    expect(rows.first).to_contain_text("BK Lund")
    expect(rows.first).to_contain_text(day)


def test_gold_shows_the_gold_form_fields(page, show, log_in, lang, people):
    log_in(people["admin"].member)
    show("/sanctions/new/")
    expect(page.locator("#gold-only")).to_be_hidden()
    expect(page.locator("#field-venue .gold-required-note")).to_be_hidden()
    page.select_option("#id_level", "gold")
    page.select_option("#id_form_of_play", "pairs")
    expect(page.locator("#gold-only")).to_be_visible()
    expect(page.locator("#field-venue .gold-required-note")).to_be_visible()
    expect(page.locator('#pre-checks li[data-rule="gold.entries"]')).to_have_count(0)
    page.fill("#id_entries", "12")
    page.fill("#id_boards", "54")
    page.fill("#id_start_date", next_season_day().isoformat())
    expect(page.locator('#pre-checks li[data-rule="gold.entries"]')).to_have_attribute(
        "data-status", "refusal"
    )


# --- issue #22: a district's own gold application; a limited silver field ----------------


def _fits(page, width: int) -> list[str]:
    from test_every_page import OVERFLOWING, _axe_findings

    problems = []
    wide = page.evaluate("document.documentElement.scrollWidth")
    if wide > width:
        problems.append(f"{wide} px wide at {width}: {page.evaluate(OVERFLOWING, width)}")
    return problems + _axe_findings(page)


@pytest.mark.parametrize("width", [1280, 390])
def test_a_district_applies_for_gold_itself(page, show, shoot, log_in, lang, people, width):
    """000 ch. 4 lines 251-253: the district official applies; the application goes
    straight to the office."""
    from test_every_page import _need_axe

    _need_axe()
    page.set_viewport_size({"width": width, "height": 900})
    day = next_season_day().isoformat()
    district = people["club"].district
    log_in(people["official"].member)
    show("/sanctions/")
    with page.expect_navigation():
        page.locator(f"#district-{district.pk} a.new-district-application").click()
    expect(page.locator("#applicant-district")).to_have_text("Skånes BF")
    expect(page.locator("#id_level option")).to_have_count(1)
    expect(page.locator("#gold-only")).to_be_visible()
    page.select_option("#id_form_of_play", "pairs")
    page.fill("#id_name", "Skånes guldpar")
    page.fill("#id_start_date", day)
    page.fill("#id_end_date", day)
    page.fill("#id_entries", "20")
    page.fill("#id_boards", "57")
    entries = page.locator('#pre-checks li[data-rule="gold.entries"]')
    expect(entries).to_have_attribute("data-status", "refusal")
    page.fill("#id_entries", "32")
    expect(entries).to_have_attribute("data-status", "passed")
    for field, value in (
        ("contact_name", "Dora Distrikt"),
        ("contact_email", "dora@example.se"),
        ("address", "Distriktsvägen 2"),
        ("phone", "040-111111"),
        ("postcode", "211 00"),
        ("town", "Malmö"),
        ("director", "Tore TL"),
        ("venue", "Bridgens hus"),
        ("submitted_by_name", "Dora Distrikt"),
        ("submitted_by_phone", "040-111111"),
    ):
        page.fill(f"#id_{field}", value)
    problems = _fits(page, width)
    shoot("district-form")
    with page.expect_navigation():
        page.locator("#submit-application").click()
    expect(page.locator("#state")).to_have_attribute("data-state", "endorsed")
    expect(page.locator("#applicant")).to_contain_text("Skånes BF")
    problems += _fits(page, width)
    shoot("district-submitted")
    assert Sanction.objects.get().club is None
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("width", [1280, 390])
def test_a_limited_silver_field_states_the_minority_priority(
    page, show, shoot, log_in, lang, people, width
):
    """000 ch. 5 lines 315-319: a field limit needs an entry deadline; the check then
    states that minority clubs' pairs entering in time go first."""
    from test_every_page import _need_axe

    _need_axe()
    page.set_viewport_size({"width": width, "height": 900})
    day = next_season_day()
    log_in(people["admin"].member)
    show("/sanctions/new/")
    page.select_option("#id_form_of_play", "pairs")
    page.fill("#id_name", "Lundasilvret")
    page.fill("#id_start_date", day.isoformat())
    page.fill("#id_entries", "24")
    page.fill("#id_boards", "48")
    page.fill("#id_field_limit", "28")
    priority = page.locator('#pre-checks li[data-rule="silver.minority_priority"]')
    expect(priority).to_have_attribute("data-status", "refusal")
    page.fill("#id_entry_deadline", day.replace(day=day.day - 7).isoformat())
    expect(priority).to_have_attribute("data-status", "passed")
    expect(priority.locator(".message")).to_contain_text("28")
    problems = _fits(page, width)
    shoot("minority-priority")
    assert problems == [], "\n".join(problems)
