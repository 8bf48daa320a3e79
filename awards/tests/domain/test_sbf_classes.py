"""Master classes (awards.domain.sbf.classes).

Seed 000 ("Svenska mästarpoäng 2014-2015"), chapter 3 "Mästarklasser": the
table, the starred classes, the exchange markers and the worked example.
Readings of what the seed leaves open are in docs/master-classes-and-ranking.md.
"""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from awards.domain.core import SBF_COLOURS
from awards.domain.sbf.classes import (
    BY_CODE,
    CLASSES,
    NO_CLASS,
    Exchange,
    Holding,
    counted_words,
    klover_stars,
    master_class,
    next_class,
    plain_next_class,
    progress,
    promotions,
)

SEED_000 = Path(__file__).resolve().parents[4] / "shared" / "seeds" / "000_18af0e66f52a62b2.txt"


def holding(bronze: int = 0, silver: int = 0, gold: int = 0) -> Holding:
    return Holding(bronze=Decimal(bronze), silver=Decimal(silver), gold=Decimal(gold))


def codes(classes: list) -> list[str]:
    return [c.code for c in classes]


# code, Ant. MP, sp, gp, bp, marker: the seed's chapter 3 as printed.
SEED_TABLE = [
    ("klover", "2", None, None, None, ""),
    ("klover-1", "2", None, None, "500", ""),
    ("klover-2", "2", None, None, "1000", ""),
    ("klover-3", "2", None, None, "1500", ""),
    ("klover-4", "2", None, None, "2500", ""),
    ("klover-5", "2", None, None, "10000", ""),
    ("ruter", "15", "50", "2", None, "*"),
    ("hjarter", "50", "200", "10", None, "**"),
    ("hjarter-1", "100", "200", "10", None, "**"),
    ("hjarter-2", "150", "200", "10", None, "**"),
    ("hjarter-3", "200", "200", "10", None, "**"),
    ("spader", "150", None, "75", None, "**"),
    ("spader-1", "275", None, "75", None, "**"),
    ("spader-2", "350", None, "75", None, "**"),
    ("stor", "300", None, "150", None, "**"),
    ("stor-1", "600", None, "150", None, "***"),
    ("stor-2", "1000", None, "300", None, "***"),
    ("stor-3", "1500", None, "600", None, "***"),
    ("stor-4", "2100", None, "1000", None, "***"),
    ("stor-5", "2800", None, "1500", None, "***"),
]


def _dec(value: str | None) -> Decimal | None:
    return None if value is None else Decimal(value)


def test_the_table_is_the_seeds_in_rank_order():
    assert codes(list(CLASSES)) == [row[0] for row in SEED_TABLE]
    assert [c.rank for c in CLASSES] == list(range(1, 21))
    assert NO_CLASS.rank == 0


@pytest.mark.parametrize(("code", "mp", "sp", "gp", "bp", "marker"), SEED_TABLE)
def test_requirements(code, mp, sp, gp, bp, marker):
    req = BY_CODE[code].requirement
    assert req.master_points == Decimal(mp)
    assert req.silver == _dec(sp)
    assert req.gold == _dec(gp)
    assert req.bronze == _dec(bp)
    assert req.exchange == Exchange(marker)


@pytest.mark.parametrize(
    ("code", "sv", "en", "stars"),
    [
        ("klover", "Klövermästare", "Club Master", 0),
        ("klover-2", "Tvåstjärnig klövermästare", "Two-star Club Master", 2),
        ("ruter", "Rutermästare", "Diamond Master", 0),
        ("hjarter-3", "Trestjärnig hjärtermästare", "Three-star Heart Master", 3),
        ("spader-1", "Enstjärnig spadermästare", "One-star Spade Master", 1),
        ("stor", "Stormästare", "Grand Master", 0),
        ("stor-5", "Femstjärnig stormästare", "Five-star Grand Master", 5),
    ],
)
def test_names(code, sv, en, stars):
    cls = BY_CODE[code]
    assert (cls.name_sv, cls.name_en, cls.stars) == (sv, en, stars)


@pytest.mark.skipif(not SEED_000.exists(), reason="seed 000 not beside the repository")
def test_every_row_is_printed_in_the_seed():
    lines = [line.strip() for line in SEED_000.read_text(encoding="utf-8").splitlines()]
    for cls in CLASSES:
        printed = cls.seed.split(": ", 1)[1]
        assert printed in lines, cls.code


