"""Bad reports are refused with what is wrong and where; nothing is saved."""

from datetime import date

import pytest

from members.tests.factories import ClubFactory
from tournaments import services
from tournaments.importers.report import (
    ReportedEntry,
    ReportedEvent,
    ReportedLine,
    ReportedPlayer,
    ReportedSection,
    check_report,
    report_warnings,
)
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


def _line_report(**line):
    entries = tuple(
        ReportedEntry(
            key=str(n), section="", number=n, direction="", players=(ReportedPlayer(None, "x"),)
        )
        for n in (1, 2)
    )
    return ReportedEvent(
        source_format="test",
        event_id="e",
        name="Tisdagsparen",
        date=date(2025, 3, 4),
        kind="pairs",
        scoring="matchpoints",
        sections=(ReportedSection(name="", movement="howell"),),
        entries=entries,
        lines=(ReportedLine(section="", board=1, ns="1", ew="2", where="line 7", **line),),
        boards=1,
    )


def test_ns_and_ew_scores_that_disagree_are_refused():
    report = _line_report(score_ns=420, score_ew=-450)
    assert [(p.where, p.what) for p in check_report(report, today=date(2026, 1, 1))] == [
        (
            "line 7",
            "the NS score 420 and the EW score -450 disagree on board 1 "
            "(one must be the other with its sign changed)",
        )
    ]
    agreeing = _line_report(score_ns=420, score_ew=-420)
    assert check_report(agreeing, today=date(2026, 1, 1)) == []


def test_a_score_that_its_contract_does_not_give_is_a_warning():
    # Board 1 is unvulnerable: 4S by N making ten tricks scores 420, not 620.
    report = _line_report(contract="4S", declarer="N", tricks=10, score_ns=620)
    assert [(p.where, p.what) for p in report_warnings(report)] == [
        (
            "line 7",
            "the NS score 620 disagrees with 4S by N taking 10 tricks on board 1, "
            "which scores 420 for NS",
        )
    ]
    right = _line_report(contract="4S", declarer="N", tricks=10, score_ns=420)
    assert report_warnings(right) == []


def test_a_real_file_with_assigned_scores_imports_with_warnings(club, shared_fixtures):
    """Two lines of the NZ Scorer multi-section file carry a score their contract
    does not give (assigned by the director); the file's score stands."""
    data = (
        shared_fixtures / "usebio" / "nzscorer_multi-section-multi-movement-pairs.xml"
    ).read_bytes()
    outcome = services.import_results(
        data=data, filename="multi.xml", organiser=club, run_pipeline=False
    )
    mismatches = [w.where for w in outcome.warnings if "disagrees with" in w.what]
    assert mismatches == [
        "SECTION[2]/BOARD[16]/TRAVELLER_LINE[6]",
        "SECTION[3]/BOARD[18]/TRAVELLER_LINE[4]",
    ]
    assert BoardResult.objects.filter(score_ns=-250, board=16).exists()
