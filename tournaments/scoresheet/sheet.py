"""The score sheet as the page shows it: the domain's entries (``score_rubber``,
``score_chicago``) arranged in "We" and "They" columns, above and below the line,
with the running total after every deal and the rule of every number."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import zip_longest

from django.utils.translation import gettext as _

from tournaments.domain.contract import (
    PassedOut,
    Seat,
    Side,
    Vulnerability,
    format_contract,
    format_result,
)
from tournaments.domain.rubber import (
    CHICAGO_DEALS,
    Item,
    PlayedDeal,
    SheetEntry,
    chicago_vulnerability,
    score_chicago,
    score_rubber,
)

from .forms import CHICAGO
from .legend import RULES, Rule


def vulnerability_label(vulnerability: Vulnerability | None) -> str:
    labels = {
        Vulnerability.NONE: _("nobody"),
        Vulnerability.NS: _("N–S"),
        Vulnerability.EW: _("E–W"),
        Vulnerability.BOTH: _("both sides"),
    }
    return labels[vulnerability] if vulnerability is not None else ""


def seat_label(seat: Seat | None) -> str:
    labels = {
        Seat.NORTH: _("North"),
        Seat.EAST: _("East"),
        Seat.SOUTH: _("South"),
        Seat.WEST: _("West"),
    }
    return labels[seat] if seat is not None else ""


class SheetRefused(Exception):
    """A deal the sheet cannot take; ``row`` is the row on the page (1-based)."""

    def __init__(self, row: int, message: str) -> None:
        super().__init__(message)
        self.row = row
        self.message = message


@dataclass(frozen=True)
class Mark:
    """One number written on the sheet."""

    points: int
    rule: Rule
    we: bool
    below: bool
    game: int


@dataclass
class DealLine:
    row: int
    number: int
    """The deal's number: its place in the rubber, or 1-4 in a Chicago."""
    dealer: Seat | None
    vulnerability: Vulnerability
    contract: str
    declarer: str
    result: str
    passed_out: bool
    marks: list[Mark] = field(default_factory=list)
    we_total: int = 0
    they_total: int = 0
    game_won_by_we: bool | None = None

    @property
    def vulnerability_label(self) -> str:
        return vulnerability_label(self.vulnerability)

    @property
    def dealer_label(self) -> str:
        return seat_label(self.dealer)

    @property
    def we_marks(self) -> list[Mark]:
        return [mark for mark in self.marks if mark.we]

    @property
    def they_marks(self) -> list[Mark]:
        return [mark for mark in self.marks if not mark.we]


@dataclass
class Game:
    """The contract points of one game, below the line."""

    number: int
    we: list[Mark]
    they: list[Mark]
    won_by_we: bool | None
    """None while the game is being played."""

    @property
    def rows(self) -> list[tuple[Mark | None, Mark | None]]:
        """The game's contract points as written, top down; one empty row for a game
        nobody has scored in yet."""
        rows: list[tuple[Mark | None, Mark | None]] = list(zip_longest(self.we, self.they))
        return rows or [(None, None)]


@dataclass
class ScoreSheet:
    game: str
    we_side: Side
    lines: list[DealLine]
    closing: list[Mark]
    above_we: list[Mark]
    above_they: list[Mark]
    games: list[Game]
    we_total: int
    they_total: int
    complete: bool
    next_number: int | None
    next_dealer: Seat | None
    next_vulnerability: Vulnerability | None
    games_we: int
    games_they: int

    @property
    def next_vulnerability_label(self) -> str:
        return vulnerability_label(self.next_vulnerability)

    @property
    def next_dealer_label(self) -> str:
        return seat_label(self.next_dealer)

    @property
    def margin(self) -> int:
        return abs(self.we_total - self.they_total)

    @property
    def they_side(self) -> Side:
        return self.we_side.other

    @property
    def rows_above(self) -> list[tuple[Mark | None, Mark | None]]:
        """Above the line, read upwards from the line as a sheet is written: the
        top row is the latest; the shorter column is padded at the top."""
        height = max(len(self.above_we), len(self.above_they))
        we = [None] * (height - len(self.above_we)) + list(reversed(self.above_we))
        they = [None] * (height - len(self.above_they)) + list(reversed(self.above_they))
        return list(zip(we, they, strict=True))

    @property
    def winner_is_we(self) -> bool | None:
        if self.we_total == self.they_total:
            return None
        return self.we_total > self.they_total


@dataclass(frozen=True)
class CycleDeal:
    number: int
    dealer: Seat
    vulnerability: Vulnerability

    @property
    def dealer_label(self) -> str:
        return seat_label(self.dealer)

    @property
    def vulnerability_label(self) -> str:
        return vulnerability_label(self.vulnerability)


def chicago_cycle(first_dealer: Seat) -> list[CycleDeal]:
    """The four deals of a Chicago: number, dealer, vulnerability."""
    deals = []
    for number in range(1, CHICAGO_DEALS + 1):
        dealer = first_dealer.next(number - 1)
        deals.append(CycleDeal(number, dealer, chicago_vulnerability(number, dealer)))
    return deals


