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

from .report import (
    EVENT,
    Problem,
    ReportedEntry,
    ReportedEvent,
    ReportedLine,
    ReportedMatch,
    round_place,
    section_place,
)
from .text import Text, Where, gettext_noop, in_file

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

# Text as the federation keeps it (the models' columns), and its name in a message.
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
# One template a text: Swedish puts the noun in its definite form (tävlingens namn).
TOO_LONG = {
    "event id": gettext_noop("the event id has %(length)s characters; at most %(limit)s are kept"),
    "event name": gettext_noop(
        "the event name has %(length)s characters; at most %(limit)s are kept"
    ),
    "section name": gettext_noop(
        "the section name has %(length)s characters; at most %(limit)s are kept"
    ),
    "entry name": gettext_noop(
        "the entry name has %(length)s characters; at most %(limit)s are kept"
    ),
    "player name": gettext_noop(
        "the player name has %(length)s characters; at most %(limit)s are kept"
    ),
    "player id": gettext_noop(
        "the player id has %(length)s characters; at most %(limit)s are kept"
    ),
    "contract": gettext_noop("the contract has %(length)s characters; at most %(limit)s are kept"),
    "declarer": gettext_noop("the declarer has %(length)s characters; at most %(limit)s are kept"),
    "lead": gettext_noop("the lead has %(length)s characters; at most %(limit)s are kept"),
}
CONTROL_CHARACTERS = {
    "event id": gettext_noop("the event id holds control characters (%(shown)s)"),
    "event name": gettext_noop("the event name holds control characters (%(shown)s)"),
    "section name": gettext_noop("the section name holds control characters (%(shown)s)"),
    "entry name": gettext_noop("the entry name holds control characters (%(shown)s)"),
    "player name": gettext_noop("the player name holds control characters (%(shown)s)"),
    "player id": gettext_noop("the player id holds control characters (%(shown)s)"),
    "contract": gettext_noop("the contract holds control characters (%(shown)s)"),
    "declarer": gettext_noop("the declarer holds control characters (%(shown)s)"),
    "lead": gettext_noop("the lead holds control characters (%(shown)s)"),
}
# One template a side, for the same reason (NS, ÖV; hemmalaget, bortalaget).
SCORE_TOO_LARGE = {
    "NS": gettext_noop("the NS score %(score)s: no deal scores more than %(most)s"),
    "EW": gettext_noop("the EW score %(score)s: no deal scores more than %(most)s"),
}
RESULT_TOO_LARGE = {
    "NS": gettext_noop("the NS result %(points)s on one board is not possible"),
    "EW": gettext_noop("the EW result %(points)s on one board is not possible"),
}
TOO_MANY_IMPS = {
    "home": gettext_noop(
        "%(imps)s IMPs for the home team: %(boards)s boards give at most %(most)s"
    ),
    "away": gettext_noop(
        "%(imps)s IMPs for the away team: %(boards)s boards give at most %(most)s"
    ),
}
NOT_ON_A_SCALE = {
    "home": gettext_noop("%(vp)s VP for the home team is not on any scale"),
    "away": gettext_noop("%(vp)s VP for the away team is not on any scale"),
}
PENALTY_TOO_LARGE = {
    "home": gettext_noop("a penalty of %(penalty)s VP for the home team is not possible"),
    "away": gettext_noop("a penalty of %(penalty)s VP for the away team is not possible"),
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
        p if p.where.startswith(filename) else Problem(in_file(filename, p.place), p.text)
        for p in found
    ]


