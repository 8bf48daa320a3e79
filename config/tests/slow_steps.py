"""A pipeline step for the worker-kill test: it rewrites the standings and, on
its first attempt only, stops half-way for a minute so the test can kill the
worker process in the middle of the step's transaction."""

import os
import time
from pathlib import Path

from tournaments.models import Standing
from tournaments.standings import compute_standings


def half_written_then_stall(tournament) -> None:
    marker = Path(os.environ["KLOVER_TEST_MARKER"])
    attempts = marker.read_text().split() if marker.exists() else []
    marker.write_text(" ".join([*attempts, str(os.getpid())]))
    Standing.objects.filter(entry__section__tournament=tournament).delete()
    if not attempts:
        time.sleep(60)  # killed here, with the old standings deleted in an open transaction
    compute_standings(tournament)
