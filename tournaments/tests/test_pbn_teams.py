"""PBN team files played in two rooms (issue 22): team IMPs and board-a-match.

Seed 004 (``004_058b41174697c9d9.txt``): board-a-match line 170 (1, ½ or 0 a board);
the IMP table lines 172-185 and "the score from the teammates' table" line 187. The
files are invented (``fixtures/pbn_teams_*.pbn``): each deal is played in the Open and
the Closed room of its match, with the PBN 2.1 tags Room, HomeTeam, VisitTeam, Round,
Table, the seats' names, Contract, Declarer, Result and (mostly) Score.
"""

from decimal import Decimal
from pathlib import Path

import pytest

from members.tests.factories import ClubFactory
from tournaments import services
from tournaments.domain.imps import board_imps
from tournaments.domain.vp import match_vp
from tournaments.importers.pbn_report import PbnReportError, report_from_pbn_bytes
from tournaments.models import (
    ImportLog,
    LineupSlot,
    MatchBoard,
    Standing,
    TeamMatch,
    Tournament,
)

D = Decimal
FIXTURES = Path(__file__).parent / "fixtures"
IMP_FILE = "pbn_teams_imp.pbn"
BAM_FILE = "pbn_teams_bam.pbn"
ERROR_FILE = "pbn_teams_errors.pbn"


