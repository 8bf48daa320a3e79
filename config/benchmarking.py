"""What the fault and pipeline benchmarks share with the tests: reports that overlap in
their players, and the state a pipeline leaves, by natural keys (club, event, MID), so
that a run under faults can be compared with a clean run one report after another."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from django.conf import settings
from django.db import connection

from awards.models import MasterPointAward, MasterPointHolding, Promotion, RankingScore
from handicap.models import HandicapChange, MemberHandicap
from members.models import Club
from tournaments.benchmarking import synthetic_usebio
from tournaments.models import Standing, Tournament


@dataclass(frozen=True)
class Report:
    club: Club
    event_id: str
    data: bytes

    @property
    def filename(self) -> str:
        return f"{self.event_id}.xml"


def overlapping_reports(
    *,
    mids: list[int],
    clubs: list[Club],
    count: int = 2,
    shared: int = 24,
    tables: int = 10,
    boards: int = 24,
    day: date,
    tag: str,
    rng: random.Random,
) -> list[Report]:
    """``count`` pairs reports of ``tables`` tables each, every two of them sharing
    ``shared`` players: the case that lost points when two clubs reported at once."""
    common = rng.sample(mids, shared)
    rest = [m for m in mids if m not in set(common)]
    reports = []
    for n in range(count):
        own = rng.sample(rest, 4 * tables - shared)
        rest = [m for m in rest if m not in set(own)]
        players = common + own
        rng.shuffle(players)
        event_id = f"{tag}-{n}"
        data = synthetic_usebio(
            tables=tables, boards=boards, mids=players, rng=rng, event_id=event_id, day=day
        )
        reports.append(Report(clubs[n % len(clubs)], event_id, data))
    return reports


State = dict[str, list[tuple]]


def snapshot() -> State:
    """Everything the pipeline writes, by natural keys, sorted: standings, the ledger,
    holdings, promotions, ranking, the handicap history and the current handicaps."""
    event = ("tournament__organiser_club__number", "tournament__event_id")

    def rows(queryset, *fields) -> list[tuple]:
        return sorted(tuple(str(v) for v in row) for row in queryset.values_list(*fields))

    return {
        "tournaments": rows(
            Tournament.objects.all(),
            "organiser_club__number",
            "event_id",
            "report_version",
            "level",
            "pipeline_status",
        ),
        "standings": rows(
            Standing.objects.all(),
            "entry__section__tournament__organiser_club__number",
            "entry__section__tournament__event_id",
            "entry__section__name",
            "entry__number",
            "entry__direction",
            "place",
            "place_to",
            "score",
        ),
        "ledger": rows(
            MasterPointAward.objects.all(),
            *event,
            "member__mid",
            "colour",
            "exact",
            "credited",
            "bonus",
            "table",
        ),
        "holdings": rows(
            MasterPointHolding.objects.all(),
            "member__mid",
            "bronze",
            "silver",
            "gold",
            "master_class",
        ),
        "promotions": rows(
            Promotion.objects.all(), "member__mid", "master_class", "reached_on", *event
        ),
        "ranking": rows(
            RankingScore.objects.all(), "member__mid", "points", "computed_on", "place", "place_to"
        ),
        "handicap history": rows(
            HandicapChange.objects.all(),
            "member__mid",
            *event,
            "match__round",
            "played_on",
            "old",
            "change",
            "new",
        ),
        "current handicaps": rows(
            MemberHandicap.objects.all(), "member__mid", "handicap", "updated_on"
        ),
    }


@dataclass(frozen=True)
class Difference:
    lost: int  # rows the clean run has that this run has not
    extra: int  # rows this run has that the clean run has not (duplicated or wrong)
    where: tuple[str, ...]  # the kinds of rows that differ

    @property
    def none(self) -> bool:
        return not self.lost and not self.extra


def compare(run: State, clean: State) -> Difference:
    lost = extra = 0
    where = []
    for kind, expected in clean.items():
        got = run.get(kind, [])
        missing = _minus(expected, got)
        surplus = _minus(got, expected)
        if missing or surplus:
            where.append(kind)
        lost += missing
        extra += surplus
    return Difference(lost, extra, tuple(where))


def _minus(a: Iterable[tuple], b: Iterable[tuple]) -> int:
    left: dict[tuple, int] = {}
    for row in a:
        left[row] = left.get(row, 0) + 1
    for row in b:
        if left.get(row):
            left[row] -= 1
    return sum(left.values())


# --- processes of the benchmarks' own ------------------------------------------------


def sql(database: str, statement: str) -> None:
    settings_dict = connection.settings_dict
    env = dict(os.environ, PGPASSWORD=settings_dict.get("PASSWORD") or "")
    subprocess.run(
        [
            "psql",
            "-q",
            "-h",
            settings_dict.get("HOST") or "127.0.0.1",
            "-p",
            str(settings_dict.get("PORT") or 5432),
            "-U",
            settings_dict.get("USER") or "postgres",
            "-d",
            database,
            "-c",
            statement,
        ],
        check=True,
        env=env,
        capture_output=True,
    )


def spare_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class RedisServer:
    """A redis-server of the benchmark's own, keeping nothing on disk (as in production)."""

    def __init__(self) -> None:
        self.port = spare_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        if self.process is not None and self.process.poll() is None:
            return
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
            + ["--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for _ in range(100):
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


class Worker:
    """`celery -A config worker` on a database and a Redis of the benchmark's own."""

    def __init__(
        self,
        database: str,
        broker: str,
        concurrency: int,
        *,
        queue: str,
        visibility_timeout: int = 300,
        stuck_after: int = 300,
        log: str | None = None,
    ) -> None:
        self.log = log or os.path.join(
            tempfile.gettempdir(), f"klover-bench-worker-{self.__hash__()}.log"
        )
        self.log_start = 0
        self.database = database
        self.broker = broker
        self.concurrency = concurrency
        self.queue = queue
        self.visibility_timeout = visibility_timeout
        self.stuck_after = stuck_after
        self.process: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        settings_dict = connection.settings_dict
        url = (
            f"postgres://{settings_dict.get('USER') or 'postgres'}@"
            f"{settings_dict.get('HOST') or '127.0.0.1'}:{settings_dict.get('PORT') or 5432}/"
            f"{self.database}"
        )
        env = dict(
            os.environ,
            DATABASE_URL=url,
            REDIS_URL=self.broker,
            CELERY_QUEUE=self.queue,
            CELERY_VISIBILITY_TIMEOUT=str(self.visibility_timeout),
            KLOVER_STUCK_AFTER=str(self.stuck_after),
            KLOVER_PIPELINE_RUNNER="celery",
        )
        self.log_start = os.path.getsize(self.log) if os.path.exists(self.log) else 0
        self.process = subprocess.Popen(
            [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=prefork"]
            + [f"--concurrency={self.concurrency}", "-Q", self.queue, "-n", f"{self.queue}@%h"]
            + ["--loglevel=INFO"],
            cwd=settings.BASE_DIR,
            env=env,
            stdout=open(self.log, "a"),  # noqa: SIM115
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        # Ready, not only forked: a child killed before the worker is ready takes the
        # whole worker down ("Could not start worker processes"), which is not the
        # fault a trial means to cause. The worker says so in its log.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"celery worker exited with {self.process.returncode}")
            with open(self.log, encoding="utf-8", errors="replace") as log:
                log.seek(self.log_start)
                if " ready." in log.read():
                    return
            time.sleep(0.1)
        raise RuntimeError("celery worker did not start")

    def _children(self) -> list[int]:
        found = subprocess.run(
            ["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True
        ).stdout.split()
        return [int(pid) for pid in found]

    def kill_child(self) -> None:
        children = self._children()
        if children:
            os.kill(random.choice(children), signal.SIGKILL)  # noqa: S311

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        stop_group(self.process)


def stop_group(process: subprocess.Popen | None) -> None:
    """Stop a process started in a session of its own, and its children: politely,
    then for good after 20 seconds."""
    if process is not None and process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
