"""Contracts, results and boards: the notation every scoring module reads.

Sources: seed ``004_058b41174697c9d9.txt``, "Scoring elements", "Example results
for a sixteen board match" and "8-level bids"; the Laws of Duplicate Bridge,
Law 2. The accepted notation: docs/scoring.md, "1. Contracts and results notation".
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import Final

MIN_LEVEL: Final = 1
MAX_LEVEL: Final = 7
MAX_TRICKS: Final = 13
BOOK: Final = 6


class Strain(Enum):
    """Denomination of a contract; value is the ASCII letter(s) used in print."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"
    NOTRUMP = "NT"

    @property
    def symbol(self) -> str:
        return _STRAIN_SYMBOL[self]

    @property
    def is_minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)

    @property
    def is_major(self) -> bool:
        return self in (Strain.HEARTS, Strain.SPADES)


_STRAIN_SYMBOL: Final[dict[Strain, str]] = {
    Strain.CLUBS: "♣",
    Strain.DIAMONDS: "♦",
    Strain.HEARTS: "♥",
    Strain.SPADES: "♠",
    Strain.NOTRUMP: "NT",
}

# Both the black and the white glyphs occur in pasted results.
_STRAIN_BY_TEXT: Final[dict[str, Strain]] = {
    "C": Strain.CLUBS,
    "♣": Strain.CLUBS,
    "♧": Strain.CLUBS,
    "D": Strain.DIAMONDS,
    "♦": Strain.DIAMONDS,
    "♢": Strain.DIAMONDS,
    "H": Strain.HEARTS,
    "♥": Strain.HEARTS,
    "♡": Strain.HEARTS,
    "S": Strain.SPADES,
    "♠": Strain.SPADES,
    "♤": Strain.SPADES,
    "N": Strain.NOTRUMP,
    "NT": Strain.NOTRUMP,
}


class Doubling(Enum):
    """Undoubled, doubled or redoubled; value is the suffix used in print."""

    UNDOUBLED = ""
    DOUBLED = "X"
    REDOUBLED = "XX"


class Side(Enum):
    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Side:
        return Side.EW if self is Side.NS else Side.NS


class Seat(Enum):
    NORTH = "N"
    EAST = "E"
    SOUTH = "S"
    WEST = "W"

    @property
    def side(self) -> Side:
        return Side.NS if self in (Seat.NORTH, Seat.SOUTH) else Side.EW

    def next(self, steps: int = 1) -> Seat:
        """The seat ``steps`` places clockwise (the next dealer for ``steps=1``)."""
        return _SEATS_CLOCKWISE[(_SEATS_CLOCKWISE.index(self) + steps) % 4]


_SEATS_CLOCKWISE: Final[tuple[Seat, ...]] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)

_SEAT_BY_TEXT: Final[dict[str, Seat]] = {
    "N": Seat.NORTH,
    "NORTH": Seat.NORTH,
    "E": Seat.EAST,
    "EAST": Seat.EAST,
    "S": Seat.SOUTH,
    "SOUTH": Seat.SOUTH,
    "W": Seat.WEST,
    "WEST": Seat.WEST,
}


class Vulnerability(Enum):
    """Vulnerability of a board (both sides' state at once)."""

    NONE = "None"
    NS = "NS"
    EW = "EW"
    BOTH = "Both"

    def is_vulnerable(self, who: Side | Seat) -> bool:
        side = who.side if isinstance(who, Seat) else who
        if self is Vulnerability.BOTH:
            return True
        if self is Vulnerability.NONE:
            return False
        return (self is Vulnerability.NS) == (side is Side.NS)

    @classmethod
    def of(cls, ns_vulnerable: bool, ew_vulnerable: bool) -> Vulnerability:
        if ns_vulnerable and ew_vulnerable:
            return cls.BOTH
        if ns_vulnerable:
            return cls.NS
        if ew_vulnerable:
            return cls.EW
        return cls.NONE


