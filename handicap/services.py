"""Handicap services: the pipeline's handicap step, the recompute and the start-up seed.

Handicaps follow the reported competitions in (date, id) order (seed
``002_4426357e9a32e88f.txt``, section 3). What a tournament gives the formula, the
pipeline's steps and a refused report: docs/handicap.md, "In the portal".
"""

from __future__ import annotations

import gc
import logging
import re
import sys
import time
from collections.abc import Iterable
from contextlib import contextmanager, nullcontext
from dataclasses import replace
from datetime import date
from decimal import Decimal
from itertools import groupby
from operator import itemgetter

from django.db import connection
from django.db.models import Max, Min, Q, Sum

from awards.domain.core import MASTER_POINTS_PER_UNIT, Colour
from awards.domain.sbf.classes import Holding
from awards.models import MasterPointAward, MasterPointHolding
from members.common.bulk import (
    INLINE,
    analyze,
    copy_lines,
    database_thread,
    fetch_rows,
    indexes_set_aside,
    insert_rows,
    replace_rows,
)
from members.common.locks import lock_handicaps
from members.models import Member
from tournaments.models import Entry, EntryPlayer, Section, Standing, TeamMatch, Tournament

from .domain import SBF_2007, HandicapPolicy
from .domain.competition import Competition, PlayerChange, check
from .domain.competition import Entry as FieldEntry
from .domain.errors import HandicapInputError
from .domain.event import handicap_event
from .domain.formula import start_handicap
from .domain.walk import walk
from .models import HandicapChange, MemberHandicap
from .teams import team_competitions

log = logging.getLogger(__name__)
POLICY: HandicapPolicy = SBF_2007
SCORING = {
    Tournament.Scoring.MATCHPOINTS: "topscore",
    Tournament.Scoring.BUTLER: "imp",
    Tournament.Scoring.CROSS_IMPS: "imp",
}
FORM = {Tournament.Kind.PAIRS: "pairs", Tournament.Kind.INDIVIDUAL: "individual"}


def handicap_list_for(tournament: Tournament) -> None:
    """The pipeline's step before the awards: in a handicap event, each entry's place
    on the list corrected for handicap ("Handikapptävlingar" in the master points
    rules; the charge is the entry's expected result over average, 002 section 8),
    from the players' handicaps the day before. Other events have no such list."""
    standings = Standing.objects.filter(entry__section__tournament=tournament)
    standings.update(handicap_place=None, handicap_place_to=None)
    if not tournament.handicap_event:
        return
    competition = competitions([tournament.pk]).get(tournament.pk)
    if competition is None:
        return
    day = tournament.start_date
    members = [int(p) for e in competition.entries for p in e.players if not p.startswith("t:")]
    known = {str(m): float(h) for m, h in handicaps_before(day, members).items()}
    starts = dict(MemberHandicap.objects.values_list("member_id", "start"))

    def before(player: str) -> float | None:
        if player.startswith("t:"):
            return None  # a non-member: the rules estimate them (5.3, 5.4)
        if player in known:
            return known[player]
        member = int(player)
        if member in starts:
            return float(starts[member])
        return start_handicap(master_points_before(member, day))

    entries = tuple(
        replace(entry, handicaps=tuple(before(p) for p in entry.players))
        for entry in competition.entries
    )
    placings = handicap_event(replace(competition, entries=entries))
    by_entry = {int(p.entry): p for p in placings}
    rows = list(standings.filter(entry_id__in=by_entry))
    for standing in rows:
        placing = by_entry[standing.entry_id]
        standing.handicap_place, standing.handicap_place_to = placing.place, placing.place_to
    Standing.objects.bulk_update(rows, ["handicap_place", "handicap_place_to"])


