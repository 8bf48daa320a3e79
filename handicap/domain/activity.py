"""Who is active on the handicap lists.

Seed ``002_4426357e9a32e88f.txt``: the presentation lists "Automatic drop when
in-active" (lines 711-712), and section 9 (line 601) says "Results, older than one
year, have practically no or insignificant importance"; 5.2 (lines 439-440) says a
player who comes back "will regain the handicap they had". So a member whose
last competition is over a year old is left out of the lists and keeps the handicap;
the next competition puts them back. A member with no competition yet (a start from
master points or from the office's estimate) has not dropped out of anything and stays
on the lists. docs/handicap.md, "Inactive players".
"""

from __future__ import annotations

from datetime import date, timedelta

# 002 line 601 (section 9): one year; a member is inactive once more than this many
# days have passed since their last competition (365 days after it still counts).
INACTIVE_AFTER_DAYS = 365


def active_since(today: date) -> date:
    """The earliest last competition that keeps a member on the lists today."""
    return today - timedelta(days=INACTIVE_AFTER_DAYS)


def is_inactive(last_competition: date | None, today: date) -> bool:
    """More than a year since the last competition; never for a member without one."""
    return last_competition is not None and last_competition < active_since(today)


def inactive_from(last_competition: date) -> date:
    """The first day a member without a later competition is left out of the lists."""
    return last_competition + timedelta(days=INACTIVE_AFTER_DAYS + 1)
