"""Recompute a season: every tournament's awards, then everybody's classes and ranking.

The office runs it when the rulebook changes or a season must be re-checked
(``python manage.py recompute_awards``). It gives exactly the rows the pipeline's
award step gives one tournament at a time (the same ``services.build_competition``
and ``services.ledger_rows``), but reads the standings of thousands of tournaments
per query and writes the ledger with one COPY, so 50,000 tournaments take a minute
or two instead of hours. It runs in one transaction: a failure leaves the old
ledger as it was.
"""

from __future__ import annotations

import multiprocessing
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from datetime import date
from typing import TypeVar

from django.db import connection, connections, transaction
from django.utils import timezone

from members.common.bulk import analyze, fetch_rows, replace_rows
from members.common.locks import lock_all_members
from tournaments.models import Tournament

from . import services
from .domain.core import Player
from .models import MasterPointAward, MasterPointHolding, Promotion, TournamentAwards
from .rulebooks import rulebook, rulebook_version

CHUNK = 10000
T = TypeVar("T")


@dataclass(frozen=True)
class SeasonReport:
    tournaments: int
    written: int  # ledger rows new or changed
    deleted: int  # ledger rows changed or gone
    unchanged: int
    without_awards: int
    seconds: dict[str, float]


def recompute_season(
    *,
    start: date | None = None,
    end: date | None = None,
    on: date | None = None,
    progress: Callable[[str], None] | None = None,
    workers: int = 1,
) -> SeasonReport:
    """Replace the awards of every tournament that started between ``start`` and
    ``end`` (both optional), then rebuild all holdings, promotions and ranking
    points as of ``on`` (today)."""
    clock = _Clock()
    facts = season_facts(start=start, end=end)
    written = deleted = unchanged = without = 0
    chunks = in_chunks(facts)
    computed, parallel = computed_chunks(chunks, workers, award_chunk)
    done = 0
    with transaction.atomic():
        lock_all_members()  # every member's ledger, holdings and ranking are rewritten
        for part, (rows, runs, reading, awarding) in zip(chunks, computed, strict=True):
            clock.lap(f"read and award ({parallel} process{'es' if parallel > 1 else ''})")
            clock.add("  of which reading standings (summed over processes)", reading)
            clock.add("  of which awarding (summed over processes)", awarding)
            ids = [f["pk"] for f in part]
            ledger = replace_rows(
                MasterPointAward.objects.filter(tournament_id__in=ids),
                MasterPointAward,
                services.LEDGER_FIELDS,
                services.LEDGER_KEY,
                rows,
            )
            replace_rows(
                TournamentAwards.objects.filter(tournament_id__in=ids),
                TournamentAwards,
                services.RUN_FIELDS,
                ("tournament_id",),
                runs,
            )
            written += ledger.written
            deleted += ledger.deleted
            unchanged += ledger.unchanged
            without += sum(1 for run in runs if run[2] == 0)
            clock.lap("write ledger")
            done += len(part)
            if progress:
                progress(f"{done} of {len(facts)} tournaments")
        analyze(MasterPointAward, TournamentAwards)
        services.refresh_holdings(None)
        analyze(MasterPointHolding, Promotion)
        clock.lap("holdings and classes")
        services.refresh_rankings(None, on=on or timezone.localdate())
        clock.lap("ranking")
    return SeasonReport(len(facts), written, deleted, unchanged, without, clock.seconds)


def season_facts(*, start: date | None = None, end: date | None = None) -> list[dict]:
    """``services.TOURNAMENT_FIELDS`` of every tournament that started between ``start``
    and ``end`` (both optional), in key order."""
    tournaments = Tournament.objects.order_by("pk")
    if start:
        tournaments = tournaments.filter(start_date__gte=start)
    if end:
        tournaments = tournaments.filter(start_date__lte=end)
    return list(tournaments.values(*services.TOURNAMENT_FIELDS))


