"""Parsing USEBIO teams and individual events (tournaments.importers.usebio).

There are no fixture files for these, so the documents are written here, shaped
as public programs that write or read USEBIO 1.2 files have them:

- teams: a TEAM with the attributes TEAM_ID and TEAM_NAME, its players, PLACE
  and TOTAL_SCORE; a MATCH with ROUND_NUMBER, TEAM, OPPOSING_TEAM,
  START_BOARD_NUMBER, END_BOARD_NUMBER, TEAM_SCORE, OPPOSING_TEAM_SCORE and
  BOARDs with the net IMPS and TRAVELLER_LINEs carrying the DIRECTION TEAM sat,
  inside EVENT/SESSION/SECTION (a Swiss-teams USEBIO 1.2 writer, generate-usebio,
  which cites usebio.org/documentation/usebio-1.2.pdf); a TEAM may list PAIRs
  with PAIR_NUMBER, named by NS_PAIR_NUMBER/EW_PAIR_NUMBER on a match's lines
  (marcshearer/ImportUsebio, "Usebio Parser.swift");
- event types TEAMS, SWISS_TEAMS and INDIVIDUAL (duaneg/scorer-to-usebio,
  convert.py: the USEBIO 1.2 list), TEAMS_OF_FOUR the 1.1 name; the
  MATCH_SCORING_METHOD VPS and BOARD_SCORING_METHOD BAM (same sources);
- individuals: PARTICIPANTS/PLAYER with PLAYER_NUMBER (ImportUsebio). The four
  seat elements of an individual traveller line are this parser's reading (no
  public file or DTD text was found): NORTH_/EAST_/SOUTH_/WEST_PLAYER_NUMBER.
- version 1.3: usebio.org/usebio-1.3.html (a valid 1.2 file is valid 1.3 with
  the version changed; EBU_CHARGE_CODE supersedes P2P_CHARGE_RATE).
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from tournaments.domain.contract import Contract, Seat, Strain
from tournaments.importers.usebio import (
    SEAT_ELEMENTS,
    UnsupportedEventType,
    UsebioError,
    parse_usebio,
)


def _player(name: str, mid: str) -> str:
    return f"<PLAYER><PLAYER_NAME>{name}</PLAYER_NAME><NATIONAL_ID_NUMBER>{mid}</NATIONAL_ID_NUMBER></PLAYER>"


def _team(team_id: str, name: str, place: str, score: str, base: int) -> str:
    return (
        f'<TEAM TEAM_ID="{team_id}" TEAM_NAME="{name}">'
        f"<TOTAL_SCORE>{score}</TOTAL_SCORE><PLACE>{place}</PLACE>"
        + "".join(_player(f"Player {base + i}", str(9100000 + base + i)) for i in range(4))
        + "</TEAM>"
    )


def _line(direction: str, contract: str, by: str, tricks: int, score: int) -> str:
    return (
        f"<TRAVELLER_LINE><DIRECTION>{direction}</DIRECTION><CONTRACT>{contract}</CONTRACT>"
        f"<PLAYED_BY>{by}</PLAYED_BY><LEAD>H2</LEAD><TRICKS>{tricks}</TRICKS>"
        f"<SCORE>{score}</SCORE></TRAVELLER_LINE>"
    )


def _match(round_: int, team: str, opposing: str, ts: str, os: str, boards: str = "") -> str:
    return (
        f"<MATCH><ROUND_NUMBER>{round_}</ROUND_NUMBER><TEAM>{team}</TEAM>"
        f"<OPPOSING_TEAM>{opposing}</OPPOSING_TEAM><TEAM_SCORE>{ts}</TEAM_SCORE>"
        f"<OPPOSING_TEAM_SCORE>{os}</OPPOSING_TEAM_SCORE>{boards}</MATCH>"
    )


BOARDS_1_2 = (
    "<START_BOARD_NUMBER>1</START_BOARD_NUMBER><END_BOARD_NUMBER>2</END_BOARD_NUMBER>"
    "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><IMPS>10</IMPS>"
    + _line("NS", "4S", "N", 10, 420)
    + _line("EW", "3S", "N", 9, 140)
    + "</BOARD><BOARD><BOARD_NUMBER>2</BOARD_NUMBER><IMPS>-3</IMPS>"
    + _line("NS", "3NT", "S", 9, 400)
    + _line("EW", "3NT", "N", 10, 430)
    + "</BOARD>"
)


def teams_document(
    *,
    event_type: str = "SWISS_TEAMS",
    version: str = "1.2",
    methods: str = "<MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>",
    teams: str | None = None,
    matches: str | None = None,
) -> bytes:
    """Three teams, three rounds; team 1 wins round 1 by 10-3 IMPs (13.29-6.71)."""
    if teams is None:
        teams = (
            _team("1", "Ek", "1", "33.29", 0)
            + _team("2", "Lind", "2", "27.02", 4)
            + _team("3", "Berg", "3", "19.69", 8)
        )
    if matches is None:
        matches = (
            _match(1, "1", "2", "13.29", "6.71", BOARDS_1_2)
            + _match(2, "2", "3", "12.00", "8.00")
            + _match(3, "3", "1", "11.69", "8.31")
        )
    return (
        f'<USEBIO Version="{version}"><EVENT EVENT_TYPE="{event_type}">{methods}'
        "<EVENT_DESCRIPTION>Lagserien</EVENT_DESCRIPTION><DATE>14/03/2026</DATE>"
        '<SESSION SESSION_ID="1"><SECTION SECTION_ID="A">'
        f"<PARTICIPANTS>{teams}</PARTICIPANTS>{matches}"
        "</SECTION></SESSION></EVENT></USEBIO>"
    ).encode()


def _individual_player(number: int, place: str, score: str) -> str:
    return (
        f"<PLAYER><PLAYER_NUMBER>{number}</PLAYER_NUMBER><PLAYER_NAME>Player {number}"
        f"</PLAYER_NAME><NATIONAL_ID_NUMBER>{9200000 + number}</NATIONAL_ID_NUMBER>"
        f"<TOTAL_SCORE>{score}</TOTAL_SCORE><PLACE>{place}</PLACE></PLAYER>"
    )


def _individual_line(seats: tuple[str, str, str, str], score: int, ns: str, ew: str) -> str:
    named = "".join(f"<{tag}>{key}</{tag}>" for tag, key in zip(SEAT_ELEMENTS, seats, strict=True))
    return (
        f"<TRAVELLER_LINE>{named}<CONTRACT>4H</CONTRACT><PLAYED_BY>S</PLAYED_BY>"
        f"<LEAD>SA</LEAD><TRICKS>10</TRICKS><SCORE>{score}</SCORE>"
        f"<NS_MATCH_POINTS>{ns}</NS_MATCH_POINTS><EW_MATCH_POINTS>{ew}</EW_MATCH_POINTS>"
        "</TRAVELLER_LINE>"
    )


def individual_document(
    *,
    lines: str | None = None,
    players: str | None = None,
    methods: str = "",
) -> bytes:
    """Eight players at two tables, one board: 1-2 v 3-4 made 420, 5-6 v 7-8 made 170."""
    if players is None:
        places = {1: "1=", 2: "1=", 3: "5", 4: "5", 5: "3", 6: "3", 7: "7", 8: "7"}
        scores = {1: "2", 2: "2", 3: "0", 4: "0", 5: "1", 6: "1", 7: "0", 8: "0"}
        players = "".join(_individual_player(n, places[n], scores[n]) for n in range(1, 9))
    if lines is None:
        lines = _individual_line(("1", "3", "2", "4"), 420, "2", "0") + _individual_line(
            ("5", "7", "6", "8"), 170, "0", "2"
        )
    return (
        f'<USEBIO Version="1.2"><EVENT EVENT_TYPE="INDIVIDUAL">{methods}'
        "<EVENT_DESCRIPTION>Individuell</EVENT_DESCRIPTION><DATE>15/03/2026</DATE>"
        f"<PARTICIPANTS>{players}</PARTICIPANTS>"
        f"<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>{lines}</BOARD>"
        "</EVENT></USEBIO>"
    ).encode()


# --- teams ----------------------------------------------------------------------------


def test_teams_and_their_players_places_and_totals_are_read() -> None:
    event = parse_usebio(teams_document())
    assert (event.kind, event.event_type, event.scoring) == ("teams", "SWISS_TEAMS", "team_vps")
    assert event.match_scoring_method == "VPS"
    (section,) = event.sections
    assert section.section_id == "A"
    assert [(t.team_id, t.number, t.name, t.place) for t in event.teams] == [
        ("1", 1, "Ek", 1),
        ("2", 2, "Lind", 2),
        ("3", 3, "Berg", 3),
    ]
    assert event.teams[1].total_score == Decimal("27.02")
    assert [p.national_id for p in event.teams[2].players] == [
        "9100008",
        "9100009",
        "9100010",
        "9100011",
    ]
    assert event.teams[0].path == "/USEBIO/EVENT/SESSION[1]/SECTION[1]/PARTICIPANTS/TEAM[1]"


def test_matches_carry_round_teams_scores_boards_and_imps() -> None:
    event = parse_usebio(teams_document())
    first, second, third = event.matches
    assert (first.round, first.team, first.opposing_team) == (1, "1", "2")
    assert (first.team_score, first.opposing_team_score) == (Decimal("13.29"), Decimal("6.71"))
    assert (first.start_board, first.end_board, first.board_count) == (1, 2, 2)
    assert [b.imps for b in first.boards] == [Decimal(10), Decimal(-3)]
    # 10 IMPs to TEAM on board 1, 3 to OPPOSING_TEAM on board 2
    assert first.imps == (Decimal(10), Decimal(3))
    open_room, closed_room = first.boards[0].lines
    assert (open_room.direction, open_room.contract, open_room.declarer) == (
        "NS",
        Contract(4, Strain.SPADES),
        Seat.NORTH,
    )
    assert (closed_room.direction, closed_room.score, closed_room.tricks) == ("EW", 140, 9)
    # no boards given: no IMPs
    assert (second.round, second.imps, second.board_count) == (2, None, 0)
    assert third.path == "/USEBIO/EVENT/SESSION[1]/SECTION[1]/MATCH[3]"


def test_a_teams_pair_and_the_pairs_a_match_names_are_read() -> None:
    team = (
        '<TEAM TEAM_ID="7" TEAM_NAME="Sju"><PLACE>1</PLACE>'
        "<PAIR><PAIR_NUMBER>7A</PAIR_NUMBER>"
        + _player("Anna Ek", "101")
        + _player("Bo Lind", "102")
        + "</PAIR><PAIR><PAIR_NUMBER>7B</PAIR_NUMBER>"
        + _player("Cilla Berg", "103")
        + _player("Anna Ek", "101")
        + "</PAIR></TEAM>"
    )
    event = parse_usebio(teams_document(teams=team, matches=""))
    (read,) = event.teams
    assert [p.pair_id for p in read.pairs] == ["7A", "7B"]
    # Anna plays in both pairs: the team lists her once
    assert [p.name for p in read.players] == ["Anna Ek", "Bo Lind", "Cilla Berg"]


@pytest.mark.parametrize(
    ("event_type", "methods", "scoring"),
    [
        ("TEAMS", "", "team_vps"),
        ("TEAMS_OF_FOUR", "<MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD>", "team_vps"),
        ("TEAMS", "<BOARD_SCORING_METHOD>BAM</BOARD_SCORING_METHOD>", "board_a_match"),
    ],
)
def test_team_event_types_and_scoring(event_type: str, methods: str, scoring: str) -> None:
    event = parse_usebio(teams_document(event_type=event_type, methods=methods))
    assert (event.kind, event.scoring) == ("teams", scoring)


def test_version_1_3_is_read_with_its_charge_code() -> None:
    methods = (
        "<MATCH_SCORING_METHOD>VPS</MATCH_SCORING_METHOD><EBU_CHARGE_CODE>C1</EBU_CHARGE_CODE>"
    )
    event = parse_usebio(teams_document(version="1.3", methods=methods))
    assert (event.version, event.charge_code) == ("1.3", "C1")


@pytest.mark.parametrize(
    ("changes", "path", "message"),
    [
        (
            {"methods": "<MATCH_SCORING_METHOD>IMPS</MATCH_SCORING_METHOD>"},
            "/USEBIO/EVENT/MATCH_SCORING_METHOD",
            "MATCH_SCORING_METHOD 'IMPS' is not supported for teams",
        ),
        (
            {"teams": '<TEAM TEAM_NAME="Ek"><PLACE>1</PLACE></TEAM>'},
            "/USEBIO/EVENT/SESSION[1]/SECTION[1]/PARTICIPANTS/TEAM[1]/@TEAM_ID",
            "TEAM_ID is missing or empty",
        ),
        (
            {"teams": _team("1", "Ek", "1", "1", 0) + _team("1", "Lind", "2", "0", 4)},
            "/USEBIO/EVENT/SESSION[1]/SECTION[1]/PARTICIPANTS/TEAM[2]/@TEAM_ID",
            "team '1' is listed twice",
        ),
        (
            {"teams": _team("1", "Ek", "1", "1", 0) + "<PAIR><PAIR_NUMBER>9</PAIR_NUMBER></PAIR>"},
            "/USEBIO/EVENT/@EVENT_TYPE",
            "EVENT_TYPE 'SWISS_TEAMS' lists TEAM participants, but PARTICIPANTS holds PAIR",
        ),
        (
            {"matches": _match(0, "1", "2", "10", "10")},
            "/USEBIO/EVENT/SESSION[1]/SECTION[1]/MATCH[1]/ROUND_NUMBER",
            "ROUND_NUMBER must be 1 or more, got 0",
        ),
        (
            {"matches": _match(1, "1", "2", "ten", "10")},
            "/USEBIO/EVENT/SESSION[1]/SECTION[1]/MATCH[1]/TEAM_SCORE",
            "TEAM_SCORE must be a number, got 'ten'",
        ),
        (
            {
                "matches": "<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM>"
                "<TEAM_SCORE>10</TEAM_SCORE></MATCH>"
            },
            "/USEBIO/EVENT/SESSION[1]/SECTION[1]/MATCH[1]/OPPOSING_TEAM",
            "OPPOSING_TEAM is missing or empty",
        ),
        (
            {
                "matches": _match(
                    1,
                    "1",
                    "2",
                    "10",
                    "10",
                    "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><IMPS>x</IMPS></BOARD>",
                )
            },
            "/USEBIO/EVENT/SESSION[1]/SECTION[1]/MATCH[1]/BOARD[1]/IMPS",
            "IMPS must be a number, got 'x'",
        ),
    ],
)
def test_bad_teams_documents_say_what_and_where(
    changes: dict[str, str], path: str, message: str
) -> None:
    with pytest.raises(UsebioError) as refused:
        parse_usebio(teams_document(**changes))
    assert refused.value.path == path
    assert message in str(refused.value)


def test_two_sessions_are_refused() -> None:
    document = teams_document().replace(
        b"</SESSION></EVENT>", b'</SESSION><SESSION SESSION_ID="2"></SESSION></EVENT>'
    )
    with pytest.raises(UnsupportedEventType) as refused:
        parse_usebio(document)
    assert refused.value.path == "/USEBIO/EVENT/SESSION[2]"
    assert "the event has 2 SESSIONs; one is supported" in str(refused.value)


@pytest.mark.parametrize("event_type", ["SWISS_PAIRS", "KO", "AGGREGATE", "HEAD_TO_HEAD"])
def test_other_event_types_stay_refused_naming_event_type(event_type: str) -> None:
    with pytest.raises(UnsupportedEventType) as refused:
        parse_usebio(teams_document(event_type=event_type))
    assert refused.value.path == "/USEBIO/EVENT/@EVENT_TYPE"
    assert f"EVENT_TYPE {event_type!r} is not supported" in str(refused.value)
    assert "SWISS_TEAMS" in str(refused.value) and "INDIVIDUAL" in str(refused.value)


# --- individuals ----------------------------------------------------------------------


def test_individual_players_places_and_lines_are_read() -> None:
    event = parse_usebio(individual_document())
    assert (event.kind, event.event_type, event.scoring) == (
        "individual",
        "INDIVIDUAL",
        "match_points",
    )
    assert [(p.player_number, p.number, p.place, p.place_shared) for p in event.players[:3]] == [
        ("1", 1, 1, True),
        ("2", 2, 1, True),
        ("3", 3, 5, False),
    ]
    assert event.players[4].player.national_id == "9200005"
    (board,) = event.sections[0].individual_boards
    first, second = board.lines
    assert first.seats == ("1", "3", "2", "4")
    assert (first.contract, first.declarer, first.lead, first.score) == (
        Contract(4, Strain.HEARTS),
        Seat.SOUTH,
        "SA",
        420,
    )
    # matchpoints per side: North and South share NS, East and West share EW
    assert (first.ns_points, first.ew_points) == (Decimal(2), Decimal(0))
    assert (second.ns_points, second.ew_points) == (Decimal(0), Decimal(2))
    assert second.path == "/USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[2]"


@pytest.mark.parametrize(
    ("changes", "path", "message"),
    [
        (
            {"lines": _individual_line(("1", "3", "2", "9"), 420, "2", "0")},
            "/USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]/WEST_PLAYER_NUMBER",
            "player '9' is not among the participants",
        ),
        (
            {"lines": _individual_line(("1", "3", "1", "4"), 420, "2", "0")},
            "/USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]",
            "a player sits in two seats (1, 3, 1, 4)",
        ),
        (
            {
                "lines": "<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
                "<EW_PAIR_NUMBER>3</EW_PAIR_NUMBER><SCORE>420</SCORE>"
                "<NS_MATCH_POINTS>2</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS>"
                "</TRAVELLER_LINE>"
            },
            "/USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]/NORTH_PLAYER_NUMBER",
            "NORTH_PLAYER_NUMBER is missing or empty",
        ),
        (
            {
                "lines": _individual_line(("1", "3", "2", "4"), 420, "2", "0").replace(
                    "<EW_MATCH_POINTS>0</EW_MATCH_POINTS>", ""
                )
            },
            "/USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]/EW_MATCH_POINTS",
            "EW_MATCH_POINTS is missing or empty",
        ),
        (
            {"players": _individual_player(1, "1", "2") + _individual_player(1, "2", "0")},
            "/USEBIO/EVENT/PARTICIPANTS/PLAYER[2]/PLAYER_NUMBER",
            "player '1' is listed twice",
        ),
        (
            {"methods": "<BOARD_SCORING_METHOD>IMPS</BOARD_SCORING_METHOD>"},
            "/USEBIO/EVENT/BOARD_SCORING_METHOD",
            "BOARD_SCORING_METHOD 'IMPS' is not supported for individuals",
        ),
    ],
)
def test_bad_individual_documents_say_what_and_where(
    changes: dict[str, str], path: str, message: str
) -> None:
    with pytest.raises(UsebioError) as refused:
        parse_usebio(individual_document(**changes))
    assert refused.value.path == path
    assert message in str(refused.value)
