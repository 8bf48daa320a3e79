"""Table D (silver pairs, bronze in red; awards.domain.sbf.silver_pairs), seed
000_18af0e66f52a62b2.txt lines 1143-1338: the printed rows, the cells that depart from
the principle, and the scale as entered for a field (not all met, 100 boards, half
scale)."""

from decimal import Decimal
from fractions import Fraction

import pytest

from awards.domain.core import Colour
from awards.domain.sbf import SBF, rules, silver_pairs
from awards.domain.sbf.silver_pairs import SilverRow

B, S = Colour.BRONZE, Colour.SILVER


# (sp per place, then the red bp of the places after), seed lines 1152-1212.
D_PINNED = {
    12: SilverRow((12, 8, 6), (16,)),
    16: SilverRow((16, 11, 8, 6), (14, 10)),
    32: SilverRow((32, 22, 15, 10, 7, 5, 4, 3), (8, 8, 8)),
    46: SilverRow((46, 31, 23, 20, 16, 14, 12, 10, 8, 6, 4, 3), (10, 8, 8, 8)),
    60: SilverRow((60, 40, 30, 25, 20, 17, 14, 12, 10, 9, 7, 6, 5, 4, 3), (8, 8, 8, 8, 8)),
    100: SilverRow(
        (100, 67, 50, 42, 34, 29, 25, 23, 21, 19, 17, 15, 12, 10, 8, 7),
        (40, 36, 32, 30, 28, 26, 22, 16, 12, 8, 8, 8, 8, 8, 8, 8, 8, 8),
    ),
}


@pytest.mark.parametrize(("pairs", "row"), D_PINNED.items())
def test_d_printed_rows(pairs, row):
    assert silver_pairs.row(pairs) == row


@pytest.mark.parametrize("pairs", sorted(silver_pairs.D_ROWS))
def test_d_place_counts(pairs):
    # Best quarter sp, at most 16; bp to the best third (lines 1215-1227).
    row = silver_pairs.row(pairs)
    if pairs == 13:
        # Departure: printed 13 9 6 | 16 (3 sp, bp to 4th); the rule gives 13 9 6 4 | 12.
        assert (len(row.sp), len(row.bp)) == (3, 1)
        assert silver_pairs.principle(13) == SilverRow((13, 9, 6, 4), (12,))
        return
    assert len(row.sp) == rules.silver_places(pairs)
    assert len(row.sp) + len(row.bp) == rules.bronze_places(pairs)


def test_d_up_to_32_pairs_follows_its_principle_except_13():
    # 2/3 of the place above; the red bp are table A1 doubled.
    assert [n for n, (sp, bp) in silver_pairs.D_ROWS.items() if n <= 32 and SilverRow(sp, bp) != silver_pairs.principle(n)] == [13]  # fmt: skip


def test_d_departures_above_32_pairs():
    # "Samma princip som i tabell A2": winner n, second 2/3, third the winner at half
    # the field (an odd field's half is printed rounded either way). The tail and the
    # red bp are the office's "anpassad skala", not derivable, so only the head is checked.
    departures = {}
    for pairs, (sp, _bp) in silver_pairs.D_ROWS.items():
        if pairs <= 32:
            continue
        second = rules.ceil(Fraction(2 * pairs, 3))
        halves = {pairs // 2, (pairs + 1) // 2}
        if sp[0] != pairs:
            departures[(pairs, 1)] = (sp[0], pairs)
        if sp[1] != second:
            departures[(pairs, 2)] = (sp[1], second)
        if sp[2] not in halves:
            departures[(pairs, 3)] = (sp[2], pairs // 2)
    assert departures == {(82, 3): (46, 41)}


def test_d_unprinted_fields_are_read_between_the_printed_rows():
    assert silver_pairs.row(53) == SilverRow(
        (53, 36, 27, 23, 18, 15, 12, 10, 8, 7, 6, 5, 4, 3), (9, 8, 8, 8)
    )
    row = silver_pairs.row(95)
    assert row.sp[:3] == (95, 64, 48)
    assert len(row.sp) == 16 and len(row.bp) == 16


def test_d_beyond_100_pairs_is_refused():
    with pytest.raises(ValueError):
        silver_pairs.row(101)


def test_silver_winner_is_capped_at_100():
    assert silver_pairs.silver_winner(200, met=30) == 100
    assert silver_pairs.silver_winner(90, boards=120) == 100


def test_half_silver_scale_at_36_to_41_boards():
    assert [b for b in (35, 36, 41, 42) if silver_pairs.half_silver_scale(b)] == [36, 41]


def test_scale_d_46_pairs():
    scale = SBF.scale("D", entries=46)
    assert [(p.place, p.colour, p.credited) for p in scale[:3]] == [
        (1, S, 46),
        (2, S, 31),
        (3, S, 23),
    ]
    assert (scale[12].place, scale[12].colour, scale[12].credited) == (13, B, 10)
    assert len(scale) == 16
    assert scale[2].reason.sv == "Tabell D, 46 par, plats 3"
    assert scale[2].reason.en == "Table D, 46 pairs, place 3"


def test_d_60_pairs_meeting_30_is_the_46_scale_with_bronze_to_20():
    scale = SBF.scale("D", entries=60, met=30)
    assert (scale[0].exact, scale[0].credited) == (Decimal("45.5"), 46)
    assert len([p for p in scale if p.colour is S]) == 12
    bronze = [p for p in scale if p.colour is B]
    assert [p.place for p in bronze] == list(range(13, 21))
    # A2 at 60 pairs (8 7 6 5 4 4 4 4) doubled
    assert [p.credited for p in bronze] == [16, 14, 12, 10, 8, 8, 8, 8]


def test_d_example_1_200_pairs_meeting_30():
    scale = SBF.scale("D", entries=200, met=30)
    assert scale[0].credited == 100
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
    bronze = [p.place for p in scale if p.colour is B]
    assert (bronze[0], bronze[-1], len(bronze)) == (17, 67, 51)


def test_d_example_2_142_pairs_meeting_29():
    scale = SBF.scale("D", entries=142, met=29)
    silver = [p for p in scale if p.colour is S]
    assert silver[0].credited == 86 and len(silver) == 16
    bronze = [p.place for p in scale if p.colour is B]
    assert (bronze[0], bronze[-1], len(bronze)) == (17, 48, 32)


def test_d_100_boards_coefficient():
    scale = SBF.scale("D", entries=46, boards=104)
    assert (scale[0].exact, scale[0].credited) == (Decimal("55.2"), 56)
    assert scale[1].credited == 38  # the 56 row
    assert "coefficient 1.2" in scale[0].reason.en


def test_d_half_scale_at_36_41_boards():
    scale = SBF.scale("D", entries=46, boards=38)
    assert [p.credited for p in scale[:3]] == [23, 16, 12]
    assert scale[12].credited == 10  # bronze unchanged


def test_the_module_names_its_seed_table():
    assert "Tabell D, Silverpoäng" in " ".join(silver_pairs.__doc__.split())
