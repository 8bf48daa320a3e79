"""PBN results file -> the common report (tournaments.importers.report).

Source: the PBN standard 2.1, sections 5.9 (ScoreTable: the traveller of a
board) and 5.10 (TotalScoreTable: the ranking), read by :mod:`.pbn`. How the
columns map and what we decided: docs/importers.md, "From a parsed file to a report".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import PurePath

from tournaments.domain.contract import Contract, PassedOut, Seat, format_contract

from . import limits
from .pbn import PbnError, PbnFile, PbnGame, PbnTable, TableRow, decode_pbn, parse_pbn
from .pbn_teams import is_two_room, team_matches
from .report import (
    Problem,
    ReportedEntry,
    ReportedEvent,
    ReportedLine,
    ReportedPlayer,
    ReportedSection,
)
from .text import Text, gettext_noop, line_in

# The column that names an entry, and the kind it implies when Competition is absent.
KEY_COLUMNS = {"PairId": "pairs", "TeamId": "teams", "PlayerId": "individual"}
COMPETITIONS = {"Pairs": "pairs", "Teams": "teams", "Individuals": "individual"}
# The printed total, first column found wins; TotalScore* are the names PBN 2.1 gives.
SCORE_COLUMNS = (
    "TotalScoreMP",
    "TotalMP",
    "TotalScoreIMP",
    "TotalIMP",
    "TotalScoreVP",
    "TotalVP",
    "TotalScore",
    "MP",
    "IMP",
    "VP",
    "Score",
)
PERCENTAGE_COLUMNS = ("TotalPercentage", "Percentage")
# First word of the Scoring tag (case-insensitive) -> our scoring.
SCORING_WORDS = {
    "mp": "matchpoints",
    "matchpoints": "matchpoints",
    "oldmp": "matchpoints",
    "imp": "butler",
    "imps": "butler",
    "imp_1948": "butler",
    "imp_1961": "butler",
    "butler": "butler",
    "cross": "cross_imps",
    "crossimp": "cross_imps",
    "crossimps": "cross_imps",
    "cross_imp": "cross_imps",
    "cross_imps": "cross_imps",
}
DIRECTIONS = {"NS": "NS", "N-S": "NS", "N/S": "NS", "EW": "EW", "E-W": "EW", "E/W": "EW"}
_MEMBER_ID = re.compile(r"memberid(\d*)", re.IGNORECASE)
_NAME_SEPARATOR = re.compile(r"\s*;\s*|\s+[-&]\s+")

NO_RESULTS = Text(
    gettext_noop("the file has no ScoreTable/TotalScoreTable: it holds deals, not results")
)
NO_RANKING = Text(
    gettext_noop(
        "the file has ScoreTables but no TotalScoreTable: the pairs and their players are not named"
    )
)


class PbnReportError(ValueError):
    """The PBN file cannot become a report; ``problems`` says what and where."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in self.problems[:5]))


def report_from_pbn_bytes(data: bytes, filename: str) -> ReportedEvent:
    """Decode, parse and map a PBN results file; raise :class:`PbnReportError`."""
    too_large = limits.refusal(data, filename, "pbn")
    if too_large is not None:
        raise PbnReportError([too_large])
    try:
        parsed = parse_pbn(decode_pbn(data), filename=filename)
    except PbnError as exc:
        raise PbnReportError(
            [Problem(line_in(filename, p.line), p.text) for p in exc.errors]
        ) from exc
    return report_from_pbn(parsed, filename)


def report_from_pbn(parsed: PbnFile, filename: str) -> ReportedEvent:
    games = [game for game in parsed.games if game.score_table or game.total_score_table]
    if not games:
        raise PbnReportError([Problem(filename, NO_RESULTS)])
    if not parsed.total_score_tables:
        raise PbnReportError([Problem(filename, NO_RANKING)])
    return _Mapper(filename, games, rooms=[g for g in parsed.games if is_two_room(g)]).report()


