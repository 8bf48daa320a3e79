"""Rows read from PostgreSQL straight into numpy: each row's columns in their binary
form, end to end, sent as one value (the full recompute's reads, issue #15)."""

from __future__ import annotations

from contextlib import contextmanager
from datetime import date

import numpy as np
import psycopg
import psycopg.sql
from django.db import connection

# Days are counted from 1970-01-01 (the dates read as such).
EPOCH = date(1970, 1, 1).toordinal()


def records(
    columns: tuple[tuple[str, str, str], ...],
    tail: str,
    params: list,
    reader: psycopg.Connection | None = None,
) -> np.ndarray | None:
    """Rows of ``columns`` (name, numpy type, SQL) as a structured array, sent by the
    database as one value: the records end to end, each column in its binary form
    (``int8send`` ...), so that nothing is made per row on this side (COPY hands each
    row over as a message of its own: seconds of the interpreter's time a season).
    ``tail`` is the FROM and WHERE. Read on this thread's connection, or on
    ``reader`` (:func:`second_reader`). None when a record is not of its width."""
    dtype = np.dtype([(name, kind if kind[0] == "S" else ">" + kind) for name, kind, _ in columns])
    record = " || ".join(f"{_SEND[kind[0]]}({sql})" for _name, kind, sql in columns)
    query = f"SELECT string_agg({record}, ''::bytea) {tail}"
    (data,) = fetch(query, params, reader)
    data = bytes(data or b"")
    if len(data) % dtype.itemsize:
        return None
    return np.frombuffer(data, dtype=dtype)


def fetch(query: str, params: list, reader: psycopg.Connection | None = None) -> tuple:
    """The one row of ``query``, its values in their binary form (bytes as they are),
    on this thread's connection or on ``reader``."""
    if reader is None:
        connection.ensure_connection()
        reader = connection.connection
    # A cursor of psycopg's own: Django's binds parameters on this side, which rules
    # out a binary result, and the bytes are wanted as they are (not as hex text).
    with psycopg.Cursor(reader) as cursor:
        cursor.execute(query, params, binary=True)
        return cursor.fetchone()


def parallel_workers(count: str | None) -> str | None:
    """Set how many parallel workers a query of this transaction may start (``None``:
    leave it); returns what it was. The full recompute takes none: it already keeps
    both cores busy (a reader each, and the walk), and the workers' start and their
    share of the cores cost more than they bring."""
    if count is None or connection.vendor != "postgresql" or not connection.in_atomic_block:
        return None
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT current_setting('{_WORKERS}'), set_config('{_WORKERS}', %s, true)", [count]
        )
        return cursor.fetchone()[0]


_WORKERS = "max_parallel_workers_per_gather"


@contextmanager
def second_reader():
    """A connection of its own that reads what this thread's transaction reads (its
    snapshot, exported), so that PostgreSQL reads the stored history on one core while
    it reads the results on the other; None where it cannot: outside a transaction,
    or once the transaction has written (another transaction does not see what this
    one has not committed)."""
    if connection.vendor != "postgresql" or not connection.in_atomic_block:
        yield None
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_current_xact_id_if_assigned() IS NULL")
        (clean,) = cursor.fetchone()
        if not clean:
            yield None
            return
        cursor.execute("SELECT pg_export_snapshot()")
        (snapshot,) = cursor.fetchone()
    reader = connection.get_new_connection(connection.get_connection_params())
    try:
        reader.autocommit = True
        reader.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        reader.execute(psycopg.sql.SQL("SET TRANSACTION SNAPSHOT {}").format(snapshot))
        reader.execute(f"SET LOCAL {_WORKERS} = 0")  # as parallel_workers says
        yield reader
    finally:
        reader.close()


_SEND = {"i": "", "f": "float8send", "S": "", "?": "boolsend"}
_INT_SEND = {"i8": "int8send", "i4": "int4send", "i2": "int2send"}


def column(name: str, kind: str, sql: str) -> tuple[str, str, str]:
    if kind in _INT_SEND:
        return (name, kind, f"{_INT_SEND[kind]}(({sql})::{_PG_INT[kind]})")
    return (name, kind, sql)


_PG_INT = {"i8": "int8", "i4": "int4", "i2": "int2"}


def days(start: date, end: date) -> list[int]:
    """The parameters of ``MONTH``: from ``start`` up to (not including) ``end``."""
    return [start.toordinal() - EPOCH, end.toordinal() - EPOCH]


# Tournaments ``t`` dated in a span (``days``).
MONTH = "t.start_date >= DATE '1970-01-01' + %s::int AND t.start_date < DATE '1970-01-01' + %s::int"
