"""Competitions in date order, late reports, the monthly batch, and speed."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import date, timedelta

import pytest

from handicap.domain import (
    SBF_2007,
    Competition,
    Entry,
    PlayerTwice,
    walk,
    walk_player,
)

START = date(2024, 1, 1)


def season(count: int, players: int = 40, seed: int = 7) -> list[Competition]:
    """Pairs, individual and team-match competitions among one club's members."""
    rng = random.Random(seed)
    ids = [f"m{i}" for i in range(players)]
    out: list[Competition] = []
    for n in range(count):
        day = START + timedelta(days=rng.randrange(120))
        kind = rng.choice(["pairs", "pairs", "pairs", "individual", "team_match"])
        if kind == "team_match":
            seated = rng.sample(ids, 8)
            score = round(rng.uniform(-2, 2), 2)
            entries = (
                Entry("home", tuple(seated[:4]), score),
                Entry("away", tuple(seated[4:]), -score),
            )
            out.append(Competition(f"c{n:03}", day, kind, "imp", 16, entries))
            continue
        size = 2 if kind == "pairs" else 1
        owners = rng.randint(3, 10) if kind == "pairs" else rng.randint(4, 12)
        seated = rng.sample(ids, owners * size)
        raw = [rng.uniform(35, 65) for _ in range(owners)]
        mean = sum(raw) / owners
        entries = tuple(
            Entry(str(i), tuple(seated[i * size : (i + 1) * size]), 50 + raw[i] - mean)
            for i in range(owners)
        )
        out.append(
            Competition(f"c{n:03}", day, kind, "topscore", rng.choice([18, 24, 27]), entries)
        )
    return out


def run(competitions, policy=SBF_2007, handicaps=None, **kwargs):
    state = {} if handicaps is None else handicaps
    rows = {comp.id: rows for comp, rows in walk(competitions, state, policy, **kwargs)}
    return state, rows


def test_arrival_order_does_not_matter() -> None:
    competitions = season(60)
    in_order = sorted(competitions, key=lambda c: (c.date, c.id))
    expected_state, expected_rows = run(in_order)
    # An old competition reported last, and a shuffled season.
    late = in_order[:10] + in_order[11:] + [in_order[10]]
    shuffled = in_order[:]
    random.Random(3).shuffle(shuffled)
    for order in (late, shuffled):
        state, rows = run(order)
        assert state == expected_state
        assert rows == expected_rows


def test_a_late_report_is_applied_by_walking_again_from_its_date() -> None:
    # What the Django side does: handicaps as they stood on the late competition's
    # date, then every competition from that date on.
    competitions = sorted(season(60), key=lambda c: (c.date, c.id))
    full_state, full_rows = run(competitions)
    late = competitions[25]
    without = [c for c in competitions if c is not late]
    before = [c for c in without if (c.date, c.id) < (late.date, late.id)]
    after = [c for c in without if (c.date, c.id) > (late.date, late.id)]
    state, _ = run(before)
    state, rows = run([late, *after], handicaps=state)
    assert state == full_state
    assert all(rows[c] == full_rows[c] for c in rows)


def test_walk_player_recomputes_a_players_rows() -> None:
    competitions = season(80)
    _, all_rows = run(competitions)
    mine = [row for rows in all_rows.values() for row in rows if row.player == "m5"]
    assert len(mine) > 5
    mine.sort(key=lambda row: (row.date, row.competition))
    shuffled = mine[:]
    random.Random(1).shuffle(shuffled)
    again = walk_player(mine[0].old_handicap, shuffled)
    for new, old in zip(again, mine, strict=True):
        assert new.old_handicap == pytest.approx(old.old_handicap, abs=1e-12)
        assert new.new_handicap == pytest.approx(old.new_handicap, abs=1e-12)
        assert new.change == pytest.approx(old.change, abs=1e-12)


def test_walk_player_from_another_start() -> None:
    competitions = season(40)
    _, all_rows = run(competitions)
    mine = sorted(
        (row for rows in all_rows.values() for row in rows if row.player == "m2"),
        key=lambda row: (row.date, row.competition),
    )
    lower = walk_player(mine[0].old_handicap - 5, mine)
    # A better handicap expects more of every later result; the gap narrows.
    gaps = [old.new_handicap - new.new_handicap for new, old in zip(lower, mine, strict=True)]
    assert 0 < gaps[-1] < gaps[0] <= 5


def test_walk_player_takes_one_player() -> None:
    _, all_rows = run(season(5))
    rows = next(iter(all_rows.values()))
    with pytest.raises(ValueError, match="one player"):
        walk_player(30.0, rows)


def test_newcomers_start_from_the_first_handicap_given() -> None:
    competitions = season(3)
    met: list[tuple[str, date]] = []

    def first(player: str, day: date) -> float:
        met.append((player, day))
        return 26.0

    state, rows = run(competitions, first_handicap=first)
    assert len(met) == len({player for player, _ in met})
    first_rows = {}
    for comp_rows in rows.values():
        for row in comp_rows:
            first_rows.setdefault(row.player, row)
    assert all(row.old_handicap == 26.0 for row in first_rows.values())
    # Without a first handicap, a newcomer is a beginner at 52 (5.2).
    _, plain = run(competitions[:1])
    assert {row.old_handicap for row in next(iter(plain.values()))} == {52.0}


