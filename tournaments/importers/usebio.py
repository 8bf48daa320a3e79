"""USEBIO results files -> plain frozen dataclasses (no Django, no ORM).

USEBIO is the XML format the clubs' scoring programs write for master points.
Source: the EBU's USEBIO 1.2 DTD and the files in ``../shared/fixtures/usebio``
(Compscore3, NZ Bridge Scorer). What is read, and where the two programs differ:
docs/importers.md, "USEBIO 1.2" and "USEBIO teams and individual events".
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from os import PathLike
from pathlib import Path
from typing import Literal
from xml.parsers import expat

from defusedxml import DefusedXmlException
from defusedxml.ElementTree import fromstring as defused_fromstring

from tournaments.domain.contract import Contract, PassedOut, Seat, parse_contract, parse_seat
from tournaments.domain.matchpoints import NOT_PLAYED, ArtificialScore, BoardResult
from tournaments.importers import limits
from tournaments.importers.text import Text, Where, gettext_noop

MAX_BYTES = limits.MAX_BYTES
VERSIONS = ("1.2", "1.3")

Scoring = Literal["match_points", "butler", "cross_imps", "team_vps", "board_a_match"]
Kind = Literal["pairs", "individual", "teams"]
Direction = Literal["NS", "EW"]

PAIRS_EVENT_TYPES: dict[str, Scoring | None] = {
    "MP_PAIRS": "match_points",
    "BUTLER_PAIRS": "butler",
    "CROSS_IMP": "cross_imps",
    # NZ Bridge Scorer writes PAIRS; the traveller lines say how it was scored.
    "PAIRS": None,
}
INDIVIDUAL_EVENT_TYPES = ("INDIVIDUAL",)
# TEAMS and SWISS_TEAMS are the USEBIO 1.2 names, TEAMS_OF_FOUR the 1.1 one
# (programs such as Compscore3 still write 1.1 names in 1.2 files).
TEAMS_EVENT_TYPES = ("TEAMS", "SWISS_TEAMS", "TEAMS_OF_FOUR")
SUPPORTED_EVENT_TYPES = (*PAIRS_EVENT_TYPES, *INDIVIDUAL_EVENT_TYPES, *TEAMS_EVENT_TYPES)
# The four players of an individual traveller line, in seat order N, E, S, W.
SEAT_ELEMENTS = (
    "NORTH_PLAYER_NUMBER",
    "EAST_PLAYER_NUMBER",
    "SOUTH_PLAYER_NUMBER",
    "WEST_PLAYER_NUMBER",
)

# Per scoring: the traveller-line elements holding the printed points.
_POINTS_ELEMENTS: dict[Scoring, tuple[str, str]] = {
    "match_points": ("NS_MATCH_POINTS", "EW_MATCH_POINTS"),
    "butler": ("NS_BUTLER_POINTS", "EW_BUTLER_POINTS"),
    "cross_imps": ("NS_CROSS_IMP_POINTS", "EW_CROSS_IMP_POINTS"),
}


# The place of a problem with the document as a whole, before any element is read.
INPUT = Text(gettext_noop("the file"))


class UsebioError(ValueError):
    """A USEBIO file that cannot be read: ``text`` at ``place`` (an element path, or
    a line and column where the XML breaks); ``problem`` and ``path`` read them in
    English."""

    def __init__(self, text: Text, place: Where) -> None:
        super().__init__(f"{text} at {place}")
        self.text = text
        self.place = place

    @property
    def problem(self) -> str:
        return str(self.text)

    @property
    def path(self) -> str:
        return str(self.place)


class UnsupportedEventType(UsebioError):
    """The file is well formed but holds an event type Klöver does not import."""


@dataclass(frozen=True)
class UsebioClub:
    name: str | None
    club_id: str | None


@dataclass(frozen=True)
class UsebioContact:
    full_name: str | None
    scorer: str | None
    telephone: str | None
    email: str | None


@dataclass(frozen=True)
class UsebioPlayer:
    name: str
    national_id: str | None
    club_id: str | None


@dataclass(frozen=True)
class MasterPointAward:
    """Master points as printed (NZ Scorer: hundredths) and their type."""

    awarded: Decimal
    point_type: str | None


@dataclass(frozen=True)
class UsebioPair:
    """A pair and the program's standings line for it."""

    pair_id: str
    number: int
    section: str | None
    direction: Direction | None
    players: tuple[UsebioPlayer, ...]
    boards_played: int | None
    place: int | None
    place_shared: bool
    total_score: Decimal | None
    percentage: Decimal | None
    handicap: Decimal | None
    master_points: tuple[MasterPointAward, ...]


@dataclass(frozen=True)
class UsebioTravellerLine:
    """One result of a board as the program recorded and scored it."""

    ns_pair: str
    ew_pair: str
    contract: Contract | PassedOut | None
    not_played: bool
    declarer: Seat | None
    lead: str | None
    tricks: int | None
    score: int | None
    adjusted: ArtificialScore | None
    ns_points: Decimal
    ew_points: Decimal

    @property
    def passed_out(self) -> bool:
        return isinstance(self.contract, PassedOut)

    @property
    def board_result(self) -> BoardResult:
        """The result for matchpointing: a score, an artificial score, or not played."""
        if self.adjusted is not None:
            return self.adjusted
        if self.not_played or self.score is None:
            return NOT_PLAYED
        return self.score


@dataclass(frozen=True)
class UsebioBoard:
    number: int
    board_average: int | None
    lines: tuple[UsebioTravellerLine, ...]


