"""Ranking lists in Klöver's own CSV format -> plain frozen dataclasses.

Source: our own format, for clubs whose scoring program writes nothing but a
final ranking; it is defined in docs/importers.md, "CSV ranking list".
"""

from __future__ import annotations

import csv
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Final, Literal

from .text import Text, Where, gettext_noop, line_in

Kind = Literal["pairs", "teams", "individual"]
Scoring = Literal["matchpoints", "imps"]
Direction = Literal["NS", "EW"]

KINDS: Final[tuple[Kind, ...]] = ("pairs", "teams", "individual")
SCORINGS: Final[tuple[Scoring, ...]] = ("matchpoints", "imps")
METADATA_KEYS: Final = ("event", "date", "kind", "scoring", "boards")
COLUMNS: Final = (
    "place",
    "players",
    "section",
    "direction",
    "names",
    "score",
    "percentage",
    "boards",
)

# Players in one entry, by kind: (fewest, most).
_ENTRY_SIZE: Final[dict[Kind, tuple[int, int]]] = {
    "individual": (1, 1),
    "pairs": (2, 2),
    "teams": (2, 8),
}
_DIRECTIONS: Final[dict[str, Direction]] = {
    "NS": "NS",
    "N-S": "NS",
    "N/S": "NS",
    "EW": "EW",
    "E-W": "EW",
    "E/W": "EW",
}
# The size of an entry, by kind: one template each, as the words differ with the kind.
_ENTRY_SIZE_WRONG: Final[dict[Kind, str]] = {
    "individual": gettext_noop(
        "%(given)s player(s) given; an individual entry has %(most)s players"
    ),
    "pairs": gettext_noop("%(given)s player(s) given; a pair entry has %(most)s players"),
    "teams": gettext_noop(
        "%(given)s player(s) given; a team entry has %(fewest)s to %(most)s players"
    ),
}
METADATA: Final = Text(gettext_noop("metadata"))
_GUEST: Final = re.compile(r"G:([A-Za-z0-9_.\-ÅÄÖåäöÉéÜü]+)", re.IGNORECASE)
_MID_COLUMN: Final = re.compile(r"mid(\d+)")


@dataclass(frozen=True)
class RankingProblem:
    """A problem on ``line``, in ``column`` (a header word as the file writes it, or
    words such as "metadata"); ``field`` and ``message`` read them in English."""

    line: int
    column: Where
    text: Text

    @property
    def field(self) -> str:
        return str(self.column)

    @property
    def message(self) -> str:
        return str(self.text)

    def __str__(self) -> str:
        return f"{line_in('', self.line, self.column)}: {self.message}"


class RankingCsvError(ValueError):
    """The CSV cannot be imported; ``problems`` lists every finding by line."""

    def __init__(self, problems: Sequence[RankingProblem], filename: str = "") -> None:
        self.problems = tuple(problems)
        self.filename = filename
        prefix = f"{filename} " if filename else ""
        shown = "\n".join(f"{prefix}{problem}" for problem in self.problems)
        super().__init__(f"{len(self.problems)} problem(s) in the ranking list:\n{shown}")


@dataclass(frozen=True)
class PlayerId:
    """A member's MID, or a guest's temporary id (``G:Anna`` -> ``guest="Anna"``)."""

    mid: int | None = None
    guest: str | None = None

    @property
    def is_guest(self) -> bool:
        return self.guest is not None

    def __str__(self) -> str:
        return str(self.mid) if self.mid is not None else f"G:{self.guest}"


@dataclass(frozen=True)
class RankingEntry:
    """One line of the ranking: a pair, team or individual and their place.

    ``place`` is the first place of a shared range (``3-4`` -> 3, 4);
    ``place_to`` equals ``place`` unless the place is shared, ``shared`` is
    true for ``3=`` and ``3-4``.
    """

    line: int
    place: int
    place_to: int
    shared: bool
    players: tuple[PlayerId, ...]
    section: str | None
    direction: Direction | None
    names: str | None
    score: Decimal | None
    percentage: Decimal | None
    boards: int | None


@dataclass(frozen=True)
class RankingList:
    filename: str
    event: str | None
    date: date | None
    kind: Kind
    scoring: Scoring | None
    boards: int | None
    entries: tuple[RankingEntry, ...]


