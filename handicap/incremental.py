"""The incremental handicap walk: a late, replaced or withdrawn report and
``recompute_handicaps --since`` compute again only the competitions whose players'
handicaps before them changed, read only those, and write only the rows that differ.

Competitions go in (date, id) order (seed ``002_4426357e9a32e88f.txt``, section 3).
The algorithm, what ``--since`` checks, and why the rows are the full walk's:
docs/handicap.md, "Order, late reports, monthly batch".
"""

from __future__ import annotations

import heapq
import logging
from collections import Counter, defaultdict
from collections.abc import Iterable
from concurrent.futures import Future
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from functools import partial
from typing import NamedTuple

from django.db import connection
from django.db.models import Exists, OuterRef, Q

from members.common.bulk import (
    INLINE,
    copy_lines,
    database_thread,
    fetch_rows,
    insert_rows,
)
from tournaments.models import TeamMatch, Tournament

from .domain import HandicapPolicy
from .domain.competition import Competition, PlayerChange
from .domain.rewalk import Rewalk, Stored, carried
from .history import (
    COPY_FIELDS,
    COPY_NULL,
    FORM,
    SCORING,
    HistoryText,
    _quick_handover,
    column_text,
    handicaps_before,
    read_fields,
    write_current,
)
from .models import HandicapChange, MemberHandicap
from .starts import held_starts, starts_for
from .teams import team_competitions

log = logging.getLogger("handicap.services")

Key = tuple[date, int]  # a tournament's place in the walk: (date, tournament id)


class _Row(NamedTuple):
    """A history row as read for the walk: its keys, the handicaps before and after,
    and the whole row as the text ``history.HistoryText`` makes, to tell whether a
    row computed again differs. (Read as plain tuples in this order: a late report
    reads hundreds of thousands.)"""

    pk: int
    player: str
    tournament: int
    match: int | None
    played_on: date
    old: float
    new: float
    line: str


FLUSH_ROWS = 50_000  # rows written at a time


@dataclass
class _Read:
    """One tournament as the walk needs it: its competitions (by match; None for a
    pairs or individual event) and its stored rows."""

    day: date
    competitions: list[tuple[int | None, Competition]]
    places: dict[str, str]
    rows: list[_Row] = field(default_factory=list)


@dataclass
class _Writes:
    deletes: list[int] = field(default_factory=list)
    updates: list[str] = field(default_factory=list)  # "pk\t" + the row's line
    inserts: list[str] = field(default_factory=list)  # lines
    members: set[int] = field(default_factory=set)

    def __len__(self) -> int:
        return len(self.deletes) + len(self.updates) + len(self.inserts)


@dataclass
class Outcome:
    """What an incremental walk did (the benchmark prints it)."""

    competitions: int = 0  # computed again
    tournaments: int = 0  # read
    written: int = 0
    removed: int = 0
    members: int = 0  # whose current handicap was refreshed


