"""The EBU scorer's facts against the licence: seed 001 3.2, 4.1.1, 4.1.7, 2.8.1-2.8.2
and the Appendix's subscription codes (tournaments/importers/usebio_ebu.py)."""

import pytest

from tournaments.importers.report import FileAwards
from tournaments.importers.usebio_ebu import LicenceFacts, licence_warnings

WHERE = {
    "scale": "/USEBIO/EVENT/MASTER_POINT_SCALE",
    "event_rating": "/USEBIO/EVENT/EVENT_RATING",
    "point_type": "/USEBIO/EVENT/MASTER_POINT_TYPE",
    "charge_code": "/USEBIO/EVENT/EBU_CHARGE_CODE",
}


def facts(**kwargs) -> FileAwards:
    return FileAwards(version="1.3", where=WHERE, **kwargs)


def licence(**kwargs) -> LicenceFacts:
    return LicenceFacts(
        **{"number": "L-2026-0007", "licence_type": "open_event", "status": 2, **kwargs}
    )


def places(problems) -> list[str]:
    return [problem.where for problem in problems]


@pytest.mark.parametrize(
    ("scale", "status", "boards", "warned"),
    [
        ("District", 2, 24, False),  # 3.2: the licence's level
        ("B", 2, 24, False),  # 4.1.1: Scale B for District events
        ("Club", 2, 24, True),  # lower than granted
        ("A", 2, 24, True),
        ("County", 2, 24, True),  # one level up needs 72 boards (4.1.7)
        ("County", 2, 72, False),
        ("C", 2, 72, False),
        ("Regional", 2, 72, True),  # never two levels up
        ("National", 5, 24, False),
        ("E", 5, 24, False),
    ],
)
def test_scale_against_the_licence_status(scale, status, boards, warned):
    problems = licence_warnings(facts(scale=scale), licence(status=status), boards=boards)
    assert places(problems) == (["/USEBIO/EVENT/MASTER_POINT_SCALE"] if warned else [])


def test_event_rating_is_checked_as_the_scale_is_and_located_in_its_file():
    problems = licence_warnings(
        facts(scale="District", event_rating="Club"), licence(), boards=24, filename="club.xml"
    )
    assert [str(p) for p in problems] == [
        "club.xml /USEBIO/EVENT/EVENT_RATING: 'Club' is Club status, but licence L-2026-0007 "
        "grants District status (Handbook 3.2, 4.1.1; one level more only for 72 boards or "
        "more, 4.1.7)"
    ]


def test_a_scale_the_handbook_does_not_name_is_said_not_checked():
    (problem,) = licence_warnings(facts(scale="F"), licence(), boards=24)
    assert "not a status or scale the Handbook names" in problem.what


@pytest.mark.parametrize(
    ("licence_type", "code", "commercial", "warned"),
    [
        ("open_event", "30", False, False),  # licensed affiliated event
        ("open_event", "10", False, True),  # a normal club session is no licensed event
        ("open_event", "02", False, False),  # 2.8.2: a supplementary file, any licence
        ("open_event", "70", True, False),  # a commercial operator's
        ("open_event", "70", False, True),
        ("charity", "40", False, False),
        ("charity", "30", False, True),
        ("teams_league", "21", False, False),
        ("novice_annual", "22", False, False),
        ("novice_annual", "10", False, True),
        ("special", "99", False, False),  # a special licence states its own terms
    ],
)
def test_charge_code_against_the_licence_type(licence_type, code, commercial, warned):
    problems = licence_warnings(
        facts(charge_code=code),
        licence(licence_type=licence_type, commercial=commercial),
        boards=24,
    )
    assert places(problems) == (["/USEBIO/EVENT/EBU_CHARGE_CODE"] if warned else [])


@pytest.mark.parametrize(
    ("code", "warned"), [("30", True), ("40", True), ("60", True), ("10", False)]
)
def test_a_licensed_charge_code_without_a_licence_is_a_contradiction(code, warned):
    problems = licence_warnings(facts(charge_code=code, scale="Club"), None, boards=24)
    assert bool(problems) is warned


def test_blue_points_need_a_blue_point_licence():
    assert places(licence_warnings(facts(point_type="BLUE"), licence(), boards=24)) == [
        "/USEBIO/EVENT/MASTER_POINT_TYPE"
    ]
    assert licence_warnings(facts(point_type="BLUE"), licence(blue_points=True), boards=24) == []


def test_a_file_without_facts_has_nothing_to_warn_of():
    assert licence_warnings(None, licence(), boards=24) == []
