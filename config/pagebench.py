"""What ``bench_pages`` is made of: its databases (a federation of one season and of
five, with a few heavy members), its gunicorn, and a bounded load generator.

The load generator is a closed loop of a fixed number of connections against
127.0.0.1 only: each connection sends a request, waits for the whole answer, and sends
the next, so the server is never asked for more than it can give and the figures are
its own (gunicorn's sync workers close each connection after the answer).
"""

from __future__ import annotations

import asyncio
import itertools
import os
import random
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal
from urllib.parse import quote

import psycopg
from django.conf import settings

from config.benchmarking import spare_port, stop_group
from members.common.paging import cursor_of

# The heavy members: the most a long career in the federation leaves (issue #17).
HEAVY_LEDGER_ROWS = 15000
HEAVY_HANDICAP_ROWS = 5000


# -- the databases


def server_url(database: str) -> str:
    return f"postgres://postgres@127.0.0.1:5432/{database}"


def admin_connection() -> psycopg.Connection:
    return psycopg.connect(server_url("postgres"), autocommit=True)


def database_exists(name: str) -> bool:
    with admin_connection() as conn:
        return (
            conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
            is not None
        )


def build_database(
    name: str, *, seasons: int, per_season: int, members: int, heavy: int, out
) -> None:
    """Build ``name`` in a database of its own name plus ``_building``, renamed when
    complete: a database of that name is always a whole one, and is reused."""
    building = f"{name}_building"
    with admin_connection() as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{building}"')
        conn.execute(f'CREATE DATABASE "{building}"')
    env = dict(os.environ, DATABASE_URL=server_url(building), DEBUG="1")
    env.pop("REDIS_URL", None)
    manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
    started = time.perf_counter()
    for step in (
        ["migrate", "--noinput", "-v0"],
        ["seed_demo", "--members", str(members), "--tournaments", "0"],
        ["bench_pages", "--fill", "--seasons", str(seasons), "--per-season", str(per_season)]
        + ["--heavy", str(heavy)],
    ):
        subprocess.run(manage + step, env=env, check=True, stdout=out, stderr=subprocess.STDOUT)
    with admin_connection() as conn:
        conn.execute(f'ALTER DATABASE "{building}" RENAME TO "{name}"')
    out.write(f"built {name} in {time.perf_counter() - started:.0f} s\n")
    out.flush()


def fill(*, seasons: int, per_season: int, heavy: int, out) -> None:
    """Inside the database being built: ``seasons`` seasons of results with their master
    points, handicaps and ranking, then the heavy members; planner statistics last."""
    from django.db import connection, transaction
    from django.utils import timezone

    from awards.season import recompute_season
    from handicap.services import recompute_from, seed_start_handicaps
    from members.common.locks import lock_handicaps
    from tournaments.demo import build_demo_season

    started = time.perf_counter()
    season = build_demo_season(tournaments=seasons * per_season, seed=seasons, days=365 * seasons)
    out.write(f"{season.tournaments} tournaments, {season.entries} entries\n")
    report = recompute_season(workers=2)
    out.write(f"{report.written} master point awards\n")
    with transaction.atomic():
        lock_handicaps()
        seed_start_handicaps()
        recompute_from(None)
    heavy_members(heavy, today=timezone.localdate())
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")  # visibility maps too: index-only scans
    out.write(f"filled in {time.perf_counter() - started:.0f} s\n")


