"""SBF team awards (awards.domain.sbf.teams.award_team_competition).

Source: 000_18af0e66f52a62b2.txt, chapters 5 and 9. The seed's E2 example (24
boards: 6/6/6/3/3 for a win, 3/3/3/1.5/1.5 for a draw), accumulation with one
rounding at the end, VP penalties, walk-over, guests, bonuses, and the
barometer rules for teams of more than four players.

Personas: the Aces (Anna, Bert, Cilla the whole match; Dan and Eva a half
each), the Bees, the Cats and the Dogs (four players each).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal

import pytest

from awards.domain.core import (
    AwardOutcome,
    Colour,
    Competition,
    Match,
    Placing,
    Player,
    Reason,
    UnknownScale,
)
from awards.domain.sbf.teams import award_team_competition

ACES = ("anna", "bert", "cilla", "dan", "eva")
E2_HALVES = (
    ("Aces", "anna", 2),
    ("Aces", "bert", 2),
    ("Aces", "cilla", 2),
    ("Aces", "dan", 1),
    ("Aces", "eva", 1),
)


def team(
    entry: str, place: int, ids: tuple[str, ...], place_to: int | None = None, **player: object
) -> Placing:
    return Placing(
        entry=entry,
        place=place,
        place_to=place_to or place,
        players=tuple(Player(pid, **player.get(pid, {})) for pid in ids),  # type: ignore[arg-type]
    )


def four(name: str) -> tuple[str, ...]:
    return tuple(f"{name.lower()}{n}" for n in range(1, 5))


def field(**aces: object) -> tuple[Placing, ...]:
    return (
        team("Aces", 1, ACES, **aces),
        team("Bees", 2, four("Bees")),
        team("Cats", 3, four("Cats")),
        team("Dogs", 4, four("Dogs")),
    )


def match(
    round_: int,
    home: str,
    away: str,
    vp: tuple[object, object],
    boards: int = 24,
    halves: tuple[tuple[str, str, int], ...] = E2_HALVES,
    **facts: object,
) -> Match:
    return Match(
        round=round_,
        home=home,
        away=away,
        boards=boards,
        vp_home=None if vp[0] is None else Decimal(str(vp[0])),
        vp_away=None if vp[1] is None else Decimal(str(vp[1])),
        halves=halves,
        **facts,  # type: ignore[arg-type]
    )


def competition(
    table: str,
    matches: tuple[Match, ...],
    placings: tuple[Placing, ...] | None = None,
    level: Colour = Colour.SILVER,
    rounds: int = 3,
    **options: object,
) -> Competition:
    return Competition(
        kind="teams",
        level=level,
        placings=placings or field(),
        boards=sum(m.boards for m in matches),
        rounds=rounds,
        table=table,
        matches=matches,
        options=tuple(options.items()),
    )


def points(
    outcome: AwardOutcome, colour: Colour | None = None
) -> dict[str, tuple[Decimal, Decimal]]:
    return {
        a.player: (a.exact, a.credited)
        for a in outcome.awards
        if colour is None or a.colour == colour
    }


def exact(outcome: AwardOutcome, colour: Colour | None = None) -> dict[str, Decimal]:
    return {player: pair[0] for player, pair in points(outcome, colour).items()}


# ------------------------------------------------------------------ the E2 example


def test_e2_example_won_match_is_shared_6_6_6_3_3() -> None:
    outcome = award_team_competition(competition("E2", (match(1, "Aces", "Bees", (18, 12)),)))
    assert points(outcome) == {
        "anna": (Decimal(6), Decimal(6)),
        "bert": (Decimal(6), Decimal(6)),
        "cilla": (Decimal(6), Decimal(6)),
        "dan": (Decimal(3), Decimal(3)),
        "eva": (Decimal(3), Decimal(3)),
    }
    assert {a.colour for a in outcome.awards} == {Colour.SILVER}
    assert outcome.awards[0].reason == Reason(
        "E2", "Tabell E2, 1 vunnen match", "Table E2, 1 match won"
    )


def test_e2_example_drawn_match_is_shared_3_3_3_and_a_half() -> None:
    outcome = award_team_competition(competition("E2", (match(1, "Aces", "Bees", (15, 15)),)))
    aces = {p: v for p, v in points(outcome).items() if p in ACES}
    assert aces == {
        "anna": (Decimal(3), Decimal(3)),
        "bert": (Decimal(3), Decimal(3)),
        "cilla": (Decimal(3), Decimal(3)),
        "dan": (Decimal("1.5"), Decimal(2)),
        "eva": (Decimal("1.5"), Decimal(2)),
    }
    # The Bees (four players, no halves listed) played the whole match: 12 / 4.
    assert exact(outcome)["bees1"] == 3
    assert outcome.awards[0].reason.en == "Table E2, 1 match drawn"


def test_halves_add_up_over_the_series_and_are_rounded_up_once() -> None:
    # "Dessa halvor adderas i tävlingen och eventuell slutpoängsdecimal avrundas uppåt."
    outcome = award_team_competition(
        competition("E2", (match(1, "Aces", "Bees", (15, 15)), match(2, "Aces", "Cats", (16, 14))))
    )
    assert points(outcome)["dan"] == (Decimal(3), Decimal(3))  # 1.5 + 1.5, not 2 + 2
    assert points(outcome)["anna"] == (Decimal(6), Decimal(6))
    assert outcome.awards[0].reason.sv == "Tabell E2, 2 oavgjorda matcher"


def test_wins_and_draws_accumulate_with_the_reason_counting_both() -> None:
    outcome = award_team_competition(
        competition(
            "E2",
            (
                match(1, "Aces", "Bees", (18, 12)),
                match(2, "Aces", "Cats", (15, 15)),
                match(3, "Dogs", "Aces", (10, 20)),
            ),
        )
    )
    assert points(outcome)["anna"] == (Decimal(15), Decimal(15))
    assert points(outcome)["eva"] == (Decimal("7.5"), Decimal(8))
    reason = outcome.awards[0].reason
    assert (reason.sv, reason.en) == (
        "Tabell E2, 2 vunna matcher, 1 oavgjord match",
        "Table E2, 2 matches won, 1 match drawn",
    )


def test_e3_reason_names_the_division() -> None:
    matches = (
        match(1, "Aces", "Bees", (18, 12)),
        match(2, "Aces", "Cats", (20, 10)),
        match(3, "Aces", "Dogs", (25, 5)),
    )
    outcome = award_team_competition(competition("E3", matches, division=2, divisions=3))
    # Division 2 of 3 plays for the boards: 24 a match, 6 to a whole-match player.
    assert points(outcome)["anna"] == (Decimal(18), Decimal(18))
    assert outcome.awards[0].reason == Reason(
        "E3", "Tabell E3, division 2, 3 vunna matcher", "Table E3, division 2, 3 matches won"
    )


def test_e3_minimum_per_match_is_shared_too() -> None:
    # Division 8 of 8, 12 boards: 12 - 14 < 0, the minimum 2 sp to share.
    outcome = award_team_competition(
        competition("E3", (match(1, "Aces", "Bees", (18, 12), boards=12),), division=8, divisions=8)
    )
    assert exact(outcome)["anna"] == Decimal("0.5")
    assert points(outcome)["dan"] == (Decimal("0.25"), Decimal(1))


# ------------------------------------------------------------------ results


def test_penalty_turns_the_winners_win_into_a_draw() -> None:
    # 18-12 less 1 VP for the winners: 17-12, points as for a draw; the Bees nothing.
    outcome = award_team_competition(
        competition("E2", (match(1, "Aces", "Bees", (18, 12), penalty_home=Decimal(1)),))
    )
    assert exact(outcome)["anna"] == 3
    assert not any(p.startswith("bees") for p in exact(outcome))


def test_penalty_turns_the_losers_draw_into_nothing() -> None:
    # 17-13 and the 13 team loses 1 VP: 17-12, the 12 team gets nothing.
    outcome = award_team_competition(
        competition("E2", (match(1, "Aces", "Bees", (17, 13), penalty_away=Decimal(1)),))
    )
    assert exact(outcome)["anna"] == 3
    assert not any(p.startswith("bees") for p in exact(outcome))


def test_no_points_for_a_walkover_win() -> None:
    outcome = award_team_competition(
        competition("E2", (match(1, "Aces", "Bees", (18, 12), walkover=True),))
    )
    assert outcome == AwardOutcome(
        no_award=Reason("E2", "Inga vunna eller oavgjorda matcher", "No match won or drawn")
    )


def test_a_walkover_does_not_count_for_the_other_matches() -> None:
    outcome = award_team_competition(
        competition(
            "E2",
            (match(1, "Aces", "Bees", (20, 10), walkover=True), match(2, "Aces", "Cats", (18, 12))),
        )
    )
    assert exact(outcome)["anna"] == 6


def test_a_knockout_match_without_vp_is_won_on_imps() -> None:
    cup = match(1, "Aces", "Bees", (None, None), imps_home=Decimal(40), imps_away=Decimal(39))
    outcome = award_team_competition(competition("E2", (cup,), cup=True))
    assert exact(outcome)["anna"] == 6
    assert not any(p.startswith("bees") for p in exact(outcome))


def test_a_scale_whose_total_varies_needs_vp_scale() -> None:
    old_scale = (match(1, "Aces", "Bees", (25, 3)),)
    refused = award_team_competition(competition("E2", old_scale))
    assert refused.no_award is not None
    assert refused.no_award.table == "E2"
    assert "vp_scale" in refused.no_award.en
    assert exact(award_team_competition(competition("E2", old_scale, vp_scale=30)))["anna"] == 6


# ------------------------------------------------------------------ players


def test_a_guest_gets_nothing_and_the_share_is_not_handed_on() -> None:
    outcome = award_team_competition(
        competition(
            "E2", (match(1, "Aces", "Bees", (18, 12)),), placings=field(eva={"entitled": False})
        )
    )
    assert "eva" not in exact(outcome)
    assert exact(outcome)["dan"] == 3
    assert exact(outcome)["anna"] == 6


def test_a_team_of_five_must_list_its_halves() -> None:
    with pytest.raises(ValueError, match="halves"):
        award_team_competition(competition("E2", (match(1, "Aces", "Bees", (18, 12), halves=()),)))


@pytest.mark.parametrize(
    ("halves", "message"),
    [
        ((*E2_HALVES, ("Aces", "anna", 1)), "more than eight halves"),
        ((("Aces", "zed", 2),), "not listed"),
        ((("Aces", "anna", 3),), "0, 1 or 2"),
    ],
)
def test_impossible_halves_are_refused(
    halves: tuple[tuple[str, str, int], ...], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        award_team_competition(
            competition("E2", (match(1, "Aces", "Bees", (18, 12), halves=halves),))
        )


def test_a_match_naming_an_unknown_team_is_refused() -> None:
    with pytest.raises(ValueError, match="no placing"):
        award_team_competition(competition("E2", (match(1, "Aces", "Owls", (18, 12)),)))


# ------------------------------------------------------------------ bronze series


def round_robin(aces_vp: tuple[int, int] = (20, 10), **facts: object) -> tuple[Match, ...]:
    """The Aces beat everybody; Bees beat Cats and Dogs; Cats beat Dogs. Eva plays one half."""
    halves = (("Aces", "anna", 2), ("Aces", "bert", 2), ("Aces", "cilla", 2), ("Aces", "dan", 2))
    eva_round = (
        ("Aces", "anna", 2),
        ("Aces", "bert", 2),
        ("Aces", "cilla", 2),
        ("Aces", "dan", 1),
        ("Aces", "eva", 1),
    )
    return (
        match(1, "Aces", "Bees", aces_vp, halves=eva_round, **facts),
        match(1, "Cats", "Dogs", (20, 10), halves=(), **facts),
        match(2, "Aces", "Cats", aces_vp, halves=halves, **facts),
        match(2, "Bees", "Dogs", (20, 10), halves=(), **facts),
        match(3, "Aces", "Dogs", aces_vp, halves=halves, **facts),
        match(3, "Bees", "Cats", (20, 10), halves=(), **facts),
    )


def test_b2_series_with_bonus_for_a_third_of_the_halves() -> None:
    outcome = award_team_competition(competition("B2", round_robin(), level=Colour.BRONZE))
    got = points(outcome)
    # Three wins of 64: 16 a whole match; bonus 30 (4 teams, place 1).
    assert got["anna"] == (Decimal(78), Decimal(78))
    # Dan: 8 + 16 + 16 = 40, five halves of six, so the bonus too.
    assert got["dan"] == (Decimal(70), Decimal(70))
    # Eva: one half of six is under a third: 8, no bonus.
    assert got["eva"] == (Decimal(8), Decimal(8))
    assert outcome.awards[0].reason.sv == "Tabell B2, 3 vunna matcher, bonus plats 1: 30 bp"
    assert outcome.awards[0].reason.en == "Table B2, 3 matches won, bonus place 1: 30 bp"
    # The Bees: two wins, place 2 of 4 has no bonus.
    assert got["bees1"] == (Decimal(32), Decimal(32))


def test_b2_cup_has_no_bonus() -> None:
    outcome = award_team_competition(
        competition("B2", round_robin(), level=Colour.BRONZE, cup=True)
    )
    assert exact(outcome)["anna"] == 48


def test_b2_needs_24_boards() -> None:
    outcome = award_team_competition(competition("B2", round_robin(boards=20), level=Colour.BRONZE))
    assert outcome.no_award is not None
    assert (
        outcome.no_award.en
        == "Table B2 needs at least 24 boards per match, not 20 (12-23 boards: table B4)"
    )


def test_b3_division_2_of_3_plays_for_60_with_half_the_bonus() -> None:
    outcome = award_team_competition(
        competition("B3", round_robin(), level=Colour.BRONZE, division=2, divisions=3)
    )
    assert exact(outcome)["anna"] == 3 * 15 + 15  # 60 / 4 a match, 50 % of 30
    assert (
        outcome.awards[0].reason.sv
        == "Tabell B3, division 2, 3 vunna matcher, bonus plats 1: 15 bp"
    )


def test_b4_with_one_match_per_round_needs_16_boards() -> None:
    refused = award_team_competition(
        competition("B4", round_robin(boards=12), level=Colour.BRONZE, matches_per_round=1)
    )
    assert refused.no_award is not None
    assert (
        refused.no_award.sv == "Tabell B4 med en match per omgång kräver minst 16 brickor, inte 12"
    )
    two_a_round = award_team_competition(
        competition("B4", round_robin(boards=12), level=Colour.BRONZE, matches_per_round=2)
    )
    assert exact(two_a_round)["anna"] == 24  # 3 x 32 / 4, no bonus in B4


def test_fewer_teams_than_the_table_needs_gives_no_award() -> None:
    outcome = award_team_competition(
        competition("E2", (match(1, "Aces", "Bees", (18, 12)),), placings=field()[:3])
    )
    assert outcome.no_award == Reason(
        "E2", "Tabell E2 kräver minst 4 lag, inte 3", "Table E2 needs at least 4 teams, not 3"
    )


# ------------------------------------------------------------------ silver and gold series


def test_e5_division_3_plays_for_32_sp_with_gold_bonus() -> None:
    outcome = award_team_competition(competition("E5", round_robin(), division=3))
    assert exact(outcome, Colour.SILVER)["anna"] == 24  # 3 x 32 / 4
    assert points(outcome, Colour.GOLD)["anna"] == (Decimal(2), Decimal(2))
    assert points(outcome, Colour.GOLD)["bees1"] == (Decimal(1), Decimal(1))
    assert "eva" not in exact(outcome, Colour.GOLD)  # one half of six
    assert "cats1" not in exact(outcome, Colour.GOLD)


def test_g1_sm_final_plays_for_gold_with_bonus() -> None:
    outcome = award_team_competition(competition("G1", round_robin(boards=20), level=Colour.GOLD))
    assert exact(outcome, Colour.GOLD)["anna"] == 3 * 3 + 28  # 12 gp a win, a quarter each
    assert exact(outcome, Colour.GOLD)["cats1"] == 3 + 14
    assert "dogs1" not in exact(outcome)  # no match won, no bonus place


def test_g2_juniors_best_teams_get_gold_instead_of_silver() -> None:
    placings = field() + tuple(team(f"T{n}", n, four(f"T{n}")) for n in range(5, 7))
    outcome = award_team_competition(
        competition("G2", round_robin(), placings=placings, level=Colour.GOLD, sm_event="junior")
    )
    # 6 teams: 7-4 gp to the best two; the others keep their sp.
    assert exact(outcome, Colour.GOLD)["anna"] == 7
    assert exact(outcome, Colour.GOLD)["bees1"] == 4
    assert "anna" not in exact(outcome, Colour.SILVER)
    assert exact(outcome, Colour.SILVER)["cats1"] == 6
    gold = next(a for a in outcome.awards if a.player == "anna")
    assert gold.reason.sv == "Tabell G2 (G2a), 3 vunna matcher, plats 1: 7 gp i stället för sp"


def test_g2_veterans_qualify_for_silver_and_win_knockouts_for_gold() -> None:
    matches = (
        match(1, "Aces", "Bees", (18, 12), boards=16),
        match(
            2, "Aces", "Cats", (None, None), boards=24, imps_home=Decimal(60), imps_away=Decimal(50)
        ),
    )
    outcome = award_team_competition(
        competition("G2", matches, level=Colour.GOLD, sm_event="veteran", stages={2: "final"})
    )
    assert exact(outcome, Colour.SILVER)["anna"] == 4  # 16 sp / 4
    assert exact(outcome, Colour.GOLD)["anna"] == 4  # final: 16 gp / 4
    assert exact(outcome, Colour.GOLD)["dan"] == 2


def test_g3_elitserien_winners_get_20_percent_on_their_points() -> None:
    outcome = award_team_competition(
        competition("G3", round_robin(), level=Colour.GOLD, division=1)
    )
    assert points(outcome)["anna"] == (Decimal("10.8"), Decimal(11))  # 3 x 12 / 4 x 1.2
    assert points(outcome)["eva"] == (Decimal("1.8"), Decimal(2))
    assert exact(outcome)["bees1"] == 6  # no bonus below the winners
    assert (
        outcome.awards[0].reason.en
        == "Table G3, Elitserien, 3 matches won, Elitserien winners: 20 % bonus"
    )
    division_2 = award_team_competition(
        competition("G3", round_robin(), level=Colour.GOLD, division=2)
    )
    assert exact(division_2)["anna"] == Decimal("4.5")


# ------------------------------------------------------------------ barometers


def barometer(
    table: str, teams: int, level: Colour = Colour.BRONZE, **first: object
) -> Competition:
    placings = [team("Aces", 1, ACES, **first)]
    placings += [team(f"T{n}", n, four(f"T{n}")) for n in range(2, teams + 1)]
    return Competition(
        kind="teams", level=level, placings=tuple(placings), boards=45, rounds=15, table=table
    )


def test_b1_barometer_gives_every_player_the_place_and_a_large_team_its_share() -> None:
    outcome = award_team_competition(
        barometer(
            "B1",
            8,
            anna={"matches_played": 15},
            bert={"matches_played": 15},
            cilla={"matches_played": 10},
            dan={"matches_played": 5},
            eva={"matches_played": 4},
        )
    )
    got = points(outcome)
    assert got["anna"] == (Decimal(24), Decimal(24))
    # "Har man spelat 10 matcher av 15 erhåller berättigade spelare 2/3".
    assert got["cilla"] == (Decimal(16), Decimal(16))
    assert got["dan"] == (Decimal(8), Decimal(8))  # a third exactly still counts
    assert "eva" not in got  # under a third of the matches
    assert got["t21"] == (Decimal(16), Decimal(16))
    assert got["t31"] == (Decimal(11), Decimal(11))
    assert "t41" not in got
    cilla = next(a for a in outcome.awards if a.player == "cilla")
    assert cilla.reason == Reason(
        "B1",
        "Tabell B1, 8 lag, plats 1, 10 av 15 matcher",
        "Table B1, 8 teams, place 1, 10 of 15 matches",
    )


def test_a_large_barometer_team_needs_matches_played() -> None:
    with pytest.raises(ValueError, match="matches_played"):
        award_team_competition(barometer("B1", 8))


def test_a_shared_team_place_shares_the_places_points() -> None:
    placings = (
        team("Aces", 1, four("Aces")),
        team("Bees", 2, four("Bees"), place_to=3),
        team("Cats", 2, four("Cats"), place_to=3),
    ) + tuple(team(f"T{n}", n, four(f"T{n}")) for n in range(4, 9))
    outcome = award_team_competition(
        Competition(kind="teams", level=Colour.BRONZE, placings=placings, boards=45, table="B1")
    )
    # 8 teams: 24 16 11; places 2-3 share (16 + 11) / 2 = 13.5, rounded up.
    assert points(outcome)["bees1"] == (Decimal("13.5"), Decimal(14))
    assert points(outcome)["cats1"] == (Decimal("13.5"), Decimal(14))
    assert (
        next(a for a in outcome.awards if a.player == "bees1").reason.sv
        == "Tabell B1, 8 lag, plats 2-3"
    )


def test_e1_barometer_gives_silver_to_the_best_quarter_and_bronze_after() -> None:
    outcome = award_team_competition(
        barometer("E1", 8, level=Colour.SILVER, **{p: {"matches_played": 15} for p in ACES})
    )
    assert points(outcome, Colour.SILVER) == {
        **{p: (Decimal(12), Decimal(12)) for p in ACES},
        **{p: (Decimal(8), Decimal(8)) for p in four("T2")},
    }
    assert exact(outcome, Colour.BRONZE) == {p: Decimal(22) for p in four("T3")}


def test_e1_too_small_gives_no_award_with_the_reason() -> None:
    outcome = award_team_competition(barometer("E1", 7, level=Colour.SILVER))
    assert outcome.no_award == Reason(
        "E1", "Tabell E1 kräver minst 8 lag, inte 7", "Table E1 needs at least 8 teams, not 7"
    )


# ------------------------------------------------------------------ names


def test_a_competition_without_a_team_table_is_refused() -> None:
    with pytest.raises(UnknownScale):
        award_team_competition(competition("D", (match(1, "Aces", "Bees", (18, 12)),)))
    nameless_series = competition("E2", (match(1, "Aces", "Bees", (18, 12)),))
    with pytest.raises(UnknownScale, match="names its table"):
        award_team_competition(replace(nameless_series, table=None))
    nameless_gold = replace(barometer("E1", 12, level=Colour.GOLD), table=None)
    with pytest.raises(UnknownScale):
        award_team_competition(nameless_gold)


@pytest.mark.parametrize(("level", "table"), [(Colour.BRONZE, "B1"), (Colour.SILVER, "E1")])
def test_a_team_event_without_table_or_matches_is_a_barometer(level: Colour, table: str) -> None:
    named = barometer(table, 12, level=level, **{p: {"matches_played": 15} for p in ACES})
    assert award_team_competition(replace(named, table=None)) == award_team_competition(named)
