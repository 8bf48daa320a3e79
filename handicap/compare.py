"""The full recompute over a stored history: the rows computed again against the rows
already there, a month at a time, and only the difference written.

A recompute mostly finds what it found before (the issue #15 case: a full recompute
that changes nothing), so reading the stored rows costs less than writing them all
again: the stored rows as lines of COPY's text format are compared with the text
``history.HistoryText`` makes for the rows computed again (the same text the
incremental walk compares by). Rows that differ only in their values are updated in
place (their keys stay); rows no longer computed are deleted; new ones inserted.
docs/handicap.md, "Speed".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from django.db import connection

from tournaments.models import Tournament

from .history import COPY_FIELDS, COPY_NULL
from .incremental import _column, _stored_rows, _write_rows
from .models import HandicapChange

# Fields of a COPY line (``COPY_FIELDS``) that make a row's key, with its date: an
# update keeps those (``incremental._update_rows``), a row of another date is
# deleted and written anew.
_MEMBER, _TOURNAMENT, _MATCH, _DATE = (
    COPY_FIELDS.index(name) for name in ("member_id", "tournament_id", "match_id", "played_on")
)
Key = tuple[str, str, str, str]


@dataclass
class Differences:
    """What a month's rows computed again change in the stored ones."""

    deletes: list[int] = field(default_factory=list)
    updates: list[str] = field(default_factory=list)  # "pk\t" + the row's line
    inserts: list[str] = field(default_factory=list)
    members: set[int] = field(default_factory=set)

    def __len__(self) -> int:
        return len(self.deletes) + len(self.updates) + len(self.inserts)


def stored_lines(start: date, end: date) -> set[str]:
    """The history rows of the tournaments dated from ``start`` up to (not including)
    ``end``, each as its COPY line (``COPY_FIELDS``, as ``HistoryText`` makes them).
    Every row is some tournament's, so the months of a walk read every row once."""
    if connection.vendor != "postgresql":
        ids = list(
            Tournament.objects.filter(start_date__gte=start, start_date__lt=end).values_list(
                "pk", flat=True
            )
        )
        lines: set[str] = set()
        for offset in range(0, len(ids), 5000):
            lines.update(row[7] for row in _stored_rows(ids[offset : offset + 5000]))
        return lines
    quote = connection.ops.quote_name
    history = quote(HandicapChange._meta.db_table)
    tournaments = quote(Tournament._meta.db_table)
    text = ", ".join(
        f"COALESCE(CAST(h.{quote(_column(name))} AS TEXT), '{COPY_NULL}')" for name in COPY_FIELDS
    )
    # The month's rows as one text made by the database (COPY hands each row over as
    # an object of its own: four times the interpreter's time). The month's
    # tournaments as an array, so that their rows come by the tournament index (a join
    # scans the whole history for every month).
    sql = f"""
        SELECT string_agg(CONCAT_WS(E'\\t', {text}), E'\\n') || E'\\n'
          FROM {history} h
         WHERE h.tournament_id = ANY(ARRAY(
               SELECT t.id FROM {tournaments} t WHERE t.start_date >= %s AND t.start_date < %s))
    """  # noqa: S608 -- names from the models, values as parameters
    with connection.cursor() as cursor:
        cursor.execute(sql, [start, end])
        (found,) = cursor.fetchone()
    return set(found.splitlines(keepends=True)) if found else set()


def differences(lines: list[str], stored: set[str]) -> Differences:
    """The writes that turn ``stored`` (a month's stored lines) into ``lines`` (its rows
    computed again); ``stored`` is left as it was."""
    out = Differences()
    if len(lines) == len(stored) and stored.issuperset(lines):
        return out  # the usual case: nothing changed
    new = [line for line in lines if line not in stored]
    gone = stored.difference(lines)
    if not new and not gone:
        return out
    at: dict[Key, str] = {}
    for line in new:
        values = line.split("\t", _DATE + 1)
        at[(values[_MEMBER], values[_TOURNAMENT], values[_MATCH], values[_DATE])] = line
        out.members.add(int(values[_MEMBER]))
    if gone:
        keys: dict[Key, str] = {}
        for line in gone:
            values = line.split("\t", _DATE + 1)
            keys[(values[_MEMBER], values[_TOURNAMENT], values[_MATCH], values[_DATE])] = line
            out.members.add(int(values[_MEMBER]))
        for key, pk in _ids(keys).items():
            line = at.pop(key, None)
            if line is None:
                out.deletes.append(pk)
            else:  # the same row, other values: updated where it stands
                out.updates.append(f"{pk}\t{line}")
    out.inserts = list(at.values())
    return out


def _ids(keys: dict[Key, str]) -> dict[Key, int]:
    """The primary keys of these stored rows (by member, tournament, match and date as
    text)."""
    tournaments = sorted({int(key[1]) for key in keys})
    found: dict[Key, int] = {}
    for offset in range(0, len(tournaments), 5000):
        for pk, member, tournament, match, played_on in HandicapChange.objects.filter(
            tournament_id__in=tournaments[offset : offset + 5000]
        ).values_list("pk", "member_id", "tournament_id", "match_id", "played_on"):
            match_text = "\\N" if match is None else str(match)
            key = (str(member), str(tournament), match_text, str(played_on))
            if key in keys:
                found[key] = pk
    return found


def write(changes: Differences) -> int:
    """Write a month's differences (on the database thread); returns the rows written
    or removed."""
    _write_rows(changes.deletes, changes.updates, changes.inserts)
    return len(changes)
