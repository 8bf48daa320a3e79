"""Writing many rows at once: a report's traveller lines, the season's recompute, the
handicap history and the demo seasons. The one COPY writer of the house.

On PostgreSQL rows go through COPY (psycopg 3), elsewhere through one ``executemany``;
either way they are plain tuples in the order of ``fields`` (model field names;
foreign keys by their ``_id`` attribute), or, for the hottest loop, lines already in
COPY's text format (:func:`copy_lines`). Dicts are written as JSON. Keys can be
handed out ahead with :func:`reserve_ids` so that child rows can point at parents
that are written in the same pass.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal

from django.core.exceptions import EmptyResultSet, FieldDoesNotExist
from django.db import DEFAULT_DB_ALIAS, connection, connections, transaction
from django.db.models import DecimalField, JSONField, Max, Model
from django.utils import timezone


def _field(model: type[Model], name: str):
    """A field by name, or a foreign key by its ``_id`` attribute."""
    try:
        return model._meta.get_field(name)
    except FieldDoesNotExist:
        return model._meta.get_field(name.removesuffix("_id"))


def _columns(model: type[Model], fields: Sequence[str]) -> list[str]:
    return [_field(model, name).column for name in fields]


def _defaults(model: type[Model], fields: Sequence[str]) -> tuple[list[str], list[object]]:
    """The columns not given and the model's defaults for them (the table has none)."""
    given = {_field(model, name).name for name in fields}
    now = timezone.now()
    columns, values = [], []
    for field in model._meta.concrete_fields:
        if field.name in given or field.primary_key:
            continue
        columns.append(field.column)
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
            values.append(now)
        else:
            values.append(_plain(field.get_default()))
    return columns, values


def _plain(value: object) -> object:
    return json.dumps(value) if isinstance(value, dict | list) else value


_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def _text(value: object) -> str:
    """A value in COPY's text format (psycopg's write_row adapts value by value in
    Python; one formatted line per row writes a season's ledger three times faster)."""
    if value is None:
        return "\\N"
    if isinstance(value, bool):
        return "t" if value else "f"
    if isinstance(value, str):
        return value.translate(_ESCAPES)
    if isinstance(value, dict | list):
        return json.dumps(value).translate(_ESCAPES)
    if isinstance(value, datetime | date):
        return value.isoformat()
    return str(value)


def insert_rows(model: type[Model], fields: Sequence[str], rows: Iterable[Sequence]) -> int:
    """Insert ``rows`` into ``model``'s table; returns how many were written."""
    table = connection.ops.quote_name(model._meta.db_table)
    extra_columns, extra = _defaults(model, fields)
    names = _columns(model, fields) + extra_columns
    columns = ", ".join(connection.ops.quote_name(c) for c in names)
    if connection.vendor == "postgresql":
        tail = "".join("\t" + _text(v) for v in extra) + "\n"
        return _copy(table, columns, ("\t".join(map(_text, row)) + tail for row in rows))
    marks = ", ".join(["%s"] * len(names))
    sql = f"INSERT INTO {table} ({columns}) VALUES ({marks})"
    written = 0
    batch: list[list] = []
    with connection.cursor() as cursor:
        for row in rows:
            batch.append([*map(_plain, row), *extra])
            if len(batch) == 5000:
                cursor.executemany(sql, batch)
                written += len(batch)
                batch = []
        if batch:
            cursor.executemany(sql, batch)
            written += len(batch)
    return written


def copy_lines(model: type[Model], fields: Sequence[str], lines: Iterable[str]) -> int:
    """Write ``lines`` already in COPY's text format (tab-separated ``fields``, each line
    ending in a newline) into ``model``'s table: PostgreSQL only. For a loop that makes
    millions of rows and can build their text cheaper than :func:`insert_rows` can."""
    if connection.vendor != "postgresql":
        raise NotImplementedError("copy_lines is PostgreSQL's; use insert_rows elsewhere")
    missing, _values = _defaults(model, fields)
    if missing:
        raise ValueError(f"copy_lines needs every column of {model.__name__}: {missing}")
    table = connection.ops.quote_name(model._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(c) for c in _columns(model, fields))
    return _copy(table, columns, lines)