def test_worked_example_bronze_only_ruter_at_20_mp():
    # "Med enbart bp blir man rutermästare på 20 mp (2 000 bp, varav 1 000 räknas som 50 sp)."
    assert master_class(holding(bronze=2000)).code == "ruter"
    assert master_class(holding(bronze=1999)).code == "klover-3"
    words = counted_words(BY_CODE["ruter"], holding(bronze=2000))
    assert words is not None
    assert words.sv == "Rutermästare: 1 000 bp räknas som 50 sp, 15 mp"
    assert words.en == "Diamond Master: 1,000 bp count as 50 sp, 15 mp"


# Each pair: the least holding that reaches a class, and one point less of the
# binding colour, which leaves the player in the class below.
BOUNDARIES = [
    # Klöver: 2 mp in any colour
    ((200, 0, 0), "klover"),
    ((199, 0, 0), "none"),
    ((0, 20, 0), "klover"),
    ((0, 19, 0), "none"),
    ((0, 0, 2), "klover"),
    ((0, 0, 1), "none"),
    # Klöver stars: bronze points alone
    ((500, 0, 0), "klover-1"),
    ((499, 0, 0), "klover"),
    ((499, 100, 0), "klover"),  # silver never counts towards the stars
    ((1000, 0, 0), "klover-2"),
    ((999, 0, 0), "klover-1"),
    ((1500, 0, 0), "klover-3"),
    ((1499, 0, 0), "klover-2"),
    # Ruter*: 15 mp of which 50 sp or 2 gp
    ((1000, 50, 0), "ruter"),
    ((999, 50, 0), "klover-1"),
    ((1300, 0, 2), "ruter"),
    ((1299, 0, 2), "klover-2"),
    ((0, 150, 0), "ruter"),
    ((0, 149, 0), "klover"),
    ((0, 0, 15), "ruter"),
    ((0, 0, 14), "klover"),
    # Hjärter**: 50 mp of which 200 sp or 10 gp
    ((3000, 200, 0), "hjarter"),
    ((2999, 200, 0), "ruter"),
    ((4000, 0, 10), "hjarter"),
    ((3999, 0, 10), "ruter"),
    ((0, 500, 0), "hjarter"),
    ((0, 499, 0), "ruter"),
    ((8000, 200, 0), "hjarter-1"),
    ((7999, 200, 0), "hjarter"),
    ((9000, 0, 10), "hjarter-1"),
    ((8999, 0, 10), "hjarter"),
    ((13000, 200, 0), "hjarter-2"),
    ((12999, 200, 0), "hjarter-1"),
    ((18000, 200, 0), "hjarter-3"),
    ((17999, 200, 0), "hjarter-2"),
    # Spader**: 150 mp of which 75 gp
    ((7500, 0, 75), "spader"),
    ((7499, 0, 75), "hjarter-1"),
    ((0, 750, 75), "spader"),
    ((0, 749, 75), "hjarter-1"),
    ((20000, 0, 75), "spader-1"),
    ((19999, 0, 75), "spader"),
    ((27500, 0, 75), "spader-2"),
    ((27499, 0, 75), "spader-1"),
    # Stormästare**: 300 mp of which 150 gp
    ((15000, 0, 150), "stor"),
    ((14999, 0, 150), "spader-1"),
    # Stormästare***: only gold counts as gold
    ((45000, 0, 150), "stor-1"),
    ((44999, 0, 150), "stor"),
    ((70000, 0, 300), "stor-2"),
    ((69999, 0, 300), "stor-1"),
    ((0, 9000, 600), "stor-3"),
    ((0, 8999, 600), "stor-2"),
    ((0, 11000, 1000), "stor-4"),
    ((0, 10999, 1000), "stor-3"),
    ((0, 0, 2800), "stor-5"),
    ((0, 0, 2799), "stor-4"),
]


@pytest.mark.parametrize(("points", "code"), BOUNDARIES)
def test_boundaries(points, code):
    assert master_class(holding(*points)).code == code