@dataclass(frozen=True)
class UsebioIndividual:
    """A player of an individual event and the program's standings line for them."""

    player_number: str
    number: int
    player: UsebioPlayer
    boards_played: int | None
    place: int | None
    place_shared: bool
    total_score: Decimal | None
    percentage: Decimal | None
    master_points: tuple[MasterPointAward, ...]
    path: str


@dataclass(frozen=True)
class UsebioIndividualLine:
    """One result of a board in an individual event: four players, NS and EW points."""

    north: str
    east: str
    south: str
    west: str
    contract: Contract | PassedOut | None
    not_played: bool
    declarer: Seat | None
    lead: str | None
    tricks: int | None
    score: int | None
    adjusted: ArtificialScore | None
    ns_points: Decimal
    ew_points: Decimal
    path: str

    @property
    def seats(self) -> tuple[str, str, str, str]:
        return (self.north, self.east, self.south, self.west)


@dataclass(frozen=True)
class UsebioIndividualBoard:
    number: int
    lines: tuple[UsebioIndividualLine, ...]


@dataclass(frozen=True)
class UsebioTeamPair:
    """A pair inside a TEAM; its number is how a match's traveller lines name it."""

    pair_id: str
    players: tuple[UsebioPlayer, ...]


@dataclass(frozen=True)
class UsebioTeam:
    """A team (``TEAM_ID`` is the key matches use) and its standings line."""

    team_id: str
    number: int
    name: str | None
    players: tuple[UsebioPlayer, ...]
    pairs: tuple[UsebioTeamPair, ...]
    place: int | None
    place_shared: bool
    total_score: Decimal | None
    percentage: Decimal | None
    master_points: tuple[MasterPointAward, ...]
    path: str


@dataclass(frozen=True)
class UsebioTeamLine:
    """One room's result of a board in a team match; ``direction`` is where TEAM sat."""

    direction: Direction | None
    ns_pair: str | None
    ew_pair: str | None
    contract: Contract | PassedOut | None
    not_played: bool
    declarer: Seat | None
    lead: str | None
    tricks: int | None
    score: int | None
    adjusted: ArtificialScore | None
    path: str


@dataclass(frozen=True)
class UsebioMatchBoard:
    number: int
    # Net IMPs on the board from TEAM's side (negative: OPPOSING_TEAM won it).
    imps: Decimal | None
    lines: tuple[UsebioTeamLine, ...]


@dataclass(frozen=True)
class UsebioMatch:
    """A match between TEAM (home) and OPPOSING_TEAM (away)."""

    round: int | None
    team: str
    opposing_team: str
    start_board: int | None
    end_board: int | None
    team_score: Decimal | None
    opposing_team_score: Decimal | None
    boards: tuple[UsebioMatchBoard, ...]
    path: str

    @property
    def board_count(self) -> int:
        if self.start_board is not None and self.end_board is not None:
            return self.end_board - self.start_board + 1
        return len(self.boards)

    @property
    def imps(self) -> tuple[Decimal, Decimal] | None:
        """IMPs won by each team (home, away), from the boards' net IMPs; None if not given."""
        if not self.boards or any(board.imps is None for board in self.boards):
            return None
        won = sum((b.imps for b in self.boards if b.imps is not None and b.imps > 0), Decimal(0))
        lost = sum((-b.imps for b in self.boards if b.imps is not None and b.imps < 0), Decimal(0))
        return won, lost


@dataclass(frozen=True)
class UsebioSection:
    """A section; files without SECTION elements have one, ``section_id`` None."""

    section_id: str | None
    pairs: tuple[UsebioPair, ...]
    boards: tuple[UsebioBoard, ...]
    players: tuple[UsebioIndividual, ...] = ()
    individual_boards: tuple[UsebioIndividualBoard, ...] = ()
    teams: tuple[UsebioTeam, ...] = ()
    matches: tuple[UsebioMatch, ...] = ()


@dataclass(frozen=True)
class UsebioHand:
    seat: Seat
    spades: str
    hearts: str
    diamonds: str
    clubs: str


@dataclass(frozen=True)
class UsebioDeal:
    board_number: int
    hands: tuple[UsebioHand, ...]


@dataclass(frozen=True)
class UsebioEvent:
    version: str
    club: UsebioClub | None
    event_type: str
    scoring: Scoring
    identifier: str | None
    description: str | None
    title: str | None
    date: date | None
    venue: str | None
    program_name: str | None
    program_version: str | None
    winner_type: int | None
    master_point_scale: str | None
    master_point_type: str | None
    master_points_awarded: bool | None
    session_count: int | None
    section_count: int | None
    boards_played: int | None
    scoring_method: str | None
    pay_to_play_rate: Decimal | None
    contact: UsebioContact | None
    sections: tuple[UsebioSection, ...]
    deals: tuple[UsebioDeal, ...]
    kind: Kind = "pairs"
    board_scoring_method: str | None = None
    match_scoring_method: str | None = None
    boards_per_round: int | None = None
    # USEBIO 1.3's EBU_CHARGE_CODE, which supersedes P2P_CHARGE_RATE
    charge_code: str | None = None
    # USEBIO 1.3's EVENT_RATING: the status the scorer rated the event at (a word or a
    # scale letter, as MASTER_POINT_SCALE); checked against the licence, never trusted
    event_rating: str | None = None

    @property
    def pairs(self) -> tuple[UsebioPair, ...]:
        return tuple(pair for section in self.sections for pair in section.pairs)

    @property
    def players(self) -> tuple[UsebioIndividual, ...]:
        return tuple(player for section in self.sections for player in section.players)

    @property
    def teams(self) -> tuple[UsebioTeam, ...]:
        return tuple(team for section in self.sections for team in section.teams)

    @property
    def matches(self) -> tuple[UsebioMatch, ...]:
        return tuple(match for section in self.sections for match in section.matches)

    @property
    def boards(self) -> tuple[UsebioBoard, ...]:
        return tuple(board for section in self.sections for board in section.boards)


