"""Rubber bridge score sheet and Chicago (four-deal bridge).

Sources: seed ``004_058b41174697c9d9.txt``, "Rubber bonus", "Honor bonus or
honors", "Game or part-game bonus (Chicago)" and "An example rubber"; the Laws
of Contract Bridge, Chicago appendix. Readings and decisions: docs/scoring.md,
"3. Rubber bridge" and "4. Chicago".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from tournaments.domain.contract import (
    Contract,
    PassedOut,
    Seat,
    Side,
    Strain,
    Vulnerability,
    parse_contract,
    parse_result,
    parse_seat,
)
from tournaments.domain.deal_score import GAME_BONUS, GAME_THRESHOLD, score_breakdown

# Seed 004 "Rubber bonus".
RUBBER_BONUS_FAST: Final = 700  # opponents have no game
RUBBER_BONUS_SLOW: Final = 500  # opponents have one game
UNFINISHED_GAME_BONUS: Final = 300
UNFINISHED_PART_SCORE_BONUS: Final = 100
GAMES_FOR_RUBBER: Final = 2

# Seed 004 "Honor bonus or honors": 100 for four of the five trump honours in
# one hand; 150 for all five, or all four aces in notrump.
HONOURS_FOUR: Final = 100
HONOURS_FIVE_OR_FOUR_ACES: Final = 150

# Seed 004 "Game or part-game bonus (Chicago)".
CHICAGO_DEALS: Final = 4
CHICAGO_PART_SCORE_BONUS: Final = 100


class Item(Enum):
    """What a line on the score sheet is for."""

    CONTRACT = "contract points"
    OVERTRICKS = "overtrick points"
    SLAM = "slam bonus"
    INSULT = "(re)doubled bonus"
    PENALTY = "penalty points"
    HONOURS = "honours"
    RUBBER_BONUS = "rubber bonus"
    UNFINISHED_GAME = "unfinished rubber: game"
    UNFINISHED_PART_SCORE = "unfinished rubber: part-score"
    GAME_BONUS = "game bonus"
    PART_SCORE_BONUS = "part-score bonus"


@dataclass(frozen=True, slots=True)
class SheetEntry:
    """One line written on the sheet.

    ``deal`` is the deal's number (1-based; the Chicago deal number 1-4 in
    Chicago) or ``None`` for the end-of-rubber bonuses. ``below`` is True for
    points written below the line (contract points only). ``game`` is the
    number of the game being played when the entry was written.
    """

    deal: int | None
    side: Side
    item: Item
    points: int
    below: bool
    game: int


@dataclass(frozen=True, slots=True)
class Honours:
    """Honours held in one hand: 100 (four trump honours) or 150."""

    side: Side
    points: int

    def __post_init__(self) -> None:
        if not isinstance(self.side, Side):
            raise ValueError(f"unknown side for honours {self.side!r}: expected NS or EW")
        if self.points not in (HONOURS_FOUR, HONOURS_FIVE_OR_FOUR_ACES):
            raise ValueError(f"impossible honours {self.points!r}: expected 100 or 150")


def _parse_side(text: str | Side | Seat) -> Side:
    if isinstance(text, Side):
        return text
    if isinstance(text, Seat):
        return text.side
    if isinstance(text, str):
        key = text.strip().upper().replace("-", "").replace("/", "")
        if key in ("NS", "EW"):
            return Side(key)
        if key in ("N", "E", "S", "W", "NORTH", "EAST", "SOUTH", "WEST"):
            return parse_seat(key).side
    raise ValueError(f"unknown side {text!r}: expected NS or EW")


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """A deal of rubber bridge or Chicago as it goes on the sheet."""

    contract: Contract | PassedOut
    declarer: Seat | None
    tricks: int
    honours: Honours | None = None

    def __post_init__(self) -> None:
        if isinstance(self.contract, PassedOut):
            if self.declarer is not None or self.honours is not None:
                raise ValueError("a passed-out deal has no declarer and no honours")
            return
        if not isinstance(self.contract, Contract):
            raise ValueError(f"unknown contract {self.contract!r}")
        if not isinstance(self.declarer, Seat):
            raise ValueError(f"unknown declarer {self.declarer!r}")
        parse_result(self.tricks, self.contract)
        if (
            self.honours is not None
            and self.contract.strain is Strain.NOTRUMP
            and self.honours.points != HONOURS_FIVE_OR_FOUR_ACES
        ):
            raise ValueError(
                f"honours of {self.honours.points} in notrump: only four aces (150) count"
            )

    @classmethod
    def of(
        cls,
        contract: str | Contract | PassedOut,
        declarer: str | Seat | None = None,
        tricks: int | str = 0,
        honours: Honours | tuple[str | Side | Seat, int] | None = None,
    ) -> PlayedDeal:
        """Build from notation: ``PlayedDeal.of("4SX", "S", "+1", ("NS", 100))``."""
        parsed = parse_contract(contract)
        if isinstance(parsed, PassedOut):
            return cls(parsed, None, 0, None if honours is None else _honours(honours))
        seat = parse_seat(declarer) if declarer is not None else None
        return cls(parsed, seat, parse_result(tricks, parsed), _honours(honours))


def _honours(value: Honours | tuple[str | Side | Seat, int] | None) -> Honours | None:
    if value is None or isinstance(value, Honours):
        return value
    side, points = value
    return Honours(_parse_side(side), points)


@dataclass(frozen=True, slots=True)
class Sheet:
    """A filled score sheet (rubber or Chicago)."""

    entries: tuple[SheetEntry, ...]
    vulnerability: tuple[Vulnerability, ...]
    """Vulnerability in force for each deal given, in order."""
    complete: bool
    """Rubber: a side won two games. Chicago: four deals were played."""

    def above(self, side: Side) -> int:
        return sum(e.points for e in self.entries if e.side is side and not e.below)

    def below(self, side: Side) -> int:
        return sum(e.points for e in self.entries if e.side is side and e.below)

    def total(self, side: Side) -> int:
        return self.above(side) + self.below(side)

    def deal_total(self, deal: int, side: Side) -> int:
        return sum(e.points for e in self.entries if e.deal == deal and e.side is side)

    @property
    def winner(self) -> Side | None:
        """The side with more points (None on equal totals)."""
        ns, ew = self.total(Side.NS), self.total(Side.EW)
        if ns == ew:
            return None
        return Side.NS if ns > ew else Side.EW

    @property
    def margin(self) -> int:
        return abs(self.total(Side.NS) - self.total(Side.EW))


@dataclass(frozen=True, slots=True)
class RubberSheet(Sheet):
    game_winners: tuple[Side, ...] = ()
    """Winner of each completed game, in order."""


def _deal_entries(
    number: int, deal: PlayedDeal, vulnerable: dict[Side, bool], game: int
) -> tuple[list[SheetEntry], int]:
    """Entries common to rubber and Chicago, and the contract points won below."""
    entries: list[SheetEntry] = []
    if deal.honours is not None:
        entries.append(
            SheetEntry(number, deal.honours.side, Item.HONOURS, deal.honours.points, False, game)
        )
    if isinstance(deal.contract, PassedOut) or deal.declarer is None:
        return entries, 0
    side = deal.declarer.side
    parts = score_breakdown(deal.contract, vulnerable[side], deal.tricks)
    if not parts.made:
        entries.append(SheetEntry(number, side.other, Item.PENALTY, parts.penalty, False, game))
        return entries, 0
    entries.append(SheetEntry(number, side, Item.CONTRACT, parts.contract_points, True, game))
    for item, points in (
        (Item.OVERTRICKS, parts.overtrick_points),
        (Item.SLAM, parts.slam_bonus),
        (Item.INSULT, parts.insult_bonus),
    ):
        if points:
            entries.append(SheetEntry(number, side, item, points, False, game))
    return entries, parts.contract_points


def _as_deals(deals: Iterable[PlayedDeal]) -> list[PlayedDeal]:
    result = list(deals)
    for i, deal in enumerate(result, 1):
        if not isinstance(deal, PlayedDeal):
            raise ValueError(f"deal {i} is not a PlayedDeal: {deal!r}")
    return result


def score_rubber(deals: Iterable[PlayedDeal], *, ended: bool = True) -> RubberSheet:
    """Fill a rubber bridge score sheet from the deals in playing order.

    Vulnerability follows the rubber (a side with a game is vulnerable).
    With ``ended`` (the default) an unfinished rubber gets the unfinished
    bonuses; with ``ended=False`` the sheet is a rubber still in progress.
    A deal after the rubber is complete is an error.
    """
    games = {Side.NS: 0, Side.EW: 0}
    part_scores = {Side.NS: 0, Side.EW: 0}
    game_winners: list[Side] = []
    entries: list[SheetEntry] = []
    vulnerabilities: list[Vulnerability] = []
    complete = False
    for number, deal in enumerate(_as_deals(deals), 1):
        if complete:
            raise ValueError(f"deal {number} comes after the rubber was won")
        vulnerable = {side: games[side] > 0 for side in Side}
        vulnerabilities.append(Vulnerability.of(vulnerable[Side.NS], vulnerable[Side.EW]))
        game = len(game_winners) + 1
        new_entries, below = _deal_entries(number, deal, vulnerable, game)
        entries.extend(new_entries)
        if not below or deal.declarer is None:
            continue
        side = deal.declarer.side
        part_scores[side] += below
        if part_scores[side] < GAME_THRESHOLD:
            continue
        games[side] += 1
        game_winners.append(side)
        # A game ends the game for both: the losers' part-score is cut off.
        part_scores = {Side.NS: 0, Side.EW: 0}
        if games[side] == GAMES_FOR_RUBBER:
            complete = True
            bonus = RUBBER_BONUS_FAST if games[side.other] == 0 else RUBBER_BONUS_SLOW
            entries.append(SheetEntry(None, side, Item.RUBBER_BONUS, bonus, False, game))
    if not complete and ended:
        game = len(game_winners) + 1
        with_game = [side for side in Side if games[side] > 0]
        if len(with_game) == 1:
            entries.append(
                SheetEntry(
                    None, with_game[0], Item.UNFINISHED_GAME, UNFINISHED_GAME_BONUS, False, game
                )
            )
        with_part = [side for side in Side if part_scores[side] > 0]
        if len(with_part) == 1:
            entries.append(
                SheetEntry(
                    None,
                    with_part[0],
                    Item.UNFINISHED_PART_SCORE,
                    UNFINISHED_PART_SCORE_BONUS,
                    False,
                    game,
                )
            )
    return RubberSheet(
        entries=tuple(entries),
        vulnerability=tuple(vulnerabilities),
        complete=complete,
        game_winners=tuple(game_winners),
    )


def chicago_vulnerability(deal_number: int, dealer: Seat) -> Vulnerability:
    """Deal 1: none; deals 2 and 3: the dealer's side; deal 4: both."""
    if type(deal_number) is not int or not 1 <= deal_number <= CHICAGO_DEALS:
        raise ValueError(f"impossible Chicago deal number {deal_number!r}: expected 1-4")
    if deal_number == 1:
        return Vulnerability.NONE
    if deal_number == CHICAGO_DEALS:
        return Vulnerability.BOTH
    return Vulnerability.NS if dealer.side is Side.NS else Vulnerability.EW


