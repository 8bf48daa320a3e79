"""How much of a results file Klöver reads at all (issue 16): the same limits for
the upload page, the ``import_results`` command and every other way in, checked
before a file is decoded, so that a huge file is refused in milliseconds, not
parsed for a minute to list a problem per row. Plain Python.

The limits are ten times and more what a real event needs: a 13-table, 27-board
Mitchell in USEBIO is 216 kB and 7,300 lines (``../shared/fixtures``); an event of
500 boards (plausibility.MAX_BOARDS) with 100 tables is about 5 MB of USEBIO and
60,000 lines of PBN; a ranking list of 10,000 entries (plausibility.MAX_ENTRIES)
is as many lines.
"""

from __future__ import annotations

from .report import Problem
from .text import Text, gettext_noop

MAX_BYTES = 10 * 1024 * 1024
MAX_LINES = {"pbn": 200_000, "csv": 12_000}


def refusal(data: bytes, filename: str, fmt: str) -> Problem | None:
    """Why the file is too large to read, or None."""
    if len(data) > MAX_BYTES:
        return Problem(
            filename,
            Text(
                gettext_noop("the file is %(size)s MB; results files are read up to %(most)s MB"),
                {"size": f"{len(data) / 1024 / 1024:.1f}", "most": MAX_BYTES // 1024 // 1024},
            ),
        )
    most = MAX_LINES.get(fmt)
    if most is not None:
        lines = data.count(b"\n") + 1
        if lines > most:
            return Problem(
                filename,
                Text(
                    gettext_noop(
                        "the file has %(lines)s lines; a %(format)s results file is read up to "
                        "%(most)s lines"
                    ),
                    {"lines": lines, "format": fmt.upper(), "most": most},
                ),
            )
    return None
