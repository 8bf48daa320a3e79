"""PBN (Portable Bridge Notation) results files -> plain frozen dataclasses.

Source: the PBN standard 2.1 (``pbn_v21.txt``), its import format (section 2.1),
checked against the reference files in ``../shared/fixtures/pbn``. What is read
and checked, and what we decided where the standard leaves room, is in
docs/importers.md, "PBN 2.1".
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Final, Literal

from tournaments.domain.contract import (
    Contract,
    Doubling,
    PassedOut,
    Seat,
    Strain,
    Vulnerability,
)
from tournaments.importers.text import Text, gettext_noop, line_in

Severity = Literal["error", "warning"]
TableValue = str | int | Decimal | Contract | PassedOut | Seat | None

MAX_LINE_LENGTH: Final = 255
MAX_NOTE: Final = 32

# Internally seats are the letters N E S W; the dataclasses carry domain Seats.
_SEATS: Final = "NESW"
# Seats as the messages name them: words, which the reader's language has its own for.
_SEAT_NAMES: Final = {
    "N": Text(gettext_noop("North")),
    "E": Text(gettext_noop("East")),
    "S": Text(gettext_noop("South")),
    "W": Text(gettext_noop("West")),
}
_SUITS: Final = "SHDC"
# One template a suit for the messages that name one: "clubs" alone is a word the
# catalogue already has for clubs of members.
_REVOKE: Final = {
    "S": gettext_noop(
        "revoke: %(seat)s plays %(card)s on a spades lead while holding spades (mark it ^R if "
        "it happened)"
    ),
    "H": gettext_noop(
        "revoke: %(seat)s plays %(card)s on a hearts lead while holding hearts (mark it ^R if "
        "it happened)"
    ),
    "D": gettext_noop(
        "revoke: %(seat)s plays %(card)s on a diamonds lead while holding diamonds (mark it ^R "
        "if it happened)"
    ),
    "C": gettext_noop(
        "revoke: %(seat)s plays %(card)s on a clubs lead while holding clubs (mark it ^R if "
        "it happened)"
    ),
}
_NOT_A_REVOKE: Final = {
    "S": gettext_noop("^R marks %(card)s as a revoke, but %(seat)s has no spades"),
    "H": gettext_noop("^R marks %(card)s as a revoke, but %(seat)s has no hearts"),
    "D": gettext_noop("^R marks %(card)s as a revoke, but %(seat)s has no diamonds"),
    "C": gettext_noop("^R marks %(card)s as a revoke, but %(seat)s has no clubs"),
}
_RANKS: Final = "AKQJT98765432"
_BID_STRAINS: Final = ("C", "D", "H", "S", "NT")
_STRAINS: Final = {
    "C": Strain.CLUBS,
    "D": Strain.DIAMONDS,
    "H": Strain.HEARTS,
    "S": Strain.SPADES,
    "NT": Strain.NOTRUMP,
}
_DOUBLINGS: Final = {"": Doubling.UNDOUBLED, "X": Doubling.DOUBLED, "XX": Doubling.REDOUBLED}
_SUFFIXES: Final = frozenset({"!", "?", "!!", "??", "!?", "?!"})

# Section 3.4: the mandatory tag set, in its export order.
MANDATORY_TAGS: Final = tuple(
    "Event Site Date Board West North East South Dealer Vulnerable Deal Scoring "
    "Declarer Contract Result".split()
)
_TABLE_TAGS: Final = frozenset(
    "ActionTable AuctionTimeTable InstantScoreTable OptimumPlayTable OptimumResultTable "
    "PlayTimeTable ScoreTable TotalScoreTable".split()
)
# Tags whose value is any text.
_FREE_TEXT_TAGS: Final = frozenset(
    "Event Site West North East South Annotator AnnotatorNA Application BidSystemEW "
    "BidSystemNS DealId Description EastNA EventSponsor Generator HomeTeam NorthNA PairEW "
    "PairNS Room Section SouthNA Stage Termination TimeCall TimeCard TimeControl VisitTeam "
    "WestNA".split()
)
_OTHER_KNOWN_TAGS: Final = frozenset(
    "Date Board Dealer Vulnerable Deal Scoring Declarer Contract Result Auction Play Note "
    "Score ScoreIMP ScoreMP ScorePercentage ScoreRubber ScoreRubberHistory OptimumScore "
    "Competition EventDate UTCDate Time UTCTime FrenchMP Hidden Mode Round Table WestType "
    "NorthType EastType SouthType".split()
)
KNOWN_TAGS: Final = _FREE_TEXT_TAGS | _OTHER_KNOWN_TAGS | _TABLE_TAGS
_NOT_INHERITED: Final = frozenset(
    {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Result", "Auction", "Play", "Note"}
)
_ENUM_TAGS: Final[dict[str, frozenset[str]]] = {
    "Competition": frozenset({"Individuals", "Pairs", "Teams", "Chicago", "Rubber"}),
    "FrenchMP": frozenset({"Yes", "No"}),
    "WestType": frozenset({"human", "program"}),
    "NorthType": frozenset({"human", "program"}),
    "EastType": frozenset({"human", "program"}),
    "SouthType": frozenset({"human", "program"}),
}
_KNOWN_MODES: Final = frozenset({"EMB", "IBS", "OKB", "TABLE", "TC"})
_VULNERABLE: Final = {
    "None": Vulnerability.NONE,
    "Love": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "NS": Vulnerability.NS,
    "EW": Vulnerability.EW,
    "All": Vulnerability.BOTH,
    "Both": Vulnerability.BOTH,
}

# Table columns whose values are typed; any other column keeps its text.
_INT_COLUMNS: Final = frozenset(
    {"Rank", "Result", "Score", "Score_NS", "Score_EW", "NrBoards", "Multiplicity", "Table"}
)
_DECIMAL_PREFIXES: Final = ("MP", "IMP", "Percentage", "Total")
_SEAT_COLUMNS: Final = frozenset({"Declarer"})
_CONTRACT_COLUMNS: Final = frozenset({"Contract"})


# ---------------------------------------------------------------------------
# Public values


@dataclass(frozen=True)
class PbnProblem:
    """One problem in a PBN file: ``line`` (1-based) and what is wrong (``text``;
    ``message`` reads it in English)."""

    line: int
    text: Text
    severity: Severity = "error"
    filename: str = ""

    @property
    def message(self) -> str:
        return str(self.text)

    @property
    def place(self) -> Text:
        return line_in(self.filename, self.line)

    def __str__(self) -> str:
        kind = " (warning)" if self.severity == "warning" else ""
        return f"{self.place}: {self.message}{kind}"


class PbnError(ValueError):
    """The file breaks the PBN standard; ``problems`` lists every finding by line.

    ``problems`` holds the errors and the warnings found in the same pass,
    ``errors`` only the errors (there is always at least one).
    """

    def __init__(self, problems: Sequence[PbnProblem], filename: str = "") -> None:
        self.problems = tuple(problems)
        self.filename = filename
        shown = "\n".join(str(problem) for problem in self.errors)
        super().__init__(f"{len(self.errors)} error(s) in {filename or 'the PBN text'}:\n{shown}")

    @property
    def errors(self) -> tuple[PbnProblem, ...]:
        return tuple(problem for problem in self.problems if problem.severity == "error")


@dataclass(frozen=True)
class Hand:
    """One hand: the ranks held in each suit, high to low (``"AKT2"``)."""

    spades: str
    hearts: str
    diamonds: str
    clubs: str

    @property
    def cards(self) -> tuple[str, ...]:
        """Cards as suit and rank, ``("SA", "SK", ..., "C2")``."""
        return tuple(
            suit + rank
            for suit, ranks in zip(
                _SUITS, (self.spades, self.hearts, self.diamonds, self.clubs), strict=True
            )
            for rank in ranks
        )

    def __len__(self) -> int:
        return len(self.spades) + len(self.hearts) + len(self.diamonds) + len(self.clubs)

    def __str__(self) -> str:
        return ".".join((self.spades, self.hearts, self.diamonds, self.clubs))


@dataclass(frozen=True)
class Deal:
    """The four hands; ``None`` for a hand the file leaves out (``-``)."""

    north: Hand | None
    east: Hand | None
    south: Hand | None
    west: Hand | None

    def hand(self, seat: Seat) -> Hand | None:
        return {
            Seat.NORTH: self.north,
            Seat.EAST: self.east,
            Seat.SOUTH: self.south,
            Seat.WEST: self.west,
        }[seat]

    @property
    def is_complete(self) -> bool:
        """All four hands of 13 cards (the parser has checked the 52 are distinct)."""
        hands = (self.north, self.east, self.south, self.west)
        return all(hand is not None and len(hand) == 13 for hand in hands)

    def __str__(self) -> str:
        hands = (self.north, self.east, self.south, self.west)
        return "N:" + " ".join("-" if hand is None else str(hand) for hand in hands)


@dataclass(frozen=True)
class Auction:
    """The auction section: calls from ``first`` on, as normalised text.

    ``calls`` holds ``-`` for the seats before the dealer and ``^S`` for a
    skipped turn; annotations are left out. ``contract`` and ``declarer`` come
    from the calls when the auction is complete (``None`` otherwise).
    """

    line: int
    first: Seat
    calls: tuple[str, ...]
    complete: bool
    contract: Contract | PassedOut | None
    declarer: Seat | None


@dataclass(frozen=True)
class Play:
    """The play section: tricks as written, in columns from ``leader`` on.

    A card is ``"SA"``; ``None`` stands for ``-``, ``+`` or a missing card.
    ``declarer_tricks`` counts the tricks shown that declarer's side won, when
    every winner can be told.
    """

    line: int
    leader: Seat
    tricks: tuple[tuple[str | None, ...], ...]
    declarer_tricks: int | None


@dataclass(frozen=True)
class TableColumn:
    """A column of a table: ``order`` ``+`` is high to low, ``-`` low to high."""

    name: str
    width: int | None
    align: Literal["L", "R"] | None
    order: Literal["+", "-"] | None


@dataclass(frozen=True)
class TableRow:
    """One table row: typed ``values`` and the ``raw`` text, by column."""

    line: int
    columns: tuple[str, ...]
    values: tuple[TableValue, ...]
    raw: tuple[str, ...]

    def __getitem__(self, column: str) -> TableValue:
        try:
            return self.values[self.columns.index(column)]
        except ValueError:
            raise KeyError(column) from None

    def get(self, column: str, default: TableValue = None) -> TableValue:
        return self[column] if column in self.columns else default

    def as_dict(self) -> dict[str, TableValue]:
        return dict(zip(self.columns, self.values, strict=True))


@dataclass(frozen=True)
class PbnTable:
    """A table tag (``ScoreTable``, ``TotalScoreTable`` ...) with its rows."""

    name: str
    line: int
    columns: tuple[TableColumn, ...]
    rows: tuple[TableRow, ...]

    @property
    def column_names(self) -> tuple[str, ...]:
        return tuple(column.name for column in self.columns)


@dataclass(frozen=True)
class PbnGame:
    """One game (usually one board at one table) with its tags and tables.

    ``tags`` are the final values after inheritance, in file order (notes are
    in the sections). ``?`` (unknown) and empty values read as ``None`` in the
    typed fields. ``result`` is the number of tricks declarer took when the
    Result tag says it or the declarer is known; ``contract`` is ``None`` for
    an end position that names only the trump suit.
    """

    line: int
    tags: tuple[tuple[str, str], ...]
    event: str | None
    site: str | None
    date: date | None
    board: int | None
    dealer: Seat | None
    vulnerable: Vulnerability | None
    deal: Deal | None
    scoring: str | None
    declarer: Seat | None
    declarer_irregular: bool
    contract: Contract | PassedOut | None
    result: int | None
    result_irregular: bool
    auction: Auction | None
    play: Play | None
    tables: tuple[PbnTable, ...]
    # The line each tag was written on (an inherited tag: the game's first line), so a
    # reader of the tags can point at the one that is wrong.
    tag_lines: tuple[tuple[str, int], ...] = ()

    def tag(self, name: str) -> str | None:
        for tag_name, value in self.tags:
            if tag_name == name:
                return value
        return None

    def tag_line(self, name: str) -> int:
        """The line of tag ``name``; the game's first line when the game has no such tag."""
        for tag_name, line in self.tag_lines:
            if tag_name == name:
                return line
        return self.line

    def table(self, name: str) -> PbnTable | None:
        for table in self.tables:
            if table.name == name:
                return table
        return None

    @property
    def score_table(self) -> PbnTable | None:
        """The board's traveller (``ScoreTable``), if the game has one."""
        return self.table("ScoreTable")

    @property
    def total_score_table(self) -> PbnTable | None:
        """The ranking (``TotalScoreTable``), if the game has one."""
        return self.table("TotalScoreTable")


