"""Handicaps over time: competitions applied in date order.

Seed ``002_4426357e9a32e88f.txt``: equation (1) applies the competitions "in turn"
(lines 86-99); "Once a month the handicap change will be calculated" (line 590) is
:attr:`HandicapPolicy.monthly_batch`. Late reports, ``walk`` against ``walk_player``
and the monthly mode: docs/handicap.md, "Order, late reports, monthly batch".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, MutableMapping
from datetime import date

from .changes import resolve
from .competition import (
    Competition,
    Entry,
    PlayerChange,
    Resolved,
    check,
    compute,
)
from .errors import HandicapInputError
from .formula import gain, start_handicap
from .policy import AVERAGE, FORMS, SBF_2007, HandicapPolicy

# first_handicap(player, day) -> the handicap of a member first met on ``day``
FirstHandicap = Callable[[str, date], float]


def _order(competition: Competition) -> tuple[date, str]:
    return (competition.date, competition.id)


def _month(day: date) -> tuple[int, int]:
    return (day.year, day.month)


def walk(
    competitions: Iterable[Competition],
    handicaps: MutableMapping[str, float],
    policy: HandicapPolicy = SBF_2007,
    *,
    first_handicap: FirstHandicap | None = None,
    on_refused: Callable[[Competition, HandicapInputError], None] | None = None,
) -> Iterator[tuple[Competition, tuple[PlayerChange, ...]]]:
    """Apply ``competitions`` in date order; yield each with its players' rows.

    ``handicaps`` holds every member's current handicap and is updated as the walk
    goes (after each competition, or at the end of each month in monthly mode). A
    member met for the first time gets ``first_handicap(player, date)`` (5.2: the
    start handicap from their master points at that moment, or the old handicap of
    a returning player); without it, the start handicap for no master points, 52.
    Entries' own ``handicaps`` are read only for guests (their reported level).

    A refused competition raises before the handicaps are touched for it; with
    ``on_refused`` it is handed there instead and the walk goes on without it (one
    bad report must not stop everybody else's handicaps).
    """
    ordered = sorted(competitions, key=_order)
    if not ordered:
        return
    default_start = start_handicap(0, policy)
    get = handicaps.get
    month_start: dict[str, float] = {}
    month_total: dict[str, float] = {}
    current_month = _month(ordered[0].date)
    monthly = policy.monthly_batch

    for competition in ordered:
        if monthly and _month(competition.date) != current_month:
            _close_month(handicaps, month_start, month_total, policy)
            current_month = _month(competition.date)
        try:
            layout = check(competition)
        except HandicapInputError as refusal:
            if on_refused is None:
                raise
            on_refused(competition, refusal)
            continue
        newcomers: dict[str, float] = {}
        outsiders = competition.guests | competition.non_members
        if not outsiders:
            # Members only (most fields): their handicaps looked up all at once.
            used: list[tuple[float, ...]] = []
            for entry in competition.entries:
                values = tuple(map(get, entry.players))
                if None in values:
                    values = tuple(
                        _newcomer(
                            player, competition.date, newcomers, first_handicap, default_start
                        )
                        if value is None
                        else value
                        for player, value in zip(entry.players, values, strict=True)
                    )
                used.append(values)  # type: ignore[arg-type]
            rows = compute(competition, Resolved(used, used, None, None), layout, policy)
            handicaps.update(newcomers)
            if monthly:
                rows = _running(rows, month_start, month_total, policy)
            else:
                for row in rows:
                    handicaps[row.player] = row.new_handicap
            yield competition, tuple(rows)
            continue

        def handicap_of(
            player: str,
            entry: Entry,
            seat: int,
            _outsiders: frozenset[str] = outsiders,
            _day: date = competition.date,
            _newcomers: dict[str, float] = newcomers,
        ) -> float | None:
            if player in _outsiders:
                return entry.handicaps[seat] if entry.handicaps else None
            value = handicaps.get(player)
            if value is None:
                value = _newcomers.get(player)
                if value is None:
                    value = first_handicap(player, _day) if first_handicap else default_start
                    _newcomers[player] = value
            return value

        rows = compute(competition, resolve(competition, policy, handicap_of), layout, policy)
        handicaps.update(newcomers)
        if monthly:
            rows = _running(rows, month_start, month_total, policy)
        else:
            for row in rows:
                if row.counted:
                    handicaps[row.player] = row.new_handicap
        yield competition, tuple(rows)
    if monthly:
        _close_month(handicaps, month_start, month_total, policy)


def _newcomer(
    player: str,
    day: date,
    newcomers: dict[str, float],
    first_handicap: FirstHandicap | None,
    default_start: float,
) -> float:
    value = newcomers.get(player)
    if value is None:
        value = first_handicap(player, day) if first_handicap else default_start
        newcomers[player] = value
    return value


def _running(
    rows: list[PlayerChange],
    month_start: dict[str, float],
    month_total: dict[str, float],
    policy: HandicapPolicy,
) -> list[PlayerChange]:
    cap = policy.max_handicap
    out: list[PlayerChange] = []
    for row in rows:
        if not row.counted:
            out.append(row)
            continue
        player = row.player
        start = month_start.setdefault(player, row.old_handicap)
        total = month_total.get(player, 0.0) + row.change
        month_total[player] = total
        new = start + total
        out.append(row._replace(new_handicap=cap if new > cap else new))
    return out


def _close_month(
    handicaps: MutableMapping[str, float],
    month_start: dict[str, float],
    month_total: dict[str, float],
    policy: HandicapPolicy,
) -> None:
    cap = policy.max_handicap
    for player, total in month_total.items():
        new = month_start[player] + total
        handicaps[player] = cap if new > cap else new
    month_start.clear()
    month_total.clear()


def walk_player(
    start: float,
    rows: Iterable[PlayerChange],
    policy: HandicapPolicy = SBF_2007,
) -> list[PlayerChange]:
    """One player's rows recomputed in date order from ``start``.

    Each row keeps its recorded partner, field and result; its old handicap, owner
    handicap, expected result, change and new handicap follow from the player's
    running handicap. Rows that did not count (a temporary owner) stay as they were
    but carry the running handicap through.
    """
    ordered = sorted(rows, key=lambda row: (row.date, row.competition))
    players = {row.player for row in ordered}
    if len(players) > 1:
        raise ValueError(f"walk_player takes one player's rows, got {sorted(players)}")
    monthly = policy.monthly_batch
    cap = policy.max_handicap
    handicap = start
    month_start = start
    month_total = 0.0
    current = _month(ordered[0].date) if ordered else None
    out: list[PlayerChange] = []
    for row in ordered:
        if monthly and _month(row.date) != current:
            handicap = min(month_start + month_total, cap)
            month_start, month_total, current = handicap, 0.0, _month(row.date)
        old = month_start if monthly else handicap
        if not row.counted:
            out.append(row._replace(old_handicap=old, new_handicap=old))
            continue
        form = FORMS[row.form]
        partner = row.partner_handicap
        if partner is None:
            owner = old
        elif form.players == 2:
            owner = (old + partner) / 2
        else:
            owner = (old + partner * (form.players - 1)) / form.players
        expected = AVERAGE[row.scoring] + policy.slope(row.scoring) * (
            form.tables * (row.field_handicap - owner) + row.field_adjust
        )
        delta = (
            -gain(row.form, row.scoring, row.boards, policy)
            * (row.achieved - expected)
            * row.boards_played
        )
        if monthly:
            month_total += delta
            new = min(month_start + month_total, cap)
        else:
            new = min(old + delta, cap)
            handicap = new
        out.append(
            row._replace(
                old_handicap=old,
                owner_handicap=owner,
                expected=expected,
                change=delta,
                new_handicap=new,
            )
        )
    return out
