"""The SBF master points steps of issue #22 as a person sees them: the office's page for
converting a foreign holding (000 §8, lines 589-599) and a club's pins for promotions
(000 lines 47-65, 98-100), at desktop and phone widths, in both languages, with no
sideways scroll and a clean axe check."""

from datetime import date
from decimal import Decimal

import pytest
from django.utils import timezone
from test_every_page import _need_axe, _problems

from awards.models import Promotion
from awards.services import convert_foreign_holding
from members.models import Membership
from members.services import current_season
from members.tests.factories import ClubFactory, MemberFactory, office_staff

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _club_with_promotions():
    club = ClubFactory(name="Klöverklubben Storvik")
    today = timezone.localdate()
    for mid, code, rank, name in (
        (85001, "ruter", 7, "Rut"),
        (85002, "klover-4", 5, "Klara"),
        (85003, "klover-5", 6, "Kerstin"),
    ):
        member = MemberFactory(mid=mid, first_name=name, last_name="Storviksdotter-Lindqvist")
        Membership.objects.create(
            member=member, club=club, season=current_season(), represents=True
        )
        Promotion.objects.create(member=member, master_class=code, rank=rank, reached_on=today)
    abroad = MemberFactory(mid=85004, first_name="Ada", last_name="Abroad")
    convert_foreign_holding(
        abroad,
        federation="English Bridge Union",
        foreign_holding="310 green points, 45 blue points",
        extract="EBU extract 2025-02-11",
        bronze=Decimal(0),
        silver=Decimal(60),
        gold=Decimal(3),
        moved_permanently=True,
        day=date(2025, 3, 1),
    )
    return club


@pytest.mark.parametrize("width", [1280, 390])
def test_conversion_and_pin_order_pages_fit_and_pass_axe(page, show, shoot, lang, log_in, width):
    _need_axe()
    club = _club_with_promotions()
    log_in(office_staff().member)
    page.set_viewport_size({"width": width, "height": 900})
    pages = [
        ("conversions", "/masterpoints/conversions/"),
        ("member-awards", "/masterpoints/members/85004/awards/"),
        ("club-pin-orders", f"/masterpoints/clubs/{club.pk}/pin-orders/"),
        ("pin-orders", "/masterpoints/pin-orders/"),
    ]
    problems = _problems(page, show, shoot, pages, width)
    assert problems == [], "\n".join(problems)
    show(f"/masterpoints/clubs/{club.pk}/pin-orders/")
    assert page.locator("#pin-order tbody tr").count() == 5
    assert page.locator("#pins-optional").inner_text() == "1530"
    show("/masterpoints/members/85004/awards/")
    words = "converted from" if lang == "en" else "konverterat från"
    assert words in page.locator("#conversions").inner_text()


def test_the_office_converts_a_holding_through_the_form(page, show, log_in, lang):
    MemberFactory(mid=85010, first_name="Nils", last_name="Nordmann")
    log_in(office_staff().member)
    show("/masterpoints/conversions/")
    page.fill("#id_mid", "85010")
    page.fill("#id_federation", "Norsk Bridgeforbund")
    page.fill("#id_foreign_holding", "80 mesterpoeng")
    page.fill("#id_extract", "NBF 2025-04")
    page.check("#id_moved_permanently")
    page.fill("#id_silver", "30")
    page.fill("#id_gold", "1")
    with page.expect_navigation():
        page.locator("#conversion-form button[type=submit]").click()
    assert page.url.endswith("/masterpoints/members/85010/awards/")
    assert "Norsk Bridgeforbund" in page.locator("#conversions").inner_text()
