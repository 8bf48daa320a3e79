"""Tables B1-B4 (awards.domain.sbf.team_b): bronze team barometer, series and cups.

Source: 000_18af0e66f52a62b2.txt, chapter 9 (lines 830-1060). The printed rows, the
cells that depart from a table's own principle, the bonus table and the refusals."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest

from awards.domain.core import Colour, OutOfRange
from awards.domain.sbf import team_b, team_e
from awards.domain.sbf.team_b import b1_row, b2_bonus_row
from awards.domain.sbf.teams import team_bonus_scale, team_scale


def cells(table: str, **kwargs: object) -> list[tuple[int, str, Decimal]]:
    return [(r.place, r.colour.value, r.exact) for r in team_scale(table, **kwargs)]  # type: ignore[arg-type]


def _two_thirds(winner: int, places: int) -> list[int]:
    row = [winner]
    while len(row) < places:
        row.append(math.ceil(Fraction(row[-1] * 2, 3)))
    return row


def win_draw(table: str, **kwargs: object) -> tuple[str, Decimal, Decimal]:
    won, drawn = team_scale(table, **kwargs)  # type: ignore[arg-type]
    assert (won.place, drawn.place) == (1, 2)
    assert won.colour == drawn.colour
    assert won.credited == won.exact
    return won.colour.value, won.exact, drawn.exact


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


def test_b1_follows_its_principle_except_the_listed_cells() -> None:
    # "Segerpoängen utgår med 3 per spelare för varje deltagande lag ... 2/3 av
    # närmast bättre placerad spelares poäng", best third.
    departures = {}
    for teams, row in team_b.B1_PRINTED.items():
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
    silver, bronze = team_e.E1_PRINTED[31]
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


def test_b1_variant_names_the_division() -> None:
    assert team_scale("B1", entries=10, variant="2/2") == team_scale(
        "B1", entries=10, division=2, divisions=2
    )


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
    ],
)
def test_what_one_match_gives(
    table: str, kwargs: dict[str, object], expected: tuple[str, int, int]
) -> None:
    assert win_draw(table, **kwargs) == (expected[0], Decimal(expected[1]), Decimal(expected[2]))


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
