"""Master classes (mästarklasser) of the Swedish Bridge Federation.

Source: ``000_18af0e66f52a62b2.txt`` ("Svenska mästarpoäng 2014-2015"):

* chapter 2, "Att samla mästarpoäng": 1 mp = 1 gp = 10 sp = 100 bp, and a new
  pin and certificate for every master class reached, sent to the player's club;
* chapter 3, "Mästarklasser": the class table (Klöver, Ruter, Hjärter, Spader,
  Stormästare with "Ant. MP" and "Varav sp/gp"), the "Särskild indelning" of
  starred classes, the exchange markers ``*``, ``**``, ``***`` and the worked
  example (bronze only: Rutermästare at 20 mp).

How the table is read (docs/master-classes-and-ranking.md has the reasoning):

1. "Ant. MP" is the least total in master points after any exchange.
2. "Varav sp/gp" written "50sp / 2gp" is an alternative: at least 50 sp *or* at
   least 2 gp. Both together would make the worked example impossible: under
   ``*`` bronze may become silver but never gold, yet bronze alone reaches Ruter.
   Towards the silver alternative a gold point counts as 10 sp, its face value:
   a higher colour never does worse than a lower one.
3. An exchange moves whole blocks: 20 bp count as 1 sp (``*`` and ``**``), 20 sp
   as 1 gp (``**``). Exchanged points count at their new value in the total,
   which is why bronze alone needs 2 000 bp for the 15 mp of Ruter: 1 000 bp
   become 50 sp (5 mp) and 1 000 bp stay (10 mp). Silver made from bronze may go
   on to gold under ``**``; the rule does not forbid it. ``***`` forbids every
   exchange into gold, and those classes ask for gold only.
4. Exchange is a way of counting, not a ledger entry: the holding is unchanged.
5. The starred Klöver classes count bronze points alone ("endast bronspoäng")
   and nothing is exchanged. Since 2 000 bp already make a Rutermästare, four
   and five stars (2 500 and 10 000 bp) could never be anyone's class; the
   rulebook still sells pins for them, so they are read as a bronze distinction
   any player earns (:func:`klover_stars`, and a promotion when crossed). As a
   class, the stars show only while the player is a Klövermästare.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal
from enum import StrEnum
from typing import Final, Generic, TypeVar

from awards.domain.core import MASTER_POINTS_PER_UNIT, SBF_COLOURS, UNIT, Colour, Reason

K = TypeVar("K")

SEED: Final = "000_18af0e66f52a62b2.txt"
TABLE: Final = "Mästarklasser"

BLOCK: Final = 20  # 20 bp count as 1 sp, 20 sp as 1 gp
# More points of one colour than any class asks for, exchanges included (the
# dearest, Stormästare from bronze alone, takes 75 000 bp): if this many do not
# reach a class, that colour alone never will.
_ENOUGH: Final = 10**7
_ZERO: Final = Decimal(0)


class Exchange(StrEnum):
    """The marker after a class name in the seed's table."""

    NONE = ""
    BRONZE_TO_SILVER = "*"
    UP_TO_GOLD = "**"
    NO_GOLD = "***"

    @property
    def bronze_to_silver(self) -> bool:
        return self in (Exchange.BRONZE_TO_SILVER, Exchange.UP_TO_GOLD)

    @property
    def silver_to_gold(self) -> bool:
        return self is Exchange.UP_TO_GOLD


_RATES: Final = tuple((c.value, MASTER_POINTS_PER_UNIT[c]) for c in SBF_COLOURS)


@dataclass(frozen=True)
class Holding:
    """Credited points in each colour, each in its own unit (bp, sp, gp)."""

    bronze: Decimal = _ZERO
    silver: Decimal = _ZERO
    gold: Decimal = _ZERO

    def __post_init__(self) -> None:
        for colour in SBF_COLOURS:
            value = getattr(self, colour.value)
            if isinstance(value, bool) or not isinstance(value, int | Decimal):
                raise TypeError(f"{colour.value} must be a Decimal, got {value!r}")
            value = Decimal(value)
            if not value.is_finite() or value < 0:
                raise ValueError(f"{colour.value} must be a finite number ≥ 0, got {value}")
            object.__setattr__(self, colour.value, value)

    def of(self, colour: Colour) -> Decimal:
        value: Decimal = getattr(self, colour.value)
        return value

    def plus(self, colour: Colour, amount: Decimal | int) -> Holding:
        values = {c.value: self.of(c) for c in SBF_COLOURS}
        values[colour.value] += Decimal(amount)
        return Holding(**values)

    @property
    def master_points(self) -> Decimal:
        return sum((getattr(self, name) * rate for name, rate in _RATES), _ZERO)


