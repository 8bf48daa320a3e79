"""Tables E1-E5: silver points for team events.

Source: ``000_18af0e66f52a62b2.txt``, chapter 9: "Tabell E 1, Silverpoäng,
Lagbarometer" (lines 1347-1412; silver cells, then the bronze "red" cells) and "Tabell
E 2 - E5, Silver, Lagserie" (lines 1413-1680: E2 1576, E3 1462, E5 "Allsvenskan, div
III och IV" 1664). Each printed row keeps the line it was read from;
``docs/awards-teams.md`` records the readings.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Final

from awards.domain.core import Colour

from . import rules
from .team_b import b1_row
from .team_rules import (
    Bonus,
    MatchValue,
    TeamTable,
    average_rows,
    check_boards_per_match,
    check_division,
    per_match,
    refuse,
)

# In silver events the bronze cells are the bronze scale times two, so 8 is the floor.
E1_BRONZE_FLOOR: Final = 8

# Tabell E1 (silver team barometer): per team count, (sp for the best quarter,
# then the "red" bp down to the best third). Rows 8-32, 34, 36, 38, 40 and 60.
# fmt: off
E1_PRINTED: Final[dict[int, tuple[tuple[int, ...], tuple[int, ...]]]] = {
    8: ((12, 8), (22,)),  # line 1352
    9: ((14, 10, 7), ()),  # line 1354
    10: ((15, 10, 7), (20,)),  # line 1356
    11: ((17, 12, 8), (20,)),  # line 1358
    12: ((18, 12, 8), (20,)),  # line 1360
    13: ((20, 14, 10, 7), (16,)),  # line 1362
    14: ((21, 14, 10, 7), (18,)),  # line 1364
    15: ((23, 16, 11, 8), (20,)),  # line 1366
    16: ((24, 16, 11, 8), (20, 14)),  # line 1368
    17: ((26, 18, 12, 8, 6), (16,)),  # line 1370
    18: ((27, 18, 12, 8, 6), (16,)),  # line 1372
    19: ((29, 20, 14, 10, 7), (16, 12)),  # line 1374
    20: ((30, 20, 14, 10, 7), (16, 12)),  # line 1376
    21: ((32, 22, 15, 10, 7, 5), (12,)),  # line 1378
    22: ((33, 22, 15, 10, 7, 5), (14, 10)),  # line 1380
    23: ((35, 24, 16, 11, 8, 6), (14, 10)),  # line 1382
    24: ((36, 24, 16, 11, 8, 6), (14, 10)),  # line 1384
    25: ((38, 26, 18, 12, 8, 6, 4), (12, 8)),  # line 1386
    26: ((39, 26, 18, 12, 8, 6, 4), (12, 8)),  # line 1388
    27: ((41, 28, 19, 13, 9, 6, 4), (12, 8)),  # line 1390
    28: ((42, 28, 19, 13, 9, 6, 4), (12, 8, 8)),  # line 1392
    29: ((44, 30, 20, 14, 10, 7, 5, 4), (8, 8)),  # line 1394
    30: ((45, 30, 20, 14, 10, 7, 5, 4), (8, 8)),  # line 1396
    31: ((47, 32, 22, 15, 10, 7, 5, 4), (10, 8, 8)),  # line 1398
    32: ((48, 32, 22, 15, 10, 7, 5, 4), (10, 8, 8)),  # line 1400
    34: ((51, 34, 25, 19, 13, 9, 7, 6, 4), (12, 8, 8)),  # line 1402
    36: ((54, 36, 27, 20, 15, 12, 9, 8, 6), (16, 12, 8)),  # line 1404
    38: ((57, 39, 29, 22, 18, 15, 12, 10, 8, 6), (14, 10, 8)),  # line 1406
    40: ((60, 40, 30, 25, 20, 17, 14, 12, 10, 7), (16, 12, 8, 8)),  # line 1408
    60: ((72, 48, 36, 30, 24, 20, 16, 14, 11, 10, 8, 6, 4, 4, 4), (8, 8)),  # line 1410
}
# fmt: on

# Tabell E3: sp per won match = boards + offset, keyed by the number of divisions.
# Six to eight divisions: divisions 1-5 as with five, then -10, -12, -14.
E3_OFFSETS: Final[dict[int, tuple[int, ...]]] = {
    2: (0, -4),
    3: (4, 0, -4),
    4: (4, 0, -4, -8),
    5: (8, 4, 0, -4, -8),
    6: (8, 4, 0, -4, -8, -10),
    7: (8, 4, 0, -4, -8, -10, -12),
    8: (8, 4, 0, -4, -8, -10, -12, -14),
}
# "Minsta antal sp som ett lag kan erhålla i enskild match: vid vunnen match 2, vid
# oavgjord 1."
E3_MINIMUM_WIN: Final = 2
E3_MINIMUM_DRAW: Final = 1

# Tabell E5, Allsvenskan division III: sp per won match, and the gp bonus per
# player for places 1 and 2.
E5_DIV3_WIN: Final = 32
E5_DIV3_BONUS_GP: Final = (2, 1)


def e1_row(teams: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Tabell E1: (sp for the best quarter, bp down to the best third).

    Printed for 8-32, 34, 36, 38, 40 and 60 teams. Odd 33-39 take the mean of
    the rows either side (a place that is silver in one row only counts 0 sp in
    the other; a missing bronze cell counts the floor of 8). The 60 row prints
    only two of its five bronze cells; the other three get the floor of 8.
    41-59 and more than 60 teams are not printed and the row for 60 does not fit
    A2's principle (its winner gets 72, not 90), so those are refused.
    """
    if teams < 8:
        raise refuse(
            "E1",
            f"Tabell E1 kräver minst 8 lag, inte {teams}",
            f"Table E1 needs at least 8 teams, not {teams}",
        )
    silver_places = rules.ceil(Fraction(teams, 4))
    bronze_places = rules.ceil(Fraction(teams, 3)) - silver_places
    if teams in E1_PRINTED:
        silver, bronze = E1_PRINTED[teams]
    elif 33 <= teams <= 39:
        lower, upper = E1_PRINTED[teams - 1], E1_PRINTED[teams + 1]
        silver = average_rows(lower[0], upper[0], silver_places, 0)
        bronze = tuple(
            rules.ceil(Fraction(_e1_bronze_at(lower, p) + _e1_bronze_at(upper, p), 2))
            for p in range(silver_places + 1, silver_places + bronze_places + 1)
        )
    else:
        raise refuse(
            "E1",
            f"Tabell E1 är tryckt för 8-40 och 60 lag, inte {teams}: fråga kansliet",
            f"Table E1 is printed for 8-40 and 60 teams, not {teams}: ask the federation office",
        )
    bronze = bronze + (E1_BRONZE_FLOOR,) * (bronze_places - len(bronze))
    return silver, bronze


