"""The district official's championship page and the registration form (issue #21
point 4) as the official sees them: desktop and phone widths, both languages, no
sideways scroll and a clean axe check."""

import datetime as dt

import pytest
from test_every_page import _need_axe, _problems

from members.models import Member, Role
from members.tests.factories import give_role, member_with_login
from tournaments.championships.models import Registration
from tournaments.championships.tests.test_official_places import _championship

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [1280, 390])
def test_the_officials_pages_fit_and_pass_axe(page, show, shoot, lang, log_in, width):
    _need_axe()
    dm = _championship((("Heat A", 12), ("Heat B", 14), ("Heat C", 16)))
    official: Member = member_with_login()
    give_role(official, Role.Kind.DISTRICT_OFFICIAL, district=dm.district)
    heat = dm.stages.get(kind="silver_heats").heats.first()
    registration = Registration.objects.create(
        championship=dm, heat=heat, name="Anna Andersson – Bertil Berg",
        registered_on=dt.date(2024, 10, 1),
    )  # fmt: skip
    registration.players.create(member=official)
    page.set_viewport_size({"width": width, "height": 900})
    log_in(official)
    pages = [
        ("official", f"/championships/{dm.pk}/official/"),
        ("register", f"/championships/{dm.pk}/official/registrations/new/"),
        ("places", f"/championships/{dm.pk}/official/places/"),
        ("heat", f"/championships/{dm.pk}/official/heats/{heat.pk}/"),
    ]
    problems = _problems(page, show, shoot, pages, width)
    assert problems == [], "\n".join(problems)