def _data(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def _import(club, name: str, data: bytes | None = None):
    return services.import_results(
        data=_data(name) if data is None else data,
        filename=name,
        organiser=club,
        run_pipeline=False,
    )


def _problems(name: str, text: str) -> list[tuple[str, str]]:
    """What the report carries for check_report to refuse (services.report_results)."""
    report = report_from_pbn_bytes(text.encode(), name)
    return [(p.where, p.what) for p in report.problems]


# --- the parse


def test_each_rooms_north_south_score_is_read_from_score_or_the_contract():
    report = report_from_pbn_bytes(_data(IMP_FILE), IMP_FILE)
    assert (report.kind, report.scoring, report.boards) == ("teams", "team_vp", 4)
    first, second = report.matches
    assert (first.round, first.home, first.away) == (1, "1", "2")
    # (board, N-S where Ekorrarna sat N-S, N-S where Hackspettarna did). The closed room
    # of board 1 has no Score: 4S by N with 9 tricks, none vulnerable, is -50; board 2's
    # "600" and board 3's "620" name no side, so they are the declarer's (S, then W).
    assert [(b.board, b.open_ns_score, b.closed_ns_score) for b in first.board_scores] == [
        (1, 420, -50),
        (2, -100, 600),
        (3, -110, -620),
        (4, 500, -110),
    ]
    assert [(b.board, b.open_ns_score, b.closed_ns_score) for b in second.board_scores] == [
        (1, 90, 90),
        (2, 620, 650),
        (3, -600, 0),  # passed out in the closed room
        (4, 1370, 620),
    ]


def test_the_imps_of_each_board_are_the_seed_004_table_lines_172_185():
    report = report_from_pbn_bytes(_data(IMP_FILE), IMP_FILE)
    first, second = report.matches
    # By hand from the table: 470 in 430-490 = 10; -700 in 600-740 = -12;
    # 510 in 500-590 = 11; 610 in 600-740 = 12 ...
    assert [board_imps(b.open_ns_score, b.closed_ns_score) for b in first.board_scores] == [
        10,
        -12,
        11,
        12,
    ]
    # ... 0 in 0-10 = 0; -30 in 20-40 = -1; -600 = -12; 750 in 750-890 = 13.
    assert [board_imps(b.open_ns_score, b.closed_ns_score) for b in second.board_scores] == [
        0,
        -1,
        -12,
        13,
    ]
    assert (first.imps_home, first.imps_away) == (D(33), D(12))
    assert (second.imps_home, second.imps_away) == (D(13), D(13))
    # The WBF scale for the match's 4 boards (imported events keep vp_scale wbf).
    assert (first.vp_home, first.vp_away) == match_vp(33, 12, 4)
    assert (second.vp_home, second.vp_away) == (D("10.00"), D("10.00"))


def test_the_seat_names_give_each_teams_pair_in_each_room():
    first = report_from_pbn_bytes(_data(IMP_FILE), IMP_FILE).matches[0]
    # Names "Anna Ek;Bo Lind;Cilla Berg;Dan Ek": Anna and Bo sat N-S in the Open room,
    # Cilla and Dan E-W in the Closed room; the visitors the other way round.
    assert [(lu.side, lu.room, lu.players) for lu in first.lineups] == [
        ("home", 1, (1, 2)),
        ("home", 2, (3, 4)),
        ("away", 1, (1, 2)),
        ("away", 2, (3, 4)),
    ]


def test_the_names_decide_who_sat_north_south_in_the_open_room():
    # The open room of match 1, board 1 (the file's first seats) with the visitors N-S.
    seats = '[West "Fia Ros"]\n[North "Anna Ek"]\n[East "Eva Ek"]\n[South "Bo Lind"]'
    turned = '[West "Bo Lind"]\n[North "Eva Ek"]\n[East "Anna Ek"]\n[South "Fia Ros"]'
    swapped = _data(IMP_FILE).decode().replace(seats, turned, 1)
    problems = _problems(IMP_FILE, swapped)
    # The closed room of board 1 also has the visitors N-S: one team in both rooms.
    assert problems == [
        (
            f"{IMP_FILE} line 42, North",
            "team 'Hackspettarna' sits N-S in both rooms on board 1 (the Open room at line 4)",
        )
    ]


def test_a_match_seated_the_other_way_round_keeps_the_home_teams_point_of_view():
    # Board 1 of match 1 with the visitors N-S in the Open room and the home team N-S in
    # the Closed room: the home team's N-S room is the Closed one, so 420 and -50 swap.
    text = (
        _data(IMP_FILE)
        .decode()
        .replace(
            '[West "Fia Ros"]\n[North "Anna Ek"]\n[East "Eva Ek"]\n[South "Bo Lind"]',
            '[West "Bo Lind"]\n[North "Eva Ek"]\n[East "Anna Ek"]\n[South "Fia Ros"]',
            1,
        )
        .replace(
            '[West "Dan Ek"]\n[North "Gun Ros"]\n[East "Cilla Berg"]\n[South "Hans Al"]',
            '[West "Hans Al"]\n[North "Cilla Berg"]\n[East "Gun Ros"]\n[South "Dan Ek"]',
            1,
        )
    )
    report = report_from_pbn_bytes(text.encode(), IMP_FILE)
    assert report.problems == ()
    board_1 = report.matches[0].board_scores[0]
    assert (board_1.open_ns_score, board_1.closed_ns_score) == (-50, 420)
    # -470 in 430-490: 10 IMPs to the visitors now.
    assert board_imps(board_1.open_ns_score, board_1.closed_ns_score) == -10


# --- saved through the upload service


@pytest.mark.django_db
def test_an_imp_file_is_saved_as_matches_boards_and_lineups_with_rooms():
    club = ClubFactory()
    t = _import(club, IMP_FILE).tournament
    assert (t.kind, t.scoring, t.source_format, t.name) == ("teams", "team_vp", "pbn", "Lagserien")
    matches = list(
        TeamMatch.objects.filter(tournament=t)
        .order_by("home__number")
        .values_list(
            "round", "home__number", "away__number", "imps_home", "imps_away", "vp_home", "vp_away"
        )
    )
    vp = match_vp(33, 12, 4)
    assert matches == [
        (1, 1, 2, D(33), D(12), vp[0], vp[1]),
        (1, 3, 4, D(13), D(13), D("10.00"), D("10.00")),
    ]
    boards = MatchBoard.objects.filter(match__tournament=t, match__home__number=1)
    assert list(boards.values_list("board", "open_ns_score", "closed_ns_score")) == [
        (1, 420, -50),
        (2, -100, 600),
        (3, -110, -620),
        (4, 500, -110),
    ]
    slots = LineupSlot.objects.filter(match__tournament=t, match__home__number=1)
    assert sorted(slots.values_list("player__name", "room", "half")) == [
        ("Anna Ek", 1, 1),
        ("Bo Lind", 1, 1),
        ("Cilla Berg", 2, 1),
        ("Dan Ek", 2, 1),
        ("Eva Ek", 1, 1),
        ("Fia Ros", 1, 1),
        ("Gun Ros", 2, 1),
        ("Hans Al", 2, 1),
    ]
    # The printed places are the standings; Rävarna and Ugglorna share 2-3.
    standings = list(
        Standing.objects.filter(entry__section__tournament=t)
        .order_by("place", "entry__number")
        .values_list("entry__number", "place", "place_to")
    )
    assert standings == [(1, 1, 1), (3, 2, 3), (4, 2, 3), (2, 4, 4)]


@pytest.mark.django_db
def test_a_board_a_match_file_scores_1_half_or_0_a_board_line_170():
    club = ClubFactory()
    t = _import(club, BAM_FILE).tournament
    assert (t.kind, t.scoring) == ("teams", "bam")
    match = TeamMatch.objects.get(tournament=t)
    # Boards: 420 v 420 tie ½; 630 v 600 and -110 v -140 win by 30 (1 each); -100 v 600
    # lost. By IMPs the visitors would have won (1 + 1 - 12).
    assert (match.round, match.vp_home, match.vp_away) == (1, D("2.50"), D("1.50"))
    assert (match.imps_home, match.imps_away) == (D(0), D(0))
    assert list(match.board_scores.values_list("board", "open_ns_score", "closed_ns_score")) == [
        (1, 420, 420),
        (2, 630, 600),
        (3, -110, -140),
        (4, -100, 600),
    ]
    # The seats are "?": no line-up, and the home team N-S in the open room by custom.
    assert not LineupSlot.objects.filter(match=match).exists()


# --- refusals


@pytest.mark.django_db
def test_a_broken_team_file_is_refused_at_its_lines_and_nothing_is_saved():
    club = ClubFactory()
    with pytest.raises(services.ReportRefused) as caught:
        _import(club, ERROR_FILE)
    assert [(p.where, p.what) for p in caught.value.problems] == [
        (
            f"{ERROR_FILE} line 51, Score",
            "Score 'NS 0' disagrees with the contract: 4S by N taking 9 tricks scores -50 for N-S",
        ),
        (
            f"{ERROR_FILE} line 82, HomeTeam",
            "round 1 table 1: HomeTeam 'Ekorrarna' and VisitTeam 'Rävarna' differ from the "
            "match's 'Ekorrarna' and 'Hackspettarna' (line 11); a match keeps its teams in "
            "both rooms",
        ),
        (
            f"{ERROR_FILE} line 101, Room",
            "board 3 of round 1 has only the Open room: the Closed room's result is missing",
        ),
    ]
    for model in (Tournament, TeamMatch, MatchBoard, LineupSlot):
        assert not model.objects.exists()
    log = ImportLog.objects.get()
    assert (log.outcome, log.source_format, len(log.errors)) == ("refused", "pbn", 3)


def test_a_team_file_needs_imp_or_bam_scoring():
    text = _data(BAM_FILE).decode().replace('[Scoring "BAM"]', '[Scoring "MP"]')
    problems = _problems(BAM_FILE, text)
    assert problems[0] == (
        f"{BAM_FILE} line 18, Scoring",
        "Scoring 'MP' cannot score a team match: give IMP (IMPs converted to VPs) or BAM "
        "(board-a-match)",
    )


def test_a_seat_name_no_team_lists_is_refused_at_its_tag():
    text = _data(IMP_FILE).decode().replace('[North "Anna Ek"]', '[North "Anna Eck"]', 1)
    assert _problems(IMP_FILE, text) == [
        (
            f"{IMP_FILE} line 14, North",
            "North 'Anna Eck' is not a player of team 'Ekorrarna' or team 'Hackspettarna'",
        )
    ]


def test_a_bare_score_without_a_declarer_is_problems():
    text = (
        _data(BAM_FILE)
        .decode()
        .replace(
            '[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n[Score "NS 420"]', '[Score "420"]', 1
        )
    )
    assert _problems(BAM_FILE, text) == [
        (
            f"{BAM_FILE} line 19, Score",
            "Score '420' names no side and the game has no Declarer: write 'NS n' or 'EW n'",
        )
    ]


# --- the pairs files read as before


@pytest.mark.django_db
def test_the_pbn_standards_game_with_open_and_closed_rooms_is_still_deals_only(
    shared_fixtures,
):
    # pbnstandard_correct_10 has Room "Open"/"Closed" and HomeTeam tags but no table.
    from tournaments.importers.pbn_report import NO_RESULTS

    name = "pbnstandard_correct_10.pbn"
    data = (shared_fixtures / "pbn" / name).read_bytes()
    assert b'[Room           "Closed"]' in data
    with pytest.raises(PbnReportError) as caught:
        report_from_pbn_bytes(data, name)
    assert [(p.where, p.what) for p in caught.value.problems] == [(name, str(NO_RESULTS))]