EXCHANGES = [
    # * (Ruter): 20 bp count as 1 sp, and count as 1 sp in the total
    ((1100, 45, 0), "ruter"),  # 100 bp -> 5 sp: 15.5 - 0.5 = 15 mp
    ((1099, 45, 0), "klover-2"),  # 15.49 - 0.5 = 14.99 mp
    # ** (Hjärter): bronze alone, 4 000 bp -> 200 sp, 70 - 20 = 50 mp
    ((7000, 0, 0), "hjarter"),
    ((6999, 0, 0), "ruter"),
    # ** (Spader): 20 sp count as 1 gp, 2 mp become 1
    ((0, 770, 74), "spader"),  # 151 - 1 = 150 mp
    ((0, 769, 74), "hjarter-2"),  # 150.9 - 1 = 149.9 mp
    ((0, 2250, 0), "spader"),  # 1 500 sp -> 75 gp: 225 - 75 = 150 mp
    ((0, 2249, 0), "hjarter-3"),
    # ** chained: bronze -> silver -> gold; 30 000 bp -> 1 500 sp -> 75 gp
    ((37500, 0, 0), "spader"),
    ((37499, 0, 0), "hjarter-3"),
    ((75000, 0, 0), "stor"),
    ((74999, 0, 0), "spader-2"),
    ((0, 4500, 0), "stor"),
    ((0, 4499, 0), "spader-2"),
    # *** (Stormästare stars): no exchange into gold, however much silver
    ((0, 10000, 149), "stor"),
    ((0, 10000, 150), "stor-1"),
    ((10**6, 10**5, 149), "stor"),
]


@pytest.mark.parametrize(("points", "code"), EXCHANGES)
def test_exchange_markers(points, code):
    assert master_class(holding(*points)).code == code


def test_gold_counts_as_ten_silver_for_the_silver_alternative():
    # 40 sp + 1 gp = 50 sp at face value: no bronze needs exchanging.
    assert master_class(holding(1000, 40, 1)).code == "ruter"
    words = counted_words(BY_CODE["ruter"], holding(1000, 40, 1))
    assert words is not None and words.sv == "Rutermästare: 15 mp"
    # 39 sp + 1 gp = 49: 20 bp must become 1 sp, leaving 14.8 mp.
    assert master_class(holding(1000, 39, 1)).code == "klover-2"


def test_klover_stars_are_a_bronze_distinction_beyond_ruter():
    assert klover_stars(holding(bronze=2499)) == 3
    assert klover_stars(holding(bronze=2500)) == 4
    assert master_class(holding(bronze=2500)).code == "ruter"
    assert klover_stars(holding(bronze=9999)) == 4
    assert klover_stars(holding(bronze=10000)) == 5
    assert master_class(holding(bronze=10000)).code == "hjarter"
    assert klover_stars(holding(silver=10000, gold=1000)) == 0


@pytest.mark.parametrize(
    ("points", "current", "target", "missing"),
    [
        ((0, 0, 0), "none", "klover", (200, 20, 2)),
        ((400, 0, 0), "klover", "ruter", (1600, 110, 11)),
        ((1500, 0, 0), "klover-3", "ruter", (500, 25, 2)),
        ((2000, 0, 0), "ruter", "hjarter", (5000, 300, 30)),
        ((0, 2250, 0), "spader", "spader-1", (12500, 1250, 63)),
        ((0, 3200, 140), "stor", "stor-1", (None, None, 140)),
        ((0, 0, 150), "spader", "spader-1", (12500, 1250, 125)),
        ((15000, 0, 150), "stor", "stor-1", (30000, 3000, 300)),
    ],
)
def test_next_class(points, current, target, missing):
    result = next_class(holding(*points))
    assert result.current.code == current
    assert result.target is not None and result.target.code == target
    expected = {
        colour: None if amount is None else Decimal(amount)
        for colour, amount in zip(SBF_COLOURS, missing, strict=True)
    }
    assert result.missing == expected


def test_next_class_missing_is_the_least():
    # 24 sp with 1 500 bp: 26 blocks of bronze leave 14.8 mp.
    assert master_class(holding(1500, 24, 0)).code == "klover-3"
    assert master_class(holding(1500, 25, 0)).code == "ruter"
    # 62 gp with 2 250 sp: 13 blocks of silver leave 274 mp.
    assert master_class(holding(0, 2250, 62)).code == "spader"
    assert master_class(holding(0, 2250, 63)).code == "spader-1"