def _check_length(game: str, deals: list[tuple[int, PlayedDeal]]) -> None:
    """Refuse, with the row, a deal after the rubber was won or a fifth Chicago deal."""
    if game == CHICAGO:
        counted = 0
        for row, deal in deals:
            if counted == CHICAGO_DEALS:
                raise SheetRefused(
                    row,
                    _("a Chicago has four deals and this would be a fifth: start a new Chicago."),
                )
            if not isinstance(deal.contract, PassedOut):
                counted += 1
        return
    played: list[PlayedDeal] = []
    for row, deal in deals:
        if played and score_rubber(played, ended=False).complete:
            raise SheetRefused(
                row, _("the rubber was already won at the deal before: start a new rubber.")
            )
        played.append(deal)


def score_sheet(
    game: str,
    deals: list[tuple[int, PlayedDeal]],
    *,
    we: Side = Side.NS,
    first_dealer: Seat = Seat.NORTH,
    ended: bool = False,
) -> ScoreSheet:
    """Score the deals (row on the page, deal) and lay the sheet out."""
    _check_length(game, deals)
    played = [deal for _row, deal in deals]
    if game == CHICAGO:
        chicago = score_chicago(played, first_dealer=first_dealer)
        entries, vulnerability, complete = chicago.entries, chicago.vulnerability, chicago.complete
        numbers = list(chicago.deal_numbers)
        dealers: list[Seat | None] = list(chicago.dealers)
        # Chicago entries carry the deal's number 1-4; a passed-out deal writes nothing.
        position_of = {
            number: i
            for i, number in enumerate(numbers)
            if not isinstance(played[i].contract, PassedOut)
        }
    else:
        rubber = score_rubber(played, ended=ended)
        entries, vulnerability, complete = rubber.entries, rubber.vulnerability, rubber.complete
        numbers = list(range(1, len(played) + 1))
        dealers = [None] * len(played)
        position_of = {number: number - 1 for number in numbers}

    lines = [
        _line(row, numbers[i], dealers[i], vulnerability[i], deal)
        for i, (row, deal) in enumerate(deals)
    ]
    closing: list[Mark] = []
    for entry in entries:
        mark = _mark(entry, we)
        if entry.deal is None:
            closing.append(mark)
        else:
            lines[position_of[entry.deal]].marks.append(mark)

    we_total = they_total = 0
    for line in lines:
        we_total += sum(mark.points for mark in line.we_marks)
        they_total += sum(mark.points for mark in line.they_marks)
        line.we_total, line.they_total = we_total, they_total
    we_total += sum(mark.points for mark in closing if mark.we)
    they_total += sum(mark.points for mark in closing if not mark.we)

    winners = _game_winners(game, entries, we, rubber.game_winners if game != CHICAGO else ())
    for line in lines:
        below = [mark for mark in line.marks if mark.below]
        if below and below[0].game <= len(winners) and _last_below(lines, below[0].game) is line:
            line.game_won_by_we = winners[below[0].game - 1]

    all_marks = [mark for line in lines for mark in line.marks] + closing
    current = len(winners) + (0 if complete and game != CHICAGO else 1)
    games = [
        Game(
            number,
            [m for m in all_marks if m.below and m.we and m.game == number],
            [m for m in all_marks if m.below and not m.we and m.game == number],
            winners[number - 1] if number <= len(winners) else None,
        )
        for number in range(1, max(current, 1) + 1)
    ]
    next_number = next_dealer = next_vulnerability = None
    if not complete and not (ended and game != CHICAGO):
        if game == CHICAGO:
            next_number = len(position_of) + 1
            next_dealer = first_dealer.next(next_number - 1)
            next_vulnerability = chicago_vulnerability(next_number, next_dealer)
        else:
            next_number = len(played) + 1
            won = {side: sum(1 for w in winners if w == (side is we)) for side in Side}
            next_vulnerability = Vulnerability.of(won[Side.NS] > 0, won[Side.EW] > 0)
    return ScoreSheet(
        game=game,
        we_side=we,
        lines=lines,
        closing=closing,
        above_we=[m for m in all_marks if not m.below and m.we],
        above_they=[m for m in all_marks if not m.below and not m.we],
        games=games,
        we_total=we_total,
        they_total=they_total,
        complete=complete,
        next_number=next_number,
        next_dealer=next_dealer,
        next_vulnerability=next_vulnerability,
        games_we=sum(1 for w in winners if w),
        games_they=sum(1 for w in winners if not w),
    )


def _line(
    row: int, number: int, dealer: Seat | None, vul: Vulnerability, deal: PlayedDeal
) -> DealLine:
    if isinstance(deal.contract, PassedOut) or deal.declarer is None:
        return DealLine(row, number, dealer, vul, _("Passed out"), "", "", True)
    return DealLine(
        row,
        number,
        dealer,
        vul,
        format_contract(deal.contract, symbols=True),
        deal.declarer.value,
        format_result(deal.contract, deal.tricks),
        False,
    )


def _mark(entry: SheetEntry, we: Side) -> Mark:
    return Mark(entry.points, RULES[entry.item], entry.side is we, entry.below, entry.game)


def _game_winners(
    game: str, entries: tuple[SheetEntry, ...], we: Side, rubber_winners: tuple[Side, ...]
) -> list[bool]:
    """Whether "We" won each completed game, in order."""
    if game == CHICAGO:
        return [entry.side is we for entry in entries if entry.item is Item.GAME_BONUS]
    return [side is we for side in rubber_winners]


def _last_below(lines: list[DealLine], game: int) -> DealLine | None:
    last = None
    for line in lines:
        if any(mark.below and mark.game == game for mark in line.marks):
            last = line
    return last
