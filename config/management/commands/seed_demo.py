import time

from django.core.management.base import BaseCommand, CommandError

from members.demo import DEMO_LOGINS, DEMO_PASSWORD, build_demo_federation
from members.models import Club, District, Federation, Member
from members.services import current_season


class Command(BaseCommand):
    help = "Build a deterministic demo federation (districts, clubs, members, memberships, logins)."

    def add_arguments(self, parser):
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

    def handle(self, *args, members, clubs, seed, if_empty, tournaments, **options):
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
        if members < 10 or clubs < 21:
            raise CommandError("Use at least 10 members and 21 clubs (one per district).")
        started = time.perf_counter()
        summary = build_demo_federation(
            members=members, clubs=clubs, seed=seed, season=current_season()
        )
        elapsed = time.perf_counter() - started
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo federation: {summary.districts} districts, {summary.clubs} clubs, "
                f"{summary.members} members, {summary.memberships} memberships in {elapsed:.1f} s."
            )
        )
        # Imported here, as below: the registry's command reaches into tournaments only
        # for the demo. A few sanction applications, one in each queue of the logins.
        from tournaments import schemes

        if schemes.enabled(schemes.SANCTIONS):
            from tournaments.sanctions.demo import build_demo_sanctions

            self.stdout.write(f"Demo sanctions: {build_demo_sanctions()} applications.")
        if schemes.enabled(schemes.LICENCES):
            from tournaments.licences.demo import build_demo_licences

            self.stdout.write(f"Demo licences: {build_demo_licences()} licences.")
        if tournaments > 0:
            # Imported here: the registry's command needs the other apps only for this.
            from awards.season import recompute_season
            from handicap.services import recompute_from, seed_start_handicaps
            from tournaments.demo import build_demo_season

            started = time.perf_counter()
            build_demo_season(tournaments=tournaments, seed=seed)
            report = recompute_season()
            seed_start_handicaps()
            recompute_from(None)
            self.stdout.write(
                self.style.SUCCESS(
                    f"Demo season: {report.tournaments} tournaments, {report.written} master "
                    f"point awards and the handicaps they give in "
                    f"{time.perf_counter() - started:.1f} s."
                )
            )
        logins = ", ".join(f"{d.username} ({d.role})" for d in DEMO_LOGINS)
        self.stdout.write(f"Demo logins (password {DEMO_PASSWORD!r}): {logins}")
