"""The status an EBU event is awarded at (awards/domain/ebu/licensed.py): its licence's.

Seed 001: 1.4.1 (lines 575-581, open events need a licence), 3.2 (lines 1752-1768, the
five statuses), 5.1 (blue points only in events licensed for them); the decisions are
in docs/awards-ebu.md, "The licence behind the status".
"""

import pytest

from awards.domain.ebu.licensed import LicenceSeen, awarded_status, needs_licence

COUNTY = LicenceSeen(number="L-2026-0007", status=3, blue_points=False)
BLUE = LicenceSeen(number="L-2026-0008", status=4, blue_points=True)


@pytest.mark.parametrize(
    "facts, needed",
    [
        ({}, False),
        ({"status": "club"}, False),
        ({"movement": "teams"}, False),
        ({"status": "county"}, True),
        ({"colour": "blue"}, True),
        ({"open": True}, True),
        ({"event": "swiss-teams"}, True),
    ],
)
def test_a_clubs_own_session_needs_no_licence_and_anything_more_does(facts, needed):
    assert needs_licence(facts) is needed


def test_a_club_session_without_a_licence_is_club_status_without_a_warning():
    status = awarded_status({"movement": "teams"}, None)
    assert status.options == {"movement": "teams", "status": "club"}
    assert (status.licence, status.warning, status.refusal) == ("", None, None)


def test_asking_for_more_without_a_licence_gives_club_status_local_points_and_a_warning():
    status = awarded_status({"status": "regional", "colour": "blue", "open": True}, None)
    assert status.options == {"status": "club", "colour": "local"}
    assert status.warning is not None and status.refusal is None
    assert "not regional (1.4.1)" in status.warning.en and "inte regional" in status.warning.sv


def test_a_green_point_event_without_a_licence_is_refused():
    status = awarded_status({"event": "county-pairs-final"}, None)
    assert status.refusal is not None and "chapter 6" in status.refusal.en
    assert "grönpoängsevenemang" in status.refusal.sv


def test_the_licence_gives_the_status_and_a_contradicting_fact_is_named():
    assert awarded_status({}, COUNTY).options == {"status": "county"}
    assert awarded_status({}, COUNTY).warning is None
    named = awarded_status({"status": "national"}, COUNTY)
    assert named.status == "county" and named.licence == "L-2026-0007"
    assert named.warning.en == (
        "licence L-2026-0007: the results say status national, the licence county; "
        "the licence stands"
    )


def test_blue_points_follow_the_licence_both_ways():
    assert awarded_status({}, BLUE).options == {"status": "regional", "colour": "blue"}
    refused = awarded_status({"colour": "blue"}, COUNTY)
    assert refused.options["colour"] == "local"
    assert "blue points asked for but the licence gives local points (5.1)" in refused.warning.en
    # A green-point event keeps its own points whatever the licence says of blue.
    assert "colour" not in awarded_status({"event": "swiss-pairs"}, BLUE).options


def test_a_licence_without_a_status_yet_counts_as_club():
    status = awarded_status({}, LicenceSeen(number="L-1", status=None, blue_points=False))
    assert status.status == "club"