class IncrementalWalk:
    """Walks forward from the seeds (tournaments computed again whatever their inputs,
    rows taken away) through the competitions of the players whose handicaps changed.

    The walk goes a day at a time. A player whose handicap changes on a day has their
    later competitions looked up (their history rows from that day on) once the day
    is done; if one falls on the same day in a tournament the day skipped, the day is
    walked again from its start with that tournament too. On PostgreSQL the database
    works on its own thread (``database_thread``): it reads the next day's
    tournaments and writes the rows while this thread computes.
    """

    def __init__(self, policy: HandicapPolicy, *, own_only: bool = False) -> None:
        self.policy = policy
        # Only the seeds' competitions, not the later ones their changes reach (the
        # pipeline's first handicap step; the next one carries the changes forward).
        self.own_only = own_only
        self.rewalk = Rewalk(policy)
        self.heap: list[date] = []
        self.by_day: dict[date, set[Key]] = defaultdict(set)
        self.because: dict[Key, set[str]] = defaultdict(set)
        self.seeds: set[int] = set()  # tournaments whose competitions are all computed again
        self.forced: set[Key] = set()  # places walked whoever changed
        self.withdrawn: set[int] = set()  # tournaments whose rows all go
        self.overrides: dict[tuple[int, int | None, str], float] = {}  # stored "old" not to trust
        self.discovered: set[str] = set()
        self.read: dict[int, _Read] = {}
        self.reading: dict[int, Future] = {}
        self.starts: dict[int, Decimal] = {}
        self.outcome = Outcome()
        self.touched: set[int] = set()
        self.deleted: set[int] = set()
        self.writes = _Writes()
        self.text = HistoryText(policy.version, {}, {})
        self.db = INLINE

    # -- what to walk

    def seed(self, tournament: int, day: date) -> None:
        """Compute the tournament again on ``day`` (its date), whatever its inputs."""
        self.seeds.add(tournament)
        self.forced.add((day, tournament))
        self._queue((day, tournament))

    def seed_rows(self, tournament: int, days: Iterable[date]) -> None:
        """Visit the tournament's stored rows of these days (rows of a replaced or
        withdrawn version go there)."""
        for day in days:
            self.forced.add((day, tournament))
            self._queue((day, tournament))

    def withdraw(self, tournament: int, days: Iterable[date]) -> None:
        self.withdrawn.add(tournament)
        self.seed_rows(tournament, days)

    def _queue(self, key: Key, player: str | None = None) -> None:
        if player is not None:
            self.because[key].add(player)
        day = key[0]
        if day not in self.by_day:
            heapq.heappush(self.heap, day)
        self.by_day[day].add(key)

    # -- the walk

    def run(self) -> Outcome:
        with database_thread() as db, _quick_handover():
            self.db = db
            try:
                while self.heap:
                    day = heapq.heappop(self.heap)
                    self._day(day, self.by_day.pop(day))
                self._flush()
            finally:
                self.db = INLINE
        self._refresh_current()
        return self.outcome

    def _day(self, day: date, keys: set[Key]) -> None:
        start = self.rewalk.state()
        changed_at_start = set(start[0])
        entered_at: dict[str, Key] = {}  # where each player first changed on this day
        wanted: set[Key] = set()

        def needed(key: Key) -> bool:
            if key in self.forced:
                return True
            return any(
                p in changed_at_start or (p in entered_at and entered_at[p] < key)
                for p in self.because.get(key, ())
            )

        first = True
        while True:
            self.rewalk.restore(start)
            wanted |= {k for k in keys if needed(k)}
            self._read_tournaments({tid for _, tid in wanted})
            if first:
                self._read_ahead()
                first = False
            writes = _Writes()
            for key in sorted(wanted):
                self.rewalk.entered = set()
                self._tournament(key, writes)
                for player in self.rewalk.entered:
                    if player not in entered_at or key < entered_at[player]:
                        entered_at[player] = key
            self._discover([p for p in entered_at if p not in self.discovered], day)
            keys |= self.by_day.pop(day, set())
            if day in self.heap:
                self.heap.remove(day)
                heapq.heapify(self.heap)
            if all(k in wanted or not needed(k) for k in keys):
                break
        self._write(writes)
        for tid in {tid for _, tid in keys}:
            read = self.read.get(tid)
            if read is not None and read.day <= day and all(r[4] <= day for r in read.rows):
                del self.read[tid]

    def _read_ahead(self) -> None:
        """Start reading the next day's tournaments that a changed player plays (those
        that players changing today play are read when the day comes)."""
        if not self.heap:
            return
        now = self.rewalk.now
        ids = {
            tid
            for key in self.by_day[self.heap[0]]
            if key in self.forced or any(p in now for p in self.because.get(key, ()))
            for tid in (key[1],)
            if tid not in self.read and tid not in self.reading
        }
        if ids:
            future = self.db.submit(_fetch_tournaments, sorted(ids))
            for tid in ids:
                self.reading[tid] = future

    def _tournament(self, key: Key, writes: _Writes) -> None:
        day, tid = key
        read = self.read[tid]
        live = read.day == day and tid not in self.withdrawn
        matches = {match for match, _ in read.competitions} if live else set()
        here = [row for row in read.rows if row[4] == day]  # played_on
        stored: dict[int | None, dict[str, _Row]] = defaultdict(dict)
        for row in here:
            if row[3] in matches:
                stored[row[3]][row[1]] = row
        # Rows of a version that is gone (a withdrawn report, a replaced report's
        # old date, a match reported again) go. When some of a tournament's rows go,
        # all its rows of the day are taken as gone and its competitions computed
        # again from nothing: a gone match's place among the others is not known.
        whole = not live or any(row[3] not in matches for row in here)
        if whole and here:
            self.rewalk.remove(_chains(here))
            for row in here:
                writes.members.add(int(row[1]))
                if row[3] not in matches:
                    writes.deletes.append(row[0])
        if not live:
            return
        # Rows of the tournament's previous date go in the history where they stand,
        # but are deleted now: the rows written for the new date take their keys.
        writes.deletes.extend(row[0] for row in read.rows if row[4] != day)
        seed = whole or tid in self.seeds
        # Each player's handicap after the tournament's competitions so far (as computed
        # again, or as stored where not): what a player without a row in the next
        # match carries into it.
        in_tournament: dict[str, float] = {}
        for match, competition in read.competitions:
            mine = stored.get(match, {})
            outsiders = competition.guests | competition.non_members
            members = [p for e in competition.entries for p in e.players if p not in outsiders]
            if seed or self.rewalk.touches(members):
                overrides = self.overrides
                inputs: dict[str, Stored]
                if whole:
                    inputs = {}
                elif overrides:  # --since: an old that is not the handicap carried in
                    inputs = {
                        player: Stored(overrides.get((tid, match, player), row[5]), row[6])
                        for player, row in mine.items()
                    }
                else:
                    inputs = {player: Stored(row[5], row[6]) for player, row in mine.items()}
                before = partial(self._before, day=day, tournament=tid, carry=in_tournament)
                rows = self.rewalk.redo(competition, inputs, before)
                self.outcome.competitions += 1
                if rows is None:
                    log.warning("handicaps: competition %s left out: refused", competition.id)
                self._diff(competition, rows or (), mine, read.places, writes)
                for row in rows or ():
                    in_tournament[row.player] = carried(row.new_handicap)
            else:
                for player, row in mine.items():
                    in_tournament[player] = row[6]

    def _diff(
        self,
        competition: Competition,
        rows: tuple[PlayerChange, ...],
        stored: dict[str, _Row],
        places: dict[str, str],
        writes: _Writes,
    ) -> None:
        text = self.text
        text.take(competition, rows, places)
        lines, text.lines = text.lines, []
        seen = set()
        for row, line in zip(rows, lines, strict=True):
            player = row.player
            seen.add(player)
            mine = stored.get(player)
            if mine is not None:
                if mine[7] == line:
                    continue
                writes.updates.append(f"{mine[0]}\t{line}")
            else:
                writes.inserts.append(line)
            writes.members.add(int(player))
        for player, mine in stored.items():
            if player not in seen:
                writes.deletes.append(mine[0])
                writes.members.add(int(player))

    def _before(
        self, players: list[str], *, day: date, tournament: int, carry: dict[str, float]
    ) -> dict[str, float]:
        """The handicaps the history carries into a competition for players without a
        row in it: their handicap after an earlier match of the tournament, else their
        last row before it, else their start handicap."""
        out = {p: carry[p] for p in players if p in carry}
        rest = [int(p) for p in players if p not in out]
        if rest:
            found = self.db.submit(handicaps_before, day, rest, tournament).result()
            for member in rest:
                value = found.get(member)
                out[str(member)] = float(value) if value is not None else self._first(member, day)
        return out

    def _first(self, member: int, day: date) -> float:
        if member not in self.starts:
            self.starts[member] = self.db.submit(_start_of, member, day, self.policy).result()
        return float(self.starts[member])

    # -- reading

    def _discover(self, players: list[str], day: date) -> None:
        """Queue the tournaments these players have rows in from ``day`` on."""
        if not players or self.own_only:
            return
        self.discovered.update(players)
        for member, played_on, tournament in self.db.submit(_futures, players, day).result():
            self._queue((_day(played_on), tournament), str(member))

    def _read_tournaments(self, ids: set[int]) -> None:
        missing = sorted(tid for tid in ids if tid not in self.read and tid not in self.reading)
        if missing:
            future = self.db.submit(_fetch_tournaments, missing)
            for tid in missing:
                self.reading[tid] = future
        for tid in sorted(ids):
            if tid not in self.read:
                fetched = self.reading[tid].result()
                for got in fetched:
                    self.reading.pop(got, None)
                self.read.update(fetched)
                self.outcome.tournaments += len(fetched)

    # -- writing

    def _write(self, writes: _Writes) -> None:
        held = self.writes
        held.deletes.extend(writes.deletes)
        held.updates.extend(writes.updates)
        held.inserts.extend(writes.inserts)
        self.touched |= writes.members
        if len(held) >= FLUSH_ROWS:
            self._flush()

    def _flush(self) -> None:
        held, self.writes = self.writes, _Writes()
        deletes = [pk for pk in dict.fromkeys(held.deletes) if pk not in self.deleted]
        self.deleted.update(deletes)
        self.outcome.written += len(held.updates) + len(held.inserts)
        self.outcome.removed += len(deletes)
        if deletes or held.updates or held.inserts:
            self.db.submit(_write_rows, deletes, held.updates, held.inserts)

    def _refresh_current(self) -> None:
        """The current handicap of the members whose rows changed: their last row's,
        or their start handicap when they have none."""
        members = sorted(self.touched)
        if not members:
            return
        self.outcome.members = len(members)
        refresh_current(members, self.starts, self.policy)