@dataclass(frozen=True)
class Requirement:
    """What a class asks for; ``None`` where the seed's column is empty."""

    master_points: Decimal
    silver: Decimal | None = None  # sp, or ``gold`` gp instead
    gold: Decimal | None = None
    bronze: Decimal | None = None  # bp on their own, for the starred Klöver classes
    exchange: Exchange = Exchange.NONE


@dataclass(frozen=True)
class MasterClass:
    code: str  # "hjarter-2"
    suit: str  # "klover" | "ruter" | "hjarter" | "spader" | "stor"; "" below Klöver
    stars: int
    rank: int  # 0 = no class yet; higher is better
    name_sv: str
    name_en: str
    requirement: Requirement
    seed: str  # the row of the seed's table, as printed


@dataclass(frozen=True)
class Counted:
    """How a holding was counted for a class: blocks exchanged and the total left."""

    bronze_blocks: int  # each 20 bp counted as 1 sp
    silver_blocks: int  # each 20 sp counted as 1 gp
    master_points: Decimal


@dataclass(frozen=True)
class NextClass:
    """What is missing for the next step of the ladder, in each colour on its own.

    ``missing[colour]`` is the least whole number of points of that colour alone
    that reaches ``target``; ``None`` when that colour alone never can.
    """

    current: MasterClass
    target: MasterClass | None
    missing: dict[Colour, Decimal | None]
    explanation: Reason


# The seed also names them Klubb-, Krets-, Region- and Riksmästare; the suit names are in use.
_SUITS: Final = {
    "klover": ("klövermästare", "Club Master"),
    "ruter": ("rutermästare", "Diamond Master"),
    "hjarter": ("hjärtermästare", "Heart Master"),
    "spader": ("spadermästare", "Spade Master"),
    "stor": ("stormästare", "Grand Master"),
}
_STARS_SV: Final = ("", "Enstjärnig", "Tvåstjärnig", "Trestjärnig", "Fyrstjärnig", "Femstjärnig")
_STARS_EN: Final = ("", "One-star", "Two-star", "Three-star", "Four-star", "Five-star")

# The seed's chapter 3, in rank order. Columns: suit, stars, Ant. MP, sp, gp, bp
# (starred Klöver only), marker, and the seed's line as printed, misspellings kept
# (starred rows are printed under their suit in "Särskild indelning").
_SCALE: Final[tuple[tuple[str, int, str, str | None, str | None, str | None, str, str], ...]] = (
    ("klover", 0, "2", None, None, None, "", "Klöver-/Klubbmästare 2 -"),
    ("klover", 1, "2", None, None, "500", "", "Enstjärnig 500bp"),
    ("klover", 2, "2", None, None, "1000", "", "Tvåstjärig 1 000bp"),
    ("klover", 3, "2", None, None, "1500", "", "Trestjärig 1 500bp"),
    ("klover", 4, "2", None, None, "2500", "", "Fyrstjärnig 2 500bp"),
    ("klover", 5, "2", None, None, "10000", "", "Femstjärnig 10 000bp"),
    ("ruter", 0, "15", "50", "2", None, "*", "Ruter-/Kretsmästare* 15 50sp / 2gp"),
    ("hjarter", 0, "50", "200", "10", None, "**", "Hjärter-/Regionmästare** 50 200sp / 10gp"),
    ("hjarter", 1, "100", "200", "10", None, "**", "Enstjärnig** 100 mp 200 sp/ 10 gp"),
    ("hjarter", 2, "150", "200", "10", None, "**", "Tvåstjärnig** 150 mp 200 sp/ 10 gp"),
    ("hjarter", 3, "200", "200", "10", None, "**", "Trestjärnig** 200 mp 200 sp/ 10 gp"),
    ("spader", 0, "150", None, "75", None, "**", "Spader-/Riksmästare** 150 75gp"),
    ("spader", 1, "275", None, "75", None, "**", "Enstjärnig** 275 mp 75 gp"),
    ("spader", 2, "350", None, "75", None, "**", "Tvåstjärnig** 350 mp 75 gp"),
    ("stor", 0, "300", None, "150", None, "**", "Stormästare** 300 150gp"),
    ("stor", 1, "600", None, "150", None, "***", "Enstjärnig*** 600 mp 150 gp"),
    ("stor", 2, "1000", None, "300", None, "***", "Tvåstjärnig*** 1 000 mp 300 gp"),
    ("stor", 3, "1500", None, "600", None, "***", "Trestjärnig*** 1 500 mp 600 gp"),
    ("stor", 4, "2100", None, "1000", None, "***", "Fyrstjärnig*** 2 100 mp 1 000 gp"),
    ("stor", 5, "2800", None, "1500", None, "***", "Femstjärnig*** 2 800 mp 1 500 gp"),
)


