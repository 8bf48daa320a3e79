"""Recompute every member's ranking points for today (results drop out after 24 months):
run it nightly; the pipeline refreshes the players of each reported tournament."""

from django.core.management.base import BaseCommand
from django.utils import timezone

from awards.models import MasterPointAward, RankingScore
from awards.services import refresh_rankings


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def handle(self, *args, **options):
        today = timezone.localdate()
        ids = set(MasterPointAward.objects.values_list("member_id", flat=True).distinct())
        ids |= set(RankingScore.objects.values_list("member_id", flat=True))
        refresh_rankings(ids, on=today)
        self.stdout.write(f"ranking points of {len(ids)} members refreshed for {today}")
