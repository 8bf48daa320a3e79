"""What a club orders for its members' promotions: pins, charms and their prices.

Source: ``000_18af0e66f52a62b2.txt``:

* lines 47-55: every master class reached gives a new master pin; pin and certificate
  are sent to the player's club automatically, and the club hands them out;
* lines 56-65: charms and duplicate pins are bought from the office when the one
  handed out is lost, with their prices (charm 100 kr, duplicate Stormästare pin
  200 kr, other duplicate pins 20 kr, Klöver pin in silver 30 kr, in gold 1 500 kr);
* lines 98-100: four- and five-star Klövermästare may buy a specially designed Klöver
  pin in silver and in gold.

Decisions where the seed is silent (docs: /tmp/docs22/sbfpoints.md): the master pin of
a promotion costs the club nothing (it is sent "per automatik"); the Klöver pin in
silver goes with four stars and the one in gold with five ("respektive"), offered as a
purchase; the charm and the duplicates are not promotion items but are listed with
their prices for a club that needs to replace one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Final


@dataclass(frozen=True)
class PinItem:
    code: str
    name_sv: str
    name_en: str
    price: Decimal  # kronor
    line: int  # where the seed names it (its price, if any)
    optional: bool = False  # bought if the player wants it


# The price list, lines 61-65, each with its line.
PRICE_LIST: Final[tuple[PinItem, ...]] = (
    PinItem("charm", "Berlock", "Charm", Decimal(100), 61),
    PinItem(
        "duplicate-stor", "Duplettnål stormästare", "Duplicate pin, Grand Master", Decimal(200), 62
    ),
    PinItem("duplicate", "Duplettnål övriga", "Duplicate pin, other classes", Decimal(20), 63),
    PinItem("klover-silver", "Klövernål i silver", "Klöver pin in silver", Decimal(30), 64, True),
    PinItem("klover-gold", "Klövernål i guld", "Klöver pin in gold", Decimal(1500), 65, True),
)
ITEMS: Final = {item.code: item for item in PRICE_LIST}

# Lines 98-100: "Fyr- eller femstjärniga klövermästare kan köpa en specialdesignad
# klövernål i silver respektive guld".
SPECIAL_KLOVER_PINS: Final = {"klover-4": "klover-silver", "klover-5": "klover-gold"}


def master_pin(class_code: str, name_sv: str, name_en: str) -> PinItem:
    """The pin of a class reached (lines 47-55): sent with the certificate, no charge."""
    lowered = name_sv[:1].lower() + name_sv[1:]  # "Mästarnål, rutermästare"
    return PinItem(
        f"pin:{class_code}", f"Mästarnål, {lowered}", f"Master pin, {name_en}", Decimal(0), 50
    )


def items_for(class_code: str, name_sv: str, name_en: str) -> tuple[PinItem, ...]:
    """What a promotion to ``class_code`` brings the club: the class's pin, and the
    special Klöver pin the player may buy at four or five stars."""
    items = [master_pin(class_code, name_sv, name_en)]
    special = SPECIAL_KLOVER_PINS.get(class_code)
    if special:
        items.append(ITEMS[special])
    return tuple(items)


@dataclass(frozen=True)
class OrderLine:
    item: PinItem
    count: int

    @property
    def total(self) -> Decimal:
        return self.item.price * self.count


def order(promotions: Iterable[tuple[str, str, str]]) -> tuple[OrderLine, ...]:
    """The order for promotions (class code, Swedish name, English name): one line per
    item with how many, in the order items first appear."""
    counts: Counter[str] = Counter()
    seen: dict[str, PinItem] = {}
    for code, sv, en in promotions:
        for item in items_for(code, sv, en):
            counts[item.code] += 1
            seen.setdefault(item.code, item)
    return tuple(OrderLine(item, counts[c]) for c, item in seen.items())


def total(lines: Iterable[OrderLine], *, optional: bool) -> Decimal:
    """What the lines cost, the optional purchases or the rest."""
    return sum((line.total for line in lines if line.item.optional is optional), Decimal(0))
