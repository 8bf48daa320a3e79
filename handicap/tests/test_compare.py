"""The full recompute over a stored history writes only what differs (handicap/compare.py).

Whatever the stored history holds, ``recompute_from(None)`` must leave it row for row
and column for column as a recompute from an empty history (``rebuild=True``) makes
it, and write nothing when nothing differs (issue #15; docs/handicap.md, "Speed").
"""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handicap import services
from handicap.models import HandicapChange, MemberHandicap
from handicap.services import recompute_from
from handicap.tests.test_incremental import (
    _current,
    _history,
    _members,
    _replace,
    _report,
    operations,
    walked_season,
)
from members.models import Member

pytestmark = pytest.mark.django_db
HISTORY = HandicapChange._meta.db_table


@pytest.fixture
def walked():
    """Six evenings and a team event among twelve members, walked in full."""
    return walked_season()


def _rebuilt() -> tuple[list, list]:
    """The history and current handicaps a recompute from an empty history makes."""
    with transaction.atomic():
        recompute_from(None, rebuild=True)
        found = _history(), _current()
        transaction.set_rollback(True)
    return found


def _writes(queries) -> list[str]:
    return [
        q["sql"]
        for q in queries.captured_queries
        if HISTORY in q["sql"]
        and q["sql"].lstrip().startswith(("INSERT", "UPDATE", "DELETE"))
        or q["sql"].lstrip().startswith(("TRUNCATE", "COPY handicap"))
    ]


def test_a_full_recompute_that_changes_nothing_writes_nothing(walked):
    history, current = _history(), _current()
    versions = list(Member.objects.order_by("pk").values_list("page_version", flat=True))
    with CaptureQueriesContext(connection) as queries:
        assert recompute_from(None) == 0
    assert _writes(queries) == []
    assert (_history(), _current()) == (history, current)
    # No member's cached page is thrown away: none of their rows changed.
    assert list(Member.objects.order_by("pk").values_list("page_version", flat=True)) == versions


def _corrupt_new(rows):
    rows.filter(pk=rows.order_by("pk")[3].pk).update(new=Decimal("40.00"))


def _corrupt_a_row(rows):
    rows.filter(pk=rows.order_by("pk")[5].pk).update(
        old=Decimal("0.00"), expected=Decimal("0"), change=Decimal("9.999")
    )


def _corrupt_place(rows):
    rows.filter(pk=rows.order_by("pk")[1].pk).update(place="9-12")


def _delete_one(rows):
    rows.filter(pk=rows.order_by("pk")[2].pk).delete()


def _delete_a_tournament(rows):
    rows.filter(tournament_id=rows.order_by("pk")[0].tournament_id).delete()


def _delete_a_match(rows):
    rows.filter(match__isnull=False, match__round=2).delete()


def _add_a_stray_row(rows):
    # A row no competition gives: a member who did not play the tournament.
    row = rows.order_by("pk").first()
    played = set(rows.filter(tournament_id=row.tournament_id).values_list("member_id", flat=True))
    stranger = Member.objects.exclude(pk__in=played).order_by("pk").first()
    row.pk, row.member_id = None, stranger.pk
    row.save()


def _move_a_row_a_day(rows):
    row = rows.order_by("pk")[4]
    rows.filter(pk=row.pk).update(played_on=row.played_on + timedelta(days=1))


@pytest.mark.parametrize(
    "corrupt",
    [_corrupt_new, _corrupt_a_row, _corrupt_place, _delete_one, _delete_a_tournament,
     _delete_a_match, _add_a_stray_row, _move_a_row_a_day],
)  # fmt: skip
def test_a_full_recompute_mends_only_what_was_corrupted(walked, corrupt):
    history, current = _history(), _current()
    corrupt(HandicapChange.objects.all())
    assert _history() != history
    untouched = set(HandicapChange.objects.values_list("pk", flat=True))
    assert recompute_from(None) > 0
    assert (_history(), _current()) == (history, current)
    # The rows that were right keep their keys: they were not written again.
    kept = set(HandicapChange.objects.values_list("pk", flat=True))
    assert len(untouched & kept) >= len(history) - 12
    assert recompute_from(None) == 0