@dataclass(frozen=True, slots=True)
class ChicagoSheet(Sheet):
    deal_numbers: tuple[int, ...] = ()
    """Chicago deal number (1-4) of each deal given; a passed-out deal keeps
    the number of the deal it replaces (it is redealt)."""
    dealers: tuple[Seat, ...] = ()


def score_chicago(deals: Sequence[PlayedDeal], *, first_dealer: Seat = Seat.NORTH) -> ChicagoSheet:
    """Score one Chicago (four deals) in playing order.

    Passed-out deals are redealt by the same dealer and do not count towards
    the four. Fewer than four counted deals give an unfinished Chicago
    (``complete`` False); more is an error.
    """
    if not isinstance(first_dealer, Seat):
        raise ValueError(f"unknown first dealer {first_dealer!r}")
    part_scores = {Side.NS: 0, Side.EW: 0}
    entries: list[SheetEntry] = []
    vulnerabilities: list[Vulnerability] = []
    numbers: list[int] = []
    dealers: list[Seat] = []
    deal_number = 1
    games = 0
    for position, deal in enumerate(_as_deals(deals), 1):
        if deal_number > CHICAGO_DEALS:
            raise ValueError(f"deal {position} is a fifth deal: a Chicago has four")
        dealer = first_dealer.next(deal_number - 1)
        vul = chicago_vulnerability(deal_number, dealer)
        vulnerable = {side: vul.is_vulnerable(side) for side in Side}
        vulnerabilities.append(vul)
        numbers.append(deal_number)
        dealers.append(dealer)
        new_entries, below = _deal_entries(deal_number, deal, vulnerable, games + 1)
        entries.extend(new_entries)
        if isinstance(deal.contract, PassedOut) or deal.declarer is None:
            continue
        if below:
            side = deal.declarer.side
            part_scores[side] += below
            if part_scores[side] >= GAME_THRESHOLD:
                entries.append(
                    SheetEntry(
                        deal_number,
                        side,
                        Item.GAME_BONUS,
                        GAME_BONUS[vulnerable[side]],
                        False,
                        games + 1,
                    )
                )
                games += 1
                part_scores = {Side.NS: 0, Side.EW: 0}
            elif deal_number == CHICAGO_DEALS:
                entries.append(
                    SheetEntry(
                        deal_number,
                        side,
                        Item.PART_SCORE_BONUS,
                        CHICAGO_PART_SCORE_BONUS,
                        False,
                        games + 1,
                    )
                )
        deal_number += 1
    return ChicagoSheet(
        entries=tuple(entries),
        vulnerability=tuple(vulnerabilities),
        complete=deal_number > CHICAGO_DEALS,
        deal_numbers=tuple(numbers),
        dealers=tuple(dealers),
    )
