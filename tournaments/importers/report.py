"""The common shape of a results report, whatever program wrote it.

Each importer (USEBIO, PBN, CSV ranking list, manual entry) maps its file to a
:class:`ReportedEvent`; :func:`check_report` finds what is wrong with it and
where, and the reporting service saves it only when nothing is. Plain Python:
no Django, no clock (``today`` is passed in).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal

from tournaments.domain.deal_score import board_ns_score
from tournaments.domain.matchpoints import ArtificialScore

KINDS = ("pairs", "teams", "individual")
SCORINGS = ("matchpoints", "butler", "cross_imps", "team_vp", "bam", "ranking")
MOVEMENTS = ("mitchell", "howell", "teams", "")


@dataclass(frozen=True)
class Problem:
    """What is wrong (``what``) and where: an element path, a line or a field."""

    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}" if self.where else self.what

    def as_dict(self) -> dict[str, str]:
        return {"where": self.where, "what": self.what}


@dataclass(frozen=True)
class ReportedPlayer:
    """A player as the file names them: a national id (MID) when given, and a name."""

    national_id: str | None
    name: str
    boards_played: int | None = None
    reserve: bool = False


@dataclass(frozen=True)
class ReportedEntry:
    """A pair, team or individual; ``key`` is how the file's results refer to it."""

    key: str
    section: str
    number: int
    direction: str
    players: tuple[ReportedPlayer, ...]
    name: str = ""
    handicap: Decimal | None = None
    boards_played: int | None = None
    printed_place: int | None = None
    printed_place_shared: bool = False
    printed_score: Decimal | None = None
    printed_percentage: Decimal | None = None
    where: str = ""


@dataclass(frozen=True)
class ReportedLine:
    """One traveller line; ``ns``/``ew`` are entry keys. ``score_ns`` None = no real score."""

    section: str
    board: int
    ns: str
    ew: str
    contract: str = ""
    declarer: str = ""
    lead: str = ""
    tricks: int | None = None
    score_ns: int | None = None
    # when the file prints the EW score too; it must be -score_ns
    score_ew: int | None = None
    adjusted: ArtificialScore | None = None
    not_played: bool = False
    printed_ns: Decimal | None = None
    printed_ew: Decimal | None = None
    where: str = ""


@dataclass(frozen=True)
class ReportedLineup:
    """Who played for one side of a match in one half: seats (1-based) in the entry's players."""

    half: int
    side: str  # "home" or "away"
    players: tuple[int, ...]


@dataclass(frozen=True)
class ReportedMatch:
    """A team match; ``home``/``away`` are entry keys in ``section``.

    IMPs are None when the file gives none (saved as 0); VPs are net of the
    penalties, as a match report gives them.
    """

    section: str
    round: int
    home: str
    away: str
    boards: int = 0
    imps_home: Decimal | None = None
    imps_away: Decimal | None = None
    vp_home: Decimal | None = None
    vp_away: Decimal | None = None
    penalty_home: Decimal = Decimal(0)
    penalty_away: Decimal = Decimal(0)
    walkover: bool = False
    lineups: tuple[ReportedLineup, ...] = ()
    where: str = ""


@dataclass(frozen=True)
class ReportedSection:
    name: str
    movement: str


@dataclass(frozen=True)
class ReportedEvent:
    source_format: str
    event_id: str
    name: str
    date: date | None
    kind: str
    scoring: str
    sections: tuple[ReportedSection, ...]
    entries: tuple[ReportedEntry, ...]
    lines: tuple[ReportedLine, ...] = ()
    boards: int = 0
    datum_drop: int = 1
    # True: one field over all sections and directions (USEBIO WINNER_TYPE 1)
    one_winner: bool = False
    # problems the importer found while mapping (kept so one report lists everything)
    problems: tuple[Problem, ...] = field(default=())
    # team matches (teams events); checked by _match_problems
    matches: tuple[ReportedMatch, ...] = ()


# The problems an import log keeps: enough to mend a file, not a copy of a broken one.
LOGGED_PROBLEMS = 200
LOGGED_TEXT = 500


def loggable(problems: list[Problem]) -> list[dict[str, str]]:
    """The problems as an import log stores them: the first 200 (and how many more),
    each text without control characters (a NUL cannot be stored) and not over 500
    characters."""

    def clean(text: str) -> str:
        text = "".join(c if c.isprintable() or c == " " else "\ufffd" for c in text)
        return text if len(text) <= LOGGED_TEXT else text[: LOGGED_TEXT - 1] + "…"

    out = [{"where": clean(p.where), "what": clean(p.what)} for p in problems[:LOGGED_PROBLEMS]]
    if len(problems) > LOGGED_PROBLEMS:
        more = len(problems) - LOGGED_PROBLEMS
        out.append({"where": "", "what": f"and {more} more problems"})
    return out


