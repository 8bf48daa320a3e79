"""Tables D and F (silver, bronze in red), seed 000_18af0e66f52a62b2.txt chapter 9."""

from fractions import Fraction

import pytest

from awards.domain.sbf import scales
from awards.domain.sbf.scales import SilverRow

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
    assert scales.silver_pairs(pairs) == row


@pytest.mark.parametrize("pairs", sorted(scales.D_ROWS))
def test_d_place_counts(pairs):
    # Best quarter sp, at most 16; bp to the best third (lines 1215-1227).
    row = scales.silver_pairs(pairs)
    if pairs == 13:
        # Departure: printed 13 9 6 | 16 (3 sp, bp to 4th); the rule gives 13 9 6 4 | 12.
        assert (len(row.sp), len(row.bp)) == (3, 1)
        assert scales.d_principle(13) == SilverRow((13, 9, 6, 4), (12,))
        return
    assert len(row.sp) == scales.silver_places(pairs)
    assert len(row.sp) + len(row.bp) == scales.bronze_places(pairs)


def test_d_up_to_32_pairs_follows_its_principle_except_13():
    # 2/3 of the place above; the red bp are table A1 doubled.
    assert [n for n, (sp, bp) in scales.D_ROWS.items() if n <= 32 and SilverRow(sp, bp) != scales.d_principle(n)] == [13]  # fmt: skip


def test_d_departures_above_32_pairs():
    # "Samma princip som i tabell A2": winner n, second 2/3, third the winner at half
    # the field (an odd field's half is printed rounded either way). The tail and the
    # red bp are the office's "anpassad skala", not derivable, so only the head is checked.
    departures = {}
    for pairs, (sp, _bp) in scales.D_ROWS.items():
        if pairs <= 32:
            continue
        second = scales.round_up(Fraction(2 * pairs, 3))
        halves = {pairs // 2, (pairs + 1) // 2}
        if sp[0] != pairs:
            departures[(pairs, 1)] = (sp[0], pairs)
        if sp[1] != second:
            departures[(pairs, 2)] = (sp[1], second)
        if sp[2] not in halves:
            departures[(pairs, 3)] = (sp[2], pairs // 2)
    assert departures == {(82, 3): (46, 41)}


def test_d_unprinted_fields_are_read_between_the_printed_rows():
    assert scales.silver_pairs(53) == SilverRow(
        (53, 36, 27, 23, 18, 15, 12, 10, 8, 7, 6, 5, 4, 3), (9, 8, 8, 8)
    )
    row = scales.silver_pairs(95)
    assert row.sp[:3] == (95, 64, 48)
    assert len(row.sp) == 16 and len(row.bp) == 16


def test_d_beyond_100_pairs_is_refused():
    with pytest.raises(ValueError):
        scales.silver_pairs(101)


F_PINNED = {
    16: SilverRow((12, 8, 6, 4), (12, 8)),
    24: SilverRow((18, 12, 8, 6, 4, 3), (8, 8)),
    40: SilverRow((30, 20, 15, 13, 10, 9, 7, 6, 5, 4), (10, 8, 8, 8)),
    64: SilverRow((48, 32, 24, 20, 16, 14, 11, 10, 8, 7, 6, 5, 4, 3, 3, 2), (8, 8, 8, 8, 8)),
}


@pytest.mark.parametrize(("players", "row"), F_PINNED.items())
def test_f_printed_rows(players, row):
    assert scales.silver_individual(players) == row


def test_f_up_to_32_players_follows_its_principle():
    # Winner 3/4 of the players, 2/3 of the place above, table C doubled in red.
    assert [n for n, (sp, bp) in scales.F_ROWS.items() if n <= 32 and SilverRow(sp, bp) != scales.f_principle(n)] == []  # fmt: skip


def test_f_departures():
    departures = {}
    for players, (sp, bp) in scales.F_ROWS.items():
        winner = scales.round_up(Fraction(3 * players, 4))
        assert sp[0] == winner and sp[1] == scales.round_up(Fraction(2 * winner, 3))
        assert len(sp) == scales.silver_places(players)
        if len(sp) + len(bp) != scales.bronze_places(players):
            departures[players] = (len(sp) + len(bp), scales.bronze_places(players))
    # 64 players: the red bp stop at place 21; the best third is 22.
    assert departures == {64: (21, 22)}


def test_f_winner_row():
    # 24 players, 19 rounds: winner 17 sp -> the field whose winner gets 17 is 22.
    assert scales.f_row_for_winner(17) == 22
    assert scales.silver_individual(22) == SilverRow((17, 12, 8, 6, 4, 3), (8, 8))


def test_sources_name_every_table_of_this_module():
    assert set(scales.SOURCES) == {"A1", "A2", "C", "D", "F", "gold", "H1", "H2"}
    assert scales.SOURCES["D"].title.startswith("Tabell D, Silverpoäng")
