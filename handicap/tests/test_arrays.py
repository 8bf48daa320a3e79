"""The full recompute's month as arrays (handicap/arrays.py) against the text path.

On PostgreSQL a full recompute over a stored history walks each month as arrays and
compares its rows with the stored ones as numbers; only a month that differs is
walked again by text, which writes the difference (issue #15; docs/handicap.md,
"Speed"). So every column of a row corrupted by hand must make its month differ,
and a month walked as arrays must be, number for number, what the text path makes.
"""

from __future__ import annotations

from contextlib import contextmanager
from datetime import date
from decimal import Decimal

import numpy as np
import pytest
from django.db import connection, transaction
from django.db.models import Max, Min

from handicap import arrays, records, services
from handicap.compare import stored_lines
from handicap.history import HistoryText, build_fields
from handicap.models import HandicapChange
from handicap.policies import current_policy
from handicap.services import _left_out, _member_ids, _read_between, recompute_from
from handicap.starts import held_starts
from handicap.tests.test_compare import _rebuilt
from handicap.tests.test_incremental import (
    MEMBERS,
    OUTSIDER,
    _current,
    _history,
    _report,
    walked_season,
)
from members.common.locks import lock_handicaps
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
on_postgresql = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="the arrays are read by PostgreSQL's binary form"
)


@pytest.fixture
def walked():
    """The walked season, with a non-member (5.4) in a pairs evening and in a team
    event of the same month as a plain one, and an individual evening: competitions
    the arrays leave to ``compute`` among those they take."""
    members = walked_season()
    numbers = [300, -200, 1000, -700, 50, 0]
    _report(("pairs", 30, [OUTSIDER, *range(MEMBERS)], numbers, 5), members)
    _report(("individual", 31, list(range(MEMBERS + 1)), numbers, 6), members)
    _report(("teams", 22, [OUTSIDER, *range(MEMBERS)], numbers, 3), members)
    recompute_from(None)
    return members


def _one(rows, **changes):
    """Change one row: the sixth by key, one with a partner (a pairs row)."""
    row = rows.filter(partner__isnull=False).order_by("pk")[5]
    rows.filter(pk=row.pk).update(**changes)


CORRUPTIONS = {
    "old": {"old": Decimal("12.34")},
    "partner": {"partner": Decimal("7.77")},
    "no partner": {"partner": None},
    "owner": {"owner": Decimal("1.01")},
    "field": {"field": Decimal("2.02")},
    "expected": {"expected": Decimal("3.03")},
    "achieved": {"achieved": Decimal("4.04")},
    "change": {"change": Decimal("0.001")},
    "new": {"new": Decimal("40.00")},
    "boards": {"boards": 1},
    "place with a leading zero": {"place": "01"},
    "place with a space": {"place": "1 "},
    "place as a range of one": {"place": "1-1"},
    "place beyond ASCII": {"place": "ö"},
    "no place": {"place": ""},
    "scoring": {"scoring": "imp"},
    "policy version": {"policy_version": "SBF 1999"},
}


@pytest.mark.parametrize("changes", CORRUPTIONS.values(), ids=CORRUPTIONS.keys())
def test_every_column_of_a_row_corrupted_is_found_and_mended(walked, changes):
    rebuilt = _rebuilt()
    _one(HandicapChange.objects.all(), **changes)
    assert _history() != rebuilt[0]
    assert recompute_from(None) == 1  # that row, updated where it stands
    assert (_history(), _current()) == rebuilt
    assert recompute_from(None) == 0


def _months():
    bounds = Tournament.objects.aggregate(first=Min("start_date"), last=Max("start_date"))
    return list(services._months(bounds["first"], bounds["last"]))


@on_postgresql
def test_a_month_walked_as_arrays_is_the_text_paths_month(walked):
    """Both ways from the same handicaps, month after month: the same rows, and the
    stored ones; the plain competitions as arrays, the rest (a non-member plays)
    through ``compute``."""
    policy = current_policy()
    index = arrays.MemberIndex(_member_ids())
    starts = held_starts(None, policy)

    def first(player: str, day: date) -> float:
        return float(starts[int(player)])

    state = arrays.WalkState.empty(len(index))
    current: dict[str, float] = {}
    last_day: dict[str, date] = {}
    plain = others = 0
    for start, end in _months():
        month = arrays.assemble(*arrays.read_month(start, end), index, policy, _left_out)
        plain += len(month.plain.rest)
        others += sum(map(len, month.others))
        computed = arrays.walk_month(month, state, index, policy, first, _left_out)
        rows, fields, places = _read_between(start, end, None)
        text = HistoryText(policy.version, current, last_day)
        for competition, changes in services.walk(
            build_fields(rows, places) + fields, current, policy, first_handicap=first
        ):
            text.take(competition, changes, places)
        by_text = arrays._as_stored(arrays.lines_as_rows(text.lines, policy.version))
        assert arrays.same_rows(computed, by_text)
        assert arrays.same_rows(computed, arrays.stored_rows(start, end, policy.version))
        assert arrays.same_rows(
            by_text,
            arrays._as_stored(arrays.lines_as_rows(list(stored_lines(start, end)), policy.version)),
        )
        # The state carried on is the text path's.
        again: tuple[dict, dict] = ({}, {})
        arrays.to_dicts(state, index, *again)
        assert again == (current, last_day)
    assert plain and others


@on_postgresql
def test_a_month_that_differs_is_told_apart():
    policy = current_policy()
    empty = np.zeros(0, dtype=arrays._STORED_VALUES)
    one = np.zeros(1, dtype=arrays._STORED_VALUES)
    assert arrays.same_rows(empty, empty)
    assert not arrays.same_rows(one, empty)
    two = np.zeros(1, dtype=arrays._STORED_VALUES)
    two["achieved"] = 1
    assert not arrays.same_rows(one, two)
    assert not arrays.same_rows(None, one)
    assert policy.version  # the policy in force names its rows


def test_places_read_back_as_the_walk_writes_them():
    assert arrays.place_numbers("") == (-1, -1)
    assert arrays.place_numbers("3") == (3, 3)
    assert arrays.place_numbers("3-4") == (3, 4)
    for odd in ("03", "3-3", "3 ", "-1", "x", "3-", "1234567890"):
        assert arrays.place_numbers(odd) == (-2, -2)


@on_postgresql
@pytest.mark.django_db(transaction=True)
def test_the_history_is_read_on_a_second_connection_that_sees_what_the_walk_sees(
    monkeypatch,
):
    """As the command runs it: committed results, one transaction holding the lock,
    nothing written before the walk. The stored rows come through the second reader
    (the recompute's exported snapshot); a row corrupted by hand is still found."""
    walked_season()
    readers = []
    real = records.second_reader

    @contextmanager
    def spy():
        with real() as reader:
            readers.append(reader)
            yield reader

    monkeypatch.setattr(records, "second_reader", spy)
    history = _history()
    again = "months that differ, walked again by text"
    seconds: dict[str, float] = {}
    with transaction.atomic():
        lock_handicaps()
        assert recompute_from(None, seconds=seconds) == 0
    assert readers and readers[0] is not None
    assert again not in seconds  # every month as the second reader read it
    assert _history() == history
    _one(HandicapChange.objects.all(), achieved=Decimal("4.04"))
    seconds.clear()
    with transaction.atomic():
        lock_handicaps()
        assert recompute_from(None, seconds=seconds) == 1
    assert again in seconds
    assert _history() == history
    assert readers[1] is not None
