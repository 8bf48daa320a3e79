"""The bonus part of an award (``PlayerAward.bonus``): ranking gives bonuses no points
(000_18af0e66f52a62b2.txt, chapter 7: "Bonus i Allsvenskan, SM- eller DM-finaler ger
ej rankingpoäng"), so every award says how much of its ``exact`` is bonus.

Expected numbers come from the seed's tables: table D rows 12 (line 1152: 12 8 6 sp,
16 bp) and 36 (line 1176: 36 24 18 15 11 9 7 6 4 sp) with the simultaneous silver
bonus of 1/5 (lines 448-457); B2 (64 bp a won match, line 931) and its bonus table
(5 teams: 40 10, line 965; to players with a third of the halves, lines 986-989); B3
(division 2 of 2 plays for 56, 50 % bonus, lines 993-994, 1013-1016); E5 division 3
(32 sp a match, 2 and 1 gp bonus, lines 1664-1676); G1 (16 gp a 24-board match,
bonus 28 20 14, lines 1801-1818); G2a (6-8 teams: 7-4 gp, lines 1820-1832); G3
(12 gp a match, Elitserien winners 20 %, lines 1857-1864).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from awards.domain.core import Colour, Competition, Match, Placing, Player, PlayerAward
from awards.domain.sbf import SBF

B, S, G = Colour.BRONZE, Colour.SILVER, Colour.GOLD
TEAMS = ("Aces", "Bees", "Cats", "Dogs", "Eels", "Fish")


def only(awards: tuple[PlayerAward, ...], player: str, colour: Colour) -> PlayerAward:
    found = [a for a in awards if a.player == player and a.colour is colour]
    assert len(found) == 1, found
    return found[0]


def test_player_award_has_no_bonus_unless_told():
    outcome = SBF.award(
        Competition(
            "pairs",
            B,
            tuple(Placing(f"e{n}", n, n, (Player(f"{n}a"),)) for n in range(1, 13)),
            boards=24,
        )
    )
    assert outcome.awards and all(a.bonus == 0 for a in outcome.awards)


# -- simultaneous silver: 1/5 of the whole field's silver on the common list --


def simultaneous(overall: dict[tuple[str, int], tuple[int, int]]) -> Competition:
    """Three heats of 12 pairs, 48 boards; ``overall`` maps (heat, place) to the
    place on the common list of 36 pairs."""
    placings = []
    for heat in "XYZ":
        for place in range(1, 13):
            common = overall.get((heat, place))
            placings.append(
                Placing(
                    f"{heat}{place}",
                    place,
                    place,
                    (Player(f"{heat}{place}"),),
                    section=heat,
                    overall_place=common[0] if common else None,
                    overall_place_to=common[1] if common else None,
                )
            )
    return Competition("pairs", S, tuple(placings), boards=48, options=(("simultaneous", True),))


SIMULTANEOUS = simultaneous(
    {
        ("X", 1): (1, 1),
        ("Y", 1): (2, 2),
        ("X", 2): (3, 3),
        ("Y", 2): (4, 5),
        ("Z", 1): (4, 5),
        ("X", 4): (6, 6),
    }
)


@pytest.mark.parametrize(
    ("player", "exact", "credited", "bonus"),
    [
        # heat sp (row 12) + 1/5 of the 36-pair row at the common place
        ("X1", Decimal("19.2"), 20, Decimal("7.2")),  # 12 + 36/5; 12 + 8
        ("Y1", Decimal("16.8"), 17, Decimal("4.8")),  # 12 + 24/5; 12 + 5
        ("X2", Decimal("11.6"), 12, Decimal("3.6")),  # 8 + 18/5; 8 + 4
        ("Y2", Decimal("10.6"), 11, Decimal("2.6")),  # 8 + (15 + 11)/5/2; 8 + 3
        ("Z1", Decimal("14.6"), 15, Decimal("2.6")),  # 12 + 2.6; 12 + 3
        ("X4", Decimal("1.8"), 2, Decimal("1.8")),  # no heat sp: all bonus, 9/5
        ("Z2", Decimal(8), 8, Decimal(0)),  # not in the common list's best
    ],
)
def test_simultaneous_silver_bonus_part(player, exact, credited, bonus):
    award = only(SBF.award(SIMULTANEOUS).awards, player, S)
    assert (award.exact, award.credited, award.bonus) == (exact, credited, bonus)


def test_simultaneous_heat_bronze_is_not_bonus():
    # X4 is 4th in its heat of 12: row 12's 16 bp, beside the all-bonus silver.
    award = only(SBF.award(SIMULTANEOUS).awards, "X4", B)
    assert (award.exact, award.bonus) == (16, 0)


def test_simultaneous_bonus_part_follows_a_reserves_share():
    competition = simultaneous({("X", 1): (1, 1)})
    placings = list(competition.placings)
    placings[0] = Placing(
        "X1",
        1,
        1,
        (Player("X1", boards_played=24),),
        section="X",
        overall_place=1,
        overall_place_to=1,
    )
    competition = Competition(
        "pairs",
        S,
        tuple(placings),
        boards=48,
        options=(("simultaneous", True), ("sessions", 2)),
    )
    award = only(SBF.award(competition).awards, "X1", S)
    # half the boards: half of 12 + 7.2
    assert (award.exact, award.bonus) == (Decimal("9.6"), Decimal("3.6"))


def test_simultaneous_bronze_has_no_bonus():
    placings = tuple(
        Placing(f"{h}{n}", n, n, (Player(f"{h}{n}"),), section=h, overall_place=2 * n - (h == "X"))
        for h in "XY"
        for n in range(1, 11)
    )
    outcome = SBF.award(
        Competition("pairs", B, placings, boards=24, options=(("simultaneous", True),))
    )
    assert outcome.awards and all(a.bonus == 0 for a in outcome.awards)


# -- team series --


def round_robin(
    table: str,
    teams: int,
    *,
    boards: int = 24,
    halves: dict[tuple[int, str], tuple[tuple[str, int], ...]] | None = None,
    **options: object,
) -> Competition:
    """Every team meets every other once; the better placed team wins 15-5 (VP
    scale 20). A team's first four players play every half unless ``halves`` names
    the seats of a (round, team)."""
    names = TEAMS[:teams]
    halves = halves or {}
    players = {name: [f"{name.lower()}{seat}" for seat in range(1, 5)] for name in names}
    for seats in halves.values():
        for pid, _ in seats:
            team = next(name for name in names if pid.startswith(name.lower()))
            if pid not in players[team]:
                players[team].append(pid)
    matches = []
    for round_, (home, away) in enumerate(
        ((a, b) for i, a in enumerate(names) for b in names[i + 1 :]), start=1
    ):
        listed = tuple(
            (team, pid, count)
            for team in (home, away)
            for pid, count in halves.get(
                (round_, team), tuple((pid, 2) for pid in players[team][:4])
            )
        )
        matches.append(Match(round_, home, away, boards, Decimal(15), Decimal(5), halves=listed))
    placings = tuple(
        Placing(name, place, place, tuple(Player(pid) for pid in players[name]))
        for place, name in enumerate(names, start=1)
    )
    return Competition(
        "teams",
        S,
        placings,
        boards=sum(m.boards for m in matches),
        rounds=len(matches),
        table=table,
        matches=tuple(matches),
        options=tuple(options.items()),
    )


def test_b2_bonus_part_is_the_bonus_table():
    # 5 teams: the Aces win 4 matches, the Bees 3, the Cats 2. 64 bp a win over eight
    # halves: 16 bp a player. Bonus 40 and 10 (B2's bonus table, 5 teams).
    awards = SBF.award(round_robin("B2", 5)).awards
    assert only(awards, "aces1", B).exact == 4 * 16 + 40
    assert only(awards, "aces1", B).bonus == 40
    assert (only(awards, "bees1", B).exact, only(awards, "bees1", B).bonus) == (3 * 16 + 10, 10)
    assert (only(awards, "cats1", B).exact, only(awards, "cats1", B).bonus) == (2 * 16, 0)


def test_b2_bonus_needs_a_third_of_the_halves():
    # Aces play 4 matches (8 halves); in the last one, Dan plays one half and Eva one.
    last = 4  # Aces-Eels: the Aces meet the others in rounds 1-4
    seats = (("aces1", 2), ("aces2", 2), ("aces3", 2), ("aces4", 1), ("aces5", 1))
    awards = SBF.award(round_robin("B2", 5, halves={(last, "Aces"): seats})).awards
    # Dan: 3 x 16 + 8 bp, and the bonus (7 of 8 halves). Eva: 8 bp, 1 half < 8/3: no bonus.
    assert (only(awards, "aces4", B).exact, only(awards, "aces4", B).bonus) == (56 + 40, 40)
    assert (only(awards, "aces5", B).exact, only(awards, "aces5", B).bonus) == (8, 0)


def test_b3_division_two_gets_half_the_bonus():
    # Division 2 of 2 plays for 56 a match (14 a player); bonus 50 % of 40 and 10.
    awards = SBF.award(round_robin("B3", 5, division=2, divisions=2)).awards
    assert (only(awards, "aces1", B).exact, only(awards, "aces1", B).bonus) == (4 * 14 + 20, 20)
    assert (only(awards, "bees1", B).exact, only(awards, "bees1", B).bonus) == (3 * 14 + 5, 5)


def test_b2_double_round_robin_doubles_the_bonus_part():
    awards = SBF.award(round_robin("B2", 5, double_round_robin=True)).awards
    assert only(awards, "aces1", B).bonus == 80


def test_e5_division_three_gold_is_all_bonus():
    # 32 sp a match (8 a player) stays match points; the 2 and 1 gp are bonus.
    awards = SBF.award(round_robin("E5", 5, division=3)).awards
    assert (only(awards, "aces1", S).exact, only(awards, "aces1", S).bonus) == (32, 0)
    aces_gold, bees_gold = only(awards, "aces1", G), only(awards, "bees1", G)
    assert (aces_gold.exact, aces_gold.bonus, aces_gold.credited) == (2, 2, 2)
    assert (bees_gold.exact, bees_gold.bonus) == (1, 1)
    assert not [a for a in awards if a.player == "cats1" and a.colour is G]


def test_g1_bonus_part():
    # 16 gp a 24-board match (4 a player); bonus 28, 20, 14.
    awards = SBF.award(round_robin("G1", 5)).awards
    assert (only(awards, "aces1", G).exact, only(awards, "aces1", G).bonus) == (16 + 28, 28)
    assert (only(awards, "cats1", G).exact, only(awards, "cats1", G).bonus) == (8 + 14, 14)
    assert (only(awards, "dogs1", G).exact, only(awards, "dogs1", G).bonus) == (4, 0)


def test_g3_elitserien_winners_twenty_percent_is_bonus():
    # 12 gp a match (3 a player): the winners' 12 gp + 20 % = 14.4, credited 15.
    awards = SBF.award(round_robin("G3", 5, division=1)).awards
    aces = only(awards, "aces1", G)
    assert (aces.exact, aces.credited, aces.bonus) == (Decimal("14.4"), 15, Decimal("2.4"))
    assert only(awards, "bees1", G).bonus == 0


def test_g3_division_two_has_no_bonus():
    awards = SBF.award(round_robin("G3", 5, division=2)).awards
    assert all(a.bonus == 0 for a in awards)


def test_g2a_gold_replaces_the_sp_and_is_not_a_bonus():
    # "omvandlas ... till guldpoäng": a conversion, not a bonus (docs/awards-teams.md).
    awards = SBF.award(round_robin("G2", 6, sm_event="junior")).awards
    aces = only(awards, "aces1", G)
    assert (aces.exact, aces.bonus) == (7, 0)
    assert not [a for a in awards if a.player == "aces1" and a.colour is S]


def test_barometers_have_no_bonus():
    placings = tuple(
        Placing(f"T{n}", n, n, tuple(Player(f"t{n}p{s}") for s in range(4))) for n in range(1, 13)
    )
    for level in (B, S):
        outcome = SBF.award(Competition("teams", level, placings, boards=48))
        assert outcome.awards and all(a.bonus == 0 for a in outcome.awards)
