"""Page benchmark: req/s and p50/p95/p99 of every public page against a minimal page,
side by side, over a federation of one season and of five.

PostgreSQL (127.0.0.1:5432, user postgres) and gunicorn with DEBUG off, as in
production, with a Redis of the benchmark's own for the page cache. Each database (25,000
members; ``--per-season`` tournaments a season, with their master points, handicaps and
ranking; ``--heavy`` members with 15,000 ledger and 5,000 handicap rows) is built once
and reused. Each page is driven by a closed loop of ``--connections`` connections over
thousands of paths: first through them once (the first view, the cache cold), then for
``--seconds`` by turns with the minimal page (``--rounds`` turns each), its req/s a
ratio to the minimal page's in the same turns.
"""

from __future__ import annotations

import sys

from django.core.management.base import BaseCommand, CommandError

from config import pagebench
from config.benchmarking import RedisServer

TARGET_RATIO = 0.5
TARGET_P95_MS = 50
TARGET_FLAT = 0.2
TARGET_MEMORY_MB = 300


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--members", type=int, default=25000)
        parser.add_argument("--per-season", type=int, default=10000)
        parser.add_argument("--seasons", type=int, nargs="+", default=[1, 5])
        parser.add_argument("--heavy", type=int, default=3)
        parser.add_argument("--paths", type=int, default=3000, help="paths drawn per page")
        parser.add_argument("--seconds", type=float, default=10)
        parser.add_argument("--connections", type=int, default=4)
        parser.add_argument(
            "--rounds", type=int, default=5, help="turns of the page and the minimal page"
        )
        parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
        parser.add_argument("--pages", nargs="*", help="only these pages (and the minimal one)")
        parser.add_argument("--rebuild", action="store_true", help="build the databases again")
        parser.add_argument("--fill", action="store_true", help=pagebench.fill.__doc__)
        parser.add_argument("--seed", type=int, default=17)

    def handle(self, *args, **o):
        if o["fill"]:
            (seasons,) = o["seasons"]
            pagebench.fill(
                seasons=seasons, per_season=o["per_season"], heavy=o["heavy"], out=self.stdout
            )
            return
        results = {}
        for seasons in o["seasons"]:
            name = f"klover_pages_{o['members']}m_{seasons}x{o['per_season']}"
            if o["rebuild"] or not pagebench.database_exists(name):
                if o["rebuild"] and pagebench.database_exists(name):
                    with pagebench.admin_connection() as conn:
                        conn.execute(f'DROP DATABASE "{name}"')
                self.stdout.write(f"building {name} (a few minutes) ...")
                pagebench.build_database(
                    name,
                    seasons=seasons,
                    per_season=o["per_season"],
                    members=o["members"],
                    heavy=o["heavy"],
                    out=sys.stdout,
                )
            results[seasons] = self._run(name, seasons, o)
        self._flat(results)

    def _run(self, database: str, seasons: int, o) -> dict:
        paths = pagebench.draw_paths(database, count=o["paths"], seed=o["seed"])
        unknown = set(o["pages"] or ()) - set(paths.by_page)
        if unknown:
            # A misspelt page would measure nothing and report "all met".
            raise CommandError(
                f"no such page: {', '.join(sorted(unknown))}; "
                f"the pages are: {', '.join(paths.by_page)}"
            )
        pages = [p for p in paths.by_page if not o["pages"] or p in o["pages"]]
        if "minimal page" not in pages:
            pages.insert(0, "minimal page")
        redis = RedisServer()
        redis.start()
        server = pagebench.Gunicorn(
            database, workers=o["workers"], redis_url=redis.url, log=f"/tmp/{database}.log"
        )
        figures = {}
        try:
            server.start()
            self.stdout.write(
                f"\n{seasons} season(s): {database}, gunicorn {o['workers']} workers, "
                f"{o['connections']} connections, {o['seconds']:.0f} s a page"
            )
            self.stdout.write(
                f"{'page':<22}{'first view req/s':>17}{'p95':>7}   "
                f"{'req/s':>7}{'p50':>7}{'p95':>7}{'p99':>7}{'minimal':>9}{'ratio':>7}  errors"
            )
            minimal_paths = paths.by_page["minimal page"]
            pagebench.drive(server.port, minimal_paths, connections=o["connections"], seconds=None)
            for page in pages:
                if page == "minimal page":
                    continue
                first = pagebench.drive(
                    server.port, paths.by_page[page], connections=o["connections"], seconds=None
                )
                steady, minimal = pagebench.side_by_side(
                    server.port,
                    paths.by_page[page],
                    minimal_paths,
                    connections=o["connections"],
                    seconds=o["seconds"],
                    rounds=o["rounds"],
                )
                ratio = steady.rate / minimal.rate if minimal.rate else 0
                figures[page] = (steady, ratio)
                self.stdout.write(
                    f"{page:<22}{first.rate:>17.0f}{first.percentile(95):>7.1f}   "
                    f"{steady.rate:>7.0f}{steady.percentile(50):>7.1f}"
                    f"{steady.percentile(95):>7.1f}{steady.percentile(99):>7.1f}"
                    f"{minimal.rate:>9.0f}{ratio:>7.2f}  {first.failed + steady.failed}"
                )
            memory = server.worker_memory_mb()
        finally:
            server.stop()
            redis.stop()
        self.stdout.write(f"memory per gunicorn worker: {', '.join(f'{m:.0f}' for m in memory)} MB")
        missed = [
            page
            for page, (steady, ratio) in figures.items()
            if (ratio < TARGET_RATIO or steady.percentile(95) > TARGET_P95_MS or steady.failed)
        ]
        if max(memory, default=0) >= TARGET_MEMORY_MB:
            missed.append("memory")
        self.stdout.write(
            f"targets (>= {TARGET_RATIO:.0%} of the minimal page, p95 < {TARGET_P95_MS} ms, "
            f"< {TARGET_MEMORY_MB} MB a worker): "
            + ("all met" if not missed else "missed by " + ", ".join(missed))
        )
        return figures

    def _flat(self, results: dict) -> None:
        if len(results) < 2:
            return
        low, high = min(results), max(results)
        self.stdout.write(f"\nflat from {low} season(s) to {high}: the ratio to the minimal page")
        for page, (_steady, ratio) in results[low].items():
            if page not in results[high]:
                continue
            other = results[high][page][1]
            change = other / ratio - 1 if ratio else 0
            verdict = "ok" if abs(change) <= TARGET_FLAT else "NOT FLAT"
            self.stdout.write(
                f"  {page:<22}{ratio:>6.2f} -> {other:>5.2f}  ({change:+.0%}) {verdict}"
            )
