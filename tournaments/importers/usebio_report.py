"""USEBIO event -> the common report (tournaments.importers.report).

How pairs, teams and individual events map, and why an individual event keeps
its printed standings: docs/importers.md, "From a parsed file to a report" and
"USEBIO teams and individual events".
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import TypedDict

from tournaments.domain.contract import Contract, format_contract
from tournaments.domain.imps import TeamBoard, team_match
from tournaments.domain.vp import bam_match, match_vp

from .report import (
    FileAwards,
    Problem,
    ReportedEntry,
    ReportedEvent,
    ReportedLine,
    ReportedLineup,
    ReportedMatch,
    ReportedMatchBoard,
    ReportedPlayer,
    ReportedSection,
)
from .text import Text, gettext_noop
from .usebio import MasterPointAward, UsebioEvent, UsebioMatch, UsebioPlayer, UsebioTeam

SCORINGS = {
    "match_points": "matchpoints",
    "butler": "butler",
    "cross_imps": "cross_imps",
    "team_vps": "team_vp",
    "board_a_match": "bam",
}


def report_from_usebio(event: UsebioEvent) -> ReportedEvent:
    if event.kind == "teams":
        report = _teams_report(event)
    elif event.kind == "individual":
        report = _individual_report(event)
    else:
        report = _pairs_report(event)
    return replace(report, file_awards=file_awards(event))


EVENT_PATH = "/USEBIO/EVENT"


def file_awards(event: UsebioEvent) -> FileAwards | None:
    """The file's master point and charge facts; None when it states none of them."""
    code = event.charge_code or ""
    if not code and event.pay_to_play_rate is not None:
        # A 1.2 file's P2P_CHARGE_RATE is the subscription code ("10": a normal club
        # session, seed 001 Appendix), written as the two digits the Appendix prints.
        rate = event.pay_to_play_rate
        code = f"{int(rate):02d}" if rate == rate.to_integral_value() else str(rate)
    facts = FileAwards(
        version=event.version,
        scale=event.master_point_scale or "",
        event_rating=event.event_rating or "",
        point_type=event.master_point_type or "",
        awarded_flag=event.master_points_awarded,
        charge_code=code,
        p2p_rate=event.pay_to_play_rate,
        where={
            "scale": f"{EVENT_PATH}/MASTER_POINT_SCALE",
            "event_rating": f"{EVENT_PATH}/EVENT_RATING",
            "point_type": f"{EVENT_PATH}/MASTER_POINT_TYPE",
            "awarded_flag": f"{EVENT_PATH}/MPS_AWARDED_FLAG",
            "charge_code": f"{EVENT_PATH}/EBU_CHARGE_CODE"
            if event.charge_code
            else f"{EVENT_PATH}/P2P_CHARGE_RATE",
        },
    )
    stated = (facts.scale, facts.event_rating, facts.point_type, facts.charge_code)
    return facts if any(stated) or facts.awarded_flag is not None else None


class _Awarded(TypedDict, total=False):
    awarded: Decimal
    awarded_type: str


def _awarded(awards: tuple[MasterPointAward, ...]) -> _Awarded:
    """An entry's MASTER_POINTS_AWARDED (per player) and its type; NZ Scorer may give
    several blocks, which add up (their types joined)."""
    if not awards:
        return _Awarded()
    types = dict.fromkeys(a.point_type for a in awards if a.point_type)
    return _Awarded(
        awarded=sum((a.awarded for a in awards), Decimal(0)),
        awarded_type="/".join(t for t in types if t)[:20],
    )


def _identity(event: UsebioEvent) -> tuple[str, str]:
    """(event id, name) as every kind of event reports them."""
    name = event.title or event.description or "Tävling"
    event_id = event.identifier or f"{event.date}-{name}"
    return event_id[:100], name[:200]


def _players(players: tuple[UsebioPlayer, ...]) -> tuple[ReportedPlayer, ...]:
    return tuple(ReportedPlayer(national_id=p.national_id, name=p.name) for p in players)