@dataclass(frozen=True)
class PbnFile:
    filename: str
    version: str | None
    games: tuple[PbnGame, ...]
    warnings: tuple[PbnProblem, ...] = field(default=())

    @property
    def score_tables(self) -> tuple[tuple[PbnGame, PbnTable], ...]:
        return tuple((game, game.score_table) for game in self.games if game.score_table)

    @property
    def total_score_tables(self) -> tuple[tuple[PbnGame, PbnTable], ...]:
        return tuple(
            (game, game.total_score_table) for game in self.games if game.total_score_table
        )


def decode_pbn(data: bytes) -> str:
    """Bytes of a PBN file as text: UTF-8 (with or without BOM), else ISO 8859-1.

    The standard's character set is ISO 8859-1, but many programs now write
    UTF-8; a Latin-1 file with accented letters is never valid UTF-8, so
    trying UTF-8 first cannot misread one.
    """
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def parse_pbn(text: str, *, filename: str = "") -> PbnFile:
    """Parse PBN text; raise :class:`PbnError` listing every error found."""
    return _Parser(text, filename).parse()


# ---------------------------------------------------------------------------
# Scanning


@dataclass
class _Token:
    kind: Literal["blank", "escape", "lbracket", "rbracket", "string", "word", "comment"]
    text: str
    line: int
    col: int
    closed: bool = True


@dataclass
class _RowLine:
    line: int
    elements: list[str]


class _Scanner:
    """Turns lines into tokens; table rows are read line by line on request."""

    def __init__(self, lines: list[str], report: _Reporter) -> None:
        self.lines = lines
        self.report = report
        self.row = 0
        self.col = 0
        self.pushed: list[_Token] = []

    def push_back(self, token: _Token) -> None:
        self.pushed.append(token)

    def next(self) -> _Token | None:
        if self.pushed:
            return self.pushed.pop()
        while self.row < len(self.lines):
            line = self.lines[self.row]
            number = self.row + 1
            if self.col == 0:
                if not line.strip():
                    self.row += 1
                    return _Token("blank", "", number, 0)
                if line.startswith("%"):
                    self.row += 1
                    return _Token("escape", line, number, 0)
            if self.col >= len(line):
                self.row += 1
                self.col = 0
                continue
            char = line[self.col]
            start = self.col
            if char in " \t\v\f":
                self.col += 1
            elif char == "[":
                self.col += 1
                return _Token("lbracket", "[", number, start)
            elif char == "]":
                self.col += 1
                return _Token("rbracket", "]", number, start)
            elif char == '"':
                text, end, closed = _read_string(line, start, number, self.report)
                self.col = end
                return _Token("string", text, number, start, closed)
            elif char == "{":
                self._skip_brace_comment()
                return _Token("comment", "{", number, start)
            elif char == ";":
                self.col = len(line)
                return _Token("comment", ";", number, start)
            else:
                end = start
                # A stray '}' stays in the word and is reported with it.
                while end < len(line) and line[end] not in ' \t\v\f[]{;"':
                    end += 1
                self.col = end
                return _Token("word", line[start:end], number, start)
        return None

    def _skip_brace_comment(self) -> None:
        start_line = self.row + 1
        line = self.lines[self.row]
        end = line.find("}", self.col + 1)
        while end < 0:
            self.row += 1
            if self.row >= len(self.lines):
                self.report.error(start_line, NOT_CLOSED_COMMENT)
                self.col = 0
                return
            line = self.lines[self.row]
            end = line.find("}")
        self.col = end + 1

    def read_table_rows(self) -> list[_RowLine]:
        """Rows after a table tag: whole lines up to a tag, an empty line or the end."""
        rows: list[_RowLine] = []
        in_comment = False
        # The rest of the tag's own line may hold commentary only.
        first = self._row_elements(self.lines[self.row], self.row + 1, self.col, in_comment)
        in_comment = first[1]
        if first[0]:
            rows.append(_RowLine(self.row + 1, first[0]))
        self.row += 1
        self.col = 0
        while self.row < len(self.lines):
            line = self.lines[self.row]
            if in_comment:
                end = line.find("}")
                if end < 0:
                    self.row += 1
                    continue
                in_comment = False
                elements, in_comment = self._row_elements(line, self.row + 1, end + 1, False)
            else:
                if not line.strip() or line.lstrip().startswith("["):
                    break
                if line.startswith("%"):
                    self.row += 1
                    continue
                elements, in_comment = self._row_elements(line, self.row + 1, 0, False)
            if elements:
                rows.append(_RowLine(self.row + 1, elements))
            self.row += 1
        if in_comment:
            self.report.error(self.row, NOT_CLOSED_COMMENT)
        return rows

    def _row_elements(
        self, line: str, number: int, start: int, in_comment: bool
    ) -> tuple[list[str], bool]:
        elements: list[str] = []
        position = start
        while position < len(line):
            char = line[position]
            if char in " \t\v\f":
                position += 1
            elif char == '"':
                text, position, closed = _read_string(line, position, number, self.report)
                if not closed:
                    return [], False  # reported; the broken row is left out
                elements.append(text)
            elif char in "{;" and not elements:
                if char == ";":
                    return elements, False
                end = line.find("}", position + 1)
                if end < 0:
                    return elements, True
                position = end + 1
            elif char in "[]{};%":
                self.report.error(
                    number,
                    Text(
                        gettext_noop(
                            "'%(char)s' is not allowed in a table row "
                            "(no commentary, brackets or '%%' inside table rows)"
                        ),
                        {"char": char},
                    ),
                )
                return [], False  # reported; the broken row is left out
            else:
                end = position
                while end < len(line) and line[end] not in ' \t\v\f"[]{};%':
                    end += 1
                elements.append(line[position:end])
                position = end
        return elements, in_comment


def _read_string(line: str, start: int, number: int, report: _Reporter) -> tuple[str, int, bool]:
    """The string starting at ``line[start]`` (a quote): text, end position, closed."""
    chars: list[str] = []
    position = start + 1
    while position < len(line):
        char = line[position]
        if char == "\\" and position + 1 < len(line) and line[position + 1] in '"\\':
            chars.append(line[position + 1])
            position += 2
            continue
        if char == '"':
            return "".join(chars), position + 1, True
        if char == "\t":
            report.error(
                number, Text(gettext_noop("a tab character is not allowed inside a string"))
            )
        chars.append(char)
        position += 1
    if line.rstrip().endswith('\\"]') or line.rstrip().endswith('\\"'):
        report.error(
            number,
            Text(
                gettext_noop(
                    "string is not closed with '\"' on its line (a backslash before the "
                    "closing quote escapes it)"
                )
            ),
        )
    else:
        report.error(number, Text(gettext_noop("string is not closed with '\"' on its line")))
    return "".join(chars), len(line), False


class _Reporter:
    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.problems: list[PbnProblem] = []

    def error(self, line: int, text: Text) -> None:
        problem = PbnProblem(line, text, "error", self.filename)
        # One unreadable token repeated on a line ('-- -- --') is one finding.
        if problem not in self.problems:
            self.problems.append(problem)

    def warning(self, line: int, text: Text) -> None:
        self.problems.append(PbnProblem(line, text, "warning", self.filename))


NOT_CLOSED_COMMENT = Text(gettext_noop("commentary '{' is never closed with '}'"))


# ---------------------------------------------------------------------------
# Building games


@dataclass
class _Tag:
    name: str
    raw: str
    line: int
    value: str | None = None  # after inheritance; None when it could not be resolved


@dataclass
class _Piece:
    kind: Literal["main", "irregularity", "suffix", "nag", "note"]
    text: str
    line: int


@dataclass
class _Section:
    kind: Literal["Auction", "Play"]
    tag: _Tag
    pieces: list[_Piece] = field(default_factory=list)
    mains_per_line: dict[int, int] = field(default_factory=dict)
    notes: list[_Tag] = field(default_factory=list)
    check: _SectionCheck | None = None


@dataclass
class _TableTag:
    tag: _Tag
    rows: list[_RowLine]


@dataclass
class _GameBuilder:
    line: int
    export: bool
    tags: list[_Tag] = field(default_factory=list)
    by_name: dict[str, _Tag] = field(default_factory=dict)
    sections: list[_Section] = field(default_factory=list)
    tables: list[_TableTag] = field(default_factory=list)
    current: _Section | None = None