# Spellings seen on score sheets and in exports from club scoring programs.
_VULNERABILITY_BY_TEXT: Final[dict[str, Vulnerability]] = {
    "NONE": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "O": Vulnerability.NONE,
    "LOVE": Vulnerability.NONE,
    "NEITHER": Vulnerability.NONE,
    "NIL": Vulnerability.NONE,
    "NS": Vulnerability.NS,
    "N-S": Vulnerability.NS,
    "N/S": Vulnerability.NS,
    "NORTH-SOUTH": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "E-W": Vulnerability.EW,
    "E/W": Vulnerability.EW,
    "EAST-WEST": Vulnerability.EW,
    "BOTH": Vulnerability.BOTH,
    "ALL": Vulnerability.BOTH,
    "B": Vulnerability.BOTH,
}


@dataclass(frozen=True, slots=True)
class Contract:
    """A contract of ``level`` odd tricks (1-7) in ``strain``.

    ``row`` is a derived index (0-104) that lets the deal scorer look the score
    up instead of recomputing it; it takes no part in equality.
    """

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED
    row: int = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if type(self.level) is not int or not MIN_LEVEL <= self.level <= MAX_LEVEL:
            raise ValueError(
                f"impossible contract level {self.level!r}: a contract is for 1 to 7 odd tricks"
            )
        if not isinstance(self.strain, Strain):
            raise ValueError(f"unknown strain {self.strain!r}")
        if not isinstance(self.doubling, Doubling):
            raise ValueError(f"unknown doubling {self.doubling!r}")
        object.__setattr__(
            self,
            "row",
            ((self.level - 1) * len(_STRAIN_ORDER) + _STRAIN_ORDER[self.strain])
            * len(_DOUBLING_ORDER)
            + _DOUBLING_ORDER[self.doubling],
        )

    @property
    def tricks_needed(self) -> int:
        return self.level + BOOK

    def __str__(self) -> str:
        return format_contract(self)


_STRAIN_ORDER: Final[dict[Strain, int]] = {strain: i for i, strain in enumerate(Strain)}
_DOUBLING_ORDER: Final[dict[Doubling, int]] = {d: i for i, d in enumerate(Doubling)}
CONTRACT_ROWS: Final = (MAX_LEVEL - MIN_LEVEL + 1) * len(Strain) * len(Doubling)


@dataclass(frozen=True, slots=True)
class PassedOut:
    """A board on which all four players passed: no contract, score 0."""

    def __str__(self) -> str:
        return "Pass"


PASS: Final = PassedOut()

_PASS_WORDS: Final = frozenset({"PASS", "P", "PASSED", "PASSED OUT", "PASSEDOUT", "PO", "AP"})

_CONTRACT_RE: Final = re.compile(
    r"""^\s*
    (?P<level>\d+)\s*
    (?P<strain>NT|[CDHSN♣♦♥♠♧♢♡♤])\s*
    (?P<doubling>(?:[X*]\s*){0,2})
    \s*$""",
    re.VERBOSE,
)


def parse_contract(text: str | Contract | PassedOut) -> Contract | PassedOut:
    """Read ``4S``, ``4♠ X``, ``3NTXX``, ``7n``, ``Pass`` ... into a value.

    A parsed value is returned unchanged, so callers may pass either form.
    """
    if isinstance(text, Contract | PassedOut):
        return text
    if not isinstance(text, str):
        raise ValueError(f"contract must be text or a Contract, got {text!r}")
    return _parse_contract_text(text)


# Results files repeat the same few hundred spellings; caching the parse makes
# scoring from text nearly as fast as scoring parsed values.
@lru_cache(maxsize=4096)
def _parse_contract_text(text: str) -> Contract | PassedOut:
    normalised = text.strip().upper()
    if " ".join(normalised.split()) in _PASS_WORDS:
        return PASS
    match = _CONTRACT_RE.match(normalised)
    if match is None:
        raise ValueError(f"unreadable contract {text!r}")
    level = int(match["level"])
    if not MIN_LEVEL <= level <= MAX_LEVEL:
        raise ValueError(
            f"impossible contract {text!r}: level {level} is outside 1-7 "
            "(Laws: no contract for more than thirteen tricks)"
        )
    marks = len(match["doubling"].replace(" ", ""))
    doubling = (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED)[marks]
    return Contract(level, _STRAIN_BY_TEXT[match["strain"]], doubling)


