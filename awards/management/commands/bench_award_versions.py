"""Rulebook version benchmark: the dry-run diff of a one-cell change over a season.

The season: N demo tournaments (``seed_tournaments``; loaded, and awarded by the
printed rulebook with ``recompute_awards``, when fewer exist or the ledger is empty).
Then ``recompute_awards --rulebook-version V --dry-run`` for a version V that differs
from the printed book in one scale cell (``--cell``), timed ``--runs`` times: every
tournament's awards computed by V and compared with the ledger, and the master
classes of the members whose awards change. The target is under 2 minutes for a
season (issue #20); nothing is written, which the benchmark checks.
"""

import os
import resource
import statistics
import time

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.db.models import Count, Sum

from awards.domain.sbf import SBF
from awards.domain.sbf.cells import Cell
from awards.models import MasterPointAward
from awards.rulebooks import rulebook, version_registered
from awards.season import recompute_season
from awards.versions import version_diff
from members.models import Member
from tournaments.models import Tournament


def _cell(text: str) -> Cell:
    try:
        table, entries, place, value = text.split(":")
        return Cell(table, int(entries), int(place), int(value))
    except ValueError as error:
        raise CommandError(f"--cell {text!r}: write TABLE:ENTRIES:PLACE:VALUE") from error


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--tournaments", type=int, default=50000)
        parser.add_argument("--members", type=int, default=25000, help="when none exist")
        parser.add_argument("--workers", type=int, default=2)
        parser.add_argument("--runs", type=int, default=1)
        parser.add_argument(
            "--cell",
            default="A1:16:1:34",
            help="the changed cell, TABLE:ENTRIES:PLACE:VALUE (default: A1, 16 pairs, "
            "place 1: 34 bp instead of the printed 32, line 636)",
        )

    def handle(self, *args, tournaments, members, workers, runs, cell, **options):
        if rulebook().code != "sbf":
            raise CommandError("the version benchmark needs the SBF profile's ledger")
        self.stdout.write(f"database: {connection.vendor} {connection.settings_dict['NAME']}")
        if not Member.objects.exists():
            call_command("seed_demo", "--members", str(members), stdout=self.stdout)
        have = Tournament.objects.count()
        if have < tournaments:
            call_command(
                "seed_tournaments", "--tournaments", str(tournaments - have), stdout=self.stdout
            )
        if have < tournaments or not MasterPointAward.objects.exists():
            started = time.perf_counter()
            recompute_season(workers=workers)
            self.stdout.write(f"ledger by the printed book: {time.perf_counter() - started:.1f} s")
        try:
            book = SBF.amended("SBF bench: one cell", [_cell(cell)])
        except ValueError as error:
            raise CommandError(str(error)) from error
        before = _fingerprint()
        self.stdout.write(
            f"{Tournament.objects.count()} tournaments, {before[0]} ledger rows; "
            f"cell {cell}; {workers} workers"
        )
        seconds = []
        with version_registered(book):
            for run in range(1, runs + 1):
                load = os.getloadavg()[0]
                cpu = _cpu_seconds()
                started = time.perf_counter()
                diff = version_diff(book, workers=workers)
                seconds.append(time.perf_counter() - started)
                # On a shared machine the wall clock depends on the load; the CPU
                # seconds of this process and its workers (not the database's) do not.
                self.stdout.write(
                    f"  dry run {run}: {seconds[-1]:.1f} s wall, "
                    f"{_cpu_seconds() - cpu:.1f} s CPU (load {load:.1f} on "
                    f"{os.cpu_count()} CPUs); {len(diff.awards)} awards "
                    f"({len(diff.members)} members, {len(diff.tournament_ids)} tournaments) "
                    f"and {len(diff.classes)} master classes would change"
                )
        if _fingerprint() != before:
            raise CommandError("the dry run wrote to the ledger")
        self.stdout.write(
            f"dry-run diff: median {statistics.median(seconds):.1f} s, "
            f"max {max(seconds):.1f} s (target: under 120 s); nothing written"
        )


def _fingerprint() -> tuple:
    ledger = MasterPointAward.objects.aggregate(rows=Count("pk"), points=Sum("credited"))
    return ledger["rows"], ledger["points"]


def _cpu_seconds() -> float:
    """User and system seconds of this process and its finished worker processes."""
    own, workers = (resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime
