"""Table F: silver points for individual events, 16-64 players, with its red bronze.

Source: ``000_18af0e66f52a62b2.txt``, "Tabell F, Silverpoäng, Individuellt, Bronspoäng
i rött" (lines 1681-1728). As in table D, each row's red bronze follows its silver on
the same line. Each row keeps the line it was read from.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import Final

from . import bronze_individual, cells, rules
from .scale import Scale, out_of_range
from .silver_pairs import SilverRow, between_rows, silver_lines

MIN_PLAYERS: Final = 16
MAX_PLAYERS: Final = 64
MIN_BOARDS: Final = 38  # lines 309-320

# Tabell F: players -> (sp per place, then the red bp of the places after).
# fmt: off
F_ROWS: Final[dict[int, tuple[tuple[int, ...], tuple[int, ...]]]] = {
    16: ((12, 8, 6, 4), (12, 8)),  # line 1685
    17: ((13, 9, 6, 4, 3), (8,)),  # line 1687
    18: ((14, 10, 7, 5, 4), (8,)),  # line 1689
    20: ((15, 10, 7, 5, 4), (10, 8)),  # line 1691
    24: ((18, 12, 8, 6, 4, 3), (8, 8)),  # line 1693
    25: ((19, 13, 9, 6, 4, 3, 2), (8, 8)),  # line 1695
    28: ((21, 14, 10, 7, 5, 4, 3), (8, 8, 8)),  # line 1697
    32: ((24, 16, 11, 8, 6, 4, 3, 2), (8, 8, 8)),  # line 1699
    36: ((27, 18, 14, 10, 8, 6, 5, 4, 3), (8, 8, 8)),  # line 1701
    40: ((30, 20, 15, 13, 10, 9, 7, 6, 5, 4), (10, 8, 8, 8)),  # line 1703
    44: ((33, 22, 17, 14, 11, 10, 8, 7, 6, 5, 4), (8, 8, 8, 8)),  # line 1705
    48: ((36, 24, 18, 15, 12, 10, 8, 7, 6, 5, 4, 3), (8, 8, 8, 8)),  # line 1707
    52: ((39, 26, 20, 17, 13, 11, 9, 8, 7, 6, 5, 4, 3), (8, 8, 8, 8, 8)),  # line 1709
    56: ((42, 28, 21, 18, 14, 12, 10, 8, 7, 6, 5, 4, 4, 3), (8, 8, 8, 8, 8)),  # line 1711
    60: ((45, 30, 23, 19, 15, 13, 11, 10, 8, 7, 6, 5, 4, 3, 2), (8, 8, 8, 8, 8)),  # line 1713
    64: ((48, 32, 24, 20, 16, 14, 11, 10, 8, 7, 6, 5, 4, 3, 3, 2), (8, 8, 8, 8, 8)),  # line 1715
}
# fmt: on


def principle(players: int) -> SilverRow:
    """Winner 3/4 sp per player (line 1719), 2/3 of the place above to the best
    quarter, then table C's bronze doubled to the best third (as the printed rows
    for up to 32 players show)."""
    sp = rules.two_thirds_chain(rules.ceil(Fraction(3 * players, 4)), rules.silver_places(players))
    bronze = bronze_individual.row(players)[len(sp) : rules.bronze_places(players)]
    return SilverRow(sp, tuple(2 * value for value in bronze))


def row(players: int) -> SilverRow:
    """Silver (and red bronze) per place for an individual event where all played
    with all (table F, 16-64 players).

    The table prints 16, 17, 18, 20, 24, 25, 28 and every fourth field to 64. Missing
    fields up to 32 follow the principle the printed rows obey; missing fields above
    32 are read off the printed rows either side, in proportion. Below 16 the
    principle applies (used for the winners' scales of fields where not all met).
    """
    return _row(players, cells.in_force())


@cache
def _row(players: int, amended: frozenset[cells.Cell]) -> SilverRow:
    # The printed rows are the rulebook version's (``cells``).
    if players < 8 or players > MAX_PLAYERS:
        raise ValueError(f"table F covers up to 64 players, not {players}")
    if players in F_ROWS:
        return SilverRow(*cells.split_row("F", players, F_ROWS[players], amended))
    if players <= 32:
        return principle(players)
    lower = max(n for n in F_ROWS if n < players)
    upper = min(n for n in F_ROWS if n > players)
    printed = {n: cells.split_row("F", n, F_ROWS[n], amended) for n in (lower, upper)}
    return between_rows(players, lower, upper, printed)


def row_for_winner(winner: int) -> int:
    """The field whose table-F winner gets ``winner`` sp (the largest such field).

    Table F is keyed on players and its winner gets 3/4 of them, rounded up; a field
    where not all met enters the table by its winner's points (line 1724)."""
    return (4 * winner) // 3


def individual_winner(players: int, *, met: int | None = None) -> Decimal:
    """Table F's winner: 3/4 sp per player; when not all played with all, 3/4 of
    (1 + players met + half of those not met): 24 players, 19 rounds -> 16.5
    (line 1724)."""
    base = Decimal(players) if met is None else rules.winner_not_all_met(players, met)
    return base * Decimal("0.75")


def scale(
    players: int,
    *,
    met: int | None = None,
    multiplier: int = 2,
    printed_red: bool = True,
    table: str = "F",
) -> Scale:
    """Table F for a field; gold enters it with bronze times three."""
    if players < MIN_PLAYERS or (met is None and players > MAX_PLAYERS):
        raise out_of_range("F", "Tabell F gäller 16-64 spelare", "Table F covers 16-64 players")
    exact = individual_winner(players, met=met)
    winner = int(rules.round_up(exact))
    field_row = row_for_winner(winner)
    if not 8 <= field_row <= MAX_PLAYERS:
        raise out_of_range("F", "Tabell F gäller 16-64 spelare", "Table F covers 16-64 players")
    printed = printed_red and met is None
    row_sp = len(row(field_row).sp)
    lines = silver_lines(
        players,
        exact,
        sp_places=min(row_sp, rules.silver_places(players)),
        bronze=bronze_individual.row,
        multiplier=multiplier,
        row_for=lambda w: row(row_for_winner(w)),
        printed=printed,
    )
    notes = []
    if met is not None:
        notes.append(
            (
                f"alla har inte spelat med alla: segraren 3/4 x (1 + {met} + {players - 1 - met}/2)",
                f"not all played with all: winner 3/4 x (1 + {met} + {players - 1 - met}/2)",
            )
        )
    return Scale(table, players, "individual", tuple(lines), tuple(notes), 4 * multiplier)