def format_contract(contract: Contract | PassedOut, *, symbols: bool = False) -> str:
    """``4SX`` / ``3NTXX`` / ``Pass``; with ``symbols=True`` ``4♠X``."""
    if isinstance(contract, PassedOut):
        return "Pass"
    strain = contract.strain.symbol if symbols else contract.strain.value
    return f"{contract.level}{strain}{contract.doubling.value}"


def parse_seat(text: str | Seat) -> Seat:
    """``N``/``North`` ... (any case) into a :class:`Seat`."""
    if isinstance(text, Seat):
        return text
    if isinstance(text, str):
        seat = _SEAT_BY_TEXT.get(text.strip().upper())
        if seat is not None:
            return seat
    raise ValueError(f"unknown declarer/seat {text!r}: expected N, E, S or W")


def parse_vulnerability(text: str | Vulnerability) -> Vulnerability:
    """``None``/``-``/``Love``, ``NS``/``N-S``, ``EW``/``E-W``, ``Both``/``All``."""
    if isinstance(text, Vulnerability):
        return text
    if isinstance(text, str):
        key = text.strip().upper().replace(" ", "")
        found = _VULNERABILITY_BY_TEXT.get(key)
        if found is not None:
            return found
    raise ValueError(f"unknown vulnerability {text!r}: expected None, NS, EW or Both")


def check_tricks(tricks: int) -> int:
    """Tricks taken by declarer must be a whole number 0-13."""
    if type(tricks) is not int or not 0 <= tricks <= MAX_TRICKS:
        raise ValueError(f"impossible number of tricks {tricks!r}: expected 0-13 taken")
    return tricks


_RESULT_RE: Final = re.compile(r"^(?:(?P<equal>=)|(?P<sign>[+-])\s*(?P<diff>\d+)|(?P<taken>\d+))$")