def _e1_bronze_at(row: tuple[tuple[int, ...], tuple[int, ...]], place: int) -> int:
    # Bronze cells are matched by place: the silver list's length shifts them.
    index = place - len(row[0]) - 1
    return row[1][index] if 0 <= index < len(row[1]) else E1_BRONZE_FLOOR


def e1_places(
    entries: int,
    boards: int | None,
    met: int | None,
    division: int | None,
    divisions: int | None,
) -> list[tuple[Colour, int]]:
    """E1 for a field; not all met all and 100 boards as table D says."""
    field_size = Fraction(entries)
    if met is not None and met < entries - 1:
        # Tabell D: 1 (own team) + teams met + half of those not met, rounded up.
        field_size = Fraction(rules.ceil(1 + met + Fraction(entries - 1 - met, 2)))
    row_teams = rules.ceil(field_size * Fraction(rules.boards_coefficient(boards)))
    silver, bronze = e1_row(row_teams)
    silver_places = min(len(silver), rules.ceil(Fraction(entries, 4)), 16)
    last = rules.ceil(Fraction(entries, 3))
    if row_teams == entries:
        cells = list(bronze)
    else:
        # "Därefter erhåller paren ner till bästa 1/3 bp, enligt skalan för antalet
        # startande": the bronze scale (B1) for the real field, times two.
        b1 = b1_row(entries)
        cells = [
            2 * b1[p - 1] if p <= len(b1) else E1_BRONZE_FLOOR
            for p in range(silver_places + 1, last + 1)
        ]
    rows = [(Colour.SILVER, cell) for cell in silver[:silver_places]]
    rows += [(Colour.BRONZE, cell) for cell in cells[: last - silver_places]]
    return rows


