"""Parsing USEBIO 1.2 (tournaments.importers.usebio).

The real files in ../shared/fixtures/usebio (through the ``shared_fixtures``
fixture) for what is read, small hand-written documents for every refusal.
"""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from tournaments.domain.contract import PASS, Contract, Doubling, Seat, Strain
from tournaments.domain.matchpoints import NOT_PLAYED, ArtificialScore
from tournaments.importers.usebio import (
    MasterPointAward,
    UnsupportedEventType,
    UsebioError,
    UsebioHand,
    UsebioPlayer,
    parse_usebio,
    parse_usebio_file,
)


def _file(shared_fixtures: Path, name: str) -> Path:
    return shared_fixtures / "usebio" / name


# file, event type, scoring, winner type, sections, pairs, boards, traveller lines, deals
COUNTS = [
    ("compscore3_butler_howell.xml", "BUTLER_PAIRS", "butler", 1, 1, 8, 35, 140, 35),
    ("compscore3_cross_imp_howell.xml", "CROSS_IMP", "cross_imps", 1, 1, 9, 27, 108, 27),
    ("compscore3_mp_pairs_howell.xml", "MP_PAIRS", "match_points", 1, 1, 12, 27, 161, 27),
    ("compscore3_mp_pairs_mitchell.xml", "MP_PAIRS", "match_points", 2, 1, 38, 27, 512, 27),
    ("compscore3_mp_pairs_mitchell_03.xml", "MP_PAIRS", "match_points", 2, 1, 13, 21, 126, 21),
    (
        "compscore3_mp_pairs_mitchell_adjusted.xml",
        "MP_PAIRS",
        "match_points",
        2,
        1,
        42,
        27,
        567,
        27,
    ),
    ("nzscorer_handicap_pairs.xml", "PAIRS", "match_points", 2, 1, 18, 22, 198, 0),
    (
        "nzscorer_multi-section-multi-movement-pairs.xml",
        "PAIRS",
        "match_points",
        1,
        3,
        66,
        78,
        858,
        0,
    ),
    ("nzscorer_pairs-with-np-passed.xml", "PAIRS", "match_points", 2, 1, 26, 26, 338, 0),
    ("nzscorer_pairs.xml", "PAIRS", "match_points", 2, 1, 26, 26, 338, 0),
    (
        "nzscorer_three_quarter_howell_with_phantom.xml",
        "PAIRS",
        "match_points",
        1,
        1,
        11,
        27,
        135,
        0,
    ),
]


@pytest.mark.parametrize(
    ("name", "event_type", "scoring", "winners", "sections", "pairs", "boards", "lines", "deals"),
    COUNTS,
)
def test_every_supported_fixture_is_read_whole(
    shared_fixtures: Path,
    name: str,
    event_type: str,
    scoring: str,
    winners: int,
    sections: int,
    pairs: int,
    boards: int,
    lines: int,
    deals: int,
) -> None:
    event = parse_usebio_file(_file(shared_fixtures, name))
    assert (event.version, event.event_type, event.scoring) == ("1.2", event_type, scoring)
    assert event.winner_type == winners
    assert len(event.sections) == sections
    assert len(event.pairs) == pairs
    assert len(event.boards) == boards
    assert sum(len(board.lines) for board in event.boards) == lines
    assert len(event.deals) == deals
    # Every traveller line names pairs that are in the participants list.
    pair_ids = {pair.pair_id for pair in event.pairs}
    assert {p for b in event.boards for line in b.lines for p in (line.ns_pair, line.ew_pair)} <= (
        pair_ids
    )