_WORD_PIECE = re.compile(
    r"(?P<nag>\$[^$=!?^\s]*)|(?P<note>=[^=\s]*=)|(?P<suffix>[!?]+)"
    r"|(?P<irregularity>\^[A-Za-z]?)|(?P<main>[A-Za-z0-9]+|[-+*])"
)


NO_TAG_NAME = Text(gettext_noop("'[' is not followed by a tag name"))


class _Parser:
    def __init__(self, text: str, filename: str) -> None:
        self.filename = filename
        self.report = _Reporter(filename)
        if text.startswith("\ufeff"):
            text = text[1:]
        # Only CR LF, LF and CR end a line: str.splitlines would also split
        # at U+0085, a character the checks below must see.
        lines = re.split(r"\r\n|\r|\n", text)
        if lines and lines[-1] == "":
            lines.pop()
        self.lines = lines
        self.scanner = _Scanner(lines, self.report)
        self.version: str | None = None
        self.games: list[PbnGame] = []
        self.previous: dict[str, str] = {}
        self.defaults: dict[str, str] = {}
        self.export_file = False
        self.export_next = False
        self.seen_tag = False
        self.unexpected_lines: set[int] = set()

    def parse(self) -> PbnFile:
        self._check_lines()
        game: _GameBuilder | None = None
        while (token := self.scanner.next()) is not None:
            if token.kind == "blank":
                self._finish(game)
                game = None
            elif token.kind == "escape":
                self._escape(token, game)
            elif token.kind == "comment":
                continue
            elif token.kind == "lbracket":
                game = self._tag(token, game)
            else:
                self._section_token(token, game)
        self._finish(game)
        problems = sorted(self.report.problems, key=lambda problem: problem.line)
        if any(problem.severity == "error" for problem in problems):
            raise PbnError(problems, self.filename)
        return PbnFile(self.filename, self.version, tuple(self.games), tuple(problems))

    def _check_lines(self) -> None:
        for number, line in enumerate(self.lines, start=1):
            # The limit counts the line end too: the reference files allow 254
            # characters before it and flag 255.
            if len(line) + 1 > MAX_LINE_LENGTH:
                self.report.error(
                    number,
                    Text(
                        gettext_noop(
                            "line too long: %(length)s characters and the line end, "
                            "at most %(most)s in all"
                        ),
                        {"length": len(line), "most": MAX_LINE_LENGTH},
                    ),
                )
            for char in line:
                code = ord(char)
                if (code < 32 and char != "\t") or 127 <= code <= 159:
                    self.report.error(
                        number,
                        Text(
                            gettext_noop(
                                "character %(code)s is not allowed "
                                "(not a printable ISO 8859-1 character)"
                            ),
                            {"code": f"U+{code:04X}"},
                        ),
                    )
                    break

    def _escape(self, token: _Token, game: _GameBuilder | None) -> None:
        text = token.text[1:].strip()
        version = re.fullmatch(r"PBN\s+(\d+\.\d+)", text)
        if version and self.version is None:
            self.version = version[1]
        elif text == "EXPORT":
            if not self.seen_tag:
                self.export_file = True
            elif game is not None:
                game.export = True
            else:
                self.export_next = True

    # -- tags

    def _next_significant(self) -> _Token | None:
        token = self.scanner.next()
        while token is not None and token.kind == "comment":
            token = self.scanner.next()
        return token

    def _tag(self, bracket: _Token, game: _GameBuilder | None) -> _GameBuilder | None:
        name_token = self._next_significant()
        if name_token is None or name_token.kind in ("blank", "escape"):
            self.report.error(bracket.line, NO_TAG_NAME)
            if name_token is not None:
                self.scanner.push_back(name_token)
            return game
        if name_token.kind != "word":
            self.report.error(bracket.line, NO_TAG_NAME)
            if name_token.kind != "rbracket":
                self.scanner.push_back(name_token)
            return game
        name = name_token.text
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", name):
            self.report.error(
                name_token.line,
                Text(gettext_noop("bad tag name %(name)s"), {"name": repr(name)}),
            )
        value_token = self._next_significant()
        if value_token is None or value_token.kind in ("blank", "escape", "lbracket"):
            self.report.error(
                bracket.line,
                Text(gettext_noop("tag %(name)s has no value and no closing ']'"), {"name": name}),
            )
            if value_token is not None:
                self.scanner.push_back(value_token)
            return game
        if value_token.kind == "rbracket":
            self.report.error(
                bracket.line,
                Text(
                    gettext_noop('tag %(name)s has no value (expected [%(name)s "..."])'),
                    {"name": name},
                ),
            )
            return game
        if value_token.kind == "word":
            self.report.error(
                value_token.line,
                Text(
                    gettext_noop(
                        "the value of tag %(name)s must be a string in double quotes, got %(value)s"
                    ),
                    {"name": name, "value": repr(value_token.text)},
                ),
            )
            closing = self._next_significant()
            if closing is not None and closing.kind != "rbracket":
                self.scanner.push_back(closing)
            return game
        if value_token.kind != "string":
            self.report.error(
                value_token.line,
                Text(
                    gettext_noop("tag %(name)s: unexpected %(value)s"),
                    {"name": name, "value": repr(value_token.text)},
                ),
            )
            return game
        if not value_token.closed:
            # The string ran to the end of the line and took the ']' with it.
            return game
        closing = self._next_significant()
        if closing is None or closing.kind != "rbracket":
            self.report.error(
                value_token.line,
                Text(gettext_noop("tag %(name)s is not closed with ']'"), {"name": name}),
            )
            if closing is not None:
                self.scanner.push_back(closing)
        return self._accept_tag(bracket, name, value_token.text, game)

    def _accept_tag(
        self, bracket: _Token, name: str, raw: str, game: _GameBuilder | None
    ) -> _GameBuilder:
        if game is not None and name == "Event" and "Event" in game.by_name:
            # Files written without empty lines between games: Event starts the next.
            self._finish(game)
            game = None
        if game is None:
            game = _GameBuilder(bracket.line, self.export_file or self.export_next)
            self.export_next = False
        self.seen_tag = True
        if game.export:
            before = self.lines[bracket.line - 1][: bracket.col]
            if bracket.col != 0 or before.strip():
                self.report.error(
                    bracket.line,
                    Text(
                        gettext_noop(
                            "export format: tag %(name)s must stand alone at the start of its line"
                        ),
                        {"name": name},
                    ),
                )
        tag = _Tag(name, raw, bracket.line)
        game.current = None
        if name == "Note":
            section = game.sections[-1] if game.sections else None
            if section is None:
                self.report.error(
                    tag.line,
                    Text(
                        gettext_noop(
                            "a Note tag must follow the Auction or Play section it annotates"
                        )
                    ),
                )
            else:
                section.notes.append(tag)
            return game
        if name in game.by_name:
            first = game.by_name[name]
            self.report.error(
                tag.line,
                Text(
                    gettext_noop(
                        "tag %(name)s is given twice in one game (first at line %(first)s)"
                    ),
                    {"name": name, "first": first.line},
                ),
            )
            if name in ("Auction", "Play"):
                # Read the repeated section's tokens so they are not taken for stray text.
                game.current = _Section(_section_kind(name), tag)
            elif name in _TABLE_TAGS:
                self.scanner.read_table_rows()
            return game
        if name not in KNOWN_TAGS:
            self.report.warning(
                tag.line,
                Text(gettext_noop("unknown tag %(name)s (kept, not checked)"), {"name": name}),
            )
        game.tags.append(tag)
        game.by_name[name] = tag
        if name in ("Auction", "Play"):
            section = _Section(_section_kind(name), tag)
            game.sections.append(section)
            game.current = section
        elif name in _TABLE_TAGS:
            game.tables.append(_TableTag(tag, self.scanner.read_table_rows()))
        return game

    def _section_token(self, token: _Token, game: _GameBuilder | None) -> None:
        section = game.current if game is not None else None
        if section is None or token.kind != "word":
            if token.line not in self.unexpected_lines:
                what = "']'" if token.kind == "rbracket" else repr(token.text)
                self.report.error(
                    token.line,
                    Text(
                        gettext_noop("unexpected %(what)s: text outside a tag pair or a section"),
                        {"what": what},
                    ),
                )
                self.unexpected_lines.add(token.line)
            return
        for piece in _split_word(token, self.report):
            section.pieces.append(piece)
            if piece.kind == "main" or (piece.kind == "irregularity" and piece.text == "^S"):
                section.mains_per_line[piece.line] = section.mains_per_line.get(piece.line, 0) + 1

    # -- finishing a game

    def _finish(self, game: _GameBuilder | None) -> None:
        if game is not None:
            self._inherit(game)
            self.games.append(_GameChecker(game, self.report).check())

    def _inherit(self, game: _GameBuilder) -> None:
        for section in game.sections:
            for note in section.notes:
                if note.raw == "#" or note.raw.startswith("##"):
                    self.report.error(
                        note.line,
                        Text(gettext_noop("a Note cannot be inherited from the previous game")),
                    )
                else:
                    note.value = note.raw
        for tag in game.tags:
            raw = tag.raw
            if raw == "#" or raw.startswith("##"):
                if tag.name in _NOT_INHERITED:
                    self.report.error(
                        tag.line,
                        Text(
                            gettext_noop(
                                "tag %(name)s describes one deal and cannot be inherited "
                                "(%(raw)s) from the previous game"
                            ),
                            {"name": tag.name, "raw": repr(raw)},
                        ),
                    )
                    tag.value = None
                    continue
                rest = raw[2:] if raw.startswith("##") else ""
                if rest:
                    tag.value = rest
                elif tag.name in self.previous:
                    tag.value = self.previous[tag.name]
                else:
                    self.report.error(
                        tag.line,
                        Text(
                            gettext_noop("tag %(name)s %(raw)s: the previous game has no %(name)s"),
                            {"name": tag.name, "raw": repr(raw)},
                        ),
                    )
                    tag.value = None
                if raw.startswith("##") and tag.value is not None:
                    self.defaults[tag.name] = tag.value
                elif raw == "#":
                    self.defaults.pop(tag.name, None)
            else:
                tag.value = raw
                self.defaults.pop(tag.name, None)
        for name, value in self.defaults.items():
            if name not in game.by_name:
                inherited = _Tag(name, value, game.line, value)
                game.tags.append(inherited)
                game.by_name[name] = inherited
        self.previous = {tag.name: tag.value for tag in game.tags if tag.value is not None}


PieceKind = Literal["main", "irregularity", "suffix", "nag", "note"]
_PIECE_KINDS: Final[dict[str, PieceKind]] = {
    "main": "main",
    "irregularity": "irregularity",
    "suffix": "suffix",
    "nag": "nag",
    "note": "note",
}


