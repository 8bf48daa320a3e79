"""An upload through the API against the upload page's save (issue 23: "an upload returns
within the time of the upload page's save").

The same synthetic USEBIO Mitchell (tournaments.benchmarking) is posted N times to
POST /api/v1/reports/ (a club token) and N times to the upload page (a club
administrator), alternating, through Django's test client in this process, and the
medians of the response times are printed with their ratio. Each upload replaces the
one before (the same event), so both sides do the same work. Everything runs in one
transaction that is rolled back at the end: the database is left as it was, and the
pipeline (queued when a transaction commits) does not run, so the figures are the
responses' own time, as a client waits for them.
"""

import random
import statistics
import time

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management.base import BaseCommand
from django.db import connection, transaction
from django.test import Client, override_settings
from django.utils import timezone

from members.domain.api_access import RESULTS_WRITE
from members.models import Club, District, Federation, Member, Role
from members.tokens import create_token
from tournaments.benchmarking import synthetic_usebio


class Command(BaseCommand):
    help = __doc__.splitlines()[0]

    def add_arguments(self, parser):
        parser.add_argument("--runs", type=int, default=10, help="uploads on each side")
        parser.add_argument("--tables", type=int, default=30)
        parser.add_argument("--boards", type=int, default=27)
        parser.add_argument("--seed", type=int, default=23)

    def handle(self, *args, runs, tables, boards, seed, **options):
        self.stdout.write(f"database: {connection.vendor} {connection.settings_dict['NAME']}")
        hosts = [h for h in settings.ALLOWED_HOSTS if h and "*" not in h and not h.startswith(".")]
        host = hosts[0] if hosts else "localhost"
        with (
            override_settings(KLOVER_TWO_FACTOR=False, ALLOWED_HOSTS=[host]),
            transaction.atomic(),
        ):
            api, page = self._measure(runs, tables, boards, seed, host)
            transaction.set_rollback(True)
        api_median, page_median = statistics.median(api), statistics.median(page)
        self.stdout.write(
            f"{tables} tables, {boards} boards, {runs} uploads each side (alternating)\n"
            f"  API  POST /api/v1/reports/  median {api_median * 1000:8.1f} ms  "
            f"(min {min(api) * 1000:.1f}, max {max(api) * 1000:.1f})\n"
            f"  page POST /tournaments/report/  median {page_median * 1000:8.1f} ms  "
            f"(min {min(page) * 1000:.1f}, max {max(page) * 1000:.1f})\n"
            f"  ratio API/page {api_median / page_median:.2f}"
        )

    def _measure(self, runs, tables, boards, seed, host):
        district = District.objects.order_by("pk").first()
        if district is None:  # an empty database: a district of the bench's own
            federation = Federation.objects.order_by("pk").first() or Federation.objects.create(
                code="BENCH", name="Bench"
            )
            district = District.objects.create(federation=federation, number=1, name="Bench")
        club = Club.objects.create(number=999_999, name="Bench club", district=district)
        mids = list(Member.objects.values_list("mid", flat=True)[: 8 * tables])
        if len(mids) < 4 * tables:
            start = 990_000_000
            Member.objects.bulk_create(
                Member(mid=start + n, first_name="Bench", last_name=str(n), birth_date="1970-01-01")
                for n in range(4 * tables)
            )
            mids = list(range(start, start + 4 * tables))
        data = synthetic_usebio(
            tables=tables, boards=boards, mids=mids, rng=random.Random(seed),
            event_id="bench-api-upload", day=timezone.localdate().replace(day=1),
        )  # fmt: skip
        _token, key = create_token(
            kind="club", name="bench", scopes=[RESULTS_WRITE], club=club, rate_per_minute=100_000
        )
        admin = Member.objects.create(
            mid=990_999_999, first_name="Bench", last_name="Admin", birth_date="1970-01-01"
        )
        admin.user = get_user_model().objects.create_user(username="bench-api-upload")
        admin.save()
        Role.objects.create(member=admin, kind=Role.Kind.CLUB_ADMIN, club=club)
        browser, program = Client(HTTP_HOST=host), Client(HTTP_HOST=host)
        browser.force_login(admin.user)

        def through_api() -> float:
            started = time.perf_counter()
            response = program.post(
                "/api/v1/reports/",
                {"club": club.pk, "file": SimpleUploadedFile("bench.xml", data)},
                HTTP_AUTHORIZATION=f"Bearer {key}",
            )
            elapsed = time.perf_counter() - started
            assert response.status_code == 201, response.content[:500]
            return elapsed

        def through_page() -> float:
            started = time.perf_counter()
            response = browser.post(
                "/tournaments/report/",
                {"club": club.pk, "file": SimpleUploadedFile("bench.xml", data)},
            )
            elapsed = time.perf_counter() - started
            assert response.status_code == 302, response.content[:500]
            return elapsed

        through_page()  # warm both paths (imports, caches) before timing
        through_api()
        api, page = [], []
        for n in range(runs):
            # alternating, and which goes first alternates too
            if n % 2:
                page.append(through_page())
                api.append(through_api())
            else:
                api.append(through_api())
                page.append(through_page())
        return api, page
