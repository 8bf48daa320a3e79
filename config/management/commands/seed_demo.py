import time

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from awards.season import recompute_season
from handicap.services import recompute_from, seed_start_handicaps
from members.common.locks import lock_handicaps
from members.demo import DEMO_NAMES, DEMO_PASSWORD, build_demo_federation
from members.federation import PROFILES, current, profile_of
from members.models import Club, District, Federation, Member
from members.services import current_season
from tournaments.demo import build_demo_season
from tournaments.licences.demo import build_demo_licences
from tournaments.sanctions.demo import build_demo_sanctions


class Command(BaseCommand):
    help = (
        "Build a deterministic demo federation (districts or counties, clubs, members, "
        "memberships, logins, the federation's sanctions or licences and a season)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--federation",
            choices=sorted(PROFILES),
            help="the federation to build (default: this database's, KLOVER_FEDERATION)",
        )
        parser.add_argument("--members", type=int, default=25000)
        parser.add_argument("--clubs", type=int, default=350)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--tournaments",
            type=int,
            default=0,
            help="also a demo season of N tournaments with their master points",
        )
        parser.add_argument(
            "--if-empty", action="store_true", help="Do nothing when members already exist."
        )

    def handle(self, *args, federation, members, clubs, seed, if_empty, tournaments, **options):
        profile = profile_of(federation) if federation else current()
        if profile != current():
            # One database serves one federation: its pages, pipeline and words follow
            # KLOVER_FEDERATION, so a demo of another federation would be served wrongly.
            raise CommandError(
                f"This database serves {current().code} (KLOVER_FEDERATION); run with "
                f"KLOVER_FEDERATION={profile.code} to build the {profile.short_name} demo."
            )
        if Member.objects.exists() or Club.objects.exists() or District.objects.exists():
            if if_empty:
                self.stdout.write("The registry already has data; demo data not loaded.")
                return
            raise CommandError(
                "The registry is not empty: seed_demo builds a federation in an empty database "
                "(use --if-empty to skip quietly)."
            )
        if Federation.objects.exists():
            raise CommandError("A federation already exists; seed_demo needs an empty database.")
        regions = len(DEMO_NAMES[profile.code].regions)
        if members < 10 or clubs < regions:
            raise CommandError(
                f"Use at least 10 members and {regions} clubs (one per {profile.region.en})."
            )
        started = time.perf_counter()
        summary = build_demo_federation(
            members=members, clubs=clubs, seed=seed, season=current_season(), profile=profile
        )
        elapsed = time.perf_counter() - started
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo federation ({profile.name}): {summary.districts} "
                f"{profile.region.en_plural}, {summary.clubs} clubs, {summary.members} members, "
                f"{summary.memberships} memberships in {elapsed:.1f} s."
            )
        )
        if profile.runs_sanctions:
            self.stdout.write(f"Demo sanctions: {build_demo_sanctions()} applications.")
        if profile.runs_licences:
            self.stdout.write(f"Demo licences: {build_demo_licences()} licences.")
        if tournaments > 0:
            started = time.perf_counter()
            build_demo_season(tournaments=tournaments, seed=seed, language=profile.language)
            report = recompute_season()
            with transaction.atomic():
                lock_handicaps()
                seed_start_handicaps()
                recompute_from(None)
            self.stdout.write(
                self.style.SUCCESS(
                    f"Demo season: {report.tournaments} tournaments, {report.written} master "
                    f"point awards and the handicaps they give in "
                    f"{time.perf_counter() - started:.1f} s."
                )
            )
        logins = ", ".join(f"{d.username} ({d.role})" for d in DEMO_NAMES[profile.code].logins)
        self.stdout.write(f"Demo logins (password {DEMO_PASSWORD!r}): {logins}")
