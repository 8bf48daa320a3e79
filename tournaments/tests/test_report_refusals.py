"""Bad reports are refused with what is wrong and where; nothing is saved."""

import pytest

from members.tests.factories import ClubFactory
from tournaments import services
from tournaments.models import BoardResult, Entry, ImportLog, Section, Tournament

pytestmark = pytest.mark.django_db
NAME = "compscore3_mp_pairs_howell.xml"


@pytest.fixture
def club():
    return ClubFactory(number=1001)


@pytest.fixture
def xml(shared_fixtures):
    return (shared_fixtures / "usebio" / NAME).read_text(encoding="utf-8")


def _refused(club, text: str):
    with pytest.raises(services.ReportRefused) as caught:
        services.import_results(
            data=text.encode(), filename="bad.xml", organiser=club, run_pipeline=False
        )
    assert Tournament.objects.count() == Section.objects.count() == 0
    assert Entry.objects.count() == BoardResult.objects.count() == 0
    assert ImportLog.objects.filter(outcome="refused").count() == 1
    return [(p.where, p.what) for p in caught.value.problems]


def test_malformed_xml(club, xml):
    problems = _refused(club, xml[: len(xml) // 2])
    assert problems[0][0].startswith("bad.xml line ")
    assert problems[0][1].startswith("not well-formed XML")


def test_a_traveller_for_a_pair_not_among_the_participants(club, xml):
    bad = xml.replace(
        "<NS_PAIR_NUMBER>3</NS_PAIR_NUMBER>", "<NS_PAIR_NUMBER>99</NS_PAIR_NUMBER>", 1
    )
    problems = _refused(club, bad)
    assert problems == [
        (
            "bad.xml /USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]/NS_PAIR_NUMBER",
            "pair '99' is not among the participants",
        )
    ]


def test_a_duplicated_traveller_line(club, xml):
    start = xml.index("<TRAVELLER_LINE>")
    end = xml.index("</TRAVELLER_LINE>", start) + len("</TRAVELLER_LINE>")
    bad = xml[:end] + xml[start:end] + xml[end:]
    problems = _refused(club, bad)
    wheres = {w for w, what in problems if "has a second result on board 1" in what}
    assert wheres == {"SECTION[1]/BOARD[1]/TRAVELLER_LINE[2]"}


def test_a_date_in_the_future(club, xml):
    bad = xml.replace("<DATE>27/07/2022</DATE>", "<DATE>27/07/2099</DATE>")
    assert ("event", "the date 2099-07-27 is in the future") in _refused(club, bad)


def test_an_unknown_board(club, xml):
    bad = xml.replace("<BOARD_NUMBER>1</BOARD_NUMBER>", "<BOARD_NUMBER>99</BOARD_NUMBER>", 1)
    problems = _refused(club, bad)
    assert (
        "SECTION[1]/BOARD[99]/TRAVELLER_LINE[1]",
        "board 99 is not among the boards dealt",
    ) in problems


def test_a_player_in_two_pairs(club, xml):
    bad = xml.replace(
        "<NATIONAL_ID_NUMBER>9000003</NATIONAL_ID_NUMBER>",
        "<NATIONAL_ID_NUMBER>9000001</NATIONAL_ID_NUMBER>",
        1,
    )
    assert ("participants", "player 9000001 plays in 2 entries") in _refused(club, bad)


def test_every_problem_is_listed_at_once(club, xml):
    start = xml.index("<TRAVELLER_LINE>")
    end = xml.index("</TRAVELLER_LINE>", start) + len("</TRAVELLER_LINE>")
    bad = (xml[:end] + xml[start:end] + xml[end:]).replace(
        "<DATE>27/07/2022</DATE>", "<DATE>27/07/2099</DATE>"
    )
    problems = _refused(club, bad)
    assert ("event", "the date 2099-07-27 is in the future") in problems
    assert any("second result on board 1" in what for _w, what in problems)


def test_a_refused_report_leaves_an_earlier_one_untouched(club, xml):
    services.import_results(data=xml.encode(), filename=NAME, organiser=club, run_pipeline=False)
    bad = xml.replace(
        "<NS_PAIR_NUMBER>3</NS_PAIR_NUMBER>", "<NS_PAIR_NUMBER>99</NS_PAIR_NUMBER>", 1
    )
    with pytest.raises(services.ReportRefused):
        services.import_results(
            data=bad.encode(), filename="again.xml", organiser=club, run_pipeline=False
        )
    t = Tournament.objects.get()
    assert t.report_version == 1
    assert BoardResult.objects.filter(section__tournament=t).count() == 161
