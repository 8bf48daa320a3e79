"""Start-up: give every member without a handicap their start handicap
H0 = 52 / (1 + 0.01 MP) from the master points they hold (002, section 5.1)."""

from django.core.management.base import BaseCommand
from django.db import transaction

from handicap.services import seed_start_handicaps
from members.common.locks import lock_handicaps


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def handle(self, *args, **options):
        with transaction.atomic():
            lock_handicaps()
            seeded = seed_start_handicaps()
        self.stdout.write(f"start handicaps given to {seeded} members")