def _problems(report: ReportedEvent, first_day: date) -> Iterator[Problem]:
    if report.date is not None and report.date < first_day:
        yield Problem(
            EVENT,
            Text(
                gettext_noop(
                    "the date %(date)s is before the federation's first season "
                    "(%(first_day)s); is the year right?"
                ),
                {"date": report.date, "first_day": first_day},
            ),
        )
    yield from _text(EVENT, "event id", report.event_id)
    yield from _text(EVENT, "event name", report.name)
    for section in report.sections:
        yield from _text(section_place(section.name), "section name", section.name)
    if not 0 <= report.boards <= MAX_BOARDS:
        yield Problem(
            EVENT,
            Text(
                gettext_noop("%(boards)s boards: an event has 1 to %(most)s (or 0: not given)"),
                {"boards": report.boards, "most": MAX_BOARDS},
            ),
        )
    if len(report.entries) > MAX_ENTRIES:
        yield Problem(
            EVENT,
            Text(
                gettext_noop("%(entries)s pairs or teams: an event has at most %(most)s"),
                {"entries": len(report.entries), "most": MAX_ENTRIES},
            ),
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
        yield Problem(
            where,
            Text(
                gettext_noop("number %(number)s: a pair or team number is 1 to %(most)s"),
                {"number": entry.number, "most": MAX_ENTRIES},
            ),
        )
    if entry.printed_place is not None and not 1 <= entry.printed_place <= field:
        yield Problem(
            where,
            Text(
                gettext_noop("place %(place)s: the field has %(field)s pairs or teams"),
                {"place": entry.printed_place, "field": field},
            ),
        )
    if entry.printed_percentage is not None and not 0 <= entry.printed_percentage <= 100:
        yield Problem(
            where,
            Text(
                gettext_noop("percentage %(percentage)s: a percentage is 0 to 100"),
                {"percentage": entry.printed_percentage},
            ),
        )
    if entry.printed_score is not None and abs(entry.printed_score) > boards * MAX_DEAL_SCORE:
        yield Problem(
            where,
            Text(
                gettext_noop("score %(score)s: no score of %(boards)s boards is that far from 0"),
                {"score": entry.printed_score, "boards": boards},
            ),
        )
    if entry.handicap is not None and abs(entry.handicap) > MAX_HANDICAP:
        yield Problem(
            where,
            Text(
                gettext_noop("handicap %(handicap)s: a handicap lies within ±%(most)s"),
                {"handicap": entry.handicap, "most": MAX_HANDICAP},
            ),
        )
    if entry.boards_played is not None and not 0 <= entry.boards_played <= boards:
        yield Problem(
            where,
            Text(
                gettext_noop("%(played)s boards played: the event has %(boards)s boards"),
                {"played": entry.boards_played, "boards": boards},
            ),
        )
    for seat, player in enumerate(entry.players, start=1):
        at = Text(gettext_noop("%(where)s, player %(seat)s"), {"where": where, "seat": seat})
        yield from _text(at, "player name", player.name)
        if player.national_id is not None:
            yield from _text(at, "player id", player.national_id)
        if player.boards_played is not None and not 0 <= player.boards_played <= boards:
            yield Problem(
                at,
                Text(
                    gettext_noop("%(played)s boards played: the event has %(boards)s boards"),
                    {"played": player.boards_played, "boards": boards},
                ),
            )


def _line(line: ReportedLine) -> Iterator[Problem]:
    where = line.where or Text(gettext_noop("board %(board)s"), {"board": line.board})
    if not 1 <= line.board <= MAX_BOARDS:
        yield Problem(
            where,
            Text(
                gettext_noop("board %(board)s: boards are numbered 1 to %(most)s"),
                {"board": line.board, "most": MAX_BOARDS},
            ),
        )
    for side, score in (("NS", line.score_ns), ("EW", line.score_ew)):
        if score is not None and abs(score) > MAX_DEAL_SCORE:
            yield Problem(
                where, Text(SCORE_TOO_LARGE[side], {"score": score, "most": MAX_DEAL_SCORE})
            )
    for side, points in (("NS", line.printed_ns), ("EW", line.printed_ew)):
        if points is not None and abs(points) > 10_000:
            yield Problem(where, Text(RESULT_TOO_LARGE[side], {"points": points}))
    yield from _text(where, "contract", line.contract)
    yield from _text(where, "declarer", line.declarer)
    yield from _text(where, "lead", line.lead)


def _match(match: ReportedMatch) -> Iterator[Problem]:
    where = match.where or round_place(match.round)
    if not 1 <= match.round <= MAX_ROUNDS:
        yield Problem(
            where,
            Text(
                gettext_noop("round %(round)s: rounds are numbered 1 to %(most)s"),
                {"round": match.round, "most": MAX_ROUNDS},
            ),
        )
    if not 0 <= match.boards <= MAX_BOARDS:
        yield Problem(
            where,
            Text(
                gettext_noop("%(boards)s boards: a match has 0 to %(most)s"),
                {"boards": match.boards, "most": MAX_BOARDS},
            ),
        )
    most = (match.boards or MAX_BOARDS) * MAX_IMPS_PER_BOARD
    for side, imps in (("home", match.imps_home), ("away", match.imps_away)):
        if imps is not None and abs(imps) > most:
            yield Problem(
                where,
                Text(TOO_MANY_IMPS[side], {"imps": imps, "boards": match.boards, "most": most}),
            )
    for side, vp in (("home", match.vp_home), ("away", match.vp_away)):
        if vp is not None and abs(vp) > MAX_VP:
            yield Problem(where, Text(NOT_ON_A_SCALE[side], {"vp": vp}))
    for side, penalty in (("home", match.penalty_home), ("away", match.penalty_away)):
        if abs(penalty) > MAX_PENALTY:
            yield Problem(where, Text(PENALTY_TOO_LARGE[side], {"penalty": penalty}))


def _text(where: Where, what: str, value: str) -> Iterator[Problem]:
    """A text within its column and without control characters (a NUL, a form feed:
    a program's garbage, which the database and the pages cannot keep)."""
    limit = TEXT_LIMITS[what]
    if len(value) > limit:
        yield Problem(where, Text(TOO_LONG[what], {"length": len(value), "limit": limit}))
    bad = sorted({c for c in value if unicodedata.category(c) == "Cc"})
    if bad:
        shown = ", ".join(f"U+{ord(c):04X}" for c in bad[:3])
        yield Problem(where, Text(CONTROL_CHARACTERS[what], {"shown": shown}))