class _Node:
    """An element with its path, and typed readers that fail with that path."""

    def __init__(self, element: ET.Element, path: str) -> None:
        self.element = element
        self.path = path

    def children(self, tag: str) -> Iterator[_Node]:
        for position, child in enumerate(self.element.findall(tag), start=1):
            yield _Node(child, f"{self.path}/{tag}[{position}]")

    def child(self, tag: str) -> _Node | None:
        found = self.element.findall(tag)
        if len(found) > 1:
            raise UsebioError(
                Text(
                    gettext_noop("%(tag)s appears %(times)s times, expected once"),
                    {"tag": tag, "times": len(found)},
                ),
                f"{self.path}/{tag}",
            )
        return _Node(found[0], f"{self.path}/{tag}") if found else None

    def text(self, tag: str) -> str | None:
        """Stripped text of a child; None when missing or empty."""
        node = self.child(tag)
        if node is None:
            return None
        value = (node.element.text or "").strip()
        return value or None

    def required(self, tag: str) -> str:
        value = self.text(tag)
        if value is None:
            raise UsebioError(
                Text(gettext_noop("%(tag)s is missing or empty"), {"tag": tag}),
                f"{self.path}/{tag}",
            )
        return value

    def integer(self, tag: str) -> int | None:
        value = self.text(tag)
        return None if value is None else self._integer(tag, value)

    def integer_within(self, tag: str, low: int, high: int) -> int | None:
        """A count the file gives for information: refused outside what an event has
        (tournaments/importers/plausibility.py holds the rules for what is saved)."""
        value = self.integer(tag)
        if value is not None and not low <= value <= high:
            raise UsebioError(_outside(tag, value, low, high), f"{self.path}/{tag}")
        return value

    def decimal_within(self, tag: str, low: Decimal, high: Decimal) -> Decimal | None:
        value = self.decimal(tag)
        if value is not None and not low <= value <= high:
            raise UsebioError(_outside(tag, value, low, high), f"{self.path}/{tag}")
        return value

    def required_integer(self, tag: str) -> int:
        return self._integer(tag, self.required(tag))

    def _integer(self, tag: str, value: str) -> int:
        if not re.fullmatch(r"-?\d+", value):
            raise UsebioError(
                Text(
                    gettext_noop("%(tag)s must be a whole number, got %(value)s"),
                    {"tag": tag, "value": repr(value)},
                ),
                f"{self.path}/{tag}",
            )
        return int(value)

    def decimal(self, tag: str) -> Decimal | None:
        value = self.text(tag)
        return None if value is None else self._decimal(tag, value)

    def required_decimal(self, tag: str) -> Decimal:
        return self._decimal(tag, self.required(tag))

    def _decimal(self, tag: str, value: str) -> Decimal:
        try:
            number = Decimal(value)
        except InvalidOperation:
            number = Decimal("NaN")
        if not number.is_finite():
            raise UsebioError(
                Text(
                    gettext_noop("%(tag)s must be a number, got %(value)s"),
                    {"tag": tag, "value": repr(value)},
                ),
                f"{self.path}/{tag}",
            )
        return number


def _outside(tag: str, value: object, low: object, high: object) -> Text:
    return Text(
        gettext_noop("%(tag)s %(value)s is not %(low)s to %(high)s"),
        {"tag": tag, "value": value, "low": low, "high": high},
    )


def _refuse_entity_declarations(data: bytes) -> None:
    """Parse once with expat to refuse DTD entities and report malformed XML."""
    checker = expat.ParserCreate()
    checker.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)

    def refuse(name: str, *_: object) -> None:
        raise UsebioError(
            Text(
                gettext_noop("the document declares the entity %(name)s; entities are refused"),
                {"name": repr(name)},
            ),
            "DOCTYPE",
        )

    checker.EntityDeclHandler = refuse
    try:
        checker.Parse(data, True)
    except expat.ExpatError as error:
        # expat's own words for what broke ("mismatched tag") are kept as it writes them.
        raise UsebioError(
            Text(
                gettext_noop("not well-formed XML (%(error)s)"),
                {"error": expat.errors.messages[error.code]},
            ),
            Text(
                gettext_noop("line %(line)s, column %(column)s"),
                {"line": error.lineno, "column": error.offset},
            ),
        ) from error
    except LookupError as error:  # expat asks Python for an encoding it does not know
        raise UsebioError(
            Text(
                gettext_noop("the document's encoding is unknown (%(error)s); use UTF-8"),
                {"error": error},
            ),
            Text(gettext_noop("line %(line)s"), {"line": 1}),
        ) from error


_PAIR_ID = re.compile(r"(?:\((?P<section>[^)]+)\)\s*)?(?P<number>\d+)\s*(?P<direction>NS|EW)?")
_RANKS = "23456789TJQKA"


def _pair_parts(pair_id: str, path: str) -> tuple[int, str | None, Direction | None]:
    match = _PAIR_ID.fullmatch(pair_id)
    if match is None:
        raise UsebioError(
            Text(gettext_noop("pair number %(pair)s is not understood"), {"pair": repr(pair_id)}),
            path,
        )
    direction = match["direction"]
    return (
        int(match["number"]),
        match["section"],
        "NS" if direction == "NS" else "EW" if direction == "EW" else None,
    )