def _fetch_tournaments(ids: list[int]) -> dict[int, _Read]:
    """These tournaments' competitions and stored rows (on the database thread)."""
    kinds = {
        pk: (day, kind)
        for pk, day, kind in Tournament.objects.filter(pk__in=ids).values_list(
            "pk", "start_date", "kind"
        )
    }
    places: dict[str, str] = {}
    by_tournament: dict[int, list[tuple[int | None, Competition]]] = defaultdict(list)
    fields = [pk for pk, (_day, kind) in kinds.items() if kind in FORM]
    if fields:
        marks = ", ".join(["%s"] * len(fields))
        for competition in read_fields(f"t.id IN ({marks})", fields, places):
            by_tournament[int(competition.id)].append((None, competition))
    teams = [pk for pk, (_day, kind) in kinds.items() if kind == Tournament.Kind.TEAMS]
    if teams:
        for tid, matches in team_competitions(teams, places).items():
            for competition in matches:
                by_tournament[tid].append((int(competition.id.rpartition(".")[2]), competition))
    out = {
        tid: _Read(
            day=_day(kinds[tid][0]) if tid in kinds else date.min,
            competitions=by_tournament.get(tid, []),
            places=places,
        )
        for tid in ids
    }
    for row in _stored_rows(ids):
        out[row[2]].rows.append(row)
    return out


