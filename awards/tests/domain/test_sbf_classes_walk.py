"""``classes.walk`` gives what adding awards one at a time and asking ``promotions``
after each gives (000_18af0e66f52a62b2.txt, chapter 3), only faster."""

import random
from decimal import Decimal

import pytest

from awards.domain.core import Colour
from awards.domain.sbf import classes


def _fold(ledger):
    holding = classes.Holding()
    reached = []
    for key, colour, amount in ledger:
        after = holding.plus(colour, amount)
        reached.extend((key, cls) for cls in classes.promotions(holding, after))
        holding = after
    return holding, reached


def _ledger(rng: random.Random, length: int):
    weights = {Colour.BRONZE: 70, Colour.SILVER: 25, Colour.GOLD: 5}
    sizes = {Colour.BRONZE: (4, 120), Colour.SILVER: (1, 60), Colour.GOLD: (1, 12)}
    rows = []
    for n in range(length):
        colour = rng.choices(list(weights), list(weights.values()))[0]
        low, high = sizes[colour]
        rows.append((n, colour, Decimal(rng.randint(low, high))))
    return rows


@pytest.mark.parametrize("seed", range(16))
def test_walk_agrees_with_adding_one_award_at_a_time(seed: int) -> None:
    ledger = _ledger(random.Random(seed), 50 + 40 * seed)
    holding, reached = _fold(ledger)
    walked = classes.walk(ledger)
    assert (walked.holding, walked.reached) == (holding, reached)
    assert walked.master_class == classes.master_class(holding)


def test_walk_reaches_rutermastare_on_bronze_alone_at_20_mp() -> None:
    # The seed's example: bronze only, Rutermästare at 20 mp (2,000 bp).
    ledger = [(day, Colour.BRONZE, Decimal(100)) for day in range(20)]
    walked = classes.walk(ledger)
    assert walked.holding.bronze == Decimal(2000)
    ruter = [key for key, cls in walked.reached if cls.code == "ruter"]
    assert ruter == [19]
    assert walked.master_class.code == "ruter"


def test_walk_of_nothing_is_an_empty_holding() -> None:
    walked = classes.walk([])
    assert (walked.holding, walked.reached) == (classes.Holding(), [])
    assert walked.master_class == classes.NO_CLASS
