"""The licence pages in Chromium, in Swedish and in English: an organiser fills the
application and watches the proposed status and checks; the office approves with
a special condition; the printable licence shows it; the public list shows the event.

New strings are not translated yet, so elements are found by ids and data
attributes, not by their words."""

import pytest
from playwright.sync_api import expect

from tournaments.licences.models import Licence
from tournaments.licences.tests.factories import (
    FeeRateFactory,
    OrganisationFactory,
    future_day,
    office_staff,
    organiser,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def people(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.KLOVER_FEDERATION = "ebu"
    organisation = OrganisationFactory(name="Lund Bridge Club")
    FeeRateFactory()
    return {
        "organisation": organisation,
        "organiser": organiser(organisation, mid=77001),
        "office": office_staff(mid=77002),
    }


def test_apply_approve_print_and_public_list(page, show, shoot, log_in, lang, people):
    day = future_day().isoformat()
    log_in(people["organiser"].member)
    show("/licences/")
    with page.expect_navigation():
        page.locator(f"#organisation-{people['organisation'].pk} a.new-application").click()
    expect(page.locator("#organisation-name")).to_have_text("Lund Bridge Club")
    expect(page.locator("#charity-fields")).to_be_hidden()
    page.select_option("#id_licence_type", "open_event")
    page.fill("#id_event_name", "Lund Congress")
    page.fill("#id_start_date", day)
    page.fill("#id_end_date", day)
    page.fill("#id_sessions", "2")
    page.fill("#id_expected_tables", "20")
    expect(page.locator("#pre-checks #proposed-status")).to_have_attribute("data-status", "1")
    expect(page.locator('#pre-checks li[data-rule="eligible"]')).to_have_attribute(
        "data-status", "passed"
    )
    page.check("#id_wide_appeal")
    expect(page.locator("#pre-checks #proposed-status")).to_have_attribute("data-status", "2")
    expect(page.locator("#pre-checks #status-reasons li").first).to_contain_text(
        "EBU Handbook 1.6.1"
    )
    shoot("form")
    with page.expect_navigation():
        page.locator("#submit-application").click()
    expect(page.locator("#state")).to_have_attribute("data-state", "submitted")
    licence = Licence.objects.get()

    page.context.clear_cookies()
    log_in(people["office"].member)
    show(licence.get_absolute_url())
    expect(page.locator("#step-reject textarea")).to_have_attribute("required", "")
    expect(page.locator("#id_approve-status")).to_have_value("2")
    expect(page.locator("#id_approve-fee")).to_have_value("60.00")
    page.fill("#id_approve-special_conditions", "Scorers at every table")
    with page.expect_navigation():
        page.locator("#step-approve button").click()
    expect(page.locator("#state")).to_have_attribute("data-state", "approved")
    expect(page.locator("#special-conditions")).to_have_text("Scorers at every table")
    shoot("approved")

    with page.expect_navigation():
        page.locator("#licence-link").click()
    expect(page.locator("#licence-number")).to_have_text(licence.number)
    expect(page.locator("#granted-status")).to_have_attribute("data-status", "2")
    expect(page.locator("#granted-status")).to_have_text("Distrikt" if lang == "sv" else "District")
    expect(page.locator("#special-conditions")).to_have_text("Scorers at every table")
    expect(page.locator("#condition-list li").first).to_contain_text("EBU Handbook 1.7")
    expect(page.locator("#display-note")).to_contain_text("EBU Handbook 1.7.10")
    shoot("licence")

    page.context.clear_cookies()
    show("/")
    with page.expect_navigation():
        page.locator("#nav-licensed-events").click()
    rows = page.locator("#licensed-events tbody tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text("Lund Congress")
    expect(rows.first).to_contain_text("Lund Bridge Club")
    expect(rows.first).to_contain_text(day)


def test_charity_type_shows_its_document_fields(page, show, log_in, lang, people):
    log_in(people["organiser"].member)
    show("/licences/new/")
    expect(page.locator("#charity-fields")).to_be_hidden()
    expect(page.locator("#package-fields")).to_be_hidden()
    page.select_option("#id_licence_type", "charity")
    expect(page.locator("#charity-fields")).to_be_visible()
    page.fill("#id_start_date", future_day().isoformat())
    page.fill("#id_sessions", "1")
    page.fill("#id_expected_tables", "10")
    expect(page.locator('#pre-checks li[data-rule="charity.documents"]')).to_have_attribute(
        "data-status", "refusal"
    )
    page.select_option("#id_licence_type", "package")
    expect(page.locator("#package-fields")).to_be_visible()
    expect(page.locator("#charity-fields")).to_be_hidden()
