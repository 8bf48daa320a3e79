"""The EBU season benchmark (bench_ebu_season, issue #20 "Speed") runs at a small size on
SQLite and reports its three figures with their targets; the timings themselves are not
asserted (the real run is on PostgreSQL: docs/awards-ebu.md)."""

import re
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from awards.models import MasterPointAward
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

# What the machine was doing meanwhile (the wall clock's context).
BUSY = r"[\d.]+ s CPU, load [\d.]+ on \d+ CPUs"


@pytest.fixture(autouse=True)
def ebu(settings):
    settings.KLOVER_FEDERATION = "ebu"


def _bench(*args: str) -> str:
    out = StringIO()
    call_command(
        "bench_ebu_season", "--tournaments", "60", "--members", "300", "--clubs", "40",
        "--step-runs", "3", "--workers", "1", *args, stdout=out,
    )  # fmt: skip
    return out.getvalue()


def test_the_benchmark_reports_the_recompute_the_step_and_the_dry_run():
    text = _bench()
    assert "built 60 EBU events (" in text
    recompute = re.search(
        r"season recompute of 60 EBU events from an empty ledger, 1 worker: [\d.]+ s "
        rf"\(target < 120 s; {BUSY}\); (\d+) ledger rows",
        text,
    )
    assert recompute and int(recompute[1]) == MasterPointAward.objects.count() > 500
    # Scale A, 10 tables, place 1 at 99 local points: the demo's club sessions of 10
    # full tables change their winners' awards.
    diff = re.search(
        r"dry-run diff of cell A:10:1:99 over 60 EBU events, 1 worker: [\d.]+ s "
        rf"\(target < 120 s; {BUSY}\); (\d+) awards .* nothing written",
        text,
    )
    assert diff and int(diff[1]) > 0
    # The 30-table Mitchell is awarded at its licence's county status (3.2, Scale C).
    assert re.search(
        r"award step, 30 tables x 27 boards at county status under its licence \(\d+ ledger "
        r"rows\): median [\d.]+ ms \(target < 100 ms\), .* over 3 runs",
        text,
    )
    assert re.search(r"summary: season recompute [\d.]+ s \(target < 120 s\), award step "
                     r"[\d.]+ ms \(target < 100 ms\), dry-run diff [\d.]+ s", text)  # fmt: skip
    # The step's event and licence are rolled back: the season is as it was built.
    assert Tournament.objects.count() == 60


def test_the_benchmark_refuses_the_sbf_profile_and_a_malformed_cell(settings):
    with pytest.raises(CommandError, match="--cell 'A:10': write SCALE:TABLES:PLACE:VALUE"):
        call_command("bench_ebu_season", "--cell", "A:10", stdout=StringIO())
    settings.KLOVER_FEDERATION = "sbf"
    with pytest.raises(CommandError, match="KLOVER_FEDERATION=ebu"):
        call_command("bench_ebu_season", stdout=StringIO())
