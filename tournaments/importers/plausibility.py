"""What a reported event can hold at all, whatever program wrote it (issue 16).

``check_report`` asks this before anything is saved, for every way in (the upload
page, the command, manual entry). Each bound is a rule of bridge or a limit of what
the federation keeps, named beside it; a value outside it is refused with where it
is, never cut, rounded or left to the database to refuse. Plain Python.
Decisions: docs/importers.md, "What a report may hold".
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from datetime import date
from decimal import Decimal

from .report import Problem, ReportedEntry, ReportedEvent, ReportedLine, ReportedMatch

# The federation keeps no results from before its first season: a file dated earlier
# is a typing error (01/01/0001), and the handicap walk would start from it.
FIRST_DAY = date(1990, 1, 1)

# The largest score one deal can give: 13 down, redoubled, vulnerable
# (Laws of Duplicate Bridge 2017, Law 77: 400 for the first undertrick, 600 each after).
MAX_DEAL_SCORE = 400 + 12 * 600
# Boards in one event: a week-long congress of two 27-board sessions a day plays 378.
MAX_BOARDS = 500
# Entries in one event, and so the highest place and pair/team number (the largest
# simultaneous pairs events have a few thousand pairs).
MAX_ENTRIES = 10_000
# Rounds of a team event (a double round robin of 100 teams has 198).
MAX_ROUNDS = 500
# IMPs one board can give (the WBF IMP scale ends at 24).
MAX_IMPS_PER_BOARD = 24
# Victory points of one match, net of penalties (the SBF and WBF scales give at most
# 25 or 30; a penalty takes some away, and a match can end below 0).
MAX_VP = Decimal(100)
MAX_PENALTY = Decimal(100)
# A handicap of a pair or team as a file prints it (SBF handicaps lie between about
# -10 and 60; a team's is an average).
MAX_HANDICAP = Decimal(100)

# Text as the federation keeps it (the models' columns).
TEXT_LIMITS = {
    "event id": 100,
    "event name": 200,
    "section name": 20,
    "entry name": 200,
    "player name": 200,
    # a guest is kept as "G-" and the id, in 40 characters
    "player id": 38,
    "contract": 8,
    "declarer": 1,
    "lead": 3,
}


def problems(
    report: ReportedEvent, *, first_day: date = FIRST_DAY, filename: str = ""
) -> list[Problem]:
    """Every value of the report outside what it can hold, each with where it is (in
    ``filename``, when the importer's place does not name the file already)."""
    found = list(_problems(report, first_day))
    if not filename:
        return found
    return [
        p if p.where.startswith(filename) else Problem(f"{filename} {p.where}".strip(), p.what)
        for p in found
    ]


def _problems(report: ReportedEvent, first_day: date) -> Iterator[Problem]:
    if report.date is not None and report.date < first_day:
        yield Problem(
            "event",
            f"the date {report.date} is before the federation's first season "
            f"({first_day}); is the year right?",
        )
    yield from _text("event", "event id", report.event_id)
    yield from _text("event", "event name", report.name)
    for section in report.sections:
        yield from _text(f"section {section.name or '-'}", "section name", section.name)
    if not 0 <= report.boards <= MAX_BOARDS:
        yield Problem(
            "event", f"{report.boards} boards: an event has 1 to {MAX_BOARDS} (or 0: not given)"
        )
    if len(report.entries) > MAX_ENTRIES:
        yield Problem(
            "event", f"{len(report.entries)} pairs or teams: an event has at most {MAX_ENTRIES}"
        )
    boards = report.boards or MAX_BOARDS
    field = len(report.entries)
    for entry in report.entries:
        yield from _entry(entry, boards, field)
    for line in report.lines:
        yield from _line(line)
    for match in report.matches:
        yield from _match(match)


def _entry(entry: ReportedEntry, boards: int, field: int) -> Iterator[Problem]:
    where = entry.where or f"{entry.section} {entry.key}".strip()
    yield from _text(where, "entry name", entry.name)
    if not 0 <= entry.number <= MAX_ENTRIES:
        yield Problem(where, f"number {entry.number}: a pair or team number is 1 to {MAX_ENTRIES}")
    if entry.printed_place is not None and not 1 <= entry.printed_place <= field:
        yield Problem(where, f"place {entry.printed_place}: the field has {field} pairs or teams")
    if entry.printed_percentage is not None and not 0 <= entry.printed_percentage <= 100:
        yield Problem(where, f"percentage {entry.printed_percentage}: a percentage is 0 to 100")
    if entry.printed_score is not None and abs(entry.printed_score) > boards * MAX_DEAL_SCORE:
        yield Problem(
            where,
            f"score {entry.printed_score}: no score of {boards} boards is that far from 0",
        )
    if entry.handicap is not None and abs(entry.handicap) > MAX_HANDICAP:
        yield Problem(where, f"handicap {entry.handicap}: a handicap lies within ±{MAX_HANDICAP}")
    if entry.boards_played is not None and not 0 <= entry.boards_played <= boards:
        yield Problem(where, f"{entry.boards_played} boards played: the event has {boards} boards")
    for seat, player in enumerate(entry.players, start=1):
        at = f"{where}, player {seat}"
        yield from _text(at, "player name", player.name)
        if player.national_id is not None:
            yield from _text(at, "player id", player.national_id)
        if player.boards_played is not None and not 0 <= player.boards_played <= boards:
            yield Problem(
                at, f"{player.boards_played} boards played: the event has {boards} boards"
            )


def _line(line: ReportedLine) -> Iterator[Problem]:
    where = line.where or f"board {line.board}"
    if not 1 <= line.board <= MAX_BOARDS:
        yield Problem(where, f"board {line.board}: boards are numbered 1 to {MAX_BOARDS}")
    for side, score in (("NS", line.score_ns), ("EW", line.score_ew)):
        if score is not None and abs(score) > MAX_DEAL_SCORE:
            yield Problem(
                where,
                f"the {side} score {score}: no deal scores more than {MAX_DEAL_SCORE}",
            )
    for side, points in (("NS", line.printed_ns), ("EW", line.printed_ew)):
        if points is not None and abs(points) > 10_000:
            yield Problem(where, f"the {side} result {points} on one board is not possible")
    yield from _text(where, "contract", line.contract)
    yield from _text(where, "declarer", line.declarer)
    yield from _text(where, "lead", line.lead)


def _match(match: ReportedMatch) -> Iterator[Problem]:
    where = match.where or f"round {match.round}"
    if not 1 <= match.round <= MAX_ROUNDS:
        yield Problem(where, f"round {match.round}: rounds are numbered 1 to {MAX_ROUNDS}")
    if not 0 <= match.boards <= MAX_BOARDS:
        yield Problem(where, f"{match.boards} boards: a match has 0 to {MAX_BOARDS}")
    most = (match.boards or MAX_BOARDS) * MAX_IMPS_PER_BOARD
    for side, imps in (("home", match.imps_home), ("away", match.imps_away)):
        if imps is not None and abs(imps) > most:
            yield Problem(
                where, f"{imps} IMPs for the {side} team: {match.boards} boards give at most {most}"
            )
    for side, vp in (("home", match.vp_home), ("away", match.vp_away)):
        if vp is not None and abs(vp) > MAX_VP:
            yield Problem(where, f"{vp} VP for the {side} team is not on any scale")
    for side, penalty in (("home", match.penalty_home), ("away", match.penalty_away)):
        if abs(penalty) > MAX_PENALTY:
            yield Problem(where, f"a penalty of {penalty} VP for the {side} team is not possible")


def _text(where: str, what: str, value: str) -> Iterator[Problem]:
    """A text within its column and without control characters (a NUL, a form feed:
    a program's garbage, which the database and the pages cannot keep)."""
    limit = TEXT_LIMITS[what]
    if len(value) > limit:
        yield Problem(where, f"the {what} has {len(value)} characters; at most {limit} are kept")
    bad = sorted({c for c in value if unicodedata.category(c) == "Cc"})
    if bad:
        shown = ", ".join(f"U+{ord(c):04X}" for c in bad[:3])
        yield Problem(where, f"the {what} holds control characters ({shown})")
