"""SBF team scales (awards.domain.sbf.teams): B1-B4, E1-E5, G1-G3 as printed.

Source: 000_18af0e66f52a62b2.txt, chapter 9. The first rows of every printed
scale, the seed's worked examples, the cells that depart from a table's own
principle, and the refusals. The awards themselves: test_sbf_teams_awards.py.
"""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from awards.domain.core import Colour, OutOfRange, UnknownScale
from awards.domain.sbf import bronze_pairs, rules, teams_scales
from awards.domain.sbf.teams import (
    TEAM_TABLES,
    b1_row,
    b2_bonus_row,
    e1_row,
    match_result,
    team_bonus_scale,
    team_scale,
)

SEED = Path(__file__).resolve().parents[4] / "shared" / "seeds" / "000_18af0e66f52a62b2.txt"


def cells(table: str, **kwargs: object) -> list[tuple[int, str, Decimal]]:
    return [(r.place, r.colour.value, r.exact) for r in team_scale(table, **kwargs)]  # type: ignore[arg-type]


def test_team_tables_are_the_twelve_names() -> None:
    assert TEAM_TABLES == ("B1", "B2", "B3", "B4", "E1", "E2", "E3", "E4", "E5", "G1", "G2", "G3")


# ------------------------------------------------------------------ B1


@pytest.mark.parametrize(
    ("teams", "printed"),
    [
        (4, (12, 8)),
        (5, (15, 10)),
        (7, (21, 14, 10)),
        (10, (30, 20, 14, 10)),
        (13, (39, 26, 18, 12, 8)),
        (16, (48, 32, 22, 15, 10, 7)),
        (19, (57, 38, 26, 18, 12, 8, 6)),
        (22, (66, 44, 30, 20, 14, 10, 7, 5)),
        (24, (72, 48, 32, 22, 15, 10, 7, 5)),
        (26, (78, 52, 35, 24, 16, 11, 8, 6, 4)),
        (28, (84, 56, 38, 26, 18, 12, 8, 6, 4, 4)),
        (32, (96, 64, 43, 29, 20, 14, 10, 7, 5, 4, 4)),
    ],
)
def test_b1_printed_rows(teams: int, printed: tuple[int, ...]) -> None:
    assert b1_row(teams) == printed
    scale = team_scale("B1", entries=teams, boards=18)
    assert [r.exact for r in scale] == [Decimal(c) for c in printed]
    assert {r.colour for r in scale} == {Colour.BRONZE}
    assert scale[0].reason.sv == f"Tabell B1, {teams} lag, plats 1"
    assert scale[0].reason.en == f"Table B1, {teams} teams, place 1"


def _two_thirds(winner: int, places: int) -> list[int]:
    row = [winner]
    while len(row) < places:
        row.append(math.ceil(Fraction(row[-1] * 2, 3)))
    return row


def test_b1_follows_its_principle_except_the_listed_cells() -> None:
    # "Segerpoängen utgår med 3 per spelare för varje deltagande lag ... 2/3 av
    # närmast bättre placerad spelares poäng", best third.
    departures = {}
    for teams, row in teams_scales.B1_PRINTED.items():
        principle = _two_thirds(3 * teams, math.ceil(Fraction(teams, 3)))
        assert len(row) == len(principle)
        for place, (printed, rule) in enumerate(zip(row, principle, strict=True), start=1):
            if printed != rule:
                departures[(teams, place)] = (printed, rule)
    assert departures == {(28, 10): (4, 3), (30, 10): (4, 3), (32, 11): (4, 3)}


@pytest.mark.parametrize(
    ("teams", "row"),
    [
        # Mean of the neighbouring rows, rounded up (A2's rule for odd counts).
        (25, (75, 50, 34, 23, 16, 11, 8, 6, 4)),
        (27, (81, 54, 37, 25, 17, 12, 8, 6, 4)),
        (29, (87, 58, 39, 27, 18, 12, 8, 6, 4, 4)),
        (31, (93, 62, 42, 28, 19, 13, 9, 7, 5, 4, 4)),
    ],
)
def test_b1_unprinted_odd_rows_are_the_mean_of_their_neighbours(
    teams: int, row: tuple[int, ...]
) -> None:
    assert b1_row(teams) == row


