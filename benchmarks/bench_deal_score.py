"""Benchmark: score 1,000,000 duplicate deals (target: under 5 s on one core).

Run either way:

    .venv/bin/python benchmarks/bench_deal_score.py
    .venv/bin/pytest benchmarks/bench_deal_score.py -p no:django --benchmark-only

The file name does not start with ``test_`` so the normal test run skips it.
The deals are drawn once, before timing, from a fixed seed: every contract
1-7 in each strain and doubling, any declarer, either vulnerability, 0-13
tricks. Three paths are measured: parsed contracts with the declarer's
vulnerability (``duplicate_score``), the same from North-South's view with a
board vulnerability (``ns_score``), and contracts given as text (``"4SX"``).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tournaments.domain.contract import (  # noqa: E402
    Contract,
    Doubling,
    Seat,
    Strain,
    Vulnerability,
    format_contract,
)
from tournaments.domain.deal_score import duplicate_score, ns_score  # noqa: E402

DEALS = 1_000_000
LIMIT_SECONDS = 5.0

Deal = tuple[Any, Seat, Any, int]


def make_deals(count: int = DEALS, *, seed: int = 20240901, as_text: bool = False) -> list[Deal]:
    rng = random.Random(seed)
    contracts = [
        Contract(level, strain, doubling)
        for level in range(1, 8)
        for strain in Strain
        for doubling in Doubling
    ]
    texts = [format_contract(c) for c in contracts]
    seats = list(Seat)
    deals: list[Deal] = []
    for _ in range(count):
        i = rng.randrange(len(contracts))
        deals.append(
            (
                texts[i] if as_text else contracts[i],
                rng.choice(seats),
                rng.random() < 0.5,
                rng.randrange(14),
            )
        )
    return deals


def with_board_vulnerability(deals: list[Deal], *, seed: int = 7) -> list[Deal]:
    rng = random.Random(seed)
    vulnerabilities = list(Vulnerability)
    return [(c, d, rng.choice(vulnerabilities), t) for c, d, _, t in deals]


def score_all(deals: list[Deal], scorer: Callable[..., int] = duplicate_score) -> int:
    total = 0
    for contract, declarer, vulnerable, tricks in deals:
        total += scorer(contract, declarer, vulnerable, tricks)
    return total


def _time(label: str, deals: list[Deal], scorer: Callable[..., int]) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        score_all(deals, scorer)
        best = min(best, time.perf_counter() - start)
    per_deal_ns = best / len(deals) * 1e9
    print(f"{label:<48} {best:6.3f} s  ({per_deal_ns:5.0f} ns/deal, best of 3)")
    return best


def main() -> int:
    print(f"Scoring {DEALS:,} deals, Python {sys.version.split()[0]}, one core")
    parsed = make_deals()
    text = make_deals(as_text=True)
    board = with_board_vulnerability(parsed)
    results = [
        _time("duplicate_score(Contract, Seat, bool, int)", parsed, duplicate_score),
        _time("ns_score(Contract, Seat, Vulnerability, int)", board, ns_score),
        _time('duplicate_score("4SX", Seat, bool, int)', text, duplicate_score),
    ]
    ok = results[0] < LIMIT_SECONDS
    print(f"target: 1,000,000 deals under {LIMIT_SECONDS:.0f} s -> {'met' if ok else 'MISSED'}")
    return 0 if ok else 1


# pytest-benchmark entry points (collected only when this file is named explicitly).


def test_score_million_deals(benchmark: Any) -> None:
    deals = make_deals()
    benchmark.pedantic(score_all, args=(deals,), rounds=3, iterations=1)
    assert benchmark.stats.stats.max < LIMIT_SECONDS


def test_score_million_deals_ns_view(benchmark: Any) -> None:
    deals = with_board_vulnerability(make_deals())
    benchmark.pedantic(score_all, args=(deals, ns_score), rounds=3, iterations=1)


def test_score_million_deals_from_text(benchmark: Any) -> None:
    deals = make_deals(as_text=True)
    benchmark.pedantic(score_all, args=(deals,), rounds=3, iterations=1)


if __name__ == "__main__":
    raise SystemExit(main())
