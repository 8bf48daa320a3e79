"""Gold, H1 and H2 scales, seed 000_18af0e66f52a62b2.txt lines 339-357, 1772-1897."""

from decimal import Decimal

import pytest

from awards.domain.core import Colour
from awards.domain.sbf import SBF


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
    from awards.domain.core import OutOfRange

    with pytest.raises(OutOfRange) as error:
        SBF.scale("gold", entries=20)
    assert error.value.reason.sv == "Guldtävling kräver minst 24 par"


def test_h1_final():
    scale = SBF.scale("H1", entries=54)
    assert [p.credited for p in scale[:13]] == [50, 35, 25, 20, 15, 12, 10, 8, 6, 4, 3, 2, 1]
    # bronze to 18th place, A2 (54 pairs) times three
    assert [(p.colour, p.credited) for p in scale[13:]] == [
        (B, 21),
        (B, 18),
        (B, 15),
        (B, 12),
        (B, 12),
    ]
    assert len(scale) == 18


def test_h1_semifinal_sp_to_16_by_the_100_pair_scale_and_41_more_bronze():
    scale = SBF.scale("H1", entries=171, level=Colour.SILVER)
    silver = [p for p in scale if p.colour is S]
    assert [p.credited for p in silver] == [
        100,
        67,
        50,
        42,
        34,
        29,
        25,
        23,
        21,
        19,
        17,
        15,
        12,
        10,
        8,
        7,
    ]
    assert len([p for p in scale if p.colour is B]) == 41


@pytest.mark.parametrize(
    ("category", "gold"),
    [("junior", [10, 5, 3, 2]), ("veteran", [10, 5, 4, 3]), ("mixed", [10, 5, 4, 3])],
)
def test_h2_finals(category, gold):
    scale = SBF.scale("H2", entries=30, variant=category)
    assert [p.credited for p in scale[:4]] == gold
    assert all(p.colour is G for p in scale[:4])
    # then table D's 30-pair row from place 5: 7 5 4 3 sp
    assert [(p.colour, p.credited) for p in scale[4:8]] == [(S, 7), (S, 5), (S, 4), (S, 3)]