def _section_kind(name: str) -> Literal["Auction", "Play"]:
    return "Auction" if name == "Auction" else "Play"


def _split_word(token: _Token, report: _Reporter) -> Iterator[_Piece]:
    """Pieces of one section word: ``2NT?=1=`` -> main, suffix, note."""
    word = token.text
    position = 0
    mains = 0
    pieces: list[_Piece] = []
    while position < len(word):
        match = _WORD_PIECE.match(word, position)
        if match is None or match.lastgroup is None:
            mains = 2
            break
        if match.lastgroup == "main":
            mains += 1
        pieces.append(_Piece(_PIECE_KINDS[match.lastgroup], match.group(), token.line))
        position = match.end()
    if mains > 1:
        # '--' or 'H2*': one unknown token that still takes one place.
        report.error(token.line, Text(gettext_noop("unknown token %(word)s"), {"word": repr(word)}))
        yield _Piece("main", "?" + word, token.line)
        return
    yield from pieces


# ---------------------------------------------------------------------------
# Checking one game


@dataclass
class _Item:
    """A call or a card with its annotations, while a section is checked."""

    text: str
    line: int
    marks: list[str] = field(default_factory=list)
    evaluated: str | None = None
    suffix: str | None = None
    note: int | None = None


@dataclass
class _Deal:
    hands: dict[str, set[str] | None]
    counts: dict[str, int]

    @property
    def full(self) -> bool:
        return all(count == 13 for count in self.counts.values())


def _seat_after(seat: str, steps: int = 1) -> str:
    return _SEATS[(_SEATS.index(seat) + steps) % 4]


def _side(seat: str) -> str:
    return "NS" if seat in "NS" else "EW"


def _card_order(card: str) -> int:
    return _RANKS.index(card[1])


