"""Handicap benchmark: the full recompute against the time the database takes to hand
over the same rows, and the pipeline step of one 30-table tournament.

- recompute: N demo tournaments over D days (``seed_tournaments``; loaded first when
  fewer exist, start handicaps seeded), then ``recompute_handicaps`` run as its own
  process (so its peak memory is its own): from an empty history, again over the
  history just written, and from a day near the end (``--since``).
- read: ``COPY (the recompute's query) TO STDOUT`` of the results it reads, and of
  the history it compares with (``handicap.compare``); the ratio of the full
  recompute over that history (nothing to change) to these is the figure to drive
  down (issue #15: within 2x). The rebuild from an empty history is printed beside
  it: it also writes every row and builds the indexes.
- step: a 30-table, 27-board USEBIO Mitchell reported on the last day, its
  handicap step (``update_handicaps_for``) timed N times, each in a transaction
  rolled back after the run; and the same report dated seven months back (a late
  report), its step timed M times (the history vacuumed between runs, as the
  rolled-back rewrite leaves its dead rows), beside the walk of every competition
  after it that the step did before it was incremental (``recompute_from`` from
  the report, once).
"""

import random
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.db.models import Max

from handicap.history import fields_sql
from handicap.models import HandicapChange, MemberHandicap
from handicap.services import recompute_from, update_handicaps_for
from members.models import Club, Member
from tournaments import services
from tournaments.benchmarking import synthetic_usebio
from tournaments.models import EntryPlayer, TeamMatch, Tournament

