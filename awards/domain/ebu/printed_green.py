"""Scale G as the Handbook prints it: the county associations' green point awards for
their major championship pairs final.

Source: seed ``001_4cb9a3c6036a851e.txt``, Appendix "SCALE G COUNTY ASSOCIATION GREEN
POINT AWARDS" (lines 5958-6095). Each row: the total original entry (pairs) it covers,
the awards of places 1-4 as printed, and the last place awarded; places after the 4th
fall by 0.25 a place down to that last place, which receives 0.25 (the rows' own words,
"reducing by .025 down to 0.25 for 5th place", line 6012: ".025" is read as 0.25, the
only step that reaches 0.25 at the printed place). The generated scale is
:func:`awards.domain.ebu.green.scale_g_generated`; ``test_printed_green`` compares them.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

# Step of the places after the 4th (lines 6012-6095, ditto marks of line 6012).
STEP = Fraction(1, 4)


@dataclass(frozen=True)
class PrintedRow:
    """One printed row of Scale G: entries ``low``..``high`` pairs (``high`` None for
    "151+"), the printed awards of places 1-4 (three for "6 – 7", "n/a (3 awards
    only)"), the last place awarded, and the seed line."""

    low: int
    high: int | None
    first: tuple[Fraction, ...]
    last_place: int
    line: int


def _row(low: int, high: int | None, first: str, last_place: int, line: int) -> PrintedRow:
    return PrintedRow(low, high, tuple(Fraction(cell) for cell in first.split()), last_place, line)


PRINTED_G: tuple[PrintedRow, ...] = (
    _row(6, 7, "2.50 1.25 0.50", 3, 6008),  # "n/a (3 awards only)"
    _row(8, 9, "2.75 1.50 0.75 0.25", 4, 6010),  # "(4 awards only)"
    _row(10, 11, "3 1.75 1 0.50", 5, 6012),
    _row(12, 13, "3.25 2 1.25 0.75", 6, 6017),
    _row(14, 20, "3.50 2.25 1.50 1", 7, 6022),
    _row(21, 30, "3.75 2.50 1.75 1.25", 8, 6027),
    _row(31, 40, "4 2.75 2 1.50", 9, 6032),
    _row(41, 50, "4.25 3 2.25 1.75", 10, 6037),
    _row(51, 60, "4.50 3.25 2.50 2", 11, 6042),
    _row(61, 70, "4.75 3.50 2.75 2.25", 12, 6047),
    _row(71, 80, "5 3.75 3 2.50", 13, 6052),
    _row(81, 90, "5.25 4 3.25 2.75", 14, 6057),
    _row(91, 100, "5.50 4.25 3.50 3", 15, 6062),
    _row(101, 110, "5.75 4.50 3.75 3.25", 16, 6067),
    _row(111, 120, "6 4.75 4 3.50", 17, 6072),
    _row(121, 130, "6.25 5 4.25 3.75", 18, 6077),
    _row(131, 140, "6.50 5.25 4.50 4", 19, 6082),
    _row(141, 150, "6.75 5.50 4.75 4.25", 20, 6087),
    _row(151, None, "7 5.75 5 4.50", 21, 6092),
)


def printed_row(entries: int) -> PrintedRow | None:
    """The printed row covering ``entries`` pairs; None below 6 (6.3.1(f), line 4172)."""
    for row in PRINTED_G:
        if entries >= row.low and (row.high is None or entries <= row.high):
            return row
    return None


def printed_awards(entries: int) -> tuple[Fraction, ...]:
    """Scale G (lines 5958-6095): the printed awards of places 1.. for ``entries``
    pairs, places after the 4th read down by 0.25 to the row's last place; () below 6."""
    row = printed_row(entries)
    if row is None:
        return ()
    awards = list(row.first)
    while len(awards) < row.last_place:
        awards.append(awards[-1] - STEP)
    return tuple(awards)
