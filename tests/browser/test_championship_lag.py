"""DM Lag's pages (issue #21) as a person sees them: the heats, the semifinal draw and
the final's field at desktop and phone widths, in both languages, with no sideways
scroll and a clean axe check."""

import pytest
from test_every_page import _need_axe, _problems

from tournaments.championships.lag import services
from tournaments.championships.models import FinalPlace, Heat
from tournaments.championships.tests.lag_fixtures import build_dm_lag, play_semifinals

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [1280, 390])
def test_the_lag_pages_fit_and_pass_axe(page, show, shoot, lang, width):
    _need_axe()
    dm = build_dm_lag()
    # The draw under way: both heats have chosen, and A2 has given its place up.
    for heat in Heat.objects.filter(stage__championship=dm).order_by("name"):
        services.choose_heat(championship=dm, heat=heat, slots={1: 2, 2: 2}, wishes={}, user=None)
    services.give_up(championship=dm, place=FinalPlace.objects.get(name="A2"), user=None)
    play_semifinals(dm, [["A1", "B1", "A3", "B3"], ["B2", "A2", "A4", "B4"]])
    page.set_viewport_size({"width": width, "height": 900})
    base = f"/championships/{dm.pk}/lag"
    pages = [
        ("lag-heats", f"{base}/heats/"),
        ("lag-semifinals", f"{base}/semifinals/"),
        ("lag-final", f"{base}/final/"),
        ("lag-sm", f"{base}/sm/"),
    ]
    problems = _problems(page, show, shoot, pages, width)
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("width", [1280, 390])
def test_the_official_draw_page_fits_and_passes_axe(page, show, shoot, lang, log_in, width):
    """The district official's draw page, its forms and the trail."""
    from members.models import Role
    from members.tests.factories import give_role, member_with_login

    _need_axe()
    dm = build_dm_lag()
    heat = Heat.objects.filter(stage__championship=dm).order_by("name").first()
    services.choose_heat(championship=dm, heat=heat, slots={1: 2, 2: 2}, wishes={}, user=None)
    official = member_with_login()
    give_role(official, Role.Kind.DISTRICT_OFFICIAL, district=dm.district)
    page.set_viewport_size({"width": width, "height": 900})
    log_in(official)
    pages = [("lag-official", f"/championships/{dm.pk}/lag/semifinals/official/")]
    problems = _problems(page, show, shoot, pages, width)
    assert problems == [], "\n".join(problems)