def in_chunks(facts: list[dict], size: int | None = None) -> list[list[dict]]:
    size = size or CHUNK
    return [facts[offset : offset + size] for offset in range(0, len(facts), size)]


def award_chunk(
    facts: list[dict], version: str | None = None
) -> tuple[list[tuple], list[tuple], float, float]:
    """Ledger rows and award runs of some tournaments, and the seconds spent reading
    their standings and awarding them, by the rulebook ``version`` (by default the
    profile's). Runs in a worker process on PostgreSQL."""
    started = time.perf_counter()
    book = rulebook() if version is None else rulebook_version(version)
    ids = [f["pk"] for f in facts]
    placings: dict[int, list[tuple]] = defaultdict(list)
    for row in fetch_rows(services.placing_rows(ids)):
        placings[row[0]].append(row)
    players: dict[int, list[Player]] = defaultdict(list)
    members: dict[str, int] = {}
    # A member plays many tournaments the same way (no boards or halves of their own):
    # one frozen Player serves them all.
    known: dict[tuple, Player] = {}
    for row in fetch_rows(services.player_rows(ids)):
        seen_as = row[1:]
        player = known.get(seen_as)
        if player is None:
            player = known[seen_as] = services.player_of(row)
            if row[1] is not None:
                members[str(row[2])] = row[1]
        players[row[0]].append(player)
    matches = services.team_matches(f["pk"] for f in facts if f["kind"] == Tournament.Kind.TEAMS)
    # Only gold events read the field's average handicap (raised gold).
    averages = services.field_handicaps(f["pk"] for f in facts if f["level"] == "gold")
    read = time.perf_counter()
    rows: list[tuple] = []
    runs: list[tuple] = []
    licences = services.licences_of(facts)
    merges = services.session_merges()  # two sessions as one (000 lines 684-686)
    for tournament in facts:
        pk = tournament["pk"]
        competition = services.build_competition(
            {**tournament, "field_handicap": averages.get(pk)},
            placings.get(pk, ()),
            players,
            matches.get(pk, ()),
        )
        licence = services.licence_seen(
            licences, tournament["organiser_club_id"], tournament["start_date"]
        )
        competition, status = services.licensed(competition, licence)
        outcome = services.session_outcome(book, tournament, competition, status, members, merges)
        written = services.ledger_rows(
            outcome,
            tournament_id=pk,
            day=tournament["start_date"],
            version=book.version,
            members=members,
        )
        rows.extend(written)
        runs.append(services.award_run(book, pk, len(written), outcome.no_award, status))
    return rows, runs, read - started, time.perf_counter() - read


def computed_chunks(
    chunks: list[list[dict]], workers: int, work: Callable[[list[dict]], T]
) -> tuple[Iterator[T], int]:
    """``work`` of each chunk (:func:`award_chunk`, or a ``partial`` of it or of another
    function), in order, and how many processes compute them: on PostgreSQL, outside
    any transaction, ``workers`` processes. ``work`` is a module-level function (or a
    ``partial`` of one): the worker processes are given it by pickling.

    The workers are forked before the caller opens its transaction, with no
    connection open, so each opens its own; they only read standings, which the
    recompute does not change.
    """
    alone = workers <= 1 or len(chunks) < 2
    if alone or connection.vendor != "postgresql" or connection.in_atomic_block:
        return map(work, chunks), 1
    connections.close_all()
    pool = ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork"))
    results = pool.map(work, chunks)  # forks now, before any transaction

    def in_order() -> Iterator:
        try:
            yield from results
        finally:
            pool.shutdown(cancel_futures=True)

    return in_order(), workers


class _Clock:
    """Seconds spent per phase, for the benchmark's figures."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self._last = timezone.now()

    def add(self, phase: str, seconds: float) -> None:
        self.seconds[phase] += seconds

    def lap(self, phase: str) -> None:
        now = timezone.now()
        self.seconds[phase] += (now - self._last).total_seconds()
        self._last = now
