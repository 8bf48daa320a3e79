"""The rubber and Chicago score sheet page (issue #22, "Scoring (004)"): the running
score for the seed's worked rubber and a Chicago, the rubber bonus, honours, the
Chicago cycle, the printed sheet, and every bad input named by deal and field.

Seed: ``../shared/seeds/004_058b41174697c9d9.txt`` ("Bridge scoring"); the lines are
named beside each test. New strings are checked in English (the Swedish catalogue is
merged separately, members/tests/test_i18n.py).
"""

from __future__ import annotations

import re

import pytest

from tournaments.domain.contract import Side, Vulnerability

SHEET = "/tournaments/scoresheet/"
PRINT = "/tournaments/scoresheet/print/"
NS, EW = Side.NS, Side.EW

# Seed 004 lines 99-117 (the table) and 118-128 (the panels): "An example rubber".
# The table names North as declarer of deal 1, the panel South; both score for N-S.
ARTICLE_RUBBER = [
    ("2NT", "N", "+1", ""),
    ("4♥", "W", "=", ""),
    ("5♣", "W", "-2", ""),
    ("4♠ X", "S", "+1", ""),
    ("3♣", "N", "10", ""),
    ("6♦", "E", "=", "EW150"),
]


def _query(deals, *, game: str = "rubber", **options) -> dict[str, str]:
    data = {
        "game": game,
        "we": "NS",
        "deal-TOTAL_FORMS": str(len(deals)),
        "deal-INITIAL_FORMS": "0",
    }
    data.update(options)
    for index, deal in enumerate(deals):
        contract, declarer, result, honours = (*deal, "", "", "")[:4]
        data.update({
            f"deal-{index}-contract": contract,
            f"deal-{index}-declarer": declarer,
            f"deal-{index}-result": result,
            f"deal-{index}-honours": honours,
        })  # fmt: skip
    return data