def test_b1_31_agrees_with_e1s_bronze_cells_for_31_teams() -> None:
    # E1, 31 teams: 8 silver places, then 10 8 8 bp = 2 x B1's places 9-11.
    silver, bronze = teams_scales.E1_PRINTED[31]
    assert bronze == tuple(2 * cell for cell in b1_row(31)[len(silver) :])


@pytest.mark.parametrize(
    ("teams", "first"),
    [
        # A2 34 pairs: 68 46 34 23 17 13 ... times 1.5, rounded up.
        (34, (102, 69, 51, 35, 26, 20, 15, 11, 9, 9, 8, 6)),
        # A2 100: 200 134 100 84 67 ...
        (100, (300, 201, 150, 126, 101)),
        # A2 33: mean of 32 and 34 (66, 45, 32, 22, ...), then times 1.5.
        (33, (99, 68, 48, 33, 24, 18, 14, 9, 8, 8, 8)),
    ],
)
def test_b1_above_32_teams_is_a2_times_one_and_a_half(teams: int, first: tuple[int, ...]) -> None:
    assert b1_row(teams)[: len(first)] == first
    assert b1_row(teams)[0] == 3 * teams


def test_b1_two_divisions_score_on_1_2_and_0_8_times_the_teams() -> None:
    # 10 teams: division 1 plays on the 12-team row, division 2 on the 8-team row,
    # each to the best third of its own ten teams (4 places).
    assert cells("B1", entries=10, division=1, divisions=2) == [
        (1, "bronze", Decimal(36)),
        (2, "bronze", Decimal(24)),
        (3, "bronze", Decimal(16)),
        (4, "bronze", Decimal(11)),
    ]
    # The 8-team row (24 16 11) lengthened by two thirds: 11 -> 8.
    assert [c for _, _, c in cells("B1", entries=10, division=2, divisions=2)] == [24, 16, 11, 8]


@pytest.mark.parametrize(
    ("kwargs", "sv"),
    [
        ({"entries": 3}, "Tabell B1 kräver minst 4 lag, inte 3"),
        ({"entries": 8, "boards": 16}, "Tabell B1 kräver minst 18 brickor totalt, inte 16"),
        ({"entries": 101}, "Tabell B1 (via A2) gäller högst 100 lag, inte 101"),
        ({"entries": 10, "division": 3, "divisions": 3}, None),
    ],
)
def test_b1_refusals(kwargs: dict[str, int], sv: str | None) -> None:
    with pytest.raises(OutOfRange) as refused:
        team_scale("B1", **kwargs)  # type: ignore[arg-type]
    assert refused.value.reason.table == "B1"
    assert refused.value.reason.en
    if sv:
        assert refused.value.reason.sv == sv


# ------------------------------------------------------------------ E1


@pytest.mark.parametrize(
    ("teams", "silver", "bronze"),
    [
        (8, (12, 8), (22,)),
        (9, (14, 10, 7), ()),
        (10, (15, 10, 7), (20,)),
        (12, (18, 12, 8), (20,)),
        (13, (20, 14, 10, 7), (16,)),
        (16, (24, 16, 11, 8), (20, 14)),
        (21, (32, 22, 15, 10, 7, 5), (12,)),
        (25, (38, 26, 18, 12, 8, 6, 4), (12, 8)),
        (28, (42, 28, 19, 13, 9, 6, 4), (12, 8, 8)),
        (32, (48, 32, 22, 15, 10, 7, 5, 4), (10, 8, 8)),
        (34, (51, 34, 25, 19, 13, 9, 7, 6, 4), (12, 8, 8)),
        (40, (60, 40, 30, 25, 20, 17, 14, 12, 10, 7), (16, 12, 8, 8)),
    ],
)
def test_e1_printed_rows(teams: int, silver: tuple[int, ...], bronze: tuple[int, ...]) -> None:
    assert e1_row(teams) == (silver, bronze)
    expected = [(p, "silver", Decimal(c)) for p, c in enumerate(silver, start=1)]
    expected += [(p, "bronze", Decimal(c)) for p, c in enumerate(bronze, start=len(silver) + 1)]
    assert cells("E1", entries=teams, boards=42) == expected


