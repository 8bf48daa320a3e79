"""The district championship pages (issue #21) as a person sees them: the list and a
DM-par with its heats and places in the final, at desktop and phone widths, in both
languages, with no sideways scroll and a clean axe check."""

import pytest
from test_every_page import _need_axe, _problems

from tournaments.championships.tests.test_pages import dm as dm_fixture  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
dm = dm_fixture


@pytest.mark.parametrize("width", [1280, 390])
def test_the_championship_pages_fit_and_pass_axe(page, show, shoot, lang, dm, width):
    _need_axe()
    page.set_viewport_size({"width": width, "height": 900})
    pages = [("championships", "/championships/"), ("championship", f"/championships/{dm.pk}/")]
    problems = _problems(page, show, shoot, pages, width)
    assert problems == [], "\n".join(problems)
