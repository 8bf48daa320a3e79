"""The formula over a level of competitions as arrays (``domain.batch``) against the
formula per competition (``competition.compute``), bit for bit.

The full recompute over a stored history compares by these numbers (issue #15,
docs/handicap.md "Speed"): a float that came out one ulp apart could round to another
hundredth and make a month look changed, or worse, carry another handicap on.
"""

from __future__ import annotations

import math
import struct
from datetime import date

import numpy as np
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from handicap.domain.batch import NO_PARTNER, Plain, carried, levels, rows, scaled, walk_level
from handicap.domain.competition import Competition, Entry, Resolved, compute
from handicap.domain.formula import gain
from handicap.domain.policy import AVERAGE, FORMS, SBF_2007, TEAM_MATCH, HandicapPolicy

DAY = date(2026, 3, 5)

finite = st.floats(min_value=-5000, max_value=5000, allow_nan=False)
# Floats that sit on or next to a half of the last place: where rounding is decided.
ties = st.builds(
    lambda k, places, step: math.nextafter(k / 10**places + 5 / 10 ** (places + 1), step),
    st.integers(-500_000, 500_000),
    st.sampled_from([2, 3]),
    st.sampled_from([-math.inf, 0.0, math.inf]),
)


@given(st.lists(st.one_of(finite, ties), min_size=1, max_size=50), st.sampled_from([2, 3]))
def test_scaled_is_the_columns_rounding(values, places):
    found = scaled(np.array(values), places)
    expected = [int(f"{v:.{places}f}".replace(".", "")) for v in values]
    assert found.tolist() == expected


@given(st.lists(st.one_of(finite, ties), min_size=1, max_size=50))
def test_carried_is_round_to_two_places(values):
    value, hundredths = carried(np.array(values))
    for v, got, k in zip(values, value.tolist(), hundredths.tolist(), strict=True):
        assert struct.pack(">d", got) == struct.pack(">d", round(v, 2) + 0.0)
        assert k == int(f"{round(v, 2) + 0.0:.2f}".replace(".", ""))


def test_scaled_rounds_an_exact_tie_to_even_as_the_format_does():
    # 0.125 and 0.375 are exact binary fractions: ties broken to the even hundredth.
    assert scaled(np.array([0.125, 0.375, -0.125, 2.675]), 2).tolist() == [12, 38, -12, 267]


def _plain(competitions: list[Competition], position: dict[str, int], policy) -> Plain:
    """The arrays ``handicap.arrays`` builds, built here by plain loops: each
    competition its own level (they are walked one after another)."""
    comp_entry, comp_row, entry_row = [0], [0], [0]
    rest, team, tables, gains, slopes, averages = [], [], [], [], [], []
    comp, size, result, other, member, entry_of, played = [], [], [], [], [], [], []
    for c in competitions:
        first = len(size)
        for k, e in enumerate(c.entries):
            comp.append(len(rest))
            size.append(len(e.players))
            result.append(e.result)
            other.append(first + 1 - k if c.form == TEAM_MATCH else 0)
            for seat, p in enumerate(e.players):
                member.append(position[p])
                entry_of.append(len(size) - 1)
                played.append(e.boards_played[seat] if e.boards_played else c.boards)
            entry_row.append(len(member))
        rest.append(len(c.entries) - 1)
        team.append(c.form == TEAM_MATCH)
        tables.append(FORMS[c.form].tables)
        gains.append(gain(c.form, c.scoring, c.boards, policy))
        slopes.append(policy.slope(c.scoring))
        averages.append(AVERAGE[c.scoring])
        comp_entry.append(len(size))
        comp_row.append(len(member))
    i8, f8 = np.int64, np.float64
    return Plain(
        comp_entry_start=np.array(comp_entry, i8), comp_row_start=np.array(comp_row, i8),
        rest=np.array(rest, f8), team=np.array(team, bool), tables=np.array(tables, f8),
        gain=np.array(gains, f8), slope=np.array(slopes, f8), average=np.array(averages, f8),
        level_start=np.arange(len(competitions) + 1, dtype=i8),
        entry_row_start=np.array(entry_row, i8), comp=np.array(comp, i8),
        size=np.array(size, i8), result=np.array(result, f8), other=np.array(other, i8),
        member=np.array(member, i8), entry=np.array(entry_of, i8), played=np.array(played, i8),
    )  # fmt: skip