def test_compscore_event_details(shared_fixtures: Path) -> None:
    event = parse_usebio_file(_file(shared_fixtures, "compscore3_mp_pairs_howell.xml"))
    assert event.club is not None
    assert (event.club.name, event.club.club_id) == ("NSBC@Lindfield", "2074")
    assert event.identifier == "3226"
    assert event.description == "EL Wed 10.00am Open (27-Jul-22)"
    assert (event.program_name, event.program_version) == ("Compscore3", "26-Jul-22")
    assert event.title == "Wednesday"
    assert event.date == date(2022, 7, 27)
    assert event.venue is None
    assert (event.master_point_scale, event.master_point_type) == ("Club", "RED")
    assert event.master_points_awarded is True
    assert (event.session_count, event.section_count) == (1, 1)
    assert event.pay_to_play_rate == Decimal(10)
    assert event.contact is not None and event.contact.scorer == "SC"
    assert event.contact.email is None
    assert event.scoring_method is None


def test_compscore_pair_and_standings_line(shared_fixtures: Path) -> None:
    event = parse_usebio_file(_file(shared_fixtures, "compscore3_mp_pairs_howell.xml"))
    pair = event.pairs[5]
    assert (pair.pair_id, pair.number, pair.section, pair.direction) == ("6", 6, None, None)
    assert pair.players == (
        UsebioPlayer(name="Player 11", national_id="9000011", club_id="2668"),
        UsebioPlayer(name="Player 12", national_id="9000012", club_id="77"),
    )
    assert (pair.total_score, pair.percentage, pair.place, pair.place_shared) == (
        Decimal("162.60"),
        Decimal("60.22"),
        1,
        False,
    )
    assert pair.master_points == (MasterPointAward(awarded=Decimal(60), point_type="RED"),)
    assert pair.handicap is None
    assert pair.boards_played is None


def test_compscore_traveller_lines(shared_fixtures: Path) -> None:
    event = parse_usebio_file(_file(shared_fixtures, "compscore3_mp_pairs_howell.xml"))
    board_26 = event.boards[25]
    assert board_26.number == 26
    first, _, average = board_26.lines[:3]
    assert (first.ns_pair, first.ew_pair) == ("2", "11")
    assert first.contract == Contract(3, Strain.SPADES)
    assert str(first.contract) == "3S"
    assert (first.declarer, first.lead, first.tricks, first.score) == (Seat.NORTH, "C5", 11, 200)
    assert (first.ns_points, first.ew_points) == (Decimal("2.6"), Decimal("7.4"))
    assert first.board_result == 200
    # SCORE A5050, no contract: an artificial average to both sides.
    assert average.contract is None and average.score is None
    assert average.adjusted == ArtificialScore(ns_percent=Decimal(50), ew_percent=Decimal(50))
    assert average.board_result == average.adjusted
    assert (average.ns_points, average.ew_points) == (Decimal(5), Decimal(5))


def test_compscore_passed_out_and_doubled(shared_fixtures: Path) -> None:
    event = parse_usebio_file(_file(shared_fixtures, "compscore3_cross_imp_howell.xml"))
    board_17 = next(b for b in event.boards if b.number == 17)
    passed = board_17.lines[0]
    assert passed.passed_out and not passed.not_played
    assert (passed.contract, passed.declarer, passed.tricks, passed.score) == (PASS, None, None, 0)
    assert (passed.ns_points, passed.ew_points) == (Decimal("-0.33"), Decimal("0.33"))
    doubled = next(b for b in event.boards if b.number == 18).lines[2]
    assert doubled.contract == Contract(3, Strain.CLUBS, Doubling.DOUBLED)


def test_butler_board_average_and_scoring_method(shared_fixtures: Path) -> None:
    event = parse_usebio_file(_file(shared_fixtures, "compscore3_butler_howell.xml"))
    assert event.scoring_method == "IMPS"
    assert [b.board_average for b in event.boards[:4]] == [160, -450, -650, -40]
    line = event.boards[1].lines[0]
    assert (line.score, line.ns_points, line.ew_points) == (50, Decimal(11), Decimal(-11))


