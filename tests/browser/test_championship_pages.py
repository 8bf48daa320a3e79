"""The district championship pages (issue #21) as a person sees them: the list and a
DM-par with its heats and places in the final, at desktop and phone widths, in both
languages, with no sideways scroll and a clean axe check; and a DM-par with every part
of its page (part "pairs"): who plays the qualification in a bronze heat, a struck pair,
a tie for the last place, the final's field, the SM places and the bonus."""

import pytest
from test_every_page import OVERFLOWING, _axe_findings, _need_axe, _problems

from members.tests.factories import ClubFactory
from tournaments.championships.models import Stage
from tournaments.championships.tests.test_pages import dm as dm_fixture  # noqa: F401
from tournaments.championships.tests.test_pairs_pages import (
    _bronze_with_declarations,
    _dm,
    _heat,
    _pcts,
    _player,
    _tournament,
)
from tournaments.models import Entry

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
dm = dm_fixture


@pytest.mark.parametrize("width", [1280, 390])
def test_the_championship_pages_fit_and_pass_axe(page, show, shoot, lang, dm, width):
    _need_axe()
    page.set_viewport_size({"width": width, "height": 900})
    pages = [("championships", "/championships/"), ("championship", f"/championships/{dm.pk}/")]
    problems = _problems(page, show, shoot, pages, width)
    assert problems == [], "\n".join(problems)


def _full_dm():
    """A DM-par Open with 3 SM places: a bronze heat with declarations, a silver heat
    with a struck pair and a tie across its last place, and a played final with pairs
    from outside the district and a reserve who played a heat."""
    championship = _dm(sm_places=3, name="DM Par Open 2024")
    home, away = ClubFactory(district=championship.district), ClubFactory()
    _bronze_with_declarations(championship)
    silver = _heat(
        championship, Stage.Kind.SILVER_HEATS, "Silverkval Linköping",
        _tournament("Silverkval Linköping", ["70", "66", "64", "62", "60", "58", "55", "55", "50", "48", "47", "44"]),
    )  # fmt: skip
    Entry.objects.filter(section__tournament=silver.tournament, number=2).update(
        struck="kvalspelade två gånger i disciplinen (003 rad 193)"
    )
    final = _heat(championship, Stage.Kind.FINAL, "Final", _tournament("Final", _pcts(8)))
    reserve = None
    for entry in Entry.objects.filter(section__tournament=final.tournament).order_by("number"):
        clubs = (away, away) if entry.number in (1, 2) else (home, home)
        for club in clubs:
            reserve = _player(entry, club)
    heat_entry = Entry.objects.get(section__tournament=silver.tournament, number=1)
    from tournaments.models import EntryPlayer

    EntryPlayer.objects.create(entry=heat_entry, member=reserve.member)
    EntryPlayer.objects.filter(pk=reserve.pk).update(reserve=True)
    return championship


@pytest.mark.parametrize("width", [1280, 390])
def test_a_dm_par_with_every_part_fits_and_passes_axe(page, show, shoot, lang, width):
    _need_axe()
    championship = _full_dm()
    page.set_viewport_size({"width": width, "height": 900})
    response = show(f"/championships/{championship.pk}/")
    assert response.ok
    page.evaluate("document.querySelectorAll('details').forEach(d => { d.open = true; })")
    for part in ("declarations", "qualification", "final-field", "sm-places", "bonus"):
        assert page.locator(f"#{part}").is_visible(), part
    assert page.locator("del").first.is_visible()  # the struck pair
    assert page.locator("#sm-places .sm-place").count() == 3
    assert page.locator("#qualification .tie").count() == 1  # places 6-7 of the silver heat
    problems = []
    wide = page.evaluate("document.documentElement.scrollWidth")
    if wide > width:
        problems.append(
            f"{wide} px wide at {width}: {', '.join(page.evaluate(OVERFLOWING, width))}"
        )
    problems += _axe_findings(page)
    shoot("dm-par")
    assert problems == [], "\n".join(problems)