def _futures(players: list[str], day: date) -> list[tuple[int, date, int]]:
    """(member, date, tournament) of these players' history rows from ``day`` on."""
    ids = [int(p) for p in players]
    found: list[tuple[int, date, int]] = []
    for offset in range(0, len(ids), 5000):
        found.extend(
            fetch_rows(
                HandicapChange.objects.filter(
                    member_id__in=ids[offset : offset + 5000], played_on__gte=day
                )
                .order_by()
                .values_list("member_id", "played_on", "tournament_id")
                .distinct()
            )
        )
    return found


def _start_of(member: int, day: date, policy: HandicapPolicy) -> Decimal:
    """H0 of a member first met on ``day``: the office's estimate, the start held, else
    from their master points then (5.1-5.2; ``starts.starts_for``)."""
    return starts_for([member], day, policy)[member]


def _write_rows(deletes: list[int], updates: list[str], inserts: list[str]) -> None:
    """Rows that went, rows that changed (in place on PostgreSQL: their keys stay, so
    no foreign key is checked again), rows that are new; rows as COPY text."""
    for offset in range(0, len(deletes), 5000):
        HandicapChange.objects.filter(pk__in=deletes[offset : offset + 5000])._raw_delete(
            HandicapChange.objects.db
        )
    if connection.vendor != "postgresql":
        pks = [int(line.partition("\t")[0]) for line in updates]
        for offset in range(0, len(pks), 5000):
            HandicapChange.objects.filter(pk__in=pks[offset : offset + 5000])._raw_delete(
                HandicapChange.objects.db
            )
        lines = inserts + [line.partition("\t")[2] for line in updates]
        insert_rows(HandicapChange, COPY_FIELDS, [_values(line) for line in lines])
        return
    if inserts:
        copy_lines(HandicapChange, COPY_FIELDS, inserts)
    if updates:
        _update_rows(updates)


