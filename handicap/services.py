"""Handicap services: the pipeline's handicap step, the recompute and the start-up seed.

Handicaps follow the reported competitions in (date, id) order (seed
``002_4426357e9a32e88f.txt``, section 3). What a tournament gives the formula, the
pipeline's steps and a refused report: docs/handicap.md, "In the portal".
"""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal

from django.db import connection
from django.db.models import Max, Min, Q

from awards.domain.sbf.classes import Holding
from awards.models import MasterPointHolding
from members.common.bulk import (
    INLINE,
    analyze,
    copy_lines,
    database_thread,
    indexes_set_aside,
    insert_rows,
    replace_rows,
)
from members.common.locks import lock_handicaps
from members.models import Member
from members.services import member_pages_changed
from tournaments.models import EntryPlayer, Standing, Tournament

from . import arrays, records
from .compare import differences, stored_lines
from .compare import write as write_differences
from .domain import HandicapPolicy
from .domain.competition import Competition, PlayerChange, check
from .domain.errors import HandicapInputError
from .domain.event import handicap_event
from .domain.formula import start_handicap
from .domain.walk import walk
from .history import (
    COPY_FIELDS,
    COPY_NULL,
    HistoryText,
    build_fields,
    column_text,
    competition_key,
    fields_sql,
    handicaps_before,
    master_points_before,
    read_fields,
    write_current,
)
from .incremental import carry_forward, check_since, refresh_current, rewalk_report, withdraw
from .models import HandicapChange, MemberHandicap
from .policies import current_policy
from .starts import as_stored, estimated_starts, held_starts, starts_for
from .teams import team_competitions

log = logging.getLogger(__name__)


def _before_the_day(day: date, members: list[int]) -> Callable[[str], float | None]:
    """Each player's handicap the day before ``day``, as the handicap list reads it: the
    last change before, else their start (``starts.starts_for``: the office's estimate,
    the start held, or from the master points then); a non-member (``t:``) has none
    (the rules estimate them, 5.3, 5.4)."""
    known = {str(m): float(h) for m, h in handicaps_before(day, members).items()}
    starts = starts_for([m for m in members if str(m) not in known], day, current_policy())

    def before(player: str) -> float | None:
        if player.startswith("t:"):
            return None
        if player in known:
            return known[player]
        return float(starts[int(player)])

    return before


def _members_of(competition) -> list[int]:
    return [int(p) for e in competition.entries for p in e.players if not p.startswith("t:")]


def handicap_placings(tournament: Tournament) -> tuple:
    """A handicap event's list corrected for handicap ("Handikapptävlingar" in the
    master points rules; the charge is the entry's expected result over average, 002
    section 8), from the players' handicaps the day before: the pipeline's step stores
    its places, the tournament page shows its corrections. () for other events."""
    if not tournament.handicap_event:
        return ()
    competition = competitions([tournament.pk]).get(tournament.pk)
    if competition is None:
        return ()
    before = _before_the_day(tournament.start_date, _members_of(competition))
    entries = tuple(
        replace(entry, handicaps=tuple(before(p) for p in entry.players))
        for entry in competition.entries
    )
    return handicap_event(replace(competition, entries=entries))


