"""A demo season's tournament pages in Chromium (issue 18, point 8), in Swedish and in
English, on a desktop (1366 px) and a phone (390 px): the scoring form's columns, pair
numbers 1..N, no sideways scroll, and the favicon. Screenshots go to test-artifacts/.

"+/−" heads a team's IMPs won less lost, "%" the percentage: short, as scorers print
them, with the full name as the heading's title.
"""

import pytest

from members.demo import build_demo_federation
from members.services import current_season
from tournaments.demo import build_demo_season
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HEADINGS = {
    "pairs": {
        "sv": ["Placering", "Par", "Spelare", "Poäng", "%"],
        "en": ["Place", "Pair", "Players", "Points", "%"],
    },
    "teams": {
        "sv": ["Placering", "Lag", "Spelare", "VP", "+/−"],
        "en": ["Place", "Team", "Players", "VP", "+/−"],
    },
}


@pytest.fixture
def season() -> list[tuple[str, Tournament, bool]]:
    """(kind, tournament, whether its table must fit a phone without scrolling itself):
    the biggest club pairs, the biggest pairs of all (a gold event of 90 pairs' names and
    four-digit points may scroll inside its table, never the page) and a team event."""
    build_demo_federation(members=300, clubs=21, seed=8, season=current_season())
    build_demo_season(tournaments=25, seed=8)
    biggest = Tournament.objects.order_by("-entries_count", "pk")
    return [
        ("pairs", biggest.filter(kind="pairs", level="bronze").first(), True),
        ("pairs", biggest.filter(kind="pairs").first(), False),
        ("teams", biggest.filter(kind="teams").first(), True),
    ]


@pytest.mark.parametrize("width", [1366, 390])
def test_a_demo_tournament_reads_as_real_and_fits(page, show, shoot, lang, season, width):
    page.set_viewport_size({"width": width, "height": 900})
    for kind, tournament, fits in season:
        assert show(tournament.get_absolute_url()).ok
        table = page.locator("table.standings").first
        headings = [" ".join(t.split()) for t in table.locator("thead th").all_inner_texts()]
        assert headings == HEADINGS[kind][lang]
        numbers = [int(n) for n in table.locator("tbody tr td:nth-child(2)").all_inner_texts()]
        assert sorted(numbers) == list(range(1, tournament.entries_count + 1))
        wide = page.evaluate("document.documentElement.scrollWidth")
        assert wide <= width, f"{tournament.name}: {wide} px wide at {width}"
        if fits:  # every figure in sight: no sideways scroll inside the table either
            table_wide, wrap_wide = page.evaluate(
                "t => [t.scrollWidth, t.parentElement.clientWidth]", table.element_handle()
            )
            assert table_wide <= wrap_wide, f"{tournament.name}: {table_wide} px in {wrap_wide}"
        shoot(f"{kind}-{tournament.entries_count}")
    icon = page.locator('link[rel="icon"]').get_attribute("href")
    status = page.evaluate("href => fetch(href).then(response => response.status)", icon)
    assert icon.endswith("favicon.svg") and status == 200