def test_a_corrupted_current_handicap_is_mended(walked):
    full_current = _current()
    MemberHandicap.objects.filter(member=walked[3]).update(handicap=Decimal("1.00"))
    assert recompute_from(None) == 0  # no history row differs
    assert _current() == full_current


def test_a_history_that_mostly_differs_is_written_anew(walked, monkeypatch):
    """Rows of another policy: comparing them one by one would rewrite them all."""
    history, current = _rebuilt()
    monkeypatch.setattr(services, "REBUILD_AFTER", 10)
    emptied = []
    empty = services._empty_history
    monkeypatch.setattr(services, "_empty_history", lambda: (emptied.append(1), empty()))
    HandicapChange.objects.update(policy_version="SBF 1999", new=Decimal("30.00"))
    assert recompute_from(None) == len(history)
    assert emptied == [1]
    assert (_history(), _current()) == (history, current)


def _shaken(members, rows, draw) -> None:
    """Some stored rows changed, deleted or copied onto another member."""
    for pk in draw(st.lists(st.sampled_from(rows), max_size=4, unique=True)):
        how = draw(st.sampled_from(["value", "delete", "stranger"]))
        row = HandicapChange.objects.get(pk=pk)
        if how == "value":
            row.new = row.new + Decimal(draw(st.sampled_from(["0.01", "-1.50", "7.00"])))
            row.save()
        elif how == "delete":
            row.delete()
        else:
            taken = set(
                HandicapChange.objects.filter(tournament_id=row.tournament_id).values_list(
                    "member_id", flat=True
                )
            )
            free = [m for m in members if m.pk not in taken]
            if free:
                row.pk, row.member_id = None, draw(st.sampled_from(free)).pk
                row.save()


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(operations=operations, data=st.data())
def test_the_compared_recompute_gives_what_a_rebuild_gives(operations, data) -> None:
    """Random reports (added, replaced, removed; steps left unrun), a history shaken by
    hand, then the full recompute: the same rows as a recompute from nothing."""
    with transaction.atomic():
        members = _members()
        made = []
        for operation in operations:
            if operation[0] == "add":
                made.append(_report(operation[1], members))
            elif operation[0] == "replace" and made:
                _replace(made[operation[1] % len(made)], operation[2], members)
            elif operation[0] == "remove" and made:
                made.pop(operation[1] % len(made)).delete()
            if data.draw(st.booleans(), label="walk now"):
                recompute_from(None)
        rows = list(HandicapChange.objects.values_list("pk", flat=True))
        if rows:
            _shaken(members, rows, data.draw)
        expected = _rebuilt()
        recompute_from(None)
        assert (_history(), _current()) == expected
        assert recompute_from(None) == 0
        transaction.set_rollback(True)


def test_the_first_full_recompute_loads_an_empty_history(walked):
    """From an empty history there is nothing to compare: it is written anew."""
    history, current = _history(), _current()
    HandicapChange.objects.all().delete()
    assert recompute_from(None) == len(history)
    assert (_history(), _current()) == (history, current)


def test_a_stray_row_of_a_member_never_met_leaves_them_without_a_handicap():
    """Found by the property test above: two pairs reports walked, a teams report not
    yet walked, then a row copied onto the member who holds no handicap. The full
    recompute deletes the row and gives the member no current handicap from the start
    the walk worked out for them: a rebuild gives them none either."""
    from handicap.tests.test_incremental import _members, _report

    with transaction.atomic():
        members = _members()
        newcomer = members[-1]  # the one member without a MemberHandicap
        _report(("pairs", 0, list(range(13)), [0] * 6, 2), members)
        _report(("pairs", 0, list(range(13)), [0] * 6, 2), members)
        recompute_from(None)
        _report(("teams", 0, [0, 1, 2, 3, 4, 11, 6, 12, 8, 9, 10, 5, 7], [0] * 6, 2), members)
        row = HandicapChange.objects.order_by("pk").first()
        assert not HandicapChange.objects.filter(
            tournament_id=row.tournament_id, member=newcomer
        ).exists()
        row.pk, row.member_id = None, newcomer.pk
        row.save()
        expected = _rebuilt()
        assert recompute_from(None) > 0
        assert (_history(), _current()) == expected
        transaction.set_rollback(True)
