"""API benchmark (issue #23, "Speed"): a 40-player field's handicaps and the ranking list
through a real server, p50/p95 against the targets.

- Uses this database's members; builds the demo federation first when it has none
  (``seed_demo``, with a season of tournaments), and the ranking when nobody is ranked.
- Starts gunicorn (``config.wsgi``) on a free local port as its own process.
- field: ``POST /api/v1/handicaps/field/`` with 40 members' MIDs, sequentially
  (``--field-requests``, 200); target p95 under 30 ms.
- ranking: ``GET /api/v1/rankings/`` at ``--connections`` (4) concurrent connections,
  each a thread with its own keep-alive connection (``--ranking-requests`` in all,
  400), with the run's token (public, but the rate per address is 60 a minute);
  target p95 under 50 ms.
A program token made for the run (a rate above the run's requests) is revoked after it.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from awards.models import RankingScore
from members.domain.api_access import HANDICAPS_READ
from members.models import Member
from members.tokens import create_token, revoke_token

FIELD_TARGET_MS = 30
RANKING_TARGET_MS = 50


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--members", type=int, default=25000, help="demo size if empty")
        parser.add_argument("--tournaments", type=int, default=300, help="demo season if empty")
        parser.add_argument("--field-requests", type=int, default=200)
        parser.add_argument("--ranking-requests", type=int, default=400)
        parser.add_argument("--connections", type=int, default=4)
        parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
        parser.add_argument("--threads", type=int, default=2, help="threads a worker")

    def handle(self, *args, **options):
        if not Member.objects.exists():
            self.stdout.write("no members: building the demo federation (seed_demo)")
            call_command(
                "seed_demo", members=options["members"], tournaments=options["tournaments"]
            )
        if not RankingScore.objects.exists():
            call_command("refresh_rankings")
        mids = list(Member.objects.values_list("mid", flat=True)[:5000])
        if len(mids) < 40:
            raise CommandError("the field needs 40 members")
        token, key = create_token(
            kind="program", name="bench_api", scopes=[HANDICAPS_READ], rate_per_minute=10**7
        )
        port = free_port()
        server = subprocess.Popen(  # noqa: S603 -- our own interpreter and arguments
            [
                sys.executable, "-m", "gunicorn", "config.wsgi", "--bind", f"127.0.0.1:{port}",
                "--workers", str(options["workers"]), "--threads", str(options["threads"]),
                "--log-level", "warning",
            ],
            cwd=Path(settings.BASE_DIR),
            # Persistent connections, as docs/production.md sets them for production.
            env={**os.environ, "CONN_MAX_AGE": os.environ.get("CONN_MAX_AGE", "60")},
        )  # fmt: skip
        try:
            self._wait(port, server)
            field = self._field(port, key, mids, options["field_requests"])
            ranking = self._ranking(port, key, options["ranking_requests"], options["connections"])
        finally:
            server.terminate()
            server.wait(timeout=20)
            revoke_token(token)
        self._report("field of 40, sequential", field, FIELD_TARGET_MS)
        self._report(f"ranking, {options['connections']} connections", ranking, RANKING_TARGET_MS)

    def _wait(self, port: int, server) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if server.poll() is not None:
                raise CommandError("gunicorn stopped")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.1)
        raise CommandError("gunicorn did not answer within 30 s")

    def _call(self, conn, method: str, path: str, body=None, headers=None) -> float:
        started = time.perf_counter()
        conn.request(method, path, body=body, headers={"Host": "localhost", **(headers or {})})
        response = conn.getresponse()
        response.read()
        took = (time.perf_counter() - started) * 1000
        if response.status != 200:
            raise CommandError(f"{method} {path}: {response.status}")
        return took

    def _field(self, port: int, key: str, mids: list[int], count: int) -> list[float]:
        conn = http.client.HTTPConnection("127.0.0.1", port)
        chooser = random.Random(23)  # noqa: S311 -- a benchmark's choice of members
        headers = {"Authorization": f"Bearer {key}", "Content-Type": "application/json"}
        times = []
        for n in range(count + 10):
            body = json.dumps({"mids": chooser.sample(mids, 40)})
            took = self._call(conn, "POST", "/api/v1/handicaps/field/", body, headers)
            if n >= 10:  # the first ones warm the workers up
                times.append(took)
        conn.close()
        return times

    def _ranking(self, port: int, key: str, count: int, connections: int) -> list[float]:
        times: list[float] = []
        lock = threading.Lock()
        failures: list[Exception] = []
        # Pages of the national list and of the filters the page offers, as people ask.
        paths = ["/api/v1/rankings/", "/api/v1/rankings/?category=junior",
                 "/api/v1/rankings/?limit=50&category=ladies"]  # fmt: skip

        def run(share: int) -> None:
            conn = http.client.HTTPConnection("127.0.0.1", port)
            # The list is public; the run's token only lifts the rate per address (60 a
            # minute), and costs its look-up on every request.
            headers = {"Authorization": f"Bearer {key}"}
            try:
                for n in range(share):
                    took = self._call(conn, "GET", paths[n % len(paths)], headers=headers)
                    with lock:
                        times.append(took)
            except Exception as problem:  # noqa: BLE001 -- reported after the run
                failures.append(problem)
            finally:
                conn.close()

        threads = [
            threading.Thread(target=run, args=(count // connections,)) for _ in range(connections)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if failures:
            raise CommandError(f"ranking requests failed: {failures[0]}")
        return times

    def _report(self, label: str, times: list[float], target: int) -> None:
        p50, p95 = statistics.median(times), percentile(times, 0.95)
        verdict = "within" if p95 < target else "OVER"
        self.stdout.write(
            f"{label}: {len(times)} requests, p50 {p50:.1f} ms, p95 {p95:.1f} ms "
            f"(target p95 < {target} ms: {verdict})"
        )