def _optional(value: str | None) -> Decimal | None:
    return None if value is None else Decimal(value)


def _build(
    rank: int, row: tuple[str, int, str, str | None, str | None, str | None, str, str]
) -> MasterClass:
    suit, stars, mp, sp, gp, bp, marker, printed = row
    sv, en = _SUITS[suit]
    name_sv = f"{_STARS_SV[stars]} {sv}" if stars else sv.capitalize()
    name_en = f"{_STARS_EN[stars]} {en}" if stars else en
    section = f", Särskild indelning, {sv.capitalize()}" if stars else ""
    return MasterClass(
        code=f"{suit}-{stars}" if stars else suit,
        suit=suit,
        stars=stars,
        rank=rank,
        name_sv=name_sv,
        name_en=name_en,
        requirement=Requirement(
            master_points=Decimal(mp),
            silver=_optional(sp),
            gold=_optional(gp),
            bronze=_optional(bp),
            exchange=Exchange(marker),
        ),
        seed=f"{SEED}, 3. Mästarklasser{section}: {printed}",
    )


NO_CLASS: Final = MasterClass(
    code="none",
    suit="",
    stars=0,
    rank=0,
    name_sv="Ingen mästarklass",
    name_en="No master class",
    requirement=Requirement(master_points=_ZERO),
    seed=f"{SEED}, 3. Mästarklasser (below Klöver-/Klubbmästare)",
)
CLASSES: Final[tuple[MasterClass, ...]] = tuple(
    _build(rank, row) for rank, row in enumerate(_SCALE, start=1)
)
BY_CODE: Final = {c.code: c for c in CLASSES}


def _is_klover_star(cls: MasterClass) -> bool:
    return cls.requirement.bronze is not None


def _ceil(value: Decimal) -> int:
    return int(value.to_integral_value(rounding=ROUND_CEILING))


def count(cls: MasterClass, holding: Holding) -> Counted | None:
    """The cheapest way ``holding`` meets ``cls``, or ``None`` when it does not.

    Every block exchanged lowers the total (20 bp = 0.2 mp become 1 sp = 0.1 mp;
    20 sp = 2 mp become 1 gp), so the fewest blocks that meet the colour
    requirement are always the best choice.
    """
    way = _best_way(
        cls.requirement, holding.bronze, holding.silver, holding.gold, holding.master_points
    )
    return Counted(*way) if way else None


