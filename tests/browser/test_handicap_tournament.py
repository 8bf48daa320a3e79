"""Handicap tournaments on the pages (issue #22, part "hcptour"): a handicap event's
lists without and with handicap, the organiser's starting corrections and the national
handicap list, at desktop and phone widths, in both languages, with no sideways scroll
and a clean axe check."""

from datetime import date

import pytest
from test_every_page import _need_axe, _problems

from handicap.services import handicap_list_for
from handicap.tests.test_handicap_tournament_pages import _pairs_event, _with_handicap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [1280, 390])
def test_the_handicap_tournament_pages_fit_and_pass_axe(page, show, shoot, lang, width):
    _need_axe()
    strong = [_with_handicap(12 + n, last_name=f"Stark{n}") for n in range(6)]
    weak = [_with_handicap(34 + n, last_name=f"Ny{n}") for n in range(2)]
    tournament = _pairs_event(
        date(2026, 3, 2),
        [(strong[0], strong[1], "56.10"), (strong[2], strong[3], "51.00"),
         (weak[0], weak[1], "49.20"), (strong[4], strong[5], "43.70")],
    )  # fmt: skip
    handicap_list_for(tournament)
    field = "\n".join(
        f"{a.mid} {b.mid}" for a, b in zip((strong + weak)[::2], (strong + weak)[1::2], strict=True)
    )
    page.set_viewport_size({"width": width, "height": 900})
    pages = [
        ("tournament", f"/tournaments/{tournament.pk}/"),
        ("corrections", "/handicap/corrections/?entries=" + field.replace("\n", "%0A").replace(" ", "+")),
        ("corrections-bad", "/handicap/corrections/?entries=1+2+3%0Aabc+4"),
        ("list", "/handicap/list/"),
    ]  # fmt: skip
    problems = _problems(page, show, shoot, pages, width)
    assert problems == [], "\n".join(problems)
    show(pages[0][1])
    assert page.locator("#handicap-corrected").is_visible()
    show(pages[1][1])
    assert page.locator("#corrections-favourites li").count() == 3
    page.emulate_media(media="print")
    assert not page.locator("#corrections-form").is_visible()
    assert page.locator("#corrections-table").is_visible()
    shoot("print")