def test_hand_records(shared_fixtures: Path) -> None:
    event = parse_usebio_file(_file(shared_fixtures, "compscore3_butler_howell.xml"))
    deal = event.deals[0]
    assert deal.board_number == 1
    assert sorted(hand.seat.value for hand in deal.hands) == ["E", "N", "S", "W"]
    for hand in deal.hands:
        assert len(hand.spades + hand.hearts + hand.diamonds + hand.clubs) == 13
    cards = "".join(h.spades + h.hearts + h.diamonds + h.clubs for h in deal.hands)
    assert sorted(cards) == sorted("AKQJT98765432" * 4)
    assert isinstance(deal.hands[0], UsebioHand)


def test_nz_scorer_pairs_sections_and_master_points(shared_fixtures: Path) -> None:
    event = parse_usebio_file(
        _file(shared_fixtures, "nzscorer_multi-section-multi-movement-pairs.xml")
    )
    assert [s.section_id for s in event.sections] == ["A", "B", "C"]
    assert event.date == date(2015, 12, 5)  # "5/12/2015"
    assert event.boards_played == 26
    first = event.sections[0].pairs[0]
    assert (first.pair_id, first.number, first.section, first.direction) == (
        "(A) 1 NS",
        1,
        "A",
        "NS",
    )
    howell_pair = event.sections[2].pairs[0]
    assert (howell_pair.pair_id, howell_pair.number, howell_pair.direction) == ("(C) 1", 1, None)
    assert howell_pair.boards_played == 26
    # NZ Scorer nests the award and prints hundredths.
    winner = next(p for p in event.pairs if p.place == 1)
    assert winner.pair_id == "(A) 5 NS"
    assert winner.master_points == (MasterPointAward(awarded=Decimal(4000), point_type="c"),)
    assert {len(s.boards) for s in event.sections} == {26}


def test_nz_scorer_adjusted_lines(shared_fixtures: Path) -> None:
    event = parse_usebio_file(
        _file(shared_fixtures, "nzscorer_multi-section-multi-movement-pairs.xml")
    )
    board_17_c = next(b for b in event.sections[2].boards if b.number == 17)
    adjusted = [line for line in board_17_c.lines if line.adjusted is not None]
    assert [(a.ns_pair, a.ew_pair, a.adjusted) for a in adjusted] == [
        ("(C) 10", "(C) 1", ArtificialScore(Decimal(60), Decimal(60))),
        ("(C) 9", "(C) 11", ArtificialScore(Decimal(60), Decimal(40))),
    ]
    # TRICKS 0 on an adjusted line is a placeholder, not a result.
    assert all(a.tricks is None and a.contract is None for a in adjusted)


def test_nz_scorer_contracts_leads_not_played(shared_fixtures: Path) -> None:
    event = parse_usebio_file(_file(shared_fixtures, "nzscorer_pairs-with-np-passed.xml"))
    lines = [line for board in event.boards for line in board.lines]
    contracts = {str(line.contract) for line in lines if line.contract is not None}
    assert {"3NT", "4SX", "2NT"} <= contracts  # written "3N", "4Sx", "2N"
    not_played = next(line for line in lines if line.not_played)
    assert (not_played.contract, not_played.declarer, not_played.tricks) == (None, None, None)
    assert not_played.score == 0  # as written
    assert not_played.board_result is NOT_PLAYED
    leads = parse_usebio_file(_file(shared_fixtures, "nzscorer_pairs.xml"))
    first_leads = [line.lead for line in leads.boards[0].lines if line.lead is not None]
    assert first_leads and all(lead[0] in "SHDC" for lead in first_leads)


def test_nz_scorer_handicaps(shared_fixtures: Path) -> None:
    event = parse_usebio_file(_file(shared_fixtures, "nzscorer_handicap_pairs.xml"))
    handicaps = {pair.pair_id: pair.handicap for pair in event.pairs}
    assert handicaps["4 NS"] == Decimal("-6.42")
    assert handicaps["1 EW"] == Decimal("11.02")
    assert all(h is not None for h in handicaps.values())


# --- refusals ---------------------------------------------------------------


