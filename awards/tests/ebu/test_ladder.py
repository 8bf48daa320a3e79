"""Ladder events (4.11, seed lines 3588-3710)."""

from decimal import Decimal
from fractions import Fraction

import pytest

from awards.domain.ebu.core import EbuInputError, EbuOptions
from awards.domain.ebu.ladder import awards_for, ladder_club_awards, ladder_factor


def _ladder(**options):
    result = awards_for(EbuOptions(ladder=True, **options))
    return [place.points for place in result.places], result


def test_4116_four_awards_at_16():
    # Line 3656: "4 awards at 16 means 1st 64, 2nd 48, 3rd 32, 4th 16."
    assert ladder_club_awards(movement="pairs", tables=Fraction(10)) == [64, 48, 32, 16]


@pytest.mark.parametrize(
    ("movement", "tables", "awards"),
    [
        # Lines 3648-3652.
        ("teams", 8, [27]),
        ("pairs", 8, [32, 16]),
        ("individual", 8, [32, 24, 16, 8]),
        ("teams", 9, [54, 27]),
        ("individual", 17, [64, 56, 48, 40, 32, 24, 16, 8]),
        ("teams", 18, [81, 54, 27]),
        ("pairs", 25, [96, 80, 64, 48, 32, 16]),
    ],
)
def test_4116_the_club_table(movement, tables, awards):
    assert ladder_club_awards(movement=movement, tables=Fraction(tables)) == awards


def test_example_4119_without_and_with_a_final():
    # Lines 3677-3681: pairs, fewer than 18 sessions, 10 tables: 64, 48, 32, 16; with a
    # final the 4 awards become 96, 72, 48, 24 whatever the final's size.
    points, result = _ladder(movement="pairs", tables=Fraction(10), games=12)
    assert points == [64, 48, 32, 16] and result.factor == 1
    points, result = _ladder(movement="pairs", tables=Fraction(10), games=12, final=True)
    assert points == [96, 72, 48, 24] and result.status == "district"


def test_the_interface_example():
    json = awards_for(
        EbuOptions(ladder=True, movement="pairs", tables=Fraction(10), games=12, final=True)
    ).as_json()
    assert json["factor"] == 1.5 and json["awards"] == 4
    assert [place["points"] for place in json["places"]] == [96, 72, 48, 24]


def test_4118_and_4119_note_a_two_levels():
    # 18+ games: one level (lines 3663-3665); with a final, two (note (a), line 3685).
    assert ladder_factor(status="club", games=18, final=False) == Fraction(3, 2)
    assert ladder_factor(status="club", games=17, final=False) == 1
    points, result = _ladder(movement="pairs", tables=Fraction(10), games=20, final=True)
    assert result.factor == 2 and points == [128, 96, 64, 32]


def test_4117_the_usual_factors():
    # Lines 3657-3659: District x 1½, County x 2, Regional x 3, National x 4.
    points, _ = _ladder(movement="teams", tables=Fraction(12), games=10, status="county")
    assert points == [108, 54]
    points, _ = _ladder(movement="individual", tables=Fraction(5), games=10, status="district")
    assert points == [48, 36, 24, 12]


def test_the_average_is_read_in_whole_tables():
    # Decision: 8.7 tables on average is "up to 8 full tables" (4.1.3's halves ignored).
    points, _ = _ladder(movement="pairs", tables=Fraction(87, 10), games=10)
    assert points == [32, 16]


def test_a_tie_at_the_last_place_gets_the_minimum():
    # 3.5.1 (lines 1832-1838): individual, 8 tables, tie for 4th: 8 and 0 shared is 4,
    # raised to the minimum of 6.
    points, _ = _ladder(movement="individual", tables=Fraction(8), games=10, ties=((4, 2),))
    assert points == [32, 24, 16, 6, 6]


def test_41110_blue_point_pairs_ladder():
    # Lines 3703-3707: the overall ranking awards in blue points (local / 100, 5.4.1).
    points, result = _ladder(movement="pairs", tables=Fraction(10), games=12, colour="blue")
    assert points == [Decimal("0.64"), Decimal("0.48"), Decimal("0.32"), Decimal("0.16")]
    assert result.colour == "blue"


@pytest.mark.parametrize(
    ("options", "option"),
    [
        ({"movement": "pairs", "tables": Fraction(10), "games": 5}, "games"),  # 4.11.4
        ({"movement": "pairs", "tables": Fraction(10)}, "games"),
        ({"movement": "two-winner", "tables": Fraction(10), "games": 8}, "movement"),
        ({"tables": Fraction(10), "games": 8}, "movement"),
        ({"movement": "pairs", "games": 8}, "tables"),
        ({"movement": "pairs", "tables": Fraction(1, 2), "games": 8}, "tables"),
        ({"movement": "pairs", "tables": Fraction(10), "games": 8, "major": True}, "major"),
        ({"movement": "teams", "tables": Fraction(10), "games": 8, "colour": "blue"}, "colour"),
        ({"movement": "pairs", "tables": Fraction(10), "games": 8, "boards": 24}, "boards"),
        ({"movement": "pairs", "tables": Fraction(10), "games": 8, "status": "galactic"}, "status"),
    ],
)
def test_refused(options, option):
    with pytest.raises(EbuInputError) as refused:
        awards_for(EbuOptions(ladder=True, **options))
    assert refused.value.option == option
    assert str(refused.value).startswith(f"--{option}: ")