@pytest.fixture
def score(client):
    """GET the sheet in English; the response (its context holds the sheet)."""

    def get(deals, url: str = SHEET, **options):
        response = client.get(url, _query(deals, **options), HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 200
        return response

    return get


def _problems(response) -> list[str]:
    """The problems as the page lists them: "Deal 2 – Result: ..."."""
    html = response.content.decode()
    box = re.search(r'<div class="errors" id="sheet-problems".*?</div>', html, re.S)
    assert box is not None, "no problems shown"
    items = re.findall(r"<li><a [^>]*>(.*?)</a></li>", box.group(0), re.S)
    return [
        re.sub(r"\s+", " ", item).replace("&ldquo;", "“").replace("&rdquo;", "”") for item in items
    ]


def _line_totals(sheet) -> list[tuple[int, int]]:
    return [(line.we_total, line.they_total) for line in sheet.lines]


def _points(marks) -> list[int]:
    return [mark.points if mark else None for mark in marks]


# -- the seed's rubber, deal by deal ----------------------------------------


def test_the_article_rubber_runs_770_against_1640_deal_by_deal(score):
    """Seed 004 lines 99-128: deal totals 100, 120, 200, 390, 80, 1020, the slow rubber
    bonus 500; N-S ("We", South the recorder, line 98) 770, E-W 1640."""
    sheet = score(ARTICLE_RUBBER).context["sheet"]
    assert _line_totals(sheet) == [
        (100, 0), (100, 120), (300, 120), (690, 120), (770, 120), (770, 1140),
    ]  # fmt: skip
    assert [(m.rule.key, m.points, m.we) for m in sheet.closing] == [("rubber-bonus", 500, False)]
    assert (sheet.we_total, sheet.they_total) == (770, 1640)
    assert sheet.complete and sheet.winner_is_we is False and sheet.margin == 870
    assert (sheet.games_we, sheet.games_they) == (1, 2)


def test_the_article_rubber_vulnerability_follows_the_games(score):
    """Seed 004 lines 122 and 124: E-W vulnerable after deal 2, N-S too after deal 4;
    deal 3 is "vulnerable, undoubled", 5♣ down 2 = 200 (line 123)."""
    sheet = score(ARTICLE_RUBBER).context["sheet"]
    assert [line.vulnerability for line in sheet.lines] == [
        Vulnerability.NONE, Vulnerability.NONE, Vulnerability.EW,
        Vulnerability.EW, Vulnerability.BOTH, Vulnerability.BOTH,
    ]  # fmt: skip
    assert [(m.rule.key, m.points, m.we) for m in sheet.lines[2].marks] == [("penalty", 200, True)]


def test_the_article_rubber_sheet_above_and_below_the_line(score):
    """Seed 004 lines 96-98 and 121-127: only contract points below the line (70 | 120,
    then 240, then 60 | 120, a line under each game); the rest above, written upwards
    from the line."""
    response = score(ARTICLE_RUBBER)
    sheet = response.context["sheet"]
    assert [(_points(g.we), _points(g.they), g.won_by_we) for g in sheet.games] == [
        ([70], [120], False), ([240], [], True), ([60], [120], False),
    ]  # fmt: skip
    # Nearest the line first: deal 1's overtrick, deal 3's penalty, deal 4's overtrick
    # and insult, deal 5's overtrick; They: deal 6's honours and slam, the rubber bonus.
    assert _points(sheet.above_we) == [30, 200, 100, 50, 20]
    assert _points(sheet.above_they) == [150, 750, 500]
    html = response.content.decode()
    assert html.count('class="game-end"') == 3
    assert re.search(r'id="total-we">770<', html) and re.search(r'id="total-they">1640<', html)
    # Every number says its rule and seed lines on hover, and links to the legend.
    assert 'href="#rule-slam" title="Slam bonus – seed 004 “Slam bonus”, 51–54">750</a>' in html
    assert 'id="rule-rubber-bonus"' in html


def test_we_may_be_east_west(score):
    """Seed 004 line 98: the recorder's side is "We"; an E-W recorder has the columns
    the other way round."""
    sheet = score(ARTICLE_RUBBER, we="EW").context["sheet"]
    assert (sheet.we_total, sheet.they_total) == (1640, 770)
    assert sheet.winner_is_we is True


# -- the rubber bonus --------------------------------------------------------


def test_two_games_to_nil_is_a_fast_rubber_of_700(score):
    """Seed 004 lines 73-74: the opponents have no game, 700."""
    sheet = score([("4S", "N", "="), ("3NT", "S", "=")]).context["sheet"]
    assert [(m.points, m.we) for m in sheet.closing] == [(700, True)]
    assert (sheet.we_total, sheet.they_total) == (120 + 100 + 700, 0)
    assert sheet.complete


def test_two_games_to_one_is_a_slow_rubber_of_500(score):
    """Seed 004 lines 73, 75: the opponents have one game, 500."""
    sheet = score([("4S", "N", "="), ("4H", "E", "="), ("3NT", "S", "=")]).context["sheet"]
    assert [(m.points, m.we) for m in sheet.closing] == [(500, True)]
    assert (sheet.we_total, sheet.they_total) == (120 + 100 + 500, 120)


def test_part_scores_add_up_to_game(score):
    """Seed 004 line 10: a game is triggered at 100 contract points; 2S + 2S = 120."""
    sheet = score([("2S", "N", "="), ("2S", "S", "=")]).context["sheet"]
    assert sheet.lines[1].game_won_by_we is True
    assert sheet.next_vulnerability is Vulnerability.NS


def test_an_unfinished_rubber_scores_300_and_100_when_it_stops(score):
    """Seed 004 lines 76-78: only one side has a game, 300; only one has a part-score,
    100. Both go to N-S here; without "stops here" the rubber is still being played."""
    deals = [("4S", "N", "="), ("2H", "N", "=")]
    playing = score(deals).context["sheet"]
    assert playing.closing == [] and playing.next_number == 3
    stopped = score(deals, ended="on").context["sheet"]
    assert sorted((m.rule.key, m.points) for m in stopped.closing) == [
        ("unfinished-game", 300), ("unfinished-part-score", 100),
    ]  # fmt: skip
    assert stopped.next_number is None
    assert stopped.we_total == 120 + 60 + 400


# -- honours -----------------------------------------------------------------


def test_honours_go_to_the_side_that_held_them_whatever_the_contract_did(score):
    """Seed 004 lines 79-83: 100 for four trump honours in one hand, "held by any of
    the four players"; the defenders held them here and the contract went down."""
    sheet = score([("4S", "N", "-1", "EW100")]).context["sheet"]
    assert sorted((m.rule.key, m.points, m.we) for m in sheet.lines[0].marks) == [
        ("honours", 100, False), ("penalty", 50, False),
    ]  # fmt: skip


def test_four_aces_in_notrump_score_150(score):
    """Seed 004 line 82: all four aces in a notrump contract, 150."""
    sheet = score([("3NT", "S", "=", "NS150")]).context["sheet"]
    assert sorted((m.rule.key, m.points) for m in sheet.lines[0].marks) == [
        ("contract", 100), ("honours", 150),
    ]  # fmt: skip


def test_honours_count_in_chicago_too(score):
    """Seed 004 line 25: Chicago has the honour bonus as well."""
    sheet = score([("4H", "N", "=", "NS100")], game="chicago").context["sheet"]
    assert ("honours", 100) in [(m.rule.key, m.points) for m in sheet.lines[0].marks]


# -- Chicago -----------------------------------------------------------------


CHICAGO = [("1NT", "N", "="), ("4S", "E", "+1"), ("3H", "S", "-1"), ("2D", "W", "+1")]


def test_a_chicago_deal_by_deal(score):
    """Seed 004 lines 22-24 and 88-91: deal 1, 1NT= for N-S, 40 below; deal 2, E-W
    vulnerable (East dealt), 4♠+1 completes a game: 120 below, 30, game bonus 500, and
    N-S's 40 is cut off; deal 3, N-S vulnerable, 3♥-1: 100 to E-W; deal 4, both
    vulnerable, 2♦+1 does not complete a game: 40 below, 20, part-score bonus 100."""
    sheet = score(CHICAGO, game="chicago").context["sheet"]
    assert _line_totals(sheet) == [(40, 0), (40, 650), (40, 750), (40, 910)]
    assert [(m.rule.key, m.points) for m in sheet.lines[1].marks] == [
        ("contract", 120), ("overtricks", 30), ("game-bonus", 500),
    ]  # fmt: skip
    assert ("part-score-bonus", 100) in [(m.rule.key, m.points) for m in sheet.lines[3].marks]
    assert [(_points(g.we), _points(g.they), g.won_by_we) for g in sheet.games] == [
        ([40], [120], False), ([], [40], None),
    ]  # fmt: skip
    assert sheet.complete and sheet.next_number is None
    assert sheet.closing == []


def test_the_chicago_cycle_follows_the_first_dealer(score):
    """The four deals (seed 004 lines 22-25 say "fixed vulnerability"; the Laws of
    Contract Bridge, Chicago): deal 1 nobody, deals 2 and 3 the dealer's side, deal 4
    both; East dealing first."""
    response = score([("1C", "E", "=")] * 3, game="chicago", first_dealer="E")
    sheet = response.context["sheet"]
    assert [(line.dealer.value, line.vulnerability) for line in sheet.lines] == [
        ("E", Vulnerability.NONE), ("S", Vulnerability.NS), ("W", Vulnerability.EW),
    ]  # fmt: skip
    assert (sheet.next_number, sheet.next_dealer.value) == (4, "N")
    assert sheet.next_vulnerability is Vulnerability.BOTH
    cycle = response.context["cycle"]
    assert [(d.number, d.dealer.value, d.vulnerability) for d in cycle] == [
        (1, "E", Vulnerability.NONE), (2, "S", Vulnerability.NS),
        (3, "W", Vulnerability.EW), (4, "N", Vulnerability.BOTH),
    ]  # fmt: skip
    assert "Deal 4 of 4, dealt by North; vulnerable: both sides." in response.content.decode()


def test_a_game_in_chicago_scores_300_not_vulnerable(score):
    """Seed 004 line 91: 300 not vulnerable (deal 1: nobody is)."""
    sheet = score([("3NT", "N", "=")], game="chicago").context["sheet"]
    assert ("game-bonus", 300) in [(m.rule.key, m.points) for m in sheet.lines[0].marks]


def test_a_passed_out_chicago_deal_is_dealt_again(score):
    """A passed-out deal does not count towards the four; the same dealer deals again
    (docs/scoring.md, "4. Chicago")."""
    sheet = score([("Pass",), ("1C", "N", "=")], game="chicago").context["sheet"]
    assert [(line.number, line.dealer.value, line.passed_out) for line in sheet.lines] == [
        (1, "N", True), (1, "N", False),
    ]  # fmt: skip
    assert sheet.next_number == 2


# -- entering deals one by one --------------------------------------------------


def test_the_page_writes_the_deals_back_with_an_empty_row_for_the_next(score):
    response = score([("4♠ x", "S", " +1 ", ""), ("", "", "", "")])
    formset = response.context["formset"]
    assert [form["contract"].value() for form in formset] == ["4SX", None]
    assert [form["declarer"].value() for form in formset] == ["S", None]
    assert [form["result"].value() for form in formset] == ["+1", None]
    assert "deal-0-contract=4SX" in response.context["query"]


def test_an_empty_row_is_left_out_and_the_deals_renumbered(score):
    response = score([("4S", "N", "="), ("", "", ""), ("5D", "E", "-3")])
    sheet = response.context["sheet"]
    assert [(line.row, line.contract) for line in sheet.lines] == [(1, "4♠"), (2, "5♦")]
    assert [form["contract"].value() for form in response.context["formset"]] == ["4S", "5D", None]


def test_a_removed_row_is_not_checked(client):
    query = _query([("4S", "N", "="), ("9Q", "", "")])
    query["deal-1-DELETE"] = "on"
    response = client.get(SHEET, query, HTTP_ACCEPT_LANGUAGE="en")
    assert response.context["problems"] == []
    assert len(response.context["sheet"].lines) == 1


def test_a_finished_rubber_has_no_row_for_another_deal(score):
    response = score([("4S", "N", "="), ("3NT", "S", "=")])
    assert len(response.context["formset"].forms) == 2
    assert "The sheet is over: we win by 920." in response.content.decode()


def test_the_page_opens_empty(client):
    response = client.get(SHEET, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert len(response.context["formset"].forms) == 1
    sheet = response.context["sheet"]
    assert sheet.lines == [] and sheet.next_number == 1
    assert sheet.next_vulnerability is Vulnerability.NONE


# -- the printed sheet -------------------------------------------------------


def test_the_printed_sheet_blank_for_the_table(client):
    for game, cycle in (("rubber", False), ("chicago", True)):
        response = client.get(PRINT, {"game": game}, HTTP_ACCEPT_LANGUAGE="en")
        html = response.content.decode()
        assert response.status_code == 200 and response.context["blank"]
        assert html.count("<tr><td></td><td></td></tr>") == 8 + 12
        assert ('id="chicago-cycle"' in html) is cycle
        assert "data-print" in html


def test_the_printed_sheet_filled_as_the_page_stands(score):
    response = score(ARTICLE_RUBBER, url=PRINT)
    html = response.content.decode()
    assert not response.context["blank"]
    assert re.search(r'id="total-they">1640<', html)
    assert 'id="back-link"' in html and "deal-5-honours=EW150" in html


# -- bad input, named by deal and field -------------------------------------


@pytest.mark.parametrize(
    ("deal", "problem"),
    [
        (("8S", "N", "="), "Deal 1 – Contract: “8S” is impossible: a contract is for 1 to 7 odd tricks."),
        (("0NT", "N", "="), "Deal 1 – Contract: “0NT” is impossible: a contract is for 1 to 7 odd tricks."),
        (("4Z", "N", "="), "Deal 1 – Contract: “4Z” is not a contract: write the level 1–7, the suit C, D, H, S or NT, then X or XX if doubled (e.g. 4SX)."),
        (("", "N", "="), "Deal 1 – Contract: Write the contract (e.g. 4SX) or Pass."),
        (("4S", "", "="), "Deal 1 – Declarer: Choose the declarer."),
        (("4S", "N", "+4"), "Deal 1 – Result: “+4” is impossible for 4S: that is 14 tricks, and a deal has 0 to 13."),
        (("1C", "N", "-8"), "Deal 1 – Result: “-8” is impossible for 1C: that is -1 tricks, and a deal has 0 to 13."),
        (("4S", "N", "14"), "Deal 1 – Result: “14” is impossible for 4S: that is 14 tricks, and a deal has 0 to 13."),
        (("4S", "N", "+0"), "Deal 1 – Result: Write = for a contract made exactly."),
        (("4S", "N", "made"), "Deal 1 – Result: “made” is not a result: write =, +1, -2 or the tricks taken (0–13)."),
        (("4S", "N", ""), "Deal 1 – Result: Write the result: = for made, +1, -2, or the tricks taken."),
        (("3NT", "N", "=", "NS100"), "Deal 1 – Honours: In notrump only all four aces in one hand count (150), not four honours."),
        (("Pass", "N", ""), "Deal 1 – Declarer: A passed-out deal has no declarer."),
        (("Pass", "", "-1"), "Deal 1 – Result: A passed-out deal has no result."),
        (("Pass", "", "", "NS100"), "Deal 1 – Honours: A passed-out deal scores no honours."),
    ],
)  # fmt: skip
def test_a_bad_deal_is_named_by_deal_and_field(score, deal, problem):
    """Seed 004 lines 29-40 (levels 1-7, strains), 79-83 (honours); the Laws' 13 tricks."""
    response = score([deal])
    assert _problems(response) == [problem]
    assert response.context["sheet"] is None


def test_a_bad_row_is_named_by_its_place_on_the_page(score):
    response = score([("4S", "N", "="), ("2H", "E", "="), ("4S", "N", "+4")])
    assert _problems(response) == [
        "Deal 3 – Result: “+4” is impossible for 4S: that is 14 tricks, and a deal has 0 to 13."
    ]
    assert 'href="#id_deal-2-result"' in response.content.decode()


def test_a_deal_after_the_rubber_was_won_is_refused(score):
    """Seed 004 lines 73, 95: two games end the rubber."""
    response = score([("4S", "N", "="), ("3NT", "S", "="), ("1C", "E", "=")])
    assert _problems(response) == [
        "Deal 3: the rubber was already won at the deal before: start a new rubber."
    ]


def test_a_fifth_chicago_deal_is_refused(score):
    """Seed 004 line 22: four-deal bridge."""
    response = score(CHICAGO + [("1C", "E", "=")], game="chicago")
    assert _problems(response) == [
        "Deal 5: a Chicago has four deals and this would be a fifth: start a new Chicago."
    ]


@pytest.mark.parametrize(
    "tampered",
    [
        {"deal-0-honours": "NS200"},
        {"deal-0-declarer": "Q"},
        {"game": "poker"},
        {"we": "NE"},
        {"first_dealer": "X"},
        {"deal-TOTAL_FORMS": "many"},
        {"deal-TOTAL_FORMS": "100000"},
    ],
)
def test_a_tampered_address_gets_a_message_not_a_crash(client, tampered):
    query = _query([("4S", "N", "=")])
    query.update(tampered)
    for url in (SHEET, PRINT):
        response = client.get(url, query, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 200
        assert response.context["problems"], tampered
        assert response.context["sheet"] is None


def test_every_sheet_item_has_its_rule_and_seed_lines():
    """Each number the domain can write (tournaments.domain.rubber.Item) is explained,
    with its seed 004 section and lines, in the legend of the game it occurs in."""
    from tournaments.domain.rubber import Item
    from tournaments.scoresheet.legend import RULES, legend

    assert set(RULES) == set(Item)
    shown = {rule.key for game in ("rubber", "chicago") for rule in legend(game)}
    assert {rule.key for rule in RULES.values()} <= shown
    assert all(re.fullmatch(r"[\d–, ]+", rule.lines) for rule in RULES.values())
    assert RULES[Item.RUBBER_BONUS].reference == "004 “Rubber bonus”, 71–75"