def test_not_supported_event_type_is_refused_clearly(shared_fixtures: Path) -> None:
    with pytest.raises(UnsupportedEventType) as refused:
        parse_usebio_file(_file(shared_fixtures, "compscore3_notsupported.xml"))
    assert isinstance(refused.value, UsebioError)
    assert isinstance(refused.value, ValueError)
    assert refused.value.path == "/USEBIO/EVENT/@EVENT_TYPE"
    assert "'NOTSUP'" in str(refused.value)
    assert "MP_PAIRS" in str(refused.value)  # says what is supported


def _document(
    *,
    event_type: str = "MP_PAIRS",
    line: str = (
        "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
        "<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>AH</LEAD><TRICKS>10</TRICKS>"
        "<SCORE>420</SCORE><NS_MATCH_POINTS>0</NS_MATCH_POINTS>"
        "<EW_MATCH_POINTS>0</EW_MATCH_POINTS>"
    ),
    pair: str = "<PAIR_NUMBER>1</PAIR_NUMBER><PLACE>1</PLACE>",
    event_extra: str = "<DATE>09/03/2026</DATE>",
    version: str = "1.2",
    prolog: str = "",
) -> bytes:
    return (
        f'{prolog}<USEBIO Version="{version}"><EVENT EVENT_TYPE="{event_type}">{event_extra}'
        f"<PARTICIPANTS><PAIR>{pair}</PAIR>"
        "<PAIR><PAIR_NUMBER>2</PAIR_NUMBER></PAIR></PARTICIPANTS>"
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE>{line}</TRAVELLER_LINE></BOARD>"
        "</EVENT></USEBIO>"
    ).encode()


def test_the_minimal_document_is_read() -> None:
    event = parse_usebio(_document())
    (line,) = event.boards[0].lines
    assert (line.contract, line.lead, line.score) == (Contract(4, Strain.SPADES), "HA", 420)
    assert event.pairs[0].place == 1


@pytest.mark.parametrize(
    ("changes", "path", "message"),
    [
        ({"event_type": "TEAMS_OF_FOUR"}, "/USEBIO/EVENT/@EVENT_TYPE", "'TEAMS_OF_FOUR'"),
        ({"event_type": ""}, "/USEBIO/EVENT/@EVENT_TYPE", "''"),
        ({"version": "1.1"}, "/USEBIO/@Version", "'1.1'"),
        (
            {
                "line": "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
                "<SCORE>AVE+</SCORE><NS_MATCH_POINTS>0</NS_MATCH_POINTS>"
                "<EW_MATCH_POINTS>0</EW_MATCH_POINTS>"
            },
            "/USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]/SCORE",
            "'AVE+'",
        ),
        (
            {
                "line": "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
                "<CONTRACT>8S</CONTRACT><SCORE>420</SCORE><NS_MATCH_POINTS>0</NS_MATCH_POINTS>"
                "<EW_MATCH_POINTS>0</EW_MATCH_POINTS>"
            },
            "/USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]/CONTRACT",
            "'8S'",
        ),
        (
            {
                "line": "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
                "<CONTRACT>4S</CONTRACT><LEAD>1X</LEAD><SCORE>420</SCORE>"
                "<NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS>"
            },
            "/USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]/LEAD",
            "'1X'",
        ),
        (
            {
                "line": "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
                "<SCORE>420</SCORE><NS_MATCH_POINTS>0</NS_MATCH_POINTS>"
            },
            "/USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]/EW_MATCH_POINTS",
            "EW_MATCH_POINTS is missing",
        ),
        (
            {
                "line": "<NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>"
                "<SCORE>420</SCORE><NS_MATCH_POINTS>lots</NS_MATCH_POINTS>"
                "<EW_MATCH_POINTS>0</EW_MATCH_POINTS>"
            },
            "/USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]/NS_MATCH_POINTS",
            "'lots'",
        ),
        ({"event_extra": "<DATE>2026-03-09</DATE>"}, "/USEBIO/EVENT/DATE", "'2026-03-09'"),
        ({"event_extra": "<DATE>31/02/2026</DATE>"}, "/USEBIO/EVENT/DATE", "'31/02/2026'"),
        (
            {"pair": "<PAIR_NUMBER>1</PAIR_NUMBER><PLACE>first</PLACE>"},
            "/USEBIO/EVENT/PARTICIPANTS/PAIR[1]/PLACE",
            "'first'",
        ),
        (
            {"pair": "<PAIR_NUMBER>Pair one</PAIR_NUMBER>"},
            "/USEBIO/EVENT/PARTICIPANTS/PAIR[1]/PAIR_NUMBER",
            "'Pair one'",
        ),
        (
            {"pair": "<PAIR_NUMBER>1NS</PAIR_NUMBER><DIRECTION>EW</DIRECTION>"},
            "/USEBIO/EVENT/PARTICIPANTS/PAIR[1]/DIRECTION",
            "contradicts",
        ),
    ],
)
def test_bad_documents_say_what_and_where(changes: dict[str, str], path: str, message: str) -> None:
    with pytest.raises(UsebioError) as refused:
        parse_usebio(_document(**changes))
    assert refused.value.path == path
    assert message in str(refused.value)
    assert path in str(refused.value)


