"""Table D: silver points for pairs events, 12-100 pairs, with its red bronze.

Source: ``000_18af0e66f52a62b2.txt``, "Tabell D, Silverpoäng, Partävling 12-100 par,
Bronspoäng i rött" (lines 1143-1338), the half silver scale of 36-41 boards (line 317)
and the A-final with carry-over (lines 376-398). The text was extracted from a PDF, so
each row's red bronze follows its silver on the same line; the rows below split them
where the numbers rise again. Each row keeps the line it was read from.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import Final

from awards.domain.core import Colour

from . import bronze_pairs, cells, rules
from .scale import Line, Scale, integers, out_of_range

MIN_PAIRS: Final = 12
MIN_BOARDS: Final = 36  # lines 309-320
SILVER_CAP: Final = Decimal(100)  # "Dock får poängen ej överstiga 100" (line 1249)
HALF_SILVER_BOARDS: Final = range(36, 42)  # "36-41* Spelas med halv silverpoängskala" (line 317)

# Tabell D: pairs -> (sp per place, then the red bp of the places after).
# fmt: off
D_ROWS: Final[dict[int, tuple[tuple[int, ...], tuple[int, ...]]]] = {
    12: ((12, 8, 6), (16,)),  # line 1152
    13: ((13, 9, 6), (16,)),  # line 1153
    14: ((14, 10, 7, 5), (12,)),  # line 1154
    15: ((15, 10, 7, 5), (14,)),  # line 1155
    16: ((16, 11, 8, 6), (14, 10)),  # line 1156
    17: ((17, 12, 8, 6, 4), (12,)),  # line 1157
    18: ((18, 12, 8, 6, 4), (12,)),  # line 1158
    19: ((19, 13, 9, 6, 4), (12, 8)),  # line 1159
    20: ((20, 14, 10, 7, 5), (12, 8)),  # line 1160
    21: ((21, 14, 10, 7, 5, 4), (8,)),  # line 1161
    22: ((22, 15, 10, 7, 5, 4), (10, 8)),  # line 1162
    23: ((23, 16, 11, 8, 6, 4), (10, 8)),  # line 1163
    24: ((24, 16, 11, 8, 6, 4), (10, 8)),  # line 1164
    25: ((25, 17, 12, 8, 6, 4, 3), (8, 8)),  # line 1165
    26: ((26, 18, 12, 8, 6, 4, 3), (8, 8)),  # line 1166
    27: ((27, 18, 12, 8, 6, 4, 3), (8, 8)),  # line 1167
    28: ((28, 19, 13, 9, 6, 4, 3), (8, 8, 8)),  # line 1168
    29: ((29, 20, 14, 10, 7, 5, 4, 3), (8, 8)),  # line 1169
    30: ((30, 20, 14, 10, 7, 5, 4, 3), (8, 8)),  # line 1170
    31: ((31, 21, 14, 10, 7, 5, 4, 3), (8, 8, 8)),  # line 1171
    32: ((32, 22, 15, 10, 7, 5, 4, 3), (8, 8, 8)),  # line 1172
    33: ((33, 22, 16, 12, 8, 6, 4, 3, 2), (8, 8)),  # line 1173
    34: ((34, 23, 17, 13, 9, 7, 6, 4, 3), (8, 8, 8)),  # line 1174
    35: ((35, 24, 18, 14, 10, 8, 7, 5, 4), (8, 8, 8)),  # line 1175
    36: ((36, 24, 18, 15, 11, 9, 7, 6, 4), (8, 8, 8)),  # line 1176
    37: ((37, 25, 19, 16, 12, 10, 8, 7, 5, 4), (8, 8, 8)),  # line 1177
    38: ((38, 26, 19, 16, 13, 11, 9, 8, 6, 4), (8, 8, 8)),  # line 1178
    39: ((39, 26, 20, 17, 14, 12, 10, 9, 7, 5), (8, 8, 8)),  # line 1179
    40: ((40, 27, 20, 17, 14, 12, 10, 9, 7, 5), (12, 8, 8, 8)),  # line 1180
    41: ((41, 28, 21, 18, 14, 12, 10, 9, 7, 5, 4), (8, 8, 8)),  # line 1181
    42: ((42, 28, 21, 18, 14, 12, 10, 9, 7, 5, 4), (8, 8, 8)),  # line 1182
    43: ((43, 29, 21, 18, 14, 12, 10, 9, 7, 5, 4), (10, 8, 8, 8)),  # line 1183
    44: ((44, 30, 22, 19, 15, 13, 11, 9, 7, 5, 4), (10, 8, 8, 8)),  # line 1184
    45: ((45, 30, 22, 19, 15, 13, 11, 9, 7, 5, 4, 3), (10, 8, 8)),  # line 1185
    46: ((46, 31, 23, 20, 16, 14, 12, 10, 8, 6, 4, 3), (10, 8, 8, 8)),  # line 1186
    47: ((47, 32, 23, 20, 16, 14, 12, 10, 8, 6, 5, 4), (10, 8, 8, 8)),  # line 1187
    48: ((48, 32, 24, 20, 16, 14, 12, 10, 8, 7, 6, 4), (10, 8, 8, 8)),  # line 1188
    49: ((49, 33, 24, 20, 16, 14, 12, 10, 8, 7, 6, 4, 3), (10, 8, 8, 8)),  # line 1189
    50: ((50, 34, 25, 21, 17, 15, 12, 10, 8, 7, 6, 4, 3), (10, 8, 8, 8)),  # line 1190
    51: ((51, 34, 25, 21, 17, 15, 12, 10, 8, 7, 6, 4, 3), (10, 8, 8, 8)),  # line 1191
    52: ((52, 35, 26, 22, 18, 15, 12, 10, 8, 7, 6, 4, 3), (10, 8, 8, 8, 8)),  # line 1192
    54: ((54, 36, 27, 23, 18, 15, 12, 10, 8, 7, 6, 5, 4, 3), (10, 8, 8, 8)),  # line 1193
    56: ((56, 38, 28, 24, 19, 16, 13, 11, 9, 7, 6, 5, 4, 3), (10, 8, 8, 8, 8)),  # line 1194
    58: ((58, 39, 29, 25, 20, 17, 14, 12, 10, 9, 7, 6, 5, 4, 3), (8, 8, 8, 8, 8)),  # line 1195
    60: ((60, 40, 30, 25, 20, 17, 14, 12, 10, 9, 7, 6, 5, 4, 3), (8, 8, 8, 8, 8)),  # line 1196
    62: ((62, 42, 31, 26, 21, 18, 14, 12, 10, 9, 7, 6, 5, 4, 3, 2), (8, 8, 8, 8, 8)),  # line 1197
    64: ((64, 43, 32, 27, 22, 19, 15, 13, 10, 9, 7, 6, 5, 4, 3, 2), (8, 8, 8, 8, 8, 8)),  # line 1198
    66: ((66, 44, 33, 27, 22, 19, 16, 14, 12, 10, 8, 7, 6, 5, 4, 3), (8, 8, 8, 8, 8, 8)),  # line 1199
    68: ((68, 46, 34, 28, 23, 20, 17, 15, 13, 11, 9, 8, 7, 6, 4, 3), (8, 8, 8, 8, 8, 8, 8)),  # line 1200
    70: ((70, 47, 35, 29, 24, 21, 18, 16, 14, 12, 10, 9, 8, 7, 5, 4), (14, 10, 8, 8, 8, 8, 8, 8)),  # line 1201
    72: ((72, 48, 36, 30, 24, 21, 18, 17, 15, 13, 11, 10, 9, 7, 6, 4), (20, 16, 12, 8, 8, 8, 8, 8)),  # line 1202
    74: ((74, 50, 37, 31, 25, 22, 19, 17, 16, 14, 12, 10, 9, 7, 6, 4), (22, 16, 12, 8, 8, 8, 8, 8, 8)),  # line 1203
    76: ((76, 51, 38, 32, 26, 22, 19, 17, 15, 14, 12, 10, 9, 8, 6, 4), (24, 16, 12, 8, 8, 8, 8, 8, 8, 8)),  # line 1204
    78: ((78, 52, 39, 32, 26, 23, 20, 18, 17, 15, 14, 12, 10, 9, 7, 5), (26, 22, 16, 12, 8, 8, 8, 8, 8, 8)),  # line 1205
    80: ((80, 54, 40, 33, 27, 23, 20, 18, 17, 15, 14, 12, 10, 9, 7, 5), (30, 26, 24, 16, 12, 8, 8, 8, 8, 8, 8)),  # line 1206
    82: ((82, 55, 46, 34, 28, 24, 21, 19, 18, 16, 14, 12, 10, 9, 7, 5), (32, 28, 26, 18, 12, 8, 8, 8, 8, 8, 8, 8)),  # line 1207
    84: ((84, 56, 42, 35, 28, 24, 21, 19, 18, 16, 14, 12, 10, 9, 7, 5), (32, 28, 26, 18, 12, 8, 8, 8, 8, 8, 8, 8)),  # line 1208
    86: ((86, 58, 43, 36, 29, 25, 21, 19, 18, 16, 14, 12, 10, 9, 7, 5), (34, 30, 28, 22, 16, 12, 8, 8, 8, 8, 8, 8, 8)),  # line 1209
    88: ((88, 59, 44, 37, 30, 26, 22, 20, 19, 17, 15, 13, 11, 9, 7, 5), (34, 32, 28, 24, 20, 14, 10, 8, 8, 8, 8, 8, 8, 8)),  # line 1210
    90: ((90, 60, 45, 37, 30, 26, 22, 20, 19, 17, 15, 13, 11, 9, 7, 5), (36, 32, 28, 26, 22, 16, 12, 8, 8, 8, 8, 8, 8, 8)),  # line 1211
    100: ((100, 67, 50, 42, 34, 29, 25, 23, 21, 19, 17, 15, 12, 10, 8, 7), (40, 36, 32, 30, 28, 26, 22, 16, 12, 8, 8, 8, 8, 8, 8, 8, 8, 8)),  # line 1212
}
# fmt: on


@dataclass(frozen=True)
class SilverRow:
    """One row of a silver scale: sp places first, then the bronze places after them.

    ``bp`` holds the bronze of places ``len(sp) + 1`` onwards, already doubled as
    printed in red.
    """

    sp: tuple[int, ...]
    bp: tuple[int, ...]


def principle(entries: int) -> SilverRow:
    """Up to 32 pairs: winner 1 sp per pair, 2/3 of the place above to the best
    quarter, then the A1 bronze doubled to the best third (lines 1215-1218, 1296-1299)."""
    sp = rules.two_thirds_chain(entries, rules.silver_places(entries))
    bronze = bronze_pairs.row(entries)[len(sp) : rules.bronze_places(entries)]
    return SilverRow(sp, tuple(2 * value for value in bronze))


def row(entries: int) -> SilverRow:
    """Silver (and the red bronze) per place for a pairs event where all met all.

    12-52 and the even fields to 90, and 100, are printed. The missing fields between
    52 and 100 are read off the printed rows either side, in proportion (for an odd
    field that is A2's mean of the neighbours; 91-99 lie between 90 and 100).
    Below 12 (heats of simultaneous events, winners' scales of small fields) the
    table's principle for up to 32 pairs applies.
    """
    return _row(entries, cells.in_force())


@cache
def _row(entries: int, amended: frozenset[cells.Cell]) -> SilverRow:
    # The printed rows are the rulebook version's (``cells``).
    if entries < 4 or entries > 100:
        raise ValueError(f"table D covers up to 100 pairs, not {entries}")
    if entries in D_ROWS:
        return SilverRow(*cells.split_row("D", entries, D_ROWS[entries], amended))
    if entries < MIN_PAIRS:
        return principle(entries)
    lower = max(n for n in D_ROWS if n < entries)
    upper = min(n for n in D_ROWS if n > entries)
    printed = {n: cells.split_row("D", n, D_ROWS[n], amended) for n in (lower, upper)}
    return between_rows(entries, lower, upper, printed)


def between_rows(
    entries: int,
    lower: int,
    upper: int,
    rows: dict[int, tuple[tuple[int, ...], tuple[int, ...]]],
    *,
    sp_places: int | None = None,
) -> SilverRow:
    """An unprinted field of a silver table (D, F), read off the printed rows either
    side in proportion."""
    weight = Fraction(entries - lower, upper - lower)
    (lower_sp, lower_bp), (upper_sp, upper_bp) = rows[lower], rows[upper]
    sp_count = rules.silver_places(entries) if sp_places is None else sp_places
    sp = tuple(rules.blend(lower_sp, upper_sp, i, weight) for i in range(sp_count))
    bp = []
    for place in range(sp_count + 1, rules.bronze_places(entries) + 1):
        lower_index, upper_index = place - len(lower_sp) - 1, place - len(upper_sp) - 1
        lower_row = lower_bp if 0 <= lower_index < len(lower_bp) else ()
        upper_row = upper_bp if 0 <= upper_index < len(upper_bp) else ()
        values = (
            lower_row[lower_index] if lower_row else None,
            upper_row[upper_index] if upper_row else None,
        )
        if values[0] is not None and values[1] is not None:
            bp.append(rules.ceil(values[0] + weight * (values[1] - values[0])))
        else:
            known = [v for v in values if v is not None]
            bp.append(known[0] if known else 2 * rules.BRONZE_MINIMUM)
    return SilverRow(sp, tuple(bp))


def silver_winner(entries: int, *, met: int | None = None, boards: int | None = None) -> Decimal:
    """The exact (unrounded) sp of the winner of a silver pairs event, capped at 100.

    All met all: one sp per pair. Otherwise :func:`rules.winner_not_all_met`. Both are
    then multiplied by :func:`rules.boards_coefficient`; the cap applies "oavsett
    koefficient". We apply the coefficient to the unrounded figure and round once, when
    the row is picked (line 1249: "poäng efter 1,2 x poängantalet").
    """
    base = Decimal(entries) if met is None else rules.winner_not_all_met(entries, met)
    return min(SILVER_CAP, base * rules.boards_coefficient(boards))


def half_silver_scale(boards: int | None) -> bool:
    """A silver pairs event of 36-41 boards is played on half the silver scale (line
    317). We halve the sp and keep the bronze places: the bronze is not part of the
    "silverpoängskala"."""
    return boards is not None and boards in HALF_SILVER_BOARDS


def silver_lines(
    entries: int,
    winner_exact: Decimal,
    *,
    sp_places: int,
    bronze: Callable[[int], tuple[int, ...]],
    multiplier: int,
    row_for: Callable[[int], SilverRow],
    printed: bool,
) -> list[Line]:
    """Silver from the winner's row, then the field's bronze scale times the multiplier
    down to the best third (table D, lines 1231-1247, 1296-1302; table F likewise)."""
    winner = int(rules.round_up(winner_exact))
    winner_row = row_for(winner)
    silver = winner_row.sp[:sp_places]
    lines = integers(Colour.SILVER, silver)
    lines[0] = Line(Colour.SILVER, winner_exact, Decimal(winner))
    if printed:
        return lines + integers(Colour.BRONZE, winner_row.bp)
    field = bronze(entries)
    for place in range(len(silver) + 1, rules.bronze_places(entries) + 1):
        value = field[place - 1] if place <= len(field) else rules.BRONZE_MINIMUM
        capped = rules.cap_bronze_by_silver(value * multiplier, silver[-1])
        lines.append(Line(Colour.BRONZE, Decimal(capped), Decimal(capped)))
    return lines


def _winner_notes(
    entries: int, met: int | None, boards: int | None, exact: Decimal
) -> list[tuple[str, str]]:
    notes = []
    if met is not None:
        not_met = entries - 1 - met
        notes.append(
            (
                f"alla har inte mött alla: segraren 1 + {met} + {not_met}/2",
                f"not all met all: winner 1 + {met} + {not_met}/2",
            )
        )
    coefficient = rules.boards_coefficient(boards)
    if coefficient != 1:
        notes.append(
            (
                f"{boards} brickor, koefficient {coefficient}",
                f"{boards} boards, coefficient {coefficient}",
            )
        )
    if exact == SILVER_CAP and (met is not None or coefficient != 1 or entries > 100):
        notes.append(("högst 100 sp", "at most 100 sp"))
    return notes


def scale(
    entries: int,
    *,
    boards: int | None = None,
    met: int | None = None,
    min_entries: int | None = None,
    multiplier: int = 2,
    printed_red: bool = True,
    table: str = "D",
) -> Scale:
    """Table D for a field; gold and H2 enter it with bronze times three."""
    if entries < (min_entries or MIN_PAIRS):
        raise out_of_range("D", "Tabell D gäller 12-100 par", "Table D covers 12-100 pairs")
    exact = silver_winner(entries, met=met, boards=boards)
    winner = int(rules.round_up(exact))
    printed = printed_red and winner == entries and exact == entries
    row_sp = len(row(winner).sp)
    lines = silver_lines(
        entries,
        exact,
        sp_places=min(row_sp, rules.silver_places(entries)),
        bronze=bronze_pairs.row,
        multiplier=multiplier,
        row_for=row,
        printed=printed,
    )
    notes = _winner_notes(entries, met, boards, exact)
    if half_silver_scale(boards):
        lines = [
            Line(line.colour, line.exact / 2, rules.round_up(line.credited / 2))
            if line.colour is Colour.SILVER
            else line
            for line in lines
        ]
        notes.append((f"{boards} brickor, halv silverskala", f"{boards} boards, half silver scale"))
    return Scale(table, entries, "pairs", tuple(lines), tuple(notes), 4 * multiplier)


def a_final(*, total_pairs: int, qualifying_rounds: int, final_rounds: int, level: Colour) -> Scale:
    """The A-final of an event with carry-over: winner a + b sp, the others by the
    winner's row, no bronze (lines 376-398)."""
    exact = rules.a_final_winner(
        total_pairs=total_pairs, qualifying_rounds=qualifying_rounds, final_rounds=final_rounds
    )
    winner = int(rules.round_up(exact))
    lines = integers(Colour.SILVER, row(min(winner, 100)).sp)
    lines[0] = Line(Colour.SILVER, exact, Decimal(winner))
    note = (
        f"A-final, {total_pairs} par, {qualifying_rounds}+{final_rounds} ronder: segraren {winner} sp",
        f"A-final, {total_pairs} pairs, {qualifying_rounds}+{final_rounds} rounds: winner {winner} sp",
    )
    table = "gold" if level is Colour.GOLD else "D"
    return Scale(table, winner, "pairs", tuple(lines), (note,))
