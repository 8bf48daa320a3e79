"""EBU season benchmark: a season's recompute, one event's award step and a version's dry run.

Issue #20, "Speed", on an EBU database (``KLOVER_FEDERATION=ebu``; PostgreSQL for the
real figures): N EBU demo events (``tournaments.licences.demo_ebu``: club sessions,
licensed county, regional and national events, blue points, Swiss teams, knock-outs,
leagues, ladders), built when the database holds none, then measured side by side:

- season: ``recompute_season`` from an empty ledger (awards, holdings, ranks,
  promotions); target under 2 minutes for 50,000 events.
- step: the pipeline's award step (``award_tournament``) of one 30-table, 27-board
  Mitchell at county status under its licence, imported from a USEBIO file; each run
  the first award of the report (rolled back after it); median of --step-runs runs,
  target under 100 ms.
- dry run: ``version_diff`` of a version that changes one printed cell (--cell, one
  that many demo events read); nothing is written, which the benchmark checks;
  target under 2 minutes.
"""

import os
import random
import resource
import statistics
import time
from datetime import timedelta

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.db.models import Count, Sum
from django.utils import timezone

from awards.domain.ebu.events import ScaleCell
from awards.domain.ebu.rulebook import EBU
from awards.models import (
    MasterPointAward,
    MasterPointHolding,
    Promotion,
    RankingScore,
    TournamentAwards,
)
from awards.rulebooks import rulebook, version_registered
from awards.season import recompute_season
from awards.services import award_tournament
from awards.versions import version_diff
from members.models import Club, Member
from tournaments import services
from tournaments.benchmarking import synthetic_usebio
from tournaments.demo_ebu import LicenceNeed
from tournaments.licences.demo_ebu import build_ebu_demo_season, write_season_licences
from tournaments.models import Tournament

SEASON_TARGET_S = 120
STEP_TARGET_MS = 100
DIFF_TARGET_S = 120
STEP_TABLES, STEP_BOARDS = 30, 27