def test_pairs_must_be_listed_once_and_known_to_the_travellers() -> None:
    with pytest.raises(UsebioError) as refused:
        parse_usebio(_document(pair="<PAIR_NUMBER>2</PAIR_NUMBER>"))
    assert refused.value.path == "/USEBIO/EVENT/PARTICIPANTS/PAIR[2]/PAIR_NUMBER"
    assert "pair '2' is listed twice" in str(refused.value)
    with pytest.raises(UsebioError) as refused:
        parse_usebio(_document(pair="<PAIR_NUMBER>3</PAIR_NUMBER>"))
    assert refused.value.path == "/USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]/NS_PAIR_NUMBER"
    assert "pair '1' is not among the participants" in str(refused.value)


def test_an_element_given_twice_is_refused() -> None:
    with pytest.raises(UsebioError) as refused:
        parse_usebio(_document(event_extra="<DATE>09/03/2026</DATE><DATE>10/03/2026</DATE>"))
    assert refused.value.path == "/USEBIO/EVENT/DATE"
    assert "DATE appears 2 times, expected once" in str(refused.value)


def test_a_shared_place_is_read() -> None:
    event = parse_usebio(_document(pair="<PAIR_NUMBER>1</PAIR_NUMBER><PLACE>3=</PLACE>"))
    assert (event.pairs[0].place, event.pairs[0].place_shared) == (3, True)


def test_entity_declarations_are_refused() -> None:
    laughs = (
        '<?xml version="1.0"?><!DOCTYPE USEBIO [<!ENTITY lol "lol">'
        '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>'
    )
    with pytest.raises(UsebioError, match="entity 'lol'"):
        parse_usebio(_document(prolog=laughs))


def test_an_external_dtd_reference_is_not_fetched_and_is_fine() -> None:
    # The fixtures all carry this line; nothing is downloaded.
    doctype = '<!DOCTYPE USEBIO SYSTEM "http://www.ebu.co.uk/usebio/usebio_v1_2.dtd">'
    assert parse_usebio(_document(prolog=doctype)).event_type == "MP_PAIRS"


def test_malformed_xml_says_where() -> None:
    with pytest.raises(UsebioError, match=r"not well-formed XML .* at line 1, column"):
        parse_usebio(b"<USEBIO Version='1.2'><EVENT></USEBIO>")


def test_wrong_root_and_missing_event() -> None:
    with pytest.raises(UsebioError, match="root element must be USEBIO, got PBN at /PBN"):
        parse_usebio(b"<PBN/>")
    with pytest.raises(UsebioError, match="EVENT is missing at /USEBIO/EVENT"):
        parse_usebio(b'<USEBIO Version="1.2"/>')


def test_input_must_be_bytes() -> None:
    with pytest.raises(UsebioError, match="expected the file's bytes, got str"):
        parse_usebio("<USEBIO/>")  # type: ignore[arg-type]
