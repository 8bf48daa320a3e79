"""Standings from the saved board results, through the scoring engine.

Idempotent: a run replaces the tournament's standings and the points on its
board results. Matchpoint events are scored with the engine's
``score_pairs_event`` (topscore, Neuberg for boards played fewer times);
butler and cross-IMP events sum IMPs per pair; ranking-list reports keep the
standings they were reported with.
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from fractions import Fraction

from django.db import transaction

from .domain.datum import butler, cross_imps
from .domain.matchpoints import (
    NOT_PLAYED,
    ArtificialScore,
    PairsBoard,
    PairsResult,
    score_pairs_event,
)
from .domain.standings import rank, round_half_up
from .models import BoardResult, Entry, Section, Standing, Tournament

FOUR_PLACES = 4


def _result_of(row: BoardResult):
    if row.adjusted:
        ns, ew = row.adjusted[1:3], row.adjusted[3:5]
        return ArtificialScore(int(ns), int(ew))
    if row.not_played or row.score_ns is None:
        return NOT_PLAYED
    return row.score_ns


def _dec(value: Fraction | None) -> Decimal | None:
    return None if value is None else round_half_up(value, FOUR_PLACES)


@transaction.atomic
def compute_standings(tournament: Tournament) -> None:
    if tournament.scoring == Tournament.Scoring.RANKING_ONLY:
        return
    Standing.objects.filter(entry__section__tournament=tournament).delete()
    for section in Section.objects.filter(tournament=tournament):
        rows = list(BoardResult.objects.filter(section=section).order_by("board", "pk"))
        if tournament.scoring == Tournament.Scoring.MATCHPOINTS:
            _score_matchpoints(section, rows)
        elif tournament.scoring in (Tournament.Scoring.BUTLER, Tournament.Scoring.CROSS_IMPS):
            _score_imps(section, rows, cross=tournament.scoring == Tournament.Scoring.CROSS_IMPS)
        BoardResult.objects.bulk_update(rows, ["points_ns", "points_ew"], batch_size=2000)


def _score_matchpoints(section: Section, rows: list[BoardResult]) -> None:
    by_board: dict[int, list[BoardResult]] = defaultdict(list)
    for row in rows:
        by_board[row.board].append(row)
    boards = [
        PairsBoard(
            number=number,
            results=tuple(
                PairsResult(str(r.ns_entry_id), str(r.ew_entry_id), _result_of(r)) for r in lines
            ),
        )
        for number, lines in sorted(by_board.items())
    ]
    movement = "mitchell" if section.movement == Section.Movement.MITCHELL else "howell"
    scored = score_pairs_event(boards, movement=movement)
    for (_number, board), lines in zip(
        scored.boards, (by_board[n] for n, _ in scored.boards), strict=True
    ):
        for row, points in zip(lines, board.lines, strict=True):
            row.points_ns, row.points_ew = _dec(points.ns), _dec(points.ew)
    standings = []
    for field in scored.fields:
        places = _place_ranges([(s.pair, s.place) for s in field])
        for s in field:
            standings.append(
                Standing(
                    entry_id=int(s.pair),
                    place=s.place,
                    place_to=places[s.pair],
                    score=round_half_up(s.matchpoints, 2),
                    percentage=s.percentage,
                )
            )
    Standing.objects.bulk_create(standings)


def _score_imps(section: Section, rows: list[BoardResult], *, cross: bool) -> None:
    by_board: dict[int, list[BoardResult]] = defaultdict(list)
    for row in rows:
        by_board[row.board].append(row)
    totals: dict[int, Fraction] = defaultdict(Fraction)
    for lines in by_board.values():
        played = [
            r for r in lines if not r.adjusted and not r.not_played and r.score_ns is not None
        ]
        if cross:
            values = cross_imps([r.score_ns for r in played]) if len(played) > 1 else []
            ns_points = dict(zip((r.pk for r in played), values, strict=True))
        else:
            board = butler([r.score_ns for r in played]) if len(played) > 2 else None
            ns_points = (
                {r.pk: Fraction(v) for r, v in zip(played, board.ns_imps, strict=True)}
                if board
                else {}
            )
        for row in lines:
            ns = ns_points.get(row.pk)
            row.points_ns, row.points_ew = _dec(ns), _dec(None if ns is None else -ns)
            if ns is not None:
                totals[row.ns_entry_id] += ns
                totals[row.ew_entry_id] -= ns
    entry_ids = list(
        Entry.objects.filter(section=section, phantom=False).values_list("pk", flat=True)
    )
    placings = rank((pk, totals.get(pk, Fraction(0))) for pk in entry_ids)
    places = _place_ranges([(p.key, p.place) for p in placings])
    Standing.objects.bulk_create(
        Standing(
            entry_id=p.key,
            place=p.place,
            place_to=places[p.key],
            score=round_half_up(p.score, 2),
            percentage=None,
        )
        for p in placings
    )


def _place_ranges(placed):
    """Last place of each shared group: 3,3,3 -> shared 3-5."""
    count: dict[int, int] = defaultdict(int)
    for _key, place in placed:
        count[place] += 1
    return {key: place + count[place] - 1 for key, place in placed}
