"""USEBIO event -> the common report (tournaments.importers.report).

Event id: the file's EVENT_IDENTIFIER, else the date and title, so that a club
sending the same event again replaces it. A Mitchell is recognised by pairs
with a direction; one section without directions is a Howell.
"""

from __future__ import annotations

from tournaments.domain.contract import Contract, format_contract

from .report import (
    Problem,
    ReportedEntry,
    ReportedEvent,
    ReportedLine,
    ReportedPlayer,
    ReportedSection,
)
from .usebio import UsebioEvent

SCORINGS = {"match_points": "matchpoints", "butler": "butler", "cross_imps": "cross_imps"}


def report_from_usebio(event: UsebioEvent) -> ReportedEvent:
    sections = []
    entries = []
    lines = []
    for s_index, section in enumerate(event.sections, start=1):
        name = section.section_id or ""
        mitchell = any(p.direction for p in section.pairs)
        sections.append(ReportedSection(name=name, movement="mitchell" if mitchell else "howell"))
        for p_index, pair in enumerate(section.pairs, start=1):
            entries.append(
                ReportedEntry(
                    key=pair.pair_id,
                    section=name,
                    number=pair.number,
                    direction=pair.direction or "",
                    players=tuple(
                        ReportedPlayer(national_id=pl.national_id, name=pl.name)
                        for pl in pair.players
                    ),
                    handicap=pair.handicap,
                    boards_played=pair.boards_played,
                    printed_place=pair.place,
                    printed_place_shared=pair.place_shared,
                    printed_score=pair.total_score,
                    printed_percentage=pair.percentage,
                    where=f"SECTION[{s_index}]/PARTICIPANTS/PAIR[{p_index}]",
                )
            )
        for board in section.boards:
            for l_index, line in enumerate(board.lines, start=1):
                if isinstance(line.contract, Contract):
                    contract = format_contract(line.contract)
                else:
                    contract = "Pass" if line.contract is not None else ""
                lines.append(
                    ReportedLine(
                        section=name,
                        board=board.number,
                        ns=line.ns_pair,
                        ew=line.ew_pair,
                        contract=contract,
                        declarer=line.declarer.value if line.declarer else "",
                        lead=line.lead or "",
                        tricks=line.tricks,
                        score_ns=None if line.not_played else line.score,
                        adjusted=line.adjusted,
                        not_played=line.not_played,
                        printed_ns=line.ns_points,
                        printed_ew=line.ew_points,
                        where=f"SECTION[{s_index}]/BOARD[{board.number}]/TRAVELLER_LINE[{l_index}]",
                    )
                )
    problems = []
    dealt = {deal.board_number for deal in event.deals}
    if dealt:
        # The hand records name the boards of the event: a result for another board is a slip.
        for line in lines:
            if line.board not in dealt:
                problems.append(
                    Problem(line.where, f"board {line.board} is not among the boards dealt")
                )
    name = event.title or event.description or "Tävling"
    event_id = event.identifier or f"{event.date}-{name}"
    boards = event.boards_played or max((b.number for b in event.boards), default=0)
    return ReportedEvent(
        source_format="usebio",
        event_id=event_id[:100],
        name=name[:200],
        date=event.date,
        kind="pairs",
        scoring=SCORINGS[event.scoring],
        sections=tuple(sections),
        entries=tuple(entries),
        lines=tuple(lines),
        boards=boards,
        one_winner=event.winner_type == 1,
        problems=tuple(problems),
    )
