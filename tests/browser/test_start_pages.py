"""Each role's start page as a person sees it, at desktop and phone widths, in Swedish
and English (issue 18, point 1; members.views.my_page)."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from awards.models import MasterPointHolding, Promotion, RankingScore
from awards.services import store_ranking_facts
from handicap.models import MemberHandicap
from members.models import Role
from members.tests.factories import (
    ClubFactory,
    MemberFactory,
    MembershipFactory,
    club_admin,
    member_with_login,
)
from tournaments.models import Tournament
from tournaments.sanctions.models import Sanction
from tournaments.sanctions.tests.factories import SanctionFactory

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TEXT = {
    "sv": {"mp": "Mästarpoäng", "class": "Mästarklass", "club": "Min klubb",
           "office": "Förbundskansliet", "next": "Till klövermästare saknar du",
           "report": "Rapportera resultat", "promotions": "Klassuppflyttningar att dela ut",
           "handicap": "28,4"},
    "en": {"mp": "Master points", "class": "Master class", "club": "My club",
           "office": "Federation office", "next": "For Club Master you need",
           "report": "Report results", "promotions": "Promotions to hand out",
           "handicap": "28.4"},
}  # fmt: skip


def _fits(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("width", [1366, 390])
def test_a_player_opens_the_start_page(page, show, shoot, lang, log_in, width):
    t = TEXT[lang]
    page.set_viewport_size({"width": width, "height": 900})
    club = ClubFactory()
    player = member_with_login(mid=76001)
    MembershipFactory(member=player, club=club)
    MasterPointHolding.objects.create(member=player, bronze=Decimal(150))
    RankingScore.objects.create(member=player, points=Decimal(12), computed_on=timezone.localdate())
    store_ranking_facts()
    MemberHandicap.objects.create(
        member=player, handicap=Decimal("28.4"), start=Decimal("30"), policy_version="test"
    )
    log_in(player)
    show("/me/")
    assert page.get_by_role("heading", name=t["mp"], exact=True).is_visible()
    assert page.get_by_role("heading", name=t["class"], exact=True).is_visible()
    assert t["next"] in page.locator("#start-next-class").inner_text()
    assert page.locator("#class-progress").get_attribute("value") == "75"
    assert page.locator("#start-handicap-current").inner_text() == t["handicap"]
    # The figures first: the player's cards are above the contact details.
    figures = page.locator("#start-masterpoints").bounding_box()
    details = page.locator("#private").bounding_box()
    assert figures["y"] < details["y"]
    _fits(page, width)
    shoot(f"player-{width}")


@pytest.mark.parametrize("width", [1366, 390])
def test_a_club_administrator_and_office_opens_the_start_page(
    page, show, shoot, lang, log_in, width
):
    t = TEXT[lang]
    page.set_viewport_size({"width": width, "height": 900})
    club = ClubFactory(name="Bridgeklubben Spader och Klöver i Övre Norrland")
    user = club_admin(club, mid=76101)
    MembershipFactory(member=user.member, club=club)
    Role.objects.create(member=user.member, kind=Role.Kind.OFFICE_STAFF)
    promoted = MemberFactory(first_name="Greta", last_name="Befordrad")
    MembershipFactory(member=promoted, club=club)
    Promotion.objects.create(
        member=promoted, master_class="klover", rank=1,
        reached_on=timezone.localdate() - timedelta(days=3),
    )  # fmt: skip
    today = timezone.localdate()
    Tournament.objects.create(
        name="Måndagsbridge med mycket långt namn", start_date=today, end_date=today,
        organiser_club=club, event_id="start-1", pipeline_status=Tournament.Pipeline.FAILED,
    )  # fmt: skip
    SanctionFactory(
        name="Guldhelgen", club=club, level=Sanction.Level.GOLD, state=Sanction.State.ENDORSED,
        start_date=today + timedelta(days=30), end_date=today + timedelta(days=31),
    )  # fmt: skip
    log_in(user.member)
    show("/me/")
    assert page.get_by_role("heading", name=t["club"], exact=True).is_visible()
    assert page.get_by_role("heading", name=t["office"], exact=True).is_visible()
    assert page.get_by_role("link", name=t["report"], exact=True).first.is_visible()
    assert page.get_by_role("heading", name=t["promotions"]).is_visible()
    assert "Befordrad" in page.locator(f"#start-promotions-{club.pk}").inner_text()
    assert page.locator("#start-failed").inner_text() == "1"
    assert page.locator("#start-gold-waiting").inner_text() == "1"
    _fits(page, width)
    shoot(f"club-office-{width}")
    with page.expect_navigation():
        page.locator(f"#start-promotions-link-{club.pk}").click()
    assert "Befordrad" in page.locator("main").inner_text()