def test_e1_silver_follows_its_principle_up_to_32_teams() -> None:
    # "Segrarens poäng utgår med 1,5 för varje deltagande lag. Bästa fjärdedelen
    # ... varje lag erhåller 2/3 av närmast bättre placerade lags poäng."
    for teams, (silver, _) in teams_scales.E1_PRINTED.items():
        if teams <= 32:
            assert list(silver) == _two_thirds(
                math.ceil(Fraction(3 * teams, 2)), math.ceil(Fraction(teams, 4))
            )


def test_e1_bronze_cells_that_depart_from_twice_b1() -> None:
    # Bronze in a silver event is the bronze scale times two; these printed
    # cells are kept as printed (docs/awards-teams.md).
    departures = {}
    for teams, (silver, bronze) in teams_scales.E1_PRINTED.items():
        b1 = b1_row(teams)
        for offset, printed in enumerate(bronze):
            place = len(silver) + 1 + offset
            rule = 2 * b1[place - 1] if place <= len(b1) else 8
            if printed != rule:
                departures[(teams, place)] = (printed, rule)
    assert departures == {
        (12, 4): (20, 22),
        (34, 10): (12, 18),
        (34, 11): (8, 16),
        (34, 12): (8, 12),
        (36, 10): (16, 22),
        (36, 11): (12, 18),
        (36, 12): (8, 12),
        (38, 11): (14, 22),
        (38, 12): (10, 18),
        (38, 13): (8, 12),
        (40, 11): (16, 24),
        (40, 12): (12, 22),
        (40, 13): (8, 18),
        (40, 14): (8, 12),
        (60, 16): (8, 16),
        (60, 17): (8, 12),
    }


def test_e1_60_row_is_kept_and_its_missing_bronze_cells_get_the_floor() -> None:
    silver, bronze = e1_row(60)
    assert silver == (72, 48, 36, 30, 24, 20, 16, 14, 11, 10, 8, 6, 4, 4, 4)
    assert silver[0] != math.ceil(Fraction(3 * 60, 2))  # departs: principle 90
    assert bronze == (8, 8, 8, 8, 8)  # printed 8 8, places 18-20 filled with the floor


@pytest.mark.parametrize(
    ("teams", "silver", "bronze"),
    [
        (33, (50, 33, 24, 17, 12, 8, 6, 5, 2), (10, 8)),
        (35, (53, 35, 26, 20, 14, 11, 8, 7, 5), (14, 10, 8)),
        (37, (56, 38, 28, 21, 17, 14, 11, 9, 7, 3), (13, 9, 8)),
        (39, (59, 40, 30, 24, 19, 16, 13, 11, 9, 7), (15, 11, 8)),
    ],
)
def test_e1_unprinted_odd_rows_33_to_39(
    teams: int, silver: tuple[int, ...], bronze: tuple[int, ...]
) -> None:
    assert e1_row(teams) == (silver, bronze)


@pytest.mark.parametrize("teams", [7, 41, 59, 61])
def test_e1_refuses_unprinted_fields(teams: int) -> None:
    with pytest.raises(OutOfRange) as refused:
        team_scale("E1", entries=teams)
    assert refused.value.reason.table == "E1"
    assert str(teams) in refused.value.reason.sv


def test_e1_needs_42_boards() -> None:
    with pytest.raises(OutOfRange, match="at least 42 boards"):
        team_scale("E1", entries=12, boards=40)