# The team matches' players, as handicap.teams reads them (one query per kind there).
MATCHES_SQL = """
    SELECT t.start_date, tm.tournament_id, tm.round, tm.id, tm.boards, tm.imps_home,
           tm.imps_away, p.entry_id, p.member_id, p.temporary_id
      FROM tournaments_teammatch tm
      JOIN tournaments_tournament t ON t.id = tm.tournament_id
      JOIN tournaments_entryplayer p ON p.entry_id IN (tm.home_id, tm.away_id)
     WHERE NOT tm.walkover
     ORDER BY t.start_date, tm.tournament_id, tm.round, tm.id, p.entry_id, p.id
"""


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--tournaments", type=int, default=150000)
        parser.add_argument("--days", type=int, default=1825, help="five seasons")
        parser.add_argument("--step-runs", type=int, default=30)
        parser.add_argument("--late-runs", type=int, default=5)
        parser.add_argument("--late-days", type=int, default=213, help="seven months")
        parser.add_argument("--skip-recompute", action="store_true")
        parser.add_argument(
            "--skip-full-walk", action="store_true", help="do not time the late report's full walk"
        )

    def handle(
        self, *args, tournaments, days, step_runs, late_runs, late_days, skip_recompute,
        skip_full_walk, **options,
    ):  # fmt: skip
        if connection.vendor != "postgresql":
            raise CommandError("the handicap benchmark measures PostgreSQL: set DATABASE_URL")
        self.stdout.write(f"database: {connection.settings_dict['NAME']}")
        if not Member.objects.exists():
            call_command("seed_demo", "--members", "25000", stdout=self.stdout)
        have = Tournament.objects.count()
        if have < tournaments:
            call_command(
                "seed_tournaments", "--tournaments", str(tournaments - have),
                "--days", str(days), stdout=self.stdout,
            )  # fmt: skip
        if not MemberHandicap.objects.exists():
            call_command("seed_handicaps", stdout=self.stdout)
        if have < tournaments:
            _vacuum()  # the planner's figures for what was just loaded
        players = EntryPlayer.objects.count()
        matches = TeamMatch.objects.filter(walkover=False).count()
        self.stdout.write(
            f"{Tournament.objects.count()} tournaments, {Member.objects.count()} members, "
            f"{players} player places, {matches} team matches"
        )
        if not skip_recompute:
            self._recompute()
        if step_runs:
            self._step(step_runs)
        if late_runs:
            self._late_step(late_runs, late_days, full_walk=not skip_full_walk)

    def _recompute(self) -> None:
        last = Tournament.objects.aggregate(last=Max("start_date"))["last"]
        since = last - timedelta(days=122)  # four months back
        with connection.cursor() as cursor:
            cursor.execute("TRUNCATE handicap_handicapchange")
        empty, peak, out = _run_command(["recompute_handicaps", "--without-forms"])
        self.stdout.write(
            f"recompute from an empty history: {empty:.1f} s, peak RSS {peak:.0f} MB; {out}"
        )
        # The reads just before and just after the run they are compared with, on a
        # machine whose speed drifts: their mean.
        before = _reads()
        again, peak, out = _run_command(["recompute_handicaps", "--without-forms"])
        after = _reads()
        self.stdout.write(
            f"recompute again over that history: {again:.1f} s, peak RSS {peak:.0f} MB; {out}"
        )
        seconds, peak, out = _run_command(["recompute_handicaps", "--since", since.isoformat()])
        self.stdout.write(
            f"recompute since {since}: {seconds:.1f} s, peak RSS {peak:.0f} MB; {out}"
        )
        read_results = (before[0] + after[0]) / 2
        read_history = (before[1] + after[1]) / 2
        reads = read_results + read_history
        self.stdout.write(
            f"COPY TO STDOUT of the results read: {read_results:.1f} s; of the "
            f"{HandicapChange.objects.count()} history rows: {read_history:.1f} s (means of "
            f"{before[0]:.1f} + {before[1]:.1f} s before and {after[0]:.1f} + {after[1]:.1f} s "
            f"after); full recompute over that history (nothing to change) / both reads: "
            f"{again / reads:.2f}x (goal 2x); from an empty history: {empty / reads:.2f}x"
        )
        load, build = _load_seconds()
        floor = read_results + load + build
        self.stdout.write(
            f"the database's own part, with no Python at all: results read {read_results:.1f} s "
            f"+ COPY of the history into an empty table {load:.1f} s + its indexes and keys "
            f"{build:.1f} s = {floor:.1f} s, {floor / (read_results + read_history):.1f}x "
            f'the reads (docs/handicap.md, "Speed")'
        )

    def _step(self, runs: int) -> None:
        last = Tournament.objects.aggregate(last=Max("start_date"))["last"]
        tournament = _report(last)
        same_day = Tournament.objects.filter(start_date=last).count()
        timings, rows = [], 0
        try:
            for _ in range(runs):
                with transaction.atomic():
                    fresh = Tournament.objects.get(pk=tournament.pk)
                    started = time.perf_counter()
                    update_handicaps_for(fresh)
                    timings.append(time.perf_counter() - started)
                    rows = HandicapChange.objects.filter(tournament=tournament).count()
                    transaction.set_rollback(True)
        finally:
            tournament.delete()
        self.stdout.write(
            f"handicap step, 30 tables x 27 boards on {last} ({same_day} tournaments that "
            f"day, {rows} rows of its own): median {statistics.median(timings) * 1000:.1f} ms, "
            f"min {min(timings) * 1000:.1f} ms, max {max(timings) * 1000:.1f} ms over {runs} runs"
        )

    def _late_step(self, runs: int, days: int, *, full_walk: bool) -> None:
        last = Tournament.objects.aggregate(last=Max("start_date"))["last"]
        day = last - timedelta(days=days)
        tournament = _report(day)
        later = Tournament.objects.filter(start_date__gte=day).count() - 1
        timings, outcome = [], None
        try:
            for _ in range(runs):
                with transaction.atomic():
                    fresh = Tournament.objects.get(pk=tournament.pk)
                    started = time.perf_counter()
                    outcome = update_handicaps_for(fresh)
                    timings.append(time.perf_counter() - started)
                    transaction.set_rollback(True)
                _vacuum(HandicapChange)
            self.stdout.write(
                f"handicap step of a late report, 30 tables x 27 boards on {day} ({days} days "
                f"back, {later} tournaments after it): median "
                f"{statistics.median(timings):.1f} s, min {min(timings):.1f} s, max "
                f"{max(timings):.1f} s over {runs} runs; {outcome.tournaments} tournaments "
                f"read, {outcome.competitions} competitions computed again, "
                f"{outcome.written} rows written, {outcome.removed} removed, current handicap "
                f"of {outcome.members} members"
            )
            if full_walk:
                with transaction.atomic():
                    fresh = Tournament.objects.get(pk=tournament.pk)
                    started = time.perf_counter()
                    changed = recompute_from(day, from_tournament=fresh.pk)
                    seconds = time.perf_counter() - started
                    transaction.set_rollback(True)
                _vacuum(HandicapChange)
                self.stdout.write(
                    f"the same report by the walk of every later competition (the step before "
                    f"it was incremental): {seconds:.1f} s, {changed} rows written or removed"
                )
        finally:
            tournament.delete()


