"""Every number explained, in Chromium, in Swedish and in English, on a laptop and a
phone: the handicap history a line a competition (a team event's matches inside one),
a line's equations, and the calculator's partner found by name.

Only words the catalogues already translate are pinned per language; the rest is
checked by element ids and numbers (0,935 and 0.935)."""

from datetime import date

import pytest
from django.db import transaction
from playwright.sync_api import expect

from handicap.models import HandicapChange, MemberHandicap
from handicap.services import update_handicaps_for
from handicap.tests.test_services import _pairs_event, _start
from handicap.tests.test_why import build_team_event
from members.tests.factories import MemberFactory, member_with_login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "sv": {"expected": "Förväntat resultat", "comma": ","},
    "en": {"expected": "Expected result", "comma": "."},
}
WIDTHS = [1366, 390]


def _fits(page, width: int) -> None:
    # Tables scroll in their own box; the page itself is no wider than the screen.
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.fixture
def player():
    """A team player with three matches of one team event and, a week later, a pairs
    evening with a partner from the other team."""
    # The handicap steps take their locks inside a transaction, as the pipeline's do.
    with transaction.atomic():
        _tournament, home, away, _first = build_team_event()
        member = home.players.order_by("pk").first().member
        partner = away.players.order_by("pk").first().member
        rest = [MemberFactory() for _ in range(2)]
        _start(rest, 20)
        pairs = _pairs_event(
            date(2026, 4, 21), [(member, partner, "57.40"), (rest[0], rest[1], "42.60")]
        )
        update_handicaps_for(pairs)
    return member


@pytest.mark.parametrize("width", WIDTHS)
def test_a_lines_explanation_opens_and_fits(page, show, shoot, lang, width, player):
    words = WORDS[lang]
    c = words["comma"]
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 900})
    show(f"/handicap/members/{player.mid}/")
    lines = page.locator("#handicap-history-all tbody tr")
    expect(lines).to_have_count(2)  # the pairs evening and the team event's three matches
    team = lines.nth(1)
    matches = team.locator("details.line-matches")
    matches.locator("summary").click()
    expect(matches.locator("li")).to_have_count(3)
    shoot(f"history-{width}")
    _fits(page, width)

    # The pairs evening's equations.
    with page.expect_navigation():
        lines.first.locator("a.why-link").click()
    row = page.locator("section.why-row")
    expect(row).to_be_visible()
    expect(row.locator("h2").first).to_have_text(words["expected"])
    expect(row.locator(".why-boards")).to_have_text("24")
    expect(row.locator(".why-played")).to_have_text("24")
    expect(row.locator(".why-change-equation")).to_contain_text(f"−0{c}935 × 1 × 1 × 2 / 480 × 24")
    stored = HandicapChange.objects.get(member=player, match__isnull=True)
    expect(row.locator(".why-new-equation strong")).to_have_text(
        f"{stored.new:.2f}".replace(".", c)
    )
    shoot(f"pairs-{width}")
    _fits(page, width)

    # The team event: every match, each opening to its equations with the match's boards.
    page.go_back()
    with page.expect_navigation():
        page.locator("#handicap-history-all tbody tr").nth(1).locator("a.why-link").click()
    expect(page.locator("details.why-match")).to_have_count(3)
    first = page.locator("details.why-match").first
    expect(first.locator(".why-expected-equation")).to_be_hidden()
    first.locator(":scope > summary").click()
    expect(first.locator(".why-expected-equation")).to_be_visible()
    expect(first.locator(".why-boards")).to_have_text("16")
    expect(first.locator(".why-expected-equation")).to_contain_text(f"0{c}0667 × 2 × (")
    shoot(f"team-{width}")
    _fits(page, width)


@pytest.mark.parametrize("width", WIDTHS)
def test_the_calculator_finds_the_partner_by_name(page, log_in, show, shoot, lang, width):
    me = member_with_login(mid=77501, first_name="Ada", last_name="Lund")
    MemberHandicap.objects.create(
        member=me, handicap="23.45", start="40", policy_version="SBF 2007"
    )
    partner = MemberFactory(mid=77502, first_name="Bea", last_name="Bergström")
    MemberHandicap.objects.create(
        member=partner, handicap="17.96", start="40", policy_version="SBF 2007"
    )
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 900})
    log_in(me)
    show("/handicap/calculator/")
    c = WORDS[lang]["comma"]
    expect(page.locator("#id_owner")).to_have_value("23.5")
    page.fill("#id_partner", "bergström")
    with page.expect_navigation():
        page.locator("#partner-form button[type=submit]").click()
    choice = page.locator("#partner-choices a.partner-choice")
    expect(choice).to_have_count(1)
    expect(page.locator("#partner-choices tbody tr").first).to_contain_text("77502")
    shoot(f"choices-{width}")
    _fits(page, width)
    with page.expect_navigation():
        choice.click()
    expect(page.locator("#id_owner")).to_have_value("23.5, 18.0")
    expect(page.locator("#calculator-partner")).to_contain_text("Bea Bergström")
    page.fill("#id_field", "20")
    page.fill("#id_result", "55")
    with page.expect_navigation():
        page.locator("#calculator-form button[type=submit]").click()
    expect(page.locator("#result-owner")).to_have_text(f"20{c}75")
    expect(page.locator("#calculator-partner")).to_contain_text("Bea Bergström")
    shoot(f"result-{width}")
    _fits(page, width)
