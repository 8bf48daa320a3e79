"""A federation whose rulebook Klöver does not hold yet (awards/domain/unbuilt.py): its
awards are none, with the reason in both languages, and no scale or fact is known."""

from decimal import Decimal

import pytest

from awards.domain.core import Colour, Competition, Placing, Player, UnknownScale
from awards.domain.unbuilt import EBU_UNBUILT


def test_it_awards_nothing_and_says_why():
    competition = Competition(
        kind="pairs",
        level=Colour.SILVER,
        boards=42,
        placings=(Placing("1", 1, 1, (Player("10001"), Player("10002")), Decimal(60)),),
    )
    outcome = EBU_UNBUILT.award(competition)
    assert outcome.awards == ()
    assert outcome.no_award.en == (
        "Klöver does not have the EBU master points scheme yet: no master points are awarded"
    )
    assert outcome.no_award.sv == (
        "Klöver har ännu inte EBU:s mästarpoängsystem: inga mästarpoäng delas ut"
    )


def test_it_knows_no_scale_and_no_fact():
    assert EBU_UNBUILT.table_names() == ()
    assert EBU_UNBUILT.table_title("D") is None
    with pytest.raises(UnknownScale):
        EBU_UNBUILT.scale("D", entries=20)
    assert EBU_UNBUILT.check_options({}) == []
    assert len(EBU_UNBUILT.check_options({"division": 2})) == 1