def update_handicaps_for(tournament: Tournament):
    """A report's handicaps: its own competitions, and the later competitions whose
    players' handicaps it changes, exactly as a full recompute gives them
    (docs/handicap.md, "Order, late reports, monthly batch"); returns what the walk
    did (None for a monthly batch). The pipeline takes it in two steps:
    ``update_own_handicaps`` and, after the ranking, ``carry_handicaps_forward``.

    The tournament's own competitions are checked first: one the rules refuse fails
    the step with the reason (the tournament page shows it) and changes nothing."""
    return _rewalk(tournament, own_only=False)


def update_own_handicaps(tournament: Tournament):
    """The pipeline's handicap step: the report's own competitions, from its players'
    handicaps before it. For a report of today that is all; one dated in the past is
    carried through the later competitions by the last step, so that its players see
    their points, handicap and ranking first."""
    return _rewalk(tournament, own_only=True)


def carry_handicaps_forward(tournament: Tournament):
    """The pipeline's last step: the later competitions a report dated in the past
    reaches, found where its players' later rows do not carry on from its rows."""
    lock_handicaps()
    if POLICY.monthly_batch:
        return None  # the first step walked everything from the report on
    from .incremental import carry_forward  # it reads and writes through this module

    return carry_forward(tournament, POLICY)


def _rewalk(tournament: Tournament, *, own_only: bool):
    lock_handicaps()
    own = list(competitions([tournament.pk]).values())
    if tournament.kind == Tournament.Kind.TEAMS:
        own.extend(team_competitions([tournament.pk]).get(tournament.pk, ()))
    for competition in own:
        check(competition)
    if POLICY.monthly_batch:
        # A month's competitions share the month's start handicaps, which are carried
        # unrounded and so not in the history: walk everything from the report on.
        rows = HandicapChange.objects.filter(tournament=tournament)
        since = min(tournament.start_date, rows.aggregate(day=Min("played_on"))["day"] or date.max)
        recompute_from(since, from_tournament=tournament.pk)
        return None
    from .incremental import rewalk_report  # it reads and writes through this module

    return rewalk_report(tournament, POLICY, own_only=own_only)


def withdraw_handicaps(tournament: Tournament) -> None:
    """A report withdrawn: call before the tournament is deleted. Its history rows go,
    and the later competitions of the players they moved are computed again; members
    whose rows changed get their current handicap anew."""
    lock_handicaps()
    if POLICY.monthly_batch:
        from .incremental import refresh_current

        rows = HandicapChange.objects.filter(tournament=tournament)
        since = rows.aggregate(day=Min("played_on"))["day"]
        members = sorted(set(rows.values_list("member_id", flat=True)))
        rows._raw_delete(rows.db)
        if since is not None:
            recompute_from(since, leave_out=tournament.pk)
            refresh_current(members, {}, POLICY)
        return
    from .incremental import withdraw

    withdraw(tournament.pk, POLICY)


def _left_out(competition: Competition, refusal: HandicapInputError) -> None:
    # Another report's refusal: it already failed its own step with this reason.
    log.warning("handicaps: competition %s left out: %s", competition.id, refusal)


def competitions(
    tournament_ids: Iterable[int], places: dict[str, str] | None = None
) -> dict[int, Competition]:
    """The formula's view of these pairs and individual tournaments (those it can
    read), by tournament; ``places`` gets each entry's place as the history shows it
    ("3", "3-4")."""
    ids = [int(pk) for pk in tournament_ids]
    if not ids:
        return {}
    marks = ", ".join(["%s"] * len(ids))
    return {int(c.id): c for c in _read_fields(f"t.id IN ({marks})", ids, places)}