def _report(day) -> Tournament:
    """A 30-table, 27-board pairs report on ``day``, saved (its pipeline not run)."""
    mids = list(Member.objects.filter(status=Member.Status.ACTIVE).values_list("mid", flat=True))
    club = Club.objects.order_by("number").first()
    name = f"bench-handicap-step-{time.time_ns():x}"
    data = synthetic_usebio(
        tables=30, boards=27, mids=mids, rng=random.Random(7), event_id=name, day=day
    )
    return services.import_results(
        data=data, filename=f"{name}.xml", organiser=club, run_pipeline=False
    ).tournament


def _vacuum(model=None) -> None:
    """VACUUM ANALYZE (a table, or the database): without autovacuum, rolled-back
    rewrites leave dead rows that slow every later run down."""
    with connection.cursor() as cursor:
        cursor.execute(
            "VACUUM ANALYZE"
            + (" " + connection.ops.quote_name(model._meta.db_table) if model else "")
        )


def _reads() -> tuple[float, float]:
    """Seconds to read what the full recompute reads: the results (its own query over
    every date, and the matches), and the stored history it compares with."""
    results = _copy_seconds(fields_sql("TRUE")) + _copy_seconds(MATCHES_SQL)
    return results, _copy_seconds(f"SELECT * FROM {HandicapChange._meta.db_table}")


def _copy_seconds(sql: str) -> float:
    """Seconds for PostgreSQL to stream the rows of ``sql`` to us (read and dropped)."""
    started = time.perf_counter()
    with connection.cursor() as cursor, cursor.copy(f"COPY ({sql}) TO STDOUT") as copy:
        for _chunk in copy:
            pass
    return time.perf_counter() - started


# A table made and dropped in one transaction (rolled back): a temporary table may
# not have the history's foreign keys.
_FLOOR = "handicap_bench_floor"


def _load_seconds() -> tuple[float, float]:
    """Seconds for PostgreSQL to take the history in by COPY into an empty table like
    it, and to build that table's indexes and foreign keys: the part of a full
    recompute that no speed of the walk removes. In a transaction rolled back."""
    table = HandicapChange._meta.db_table
    with tempfile.TemporaryFile() as spool:
        with connection.cursor() as cursor, cursor.copy(f"COPY {table} TO STDOUT") as copy:
            for chunk in copy:
                spool.write(chunk)
        spool.seek(0)
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(
                f"CREATE TABLE {_FLOOR} (LIKE {table} INCLUDING DEFAULTS INCLUDING IDENTITY)"
            )
            started = time.perf_counter()
            with cursor.copy(f"COPY {_FLOOR} FROM STDIN") as copy:
                while chunk := spool.read(1 << 20):
                    copy.write(chunk)
            loaded = time.perf_counter()
            cursor.execute(
                "SELECT pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid = %s::regclass",
                [table],
            )
            indexes = [row[0] for row in cursor.fetchall()]
            cursor.execute(
                "SELECT pg_get_constraintdef(oid) FROM pg_constraint "
                "WHERE conrelid = %s::regclass AND contype = 'f'",
                [table],
            )
            keys = [row[0] for row in cursor.fetchall()]
            cursor.execute("SET LOCAL maintenance_work_mem = '256MB'")  # as the recompute
            for definition in indexes:
                # The same index on the copy: its name goes, PostgreSQL picks one.
                on = definition.index(" ON ")
                unique = "UNIQUE " if definition.startswith("CREATE UNIQUE") else ""
                using = definition[on:].split(" USING ", 1)[1]
                cursor.execute(f"CREATE {unique}INDEX ON {_FLOOR} USING {using}")
            for key in keys:
                cursor.execute(f"ALTER TABLE {_FLOOR} ADD {key}")
            built = time.perf_counter()
            transaction.set_rollback(True)
    return loaded - started, built - loaded


# Runs manage.py and reports the process's own peak memory as it exits (the
# children's rusage keeps only the largest child so far).
_MEASURED = (
    "import atexit, resource, runpy, sys; atexit.register(lambda: sys.stderr.write("
    "f'\\npeak-rss-kb {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}\\n')); "
    "sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')"
)


def _run_command(arguments: list[str]) -> tuple[float, float, str]:
    """A management command in its own process: (seconds, its peak RSS in MB, its output)."""
    connection.close()
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _MEASURED, str(Path(settings.BASE_DIR) / "manage.py"), *arguments],
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - started
    if done.returncode:
        raise CommandError(f"{' '.join(arguments)} failed:\n{done.stderr}")
    peak = int(done.stderr.rpartition("peak-rss-kb ")[2].split()[0])
    return seconds, peak / 1024, done.stdout.strip()