def _direction(value: str | None, path: str) -> Direction | None:
    if value is None:
        return None
    if value == "NS":
        return "NS"
    if value == "EW":
        return "EW"
    raise UsebioError(
        Text(gettext_noop("DIRECTION must be NS or EW, got %(value)s"), {"value": repr(value)}),
        path,
    )


def _players(pair: _Node) -> tuple[UsebioPlayer, ...]:
    players = []
    for player in pair.children("PLAYER"):
        players.append(
            UsebioPlayer(
                name=player.required("PLAYER_NAME"),
                national_id=player.text("NATIONAL_ID_NUMBER"),
                club_id=player.text("CLUB_ID_NUMBER"),
            )
        )
    return tuple(players)


# What a file may say it awarded or held, for information (Klöver computes the awards):
# the EBU's largest events award a few thousand master points; an event plays in at
# most a few dozen sessions and sections.
MAX_AWARDED = Decimal(100_000)
MAX_SESSIONS = 50
MAX_SECTIONS = 100


def _within(node: _Node, tag: str, read) -> Decimal:
    value = read(tag)
    if not 0 <= value <= MAX_AWARDED:
        raise UsebioError(_outside(tag, value, 0, MAX_AWARDED), f"{node.path}/{tag}")
    return value


def _master_points(pair: _Node) -> tuple[MasterPointAward, ...]:
    awards = []
    # Compscore3 writes the award directly in PAIR, NZ Scorer inside MASTER_POINTS.
    direct = pair.decimal_within("MASTER_POINTS_AWARDED", Decimal(0), MAX_AWARDED)
    if direct is not None:
        awards.append(MasterPointAward(awarded=direct, point_type=pair.text("MASTER_POINT_TYPE")))
    for block in pair.children("MASTER_POINTS"):
        awards.append(
            MasterPointAward(
                awarded=_within(block, "MASTER_POINTS_AWARDED", block.required_decimal),
                point_type=block.text("MASTER_POINT_TYPE"),
            )
        )
    return tuple(awards)


def _place(pair: _Node) -> tuple[int | None, bool]:
    value = pair.text("PLACE")
    if value is None:
        return None, False
    match = re.fullmatch(r"(\d+)\s*(=?)", value)
    if match is None:
        raise UsebioError(
            Text(
                gettext_noop("PLACE must be a place such as 3 or 3=, got %(value)s"),
                {"value": repr(value)},
            ),
            f"{pair.path}/PLACE",
        )
    return int(match[1]), bool(match[2])


def _pair(pair: _Node) -> UsebioPair:
    pair_id = pair.required("PAIR_NUMBER")
    number, section, id_direction = _pair_parts(pair_id, f"{pair.path}/PAIR_NUMBER")
    direction = _direction(pair.text("DIRECTION"), f"{pair.path}/DIRECTION") or id_direction
    if id_direction is not None and direction != id_direction:
        raise UsebioError(
            Text(
                gettext_noop("DIRECTION %(direction)s contradicts pair number %(pair)s"),
                {"direction": direction, "pair": repr(pair_id)},
            ),
            f"{pair.path}/DIRECTION",
        )
    place, shared = _place(pair)
    return UsebioPair(
        pair_id=pair_id,
        number=number,
        section=section,
        direction=direction,
        players=_players(pair),
        boards_played=pair.integer("BOARDS_PLAYED"),
        place=place,
        place_shared=shared,
        total_score=pair.decimal("TOTAL_SCORE"),
        percentage=pair.decimal("PERCENTAGE"),
        handicap=pair.decimal("HANDICAP"),
        master_points=_master_points(pair),
    )


def _contract(line: _Node) -> tuple[Contract | PassedOut | None, bool]:
    """(contract or pass, not played) from CONTRACT; NZ Scorer writes NP for not played."""
    value = line.text("CONTRACT")
    if value is None:
        return None, False
    if value.upper() == "NP":
        return None, True
    try:
        return parse_contract(value), False
    except ValueError as error:
        # The domain's reason is English prose: the value shows what is wrong.
        raise UsebioError(
            Text(
                gettext_noop("CONTRACT %(value)s is not a contract such as 4S, 3NTX or Pass"),
                {"value": repr(value)},
            ),
            f"{line.path}/CONTRACT",
        ) from error


def _seat(value: str, path: str) -> Seat:
    try:
        return parse_seat(value)
    except ValueError as error:
        raise UsebioError(
            Text(
                gettext_noop("a seat must be N, E, S or W, got %(value)s"), {"value": repr(value)}
            ),
            path,
        ) from error


def _lead(line: _Node) -> str | None:
    value = line.text("LEAD")
    if value is None:
        return None
    card = value.upper().replace("10", "T")
    if len(card) == 2 and card[0] in "SHDC" and card[1] in _RANKS:
        return card
    if len(card) == 2 and card[1] in "SHDC" and card[0] in _RANKS:
        return card[1] + card[0]
    raise UsebioError(
        Text(gettext_noop("LEAD %(value)s is not a card"), {"value": repr(value)}),
        f"{line.path}/LEAD",
    )


def _score(line: _Node) -> tuple[int | None, ArtificialScore | None]:
    value = line.required("SCORE")
    if re.fullmatch(r"-?\d+", value):
        return int(value), None
    adjusted = re.fullmatch(r"A(\d{2})(\d{2})", value.upper())
    if adjusted is not None:
        return None, ArtificialScore(
            ns_percent=Decimal(adjusted[1]), ew_percent=Decimal(adjusted[2])
        )
    raise UsebioError(
        Text(
            gettext_noop("SCORE %(value)s is neither a score nor an adjusted score such as A6040"),
            {"value": repr(value)},
        ),
        f"{line.path}/SCORE",
    )