def _cell(text: str) -> ScaleCell:
    try:
        scale, tables, place, value = text.split(":")
        return ScaleCell(scale, int(tables), int(place), int(value))
    except ValueError as error:
        raise CommandError(f"--cell {text!r}: write SCALE:TABLES:PLACE:VALUE") from error


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--tournaments", type=int, default=50000)
        parser.add_argument("--members", type=int, default=25000, help="when none exist")
        parser.add_argument("--clubs", type=int, default=350, help="when none exist")
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--workers", type=int, default=2)
        parser.add_argument("--step-runs", type=int, default=20)
        parser.add_argument(
            "--cell",
            default="A:10:1:99",
            help="the changed cell, SCALE:TABLES:PLACE:VALUE (default: Scale A, 10 tables, "
            "place 1: 99 local points; the demo's club sessions are 4-18 tables)",
        )

    def handle(self, *args, tournaments, members, clubs, seed, workers, step_runs, cell, **options):
        if rulebook().code != "ebu":
            raise CommandError("the EBU season benchmark needs KLOVER_FEDERATION=ebu")
        if tournaments < 1 or step_runs < 1:
            raise CommandError("--tournaments and --step-runs are at least 1")
        try:
            book = EBU.amended("EBU bench: one cell", [_cell(cell)])
        except ValueError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"database: {connection.vendor} {connection.settings_dict['NAME']}")
        if not Member.objects.exists():
            call_command(
                "seed_demo", "--members", str(members), "--clubs", str(clubs), stdout=self.stdout
            )
        self._season(tournaments, seed)
        season_s = self._recompute(workers)
        diff_s = self._diff(book, cell, workers)
        step_ms = self._step(step_runs)
        self.stdout.write(
            f"summary: season recompute {season_s:.1f} s (target < {SEASON_TARGET_S} s), "
            f"award step {step_ms:.1f} ms (target < {STEP_TARGET_MS} ms), dry-run diff "
            f"{diff_s:.1f} s (target < {DIFF_TARGET_S} s)"
        )

    def _season(self, tournaments: int, seed: int) -> None:
        have = Tournament.objects.count()
        if have == 0:
            started = time.perf_counter()
            season, licences = build_ebu_demo_season(tournaments=tournaments, seed=seed)
            self.stdout.write(
                f"built {season.tournaments} EBU events ({licences} under a licence, "
                f"{season.players} players) in {time.perf_counter() - started:.1f} s"
            )
        elif have != tournaments:
            raise CommandError(
                f"the database holds {have} tournaments, not {tournaments}: use an empty "
                "database or --tournaments to match"
            )

    def _recompute(self, workers: int) -> float:
        for model in (Promotion, MasterPointHolding, RankingScore, MasterPointAward):
            model.objects.all()._raw_delete(model.objects.db)
        TournamentAwards.objects.all()._raw_delete(TournamentAwards.objects.db)
        load, cpu, started = os.getloadavg()[0], _cpu_seconds(), time.perf_counter()
        report = recompute_season(workers=workers)
        seconds = time.perf_counter() - started
        busy = _busy(load, _cpu_seconds() - cpu)
        phases = ", ".join(f"{k.strip()} {v:.1f} s" for k, v in report.seconds.items())
        self.stdout.write(
            f"season recompute of {report.tournaments} EBU events from an empty ledger, "
            f"{_workers(workers)}: {seconds:.1f} s (target < {SEASON_TARGET_S} s; {busy}); "
            f"{report.written} ledger rows, {report.without_awards} events without awards, "
            f"{MasterPointHolding.objects.count()} holdings, {Promotion.objects.count()} "
            f"promotions; {phases}"
        )
        return seconds

    def _diff(self, book, cell: str, workers: int) -> float:
        before = _fingerprint()
        with version_registered(book):
            load, cpu, started = os.getloadavg()[0], _cpu_seconds(), time.perf_counter()
            diff = version_diff(book, workers=workers)
            seconds = time.perf_counter() - started
            busy = _busy(load, _cpu_seconds() - cpu)
        if _fingerprint() != before:
            raise CommandError("the dry run wrote to the ledger")
        self.stdout.write(
            f"dry-run diff of cell {cell} over {diff.tournaments} EBU events, "
            f"{_workers(workers)}: {seconds:.1f} s (target < {DIFF_TARGET_S} s; {busy}); "
            f"{len(diff.awards)} awards "
            f"({len(diff.members)} members, {len(diff.tournament_ids)} events) and "
            f"{len(diff.classes)} ranks would change; nothing written"
        )
        return seconds

    def _step(self, runs: int) -> float:
        rng = random.Random(5)
        club = Club.objects.order_by("number").first()
        mids = list(
            Member.objects.filter(status=Member.Status.ACTIVE).values_list("mid", flat=True)
        )
        if club is None or len(mids) < 4 * STEP_TABLES:
            raise CommandError(f"the step needs a club and {4 * STEP_TABLES} active members")
        # A day before the season: the event's licence covers it alone.
        day = timezone.localdate() - timedelta(days=400 + rng.randrange(300))
        name = f"bench-ebu-award-step-{time.time_ns():x}"
        data = synthetic_usebio(
            tables=STEP_TABLES, boards=STEP_BOARDS, mids=mids, rng=rng, event_id=name, day=day
        )
        with transaction.atomic():
            tournament = services.import_results(
                data=data, filename=f"{name}.xml", organiser=club, run_pipeline=False
            ).tournament
            tournament.award_options = {"status": "county"}
            tournament.save(update_fields=["award_options"])
            write_season_licences(
                [
                    LicenceNeed(
                        tournament_id=tournament.pk,
                        club_id=club.pk,
                        event_name=name,
                        day=day,
                        status=3,
                        blue_points=False,
                        tables=STEP_TABLES,
                        plan="county-pairs",
                    )
                ],
                today=timezone.localdate(),
            )
            timings = []
            for _ in range(runs):
                with transaction.atomic():
                    fresh = Tournament.objects.get(pk=tournament.pk)
                    started = time.perf_counter()
                    award_tournament(fresh)
                    timings.append(time.perf_counter() - started)
                    awarded = MasterPointAward.objects.filter(tournament=tournament)
                    rows, status = (
                        awarded.count(),
                        TournamentAwards.objects.get(tournament=tournament).status,
                    )
                    transaction.set_rollback(True)
            # The benchmark's event and licence go: the season stays as it was built.
            transaction.set_rollback(True)
        median = statistics.median(timings) * 1000
        self.stdout.write(
            f"award step, {STEP_TABLES} tables x {STEP_BOARDS} boards at {status} status under "
            f"its licence ({rows} ledger rows): median {median:.1f} ms (target < "
            f"{STEP_TARGET_MS} ms), min {min(timings) * 1000:.1f} ms, max "
            f"{max(timings) * 1000:.1f} ms over {runs} runs"
        )
        return median


def _busy(load: float, cpu: float) -> str:
    """On a shared machine the wall clock follows the load; the CPU seconds of this
    process and its finished workers (not the database's) do not."""
    return f"{cpu:.1f} s CPU, load {load:.1f} on {os.cpu_count()} CPUs"


def _cpu_seconds() -> float:
    own, workers = (resource.getrusage(w) for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + workers.ru_utime + workers.ru_stime


def _workers(count: int) -> str:
    return f"{count} worker{'s' if count != 1 else ''}"


def _fingerprint() -> tuple:
    ledger = MasterPointAward.objects.aggregate(rows=Count("pk"), points=Sum("credited"))
    return ledger["rows"], ledger["points"]
