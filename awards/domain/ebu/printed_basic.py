"""The basic scales A-F and X as the Appendix prints them, cell by cell, each row with
the seed line it was read from, and the Handbook's way of reading them (4.1.3-4.1.5):
across from the number of full tables to the award column, taking the next highest
figure on a blank cell. :mod:`.basic` generates the scales from their rule; the tests
compare every printed cell with it.

Source: seed ``001_4cb9a3c6036a851e.txt`` (EBU Licensing and Master Points Handbook,
7th ed.), Appendix: Scale A (lines 4709-4936), B (4937-5152), C (5153-5376), D
(5377-5592), E (5593-5808), F (5809-5957) and X (7161-7285). The PDF's columns came out
as runs of numbers; each row below is one printed line, blank cells as ``None``.
"""

from __future__ import annotations

Range = tuple[int, int]
# Page 1 of Scales A-E: (line, full tables 12-17 boards, 18-35 boards, 36+ boards,
# award teams/two-winner pairs, award single-winner pairs). The three table columns
# share the two award columns.
FirstRow = tuple[int, Range | None, Range | None, Range | None, int | None, int | None]
# Page 2 ("continued", 36+ boards, 21-60 tables): (line, tables 21-40, teams/two-winner,
# single-winner, tables 41-60, teams/two-winner, single-winner).
SecondRow = tuple[int, int, int | None, int, int, int | None, int | None]
# Scale F: (line, tables 12-17, 18-35, 36+, awards at A, B, C, D, E status).
FRow = tuple[int, int | None, int | None, int | None, tuple[int, int, int, int, int]]
# Scale X: (line, full tables, awards at A, B, C, D, E status).
XRow = tuple[int, Range | None, tuple[int, int, int, int, int]]

PER_DIRECTION = "per-direction"  # teams, two-winner pairs, four-winner individuals
SINGLE_WINNER = "single-winner"
LETTERS = ("A", "B", "C", "D", "E")

# fmt: off
BASIC_FIRST: dict[str, tuple[FirstRow, ...]] = {
    # Scale A (line 4709), lines 4779-4817; the last row is the lowest award
    # of the single-winner column, on no table row.
    "A": (
        (4779, None, (29, 30), (20, 20), 100, 120),
        (4781, None, (28, 28), (19, 19), None, 114),
        (4783, None, (26, 27), (18, 18), 90, 108),
        (4785, None, (25, 25), (17, 17), None, 102),
        (4787, None, (23, 24), (16, 16), 80, 96),
        (4789, None, (22, 22), (15, 15), None, 90),
        (4791, (27, 28), (20, 21), (14, 14), 70, 84),
        (4793, (25, 26), (19, 19), (13, 13), None, 78),
        (4795, (23, 24), (17, 18), (12, 12), 60, 72),
        (4797, (21, 22), (16, 16), (11, 11), None, 66),
        (4799, (19, 20), (14, 15), (10, 10), 50, 60),
        (4801, (17, 18), (13, 13), (9, 9), None, 54),
        (4803, (15, 16), (11, 12), (8, 8), 40, 48),
        (4805, (13, 14), (10, 10), (7, 7), None, 42),
        (4807, (11, 12), (8, 9), (6, 6), 30, 36),
        (4809, (9, 10), (7, 7), (5, 5), None, 30),
        (4811, (7, 8), (5, 6), (4, 4), 20, 24),
        (4813, (5, 6), (4, 4), (3, 3), None, 18),
        (4815, (3, 4), (3, 3), (2, 2), 10, 12),
        (4817, None, None, None, None, 6),
    ),
    # Scale B (line 4937), lines 5007-5045; the last row is the lowest award
    # of the single-winner column, on no table row.
    "B": (
        (5007, None, (29, 30), (20, 20), 150, 180),
        (5009, None, (28, 28), (19, 19), None, 171),
        (5011, None, (26, 27), (18, 18), 135, 162),
        (5013, None, (25, 25), (17, 17), None, 153),
        (5015, None, (23, 24), (16, 16), 120, 144),
        (5017, None, (22, 22), (15, 15), None, 135),
        (5019, (27, 28), (20, 21), (14, 14), 105, 126),
        (5021, (25, 26), (19, 19), (13, 13), None, 117),
        (5023, (23, 24), (17, 18), (12, 12), 90, 108),
        (5025, (21, 22), (16, 16), (11, 11), None, 99),
        (5027, (19, 20), (14, 15), (10, 10), 75, 90),
        (5029, (17, 18), (13, 13), (9, 9), None, 81),
        (5031, (15, 16), (11, 12), (8, 8), 60, 72),
        (5033, (13, 14), (10, 10), (7, 7), None, 63),
        (5035, (11, 12), (8, 9), (6, 6), 45, 54),
        (5037, (9, 10), (7, 7), (5, 5), None, 45),
        (5039, (7, 8), (5, 6), (4, 4), 30, 36),
        (5041, (5, 6), (4, 4), (3, 3), None, 27),
        (5043, (3, 4), (3, 3), (2, 2), 15, 18),
        (5045, None, None, None, None, 9),
    ),
    # Scale C (line 5153), lines 5223-5261; the last row is the lowest award
    # of the single-winner column, on no table row.
    "C": (
        (5223, None, (29, 30), (20, 20), 200, 240),
        (5225, None, (28, 28), (19, 19), None, 228),
        (5227, None, (26, 27), (18, 18), 180, 216),
        (5229, None, (25, 25), (17, 17), None, 204),
        (5231, None, (23, 24), (16, 16), 160, 192),
        (5233, None, (22, 22), (15, 15), None, 180),
        (5235, (27, 28), (20, 21), (14, 14), 140, 168),
        (5237, (25, 26), (19, 19), (13, 13), None, 156),
        (5239, (23, 24), (17, 18), (12, 12), 120, 144),
        (5241, (21, 22), (16, 16), (11, 11), None, 132),
        (5243, (19, 20), (14, 15), (10, 10), 100, 120),
        (5245, (17, 18), (13, 13), (9, 9), None, 108),
        (5247, (15, 16), (11, 12), (8, 8), 80, 96),
        (5249, (13, 14), (10, 10), (7, 7), None, 84),
        (5251, (11, 12), (8, 9), (6, 6), 60, 72),
        (5253, (9, 10), (7, 7), (5, 5), None, 60),
        (5255, (7, 8), (5, 6), (4, 4), 40, 48),
        (5257, (5, 6), (4, 4), (3, 3), None, 36),
        (5259, (3, 4), (3, 3), (2, 2), 20, 24),
        (5261, None, None, None, None, 12),
    ),
    # Scale D (line 5377), lines 5447-5485; the last row is the lowest award
    # of the single-winner column, on no table row.
    "D": (
        (5447, None, (29, 30), (20, 20), 300, 360),
        (5449, None, (28, 28), (19, 19), None, 342),
        (5451, None, (26, 27), (18, 18), 270, 324),
        (5453, None, (25, 25), (17, 17), None, 306),
        (5455, None, (23, 24), (16, 16), 240, 288),
        (5457, None, (22, 22), (15, 15), None, 270),
        (5459, (27, 28), (20, 21), (14, 14), 210, 252),
        (5461, (25, 26), (19, 19), (13, 13), None, 234),
        (5463, (23, 24), (17, 18), (12, 12), 180, 216),
        (5465, (21, 22), (16, 16), (11, 11), None, 198),
        (5467, (19, 20), (14, 15), (10, 10), 150, 180),
        (5469, (17, 18), (13, 13), (9, 9), None, 162),
        (5471, (15, 16), (11, 12), (8, 8), 120, 144),
        (5473, (13, 14), (10, 10), (7, 7), None, 126),
        (5475, (11, 12), (8, 9), (6, 6), 90, 108),
        (5477, (9, 10), (7, 7), (5, 5), None, 90),
        (5479, (7, 8), (5, 6), (4, 4), 60, 72),
        (5481, (5, 6), (4, 4), (3, 3), None, 54),
        (5483, (3, 4), (3, 3), (2, 2), 30, 36),
        (5485, None, None, None, None, 18),
    ),
    # Scale E (line 5593), lines 5663-5701; the last row is the lowest award
    # of the single-winner column, on no table row.
    "E": (
        (5663, None, (29, 30), (20, 20), 400, 480),
        (5665, None, (28, 28), (19, 19), None, 456),
        (5667, None, (26, 27), (18, 18), 360, 432),
        (5669, None, (25, 25), (17, 17), None, 408),
        (5671, None, (23, 24), (16, 16), 320, 384),
        (5673, None, (22, 22), (15, 15), None, 360),
        (5675, (27, 28), (20, 21), (14, 14), 280, 336),
        (5677, (25, 26), (19, 19), (13, 13), None, 312),
        (5679, (23, 24), (17, 18), (12, 12), 240, 288),
        (5681, (21, 22), (16, 16), (11, 11), None, 264),
        (5683, (19, 20), (14, 15), (10, 10), 200, 240),
        (5685, (17, 18), (13, 13), (9, 9), None, 216),
        (5687, (15, 16), (11, 12), (8, 8), 160, 192),
        (5689, (13, 14), (10, 10), (7, 7), None, 168),
        (5691, (11, 12), (8, 9), (6, 6), 120, 144),
        (5693, (9, 10), (7, 7), (5, 5), None, 120),
        (5695, (7, 8), (5, 6), (4, 4), 80, 96),
        (5697, (5, 6), (4, 4), (3, 3), None, 72),
        (5699, (3, 4), (3, 3), (2, 2), 40, 48),
        (5701, None, None, None, None, 24),
    ),
}

BASIC_SECOND: dict[str, tuple[SecondRow, ...]] = {
    # Scale A continued, lines 4890-4928.
    "A": (
        (4890, 40, 200, 240, 60, 300, None),
        (4892, 39, None, 234, 59, None, None),
        (4894, 38, 190, 228, 58, 290, None),
        (4896, 37, None, 222, 57, None, None),
        (4898, 36, 180, 216, 56, 280, None),
        (4900, 35, None, 210, 55, None, None),
        (4902, 34, 170, 204, 54, 270, None),
        (4904, 33, None, 198, 53, None, None),
        (4906, 32, 160, 192, 52, 260, None),
        (4908, 31, None, 186, 51, None, None),
        (4910, 30, 150, 180, 50, 250, 300),
        (4912, 29, None, 174, 49, None, 294),
        (4914, 28, 140, 168, 48, 240, 288),
        (4916, 27, None, 162, 47, None, 282),
        (4918, 26, 130, 156, 46, 230, 276),
        (4920, 25, None, 150, 45, None, 270),
        (4922, 24, 120, 144, 44, 220, 264),
        (4924, 23, None, 138, 43, None, 258),
        (4926, 22, 110, 132, 42, 210, 252),
        (4928, 21, None, 126, 41, None, 246),
    ),
    # Scale B continued, lines 5106-5144.
    "B": (
        (5106, 40, 300, 360, 60, 450, None),
        (5108, 39, None, 351, 59, None, None),
        (5110, 38, 285, 342, 58, 435, None),
        (5112, 37, None, 333, 57, None, None),
        (5114, 36, 270, 324, 56, 420, None),
        (5116, 35, None, 315, 55, None, None),
        (5118, 34, 255, 306, 54, 405, None),
        (5120, 33, None, 297, 53, None, None),
        (5122, 32, 240, 288, 52, 390, None),
        (5124, 31, None, 279, 51, None, None),
        (5126, 30, 225, 270, 50, 375, 450),
        (5128, 29, None, 261, 49, None, 441),
        (5130, 28, 210, 252, 48, 360, 432),
        (5132, 27, None, 243, 47, None, 423),
        (5134, 26, 195, 234, 46, 345, 414),
        (5136, 25, None, 225, 45, None, 405),
        (5138, 24, 180, 216, 44, 330, 396),
        (5140, 23, None, 207, 43, None, 387),
        (5142, 22, 165, 198, 42, 315, 378),
        (5144, 21, None, 189, 41, None, 369),
    ),
    # Scale C continued, lines 5330-5368.
    "C": (
        (5330, 40, 400, 480, 60, 600, None),
        (5332, 39, None, 468, 59, None, None),
        (5334, 38, 380, 456, 58, 580, None),
        (5336, 37, None, 444, 57, None, None),
        (5338, 36, 360, 432, 56, 560, None),
        (5340, 35, None, 420, 55, None, None),
        (5342, 34, 340, 408, 54, 540, None),
        (5344, 33, None, 396, 53, None, None),
        (5346, 32, 320, 384, 52, 520, None),
        (5348, 31, None, 372, 51, None, None),
        (5350, 30, 300, 360, 50, 500, 600),
        (5352, 29, None, 348, 49, None, 588),
        (5354, 28, 280, 336, 48, 480, 576),
        (5356, 27, None, 324, 47, None, 564),
        (5358, 26, 260, 312, 46, 460, 552),
        (5360, 25, None, 300, 45, None, 540),
        (5362, 24, 240, 288, 44, 440, 528),
        (5364, 23, None, 276, 43, None, 516),
        (5366, 22, 220, 264, 42, 420, 504),
        (5368, 21, None, 252, 41, None, 492),
    ),
    # Scale D continued, lines 5546-5584.
    "D": (
        (5546, 40, 600, 720, 60, 900, None),
        (5548, 39, None, 702, 59, None, None),
        (5550, 38, 570, 684, 58, 870, None),
        (5552, 37, None, 666, 57, None, None),
        (5554, 36, 540, 648, 56, 840, None),
        (5556, 35, None, 630, 55, None, None),
        (5558, 34, 510, 612, 54, 810, None),
        (5560, 33, None, 594, 53, None, None),
        (5562, 32, 480, 576, 52, 780, None),
        (5564, 31, None, 558, 51, None, None),
        (5566, 30, 450, 540, 50, 750, 900),
        (5568, 29, None, 522, 49, None, 882),
        (5570, 28, 420, 504, 48, 720, 864),
        (5572, 27, None, 486, 47, None, 846),
        (5574, 26, 390, 468, 46, 690, 828),
        (5576, 25, None, 450, 45, None, 810),
        (5578, 24, 360, 432, 44, 660, 792),
        (5580, 23, None, 414, 43, None, 774),
        (5582, 22, 330, 396, 42, 630, 756),
        (5584, 21, None, 378, 41, None, 738),
    ),
    # Scale E continued, lines 5762-5800 (its header says "41 – 50 full tables", line 5748; the rows run 41-60).
    "E": (
        (5762, 40, 800, 960, 60, 1200, None),
        (5764, 39, None, 936, 59, None, None),
        (5766, 38, 760, 912, 58, 1160, None),
        (5768, 37, None, 888, 57, None, None),
        (5770, 36, 720, 864, 56, 1120, None),
        (5772, 35, None, 840, 55, None, None),
        (5774, 34, 680, 816, 54, 1080, None),
        (5776, 33, None, 792, 53, None, None),
        (5778, 32, 640, 768, 52, 1040, None),
        (5780, 31, None, 744, 51, None, None),
        (5782, 30, 600, 720, 50, 1000, 1200),
        (5784, 29, None, 696, 49, None, 1176),
        (5786, 28, 560, 672, 48, 960, 1152),
        (5788, 27, None, 648, 47, None, 1128),
        (5790, 26, 520, 624, 46, 920, 1104),
        (5792, 25, None, 600, 45, None, 1080),
        (5794, 24, 480, 576, 44, 880, 1056),
        (5796, 23, None, 552, 43, None, 1032),
        (5798, 22, 440, 528, 42, 840, 1008),
        (5800, 21, None, 504, 41, None, 984),
    ),
}

