"""Recompute every member's ranking points for today (results drop out after 24 months):
run it nightly; the pipeline refreshes the players of each reported tournament."""

from django.core.management.base import BaseCommand
from django.utils import timezone

from awards.models import RankingScore
from awards.services import refresh_rankings


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def handle(self, *args, **options):
        today = timezone.localdate()
        refresh_rankings(None, on=today)
        ranked = RankingScore.objects.count()
        self.stdout.write(f"ranking points refreshed for {today}: {ranked} members ranked")
