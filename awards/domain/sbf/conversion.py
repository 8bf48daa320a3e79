"""Converting a master points holding from a foreign federation (000 §8).

Source: ``000_18af0e66f52a62b2.txt`` lines 589-599: points are never converted for a
single event (589-590); a player who moves permanently to Sweden may apply to convert
the whole holding (591-594), with an extract from the foreign federation (595-596);
each case is judged on its own (597-598). The seed gives no rate, so the office states
the converted bronze, silver and gold itself; this module checks the application and
turns the decision into ledger rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from decimal import Decimal
from typing import Final

from awards.domain.core import Colour, LedgerRow, Reason

SEED_LINES: Final = "000 lines 589-599"
# The ledger key's second part for a conversion: tournaments are numbered from 1, so a
# conversion sorts before a tournament of the same day (the holding is brought along).
CONVERSION_KEY: Final = 0


@dataclass(frozen=True)
class Conversion:
    """The office's decision on one application (every amount in its own unit)."""

    federation: str
    day: date
    bronze: Decimal = Decimal(0)
    silver: Decimal = Decimal(0)
    gold: Decimal = Decimal(0)
    moved_permanently: bool = True
    extract: str = ""


def problems(conversion: Conversion) -> list[Reason]:
    """What stops the conversion, in both languages; empty when it may be credited."""
    found = []
    if not conversion.federation.strip():
        found.append(Reason("§8", "Ange det utländska förbundet", "Name the foreign federation"))
    if not conversion.moved_permanently:
        # Lines 589-594: never for a single event, only for a permanent move.
        found.append(
            Reason(
                "§8",
                "Mp konverteras bara när spelaren flyttat permanent till Sverige (000 §8)",
                "Points are converted only when the player has moved permanently to Sweden"
                " (000 §8)",
            )
        )
    if not conversion.extract.strip():
        # Lines 595-596: "Spelaren behöver då ett mp-utdrag".
        found.append(
            Reason(
                "§8",
                "Ange mp-utdraget från det utländska förbundet (000 §8)",
                "Give the master points extract from the foreign federation (000 §8)",
            )
        )
    amounts = (conversion.bronze, conversion.silver, conversion.gold)
    if any(amount < 0 for amount in amounts):
        found.append(
            Reason(
                "§8",
                "Konverterade poäng kan inte vara negativa",
                "Converted points cannot be negative",
            )
        )
    elif not any(amount > 0 for amount in amounts):
        found.append(
            Reason(
                "§8",
                "Ange minst en valör med konverterade poäng",
                "Give the converted points of at least one colour",
            )
        )
    return found


def reason(federation: str) -> Reason:
    """What the member's history says of the converted rows."""
    return Reason(
        "§8",
        f"konverterat från {federation}, 000 §8",
        f"converted from {federation}, 000 §8",
    )


def ledger_rows(conversion: Conversion) -> list[LedgerRow]:
    """The rows the class walk reads: one per colour with points, keyed before the
    day's tournaments."""
    key = (conversion.day, CONVERSION_KEY)
    amounts = (
        (Colour.BRONZE, conversion.bronze),
        (Colour.SILVER, conversion.silver),
        (Colour.GOLD, conversion.gold),
    )
    return [(key, colour, amount, Decimal(0)) for colour, amount in amounts if amount > 0]