def _table_result(line: _Node) -> dict:
    """Contract, declarer, lead, tricks and score of one traveller line, whatever the event.

    Declarer, lead and tricks mean something only when a contract was played;
    NZ Scorer writes placeholders (N, 0 tricks) on passed-out and NP lines.
    """
    contract, not_played = _contract(line)
    score, adjusted = _score(line)
    played = isinstance(contract, Contract)
    declarer = line.text("PLAYED_BY") if played else None
    return {
        "contract": contract,
        "not_played": not_played,
        "declarer": None if declarer is None else _seat(declarer, f"{line.path}/PLAYED_BY"),
        "lead": _lead(line) if played else None,
        "tricks": line.integer("TRICKS") if played else None,
        "score": score,
        "adjusted": adjusted,
    }


def _line(line: _Node, scoring: Scoring) -> UsebioTravellerLine:
    ns_tag, ew_tag = _POINTS_ELEMENTS[scoring]
    return UsebioTravellerLine(
        ns_pair=line.required("NS_PAIR_NUMBER"),
        ew_pair=line.required("EW_PAIR_NUMBER"),
        **_table_result(line),
        ns_points=line.required_decimal(ns_tag),
        ew_points=line.required_decimal(ew_tag),
    )


def _boards(parent: _Node, scoring: Scoring) -> tuple[UsebioBoard, ...]:
    boards = []
    for board in parent.children("BOARD"):
        boards.append(
            UsebioBoard(
                number=board.required_integer("BOARD_NUMBER"),
                board_average=board.integer("BOARD_AVERAGE"),
                lines=tuple(_line(line, scoring) for line in board.children("TRAVELLER_LINE")),
            )
        )
    return tuple(boards)


def _check_pairs(sections: tuple[UsebioSection, ...], section_paths: list[str]) -> None:
    """Pair numbers are unique, and every traveller line names a listed pair."""
    known: set[str] = set()
    for section, path in zip(sections, section_paths, strict=True):
        for position, pair in enumerate(section.pairs, start=1):
            if pair.pair_id in known:
                raise UsebioError(
                    Text(LISTED_TWICE["pair"], {"key": repr(pair.pair_id)}),
                    f"{path}/PARTICIPANTS/PAIR[{position}]/PAIR_NUMBER",
                )
            known.add(pair.pair_id)
    if not known:
        return
    for section, path in zip(sections, section_paths, strict=True):
        for board_position, board in enumerate(section.boards, start=1):
            for line_position, line in enumerate(board.lines, start=1):
                for tag, pair_id in (
                    ("NS_PAIR_NUMBER", line.ns_pair),
                    ("EW_PAIR_NUMBER", line.ew_pair),
                ):
                    if pair_id not in known:
                        raise UsebioError(
                            Text(
                                gettext_noop("pair %(pair)s is not among the participants"),
                                {"pair": repr(pair_id)},
                            ),
                            f"{path}/BOARD[{board_position}]/TRAVELLER_LINE[{line_position}]/{tag}",
                        )


def _section(parent: _Node, section_id: str | None, scoring: Scoring) -> UsebioSection:
    participants = parent.child("PARTICIPANTS")
    pairs: tuple[UsebioPair, ...] = ()
    if participants is not None:
        if participants.element.find("TEAM") is not None:
            raise UnsupportedEventType(
                Text(gettext_noop("teams are not supported")), f"{participants.path}/TEAM"
            )
        pairs = tuple(_pair(pair) for pair in participants.children("PAIR"))
    return UsebioSection(section_id=section_id, pairs=pairs, boards=_boards(parent, scoring))


def _number(key: str, position: int) -> int:
    """An entry's number: the key when it is a whole number, else its position in the list."""
    return int(key) if key.isdigit() else position


# One template a kind of entry: Swedish nouns differ in gender (en annan spelare, ett
# annat lag).
LISTED_TWICE = {
    "pair": gettext_noop("pair %(key)s is listed twice"),
    "player": gettext_noop("player %(key)s is listed twice"),
    "team": gettext_noop("team %(key)s is listed twice"),
}
NUMBER_TAKEN = {
    "player": gettext_noop("player %(key)s has the number %(number)s of another player"),
    "team": gettext_noop("team %(key)s has the number %(number)s of another team"),
}


def _check_keys(keys: list[tuple[str, int, str]], what: str) -> None:
    """(key, number, path of the key) listed once each, and no two numbers alike."""
    seen: set[str] = set()
    numbers: set[int] = set()
    for key, number, path in keys:
        if key in seen:
            raise UsebioError(Text(LISTED_TWICE[what], {"key": repr(key)}), path)
        if number in numbers:
            raise UsebioError(Text(NUMBER_TAKEN[what], {"key": repr(key), "number": number}), path)
        seen.add(key)
        numbers.add(number)


def _refuse_other_participants(participants: _Node, expected: str, event_type: str) -> None:
    for tag in ("PAIR", "TEAM", "PLAYER"):
        if tag != expected and participants.element.find(tag) is not None:
            raise UnsupportedEventType(
                Text(
                    gettext_noop(
                        "EVENT_TYPE %(event_type)s lists %(expected)s participants, but "
                        "PARTICIPANTS holds %(tag)s"
                    ),
                    {"event_type": repr(event_type), "expected": expected, "tag": tag},
                ),
                "/USEBIO/EVENT/@EVENT_TYPE",
            )


