"""Standings from the saved board results, through the scoring engine.

The pipeline's standings step: which engine function scores which event is in
docs/scoring.md, "The standings step"; why the printed standings stand where
Klöver's recomputation differs is in docs/decisions.md, "Whose standings count".
"""

from __future__ import annotations

from collections import defaultdict
from decimal import Decimal
from fractions import Fraction

from django.db import transaction
from django.utils.translation import gettext_noop

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
SCORED_HERE = (
    Tournament.Scoring.MATCHPOINTS,
    Tournament.Scoring.BUTLER,
    Tournament.Scoring.CROSS_IMPS,
)
PRINTED_NOTE = gettext_noop(
    "Standings as printed by the scoring program; Klöver's recomputation differs "
    "for %(count)s entries (shown beside each line)."
)


def _result_of(row: BoardResult):
    if row.adjusted:
        return ArtificialScore(int(row.adjusted[1:3]), int(row.adjusted[3:5]))
    if row.not_played or row.score_ns is None:
        return NOT_PLAYED
    return row.score_ns


def _dec(value: Fraction | None) -> Decimal | None:
    return None if value is None else round_half_up(value, FOUR_PLACES)


def _fields(tournament: Tournament) -> list[list[Section]]:
    """The groups of sections scored and ranked together.

    A one-winner event (USEBIO WINNER_TYPE 1) is one field across all its
    sections, every board compared with every table that played it; otherwise
    each section is its own field.
    """
    sections = list(Section.objects.filter(tournament=tournament).order_by("name"))
    return [sections] if tournament.one_winner else [[section] for section in sections]


@transaction.atomic
def compute_standings(
    tournament: Tournament, *, unsaved_rows: list[BoardResult] | None = None
) -> None:
    """Score the board results and replace the standings.

    ``unsaved_rows``: a report's board results not yet inserted; they get their
    points here and the caller inserts them (one INSERT instead of an UPDATE per
    row). Otherwise the saved rows are loaded and only changed points are written,
    so a second run writes nothing but the standings.
    """
    if tournament.scoring == Tournament.Scoring.RANKING_ONLY:
        # The report's save writes the printed places; a rerun rewrites them with
        # their shared ranges (3=, 3= is places 3-4).
        if unsaved_rows is None:
            printed_standings(tournament)
        return
    if tournament.scoring not in SCORED_HERE:
        return
    if unsaved_rows is None:  # a fresh report has no standings yet
        Standing.objects.filter(entry__section__tournament=tournament).delete()
    differing = 0
    for sections in _fields(tournament):
        if unsaved_rows is not None:
            order = {s.pk: s.name for s in sections}
            rows = sorted(
                (r for r in unsaved_rows if r.section_id in order),
                key=lambda r: (r.board, order[r.section_id]),
            )
            before = None
        else:
            rows = list(
                BoardResult.objects.filter(section__in=sections).order_by(
                    "board", "section__name", "pk"
                )
            )
            before = {r.pk: (r.points_ns, r.points_ew) for r in rows}
        entries = {e.pk: e for e in Entry.objects.filter(section__in=sections, phantom=False)}
        if tournament.scoring == Tournament.Scoring.MATCHPOINTS:
            one_field = tournament.one_winner or all(
                s.movement != Section.Movement.MITCHELL for s in sections
            )
            computed = _score_matchpoints(rows, movement="howell" if one_field else "mitchell")
        else:
            computed = _score_imps(
                rows, list(entries), cross=tournament.scoring == Tournament.Scoring.CROSS_IMPS
            )
        if before is not None:
            changed = [r for r in rows if (r.points_ns, r.points_ew) != before[r.pk]]
            if changed:
                BoardResult.objects.bulk_update(changed, ["points_ns", "points_ew"], batch_size=500)
        standings, n_differing = _official(computed, entries)
        differing += n_differing
        Standing.objects.bulk_create(standings)
    note = PRINTED_NOTE % {"count": differing} if differing else ""
    if tournament.standings_note != note:
        tournament.standings_note = note
        tournament.save(update_fields=["standings_note"])


def printed_standings(tournament: Tournament) -> None:
    """A ranking list's standings: its printed places, by section and direction."""
    Standing.objects.filter(entry__section__tournament=tournament).delete()
    fields: dict[tuple[int, str], list[Entry]] = defaultdict(list)
    for entry in Entry.objects.filter(section__tournament=tournament, printed_place__isnull=False):
        fields[(entry.section_id, entry.direction)].append(entry)
    standings = []
    for entries in fields.values():
        shared_to = _place_ranges([(e.pk, e.printed_place) for e in entries])
        standings.extend(
            Standing(
                entry=e,
                place=e.printed_place,
                place_to=shared_to[e.pk],
                score=e.printed_score if e.printed_score is not None else Decimal(0),
                percentage=e.printed_percentage,
            )
            for e in entries
        )
    Standing.objects.bulk_create(standings)


