"""Reporting PBN files and CSV ranking lists, end to end (import command, service, upload page).

The PBN reference files are in ../shared/fixtures/pbn: of the three correct
ones only correct_20 carries results (a TotalScoreTable of the best ten pairs
and a frequency ScoreTable that names no pairs), so it imports as its printed
ranking; correct_10 and correct_21 hold deals only and are refused. A club's
PBN with travellers is written here, as are the CSV ranking lists.
"""

import json
from datetime import date
from decimal import Decimal
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from members.models import Role
from members.tests.factories import ClubFactory, MemberFactory, give_role, member_with_login
from tournaments import services
from tournaments.importers.pbn_report import NO_RESULTS, report_from_pbn_bytes
from tournaments.models import (
    BoardResult,
    Entry,
    EntryPlayer,
    ImportLog,
    Section,
    Standing,
    Tournament,
)

pytestmark = pytest.mark.django_db
CLUB = 1001
SAVED_MODELS = (Tournament, Section, Entry, EntryPlayer, BoardResult, Standing)


@pytest.fixture
def club():
    return ClubFactory(number=CLUB)


def _command(path, *options):
    out = StringIO()
    call_command("import_results", str(path), "--organiser", str(CLUB), *options, stdout=out)
    return json.loads(out.getvalue())


def _refused_by_command(path, *options):
    out = StringIO()
    with pytest.raises(CommandError, match="the report was refused; nothing was saved"):
        call_command(
            "import_results", str(path), "--organiser", str(CLUB), "--json", *options, stdout=out
        )
    return [(e["where"], e["what"]) for e in json.loads(out.getvalue())["errors"]]


def _counts():
    return [model.objects.count() for model in SAVED_MODELS]


# --- PBN: the reference files


def test_pbn_correct_20_imports_its_printed_ranking(shared_fixtures, club):
    payload = _command(
        shared_fixtures / "pbn" / "pbnstandard_correct_20.pbn", "--format", "pbn", "--json"
    )
    t = Tournament.objects.get(pk=payload["tournament"])
    assert (payload["entries"], payload["boards"], payload["board_results"]) == (10, 26, 0)
    # No Event tag in the result games: the file's name stands in for it.
    assert (t.name, t.start_date, t.kind, t.scoring, t.source_format) == (
        "pbnstandard_correct_20",
        date(1999, 1, 29),
        "pairs",
        "ranking",
        "pbn",
    )
    assert t.event_id == "1999-01-29-pbnstandard_correct_20"
    standings = payload["standings"]
    assert [s["place"] for s in standings] == list(range(1, 11))
    first, last = standings[0], standings[-1]
    assert (first["entry"], first["score"], first["percentage"]) == (581, "1449.80", "72.49")
    assert first["players"] == ["G-581-1-Sergey OSTRIKOV", "G-581-2-Oleg ODINTSEV"]
    assert (last["entry"], last["score"], last["percentage"]) == (407, "1664.00", "64.00")
    names = EntryPlayer.objects.filter(entry__number=226).order_by("pk")
    assert [p.name for p in names] == ["Lia FREJDLINA", "Anatoly ZHOKHOV"]
    assert {p.boards_played for p in names} == {6}


@pytest.mark.parametrize("name", ["pbnstandard_correct_10.pbn", "pbnstandard_correct_21.pbn"])
def test_pbn_files_with_deals_only_are_refused(shared_fixtures, club, name):
    problems = _refused_by_command(shared_fixtures / "pbn" / name, "--format", "pbn")
    assert problems == [(name, str(NO_RESULTS))]
    assert _counts() == [0] * len(SAVED_MODELS)


