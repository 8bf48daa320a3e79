"""The EBU benchmark command (bench_ebu_awards) runs with tiny run counts and reports both
figures with their targets; the timings themselves are not asserted."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def test_the_command_reports_both_figures():
    out = StringIO()
    call_command("bench_ebu_awards", "--runs", "3", "--scale-runs", "1", stdout=out)
    text = out.getvalue()
    assert "3 runs each" in text
    assert "60 tables x 24 boards, ties 4:3, 10:2 (40 places)" in text
    assert "60 tables x 36 boards" in text
    assert text.count("µs per call; target < 1 ms: ") == 2
    assert "Appendix scales generated and compared (appendix.compare_all), 1 run:" in text
    assert "target < 1 s: " in text
    assert " departing; median " in text


def test_the_run_counts_are_at_least_one():
    with pytest.raises(CommandError):
        call_command("bench_ebu_awards", "--runs", "0", stdout=StringIO())
