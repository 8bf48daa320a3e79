"""The formula of :func:`competition.compute` over many competitions at once, as arrays.

The full recompute over a stored history (issue #15) walks millions of player-results
that mostly come out as they were. :func:`walk_level` applies equations (1)-(9) of seed
``002_4426357e9a32e88f.txt`` to a set of competitions that share no player (a
"level": none of them needs a handicap another one changes), with numpy doing in one
operation what ``compute`` does per player. It is written to give the same floats,
bit for bit, as ``compute``: the same operations in the same order (sums from the
first value on, never pairwise; ``-gain * (achieved - expected)``; the cap by
comparison), which ``handicap/tests/domain/test_batch.py`` pins against ``compute``
on random fields. Only the forms without a datum are here (individual, pairs, the
plain team match): the rest go through ``compute``.

:func:`scaled` is the column's rounding: a float to an integer count of hundredths
(thousandths for the change), as "%.2f" prints it (the exact binary value rounded to
the nearest, ties to even); the history is compared by these integers.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# Rows of a month whose history is compared, as integers, in this order. A missing
# partner (an individual) is ``NO_PARTNER``; a place "3" is (3, 3), "3-4" is (3, 4),
# an empty place (-1, -1).
COLUMNS = (
    "member_id", "tournament_id", "match_id", "played_on", "place_from", "place_to", "old",
    "partner", "change", "new", "boards", "owner", "field", "expected", "achieved",
    "scoring", "policy",
)  # fmt: skip
NO_PARTNER = -(2**62)
NO_MATCH = -1
SCORING_CODES = {"topscore": 0, "imp": 1}

# y * 10**places lands this close to a half only when the float is a tie or next to
# one: those few are rounded by Python's own formatting, the rest by rint (values
# here are below 10**7, where the product's own error is under 1e-9).
_NEAR_HALF = 1e-6


def scaled(values: np.ndarray, places: int) -> np.ndarray:
    """``values`` as int64 counts of 10**-places, rounded as ``f"{v:.{places}f}"``."""
    y = values * float(10**places)
    out = np.rint(y)
    near = np.abs(y - np.floor(y) - 0.5) < _NEAR_HALF
    if near.any():
        for i in np.flatnonzero(near):
            out[i] = int(f"{float(values[i]):.{places}f}".replace(".", ""))
    return out.astype(np.int64)


def carried(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The handicap carried on (``round(new, 2) + 0.0``) and its hundredths: k / 100
    is the float nearest to the decimal k hundredths, as ``round`` gives it."""
    hundredths = scaled(values, 2)
    return hundredths / 100.0 + 0.0, hundredths


@dataclass
class Plain:
    """A month's competitions of the plain forms, in the order they are walked
    (level by level), with their entries and players in the order ``compute`` takes
    them. ``*_start`` arrays have one more item than what they start (the end).

    Per competition: ``rest`` (entries - 1), ``team`` (a team match: each team's field
    is the other team), ``tables``, ``gain``, ``slope``, ``average``; ``level_start``
    cuts the competitions into levels. Per entry: ``comp``, ``size``, ``result``,
    ``other`` (in a team match, the other team's entry). Per player: ``member`` (an
    index into the walk's handicaps), ``entry``, ``played`` (boards)."""

    comp_entry_start: np.ndarray
    comp_row_start: np.ndarray
    rest: np.ndarray
    team: np.ndarray
    tables: np.ndarray
    gain: np.ndarray
    slope: np.ndarray
    average: np.ndarray
    level_start: np.ndarray
    entry_row_start: np.ndarray
    comp: np.ndarray
    size: np.ndarray
    result: np.ndarray
    other: np.ndarray
    member: np.ndarray
    entry: np.ndarray
    played: np.ndarray

    def __post_init__(self) -> None:
        rows, entries = len(self.member), len(self.size)
        # Each entry's players (each competition's entries) as a row of indices, short
        # ones padded with the index of a zero: sums run along a row from its first
        # value, as Python's sum does.
        width = int(self.size.max()) if entries else 1
        seats = self.entry_row_start[:-1, None] + np.arange(width)
        self.seats = np.where(np.arange(width) < self.size[:, None], seats, rows)
        counts = np.diff(self.comp_entry_start)
        width = int(counts.max()) if len(counts) else 1
        owners = self.comp_entry_start[:-1, None] + np.arange(width)
        self.owners = np.where(np.arange(width) < counts[:, None], owners, entries)
        self.counts = counts
        # What the walk leaves for the rows to be written from.
        self.old = np.zeros(rows + 1)  # the last one stays zero: the padding's
        self.owner = np.zeros(entries + 1)
        self.total = np.zeros(entries)
        self.field = np.zeros(entries)
        self.expected = np.zeros(entries)
        self.change = np.zeros(rows)
        self.new = np.zeros(rows, dtype=np.int64)


