"""IMPs and team matches (tournaments.domain.imps).

Every row of the current WBF IMP table in seed 004 ("International Match
Point scoring"), both sides of every step, checked against the seed text when
../shared/seeds is there; odd symmetry as a property; team-match helpers.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.imps import (
    WBF_IMP_SCALE,
    TeamBoard,
    board_imps,
    imps,
    team_match,
)

# (from, to, IMPs) typed in from the seed's table, independently of the module.
SEED_TABLE = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10),
    (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15),
    (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19),
    (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23),
]  # fmt: skip


def _seed_tables(seeds: Path) -> list[set[tuple[int, int | None, int]]]:
    """Every table of seed 004 that starts like the current WBF table, as row sets."""
    lines = (seeds / "004_058b41174697c9d9.txt").read_text(encoding="utf-8").splitlines()
    tables = []
    for start, line in enumerate(lines):
        if not line.startswith("0 | 10 | 0 | 370 | 420 | 9 |"):
            continue
        cells: list[str] = []
        for row in lines[start:]:
            if not re.match(r"\d", row):
                break
            cells.extend(cell.strip() for cell in row.split("|") if cell.strip())
        rows: set[tuple[int, int | None, int]] = set()
        position = 0
        while position < len(cells):
            if cells[position].endswith("or more"):
                rows.add((int(cells[position].split()[0]), None, int(cells[position + 1])))
                position += 2
            else:
                low, high, value = cells[position : position + 3]
                rows.add((int(low), int(high), int(value)))
                position += 3
        tables.append(rows)
    return tables


def test_scale_is_the_seeds_current_wbf_table(shared_fixtures: Path) -> None:
    seeds = shared_fixtures.parent / "seeds"
    if not seeds.is_dir():
        pytest.skip(f"seeds not found at {seeds}")
    current, older_revision, last_of_history = _seed_tables(seeds)
    # The "IMP scoring" section and the last table of the history section
    # are the current table; the older revision printed between them tops at 25.
    assert current == last_of_history == set(WBF_IMP_SCALE)
    assert max(row[2] for row in older_revision) == 25


def test_scale_literal_matches_the_typed_in_table() -> None:
    assert list(WBF_IMP_SCALE) == [*SEED_TABLE, (4000, None, 24)]


@pytest.mark.parametrize(("low", "high", "expected"), SEED_TABLE)
def test_every_row_from_and_to(low: int, high: int, expected: int) -> None:
    assert imps(low) == expected
    assert imps(high) == expected
    assert imps(-low) == -expected
    assert imps(-high) == -expected


@pytest.mark.parametrize(("low", "high", "expected"), SEED_TABLE[1:] + [(4000, 4000, 24)])
def test_both_sides_of_every_step(low: int, high: int, expected: int) -> None:
    # The last difference below a step and the step itself.
    assert imps(low - 10) == expected - 1
    assert imps(low) == expected
    assert imps(-(low - 10)) == -(expected - 1)


@pytest.mark.parametrize("difference", [4000, 4010, 7600, 25_000])
def test_4000_or_more_is_24(difference: int) -> None:
    assert imps(difference) == 24
    assert imps(-difference) == -24


@pytest.mark.parametrize(
    ("difference", "expected"), [(15, 0), (19, 0), (45, 1), (49, 1), (735, 12)]
)
def test_between_rows_takes_the_lower_row(difference: int, expected: int) -> None:
    # Only against an unrounded datum; see the module docstring.
    assert imps(difference) == expected


def test_cross_imp_example_rows() -> None:
    # Seed 004: differences 720, 720, 920, -30 are 12, 12, 14, -1 IMPs.
    assert [imps(d) for d in (720, 720, 920, -30)] == [12, 12, 14, -1]


@given(st.integers(min_value=-10_000_000, max_value=10_000_000))
def test_imps_are_odd_symmetric(difference: int) -> None:
    assert imps(-difference) == -imps(difference)


@given(st.integers(min_value=0, max_value=10_000), st.integers(min_value=0, max_value=10_000))
def test_imps_never_fall_as_the_difference_grows(a: int, b: int) -> None:
    low, high = sorted((a, b))
    assert 0 <= imps(low) <= imps(high) <= 24


@pytest.mark.parametrize("bad", [12.5, 620.0, "620", None, True, Decimal(620)])
def test_bad_differences_are_refused_naming_the_value(bad: object) -> None:
    with pytest.raises(ValueError, match=re.escape(repr(bad))):
        imps(bad)  # type: ignore[arg-type]


def test_board_imps_are_from_the_open_table_ns_pair() -> None:
    # Open NS +620, closed NS -100 (our EW defeated them): 720 -> 12.
    assert board_imps(620, -100) == 12
    assert board_imps(620, 620) == 0
    assert board_imps(-200, 110) == -7
    with pytest.raises(ValueError, match="closed-table NS score must be a whole number"):
        board_imps(620, 1.5)  # type: ignore[arg-type]


def test_team_match_with_carry_over() -> None:
    boards = [TeamBoard(1, 620, 620), TeamBoard(2, 620, -100), TeamBoard(3, -200, 110)]
    score = team_match(boards, carry_over=Decimal("3.5"))
    assert score.board_imps == (0, 12, -7)
    assert (score.home_imps, score.away_imps, score.margin) == (
        Decimal("15.5"),
        Decimal(7),
        Decimal("8.5"),
    )
    against = team_match(boards, carry_over=-4)
    assert (against.home_imps, against.away_imps, against.margin) == (12, 11, 1)
    assert team_match([]).margin == 0


@pytest.mark.parametrize("bad", [1.5, "2", True, Decimal("NaN")])
def test_team_match_refuses_a_bad_carry_over(bad: object) -> None:
    with pytest.raises(ValueError, match="carry-over"):
        team_match([TeamBoard(1, 0, 0)], carry_over=bad)  # type: ignore[arg-type]


def test_team_match_refuses_a_board_twice() -> None:
    with pytest.raises(ValueError, match="board 2 appears twice"):
        team_match([TeamBoard(2, 0, 0), TeamBoard(2, 10, 0)])