# Scale F, lines 5899-5951; the last row is the starred "minimum permissible award"
# (line 5955), on no table row.
SCALE_F: tuple[FRow, ...] = (
    (5899, None, 20, None, (81, 122, 162, 243, 324)),
    (5901, None, 19, 13, (78, 117, 156, 234, 312)),
    (5903, 25, None, None, (75, 113, 150, 225, 300)),
    (5905, 24, 18, 12, (72, 108, 144, 216, 288)),
    (5907, 23, 17, None, (69, 104, 138, 207, 276)),
    (5909, 22, 16, 11, (66, 99, 132, 198, 264)),
    (5911, 21, None, None, (63, 95, 126, 189, 252)),
    (5913, 20, 15, 10, (60, 90, 120, 180, 240)),
    (5915, 19, 14, None, (57, 86, 114, 171, 228)),
    (5917, 18, 13, 9, (54, 81, 108, 162, 216)),
    (5919, 17, None, None, (51, 77, 102, 153, 204)),
    (5921, 16, 12, 8, (48, 72, 96, 144, 192)),
    (5923, 15, 11, None, (45, 68, 90, 135, 180)),
    (5925, 14, 10, 7, (42, 63, 84, 126, 168)),
    (5927, 13, None, None, (39, 59, 78, 117, 156)),
    (5929, 12, 9, 6, (36, 54, 72, 108, 144)),
    (5931, 11, 8, None, (33, 50, 66, 99, 132)),
    (5933, 10, 7, 5, (30, 45, 60, 90, 120)),
    (5935, 9, None, None, (27, 41, 54, 81, 108)),
    (5937, 8, 6, 4, (24, 36, 48, 72, 96)),
    (5939, 7, 5, None, (21, 32, 42, 63, 84)),
    (5941, 6, 4, 3, (18, 27, 36, 54, 72)),
    (5943, 5, None, None, (15, 23, 30, 45, 60)),
    (5945, 4, 3, 2, (12, 18, 24, 36, 48)),
    (5947, 3, 2, None, (9, 14, 18, 27, 36)),
    (5949, 2, None, None, (6, 9, 12, 18, 24)),
    (5951, None, None, None, (6, 9, 12, 18, 24)),
)