def _values(line: str) -> list[str | None]:
    return [None if value == COPY_NULL else value for value in line.rstrip("\n").split("\t")]


def _update_rows(updates: list[str]) -> None:
    quote = connection.ops.quote_name
    table = quote(HandicapChange._meta.db_table)
    columns = [_column(name) for name in COPY_FIELDS]
    keys = {"member_id", "tournament_id", "match_id", "played_on"}
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TEMP TABLE IF NOT EXISTS hcp_rewritten (LIKE {table}) ON COMMIT DROP"
        )
        cursor.execute("TRUNCATE hcp_rewritten")
        names = ", ".join(quote(c) for c in ["id", *columns])
        with cursor.copy(f"COPY hcp_rewritten ({names}) FROM STDIN") as copy:
            for offset in range(0, len(updates), 20000):
                copy.write("".join(updates[offset : offset + 20000]))
        assignments = ", ".join(f"{quote(c)} = r.{quote(c)}" for c in columns if c not in keys)
        # Row by row through the primary key: a hash join would read the whole history
        # for every batch (its cost growing with the seasons, not with the rows).
        cursor.execute(
            "SELECT current_setting('enable_hashjoin'), current_setting('enable_mergejoin')"
        )
        hashjoin, mergejoin = cursor.fetchone()
        cursor.execute(
            "SELECT set_config('enable_hashjoin', 'off', true), "
            "set_config('enable_mergejoin', 'off', true)"
        )
        cursor.execute(f"UPDATE {table} h SET {assignments} FROM hcp_rewritten r WHERE h.id = r.id")
        cursor.execute(
            "SELECT set_config('enable_hashjoin', %s, true), set_config('enable_mergejoin', %s, true)",
            [hashjoin, mergejoin],
        )


def _column(name: str) -> str:
    return HandicapChange._meta.get_field(name.removesuffix("_id")).column


def refresh_current(members: list[int], starts: dict[int, Decimal], policy: HandicapPolicy) -> None:
    """``MemberHandicap`` of these members from their last history row (or H0)."""
    have = held_starts(members, policy)
    write_current(members, dict(last_rows(members)), {**starts, **have}, policy)


def last_rows(members: list[int]) -> dict[int, tuple[Decimal, date]]:
    """Each member's last history row: (new, played_on)."""
    out: dict[int, tuple[Decimal, date]] = {}
    if connection.vendor == "postgresql":
        history = connection.ops.quote_name(HandicapChange._meta.db_table)
        matches = connection.ops.quote_name(TeamMatch._meta.db_table)
        with connection.cursor() as cursor:
            cursor.execute(
                f"""
                SELECT m.id, last.new, last.played_on
                  FROM unnest(%s::bigint[]) AS m(id)
                  CROSS JOIN LATERAL (
                        SELECT h.new, h.played_on
                          FROM {history} h
                          LEFT JOIN {matches} tm ON tm.id = h.match_id
                         WHERE h.member_id = m.id
                         ORDER BY h.played_on DESC, h.tournament_id DESC,
                                  COALESCE(tm.round, -1) DESC, h.match_id DESC NULLS LAST
                         LIMIT 1
                  ) AS last
                """,  # noqa: S608 -- names from the models, values as parameters
                [members],
            )
            for member, new, played_on in cursor.fetchall():
                out[member] = (new, played_on)
        return out
    for offset in range(0, len(members), 5000):
        part = members[offset : offset + 5000]
        for member, new, played_on in fetch_rows(
            HandicapChange.objects.filter(member_id__in=part)
            .order_by("member_id", "played_on", "tournament_id", "match__round", "match_id")
            .values_list("member_id", "new", "played_on")
        ):
            out[member] = (new, played_on)  # the last one wins
    return out


