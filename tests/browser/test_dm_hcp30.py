"""DM Par Hcp 30+'s check of its pairs (seed 003 lines 298-316) as a person sees it: the
registered pairs with both handicaps on the last registration day, and the final's order
with handicap, and the final's results page with its struck pair, at desktop and phone widths, in both languages, with no sideways scroll
and a clean axe check."""

import pytest
from test_every_page import _need_axe, _problems

from handicap.tests.test_dm_hcp30 import _final, _final_tournament
from handicap.tests.test_dm_hcp30 import hcp30 as hcp30_fixture  # noqa: F401
from handicap.tests.test_dm_hcp30 import pairs as pairs_fixture  # noqa: F401
from tournaments.models import Entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
hcp30 = hcp30_fixture
pairs = pairs_fixture


@pytest.mark.parametrize("width", [1280, 390])
def test_the_hcp30_page_fits_and_passes_axe(page, show, shoot, lang, pairs, width):
    _need_axe()
    final = _final_tournament("Final", 12)
    Entry.objects.filter(section__tournament=final, number=3).update(
        struck="qualified twice in the discipline (003 lines 193-195)"
    )
    _final(pairs, final)
    page.set_viewport_size({"width": width, "height": 900})
    # The final's results page too: the struck pair below the standings (lines 193-195).
    urls = [("results", final.get_absolute_url()), ("hcp30", f"/handicap/dm/{pairs.pk}/")]
    problems = _problems(page, show, shoot, urls, width)
    assert problems == [], "\n".join(problems)
    assert page.locator("#hcp30-table tbody tr").count() == 3
    assert page.locator("#hcp30-final-1 tbody.struck").count() == 1