def _copy(table: str, columns: str, lines: Iterable[str]) -> int:
    written = 0
    with connection.cursor() as cursor:
        with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
            chunk: list[str] = []
            for line in lines:
                chunk.append(line)
                if len(chunk) == 20000:
                    copy.write("".join(chunk))
                    written += len(chunk)
                    chunk = []
            copy.write("".join(chunk))
            written += len(chunk)
    return written


def reserve_ids(model: type[Model], count: int) -> int:
    """The first of ``count`` fresh primary keys of ``model`` (call :func:`sync_ids` after
    writing them). Meant for one writer at a time: the demo seeder."""
    latest = model.objects.aggregate(latest=Max("pk"))["latest"] or 0
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT last_value, is_called FROM "
                + _sequence(model).replace("'", "")  # a regclass name from the catalogue
            )
            last, called = cursor.fetchone()
            latest = max(latest, last if called else last - 1)
    return latest + 1


def sync_ids(model: type[Model]) -> None:
    """Move PostgreSQL's key sequence past keys written by hand."""
    if connection.vendor != "postgresql":
        return
    table = model._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT setval(%s, GREATEST((SELECT COALESCE(MAX("
            + connection.ops.quote_name(model._meta.pk.column)
            + "), 0) FROM "
            + connection.ops.quote_name(table)
            + "), 1))",
            [_sequence(model)],
        )


def _sequence(model: type[Model]) -> str:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_get_serial_sequence(%s, %s)", [model._meta.db_table, model._meta.pk.column]
        )
        return cursor.fetchone()[0]


def analyze(*models: type[Model]) -> None:
    """Refresh PostgreSQL's planner statistics after a bulk write: with the row counts
    of an empty table it picks plans that take minutes instead of seconds."""
    if connection.vendor != "postgresql":
        return
    with connection.cursor() as cursor:
        for model in models:
            cursor.execute("ANALYZE " + connection.ops.quote_name(model._meta.db_table))


def fetch_rows(queryset, size: int = 50000):
    """The rows of a ``values_list`` queryset as plain tuples.

    On PostgreSQL the query goes straight to psycopg, which already gives dates,
    Decimals and JSON as Python values, and skips the ORM's per-row work (four
    times faster over a season's ledger); elsewhere it is the ORM's own iterator,
    whose converters SQLite needs. JSON arrives as text from psycopg under Django
    (its loader is switched off), so callers read it with :func:`json_value`.
    """
    if connection.vendor != "postgresql":
        yield from queryset.iterator(chunk_size=size)
        return
    try:
        sql, params = queryset.query.sql_with_params()
    except EmptyResultSet:  # .none(), or an empty ``__in``
        return
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        while batch := cursor.fetchmany(size):
            yield from batch


def json_value(value: object) -> object:
    return json.loads(value) if isinstance(value, str) else value


@dataclass(frozen=True)
class Replaced:
    written: int
    deleted: int
    unchanged: int
    touched: frozenset[tuple]  # keys of the rows written or deleted


def replace_rows(
    existing,
    model: type[Model],
    fields: Sequence[str],
    key: Sequence[str],
    rows: Iterable[Sequence],
) -> Replaced:
    """Make ``existing`` (a queryset of ``model``) hold exactly ``rows``, writing only
    what differs: rows whose ``key`` fields match and whose values are equal stay,
    others are deleted and written anew.

    A season's recompute mostly finds what it found before; writing only the
    difference keeps it from rewriting (and re-indexing) hundreds of thousands of rows.
    Decimals are compared at the column's precision, as the database keeps them.
    """
    quanta = {
        i: Decimal(1).scaleb(-field.decimal_places)
        for i, field in enumerate(_field(model, name) for name in fields)
        if isinstance(field, DecimalField)
    }
    where = [fields.index(name) for name in key]
    json_at = {i for i, name in enumerate(fields) if isinstance(_field(model, name), JSONField)}

    # Decimals are compared as the text the column holds ("25.07"), so rows may give
    # them as Decimals or, cheaper to make by the million, as text of that precision.
    def stored(row: Sequence) -> tuple:
        values = list(row)
        for i, quantum in quanta.items():
            value = values[i]
            if isinstance(value, Decimal):
                values[i] = str(value.quantize(quantum, rounding=ROUND_HALF_UP))
        return tuple(values)

    old: dict[tuple, tuple[int, tuple]] = {}
    for pk, *values in fetch_rows(existing.values_list("pk", *fields)):
        if json_at:
            values = [json_value(v) if i in json_at else v for i, v in enumerate(values)]
        for i in quanta:
            if values[i] is not None:
                values[i] = str(values[i])
        old[tuple(values[i] for i in where)] = (pk, tuple(values))
    fresh: list[tuple] = []
    touched: set[tuple] = set()
    unchanged = 0
    gone: list[int] = []
    for row in rows:
        values = stored(row)
        at = tuple(values[i] for i in where)
        found = old.pop(at, None)
        if found is not None and found[1] == values:
            unchanged += 1
            continue
        if found is not None:
            gone.append(found[0])
        fresh.append(values)
        touched.add(at)
    for at, (pk, _values) in old.items():
        gone.append(pk)
        touched.add(at)
    for offset in range(0, len(gone), 5000):
        model.objects.filter(pk__in=gone[offset : offset + 5000])._raw_delete(existing.db)
    written = insert_rows(model, fields, fresh)
    return Replaced(written, len(gone), unchanged, frozenset(touched))


@contextmanager
def indexes_set_aside(model: type[Model]):
    """Write many rows into ``model``'s emptied table without its indexes (its primary
    key's too, when no other table refers to it) and foreign keys, and build them again
    at the end (PostgreSQL; elsewhere a no-op).

    Loading a table through its indexes and per-row foreign-key triggers costs several
    times the load; building an index over the loaded table is one sort, and checking a
    foreign key one join. It runs in a transaction (a savepoint in the caller's): a failure on the way
    puts everything back as it was. The table is locked (ACCESS EXCLUSIVE) until it ends.
    """
    if connection.vendor != "postgresql":
        yield
        return
    table = connection.ops.quote_name(model._meta.db_table)
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
            "WHERE conrelid = %s::regclass AND (contype IN ('f', 'u') OR contype = 'p' AND "
            "NOT EXISTS (SELECT 1 FROM pg_constraint r WHERE r.confrelid = %s::regclass)) "
            "ORDER BY contype = 'f', conname",  # the primary key before the foreign keys
            [model._meta.db_table, model._meta.db_table],
        )
        constraints = cursor.fetchall()
        cursor.execute(
            "SELECT i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid) FROM pg_index i "
            "WHERE i.indrelid = %s::regclass AND NOT i.indisprimary AND NOT EXISTS "
            "(SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid) ORDER BY 1",
            [model._meta.db_table],
        )
        indexes = cursor.fetchall()
        # Foreign keys are deferred to the commit; checks still pending from this
        # transaction's writes would forbid dropping one ("pending trigger events").
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        for name, _definition in constraints:
            cursor.execute(f"ALTER TABLE {table} DROP CONSTRAINT {connection.ops.quote_name(name)}")
        for name, _definition in indexes:
            cursor.execute(f"DROP INDEX {name}")  # a regclass name from the catalogue
        cursor.execute("SET CONSTRAINTS ALL DEFERRED")
        yield
        cursor.execute("SET LOCAL maintenance_work_mem = '256MB'")
        for _name, definition in indexes:
            cursor.execute(definition)
        for name, definition in constraints:
            cursor.execute(
                f"ALTER TABLE {table} ADD CONSTRAINT {connection.ops.quote_name(name)} {definition}"
            )


class _Inline:
    """An executor that runs each job at once, here (``database_thread``'s stand-in)."""

    def submit(self, function, /, *args, **kwargs) -> Future:
        done: Future = Future()
        try:
            done.set_result(function(*args, **kwargs))
        except BaseException as error:  # handed back through the future, as a pool would
            done.set_exception(error)
        return done


INLINE = _Inline()


@contextmanager
def database_thread():
    """An executor of one thread that runs its jobs, in the order given, on this thread's
    database connection and transaction, so that PostgreSQL works on one core while
    the caller computes on the other. Until it ends the caller leaves the database to
    it (every query goes through ``submit``). Elsewhere the jobs run at once, here.
    """
    if connection.vendor != "postgresql":
        yield INLINE
        return
    shared = connections[DEFAULT_DB_ALIAS]
    shared.inc_thread_sharing()

    def adopt() -> None:
        connections[DEFAULT_DB_ALIAS] = shared

    pool = ThreadPoolExecutor(1, thread_name_prefix="database", initializer=adopt)
    try:
        yield pool
    except BaseException:
        pool.shutdown(wait=True, cancel_futures=True)
        raise
    else:
        pool.shutdown(wait=True)
    finally:
        shared.dec_thread_sharing()