def test_e1_not_all_met_all_uses_table_ds_field_size() -> None:
    # 40 teams, the winners met 20: 1 + 20 + 19/2 = 30.5 -> the 31-team row,
    # whose 8 silver places hold (not 10); bronze to the best third (14) from
    # B1(40) x 2: 18 15 12 11 9 6 -> 36 30 24 22 18 12.
    assert cells("E1", entries=40, boards=42, met=20) == [
        (1, "silver", Decimal(47)),
        (2, "silver", Decimal(32)),
        (3, "silver", Decimal(22)),
        (4, "silver", Decimal(15)),
        (5, "silver", Decimal(10)),
        (6, "silver", Decimal(7)),
        (7, "silver", Decimal(5)),
        (8, "silver", Decimal(4)),
        (9, "bronze", Decimal(36)),
        (10, "bronze", Decimal(30)),
        (11, "bronze", Decimal(24)),
        (12, "bronze", Decimal(22)),
        (13, "bronze", Decimal(18)),
        (14, "bronze", Decimal(12)),
    ]


@pytest.mark.parametrize(
    ("boards", "coefficient"),
    [(99, "1"), (100, "1.2"), (149, "1.2"), (150, "1.4"), (200, "1.6"), (250, "1.8")],
)
def test_board_coefficient_from_table_d(boards: int, coefficient: str) -> None:
    # E1 uses table D's coefficient: the one rule in rules.boards_coefficient.
    assert rules.boards_coefficient(boards) == Decimal(coefficient)


def test_e1_with_100_boards_plays_on_1_2_times_the_teams_for_the_real_best_quarter() -> None:
    # 20 teams x 1.2 = 24: the 24-team silver row, cut to 20's best quarter (5).
    assert [c for _, colour, c in cells("E1", entries=20, boards=100) if colour == "silver"] == [
        36,
        24,
        16,
        11,
        8,
    ]


# ------------------------------------------------------------------ B2 bonus


@pytest.mark.parametrize(
    ("teams", "printed"),
    [
        (4, (30,)),
        (5, (40, 10)),
        (6, (50, 20)),
        (7, (60, 30)),
        (8, (70, 40, 10)),
        (9, (80, 50, 20)),
        (10, (90, 60, 30)),
        (11, (100, 70, 40, 10)),
        (12, (110, 80, 50, 20)),
    ],
)
def test_b2_bonus_printed_rows(teams: int, printed: tuple[int, ...]) -> None:
    assert b2_bonus_row(teams) == printed
    rows = team_bonus_scale("B2", entries=teams)
    assert [r.exact for r in rows] == [Decimal(c) for c in printed]
    assert (
        rows[0].reason.sv == f"Tabell B2, bonus, {teams} lag, plats 1: {printed[0]} bp per spelare"
    )


@pytest.mark.parametrize(
    ("teams", "row"),
    [(2, (10,)), (3, (20,)), (13, (120, 90, 60, 30)), (14, (130, 100, 70, 40, 10))],
)
def test_b2_bonus_beyond_the_print_follows_its_rows(teams: int, row: tuple[int, ...]) -> None:
    assert b2_bonus_row(teams) == row


def test_b3_bonus_is_a_share_of_b2_by_division() -> None:
    assert [r.exact for r in team_bonus_scale("B3", entries=8, division=1, divisions=3)] == [
        70,
        40,
        10,
    ]
    assert [r.exact for r in team_bonus_scale("B3", entries=8, division=2, divisions=3)] == [
        35,
        20,
        5,
    ]
    assert [r.exact for r in team_bonus_scale("B3", entries=8, division=3, divisions=3)] == [
        Decimal("17.5"),
        10,
        Decimal("2.5"),
    ]
    assert team_bonus_scale("B3", entries=8, division=4, divisions=4) == ()


def test_swiss_bonus_counts_rounds_and_a_double_series_doubles() -> None:
    # Gröna Hissen over 7 rounds: the 8-team row.
    assert [r.exact for r in team_bonus_scale("B2", entries=30, rounds=7, swiss=True)] == [
        70,
        40,
        10,
    ]
    assert [r.exact for r in team_bonus_scale("B2", entries=4, double_round_robin=True)] == [60]


