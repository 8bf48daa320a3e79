"""A gold team event: the silver team barometer counted in gold currency.

Source: ``000_18af0e66f52a62b2.txt``: "Vid lagtävlingar ska minst 12 lag delta" and
the raised scale "De fyra främsta paren/lagen erhåller då 10-7-5-4 gp" (lines
371-380); "Guldpoäng, Allmänt" (lines 1772-1790): points "som för silverpoäng men i
guldvaluta", gp to three pairs or teams (four on the raised scale), then sp to the
16th place at most, then bronze "multiplicerar bp med tre" for the best third. The
silver team barometer is Tabell E1 and the bronze one Tabell B1 (chapter 9). Klöver
names this table "gold" for teams as for pairs; docs/awards-teams.md, "Gold team
events", says how the seed was read.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Final

from awards.domain.core import Colour

from . import rules
from .gold import RAISED_GOLD, gold_from_silver
from .team_b import B1_FLOOR, b1_row
from .team_e import e1_places
from .team_rules import TeamTable, refuse

NAME: Final = "GOLD"
TITLE: Final = ("Guldtävling lag", "Gold team event")
MIN_TEAMS: Final = 12  # line 371
GOLD_PLACES: Final = 3  # lines 1776-1778: "poäng delas ut till tre par/lag"
MAX_SILVER_PLACE: Final = 16  # line 1782: "sp till högst 16:e plats"
BRONZE_MULTIPLIER: Final = 3  # lines 1788-1790

# E1's 42 boards in all: the gold event is read on E1's principle (lines 1772-1774).
TABLE: Final = TeamTable(NAME, Colour.GOLD, barometer=True, min_teams=MIN_TEAMS, min_boards=42)


def places(
    entries: int, boards: int | None, met: int | None, *, raised: bool
) -> list[tuple[Colour, Decimal, Decimal]]:
    """(colour, exact, credited) per place: E1's silver for the field, its first three
    places in gold (sp / 10, credited rounded up) or 10-7-5-4 on the raised scale, the
    other silver places as they are, then B1 times three down to the best third."""
    if entries < MIN_TEAMS:
        raise refuse(
            NAME,
            f"Guldtävling för lag kräver minst {MIN_TEAMS} lag, inte {entries}",
            f"A gold team event needs at least {MIN_TEAMS} teams, not {entries}",
        )
    silver = [cell for colour, cell in e1_places(entries, boards, met, None, None)
              if colour is Colour.SILVER][:MAX_SILVER_PLACE]  # fmt: skip
    gold_places = len(RAISED_GOLD) if raised else GOLD_PLACES
    rows: list[tuple[Colour, Decimal, Decimal]] = []
    for place in range(1, max(gold_places, len(silver)) + 1):
        if raised and place <= gold_places:
            value = Decimal(RAISED_GOLD[place - 1])
            rows.append((Colour.GOLD, value, value))
        elif place <= gold_places:
            gold = gold_from_silver(Decimal(silver[place - 1]))
            rows.append((Colour.GOLD, gold, rules.round_up(gold)))
        else:
            value = Decimal(silver[place - 1])
            rows.append((Colour.SILVER, value, value))
    last = rules.ceil(Fraction(entries, 3))
    bronze = b1_row(entries)
    for place in range(len(rows) + 1, last + 1):
        cell = bronze[place - 1] if place <= len(bronze) else B1_FLOOR
        value = Decimal(BRONZE_MULTIPLIER * cell)
        rows.append((Colour.BRONZE, value, value))
    return rows
