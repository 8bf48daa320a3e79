"""Recompute handicaps from the reported results in date order: every competition
since --since (default: all), their history rows and the players' current handicaps."""

import time
from datetime import date

from django.core.management.base import BaseCommand
from django.db import transaction

from handicap.models import HandicapChange
from handicap.services import recompute_from


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--since", type=date.fromisoformat, metavar="YYYY-MM-DD")

    def handle(self, *args, since, **options):
        started = time.perf_counter()
        with transaction.atomic():
            changed = recompute_from(since)
        self.stdout.write(
            f"handicaps recomputed{f' since {since}' if since else ''}: {changed} history rows "
            f"written or removed, {HandicapChange.objects.count()} in all, "
            f"{time.perf_counter() - started:.1f} s"
        )