handicap_values = st.floats(min_value=-10, max_value=52, allow_nan=False).map(
    lambda v: round(v, 2) + 0.0
)


@st.composite
def fields(draw):
    """A few plain competitions over a small club: pairs and individual by topscore or
    IMPs, and team matches of two teams of four."""
    players = [str(n) for n in range(40)]
    out = []
    for n in range(draw(st.integers(1, 4))):
        form = draw(st.sampled_from(["pairs", "individual", TEAM_MATCH]))
        scoring = "imp" if form == TEAM_MATCH else draw(st.sampled_from(["topscore", "imp"]))
        size = FORMS[form].players
        count = 2 if form == TEAM_MATCH else draw(st.integers(2, 9))
        chosen = draw(st.permutations(players))[: size * count]
        boards = draw(st.integers(1, 36))
        entries = []
        for k in range(count):
            result = draw(
                st.floats(0, 100, allow_nan=False)
                if scoring == "topscore"
                else st.floats(-20, 20, allow_nan=False)
            )
            counts = ()
            if draw(st.booleans()):
                counts = tuple(draw(st.integers(1, boards)) for _ in range(size))
            entries.append(
                Entry(f"{n}.{k}", tuple(chosen[k * size : (k + 1) * size]), result, (), counts)
            )
        out.append(
            Competition(f"{n:012d}", DAY, form, scoring, boards, tuple(entries))
        )  # fmt: skip
    return out


policies = st.sampled_from(
    [SBF_2007, HandicapPolicy(version="other", impact=333.0, topscore_slope=0.55)]
)


@settings(max_examples=150, deadline=None)
@given(fields(), st.lists(handicap_values, min_size=40, max_size=40), policies)
def test_a_level_walked_as_arrays_is_compute_bit_for_bit(competitions, start, policy):
    position = {str(n): n for n in range(40)}
    plain = _plain(competitions, position, policy)
    handicaps = np.array(start)
    by_python = dict(zip(map(str, range(40)), start, strict=True))
    for level, c in enumerate(competitions):
        used = [tuple(by_python[p] for p in e.players) for e in c.entries]
        expected = compute(c, Resolved(used, used, None, None), None, policy)
        walk_level(plain, level, handicaps, policy.max_handicap)
        r0 = plain.comp_row_start[level]
        for k, row in enumerate(expected):
            at = r0 + k
            e = plain.entry[at]
            assert plain.old[at] == row.old_handicap
            assert plain.owner[e] == row.owner_handicap
            assert plain.field[e] == row.field_handicap
            assert plain.expected[e] == row.expected
            assert plain.change[at] == row.change
            by_python[row.player] = round(row.new_handicap, 2) + 0.0
            assert handicaps[position[row.player]] == by_python[row.player]
            assert plain.new[at] == int(f"{by_python[row.player]:.2f}".replace(".", ""))
    # The rows as the history writes them: the columns' text, as integers.
    found = rows(
        plain, np.arange(40), np.zeros((len(competitions), 3), np.int64),
        np.zeros((len(plain.size), 2), np.int64), np.zeros(len(competitions), np.int64),
    )  # fmt: skip
    partners = found[:, 7].tolist()
    at = 0
    by_python = dict(zip(map(str, range(40)), start, strict=True))
    for c in competitions:
        used = [tuple(by_python[p] for p in e.players) for e in c.entries]
        for row in compute(c, Resolved(used, used, None, None), None, policy):
            partner = row.partner_handicap
            assert partners[at] == (
                NO_PARTNER if partner is None else int(f"{partner:.2f}".replace(".", ""))
            )
            assert found[at, 14] == int(f"{row.achieved:.2f}".replace(".", ""))
            by_python[row.player] = round(row.new_handicap, 2) + 0.0
            at += 1


@given(st.lists(st.lists(st.integers(0, 15), max_size=6, unique=True), max_size=30))
def test_levels_share_no_player_and_follow_what_they_depend_on(competitions):
    found = levels(competitions, 16)
    for i, players in enumerate(competitions):
        for j in range(i):
            if set(players) & set(competitions[j]):
                assert found[j] < found[i]
    for level in set(found):
        seen: list[int] = []
        for players, at in zip(competitions, found, strict=True):
            if at == level:
                seen.extend(players)
        assert len(seen) == len(set(seen))
    assume(competitions)
    assert min(found) == 0