def field_average_handicaps(tournament_ids: Sequence[int]) -> dict[int, Decimal | None]:
    """Each tournament's field average handicap over its players the day before (the
    award step's raised gold, 000 lines 373-379; awards/field.py): their last handicap
    before the day, else the start they hold or the office estimated for them (5.2). None
    when a player has none of these or is not a member: the report's own handicaps then
    decide. (A start worked out from master points would make the average depend on the
    ledger the award step writes.) A team event's field is every player who played for
    a team ("paren/lagen", lines 379-380), reserves left out."""
    ids = list(tournament_ids)
    days = dict(Tournament.objects.filter(pk__in=ids).values_list("pk", "start_date"))
    fields: dict[int, list[int | None]] = {}
    for pk, competition in competitions(ids).items():
        players = [p for e in competition.entries for p in e.players]
        fields[pk] = (
            [None] if any(p.startswith("t:") for p in players) else _members_of(competition)
        )
    for pk, member in EntryPlayer.objects.filter(
        entry__section__tournament_id__in=[pk for pk in ids if pk not in fields],
        entry__section__tournament__kind=Tournament.Kind.TEAMS,
        entry__phantom=False,
        reserve=False,
    ).values_list("entry__section__tournament_id", "member_id"):
        fields.setdefault(pk, []).append(member)
    policy = current_policy()
    found: dict[int, Decimal | None] = {}
    for pk, members in fields.items():
        if not members or None in members:
            found[pk] = None
            continue
        chosen = [m for m in members if m is not None]
        known = {m: float(h) for m, h in handicaps_before(days[pk], chosen).items()}
        held = held_starts(chosen, policy)
        values = [known.get(m, float(held[m]) if m in held else None) for m in chosen]
        if any(v is None for v in values):
            found[pk] = None
            continue
        found[pk] = Decimal(repr(sum(v for v in values if v is not None) / len(values)))
    return found


def handicap_list_for(tournament: Tournament) -> None:
    """The pipeline's step before the awards: in a handicap event, each entry's place
    on the list corrected for handicap (:func:`handicap_placings`). Other events have
    no such list."""
    standings = Standing.objects.filter(entry__section__tournament=tournament)
    standings.update(handicap_place=None, handicap_place_to=None)
    by_entry = {int(p.entry): p for p in handicap_placings(tournament)}
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
    policy = current_policy(fresh=True)
    if policy.monthly_batch:
        return None  # the first step walked everything from the report on
    return carry_forward(tournament, policy)


def _rewalk(tournament: Tournament, *, own_only: bool):
    lock_handicaps()
    own = list(competitions([tournament.pk]).values())
    if tournament.kind == Tournament.Kind.TEAMS:
        own.extend(team_competitions([tournament.pk]).get(tournament.pk, ()))
    for competition in own:
        check(competition)
    policy = current_policy(fresh=True)
    if policy.monthly_batch:
        # A month's competitions share the month's start handicaps, which are carried
        # unrounded and so not in the history: walk everything from the report on.
        rows = HandicapChange.objects.filter(tournament=tournament)
        since = min(tournament.start_date, rows.aggregate(day=Min("played_on"))["day"] or date.max)
        recompute_from(since, from_tournament=tournament.pk, policy=policy)
        return None
    return rewalk_report(tournament, policy, own_only=own_only)


def withdraw_handicaps(tournament: Tournament) -> None:
    """A report withdrawn: call before the tournament is deleted. Its history rows go,
    and the later competitions of the players they moved are computed again; members
    whose rows changed get their current handicap anew."""
    lock_handicaps()
    policy = current_policy(fresh=True)
    if policy.monthly_batch:
        rows = HandicapChange.objects.filter(tournament=tournament)
        since = rows.aggregate(day=Min("played_on"))["day"]
        members = sorted(set(rows.values_list("member_id", flat=True)))
        rows._raw_delete(rows.db)
        if since is not None:
            recompute_from(since, leave_out=tournament.pk, policy=policy)
            refresh_current(members, {}, policy)
        return
    withdraw(tournament.pk, policy)


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
    return {int(c.id): c for c in read_fields(f"t.id IN ({marks})", ids, places)}


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


HISTORY_FIELDS = (
    "member_id", "tournament_id", "match_id", "played_on", "place", "old", "partner", "owner",
    "field", "expected", "achieved", "change", "new", "boards", "scoring", "policy_version",
)  # fmt: skip