def check_report(report: ReportedEvent, *, today: date) -> list[Problem]:
    """Everything that makes the report unusable, each with where it is."""
    problems = list(report.problems)
    if report.date is None:
        problems.append(Problem("event", "the event has no date"))
    elif report.date > today:
        problems.append(Problem("event", f"the date {report.date} is in the future"))
    if not report.name.strip():
        problems.append(Problem("event", "the event has no name"))
    if report.kind not in KINDS:
        problems.append(Problem("event", f"unknown kind {report.kind!r}"))
    if report.scoring not in SCORINGS:
        problems.append(Problem("event", f"unknown scoring {report.scoring!r}"))
    if not report.entries:
        problems.append(Problem("event", "the report has no pairs, teams or players"))

    section_names = Counter(s.name for s in report.sections)
    problems.extend(
        Problem(f"section {name or '-'}", "the section is given twice")
        for name, n in section_names.items()
        if n > 1
    )
    keys = Counter((e.section, e.key) for e in report.entries)
    for (section, key), n in keys.items():
        if n > 1:
            problems.append(
                Problem(f"section {section or '-'}", f"pair/team {key!r} is given {n} times")
            )
    for entry in report.entries:
        if entry.section not in section_names:
            problems.append(Problem(entry.where, f"section {entry.section!r} is not in the report"))
        if not entry.players:
            problems.append(Problem(entry.where, f"{entry.key!r} has no players"))

    player_ids = Counter(p.national_id for e in report.entries for p in e.players if p.national_id)
    for national_id, n in player_ids.items():
        if n > 1:
            problems.append(Problem("participants", f"player {national_id} plays in {n} entries"))

    known = set(keys)
    seen_lines: dict[tuple[str, int, str], str] = {}
    board_range = range(1, report.boards + 1) if report.boards else None
    for line in report.lines:
        for side, key in (("NS", line.ns), ("EW", line.ew)):
            if (line.section, key) not in known:
                problems.append(
                    Problem(line.where, f"{side} pair {key!r} is not among the participants")
                )
        if line.ns == line.ew:
            problems.append(Problem(line.where, f"pair {line.ns!r} plays against itself"))
        if board_range is not None and line.board not in board_range:
            problems.append(
                Problem(line.where, f"board {line.board} is not one of the {report.boards} boards")
            )
        for key in (line.ns, line.ew):
            seen = seen_lines.get((line.section, line.board, key))
            if seen is not None:
                problems.append(
                    Problem(
                        line.where,
                        f"pair {key!r} has a second result on board {line.board} (first at {seen})",
                    )
                )
            seen_lines[(line.section, line.board, key)] = line.where or "?"
        if line.tricks is not None and not 0 <= line.tricks <= 13:
            problems.append(Problem(line.where, f"{line.tricks} tricks is not possible"))
        if (
            line.score_ns is not None
            and line.score_ew is not None
            and line.score_ew != -line.score_ns
        ):
            problems.append(
                Problem(
                    line.where,
                    f"the NS score {line.score_ns} and the EW score {line.score_ew} disagree "
                    f"on board {line.board} (one must be the other with its sign changed)",
                )
            )
    problems.extend(_match_problems(report, known))
    return problems


def _match_problems(report: ReportedEvent, known: set[tuple[str, str]]) -> list[Problem]:
    """Team matches: known teams, not against themselves, each once a round.

    A team is the home team of one match a round at most (a saved match is keyed
    by round and home team); a line-up names seats the team has.
    """
    problems = []
    players = {(e.section, e.key): len(e.players) for e in report.entries}
    pairings: dict[tuple[str, int, frozenset[str]], str] = {}
    homes: dict[tuple[str, int, str], str] = {}
    for match in report.matches:
        where = match.where or f"round {match.round}"
        for side, key in (("home", match.home), ("away", match.away)):
            if (match.section, key) not in known:
                problems.append(
                    Problem(where, f"{side} team {key!r} is not among the participants")
                )
        if match.home == match.away:
            problems.append(Problem(where, f"team {match.home!r} plays against itself"))
            continue
        if match.round < 1:
            problems.append(Problem(where, f"round {match.round} is not a round (1 or more)"))
        pairing = (match.section, match.round, frozenset((match.home, match.away)))
        home = (match.section, match.round, match.home)
        if pairing in pairings:
            problems.append(
                Problem(
                    where,
                    f"the match {match.home!r}-{match.away!r} of round {match.round} is given "
                    f"twice (first at {pairings[pairing]})",
                )
            )
        elif home in homes:
            problems.append(
                Problem(
                    where,
                    f"team {match.home!r} is the home team of two matches in round "
                    f"{match.round} (first at {homes[home]})",
                )
            )
        pairings.setdefault(pairing, where)
        homes.setdefault(home, where)
        for lineup in match.lineups:
            key = match.home if lineup.side == "home" else match.away
            count = players.get((match.section, key), 0)
            if (
                lineup.side not in ("home", "away")
                or lineup.half < 1
                or any(not 1 <= seat <= count for seat in lineup.players)
            ):
                problems.append(
                    Problem(where, f"the {lineup.side} line-up of half {lineup.half} is not valid")
                )
    return problems


def report_warnings(report: ReportedEvent) -> list[Problem]:
    """What is odd but does not stop the report: lines whose score is not what their
    contract, declarer and tricks give (a director's assigned score, or a typing slip
    in the contract; the score is what the program scored, so it stands)."""
    return [
        Problem(line.where, mismatch)
        for line in report.lines
        if (mismatch := _score_mismatch(line)) is not None
    ]


def _score_mismatch(line: ReportedLine) -> str | None:
    """The line's NS score against the score its contract, declarer and tricks give.

    A scoring program prints both; when they disagree one of them was typed wrong
    and the club must say which. Lines without a full contract are not checked.
    """
    if line.score_ns is None or line.adjusted is not None or line.tricks is None:
        return None
    if not 0 <= line.tricks <= 13:
        return None
    if not line.contract or not line.declarer or line.contract.lower().startswith("pass"):
        return None
    try:
        expected = board_ns_score(line.board, line.contract, line.declarer, line.tricks)
    except ValueError as exc:
        return f"contract {line.contract!r} by {line.declarer!r}: {exc}"
    if expected == line.score_ns:
        return None
    return (
        f"the NS score {line.score_ns} disagrees with {line.contract} by {line.declarer} "
        f"taking {line.tricks} tricks on board {line.board}, which scores {expected} for NS"
    )
