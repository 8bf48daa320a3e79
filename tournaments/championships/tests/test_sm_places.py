"""SM places and the cap on pairs from outside the district (seed 003 lines 167-177;
tournaments/championships/domain/sm_places.py)."""

import pytest

from tournaments.championships.domain.sm_places import outside_cap, sm_places


@pytest.mark.parametrize(
    "allotted, cap",
    [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (6, 2), (7, 3), (10, 3), (11, 4), (14, 4),
     (15, 5), (40, 5)],
)  # fmt: skip
def test_the_cap_follows_the_table_of_lines_169_175(allotted, cap):
    assert outside_cap(allotted) == cap


def test_outside_pairs_beyond_the_cap_are_passed_over_for_the_next_pair():
    # 4 SM places: outside pairs may play for 2 (line 172).
    final = [("A", True), ("B", True), ("C", True), ("D", False), ("E", False), ("F", False)]
    taken = sm_places(final, 4)
    assert [(p.pair, p.place) for p in taken] == [("A", 1), ("B", 2), ("D", 4), ("E", 5)]


def test_one_sm_place_is_never_an_outside_pairs():
    assert [p.pair for p in sm_places([("A", True), ("B", False)], 1)] == ["B"]


def test_no_places_no_pairs_and_no_negative_places():
    assert sm_places([("A", False)], 0) == ()
    with pytest.raises(ValueError, match="negative"):
        outside_cap(-1)