def test_gold_bonus_tables() -> None:
    assert [(r.place, r.colour, r.exact) for r in team_bonus_scale("G1", entries=8)] == [
        (1, Colour.GOLD, 28),
        (2, Colour.GOLD, 20),
        (3, Colour.GOLD, 14),
    ]
    assert [r.exact for r in team_bonus_scale("E5", entries=8, division=3)] == [2, 1]
    assert team_bonus_scale("E5", entries=8, division=4) == ()
    assert [r.exact for r in team_bonus_scale("G2", entries=6, sm_event="junior")] == [7, 4]
    assert [r.exact for r in team_bonus_scale("G2", entries=8, sm_event="junior")] == [7, 4]
    assert [r.exact for r in team_bonus_scale("G2", entries=9, sm_event="junior")] == [7, 5, 3]
    assert [r.exact for r in team_bonus_scale("G2", entries=13, sm_event="junior")] == [10, 5, 3, 2]
    assert team_bonus_scale("G2", entries=5, sm_event="junior") == ()
    assert team_bonus_scale("E2", entries=8) == ()


# ------------------------------------------------------------------ per-match tables


def win_draw(table: str, **kwargs: object) -> tuple[str, Decimal, Decimal]:
    won, drawn = team_scale(table, **kwargs)  # type: ignore[arg-type]
    assert (won.place, drawn.place) == (1, 2)
    assert won.colour == drawn.colour
    assert won.credited == won.exact
    return won.colour.value, won.exact, drawn.exact


@pytest.mark.parametrize(
    ("table", "kwargs", "expected"),
    [
        ("B2", {"entries": 2, "boards": 24}, ("bronze", 64, 32)),
        ("B3", {"entries": 4, "boards": 24, "division": 1, "divisions": 2}, ("bronze", 72, 36)),
        ("B3", {"entries": 4, "boards": 24, "division": 2, "divisions": 2}, ("bronze", 56, 28)),
        ("B3", {"entries": 4, "boards": 28, "division": 3, "divisions": 3}, ("bronze", 52, 26)),
        ("B3", {"entries": 4, "boards": 24, "division": 4, "divisions": 4}, ("bronze", 48, 24)),
        ("B3", {"entries": 4, "boards": 24, "division": 4, "divisions": 5}, ("bronze", 52, 26)),
        ("B3", {"entries": 4, "boards": 24, "division": 3, "divisions": 6}, ("bronze", 60, 30)),
        ("B4", {"entries": 2, "boards": 12}, ("bronze", 32, 16)),
        ("B4", {"entries": 2, "boards": 23}, ("bronze", 32, 16)),
        # E2's example: a 24-board match, 24 sp to the winners, 12 each for a draw.
        ("E2", {"entries": 4, "boards": 24}, ("silver", 24, 12)),
        ("E2", {"entries": 4, "boards": 6}, ("silver", 6, 3)),
        ("E4", {"entries": 2, "boards": 24}, ("silver", 24, 12)),
        ("E4", {"entries": 2, "boards": 7}, ("silver", 7, Decimal("3.5"))),
        ("E5", {"entries": 8, "boards": 24, "division": 3}, ("silver", 32, 16)),
        ("E5", {"entries": 8, "boards": 20, "division": 4}, ("silver", 20, 10)),
        ("G1", {"entries": 8, "boards": 20}, ("gold", 12, 6)),
        ("G1", {"entries": 8, "boards": 24}, ("gold", 16, 8)),
        ("G2", {"entries": 8, "boards": 24, "sm_event": "junior"}, ("silver", 24, 12)),
        ("G2", {"entries": 8, "boards": 16, "sm_event": "veteran"}, ("silver", 16, 8)),
        (
            "G2",
            {"entries": 8, "boards": 16, "sm_event": "veteran", "stage": "quarterfinal"},
            ("gold", 8, 4),
        ),
        (
            "G2",
            {"entries": 8, "boards": 24, "sm_event": "veteran", "stage": "semifinal"},
            ("gold", 12, 6),
        ),
        (
            "G2",
            {"entries": 8, "boards": 24, "sm_event": "veteran", "stage": "final"},
            ("gold", 16, 8),
        ),
        (
            "G2",
            {"entries": 8, "boards": 24, "sm_event": "veteran", "stage": "third_place"},
            ("gold", 12, 6),
        ),
        ("G2", {"entries": 8, "boards": 24, "sm_event": "semifinal"}, ("gold", 6, 3)),
        ("G3", {"entries": 8, "boards": 24, "division": 1}, ("gold", 12, 6)),
        ("G3", {"entries": 8, "boards": 24, "division": 2}, ("gold", 6, 3)),
    ],
)
def test_what_one_match_gives(
    table: str, kwargs: dict[str, object], expected: tuple[str, int, int]
) -> None:
    assert win_draw(table, **kwargs) == (expected[0], Decimal(expected[1]), Decimal(expected[2]))


