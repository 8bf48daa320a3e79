"""Table F (silver individual, bronze in red; awards.domain.sbf.silver_individual), seed
000_18af0e66f52a62b2.txt lines 1681-1728."""

from decimal import Decimal
from fractions import Fraction

import pytest

from awards.domain.core import Colour
from awards.domain.sbf import SBF, rules, silver_individual
from awards.domain.sbf.silver_pairs import SilverRow

B, S = Colour.BRONZE, Colour.SILVER


F_PINNED = {
    16: SilverRow((12, 8, 6, 4), (12, 8)),
    24: SilverRow((18, 12, 8, 6, 4, 3), (8, 8)),
    40: SilverRow((30, 20, 15, 13, 10, 9, 7, 6, 5, 4), (10, 8, 8, 8)),
    64: SilverRow((48, 32, 24, 20, 16, 14, 11, 10, 8, 7, 6, 5, 4, 3, 3, 2), (8, 8, 8, 8, 8)),
}


@pytest.mark.parametrize(("players", "row"), F_PINNED.items())
def test_f_printed_rows(players, row):
    assert silver_individual.row(players) == row


def test_f_up_to_32_players_follows_its_principle():
    # Winner 3/4 of the players, 2/3 of the place above, table C doubled in red.
    assert [n for n, (sp, bp) in silver_individual.F_ROWS.items() if n <= 32 and SilverRow(sp, bp) != silver_individual.principle(n)] == []  # fmt: skip


def test_f_departures():
    departures = {}
    for players, (sp, bp) in silver_individual.F_ROWS.items():
        winner = rules.ceil(Fraction(3 * players, 4))
        assert sp[0] == winner and sp[1] == rules.ceil(Fraction(2 * winner, 3))
        assert len(sp) == rules.silver_places(players)
        if len(sp) + len(bp) != rules.bronze_places(players):
            departures[players] = (len(sp) + len(bp), rules.bronze_places(players))
    # 64 players: the red bp stop at place 21; the best third is 22.
    assert departures == {64: (21, 22)}


def test_f_winner_row():
    # 24 players, 19 rounds: winner 17 sp -> the field whose winner gets 17 is 22.
    assert silver_individual.row_for_winner(17) == 22
    assert silver_individual.row(22) == SilverRow((17, 12, 8, 6, 4, 3), (8, 8))


def test_individual_winner_24_players_19_rounds():
    # (19 + 1) x 0.75 + 4 x 0.75 / 2 = 16.5 (line 1724)
    assert silver_individual.individual_winner(24, met=19) == Decimal("16.5")
    assert silver_individual.individual_winner(24) == 18


def test_f_24_players_19_rounds():
    scale = SBF.scale("F", entries=24, met=19)
    assert [(p.colour, p.credited) for p in scale] == [
        (S, 17), (S, 12), (S, 8), (S, 6), (S, 4), (S, 3), (B, 8), (B, 8),
    ]  # fmt: skip
    assert scale[0].exact == Decimal("16.5")


def test_the_module_names_its_seed_table():
    assert "Tabell F, Silverpoäng, Individuellt" in " ".join(silver_individual.__doc__.split())