def _official(computed: list[Standing], entries: dict[int, Entry]) -> tuple[list[Standing], int]:
    """The computed standings, or the printed ones where the two disagree."""
    printed = [entries[s.entry_id] for s in computed if entries[s.entry_id].printed_place]
    if len(printed) != len(computed):
        return computed, 0

    def differs(s: Standing) -> bool:
        entry = entries[s.entry_id]
        if entry.printed_place != s.place:
            return True
        if entry.printed_percentage is not None and s.percentage is not None:
            return entry.printed_percentage != s.percentage
        return entry.printed_score is not None and entry.printed_score != s.score

    n_differing = sum(1 for s in computed if differs(s))
    if not n_differing:
        return computed, 0
    places = [(s.entry_id, entries[s.entry_id].printed_place) for s in computed]
    shared_to = _place_ranges(places)
    return [
        Standing(
            entry_id=s.entry_id,
            place=entries[s.entry_id].printed_place,
            place_to=shared_to[s.entry_id],
            score=entries[s.entry_id].printed_score
            if entries[s.entry_id].printed_score is not None
            else s.score,
            percentage=entries[s.entry_id].printed_percentage,
            computed_place=s.place,
            computed_score=s.score,
            computed_percentage=s.percentage,
            as_printed=True,
        )
        for s in computed
    ], n_differing


def _score_matchpoints(rows: list[BoardResult], *, movement: str) -> list[Standing]:
    by_board: dict[int, list[BoardResult]] = defaultdict(list)
    for row in rows:
        by_board[row.board].append(row)
    # Every board is scored to the largest number of results any board has, so a
    # board played fewer times is Neuberg-factored up to the same top (as the
    # scoring programs whose files we import do; seed 004 "Neuberg formula").
    field_size = max(
        (sum(1 for r in lines if not r.not_played) for lines in by_board.values()), default=0
    )
    boards = [
        PairsBoard(
            number=number,
            results=tuple(
                PairsResult(str(r.ns_entry_id), str(r.ew_entry_id), _result_of(r)) for r in lines
            ),
        )
        for number, lines in sorted(by_board.items())
    ]
    scored = score_pairs_event(boards, movement=movement, field_size=field_size or None)
    for number, board in scored.boards:
        for row, points in zip(by_board[number], board.lines, strict=True):
            row.points_ns, row.points_ew = _dec(points.ns), _dec(points.ew)
    standings = []
    for field in scored.fields:
        shared_to = _place_ranges([(s.pair, s.place) for s in field])
        standings.extend(
            Standing(
                entry_id=int(s.pair),
                place=s.place,
                place_to=shared_to[s.pair],
                score=round_half_up(s.matchpoints, 2),
                percentage=s.percentage,
            )
            for s in field
        )
    return standings


def _score_imps(rows: list[BoardResult], entry_ids: list[int], *, cross: bool) -> list[Standing]:
    by_board: dict[int, list[BoardResult]] = defaultdict(list)
    for row in rows:
        by_board[row.board].append(row)
    totals: dict[int, Fraction] = defaultdict(Fraction)
    for lines in by_board.values():
        played = [
            r for r in lines if not r.adjusted and not r.not_played and r.score_ns is not None
        ]
        ns_points: dict[int, Fraction] = {}  # by id(row): the rows may not be saved yet
        if cross and len(played) > 1:
            values = cross_imps([r.score_ns for r in played])
            ns_points = dict(zip((id(r) for r in played), values, strict=True))
        elif not cross and len(played) > 2:
            board = butler([r.score_ns for r in played])
            ns_points = {id(r): Fraction(v) for r, v in zip(played, board.ns_imps, strict=True)}
        for row in lines:
            ns = ns_points.get(id(row))
            row.points_ns, row.points_ew = _dec(ns), _dec(None if ns is None else -ns)
            if ns is not None:
                totals[row.ns_entry_id] += ns
                totals[row.ew_entry_id] -= ns
    placings = rank((pk, totals.get(pk, Fraction(0))) for pk in entry_ids)
    shared_to = _place_ranges([(p.key, p.place) for p in placings])
    return [
        Standing(
            entry_id=p.key,
            place=p.place,
            place_to=shared_to[p.key],
            score=round_half_up(p.score, 2),
            percentage=None,
        )
        for p in placings
    ]


def _place_ranges(placed):
    """Last place of each shared group: three pairs on 3 share places 3-5."""
    count: dict[int, int] = defaultdict(int)
    for _key, place in placed:
        count[place] += 1
    return {key: place + count[place] - 1 for key, place in placed}