def test_per_match_rows_explain_themselves() -> None:
    won, drawn = team_scale("E3", entries=6, boards=24, division=2, divisions=2)
    assert (
        won.reason.sv
        == "Tabell E3, division 2 av 2, 24 brickor: vunnen match ger laget 20 sp, delat per halvlek"
    )
    assert (
        won.reason.en
        == "Table E3, division 2 of 2, 24 boards: a won match gives the team 20 sp, shared per half"
    )
    assert drawn.reason.sv.endswith("oavgjord match ger laget 10 sp, delat per halvlek")


@pytest.mark.parametrize(
    ("divisions", "division", "boards", "win"),
    [
        # Every example printed under "Tabell E 2 - E5": (divisions, division, boards, sp).
        (2, 1, 28, 28),
        (2, 2, 24, 20),
        (3, 1, 28, 32),
        (3, 2, 24, 24),
        (3, 3, 16, 12),
        (4, 1, 28, 32),
        (4, 2, 24, 24),
        (4, 3, 24, 20),  # printed "(20 – 4)"; the rule and the result say 24 – 4
        (4, 4, 16, 8),
        (5, 1, 24, 32),
        (5, 2, 24, 28),
        (5, 3, 20, 20),
        (5, 4, 16, 12),
        (5, 5, 12, 4),
        (8, 1, 24, 32),
        (8, 2, 24, 28),
        (8, 3, 24, 24),
        (8, 4, 16, 12),
        (8, 5, 16, 8),
        (8, 6, 16, 6),
        (8, 7, 12, 2),  # 12 - 12 = 0, the minimum gives 2
        (8, 8, 12, 2),  # 12 - 14 = -2, the minimum gives 2
    ],
)
def test_e3_division_examples(divisions: int, division: int, boards: int, win: int) -> None:
    _, won, _ = win_draw("E3", entries=4, boards=boards, division=division, divisions=divisions)
    assert won == win


@pytest.mark.parametrize(
    ("divisions", "division", "boards", "draw"),
    [(8, 7, 12, "1"), (8, 8, 12, "1"), (5, 5, 12, "2"), (2, 2, 7, "1.5"), (2, 1, 24, "12")],
)
def test_e3_draw_is_half_with_a_minimum_of_one(
    divisions: int, division: int, boards: int, draw: str
) -> None:
    _, _, drawn = win_draw("E3", entries=4, boards=boards, division=division, divisions=divisions)
    assert drawn == Decimal(draw)