def walk_level(plain: Plain, level: int, handicaps: np.ndarray, cap: float) -> np.ndarray:
    """Apply one level's competitions to ``handicaps`` (by member index); returns the
    members whose handicap it set."""
    c0, c1 = plain.level_start[level], plain.level_start[level + 1]
    if c0 == c1:
        return plain.member[:0]
    e0, e1 = plain.comp_entry_start[c0], plain.comp_entry_start[c1]
    r0, r1 = plain.comp_row_start[c0], plain.comp_row_start[c1]
    members = plain.member[r0:r1]
    old = handicaps[members]
    plain.old[r0:r1] = old
    width = int(plain.size[e0:e1].max())
    total = np.add.accumulate(plain.old[plain.seats[e0:e1, :width]], axis=1)[:, -1]
    owner = total / plain.size[e0:e1]
    plain.total[e0:e1] = total
    plain.owner[e0:e1] = owner
    width = int(plain.counts[c0:c1].max())
    field_total = np.add.accumulate(plain.owner[plain.owners[c0:c1, :width]], axis=1)[:, -1]
    comp = plain.comp[e0:e1]
    at = comp - c0
    field = np.where(
        plain.team[comp],
        plain.owner[plain.other[e0:e1]],
        (field_total[at] - owner) / plain.rest[comp],
    )
    expected = plain.average[comp] + plain.slope[comp] * (
        plain.tables[comp] * (field - owner) + 0.0
    )
    per_board = -plain.gain[comp] * (plain.result[e0:e1] - expected)
    plain.field[e0:e1] = field
    plain.expected[e0:e1] = expected
    change = per_board[plain.entry[r0:r1] - e0] * plain.played[r0:r1]
    new = np.minimum(old + change, cap)
    value, hundredths = carried(new)
    plain.change[r0:r1] = change
    plain.new[r0:r1] = hundredths
    handicaps[members] = value
    return members


def rows(
    plain: Plain,
    member_ids: np.ndarray,
    comp_columns: np.ndarray,
    entry_places: np.ndarray,
    scoring: np.ndarray,
) -> np.ndarray:
    """The walked month's history rows as integers (``COLUMNS``). ``comp_columns`` per
    competition: tournament, match, day; ``entry_places`` per entry: (from, to);
    ``scoring`` per competition, its code."""
    n = len(plain.member)
    out = np.empty((n, len(COLUMNS)), dtype=np.int64)
    entry = plain.entry
    comp = plain.comp[entry]
    size = plain.size[entry]
    old = plain.old[:n]
    out[:, 0] = member_ids[plain.member]
    out[:, 1:4] = comp_columns[comp]
    out[:, 4:6] = entry_places[entry]
    out[:, 6] = scaled(old, 2)
    # A pair's partner is the other player's handicap; more players: the others' mean.
    seat = np.arange(n) - plain.entry_row_start[entry]
    partner = np.full(n, NO_PARTNER, dtype=np.int64)
    pairs = size == 2
    partner[pairs] = scaled(plain.old[np.flatnonzero(pairs) - 2 * seat[pairs] + 1], 2)
    more = size > 2
    partner[more] = scaled((plain.total[entry[more]] - old[more]) / (size[more] - 1), 2)
    out[:, 7] = partner
    out[:, 8] = scaled(plain.change, 3)
    out[:, 9] = plain.new
    out[:, 10] = plain.played
    out[:, 11] = scaled(plain.owner[:-1], 2)[entry]
    out[:, 12] = scaled(plain.field, 2)[entry]
    out[:, 13] = scaled(plain.expected, 2)[entry]
    out[:, 14] = scaled(plain.result, 2)[entry]
    out[:, 15] = scoring[comp]
    out[:, 16] = 1
    return out


def levels(comp_members: list[list[int]], members: int) -> list[int]:
    """Each competition's level, in walk order: one more than the highest level of an
    earlier competition that shares a player with it. Competitions of one level share
    no player, and each comes after all it depends on."""
    last = [-1] * members
    out = []
    for players in comp_members:
        level = max(map(last.__getitem__, players), default=-1) + 1
        for player in players:
            last[player] = level
        out.append(level)
    return out
