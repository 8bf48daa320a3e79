"""Benchmark: matchpoint a federation season, 2,000,000 results (target: under 10 s on one core).

80,000 boards x 25 results. Run either way:

    .venv/bin/python benchmarks/bench_matchpoints.py
    .venv/bin/pytest benchmarks/bench_matchpoints.py -p no:django --benchmark-only

The file name does not start with ``test_`` so the normal test run skips it.
The boards are drawn once, before timing, from a fixed seed: each board has a
handful of likely results (a few contracts making or going down, from the
scores that occur in duplicate) drawn with ties, as on a real traveller. Two
paths are measured: ``matchpoints`` on the NS scores (the target), and
``score_board`` (lines with NS and EW matchpoints, what a service stores).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.domain.matchpoints import matchpoints, score_board  # noqa: E402

BOARDS = 80_000
RESULTS_PER_BOARD = 25
LIMIT_SECONDS = 10.0

# Scores seen on travellers: part-scores, games, slams, penalties (NS view).
LIKELY_SCORES = [
    70, 80, 90, 110, 120, 130, 140, 150, 170, 180, 200, 300, 400, 420, 430, 450, 460,
    480, 490, 500, 590, 600, 620, 630, 650, 660, 690, 710, 800, 920, 980, 990, 1100,
    1430, 1440, 1460, 1470, 1510, 50, 100, 150, 200, 250, 300, 500, 800, 1100,
]  # fmt: skip


def make_boards(
    count: int = BOARDS, size: int = RESULTS_PER_BOARD, *, seed: int = 20260901
) -> list[list[int]]:
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        candidates = [rng.choice(LIKELY_SCORES) * rng.choice((1, -1)) for _ in range(7)]
        weights = [rng.randint(1, 6) for _ in candidates]
        boards.append(rng.choices(candidates, weights, k=size))
    return boards


def matchpoint_all(boards: list[list[int]]) -> int:
    checksum = 0
    for scores in boards:
        checksum += len(matchpoints(scores))
    return checksum


def score_all(boards: list[list[int]]) -> int:
    checksum = 0
    for scores in boards:
        checksum += score_board(scores).top
    return checksum


def _time(label: str, boards: list[list[int]], run: Callable[[list[list[int]]], int]) -> float:
    results = sum(len(b) for b in boards)
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        run(boards)
        best = min(best, time.perf_counter() - start)
    per_result_ns = best / results * 1e9
    print(f"{label:<40} {best:6.3f} s  ({per_result_ns:5.0f} ns/result, best of 3)")
    return best


def main() -> int:
    results = BOARDS * RESULTS_PER_BOARD
    print(
        f"Matchpointing {BOARDS:,} boards x {RESULTS_PER_BOARD} = {results:,} results, "
        f"Python {sys.version.split()[0]}, one core"
    )
    boards = make_boards()
    core = _time("matchpoints(scores)", boards, matchpoint_all)
    _time("score_board(scores) (NS + EW lines)", boards, score_all)
    ok = core < LIMIT_SECONDS
    print(f"target: {results:,} results under {LIMIT_SECONDS:.0f} s -> {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


# pytest-benchmark entry points (collected only when this file is named explicitly).


def test_matchpoint_a_season(benchmark: Any) -> None:
    boards = make_boards()
    benchmark.pedantic(matchpoint_all, args=(boards,), rounds=3, iterations=1)
    assert benchmark.stats.stats.max < LIMIT_SECONDS


def test_score_a_season_of_boards(benchmark: Any) -> None:
    boards = make_boards()
    benchmark.pedantic(score_all, args=(boards,), rounds=3, iterations=1)


if __name__ == "__main__":
    raise SystemExit(main())