def recompute_from(
    since: date | None,
    *,
    from_tournament: int | None = None,
    policy: HandicapPolicy | None = None,
    seconds: dict[str, float] | None = None,
    leave_out: int | None = None,
    rebuild: bool = False,
) -> int:
    """Recompute the history from ``since`` (``None``: all) under ``policy`` (default:
    the one in force); returns how many history rows were written or removed
    (:func:`_recompute_from`)."""
    if policy is None:
        policy = current_policy(fresh=True)
    arguments = dict(
        from_tournament=from_tournament, policy=policy, seconds=seconds, leave_out=leave_out
    )
    try:
        return _recompute_from(since, rebuild=rebuild, **arguments)
    except _MostlyChanged:
        # Emptied and written anew: the rows compared so far are thrown away with it.
        return _recompute_from(since, rebuild=True, **arguments)


def _recompute_from(
    since: date | None,
    *,
    from_tournament: int | None = None,
    policy: HandicapPolicy,
    seconds: dict[str, float] | None = None,
    leave_out: int | None = None,
    rebuild: bool = False,
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
    little). The full recompute compares its rows with the stored ones a month at a
    time and writes only the difference (``compare``); from an empty history, or with
    ``rebuild``, or once most rows it has computed differ from the stored ones (a new
    policy), it empties the history and writes it anew, which on PostgreSQL is one
    COPY stream (docs/handicap.md, "Speed"). ``seconds``, when given, gets the time
    spent in each phase (the benchmark prints them).
    """
    clock = _Clock(seconds)
    if since and from_tournament is None and leave_out is None and not policy.monthly_batch:
        outcome = check_since(since, policy)
        clock("check and walk")
        return outcome.written + outcome.removed
    span = Tournament.objects.all()
    if since:
        span = span.filter(start_date__gte=since)
    bounds = span.aggregate(first=Min("start_date"), last=Max("start_date"))
    full = since is None
    # The full recompute over a stored history writes only what differs from it.
    keep = full and not rebuild and not policy.monthly_batch and HandicapChange.objects.exists()
    if full and not keep:
        _empty_history()
    if bounds["first"] is None:
        if full:  # nothing reported: everybody is back at their start handicap
            starts = held_starts(None, policy)
            _save_current(starts, {}, {}, starts, (None, None), policy)
        return 0
    # The office's estimates (5.2) and the starts held; others from their master points.
    starts = held_starts(None, policy)

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
    walked = differing = 0  # rows computed, and of them rows that differ (``keep``)
    # The full recompute loads an emptied table (its indexes are built once at the end)
    # and leaves the database's part to one thread: PostgreSQL reads the next month
    # and takes in the last one while this thread walks (docs/handicap.md, "Speed").
    with (
        indexes_set_aside(HandicapChange) if full and not keep else nullcontext(),
        database_thread() if full else nullcontext(INLINE) as db,
        _without_gc() if full else nullcontext(),
    ):

        def first(player: str, day: date) -> float:
            member = int(player)
            if member not in starts:
                mp = db.submit(master_points_before, member, day).result()
                starts[member] = as_stored(start_handicap(mp, policy))
            return float(starts[member])

        # The full recompute per competition on PostgreSQL: COPY's text made as it walks.
        text = (
            HistoryText(policy.version, current, last_day)
            if keep or (full and not monthly and connection.vendor == "postgresql")
            else None
        )
        if keep and connection.vendor == "postgresql" and leave_out is None:
            compared = _walk_compared(months, db, first, current, last_day, policy, clock)
            written += compared.written
            touched.update(compared.touched)
            months = []  # walked
        else:
            reading = db.submit(_read_between, *months[0])
        if keep and months:
            stored_reading = db.submit(stored_lines, *months[0][:2])
        for n, (month, after, first_id, _leave_out) in enumerate(months):
            clock("walk")
            rows, fields, places = reading.result()
            if keep:
                stored = stored_reading.result()
            clock("wait for the database")
            if n + 1 < len(months):
                reading = db.submit(_read_between, *months[n + 1])
                if keep:
                    stored_reading = db.submit(stored_lines, *months[n + 1][:2])
            fields = build_fields(rows, places) + fields
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
                if keep:
                    lines, text.lines = text.lines, []
                    found = differences(lines, stored)
                    clock("compare")
                    walked += len(lines)
                    differing += len(found)
                    if walked >= REBUILD_AFTER and differing * 2 > walked:
                        raise _MostlyChanged
                    if found:
                        copies.append(db.submit(write_differences, found))
                        touched.update(found.members)
                    continue
                copies.append(db.submit(copy_lines, HandicapChange, COPY_FIELDS, text.lines))
                text.lines = []
                continue
            for competition, changes in competitions:
                key = competition_key(competition)
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
    if full and not keep:
        analyze(HandicapChange)  # the planner's figures for the table just loaded
        clock("build indexes")
    last_day_of = {int(player): day for player, day in last_day.items()}
    members = set(last_day_of) | touched
    if full:
        held = set(MemberHandicap.objects.values_list("member_id", flat=True))
        members |= held
        # A member whose only rows were stray (written for someone who did not play)
        # gets no handicap from the start the walk worked out for them: as a rebuild.
        starts = {m: v for m, v in starts.items() if m in held or m in last_day_of}
    _save_current(
        members, current, last_day_of, starts, (since, from_tournament), policy,
        changed=touched if keep else None,
    )  # fmt: skip
    clock("current handicaps")
    return written + removed


@dataclass
class _Compared:
    written: int = 0
    touched: set[int] = field(default_factory=set)
    walked: int = 0  # rows computed, and of them rows that differ
    differing: int = 0


def _walk_compared(months, db, first, current, last_day, policy, clock) -> _Compared:
    """The full recompute over a stored history on PostgreSQL: each month walked as
    arrays and compared with the stored rows as integers (``arrays``); a month that
    differs is walked again from the same handicaps by the text path, which writes
    the difference. Leaves everybody's handicap and last day in ``current`` and
    ``last_day``, as the text path does."""
    workers = db.submit(records.parallel_workers, "0").result()
    try:
        with records.second_reader() as reader, ThreadPoolExecutor(1) as history:
            compared = _walk_months_compared(
                months, db, history if reader else db, reader, first, current, last_day,
                policy, clock,
            )  # fmt: skip
    except _MostlyChanged:
        db.submit(records.parallel_workers, workers).result()  # the rebuild is as before
        raise
    # (A database error leaves the transaction to be rolled back, and the setting with it.)
    db.submit(records.parallel_workers, workers).result()
    return compared


def _walk_months_compared(
    months, db, history, reader, first, current, last_day, policy, clock
) -> _Compared:
    out = _Compared()
    index = arrays.MemberIndex(db.submit(_member_ids).result())
    state = arrays.WalkState.empty(len(index))
    version = policy.version
    copies = []

    def read(month: date, after: date):
        return (
            db.submit(arrays.read_month, month, after),
            history.submit(arrays.stored_rows, month, after, version, reader),
        )

    reading = read(*months[0][:2])
    for n, (month, after, _first_id, _leave_out) in enumerate(months):
        clock("walk")
        found, stored = (future.result() for future in reading)
        clock("wait for the database")
        if n + 1 < len(months):
            reading = read(*months[n + 1][:2])
        found = arrays.assemble(*found, index, policy, _left_out)
        clock("build the fields")
        before = state.copy()
        computed = arrays.walk_month(found, state, index, policy, first, _left_out)
        clock("walk")
        if arrays.same_rows(computed, stored):
            out.walked += len(computed)
            clock("compare")
            continue
        # The month differs: walked again from where it began, by text, which says how.
        state = before
        current.clear()
        last_day.clear()
        arrays.to_dicts(state, index, current, last_day)
        rows, fields, places = db.submit(_read_between, month, after, None).result()
        stored_text = db.submit(stored_lines, month, after).result()
        fields = build_fields(rows, places) + fields
        text = HistoryText(version, current, last_day)
        for competition, changes in walk(
            fields, current, policy, first_handicap=first, on_refused=_left_out
        ):
            text.take(competition, changes, places)
        changes_found = differences(text.lines, stored_text)
        out.walked += len(text.lines)
        out.differing += len(changes_found)
        if out.walked >= REBUILD_AFTER and out.differing * 2 > out.walked:
            raise _MostlyChanged
        if changes_found:
            copies.append(db.submit(write_differences, changes_found))
            out.touched.update(changes_found.members)
        state = arrays.from_dicts(index, current, last_day)
        clock("months that differ, walked again by text")
    current.clear()
    last_day.clear()
    arrays.to_dicts(state, index, current, last_day)
    out.written = sum(copy.result() for copy in copies)
    return out


def _member_ids() -> list[int]:
    return list(Member.objects.values_list("pk", flat=True))


# The full recompute over a stored history starts again as a rebuild once this many
# rows are computed and most of them differ: rewriting most rows one by one costs
# more than loading the table anew.
REBUILD_AFTER = 50_000


class _MostlyChanged(Exception):
    """Most rows computed so far differ from the stored ones."""


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
                f"{tournament}\t{COPY_NULL if match is None else match}\t{row.date}\t"
                f"{row.scoring}\t{version}\n"
            )
        partner = row.partner_handicap
        append(
            f"{row.player}\t{row.old_handicap:.2f}\t"
            f"{COPY_NULL if partner is None else f'{partner:.2f}'}\t{row.change:.3f}\t"
            f"{row.new_handicap:.2f}\t{row.boards_played}{shared}"
        )
    return copy_lines, HandicapChange, COPY_FIELDS, lines


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


def _history_row(
    key: tuple[int, int | None], row: PlayerChange, places: dict[str, str], policy: HandicapPolicy
) -> tuple:
    partner = row.partner_handicap
    return (
        int(row.player), key[0], key[1], row.date, places.get(row.entry, ""),
        column_text(row.old_handicap, 2), None if partner is None else column_text(partner, 2),
        column_text(row.owner_handicap, 2), column_text(row.field_handicap, 2), column_text(row.expected, 2),
        column_text(row.achieved, 2), column_text(row.change, 3), column_text(row.new_handicap, 2),
        row.boards_played, row.scoring, policy.version,
    )  # fmt: skip


def _save_current(
    members: Iterable[int],
    current: dict[str, float],
    last_day: dict[int, date],
    starts: dict[int, Decimal],
    since: tuple[date | None, int | None],
    policy: HandicapPolicy,
    *,
    changed: Iterable[int] | None = None,
) -> None:
    """The walked members' handicap is where the walk left them; a member whose rows
    in the range all went (a withdrawn report) falls back to the day before, or H0.
    ``changed``: the members whose history rows changed, when not all of ``members``
    (``write_current``)."""
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
    found: dict[int, tuple[object, date | None]] = {
        member: (before[member], latest_day.get(member)) for member in before
    }
    for member, day in last_day.items():
        found[member] = (column_text(current[str(member)], 2), day)
    write_current(members, found, starts, policy, changed=changed)


def seed_start_handicaps(*, policy: HandicapPolicy | None = None) -> int:
    """Give every member without a handicap H0 = 52 / (1 + 0.01 MP) from the master
    points they hold now (5.1), or the start the office estimated (5.2); returns how
    many were seeded."""
    policy = policy or current_policy()
    have = set(MemberHandicap.objects.values_list("member_id", flat=True))
    estimated = estimated_starts(None, policy)
    holdings = {
        m: Holding(bronze=b, silver=s, gold=g).master_points
        for m, b, s, g in MasterPointHolding.objects.values_list(
            "member_id", "bronze", "silver", "gold"
        )
    }
    rows = []
    for member in Member.objects.exclude(pk__in=have).values_list("pk", flat=True):
        start = (
            estimated[member]
            if member in estimated
            else as_stored(start_handicap(holdings.get(member, 0), policy))
        )
        rows.append((member, start, start, None, policy.version))
    replace_rows(
        MemberHandicap.objects.none(),
        MemberHandicap,
        ("member_id", "handicap", "start", "updated_on", "policy_version"),
        ("member_id",),
        rows,
    )
    member_pages_changed(row[0] for row in rows)
    return len(rows)
