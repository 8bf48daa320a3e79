"""Awards by another rulebook version: what would change for whom, and the change.

``python manage.py recompute_awards --rulebook-version V [--dry-run]``. The awards of
every tournament in the range are computed again by version V (``season`` reads
thousands of tournaments per query, as the season's recompute does) and compared
with the ledger, key by key (member, tournament, colour): a row V gives differently,
a row only V gives, a row V no longer gives. :func:`version_diff` only reads;
:func:`apply_version` writes exactly those rows, with ``rule_version`` V, in one
transaction, then the holdings, classes, promotions and ranking points of the
members they touch. Rows V gives as the ledger holds them stay as they are, with
the version they were computed by (docs/awards.md, "Rules as versioned data").
"""

from __future__ import annotations

import time
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from functools import partial

from django.db import transaction
from django.utils import timezone

from members.common.bulk import fetch_rows, replace_rows
from members.common.locks import lock_all_members
from members.models import Member
from tournaments.models import Tournament

from . import services
from .domain.core import Colour, LedgerWalk, Rulebook
from .models import MasterPointAward, TournamentAwards
from .rulebooks import rulebook
from .season import award_chunk, computed_chunks, in_chunks, season_facts

# The ledger's columns that a version changes; ``rule_version`` is what it is called.
_COMPARED = tuple(name for name in services.LEDGER_FIELDS if name != "rule_version")
_AT = {name: i for i, name in enumerate(services.LEDGER_FIELDS)}
# Decimals as the columns keep them (MasterPointAward: exact and bonus 4 places,
# credited 2): a freshly computed 1/3 equals the 0.3333 the ledger holds.
_QUANTA = {
    _AT["exact"]: Decimal("0.0001"),
    _AT["credited"]: Decimal("0.01"),
    _AT["bonus"]: Decimal("0.0001"),
    _AT["gold_points"]: Decimal("0.01"),
}


@dataclass(frozen=True)
class AwardChange:
    """One ledger row that the version gives differently; ``old`` or ``new`` is None
    when the row is only in the ledger or only in the version's awards."""

    member_id: int
    tournament_id: int
    colour: str
    old: Decimal | None  # credited, in the colour's unit
    new: Decimal | None
    old_version: str


@dataclass(frozen=True)
class ClassChange:
    """A member's master class (SBF chapter 3) or rank (EBU 2.6) before and after the
    changed awards."""

    member_id: int
    old: str
    old_rank: int
    new: str
    new_rank: int


@dataclass
class VersionDiff:
    version: str
    tournaments: int
    awards: list[AwardChange] = field(default_factory=list)
    classes: list[ClassChange] = field(default_factory=list)
    seconds: float = 0.0
    # What the change writes: the new rows of the changed keys (None: removed), and
    # the award runs of the tournaments they are in.
    rows: dict[tuple, tuple | None] = field(default_factory=dict, repr=False)
    runs: dict[int, tuple] = field(default_factory=dict, repr=False)

    @property
    def members(self) -> set[int]:
        return {change.member_id for change in self.awards}

    @property
    def tournament_ids(self) -> set[int]:
        return {change.tournament_id for change in self.awards}


# Tournaments per worker task: smaller than the recompute's, so that two workers
# share a season's last tasks evenly.
DIFF_CHUNK = 4000


def version_diff(
    book: Rulebook, *, start: date | None = None, end: date | None = None, workers: int = 1
) -> VersionDiff:
    """What ``book`` gives differently from the ledger for the tournaments that started
    between ``start`` and ``end``, and the master classes that follow. Writes nothing.

    Each task (a worker process on PostgreSQL) awards its tournaments and compares
    them with their ledger rows itself, and hands back only the differences."""
    started = time.perf_counter()
    facts = season_facts(start=start, end=end)
    chunks = in_chunks(facts, DIFF_CHUNK)
    work = partial(_chunk_diff, version=book.version)
    computed, _parallel = computed_chunks(chunks, workers, work)
    diff = VersionDiff(book.version, len(facts))
    for changes, runs in computed:
        for key, old, new in changes:
            diff.rows[key] = new
            diff.awards.append(
                AwardChange(
                    member_id=key[0],
                    tournament_id=key[1],
                    colour=key[2],
                    old=None if old is None else old[_AT["credited"]],
                    new=None if new is None else _quantized(new)[_AT["credited"]],
                    old_version="" if old is None else old[_AT["rule_version"]],
                )
            )
        diff.runs.update((run[0], run) for run in runs)
    diff.classes = _class_changes(diff)
    diff.seconds = time.perf_counter() - started
    return diff


def _chunk_diff(
    facts: list[dict], version: str
) -> tuple[list[tuple[tuple, tuple | None, tuple | None]], list[tuple]]:
    """The ledger rows of these tournaments that rulebook ``version`` gives otherwise,
    as (key, old row or None, new row or None), and the award runs of the tournaments
    they are in."""
    rows, runs, _reading, _awarding = award_chunk(facts, version)
    ledger = {
        _key(row): row
        for row in fetch_rows(
            MasterPointAward.objects.filter(tournament_id__in=[f["pk"] for f in facts]).values_list(
                *services.LEDGER_FIELDS
            )
        )
    }
    given = {_key(row): row for row in rows}
    changes = []
    for key in sorted(ledger.keys() | given.keys()):
        old, new = ledger.get(key), given.get(key)
        if old is None or new is None or not _same(old, new):
            changes.append((key, old, new))
    touched = {key[1] for key, _old, _new in changes}
    return changes, [run for run in runs if run[0] in touched]