def _read_between(
    start: date, end: date, from_tournament: int | None, leave_out: int | None = None
) -> tuple[list[tuple], list[Competition], dict]:
    """The competitions played from ``start`` up to (not including) ``end``, as the
    database gives them (the full recompute runs this on its database thread): the
    pairs and individual rows, and the team matches; on ``start`` only from the
    tournament ``from_tournament`` on, when given; never ``leave_out``'s."""
    where, params = "t.start_date >= %s AND t.start_date < %s", [start, end]
    if from_tournament is not None:
        where += " AND (t.start_date > %s OR t.id >= %s)"
        params += [start, from_tournament]
    if leave_out is not None:
        where += " AND t.id <> %s"
        params.append(leave_out)
    with connection.cursor() as cursor:
        cursor.execute(fields_sql(where), params)
        rows = cursor.fetchall()
    teams = list(
        _tournaments_between(start, end, from_tournament)
        .filter(kind=Tournament.Kind.TEAMS)
        .exclude(pk=leave_out)
        .values_list("pk", flat=True)
    )
    places: dict[str, str] = {}
    matches: list[Competition] = []
    if teams:
        for found in team_competitions(teams, places).values():
            matches.extend(found)
    return rows, matches, places


def _tournaments_between(start: date, end: date, from_tournament: int | None):
    """The tournaments a walk from (``start``, ``from_tournament``) meets before ``end``."""
    tournaments = Tournament.objects.filter(start_date__gte=start, start_date__lt=end)
    if from_tournament is not None:
        tournaments = tournaments.filter(Q(start_date__gt=start) | Q(pk__gte=from_tournament))
    return tournaments


def _read_fields(where: str, params: list, places: dict[str, str] | None) -> list[Competition]:
    with connection.cursor() as cursor:
        cursor.execute(fields_sql(where), params)
        return _build_fields(cursor.fetchall(), places)


def fields_sql(where: str) -> str:
    """One row per player, in the order the walk needs (date, tournament, place,
    entry, seat), numbers as floats: a month is read as fast as the database hands it
    over (an IN list of a month's tournaments cost more to compile than to run)."""
    quote = connection.ops.quote_name
    table = {
        model: quote(model._meta.db_table)
        for model in (Tournament, Section, Entry, Standing, EntryPlayer, Member)
    }
    kinds = ", ".join(f"'{k}'" for k in FORM)
    scorings = ", ".join(f"'{k}'" for k in SCORING)
    # The few foreign guests once, not a join of every player to the members.
    guests = f"SELECT g.id FROM {table[Member]} g WHERE g.status = '{Member.Status.FOREIGN_GUEST}'"
    return f"""
        SELECT t.id, t.start_date, t.kind, t.scoring, t.boards, e.id, s.place, s.place_to,
               CAST(s.percentage AS DOUBLE PRECISION), CAST(s.score AS DOUBLE PRECISION),
               p.member_id, p.member_id IN ({guests}), p.temporary_id, p.boards_played
          FROM {table[Tournament]} t
          JOIN {table[Section]} sec ON sec.tournament_id = t.id
          JOIN {table[Entry]} e ON e.section_id = sec.id AND NOT e.phantom
          JOIN {table[Standing]} s ON s.entry_id = e.id
          JOIN {table[EntryPlayer]} p ON p.entry_id = e.id
         WHERE t.kind IN ({kinds}) AND t.scoring IN ({scorings}) AND t.boards > 0 AND {where}
         ORDER BY t.start_date, t.id, s.place, e.id, p.id
    """  # noqa: S608 -- names from the models, values as parameters