def _individual_report(event: UsebioEvent) -> ReportedEvent:
    sections = []
    entries = []
    for section in event.sections:
        name = section.section_id or ""
        sections.append(ReportedSection(name=name, movement=""))
        entries.extend(
            ReportedEntry(
                key=player.player_number,
                section=name,
                number=player.number,
                direction="",
                players=_players((player.player,)),
                boards_played=player.boards_played,
                printed_place=player.place,
                printed_place_shared=player.place_shared,
                printed_score=player.total_score,
                printed_percentage=player.percentage,
                where=player.path,
                **_awarded(player.master_points),
            )
            for player in section.players
        )
    problems = [
        Problem(
            player.path,
            Text(
                gettext_noop("player %(player)s has no printed PLACE"),
                {"player": repr(player.player_number)},
            ),
        )
        for section in event.sections
        for player in section.players
        if player.place is None
    ]
    event_id, name = _identity(event)
    boards = event.boards_played or max(
        (b.number for s in event.sections for b in s.individual_boards), default=0
    )
    return ReportedEvent(
        source_format="usebio",
        event_id=event_id,
        name=name,
        date=event.date,
        kind="individual",
        scoring="ranking",
        sections=tuple(sections),
        entries=tuple(entries),
        boards=boards,
        one_winner=True,
        problems=tuple(problems),
    )


def _teams_report(event: UsebioEvent) -> ReportedEvent:
    sections = []
    entries = []
    matches = []
    problems: list[Problem] = []
    for section in event.sections:
        name = section.section_id or ""
        sections.append(ReportedSection(name=name, movement="teams"))
        entries.extend(
            ReportedEntry(
                key=team.team_id,
                section=name,
                number=team.number,
                direction="",
                players=_players(team.players),
                name=(team.name or "")[:200],
                printed_place=team.place,
                printed_place_shared=team.place_shared,
                printed_score=team.total_score,
                printed_percentage=team.percentage,
                where=team.path,
                **_awarded(team.master_points),
            )
            for team in section.teams
        )
        teams = {team.team_id: team for team in section.teams}
        for position, match in enumerate(section.matches, start=1):
            matches.append(_match(event, name, match, position, teams, problems))
    event_id, name = _identity(event)
    boards = event.boards_played or sum(m.boards for m in matches)
    return ReportedEvent(
        source_format="usebio",
        event_id=event_id,
        name=name,
        date=event.date,
        kind="teams",
        scoring=SCORINGS[event.scoring],
        sections=tuple(sections),
        entries=tuple(entries),
        boards=boards,
        one_winner=True,
        problems=tuple(problems),
        matches=tuple(matches),
    )


def _match(
    event: UsebioEvent,
    section: str,
    match: UsebioMatch,
    position: int,
    teams: dict[str, UsebioTeam],
    problems: list[Problem],
) -> ReportedMatch:
    """One MATCH. TEAM_SCORE/OPPOSING_TEAM_SCORE are the match score in the event's
    unit (VPs; board-a-match: the points of the boards won); the IMPs are the
    boards' net IMPs split by the side that won each board.

    When every board gives both rooms' scores, the board-a-match points are read from
    them (``bam_match``, seed 004 "Matchpoint scoring") and so are the IMPs a file
    does not give (``team_match``, seed 004 "International Match Point scoring"); a
    VP event without TEAM_SCORE then gets its VPs from those IMPs on the WBF scale."""
    imps = match.imps
    printed = (match.team_score, match.opposing_team_score)
    vp = printed
    rooms = _rooms(match, problems)
    boards = match.board_count or event.boards_per_round or 0
    if rooms and event.scoring == "board_a_match":
        vp = bam_match((b.open_ns_score, b.closed_ns_score) for b in rooms)
    elif rooms and imps is None:
        score = team_match(TeamBoard(b.board, b.open_ns_score, b.closed_ns_score) for b in rooms)
        imps = (score.home_imps, score.away_imps)
        if None in printed and boards:
            vp = match_vp(imps[0], imps[1], boards)
    if vp[0] is None or vp[1] is None:
        problems.append(
            Problem(match.path, Text(gettext_noop("TEAM_SCORE or OPPOSING_TEAM_SCORE is missing")))
        )
    return ReportedMatch(
        section=section,
        # A MATCH without ROUND_NUMBER (a teams-of-four event of single matches)
        # counts as a round of its own.
        round=match.round if match.round is not None else position,
        home=match.team,
        away=match.opposing_team,
        boards=boards,
        imps_home=None if imps is None else imps[0],
        imps_away=None if imps is None else imps[1],
        vp_home=vp[0],
        vp_away=vp[1],
        lineups=_lineups(match, teams, problems),
        where=match.path,
        board_scores=rooms,
        printed_home=printed[0] if rooms else None,
        printed_away=printed[1] if rooms else None,
    )


