"""Tables E1-E5 (awards.domain.sbf.team_e): silver team barometer and series.

Source: 000_18af0e66f52a62b2.txt, chapter 9 (lines 1347-1680). The printed rows, the
seed's worked examples, the cells that depart from a table's own principle, and the
refusals."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import pytest

from awards.domain.core import OutOfRange
from awards.domain.sbf import rules, team_e
from awards.domain.sbf.team_b import b1_row
from awards.domain.sbf.team_e import e1_row
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
    for teams, (silver, _) in team_e.E1_PRINTED.items():
        if teams <= 32:
            assert list(silver) == _two_thirds(
                math.ceil(Fraction(3 * teams, 2)), math.ceil(Fraction(teams, 4))
            )


def test_e1_bronze_cells_that_depart_from_twice_b1() -> None:
    # Bronze in a silver event is the bronze scale times two; these printed
    # cells are kept as printed (docs/awards-teams.md).
    departures = {}
    for teams, (silver, bronze) in team_e.E1_PRINTED.items():
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


def test_e5_division_3_bonus_and_no_bonus_elsewhere() -> None:
    assert [r.exact for r in team_bonus_scale("E5", entries=8, division=3)] == [2, 1]
    assert team_bonus_scale("E5", entries=8, division=4) == ()
    assert team_bonus_scale("E2", entries=8) == ()


@pytest.mark.parametrize(
    ("table", "kwargs", "expected"),
    [
        # E2's example: a 24-board match, 24 sp to the winners, 12 each for a draw.
        ("E2", {"entries": 4, "boards": 24}, ("silver", 24, 12)),
        ("E2", {"entries": 4, "boards": 6}, ("silver", 6, 3)),
        ("E4", {"entries": 2, "boards": 24}, ("silver", 24, 12)),
        ("E4", {"entries": 2, "boards": 7}, ("silver", 7, Decimal("3.5"))),
        ("E5", {"entries": 8, "boards": 24, "division": 3}, ("silver", 32, 16)),
        ("E5", {"entries": 8, "boards": 20, "division": 4}, ("silver", 20, 10)),
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


def test_unreadable_variant_is_refused() -> None:
    with pytest.raises(OutOfRange, match="give the division"):
        team_scale("E3", entries=8, boards=24, variant="top")
