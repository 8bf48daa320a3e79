"""Reporting benchmark: one 30-table session end to end, and a bulk import.

- session: a 30-table, 27-board USEBIO Mitchell (810 traveller lines). "parse+save" is
  import_results without the pipeline (parse, check, save, standings); "upload to done"
  adds the pipeline and waits until its last step is done. With REDIS_URL set, start
  a worker first (`celery -A config worker`): the steps then run there.
- bulk: N tournaments of 10-15 tables (27 boards), each parsed, checked, saved and
  standings computed; elapsed time and this process's peak memory (max RSS).
Files are generated before each timed import; generation is not in the figures.
"""

import random
import resource
import statistics
import time

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.utils import timezone

from members.models import Club, Member
from tournaments import services
from tournaments.benchmarking import random_day, synthetic_usebio
from tournaments.models import Tournament


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--session-runs", type=int, default=10)
        parser.add_argument("--bulk", type=int, default=10000)
        parser.add_argument("--seed", type=int, default=7)

    def handle(self, *args, session_runs, bulk, seed, **options):
        self.stdout.write(f"database: {connection.vendor} {connection.settings_dict['NAME']}")
        if not Member.objects.exists():
            call_command("seed_demo", "--members", "25000", stdout=self.stdout)
        mids = list(Member.objects.values_list("mid", flat=True))
        club = Club.objects.order_by("number").first()
        if club is None:
            raise CommandError("no club: run seed_demo first")
        rng = random.Random(seed)
        today = timezone.localdate()
        run_tag = f"{time.time_ns():x}"

        def session(n: int) -> tuple[str, bytes]:
            name = f"bench-{run_tag}-{n}"
            data = synthetic_usebio(
                tables=30, boards=27, mids=mids, rng=rng, event_id=name, day=random_day(rng, today)
            )
            return name, data

        if session_runs:
            saves, totals = [], []
            for n in range(session_runs):
                name, data = session(2 * n)
                started = time.perf_counter()
                services.import_results(
                    data=data, filename=f"{name}.xml", organiser=club, run_pipeline=False
                )
                saves.append(time.perf_counter() - started)

                name, data = session(2 * n + 1)
                started = time.perf_counter()
                t = services.import_results(
                    data=data, filename=f"{name}.xml", organiser=club
                ).tournament
                while True:
                    status = Tournament.objects.values_list("pipeline_status", flat=True).get(
                        pk=t.pk
                    )
                    if status in ("done", "failed"):
                        break
                    time.sleep(0.005)
                totals.append(time.perf_counter() - started)
                if status == "failed":
                    raise CommandError(f"pipeline failed for tournament {t.pk}")
            self.stdout.write(
                f"30 tables x 27 boards (810 lines): parse+save median {statistics.median(saves):.3f} s "
                f"(min {min(saves):.3f}, max {max(saves):.3f}); upload to all steps done median "
                f"{statistics.median(totals):.3f} s (min {min(totals):.3f}, max {max(totals):.3f}), "
                f"{'worker over Redis' if not _eager() else 'in-process (no REDIS_URL)'}"
            )

        if bulk:
            started = time.perf_counter()
            importing = 0.0
            lines = 0
            for n in range(bulk):
                tables = rng.randint(10, 15)
                name = f"bulk-{run_tag}-{n}"
                data = synthetic_usebio(
                    tables=tables,
                    boards=27,
                    mids=mids,
                    rng=rng,
                    event_id=name,
                    day=random_day(rng, today),
                )
                t0 = time.perf_counter()
                services.import_results(
                    data=data, filename=f"{name}.xml", organiser=club, run_pipeline=False
                )
                importing += time.perf_counter() - t0
                lines += tables * 27
                if (n + 1) % 1000 == 0:
                    self.stdout.write(
                        f"  {n + 1} tournaments: import {importing:.0f} s, wall {time.perf_counter() - started:.0f} s, "
                        f"peak RSS {_peak_mb():.0f} MB"
                    )
            self.stdout.write(
                f"bulk: {bulk} tournaments of 10-15 tables ({lines} traveller lines): import "
                f"{importing:.1f} s ({importing / bulk * 1000:.1f} ms each), wall incl. generation "
                f"{time.perf_counter() - started:.1f} s, peak RSS {_peak_mb():.0f} MB"
            )


def _eager() -> bool:
    return bool(settings.CELERY_TASK_ALWAYS_EAGER)


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
