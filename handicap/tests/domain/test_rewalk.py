"""The incremental walk (rewalk.py) against the full walk: the same rows, exactly."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handicap.domain import SBF_2007, Competition, PlayerChange, walk
from handicap.domain.rewalk import Rewalk, Stored, carried
from handicap.tests.domain.test_walk import season

History = dict[str, dict[str, PlayerChange]]  # competition id -> player -> counted row


def full(competitions: list[Competition], starts: dict[str, float]) -> History:
    """The history as the portal keeps it: counted rows, handicaps carried at two decimals."""
    state: dict[str, float] = {}
    history: History = {}
    for competition, rows in walk(competitions, state, first_handicap=lambda p, d: starts[p]):
        counted = {}
        for row in rows:
            if row.counted:
                state[row.player] = carried(row.new_handicap)
                counted[row.player] = row
        history[competition.id] = counted
    return history


def order(competition: Competition) -> tuple:
    return (competition.date, competition.id)


def incremental(
    history: History,
    before_ops: list[Competition],
    after_ops: list[Competition],
    seeds: set[str],
    starts: dict[str, float],
) -> tuple[History, int]:
    """What the portal's step does: the seeds computed again, rows of competitions no
    longer there taken away, and every other competition only if a player's handicap
    before it changed. Returns the history and how many competitions were computed."""
    old = {c.id: c for c in before_ops}
    new = {c.id: c for c in after_ops}
    out = {cid: rows for cid, rows in history.items() if cid in new}
    places = sorted(
        [(order(c), "new", c) for c in after_ops]
        + [(order(old[cid]), "gone", old[cid]) for cid in history if cid not in new]
        # a replaced competition that moved: its old rows go at the old date
        + [
            (order(old[cid]), "gone", old[cid])
            for cid in history
            if cid in new and order(old[cid]) != order(new[cid])
        ],
        key=lambda item: item[0],
    )

    def stored_of(cid: str) -> dict[str, Stored]:
        return {
            p: Stored(row.old_handicap, carried(row.new_handicap))
            for p, row in history.get(cid, {}).items()
        }

    def stored_before(at: tuple, players: list[str]) -> dict[str, float]:
        found = {}
        for player in players:
            rows = [
                (order(old[cid]), rows[player])
                for cid, rows in history.items()
                if player in rows and order(old[cid]) < at
            ]
            found[player] = carried(max(rows)[1].new_handicap) if rows else starts[player]
        return found

    rewalk = Rewalk()
    computed = 0
    for at, kind, competition in places:
        cid = competition.id
        moved = cid in old and order(old[cid]) != order(competition)
        if kind == "gone":
            rewalk.remove(stored_of(cid))
            continue
        stored = {} if moved else stored_of(cid)
        players = [p for e in competition.entries for p in e.players]
        if cid in seeds or moved or rewalk.touches(players):
            computed += 1
            rows = rewalk.redo(competition, stored, lambda ps, _at=at: stored_before(_at, ps))
            out[cid] = {row.player: row for row in rows or ()}
    return out, computed


def _starts(competitions: list[Competition], seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    players = sorted({p for c in competitions for e in c.entries for p in e.players})
    return {p: round(rng.uniform(10, 52), 2) for p in players}


def _rescored(competition: Competition, rng: random.Random) -> Competition:
    """The same competition reported again with other results (and a pair swapped in)."""
    entries = list(competition.entries)
    scale = 1 if competition.scoring == "imp" else 10
    entries = [replace(e, result=e.result + rng.uniform(-1, 1) * scale) for e in entries]
    if competition.scoring == "imp":  # a team match: the sides' results are opposites
        entries[1] = replace(entries[1], result=-entries[0].result)
    else:
        entries = [replace(e, result=min(100.0, max(0.0, e.result))) for e in entries]
    if len(entries) > 2:
        entries.pop(rng.randrange(len(entries)))
    return replace(competition, entries=tuple(entries))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), op=st.sampled_from(["add", "replace", "remove", "move"]))
def test_the_incremental_walk_gives_the_full_walks_rows(seed: int, op: str) -> None:
    rng = random.Random(seed)
    competitions = sorted(season(45, players=24, seed=seed), key=order)
    starts = _starts(competitions, seed)
    target = rng.randrange(5, 40)
    late = competitions[target]
    if op == "add":  # reported late: the others were walked without it
        before_ops = competitions[:target] + competitions[target + 1 :]
        after_ops = competitions
    elif op == "remove":
        before_ops = competitions
        after_ops = competitions[:target] + competitions[target + 1 :]
    elif op == "replace":
        before_ops = competitions
        after_ops = [_rescored(c, rng) if c is late else c for c in competitions]
    else:  # replaced with another date, earlier or later
        before_ops = competitions
        moved = replace(late, date=late.date + timedelta(days=rng.choice([-20, -3, 4, 30])))
        after_ops = sorted((moved if c is late else c for c in competitions), key=order)
    history = full(before_ops, starts)
    expected = full(after_ops, starts)
    got, computed = incremental(history, before_ops, after_ops, {late.id}, starts)
    assert got == expected
    assert computed <= len(after_ops)


def _other_club(competitions: list[Competition]) -> list[Competition]:
    return [
        replace(
            c,
            id=f"b{c.id}",
            entries=tuple(replace(e, players=tuple(f"b{p}" for p in e.players)) for e in c.entries),
        )
        for c in competitions
    ]


def test_a_competition_without_changed_players_is_not_computed() -> None:
    club_a = sorted(season(30, players=20, seed=3), key=order)
    club_b = _other_club(season(30, players=20, seed=4))
    competitions = sorted(club_a + club_b, key=order)
    starts = _starts(competitions, 3)
    late = club_a[-8]
    before_ops = [c for c in competitions if c is not late]
    history = full(before_ops, starts)
    got, computed = incremental(history, before_ops, competitions, {late.id}, starts)
    assert got == full(competitions, starts)
    # The late one and the later ones of its club at most: never the other club's.
    assert 1 <= computed <= 8


def test_a_player_leaves_the_changed_set_when_the_handicaps_meet_again() -> None:
    rewalk = Rewalk()
    rewalk._settle("a", 20.0, 21.0)
    assert rewalk.now == {"a": 20.0} and rewalk.was == {"a": 21.0}
    assert rewalk.entered == {"a"}
    rewalk._settle("a", 20.5, 20.5)
    assert rewalk.now == {} and rewalk.was == {}


def test_monthly_batches_are_walked_whole() -> None:
    with pytest.raises(ValueError, match="per competition"):
        Rewalk(replace(SBF_2007, monthly_batch=True))
