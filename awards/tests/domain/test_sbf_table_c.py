"""Table C (bronze individual, awards.domain.sbf.bronze_individual), seed
000_18af0e66f52a62b2.txt lines 1073-1142."""

from fractions import Fraction

import pytest

from awards.domain.sbf import bronze_individual, rules

C_PINNED = {
    8: (12, 8, 6),
    10: (15, 10, 7, 5),
    16: (24, 16, 11, 8, 6, 4),
    32: (48, 32, 22, 15, 10, 7, 5, 4, 4, 4, 4),
    33: (50, 34, 25, 17, 12, 9, 7, 5, 4, 4, 4),
    60: (90, 60, 45, 38, 30, 25, 20, 17, 14, 12, 10, 9, 7, 6, 5, 5, 4, 4, 4, 4),
}


@pytest.mark.parametrize(("players", "row"), C_PINNED.items())
def test_c_printed_rows(players, row):
    assert bronze_individual.row(players) == row


def test_c_rows_the_table_skips_follow_its_principle():
    # 11, 14 and 15 players are not printed: winner 1.5 per player, then 2/3.
    assert bronze_individual.row(11) == (17, 12, 8, 6)
    assert bronze_individual.row(14) == (21, 14, 10, 7, 5)
    assert bronze_individual.row(15) == (23, 16, 11, 8, 6)


def test_c_up_to_32_players_follows_its_principle():
    assert {
        n: row
        for n, row in bronze_individual.C_ROWS.items()
        if n <= 32 and row != bronze_individual.principle(n)
    } == {}


def test_c_departures_above_32_players():
    # "Annan princip gäller för fler än 32 spelare" (unstated): we check what the text
    # does say — winner 1.5 per player, second 2/3 of it, best third, never rising.
    departures = {}
    for players, row in bronze_individual.C_ROWS.items():
        if players <= 32:
            continue
        winner = rules.ceil(Fraction(3 * players, 2))
        second = rules.ceil(Fraction(2 * winner, 3))
        if row[0] != winner:
            departures[(players, 1)] = (row[0], winner)
        if row[1] != second:
            departures[(players, 2)] = (row[1], second)
        assert len(row) == rules.bronze_places(players)
        assert list(row) == sorted(row, reverse=True)
    assert departures == {(34, 2): (32, 34)}


def test_c_needs_eight_players():
    with pytest.raises(ValueError):
        bronze_individual.row(7)


def test_the_module_names_its_seed_table():
    assert "Tabell C, Brons, Individuellt" in " ".join(bronze_individual.__doc__.split())
