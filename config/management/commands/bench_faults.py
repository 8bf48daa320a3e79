"""Fault benchmark: the pipeline under concurrency and faults, against a clean run.

PostgreSQL only. The database of DATABASE_URL is the base (a small demo federation is
loaded when it is empty); each trial runs in a copy of it (CREATE DATABASE ... TEMPLATE)
with its own Redis (a redis-server on a spare port) and real Celery workers, meets its
fault, waits until every report is done (sweeping as beat would), and its state is
compared, row by row by natural keys, with the same reports run one after another in
another copy. Kinds of trial: a worker child killed mid-step, the whole worker killed
and restarted, Redis restarted mid-chain, the worker's database connections
terminated, the same file reported 20 times at once, two overlapping reports at once
on a worker of concurrency 2 and of 4.
"""

from __future__ import annotations

import random
import threading
import time
import uuid
from collections import Counter
from datetime import timedelta
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, connections
from django.utils import timezone

from config import tasks
from config.benchmarking import (
    RedisServer,
    Report,
    Worker,
    compare,
    overlapping_reports,
    snapshot,
    sql,
)
from config.celery import app
from members.models import Club, Member
from tournaments import services
from tournaments.models import Tournament

KINDS = (
    "child killed",
    "worker killed",
    "redis restarted",
    "connection terminated",
    "same file 20 times",
    "overlapping at concurrency 2",
    "overlapping at concurrency 4",
)
REPO = Path(settings.BASE_DIR)
WAIT = 120.0  # seconds a trial may take to settle
QUEUE = "faults"
VISIBILITY_TIMEOUT = 8  # seconds, for the trials' workers (production: 300)
STUCK_AFTER = 10  # seconds, for the trials' sweep (production: 300)


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--trials", type=int, default=10, help="trials of each kind")
        parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated")
        parser.add_argument("--seed", type=int, default=15)

    def handle(self, *args, trials, kinds, seed, **options):
        if connection.vendor != "postgresql":
            raise CommandError("bench_faults needs PostgreSQL (DATABASE_URL)")
        chosen = [k.strip() for k in kinds.split(",") if k.strip()]
        unknown = set(chosen) - set(KINDS)
        if unknown:
            raise CommandError(f"unknown kinds {sorted(unknown)}; the kinds are {KINDS}")
        rng = random.Random(seed)
        self.base = connection.settings_dict["NAME"]
        if not Member.objects.exists():
            call_command(
                "seed_demo", "--members", "2000", "--tournaments", "100", stdout=self.stdout
            )
        self.mids = list(
            Member.objects.filter(status=Member.Status.ACTIVE).values_list("mid", flat=True)
        )
        self.clubs = list(Club.objects.order_by("number")[:2])
        self.redis = RedisServer()
        # This process sends the reports' tasks and sweeps, as web and beat would: to
        # the benchmark's own Redis, on one queue (Redis is emptied between trials).
        settings.PIPELINE_RUNNER = "celery"
        settings.PIPELINE_STUCK_AFTER = STUCK_AFTER
        app.conf.task_always_eager = False
        app.conf.broker_url = app.conf.result_backend = self.redis.url
        app.conf.task_default_queue = QUEUE
        totals: dict[str, Counter] = {}
        try:
            for kind in chosen:
                tally = totals.setdefault(kind, Counter())
                for n in range(trials):
                    outcome = self._trial(kind, n, rng)
                    tally.update(outcome)
                    self.stdout.write(
                        f"{kind} #{n + 1}: lost {outcome['lost']}, duplicated or wrong "
                        f"{outcome['extra']}, stuck {outcome['stuck']}, failed "
                        f"{outcome['failed']}, errors {outcome['errors']}"
                        + (f" ({outcome['where']})" if outcome.get("where") else "")
                    )
        finally:
            self.redis.stop()
            self._use(self.base)
        self.stdout.write("\nkind: trials, lost, duplicated or wrong, stuck, failed, errors")
        for kind, tally in totals.items():
            self.stdout.write(
                f"{kind}: {tally['trials']}, {tally['lost']}, {tally['extra']}, "
                f"{tally['stuck']}, {tally['failed']}, {tally['errors']}"
            )

    # --- one trial --------------------------------------------------------------------

    def _trial(self, kind: str, n: int, rng: random.Random) -> Counter:
        tag = f"f{uuid.uuid4().hex[:6]}"
        late = rng.random() < 0.5
        day = timezone.localdate() - timedelta(days=rng.randint(120, 220) if late else 2)
        if kind == "same file 20 times":
            reports = (
                overlapping_reports(
                    mids=self.mids, clubs=self.clubs, count=1, day=day, tag=tag, rng=rng
                )
                * 20
            )
        else:
            reports = overlapping_reports(
                mids=self.mids, clubs=self.clubs, count=2, day=day, tag=tag, rng=rng
            )
        trial_db, clean_db = f"{self.base}_t_{tag}", f"{self.base}_c_{tag}"
        outcome = Counter(trials=1)
        try:
            self._clone(trial_db)
            concurrency = 4 if kind.endswith("4") else 2
            self.redis.start()
            worker = Worker(
                trial_db,
                self.redis.url,
                concurrency,
                queue=QUEUE,
                visibility_timeout=VISIBILITY_TIMEOUT,
                stuck_after=STUCK_AFTER,
            )
            try:
                self._use(trial_db)
                outcome["errors"] += self._upload(reports)
                self._fault(kind, worker, rng)
                outcome["stuck"], outcome["failed"] = self._settle(worker)
                run = snapshot()
                order = list(Tournament.objects.order_by("pk").values_list("event_id", flat=True))
            finally:
                worker.stop()
                self.redis.stop()
            self._clone(clean_db)
            self._use(clean_db)
            self._serially(reports, order)
            clean = snapshot()
            difference = compare(run, clean)
            outcome["lost"] += difference.lost
            outcome["extra"] += difference.extra
            outcome["where"] = ", ".join(difference.where)
        finally:
            self._use(self.base)
            for name in (trial_db, clean_db):
                sql(self.base, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        return outcome

    def _upload(self, reports: list[Report]) -> int:
        """All the reports at once, from as many threads; returns the uploads that
        raised (a 500 to the club)."""
        errors = []

        def upload(report: Report) -> None:
            try:
                services.import_results(
                    data=report.data, filename=report.filename, organiser=report.club
                )
            except Exception as exc:  # counted: a report must never raise here
                errors.append(exc)
            finally:
                connection.close()

        threads = [threading.Thread(target=upload, args=(r,)) for r in reports]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        for error in errors[:3]:
            self.stderr.write(f"  upload raised {type(error).__name__}: {error}")
        return len(errors)

    def _fault(self, kind: str, worker: Worker, rng: random.Random) -> None:
        time.sleep(rng.uniform(0.05, 0.6))  # somewhere inside the chain
        if kind == "child killed":
            worker.kill_child()
        elif kind == "worker killed":
            worker.kill()
            time.sleep(rng.uniform(0.2, 1.0))
            worker.start()
        elif kind == "redis restarted":
            self.redis.stop()
            time.sleep(rng.uniform(0.1, 0.5))
            self.redis.start()
        elif kind == "connection terminated":
            sql(
                worker.database,
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()",
            )
            connection.close()

    def _settle(self, worker: Worker) -> tuple[int, int]:
        """Wait until no report is queued or in progress, sweeping every second as beat
        does (with the trial's short stuck-after); returns (stuck, failed)."""
        deadline = time.monotonic() + WAIT
        waiting = ("queued", "processing")
        while time.monotonic() < deadline:
            moving = Tournament.objects.filter(pipeline_status__in=waiting).count()
            if not moving:
                break
            tasks.sweep_stuck_reports()
            time.sleep(1.0)
        statuses = Counter(Tournament.objects.values_list("pipeline_status", flat=True))
        return statuses["queued"] + statuses["processing"], statuses["failed"]

    def _serially(self, reports: list[Report], order: list[str]) -> None:
        """The clean run: the same uploads one after another, the steps run at once in
        this process."""
        settings.PIPELINE_RUNNER = "inline"
        app.conf.task_always_eager = True
        try:
            self._one_by_one(reports, order)
        finally:
            settings.PIPELINE_RUNNER = "celery"
            app.conf.task_always_eager = False

    def _one_by_one(self, reports: list[Report], order: list[str]) -> None:
        # Every upload, the same file as often as the trial sent it, each event's in
        # the order the trial's events got their ids.
        rank = {event: n for n, event in enumerate(order)}
        for report in sorted(reports, key=lambda r: rank.get(r.event_id, len(rank))):
            services.import_results(
                data=report.data, filename=report.filename, organiser=report.club
            )

    # --- plumbing ----------------------------------------------------------------------

    def _clone(self, name: str) -> None:
        self._use("postgres")
        sql("postgres", f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        sql("postgres", f'CREATE DATABASE "{name}" TEMPLATE "{self.base}"')

    def _use(self, name: str) -> None:
        for alias in connections:
            connections[alias].close()
        connections["default"].settings_dict["NAME"] = name