def test_a_returning_player_keeps_the_old_handicap() -> None:
    competitions = season(2)
    players = {p for comp in competitions for e in comp.entries for p in e.players}
    state = {player: 17.5 for player in players}
    _, rows = run(competitions[:1], handicaps=state)
    assert {row.old_handicap for row in next(iter(rows.values()))} == {17.5}


def test_monthly_batch_uses_the_month_start_handicaps() -> None:
    monthly = replace(SBF_2007, monthly_batch=True)
    field = lambda cid, day, results: Competition(  # noqa: E731
        cid,
        day,
        "pairs",
        "topscore",
        24,
        (
            Entry("1", ("a", "b"), results[0]),
            Entry("2", ("c", "d"), results[1]),
        ),
    )
    competitions = [
        field("jan1", date(2024, 1, 3), (60.0, 40.0)),
        field("jan2", date(2024, 1, 20), (58.0, 42.0)),
        field("feb1", date(2024, 2, 1), (50.0, 50.0)),
    ]
    state = {"a": 30.0, "b": 30.0, "c": 30.0, "d": 30.0}
    rows = {comp.id: rows for comp, rows in walk(competitions, state, monthly)}
    jan1, jan2 = rows["jan1"][0], rows["jan2"][0]
    assert jan1.old_handicap == jan2.old_handicap == 30.0
    assert jan1.expected == jan2.expected == 50.0
    assert jan2.new_handicap == pytest.approx(30.0 + jan1.change + jan2.change)
    assert rows["feb1"][0].old_handicap == pytest.approx(jan2.new_handicap)
    # Per competition, the second January evening would see the first's change.
    per_competition = run(competitions, handicaps={p: 30.0 for p in "abcd"})[1]
    assert per_competition["jan2"][0].old_handicap == pytest.approx(30.0 + jan1.change)
    # walk_player agrees with the monthly walk.
    mine = [r for comp_rows in rows.values() for r in comp_rows if r.player == "a"]
    again = walk_player(30.0, mine, monthly)
    assert [r.new_handicap for r in again] == pytest.approx([r.new_handicap for r in mine])
    assert state["a"] == pytest.approx(rows["feb1"][0].new_handicap)


def test_monthly_batch_caps_at_the_end_of_the_month() -> None:
    monthly = replace(SBF_2007, monthly_batch=True)
    comps = [
        Competition(
            f"c{i}",
            date(2024, 3, 1 + i),
            "pairs",
            "topscore",
            24,
            (Entry("1", ("a", "b"), r), Entry("2", ("c", "d"), 100 - r)),
        )
        for i, r in enumerate([30.0, 70.0])
    ]
    state = {"a": 51.5, "b": 51.5, "c": 40.0, "d": 40.0}
    rows = [rows for _, rows in walk(comps, state, monthly)]
    # +1.x then -1.x: capped only on the running total, so "a" ends near where it began.
    assert rows[0][0].new_handicap == 52.0
    assert state["a"] < 52.0


def test_a_refused_competition_stops_the_walk_before_touching_anyone() -> None:
    competitions = sorted(season(10), key=lambda c: (c.date, c.id))
    bad_entries = (
        Entry("1", ("m1", "m2"), 50.0),
        Entry("2", ("m3", "m1"), 50.0),
    )
    bad = Competition("zz-bad", competitions[4].date, "pairs", "topscore", 24, bad_entries)
    good_state, _ = run([c for c in competitions if (c.date, c.id) < (bad.date, bad.id)])
    state: dict[str, float] = {}
    with pytest.raises(PlayerTwice, match="'zz-bad'"):
        run([*competitions, bad], handicaps=state)
    assert state == good_state


def test_a_refused_competition_can_be_left_out_and_the_walk_goes_on() -> None:
    competitions = sorted(season(10), key=lambda c: (c.date, c.id))
    bad = Competition(
        "zz-bad", competitions[4].date, "pairs", "topscore", 24,
        (Entry("1", ("m1", "m2"), 50.0), Entry("2", ("m3", "m1"), 50.0)),
    )  # fmt: skip
    refused = []
    state, rows = run(
        [*competitions, bad], on_refused=lambda c, why: refused.append((c.id, str(why)))
    )
    assert refused == [("zz-bad", "competition 'zz-bad', entry '2', player 'm1': "
                        "the player is in the field twice (also in entry '1')")]  # fmt: skip
    assert "zz-bad" not in rows
    assert (state, rows) == run(competitions)


def test_guests_and_non_members_never_enter_the_handicaps() -> None:
    entries = (
        Entry("1", ("m1", "g1"), 58.0, (None, 18.0)),  # a guest with a reported level
        Entry("2", ("m2", "x1"), 55.0),  # a member with a non-member
        Entry("3", ("m3", "m4"), 45.0),
        Entry("4", ("m5", "m6"), 42.0),
    )
    competition = Competition(
        "OBS",
        START,
        "pairs",
        "topscore",
        24,
        entries,
        guests=frozenset({"g1"}),
        non_members=frozenset({"x1"}),
    )
    state = {"m1": 22.0, "m2": 30.0, "m3": 25.0, "m4": 25.0, "m5": 28.0, "m6": 28.0}
    ((_, rows),) = walk([competition], state)
    assert set(state) == {"m1", "m2", "m3", "m4", "m5", "m6"}
    assert rows[0].owner_handicap == 20.0  # m1 22 with the guest's reported 18
    assert state["m1"] == rows[0].new_handicap != 22.0
    assert state["m2"] == 30.0  # played with a non-member
