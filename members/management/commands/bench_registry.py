"""Registry benchmark: seed_demo, member search, club page (figures for the issue note).

Runs against the configured database (DATABASE_URL). An empty database is first
seeded with ``seed_demo`` and that is timed; otherwise the existing data is used.
Requests go through Django's test client, so URL routing, the view, the query
and the template are all in the figure.
"""

import statistics
import time

from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import connection, reset_queries
from django.db.models import F, Func
from django.test import Client
from django.test.utils import CaptureQueriesContext

from members.models import Club, Member

SEARCHES = [
    "ann",
    "lars ander",
    "gullberg",
    "öberg",
    "eva lind",
    "sson",
    "karl",
    "åsa holm",
    "berg",
    "kjell n",
]


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--members", type=int, default=25000)
        parser.add_argument("--repeat", type=int, default=20)

    def handle(self, *args, members, repeat, **options):
        vendor = connection.vendor
        self.stdout.write(f"database: {vendor} {connection.settings_dict['NAME']}")
        if not Member.objects.exists():
            started = time.perf_counter()
            call_command("seed_demo", "--members", str(members), stdout=self.stdout)
            self.stdout.write(
                f"seed_demo --members {members}: {time.perf_counter() - started:.1f} s"
            )
        self.stdout.write(f"members: {Member.objects.count()}")

        client = Client(HTTP_ACCEPT_LANGUAGE="sv", HTTP_HOST="127.0.0.1")
        client.get("/")  # warm-up: URL resolver, templates
        search_ms = []
        for text in SEARCHES:
            runs = []
            for _ in range(repeat):
                started = time.perf_counter()
                response = client.get("/", {"q": text})
                runs.append((time.perf_counter() - started) * 1000)
            assert response.status_code in (200, 302), response.status_code
            search_ms.append(statistics.median(runs))
            found = Member.objects.search(text).count()
            self.stdout.write(
                f"  search {text!r:14} {found:6} matches  median {statistics.median(runs):6.1f} ms"
            )
        self.stdout.write(
            f"member search (page incl.): median of medians {statistics.median(search_ms):.1f} ms, "
            f"worst {max(search_ms):.1f} ms"
        )

        club = (
            Club.objects.annotate(distance=Func(F("members_count") - 400, function="ABS"))
            .order_by("distance")
            .first()
        )
        runs = []
        for _ in range(repeat):
            reset_queries()
            with CaptureQueriesContext(connection) as queries:
                started = time.perf_counter()
                response = client.get(club.get_absolute_url())
                runs.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200
        self.stdout.write(
            f"club page ({club.name}, {club.members_count} members): {len(queries)} queries, "
            f"median {statistics.median(runs):.1f} ms, max {max(runs):.1f} ms"
        )