@pytest.mark.parametrize(
    ("table", "kwargs", "en"),
    [
        (
            "B2",
            {"entries": 4, "boards": 23},
            "Table B2 needs at least 24 boards per match, not 23 (12-23 boards: table B4)",
        ),
        ("B2", {"entries": 1, "boards": 24}, "Table B2 needs at least 2 teams, not 1"),
        (
            "B3",
            {"entries": 3, "boards": 24, "division": 1, "divisions": 2},
            "Table B3 needs at least 4 teams, not 3",
        ),
        ("B3", {"entries": 4, "boards": 24, "division": 1, "divisions": 7}, None),
        ("B3", {"entries": 4, "boards": 24}, None),
        ("B4", {"entries": 4, "boards": 11}, "Table B4 covers 12-23 boards per match, not 11"),
        ("B4", {"entries": 4, "boards": 24}, "Table B4 covers 12-23 boards per match, not 24"),
        ("E2", {"entries": 3, "boards": 24}, "Table E2 needs at least 4 teams, not 3"),
        ("E2", {"entries": 4, "boards": 5}, "Table E2 needs at least 6 boards per match, not 5"),
        ("E2", {"entries": 4}, "Table E2 needs the boards per match"),
        ("E3", {"entries": 4, "boards": 24, "division": 1, "divisions": 1}, None),
        ("E3", {"entries": 4, "boards": 24, "division": 1, "divisions": 9}, None),
        ("E3", {"entries": 4, "boards": 24, "division": 3, "divisions": 2}, None),
        (
            "E5",
            {"entries": 4, "boards": 24, "division": 2},
            "Table E5 covers Allsvenskan divisions 3 and 4, not 2",
        ),
        (
            "G1",
            {"entries": 4, "boards": 28},
            "Table G1 gives points for matches of 20 or 24 boards, not 28",
        ),
        ("G2", {"entries": 4, "boards": 24}, None),
        ("G2", {"entries": 4, "boards": 24, "sm_event": "veteran", "stage": "round of 16"}, None),
        ("G3", {"entries": 4, "boards": 24, "division": 3}, None),
    ],
)
def test_per_match_refusals(table: str, kwargs: dict[str, object], en: str | None) -> None:
    with pytest.raises(OutOfRange) as refused:
        team_scale(table, **kwargs)  # type: ignore[arg-type]
    reason = refused.value.reason
    assert reason.table == table
    assert reason.sv and reason.en
    if en:
        assert reason.en == en


@pytest.mark.parametrize("name", ["A1", "D", "E6", "G4", "", "teams"])
def test_unknown_table(name: str) -> None:
    with pytest.raises(UnknownScale, match="B1, B2, B3"):
        team_scale(name, entries=8, boards=24)


def test_table_names_are_read_as_the_seed_writes_them() -> None:
    assert team_scale("e 2", entries=4, boards=24) == team_scale("E2", entries=4, boards=24)


def test_entries_must_be_a_whole_number() -> None:
    with pytest.raises(OutOfRange):
        team_scale("E2", entries=4.5, boards=24)  # type: ignore[arg-type]


# ------------------------------------------------------------------ won / drawn


@pytest.mark.parametrize(
    ("own", "other", "result"),
    [
        # "Vunnen 18-12 14-6 6-2 5-1 3-1 2-0 Eller större marginal"
        (18, 12, "won"),
        (14, 6, "won"),
        (6, 2, "won"),
        (5, 1, "won"),
        (3, 1, "won"),
        (2, 0, "won"),
        (25, 5, "won"),
        (20, 0, "won"),
        # "Oavgjord 17-13 16-14 15-15 13-7 12-8 11-9 10-10 5-3 4-4 4-2 3-3 2-2 1-1"
        (17, 13, "drawn"),
        (13, 17, "drawn"),
        (16, 14, "drawn"),
        (15, 15, "drawn"),
        (13, 7, "drawn"),
        (7, 13, "drawn"),
        (12, 8, "drawn"),
        (11, 9, "drawn"),
        (10, 10, "drawn"),
        (5, 3, "drawn"),
        (3, 5, "drawn"),
        (4, 4, "drawn"),
        (4, 2, "drawn"),
        (2, 4, "drawn"),
        (3, 3, "drawn"),
        (2, 2, "drawn"),
        (1, 1, "drawn"),
        # the losers of the won pairs
        (12, 18, None),
        (6, 14, None),
        (2, 6, None),
        (1, 5, None),
        (1, 3, None),
        (0, 2, None),
        # WBF continuous 20-0
        (Decimal("13.99"), Decimal("6.01"), "drawn"),
        (Decimal("14.00"), Decimal("6.00"), "won"),
        (Decimal("6.01"), Decimal("13.99"), "drawn"),
    ],
)
def test_definition_of_won_and_drawn(own: int, other: int, result: str | None) -> None:
    assert match_result(Decimal(own), Decimal(other)) == result


