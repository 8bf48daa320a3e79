"""Tables A1 and A2: bronze points for pairs events, 4-32 and 32-100 pairs.

Source: ``000_18af0e66f52a62b2.txt``, "Tabell A1, Brons, Partävling 4-32 par" (lines
609-700; its rows, lines 612-668, print before the heading) and "Tabell A2, Brons,
Partävling 32-100 par" (lines 702-829), with the beginners' event (lines 497-499). Each
row keeps the line it was read from; printed cells are kept where they depart from the
principle (the tests list them).
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from functools import cache
from typing import Final

from awards.domain.core import Colour, Competition

from . import cells, rules
from .scale import Line, Scale, integers, out_of_range

MIN_BOARDS: Final = 18  # lines 679, 826
INEXPERIENCED_BOARDS: Final = range(10, 18)  # "10 - 17 brickor ... halv skala" (lines 685-692)

# Tabell A1: pairs -> bp per place to the best third. Every field 4-32 is printed and
# follows the principle (2 bp per pair to the winner, then 2/3 of the place above, at
# least 4).
# fmt: off
A1_ROWS: Final[dict[int, tuple[int, ...]]] = {
    4: (8, 6),  # line 612
    5: (10, 7),  # line 614
    6: (12, 8),  # line 616
    7: (14, 10, 7),  # line 618
    8: (16, 11, 8),  # line 620
    9: (18, 12, 8),  # line 622
    10: (20, 14, 10, 7),  # line 624
    11: (22, 15, 10, 7),  # line 626
    12: (24, 16, 11, 8),  # line 628
    13: (26, 18, 12, 8, 6),  # line 630
    14: (28, 19, 13, 9, 6),  # line 632
    15: (30, 20, 14, 10, 7),  # line 634
    16: (32, 22, 15, 10, 7, 5),  # line 636
    17: (34, 23, 16, 11, 8, 6),  # line 638
    18: (36, 24, 16, 11, 8, 6),  # line 640
    19: (38, 26, 18, 12, 8, 6, 4),  # line 642
    20: (40, 27, 18, 12, 8, 6, 4),  # line 644
    21: (42, 28, 19, 13, 9, 6, 4),  # line 646
    22: (44, 30, 20, 14, 10, 7, 5, 4),  # line 648
    23: (46, 31, 21, 14, 10, 7, 5, 4),  # line 650
    24: (48, 32, 22, 15, 10, 7, 5, 4),  # line 652
    25: (50, 34, 23, 16, 11, 8, 6, 4, 4),  # line 654
    26: (52, 35, 24, 16, 11, 8, 6, 4, 4),  # line 656
    27: (54, 36, 24, 16, 11, 8, 6, 4, 4),  # line 658
    28: (56, 38, 26, 18, 12, 8, 6, 4, 4, 4),  # line 660
    29: (58, 39, 26, 18, 12, 8, 6, 4, 4, 4),  # line 662
    30: (60, 40, 27, 18, 12, 8, 6, 4, 4, 4),  # line 664
    31: (62, 42, 28, 19, 13, 9, 6, 4, 4, 4, 4),  # line 666
    32: (64, 43, 29, 20, 14, 10, 7, 5, 4, 4, 4),  # line 668
}
# fmt: on

# Tabell A2: the even fields 32-100 (lines 736-804).
# fmt: off
A2_ROWS: Final[dict[int, tuple[int, ...]]] = {
    32: (64, 43, 29, 20, 14, 10, 7, 5, 4, 4, 4),  # line 736
    34: (68, 46, 34, 23, 17, 13, 10, 7, 6, 6, 5, 4),  # line 738
    36: (72, 48, 36, 26, 20, 16, 13, 10, 8, 7, 6, 4),  # line 740
    38: (76, 51, 38, 31, 24, 20, 16, 12, 10, 9, 7, 6, 4),  # line 742
    40: (80, 54, 40, 34, 27, 23, 18, 15, 12, 10, 8, 7, 6, 4),  # line 744
    42: (84, 56, 42, 35, 28, 24, 19, 16, 13, 11, 9, 8, 6, 4),  # line 746
    44: (88, 59, 44, 37, 30, 25, 20, 17, 14, 12, 10, 9, 7, 5, 4),  # line 748
    46: (92, 61, 46, 39, 31, 26, 21, 18, 14, 12, 10, 9, 7, 6, 4, 4),  # line 750
    48: (96, 64, 48, 40, 32, 27, 22, 19, 15, 13, 10, 9, 7, 6, 5, 4),  # line 752
    50: (100, 67, 50, 42, 34, 29, 23, 20, 16, 14, 11, 10, 8, 7, 6, 4, 4),  # line 754
    52: (104, 70, 52, 44, 35, 30, 24, 20, 16, 14, 11, 10, 8, 7, 6, 5, 4, 4),  # line 756
    54: (108, 72, 54, 45, 36, 30, 24, 20, 16, 14, 11, 10, 8, 7, 6, 5, 4, 4),  # line 758
    56: (112, 75, 56, 47, 38, 32, 26, 22, 18, 15, 12, 10, 8, 7, 6, 5, 4, 4, 4),  # line 760
    58: (116, 78, 58, 49, 39, 33, 26, 22, 18, 15, 12, 10, 8, 7, 6, 5, 4, 4, 4, 4),  # line 762
    60: (120, 80, 60, 50, 40, 34, 27, 23, 18, 15, 12, 10, 8, 7, 6, 5, 4, 4, 4, 4),  # line 764
    62: (124, 83, 62, 52, 42, 35, 28, 24, 19, 16, 13, 11, 9, 8, 6, 6, 4, 4, 4, 4, 4),  # line 766
    64: (128, 86, 64, 54, 43, 36, 29, 25, 20, 17, 14, 12, 10, 9, 7, 6, 5, 4, 4, 4, 4, 4),  # line 768
    66: (132, 88, 66, 56, 45, 38, 32, 27, 22, 19, 16, 14, 12, 11, 9, 8, 6, 6, 5, 5, 5, 4),  # line 770
    68: (136, 91, 68, 57, 46, 40, 34, 29, 23, 20, 17, 15, 13, 12, 10, 9, 7, 7, 6, 6, 6, 5, 4),  # line 772
    70: (140, 94, 70, 58, 47, 41, 35, 30, 25, 22, 19, 17, 15, 14, 12, 11, 9, 8, 7, 7, 7, 6, 5, 4),  # line 774
    72: (144, 96, 72, 63, 48, 42, 36, 31, 26, 23, 20, 18, 16, 15, 13, 12, 10, 9, 8, 8, 7, 7, 6, 4),  # line 776
    74: (148, 99, 74, 62, 50, 44, 37, 33, 29, 26, 22, 20, 18, 17, 15, 13, 11, 11, 10, 10, 9, 8, 7, 6, 4),  # line 778
    76: (152, 102, 76, 63, 51, 45, 38, 35, 31, 28, 24, 22, 20, 18, 16, 14, 12, 10, 10, 9, 8, 7, 6, 4, 4),  # line 780
    78: (156, 104, 78, 65, 52, 46, 39, 36, 33, 30, 26, 24, 22, 20, 17, 16, 14, 13, 11, 11, 10, 9, 8, 7, 6, 4),  # line 782
    80: (160, 107, 80, 67, 54, 43, 40, 37, 34, 31, 27, 25, 23, 21, 18, 17, 15, 13, 12, 11, 10, 9, 8, 7, 7, 6, 4),  # line 784
    82: (164, 110, 82, 68, 55, 48, 41, 38, 35, 32, 28, 26, 24, 22, 19, 18, 16, 14, 13, 12, 11, 10, 9, 9, 8, 7, 6, 4),  # line 786
    84: (168, 112, 84, 70, 56, 49, 42, 39, 35, 32, 28, 26, 24, 22, 19, 18, 16, 14, 13, 12, 11, 10, 9, 9, 8, 7, 6, 4),  # line 788
    86: (172, 115, 86, 71, 57, 50, 43, 40, 34, 33, 29, 27, 25, 23, 20, 19, 17, 15, 14, 13, 12, 11, 10, 10, 9, 8, 7, 5, 4),  # line 790
    88: (176, 118, 88, 73, 59, 52, 44, 41, 37, 34, 30, 28, 25, 23, 20, 19, 17, 16, 14, 13, 12, 11, 10, 10, 9, 8, 7, 6, 5, 4),  # line 792
    90: (180, 120, 90, 75, 60, 53, 45, 42, 38, 35, 31, 29, 26, 24, 21, 20, 18, 16, 14, 13, 12, 11, 10, 10, 9, 8, 7, 6, 5, 4),  # line 794
    92: (184, 123, 92, 76, 61, 54, 46, 43, 39, 36, 31, 29, 26, 24, 21, 20, 18, 16, 14, 13, 12, 11, 10, 10, 9, 8, 7, 7, 6, 5, 4),  # line 796
    94: (188, 126, 94, 78, 62, 55, 47, 44, 40, 36, 32, 30, 27, 25, 22, 21, 19, 17, 15, 14, 13, 12, 10, 10, 9, 8, 7, 7, 6, 6, 5, 4),  # line 798
    96: (192, 128, 96, 80, 64, 56, 48, 44, 40, 36, 32, 30, 27, 25, 22, 21, 19, 17, 15, 14, 13, 12, 10, 10, 9, 8, 7, 7, 6, 6, 5, 4),  # line 800
    98: (196, 131, 98, 82, 65, 57, 49, 45, 41, 38, 33, 31, 28, 26, 23, 22, 20, 18, 16, 15, 14, 13, 11, 10, 10, 9, 8, 8, 7, 7, 6, 5, 4),  # line 802
    100: (200, 134, 100, 84, 67, 59, 50, 46, 42, 39, 34, 32, 29, 26, 23, 22, 20, 18, 16, 15, 14, 13, 11, 10, 10, 9, 8, 8, 7, 7, 6, 5, 4, 4),  # line 804
}
# fmt: on


def a2_principle(entries: int) -> tuple[int, ...]:
    """Table A2's principle for an even field above 32, from the printed half-field row."""
    return rules.halving_principle(
        2 * entries, row(entries // 2), rules.bronze_places(entries), rules.BRONZE_MINIMUM
    )


def row(entries: int) -> tuple[int, ...]:
    """Bronze points per place for a pairs event of ``entries`` pairs (A1, A2).

    4-32 pairs: A1 as printed. 34-100 even: A2 as printed. Odd fields above 32: the mean
    of the neighbours (line 824). Above 100 the seed's own examples use "200-skalan"
    and "142-skalan" (lines 1279, 1290): an even field follows A2's principle, an odd
    one the mean of its neighbours. The printed rows are the rulebook version's
    (``cells``).
    """
    return _row(entries, cells.in_force())


@cache
def _row(entries: int, amended: frozenset[cells.Cell]) -> tuple[int, ...]:
    if entries < 4:
        raise ValueError(f"bronze pairs scales start at 4 pairs, not {entries}")
    if entries <= 32:
        return cells.flat_row("A1", entries, A1_ROWS[entries], amended)
    if entries % 2:
        return rules.mean_of_rows(
            _row(entries - 1, amended), _row(entries + 1, amended), rules.bronze_places(entries)
        )
    if entries <= 100:
        return cells.flat_row("A2", entries, A2_ROWS[entries], amended)
    return a2_principle(entries)


def scale(table: str, entries: int) -> Scale:
    low, high = (4, 32) if table == "A1" else (32, None)
    if entries < low or (high is not None and entries > high):
        raise out_of_range(
            table,
            f"Tabell {table} gäller {'4-32' if table == 'A1' else '32-100'} par",
            f"Table {table} covers {'4-32' if table == 'A1' else '32-100'} pairs",
        )
    notes: tuple[tuple[str, str], ...] = ()
    if entries > 100:
        notes = (("utöver tabellen, enligt dess princip", "beyond the table, by its principle"),)
    return Scale(table, entries, "pairs", tuple(integers(Colour.BRONZE, row(entries))), notes)


def beginners_scale_entries(entries: int) -> int:
    """Nybörjarträffen: up to 99 pairs the 50-pair bronze scale, from 100 pairs the
    100-pair scale (lines 497-499)."""
    return 100 if entries >= 100 else 50


def inexperienced_points(bronze: Decimal) -> tuple[Decimal, Decimal]:
    """Events for inexperienced players of 10-17 boards use half the scale, at least
    2 bp (A1, lines 685-692). Returns (exact, credited)."""
    exact = bronze / 2
    return exact, max(Decimal(2), rules.round_up(exact))


def for_competition(competition: Competition, table: str, entries: int) -> Scale:
    """Bronze pairs with the beginners' and inexperienced players' scales (lines 497-499,
    685-692)."""
    if competition.option("beginners"):
        scale_row = beginners_scale_entries(entries)
        values = row(scale_row)[: rules.bronze_places(entries)]
        return Scale(
            table,
            entries,
            competition.kind,
            tuple(integers(Colour.BRONZE, values)),
            (
                (
                    f"nybörjarträff, {scale_row}-parsskalan",
                    f"beginners' event, the {scale_row}-pair scale",
                ),
            ),
        )
    built = scale("A1" if entries <= 32 else "A2", entries)
    if competition.option("inexperienced") and competition.boards in INEXPERIENCED_BOARDS:
        halved = tuple(
            Line(Colour.BRONZE, *inexperienced_points(line.credited)) for line in built.lines
        )
        return replace(
            built,
            lines=halved,
            bronze_floor=2,
            notes=(*built.notes, ("orutinerade, halv skala", "inexperienced players, half scale")),
        )
    return built
