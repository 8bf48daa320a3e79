"""The public import path other parts use (issue: "Interfaces other parts will use")."""

from decimal import Decimal
from fractions import Fraction

import tournaments.scoring as scoring
from tournaments.scoring import duplicate_score, imps, matchpoints, wbf_vp


def test_documented_functions_import_and_agree_with_the_sources():
    assert duplicate_score("4S", "N", False, 10) == 420
    assert duplicate_score("3NTX", "S", True, 7) == -500
    assert imps(-420) == -9 and imps(20) == 1
    assert wbf_vp(0, 16) == (Decimal("10.00"), Decimal("10.00"))
    assert sum(wbf_vp(7, 12)) == 20
    assert matchpoints([420, 450, 420, -50]) == [Fraction(3), Fraction(6), Fraction(3), Fraction(0)]


def test_every_exported_name_exists():
    for name in scoring.__all__:
        assert getattr(scoring, name) is not None, name
    for name in ("neuberg", "butler", "cross_imps"):
        assert name in scoring.__all__
