"""Tables H1 and H2 (SM pairs; awards.domain.sbf.sm_pairs), seed 000_18af0e66f52a62b2.txt
lines 1866-1897."""

import pytest

from awards.domain.core import Colour
from awards.domain.sbf import SBF, sm_pairs


def rows(scale):
    return [(p.place, p.colour, p.exact, p.credited) for p in scale]


G, S, B = Colour.GOLD, Colour.SILVER, Colour.BRONZE


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


def test_the_module_names_its_seed_tables():
    assert "Tabell H1, SM-par semifinal och final" in " ".join(sm_pairs.__doc__.split())
    assert "Tabell H2, finaler i SM Par" in " ".join(sm_pairs.__doc__.split())