def heavy_members(count: int, *, today) -> list[int]:
    """Give ``count`` active members a long career: HEAVY_LEDGER_ROWS bronze awards and
    HEAVY_HANDICAP_ROWS handicap rows, one per tournament they did not play, then their
    holdings, ranking and current handicap from those rows. A load shape for the pages,
    not a result of the rules: the points are one bronze point each, the handicap a walk
    of small steps."""
    from django.db import transaction

    from awards.models import MasterPointAward
    from awards.services import refresh_holdings, refresh_rankings
    from handicap.models import HandicapChange, MemberHandicap
    from members.common.bulk import insert_rows
    from members.models import Member
    from tournaments.models import Tournament

    rng = random.Random(17)
    chosen = list(
        Member.objects.filter(status=Member.Status.ACTIVE, awards__isnull=False)
        .distinct()
        .order_by("pk")
        .values_list("pk", flat=True)[:count]
    )
    tournaments = list(Tournament.objects.values_list("pk", "start_date"))
    with transaction.atomic():
        for member_id in chosen:
            # (tournament, colour) pairs: a season of one may hold fewer tournaments
            # than the heavy member's ledger has rows.
            had = set(
                MasterPointAward.objects.filter(member_id=member_id).values_list(
                    "tournament_id", "colour"
                )
            )
            pairs = [
                (pk, day, colour)
                for pk, day in tournaments
                for colour in ("bronze", "silver")
                if (pk, colour) not in had
            ]
            insert_rows(
                MasterPointAward,
                ("member_id", "tournament_id", "colour", "exact", "credited", "bonus", "table")
                + ("rule_version", "awarded_on", "reason_sv", "reason_en"),
                [
                    (member_id, pk, colour, 1, 1, 0, "A1", "bench", day, "", "")
                    for pk, day, colour in rng.sample(pairs, HEAVY_LEDGER_ROWS)
                ],
            )
            played = set(
                HandicapChange.objects.filter(member_id=member_id).values_list(
                    "tournament_id", flat=True
                )
            )
            history = sorted(
                rng.sample([t for t in tournaments if t[0] not in played], HEAVY_HANDICAP_ROWS),
                key=lambda t: (t[1], t[0]),
            )
            value = Decimal("20.00")
            rows = []
            for pk, day in history:
                change = Decimal(rng.randint(-30, 30)) / 100
                new = min(max(value - change, Decimal("-10")), Decimal("42"))
                rows.append(
                    (member_id, pk, day, "", value, value, value, value, 50, 50 + change * 10)
                    + (-change, new, 24, "topscore", "bench")
                )
                value = new
            insert_rows(
                HandicapChange,
                ("member_id", "tournament_id", "played_on", "place", "old", "partner", "owner")
                + ("field", "expected", "achieved", "change", "new", "boards", "scoring")
                + ("policy_version",),
                rows,
            )
            MemberHandicap.objects.filter(member_id=member_id).update(
                handicap=value, updated_on=history[-1][1]
            )
        refresh_holdings(chosen)
        refresh_rankings(chosen, on=today)
    return chosen


# -- what to ask for


@dataclass
class Paths:
    """The paths of each page, drawn from the database."""

    by_page: dict[str, list[str]]
    heavy: list[int]