def _stored_rows(tournaments: list[int]) -> list[_Row]:
    """The history rows of these tournaments, each with its text as ``HistoryText``
    makes it (made by the database, on its own core, on PostgreSQL)."""
    if connection.vendor == "postgresql":
        history = connection.ops.quote_name(HandicapChange._meta.db_table)
        text = ", ".join(
            f"COALESCE(CAST(h.{_column(name)} AS TEXT), '{COPY_NULL}')" for name in COPY_FIELDS
        )
        with connection.cursor() as cursor:
            cursor.execute(
                f"""SELECT h.id, CAST(h.member_id AS TEXT), h.tournament_id, h.match_id,
                           h.played_on, CAST(h.old AS DOUBLE PRECISION),
                           CAST(h.new AS DOUBLE PRECISION),
                           CONCAT_WS(E'\\t', {text}) || E'\\n'
                      FROM {history} h WHERE h.tournament_id = ANY(%s)""",  # noqa: S608
                [tournaments],
            )
            return cursor.fetchall()
    out = []
    for values in HandicapChange.objects.filter(tournament_id__in=tournaments).values_list(
        "pk", *COPY_FIELDS
    ):
        pk, member, old = values[0], values[1], values[2]
        line = "\t".join(COPY_NULL if v is None else str(v) for v in values[1:]) + "\n"
        tournament, match, played_on = values[12], values[13], values[14]
        out.append(
            _Row(pk, str(member), tournament, match, played_on, float(old), float(values[5]), line)
        )
    return out


def _chains(rows: list[_Row]) -> dict[str, Stored]:
    """Per player, the handicap before and after their rows of one tournament, from the
    rows alone (in a chain each row's old is the row before's new, so the first old is
    the one no row's new matches, and the last new the one no old matches). A player
    whose rows end where they began carries nothing to remove and is left out."""
    olds: dict[str, Counter] = defaultdict(Counter)
    news: dict[str, Counter] = defaultdict(Counter)
    for row in rows:
        olds[row[1]][row[5]] += 1
        news[row[1]][row[6]] += 1
    out = {}
    for player in olds:
        first = olds[player] - news[player]
        last = news[player] - olds[player]
        if first and last:
            out[player] = Stored(next(iter(first)), next(iter(last)))
    return out


def _day(value: date | str) -> date:
    return date.fromisoformat(value) if isinstance(value, str) else value


# -- the entry points


def rewalk_report(
    tournament: Tournament, policy: HandicapPolicy, *, own_only: bool = False
) -> Outcome:
    """The handicap step of a report: its competitions computed again, the rows of its
    previous version taken away, and the later competitions their changes reach.

    ``own_only`` (the pipeline's first handicap step) leaves the later competitions to
    :func:`carry_forward`, but only for a report seen for the first time: a replaced
    version's rows that go (another date, players no longer in it) are not there for
    the next step to find, so a replacement walks on at once."""
    days = set(
        HandicapChange.objects.filter(tournament=tournament)
        .order_by()
        .values_list("played_on", flat=True)
        .distinct()
    )
    walk = IncrementalWalk(policy, own_only=own_only and not days)
    walk.seed(tournament.pk, tournament.start_date)
    walk.seed_rows(tournament.pk, days - {tournament.start_date})
    return walk.run()


