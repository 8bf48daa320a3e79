"""A DM-par heat's minimums and colour (tournaments/championships/domain/heats.py).
Seed 003 lines 181-183 (silver heats: silver from 12 pairs and 40 boards, else bronze;
at most two sessions; no new pairs in the second) and 185-189 (bronze heats: 8 pairs,
4 of them in the qualification, 18 boards)."""

import pytest

from tournaments.championships.domain.heats import check_heat


@pytest.mark.parametrize(
    "pairs, boards, colour",
    [(12, 40, "silver"), (11, 40, "bronze"), (12, 39, "bronze"), (30, 52, "silver")],
)
def test_a_silver_heat_pays_silver_from_12_pairs_and_40_boards(pairs, boards, colour):
    check = check_heat("silver", pairs=pairs, boards=boards)
    assert (check.colour, check.valid) == (colour, True)


def test_a_silver_heat_has_at_most_two_sessions_and_no_new_pairs_in_the_second():
    assert check_heat("silver", pairs=14, boards=48, sessions=2).valid
    three = check_heat("silver", pairs=14, boards=48, sessions=3)
    assert not three.valid and "at most 2 sessions, not 3" in three.problems[0].en
    late = check_heat("silver", pairs=14, boards=48, sessions=2, new_pairs_in_second=True)
    assert "nya par får inte tillkomma" in late.problems[0].sv


@pytest.mark.parametrize(
    "pairs, qualifying, boards, valid",
    [(8, 4, 18, True), (7, 4, 18, False), (8, 3, 18, False), (8, 4, 17, False)],
)
def test_a_bronze_heats_minimums(pairs, qualifying, boards, valid):
    check = check_heat("bronze", pairs=pairs, qualifying=qualifying, boards=boards)
    assert (check.colour, check.valid) == ("bronze", valid)


def test_each_missing_minimum_is_named():
    check = check_heat("bronze", pairs=6, qualifying=2, boards=16)
    assert [p.en for p in check.problems] == [
        "a bronze heat needs at least 8 pairs, not 6 (003 line 189)",
        "a bronze heat needs at least 4 pairs in the qualification, not 2 (003 line 189)",
        "a bronze heat needs at least 18 boards, not 16 (003 line 189)",
    ]


def test_a_heat_is_silver_or_bronze():
    with pytest.raises(ValueError, match="silver or bronze"):
        check_heat("gold", pairs=12, boards=40)