def draw_paths(database: str, *, count: int, seed: int) -> Paths:
    rng = random.Random(seed)
    with psycopg.connect(server_url(database)) as conn:

        def column(sql: str, *params) -> list:
            return [row[0] for row in conn.execute(sql, params).fetchall()]

        member_pks = column("SELECT id FROM members_member")
        mids = column("SELECT mid FROM members_member WHERE status = 'active'")
        heavy = column(
            "SELECT m.mid FROM members_member m JOIN awards_masterpointaward a "
            "ON a.member_id = m.id GROUP BY m.mid HAVING count(*) >= %s",
            HEAVY_LEDGER_ROWS,
        )
        clubs = column("SELECT id FROM members_club")
        club_numbers = column("SELECT number FROM members_club")
        districts = column("SELECT id FROM members_district")
        tournaments = column("SELECT id FROM tournaments_tournament")
        tournament_keys = conn.execute(
            "SELECT start_date, name, id FROM tournaments_tournament"
        ).fetchall()
        names = column("SELECT last_name FROM members_member")
        ranked = column("SELECT count(*) FROM awards_rankingscore WHERE points > 0")[0]

    def pick(values: list, n: int = count) -> list:
        return [rng.choice(values) for _ in range(n)]

    def page(total: int, per_page: int = 50) -> int:
        return rng.randint(1, max(1, -(-total // per_page)))

    ranking = []
    for _ in range(count):
        kind = rng.random()
        if kind < 0.55:
            ranking.append(f"/masterpoints/ranking/?page={page(ranked)}")
        elif kind < 0.7:
            ranking.append(f"/masterpoints/ranking/?district={rng.choice(districts)}")
        elif kind < 0.85:
            category = rng.choice(("junior", "veteran", "ladies"))
            ranking.append(f"/masterpoints/ranking/?category={category}&page={page(ranked // 3)}")
        else:
            ranking.append(f"/masterpoints/ranking/?club={rng.choice(club_numbers)}")
    listing = []
    for _ in range(count):
        # The list goes on from a row (members/common/paging.py, page_after): any row.
        kind = rng.random()
        if kind < 0.6:
            listing.append(f"/tournaments/?after={cursor_of(rng.choice(tournament_keys))}")
        elif kind < 0.8:
            listing.append(f"/tournaments/?district={rng.choice(districts)}")
        else:
            level = rng.choice(("bronze", "silver", "gold"))
            after = cursor_of(rng.choice(tournament_keys))
            listing.append(f"/tournaments/?level={level}&after={after}")
    return Paths(
        by_page={
            "minimal page": [f"/bench/minimal/{pk}/" for pk in pick(member_pks)],
            "member page": [f"/members/{mid}/" for mid in pick(mids)],
            "member page (heavy)": [f"/members/{mid}/" for mid in heavy] or ["/"],
            "ranking list": ranking,
            "club page": [f"/clubs/{pk}/" for pk in pick(clubs)],
            "tournament results": [f"/tournaments/{pk}/" for pk in pick(tournaments)],
            "search": [f"/?q={quote(name)}" for name in pick(names)],
            "tournament list": listing,
        },
        heavy=heavy,
    )


# -- the server


class Gunicorn:
    """gunicorn serving the portal with DEBUG off over ``database``, as in production,
    plus the benchmark's minimal page."""

    def __init__(self, database: str, *, workers: int, redis_url: str, log: str) -> None:
        self.port = spare_port()
        self.env = dict(
            os.environ,
            DATABASE_URL=server_url(database),
            REDIS_URL=redis_url,
            DEBUG="0",
            SECRET_KEY="bench-pages-" + "x" * 50,
            ALLOWED_HOSTS="localhost,127.0.0.1",
            KLOVER_BENCH_URLS="1",
            CONN_MAX_AGE=os.environ.get("CONN_MAX_AGE", "60"),
        )
        self.workers = workers
        self.log = log
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        manage = [sys.executable, str(settings.BASE_DIR / "manage.py")]
        # A database built by an older checkout gets this one's migrations.
        for step in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]):
            subprocess.run(manage + step, env=self.env, check=True)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi", "--workers", str(self.workers)]
            + ["--bind", f"127.0.0.1:{self.port}", "--log-file", self.log],
            cwd=settings.BASE_DIR,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if asyncio.run(_status(self.port, "/bench/minimal/1/")) in (200, 404):
                return
            time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not answer; see {self.log}")

    def worker_memory_mb(self) -> list[float]:
        found = subprocess.run(
            ["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True
        ).stdout.split()
        sizes = []
        for pid in found:
            with open(f"/proc/{pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        sizes.append(int(line.split()[1]) / 1024)
        return sizes

    def stop(self) -> None:
        stop_group(self.process)


# -- the load


@dataclass
class Result:
    requests: int = 0
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    def percentile(self, p: float) -> float:
        if not self.latencies:
            return 0.0
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] * 1000

    @property
    def failed(self) -> int:
        return sum(n for status, n in self.statuses.items() if status not in (200, 302))


async def _request(port: int, path: str, language: str) -> tuple[int, bytes]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-Proto: https\r\n"
        f"Accept-Language: {language}\r\nConnection: close\r\n\r\n".encode()
    )
    data = await reader.read()
    writer.close()
    return (int(data[9:12]) if data[:5] == b"HTTP/" else 0), data


async def _status(port: int, path: str) -> int:
    try:
        return (await _request(port, path, "sv"))[0]
    except OSError:
        return 0


async def _drive(port: int, paths: list[str], connections: int, seconds: float | None) -> Result:
    """Closed loop: ``connections`` at once, cycling over ``paths`` for ``seconds``, or
    through them once when ``seconds`` is None; Swedish and English by turns."""
    result = Result()
    work = itertools.cycle(paths) if seconds else iter(paths)
    languages = itertools.cycle(("sv", "en"))
    deadline = time.perf_counter() + (seconds or 1e9)

    async def connection() -> None:
        while time.perf_counter() < deadline:
            path = next(work, None)
            if path is None:
                return
            started = time.perf_counter()
            status, _ = await _request(port, path, next(languages))
            result.latencies.append(time.perf_counter() - started)
            result.statuses[status] += 1
            result.requests += 1

    started = time.perf_counter()
    await asyncio.gather(*(connection() for _ in range(connections)))
    result.seconds = time.perf_counter() - started
    return result


def drive(port: int, paths: list[str], *, connections: int, seconds: float | None) -> Result:
    return asyncio.run(_drive(port, paths, connections, seconds))


def side_by_side(
    port: int, page: list[str], minimal: list[str], *, connections: int, seconds: float, rounds: int
) -> tuple[Result, Result]:
    """The page and the minimal page by turns, ``rounds`` times each for a share of
    ``seconds``: what the machine does meanwhile weighs on both alike."""
    both = (Result(), Result())
    for _ in range(rounds):
        for paths, total in zip((page, minimal), both, strict=True):
            part = drive(port, paths, connections=connections, seconds=seconds / rounds)
            total.requests += part.requests
            total.seconds += part.seconds
            total.latencies += part.latencies
            total.statuses.update(part.statuses)
    return both
