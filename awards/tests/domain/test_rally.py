"""District rally bonus through ``SBF.award`` (000_18af0e66f52a62b2.txt, lines
459-487): at least six silver events, none spring or autumn silver; by the total
starting pairs over the rally's events, 96-100 pairs 1 gp to the winner, 101-200 pairs
2-1, more than 200 pairs 3-2-1; teams count twice, individual players half. The bonus
is individual ("Rallyt är individuellt i bonushänseende") and gives no ranking, so
every award is gold and all bonus. Shared places share (lines 488-494).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from awards.domain.core import AwardOutcome, Colour, Competition, Placing, Player, Reason
from awards.domain.sbf import SBF
from awards.domain.sbf import rally as rally_rules

G = Colour.GOLD


def standings(
    *places: tuple[int, int], size: int = 2, guests: tuple[str, ...] = ()
) -> tuple[Placing, ...]:
    """One placing per (place, place_to), entries e1, e2, ...; players e1a, e1b, ..."""
    return tuple(
        Placing(
            f"e{n}",
            place,
            place_to,
            tuple(Player(f"e{n}{s}", entitled=f"e{n}{s}" not in guests) for s in "abcd"[:size]),
        )
        for n, (place, place_to) in enumerate(places, start=1)
    )


def rally(
    placings: tuple[Placing, ...],
    *,
    kind: str = "pairs",
    starters: object = 150,
    silver_events: object = 6,
    **options: object,
) -> Competition:
    facts: dict[str, object] = {"rally": True, **options}
    if starters is not None:
        facts["rally_starters"] = starters
    if silver_events is not None:
        facts["rally_silver_events"] = silver_events
    return Competition(
        kind, Colour.SILVER, placings, boards=0, options=tuple(sorted(facts.items()))
    )


def gold(outcome: AwardOutcome) -> dict[str, tuple[Decimal, Decimal, Decimal]]:
    assert all(a.colour is G for a in outcome.awards)
    return {a.player: (a.exact, a.credited, a.bonus) for a in outcome.awards}


PODIUM = standings((1, 1), (2, 2), (3, 3), (4, 4))


@pytest.mark.parametrize(
    ("starters", "expected"),
    [
        (96, {"e1": 1}),
        (100, {"e1": 1}),
        (101, {"e1": 2, "e2": 1}),
        (150, {"e1": 2, "e2": 1}),
        (200, {"e1": 2, "e2": 1}),
        (201, {"e1": 3, "e2": 2, "e3": 1}),
    ],
)
def test_rally_bonus_per_place_to_every_player(starters, expected):
    awarded = gold(SBF.award(rally(PODIUM, starters=starters)))
    wanted = {
        f"{entry}{s}": (Decimal(gp), Decimal(gp), Decimal(gp))
        for entry, gp in expected.items()
        for s in "ab"
    }
    assert awarded == wanted


def test_rally_reason_names_starters_and_place():
    outcome = SBF.award(rally(PODIUM, starters=150))
    second = next(a for a in outcome.awards if a.player == "e2a")
    assert second.reason == Reason(
        "rally",
        "Rallybonus, 150 startande par, plats 2",
        "Rally bonus, 150 starting pairs, place 2",
    )


def test_rally_bonus_is_the_whole_award_and_replaces_the_tables():
    # A silver-level competition of 12 pairs would earn table D; a rally earns only gold.
    placings = standings(*((n, n) for n in range(1, 13)))
    outcome = SBF.award(rally(placings, starters=250))
    assert {a.entry for a in outcome.awards} == {"e1", "e2", "e3"}
    assert all(a.bonus == a.exact for a in outcome.awards)


def test_teams_count_twice():
    # 60 teams = 120 pairs: 2-1; each of the four players gets it.
    placings = standings((1, 1), (2, 2), (3, 3), size=4)
    outcome = SBF.award(rally(placings, kind="teams", starters=60))
    assert gold(outcome) == {
        **{f"e1{s}": (Decimal(2),) * 3 for s in "abcd"},
        **{f"e2{s}": (Decimal(1),) * 3 for s in "abcd"},
    }
    assert outcome.awards[0].reason.sv == "Rallybonus, 60 startande lag, plats 1"
    assert outcome.awards[0].reason.en == "Rally bonus, 60 starting teams, place 1"


def test_individual_players_count_half():
    placings = standings((1, 1), (2, 2), (3, 3), size=1)
    # 402 players = 201 pairs: 3-2-1; 400 players = 200 pairs: 2-1
    assert len(SBF.award(rally(placings, kind="individual", starters=402)).awards) == 3
    outcome = SBF.award(rally(placings, kind="individual", starters=400))
    assert gold(outcome) == {"e1a": (Decimal(2),) * 3, "e2a": (Decimal(1),) * 3}
    assert outcome.awards[0].reason.en == "Rally bonus, 400 starting players, place 1"


def test_shared_place_splits_and_rounds_up():
    # 150 pairs: places 1 and 2 give 2 + 1 gp; two pairs sharing 1-2 get 1.5 each,
    # credited 2.
    placings = standings((1, 2), (1, 2), (3, 3))
    outcome = SBF.award(rally(placings, starters=150))
    half = (Decimal("1.5"), Decimal(2), Decimal("1.5"))
    assert gold(outcome) == {"e1a": half, "e1b": half, "e2a": half, "e2b": half}
    assert outcome.awards[0].reason.sv == "Rallybonus, 150 startande par, delad plats 1-2"
    assert outcome.awards[0].reason.en == "Rally bonus, 150 starting pairs, shared place 1-2"


def test_shared_place_past_the_bonus_places():
    # 201 pairs: places 3-4 share 1 + 0 gp.
    placings = standings((1, 1), (2, 2), (3, 4), (3, 4))
    awarded = gold(SBF.award(rally(placings, starters=201)))
    assert awarded["e3a"] == awarded["e4b"] == (Decimal("0.5"), Decimal(1), Decimal("0.5"))


def test_only_entitled_players():
    placings = standings((1, 1), guests=("e1b",))
    assert set(gold(SBF.award(rally(placings, starters=120)))) == {"e1a"}


@pytest.mark.parametrize(
    ("facts", "sv", "en"),
    [
        (
            {"silver_events": 5},
            "Rallyt har 5 silvertävlingar; bonus kräver minst 6",
            "The rally has 5 silver events; a bonus needs at least 6",
        ),
        (
            {"rally_spring_autumn_events": 1, "silver_events": 8},
            "Rallyt har vår- eller höstsilver bland deltävlingarna (1): ingen bonus",
            "The rally includes spring or autumn silver events (1): no bonus",
        ),
        (
            {"starters": 95},
            "Rallyt har 95 startande par; bonus kräver minst 96 par",
            "The rally has 95 starting pairs; a bonus needs at least 96 pairs",
        ),
        (
            {"starters": 47, "kind": "teams"},
            "Rallyt har 47 startande lag (räknas som 94 par); bonus kräver minst 96 par",
            "The rally has 47 starting teams (counted as 94 pairs); a bonus needs at least 96 pairs",
        ),
        (
            {"starters": 191, "kind": "individual"},
            "Rallyt har 191 startande spelare (räknas som 95,5 par); bonus kräver minst 96 par",
            "The rally has 191 starting players (counted as 95.5 pairs); a bonus needs at least 96 pairs",
        ),
        (
            {"starters": None},
            "Rallyt behöver rally_starters som ett heltal, fick None",
            "The rally needs rally_starters as a whole number, got None",
        ),
        (
            {"silver_events": "six"},
            "Rallyt behöver rally_silver_events som ett heltal, fick 'six'",
            "The rally needs rally_silver_events as a whole number, got 'six'",
        ),
    ],
)
def test_a_rally_that_does_not_qualify_says_why(facts, sv, en):
    outcome = SBF.award(rally(PODIUM, **facts))
    assert outcome == AwardOutcome(no_award=Reason("rally", sv, en))


def test_refusals_agree_with_the_rule():
    # Wherever SBF.award refuses a qualified-looking rally, rally_rules.rally_bonus gives nothing.
    for kind in ("pairs", "teams", "individual"):
        for starters in range(40, 420):
            outcome = SBF.award(rally(PODIUM, kind=kind, starters=starters))
            bonus = rally_rules.rally_bonus(starters=starters, kind=kind, silver_events=6)
            assert (outcome.no_award is None) == bool(bonus), (kind, starters)


def test_rally_pairs():
    assert rally_rules.rally_pairs(8, "teams") == 16  # "Åtta lag likställs således med 16 par"
    assert rally_rules.rally_pairs(191, "individual") == Decimal("95.5")
    assert rally_rules.rally_pairs(150, "pairs") == 150


@pytest.mark.parametrize(
    ("starters", "kind", "bonus"),
    [
        (95, "pairs", ()),
        (96, "pairs", (1,)),
        (100, "pairs", (1,)),
        (101, "pairs", (2, 1)),
        (200, "pairs", (2, 1)),
        (201, "pairs", (3, 2, 1)),
        (48, "teams", (1,)),
        (51, "teams", (2, 1)),
        (200, "individual", (1,)),
        (400, "individual", (2, 1)),
        (402, "individual", (3, 2, 1)),
    ],
)
def test_rally_bonus(starters, kind, bonus):
    assert rally_rules.rally_bonus(starters=starters, kind=kind, silver_events=6) == bonus


def test_rally_bonus_needs_six_silver_events_none_spring_or_autumn():
    assert rally_rules.rally_bonus(starters=300, kind="pairs", silver_events=5) == ()
    assert (
        rally_rules.rally_bonus(starters=300, kind="pairs", silver_events=8, spring_autumn_events=1)
        == ()
    )
