"""EBU benchmark: one event's awards through the calculator, and every Appendix scale
generated and compared with its printed table.

- event: ``calculate(options_from(...))`` for a 60-table event with ties, timed per call
  over --runs calls (median and p95 in microseconds); target p95 < 1 ms. Two events: a
  Club single-winner pairs of 24 boards (Scale A, 4.1-4.4 of the seed
  ``001_4cb9a3c6036a851e.txt``, lines 2054-2547, ties 3.5, lines 1828-1866) and a Club
  two-winner pairs of 36 boards.
- scales: ``awards.domain.ebu.appendix.compare_all`` (the Appendix, lines 4700-7387, and
  the printed tables of 4.6.3, 4.12.4 and 6.4.8) over --scale-runs runs (median and max
  in seconds); target max < 1 s.

Pure domain code: no database is read or written.
"""

import math
import statistics
import time
from collections.abc import Callable, Mapping

from django.core.management.base import BaseCommand, CommandError, CommandParser

from awards.domain.ebu import appendix
from awards.domain.ebu.calculator import calculate, options_from

EVENT_TARGET_US = 1000
SCALES_TARGET_S = 1.0

EVENTS: tuple[tuple[str, Mapping[str, object]], ...] = (
    (
        "Club single-winner pairs, 60 tables x 24 boards, ties 4:3, 10:2",
        {"status": "club", "movement": "single-winner", "tables": 60, "boards": 24,
         "tie": "4:3,10:2"},
    ),
    (
        "Club two-winner pairs, 60 tables x 36 boards, ties 3:2, 12:3",
        {"status": "club", "movement": "two-winner", "tables": 60, "boards": 36,
         "tie": "3:2,12:3"},
    ),
)  # fmt: skip


def _p95(values: list[float]) -> float:
    # Nearest rank: defined for any number of runs, one included.
    ordered = sorted(values)
    return ordered[max(math.ceil(0.95 * len(ordered)) - 1, 0)]


def _runs(count: int) -> str:
    return f"{count} run" if count == 1 else f"{count} runs"


def _verdict(met: bool) -> str:
    return "met" if met else "NOT met"


class Command(BaseCommand):
    help = __doc__.splitlines()[0]
    # The system checks would look at the project, not the rulebook being timed.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--runs", type=int, default=2000, help="calls per event")
        parser.add_argument(
            "--scale-runs", type=int, default=20, help="runs of appendix.compare_all"
        )

    def handle(self, *args: object, runs: int, scale_runs: int, **options: object) -> None:
        if runs < 1 or scale_runs < 1:
            raise CommandError("--runs and --scale-runs take at least 1")
        self.stdout.write(f"EBU award calculator, one event per call, {_runs(runs)} each:")
        for label, values in EVENTS:
            self._event(label, values, runs)
        self._scales(scale_runs)

    def _event(self, label: str, values: Mapping[str, object], runs: int) -> None:
        def once() -> int:
            return len(calculate(options_from(values)).places)

        places = once()  # the first call pays for imports and caches, not timed
        timings = [_timed(once) * 1e6 for _ in range(runs)]
        median, p95 = statistics.median(timings), _p95(timings)
        self.stdout.write(
            f"  {label} ({places} places): median {median:.0f} µs, p95 {p95:.0f} µs "
            f"per call; target < 1 ms: {_verdict(p95 < EVENT_TARGET_US)}"
        )

    def _scales(self, runs: int) -> None:
        cells, departing = appendix.compare_all()
        timings = [_timed(appendix.compare_all) for _ in range(runs)]
        median, longest = statistics.median(timings), max(timings)
        scales = len({cell.scale for cell in cells})
        self.stdout.write(
            f"Appendix scales generated and compared (appendix.compare_all), {_runs(runs)}: "
            f"{len(cells)} cells of {scales} scales, {len(departing)} departing; "
            f"median {median:.3f} s, max {longest:.3f} s; "
            f"target < 1 s: {_verdict(longest < SCALES_TARGET_S)}"
        )


def _timed(call: Callable[[], object]) -> float:
    started = time.perf_counter()
    call()
    return time.perf_counter() - started