# Scale X ("repeated for convenience", 18-35 boards only), lines 7197-7210.
SCALE_X_PER_DIRECTION: tuple[XRow, ...] = (
    (7197, (28, 30), (100, 150, 200, 300, 400)),
    (7199, (25, 27), (90, 135, 180, 270, 360)),
    (7200, (22, 24), (80, 120, 160, 240, 320)),
    (7201, (19, 21), (70, 105, 140, 210, 280)),
    (7202, (16, 18), (60, 90, 120, 180, 240)),
    (7204, (13, 15), (50, 75, 100, 150, 200)),
    (7206, (10, 12), (40, 60, 80, 120, 160)),
    (7207, (7, 9), (30, 45, 60, 90, 120)),
    (7208, (4, 6), (20, 30, 40, 60, 80)),
    (7210, (3, 3), (10, 15, 20, 30, 40)),
)
# Lines 7243-7273; the last row is the lowest award, on no table row.
SCALE_X_SINGLE_WINNER: tuple[XRow, ...] = (
    (7243, (23, 24), (96, 144, 192, 288, 384)),
    (7245, (22, 22), (90, 135, 180, 270, 360)),
    (7247, (20, 21), (84, 126, 168, 252, 336)),
    (7249, (19, 19), (78, 117, 156, 234, 312)),
    (7251, (17, 18), (72, 108, 144, 216, 288)),
    (7253, (16, 16), (66, 99, 132, 192, 264)),
    (7255, (14, 15), (60, 90, 120, 180, 240)),
    (7257, (13, 13), (54, 81, 108, 162, 216)),
    (7259, (11, 12), (48, 72, 96, 144, 192)),
    (7261, (10, 10), (42, 63, 84, 126, 168)),
    (7263, (8, 9), (36, 54, 72, 108, 144)),
    (7265, (7, 7), (30, 45, 60, 90, 120)),
    (7267, (5, 6), (24, 36, 48, 72, 96)),
    (7269, (4, 4), (18, 27, 36, 54, 72)),
    (7271, (3, 3), (12, 18, 24, 36, 48)),
    (7273, None, (6, 9, 12, 18, 24)),
)
# fmt: on

Cell = tuple[str, str, int]  # (boards band, family or status letter, full tables)