def _build_fields(rows: list[tuple], places: dict[str, str] | None) -> list[Competition]:
    """The rows of :func:`fields_sql` as competitions, one per tournament (decisions
    in docs/handicap.md, "In the portal"); ``places`` gets each entry's place ("3", "3-4").
    An entry whose players all played every board has no ``boards_played``."""
    out: list[Competition] = []
    for tid, of_tournament in groupby(rows, itemgetter(0)):
        of_tournament = list(of_tournament)
        _t, day, kind, scoring, boards = of_tournament[0][:5]
        if isinstance(day, str):  # SQLite hands dates over as text
            day = date.fromisoformat(day)
        scoring = SCORING[scoring]
        topscore = scoring == "topscore"
        entries: list[FieldEntry] = []
        guests: set[str] = set()
        outsiders: set[str] = set()
        for entry, of_entry in groupby(of_tournament, itemgetter(5)):
            of_entry = list(of_entry)
            _head = of_entry[0]
            if topscore:
                if _head[8] is None:
                    break  # a ranking list without percentages: not for the formula
                result = float(_head[8])
            else:
                result = float(_head[9]) / boards
            key = str(entry)
            if places is not None:
                place, to = _head[6], _head[7]
                places[key] = str(place) if place == to else f"{place}-{to}"
            players = []
            some_played = False
            for row in of_entry:
                member = row[10]
                if member is None:
                    player = f"t:{row[12]}"
                    outsiders.add(player)
                else:
                    player = str(member)
                    if row[11]:  # a registered foreign guest
                        guests.add(player)
                players.append(player)
                if row[13] is not None:
                    some_played = True
            played = tuple(row[13] or boards for row in of_entry) if some_played else ()
            entries.append(FieldEntry(key, tuple(players), result, (), played))
        else:
            if len(entries) >= 2:
                out.append(
                    Competition(
                        id=f"{tid:012d}",  # zero-padded: the walk orders a day by id, as text
                        date=day, form=FORM[kind], scoring=scoring, boards=boards,
                        entries=tuple(entries), guests=frozenset(guests),
                        non_members=frozenset(outsiders),
                    )
                )  # fmt: skip
    return out


HISTORY_FIELDS = (
    "member_id", "tournament_id", "match_id", "played_on", "place", "old", "partner", "owner",
    "field", "expected", "achieved", "change", "new", "boards", "scoring", "policy_version",
)  # fmt: skip


