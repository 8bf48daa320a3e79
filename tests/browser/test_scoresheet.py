"""The rubber and Chicago score sheet (issue #22, "Scoring (004)") as a player uses it:
entering deals one by one and seeing the running score, the errors named by deal and
field, the printed sheet filled and blank; at desktop and phone widths, in both
languages, with no sideways scroll and a clean axe check."""

from urllib.parse import urlencode

import pytest
from test_every_page import OVERFLOWING, _axe_findings, _need_axe, _problems

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHEET = "/tournaments/scoresheet/"
PRINT = "/tournaments/scoresheet/print/"

# Seed 004 lines 99-128, "An example rubber": 770 against 1640.
ARTICLE_RUBBER = [
    ("2NT", "N", "+1", ""),
    ("4H", "W", "=", ""),
    ("5C", "W", "-2", ""),
    ("4SX", "S", "+1", ""),
    ("3C", "N", "+1", ""),
    ("6D", "E", "=", "EW150"),
]
CHICAGO = [
    ("1NT", "N", "=", ""),
    ("4S", "E", "+1", ""),
    ("3H", "S", "-1", ""),
    ("2D", "W", "+1", ""),
]


def _query(game: str, deals, **extra) -> str:
    data = {
        "game": game,
        "we": "NS",
        "first_dealer": "N",
        "deal-TOTAL_FORMS": str(len(deals)),
        "deal-INITIAL_FORMS": "0",
        **extra,
    }
    for index, (contract, declarer, result, honours) in enumerate(deals):
        data.update({
            f"deal-{index}-contract": contract,
            f"deal-{index}-declarer": declarer,
            f"deal-{index}-result": result,
            f"deal-{index}-honours": honours,
        })  # fmt: skip
    return urlencode(data)


def _printed(page, shoot, url: str, width: int, label: str) -> list[str]:
    """The printed sheet has no language buttons: it is opened in the language the
    visitor chose on the page before."""
    response = page.goto(url)
    assert response.ok
    problems = []
    wide = page.evaluate("document.documentElement.scrollWidth")
    if wide > width:
        problems.append(
            f"{url}: {wide} px wide at {width}: {', '.join(page.evaluate(OVERFLOWING, width))}"
        )
    problems += [f"{url}: {finding}" for finding in _axe_findings(page)]
    shoot(label)
    return problems


@pytest.mark.parametrize("width", [1280, 390])
def test_the_score_sheet_pages_fit_and_pass_axe(page, show, shoot, lang, width):
    _need_axe()
    page.set_viewport_size({"width": width, "height": 900})
    rubber = _query("rubber", ARTICLE_RUBBER)
    chicago = _query("chicago", CHICAGO)
    pages = [
        ("blank", SHEET),
        ("rubber", f"{SHEET}?{rubber}"),
        ("chicago", f"{SHEET}?{chicago}"),
        ("errors", f"{SHEET}?{_query('rubber', [('8S', 'N', '=', ''), ('4S', 'N', '+4', '')])}"),
    ]
    problems = _problems(page, show, shoot, pages, width)
    page.goto(f"{SHEET}?{rubber}")
    assert page.locator("#total-we").inner_text() == "770"
    assert page.locator("#total-they").inner_text() == "1640"
    problems += _printed(page, shoot, f"{PRINT}?{rubber}", width, "print-rubber")
    assert page.locator("#total-they").inner_text() == "1640"
    problems += _printed(page, shoot, f"{PRINT}?game=chicago", width, "print-blank-chicago")
    assert page.locator("#chicago-cycle tbody tr").count() == 4
    assert page.locator("html").get_attribute("lang") == lang
    assert problems == [], "\n".join(problems)


def test_a_player_enters_deals_one_by_one(page, show, shoot, lang):
    show(SHEET)
    for index, (contract, declarer, result, honours) in enumerate(ARTICLE_RUBBER):
        page.fill(f"#id_deal-{index}-contract", contract)
        page.select_option(f"#id_deal-{index}-declarer", declarer)
        page.fill(f"#id_deal-{index}-result", result)
        if honours:
            page.select_option(f"#id_deal-{index}-honours", honours)
        with page.expect_navigation():
            page.locator("#score-button").click()
        assert page.locator("#sheet-problems").count() == 0
    # Seed 004 line 127: East-West win a slow rubber, 500.
    assert page.locator("#total-we").inner_text() == "770"
    assert page.locator("#total-they").inner_text() == "1640"
    assert page.locator("#running tr.closing").inner_text().count("500") == 1
    assert page.locator("#deals tbody tr").count() == 6  # the rubber is over: no empty row
    assert page.locator("html").get_attribute("lang") == lang
    shoot("entered")


def test_a_wrong_deal_is_named_by_deal_and_field(page, show, shoot, lang):
    show(f"{SHEET}?{_query('rubber', [('4S', 'N', '=', ''), ('4S', 'N', '+4', '')])}")
    problems = page.locator("#sheet-problems li")
    assert problems.count() == 1
    text = problems.inner_text()
    # The message names the deal and the field (the row's result box is the link).
    assert problems.locator("a").get_attribute("href") == "#id_deal-1-result"
    assert "+4" in text and "14" in text
    assert page.locator("#deal-2.has-errors").count() == 1
    shoot("wrong")
