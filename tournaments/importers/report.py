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

from .text import Text, Translate, Where, gettext_noop, restored, shown, stored

KINDS = ("pairs", "teams", "individual")
SCORINGS = ("matchpoints", "butler", "cross_imps", "team_vp", "bam", "ranking")
MOVEMENTS = ("mitchell", "howell", "teams", "")


@dataclass(frozen=True)
class Problem:
    """What is wrong (``text``) and where (``place``): an element path, a line or a field.

    ``where`` and ``what`` read them in English, as the import log and the command
    keep them; a page shows :meth:`translated`.
    """

    place: Where
    text: Text

    @property
    def where(self) -> str:
        return str(self.place)

    @property
    def what(self) -> str:
        return str(self.text)

    def translated(self, translate: Translate) -> dict[str, str]:
        return {"where": str(shown(self.place, translate)), "what": self.text.translated(translate)}

    def translated_line(self, translate: Translate) -> str:
        """As ``str()`` gives it, in the reader's language: "where: what"."""
        where, what = self.translated(translate).values()
        return f"{where}: {what}" if where else what

    def __str__(self) -> str:
        return f"{self.where}: {self.what}" if self.where else self.what

    def as_dict(self) -> dict[str, str]:
        return {"where": self.where, "what": self.what}


# Places in words, where a problem has no line or element of its own.
EVENT = Text(gettext_noop("event"))
PARTICIPANTS = Text(gettext_noop("participants"))


def section_place(name: str) -> Text:
    return Text(gettext_noop("section %(section)s"), {"section": name or "-"})


def round_place(number: int) -> Text:
    return Text(gettext_noop("round %(round)s"), {"round": number})


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
    where: Where = ""
    # The master points the scorer's file awards each player of the entry
    # (MASTER_POINTS_AWARDED; EBU awards are per player, seed 001 3.3.1) and their type
    # (MASTER_POINT_TYPE). Kept beside ours, never credited: docs/usebio_ebu.md.
    awarded: Decimal | None = None
    awarded_type: str = ""


@dataclass(frozen=True)
class FileAwards:
    """What an EBU scorer's file says of the event's master points and charge (USEBIO
    1.2 and 1.3): compared with the licence and with our ledger, never trusted.

    ``charge_code`` is the 1.3 EBU_CHARGE_CODE or, in a 1.2 file, the P2P_CHARGE_RATE
    written as the code it is (seed 001 2.8.1 and the Appendix's subscription codes).
    ``where`` is the element each fact was read from, for a located warning.
    """

    version: str = ""
    scale: str = ""
    event_rating: str = ""
    point_type: str = ""
    awarded_flag: bool | None = None
    charge_code: str = ""
    p2p_rate: Decimal | None = None
    where: dict[str, str] = field(default_factory=dict, hash=False)


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
    where: Where = ""


@dataclass(frozen=True)
class ReportedLineup:
    """Who played for one side of a match in one half: seats (1-based) in the entry's players."""

    half: int
    side: str  # "home" or "away"
    players: tuple[int, ...]
    # 1 open room, 2 closed (LineupSlot.room); None when the file does not say
    room: int | None = None


@dataclass(frozen=True)
class ReportedMatchBoard:
    """One board of a team match as the two rooms scored it: North-South's score in
    the room where the home team sat N-S (open) and in the other (closed)."""

    board: int
    open_ns_score: int
    closed_ns_score: int