def silver_per_board(table: TeamTable, boards: int) -> MatchValue:
    """E2: "1 sp per spelad bricka, vid oavgjort hälften"; at least 6 boards per match
    (E3, E4, E5 division 4 and G2 refer to it)."""
    check_boards_per_match(table, boards)
    return per_match(table, boards, f"{boards} brickor", f"{boards} boards", Colour.SILVER)


def _e2_value(
    table: TeamTable,
    boards: int,
    division: int | None,
    divisions: int | None,
    sm_event: str | None,
    stage: str | None,
) -> MatchValue:
    return silver_per_board(table, boards)


def _e3_value(
    table: TeamTable,
    boards: int,
    division: int | None,
    divisions: int | None,
    sm_event: str | None,
    stage: str | None,
) -> MatchValue:
    """Boards plus the division's offset, at least 2 for a win and 1 for a draw."""
    division = check_division(table, division, divisions)
    assert divisions is not None
    silver_per_board(table, boards)
    played_for = boards + E3_OFFSETS[divisions][division - 1]
    return MatchValue(
        table.name,
        Colour.SILVER,
        Decimal(max(E3_MINIMUM_WIN, played_for)),
        max(Decimal(E3_MINIMUM_DRAW), Decimal(played_for) / 2),
        f"division {division} av {divisions}, {boards} brickor",
        f"division {division} of {divisions}, {boards} boards",
    )


def _e5_value(
    table: TeamTable,
    boards: int,
    division: int | None,
    divisions: int | None,
    sm_event: str | None,
    stage: str | None,
) -> MatchValue:
    """Division 3 plays for 32 sp a match, division 4 as E2."""
    if division == 3:
        return per_match(
            table, E5_DIV3_WIN, f"division 3, {boards} brickor", f"division 3, {boards} boards"
        )
    if division == 4:
        return per_match(
            table,
            silver_per_board(table, boards).win,
            f"division 4, {boards} brickor",
            f"division 4, {boards} boards",
        )
    raise refuse(
        "E5",
        f"Tabell E5 gäller Allsvenskan division 3 och 4, inte {division}",
        f"Table E5 covers Allsvenskan divisions 3 and 4, not {division}",
    )


def _e5_bonus(
    table: TeamTable,
    entries: int,
    rounds: int | None,
    division: int | None,
    swiss: bool,
    double_round_robin: bool,
    sm_event: str | None,
) -> Bonus:
    rows = tuple(Decimal(cell) for cell in E5_DIV3_BONUS_GP) if division == 3 else ()
    return Bonus(rows, f"{entries} lag", f"{entries} teams")


TABLES: Final = (
    TeamTable(
        "E1", Colour.SILVER, barometer=True, min_teams=8, min_boards=42,
        places=e1_places,
    ),
    TeamTable("E2", Colour.SILVER, min_teams=4, min_boards=6, value=_e2_value),
    TeamTable(
        "E3", Colour.SILVER, min_teams=4, min_boards=6,
        division_counts=range(min(E3_OFFSETS), max(E3_OFFSETS) + 1), names_division=True,
        value=_e3_value,
    ),
    # E4 prints no minimum of teams; we ask for two.
    TeamTable("E4", Colour.SILVER, min_teams=2, min_boards=6, value=_e2_value),
    # division 3 or 4; the fewest boards are division 4's, as E2
    TeamTable(
        "E5", Colour.SILVER, min_teams=2, min_boards=6, names_division=True, value=_e5_value,
        bonus=_e5_bonus,
    ),
)  # fmt: skip