def _individual(player: _Node, position: int) -> UsebioIndividual:
    key = player.required("PLAYER_NUMBER")
    place, shared = _place(player)
    return UsebioIndividual(
        player_number=key,
        number=_number(key, position),
        player=UsebioPlayer(
            name=player.required("PLAYER_NAME"),
            national_id=player.text("NATIONAL_ID_NUMBER"),
            club_id=player.text("CLUB_ID_NUMBER"),
        ),
        boards_played=player.integer("BOARDS_PLAYED"),
        place=place,
        place_shared=shared,
        total_score=player.decimal("TOTAL_SCORE"),
        percentage=player.decimal("PERCENTAGE"),
        master_points=_master_points(player),
        path=player.path,
    )


def _individual_line(line: _Node) -> UsebioIndividualLine:
    north, east, south, west = (line.required(tag) for tag in SEAT_ELEMENTS)
    return UsebioIndividualLine(
        north=north,
        east=east,
        south=south,
        west=west,
        **_table_result(line),
        ns_points=line.required_decimal("NS_MATCH_POINTS"),
        ew_points=line.required_decimal("EW_MATCH_POINTS"),
        path=line.path,
    )


def _individual_section(parent: _Node, section_id: str | None, event_type: str) -> UsebioSection:
    participants = parent.child("PARTICIPANTS")
    players: tuple[UsebioIndividual, ...] = ()
    if participants is not None:
        _refuse_other_participants(participants, "PLAYER", event_type)
        players = tuple(
            _individual(player, position)
            for position, player in enumerate(participants.children("PLAYER"), start=1)
        )
        _check_keys(
            [(p.player_number, p.number, f"{p.path}/PLAYER_NUMBER") for p in players], "player"
        )
    known = {p.player_number for p in players}
    boards = []
    for board in parent.children("BOARD"):
        lines = []
        for line_node in board.children("TRAVELLER_LINE"):
            line = _individual_line(line_node)
            for tag, key in zip(SEAT_ELEMENTS, line.seats, strict=True):
                if known and key not in known:
                    raise UsebioError(
                        Text(
                            gettext_noop("player %(player)s is not among the participants"),
                            {"player": repr(key)},
                        ),
                        f"{line.path}/{tag}",
                    )
            if len(set(line.seats)) < 4:
                raise UsebioError(
                    Text(
                        gettext_noop("a player sits in two seats (%(seats)s)"),
                        {"seats": ", ".join(line.seats)},
                    ),
                    line.path,
                )
            lines.append(line)
        boards.append(
            UsebioIndividualBoard(number=board.required_integer("BOARD_NUMBER"), lines=tuple(lines))
        )
    return UsebioSection(
        section_id=section_id,
        pairs=(),
        boards=(),
        players=players,
        individual_boards=tuple(boards),
    )


def _team(team: _Node, position: int) -> UsebioTeam:
    key = (team.element.get("TEAM_ID") or "").strip()
    if not key:
        raise UsebioError(
            Text(gettext_noop("%(tag)s is missing or empty"), {"tag": "TEAM_ID"}),
            f"{team.path}/@TEAM_ID",
        )
    pairs = tuple(
        UsebioTeamPair(pair_id=pair.required("PAIR_NUMBER"), players=_players(pair))
        for pair in team.children("PAIR")
    )
    # A player may be named in two of the team's pairs: listed once.
    players: list[UsebioPlayer] = []
    for player in (*_players(team), *(pl for pair in pairs for pl in pair.players)):
        if not any(
            (p.national_id, p.name.casefold()) == (player.national_id, player.name.casefold())
            for p in players
        ):
            players.append(player)
    place, shared = _place(team)
    return UsebioTeam(
        team_id=key,
        number=_number(key, position),
        name=(team.element.get("TEAM_NAME") or "").strip() or None,
        players=tuple(players),
        pairs=pairs,
        place=place,
        place_shared=shared,
        total_score=team.decimal("TOTAL_SCORE"),
        percentage=team.decimal("PERCENTAGE"),
        master_points=_master_points(team),
        path=team.path,
    )


def _team_line(line: _Node) -> UsebioTeamLine:
    return UsebioTeamLine(
        direction=_direction(line.text("DIRECTION"), f"{line.path}/DIRECTION"),
        ns_pair=line.text("NS_PAIR_NUMBER"),
        ew_pair=line.text("EW_PAIR_NUMBER"),
        **_table_result(line),
        path=line.path,
    )


def _match(match: _Node) -> UsebioMatch:
    round_number = match.integer("ROUND_NUMBER")
    if round_number is not None and round_number < 1:
        raise UsebioError(
            Text(
                gettext_noop("ROUND_NUMBER must be 1 or more, got %(round)s"),
                {"round": round_number},
            ),
            f"{match.path}/ROUND_NUMBER",
        )
    start, end = match.integer("START_BOARD_NUMBER"), match.integer("END_BOARD_NUMBER")
    if start is not None and end is not None and end < start:
        raise UsebioError(
            Text(
                gettext_noop("END_BOARD_NUMBER %(end)s is before START_BOARD_NUMBER %(start)s"),
                {"end": end, "start": start},
            ),
            f"{match.path}/END_BOARD_NUMBER",
        )
    boards = tuple(
        UsebioMatchBoard(
            number=board.required_integer("BOARD_NUMBER"),
            imps=board.decimal("IMPS"),
            lines=tuple(_team_line(line) for line in board.children("TRAVELLER_LINE")),
        )
        for board in match.children("BOARD")
    )
    return UsebioMatch(
        round=round_number,
        team=match.required("TEAM"),
        opposing_team=match.required("OPPOSING_TEAM"),
        start_board=start,
        end_board=end,
        team_score=match.decimal("TEAM_SCORE"),
        opposing_team_score=match.decimal("OPPOSING_TEAM_SCORE"),
        boards=boards,
        path=match.path,
    )