def _best_way(
    req: Requirement, bronze: Decimal, silver: Decimal, gold: Decimal, total: Decimal
) -> tuple[int, int, Decimal] | None:
    """:func:`count` on plain numbers (bronze blocks, silver blocks, mp left), so that
    :func:`walk` can ask it after every award without building objects."""
    if req.bronze is not None:
        return (0, 0, total) if bronze >= req.bronze and total >= req.master_points else None
    if req.silver is None and req.gold is None:
        return (0, 0, total) if total >= req.master_points else None
    best: tuple[int, int, Decimal] | None = None
    bronze_blocks_held = int(bronze // BLOCK)
    if req.silver is not None:
        short = max(0, _ceil(req.silver - silver - 10 * gold))
        if short == 0 or (req.exchange.bronze_to_silver and short <= bronze_blocks_held):
            best = (short, 0, total - Decimal(short) / 10)
    if req.gold is not None:
        gold_short = max(0, _ceil(req.gold - gold))
        silver_short = max(0, _ceil(BLOCK * gold_short - silver))
        way: tuple[int, int, Decimal] | None = None
        if gold_short == 0:
            way = (0, 0, total)
        elif req.exchange.silver_to_gold and (
            silver_short == 0
            or (req.exchange.bronze_to_silver and silver_short <= bronze_blocks_held)
        ):
            way = (silver_short, gold_short, total - Decimal(silver_short) / 10 - gold_short)
        if way and (best is None or way[2] > best[2]):
            best = way
    if best is None or best[2] < req.master_points:
        return None
    return best


def attains(cls: MasterClass, holding: Holding) -> bool:
    return count(cls, holding) is not None


def counted_words(cls: MasterClass, holding: Holding) -> Reason | None:
    """How the holding was counted for ``cls``, as the seed's example puts it."""
    counted = count(cls, holding)
    if counted is None:
        return None
    sv: list[str] = []
    en: list[str] = []
    if counted.bronze_blocks:
        bp, sp = BLOCK * counted.bronze_blocks, counted.bronze_blocks
        sv.append(f"{_amount(Decimal(bp), ' ')} bp räknas som {_amount(Decimal(sp), ' ')} sp")
        en.append(f"{_amount(Decimal(bp), ',')} bp count as {_amount(Decimal(sp), ',')} sp")
    if counted.silver_blocks:
        sp, gp = BLOCK * counted.silver_blocks, counted.silver_blocks
        sv.append(f"{_amount(Decimal(sp), ' ')} sp räknas som {_amount(Decimal(gp), ' ')} gp")
        en.append(f"{_amount(Decimal(sp), ',')} sp count as {_amount(Decimal(gp), ',')} gp")
    total_sv = _amount(counted.master_points, " ")
    total_en = _amount(counted.master_points, ",")
    if not sv:
        return Reason(TABLE, f"{cls.name_sv}: {total_sv} mp", f"{cls.name_en}: {total_en} mp")
    return Reason(
        TABLE,
        f"{cls.name_sv}: {' och '.join(sv)}, {total_sv} mp",
        f"{cls.name_en}: {' and '.join(en)}, {total_en} mp",
    )


def master_class(holding: Holding) -> MasterClass:
    """The highest class the holding meets (a Klövermästare carries their bronze stars)."""
    return max((c for c in CLASSES if attains(c, holding)), key=lambda c: c.rank, default=NO_CLASS)


def klover_stars(holding: Holding) -> int:
    """Stars of the bronze-only Klöver subdivision, whatever the player's class."""
    return max((c.stars for c in CLASSES if _is_klover_star(c) and attains(c, holding)), default=0)


def promotions(before: Holding, after: Holding) -> list[MasterClass]:
    """Every class reached between two holdings, lowest first: one pin and certificate each.

    A class is passed when ``after`` meets it, ``before`` did not, and it ranks
    above the class held before; a class that ranks below it (a Stormästare
    reaching the 350 mp of a two-star Spadermästare) is no promotion. The
    starred Klöver classes are the bronze distinction and count whenever their
    bronze points are crossed.
    """
    held = master_class(before).rank
    return [
        c
        for c in CLASSES
        if attains(c, after) and not attains(c, before) and (c.rank > held or _is_klover_star(c))
    ]


@dataclass(frozen=True)
class Walk(Generic[K]):
    holding: Holding
    reached: list[tuple[K, MasterClass]]  # (key of the award that reached it, class)
    master_class: MasterClass


def walk(ledger: Iterable[tuple[K, Colour, Decimal]]) -> Walk[K]:
    """The holding after a ledger in date order, each class reached on the way with
    the key of the award that reached it, and the class held at the end.

    The same as adding the awards one at a time and asking :func:`promotions` after
    each, but only the classes not yet met whose master points are reached are
    looked at (every class asks at least its master points, and more points never
    lose a class), so a season of awards walks quickly.
    """
    totals = {colour: _ZERO for colour in SBF_COLOURS}
    points = _ZERO
    pending = list(_NOT_MET_BY_NOTHING)
    held = _HELD_WITH_NOTHING
    reached: list[tuple[K, MasterClass]] = []
    for key, colour, amount in ledger:
        totals[colour] += amount
        points += amount * MASTER_POINTS_PER_UNIT[colour]
        if not pending or points < pending[0].requirement.master_points:
            continue
        bronze, silver, gold = totals[Colour.BRONZE], totals[Colour.SILVER], totals[Colour.GOLD]
        met = []
        for c in pending:  # by master points: the rest ask for more than there is
            if c.requirement.master_points > points:
                break
            if _best_way(c.requirement, bronze, silver, gold, points) is not None:
                met.append(c)
        if met:
            # As promotions(before, after): the classes met now that rank above the
            # class held, and the Klöver stars, lowest first.
            met_ids = {id(c) for c in met}
            reached.extend(
                (key, c)
                for c in CLASSES
                if id(c) in met_ids and (c.rank > held.rank or _is_klover_star(c))
            )
            held = max((held, *met), key=lambda c: c.rank)
            pending = [c for c in pending if id(c) not in met_ids]
    return Walk(Holding(**{c.value: v for c, v in totals.items()}), reached, held)


_NOT_MET_BY_NOTHING: Final = tuple(
    sorted(
        (c for c in CLASSES if not attains(c, Holding())),
        key=lambda c: c.requirement.master_points,
    )
)


_HELD_WITH_NOTHING: Final = master_class(Holding())


def _least_alone(cls: MasterClass, holding: Holding, colour: Colour) -> Decimal | None:
    """Least whole number of ``colour`` points that, added alone, meets ``cls``."""
    if not attains(cls, holding.plus(colour, _ENOUGH)):
        return None
    if attains(cls, holding):
        return _ZERO
    high = 1
    while not attains(cls, holding.plus(colour, high)):
        high *= 2
    low = high // 2  # known not to attain (or 0)
    while high - low > 1:
        middle = (low + high) // 2
        if attains(cls, holding.plus(colour, middle)):
            high = middle
        else:
            low = middle
    return Decimal(high)


def _amount(value: Decimal, separator: str) -> str:
    """``separator`` " " writes Swedish (1 000, 19,99), "," English (1,000, 19.99)."""
    text = f"{int(value):,}" if value == value.to_integral_value() else f"{value:,.2f}"
    if separator == ",":
        return text
    return text.replace(",", separator).replace(".", ",")


def describe(cls: MasterClass) -> Reason:
    """The requirement of a class in words, e.g. for the member's page."""
    req = cls.requirement
    mp_sv = _amount(req.master_points, " ")
    mp_en = _amount(req.master_points, ",")
    if req.bronze is not None:
        sv = f"{cls.name_sv}: minst {_amount(req.bronze, ' ')} bp (endast bronspoäng räknas)"
        en = f"{cls.name_en}: at least {_amount(req.bronze, ',')} bp (bronze points only)"
        return Reason(TABLE, sv, en)
    colour_sv: list[str] = []
    colour_en: list[str] = []
    if req.silver is not None:
        colour_sv.append(f"{_amount(req.silver, ' ')} sp")
        colour_en.append(f"{_amount(req.silver, ',')} sp")
    if req.gold is not None:
        colour_sv.append(f"{_amount(req.gold, ' ')} gp")
        colour_en.append(f"{_amount(req.gold, ',')} gp")
    sv = f"{cls.name_sv}: minst {mp_sv} mp"
    en = f"{cls.name_en}: at least {mp_en} mp"
    if colour_sv:
        sv += ", varav " + " eller ".join(colour_sv)
        en += ", of which " + " or ".join(colour_en)
    exchange_words = {
        Exchange.NONE: ("", ""),
        Exchange.BRONZE_TO_SILVER: ("20 bp räknas som 1 sp", "20 bp count as 1 sp"),
        Exchange.UP_TO_GOLD: (
            "20 bp räknas som 1 sp och 20 sp som 1 gp",
            "20 bp count as 1 sp and 20 sp as 1 gp",
        ),
        Exchange.NO_GOLD: ("bp/sp får inte växlas till gp", "bp/sp may not be exchanged for gp"),
    }
    words_sv, words_en = exchange_words[req.exchange]
    if words_sv:
        sv += f" ({words_sv})"
        en += f" ({words_en})"
    return Reason(TABLE, sv, en)


def next_class(holding: Holding) -> NextClass:
    """The next step up the ladder and what is missing for it in each colour.

    The steps are the classes above the current one, the starred Klöver classes
    excepted: they are bronze distinctions, not steps towards Rutermästare.
    """
    current = master_class(holding)
    target = next(
        (c for c in CLASSES if c.rank > current.rank and not _is_klover_star(c)),
        None,
    )
    if target is None:
        sv = f"{current.name_sv} är den högsta mästarklassen."
        en = f"{current.name_en} is the highest master class."
        return NextClass(current, None, {}, Reason(TABLE, sv, en))

    missing = {colour: _least_alone(target, holding, colour) for colour in SBF_COLOURS}
    can_sv = [f"{_amount(v, ' ')} {UNIT[c]}" for c, v in missing.items() if v is not None]
    can_en = [f"{_amount(v, ',')} {UNIT[c]}" for c, v in missing.items() if v is not None]
    cannot = [UNIT[c] for c, v in missing.items() if v is None]
    rule = describe(target)
    sv = f"Nästa mästarklass: {rule.sv}. Det saknas {', eller '.join(can_sv)}."
    en = f"Next master class: {rule.en}. Missing: {', or '.join(can_en)}."
    if cannot:
        sv += f" Enbart {' eller '.join(cannot)} räcker inte."
        en += f" {' or '.join(cannot)} alone cannot reach it."
    return NextClass(current, target, missing, Reason(TABLE, sv, en))


# Colours in words, for a sentence a player reads without the abbreviations.
_IN_WORDS: Final = {
    Colour.BRONZE: ("bronspoäng", "bronze points"),
    Colour.SILVER: ("silverpoäng", "silver points"),
    Colour.GOLD: ("guldpoäng", "gold points"),
}


def plain_next_class(upcoming: NextClass) -> Reason:
    """What the next class needs in one sentence: the points still missing in each
    colour that alone reaches it (the table's rule stays in ``upcoming.explanation``)."""
    target = upcoming.target
    if target is None:
        return upcoming.explanation
    ways = [(c, v) for c, v in upcoming.missing.items() if v is not None and v > 0]
    sv = [f"{_amount(v, ' ')} {_IN_WORDS[c][0]}" for c, v in ways]
    en = [
        f"{_amount(v, ',')} more {_IN_WORDS[c][1].removesuffix('s') if v == 1 else _IN_WORDS[c][1]}"
        for c, v in ways
    ]
    return Reason(
        TABLE,
        f"Till {target.name_sv.lower()} saknar du {_one_of(sv, 'eller')}.",
        f"For {target.name_en} you need {_one_of(en, 'or')}.",
    )


def _one_of(items: list[str], word: str) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} {word} {items[-1]}"


def progress(upcoming: NextClass, holding: Holding) -> Decimal:
    """How far towards the next class, from 0 to 1, for a progress bar: the smaller of
    the master points held of those the class asks for and, where it asks for silver or
    gold, the points of that colour held of those asked (the better of the two), with no
    exchange counted. The sentence of ``plain_next_class`` is exact; the bar only shows
    the way (docs/master-classes-and-ranking.md, "On the start page")."""
    target = upcoming.target
    if target is None:
        return Decimal(1)
    req = target.requirement

    def share(held: Decimal, needed: Decimal | None) -> Decimal:
        return Decimal(1) if not needed else min(Decimal(1), held / needed)

    shares = [share(holding.master_points, req.master_points)]
    if req.bronze is not None:
        shares.append(share(holding.bronze, req.bronze))
    if req.silver is not None or req.gold is not None:
        colour = [share(holding.silver, req.silver)] if req.silver is not None else []
        colour += [share(holding.gold, req.gold)] if req.gold is not None else []
        shares.append(max(colour))
    reached = min(shares)
    # A bar must not look full while the sentence still asks for points.
    return min(reached, Decimal("0.99")) if any(upcoming.missing.values()) else reached