class _Mapper:
    def __init__(
        self, filename: str, games: list[PbnGame], rooms: list[PbnGame] | None = None
    ) -> None:
        self.filename = filename
        self.games = games
        # the games of two-room team matches (Room "Open"/"Closed"): pbn_teams reads them
        self.rooms = rooms or []
        self.problems: list[Problem] = []

    def at(self, line: int) -> Text:
        return line_in(self.filename, line)

    def report(self) -> ReportedEvent:
        kind = self._kind()
        entries, movements, keys = self._entries(kind)
        if kind == "teams" and self.rooms:
            return self._team_report(entries, movements)
        lines = self._lines(keys) if kind == "pairs" else []
        scoring = self._scoring(lines) if lines else "ranking"
        if scoring == "ranking":
            lines = []
            self.problems.extend(
                Problem(
                    e.where,
                    Text(
                        gettext_noop("%(key)s has no Rank: a ranking needs every place"),
                        {"key": repr(e.key)},
                    ),
                )
                for e in entries
                if e.printed_place is None
            )
        name = self._tag("Event") or PurePath(self.filename).stem
        played = self._date()
        if lines:
            boards = max(line.board for line in lines)
        else:
            boards = max((e.boards_played or 0 for e in entries), default=0)
        return ReportedEvent(
            source_format="pbn",
            # Any program's report of the same evening replaces it (as USEBIO's fallback).
            event_id=f"{played}-{name}"[:100],
            name=name[:200],
            date=played,
            kind=kind,
            scoring=scoring,
            sections=tuple(
                ReportedSection(name=section, movement="teams" if kind == "teams" else movement)
                for section, movement in movements.items()
            ),
            entries=tuple(entries),
            lines=tuple(lines),
            boards=boards,
            problems=tuple(self.problems),
        )

    def _team_report(
        self, entries: list[ReportedEntry], movements: dict[str, str]
    ) -> ReportedEvent:
        """A teams event whose deals were played in two rooms: its matches are read
        from the Open and Closed games (pbn_teams), its teams from the ranking."""
        read = team_matches(self.rooms, entries, self.filename)
        name = self._tag("Event") or PurePath(self.filename).stem
        played = self._date()
        # The boards a team plays: each round's longest match, added up.
        longest: dict[int, int] = {}
        for match in read.matches:
            longest[match.round] = max(longest.get(match.round, 0), match.boards)
        return ReportedEvent(
            source_format="pbn",
            event_id=f"{played}-{name}"[:100],
            name=name[:200],
            date=played,
            kind="teams",
            scoring=read.scoring,
            sections=tuple(
                ReportedSection(name=section, movement="teams") for section in movements
            ),
            entries=tuple(entries),
            boards=sum(longest.values()),
            one_winner=True,
            problems=(*self.problems, *read.problems),
            matches=read.matches,
        )

    # -- event

    def _tag(self, name: str) -> str | None:
        """The first value of a tag among the result games; '?' is unknown."""
        for game in self.games:
            value = (game.tag(name) or "").strip()
            if value and value != "?":
                return value
        return None

    def _kind(self) -> str:
        competition = self._tag("Competition")
        if competition is not None:
            if competition not in COMPETITIONS:
                self.problems.append(
                    Problem(
                        self.at(self.games[0].line),
                        Text(
                            gettext_noop(
                                "Competition %(competition)s is not a tournament (Pairs, Teams "
                                "or Individuals)"
                            ),
                            {"competition": repr(competition)},
                        ),
                    )
                )
                return "pairs"
            return COMPETITIONS[competition]
        for _game, table in self._rankings():
            for column, kind in KEY_COLUMNS.items():
                if column in table.column_names:
                    return kind
        return "pairs"

    def _date(self) -> date | None:
        for game in self.games:
            if game.date is not None:
                return game.date
        for game in self.games:
            value = game.tag("EventDate") or ""
            if re.fullmatch(r"\d{4}\.\d{2}\.\d{2}", value):
                return date(*(int(part) for part in value.split(".")))
        for game in self.games:
            value = game.tag("Date")
            if value and value != "?":
                self.problems.append(
                    Problem(
                        self.at(game.line),
                        Text(
                            gettext_noop(
                                "Date %(value)s is not a whole date: give the day the event was "
                                "played"
                            ),
                            {"value": repr(value)},
                        ),
                    )
                )
                break
        return None

    def _scoring(self, lines: list[ReportedLine]) -> str:
        value = self._tag("Scoring")
        if value is not None:
            word = value.split(";")[0].strip().lower()
            if word in SCORING_WORDS:
                return SCORING_WORDS[word]
            self.problems.append(
                Problem(
                    self.at(self.games[0].line),
                    Text(
                        gettext_noop(
                            "Scoring %(value)s cannot be scored as a pairs event (MP, IMP, Butler "
                            "or Cross); send the ranking as a CSV ranking list instead"
                        ),
                        {"value": repr(value)},
                    ),
                )
            )
            return "matchpoints"
        columns = {
            name
            for game in self.games
            if game.score_table
            for name in game.score_table.column_names
        }
        if columns & {"MP_NS", "MP_EW"}:
            return "matchpoints"
        if columns & {"IMP_NS", "IMP_EW"}:
            return "butler"
        return "matchpoints"

    # -- entries

    def _rankings(self) -> list[tuple[PbnGame, PbnTable]]:
        return [(game, game.total_score_table) for game in self.games if game.total_score_table]

    def _entries(
        self, kind: str
    ) -> tuple[list[ReportedEntry], dict[str, str], dict[tuple[str, str, str], str]]:
        """Entries, each section's movement, and entry keys by (section, PairId, direction)."""
        rows: list[tuple[str, str, str, TableRow]] = []  # section, id, direction, row
        first: dict[tuple[str, str, str], TableRow] = {}
        for game, table in self._rankings():
            key_column = next((c for c in KEY_COLUMNS if c in table.column_names), None)
            if key_column is None:
                self.problems.append(
                    Problem(
                        self.at(table.line),
                        Text(
                            gettext_noop(
                                "the TotalScoreTable has no PairId, TeamId or PlayerId column"
                            )
                        ),
                    )
                )
                continue
            for row in table.rows:
                entry_id = _text(row.get(key_column))
                if not entry_id:
                    self.problems.append(
                        Problem(
                            self.at(row.line),
                            Text(gettext_noop("%(column)s is missing"), {"column": key_column}),
                        )
                    )
                    continue
                section = _text(row.get("Section")) or (game.tag("Section") or "").strip()
                direction = DIRECTIONS.get(_text(row.get("Direction")).upper().replace(" ", ""), "")
                seen = first.get((section, entry_id, direction))
                if seen is not None:
                    # Programs repeat the ranking in later games; a repeat must agree.
                    if seen.raw != row.raw or seen.columns != row.columns:
                        self.problems.append(
                            Problem(
                                self.at(row.line),
                                Text(
                                    gettext_noop(
                                        "%(entry)s is ranked again, differently from line %(first)s"
                                    ),
                                    {"entry": repr(entry_id), "first": seen.line},
                                ),
                            )
                        )
                    continue
                first[(section, entry_id, direction)] = row
                rows.append((section, entry_id, direction, row))

        # A section is a Mitchell when each direction is ranked on its own (both
        # start at 1); otherwise it is one field and a Direction column is a label.
        movements: dict[str, str] = {}
        for section in dict.fromkeys(s for s, _i, _d, _r in rows):
            tops = {
                direction: min(
                    _rank(r) or 0 for s, _i, d, r in rows if (s, d) == (section, direction)
                )
                for direction in {d for s, _i, d, _r in rows if s == section and d}
            }
            mitchell = set(tops) == {"NS", "EW"} and set(tops.values()) == {1}
            movements[section] = "mitchell" if mitchell else "howell"
        rows = [(s, i, d if movements[s] == "mitchell" else "", r) for s, i, d, r in rows]
        if kind != "pairs":
            movements = dict.fromkeys(movements, "")
        # In a Mitchell NS 1 and EW 1 may both exist: their keys get the direction.
        directions_of: dict[tuple[str, str], set[str]] = {}
        for s, i, d, _r in rows:
            directions_of.setdefault((s, i), set()).add(d)
        numeric = all(i.isdigit() for _s, i, _d, _r in rows)
        counters: dict[tuple[str, str], int] = {}
        entries = []
        keys: dict[tuple[str, str, str], str] = {}
        for section, entry_id, direction, row in rows:
            twice = len(directions_of[(section, entry_id)]) > 1
            key = f"{entry_id}{direction}" if twice else entry_id
            keys[(section, entry_id, direction)] = key
            counters[(section, direction)] = counters.get((section, direction), 0) + 1
            place = _rank(row)
            field = [
                r for s, _i, d, r in rows if (s, d) == (section, direction) and _rank(r) == place
            ]
            entries.append(
                ReportedEntry(
                    key=key,
                    section=section,
                    number=int(entry_id) if numeric else counters[(section, direction)],
                    direction=direction,
                    players=self._players(row),
                    name=_text(row.get("TeamName")) or _text(row.get("Name")),
                    boards_played=_int(row.get("NrBoards")),
                    printed_place=place,
                    printed_place_shared=place is not None
                    and (len(field) > 1 or bool(_text(row.get("RankTie")))),
                    printed_score=self._number(row, SCORE_COLUMNS),
                    printed_percentage=self._number(row, PERCENTAGE_COLUMNS),
                    where=self.at(row.line),
                )
            )
        return entries, movements, keys

    def _players(self, row: TableRow) -> tuple[ReportedPlayer, ...]:
        names_text = _text(row.get("Names"))
        names = [n for n in _NAME_SEPARATOR.split(names_text) if n] if names_text else []
        id_columns = sorted(
            (int(match[1] or 0), column)
            for column in row.columns
            if (match := _MEMBER_ID.fullmatch(column))
        )
        ids: list[str | None] = []
        for _n, column in id_columns:
            value = _text(row.get(column))
            if value:
                ids.extend(re.split(r"[;,+/\s]+", value))
            else:
                ids.append(None)
        count = max(len(names), len(ids))
        return tuple(
            ReportedPlayer(
                national_id=ids[i] if i < len(ids) and ids[i] not in (None, "0") else None,
                name=names[i] if i < len(names) else "",
            )
            for i in range(count)
        )

    def _number(self, row: TableRow, columns: tuple[str, ...]) -> Decimal | None:
        for column in columns:
            value = row.get(column)
            if value is None:
                continue
            if isinstance(value, (int, Decimal)):
                return Decimal(value)
            try:
                return Decimal(str(value).replace(",", "."))
            except InvalidOperation:
                self.problems.append(
                    Problem(
                        line_in(self.filename, row.line, column),
                        Text(gettext_noop("%(value)s is not a number"), {"value": repr(value)}),
                    )
                )
                return None
        return None

    # -- traveller lines

    def _lines(self, keys: dict[tuple[str, str, str], str]) -> list[ReportedLine]:
        lines = []
        for game in self.games:
            table = game.score_table
            if table is None or not {"PairId_NS", "PairId_EW"} <= set(table.column_names):
                continue  # a frequency table (score and count) names no pairs
            if game.board is None:
                self.problems.append(
                    Problem(
                        self.at(table.line),
                        Text(gettext_noop("the ScoreTable's game has no Board tag")),
                    )
                )
                continue
            for row in table.rows:
                ns, ew = _text(row.get("PairId_NS")), _text(row.get("PairId_EW"))
                if not ns or not ew:
                    continue  # a sit-out: no pair on one side
                section = _text(row.get("Section")) or (game.tag("Section") or "").strip()
                contract = row.get("Contract")
                lines.append(
                    ReportedLine(
                        section=section,
                        board=game.board,
                        ns=keys.get((section, ns, "NS"), keys.get((section, ns, ""), ns)),
                        ew=keys.get((section, ew, "EW"), keys.get((section, ew, ""), ew)),
                        contract=format_contract(contract)
                        if isinstance(contract, (Contract, PassedOut))
                        else "",
                        declarer=row["Declarer"].value
                        if isinstance(row.get("Declarer"), Seat)
                        else "",
                        lead=_text(row.get("Lead")),
                        tricks=_int(row.get("Result")),
                        score_ns=_score_ns(row),
                        score_ew=ew if isinstance(ew := row.get("Score_EW"), int) else None,
                        not_played=_score_ns(row) is None,
                        printed_ns=_decimal(row.get("MP_NS", row.get("IMP_NS"))),
                        printed_ew=_decimal(row.get("MP_EW", row.get("IMP_EW"))),
                        where=self.at(row.line),
                    )
                )
        return lines


def _score_ns(row: TableRow) -> int | None:
    """Score_NS, else minus Score_EW; a passed-out board scores 0."""
    ns, ew = row.get("Score_NS"), row.get("Score_EW")
    if isinstance(ns, int):
        return ns
    if isinstance(ew, int):
        return -ew
    if isinstance(row.get("Contract"), PassedOut):
        return 0
    return None


def _rank(row: TableRow) -> int | None:
    return _int(row.get("Rank"))


def _text(value) -> str:
    return "" if value is None else str(value).strip()


def _int(value) -> int | None:
    return value if isinstance(value, int) else None


def _decimal(value) -> Decimal | None:
    return Decimal(value) if isinstance(value, (int, Decimal)) else None