def _teams_section(parent: _Node, section_id: str | None, event_type: str) -> UsebioSection:
    participants = parent.child("PARTICIPANTS")
    teams: tuple[UsebioTeam, ...] = ()
    if participants is not None:
        _refuse_other_participants(participants, "TEAM", event_type)
        teams = tuple(
            _team(team, position)
            for position, team in enumerate(participants.children("TEAM"), start=1)
        )
        _check_keys([(t.team_id, t.number, f"{t.path}/@TEAM_ID") for t in teams], "team")
    # Unknown teams, a team against itself and matches given twice are the
    # report's checks (tournaments.importers.report), so that all are listed.
    return UsebioSection(
        section_id=section_id,
        pairs=(),
        boards=(),
        teams=teams,
        matches=tuple(_match(match) for match in parent.children("MATCH")),
    )


def _containers(event: _Node) -> tuple[list[_Node], list[str | None]]:
    """The elements holding PARTICIPANTS and results: the SECTIONs, else the EVENT.

    Some programs wrap the sections in one SESSION (EVENT/SESSION/SECTION); a
    file with several sessions is refused, as their results would mix.
    """
    sessions = list(event.children("SESSION"))
    if len(sessions) > 1:
        raise UnsupportedEventType(
            Text(
                gettext_noop("the event has %(sessions)s SESSIONs; one is supported"),
                {"sessions": len(sessions)},
            ),
            sessions[1].path,
        )
    parent = sessions[0] if sessions else event
    sections = list(parent.children("SECTION"))
    if sections:
        return sections, [node.element.get("SECTION_ID") for node in sections]
    return [parent], [None]


def _team_scoring(event: _Node) -> Scoring:
    board_method = (event.text("BOARD_SCORING_METHOD") or "").upper()
    match_method = (event.text("MATCH_SCORING_METHOD") or "").upper()
    if board_method == "BAM":
        return "board_a_match"
    if match_method in ("", "VPS", "VP"):
        return "team_vps"
    raise UnsupportedEventType(
        Text(
            gettext_noop(
                "MATCH_SCORING_METHOD %(method)s is not supported for teams "
                "(supported: VPS, or BOARD_SCORING_METHOD BAM)"
            ),
            {"method": repr(match_method)},
        ),
        f"{event.path}/MATCH_SCORING_METHOD",
    )


def _infer_scoring(event: _Node) -> Scoring:
    for scoring, (ns_tag, _) in _POINTS_ELEMENTS.items():
        if event.element.find(f".//TRAVELLER_LINE/{ns_tag}") is not None:
            return scoring
    raise UsebioError(
        Text(
            gettext_noop(
                "EVENT_TYPE PAIRS but no traveller line carries matchpoints, butler or "
                "cross-IMP points"
            )
        ),
        event.path,
    )


def _date(event: _Node) -> date | None:
    value = event.text("DATE")
    if value is None:
        return None
    match = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", value)
    if match is None:
        raise UsebioError(
            Text(gettext_noop("DATE must be DD/MM/YYYY, got %(value)s"), {"value": repr(value)}),
            f"{event.path}/DATE",
        )
    try:
        return date(int(match[3]), int(match[2]), int(match[1]))
    except ValueError as error:
        # Python's reason ("day is out of range for month") is English; the date says it.
        raise UsebioError(
            Text(gettext_noop("DATE %(value)s is not a date"), {"value": repr(value)}),
            f"{event.path}/DATE",
        ) from error


def _flag(node: _Node, tag: str) -> bool | None:
    value = node.text(tag)
    if value is None:
        return None
    if value.upper() in ("Y", "YES"):
        return True
    if value.upper() in ("N", "NO"):
        return False
    raise UsebioError(
        Text(
            gettext_noop("%(tag)s must be Y or N, got %(value)s"),
            {"tag": tag, "value": repr(value)},
        ),
        f"{node.path}/{tag}",
    )


def _deals(root: _Node) -> tuple[UsebioDeal, ...]:
    handset = root.child("HANDSET")
    if handset is None:
        return ()
    deals = []
    for board in handset.children("BOARD"):
        hands = []
        for hand in board.children("HAND"):
            hands.append(
                UsebioHand(
                    seat=_seat(hand.required("DIRECTION"), f"{hand.path}/DIRECTION"),
                    spades=hand.text("SPADES") or "",
                    hearts=hand.text("HEARTS") or "",
                    diamonds=hand.text("DIAMONDS") or "",
                    clubs=hand.text("CLUBS") or "",
                )
            )
        deals.append(
            UsebioDeal(board_number=board.required_integer("BOARD_NUMBER"), hands=tuple(hands))
        )
    return tuple(deals)


