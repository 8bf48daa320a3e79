"""Pipeline benchmark: a report from upload until the member page shows its award,
handicap and ranking, dated today and dated seven months back; and the handicap
recompute from four months back with nothing to change.

PostgreSQL with a real worker over a Redis of the benchmark's own. The database of
DATABASE_URL gets a demo federation and a season of ``--tournaments`` when it is empty.
Each report is a 30-table, 42-board silver pairs event of one club (an approved silver
sanction makes it one), drawn from the club's district; the time runs from the call
that saves the upload until the member page of one of its prize winners shows the
tournament in its awards, its handicap history and its ranking; and until the last
step (the later competitions a report dated in the past reaches) is done.
"""

from __future__ import annotations

import random
import resource
import statistics
import subprocess
import sys
import time
from datetime import date, timedelta

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test import Client
from django.utils import timezone

from awards.models import MasterPointAward
from awards.selectors import member_ranking
from config.benchmarking import RedisServer, Worker
from config.celery import app
from handicap.models import HandicapChange
from members.models import Club, Member, Membership
from members.services import current_season
from tournaments import services
from tournaments.benchmarking import synthetic_usebio
from tournaments.models import Tournament
from tournaments.sanctions.models import Sanction

QUEUE = "pipeline-bench"


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--members", type=int, default=25000)
        parser.add_argument("--tournaments", type=int, default=50000)
        parser.add_argument("--runs", type=int, default=7, help="reports of each date")
        parser.add_argument("--concurrency", type=int, default=2)
        parser.add_argument("--seed", type=int, default=14)

    def handle(self, *args, members, tournaments, runs, concurrency, seed, **options):
        if connection.vendor != "postgresql":
            raise CommandError("bench_pipeline needs PostgreSQL (DATABASE_URL)")
        if not Member.objects.exists():
            call_command(
                "seed_demo",
                "--members",
                str(members),
                "--tournaments",
                str(tournaments),
                stdout=self.stdout,
            )
        self.stdout.write(
            f"database: {Member.objects.count()} members, {Tournament.objects.count()} tournaments"
        )
        rng = random.Random(seed)
        redis = RedisServer()
        redis.start()
        settings.PIPELINE_RUNNER = "celery"
        app.conf.task_always_eager = False
        app.conf.broker_url = app.conf.result_backend = redis.url
        app.conf.task_default_queue = QUEUE
        worker = Worker(connection.settings_dict["NAME"], redis.url, concurrency, queue=QUEUE)
        try:
            today = timezone.localdate()
            for label, day in (
                ("dated today", today),
                ("dated seven months back", today - timedelta(days=212)),
            ):
                times = [self._report(rng, day, n, label) for n in range(runs)]
                for what, seconds in (
                    ("upload to member page", [shown for shown, _ in times]),
                    ("upload to every step done", [done for _, done in times]),
                ):
                    self.stdout.write(
                        f"30-table report {label}, {what}: median "
                        f"{statistics.median(seconds):.2f} s (min {min(seconds):.2f}, max "
                        f"{max(seconds):.2f}) over {runs} runs"
                    )
        finally:
            worker.stop()
            redis.stop()
        since = timezone.localdate() - timedelta(days=122)
        self._recompute_since(since)

    def _report(self, rng: random.Random, day: date, n: int, label: str) -> tuple[float, float]:
        club, mids = self._club(rng)
        event_id = f"bench-pipeline-{day:%Y%m%d}-{n}-{rng.randrange(10**6)}"
        data = synthetic_usebio(
            tables=30, boards=42, mids=mids, rng=rng, event_id=event_id, day=day
        )
        Sanction.objects.create(
            club=club,
            district=club.district,
            level=Sanction.Level.SILVER,
            form_of_play=Sanction.Form.PAIRS,
            name=f"Benchmark {event_id}",
            start_date=day,
            end_date=day,
            entries=60,
            boards=42,
            contact_name="Benchmark",
            contact_email="bench@example.se",
            state=Sanction.State.APPROVED,
        )
        client = Client(HTTP_HOST="localhost")
        started = time.perf_counter()
        tournament = services.import_results(
            data=data, filename=f"{event_id}.xml", organiser=club
        ).tournament
        winner = None
        shown = None
        deadline = time.monotonic() + 300
        # The member page can show the report once the ranking step is done; only the
        # later competitions' handicaps may still be on their way.
        visible = (Tournament.Step.RANKINGS, Tournament.Step.LATER_HANDICAPS)
        while time.monotonic() < deadline:
            status, step = Tournament.objects.values_list("pipeline_status", "pipeline_step").get(
                pk=tournament.pk
            )
            if status == "failed":
                raise CommandError(f"{label}: the pipeline failed for {tournament.pk}")
            if shown is not None:
                if status == "done":
                    return shown, time.perf_counter() - started
            elif status == "done" or step in visible:
                if winner is None:
                    winner = (
                        MasterPointAward.objects.filter(tournament=tournament, colour="silver")
                        .values_list("member__mid", flat=True)
                        .first()
                    )
                    if winner is None:
                        raise CommandError(f"{label}: no silver award in {tournament.pk}")
                if self._shown(client, winner, tournament):
                    shown = time.perf_counter() - started
                    continue
            time.sleep(0.01)
        raise CommandError(f"{label}: tournament {tournament.pk} not on the member page in 300 s")

    @staticmethod
    def _shown(client: Client, mid: int, tournament: Tournament) -> bool:
        """The member page shows the report: each of its sections (master points,
        ranking, handicap) names the tournament among the latest rows it lists, or
        counts as many rows as the member has now, the report's among them (a report
        dated seven months back is older than the latest ten)."""
        response = client.get(f"/members/{mid}/")
        if response.status_code != 200:
            raise CommandError(f"the member page of {mid} answered {response.status_code}")
        body = response.content.decode()
        member = Member.objects.get(mid=mid)
        ranking = member_ranking(member)
        now = {
            "masterpoints": ("awards", MasterPointAward.objects.filter(member=member).count()),
            "ranking": ("counting", ranking["count"] if ranking else 0),
            "handicap": ("changes", HandicapChange.objects.filter(member=member).count()),
        }
        link = f'href="/tournaments/{tournament.pk}/"'
        for part, (name, count) in now.items():
            start = body.find(f'id="{part}"')
            section = body[start : body.find("</section>", start)] if start >= 0 else ""
            if link not in section and f'data-{name}="{count}"' not in section:
                return False
        return True

    def _club(self, rng: random.Random) -> tuple[Club, list[int]]:
        """A club with the 120 players of a 30-table event among its district's members."""
        season = current_season()
        clubs = list(Club.objects.order_by("-members_count")[:20])
        club = rng.choice(clubs)
        mids = list(
            Membership.objects.filter(
                season=season,
                represents=True,
                club__district=club.district,
                member__status=Member.Status.ACTIVE,
            ).values_list("member__mid", flat=True)
        )
        if len(mids) < 120:
            raise CommandError(f"{club.district} has too few members for 30 tables")
        return club, mids

    def _recompute_since(self, since: date) -> None:
        """``recompute_handicaps --since`` as its own process (its peak memory its own)."""
        started = time.perf_counter()
        result = subprocess.run(
            [sys.executable, "manage.py", "recompute_handicaps", "--since", since.isoformat()],
            cwd=settings.BASE_DIR,
            capture_output=True,
            text=True,
            check=True,
        )
        wall = time.perf_counter() - started
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        self.stdout.write(
            f"recompute_handicaps --since {since} (four months back): {wall:.1f} s, "
            f"peak RSS {peak:.0f} MB; {result.stdout.strip()}"
        )
