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
_GUEST: Final = re.compile(r"G:([A-Za-z0-9_.\-ÅÄÖåäöÉéÜü]+)", re.IGNORECASE)
_MID_COLUMN: Final = re.compile(r"mid(\d+)")


@dataclass(frozen=True)
class RankingProblem:
    line: int
    field: str
    message: str

    def __str__(self) -> str:
        where = f"line {self.line}" + (f", {self.field}" if self.field else "")
        return f"{where}: {self.message}"


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

    def problem(self, line: int, field: str, message: str) -> None:
        self.problems.append(RankingProblem(line, field, message))

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
            self.problem(len(lines) or 1, "", "no header row (place, players, ...) was found")
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
                    "metadata",
                    f"{stripped!r} is not a metadata line: expected '# key: value' with key "
                    f"{', '.join(METADATA_KEYS)}",
                )
                continue
            if key in metadata:
                self.problem(
                    number, key, f"'# {key}' is given twice (first on line {metadata[key][0]})"
                )
                continue
            metadata[key] = (number, match[2].rstrip(",;\t").strip())
        return metadata, None

    def _kind(self, metadata: dict[str, tuple[int, str]]) -> Kind:
        line, value = metadata.get("kind", (0, "pairs"))
        for kind in KINDS:
            if value.lower() == kind:
                return kind
        self.problem(line, "kind", f"kind {value!r} is not one of {', '.join(KINDS)}")
        return "pairs"

    def _scoring(self, metadata: dict[str, tuple[int, str]]) -> Scoring | None:
        if "scoring" not in metadata:
            return None
        line, value = metadata["scoring"]
        for scoring in SCORINGS:
            if value.lower() == scoring:
                return scoring
        self.problem(line, "scoring", f"scoring {value!r} is not one of {', '.join(SCORINGS)}")
        return None

    def _date(self, metadata: dict[str, tuple[int, str]]) -> date | None:
        if "date" not in metadata:
            return None
        line, value = metadata["date"]
        try:
            if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
                raise ValueError(value)
            return date.fromisoformat(value)
        except ValueError:
            self.problem(line, "date", f"date {value!r} is not a date written YYYY-MM-DD")
            return None

    def _boards(self, metadata: dict[str, tuple[int, str]]) -> int | None:
        if "boards" not in metadata:
            return None
        line, value = metadata["boards"]
        if not value.isdigit() or int(value) == 0:
            self.problem(line, "boards", f"boards {value!r} is not a number of boards (1 or more)")
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
            self.problem(header_number, "", "the header row cannot be read")
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
            self.problem(header_index + reader.line_num, "", f"unreadable CSV: {error}")
        if not entries and not self.problems:
            self.problem(header_number, "", "the ranking list has no entries below the header")
        return entries

    def _columns(self, header: list[str], number: int) -> dict[str, int] | None:
        columns: dict[str, int] = {}
        ok = True
        for index, raw in enumerate(header):
            name = raw.strip().lower()
            if not name:
                self.problem(number, f"column {index + 1}", "the header has an empty column name")
                ok = False
                continue
            if name not in COLUMNS and not _MID_COLUMN.fullmatch(name):
                self.problem(
                    number,
                    raw.strip(),
                    f"unknown column {raw.strip()!r}: known are {', '.join(COLUMNS)}, mid1, mid2 ...",
                )
                ok = False
                continue
            if name in columns:
                self.problem(number, name, f"column {name!r} appears twice in the header")
                ok = False
                continue
            columns[name] = index
        mids = [name for name in columns if _MID_COLUMN.fullmatch(name)]
        if "place" not in columns:
            self.problem(number, "place", "the header has no 'place' column")
            ok = False
        if "players" not in columns and not mids:
            self.problem(
                number, "players", "the header has neither 'players' nor 'mid1', 'mid2' ..."
            )
            ok = False
        if "players" in columns and mids:
            self.problem(
                number, "players", "give the players either in 'players' or in 'mid1' ..., not both"
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
                f"the row has {len(cells)} cells but the header has {len(columns)} columns",
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
                    number, "direction", f"direction {cell('direction')!r} is not NS or EW"
                )
        score = self._number(cell("score"), number, "score")
        percentage = self._number(cell("percentage"), number, "percentage")
        if percentage is not None and not 0 <= percentage <= 100:
            self.problem(
                number, "percentage", f"percentage {cell('percentage')} is not within 0-100"
            )
        boards: int | None = None
        if cell("boards"):
            if not cell("boards").isdigit():
                self.problem(number, "boards", f"boards {cell('boards')!r} is not a whole number")
            else:
                boards = int(cell("boards"))
                if max_boards is not None and boards > max_boards:
                    self.problem(
                        number, "boards", f"{boards} boards played, but the event had {max_boards}"
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
            self.problem(number, "place", "the place is missing")
            return None
        if not match or int(match[1]) == 0:
            self.problem(number, "place", f"place {value!r} is not a place such as 3, 3= or 3-4")
            return None
        first = int(match[1])
        if match[3] is not None:
            last = int(match[3])
            if last <= first:
                self.problem(number, "place", f"place range {value!r} must go from low to high")
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
            self.problem(number, field, "no players are given")
            return ()
        players: list[PlayerId] = []
        for token in tokens:
            if token.isdigit():
                if int(token) == 0:
                    self.problem(number, field, "MID 0 is not a membership number")
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
                f"{token!r} is neither a MID (digits) nor a guest id such as G:Anna",
            )
        fewest, most = _ENTRY_SIZE[kind]
        if players and len(tokens) == len(players) and not fewest <= len(players) <= most:
            wanted = str(fewest) if fewest == most else f"{fewest} to {most}"
            entry = {"pairs": "a pair", "teams": "a team", "individual": "an individual"}[kind]
            self.problem(
                number,
                field,
                f"{len(players)} player(s) given; {entry} entry has {wanted} players",
            )
        return tuple(players)

    def _number(self, value: str, number: int, field: str) -> Decimal | None:
        if not value:
            return None
        normal = value.replace("\u2212", "-").replace(" ", "")
        if re.fullmatch(r"[+-]?\d+,\d+", normal):
            normal = normal.replace(",", ".")
        if not re.fullmatch(r"[+-]?\d+(?:\.\d+)?", normal):
            self.problem(number, field, f"{field} {value!r} is not a number")
            return None
        try:
            return Decimal(normal)
        except InvalidOperation:  # pragma: no cover - the pattern admits only numbers
            self.problem(number, field, f"{field} {value!r} is not a number")
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
                        f"player {player} is already in the list on line {seen[player]}",
                    )
                else:
                    seen[player] = entry.line

    def _check_places(self, entries: list[RankingEntry]) -> None:
        groups: dict[tuple[str | None, str | None], list[RankingEntry]] = {}
        for entry in entries:
            groups.setdefault((entry.section, entry.direction), []).append(entry)
        for (section, direction), group in groups.items():
            label = " ".join(part for part in (section, direction) if part)
            where = f" in {label}" if label else ""
            self._check_group(sorted(group, key=lambda e: (e.place, e.line)), where)

    def _check_group(self, group: list[RankingEntry], where: str) -> None:
        def key(entry: RankingEntry) -> Decimal | None:
            return entry.score if entry.score is not None else entry.percentage

        field_name = "score" if any(e.score is not None for e in group) else "percentage"
        tie_start = 0
        for index, entry in enumerate(group):
            previous = group[index - 1] if index else None
            if previous is not None and previous.place == entry.place:
                if not (previous.shared and entry.shared):
                    self.problem(
                        entry.line,
                        "place",
                        f"place {entry.place}{where} is given twice (also line {previous.line}); "
                        f"a shared place is written {entry.place}= or "
                        f"{entry.place}-{entry.place + 1}",
                    )
                elif key(entry) != key(previous):
                    self.problem(
                        entry.line,
                        field_name,
                        f"shared place {entry.place}{where} needs equal {field_name}s, "
                        f"but {key(entry)} differs from {key(previous)} on line {previous.line}",
                    )
            else:
                tie_start = index
                # A row without a readable place (reported) would make every
                # place below it look wrong.
                if entry.place != index + 1 and not self.unplaced:
                    self.problem(
                        entry.line,
                        "place",
                        f"place {entry.place}{where} should be {index + 1}: "
                        f"{index} entr{'y is' if index == 1 else 'ies are'} placed above it",
                    )
                mine = key(entry)
                theirs = key(previous) if previous is not None else None
                if previous is not None and mine is not None and theirs is not None:
                    if mine > theirs:
                        self.problem(
                            entry.line,
                            field_name,
                            f"place {entry.place}{where} has a higher {field_name} ({mine}) "
                            f"than place {previous.place} ({theirs}, line {previous.line})",
                        )
                    elif mine == theirs:
                        self.problem(
                            entry.line,
                            field_name,
                            f"{field_name} {mine} equals that of place {previous.place} "
                            f"(line {previous.line}), so the two share a place",
                        )
            last_of_tie = index + 1 == len(group) or group[index + 1].place != entry.place
            if last_of_tie:
                size = index - tie_start + 1
                first = group[tie_start]
                if first.shared and size == 1:
                    self.problem(
                        first.line,
                        "place",
                        f"place {_place_text(first)}{where} is marked shared, "
                        "but no other entry has that place",
                    )
                for member in group[tie_start : index + 1] if size > 1 else ():
                    if (
                        member.place_to != member.place
                        and member.place_to != member.place + size - 1
                    ):
                        self.problem(
                            member.line,
                            "place",
                            f"place {_place_text(member)}{where} is shared by {size} "
                            f"entr{'y' if size == 1 else 'ies'}, so it is "
                            f"{member.place}-{member.place + size - 1}",
                        )


def _place_text(entry: RankingEntry) -> str:
    if entry.place_to != entry.place:
        return f"{entry.place}-{entry.place_to}"
    return f"{entry.place}=" if entry.shared else str(entry.place)


def _delimiter(header: str) -> str:
    """The separator the header uses: the most frequent of ';', tab and ','."""
    counts = {sep: header.count(sep) for sep in (";", "\t", ",")}
    best = max(counts, key=lambda sep: counts[sep])
    return best if counts[best] else ","