def _spread(
    cells: dict[Cell, int], band: str, key: str, tables: Range | None, award: int | None
) -> None:
    if tables is None or award is None:
        return
    for count in range(tables[0], tables[1] + 1):
        cells[(band, key, count)] = award


def printed_tops(letter: str) -> dict[Cell, int]:
    """Scale ``letter`` (A-E, lines 4779-5800) read across as 4.1.5 says (lines
    2098-2106): for each (band "12-17" / "18-35" / "36+", family, full tables) the
    table prints, the winning award; a blank award cell takes "the next highest figure",
    the nearest printed above it in its column. A table count with no figure above it
    (single-winner pairs of 51-60 tables, 36+ boards) is not printed."""
    cells: dict[Cell, int] = {}
    above: dict[str, int | None] = {PER_DIRECTION: None, SINGLE_WINNER: None}
    for _line, t12, t18, t36, per_direction, single in BASIC_FIRST[letter]:
        above[PER_DIRECTION] = per_direction or above[PER_DIRECTION]
        above[SINGLE_WINNER] = single or above[SINGLE_WINNER]
        for band, tables in (("12-17", t12), ("18-35", t18), ("36+", t36)):
            for family, award in above.items():
                _spread(cells, band, family, tables, award)
    left: dict[str, int | None] = {PER_DIRECTION: None, SINGLE_WINNER: None}
    right: dict[str, int | None] = {PER_DIRECTION: None, SINGLE_WINNER: None}
    for _line, lt, ltw, lsw, rt, rtw, rsw in BASIC_SECOND[letter]:
        left[PER_DIRECTION] = ltw or left[PER_DIRECTION]
        left[SINGLE_WINNER] = lsw or left[SINGLE_WINNER]
        right[PER_DIRECTION] = rtw or right[PER_DIRECTION]
        right[SINGLE_WINNER] = rsw or right[SINGLE_WINNER]
        for family in (PER_DIRECTION, SINGLE_WINNER):
            _spread(cells, "36+", family, (lt, lt), left[family])
            _spread(cells, "36+", family, (rt, rt), right[family])
    return cells


def printed_column(letter: str, family: str) -> list[int]:
    """The award column of Scale ``letter`` (A-E) from its highest figure (page 2,
    41-60 tables) to its lowest (page 1), blanks skipped: "awards for lower places are
    obtained by reading down from this winning award" (4.1.5, lines 2106-2108)."""
    pages = BASIC_SECOND[letter]
    if family == PER_DIRECTION:
        column = [row[5] for row in pages] + [row[2] for row in pages]
        column += [row[4] for row in BASIC_FIRST[letter]]
    else:
        column = [row[6] for row in pages] + [row[3] for row in pages]
        column += [row[5] for row in BASIC_FIRST[letter]]
    return [award for award in column if award is not None]


def printed_tops_f() -> dict[Cell, int]:
    """Scale F (lines 5899-5949): for each (band, status letter A-E, full tables) the
    winning award of a single-winner individual event."""
    cells: dict[Cell, int] = {}
    for _line, t12, t18, t36, awards in SCALE_F:
        for band, tables in (("12-17", t12), ("18-35", t18), ("36+", t36)):
            for letter, award in zip(LETTERS, awards, strict=True):
                if tables is not None:
                    _spread(cells, band, letter, (tables, tables), award)
    return cells


def printed_column_f(letter: str) -> list[int]:
    """Scale F's column for one status, top to bottom, the starred minimum last
    (lines 5899-5955)."""
    return [awards[LETTERS.index(letter)] for *_rest, awards in SCALE_F]


def printed_tops_x() -> dict[Cell, int]:
    """Scale X (lines 7197-7273), 18-35 boards: for each (family, status letter A-E,
    full tables) the winning award."""
    cells: dict[Cell, int] = {}
    for family, rows in (
        (PER_DIRECTION, SCALE_X_PER_DIRECTION),
        (SINGLE_WINNER, SCALE_X_SINGLE_WINNER),
    ):
        for _line, tables, awards in rows:
            for letter, award in zip(LETTERS, awards, strict=True):
                _spread(cells, family, letter, tables, award)
    return cells
