"""One competition: rows, the forms of 3.3, conservation, and refusals.

Seed 002_4426357e9a32e88f.txt: "wins and losses take out each other", except
where 52 corrects a handicap (section 2, lines 66-70).
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handicap.domain import (
    SBF_2007,
    BoardsNotPlayed,
    Competition,
    Entry,
    FieldTooSmall,
    HandicapInputError,
    PlayerTwice,
    apply_competition,
    average_handicap,
    change,
    expected_result,
)
from handicap.domain.errors import BadEntry

DAY = date(2024, 3, 5)


def pairs_field(
    handicaps: list[tuple[float, float]],
    results: list[float],
    *,
    boards: int = 24,
    scoring: str = "topscore",
    cid: str = "T1",
) -> Competition:
    entries = tuple(
        Entry(str(i + 1), (f"m{2 * i}", f"m{2 * i + 1}"), result, pair)
        for i, (pair, result) in enumerate(zip(handicaps, results, strict=True))
    )
    return Competition(cid, DAY, "pairs", scoring, boards, entries)


def test_rows_carry_the_presentation_columns() -> None:
    field = pairs_field([(28.0, 14.0), (26.0, 26.0), (26.0, 26.0)], [55.0, 50.0, 45.0])
    rows = apply_competition(field)
    first = rows[0]
    assert (first.player, first.entry, first.old_handicap, first.partner_handicap) == (
        "m0",
        "1",
        28.0,
        14.0,
    )
    assert first.owner_handicap == 21.0
    assert first.field_handicap == 26.0  # the rest of the field
    assert first.expected == pytest.approx(52.0)
    assert first.achieved == 55.0
    assert first.change == pytest.approx(change(55.0, 52.0, 24, 24))
    assert first.new_handicap == pytest.approx(28.0 + first.change)
    assert rows[1].old_handicap == 14.0 and rows[1].partner_handicap == 28.0
    assert rows[1].change == first.change  # both players of a pair move alike
    assert all(row.counted and row.status == "member" for row in rows)
    assert average_handicap(field) == pytest.approx(146 / 6)


def test_a_player_who_played_fewer_boards_moves_less() -> None:
    # G_N is the player's boards (3.1, line 123): a substitute for half the event.
    entries = (
        Entry("1", ("a", "b"), 60.0, (20.0, 20.0), boards_played=(24, 12)),
        Entry("2", ("c", "d"), 40.0, (20.0, 20.0)),
    )
    rows = apply_competition(Competition("T", DAY, "pairs", "topscore", 24, entries))
    assert rows[1].boards_played == 12
    assert rows[1].change == pytest.approx(rows[0].change / 2)


def test_individual_event_uses_the_player_and_c_k_2() -> None:
    entries = tuple(
        Entry(p, (p,), r, (h,))
        for p, h, r in [("a", 10.0, 56.0), ("b", 20.0, 50.0), ("c", 30.0, 44.0)]
    )
    rows = apply_competition(Competition("I", DAY, "individual", "topscore", 27, entries))
    first = rows[0]
    assert first.partner_handicap is None
    assert first.field_handicap == 25.0
    assert first.expected == pytest.approx(expected_result(10, 25))
    assert first.change == pytest.approx(2 * change(56.0, first.expected, 27, 27))
    assert sum(row.change for row in rows) == pytest.approx(0, abs=1e-12)


def test_team_match_uses_the_team_handicaps_and_halves() -> None:
    # 3.3.3.1: team handicap the mean of four (4), C_u = C_k = 1/2.
    home = Entry("home", ("h1", "h2", "h3", "h4"), 1.5, (20.0, 20.0, 30.0, 30.0))
    away = Entry("away", ("a1", "a2", "a3", "a4"), -1.5, (40.0, 40.0, 40.0, 40.0))
    rows = apply_competition(Competition("M", DAY, "team_match", "imp", 16, (home, away)))
    first = rows[0]
    assert (first.owner_handicap, first.field_handicap) == (25.0, 40.0)
    assert first.partner_handicap == pytest.approx((20 + 30 + 30) / 3)
    assert first.expected == pytest.approx(2 * 15 * 0.8 / 12)
    weight = 15 / 16.1
    assert first.change == pytest.approx(-weight * 0.25 * 12 * 16 * (1.5 - 2.0) / 480)
    assert sum(row.change for row in rows) == pytest.approx(0, abs=1e-12)


def test_team_match_iaf_compares_with_the_datum_of_each_direction() -> None:
    # 3.3.3.2: (own direction's average - pair) + (table opponents - other direction's).
    # A (10) beats B (20) by the same 10 units that C (30) beats D (40): the datum
    # expects 0 of both NS pairs.
    entries = (
        Entry("A", ("a1", "a2"), 0.5, (10.0, 10.0), line="NS", opponent="B"),
        Entry("B", ("b1", "b2"), -0.5, (20.0, 20.0), line="EW", opponent="A"),
        Entry("C", ("c1", "c2"), -0.5, (30.0, 30.0), line="NS", opponent="D"),
        Entry("D", ("d1", "d2"), 0.5, (40.0, 40.0), line="EW", opponent="C"),
    )
    rows = apply_competition(Competition("X", DAY, "team_match_iaf", "imp", 12, entries))
    by_entry = {row.entry: row for row in rows}
    assert by_entry["A"].field_handicap == 20.0
    assert by_entry["A"].field_adjust == -10.0
    assert by_entry["A"].expected == pytest.approx(0.0)
    assert by_entry["C"].expected == pytest.approx(0.0)
    assert by_entry["A"].change == pytest.approx(-(11 / 12.1) * 0.5 * 1 * 12 * 12 * 0.5 / 480)


def test_duplicate_teams_compare_within_the_room() -> None:
    # 3.3.3.3: own room's average, and the opponents' pool: the other room without
    # the team-mates.
    entries = (
        Entry("X1", ("x1", "x2"), 0.0, (10.0, 10.0), line="open", team="X"),
        Entry("X2", ("x3", "x4"), 0.0, (20.0, 20.0), line="closed", team="X"),
        Entry("Y1", ("y1", "y2"), 0.0, (30.0, 30.0), line="open", team="Y"),
        Entry("Y2", ("y3", "y4"), 0.0, (40.0, 40.0), line="closed", team="Y"),
        Entry("Z1", ("z1", "z2"), 0.0, (20.0, 20.0), line="open", team="Z"),
        Entry("Z2", ("z3", "z4"), 0.0, (30.0, 30.0), line="closed", team="Z"),
    )
    rows = apply_competition(Competition("D", DAY, "duplicate_teams_iaf", "imp", 32, entries))
    x1 = next(row for row in rows if row.entry == "X1")
    assert x1.field_handicap == pytest.approx(20.0)  # open room: 10, 30, 20
    # Other room 20, 40, 30 (average 30); X1 meets 40 and 30, i.e. 35 = 30 + (30-20)/2.
    assert x1.field_adjust == pytest.approx(5.0)
    assert x1.expected == pytest.approx(0.8 / 12 * (10 + 5))


# Conservation ---------------------------------------------------------------

handicap = st.floats(min_value=-5, max_value=40, allow_nan=False)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(handicap, handicap), min_size=2, max_size=14),
    st.lists(st.floats(min_value=-20, max_value=20), min_size=14, max_size=14),
    st.integers(min_value=1, max_value=60),
)
def test_pairs_changes_sum_to_zero(
    pairs: list[tuple[float, float]], spread: list[float], boards: int
) -> None:
    raw = spread[: len(pairs)]
    mean = sum(raw) / len(raw)
    results = [50 + r - mean for r in raw]  # a closed field averages 50 %
    rows = apply_competition(pairs_field(pairs, results, boards=boards))
    assert sum(row.change for row in rows) == pytest.approx(0, abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(handicap, min_size=2, max_size=20),
    st.lists(st.floats(min_value=-2, max_value=2), min_size=20, max_size=20),
)
def test_individual_imp_changes_sum_to_zero(players: list[float], spread: list[float]) -> None:
    raw = spread[: len(players)]
    mean = sum(raw) / len(raw)
    entries = tuple(
        Entry(str(i), (f"p{i}",), r - mean, (h,))
        for i, (h, r) in enumerate(zip(players, raw, strict=True))
    )
    rows = apply_competition(Competition("I", DAY, "individual", "imp", 26, entries))
    assert sum(row.change for row in rows) == pytest.approx(0, abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(handicap, handicap, st.floats(-3, 3)), min_size=1, max_size=8),
    st.booleans(),
)
def test_team_match_iaf_changes_sum_to_zero(
    tables: list[tuple[float, float, float]], topscore: bool
) -> None:
    entries: list[Entry] = []
    for t, (ns, ew, score) in enumerate(tables):
        if topscore:
            ns_result, ew_result = 50 + 5 * score, 50 - 5 * score
        else:
            ns_result, ew_result = score, -score
        entries.append(
            Entry(f"N{t}", (f"n{t}a", f"n{t}b"), ns_result, (ns, ns), line="NS", opponent=f"E{t}")
        )
        entries.append(
            Entry(
                f"E{t}", (f"e{t}a", f"e{t}b"), ew_result, (ew, ew + 2), line="EW", opponent=f"N{t}"
            )
        )
    scoring = "topscore" if topscore else "imp"
    rows = apply_competition(Competition("X", DAY, "team_match_iaf", scoring, 16, tuple(entries)))
    assert sum(row.change for row in rows) == pytest.approx(0, abs=1e-9)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(handicap, handicap), min_size=2, max_size=8),
    st.lists(st.floats(min_value=-2, max_value=2), min_size=16, max_size=16),
)
def test_duplicate_teams_changes_sum_to_zero(
    teams: list[tuple[float, float]], spread: list[float]
) -> None:
    raw = spread[: 2 * len(teams)]
    mean = sum(raw) / len(raw)
    entries = []
    for t, (open_pair, closed_pair) in enumerate(teams):
        for room, pair, r in (
            ("open", open_pair, raw[2 * t]),
            ("closed", closed_pair, raw[2 * t + 1]),
        ):
            entries.append(
                Entry(
                    f"{t}{room}",
                    (f"{t}{room}a", f"{t}{room}b"),
                    r - mean,
                    (pair, pair),
                    line=room,
                    team=str(t),
                )
            )
    rows = apply_competition(
        Competition("D", DAY, "duplicate_teams_iaf", "imp", 28, tuple(entries))
    )
    assert sum(row.change for row in rows) == pytest.approx(0, abs=1e-9)


def test_team_match_changes_sum_to_zero() -> None:
    home = Entry("h", ("h1", "h2", "h3", "h4"), 0.7, (3.0, 17.0, 22.5, 40.0))
    away = Entry("a", ("a1", "a2", "a3", "a4"), -0.7, (12.0, 12.0, 30.0, 8.0))
    rows = apply_competition(Competition("M", DAY, "team_match", "imp", 14, (home, away)))
    assert sum(row.change for row in rows) == pytest.approx(0, abs=1e-12)


def test_the_cap_at_52_breaks_the_balance() -> None:
    # A beginner at 52 who does badly would go over 52 and is corrected to it.
    field = pairs_field([(52.0, 52.0), (20.0, 20.0), (30.0, 30.0)], [35.0, 60.0, 55.0])
    rows = apply_competition(field)
    assert sum(row.change for row in rows) == pytest.approx(0, abs=1e-12)
    beginner = rows[0]
    assert beginner.change > 0 and beginner.new_handicap == 52.0
    assert sum(row.new_handicap - row.old_handicap for row in rows) < 0


def test_old_results_fade_as_the_paper_says_roughly() -> None:
    # 4.1, lines 331-334: after 480 boards (20 evenings of 24) "approx. 33 %" of the
    # handicap is from older results; after 1152 (48 evenings) 7 %. Here a steady
    # partnership both 10 units too high plays 24-board evenings among correctly
    # rated pairs. Each evening keeps 1 - W*24*C_b*slope/480 of the error: 47 % and
    # 16 % remain with the default slope 0.4, 38 % and 10 % with 1/C_b. The paper's
    # two figures agree with each other (5.4 % an evening) but with neither exactly;
    # see docs/handicap.md.
    def remaining(policy, evenings: int) -> float:
        error = 10.0
        true_level = 20.0
        for _ in range(evenings):
            mine = true_level + error
            field = pairs_field(
                [(mine, mine)] + [(25.0, 25.0)] * 11,
                [expected_result(true_level, 25.0, policy=policy)] + [50.0] * 11,
                boards=24,
            )
            error = apply_competition(field, policy)[0].new_handicap - true_level
        return error / 10.0

    half = replace(SBF_2007, topscore_slope=0.5)
    assert remaining(SBF_2007, 20) == pytest.approx(0.467, abs=0.005)
    assert remaining(SBF_2007, 48) == pytest.approx(0.161, abs=0.005)
    assert remaining(half, 20) == pytest.approx(0.384, abs=0.005)
    assert remaining(half, 48) == pytest.approx(0.101, abs=0.005)


def test_the_dbf_start_list_follows_the_rest_of_the_field_at_half_a_percent() -> None:
    # Not a seed: the Danish federation's example start list (bridge.dk, "Forstå dit
    # handicap"; DBf took over the SBF system), field average 22.23. Five of its six
    # expected scores are 50 + 0.5 * (rest of the field - pair) to the hundredth; the
    # third prints 56.61 where this gives 56.51 (a slip of one digit, we think).
    players = [(22, 28), (17.5, 18.17), (16.11, 6.64), (13, 13), (26.61, 43.69), (17.03, 45.03)]
    printed = [48.34, 52.64, None, 55.54, 42.25, 44.72]
    field = pairs_field([(float(a), float(b)) for a, b in players], [50.0] * 6)
    half = replace(SBF_2007, topscore_slope=0.5)
    assert average_handicap(field, half) == pytest.approx(22.23, abs=0.005)
    rows = apply_competition(field, half)[::2]
    for row, expected in zip(rows, printed, strict=True):
        if expected is not None:
            assert row.expected == pytest.approx(expected, abs=0.006), row.entry


# Refusals -------------------------------------------------------------------


def test_more_boards_than_the_competition_is_refused() -> None:
    entries = (
        Entry("7", ("a", "b"), 55.0, (20.0, 20.0), boards_played=(24, 26)),
        Entry("8", ("c", "d"), 45.0, (20.0, 20.0)),
    )
    with pytest.raises(BoardsNotPlayed) as refused:
        apply_competition(Competition("Club night", DAY, "pairs", "topscore", 24, entries))
    message = str(refused.value)
    assert "'Club night'" in message and "entry '7'" in message and "player 'b'" in message
    assert "26" in message and "24" in message
    assert isinstance(refused.value, ValueError)
    assert (refused.value.entry, refused.value.player) == ("7", "b")


@pytest.mark.parametrize("played", [0, -3])
def test_no_boards_played_is_refused(played: int) -> None:
    entries = (
        Entry("1", ("a", "b"), 55.0, (20.0, 20.0), boards_played=(played, 24)),
        Entry("2", ("c", "d"), 45.0, (20.0, 20.0)),
    )
    with pytest.raises(BoardsNotPlayed, match="entry '1', player 'a'"):
        apply_competition(Competition("T", DAY, "pairs", "topscore", 24, entries))


def test_a_competition_without_boards_is_refused() -> None:
    with pytest.raises(BoardsNotPlayed, match="at least one board"):
        apply_competition(pairs_field([(20.0, 20.0), (20.0, 20.0)], [50.0, 50.0], boards=0))


def test_a_field_of_one_is_refused() -> None:
    with pytest.raises(FieldTooSmall, match="competition 'T1'.*got 1"):
        apply_competition(pairs_field([(20.0, 20.0)], [50.0]))


def test_a_player_twice_in_one_field_is_refused() -> None:
    entries = (
        Entry("1", ("a", "b"), 55.0, (20.0, 20.0)),
        Entry("2", ("c", "a"), 45.0, (20.0, 20.0)),
    )
    with pytest.raises(PlayerTwice) as refused:
        apply_competition(Competition("T", DAY, "pairs", "topscore", 24, entries))
    assert "entry '2', player 'a'" in str(refused.value)
    assert "also in entry '1'" in str(refused.value)


@pytest.mark.parametrize(
    ("entries", "form", "match"),
    [
        (
            (Entry("1", ("a",), 50.0, (1.0,)), Entry("2", ("b", "c"), 50.0, (1.0, 1.0))),
            "pairs",
            "2 player",
        ),
        (
            (Entry("1", ("a", "b"), 150.0, (1.0, 1.0)), Entry("2", ("c", "d"), 50.0, (1.0, 1.0))),
            "pairs",
            "percentage",
        ),
        (
            (Entry("1", ("a", "b"), 50.0, (1.0,)), Entry("2", ("c", "d"), 50.0, (1.0, 1.0))),
            "pairs",
            "1 handicaps",
        ),
        (
            (Entry("1", ("a", "b"), 50.0, (1.0, None)), Entry("2", ("c", "d"), 50.0, (1.0, 1.0))),
            "pairs",
            "no handicap",
        ),
        (
            (Entry("1", ("a", "b"), 50.0, (1.0, 1.0)), Entry("1", ("c", "d"), 50.0, (1.0, 1.0))),
            "pairs",
            "twice",
        ),
        (
            (
                Entry("1", ("a", "b"), 50.0, (1.0, 1.0), line="NS", opponent="2"),
                Entry("2", ("c", "d"), 50.0, (1.0, 1.0), line="NS", opponent="1"),
            ),
            "team_match_iaf",
            "two directions",
        ),
    ],
)
def test_entries_the_form_cannot_read_are_refused(entries, form: str, match: str) -> None:
    with pytest.raises(BadEntry, match=match):
        apply_competition(Competition("T", DAY, form, "topscore", 24, entries))


def test_a_team_match_has_two_teams() -> None:
    teams = tuple(
        Entry(str(i), tuple(f"{i}{s}" for s in "abcd"), 0.0, (1.0,) * 4) for i in range(3)
    )
    with pytest.raises(BadEntry, match="two teams"):
        apply_competition(Competition("M", DAY, "team_match", "imp", 16, teams))


def test_refusals_share_a_base_class() -> None:
    for error in (BoardsNotPlayed, FieldTooSmall, PlayerTwice, BadEntry):
        assert issubclass(error, HandicapInputError)
        assert issubclass(error, ValueError)


def test_apply_changes_nothing_it_is_given() -> None:
    field = pairs_field([(20.0, 20.0), (30.0, 30.0)], [60.0, 40.0])
    before = repr(field)
    apply_competition(field)
    assert repr(field) == before


def test_policy_from_another_federation_in_a_competition() -> None:
    capped_low = replace(SBF_2007, max_handicap=30.0)
    rows = apply_competition(pairs_field([(29.0, 29.0), (20.0, 20.0)], [30.0, 70.0]), capped_low)
    assert rows[0].new_handicap == 30.0