def recompute_from(
    since: date | None,
    *,
    from_tournament: int | None = None,
    policy: HandicapPolicy = POLICY,
    seconds: dict[str, float] | None = None,
    leave_out: int | None = None,
) -> int:
    """Recompute the history from ``since`` (``None``: all); returns how many history
    rows were written or removed.

    From a day, per competition, it is a check (``incremental.check_since``): every
    row from the day on is compared with the handicap carried into it, and only what
    disagrees is computed again (docs/handicap.md, "Order, late reports, monthly
    batch"). Otherwise (the full recompute; a monthly batch, whose carried handicaps
    the history does not hold; ``from_tournament`` or ``leave_out``) it walks every
    competition from ``since`` in date order. With ``from_tournament`` the walk
    starts at that tournament of the day ``since``: competitions go in (date, id)
    order, so those of the day before it stand as they are; ``leave_out`` is a
    tournament the walk skips (one being withdrawn).

    The walk goes a calendar month at a time (a month is also the monthly batch's
    unit), reading that month's results, writing its history rows, and keeping only
    everybody's current handicap between months: five seasons never sit in memory.
    From a day, only the rows that differ are written (a late report mostly changes
    little); the full recompute empties the history and writes it anew, which on
    PostgreSQL is one COPY stream (docs/handicap.md, "Speed"). ``seconds``, when
    given, gets the time spent in each phase (the benchmark prints them).
    """
    clock = _Clock(seconds)
    if since and from_tournament is None and leave_out is None and not policy.monthly_batch:
        from .incremental import check_since

        outcome = check_since(since, policy)
        clock("check and walk")
        return outcome.written + outcome.removed
    span = Tournament.objects.all()
    if since:
        span = span.filter(start_date__gte=since)
    bounds = span.aggregate(first=Min("start_date"), last=Max("start_date"))
    full = since is None
    if full:
        _empty_history()
    if bounds["first"] is None:
        if full:  # nothing reported: everybody is back at their start handicap
            starts = dict(MemberHandicap.objects.values_list("member_id", "start"))
            _save_current(starts, {}, {}, starts, (None, None), policy)
        return 0
    starts = dict(MemberHandicap.objects.values_list("member_id", "start"))

    current: dict[str, float] = {}
    looked_up: set[str] = set()
    last_day: dict[str, date] = {}  # by player id, as the walk names them
    written = removed = 0
    touched: set[int] = set()
    monthly = policy.monthly_batch
    months = [
        (max(month, since), after, from_tournament if month <= since else None, leave_out)
        if since
        else (month, after, None, leave_out)
        for month, after in _months(bounds["first"], bounds["last"])
    ]
    copies = []
    # The full recompute loads an emptied table (its indexes are built once at the end)
    # and leaves the database's part to one thread: PostgreSQL reads the next month
    # and takes in the last one while this thread walks (docs/handicap.md, "Speed").
    with (
        indexes_set_aside(HandicapChange) if full else nullcontext(),
        database_thread() if full else nullcontext(INLINE) as db,
        _without_gc() if full else nullcontext(),
    ):

        def first(player: str, day: date) -> float:
            member = int(player)
            if member not in starts:
                mp = db.submit(master_points_before, member, day).result()
                starts[member] = Decimal(_text(start_handicap(mp, policy), 2))
            return float(starts[member])

        # The full recompute per competition on PostgreSQL: COPY's text made as it walks.
        text = (
            _HistoryText(policy.version, current, last_day)
            if full and not monthly and connection.vendor == "postgresql"
            else None
        )
        reading = db.submit(_read_between, *months[0])
        for n, (month, after, first_id, _leave_out) in enumerate(months):
            clock("walk")
            rows, fields, places = reading.result()
            clock("wait for the database")
            if n + 1 < len(months):
                reading = db.submit(_read_between, *months[n + 1])
            fields = _build_fields(rows, places) + fields
            clock("build the fields")
            if not full:
                players = {p for c in fields for e in c.entries for p in e.players}
                new = [p for p in players - looked_up if not p.startswith("t:")]
                looked_up.update(new)
                if new:
                    for member, value in handicaps_before(
                        since, [int(p) for p in new], from_tournament
                    ).items():
                        current[str(member)] = float(value)
            rows = []
            competitions = walk(fields, current, policy, first_handicap=first, on_refused=_left_out)
            if text is not None:
                for competition, changes in competitions:
                    text.take(competition, changes, places)
                clock("walk")
                copies.append(db.submit(copy_lines, HandicapChange, _COPY_FIELDS, text.lines))
                text.lines = []
                continue
            for competition, changes in competitions:
                key = _key(competition)
                for row in changes:
                    if row.counted:
                        rows.append((key, row))
                        last_day[row.player] = competition.date
                        if not monthly:
                            # The handicap carried on is the one shown and stored (two
                            # decimals), so a recompute from any day gives the same rows.
                            current[row.player] = round(row.new_handicap, 2)
            if full:
                clock("walk")
                copies.append(db.submit(*_history_writer(rows, places, policy)))
                clock("format the history")
                continue
            changed = replace_rows(
                HandicapChange.objects.filter(
                    tournament_id__in=list(
                        _tournaments_between(month, after, first_id).values_list("pk", flat=True)
                    )
                ),
                HandicapChange,
                HISTORY_FIELDS,
                ("member_id", "tournament_id", "match_id"),
                [_history_row(key, row, places, policy) for key, row in rows],
            )
            written += changed.written
            removed += changed.deleted
            touched.update(m for m, *_ in changed.touched)
        clock("walk")
        written += sum(copy.result() for copy in copies)
        clock("wait for the database")
    if full:
        analyze(HandicapChange)  # the planner's figures for the table just loaded
    clock("build indexes")
    last_day_of = {int(player): day for player, day in last_day.items()}
    members = set(last_day_of) | touched
    if full:
        members |= set(MemberHandicap.objects.values_list("member_id", flat=True))
    _save_current(members, current, last_day_of, starts, (since, from_tournament), policy)
    clock("current handicaps")
    return written + removed


class _Clock:
    """Adds the time since the last call to the phase named (when asked to)."""

    def __init__(self, seconds: dict[str, float] | None) -> None:
        self.seconds = seconds
        self.last = time.perf_counter()

    def __call__(self, phase: str) -> None:
        if self.seconds is not None:
            now = time.perf_counter()
            self.seconds[phase] = self.seconds.get(phase, 0.0) + now - self.last
            self.last = now