def test_penalties_can_turn_a_win_into_a_draw_and_a_draw_into_nothing() -> None:
    # "vinner man med 18-12 men får ett tidsavdrag på 1 VP dvs. 17-12, får
    # vinnande laget mp som vid oavgjort."
    assert match_result(Decimal(18), Decimal(12), own_penalty=Decimal(1)) == "drawn"
    assert match_result(Decimal(12), Decimal(18)) is None
    # "Dito vid 17-13 som efter bestraffning slutar 17-12, får laget med 12 VP inga mp."
    assert match_result(Decimal(13), Decimal(17), own_penalty=Decimal(1)) is None
    assert match_result(Decimal(17), Decimal(13)) == "drawn"


def test_unknown_vp_scale_is_refused_unless_named() -> None:
    with pytest.raises(OutOfRange, match="vp_scale"):
        match_result(Decimal(25), Decimal(3))
    assert match_result(Decimal(25), Decimal(3), scale_total=30) == "won"


# ------------------------------------------------------------------ the seed itself


def _seed_rows(first: int, last: int) -> dict[int, tuple[int, ...]]:
    lines = SEED.read_text(encoding="utf-8").split("\n")[first - 1 : last]
    rows = {}
    for line in lines:
        words = line.split()
        if len(words) >= 2 and all(w.isdigit() for w in words):
            rows[int(words[0])] = tuple(int(w) for w in words[1:])
    return rows


def _block(after: str, before: str) -> tuple[int, int]:
    lines = SEED.read_text(encoding="utf-8").split("\n")
    start = next(i for i, line in enumerate(lines) if after in line)
    end = next(i for i in range(start + 1, len(lines)) if before in lines[i])
    return start + 1, end + 1


@pytest.mark.skipif(not SEED.exists(), reason="the seeds live beside the repository")
def test_transcription_matches_the_seed() -> None:
    b1 = _seed_rows(*_block("Tabell B1, Brons,  Lagbarometer", "Vid högre lagantal"))
    assert b1 == teams_scales.B1_PRINTED
    e1 = _seed_rows(*_block("Tabell E 1, Silverpoäng, Lagbarometer", "Definition av vunnen resp."))
    assert e1 == {
        teams: silver + bronze for teams, (silver, bronze) in teams_scales.E1_PRINTED.items()
    }
    a2 = _seed_rows(*_block("Parq", "Tabell A2, Brons, Partävling 32-100 par"))
    assert a2 == bronze_pairs.A2_ROWS
    bonus = _seed_rows(*_block("Tabell B2, Brons, Serie utan upp- och nedflyttning", "Anmärkning"))
    assert bonus == teams_scales.B2_BONUS_PRINTED


@pytest.mark.parametrize(
    ("table", "variant", "same_as"),
    [
        ("E3", "2/3", {"division": 2, "divisions": 3}),
        ("B3", "1/2", {"division": 1, "divisions": 2}),
        ("E5", "3", {"division": 3}),
        ("G3", "1", {"division": 1}),
        ("G2", "semifinal", {"sm_event": "semifinal"}),
        ("G2", "veteran:final", {"sm_event": "veteran", "stage": "final"}),
    ],
)
def test_variant_is_one_string_for_the_calculator(
    table: str, variant: str, same_as: dict[str, object]
) -> None:
    assert team_scale(table, entries=8, boards=24, variant=variant) == team_scale(
        table,
        entries=8,
        boards=24,
        **same_as,  # type: ignore[arg-type]
    )


def test_b1_variant_names_the_division() -> None:
    assert team_scale("B1", entries=10, variant="2/2") == team_scale(
        "B1", entries=10, division=2, divisions=2
    )


def test_unreadable_variant_is_refused() -> None:
    with pytest.raises(OutOfRange, match="give the division"):
        team_scale("E3", entries=8, boards=24, variant="top")
