"""The handicap-corrected list of a handicap event (seed 002 sections 8 and 9; seed
000 "Handicaptävlingar": bronze on both lists, so each entry needs its place on
the corrected list, shared when corrected results tie)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from handicap.domain import Competition, Entry, FieldTooSmall, handicap_event

DAY = date(2024, 5, 7)


def pairs(*rows: tuple[str, float, float, float]) -> Competition:
    entries = tuple(
        Entry(eid, (f"{eid}a", f"{eid}b"), result, (h1, h2)) for eid, h1, h2, result in rows
    )
    return Competition("HCP", DAY, "pairs", "topscore", 24, entries)


def test_pair_28_14_among_26s_is_charged_2_percent() -> None:
    # Section 9, lines 604-606.
    event = handicap_event(pairs(("A", 28, 14, 55.0), ("B", 26, 26, 50.0), ("C", 26, 26, 45.0)))
    placing = next(p for p in event if p.entry == "A")
    assert placing.owner_handicap == 21
    assert placing.field_handicap == 26
    assert placing.expected == Decimal("52.00")
    assert placing.charge == Decimal("2.00")
    assert placing.adjusted == Decimal("53.00")


def test_the_corrected_list_can_reverse_the_scratch_order() -> None:
    event = handicap_event(
        pairs(("strong", 5, 5, 58.0), ("weak", 45, 45, 55.0), ("mid", 25, 25, 37.0))
    )
    assert [p.entry for p in event] == ["weak", "strong", "mid"]
    assert [(p.place, p.place_to) for p in event] == [(1, 1), (2, 2), (3, 3)]
    assert event[0].adjusted == Decimal("55.00") - event[0].charge


def pairs_event(*rows):
    return handicap_event(pairs(*rows))


def test_equal_corrected_results_share_the_places() -> None:
    # Field of four: rest averages differ, so pick results that land on one figure.
    event = pairs_event(
        ("A", 20, 20, 60.0),
        ("B", 30, 30, 50.0),
        ("C", 25, 25, 50.0),
        ("D", 25, 25, 40.0),
    )
    by_entry = {p.entry: p for p in event}
    # A: rest 26.67, expected 52.67 -> 57.33; B: rest 23.33, 47.33 -> 52.67.
    assert by_entry["A"].adjusted == Decimal("57.33")
    assert by_entry["B"].adjusted == Decimal("52.67")
    # A is charged +2.67 and B -2.67: 55.34 and 50.00 both correct to 52.67.
    tie = pairs_event(
        ("A", 20, 20, 55.34), ("B", 30, 30, 50.0), ("C", 25, 25, 50.0), ("D", 25, 25, 44.66)
    )
    places = {p.entry: (p.place, p.place_to) for p in tie}
    adjusted = {p.entry: p.adjusted for p in tie}
    assert adjusted["A"] == adjusted["B"] == Decimal("52.67")
    assert places == {"A": (1, 2), "B": (1, 2), "C": (3, 3), "D": (4, 4)}


def test_guests_are_on_the_list_with_their_temporary_handicap() -> None:
    entries = (
        Entry("G", ("g1", "g2"), 60.0, (None, None)),
        Entry("M", ("m1", "m2"), 50.0, (20.0, 20.0)),
        Entry("N", ("m3", "m4"), 40.0, (30.0, 30.0)),
    )
    event = handicap_event(
        Competition("HCP", DAY, "pairs", "topscore", 24, entries, guests=frozenset({"g1", "g2"}))
    )
    guest = next(p for p in event if p.entry == "G")
    # 5.3 c) fits the guests' handicap to their result: they are charged all of it.
    assert guest.adjusted == Decimal("50.00")


def test_imp_events_are_corrected_in_imps_per_board() -> None:
    entries = (
        Entry("A", ("a1", "a2"), 0.5, (10.0, 10.0)),
        Entry("B", ("b1", "b2"), -0.5, (40.0, 40.0)),
    )
    event = handicap_event(Competition("B", DAY, "pairs", "imp", 24, entries))
    a = next(p for p in event if p.entry == "A")
    assert a.charge == Decimal("2.00")  # 30 units * 0.8/12
    assert a.adjusted == Decimal("-1.50")
    assert [p.entry for p in event] == ["B", "A"]


def test_a_field_of_one_is_refused() -> None:
    with pytest.raises(FieldTooSmall):
        handicap_event(pairs(("A", 20, 20, 50.0)))