def _months(first: date, last: date):
    """(first day, first day of the next month) for each month from ``first`` to ``last``."""
    year, month = first.year, first.month
    while (year, month) <= (last.year, last.month):
        after = date(year + month // 12, month % 12 + 1, 1)
        yield date(year, month, 1), after
        year, month = after.year, after.month


def _empty_history() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            # Rows written earlier in this transaction still owe their deferred
            # foreign-key checks, and TRUNCATE refuses a table with checks pending.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute("TRUNCATE " + connection.ops.quote_name(HandicapChange._meta.db_table))
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
    else:
        HandicapChange.objects.all()._raw_delete(HandicapChange.objects.db)


def _key(competition: Competition) -> tuple[int, int | None]:
    """(tournament, match) of a competition's id."""
    tournament, _, match = competition.id.partition(".")
    return int(tournament), int(match.rpartition(".")[2]) if match else None


class _HistoryText:
    """History rows as COPY text (``_COPY_FIELDS`` in order, each with its newline),
    made as the walk goes, with the handicaps carried on (at two decimals, as the
    history shows them) and the day of each member's last row. Decimals are as the
    columns keep them ("%.2f" rounds to the nearest, as the column does; no "-0.00"),
    so the incremental walk can tell a row computed again from the stored one by its
    text.

    What an entry's players share (place, the entry's handicaps and results, the
    competition) is made once per entry; a carried handicap's text once per value
    (a row's old is the new of the member's row before, a pair's partner handicap the
    partner's old): a few thousand values stand for millions of rows."""

    def __init__(self, version: str, current: dict[str, float], last_day: dict[str, date]):
        self.version = version
        self.current = current
        self.last_day = last_day
        self.texts: dict[float, str] = {}
        self.lines: list[str] = []

    def take(
        self, competition: Competition, changes: Iterable[PlayerChange], places: dict[str, str]
    ) -> None:
        tournament, match = _key(competition)
        tail = f"\t{tournament}\t{_NULL if match is None else match}\t{competition.date}\t"
        day = competition.date
        version = self.version
        texts, current, last_day = self.texts, self.current, self.last_day
        append = self.lines.append
        shared_by = None
        shared = ""
        for row in changes:
            (_c, _d, _f, scoring, player, entry, _s, old, partner, owner, field, _a, expected,
             achieved, played, _b, change, new, counted) = row  # fmt: skip
            if not counted:
                continue
            if entry != shared_by:
                shared_by = entry
                shared = (
                    f"\t{places.get(entry, '')}\t{owner:.2f}\t{field:.2f}\t{expected:.2f}\t"
                    f"{achieved:.2f}{tail}{scoring}\t{version}\n"
                )
            old_text = texts.get(old)
            if old_text is None:
                old_text = texts[old] = f"{old:.2f}"
            if partner is None:
                partner_text = _NULL
            else:
                partner_text = texts.get(partner) or f"{partner:.2f}"
            new_text = f"{new:.2f}"
            # The handicap carried on is the one shown and stored (two decimals), so a
            # recompute from any day gives the same rows.
            carried = float(new_text)
            current[player] = carried
            if carried not in texts:
                texts[carried] = new_text
            last_day[player] = day
            line = (
                f"{player}\t{old_text}\t{partner_text}\t{change:.3f}\t{new_text}\t{played}{shared}"
            )
            if "-0.0" in line:  # the column has no negative zero: "-0.00" is read as "0.00"
                line = _NEGATIVE_ZERO.sub(r"\1", line)
            append(line)


# COPY's columns, the player's own first and then what the player's entry shares
# (place, the entry's handicaps and results, the competition): that part of the text
# is made once per entry.
_NULL = "\\N"  # COPY's NULL
_COPY_FIELDS = (
    "member_id", "old", "partner", "change", "new", "boards", "place", "owner", "field",
    "expected", "achieved", "tournament_id", "match_id", "played_on", "scoring",
    "policy_version",
)  # fmt: skip


_NEGATIVE_ZERO = re.compile(r"(?<![^\t])-(0\.0+)(?=[\t\n])")


def _history_writer(rows: list, places: dict[str, str], policy: HandicapPolicy):
    """A month's rows for an emptied history (the full recompute): the function that
    writes them and its arguments. The text for COPY is made here, on the walking
    thread; the database thread only sends it. "%.2f" rounds to the nearest, as the
    column does."""
    if connection.vendor != "postgresql":
        return (
            insert_rows,
            HandicapChange,
            HISTORY_FIELDS,
            [_history_row(key, row, places, policy) for key, row in rows],
        )
    version = policy.version
    lines = []
    append = lines.append
    shared_by = None
    shared = ""
    for key, row in rows:
        if (key, row.entry) != shared_by:
            shared_by = (key, row.entry)
            tournament, match = key
            shared = (
                f"\t{places.get(row.entry, '')}\t{row.owner_handicap:.2f}\t"
                f"{row.field_handicap:.2f}\t{row.expected:.2f}\t{row.achieved:.2f}\t"
                f"{tournament}\t{_NULL if match is None else match}\t{row.date}\t"
                f"{row.scoring}\t{version}\n"
            )
        partner = row.partner_handicap
        append(
            f"{row.player}\t{row.old_handicap:.2f}\t"
            f"{_NULL if partner is None else f'{partner:.2f}'}\t{row.change:.3f}\t"
            f"{row.new_handicap:.2f}\t{row.boards_played}{shared}"
        )
    return copy_lines, HandicapChange, _COPY_FIELDS, lines


@contextmanager
def _without_gc():
    """The walk makes millions of short-lived tuples and no cycles: the cyclic
    collector's passes over a heap this size cost more than the walk itself."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


@contextmanager
def _quick_handover():
    """The database thread's every answer waits for the walking thread to let go of
    the interpreter: by default up to 5 ms, which adds up to seconds over the many
    short queries of an incremental walk (not over the full recompute's few long
    ones, which it slows). Hand over sooner while the walk runs."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(0.0002)
    try:
        yield
    finally:
        sys.setswitchinterval(interval)


def _text(value: float, places: int) -> str:
    """A float as the column keeps it (no "-0.00": the database has no negative zero)."""
    return f"{round(value, places) + 0.0:.{places}f}"


def _history_row(
    key: tuple[int, int | None], row: PlayerChange, places: dict[str, str], policy: HandicapPolicy
) -> tuple:
    partner = row.partner_handicap
    return (
        int(row.player), key[0], key[1], row.date, places.get(row.entry, ""),
        _text(row.old_handicap, 2), None if partner is None else _text(partner, 2),
        _text(row.owner_handicap, 2), _text(row.field_handicap, 2), _text(row.expected, 2),
        _text(row.achieved, 2), _text(row.change, 3), _text(row.new_handicap, 2),
        row.boards_played, row.scoring, policy.version,
    )  # fmt: skip


def _save_current(
    members: Iterable[int],
    current: dict[str, float],
    last_day: dict[int, date],
    starts: dict[int, Decimal],
    since: tuple[date | None, int | None],
    policy: HandicapPolicy,
) -> None:
    """The walked members' handicap is where the walk left them; a member whose rows
    in the range all went (a withdrawn report) falls back to the day before, or H0."""
    members = sorted(set(members))
    gone = [m for m in members if m not in last_day]
    day, from_tournament = since
    before = handicaps_before(day, gone, from_tournament) if day and gone else {}
    latest_day = dict(
        HandicapChange.objects.filter(member_id__in=gone)
        .values("member_id")
        .annotate(last=Max("played_on"))
        .values_list("member_id", "last")
    )
    rows = []
    for member in members:
        start = starts.get(member)
        if member in last_day:
            value, day = _text(current[str(member)], 2), last_day[member]
        elif member in before:
            value, day = before[member], latest_day.get(member)
        elif start is not None:
            value, day = start, None
        else:
            continue
        rows.append((member, value, start if start is not None else value, day, policy.version))
    replace_rows(
        MemberHandicap.objects.filter(member_id__in=members),
        MemberHandicap,
        ("member_id", "handicap", "start", "updated_on", "policy_version"),
        ("member_id",),
        rows,
    )


def handicaps_before(
    day: date, members: Iterable[int], from_tournament: int | None = None
) -> dict[int, Decimal]:
    """These members' handicaps at the end of the day before ``day`` (or, with
    ``from_tournament``, just before that tournament of the day): their last history
    row before it (members with none are met afresh by the walk)."""
    members = list(members)
    out: dict[int, Decimal] = {}
    before = from_tournament if from_tournament is not None else 0
    if connection.vendor == "postgresql":
        # One step back along the (member, date) index per member: a late report's
        # players have seasons of rows behind them, of which only the last counts.
        with connection.cursor() as cursor:
            cursor.execute(_last_row_sql(), [members, day, day, before])
            return dict(cursor.fetchall())
    earlier = Q(played_on__lt=day) | Q(played_on=day, tournament_id__lt=before)
    for offset in range(0, len(members), 5000):
        part = members[offset : offset + 5000]
        for member, new in fetch_rows(
            HandicapChange.objects.filter(earlier, member_id__in=part)
            .order_by("member_id", "played_on", "tournament_id", "match__round", "match_id")
            .values_list("member_id", "new")
        ):
            out[member] = new  # the last one wins
    return out


def _last_row_sql() -> str:
    quote = connection.ops.quote_name
    history = quote(HandicapChange._meta.db_table)
    matches = quote(TeamMatch._meta.db_table)
    return f"""
        SELECT m.id, last.new
          FROM unnest(%s::bigint[]) AS m(id)
          CROSS JOIN LATERAL (
                SELECT h.new
                  FROM {history} h
                  LEFT JOIN {matches} tm ON tm.id = h.match_id
                 WHERE h.member_id = m.id AND h.played_on <= %s
                   AND (h.played_on < %s OR h.tournament_id < %s)
                 ORDER BY h.played_on DESC, h.tournament_id DESC, tm.round DESC NULLS LAST,
                          h.match_id DESC NULLS LAST
                 LIMIT 1
          ) AS last
    """  # noqa: S608 -- names from the models, values as parameters


def master_points_before(member_id: int, day: date) -> Decimal:
    """Master points credited before ``day`` (1 mp = 1 gp = 10 sp = 100 bp)."""
    total = Decimal(0)
    for colour, credited in (
        MasterPointAward.objects.filter(member_id=member_id, awarded_on__lt=day)
        .values("colour")
        .annotate(total=Sum("credited"))
        .values_list("colour", "total")
    ):
        total += credited * MASTER_POINTS_PER_UNIT[Colour(colour)]
    return total


def seed_start_handicaps(*, policy: HandicapPolicy = POLICY) -> int:
    """Give every member without a handicap H0 = 52 / (1 + 0.01 MP) from the master
    points they hold now (5.1); returns how many were seeded."""
    have = set(MemberHandicap.objects.values_list("member_id", flat=True))
    holdings = {
        m: Holding(bronze=b, silver=s, gold=g).master_points
        for m, b, s, g in MasterPointHolding.objects.values_list(
            "member_id", "bronze", "silver", "gold"
        )
    }
    rows = []
    for member in Member.objects.exclude(pk__in=have).values_list("pk", flat=True):
        start = Decimal(_text(start_handicap(holdings.get(member, 0), policy), 2))
        rows.append((member, start, start, None, policy.version))
    replace_rows(
        MemberHandicap.objects.none(),
        MemberHandicap,
        ("member_id", "handicap", "start", "updated_on", "policy_version"),
        ("member_id",),
        rows,
    )
    return len(rows)
