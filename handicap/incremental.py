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
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from functools import partial
from typing import NamedTuple

from django.db import connection
from django.db.models import Exists, OuterRef, Q

from members.common.bulk import fetch_rows, insert_rows, replace_rows
from tournaments.models import TeamMatch, Tournament

from .domain import HandicapPolicy
from .domain.competition import Competition, PlayerChange
from .domain.formula import start_handicap
from .domain.rewalk import PLACES, Rewalk, Stored, carried
from .models import HandicapChange, MemberHandicap
from .services import (
    FORM,
    HISTORY_FIELDS,
    SCORING,
    _history_row,
    _read_fields,
    _text,
    handicaps_before,
    master_points_before,
)
from .teams import team_competitions

log = logging.getLogger("handicap.services")

Key = tuple[date, int]  # a tournament's place in the walk: (date, tournament id)


class _Row(NamedTuple):
    """A history row as read for the walk: decimals as floats (a column at two
    decimals read as a float is exactly ``round(value, 2)`` of the walk's float)."""

    pk: int
    player: str
    tournament: int
    match: int | None
    played_on: date
    place: str
    old: float
    partner: float | None
    owner: float
    field: float
    expected: float
    achieved: float
    change: float
    new: float
    boards: int
    scoring: str
    version: str


_DECIMALS = ("old", "partner", "owner", "field", "expected", "achieved", "change", "new")
_ROW_FIELDS = ("pk", "member_id", "tournament_id", "match_id", "played_on", "place", *_DECIMALS,
               "boards", "scoring", "policy_version")  # fmt: skip


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
    inserts: list[tuple] = field(default_factory=list)
    members: set[int] = field(default_factory=set)