def apply_version(
    book: Rulebook, *, start: date | None = None, end: date | None = None
) -> VersionDiff:
    """Write what :func:`version_diff` lists, in one transaction: the changed ledger
    rows (``rule_version`` ``book.version``), the award runs of their tournaments, and
    the holdings, classes, promotions and ranking points of the members they touch.

    Every member is locked before the diff is read (as the season's recompute does),
    so no award step changes the ledger between the reading and the writing."""
    with transaction.atomic():
        lock_all_members()
        diff = version_diff(book, start=start, end=end, workers=1)
        if not diff.awards:
            return diff
        touched = sorted(diff.tournament_ids)
        existing = MasterPointAward.objects.filter(tournament_id__in=touched)
        # The touched tournaments' rows as they are, with the version's rows in place
        # of the changed ones: replace_rows then writes only those, and the rows the
        # version gives as the ledger holds them keep the version they follow.
        target = {
            _key(row): row for row in fetch_rows(existing.values_list(*services.LEDGER_FIELDS))
        }
        for key, row in diff.rows.items():
            if row is None:
                target.pop(key, None)
            else:
                target[key] = row
        ledger = replace_rows(
            existing,
            MasterPointAward,
            services.LEDGER_FIELDS,
            services.LEDGER_KEY,
            list(target.values()),
        )
        if ledger.touched != frozenset(diff.rows):
            # Every member is locked, so nothing else writes the ledger; a mismatch is
            # a fault of the comparison, and the transaction writes nothing.
            raise RuntimeError(
                f"{len(ledger.touched)} ledger rows would be written, "
                f"{len(diff.rows)} were listed: nothing written"
            )
        replace_rows(
            TournamentAwards.objects.filter(tournament_id__in=sorted(diff.runs)),
            TournamentAwards,
            services.RUN_FIELDS,
            ("tournament_id",),
            [diff.runs[t] for t in sorted(diff.runs)],
        )
        members = diff.members
        services.refresh_holdings(members)
        services.refresh_rankings(members, on=timezone.localdate())
    return diff


def names(diff: VersionDiff) -> tuple[dict[int, tuple[int, str]], dict[int, tuple[str, date]]]:
    """The MID and name of every member, and the name and date of every tournament,
    that the diff lists (two queries)."""
    members = {
        pk: (mid, f"{first} {last}")
        for pk, mid, first, last in Member.objects.filter(
            pk__in=diff.members | {c.member_id for c in diff.classes}
        ).values_list("pk", "mid", "first_name", "last_name")
    }
    tournaments = {
        pk: (name, day)
        for pk, name, day in Tournament.objects.filter(pk__in=diff.tournament_ids).values_list(
            "pk", "name", "start_date"
        )
    }
    return members, tournaments


def _key(row: tuple) -> tuple:
    return (row[_AT["member_id"]], row[_AT["tournament_id"]], row[_AT["colour"]])


def _quantized(row: tuple) -> tuple:
    values = list(row)
    for i, quantum in _QUANTA.items():
        values[i] = Decimal(values[i]).quantize(quantum, rounding=ROUND_HALF_UP)
    return tuple(values)


_COMPARED_AT = tuple(_AT[name] for name in _COMPARED)


def _same(old: tuple, new: tuple) -> bool:
    # Most rows are equal as they come (Decimal("16.00") == Decimal(16)); only an
    # unrounded exact value needs the column's precision.
    if all(old[i] == new[i] for i in _COMPARED_AT):
        return True
    old, new = _quantized(old), _quantized(new)
    return all(old[i] == new[i] for i in _COMPARED_AT)


def _class_changes(diff: VersionDiff) -> list[ClassChange]:
    """Walk each touched member's whole ledger twice, as it is and with the version's
    rows in place of the changed ones (the rulebook's ``walk``, as
    ``refresh_holdings``): the SBF's classes or the EBU's ranks that change."""
    members = diff.members
    if not members:
        return []
    colours = {c.value: c for c in Colour}
    ledgers: dict[int, dict[tuple, tuple[date, Decimal, Decimal]]] = defaultdict(dict)
    for member_id, day, tournament_id, colour, credited, gold in fetch_rows(
        MasterPointAward.objects.filter(member_id__in=sorted(members)).values_list(
            "member_id", "awarded_on", "tournament_id", "colour", "credited", "gold_points"
        )
    ):
        ledgers[member_id][(member_id, tournament_id, colour)] = (day, credited, gold)
    book = rulebook()
    changes = []
    for member_id in sorted(members):
        old = ledgers.get(member_id, {})
        new = dict(old)
        for key, row in diff.rows.items():
            if key[0] != member_id:
                continue
            if row is None:
                new.pop(key, None)
            else:
                quantized = _quantized(row)
                new[key] = (
                    row[_AT["awarded_on"]],
                    quantized[_AT["credited"]],
                    quantized[_AT["gold_points"]],
                )
        before, after = _walked(book, old, colours), _walked(book, new, colours)
        if (before.title, before.rank) != (after.title, after.rank):
            changes.append(
                ClassChange(member_id, before.title, before.rank, after.title, after.rank)
            )
    return changes


def _walked(
    book: Rulebook,
    ledger: dict[tuple, tuple[date, Decimal, Decimal]],
    colours: dict[str, Colour],
) -> LedgerWalk:
    ordered = sorted(
        ((day, key[1]), colours[key[2]], credited, gold)
        for key, (day, credited, gold) in ledger.items()
    )
    return book.walk(ordered, timezone.localdate())