def test_next_class_in_words():
    result = next_class(holding(bronze=1500))
    assert result.explanation.sv == (
        "Nästa mästarklass: Rutermästare: minst 15 mp, varav 50 sp eller 2 gp "
        "(20 bp räknas som 1 sp). Det saknas 500 bp, eller 25 sp, eller 2 gp."
    )
    assert result.explanation.en == (
        "Next master class: Diamond Master: at least 15 mp, of which 50 sp or 2 gp "
        "(20 bp count as 1 sp). Missing: 500 bp, or 25 sp, or 2 gp."
    )
    no_exchange = next_class(holding(0, 3200, 140)).explanation
    assert no_exchange.sv == (
        "Nästa mästarklass: Enstjärnig stormästare: minst 600 mp, varav 150 gp "
        "(bp/sp får inte växlas till gp). Det saknas 140 gp. Enbart bp eller sp räcker inte."
    )
    assert no_exchange.en.endswith("Missing: 140 gp. bp or sp alone cannot reach it.")


def test_next_class_at_the_top():
    result = next_class(holding(gold=2800))
    assert result.current.code == "stor-5"
    assert result.target is None
    assert result.missing == {}
    assert result.explanation.sv == "Femstjärnig stormästare är den högsta mästarklassen."


@pytest.mark.parametrize(
    ("before", "after", "passed"),
    [
        (
            (0, 0, 0),
            (2600, 0, 0),
            ["klover", "klover-1", "klover-2", "klover-3", "klover-4", "ruter"],
        ),
        ((1900, 0, 0), (2100, 0, 0), ["ruter"]),
        # The bronze distinction counts when crossed, even above Klöver.
        ((2100, 0, 0), (2600, 0, 0), ["klover-4"]),
        (
            (1000, 50, 0),
            (18000, 200, 0),
            ["klover-3", "klover-4", "klover-5", "hjarter", "hjarter-1", "hjarter-2", "hjarter-3"],
        ),
        ((17500, 0, 100), (20000, 0, 150), ["spader-2", "stor"]),
        # A Stormästare reaching 350 mp passes no Spadermästare.
        ((15000, 0, 150), (20000, 0, 150), []),
        ((2000, 0, 0), (2000, 0, 0), []),
        ((2000, 0, 0), (1000, 0, 0), []),
    ],
)
def test_promotions(before, after, passed):
    assert codes(promotions(holding(*before), holding(*after))) == passed


def test_holding_rejects_negative_and_float():
    with pytest.raises(ValueError):
        Holding(bronze=Decimal(-1))
    with pytest.raises(TypeError):
        Holding(silver=1.5)  # type: ignore[arg-type]
    assert Holding(gold=2).gold == Decimal(2)  # type: ignore[arg-type]
    assert holding(100, 10, 1).master_points == Decimal(3)


def test_the_next_class_in_one_plain_sentence():
    """The start page's sentence: the same missing points as ``missing`` (pinned above,
    from the seed's table), in words, one colour or another."""
    assert plain_next_class(next_class(holding(bronze=1500))).sv == (
        "Till rutermästare saknar du 500 bronspoäng, 25 silverpoäng eller 2 guldpoäng."
    )
    assert plain_next_class(next_class(holding(bronze=150))).en == (
        "For Club Master you need 50 more bronze points, 5 more silver points or 1 more gold point."
    )
    # A colour that alone cannot reach the class is left out.
    assert plain_next_class(next_class(holding(0, 3200, 140))).sv == (
        "Till enstjärnig stormästare saknar du 140 guldpoäng."
    )
    top = next_class(holding(gold=2800))
    assert plain_next_class(top) == top.explanation


@pytest.mark.parametrize(
    ("points", "share"),
    [
        ((0, 0, 0), "0"),
        ((150, 0, 0), "0.75"),  # 1.5 of Klövermästare's 2 mp
        ((2000, 40, 0), "0.2"),  # 24 of Hjärter's 50 mp, but 40 of its 200 sp
        ((2000, 0, 8), "0.56"),  # 8 of its 10 gp (the better colour), but 28 of 50 mp
        ((199, 0, 0), "0.99"),  # not full while a point is missing
        ((0, 0, 2800), "1"),
    ],
)
def test_the_progress_bar_towards_the_next_class(points, share):
    held = holding(*points)
    assert progress(next_class(held), held) == Decimal(share)