@dataclass
class Outcome:
    """What an incremental walk did (the benchmark and ``--phases`` print it)."""

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
    walked again from its start with that tournament too.
    """

    def __init__(self, policy: HandicapPolicy) -> None:
        self.policy = policy
        self.rewalk = Rewalk(policy)
        self.heap: list[Key] = []
        self.queued: set[Key] = set()
        self.because: dict[Key, set[str]] = defaultdict(set)
        self.seeds: set[int] = set()  # tournaments whose competitions are all computed again
        self.forced: set[Key] = set()  # places walked whoever changed
        self.withdrawn: set[int] = set()  # tournaments whose rows all go
        self.overrides: dict[tuple[int, int | None, str], float] = {}  # stored "old" not to trust
        self.discovered: set[str] = set()
        self.read: dict[int, _Read] = {}
        self.starts: dict[int, Decimal] = {}
        self.outcome = Outcome()
        self.touched: set[int] = set()
        self.deleted: set[int] = set()

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
        if key not in self.queued:
            self.queued.add(key)
            heapq.heappush(self.heap, key)

    # -- the walk

    def run(self) -> Outcome:
        while self.heap:
            self._day(self.heap[0][0])
        self._refresh_current()
        return self.outcome

    def _day(self, day: date) -> None:
        keys: list[Key] = []
        while self.heap and self.heap[0][0] == day:
            keys.append(heapq.heappop(self.heap))
        start = self.rewalk.state()
        changed_at_start = set(start[0])
        entered_at: dict[str, Key] = {}  # where each player first changed on this day
        wanted: list[Key] = []

        def needed(key: Key) -> bool:
            if key in self.forced:
                return True
            because = self.because.get(key, ())
            return any(
                p in changed_at_start or (p in entered_at and entered_at[p] < key) for p in because
            )

        while True:
            self.rewalk.restore(start)
            wanted = sorted(set(wanted) | {k for k in keys if needed(k)})
            self._read_tournaments([tid for _, tid in wanted if tid not in self.read])
            writes = _Writes()
            for key in wanted:
                self.rewalk.entered = set()
                self._tournament(key, writes)
                for player in self.rewalk.entered:
                    if player not in entered_at or key < entered_at[player]:
                        entered_at[player] = key
            self._discover([p for p in entered_at if p not in self.discovered], day)
            while self.heap and self.heap[0][0] == day:
                keys.append(heapq.heappop(self.heap))
            if all(k in wanted or not needed(k) for k in keys):
                break
        self._write(writes)
        for tid in {tid for _, tid in keys}:
            read = self.read.get(tid)
            if read is not None and read.day <= day and all(r.played_on <= day for r in read.rows):
                del self.read[tid]

    def _tournament(self, key: Key, writes: _Writes) -> None:
        day, tid = key
        read = self.read[tid]
        live = read.day == day and tid not in self.withdrawn
        matches = {match for match, _ in read.competitions} if live else set()
        here = [row for row in read.rows if row.played_on == day]
        stored: dict[int | None, dict[str, _Row]] = defaultdict(dict)
        for row in here:
            if row.match in matches:
                stored[row.match][row.player] = row
        # Rows of a version that is gone (a withdrawn report, a replaced report's
        # old date, a match reported again) go. When some of a tournament's rows go,
        # all its rows of the day are taken as gone and its competitions computed
        # again from nothing: a gone match's place among the others is not known.
        whole = not live or any(row.match not in matches for row in here)
        if whole and here:
            self.rewalk.remove(_chains(here))
            for row in here:
                writes.members.add(int(row.player))
                if row.match not in matches:
                    writes.deletes.append(row.pk)
        if not live:
            return
        # Rows of the tournament's previous date go in the history where they stand,
        # but are deleted now: the rows written for the new date take their keys.
        writes.deletes.extend(row.pk for row in read.rows if row.played_on != day)
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
                inputs = {} if whole else {
                    player: Stored(self.overrides.get((tid, match, player), row.old), row.new)
                    for player, row in mine.items()
                }  # fmt: skip
                before = partial(self._before, day=day, tournament=tid, carry=in_tournament)
                rows = self.rewalk.redo(competition, inputs, before)
                self.outcome.competitions += 1
                if rows is None:
                    log.warning("handicaps: competition %s left out: refused", competition.id)
                self._diff((tid, match), rows or (), mine, read.places, writes)
                for row in rows or ():
                    in_tournament[row.player] = carried(row.new_handicap)
            else:
                for player, row in mine.items():
                    in_tournament[player] = row.new

    def _diff(
        self,
        key: tuple[int, int | None],
        rows: Iterable[PlayerChange],
        stored: dict[str, _Row],
        places: dict[str, str],
        writes: _Writes,
    ) -> None:
        version = self.policy.version
        seen = set()
        for row in rows:
            player = row.player
            seen.add(player)
            mine = stored.get(player)
            if mine is not None and _same(row, mine, places, version):
                continue
            if mine is not None:
                writes.deletes.append(mine.pk)
            writes.inserts.append(_history_row(key, row, places, self.policy))
            writes.members.add(int(player))
        for player, mine in stored.items():
            if player not in seen:
                writes.deletes.append(mine.pk)
                writes.members.add(int(player))

    def _before(
        self, players: list[str], *, day: date, tournament: int, carry: dict[str, float]
    ) -> dict[str, float]:
        """The handicaps the history carries into a competition for players without a
        row in it: their row in an earlier match of the tournament, else their last
        row before it, else their start handicap."""
        out = {p: carry[p] for p in players if p in carry}
        rest = [int(p) for p in players if p not in out]
        if rest:
            found = handicaps_before(day, rest, tournament)
            for member in rest:
                value = found.get(member)
                out[str(member)] = float(value) if value is not None else self._first(member, day)
        return out

    def _first(self, member: int, day: date) -> float:
        if member not in self.starts:
            start = MemberHandicap.objects.filter(member_id=member).values_list("start", flat=True)
            found = start.first()
            if found is None:
                mp = master_points_before(member, day)
                found = Decimal(_text(start_handicap(mp, self.policy), 2))
            self.starts[member] = found
        return float(self.starts[member])

    # -- reading

    def _discover(self, players: list[str], day: date) -> None:
        """Queue the tournaments these players have rows in from ``day`` on."""
        if not players:
            return
        self.discovered.update(players)
        ids = [int(p) for p in players]
        for offset in range(0, len(ids), 5000):
            found = fetch_rows(
                HandicapChange.objects.filter(
                    member_id__in=ids[offset : offset + 5000], played_on__gte=day
                )
                .order_by()
                .values_list("member_id", "played_on", "tournament_id")
                .distinct()
            )
            for member, played_on, tournament in found:
                self._queue((_day(played_on), tournament), str(member))

    def _read_tournaments(self, ids: list[int]) -> None:
        if not ids:
            return
        self.outcome.tournaments += len(ids)
        places: dict[str, str] = {}
        marks = ", ".join(["%s"] * len(ids))
        by_tournament: dict[int, list[tuple[int | None, Competition]]] = defaultdict(list)
        for competition in _read_fields(f"t.id IN ({marks})", ids, places):
            by_tournament[int(competition.id)].append((None, competition))
        for tid, matches in team_competitions(ids, places).items():
            for competition in matches:
                by_tournament[tid].append((int(competition.id.rpartition(".")[2]), competition))
        days = dict(Tournament.objects.filter(pk__in=ids).values_list("pk", "start_date"))
        for tid in ids:
            self.read[tid] = _Read(
                day=_day(days[tid]) if tid in days else date.min,
                competitions=by_tournament.get(tid, []),
                places=places,
            )
        for row in _stored_rows(ids):
            self.read[row.tournament].rows.append(row)

    # -- writing

    def _write(self, writes: _Writes) -> None:
        deletes = [pk for pk in dict.fromkeys(writes.deletes) if pk not in self.deleted]
        for offset in range(0, len(deletes), 5000):
            HandicapChange.objects.filter(pk__in=deletes[offset : offset + 5000])._raw_delete(
                HandicapChange.objects.db
            )
        self.deleted.update(deletes)
        if writes.inserts:
            insert_rows(HandicapChange, HISTORY_FIELDS, writes.inserts)
        self.outcome.written += len(writes.inserts)
        self.outcome.removed += len(deletes)
        self.touched |= writes.members

    def _refresh_current(self) -> None:
        """The current handicap of the members whose rows changed: their last row's,
        or their start handicap when they have none."""
        members = sorted(self.touched)
        if not members:
            return
        self.outcome.members = len(members)
        refresh_current(members, self.starts, self.policy)


def refresh_current(members: list[int], starts: dict[int, Decimal], policy: HandicapPolicy) -> None:
    """``MemberHandicap`` of these members from their last history row (or H0)."""
    last = last_rows(members)
    have = dict(
        MemberHandicap.objects.filter(member_id__in=members).values_list("member_id", "start")
    )
    rows = []
    for member in members:
        start = have.get(member, starts.get(member))
        if member in last:
            value, day = last[member]
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
    """The history rows of these tournaments, decimals as floats."""
    if connection.vendor == "postgresql":
        history = connection.ops.quote_name(HandicapChange._meta.db_table)
        columns = ", ".join(
            f"CAST(h.{name} AS DOUBLE PRECISION)" if name in _DECIMALS else f"h.{name}"
            for name in (
                "id", "member_id", "tournament_id", "match_id", "played_on", "place", *_DECIMALS,
                "boards", "scoring", "policy_version",
            )
        )  # fmt: skip
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {columns} FROM {history} h WHERE h.tournament_id = ANY(%s)",  # noqa: S608
                [tournaments],
            )
            rows = cursor.fetchall()
    else:
        rows = list(
            HandicapChange.objects.filter(tournament_id__in=tournaments).values_list(
                "pk", "member_id", "tournament_id", "match_id", "played_on", "place", *_DECIMALS,
                "boards", "scoring", "policy_version",
            )
        )  # fmt: skip
    out = []
    for row in rows:
        pk, member, tournament, match, played_on, place, *rest = row
        decimals = [None if v is None else float(v) for v in rest[:8]]
        out.append(
            _Row(pk, str(member), tournament, match, _day(played_on), place, *decimals, *rest[8:])
        )
    return out


def _same(row: PlayerChange, stored: _Row, places: dict[str, str], version: str) -> bool:
    """Whether the row as written would be the stored one (``_history_row``'s text)."""
    partner = row.partner_handicap
    return (
        stored.new == round(row.new_handicap, PLACES)
        and stored.old == round(row.old_handicap, PLACES)
        and stored.change == round(row.change, 3)
        and stored.expected == round(row.expected, 2)
        and stored.achieved == round(row.achieved, 2)
        and stored.owner == round(row.owner_handicap, 2)
        and stored.field == round(row.field_handicap, 2)
        and stored.partner == (None if partner is None else round(partner, 2))
        and stored.boards == row.boards_played
        and stored.place == places.get(row.entry, "")
        and stored.played_on == row.date
        and stored.scoring == row.scoring
        and stored.version == version
    )


def _chains(rows: list[_Row]) -> dict[str, Stored]:
    """Per player, the handicap before and after their rows of one tournament, from the
    rows alone (in a chain each row's old is the row before's new, so the first old is
    the one no row's new matches, and the last new the one no old matches). A player
    whose rows end where they began carries nothing to remove and is left out."""
    olds: dict[str, Counter] = defaultdict(Counter)
    news: dict[str, Counter] = defaultdict(Counter)
    for row in rows:
        olds[row.player][row.old] += 1
        news[row.player][row.new] += 1
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


def rewalk_report(tournament: Tournament, policy: HandicapPolicy) -> Outcome:
    """The handicap step of a report: its competitions computed again, the rows of its
    previous version taken away, and the later competitions their changes reach."""
    walk = IncrementalWalk(policy)
    walk.seed(tournament.pk, tournament.start_date)
    days = set(
        HandicapChange.objects.filter(tournament=tournament)
        .order_by()
        .values_list("played_on", flat=True)
        .distinct()
    )
    walk.seed_rows(tournament.pk, days - {tournament.start_date})
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
    since: date, walk: IncrementalWalk
) -> tuple[dict[int, tuple], dict[int, tuple[Decimal, date]]]:
    """Each row's old against the row before's new; seeds where they differ."""
    quote = connection.ops.quote_name
    history = quote(HandicapChange._meta.db_table)
    matches = quote(TeamMatch._meta.db_table)
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
                 WHERE h.played_on >= %s
                WINDOW w AS (PARTITION BY h.member_id
                             ORDER BY h.played_on, h.tournament_id, COALESCE(tm.round, -1),
                                      h.match_id)
          ) AS chain
         WHERE prev_new IS NULL OR old <> prev_new OR is_last = 1
    """  # noqa: S608 -- names from the models, values as parameters
    with connection.cursor() as cursor:
        cursor.execute(sql, [since])
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
    starts = dict(
        MemberHandicap.objects.filter(
            member_id__in=[m for m in firsts if m not in before]
        ).values_list("member_id", "start")
    )
    for member, (day, tid, match, old) in firsts.items():
        if member in before:
            expected = before[member]
        elif member in starts:
            expected = starts[member]
        else:
            expected = Decimal(_text(walk._first(member, day), 2))
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