def parse_usebio(data: bytes) -> UsebioEvent:
    """Parse a USEBIO 1.2 (or 1.3) document given as bytes."""
    if not isinstance(data, bytes):
        raise UsebioError(
            Text(
                gettext_noop("expected the file's bytes, got %(type)s"),
                {"type": type(data).__name__},
            ),
            INPUT,
        )
    if len(data) > MAX_BYTES:
        raise UsebioError(_too_large(len(data)), INPUT)
    _refuse_entity_declarations(data)
    # defusedxml refuses entities and external references again, whatever the
    # expat check above lets through (a second lock on the same door).
    try:
        root_element = defused_fromstring(data, forbid_dtd=False, forbid_entities=True)
    except (DefusedXmlException, ET.ParseError) as error:
        raise UsebioError(
            Text(gettext_noop("the document is refused (%(error)s)"), {"error": error}),
            "DOCTYPE",
        ) from error
    if root_element.tag != "USEBIO":
        raise UsebioError(
            Text(
                gettext_noop("root element must be USEBIO, got %(tag)s"),
                {"tag": root_element.tag},
            ),
            f"/{root_element.tag}",
        )
    root = _Node(root_element, "/USEBIO")
    version = root_element.get("Version")
    if version not in VERSIONS:
        raise UsebioError(
            Text(
                gettext_noop("USEBIO version %(version)s is not supported (only %(versions)s)"),
                {"version": repr(version), "versions": ", ".join(VERSIONS)},
            ),
            "/USEBIO/@Version",
        )

    event = root.child("EVENT")
    if event is None:
        raise UsebioError(Text(gettext_noop("EVENT is missing")), "/USEBIO/EVENT")
    event_type = (event.element.get("EVENT_TYPE") or "").strip()
    if event_type not in SUPPORTED_EVENT_TYPES:
        raise UnsupportedEventType(
            Text(
                gettext_noop("EVENT_TYPE %(event_type)s is not supported (supported: %(types)s)"),
                {"event_type": repr(event_type), "types": ", ".join(sorted(SUPPORTED_EVENT_TYPES))},
            ),
            f"{event.path}/@EVENT_TYPE",
        )
    nodes, section_ids = _containers(event)
    kind: Kind
    scoring: Scoring
    if event_type in TEAMS_EVENT_TYPES:
        kind, scoring = "teams", _team_scoring(event)
        sections = tuple(
            _teams_section(node, section_id, event_type)
            for node, section_id in zip(nodes, section_ids, strict=True)
        )
    elif event_type in INDIVIDUAL_EVENT_TYPES:
        method = event.text("BOARD_SCORING_METHOD")
        if method is not None and method.upper() != "MATCH_POINTS":
            raise UnsupportedEventType(
                Text(
                    gettext_noop(
                        "BOARD_SCORING_METHOD %(method)s is not supported for individuals "
                        "(supported: MATCH_POINTS)"
                    ),
                    {"method": repr(method)},
                ),
                f"{event.path}/BOARD_SCORING_METHOD",
            )
        kind, scoring = "individual", "match_points"
        sections = tuple(
            _individual_section(node, section_id, event_type)
            for node, section_id in zip(nodes, section_ids, strict=True)
        )
    else:
        kind, scoring = "pairs", PAIRS_EVENT_TYPES[event_type] or _infer_scoring(event)
        sections = tuple(
            _section(node, section_id, scoring)
            for node, section_id in zip(nodes, section_ids, strict=True)
        )
        _check_pairs(sections, [node.path for node in nodes])

    club_node = root.child("CLUB")
    contact_node = event.child("CONTACT")
    return UsebioEvent(
        version=version,
        club=None
        if club_node is None
        else UsebioClub(name=club_node.text("CLUB_NAME"), club_id=club_node.text("CLUB_ID_NUMBER")),
        event_type=event_type,
        scoring=scoring,
        identifier=event.text("EVENT_IDENTIFIER"),
        description=event.text("EVENT_DESCRIPTION"),
        title=event.text("TITLE"),
        date=_date(event),
        venue=event.text("VENUE"),
        program_name=event.text("PROGRAM_NAME"),
        program_version=event.text("PROGRAM_VERSION"),
        winner_type=event.integer("WINNER_TYPE"),
        master_point_scale=event.text("MASTER_POINT_SCALE"),
        master_point_type=event.text("MASTER_POINT_TYPE"),
        master_points_awarded=_flag(event, "MPS_AWARDED_FLAG"),
        session_count=event.integer_within("SESSION_COUNT", 1, MAX_SESSIONS),
        section_count=event.integer_within("SECTION_COUNT", 1, MAX_SECTIONS),
        boards_played=event.integer("BOARDS_PLAYED"),
        scoring_method=event.text("SCORING_METHOD"),
        pay_to_play_rate=event.decimal("P2P_CHARGE_RATE"),
        contact=None
        if contact_node is None
        else UsebioContact(
            full_name=contact_node.text("FULL_NAME"),
            scorer=contact_node.text("SCORER"),
            telephone=contact_node.text("TELEPHONE"),
            email=contact_node.text("EMAIL"),
        ),
        sections=sections,
        deals=_deals(root),
        kind=kind,
        board_scoring_method=event.text("BOARD_SCORING_METHOD"),
        match_scoring_method=event.text("MATCH_SCORING_METHOD"),
        boards_per_round=event.integer("BOARDS_PER_ROUND"),
        charge_code=event.text("EBU_CHARGE_CODE"),
        event_rating=event.text("EVENT_RATING"),
    )


def parse_usebio_file(path: str | PathLike[str]) -> UsebioEvent:
    """Read and parse a USEBIO 1.2 file."""
    file_path = Path(path)
    size = file_path.stat().st_size
    if size > MAX_BYTES:
        raise UsebioError(_too_large(size), str(file_path))
    return parse_usebio(file_path.read_bytes())


def _too_large(size: int) -> Text:
    return Text(
        gettext_noop("file is %(size)s bytes, more than %(most)s"),
        {"size": size, "most": MAX_BYTES},
    )