def carry_forward(tournament: Tournament, policy: HandicapPolicy) -> Outcome:
    """The later competitions a report's own rows reach (after ``rewalk_report(...,
    own_only=True)``): each of its players' rows from its date on against the handicap
    carried into it; where they disagree the walk goes on from there, as far as the
    changes reach. Only the report's players can disagree: its rows were the only ones
    written. Nothing disagrees for a report of today, or once this has run."""
    players = list(
        HandicapChange.objects.filter(tournament=tournament)
        .order_by()
        .values_list("member_id", flat=True)
        .distinct()
    )
    walk = IncrementalWalk(policy)
    if players:
        _check_chains(tournament.start_date, walk, players)
    return walk.run()


def restart_member(member: int, since: date, policy: HandicapPolicy) -> Outcome:
    """A member's start changed (the office's estimate, 5.2): their rows from ``since``
    (their first) are checked against the start now held, and where it differs the walk
    goes on from there, as far as the change reaches; their current handicap follows."""
    walk = IncrementalWalk(policy)
    _check_chains(since, walk, [member])
    walk.touched.add(member)
    return walk.run()


def withdraw(tournament: int, policy: HandicapPolicy) -> Outcome:
    """A report withdrawn: its rows go and the later competitions they reach follow."""
    walk = IncrementalWalk(policy)
    days = set(
        HandicapChange.objects.filter(tournament_id=tournament)
        .order_by()
        .values_list("played_on", flat=True)
        .distinct()
    )
    walk.withdraw(tournament, days)
    return walk.run()


def check_since(since: date, policy: HandicapPolicy) -> Outcome:
    """``recompute_handicaps --since``: every history row from ``since`` on is checked
    against the handicap carried into it, and every tournament from then that the
    formula reads against its rows; what disagrees is computed again and the walk goes
    on from there (docs/handicap.md, "Order, late reports, monthly batch")."""
    walk = IncrementalWalk(policy)
    firsts, lasts = _check_chains(since, walk)
    _check_current(since, firsts, lasts, walk)
    for tid, day in _rowless_tournaments(since):
        walk.seed(tid, day)
    return walk.run()


def _check_chains(
    since: date, walk: IncrementalWalk, members: list[int] | None = None
) -> tuple[dict[int, tuple], dict[int, tuple[Decimal, date]]]:
    """Each row's old against the row before's new; seeds where they differ. Every
    member's rows, or only these ``members``'."""
    quote = connection.ops.quote_name
    history = quote(HandicapChange._meta.db_table)
    matches = quote(TeamMatch._meta.db_table)
    params: list = [since]
    of_members = ""
    if members is not None:
        of_members = f"AND h.member_id IN ({', '.join(['%s'] * len(members))})"
        params.extend(members)
    sql = f"""
        SELECT member_id, played_on, tournament_id, match_id, old, new,
               prev_new, prev_day, prev_tournament, prev_match, is_last
          FROM (
                SELECT h.member_id, h.played_on, h.tournament_id, h.match_id, h.old, h.new,
                       LAG(h.new) OVER w AS prev_new,
                       LAG(h.played_on) OVER w AS prev_day,
                       LAG(h.tournament_id) OVER w AS prev_tournament,
                       LAG(h.match_id) OVER w AS prev_match,
                       CASE WHEN LEAD(h.id) OVER w IS NULL THEN 1 ELSE 0 END AS is_last
                  FROM {history} h
                  LEFT JOIN {matches} tm ON tm.id = h.match_id
                 WHERE h.played_on >= %s {of_members}
                WINDOW w AS (PARTITION BY h.member_id
                             ORDER BY h.played_on, h.tournament_id, COALESCE(tm.round, -1),
                                      h.match_id)
          ) AS chain
         WHERE prev_new IS NULL OR old <> prev_new OR is_last = 1
    """  # noqa: S608 -- names from the models, values as parameters
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchall()
    firsts: dict[int, tuple] = {}
    lasts: dict[int, tuple[Decimal, date]] = {}
    for member, day, tid, match, old, new, prev_new, prev_day, prev_tid, prev_match, last in found:
        day = _day(day)
        if last:
            lasts[member] = (Decimal(str(new)), day)
        if prev_new is None:
            firsts[member] = (day, tid, match, Decimal(str(old)))
        elif Decimal(str(old)) != Decimal(str(prev_new)):
            previous = (_day(prev_day), prev_tid, prev_match)
            _break(walk, member, (day, tid, match), previous, float(prev_new), since)
    # A member's first row from ``since`` on against their last row before it, or H0.
    before = _last_rows_before(since, list(firsts))
    starts = held_starts([m for m in firsts if m not in before], walk.policy)
    for member, (day, tid, match, old) in firsts.items():
        if member in before:
            expected = before[member]
        elif member in starts:
            expected = starts[member]
        else:
            expected = Decimal(column_text(walk._first(member, day), 2))
        if old != expected:
            _break(walk, member, (day, tid, match), None, float(expected), since)
    return firsts, lasts