def parse_result(text: str | int, contract: Contract | PassedOut) -> int:
    """Tricks taken by declarer from ``=``, ``+1``, ``-2`` or ``9`` (taken).

    An int is read as tricks taken. On a passed-out board only ``0``/``=``
    make sense and both give 0.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        return check_tricks(text)
    if not isinstance(text, str):
        raise ValueError(f"unreadable result {text!r}")
    cleaned = text.strip().replace("−", "-").replace("–", "-")
    match = _RESULT_RE.match(cleaned)
    if match is None:
        raise ValueError(f"unreadable result {text!r}: expected =, +n, -n or tricks 0-13")
    if match["taken"] is not None:
        taken = int(match["taken"])
        if taken > MAX_TRICKS:
            raise ValueError(f"impossible result {text!r}: at most 13 tricks can be taken")
        return taken
    if isinstance(contract, PassedOut):
        if match["equal"] is not None:
            return 0
        raise ValueError(f"result {text!r} given for a passed-out board")
    if match["equal"] is not None:
        return contract.tricks_needed
    diff = int(match["diff"])
    if diff == 0:
        raise ValueError(f"unreadable result {text!r}: write '=' for a contract made exactly")
    taken = contract.tricks_needed + diff if match["sign"] == "+" else contract.tricks_needed - diff
    if not 0 <= taken <= MAX_TRICKS:
        raise ValueError(
            f"impossible result {text!r} for {format_contract(contract)}: "
            f"it means {taken} tricks taken"
        )
    return taken


def format_result(contract: Contract | PassedOut, tricks: int) -> str:
    """Relative notation: ``=``, ``+1``, ``-2`` (``""`` for a passed-out board)."""
    check_tricks(tricks)
    if isinstance(contract, PassedOut):
        return ""
    diff = tricks - contract.tricks_needed
    if diff == 0:
        return "="
    return f"{diff:+d}"


@dataclass(frozen=True, slots=True)
class DealResult:
    """What was played at one table: contract, declarer and tricks taken."""

    contract: Contract | PassedOut
    declarer: Seat | None
    tricks: int

    def __post_init__(self) -> None:
        check_tricks(self.tricks)
        if isinstance(self.contract, PassedOut):
            if self.declarer is not None or self.tricks != 0:
                raise ValueError("a passed-out board has no declarer and no tricks")
        elif not isinstance(self.declarer, Seat):
            raise ValueError(f"unknown declarer {self.declarer!r}")

    def __str__(self) -> str:
        return format_deal(self)


_DEAL_RE: Final = re.compile(
    r"^(?P<contract>.+?)\s+(?:BY\s+)?(?P<declarer>NORTH|EAST|SOUTH|WEST|[NESW])\s*(?P<result>\S+)$"
)


def parse_deal(text: str) -> DealResult:
    """Read ``4SX N -2``, ``3NT S =``, ``4♥ X X W 10``, ``2D by E +1`` or ``Pass``."""
    if not isinstance(text, str):
        raise ValueError(f"unreadable deal {text!r}")
    if " ".join(text.strip().upper().split()) in _PASS_WORDS:
        return DealResult(PASS, None, 0)
    match = _DEAL_RE.match(text.strip().upper().replace("−", "-"))
    if match is None:
        raise ValueError(f"unreadable deal {text!r}: expected contract, declarer, result")
    contract = parse_contract(match["contract"])
    if isinstance(contract, PassedOut):
        raise ValueError(f"unreadable deal {text!r}: a passed-out board has no declarer")
    tricks = parse_result(match["result"], contract)
    return DealResult(contract, parse_seat(match["declarer"]), tricks)


def format_deal(deal: DealResult, *, symbols: bool = False) -> str:
    """``4SX N -2``; ``Pass`` for a passed-out board."""
    if isinstance(deal.contract, PassedOut) or deal.declarer is None:
        return "Pass"
    contract = format_contract(deal.contract, symbols=symbols)
    return f"{contract} {deal.declarer.value} {format_result(deal.contract, deal.tricks)}"


# Law 2 / seed 004 16-board table: dealer rotates N, E, S, W with the board
# number; vulnerability follows this fixed 16-board pattern (board 1 first).
BOARD_CYCLE: Final = 16
_VULNERABILITY_CYCLE: Final[tuple[Vulnerability, ...]] = (
    Vulnerability.NONE,  # 1
    Vulnerability.NS,  # 2
    Vulnerability.EW,  # 3
    Vulnerability.BOTH,  # 4
    Vulnerability.NS,  # 5
    Vulnerability.EW,  # 6
    Vulnerability.BOTH,  # 7
    Vulnerability.NONE,  # 8
    Vulnerability.EW,  # 9
    Vulnerability.BOTH,  # 10
    Vulnerability.NONE,  # 11
    Vulnerability.NS,  # 12
    Vulnerability.BOTH,  # 13
    Vulnerability.NONE,  # 14
    Vulnerability.NS,  # 15
    Vulnerability.EW,  # 16
)


def _check_board(board: int) -> int:
    if type(board) is not int or board < 1:
        raise ValueError(f"impossible board number {board!r}: boards are numbered from 1")
    return board


def board_dealer(board: int) -> Seat:
    """Dealer of ``board`` (1 → N, 2 → E, 3 → S, 4 → W, 5 → N ...)."""
    return _SEATS_CLOCKWISE[(_check_board(board) - 1) % 4]


def board_vulnerability(board: int) -> Vulnerability:
    """Vulnerability of ``board`` in the standard 16-board cycle, repeating."""
    return _VULNERABILITY_CYCLE[(_check_board(board) - 1) % BOARD_CYCLE]
