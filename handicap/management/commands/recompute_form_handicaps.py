"""Recompute the handicaps by scoring (002 7.1): the whole history walked once for the
topscore competitions and once for the IMP ones."""

import time

from django.core.management.base import BaseCommand

from handicap.form_handicaps import recompute_form_handicaps


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def handle(self, *args, **options):
        started = time.perf_counter()
        outcome = recompute_form_handicaps()
        held = ", ".join(f"{scoring} {count}" for scoring, count in outcome.held.items())
        self.stdout.write(
            f"handicaps by scoring recomputed: {held} members; {outcome.written} rows "
            f"written, {outcome.removed} removed, {time.perf_counter() - started:.1f} s"
        )