def decode_ranking_csv(data: bytes) -> str:
    """UTF-8 (with or without BOM), else Windows-1252 (Excel's Swedish default)."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def parse_ranking_csv(text: str, *, filename: str = "") -> RankingList:
    """Read a ranking list; raise :class:`RankingCsvError` listing every problem."""
    return _Reader(text, filename).read()


class _Reader:
    def __init__(self, text: str, filename: str) -> None:
        self.filename = filename
        self.text = text[1:] if text.startswith("\ufeff") else text
        self.problems: list[RankingProblem] = []
        self.unplaced = False

    def problem(self, line: int, field: Where, template: str, **params: object) -> None:
        self.problems.append(RankingProblem(line, field, Text(template, params)))

    def read(self) -> RankingList:
        lines = self.text.splitlines()
        metadata, header_index = self._metadata(lines)
        kind = self._kind(metadata)
        boards = self._boards(metadata)
        event = metadata.get("event", (0, ""))[1] or None
        played = self._date(metadata)
        scoring = self._scoring(metadata)
        entries: list[RankingEntry] = []
        if header_index is None:
            self.problem(
                len(lines) or 1, "", gettext_noop("no header row (place, players, ...) was found")
            )
        else:
            entries = self._rows(lines, header_index, kind, boards)
            self._check_places(entries)
            self._check_players(entries)
        if self.problems:
            self.problems.sort(key=lambda problem: problem.line)
            raise RankingCsvError(self.problems, self.filename)
        return RankingList(
            filename=self.filename,
            event=event,
            date=played,
            kind=kind,
            scoring=scoring,
            boards=boards,
            entries=tuple(entries),
        )

    # -- metadata

    def _metadata(self, lines: list[str]) -> tuple[dict[str, tuple[int, str]], int | None]:
        metadata: dict[str, tuple[int, str]] = {}
        for index, line in enumerate(lines):
            number = index + 1
            stripped = line.strip()
            if not stripped:
                continue
            if not stripped.startswith("#"):
                return metadata, index
            match = re.fullmatch(r"#\s*([A-Za-z]+)\s*:\s*(.*?)\s*", stripped)
            key = match[1].lower() if match else ""
            if not match or key not in METADATA_KEYS:
                self.problem(
                    number,
                    METADATA,
                    gettext_noop(
                        "%(text)s is not a metadata line: expected '# key: value' with key %(keys)s"
                    ),
                    text=repr(stripped),
                    keys=", ".join(METADATA_KEYS),
                )
                continue
            if key in metadata:
                self.problem(
                    number,
                    key,
                    gettext_noop("'# %(key)s' is given twice (first on line %(first)s)"),
                    key=key,
                    first=metadata[key][0],
                )
                continue
            metadata[key] = (number, match[2].rstrip(",;\t").strip())
        return metadata, None

    def _kind(self, metadata: dict[str, tuple[int, str]]) -> Kind:
        template = gettext_noop("kind %(value)s is not one of %(allowed)s")
        return self._one_of(metadata, "kind", KINDS, template) or "pairs"

    def _scoring(self, metadata: dict[str, tuple[int, str]]) -> Scoring | None:
        if "scoring" not in metadata:
            return None
        template = gettext_noop("scoring %(value)s is not one of %(allowed)s")
        return self._one_of(metadata, "scoring", SCORINGS, template)

    def _one_of(self, metadata: dict[str, tuple[int, str]], key: Where, allowed, template: str):
        """The metadata value among ``allowed`` (any case), or None with a problem."""
        line, value = metadata.get(key, (0, allowed[0]))
        found = next((choice for choice in allowed if value.lower() == choice), None)
        if found is None:
            self.problem(line, key, template, value=repr(value), allowed=", ".join(allowed))
        return found

    def _date(self, metadata: dict[str, tuple[int, str]]) -> date | None:
        if "date" not in metadata:
            return None
        line, value = metadata["date"]
        try:
            if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
                raise ValueError(value)
            return date.fromisoformat(value)
        except ValueError:
            self.problem(
                line,
                "date",
                gettext_noop("date %(value)s is not a date written YYYY-MM-DD"),
                value=repr(value),
            )
            return None

    def _boards(self, metadata: dict[str, tuple[int, str]]) -> int | None:
        if "boards" not in metadata:
            return None
        line, value = metadata["boards"]
        if not value.isdigit() or int(value) == 0:
            self.problem(
                line,
                "boards",
                gettext_noop("boards %(value)s is not a number of boards (1 or more)"),
                value=repr(value),
            )
            return None
        return int(value)

    # -- rows

    def _rows(
        self,
        lines: list[str],
        header_index: int,
        kind: Kind,
        max_boards: int | None,
    ) -> list[RankingEntry]:
        header_line = lines[header_index]
        delimiter = _delimiter(header_line)
        body = lines[header_index:]
        reader = csv.reader(body, delimiter=delimiter)
        header_number = header_index + 1
        try:
            header = next(reader)
        except (StopIteration, csv.Error):
            self.problem(header_number, "", gettext_noop("the header row cannot be read"))
            return []
        columns = self._columns(header, header_number)
        if columns is None:
            return []
        entries: list[RankingEntry] = []
        try:
            for cells in reader:
                number = header_index + reader.line_num
                if not any(cell.strip() for cell in cells):
                    continue
                entry = self._entry(cells, number, columns, kind, max_boards)
                if entry is not None:
                    entries.append(entry)
        except csv.Error as error:
            # The csv module's reason ("field larger than field limit") is kept as written.
            self.problem(
                header_index + reader.line_num,
                "",
                gettext_noop("unreadable CSV: %(error)s"),
                error=error,
            )
        if not entries and not self.problems:
            self.problem(
                header_number, "", gettext_noop("the ranking list has no entries below the header")
            )
        return entries

    def _columns(self, header: list[str], number: int) -> dict[str, int] | None:
        columns: dict[str, int] = {}
        ok = True
        for index, raw in enumerate(header):
            name = raw.strip().lower()
            if not name:
                self.problem(
                    number,
                    Text(gettext_noop("column %(number)s"), {"number": index + 1}),
                    gettext_noop("the header has an empty column name"),
                )
                ok = False
                continue
            if name not in COLUMNS and not _MID_COLUMN.fullmatch(name):
                self.problem(
                    number,
                    raw.strip(),
                    gettext_noop("unknown column %(column)s: known are %(known)s, mid1, mid2 ..."),
                    column=repr(raw.strip()),
                    known=", ".join(COLUMNS),
                )
                ok = False
                continue
            if name in columns:
                self.problem(
                    number,
                    name,
                    gettext_noop("column %(column)s appears twice in the header"),
                    column=repr(name),
                )
                ok = False
                continue
            columns[name] = index
        mids = [name for name in columns if _MID_COLUMN.fullmatch(name)]
        if "place" not in columns:
            self.problem(number, "place", gettext_noop("the header has no 'place' column"))
            ok = False
        if "players" not in columns and not mids:
            self.problem(
                number,
                "players",
                gettext_noop("the header has neither 'players' nor 'mid1', 'mid2' ..."),
            )
            ok = False
        if "players" in columns and mids:
            self.problem(
                number,
                "players",
                gettext_noop("give the players either in 'players' or in 'mid1' ..., not both"),
            )
            ok = False
        return columns if ok else None

    def _entry(
        self,
        cells: list[str],
        number: int,
        columns: dict[str, int],
        kind: Kind,
        max_boards: int | None,
    ) -> RankingEntry | None:
        if len(cells) > len(columns) and any(cell.strip() for cell in cells[len(columns) :]):
            self.problem(
                number,
                "",
                gettext_noop("the row has %(cells)s cells but the header has %(columns)s columns"),
                cells=len(cells),
                columns=len(columns),
            )

        def cell(name: str) -> str:
            index = columns.get(name)
            return cells[index].strip() if index is not None and index < len(cells) else ""

        place = self._place(cell("place"), number)
        players = self._players(cells, columns, cell("players"), number, kind)
        direction: Direction | None = None
        if cell("direction"):
            direction = _DIRECTIONS.get(cell("direction").upper().replace(" ", ""))
            if direction is None:
                self.problem(
                    number,
                    "direction",
                    gettext_noop("direction %(value)s is not NS or EW"),
                    value=repr(cell("direction")),
                )
        score = self._number(cell("score"), number, "score")
        percentage = self._number(cell("percentage"), number, "percentage")
        if percentage is not None and not 0 <= percentage <= 100:
            self.problem(
                number,
                "percentage",
                gettext_noop("percentage %(value)s is not within 0-100"),
                value=cell("percentage"),
            )
        boards: int | None = None
        if cell("boards"):
            if not cell("boards").isdigit():
                self.problem(
                    number,
                    "boards",
                    gettext_noop("boards %(value)s is not a whole number"),
                    value=repr(cell("boards")),
                )
            else:
                boards = int(cell("boards"))
                if max_boards is not None and boards > max_boards:
                    self.problem(
                        number,
                        "boards",
                        gettext_noop("%(boards)s boards played, but the event had %(most)s"),
                        boards=boards,
                        most=max_boards,
                    )
        if place is None:
            self.unplaced = True
            return None  # reported; without a place the entry cannot be ranked
        return RankingEntry(
            line=number,
            place=place[0],
            place_to=place[1],
            shared=place[2],
            players=players,
            section=cell("section") or None,
            direction=direction,
            names=cell("names") or None,
            score=score,
            percentage=percentage,
            boards=boards,
        )

    def _place(self, value: str, number: int) -> tuple[int, int, bool] | None:
        match = re.fullmatch(r"(\d+)\s*(?:(=)|-\s*(\d+))?", value)
        if not value:
            self.problem(number, "place", gettext_noop("the place is missing"))
            return None
        if not match or int(match[1]) == 0:
            self.problem(
                number,
                "place",
                gettext_noop("place %(value)s is not a place such as 3, 3= or 3-4"),
                value=repr(value),
            )
            return None
        first = int(match[1])
        if match[3] is not None:
            last = int(match[3])
            if last <= first:
                self.problem(
                    number,
                    "place",
                    gettext_noop("place range %(value)s must go from low to high"),
                    value=repr(value),
                )
                return None
            return first, last, True
        return first, first, bool(match[2])

    def _players(
        self,
        cells: list[str],
        columns: dict[str, int],
        players_cell: str,
        number: int,
        kind: Kind,
    ) -> tuple[PlayerId, ...]:
        if "players" in columns:
            field = "players"
            tokens = [token for token in re.split(r"[+/\s]+", players_cell) if token]
        else:
            field = "mid"
            ordered = sorted(
                (int(match[1]), index)
                for name, index in columns.items()
                if (match := _MID_COLUMN.fullmatch(name))
            )
            tokens = [
                cells[index].strip()
                for _, index in ordered
                if index < len(cells) and cells[index].strip()
            ]
        if not tokens:
            self.problem(number, field, gettext_noop("no players are given"))
            return ()
        players: list[PlayerId] = []
        for token in tokens:
            if token.isdigit():
                if int(token) == 0:
                    self.problem(number, field, gettext_noop("MID 0 is not a membership number"))
                    continue
                players.append(PlayerId(mid=int(token)))
                continue
            guest = _GUEST.fullmatch(token)
            if guest:
                players.append(PlayerId(guest=guest[1]))
                continue
            self.problem(
                number,
                field,
                gettext_noop("%(token)s is neither a MID (digits) nor a guest id such as G:Anna"),
                token=repr(token),
            )
        fewest, most = _ENTRY_SIZE[kind]
        if players and len(tokens) == len(players) and not fewest <= len(players) <= most:
            self.problem(
                number, field, _ENTRY_SIZE_WRONG[kind], given=len(players), fewest=fewest, most=most
            )
        return tuple(players)

    def _number(self, value: str, number: int, field: str) -> Decimal | None:
        if not value:
            return None
        normal = value.replace("\u2212", "-").replace(" ", "")
        if re.fullmatch(r"[+-]?\d+,\d+", normal):
            normal = normal.replace(",", ".")
        if not re.fullmatch(r"[+-]?\d+(?:\.\d+)?", normal):
            self.problem(
                number,
                field,
                gettext_noop("%(column)s %(value)s is not a number"),
                column=field,
                value=repr(value),
            )
            return None
        try:
            return Decimal(normal)
        except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
            self.problem(
                number,
                field,
                gettext_noop("%(column)s %(value)s is not a number"),
                column=field,
                value=repr(value),
            )
            return None

    # -- whole-list checks

    def _check_players(self, entries: list[RankingEntry]) -> None:
        seen: dict[PlayerId, int] = {}
        for entry in entries:
            for player in entry.players:
                if player in seen:
                    self.problem(
                        entry.line,
                        "players",
                        gettext_noop("player %(player)s is already in the list on line %(first)s"),
                        player=str(player),
                        first=seen[player],
                    )
                else:
                    seen[player] = entry.line

    def _check_places(self, entries: list[RankingEntry]) -> None:
        groups: dict[tuple[str | None, str | None], list[RankingEntry]] = {}
        for entry in entries:
            groups.setdefault((entry.section, entry.direction), []).append(entry)
        for (section, direction), group in groups.items():
            label = " ".join(part for part in (section, direction) if part)
            self._check_group(sorted(group, key=lambda e: (e.place, e.line)), label)

    def _check_group(self, group: list[RankingEntry], label: str) -> None:
        def key(entry: RankingEntry) -> Decimal | None:
            return entry.score if entry.score is not None else entry.percentage

        def place(text: object) -> Where:
            """A place, and the section and direction it is in when the list has several."""
            if not label:
                return str(text)
            return Text(gettext_noop("%(place)s in %(group)s"), {"place": text, "group": label})

        field_name = "score" if any(e.score is not None for e in group) else "percentage"
        tie_start = 0
        for index, entry in enumerate(group):
            previous = group[index - 1] if index else None
            if previous is not None and previous.place == entry.place:
                if not (previous.shared and entry.shared):
                    self.problem(
                        entry.line,
                        "place",
                        gettext_noop(
                            "place %(place)s is given twice (also line %(other)s); "
                            "a shared place is written %(shared)s= or %(shared)s-%(next)s"
                        ),
                        place=place(entry.place),
                        other=previous.line,
                        shared=entry.place,
                        next=entry.place + 1,
                    )
                elif key(entry) != key(previous):
                    self.problem(
                        entry.line,
                        field_name,
                        _UNEQUAL_SHARE[field_name],
                        place=place(entry.place),
                        mine=key(entry),
                        theirs=key(previous),
                        other=previous.line,
                    )
            else:
                tie_start = index
                # A row without a readable place (reported) would make every
                # place below it look wrong.
                if entry.place != index + 1 and not self.unplaced:
                    self.problem(
                        entry.line,
                        "place",
                        gettext_noop(
                            "place %(place)s should be %(expected)s: 1 entry is placed above it"
                        )
                        if index == 1
                        else gettext_noop(
                            "place %(place)s should be %(expected)s: %(above)s entries are "
                            "placed above it"
                        ),
                        place=place(entry.place),
                        expected=index + 1,
                        above=index,
                    )
                mine = key(entry)
                theirs = key(previous) if previous is not None else None
                if previous is not None and mine is not None and theirs is not None:
                    if mine > theirs:
                        self.problem(
                            entry.line,
                            field_name,
                            _HIGHER_THAN_ABOVE[field_name],
                            place=place(entry.place),
                            mine=mine,
                            above=previous.place,
                            theirs=theirs,
                            other=previous.line,
                        )
                    elif mine == theirs:
                        self.problem(
                            entry.line,
                            field_name,
                            _EQUAL_TO_ABOVE[field_name],
                            mine=mine,
                            above=previous.place,
                            other=previous.line,
                        )
            last_of_tie = index + 1 == len(group) or group[index + 1].place != entry.place
            if last_of_tie:
                size = index - tie_start + 1
                first = group[tie_start]
                if first.shared and size == 1:
                    self.problem(
                        first.line,
                        "place",
                        gettext_noop(
                            "place %(place)s is marked shared, but no other entry has that place"
                        ),
                        place=place(_place_text(first)),
                    )
                for member in group[tie_start : index + 1] if size > 1 else ():
                    if (
                        member.place_to != member.place
                        and member.place_to != member.place + size - 1
                    ):
                        self.problem(
                            member.line,
                            "place",
                            gettext_noop(
                                "place %(place)s is shared by %(size)s entries, so it is "
                                "%(first)s-%(last)s"
                            ),
                            place=place(_place_text(member)),
                            size=size,
                            first=member.place,
                            last=member.place + size - 1,
                        )


# The checks that compare scores or percentages, one template each: the words differ.
_UNEQUAL_SHARE: Final = {
    "score": gettext_noop(
        "shared place %(place)s needs equal scores, but %(mine)s differs from %(theirs)s on "
        "line %(other)s"
    ),
    "percentage": gettext_noop(
        "shared place %(place)s needs equal percentages, but %(mine)s differs from %(theirs)s "
        "on line %(other)s"
    ),
}
_HIGHER_THAN_ABOVE: Final = {
    "score": gettext_noop(
        "place %(place)s has a higher score (%(mine)s) than place %(above)s (%(theirs)s, line "
        "%(other)s)"
    ),
    "percentage": gettext_noop(
        "place %(place)s has a higher percentage (%(mine)s) than place %(above)s (%(theirs)s, "
        "line %(other)s)"
    ),
}
_EQUAL_TO_ABOVE: Final = {
    "score": gettext_noop(
        "score %(mine)s equals that of place %(above)s (line %(other)s), so the two share a place"
    ),
    "percentage": gettext_noop(
        "percentage %(mine)s equals that of place %(above)s (line %(other)s), so the two share "
        "a place"
    ),
}


def _place_text(entry: RankingEntry) -> str:
    if entry.place_to != entry.place:
        return f"{entry.place}-{entry.place_to}"
    return f"{entry.place}=" if entry.shared else str(entry.place)


def _delimiter(header: str) -> str:
    """The separator the header uses: the most frequent of ';', tab and ','."""
    counts = {sep: header.count(sep) for sep in (";", "\t", ",")}
    best = max(counts, key=lambda sep: counts[sep])
    return best if counts[best] else ","
