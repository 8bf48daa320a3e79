"""CSV ranking list -> the common report (tournaments.importers.report).

Source: our own format (``docs/importers.md``, "CSV ranking list"), read by
:mod:`.csv_ranking`. A ranking list carries places and no travellers, so the
report's scoring is ``ranking`` and its standings are the printed places. The
mapping and the event id are described in ``docs/importers.md``, "From a
parsed file to a report".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import PurePath

from . import limits
from .csv_ranking import (
    RankingCsvError,
    RankingEntry,
    RankingList,
    decode_ranking_csv,
    parse_ranking_csv,
)
from .report import Problem, ReportedEntry, ReportedEvent, ReportedPlayer, ReportedSection
from .text import Text, gettext_noop, line_in

# "Anna Ek - Bo Lind", "Anna Ek & Bo Lind", "Anna Ek; Bo Lind", "Anna Ek / Bo Lind"
_NAME_SEPARATOR = re.compile(r"\s+[-–&]\s+|\s*[;/+]\s*")


class CsvReportError(ValueError):
    """The ranking list cannot become a report; ``problems`` says what and where."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(str(p) for p in self.problems[:5]))


def report_from_csv_bytes(data: bytes, filename: str) -> ReportedEvent:
    """Decode, parse and map a CSV ranking list; raise :class:`CsvReportError`."""
    too_large = limits.refusal(data, filename, "csv")
    if too_large is not None:
        raise CsvReportError([too_large])
    try:
        ranking = parse_ranking_csv(decode_ranking_csv(data), filename=filename)
    except RankingCsvError as exc:
        raise CsvReportError(
            [Problem(line_in(filename, p.line, p.column), p.text) for p in exc.problems]
        ) from exc
    return report_from_ranking(ranking, filename)


def report_from_ranking(ranking: RankingList, filename: str) -> ReportedEvent:
    numbers: dict[tuple[str, str], int] = {}
    entries = []
    for row in ranking.entries:
        section, direction = row.section or "", row.direction or ""
        numbers[(section, direction)] = number = numbers.get((section, direction), 0) + 1
        entries.append(
            ReportedEntry(
                key=f"{direction}{number}",
                section=section,
                number=number,
                direction=direction,
                players=_players(row),
                name=(row.names or "") if ranking.kind == "teams" else "",
                boards_played=row.boards,
                printed_place=row.place,
                printed_place_shared=row.shared,
                printed_score=row.score,
                printed_percentage=row.percentage,
                where=line_in(filename, row.line),
            )
        )
    sections = {}
    for entry in entries:
        mitchell = sections.get(entry.section) == "mitchell" or bool(entry.direction)
        sections[entry.section] = "mitchell" if mitchell else ""
    if ranking.kind == "teams":
        sections = dict.fromkeys(sections, "teams")
    problems = []
    if ranking.date is None:
        problems.append(
            Problem(
                filename,
                Text(
                    gettext_noop(
                        "no '# date: YYYY-MM-DD' line: the day the event was played is needed"
                    )
                ),
            )
        )
    name = ranking.event or PurePath(filename).stem
    boards = ranking.boards or max((e.boards or 0 for e in ranking.entries), default=0)
    return ReportedEvent(
        source_format="csv",
        # Any program's report of the same evening replaces it (as USEBIO's fallback).
        event_id=f"{ranking.date}-{name}"[:100],
        name=name[:200],
        date=ranking.date,
        kind=ranking.kind,
        scoring="ranking",
        sections=tuple(ReportedSection(name=s, movement=m) for s, m in sections.items()),
        entries=tuple(entries),
        boards=boards,
        problems=tuple(problems),
    )


def _players(row: RankingEntry) -> tuple[ReportedPlayer, ...]:
    """Players by MID or as guests; names when ``names`` splits into one per player."""
    names = [n for n in _NAME_SEPARATOR.split(row.names or "") if n]
    if len(names) != len(row.players):
        names = [""] * len(row.players)
    return tuple(
        ReportedPlayer(national_id=None, name=name or player.guest or "")
        if player.is_guest
        else ReportedPlayer(national_id=str(player.mid), name=name)
        for player, name in zip(row.players, names, strict=True)
    )
