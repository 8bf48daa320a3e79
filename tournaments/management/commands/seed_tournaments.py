"""Load a demo season: N finished tournaments with standings (no traveller lines),
for the award benchmark and a portal with master points to show."""

import time

from django.core.management.base import BaseCommand, CommandError

from members.federation import current
from tournaments.demo import build_demo_season


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--tournaments", type=int, default=50000)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--days", type=int, default=365, help="spread over this many days")

    def handle(self, *args, tournaments, seed, days, **options):
        if tournaments < 1 or days < 1:
            raise CommandError("--tournaments and --days must be at least 1")
        started = time.perf_counter()
        try:
            season = build_demo_season(
                tournaments=tournaments, seed=seed, days=days, language=current().language
            )
        except ValueError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(
            f"demo season: {season.tournaments} tournaments, {season.entries} entries, "
            f"{season.players} players in {time.perf_counter() - started:.1f} s"
        )
