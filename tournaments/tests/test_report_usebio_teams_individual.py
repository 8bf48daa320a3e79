"""Reporting USEBIO teams and individual events through the service and the command.

The documents are the parser tests' (tournaments/tests/importers/
test_usebio_teams_individual.py, which cites the sources of their structure).
A teams event saves its matches as TeamMatch rows and its printed places as the
standings; an individual event saves one entry a player and its printed places
(scoring "ranking": Klöver keeps no four-seat board results).
"""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

import pytest
from django.core.management import CommandError, call_command

from members.tests.factories import ClubFactory, MemberFactory
from tournaments import services
from tournaments.importers.report import (
    ReportedEntry,
    ReportedEvent,
    ReportedLineup,
    ReportedMatch,
    ReportedPlayer,
    ReportedSection,
    check_report,
)
from tournaments.models import (
    BoardResult,
    Entry,
    EntryPlayer,
    ImportLog,
    LineupSlot,
    Standing,
    TeamMatch,
    Tournament,
)
from tournaments.standings import compute_standings
from tournaments.tests.importers.test_usebio_teams_individual import (
    _individual_line,
    _match,
    _player,
    _team,
    individual_document,
    teams_document,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return ClubFactory(number=1001)


def _import(club, data: bytes, filename: str = "event.xml"):
    return services.import_results(data=data, filename=filename, organiser=club, run_pipeline=False)


def _refused(club, data: bytes) -> list:
    with pytest.raises(services.ReportRefused) as caught:
        _import(club, data, "bad.xml")
    assert Tournament.objects.count() == Entry.objects.count() == 0
    assert TeamMatch.objects.count() == LineupSlot.objects.count() == Standing.objects.count() == 0
    assert ImportLog.objects.get().outcome == ImportLog.Outcome.REFUSED
    return caught.value.problems


# --- teams ----------------------------------------------------------------------------


def test_a_teams_event_saves_teams_players_and_matches(club):
    known = MemberFactory(mid=9100001)
    t = _import(club, teams_document()).tournament
    assert (t.kind, t.scoring, t.name, str(t.start_date)) == (
        "teams",
        "team_vp",
        "Lagserien",
        "2026-03-14",
    )
    assert t.boards == 2  # no BOARDS_PLAYED: the boards of the matches
    teams = {e.number: e for e in Entry.objects.filter(section__tournament=t)}
    assert {n: e.name for n, e in teams.items()} == {1: "Ek", 2: "Lind", 3: "Berg"}
    assert EntryPlayer.objects.filter(entry__section__tournament=t).count() == 12
    assert EntryPlayer.objects.get(member=known).entry == teams[1]
    rows = list(
        TeamMatch.objects.filter(tournament=t)
        .order_by("round")
        .values_list(
            "round",
            "home__number",
            "away__number",
            "boards",
            "imps_home",
            "imps_away",
            "vp_home",
            "vp_away",
            "walkover",
        )
    )
    assert rows == [
        (1, 1, 2, 2, Decimal(10), Decimal(3), Decimal("13.29"), Decimal("6.71"), False),
        (2, 2, 3, 0, Decimal(0), Decimal(0), Decimal("12.00"), Decimal("8.00"), False),
        (3, 3, 1, 0, Decimal(0), Decimal(0), Decimal("11.69"), Decimal("8.31"), False),
    ]
    # team traveller lines are not board results (see docs/importers.md)
    assert BoardResult.objects.filter(section__tournament=t).count() == 0


def test_a_teams_events_standings_are_its_printed_places(club):
    t = _import(club, teams_document()).tournament
    standings = list(
        Standing.objects.filter(entry__section__tournament=t)
        .order_by("place")
        .values_list("entry__number", "place", "place_to", "score")
    )
    assert standings == [
        (1, 1, 1, Decimal("33.29")),
        (2, 2, 2, Decimal("27.02")),
        (3, 3, 3, Decimal("19.69")),
    ]
    # the pipeline's standings step leaves them as they are
    compute_standings(t)
    assert Standing.objects.filter(entry__section__tournament=t).count() == 3
    assert Standing.objects.get(entry__number=1).score == Decimal("33.29")


def test_shared_printed_places_share_down_to_the_last(club):
    teams = (
        _team("1", "Ek", "1", "30", 0)
        + _team("2", "Lind", "1=", "30", 4)
        + _team("3", "Berg", "3", "20", 8)
    )
    t = _import(club, teams_document(teams=teams)).tournament
    assert dict(
        Standing.objects.filter(entry__section__tournament=t).values_list(
            "entry__number", "place_to"
        )
    ) == {1: 2, 2: 2, 3: 3}


def test_without_printed_places_the_matches_rank_the_teams(club):
    teams = "".join(
        f'<TEAM TEAM_ID="{n}" TEAM_NAME="T{n}">' + _player(f"P{n}", str(9300000 + n)) + "</TEAM>"
        for n in (1, 2, 3)
    )
    t = _import(club, teams_document(teams=teams)).tournament
    standings = list(
        Standing.objects.filter(entry__section__tournament=t)
        .order_by("place")
        .values_list("entry__number", "place", "score")
    )
    # VPs: team 1 13.29 + 8.31, team 2 6.71 + 12.00, team 3 8.00 + 11.69
    assert standings == [
        (1, 1, Decimal("21.60")),
        (3, 2, Decimal("19.69")),
        (2, 3, Decimal("18.71")),
    ]


def test_board_a_match_is_saved_as_bam(club):
    methods = "<BOARD_SCORING_METHOD>BAM</BOARD_SCORING_METHOD>"
    t = _import(club, teams_document(event_type="TEAMS", methods=methods)).tournament
    assert (t.kind, t.scoring) == ("teams", "bam")
    assert TeamMatch.objects.filter(tournament=t).count() == 3


def test_line_ups_come_from_the_pairs_a_match_names(club):
    def team(team_id: str, base: int) -> str:
        pairs = "".join(
            f"<PAIR><PAIR_NUMBER>{team_id}{letter}</PAIR_NUMBER>"
            + _player(f"P{base + 2 * i}", str(9400000 + base + 2 * i))
            + _player(f"P{base + 2 * i + 1}", str(9400000 + base + 2 * i + 1))
            + "</PAIR>"
            for i, letter in enumerate("ABC")
        )
        return f'<TEAM TEAM_ID="{team_id}" TEAM_NAME="T{team_id}"><PLACE>{team_id}</PLACE>{pairs}</TEAM>'

    # team 1's pairs 1A (open room, NS) and 1C (closed room, EW) against 2B and 2A
    board = (
        "<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><IMPS>1</IMPS>"
        "<TRAVELLER_LINE><DIRECTION>NS</DIRECTION><NS_PAIR_NUMBER>1A</NS_PAIR_NUMBER>"
        "<EW_PAIR_NUMBER>2B</EW_PAIR_NUMBER><CONTRACT>PASS</CONTRACT><SCORE>0</SCORE>"
        "</TRAVELLER_LINE><TRAVELLER_LINE><DIRECTION>EW</DIRECTION>"
        "<NS_PAIR_NUMBER>2A</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1C</EW_PAIR_NUMBER>"
        "<CONTRACT>1NT</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>6</TRICKS>"
        "<SCORE>-50</SCORE></TRAVELLER_LINE></BOARD>"
    )
    document = teams_document(
        teams=team("1", 0) + team("2", 10), matches=_match(1, "1", "2", "10.47", "9.53", board)
    )
    t = _import(club, document).tournament
    match = TeamMatch.objects.get(tournament=t)
    assert (match.imps_home, match.imps_away) == (Decimal(1), Decimal(0))
    slots = LineupSlot.objects.filter(match=match).select_related("player", "entry")
    assert sorted((s.entry.number, s.half, s.player.name) for s in slots) == [
        (1, 1, "P0"),
        (1, 1, "P1"),
        (1, 1, "P4"),
        (1, 1, "P5"),
        (2, 1, "P10"),
        (2, 1, "P11"),
        (2, 1, "P12"),
        (2, 1, "P13"),
    ]


@pytest.mark.parametrize(
    ("matches", "where", "what"),
    [
        (
            _match(1, "1", "9", "10", "10"),
            "/USEBIO/EVENT/SESSION[1]/SECTION[1]/MATCH[1]",
            "away team '9' is not among the participants",
        ),
        (
            _match(1, "2", "2", "10", "10"),
            "/USEBIO/EVENT/SESSION[1]/SECTION[1]/MATCH[1]",
            "team '2' plays against itself",
        ),
        (
            _match(1, "1", "2", "10", "10") + _match(1, "2", "1", "10", "10"),
            "/USEBIO/EVENT/SESSION[1]/SECTION[1]/MATCH[2]",
            "the match '2'-'1' of round 1 is given twice "
            "(first at /USEBIO/EVENT/SESSION[1]/SECTION[1]/MATCH[1])",
        ),
        (
            _match(1, "1", "2", "10", "10") + _match(1, "1", "3", "10", "10"),
            "/USEBIO/EVENT/SESSION[1]/SECTION[1]/MATCH[2]",
            "team '1' is the home team of two matches in round 1",
        ),
        (
            "<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2"
            "</OPPOSING_TEAM></MATCH>",
            "/USEBIO/EVENT/SESSION[1]/SECTION[1]/MATCH[1]",
            "TEAM_SCORE or OPPOSING_TEAM_SCORE is missing",
        ),
    ],
)
def test_bad_matches_are_refused_with_their_element_and_nothing_is_saved(
    club, matches, where, what
):
    problems = _refused(club, teams_document(matches=matches))
    assert any(p.where == where and what in p.what for p in problems), problems


def test_a_parse_error_names_the_file_and_element(club):
    problems = _refused(club, teams_document(matches=_match(1, "1", "2", "ten", "10")))
    assert [(p.where, p.what) for p in problems] == [
        (
            "bad.xml /USEBIO/EVENT/SESSION[1]/SECTION[1]/MATCH[1]/TEAM_SCORE",
            "TEAM_SCORE must be a number, got 'ten'",
        )
    ]


def test_reporting_a_teams_event_again_replaces_its_matches(club):
    _import(club, teams_document())
    second = _import(club, teams_document(matches=_match(1, "1", "2", "15", "5")))
    assert second.replaced
    assert TeamMatch.objects.count() == 1
    assert TeamMatch.objects.get().vp_home == Decimal(15)
    assert Standing.objects.count() == 3


def test_check_report_checks_matches_and_line_ups():
    team = (ReportedPlayer(national_id=None, name="A"), ReportedPlayer(national_id=None, name="B"))
    report = ReportedEvent(
        source_format="manual",
        event_id="x",
        name="Lag",
        date=None,
        kind="teams",
        scoring="team_vp",
        sections=(ReportedSection(name="", movement="teams"),),
        entries=(
            ReportedEntry(key="1", section="", number=1, direction="", players=team),
            ReportedEntry(key="2", section="", number=2, direction="", players=team),
        ),
        matches=(
            ReportedMatch(
                section="",
                round=1,
                home="1",
                away="2",
                lineups=(ReportedLineup(half=1, side="away", players=(1, 3)),),
                where="m1",
            ),
            ReportedMatch(section="", round=0, home="1", away="2", where="m2"),
        ),
    )
    problems = [(p.where, p.what) for p in check_report(report, today=date(2026, 3, 20))]
    assert ("m1", "the away line-up of half 1 is not valid") in problems
    assert ("m2", "round 0 is not a round (1 or more)") in problems


# --- individuals ----------------------------------------------------------------------


def test_an_individual_event_saves_one_entry_a_player_and_its_printed_places(club):
    outcome = _import(club, individual_document())
    t = outcome.tournament
    assert (t.kind, t.scoring, t.boards) == ("individual", "ranking", 1)
    assert Entry.objects.filter(section__tournament=t).count() == 8
    assert EntryPlayer.objects.filter(entry__section__tournament=t).count() == 8
    assert BoardResult.objects.filter(section__tournament=t).count() == 0
    standings = dict(
        Standing.objects.filter(entry__section__tournament=t).values_list("entry__number", "place")
    )
    assert standings == {1: 1, 2: 1, 3: 5, 4: 5, 5: 3, 6: 3, 7: 7, 8: 7}
    # the pipeline's standings step rewrites them with their shared ranges
    compute_standings(t)
    shared = dict(
        Standing.objects.filter(entry__section__tournament=t).values_list(
            "entry__number", "place_to"
        )
    )
    assert shared == {1: 2, 2: 2, 3: 6, 4: 6, 5: 4, 6: 4, 7: 8, 8: 8}
    assert Standing.objects.get(entry__number=5).score == Decimal(1)


def test_an_individual_without_a_printed_place_is_refused(club):
    players = "".join(
        f"<PLAYER><PLAYER_NUMBER>{n}</PLAYER_NUMBER><PLAYER_NAME>P{n}</PLAYER_NAME></PLAYER>"
        for n in range(1, 9)
    )
    problems = _refused(club, individual_document(players=players))
    assert (problems[0].where, problems[0].what) == (
        "/USEBIO/EVENT/PARTICIPANTS/PLAYER[1]",
        "player '1' has no printed PLACE",
    )


def test_the_command_imports_a_teams_file_and_prints_its_standings(club, tmp_path, capsys):
    path = tmp_path / "lag.xml"
    path.write_bytes(teams_document())
    call_command("import_results", str(path), "--organiser", "1001", "--json")
    payload = json.loads(capsys.readouterr().out)
    assert payload["entries"] == 3 and payload["board_results"] == 0
    assert [(s["entry"], s["place"], s["score"]) for s in payload["standings"]] == [
        (1, 1, "33.29"),
        (2, 2, "27.02"),
        (3, 3, "19.69"),
    ]


def test_the_command_refuses_a_bad_individual_file_saying_where(club, tmp_path):
    path = tmp_path / "ind.xml"
    line = _individual_line(("1", "3", "2", "44"), 420, "2", "0")
    path.write_bytes(individual_document(lines=line))
    with pytest.raises(CommandError) as refused:
        call_command("import_results", str(path), "--organiser", "1001")
    assert (
        "ind.xml /USEBIO/EVENT/BOARD[1]/TRAVELLER_LINE[1]/WEST_PLAYER_NUMBER: "
        "player '44' is not among the participants"
    ) in str(refused.value)
    assert Tournament.objects.count() == 0
