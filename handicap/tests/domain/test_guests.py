"""Guests from abroad (5.3) and non-members (5.4), seed 002_4426357e9a32e88f.txt
lines 447-497."""

from __future__ import annotations

from datetime import date

import pytest

from handicap.domain import (
    Competition,
    Entry,
    apply_competition,
    estimate_handicaps,
    expected_result,
)
from handicap.domain.errors import BadEntry

DAY = date(2024, 4, 2)


def field(entries: tuple[Entry, ...], **kwargs) -> Competition:
    return Competition("OBS", DAY, "pairs", "topscore", 26, entries, **kwargs)


MEMBERS = (
    Entry("2", ("m3", "m4"), 52.0, (20.0, 20.0)),
    Entry("3", ("m5", "m6"), 46.0, (30.0, 30.0)),
)


def by_player(rows):
    return {row.player: row for row in rows}


def test_a_guest_with_a_reported_level_plays_on_it() -> None:
    # 5.3 a): the member's change counts, the guest's does not.
    rows = by_player(
        apply_competition(
            field(
                (Entry("1", ("m1", "g1"), 52.0, (20.0, 30.0)), *MEMBERS), guests=frozenset({"g1"})
            )
        )
    )
    assert rows["m1"].owner_handicap == 25.0
    assert rows["m1"].counted and rows["m1"].change != 0
    assert not rows["g1"].counted and rows["g1"].change == 0
    assert rows["g1"].status == "guest"
    assert rows["g1"].new_handicap == rows["g1"].old_handicap == 30.0


def test_a_guest_without_a_level_takes_the_partners_handicap() -> None:
    # 5.3 b).
    rows = by_player(
        apply_competition(
            field(
                (Entry("1", ("m1", "g1"), 52.0, (20.0, None)), *MEMBERS), guests=frozenset({"g1"})
            )
        )
    )
    assert rows["g1"].old_handicap == 20.0
    assert rows["m1"].owner_handicap == 20.0
    assert rows["m1"].counted


def test_a_pair_of_unrated_guests_is_estimated_from_its_own_result() -> None:
    # 5.3 c): the estimate makes the pair's expected result its result; nobody in
    # the pair changes, and the rest of the field is compared with the estimate.
    guests = Entry("1", ("g1", "g2"), 58.0, (None, None))
    rows = apply_competition(field((guests, *MEMBERS), guests=frozenset({"g1", "g2"})))
    g1 = rows[0]
    assert g1.expected == pytest.approx(58.0)
    assert g1.owner_handicap == pytest.approx(25.0 - 8.0 / 0.4)  # rest of the field 25
    assert not any(row.counted for row in rows[:2])
    member = rows[2]
    assert member.field_handicap == pytest.approx((g1.owner_handicap + 30.0) / 2)


def test_estimates_average_to_the_papers_collective_formula() -> None:
    # Lines 466-469: from the rated pairs' average, the number of unrated pairs and
    # their average result.
    rated = [20.0, 30.0, 25.0, 35.0]
    results = [60.0, 47.0]
    estimates = estimate_handicaps(rated, results)
    count, unrated = 6, 2
    mean_result = sum(results) / 2 - 50
    collective = sum(rated) / 4 - mean_result * (count - 1) / (0.4 * (count - unrated))
    assert sum(estimates) / 2 == pytest.approx(collective)
    # Each estimate gives its pair exactly its result.
    everyone = rated + estimates
    total = sum(everyone)
    for estimate, result in zip(estimates, results, strict=True):
        rest = (total - estimate) / (count - 1)
        assert expected_result(estimate, rest) == pytest.approx(result)


def test_an_estimate_over_52_is_corrected_to_52() -> None:
    assert estimate_handicaps([10.0, 10.0], [5.0]) == [52.0]


def test_with_nobody_rated_everybody_gets_the_maximum() -> None:
    assert estimate_handicaps([], [60.0, 40.0]) == [52.0, 52.0]


def test_a_member_with_a_non_member_does_not_change() -> None:
    # 5.4: the whole pair is regarded as non-members, with an occasional handicap.
    pair = Entry("1", ("m1", "x1"), 60.0, (20.0, None))
    rows = by_player(apply_competition(field((pair, *MEMBERS), non_members=frozenset({"x1"}))))
    member = rows["m1"]
    assert not member.counted
    assert member.change == 0
    assert member.old_handicap == member.new_handicap == 20.0  # the member's own
    assert member.owner_handicap != 20.0  # the pair's was estimated
    assert member.expected == pytest.approx(60.0)
    assert rows["x1"].status == "non_member"
    assert rows["m3"].counted


def test_an_individual_guest_is_estimated_too() -> None:
    entries = (
        Entry("g", ("g",), 55.0, (None,)),
        Entry("a", ("a",), 50.0, (20.0,)),
        Entry("b", ("b",), 45.0, (30.0,)),
    )
    rows = apply_competition(
        Competition("I", DAY, "individual", "topscore", 27, entries, guests=frozenset({"g"}))
    )
    assert rows[0].expected == pytest.approx(55.0)
    assert rows[1].counted and not rows[0].counted


def test_a_guest_pair_in_a_team_takes_the_estimate_for_the_team() -> None:
    home = Entry("h", ("m1", "m2", "g1", "g2"), 1.0, (20.0, 20.0, None, None))
    away = Entry("a", ("m3", "m4", "m5", "m6"), -1.0, (30.0, 30.0, 30.0, 30.0))
    rows = apply_competition(
        Competition("M", DAY, "team_match", "imp", 16, (home, away), guests=frozenset({"g1", "g2"}))
    )
    home_row = rows[0]
    assert home_row.expected == pytest.approx(1.0)
    assert home_row.owner_handicap == pytest.approx(30.0 - 1.0 / (2 * 0.8 / 12))
    assert not home_row.counted  # the team's handicap was estimated from its result
    assert rows[4].counted


def test_guest_and_non_member_at_once_is_refused() -> None:
    pair = Entry("1", ("m1", "x1"), 60.0, (20.0, None))
    with pytest.raises(BadEntry, match="player 'x1'"):
        apply_competition(
            field((pair, *MEMBERS), guests=frozenset({"x1"}), non_members=frozenset({"x1"}))
        )


def test_a_member_still_needs_a_handicap() -> None:
    pair = Entry("1", ("m1", "g1"), 60.0, (None, 30.0))
    with pytest.raises(BadEntry, match="entry '1', player 'm1': the member has no handicap"):
        apply_competition(field((pair, *MEMBERS), guests=frozenset({"g1"})))
