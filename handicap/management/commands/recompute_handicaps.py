"""Recompute handicaps from the reported results in date order: every competition
since --since (default: all), their history rows and the players' current handicaps;
after a full recompute, the handicaps by scoring too."""

import time
from datetime import date

from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction

from handicap.models import HandicapChange
from handicap.services import recompute_from
from members.common.locks import lock_handicaps


class Command(BaseCommand):
    help = __doc__.splitlines()[0]
    # The system checks import every URL and view first: a quarter of a second of a
    # recompute that changes nothing (issue #15), and nothing this command needs.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser):
        parser.add_argument("--since", type=date.fromisoformat, metavar="YYYY-MM-DD")
        parser.add_argument("--phases", action="store_true", help="print the time of each phase")
        parser.add_argument(
            "--without-forms",
            action="store_true",
            help="leave the handicaps by scoring to their nightly run (a benchmark of this walk)",
        )

    def handle(self, *args, since, phases, without_forms=False, **options):
        started = time.perf_counter()
        seconds: dict[str, float] = {}
        with transaction.atomic():
            lock_handicaps()  # one walk at a time (members.common.locks)
            changed = recompute_from(since, seconds=seconds)
        self.stdout.write(
            f"handicaps recomputed{f' since {since}' if since else ''}: {changed} history rows "
            f"written or removed, {HandicapChange.objects.count()} in all, "
            f"{time.perf_counter() - started:.1f} s"
        )
        if phases:
            self.stdout.write(
                "phases: " + ", ".join(f"{name} {value:.1f} s" for name, value in seconds.items())
            )
        if since is None and not without_forms:
            # The separate handicaps follow the general one's starts (002 7.1).
            call_command("recompute_form_handicaps", stdout=self.stdout)