def _rooms(match: UsebioMatch, problems: list[Problem]) -> tuple[ReportedMatchBoard, ...]:
    """Each board's N-S score in the room where TEAM sat N-S and in the other, when
    every board of the match has exactly those two played lines; otherwise nothing
    (an adjusted or missing room leaves the file's own figures standing)."""
    rooms = []
    for board in match.boards:
        scores = {}
        for line in board.lines:
            if line.direction is None or line.direction in scores:
                return ()
            if line.score is None or line.adjusted is not None or line.not_played:
                return ()
            scores[line.direction] = (line.score, line.path)
        if set(scores) != {"NS", "EW"}:
            return ()
        for score, path in scores.values():
            if score % 10:
                problems.append(
                    Problem(
                        f"{path}/SCORE",
                        Text(
                            gettext_noop("%(score)s is not a bridge score (a multiple of 10)"),
                            {"score": score},
                        ),
                    )
                )
                return ()
        rooms.append(ReportedMatchBoard(board.number, scores["NS"][0], scores["EW"][0]))
    return tuple(rooms)


def _lineups(
    match: UsebioMatch, teams: dict[str, UsebioTeam], problems: list[Problem]
) -> tuple[ReportedLineup, ...]:
    """Who played, from the pairs the match's traveller lines name (one half: USEBIO
    has no half-time line-up). Only when the teams list their pairs."""
    sides = (("home", teams.get(match.team)), ("away", teams.get(match.opposing_team)))
    if any(team is None or not team.pairs for _, team in sides):
        return ()
    named: dict[str, list[int]] = {"home": [], "away": []}
    for board in match.boards:
        for line in board.lines:
            if line.direction is None or line.ns_pair is None or line.ew_pair is None:
                continue
            home_pair, away_pair = (
                (line.ns_pair, line.ew_pair)
                if line.direction == "NS"
                else (line.ew_pair, line.ns_pair)
            )
            for (side, team), pair_id in zip(sides, (home_pair, away_pair), strict=True):
                assert team is not None
                pair = next((p for p in team.pairs if p.pair_id == pair_id), None)
                if pair is None:
                    problems.append(
                        Problem(
                            line.path,
                            Text(
                                gettext_noop("pair %(pair)s is not a pair of team %(team)s"),
                                {"pair": repr(pair_id), "team": repr(team.team_id)},
                            ),
                        )
                    )
                    continue
                for player in pair.players:
                    seat = team.players.index(
                        next(
                            p
                            for p in team.players
                            if (p.national_id, p.name.casefold())
                            == (player.national_id, player.name.casefold())
                        )
                    )
                    if seat + 1 not in named[side]:
                        named[side].append(seat + 1)
    return tuple(
        ReportedLineup(half=1, side=side, players=tuple(seats))
        for side, seats in named.items()
        if seats
    )


def _pairs_report(event: UsebioEvent) -> ReportedEvent:
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
                    **_awarded(pair.master_points),
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
                    Problem(
                        line.where,
                        Text(
                            gettext_noop("board %(board)s is not among the boards dealt"),
                            {"board": line.board},
                        ),
                    )
                )
    event_id, name = _identity(event)
    boards = event.boards_played or max((b.number for b in event.boards), default=0)
    return ReportedEvent(
        source_format="usebio",
        event_id=event_id,
        name=name,
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
