"""Recompute the awards of every tournament (or those in --from/--to), then all
holdings, master classes, promotions and ranking points, in one transaction."""

import os
import time
from datetime import date

from django.core.management.base import BaseCommand, CommandError

from awards.season import recompute_season


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--from", dest="start", type=date.fromisoformat, metavar="YYYY-MM-DD")
        parser.add_argument("--to", dest="end", type=date.fromisoformat, metavar="YYYY-MM-DD")
        parser.add_argument(
            "--workers",
            type=int,
            default=min(2, os.cpu_count() or 1),
            help="processes that read and award (PostgreSQL only; default: up to 2)",
        )

    def handle(self, *args, start, end, workers, **options):
        if start and end and start > end:
            raise CommandError(f"--from {start} is after --to {end}")
        started = time.perf_counter()
        report = recompute_season(
            start=start,
            end=end,
            workers=workers,
            progress=lambda text: self.stdout.write(f"  {text}"),
        )
        self.stdout.write(
            f"{report.tournaments} tournaments ({report.without_awards} without awards); "
            f"ledger rows: {report.written} written, {report.deleted} deleted, "
            f"{report.unchanged} unchanged"
        )
        for phase, seconds in report.seconds.items():
            self.stdout.write(f"  {phase}: {seconds:.1f} s")
        self.stdout.write(
            f"  total (wall clock, commit included): {time.perf_counter() - started:.1f} s"
        )