def _break(
    walk: IncrementalWalk,
    member: int,
    at: tuple[date, int, int | None],
    previous: tuple[date, int, int | None] | None,
    carried_in: float,
    since: date,
) -> None:
    """A row whose old is not the handicap carried into it: its competition is computed
    again from the carried handicap, and so is the one before (whose new may be the
    wrong one; not before ``since``), and any competition the member played in between
    without a row."""
    day, tid, match = at
    walk.overrides[(tid, match, str(member))] = carried_in
    walk.seed(tid, _start_date(tid))
    if previous is not None:
        walk.seed(previous[1], _start_date(previous[1]))
    for between, start in _played_between(
        member, previous[:2] if previous is not None else (since, 0), (day, tid)
    ):
        walk.seed(between, start)


def _start_date(tournament: int) -> date:
    return Tournament.objects.values_list("start_date", flat=True).get(pk=tournament)


def _played_between(member: int, after: tuple[date, int], before: tuple[date, int]):
    """The tournaments the member played (by the results) between two places."""
    (a_day, a_tid), (b_day, b_tid) = after, before
    return (
        Tournament.objects.filter(
            sections__entries__players__member_id=member,
            start_date__gte=a_day,
            start_date__lte=b_day,
        )
        .exclude(Q(start_date=a_day, pk__lte=a_tid) | Q(start_date=b_day, pk__gte=b_tid))
        .order_by()
        .values_list("pk", "start_date")
        .distinct()
    )


def _check_current(
    since: date,
    firsts: dict[int, tuple],
    lasts: dict[int, tuple[Decimal, date]],
    walk: IncrementalWalk,
) -> None:
    """Current handicaps of the members with rows from ``since`` on (or updated since)
    against their last row; a member updated since without such rows had rows taken
    away by hand: the tournaments they played from ``since`` are computed again."""
    current = {
        member: (handicap, updated)
        for member, handicap, updated in MemberHandicap.objects.filter(
            Q(member_id__in=list(lasts)) | Q(updated_on__gte=since)
        ).values_list("member_id", "handicap", "updated_on")
    }
    walk.touched.update(member for member in lasts if member not in current)
    for member, (handicap, updated) in current.items():
        if member in lasts:
            if (handicap, updated) != lasts[member]:
                walk.touched.add(member)
            continue
        walk.touched.add(member)
        for tid, start in (
            Tournament.objects.filter(
                sections__entries__players__member_id=member, start_date__gte=since
            )
            .values_list("pk", "start_date")
            .distinct()
        ):
            walk.seed(tid, start)


def _rowless_tournaments(since: date) -> list[tuple[int, date]]:
    """Tournaments from ``since`` on that the formula reads but that have no history row
    (a step that never ran, rows taken away by hand)."""
    readable = Q(kind=Tournament.Kind.TEAMS) | Q(
        kind__in=list(FORM), scoring__in=list(SCORING), boards__gt=0
    )
    return list(
        Tournament.objects.filter(readable, start_date__gte=since)
        .exclude(Exists(HandicapChange.objects.filter(tournament_id=OuterRef("pk"))))
        .values_list("pk", "start_date")
    )


def _last_rows_before(since: date, members: list[int]) -> dict[int, Decimal]:
    return handicaps_before(since, members) if members else {}
