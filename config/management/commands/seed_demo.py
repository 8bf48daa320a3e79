import threading
import time
from contextlib import contextmanager

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from awards.season import recompute_season
from handicap.services import recompute_from, seed_start_handicaps
from members.common.locks import lock_handicaps
from members.demo import DEMO_NAMES, DEMO_PASSWORD, build_demo_federation
from members.domain.age import season_label
from members.federation import PROFILES, current, profile_of
from members.models import Club, District, Federation, Member
from members.services import current_season
from tournaments.championships.demo import build_demo_championships
from tournaments.demo import build_demo_season
from tournaments.licences.demo import build_demo_licences
from tournaments.licences.demo_ebu import build_demo_statements, build_ebu_demo_season
from tournaments.sanctions.demo import build_demo_sanctions


class Steps:
    """The seed's steps as they go, so that none is silent for more than a moment.

    On a terminal each step is one line redrawn in place: a bar and its per cent where
    the step can count its work, the seconds so far where it cannot (the award and
    handicap recomputes report nothing until they are done). Elsewhere (a log, CI, a
    test) a line at every tenth and every ten seconds, and each step's time at its end.
    """

    WIDTH = 24

    def __init__(self, out, *, live: bool) -> None:
        self.out = out
        self.live = live
        self.lock = threading.Lock()
        self.label = self.part = ""
        self.fraction: float | None = None
        self.started = 0.0
        self.tenth = -1

    @contextmanager
    def step(self, label: str):
        """Run the ``with`` block as the step ``label``; it gets ``update`` to report with."""
        with self.lock:
            self.label, self.part, self.fraction, self.tenth = label, "", None, -1
            self.started = time.perf_counter()
            self._draw()
        stop = threading.Event()
        ticker = threading.Thread(target=self._tick, args=(stop,), daemon=True)
        ticker.start()
        outcome = "failed after"
        try:
            yield self.update
            outcome = "done in"
        finally:
            stop.set()
            ticker.join()
            with self.lock:
                seconds = time.perf_counter() - self.started
                done = f"{self.label}: {outcome} {seconds:.1f} s"
                self.out.write(f"\r{done:<79}" if self.live else done)

    def update(self, part: str, done: int, total: int) -> None:
        with self.lock:
            self.part = part
            self.fraction = min(1.0, done / total) if total else 1.0
            tenth = int(self.fraction * 10)
            if self.live or tenth != self.tenth:
                self.tenth = tenth
                self._draw()

    def _tick(self, stop: threading.Event) -> None:
        while not stop.wait(1 if self.live else 10):
            with self.lock:
                self._draw()

    def _draw(self) -> None:
        seconds = time.perf_counter() - self.started
        if self.fraction is None:
            line = f"{self.label}: {seconds:.0f} s"
        else:
            filled = round(self.fraction * self.WIDTH)
            bar = "#" * filled + "." * (self.WIDTH - filled)
            line = f"{self.label}: [{bar}] {self.fraction * 100:3.0f} % {self.part} {seconds:.0f} s"
        if self.live:
            self.out.write(f"\r{line:<79}", ending="")
            self.out.flush()
        else:
            self.out.write(line)


def _sbf_season(*, tournaments: int, seed: int, profile, progress) -> str:
    build_demo_season(
        tournaments=tournaments, seed=seed, language=profile.language, progress=progress
    )
    return ""


def _ebu_season(*, tournaments: int, seed: int, profile, progress) -> str:
    """The EBU's events carry the EBU calculator's facts, and its licensed events their
    licences (tournaments/demo_ebu.py): the SBF's season means nothing to its rulebook."""
    _season, licences = build_ebu_demo_season(tournaments=tournaments, seed=seed, progress=progress)
    issued, paid = build_demo_statements()
    return f" ({licences} under a licence; {issued} club statements, {paid} paid)"


# A demo season in the shape its rulebook reads, by the profile's rulebook code.
SEASONS = {"sbf": _sbf_season, "ebu": _ebu_season}


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
        parser.add_argument(
            "--address", default="", help="where the portal will be served, said with the logins"
        )

    def handle(
        self, *args, federation, members, clubs, seed, if_empty, tournaments, address, **options
    ):
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
                self._welcome(profile, address)
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
        steps = Steps(self.stdout, live=self.stdout.isatty())
        with steps.step("Members") as progress:
            summary = build_demo_federation(
                members=members,
                clubs=clubs,
                seed=seed,
                season=current_season(),
                profile=profile,
                progress=progress,
            )
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo federation ({profile.name}): {summary.districts} "
                f"{profile.region.en_plural}, {summary.clubs} clubs, {summary.members} members, "
                f"{summary.memberships} memberships."
            )
        )
        if profile.runs_sanctions:
            self.stdout.write(f"Demo sanctions: {build_demo_sanctions()} applications.")
        if profile.rulebook == "sbf":
            # Seed 003's district championships are the SBF districts' (issue #21).
            self.stdout.write(self._championships(seed))
        if profile.runs_licences:
            self.stdout.write(f"Demo licences: {build_demo_licences()} licences.")
        if tournaments > 0:
            started = time.perf_counter()
            with steps.step("Tournaments") as progress:
                licensed = SEASONS[profile.rulebook](
                    tournaments=tournaments, seed=seed, profile=profile, progress=progress
                )
            with steps.step("Master points and classes"):
                report = recompute_season()
            with steps.step("Handicaps"), transaction.atomic():
                lock_handicaps()
                seed_start_handicaps()
                recompute_from(None)
            self.stdout.write(
                self.style.SUCCESS(
                    f"Demo season: {report.tournaments} tournaments{licensed}, {report.written} "
                    f"master point awards and the handicaps they give in "
                    f"{time.perf_counter() - started:.1f} s."
                )
            )
        self._welcome(profile, address)

    def _championships(self, seed: int) -> str:
        started = time.perf_counter()
        demo = build_demo_championships(seed=seed)
        if demo.skipped:
            return f"Demo championships: none ({demo.skipped})."
        return (
            f"Demo championships {season_label(demo.season)}: {demo.championships} "
            f"championships, {demo.heats} heats, {demo.places} confirmed places in "
            f"{time.perf_counter() - started:.1f} s."
        )

    def _welcome(self, profile, address: str) -> None:
        """The logins to try (and where, when the caller serves the portal next)."""
        logins = ", ".join(f"{d.username} ({d.role})" for d in DEMO_NAMES[profile.code].logins)
        if address:
            self.stdout.write(self.style.SUCCESS(f"Klöver ({profile.short_name}): {address}"))
        self.stdout.write(f"Demo logins (password {DEMO_PASSWORD!r}): {logins}")
