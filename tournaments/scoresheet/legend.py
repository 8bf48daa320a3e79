"""Which rule each number on the score sheet comes from: the seed 004 section and
lines beside every item the domain writes (``tournaments.domain.rubber.Item``), for the
page's hover titles and its legend."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from tournaments.domain.rubber import Item

SEED = "004"


@dataclass(frozen=True)
class Rule:
    key: str
    label: Promise
    section: str
    """The seed's own heading, quoted as printed (English)."""
    lines: str
    """Lines of seed 004_058b41174697c9d9.txt."""
    text: Promise

    @property
    def reference(self) -> str:
        return f"{SEED} “{self.section}”, {self.lines}"


RULES: dict[Item, Rule] = {
    Item.CONTRACT: Rule(
        "contract",
        _("Contract points"),
        "Contract points",
        "29–40, 96–98",
        _(
            "Each odd trick bid and made: minors 20, majors 30, notrump 40 for the first "
            "and 30 after; doubled ×2, redoubled ×4. The only points below the line."
        ),
    ),
    Item.OVERTRICKS: Rule(
        "overtricks",
        _("Overtrick points"),
        "Overtrick points",
        "41–50",
        _(
            "Each trick over the contract: its trick value undoubled; doubled 100, "
            "vulnerable 200; redoubled 200, vulnerable 400."
        ),
    ),
    Item.SLAM: Rule(
        "slam",
        _("Slam bonus"),
        "Slam bonus",
        "51–54",
        _("Small slam 500, vulnerable 750; grand slam 1000, vulnerable 1500."),
    ),
    Item.INSULT: Rule(
        "insult",
        _("Bonus for a (re)doubled contract made"),
        "Doubled or redoubled bonus",
        "55–58",
        _("50 for a doubled contract made, 100 for a redoubled one (“for insult”)."),
    ),
    Item.PENALTY: Rule(
        "penalty",
        _("Penalty points"),
        "Penalty points",
        "60–70",
        _(
            "To the defenders for each undertrick: 50 or 100 vulnerable undoubled; "
            "doubled 100, 200, 200, then 300 each (vulnerable 200, then 300 each); "
            "redoubled twice that."
        ),
    ),
    Item.HONOURS: Rule(
        "honours",
        _("Honours"),
        "Honor bonus or honors",
        "21, 25, 79–83",
        _(
            "To the side that held them, whatever the contract did: 100 for four of the "
            "five trump honours in one hand, 150 for all five, or all four aces in notrump."
        ),
    ),
    Item.RUBBER_BONUS: Rule(
        "rubber-bonus",
        _("Rubber bonus"),
        "Rubber bonus",
        "71–75",
        _(
            "To the first side to win two games: 700 if the opponents have no game "
            "(a fast rubber), 500 if they have one (a slow rubber)."
        ),
    ),
    Item.UNFINISHED_GAME: Rule(
        "unfinished-game",
        _("Unfinished rubber: game"),
        "Rubber bonus",
        "76–77",
        _("A rubber stopped before its end: 300 if only one side has won a game."),
    ),
    Item.UNFINISHED_PART_SCORE: Rule(
        "unfinished-part-score",
        _("Unfinished rubber: part-score"),
        "Rubber bonus",
        "76, 78",
        _(
            "A rubber stopped before its end: 100 if only one side has a part-score in "
            "the game being played."
        ),
    ),
    Item.GAME_BONUS: Rule(
        "game-bonus",
        _("Game bonus"),
        "Game or part-game bonus (Chicago)",
        "24, 88–89, 91",
        _(
            "Chicago: contract points add up towards game as in rubber bridge; the deal "
            "that completes a game scores 300, or 500 when that side is vulnerable."
        ),
    ),
    Item.PART_SCORE_BONUS: Rule(
        "part-score-bonus",
        _("Part-score bonus"),
        "Game or part-game bonus (Chicago)",
        "23, 88–90",
        _(
            "Chicago: 100 for a partial contract bid and made on the fourth deal that does "
            "not complete a game; earlier part-scores get nothing."
        ),
    ),
}

# Rules that decide the sheet's shape rather than a number.
GAME = Rule(
    "game",
    _("Game"),
    "Scoring elements",
    "10, 95",
    _(
        "A game is 100 contract points below the line; then both sides' part-scores are "
        "cut off (a line is drawn) and count only in the total."
    ),
)
RUBBER_VULNERABILITY = Rule(
    "rubber-vulnerability",
    _("Vulnerability (rubber)"),
    "An example rubber",
    "74–75, 122, 124",
    _("A side that has won a game is vulnerable for the rest of the rubber."),
)
CHICAGO_VULNERABILITY = Rule(
    "chicago-vulnerability",
    _("Vulnerability (Chicago)"),
    "Scoring elements",
    "22–25",
    _(
        "Four deals, the deal passing clockwise. Deal 1: nobody vulnerable; deals 2 and 3: "
        "the dealer's side; deal 4: both. (The seed says only that the four deals have "
        "fixed vulnerability; this is the Laws of Contract Bridge, Chicago. A passed-out "
        "deal is dealt again by the same dealer.)"
    ),
)


def legend(game: str) -> list[Rule]:
    """The rules a rubber or a Chicago sheet can show, in the order of the sheet."""
    items = [Item.CONTRACT, Item.OVERTRICKS, Item.SLAM, Item.INSULT, Item.PENALTY]
    if game == "chicago":
        items += [Item.GAME_BONUS, Item.PART_SCORE_BONUS, Item.HONOURS]
        shape = [GAME, CHICAGO_VULNERABILITY]
    else:
        items += [
            Item.HONOURS,
            Item.RUBBER_BONUS,
            Item.UNFINISHED_GAME,
            Item.UNFINISHED_PART_SCORE,
        ]
        shape = [GAME, RUBBER_VULNERABILITY]
    return shape + [RULES[item] for item in items]