class _GameChecker:
    def __init__(self, game: _GameBuilder, report: _Reporter) -> None:
        self.game = game
        self.report = report
        self.values: dict[str, str] = {
            tag.name: tag.value for tag in game.tags if tag.value is not None
        }

    def value(self, name: str) -> str | None:
        return self.values.get(name)

    def line(self, name: str) -> int:
        tag = self.game.by_name.get(name)
        return tag.line if tag is not None else self.game.line

    def error(self, line: int, text: Text) -> None:
        self.report.error(line, text)

    def check(self) -> PbnGame:
        for tag in self.game.tags:
            if tag.value is not None:
                self._check_value(tag.name, tag.value, tag.line)
        dealer = self._seat_tag("Dealer")
        vulnerable = self._vulnerable()
        deal = self._deal()
        contract_text, contract = self._contract()
        declarer, declarer_irregular = self._declarer()
        auction = self._auction(dealer)
        self._auction_agrees(auction, contract_text, declarer, declarer_irregular)
        play = self._play(deal, declarer, contract_text)
        result, result_irregular = self._result(declarer, declarer_irregular, contract_text, play)
        self._rubber_history(vulnerable)
        for section in self.game.sections:
            self._notes(section)
        tables = tuple(self._table(table) for table in self.game.tables)
        if self.game.export:
            self._export_checks()
        return PbnGame(
            line=self.game.line,
            tags=tuple((tag.name, tag.value) for tag in self.game.tags if tag.value is not None),
            event=self._text("Event"),
            site=self._text("Site"),
            date=self._date(),
            board=self._board(),
            dealer=Seat(dealer) if dealer else None,
            vulnerable=vulnerable,
            deal=self._deal_value(deal),
            scoring=self._text("Scoring"),
            declarer=Seat(declarer) if declarer else None,
            declarer_irregular=declarer_irregular,
            contract=contract,
            result=result,
            result_irregular=result_irregular,
            auction=auction.value if auction else None,
            play=play.value if play else None,
            tables=tables,
            tag_lines=tuple(
                (tag.name, tag.line) for tag in self.game.tags if tag.value is not None
            ),
        )

    # -- plain tag values

    def _text(self, name: str) -> str | None:
        value = self.value(name)
        return None if value in (None, "", "?") else value

    def _check_value(self, name: str, value: str, line: int) -> None:
        if name in _FREE_TEXT_TAGS or name not in KNOWN_TAGS or value in ("", "?"):
            return
        problem = _value_problem(name, value)
        if problem:
            self.error(line, problem)

    def _date(self) -> date | None:
        value = self.value("Date")
        match = re.fullmatch(r"(\d{4})\.(\d{2})\.(\d{2})", value or "")
        if not match:
            return None
        try:
            return date(int(match[1]), int(match[2]), int(match[3]))
        except ValueError:
            return None

    def _board(self) -> int | None:
        value = self.value("Board")
        return int(value) if value and value.isdigit() else None

    def _seat_tag(self, name: str) -> str | None:
        value = self.value(name)
        return value if value is not None and len(value) == 1 and value in _SEATS else None

    def _vulnerable(self) -> Vulnerability | None:
        return _VULNERABLE.get(self.value("Vulnerable") or "")

    # -- deal

    def _deal(self) -> _Deal | None:
        value = self.value("Deal")
        if value in (None, "", "?"):
            return None
        deal, problems = _parse_deal(value)
        for problem in problems:
            self.error(self.line("Deal"), problem)
        return deal if not problems else None

    def _deal_value(self, deal: _Deal | None) -> Deal | None:
        if deal is None:
            return None

        def hand(seat: str) -> Hand | None:
            cards = deal.hands[seat]
            if cards is None:
                return None
            by_suit = [
                "".join(sorted((c[1] for c in cards if c[0] == suit), key=_RANKS.index))
                for suit in _SUITS
            ]
            return Hand(*by_suit)

        return Deal(hand("N"), hand("E"), hand("S"), hand("W"))

    # -- contract, declarer

    def _contract(self) -> tuple[str | None, Contract | PassedOut | None]:
        value = self.value("Contract")
        match = _CONTRACT.fullmatch(value or "")
        if not match:
            return None, None
        if match["pass"]:
            return "Pass", PassedOut()
        if not match["level"]:
            return value, None
        return value, Contract(
            int(match["level"]), _STRAINS[match["strain"]], _DOUBLINGS[match["risk"] or ""]
        )

    def _declarer(self) -> tuple[str | None, bool]:
        value = self.value("Declarer") or ""
        match = re.fullmatch(r"(\^?)([NESW])", value)
        if not match:
            return None, False
        return match[2], bool(match[1])

    # -- auction

    def _auction(self, dealer: str | None) -> _AuctionCheck | None:
        sections = [section for section in self.game.sections if section.kind == "Auction"]
        if not sections:
            return None
        section = sections[0]
        first = section.tag.value
        if first is None:
            return None
        if first not in ("N", "E", "S", "W"):
            if first not in ("", "?"):
                self.error(
                    section.tag.line,
                    Text(
                        gettext_noop("Auction must name the first seat, got %(value)s"),
                        {"value": repr(first)},
                    ),
                )
            return None
        if dealer is None:
            self.error(
                section.tag.line,
                Text(
                    gettext_noop("the Auction section needs a Dealer tag (the dealer calls first)")
                ),
            )
            return None
        check = _AuctionCheck(section, first, dealer, self.report)
        check.run()
        return check

    def _auction_agrees(
        self,
        auction: _AuctionCheck | None,
        contract_text: str | None,
        declarer: str | None,
        declarer_irregular: bool,
    ) -> None:
        if auction is None or not auction.complete or auction.failed:
            return
        final = auction.final_contract_text
        if contract_text is not None and contract_text != final:
            self.error(
                self.line("Contract"),
                Text(
                    gettext_noop(
                        "Contract %(contract)s does not agree with the auction, which ends in "
                        "%(final)s"
                    ),
                    {"contract": contract_text, "final": final},
                ),
            )
        natural = auction.natural_declarer
        if declarer is None or natural is None:
            return
        if not declarer_irregular and declarer != natural:
            self.error(
                self.line("Declarer"),
                Text(
                    gettext_noop(
                        "Declarer %(declarer)s does not agree with the auction: "
                        "%(natural)s named the strain first"
                    ),
                    {"declarer": declarer, "natural": _SEAT_NAMES[natural]},
                ),
            )
        if declarer_irregular and declarer == natural:
            self.error(
                self.line("Declarer"),
                Text(
                    gettext_noop(
                        "Declarer ^%(declarer)s is marked irregular, but the auction makes "
                        "%(natural)s declarer regularly"
                    ),
                    {"declarer": declarer, "natural": _SEAT_NAMES[natural]},
                ),
            )

    # -- play

    def _play(
        self, deal: _Deal | None, declarer: str | None, contract_text: str | None
    ) -> _PlayCheck | None:
        sections = [section for section in self.game.sections if section.kind == "Play"]
        if not sections:
            return None
        section = sections[0]
        leader = section.tag.value
        if leader is None:
            return None
        if leader not in ("N", "E", "S", "W"):
            if leader not in ("", "?"):
                self.error(
                    section.tag.line,
                    Text(
                        gettext_noop("Play must name the first seat, got %(value)s"),
                        {"value": repr(leader)},
                    ),
                )
            return None
        line = section.tag.line
        missing = []
        if self.value("Deal") in (None, "", "?"):
            missing.append("Deal")
        if contract_text is None and self.value("Contract") in (None, "", "?"):
            missing.append("Contract")
        full_deal = deal is None or deal.full
        if full_deal and declarer is None and self.value("Declarer") in (None, "", "?"):
            missing.append("Declarer")
        if len(missing) == 1:
            self.error(
                line,
                Text(gettext_noop("the Play section needs a %(tag)s tag"), {"tag": missing[0]}),
            )
        elif missing:
            self.error(
                line,
                Text(
                    gettext_noop("the Play section needs the tags %(tags)s"),
                    {"tags": ", ".join(missing)},
                ),
            )
        trump: str | None = None
        trump_known = False
        if contract_text and contract_text != "Pass":
            match = _CONTRACT.fullmatch(contract_text)
            if match:
                trump = None if match["strain"] == "NT" else match["strain"]
                trump_known = True
        if contract_text == "Pass":
            self.error(line, Text(gettext_noop("a passed-out board has no play")))
        if declarer is not None and deal is not None and deal.full:
            expected = _seat_after(declarer)
            if leader != expected:
                self.error(
                    line,
                    Text(
                        gettext_noop(
                            "the Play section must start with the opening leader "
                            "%(leader)s (left of declarer %(declarer)s)"
                        ),
                        {"leader": _SEAT_NAMES[expected], "declarer": _SEAT_NAMES[declarer]},
                    ),
                )
        check = _PlayCheck(section, leader, deal, declarer, trump, trump_known, self.report)
        check.run()
        return check

    # -- result

    def _result(
        self,
        declarer: str | None,
        declarer_irregular: bool,
        contract_text: str | None,
        play: _PlayCheck | None,
    ) -> tuple[int | None, bool]:
        value = self.value("Result")
        if value in (None, "", "?"):
            return None, False
        line = self.line("Result")
        plain = re.fullmatch(r"(\^?)(\d+)", value or "")
        sides = _side_numbers(value or "", _INTEGER)
        if plain:
            tricks: int | None = int(plain[2])
            irregular = bool(plain[1])
        elif sides:
            irregular = False
            if declarer is None:
                tricks = None
            else:
                own = sides.get(_side(declarer))
                other = sides.get("EW" if _side(declarer) == "NS" else "NS")
                tricks = int(own) if own is not None else 13 - int(other or 0)
        else:
            return None, False
        if contract_text == "Pass":
            self.error(
                line,
                Text(
                    gettext_noop("Result %(value)s given for a passed-out board"), {"value": value}
                ),
            )
            return None, irregular
        if plain and self.value("Declarer") in (None, "", "?"):
            self.error(
                line,
                Text(
                    gettext_noop(
                        "Result %(value)s counts declarer's tricks, but no Declarer is given"
                    ),
                    {"value": value},
                ),
            )
            return None, irregular
        if plain and irregular != declarer_irregular:
            self.error(
                line,
                Text(
                    gettext_noop(
                        "Result %(value)s and Declarer %(declarer)s disagree: an irregular "
                        "declarer ('^') goes with an irregular result ('^') and only then"
                    ),
                    {"value": value, "declarer": self.value("Declarer")},
                ),
            )
        if (
            tricks is not None
            and play is not None
            and not irregular
            and not declarer_irregular
            and not play.irregular
            and play.deal_full
        ):
            won, lost = play.declarer_won, play.defenders_won
            if tricks < won:
                self.error(
                    line,
                    Text(
                        gettext_noop(
                            "Result %(value)s: declarer already won %(won)s tricks in the play "
                            "section"
                        ),
                        {"value": value, "won": won},
                    ),
                )
            elif tricks > 13 - lost:
                self.error(
                    line,
                    Text(
                        gettext_noop(
                            "Result %(value)s: the defenders already won %(lost)s tricks in the "
                            "play section"
                        ),
                        {"value": value, "lost": lost},
                    ),
                )
        return tricks, irregular

    # -- rubber history

    def _rubber_history(self, vulnerable: Vulnerability | None) -> None:
        value = self.value("ScoreRubberHistory")
        if value in (None, "", "?") or vulnerable is None:
            return
        games = _rubber_games(value or "")
        if games is None:
            return
        ns, ew = games
        expected = Vulnerability.of(ns > 0, ew > 0)
        if expected is not vulnerable:
            line = max(self.line("ScoreRubberHistory"), self.line("Vulnerable"))
            self.error(
                line,
                Text(
                    gettext_noop(
                        "Vulnerable %(value)s (line %(line)s) does not agree with "
                        "ScoreRubberHistory (line %(history)s), whose games won make the "
                        "vulnerability %(expected)s"
                    ),
                    {
                        "value": self.value("Vulnerable"),
                        "line": self.line("Vulnerable"),
                        "history": self.line("ScoreRubberHistory"),
                        "expected": expected.value,
                    },
                ),
            )

    # -- notes

    def _notes(self, section: _Section) -> None:
        check = section.check
        references = check.note_references if check is not None else {}
        given: dict[int, int] = {}
        for note in section.notes:
            value = note.value
            if value is None:
                continue
            match = re.fullmatch(r"(\d+):(.*)", value, re.DOTALL)
            if not match:
                self.error(
                    note.line,
                    Text(
                        gettext_noop(
                            "bad Note %(value)s: expected a number 1-%(most)s, ':' and text"
                        ),
                        {"value": repr(value), "most": MAX_NOTE},
                    ),
                )
                continue
            number = int(match[1])
            if not 1 <= number <= MAX_NOTE:
                self.error(
                    note.line,
                    Text(
                        gettext_noop("Note number %(number)s is outside 1-%(most)s"),
                        {"number": number, "most": MAX_NOTE},
                    ),
                )
                continue
            if number in given:
                self.error(
                    note.line,
                    Text(
                        gettext_noop("Note %(number)s is given twice (first at line %(first)s)"),
                        {"number": number, "first": given[number]},
                    ),
                )
                continue
            given[number] = note.line
            if check is not None and number not in references:
                self.error(
                    note.line,
                    Text(
                        gettext_noop(
                            "Note %(number)s is not referenced (no =%(number)s= in the "
                            "%(section)s section)"
                        ),
                        {"number": number, "section": section.kind},
                    ),
                )
        if check is not None:
            for number, line in references.items():
                if number not in given:
                    self.error(
                        line,
                        Text(
                            gettext_noop(
                                "=%(number)s= has no Note tag %(number)s after the section"
                            ),
                            {"number": number},
                        ),
                    )

    # -- tables

    def _table(self, table: _TableTag) -> PbnTable:
        name = table.tag.name
        value = table.tag.value or ""
        columns: list[TableColumn] = []
        broken = False
        for part in value.split(";"):
            match = re.fullmatch(r"([+-]?)([A-Za-z][A-Za-z0-9_]*)(?:\\(\d+)([LR]?))?", part.strip())
            if not match:
                self.error(
                    table.tag.line,
                    Text(
                        gettext_noop(
                            "%(table)s: bad column %(column)s "
                            "(expected [+|-]Name[\\width[L|R]], e.g. Score_NS\\6R)"
                        ),
                        {"table": name, "column": repr(part)},
                    ),
                )
                broken = True
                continue
            columns.append(
                TableColumn(
                    match[2],
                    int(match[3]) if match[3] else None,
                    "L" if match[4] == "L" else "R" if match[4] == "R" else None,
                    "+" if match[1] == "+" else "-" if match[1] == "-" else None,
                )
            )
        names = tuple(column.name for column in columns)
        rows: list[TableRow] = []
        for row in table.rows:
            if broken:
                break
            if len(row.elements) != len(columns):
                self.error(
                    row.line,
                    Text(
                        gettext_noop(
                            "%(table)s row has %(elements)s elements, the table has "
                            "%(columns)s columns"
                        ),
                        {"table": name, "elements": len(row.elements), "columns": len(columns)},
                    ),
                )
                continue
            typed = []
            for column, element in zip(columns, row.elements, strict=True):
                typed_value, problem = _table_value(column.name, element)
                if problem:
                    self.error(
                        row.line,
                        Text(
                            gettext_noop("%(table)s column %(column)s: %(problem)s"),
                            {"table": name, "column": column.name, "problem": problem},
                        ),
                    )
                typed.append(typed_value)
            rows.append(TableRow(row.line, names, tuple(typed), tuple(row.elements)))
        for index, column in enumerate(columns):
            if column.order:
                self._sorted(name, column, index, rows)
        return PbnTable(name, table.tag.line, tuple(columns), tuple(rows))

    def _sorted(self, name: str, column: TableColumn, index: int, rows: list[TableRow]) -> None:
        previous: int | Decimal | None = None
        for row in rows:
            current = row.values[index]
            if not isinstance(current, int | Decimal) or isinstance(current, bool):
                continue
            if previous is not None:
                wrong = current > previous if column.order == "+" else current < previous
                if wrong:
                    template = (
                        gettext_noop(
                            "%(table)s column %(column)s must be sorted high to low, "
                            "but %(value)s follows %(previous)s"
                        )
                        if column.order == "+"
                        else gettext_noop(
                            "%(table)s column %(column)s must be sorted low to high, "
                            "but %(value)s follows %(previous)s"
                        )
                    )
                    self.error(
                        row.line,
                        Text(
                            template,
                            {
                                "table": name,
                                "column": f"{column.order}{column.name}",
                                "value": row.raw[index],
                                "previous": previous,
                            },
                        ),
                    )
                    return
            previous = current

    # -- export format

    def _export_checks(self) -> None:
        missing = [name for name in MANDATORY_TAGS if name not in self.game.by_name]
        if missing:
            self.error(
                self.game.line,
                Text(
                    gettext_noop("export format: the game lacks the mandatory tags %(tags)s"),
                    {"tags": ", ".join(missing)},
                ),
            )
        for section in self.game.sections:
            for line, count in section.mains_per_line.items():
                if count > 4:
                    template = (
                        gettext_noop(
                            "export format: %(count)s calls on one line, at most 4 "
                            "(four calls a line)"
                        )
                        if section.kind == "Auction"
                        else gettext_noop(
                            "export format: %(count)s cards on one line, at most 4 "
                            "(one trick a line)"
                        )
                    )
                    self.error(line, Text(template, {"count": count}))


# ---------------------------------------------------------------------------
# Auction and play


class _SectionCheck:
    """What the auction and play checks share: annotations and notes."""

    call_nags: bool

    def __init__(self, section: _Section, report: _Reporter) -> None:
        self.section = section
        self.report = report
        self.note_references: dict[int, int] = {}
        section.check = self

    def error(self, line: int, text: Text) -> None:
        self.report.error(line, text)

    def annotate(self, item: _Item | None, piece: _Piece) -> None:
        if item is None:
            self.error(
                piece.line,
                Text(
                    gettext_noop("%(piece)s does not follow a call or a card"),
                    {"piece": repr(piece.text)},
                ),
            )
            return
        if piece.kind == "suffix":
            if piece.text not in _SUFFIXES:
                self.error(
                    piece.line,
                    Text(
                        gettext_noop("bad suffix %(piece)s (one of ! ? !! ?? !? ?!)"),
                        {"piece": repr(piece.text)},
                    ),
                )
            elif item.suffix is not None:
                self.error(
                    piece.line,
                    Text(
                        gettext_noop("%(item)s has two suffixes (%(first)s %(second)s)"),
                        {"item": item.text, "first": item.suffix, "second": piece.text},
                    ),
                )
            elif item.evaluated is not None:
                self.error(piece.line, _two_evaluations(item, piece))
            else:
                item.suffix = item.evaluated = piece.text
        elif piece.kind == "nag":
            match = re.fullmatch(r"\$(\d+)", piece.text)
            if not match:
                self.error(
                    piece.line,
                    Text(
                        gettext_noop("bad NAG %(piece)s: '$' must be followed by a number"),
                        {"piece": repr(piece.text)},
                    ),
                )
                return
            number = int(match[1])
            if number > 255:
                self.error(
                    piece.line,
                    Text(gettext_noop("NAG %(piece)s is outside $0-$255"), {"piece": piece.text}),
                )
                return
            own, other = ((1, 6), (7, 12)) if self.call_nags else ((7, 12), (1, 6))
            if other[0] <= number <= other[1]:
                template = (
                    gettext_noop("NAG %(piece)s is for cards, not for a call")
                    if self.call_nags
                    else gettext_noop("NAG %(piece)s is for calls, not for a card")
                )
                self.error(piece.line, Text(template, {"piece": piece.text}))
            elif own[0] <= number <= own[1]:
                if item.evaluated is not None:
                    self.error(piece.line, _two_evaluations(item, piece))
                else:
                    item.evaluated = piece.text
        else:
            match = re.fullmatch(r"=(\d+)=", piece.text)
            if not match:
                self.error(
                    piece.line,
                    Text(
                        gettext_noop("bad note reference %(piece)s (expected =1= to =32=)"),
                        {"piece": repr(piece.text)},
                    ),
                )
                return
            number = int(match[1])
            if not 1 <= number <= MAX_NOTE:
                self.error(
                    piece.line,
                    Text(
                        gettext_noop("note reference %(piece)s is outside =1= to =32="),
                        {"piece": piece.text},
                    ),
                )
            elif item.note is not None:
                self.error(
                    piece.line,
                    Text(gettext_noop("%(item)s has two note references"), {"item": item.text}),
                )
            else:
                item.note = number
                self.note_references.setdefault(number, piece.line)


