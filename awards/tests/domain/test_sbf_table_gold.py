"""Gold points (awards.domain.sbf.gold), seed 000_18af0e66f52a62b2.txt lines 339-357,
1772-1799."""

from decimal import Decimal

import pytest

from awards.domain.core import Colour, OutOfRange
from awards.domain.sbf import SBF, gold


def rows(scale):
    return [(p.place, p.colour, p.exact, p.credited) for p in scale]


G, S, B = Colour.GOLD, Colour.SILVER, Colour.BRONZE


def test_gold_52_pairs_winner_52_sp_is_6_gp():
    scale = SBF.scale("gold", entries=52)
    assert rows(scale)[:4] == [
        (1, G, Decimal("5.2"), 6),
        (2, G, Decimal("3.5"), 4),
        (3, G, Decimal("2.6"), 3),
        (4, S, 22, 22),
    ]
    # sp to the end of the 52 row (13 places), then A2 times three to the best third.
    assert [(p.place, p.colour, p.credited) for p in scale[12:]] == [
        (13, S, 3),
        (14, B, 21),
        (15, B, 18),
        (16, B, 15),
        (17, B, 12),
        (18, B, 12),
    ]


def test_gold_24_to_31_pairs_gives_gold_to_two():
    scale = SBF.scale("gold", entries=28)
    assert [p.colour for p in scale[:3]] == [G, G, S]
    assert [p.credited for p in scale[:3]] == [3, 2, 13]


def test_raised_gold_gives_10_7_5_4():
    scale = SBF.scale("gold", entries=52, variant="raised")
    assert [(p.colour, p.credited) for p in scale[:5]] == [(G, 10), (G, 7), (G, 5), (G, 4), (S, 18)]


def test_gold_needs_24_pairs():
    with pytest.raises(OutOfRange) as error:
        SBF.scale("gold", entries=20)
    assert error.value.reason.sv == "Guldtävling kräver minst 24 par"


def test_gold_from_silver_and_gold_places():
    assert gold.gold_from_silver(Decimal(52)) == Decimal("5.2")
    assert [gold.gold_places(n) for n in (24, 31, 32)] == [2, 2, 3]
    assert gold.gold_places(24, raised=True) == 4


def test_the_module_names_its_seed_table():
    assert "Guldpoäng, Allmänt" in " ".join(gold.__doc__.split())