# file: (errors, the first two as (line, message))
PBN_ERRORS = {
    "pbnstandard_errors_10.pbn": (
        149,
        [(11, 'tag Event has no value (expected [Event "..."])'), (15, None)],
    ),
    "pbnstandard_errors_20.pbn": (
        24,
        [
            (7, "bad Scoring 'IMP;??': expected words separated by ';', e.g. IMP or MP;MP1"),
            (10, None),
        ],
    ),
    "pbnstandard_errors_21.pbn": (
        2,
        [
            (7, "bad OptimumScore '100': give the side, e.g. 'NS 100'"),
            (11, "bad OptimumScore 'EW': expected a number, or 'NS n' and/or 'EW n'"),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(PBN_ERRORS))
def test_pbn_error_files_are_refused_with_every_error_and_its_line(shared_fixtures, club, name):
    ClubFactory()  # something in the database, to show nothing else changes
    before = _counts()
    count, firsts = PBN_ERRORS[name]
    problems = _refused_by_command(shared_fixtures / "pbn" / name, "--format", "pbn")
    assert len(problems) == count
    for (where, what), (line, message) in zip(problems, firsts, strict=False):
        assert where == f"{name} line {line}"
        if message is not None:
            assert what == message
    assert all(where.startswith(f"{name} line ") for where, _what in problems)
    assert _counts() == before
    log = ImportLog.objects.get()
    assert (log.outcome, log.source_format, len(log.errors)) == ("refused", "pbn", count)


# --- PBN: a club's file with travellers

CLUB_PBN = """\
% PBN 2.1
[Event "Tisdagsparen"]
[Site "BK Lund"]
[Date "2025.03.04"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:J76.AK.AQJ954.J3 QT.QT8542.62.Q52 AK9543.6.K3.T986 82.J973.T87.AK74"]
[Scoring "MatchPoints;MP1"]
[Competition "Pairs"]
[TotalScoreTable "Rank\\1R;PairId\\1R;TotalScoreMP\\4R;TotalPercentage\\6R;Names\\24L;NrBoards\\2R;MemberID1\\5R;MemberID2\\5R"]
1 2 4.0 100.00 "Anna Ek - Bo Lind" 2 "70001" "70002"
2 1 2.0 50.00 "Cilla Berg - Dan Ek" 2 "70003" "-"
2 3 2.0 50.00 "Eva Ek - Fia Ros" 2 "70005" "70006"
4 4 0.0 0.00 "Gun Ros - Hans Al" 2 "70007" "70008"
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Lead\\3L;Score_NS\\6R;Score_EW\\6R;MP_NS\\3R;MP_EW\\3R"]
1 2 4S S 11 CA "450" - 0.0 2.0
3 4 5HX E 7 SA "800" - 2.0 0.0

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "E:J76.AK.AQJ954.J3 QT.QT8542.62.Q52 AK9543.6.K3.T986 82.J973.T87.AK74"]
[ScoreTable "#"]
1 4 3NT N 9 - "600" - 2.0 0.0
3 2 Pass - - - - - 0.0 2.0
"""


def test_a_club_pbn_with_travellers_is_scored_here(tmp_path, club):
    for mid in (70001, 70002, 70003, 70005, 70006, 70007, 70008):
        MemberFactory(mid=mid)
    path = tmp_path / "tisdag.pbn"
    path.write_text(CLUB_PBN, encoding="utf-8")
    payload = _command(path, "--json")  # the format is guessed from the name
    t = Tournament.objects.get(pk=payload["tournament"])
    assert (t.name, t.start_date, t.scoring, t.boards) == (
        "Tisdagsparen",
        date(2025, 3, 4),
        "matchpoints",
        2,
    )
    assert (payload["entries"], payload["board_results"], payload["warnings"]) == (4, 4, [])
    lines = BoardResult.objects.filter(section__tournament=t).order_by("board", "ns_entry__number")
    assert [
        (
            r.board,
            r.ns_entry.number,
            r.ew_entry.number,
            r.contract,
            r.declarer,
            r.tricks,
            r.score_ns,
        )
        for r in lines
    ] == [
        (1, 1, 2, "4S", "S", 11, 450),
        (1, 3, 4, "5HX", "E", 7, 800),
        (2, 1, 4, "3NT", "N", 9, 600),
        (2, 3, 2, "Pass", "", None, 0),
    ]
    assert lines[0].lead == "CA"
    # Klöver's matchpoints agree with the printed ones, so the standings are ours.
    assert [
        (s["entry"], s["place"], s["shared_to"], s["score"], s["percentage"])
        for s in payload["standings"]
    ] == [
        (2, 1, 1, "4.00", "100.00"),
        (1, 2, 3, "2.00", "50.00"),
        (3, 2, 3, "2.00", "50.00"),
        (4, 4, 4, "0.00", "0.00"),
    ]
    assert not Standing.objects.filter(as_printed=True).exists()
    pair_1 = next(s for s in payload["standings"] if s["entry"] == 1)
    # "-" as the second MemberID: a guest under a temporary id.
    assert pair_1["players"] == ["70003", "G-1-2-Dan Ek"]
    assert Entry.objects.get(number=1).printed_place == 2


def test_a_pbn_date_without_its_day_is_refused_at_its_game(tmp_path, club):
    path = tmp_path / "tisdag.pbn"
    path.write_text(CLUB_PBN.replace("2025.03.04", "2025.03.??"), encoding="utf-8")
    problems = _refused_by_command(path)
    assert (
        "tisdag.pbn line 2",
        "Date '2025.03.??' is not a whole date: give the day the event was played",
    ) in problems
    assert ("event", "the event has no date") in problems
    assert _counts() == [0] * len(SAVED_MODELS)


def test_a_pbn_traveller_for_an_unranked_pair_is_refused_with_its_line(tmp_path, club):
    path = tmp_path / "tisdag.pbn"
    path.write_text(
        CLUB_PBN.replace('1 4 3NT N 9 - "600"', '1 9 3NT N 9 - "600"'), encoding="utf-8"
    )
    problems = _refused_by_command(path)
    assert problems == [("tisdag.pbn line 25", "EW pair '9' is not among the participants")]


def test_a_pbn_line_whose_ns_and_ew_scores_disagree_is_refused(tmp_path, club):
    path = tmp_path / "tisdag.pbn"
    path.write_text(CLUB_PBN.replace('1 2 4S S 11 CA "450" -', '1 2 4S S 11 CA "450" "-420"'))
    problems = _refused_by_command(path)
    assert problems == [
        (
            "tisdag.pbn line 17",
            "the NS score 450 and the EW score -420 disagree on board 1 "
            "(one must be the other with its sign changed)",
        )
    ]
    assert _counts() == [0] * len(SAVED_MODELS)


# --- CSV ranking lists


def _ranking_csv(mids, *, percentage_4="50,00"):
    a, b, c, d, e, f = mids
    return (
        "# event: Onsdagsbridge\n"
        "# date: 2025-03-05\n"
        "# kind: pairs\n"
        "# boards: 24\n"
        "place;players;names;score;percentage;boards\n"
        f"1;{a}+{b};Anna Ek - Bo Lind;160,5;66,88;24\n"
        f"2;{c}/G:Per;Cilla Berg - Per Ahl;150;62,50;24\n"
        f"3=;{d} {e};Dan Ek - Eva Ek;120;{percentage_4};24\n"
        f"3=;{f}+G:2;Fia Ros - Gun Ros;120;{percentage_4};22\n"
    ).encode()


@pytest.fixture
def members():
    return [MemberFactory(mid=mid) for mid in (80001, 80002, 80003, 80004, 80005, 80006)]


def test_a_csv_ranking_list_imports_as_printed(tmp_path, club, members):
    path = tmp_path / "onsdag.csv"
    path.write_bytes(_ranking_csv([m.mid for m in members]))
    payload = _command(path, "--format", "csv", "--json")
    t = Tournament.objects.get(pk=payload["tournament"])
    assert (t.name, t.start_date, t.kind, t.scoring, t.boards, t.source_format) == (
        "Onsdagsbridge",
        date(2025, 3, 5),
        "pairs",
        "ranking",
        24,
        "csv",
    )
    assert t.event_id == "2025-03-05-Onsdagsbridge"
    assert (payload["entries"], payload["board_results"], payload["warnings"]) == (4, 0, [])
    assert [
        (s["place"], s["players"], s["score"], s["percentage"]) for s in payload["standings"]
    ] == [
        (1, ["80001", "80002"], "160.50", "66.88"),
        (2, ["80003", "G-2-2-Per Ahl"], "150.00", "62.50"),
        (3, ["80004", "80005"], "120.00", "50.00"),
        (3, ["80006", "G-4-2-Gun Ros"], "120.00", "50.00"),
    ]
    # The shared third place runs down to 4 as soon as the report is saved.
    assert [s["shared_to"] for s in payload["standings"]] == [1, 2, 4, 4]
    guest = EntryPlayer.objects.get(temporary_id="G-2-2-Per Ahl")
    assert (guest.member, guest.name) == (None, "Per Ahl")
    assert EntryPlayer.objects.get(member=members[0]).name == "Anna Ek"
    assert list(Entry.objects.order_by("number").values_list("printed_place", flat=True)) == [
        1,
        2,
        3,
        3,
    ]


def test_the_pipeline_gives_a_shared_printed_place_its_range(
    club, members, django_capture_on_commit_callbacks
):
    data = _ranking_csv([m.mid for m in members])
    with django_capture_on_commit_callbacks(execute=True):
        outcome = services.import_results(data=data, filename="onsdag.csv", organiser=club)
    t = Tournament.objects.get(pk=outcome.tournament.pk)
    assert t.pipeline_status == Tournament.Pipeline.DONE
    places = Standing.objects.filter(entry__section__tournament=t).order_by(
        "place", "entry__number"
    )
    assert [(s.place, s.place_to, s.score) for s in places] == [
        (1, 1, Decimal("160.50")),
        (2, 2, Decimal("150.00")),
        (3, 4, Decimal("120.00")),
        (3, 4, Decimal("120.00")),
    ]


def test_an_unknown_mid_is_saved_as_a_guest_with_a_warning(tmp_path, club, members):
    mids = [m.mid for m in members]
    mids[1] = 99999  # nobody's number
    path = tmp_path / "onsdag.csv"
    path.write_bytes(_ranking_csv(mids))
    payload = _command(path, "--json")
    assert payload["warnings"] == [
        {
            "where": "onsdag.csv line 6",
            "what": "unknown MID 99999 (Bo Lind): recorded as a guest",
        }
    ]
    assert payload["standings"][0]["players"] == ["80001", "G-99999"]
    assert EntryPlayer.objects.get(temporary_id="G-99999").member is None


def test_a_malformed_csv_is_refused_with_every_line_and_field(tmp_path, club, members):
    text = _ranking_csv([m.mid for m in members], percentage_4="fifty").decode()
    text = text.replace("2;80003/G:Per", "2;80003/Per")
    path = tmp_path / "onsdag.csv"
    path.write_text(text, encoding="utf-8")
    before = _counts()
    problems = _refused_by_command(path, "--format", "csv")
    assert problems == [
        (
            "onsdag.csv line 7, players",
            "'Per' is neither a MID (digits) nor a guest id such as G:Anna",
        ),
        ("onsdag.csv line 8, percentage", "percentage 'fifty' is not a number"),
        ("onsdag.csv line 9, percentage", "percentage 'fifty' is not a number"),
    ]
    assert _counts() == before


def test_reporting_the_same_csv_again_replaces_it(tmp_path, club, members):
    path = tmp_path / "onsdag.csv"
    path.write_bytes(_ranking_csv([m.mid for m in members]))
    first = _command(path, "--json")
    counts = _counts()
    assert counts == [1, 1, 4, 8, 0, 4]
    again = _command(path, "--json")
    assert (again["tournament"], again["replaced"]) == (first["tournament"], True)
    assert _counts() == counts
    assert Tournament.objects.get().report_version == 2
    assert list(ImportLog.objects.order_by("pk").values_list("outcome", flat=True)) == [
        "saved",
        "replaced",
    ]


def test_a_club_administrator_uploads_a_csv(client, club, members):
    admin = member_with_login()
    give_role(admin, Role.Kind.CLUB_ADMIN, club=club)
    client.force_login(admin.user)
    upload = SimpleUploadedFile("onsdag.csv", _ranking_csv([m.mid for m in members]))
    response = client.post("/tournaments/report/", {"club": club.pk, "file": upload})
    t = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == t.get_absolute_url()
    assert (t.organiser_club, t.source_format, t.scoring) == (club, "csv", "ranking")
    log = ImportLog.objects.get()
    assert (log.outcome, log.user, log.filename) == ("saved", admin.user, "onsdag.csv")
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Onsdagsbridge" in page
    assert "Per Ahl" in page


MITCHELL_PBN = """\
[Event "Mitchell"]
[Date "2025.03.06"]
[Board "1"]
[TotalScoreTable "Rank;PairId;Direction;TotalScoreMP;Names"]
1 1 "N-S" 2.0 "Anna Ek - Bo Lind"
2 2 "N-S" 0.0 "Cilla Berg - Dan Ek"
1 1 "E-W" 2.0 "Eva Ek - Fia Ros"
2 2 "E-W" 0.0 "Gun Ros - Hans Al"
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW;MP_NS;MP_EW"]
1 2 4S S 10 420 - 2.0 0.0
2 1 4S S 9 - 50 0.0 2.0
"""


def test_a_pbn_mitchell_keeps_ns_1_and_ew_1_apart():
    report = report_from_pbn_bytes(MITCHELL_PBN.encode(), "m.pbn")
    assert [s.movement for s in report.sections] == ["mitchell"]
    assert [(e.key, e.number, e.direction, e.printed_place) for e in report.entries] == [
        ("1NS", 1, "NS", 1),
        ("2NS", 2, "NS", 2),
        ("1EW", 1, "EW", 1),
        ("2EW", 2, "EW", 2),
    ]
    assert [(line.ns, line.ew, line.score_ns) for line in report.lines] == [
        ("1NS", "2EW", 420),
        ("2NS", "1EW", -50),
    ]
    assert [line.printed_ns for line in report.lines] == [Decimal("2.0"), Decimal("0.0")]


def test_a_csv_ranking_list_of_teams_imports_its_places_once(tmp_path, club, members):
    """A teams ranking list has no matches: its printed places are its standings,
    written once (they were written twice, and the second write failed)."""
    a, b, c, d, e, f = (m.mid for m in members)
    path = tmp_path / "lag.csv"
    path.write_bytes(
        (
            "# event: Lagserien\n# date: 2025-03-05\n# kind: teams\n# boards: 28\n"
            f"place;players;score\n1;{a}+{b}+{c};52\n2;{d}+{e}+{f};31\n"
        ).encode()
    )
    payload = _command(path, "--format", "csv", "--json")
    t = Tournament.objects.get(pk=payload["tournament"])
    assert (t.kind, t.scoring) == ("teams", "ranking")
    assert [(s["place"], s["score"]) for s in payload["standings"]] == [(1, "52.00"), (2, "31.00")]
