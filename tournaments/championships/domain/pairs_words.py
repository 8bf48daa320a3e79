"""The words and the refusals the DM-par rules share: a reason in English and Swedish
with its seed lines, the input errors, and numbers written as people read them (a
decimal comma in Swedish).

Source: seed ``003_796cec548aee39db.txt``, "DM-tävlingar, par" (lines 157-296); the
rules themselves are in ``final_size``, ``allocation``, ``direct_places`` and
``replacements``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction


@dataclass(frozen=True)
class Reason:
    """Why a heat has a place, or a pair is in the final, in both languages.

    ``places`` is how many places the reason gives (0 for a note); ``lines`` names the
    seed lines it applies."""

    rule: str
    places: int
    en: str
    sv: str
    lines: str


class PlacesInputError(ValueError):
    """Input the rules refuse; ``field`` is the input at fault (``heats``,
    ``final_size``, ``next_percent``, ``qualified``, ``results``)."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


class PercentagesNeeded(PlacesInputError):
    """T3 decides the last places and the heats' percentages were not given."""

    def __init__(self, heats: tuple[int, ...], places: int, message: str):
        super().__init__("next_percent", message)
        self.heats = heats
        self.places = places


class LotNeeded(PlacesInputError):
    """Heats tie in T3 where it matters: the seed draws lots (003 line 270), which only
    the committee can do; its draw is given back as ``lot``."""

    def __init__(self, heats: tuple[int, ...], places: int, message: str):
        super().__init__("next_percent", message)
        self.heats = heats
        self.places = places


# -- numbers in words ----------------------------------------------------------------


def as_decimal(value: Fraction | Decimal | int, places: int | None = None) -> Decimal:
    if isinstance(value, Fraction):
        with localcontext() as ctx:
            ctx.prec = 28
            number = Decimal(value.numerator) / Decimal(value.denominator)
    else:
        number = Decimal(value)
    if places is not None:
        number = number.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return number


def en_number(value: Fraction | Decimal | int, places: int | None = None) -> str:
    return format(as_decimal(value, places), "f")


def sv_number(value: Fraction | Decimal | int, places: int | None = None) -> str:
    return en_number(value, places).replace(".", ",")


def heat_list(heats: Iterable[int], conjunction: str) -> str:
    names = [str(h + 1) for h in heats]
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} {conjunction} {names[-1]}"


def places_words(n: int, sv: bool = False) -> str:
    if sv:
        return f"{n} plats" if n == 1 else f"{n} platser"
    return f"{n} place" if n == 1 else f"{n} places"
