"""Award benchmark: a season's recompute, and the award step of one 30-table tournament.

- season: N demo tournaments (``seed_tournaments``; loaded first when fewer exist)
  computed twice: from an empty ledger, then again over the ledger just written
  (the office's recompute, which writes only what changed). Each run is the whole
  ``recompute_awards``: awards, holdings, classes, promotions and ranking points.
- step: a 30-table, 27-board USEBIO Mitchell imported without the pipeline; its
  award step (``award_tournament``: read standings, award, write the ledger rows,
  rebuild the players' holdings and classes) timed N times, each as the first award
  of a newly reported tournament (its transaction is rolled back after the run),
  then N times again over its own rows (a report sent twice).
"""

import random
import resource
import statistics
import time

from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction
from django.utils import timezone

from awards.models import (
    MasterPointAward,
    MasterPointHolding,
    Promotion,
    RankingScore,
    TournamentAwards,
)
from awards.season import recompute_season
from awards.services import award_tournament
from members.models import Club, Member
from tournaments import services
from tournaments.benchmarking import random_day, synthetic_usebio
from tournaments.models import Tournament


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--tournaments", type=int, default=50000)
        parser.add_argument("--step-runs", type=int, default=30)
        parser.add_argument("--workers", type=int, default=2)

    def handle(self, *args, tournaments, step_runs, workers, **options):
        self.stdout.write(f"database: {connection.vendor} {connection.settings_dict['NAME']}")
        if not Member.objects.exists():
            call_command("seed_demo", "--members", "25000", stdout=self.stdout)
        if tournaments:
            self._season(tournaments, workers)
        if step_runs:
            self._step(step_runs)

    def _season(self, tournaments: int, workers: int) -> None:
        have = Tournament.objects.count()
        if have < tournaments:
            call_command(
                "seed_tournaments", "--tournaments", str(tournaments - have), stdout=self.stdout
            )
        if Tournament.objects.count() != tournaments:
            raise CommandError(
                f"the database holds {Tournament.objects.count()} tournaments, not {tournaments}: "
                "use an empty database or --tournaments to match"
            )
        for model in (
            Promotion,
            MasterPointHolding,
            RankingScore,
            MasterPointAward,
            TournamentAwards,
        ):
            model.objects.all()._raw_delete(model.objects.db)
        for label in ("from an empty ledger", "over the ledger just written"):
            started = time.perf_counter()
            report = recompute_season(workers=workers)
            elapsed = time.perf_counter() - started
            phases = ", ".join(f"{k.strip()} {v:.1f} s" for k, v in report.seconds.items())
            self.stdout.write(
                f"season of {report.tournaments} tournaments {label}: {elapsed:.1f} s "
                f"(ledger rows {report.written} written, {report.unchanged} unchanged; "
                f"{MasterPointHolding.objects.count()} holdings, {Promotion.objects.count()} "
                f"promotions, {RankingScore.objects.count()} ranked); {phases}; "
                f"peak RSS {_peak_mb():.0f} MB"
            )

    def _step(self, runs: int) -> None:
        mids = list(
            Member.objects.filter(status=Member.Status.ACTIVE).values_list("mid", flat=True)
        )
        club = Club.objects.order_by("number").first()
        rng = random.Random(5)
        name = f"bench-award-step-{time.time_ns():x}"
        data = synthetic_usebio(
            tables=30, boards=27, mids=mids, rng=rng, event_id=name,
            day=random_day(rng, timezone.localdate()),
        )  # fmt: skip
        tournament = services.import_results(
            data=data, filename=f"{name}.xml", organiser=club, run_pipeline=False
        ).tournament
        for label, keep in (("first award", False), ("same report again", True)):
            timings = []
            for _ in range(runs):
                with transaction.atomic():
                    fresh = Tournament.objects.get(pk=tournament.pk)
                    started = time.perf_counter()
                    award_tournament(fresh)
                    timings.append(time.perf_counter() - started)
                    awarded = MasterPointAward.objects.filter(tournament=tournament).count()
                    transaction.set_rollback(not keep)
            self.stdout.write(
                f"award step, 30 tables x 27 boards, {label} ({awarded} ledger rows): median "
                f"{statistics.median(timings) * 1000:.1f} ms, min {min(timings) * 1000:.1f} ms, "
                f"max {max(timings) * 1000:.1f} ms over {runs} runs"
            )


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
