"""Two-room team matches in a PBN file -> the common report's matches.

Source: the PBN standard 2.1 (``pbn_v21.txt``), its tags ``Room`` ("Open"/"Closed"),
``HomeTeam``, ``VisitTeam``, ``Round``, ``Table``, ``Scoring`` and ``Score`` (section
4); the IMPs and board-a-match points are seed 004's (``004_058b41174697c9d9.txt``,
board-a-match line 170, the IMP table lines 172-187, "the score from the teammates'
table" line 187), read by ``tournaments.domain``. How a file maps and what we decided
where the standard is silent: docs/importers.md, "PBN team matches (two rooms)".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.domain.contract import (
    Contract,
    PassedOut,
    Side,
    board_vulnerability,
    format_contract,
)
from tournaments.domain.deal_score import ns_score
from tournaments.domain.imps import TeamBoard, team_match
from tournaments.domain.vp import bam_match, match_vp

from .pbn import PbnGame
from .report import Problem, ReportedEntry, ReportedLineup, ReportedMatch, ReportedMatchBoard
from .text import Text, gettext_noop, line_in

# Room tag -> LineupSlot.room (1 open, 2 closed).
ROOMS = {"open": 1, "closed": 2}
ROOM_NAMES = {1: "Open", 2: "Closed"}
# First word of Scoring (case-insensitive) -> the report's scoring. Only the current
# WBF IMP table is in the domain (seed 004 lines 172-185): IMP_1948 and IMP_1961 are not.
SCORINGS = {
    "imp": "team_vp",
    "imps": "team_vp",
    "bam": "bam",
    "boardamatch": "bam",
    "board_a_match": "bam",
}
SEATS = ("North", "East", "South", "West")
_UNKNOWN = ("", "?", "-")


def is_two_room(game: PbnGame) -> bool:
    """A game played in a team match's open or closed room."""
    return (game.tag("Room") or "").strip().lower() in ROOMS


@dataclass(frozen=True)
class _Room:
    """One board as one room played it."""

    game: PbnGame
    room: int
    round: int
    table: str
    section: str
    home: str
    away: str
    board: int
    ns_score: int | None
    # the team the names seat N-S (None: the names do not say) and each team's seats
    ns_team: str | None
    seats: dict[str, tuple[int, ...]]


@dataclass(frozen=True)
class TeamMatches:
    scoring: str
    matches: tuple[ReportedMatch, ...]
    problems: tuple[Problem, ...]


def team_matches(
    games: Sequence[PbnGame], entries: Sequence[ReportedEntry], filename: str
) -> TeamMatches:
    """The matches the file's Open/Closed games make, among the ranking's teams."""
    return _Reader(games, entries, filename).read()