@dataclass(frozen=True)
class ReportedMatch:
    """A team match; ``home``/``away`` are entry keys in ``section``.

    IMPs are None when the file gives none (saved as 0); VPs are net of the
    penalties, as a match report gives them (board-a-match: the board points).
    ``board_scores`` are the two rooms' scores when the file gives both for every
    board; the IMPs or board points were then read from them, and
    ``printed_home``/``printed_away`` keep the match score the file printed.
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
    where: Where = ""
    board_scores: tuple[ReportedMatchBoard, ...] = ()
    printed_home: Decimal | None = None
    printed_away: Decimal | None = None


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
    # an EBU scorer's master points facts (USEBIO only; None: the file has none)
    file_awards: FileAwards | None = None


# The problems an import log keeps: enough to mend a file, not a copy of a broken one.
LOGGED_PROBLEMS = 200
LOGGED_TEXT = 500


def loggable(problems: list[Problem]) -> list[dict[str, object]]:
    """The problems as an import log stores them: the first 200 (and how many more),
    each text without control characters (a NUL cannot be stored) and not over 500
    characters. ``where`` and ``what`` are English; ``words`` keeps the templates and
    values, so that the log reads in the language of whoever opens it
    (:func:`logged_problem`)."""

    def clean(text: str) -> str:
        text = "".join(c if c.isprintable() or c == " " else "\ufffd" for c in text)
        return text if len(text) <= LOGGED_TEXT else text[: LOGGED_TEXT - 1] + "…"

    kept = problems[:LOGGED_PROBLEMS]
    if len(problems) > LOGGED_PROBLEMS:
        more = len(problems) - LOGGED_PROBLEMS
        kept.append(Problem("", Text(gettext_noop("and %(more)s more problems"), {"more": more})))
    return [
        {
            "where": clean(p.where),
            "what": clean(p.what),
            "words": {"where": stored(p.place, clean), "what": stored(p.text, clean)},
        }
        for p in kept
    ]


def logged_problem(entry: dict) -> Problem:
    """A problem as an import log stored it; a log written before it kept the words
    holds English only."""
    words = entry.get("words")
    if isinstance(words, dict):
        what = restored(words.get("what"))
        if isinstance(what, Text):
            return Problem(restored(words.get("where", "")), what)
    # No words: English as stored, shown as it is in every language.
    return Problem(str(entry.get("where", "")), Text("%(what)s", {"what": entry.get("what", "")}))


def check_report(report: ReportedEvent, *, today: date) -> list[Problem]:
    """Everything that makes the report unusable, each with where it is."""
    problems = list(report.problems)
    if report.date is None:
        problems.append(Problem(EVENT, Text(gettext_noop("the event has no date"))))
    elif report.date > today:
        problems.append(
            Problem(
                EVENT,
                Text(gettext_noop("the date %(date)s is in the future"), {"date": report.date}),
            )
        )
    if not report.name.strip():
        problems.append(Problem(EVENT, Text(gettext_noop("the event has no name"))))
    if report.kind not in KINDS:
        problems.append(
            Problem(EVENT, Text(gettext_noop("unknown kind %(kind)s"), {"kind": repr(report.kind)}))
        )
    if report.scoring not in SCORINGS:
        problems.append(
            Problem(
                EVENT,
                Text(
                    gettext_noop("unknown scoring %(scoring)s"), {"scoring": repr(report.scoring)}
                ),
            )
        )
    if not report.entries:
        problems.append(
            Problem(EVENT, Text(gettext_noop("the report has no pairs, teams or players")))
        )

    section_names = Counter(s.name for s in report.sections)
    problems.extend(
        Problem(section_place(name), Text(gettext_noop("the section is given twice")))
        for name, n in section_names.items()
        if n > 1
    )
    keys = Counter((e.section, e.key) for e in report.entries)
    for (section, key), n in keys.items():
        if n > 1:
            problems.append(
                Problem(
                    section_place(section),
                    Text(
                        gettext_noop("pair/team %(key)s is given %(times)s times"),
                        {"key": repr(key), "times": n},
                    ),
                )
            )
    for entry in report.entries:
        if entry.section not in section_names:
            problems.append(
                Problem(
                    entry.where,
                    Text(
                        gettext_noop("section %(section)s is not in the report"),
                        {"section": repr(entry.section)},
                    ),
                )
            )
        if not entry.players:
            problems.append(
                Problem(
                    entry.where,
                    Text(gettext_noop("%(key)s has no players"), {"key": repr(entry.key)}),
                )
            )

    player_ids = Counter(p.national_id for e in report.entries for p in e.players if p.national_id)
    for national_id, n in player_ids.items():
        if n > 1:
            problems.append(
                Problem(
                    PARTICIPANTS,
                    Text(
                        gettext_noop("player %(player)s plays in %(entries)s entries"),
                        {"player": national_id, "entries": n},
                    ),
                )
            )

    known = set(keys)
    seen_lines: dict[tuple[str, int, str], Where] = {}
    board_range = range(1, report.boards + 1) if report.boards else None
    for line in report.lines:
        for side, key in ((NS_PAIR, line.ns), (EW_PAIR, line.ew)):
            if (line.section, key) not in known:
                problems.append(Problem(line.where, Text(side, {"key": repr(key)})))
        if line.ns == line.ew:
            problems.append(
                Problem(
                    line.where,
                    Text(gettext_noop("pair %(key)s plays against itself"), {"key": repr(line.ns)}),
                )
            )
        if board_range is not None and line.board not in board_range:
            problems.append(
                Problem(
                    line.where,
                    Text(
                        gettext_noop("board %(board)s is not one of the %(boards)s boards"),
                        {"board": line.board, "boards": report.boards},
                    ),
                )
            )
        for key in (line.ns, line.ew):
            seen = seen_lines.get((line.section, line.board, key))
            if seen is not None:
                problems.append(
                    Problem(
                        line.where,
                        Text(
                            gettext_noop(
                                "pair %(key)s has a second result on board %(board)s "
                                "(first at %(first)s)"
                            ),
                            {"key": repr(key), "board": line.board, "first": seen},
                        ),
                    )
                )
            seen_lines[(line.section, line.board, key)] = line.where or "?"
        if line.tricks is not None and not 0 <= line.tricks <= 13:
            problems.append(
                Problem(
                    line.where,
                    Text(
                        gettext_noop("%(tricks)s tricks is not possible"), {"tricks": line.tricks}
                    ),
                )
            )
        if (
            line.score_ns is not None
            and line.score_ew is not None
            and line.score_ew != -line.score_ns
        ):
            problems.append(
                Problem(
                    line.where,
                    Text(
                        gettext_noop(
                            "the NS score %(ns)s and the EW score %(ew)s disagree on board "
                            "%(board)s (one must be the other with its sign changed)"
                        ),
                        {"ns": line.score_ns, "ew": line.score_ew, "board": line.board},
                    ),
                )
            )
    problems.extend(_match_problems(report, known))
    return problems


# One template a side: the Swedish words differ (NS-paret, ÖV-paret; hemmalaget, bortalaget).
NS_PAIR = gettext_noop("NS pair %(key)s is not among the participants")
EW_PAIR = gettext_noop("EW pair %(key)s is not among the participants")
UNKNOWN_TEAM = {
    "home": gettext_noop("home team %(key)s is not among the participants"),
    "away": gettext_noop("away team %(key)s is not among the participants"),
}
BAD_LINEUP = {
    "home": gettext_noop("the home line-up of half %(half)s is not valid"),
    "away": gettext_noop("the away line-up of half %(half)s is not valid"),
}


def _match_problems(report: ReportedEvent, known: set[tuple[str, str]]) -> list[Problem]:
    """Team matches: known teams, not against themselves, each once a round.

    A team is the home team of one match a round at most (a saved match is keyed
    by round and home team); a line-up names seats the team has.
    """
    problems = []
    players = {(e.section, e.key): len(e.players) for e in report.entries}
    pairings: dict[tuple[str, int, frozenset[str]], Where] = {}
    homes: dict[tuple[str, int, str], Where] = {}
    for match in report.matches:
        where = match.where or round_place(match.round)
        for side, key in (("home", match.home), ("away", match.away)):
            if (match.section, key) not in known:
                problems.append(Problem(where, Text(UNKNOWN_TEAM[side], {"key": repr(key)})))
        if match.home == match.away:
            problems.append(
                Problem(
                    where,
                    Text(
                        gettext_noop("team %(key)s plays against itself"),
                        {"key": repr(match.home)},
                    ),
                )
            )
            continue
        if match.round < 1:
            problems.append(
                Problem(
                    where,
                    Text(
                        gettext_noop("round %(round)s is not a round (1 or more)"),
                        {"round": match.round},
                    ),
                )
            )
        pairing = (match.section, match.round, frozenset((match.home, match.away)))
        home = (match.section, match.round, match.home)
        if pairing in pairings:
            problems.append(
                Problem(
                    where,
                    Text(
                        gettext_noop(
                            "the match %(home)s-%(away)s of round %(round)s is given twice "
                            "(first at %(first)s)"
                        ),
                        {
                            "home": repr(match.home),
                            "away": repr(match.away),
                            "round": match.round,
                            "first": pairings[pairing],
                        },
                    ),
                )
            )
        elif home in homes:
            problems.append(
                Problem(
                    where,
                    Text(
                        gettext_noop(
                            "team %(key)s is the home team of two matches in round %(round)s "
                            "(first at %(first)s)"
                        ),
                        {"key": repr(match.home), "round": match.round, "first": homes[home]},
                    ),
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
                template = BAD_LINEUP.get(
                    lineup.side,
                    gettext_noop("the line-up %(side)s of half %(half)s is not valid"),
                )
                problems.append(
                    Problem(where, Text(template, {"half": lineup.half, "side": repr(lineup.side)}))
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
    ] + [
        Problem(
            match.where or round_place(match.round),
            Text(
                gettext_noop(
                    "the file scores round %(round)s %(printed_home)s–%(printed_away)s, "
                    "the boards' two rooms give %(home)s–%(away)s, which is saved"
                ),
                {
                    "round": match.round,
                    "printed_home": match.printed_home,
                    "printed_away": match.printed_away,
                    "home": match.vp_home,
                    "away": match.vp_away,
                },
            ),
        )
        for match in report.matches
        if match.board_scores
        and match.printed_home is not None
        and (match.printed_home, match.printed_away) != (match.vp_home, match.vp_away)
    ]


def _score_mismatch(line: ReportedLine) -> Text | None:
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
    except ValueError:
        # The domain's reason is English prose; the contract and declarer say enough.
        return Text(
            gettext_noop(
                "contract %(contract)s by %(declarer)s cannot be scored, so its score is "
                "not checked"
            ),
            {"contract": repr(line.contract), "declarer": repr(line.declarer)},
        )
    if expected == line.score_ns:
        return None
    return Text(
        gettext_noop(
            "the NS score %(score)s disagrees with %(contract)s by %(declarer)s taking "
            "%(tricks)s tricks on board %(board)s, which scores %(expected)s for NS"
        ),
        {
            "score": line.score_ns,
            "contract": line.contract,
            "declarer": line.declarer,
            "tricks": line.tricks,
            "board": line.board,
            "expected": expected,
        },
    )