def _two_evaluations(item: _Item, piece: _Piece) -> Text:
    return Text(
        gettext_noop("%(item)s has two evaluations (%(first)s and %(second)s)"),
        {"item": item.text, "first": item.evaluated, "second": piece.text},
    )


class _AuctionCheck(_SectionCheck):
    call_nags = True

    def __init__(self, section: _Section, first: str, dealer: str, report: _Reporter) -> None:
        super().__init__(section, report)
        self.first = first
        self.dealer = dealer
        self.calls: list[_Item] = []
        self.complete = False
        self.failed = False
        self.continued = False
        self.last_bid: tuple[int, str] | None = None  # (rank, seat)
        self.risk = ""
        self.passes = 0
        self.first_namer: dict[tuple[str, str], str] = {}

    @property
    def value(self) -> Auction:
        return Auction(
            line=self.section.tag.line,
            first=Seat(self.first),
            calls=tuple(call.text for call in self.calls),
            complete=self.complete,
            contract=self.final_contract if self.complete and not self.failed else None,
            declarer=Seat(self.natural_declarer)
            if self.complete and not self.failed and self.natural_declarer
            else None,
        )

    @property
    def final_contract_text(self) -> str:
        if self.last_bid is None:
            return "Pass"
        rank = self.last_bid[0]
        return f"{rank // 5 + 1}{_BID_STRAINS[rank % 5]}{self.risk}"

    @property
    def final_contract(self) -> Contract | PassedOut:
        if self.last_bid is None:
            return PassedOut()
        rank = self.last_bid[0]
        return Contract(rank // 5 + 1, _STRAINS[_BID_STRAINS[rank % 5]], _DOUBLINGS[self.risk])

    @property
    def natural_declarer(self) -> str | None:
        if self.last_bid is None:
            return None
        rank, seat = self.last_bid
        return self.first_namer.get((_side(seat), _BID_STRAINS[rank % 5]))

    def run(self) -> None:
        item: _Item | None = None
        insufficient_mark: _Piece | None = None
        before_dealer = (_SEATS.index(self.dealer) - _SEATS.index(self.first)) % 4
        for piece in self.section.pieces:
            if piece.kind in ("suffix", "nag", "note"):
                self.annotate(item, piece)
                continue
            text = piece.text.upper() if piece.kind == "main" else piece.text
            if piece.kind == "irregularity" and text == "^I":
                if insufficient_mark is not None:
                    self.error(piece.line, Text(gettext_noop("^I given twice for one call")))
                insufficient_mark = piece
                continue
            if piece.kind == "irregularity" and text != "^S":
                self.error(
                    piece.line,
                    Text(
                        gettext_noop(
                            "unknown irregularity %(piece)s in the auction "
                            "(^I insufficient bid, ^S skipped call)"
                        ),
                        {"piece": repr(piece.text)},
                    ),
                )
                self.failed = True
                continue
            if text == "+":
                if self.continued:
                    self.error(piece.line, Text(gettext_noop("second '+' in the auction")))
                self.continued = True
                continue
            if self.continued:
                if not self.failed:
                    self.error(
                        piece.line,
                        Text(
                            gettext_noop(
                                "call %(piece)s after '+' (the auction is to be continued)"
                            ),
                            {"piece": repr(piece.text)},
                        ),
                    )
                self.failed = True
                continue
            if self.complete:
                self.error(
                    piece.line,
                    Text(
                        gettext_noop("call %(piece)s after the end of the auction"),
                        {"piece": repr(piece.text)},
                    ),
                )
                self.failed = True
                continue
            if text.startswith("?"):
                # An unreadable token, already reported: the calls after it cannot be judged.
                self.failed = True
            seat = _seat_after(self.first, len(self.calls))
            item = _Item(_normal_call(text), piece.line)
            self.calls.append(item)
            position = len(self.calls) - 1
            if position < before_dealer:
                if text != "-":
                    self.error(
                        piece.line,
                        Text(
                            gettext_noop(
                                "%(piece)s for %(seat)s: the dealer %(dealer)s calls first, "
                                "the seats before are '-'"
                            ),
                            {
                                "piece": repr(piece.text),
                                "seat": _SEAT_NAMES[seat],
                                "dealer": _SEAT_NAMES[self.dealer],
                            },
                        ),
                    )
                    self.failed = True
                continue
            if text == "-":
                self.error(
                    piece.line,
                    Text(
                        gettext_noop(
                            "'-' for %(seat)s: the dealer %(dealer)s calls first, '-' only "
                            "stands for the seats before"
                        ),
                        {"seat": _SEAT_NAMES[seat], "dealer": _SEAT_NAMES[self.dealer]},
                    ),
                )
                self.failed = True
                continue
            mark, insufficient_mark = insufficient_mark, None
            self._call(item, text, seat, mark)

    def _call(self, item: _Item, text: str, seat: str, mark: _Piece | None) -> None:
        if text == "^S" or text.startswith("?"):
            return
        if text == "AP":
            self.complete = True
            return
        if text == "PASS":
            self.passes += 1
            if self.passes == (3 if self.last_bid else 4):
                self.complete = True
            return
        if text in ("X", "XX"):
            allowed = (
                self.last_bid is not None
                and self.risk == ("" if text == "X" else "X")
                and (_side(seat) != _side(self.last_bid[1])) == (text == "X")
            )
            if not allowed:
                self.error(
                    item.line,
                    Text(gettext_noop("X is only allowed over an opponent's undoubled bid"))
                    if text == "X"
                    else Text(
                        gettext_noop(
                            "XX is only allowed over an opponent's double of one's own side's bid"
                        )
                    ),
                )
                self.failed = True
                return
            self.risk = text
            self.passes = 0
            return
        bid = re.fullmatch(r"([1-7])(NT|[CDHS])", text)
        if not bid:
            self.error(
                item.line, Text(gettext_noop("unknown call %(call)s"), {"call": repr(item.text)})
            )
            self.failed = True
            return
        rank = (int(bid[1]) - 1) * 5 + _BID_STRAINS.index(bid[2])
        last = self.last_bid[0] if self.last_bid else -1
        if rank <= last and mark is None:
            self.error(
                item.line,
                Text(
                    gettext_noop("insufficient bid %(bid)s after %(last)s"),
                    {"bid": text, "last": self.final_contract_text},
                ),
            )
            self.failed = True
        elif rank > last and mark is not None:
            self.error(
                mark.line,
                Text(
                    gettext_noop("^I marks %(bid)s as insufficient, but it is sufficient"),
                    {"bid": text},
                ),
            )
            self.failed = True
        self.last_bid = (rank, seat)
        self.risk = ""
        self.passes = 0
        self.first_namer.setdefault((_side(seat), bid[2]), seat)


def _normal_call(text: str) -> str:
    return "Pass" if text == "PASS" else text


class _PlayCheck(_SectionCheck):
    call_nags = False

    def __init__(
        self,
        section: _Section,
        leader: str,
        deal: _Deal | None,
        declarer: str | None,
        trump: str | None,
        trump_known: bool,
        report: _Reporter,
    ) -> None:
        super().__init__(section, report)
        self.leader = leader
        self.deal = deal
        self.declarer = declarer
        self.trump = trump
        self.trump_known = trump_known
        self.entries: list[_Item] = []
        self.irregular = False
        self.winners_known = True
        self.declarer_won = 0
        self.defenders_won = 0
        self.tricks: list[tuple[str | None, ...]] = []

    @property
    def deal_full(self) -> bool:
        return self.deal is not None and self.deal.full

    @property
    def value(self) -> Play:
        known = self.winners_known and self.declarer is not None and self.deal_full
        return Play(
            line=self.section.tag.line,
            leader=Seat(self.leader),
            tricks=tuple(self.tricks),
            declarer_tricks=self.declarer_won if known else None,
        )

    def run(self) -> None:
        item: _Item | None = None
        marks: list[_Piece] = []
        ended = False
        for piece in self.section.pieces:
            if piece.kind in ("suffix", "nag", "note"):
                self.annotate(item, piece)
                continue
            if piece.kind == "irregularity":
                if piece.text not in ("^R", "^L"):
                    self.error(
                        piece.line,
                        Text(
                            gettext_noop(
                                "unknown irregularity %(piece)s in the play "
                                "(^R revoke, ^L lead out of turn)"
                            ),
                            {"piece": repr(piece.text)},
                        ),
                    )
                marks.append(piece)
                continue
            text = piece.text.upper()
            if ended:
                self.error(
                    piece.line,
                    Text(
                        gettext_noop("%(piece)s after '*' (the end of the play)"),
                        {"piece": repr(piece.text)},
                    ),
                )
                continue
            if text == "*":
                ended = True
                continue
            if text.startswith("?"):
                item = _Item("?", piece.line)
            elif text in ("-", "+"):
                item = _Item(text, piece.line)
            elif re.fullmatch(r"[SHDC][AKQJT98765432]", text):
                item = _Item(text, piece.line)
            else:
                if text[:1] not in _SUITS:
                    self.error(
                        piece.line,
                        Text(
                            gettext_noop("bad card %(card)s: unknown suit %(suit)s"),
                            {"card": repr(piece.text), "suit": repr(text[:1])},
                        ),
                    )
                else:
                    self.error(
                        piece.line,
                        Text(
                            gettext_noop("bad card %(card)s: unknown rank"),
                            {"card": repr(piece.text)},
                        ),
                    )
                item = _Item("?", piece.line)
            item.marks = [mark.text for mark in marks]
            marks = []
            self.entries.append(item)
        for mark in marks:
            self.error(
                mark.line,
                Text(gettext_noop("%(mark)s is not followed by a card"), {"mark": mark.text}),
            )
        self._tricks()

    def _tricks(self) -> None:
        remaining: dict[str, set[str] | None] = (
            {
                seat: set(cards) if cards is not None else None
                for seat, cards in self.deal.hands.items()
            }
            if self.deal is not None
            else dict.fromkeys(_SEATS)
        )
        owner: dict[str, str] = {}
        if self.deal is not None:
            for seat, cards in self.deal.hands.items():
                for card in cards or ():
                    owner[card] = seat
        played: set[str] = set()
        next_leader: str | None = self.leader
        plus_seen = card_after_plus = False
        for start in range(0, len(self.entries), 4):
            trick = self.entries[start : start + 4]
            seats = [_seat_after(self.leader, column) for column in range(len(trick))]
            self.tricks.append(tuple(e.text if len(e.text) == 2 else None for e in trick))
            reliable = True
            leads: list[str] = []
            for seat, entry in zip(seats, trick, strict=True):
                if len(entry.marks) > 1:
                    same = len(set(entry.marks)) == 1
                    self.error(
                        entry.line,
                        Text(
                            gettext_noop("%(card)s carries %(marks)s: the same irregularity twice")
                            if same
                            else gettext_noop(
                                "%(card)s carries %(marks)s: only one irregularity a card"
                            ),
                            {"card": entry.text, "marks": " ".join(entry.marks)},
                        ),
                    )
                    reliable = False
                if "^L" in entry.marks:
                    leads.append(seat)
                    if len(leads) > 1:
                        self.error(
                            entry.line,
                            Text(gettext_noop("more than one lead out of turn (^L) in one trick")),
                        )
                        reliable = False
                if entry.marks:
                    self.irregular = True
            actual = next_leader
            if len(leads) == 1:
                if next_leader is not None and leads[0] == next_leader:
                    lead_entry = trick[seats.index(leads[0])]
                    self.error(
                        lead_entry.line,
                        Text(
                            gettext_noop("^L marks a lead out of turn, but %(seat)s was on lead"),
                            {"seat": _SEAT_NAMES[leads[0]]},
                        ),
                    )
                    reliable = False
                actual = leads[0]
            order = (
                [
                    _seat_after(actual, step)
                    for step in range(4)
                    if _seat_after(actual, step) in seats
                ]
                if actual is not None
                else seats
            )
            by_seat = dict(zip(seats, trick, strict=True))
            # Ownership and '+' in playing order.
            for seat in order:
                entry = by_seat[seat]
                if entry.text == "+":
                    if plus_seen:
                        self.error(entry.line, Text(gettext_noop("second '+' in the play")))
                    plus_seen = True
                    continue
                if len(entry.text) != 2:
                    continue
                if plus_seen and not card_after_plus:
                    self.error(
                        entry.line,
                        Text(
                            gettext_noop("card %(card)s after '+' (the play is to be continued)"),
                            {"card": entry.text},
                        ),
                    )
                    card_after_plus = True
                self._own(seat, entry, remaining, owner, played)
            if reliable and actual is not None:
                lead = by_seat.get(actual)
                if lead is not None and len(lead.text) == 2:
                    self._follow(actual, lead, order, by_seat, remaining)
            for seat, entry in by_seat.items():
                hand = remaining[seat]
                if hand is not None and len(entry.text) == 2:
                    hand.discard(entry.text)
            next_leader = self._winner(trick, order, by_seat, reliable, actual)

    def _own(
        self,
        seat: str,
        entry: _Item,
        remaining: dict[str, set[str] | None],
        owner: dict[str, str],
        played: set[str],
    ) -> None:
        card = entry.text
        name = _SEAT_NAMES[seat]
        if card in played:
            self.error(
                entry.line,
                Text(
                    gettext_noop("%(card)s is played a second time (by %(seat)s)"),
                    {"card": card, "seat": name},
                ),
            )
        elif (hand := remaining[seat]) is not None and card not in hand:
            holder = owner.get(card)
            if holder and holder != seat:
                self.error(
                    entry.line,
                    Text(
                        gettext_noop(
                            "%(seat)s plays %(card)s, which is not in %(seat)s's hand "
                            "(it is %(holder)s's)"
                        ),
                        {"seat": name, "card": card, "holder": _SEAT_NAMES[holder]},
                    ),
                )
            else:
                self.error(
                    entry.line,
                    Text(
                        gettext_noop("%(seat)s plays %(card)s, which is not in %(seat)s's hand"),
                        {"seat": name, "card": card},
                    ),
                )
        elif remaining[seat] is None and card in owner and owner[card] != seat:
            self.error(
                entry.line,
                Text(
                    gettext_noop("%(seat)s plays %(card)s, which is in %(holder)s's hand"),
                    {"seat": name, "card": card, "holder": _SEAT_NAMES[owner[card]]},
                ),
            )
        played.add(card)

    def _follow(
        self,
        leader: str,
        lead: _Item,
        order: list[str],
        by_seat: dict[str, _Item],
        remaining: dict[str, set[str] | None],
    ) -> None:
        suit = lead.text[0]
        if "^R" in lead.marks:
            self.error(
                lead.line,
                Text(
                    gettext_noop("^R on the lead %(card)s: a lead cannot be a revoke"),
                    {"card": lead.text},
                ),
            )
        for seat in order:
            if seat == leader:
                continue
            entry = by_seat[seat]
            hand = remaining[seat]
            if len(entry.text) != 2 or hand is None:
                continue
            holds = any(card[0] == suit for card in hand if card != entry.text)
            revoked = entry.text[0] != suit and holds
            name = _SEAT_NAMES[seat]
            if revoked and "^R" not in entry.marks:
                self.error(entry.line, Text(_REVOKE[suit], {"seat": name, "card": entry.text}))
            elif not revoked and "^R" in entry.marks:
                template = (
                    gettext_noop("^R marks %(card)s as a revoke, but %(seat)s follows suit")
                    if entry.text[0] == suit
                    else _NOT_A_REVOKE[suit]
                )
                self.error(entry.line, Text(template, {"card": entry.text, "seat": name}))

    def _winner(
        self,
        trick: list[_Item],
        order: list[str],
        by_seat: dict[str, _Item],
        reliable: bool,
        actual: str | None,
    ) -> str | None:
        complete = len(trick) == 4 and all(len(entry.text) == 2 for entry in trick)
        if len(trick) < 4:
            return None
        if not (complete and reliable and actual is not None and self.trump_known):
            self.winners_known = False
            return None
        led = by_seat[actual].text[0]
        best = actual
        for seat in order[1:]:
            card, top = by_seat[seat].text, by_seat[best].text
            if card[0] == top[0]:
                if _card_order(card) < _card_order(top):
                    best = seat
            elif card[0] == self.trump or (
                top[0] != self.trump and card[0] == led and top[0] != led
            ):
                best = seat
        if self.declarer is not None:
            if _side(best) == _side(self.declarer):
                self.declarer_won += 1
            else:
                self.defenders_won += 1
        return best


# ---------------------------------------------------------------------------
# Value syntax

_INTEGER: Final = r"[+-]?\d+"
_DECIMAL: Final = r"[+-]?\d+(?:\.\d*)?"
_PERCENT: Final = r"\d+(?:\.\d*)?"
_CONTRACT: Final = re.compile(
    r"(?P<pass>Pass)|(?P<level>[1-7])?(?P<strain>NT|[CDHS])(?P<risk>XX|X)?"
)


def _side_numbers(value: str, number: str) -> dict[str, str] | None:
    """``NS 9 EW 4`` / ``EW -2.5`` -> {side: number}; None when it does not read."""
    words = value.split()
    if len(words) not in (2, 4):
        return None
    found: dict[str, str] = {}
    for side, amount in zip(words[::2], words[1::2], strict=True):
        if side not in ("NS", "EW") or side in found or not re.fullmatch(number, amount):
            return None
        found[side] = amount
    return found


def _score_problem(
    name: str, value: str, number: str, *, side_required: bool = False
) -> Text | None:
    words = value.split()
    if len(words) == 1 and re.fullmatch(number, words[0]):
        if side_required:
            return _bad(
                name,
                value,
                gettext_noop("bad %(tag)s %(value)s: give the side, e.g. 'NS %(number)s'"),
                number=words[0],
            )
        numbers = [words[0]]
    else:
        sides = _side_numbers(value, number)
        if sides is None:
            return _bad(
                name,
                value,
                gettext_noop("bad %(tag)s %(value)s: expected a number, or 'NS n' and/or 'EW n'"),
            )
        numbers = list(sides.values())
    if name == "ScorePercentage" and any(Decimal(n) > 100 for n in numbers):
        return _bad(name, value, gettext_noop("bad %(tag)s %(value)s: a percentage is at most 100"))
    return None


def _bad(name: str, value: str, template: str, **more: object) -> Text:
    """A tag's value that breaks the standard: the tag, the value and what it should be."""
    return Text(template, {"tag": name, "value": repr(value), **more})


def _rubber_games(value: str) -> tuple[int, int] | None:
    """Games won by NS and EW in a ScoreRubberHistory value; None if unreadable."""
    words = value.replace("/", " / ").split()
    sides: dict[str, tuple[list[int], list[int]]] = {}
    current: tuple[list[int], list[int]] | None = None
    below = False
    for word in words:
        if word in ("NS", "EW"):
            if word in sides:
                return None
            current = ([], [])
            sides[word] = current
            below = False
        elif word == "/" and current is not None and not below:
            below = True
        elif word.isdigit() and current is not None:
            current[1 if below else 0].append(int(word))
        else:
            return None
    if set(sides) != {"NS", "EW"} or not all(sides[s][1] for s in sides):
        return None
    return (
        sum(1 for points in sides["NS"][1] if points >= 100),
        sum(1 for points in sides["EW"][1] if points >= 100),
    )


def _value_problem(name: str, value: str) -> Text | None:
    """What is wrong with the value of a tag the standard defines, or None."""
    if name in ("Date", "EventDate", "UTCDate"):
        match = re.fullmatch(r"(\d{4}|\?{4})\.(\d{2}|\?{2})\.(\d{2}|\?{2})", value)
        if not match:
            return _bad(
                name,
                value,
                gettext_noop("bad %(tag)s %(value)s: expected YYYY.MM.DD ('?' for unknown digits)"),
            )
        if match[2].isdigit() and not 1 <= int(match[2]) <= 12:
            return _bad(
                name,
                value,
                gettext_noop("bad %(tag)s %(value)s: no month %(month)s"),
                month=match[2],
            )
        if match[3].isdigit() and not 1 <= int(match[3]) <= 31:
            return _bad(
                name, value, gettext_noop("bad %(tag)s %(value)s: no day %(day)s"), day=match[3]
            )
        return None
    if name in ("Time", "UTCTime"):
        if not re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d:[0-5]\d", value):
            return _bad(name, value, gettext_noop("bad %(tag)s %(value)s: expected HH:MM:SS"))
        return None
    if name in ("Board", "Table"):
        if not value.isdigit() or int(value) == 0:
            return _bad(
                name, value, gettext_noop("bad %(tag)s %(value)s: expected a number from 1 up")
            )
        return None
    if name == "Round":
        if not re.fullmatch(r"[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*", value):
            return _bad(
                name,
                value,
                gettext_noop("bad %(tag)s %(value)s: expected a number (or parts such as 1.A.2)"),
            )
        return None
    if name in ("Dealer", "Auction", "Play"):
        if value not in ("N", "E", "S", "W"):
            return _bad(name, value, gettext_noop("bad %(tag)s %(value)s: expected N, E, S or W"))
        return None
    if name == "Declarer":
        if not re.fullmatch(r"\^?[NESW]", value):
            return _bad(
                name,
                value,
                gettext_noop(
                    "bad %(tag)s %(value)s: expected N, E, S or W (^ before it if irregular)"
                ),
            )
        return None
    if name == "Vulnerable":
        if value not in _VULNERABLE:
            return _bad(
                name,
                value,
                gettext_noop(
                    "bad %(tag)s %(value)s: expected None, NS, EW, All (or Love, -, Both)"
                ),
            )
        return None
    if name == "Contract":
        if not _CONTRACT.fullmatch(value):
            return _bad(
                name,
                value,
                gettext_noop("bad %(tag)s %(value)s: expected e.g. 4S, 3NTX, 6HXX or Pass"),
            )
        return None
    if name == "Result":
        plain = re.fullmatch(r"\^?(\d+)", value)
        sides = _side_numbers(value, r"\d+")
        if plain:
            if int(plain[1]) > 13:
                return _bad(name, value, gettext_noop("bad %(tag)s %(value)s: at most 13 tricks"))
            return None
        if sides is None:
            return _bad(
                name,
                value,
                gettext_noop("bad %(tag)s %(value)s: expected tricks (0-13), or 'NS n EW m'"),
            )
        if any(int(n) > 13 for n in sides.values()):
            return _bad(name, value, gettext_noop("bad %(tag)s %(value)s: at most 13 tricks"))
        if len(sides) == 2 and sum(int(n) for n in sides.values()) != 13:
            return _bad(
                name,
                value,
                gettext_noop("bad %(tag)s %(value)s: the tricks of NS and EW must add up to 13"),
            )
        return None
    if name == "Deal":
        return None  # checked with the whole deal
    if name == "Scoring":
        if not all(re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", part) for part in value.split(";")):
            return _bad(
                name,
                value,
                gettext_noop(
                    "bad %(tag)s %(value)s: expected words separated by ';', e.g. IMP or MP;MP1"
                ),
            )
        return None
    if name == "Score":
        return _score_problem(name, value, _INTEGER)
    if name in ("ScoreIMP", "ScoreMP"):
        return _score_problem(name, value, _DECIMAL)
    if name == "ScorePercentage":
        return _score_problem(name, value, _PERCENT)
    if name == "OptimumScore":
        return _score_problem(name, value, _INTEGER, side_required=True)
    if name == "ScoreRubber":
        rubber = r"\d+\s*/\s*\d+"
        pattern = rf"\s*(?:(?:NS|EW)\s+)?{rubber}(?:\s+(?:NS|EW)\s+{rubber})?\s*"
        if not re.fullmatch(pattern, value):
            return _bad(
                name,
                value,
                gettext_noop(
                    "bad %(tag)s %(value)s: expected e.g. '300/40' or 'NS 300/40 EW 50/0'"
                ),
            )
        return None
    if name == "ScoreRubberHistory":
        if _rubber_games(value) is None:
            return _bad(
                name,
                value,
                gettext_noop(
                    "bad %(tag)s %(value)s: expected 'NS above... / below... EW above... / below...'"
                ),
            )
        return None
    if name == "Hidden":
        if not re.fullmatch(r"[NESW]*", value) or len(set(value)) != len(value):
            return _bad(
                name,
                value,
                gettext_noop("bad %(tag)s %(value)s: expected some of the seats N, E, S, W"),
            )
        return None
    if name == "Mode":
        if not re.fullmatch(r"[A-Z]+", value):
            return _bad(
                name,
                value,
                gettext_noop("bad %(tag)s %(value)s: expected one of %(allowed)s"),
                allowed=", ".join(sorted(_KNOWN_MODES)),
            )
        return None
    if name in _ENUM_TAGS:
        allowed = _ENUM_TAGS[name]
        if value not in allowed:
            return _bad(
                name,
                value,
                gettext_noop("bad %(tag)s %(value)s: expected one of %(allowed)s"),
                allowed=", ".join(sorted(allowed)),
            )
        return None
    if name == "Note":
        return None  # checked with its section
    return None


def _parse_deal(value: str) -> tuple[_Deal | None, list[Text]]:
    match = re.fullmatch(r"([NESWnesw]):(.*)", value)
    if not match:
        return None, [
            _bad(
                "Deal",
                value,
                gettext_noop(
                    "bad %(tag)s %(value)s: expected the first seat and ':', e.g. 'N:AK.Q...'"
                ),
            )
        ]
    first = match[1].upper()
    problems: list[Text] = []
    texts = match[2].split(" ")
    if any(text == "" for text in texts):
        problems.append(
            Text(gettext_noop("deal: the four hands must be separated by single spaces"))
        )
        texts = [text for text in texts if text]
    if len(texts) != 4:
        return None, [
            *problems,
            Text(gettext_noop("deal has %(hands)s hands, expected 4"), {"hands": len(texts)}),
        ]
    hands: dict[str, set[str] | None] = {}
    owner: dict[str, str] = {}
    for index, text in enumerate(texts):
        seat = _seat_after(first, index)
        name = _SEAT_NAMES[seat]
        if text == "-":
            hands[seat] = None
            continue
        suits = text.upper().split(".")
        if len(suits) != 4:
            problems.append(
                Text(
                    gettext_noop(
                        "deal: the %(seat)s hand %(hand)s must have four suits separated by '.'"
                    ),
                    {"seat": name, "hand": repr(text)},
                )
            )
            hands[seat] = None
            continue
        cards: set[str] = set()
        for suit, ranks in zip(_SUITS, suits, strict=True):
            for rank in ranks:
                if rank not in _RANKS:
                    problems.append(
                        Text(
                            gettext_noop("deal: bad rank %(rank)s in the %(seat)s hand"),
                            {"rank": repr(rank), "seat": name},
                        )
                    )
                    continue
                card = suit + rank
                if card in cards:
                    problems.append(
                        Text(
                            gettext_noop("deal: %(card)s appears twice in the %(seat)s hand"),
                            {"card": card, "seat": name},
                        )
                    )
                elif card in owner:
                    problems.append(
                        Text(
                            gettext_noop(
                                "deal: %(card)s is in both the %(first)s and the %(seat)s hand"
                            ),
                            {"card": card, "first": _SEAT_NAMES[owner[card]], "seat": name},
                        )
                    )
                cards.add(card)
                owner.setdefault(card, seat)
        hands[seat] = cards
    counts = {seat: len(cards) for seat, cards in hands.items() if cards is not None}
    if not counts and not problems:
        problems.append(Text(gettext_noop("deal has no cards: every hand is '-'")))
    for seat, count in counts.items():
        if count > 13:
            problems.append(
                Text(
                    gettext_noop("deal has %(count)s cards in the %(seat)s hand"),
                    {"count": count, "seat": _SEAT_NAMES[seat]},
                )
            )
    if len(set(counts.values())) > 1:
        # A list of seats and counts: placeholders only, the seats translated.
        listed = Text(
            ", ".join(f"%(seat{i})s %(count{i})s" for i in range(len(counts))),
            {
                name: value
                for i, (seat, count) in enumerate(counts.items())
                for name, value in ((f"seat{i}", _SEAT_NAMES[seat]), (f"count{i}", count))
            },
        )
        problems.append(
            Text(
                gettext_noop(
                    "deal: the hands must hold the same number of cards (13, or fewer in an "
                    "end position), but have %(counts)s"
                ),
                {"counts": listed},
            )
        )
    return _Deal(hands, counts), problems


def _table_value(column: str, element: str) -> tuple[TableValue, Text | None]:
    if element == "-":
        return None, None
    if column in _INT_COLUMNS:
        match = re.fullmatch(r"([+-]?\d+)=?", element)
        if not match:
            return element, Text(
                gettext_noop("%(value)s is not a whole number"), {"value": repr(element)}
            )
        return int(match[1]), None
    if column.startswith(_DECIMAL_PREFIXES):
        if not re.fullmatch(_DECIMAL, element):
            return element, Text(
                gettext_noop("%(value)s is not a number"), {"value": repr(element)}
            )
        number = Decimal(element)
        if column.startswith(("Percentage", "TotalPercentage")) and not 0 <= number <= 100:
            return number, Text(
                gettext_noop("percentage %(value)s is outside 0-100"), {"value": element}
            )
        return number, None
    if column in _CONTRACT_COLUMNS:
        match = _CONTRACT.fullmatch(element)
        if not match or (not match["pass"] and not match["level"]):
            return element, Text(
                gettext_noop("%(value)s is not a contract"), {"value": repr(element)}
            )
        if match["pass"]:
            return PassedOut(), None
        return Contract(
            int(match["level"]), _STRAINS[match["strain"]], _DOUBLINGS[match["risk"] or ""]
        ), None
    if column in _SEAT_COLUMNS:
        if element not in ("N", "E", "S", "W"):
            return element, Text(
                gettext_noop("%(value)s is not a seat (N, E, S, W)"), {"value": repr(element)}
            )
        return Seat(element), None
    return element, None