class _Reader:
    def __init__(
        self, games: Sequence[PbnGame], entries: Sequence[ReportedEntry], filename: str
    ) -> None:
        self.games = [game for game in games if is_two_room(game)]
        self.entries = {(e.section, e.key): e for e in entries}
        self.filename = filename
        self.problems: list[Problem] = []

    def at(self, game: PbnGame, tag: str = "") -> Text:
        return line_in(self.filename, game.tag_line(tag) if tag else game.line, tag)

    def error(self, game: PbnGame, tag: str, template: str, **params: object) -> None:
        self.problems.append(Problem(self.at(game, tag), Text(template, params)))

    def read(self) -> TeamMatches:
        scoring = self._scoring()
        groups: dict[tuple, list[_Room]] = {}
        for game in self.games:
            room = self._room(game)
            if room is None:
                continue
            # Table numbers the match within its round; without one, the teams do.
            key = (room.section, room.round, room.table or (room.home, room.away))
            groups.setdefault(key, []).append(room)
        matches = []
        for rooms in groups.values():
            match = self._match(rooms, scoring)
            if match is not None:
                matches.append(match)
        return TeamMatches(scoring, tuple(matches), tuple(self.problems))

    # -- the event

    def _scoring(self) -> str:
        first: PbnGame | None = None
        for game in self.games:
            value = (game.tag("Scoring") or "").strip()
            if not value or value == "?":
                continue
            if first is None:
                first = game
                if value.split(";")[0].strip().lower() not in SCORINGS:
                    self.error(
                        game,
                        "Scoring",
                        gettext_noop(
                            "Scoring %(value)s cannot score a team match: give IMP (IMPs "
                            "converted to VPs) or BAM (board-a-match)"
                        ),
                        value=repr(value),
                    )
            elif value != (first.tag("Scoring") or "").strip():
                self.error(
                    game,
                    "Scoring",
                    gettext_noop(
                        "Scoring %(value)s differs from %(first)s at line %(line)s: an event "
                        "has one scoring"
                    ),
                    value=repr(value),
                    first=repr(first.tag("Scoring")),
                    line=first.tag_line("Scoring"),
                )
        if first is None:
            if self.games:
                self.error(
                    self.games[0],
                    "",
                    gettext_noop(
                        "the team matches have no Scoring tag: give IMP (IMPs converted to "
                        "VPs) or BAM (board-a-match)"
                    ),
                )
            return "team_vp"
        return SCORINGS.get((first.tag("Scoring") or "").split(";")[0].strip().lower(), "team_vp")

    # -- one game

    def _room(self, game: PbnGame) -> _Room | None:
        room = ROOMS[(game.tag("Room") or "").strip().lower()]
        section = (game.tag("Section") or "").strip()
        teams = []
        for tag in ("HomeTeam", "VisitTeam"):
            value = (game.tag(tag) or "").strip()
            key = self._team(section, value)
            if key is None:
                if value in _UNKNOWN:
                    self.error(
                        game,
                        tag,
                        gettext_noop(
                            "the game has Room %(room)s but no %(tag)s: a team match names "
                            "both teams"
                        ),
                        room=repr(ROOM_NAMES[room]),
                        tag=tag,
                    )
                else:
                    self.error(
                        game,
                        tag,
                        gettext_noop(
                            "%(tag)s %(value)s is not a team of the TotalScoreTable (by "
                            "TeamId or TeamName)"
                        ),
                        tag=tag,
                        value=repr(value),
                    )
            teams.append(key)
        round_number = self._round(game)
        if game.board is None:
            self.error(game, "", gettext_noop("the game has Room but no Board tag"))
        home, away = teams
        if home is None or away is None or round_number is None or game.board is None:
            return None
        if home == away:
            self.error(
                game,
                "VisitTeam",
                gettext_noop("HomeTeam and VisitTeam are the same team %(team)s"),
                team=repr(self._name(section, home)),
            )
            return None
        ns_team, seats = self._seats(game, section, home, away)
        return _Room(
            game=game,
            room=room,
            round=round_number,
            table=(game.tag("Table") or "").strip(),
            section=section,
            home=home,
            away=away,
            board=game.board,
            ns_score=self._score(game, ROOM_NAMES[room]),
            ns_team=ns_team,
            seats=seats,
        )

    def _team(self, section: str, value: str) -> str | None:
        if (section, value) in self.entries:
            return value
        named = [
            e.key
            for e in self.entries.values()
            if e.section == section and e.name and e.name.casefold() == value.casefold()
        ]
        return named[0] if len(named) == 1 else None

    def _name(self, section: str, key: str) -> str:
        """A team as the file names it: its TeamName, else its TeamId."""
        return self.entries[(section, key)].name or key

    def _round(self, game: PbnGame) -> int | None:
        value = (game.tag("Round") or "").strip()
        if value in _UNKNOWN:
            return 1  # one round: a single match, or a file that does not say
        if value.isdigit() and int(value) >= 1:
            return int(value)
        self.error(
            game,
            "Round",
            gettext_noop("Round %(value)s is not a round number (1, 2, ...)"),
            value=repr(value),
        )
        return None

    def _seats(
        self, game: PbnGame, section: str, home: str, away: str
    ) -> tuple[str | None, dict[str, tuple[int, ...]]]:
        """The team N-S by the seat names, and each team's seats (in its players) here.

        A name no team lists is an error only when the teams list names at all."""
        rosters = {
            team: {
                p.name.casefold(): seat
                for seat, p in enumerate(self.entries[(section, team)].players, start=1)
                if p.name
            }
            for team in (home, away)
        }
        named = any(rosters.values())
        found: dict[str, str] = {}
        seats: dict[str, list[int]] = {home: [], away: []}
        for tag in SEATS:
            name = (game.tag(tag) or "").strip()
            if name in _UNKNOWN or not named:
                continue
            team = next((t for t, roster in rosters.items() if name.casefold() in roster), None)
            if team is None:
                self.error(
                    game,
                    tag,
                    gettext_noop(
                        "%(seat)s %(name)s is not a player of team %(home)s or team %(away)s"
                    ),
                    seat=tag,
                    name=repr(name),
                    home=repr(self._name(section, home)),
                    away=repr(self._name(section, away)),
                )
                continue
            found[tag] = team
            seats[team].append(rosters[team][name.casefold()])
        pairs = {"NS": ("North", "South"), "EW": ("East", "West")}
        sides: dict[str, str | None] = {}
        for side, (first, second) in pairs.items():
            teams = {found[tag] for tag in (first, second) if tag in found}
            if len(teams) > 1:
                self.error(
                    game,
                    second,
                    gettext_noop("%(first)s %(a)s and %(second)s %(b)s play for different teams"),
                    first=first,
                    a=repr(game.tag(first)),
                    second=second,
                    b=repr(game.tag(second)),
                )
            sides[side] = teams.pop() if len(teams) == 1 else None
        if sides["NS"] is not None and sides["NS"] == sides["EW"]:
            self.error(
                game,
                "East",
                gettext_noop("both sides of the table are players of team %(team)s"),
                team=repr(self._name(section, sides["NS"])),
            )
        ns = sides["NS"] or (
            {home: away, away: home}[sides["EW"]] if sides["EW"] is not None else None
        )
        return ns, {team: tuple(s) for team, s in seats.items()}

    def _score(self, game: PbnGame, room: str) -> int | None:
        """North-South's score: the Score tag, checked against the contract, declarer
        and tricks when the game gives them; else computed from them."""
        played = self._played(game)
        value = (game.tag("Score") or "").strip()
        if value in _UNKNOWN:
            if played is None:
                self.error(
                    game,
                    "",
                    gettext_noop(
                        "board %(board)s in the %(room)s room has no Score, and no Contract, "
                        "Declarer and Result to score it"
                    ),
                    board=game.board,
                    room=room,
                )
            return played
        given = self._given(game, value)
        if given is None:
            return None
        if given % 10:
            self.error(
                game,
                "Score",
                gettext_noop("%(score)s is not a bridge score (a multiple of 10)"),
                score=value,
            )
            return None
        if played is not None and played != given:
            contract = game.contract
            self.error(
                game,
                "Score",
                gettext_noop(
                    "Score %(value)s disagrees with the contract: %(contract)s by %(declarer)s "
                    "taking %(tricks)s tricks scores %(expected)s for N-S"
                ),
                value=repr(value),
                contract=format_contract(contract) if contract is not None else "",
                declarer=game.declarer.value if game.declarer else "",
                tricks=game.result,
                expected=played,
            )
            return None
        return given

    def _played(self, game: PbnGame) -> int | None:
        """The N-S score the Contract, Declarer, Result and Vulnerable tags give, if any."""
        if isinstance(game.contract, PassedOut):
            return 0
        if not isinstance(game.contract, Contract) or game.declarer is None:
            return None
        if game.result is None or game.board is None:
            return None
        vulnerable = game.vulnerable or board_vulnerability(game.board)
        try:
            return ns_score(game.contract, game.declarer, vulnerable, game.result)
        except ValueError:
            return None  # tricks the parser has already refused

    def _given(self, game: PbnGame, value: str) -> int | None:
        """The Score tag as N-S's score: ``NS n``, ``EW n``, both, or a bare number for
        the declaring side (0 on a passed-out board)."""
        if re.fullmatch(r"-?\d+", value):
            if isinstance(game.contract, PassedOut):
                return int(value)
            if game.declarer is None:
                self.error(
                    game,
                    "Score",
                    gettext_noop(
                        "Score %(value)s names no side and the game has no Declarer: write "
                        "'NS n' or 'EW n'"
                    ),
                    value=repr(value),
                )
                return None
            return int(value) if game.declarer.side is Side.NS else -int(value)
        sides = dict(re.findall(r"(NS|EW)\s+(-?\d+)", value))
        ns = int(sides["NS"]) if "NS" in sides else None
        ew = int(sides["EW"]) if "EW" in sides else None
        if ns is not None and ew is not None and ns != -ew:
            self.error(
                game,
                "Score",
                gettext_noop(
                    "Score %(value)s: the N-S and E-W scores must be one number with opposite signs"
                ),
                value=repr(value),
            )
            return None
        if ns is None and ew is None:
            return None  # the parser has already refused a Score it cannot read
        return ns if ns is not None else -(ew or 0)

    # -- one match

    def _match(self, rooms: list[_Room], scoring: str) -> ReportedMatch | None:
        first = rooms[0]
        home, away = first.home, first.away
        before = len(self.problems)
        boards: dict[int, dict[int, _Room]] = {}
        # boards with a room refused above: their missing room is no news
        refused: set[int] = set()
        for room in rooms:
            if (room.home, room.away) != (home, away):
                refused.add(room.board)
                self.error(
                    room.game,
                    "HomeTeam",
                    gettext_noop(
                        "round %(round)s table %(table)s: HomeTeam %(home)s and VisitTeam "
                        "%(away)s differ from the match's %(first_home)s and %(first_away)s "
                        "(line %(line)s); a match keeps its teams in both rooms"
                    ),
                    round=room.round,
                    table=room.table or "-",
                    home=repr(room.game.tag("HomeTeam")),
                    away=repr(room.game.tag("VisitTeam")),
                    first_home=repr(first.game.tag("HomeTeam")),
                    first_away=repr(first.game.tag("VisitTeam")),
                    line=first.game.tag_line("HomeTeam"),
                )
                continue
            seen = boards.setdefault(room.board, {}).get(room.room)
            if seen is not None:
                refused.add(room.board)
                self.error(
                    room.game,
                    "Board",
                    gettext_noop(
                        "board %(board)s is played twice in the %(room)s room of round "
                        "%(round)s (first at line %(line)s)"
                    ),
                    board=room.board,
                    room=ROOM_NAMES[room.room],
                    round=room.round,
                    line=seen.game.line,
                )
                continue
            boards[room.board][room.room] = room
        scored: list[ReportedMatchBoard] = []
        for number in sorted(boards):
            both = boards[number]
            if len(both) < 2:
                if number in refused or not both:
                    continue
                (only,) = both.values()
                self.error(
                    only.game,
                    "Room",
                    gettext_noop(
                        "board %(board)s of round %(round)s has only the %(room)s room: the "
                        "%(other)s room's result is missing"
                    ),
                    board=number,
                    round=only.round,
                    room=ROOM_NAMES[only.room],
                    other=ROOM_NAMES[3 - only.room],
                )
                continue
            open_room, closed_room = both[1], both[2]
            # By the names, else by custom: the home team sits N-S in the open room.
            open_ns = open_room.ns_team or home
            closed_ns = closed_room.ns_team or away
            if open_ns == closed_ns:
                self.error(
                    closed_room.game,
                    "North",
                    gettext_noop(
                        "team %(team)s sits N-S in both rooms on board %(board)s (the Open "
                        "room at line %(line)s)"
                    ),
                    team=repr(self._name(first.section, open_ns)),
                    board=number,
                    line=open_room.game.line,
                )
                continue
            # MatchBoard's "open" score is the room where the home team sat N-S.
            home_ns, away_ns = (
                (open_room.ns_score, closed_room.ns_score)
                if open_ns == home
                else (closed_room.ns_score, open_room.ns_score)
            )
            if home_ns is not None and away_ns is not None:
                scored.append(ReportedMatchBoard(number, home_ns, away_ns))
        if len(self.problems) > before or not scored:
            return None
        if scoring == "bam":
            imps = None
            vp = bam_match((b.open_ns_score, b.closed_ns_score) for b in scored)
        else:
            score = team_match(
                TeamBoard(b.board, b.open_ns_score, b.closed_ns_score) for b in scored
            )
            imps = (score.home_imps, score.away_imps)
            vp = match_vp(imps[0], imps[1], len(scored))
        return ReportedMatch(
            section=first.section,
            round=first.round,
            home=home,
            away=away,
            boards=len(scored),
            imps_home=None if imps is None else imps[0],
            imps_away=None if imps is None else imps[1],
            vp_home=vp[0],
            vp_away=vp[1],
            lineups=_lineups(rooms, home, away),
            where=self.at(first.game),
            board_scores=tuple(scored),
        )


def _lineups(rooms: list[_Room], home: str, away: str) -> tuple[ReportedLineup, ...]:
    """Each team's players in each room, from the seat names (one half: PBN has no
    half-time); a player named in both rooms is kept in the first."""
    placed: dict[tuple[str, int], int] = {}
    for room in sorted(rooms, key=lambda r: (r.board, r.room)):
        for team in (home, away):
            for seat in room.seats.get(team, ()):
                placed.setdefault((team, seat), room.room)
    lineups = []
    for side, team in (("home", home), ("away", away)):
        for number in (1, 2):
            seats = tuple(sorted(s for (t, s), r in placed.items() if t == team and r == number))
            if seats:
                lineups.append(ReportedLineup(half=1, side=side, players=seats, room=number))
    return tuple(lineups)
