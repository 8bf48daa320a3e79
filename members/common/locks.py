"""Locks that put the steps which rewrite a member's state (holdings, promotions,
ranking, the handicap history and current handicaps) one after another: any number of
reports processed at once then leave exactly the state of processing them in turn.

PostgreSQL advisory transaction locks, released with the transaction: they touch no
row, so reports being saved meanwhile (whose rows point at the same members) are not
held up. Members are locked in the order of their ids, so two steps with members in
common wait for each other instead of deadlocking. SQLite lets one writer at a time
and needs none of this.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import connection

# The first key of each lock family (the second is a member's id, or 0 for all).
MEMBERS = 1401  # master points: ledger, holdings, promotions, ranking
HANDICAPS = 1402  # the handicap history and current handicaps
REPORTS = 1403  # the save of one event's report (the second key: a hash of its name)
RANKING = 1404  # the places of the national ranking list


def _take(sql: str, params: list) -> None:
    if connection.vendor != "postgresql":
        return
    if not connection.in_atomic_block:
        raise RuntimeError("a transaction lock is taken inside a transaction")
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def lock_members(member_ids: Iterable[int]) -> None:
    """Wait for, then hold until the transaction ends, these members' master points."""
    ids = sorted({int(m) for m in member_ids})
    if not ids:
        return
    # Shared on (MEMBERS, 0): a season's recompute takes it alone (lock_all_members).
    _take("SELECT pg_advisory_xact_lock_shared(%s, 0)", [MEMBERS])
    # The aggregate takes the locks in the order the subquery hands out the ids.
    _take(
        "SELECT count(pg_advisory_xact_lock(%s, id)) "
        "FROM (SELECT unnest(%s::int[]) AS id ORDER BY 1) AS ordered",
        [MEMBERS, ids],
    )


def lock_all_members() -> None:
    """Every member's master points at once: the season's recompute."""
    _take("SELECT pg_advisory_xact_lock(%s, 0)", [MEMBERS])


def lock_handicaps() -> None:
    """The handicap history and current handicaps. One walk at a time: a late report's
    walk rewrites later rows of players it cannot name before it has walked."""
    _take("SELECT pg_advisory_xact_lock(%s, 0)", [HANDICAPS])


def lock_ranking() -> None:
    """The ranking list's places: one refresh numbers them at a time, each seeing the
    points of those before it."""
    _take("SELECT pg_advisory_xact_lock(%s, 0)", [RANKING])


def lock_report(*key: object) -> None:
    """The save of one event's report, named by ``key`` (its organiser and event id):
    two uploads of the same new event take turns, so the second finds the first's
    tournament and replaces it. Reports of other events share the lock only when their
    names hash alike, which makes one wait for the other, nothing worse."""
    _take(
        "SELECT pg_advisory_xact_lock(%s, hashtext(%s))",
        [REPORTS, ":".join(str(part) for part in key)],
    )
