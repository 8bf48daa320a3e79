"""USEBIO teams events scored from the two rooms' travellers (issue 22, "Scoring (004)").

Seed 004 (``004_058b41174697c9d9.txt``): board-a-match, line 170 (1, ½ or 0 a board);
IMPs from "the teammates' table" (lines 172-187), the differences of lines 190-202
(720 → 12, −30 → −1). No fixture file has a teams event, so the documents are the
parser tests' (tournaments/tests/importers/test_usebio_teams_individual.py): each
MATCH's BOARD has a TRAVELLER_LINE a room, DIRECTION being where TEAM sat.
"""

from decimal import Decimal

import pytest

from members.tests.factories import ClubFactory
from tournaments import services
from tournaments.importers.report import report_warnings
from tournaments.importers.usebio import parse_usebio
from tournaments.importers.usebio_report import report_from_usebio
from tournaments.models import Standing, TeamMatch
from tournaments.tests.importers.test_usebio_teams_individual import _line, _player, teams_document

pytestmark = pytest.mark.django_db
D = Decimal
BAM = "<BOARD_SCORING_METHOD>BAM</BOARD_SCORING_METHOD>"


def _board(number: int, open_ns: int, closed_ns: int, imps: str = "") -> str:
    """A board of a match: TEAM N-S in the open room, E-W in the closed room."""
    return (
        f"<BOARD><BOARD_NUMBER>{number}</BOARD_NUMBER>{imps}"
        + _line("NS", "4S", "N", 10, open_ns)
        + _line("EW", "4S", "N", 10, closed_ns)
        + "</BOARD>"
    )


def _match(round_: int, team: str, opposing: str, boards: str, scores: str = "") -> str:
    return (
        f"<MATCH><ROUND_NUMBER>{round_}</ROUND_NUMBER><TEAM>{team}</TEAM>"
        f"<OPPOSING_TEAM>{opposing}</OPPOSING_TEAM>{scores}{boards}</MATCH>"
    )


def _teams() -> str:
    # No PLACE: the standings are Klöver's, from the matches.
    return "".join(
        f'<TEAM TEAM_ID="{n}" TEAM_NAME="T{n}">'
        + "".join(_player(f"P{n}{i}", str(9500000 + 10 * n + i)) for i in range(4))
        + "</TEAM>"
        for n in (1, 2, 3)
    )


# Line 170: a tie, a win by 10 points, a loss; team 1 2-1 up... (1.5-1.5 over three)
BAM_ROUND_1 = _board(1, 420, 420) + _board(2, 430, 420) + _board(3, -50, 110)
BAM_ROUND_2 = _board(1, 620, -100) + _board(2, 100, 100) + _board(3, 50, -50)


def _import(club, data: bytes):
    return services.import_results(
        data=data, filename="bam.xml", organiser=club, run_pipeline=False
    )


def test_a_board_a_match_file_is_scored_from_its_travellers_line_170():
    club = ClubFactory()
    document = teams_document(
        event_type="TEAMS",
        methods=BAM,
        teams=_teams(),
        matches=_match(1, "1", "2", BAM_ROUND_1) + _match(2, "3", "1", BAM_ROUND_2),
    )
    outcome = _import(club, document)
    t = outcome.tournament
    assert t.scoring == "bam"
    scores = list(
        TeamMatch.objects.filter(tournament=t)
        .order_by("round")
        .values_list("round", "vp_home", "vp_away", "imps_home", "imps_away")
    )
    # Round 1: ½ + 1 + 0; round 2 (team 3 at home): 1 + ½ + 1.
    assert scores == [
        (1, D("1.50"), D("1.50"), D(0), D(0)),
        (2, D("2.50"), D("0.50"), D(0), D(0)),
    ]
    standings = list(
        Standing.objects.filter(entry__section__tournament=t)
        .order_by("place", "entry__number")
        .values_list("entry__number", "place", "place_to", "score")
    )
    assert standings == [(3, 1, 1, D("2.50")), (1, 2, 2, D("2.00")), (2, 3, 3, D("1.50"))]
    # each match keeps its boards as the two rooms scored them
    first = TeamMatch.objects.get(tournament=t, round=1)
    assert list(
        first.board_scores.order_by("board").values_list(
            "board", "open_ns_score", "closed_ns_score"
        )
    ) == [(1, 420, 420), (2, 430, 420), (3, -50, 110)]


def test_the_files_own_bam_score_gives_way_to_the_travellers_with_a_warning():
    scores = "<TEAM_SCORE>2</TEAM_SCORE><OPPOSING_TEAM_SCORE>1</OPPOSING_TEAM_SCORE>"
    document = teams_document(
        event_type="TEAMS", methods=BAM, teams=_teams(),
        matches=_match(1, "1", "2", BAM_ROUND_1, scores),
    )  # fmt: skip
    report = report_from_usebio(parse_usebio(document))
    match = report.matches[0]
    assert (match.vp_home, match.vp_away) == (D("1.5"), D("1.5"))
    assert (match.printed_home, match.printed_away) == (D(2), D(1))
    [warning] = report_warnings(report)
    assert warning.where.endswith("MATCH[1]")
    assert "2–1" in warning.what and "1.5–1.5" in warning.what


def test_team_imps_are_read_from_the_two_rooms_when_the_file_gives_none():
    club = ClubFactory()
    # 620 v -100: 720 → 12; 620 v 650: -30 → -1; flat (lines 197-202).
    boards = (
        "<START_BOARD_NUMBER>1</START_BOARD_NUMBER><END_BOARD_NUMBER>3</END_BOARD_NUMBER>"
        + _board(1, 620, -100)
        + _board(2, 620, 650)
        + _board(3, 100, 100)
    )
    document = teams_document(teams=_teams(), matches=_match(1, "1", "2", boards))
    t = _import(club, document).tournament
    match = TeamMatch.objects.get(tournament=t)
    assert (match.imps_home, match.imps_away) == (D(12), D(1))
    # No TEAM_SCORE: the VPs from those IMPs on the WBF scale for the match's 3 boards.
    from tournaments.domain.vp import match_vp

    assert (match.vp_home, match.vp_away) == match_vp(12, 1, 3)


def test_a_board_with_an_adjusted_room_leaves_the_files_figures_standing():
    adjusted = (
        "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><IMPS>3</IMPS>"
        + _line("NS", "4S", "N", 10, 420)
        + "<TRAVELLER_LINE><DIRECTION>EW</DIRECTION><SCORE>A6040</SCORE></TRAVELLER_LINE></BOARD>"
    )
    scores = "<TEAM_SCORE>11.5</TEAM_SCORE><OPPOSING_TEAM_SCORE>8.5</OPPOSING_TEAM_SCORE>"
    document = teams_document(teams=_teams(), matches=_match(1, "1", "2", adjusted, scores))
    match = report_from_usebio(parse_usebio(document)).matches[0]
    assert match.board_scores == ()
    assert (match.imps_home, match.vp_home, match.vp_away) == (D(3), D("11.5"), D("8.5"))
