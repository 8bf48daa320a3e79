"""A report holding what no event can hold is refused before anything is saved, with
where it is (tournaments/importers/plausibility.py; issue 16's probe of corrupted files)."""

from datetime import date
from decimal import Decimal

import pytest
from django.test import override_settings
from hypothesis import given, settings
from hypothesis import strategies as st

from members.tests.factories import ClubFactory
from tournaments import services
from tournaments.importers import plausibility
from tournaments.importers.report import (
    Problem,
    ReportedEntry,
    ReportedEvent,
    ReportedLine,
    ReportedPlayer,
    ReportedSection,
    loggable,
)
from tournaments.models import BoardResult, Entry, EntryPlayer, ImportLog, Section, Tournament

pytestmark = pytest.mark.django_db
NAME = "compscore3_mp_pairs_howell.xml"
PAIR_1 = "bad.xml SECTION[1]/PARTICIPANTS/PAIR[1]"


@pytest.fixture
def club():
    return ClubFactory(number=1001)


@pytest.fixture
def xml(shared_fixtures):
    return (shared_fixtures / "usebio" / NAME).read_text(encoding="utf-8")


def _refused(club, data: bytes, filename: str = "bad.xml") -> list[tuple[str, str]]:
    with pytest.raises(services.ReportRefused) as caught:
        services.import_results(data=data, filename=filename, organiser=club, run_pipeline=False)
    saved = (Tournament, Section, Entry, EntryPlayer, BoardResult)
    assert [model.objects.count() for model in saved] == [0] * len(saved)
    log = ImportLog.objects.get()
    assert log.outcome == "refused" and log.errors
    assert "\x00" not in str(log.errors)
    return [(p.where, p.what) for p in caught.value.problems]


def _one(xml: str, old: str, new: str) -> bytes:
    assert old in xml
    return xml.replace(old, new, 1).encode()


def test_a_date_before_the_first_season_is_refused(club, xml):
    problems = _refused(club, _one(xml, "<DATE>27/07/2022</DATE>", "<DATE>01/01/0001</DATE>"))
    assert problems == [
        (
            "bad.xml event",
            "the date 0001-01-01 is before the federation's first season (1990-01-01); "
            "is the year right?",
        )
    ]


@override_settings(KLOVER_FIRST_DAY=date(2023, 1, 1))
def test_the_first_season_is_a_setting(club, xml):
    assert "first season (2023-01-01)" in _refused(club, xml.encode())[0][1]


@pytest.mark.parametrize(
    ("old", "new", "what"),
    [
        ("<PERCENTAGE>47.69</PERCENTAGE>", "<PERCENTAGE>-5</PERCENTAGE>", "percentage -5"),
        (
            "<PERCENTAGE>47.69</PERCENTAGE>",
            "<PERCENTAGE>100.001</PERCENTAGE>",
            "percentage 100.001",
        ),
        ("<PERCENTAGE>47.69</PERCENTAGE>", "<PERCENTAGE>10000000000</PERCENTAGE>", "percentage"),
        ("<PLACE>8</PLACE>", "<PLACE>0</PLACE>", "place 0: the field has 12"),
        ("<PLACE>8</PLACE>", "<PLACE>40000</PLACE>", "place 40000: the field has 12"),
        ("<PLACE>8</PLACE>", "<PLACE>2147483648</PLACE>", "place 2147483648"),
        ("<TOTAL_SCORE>128.77</TOTAL_SCORE>", "<TOTAL_SCORE>100000000</TOTAL_SCORE>", "score"),
    ],
)
def test_an_entry_outside_its_rules_range(club, xml, old, new, what):
    problems = _refused(club, _one(xml, old, new))
    assert [where for where, text in problems if what in text] == [PAIR_1], problems


def test_a_deal_score_no_contract_can_make(club, xml):
    problems = _refused(club, _one(xml, "<SCORE>-400</SCORE>", "<SCORE>2147483648</SCORE>"))
    assert any(
        where.endswith("BOARD[1]/TRAVELLER_LINE[1]")
        and "score 2147483648: no deal scores more than 7600" in what
        for where, what in problems
    ), problems


def test_a_name_too_long_to_keep(club, xml):
    long = "Å" * 201
    problems = _refused(
        club, _one(xml, "<PLAYER_NAME>Player 1</PLAYER_NAME>", f"<PLAYER_NAME>{long}</PLAYER_NAME>")
    )
    assert (
        f"{PAIR_1}, player 1",
        "the player name has 201 characters; at most 200 are kept",
    ) in problems


def test_an_id_too_long_for_a_guest(club, xml):
    mid = "9" * 39
    problems = _refused(
        club,
        _one(
            xml,
            "<NATIONAL_ID_NUMBER>9000001</NATIONAL_ID_NUMBER>",
            f"<NATIONAL_ID_NUMBER>{mid}</NATIONAL_ID_NUMBER>",
        ),
    )
    assert (
        f"{PAIR_1}, player 1",
        "the player id has 39 characters; at most 38 are kept",
    ) in problems


def test_two_long_guest_ids_stay_two():
    a = services._temporary_id(None, "A" * 40, "1", 1)
    b = services._temporary_id(None, "A" * 39 + "B", "1", 1)
    assert a != b and len(a) == len(b) == 40


def test_control_characters_in_a_csv_name(club):
    data = (
        b"# event: Onsdags\x00bridge\n# date: 2025-03-05\n# kind: pairs\n# boards: 24\n"
        b"place;players;names;score;percentage;boards\n"
        b"1;G:1+G:2;Anna\x01 Ek - Bo Lind;160,5;66,88;24\n"
        b"2;G:3+G:4;Cilla Berg - Per Ahl;150;62,50;24\n"
    )
    problems = _refused(club, data, "onsdag.csv")
    whats = " | ".join(what for _, what in problems)
    assert "the event name holds control characters (U+0000)" in whats
    assert "control characters (U+0001)" in whats


def test_boards_beyond_any_event(club):
    data = (
        b"# event: Maraton\n# date: 2025-03-05\n# kind: pairs\n# boards: 40000\n"
        b"place;players;names;score;percentage;boards\n"
        b"1;G:1+G:2;Anna Ek - Bo Lind;160,5;66,88;24\n"
        b"2;G:3+G:4;Cilla Berg - Per Ahl;150;62,50;24\n"
    )
    problems = _refused(club, data, "maraton.csv")
    assert any("40000 boards" in what for _, what in problems), problems


def test_the_import_log_keeps_200_problems_and_no_nul(club):
    problems = [Problem(f"line {n}\x00", "bad\x00 value " + "x" * 600) for n in range(300)]
    logged = loggable(problems)
    assert len(logged) == 201
    assert (logged[-1]["where"], logged[-1]["what"]) == ("", "and 100 more problems")
    assert logged[0]["where"] == "line 0\ufffd"
    assert len(logged[0]["what"]) == 500 and "\x00" not in logged[0]["what"]
    ImportLog.objects.create(
        organiser_club=club, filename="x", checksum="0", source_format="csv",
        outcome="refused", errors=logged,
    )  # fmt: skip


def test_the_fixtures_hold_nothing_implausible(shared_fixtures):
    """Every real file the importers read is plausible (the bounds refuse no real event)."""
    checked = 0
    for path in sorted((shared_fixtures / "usebio").glob("*.xml")) + sorted(
        (shared_fixtures / "pbn").glob("*correct*.pbn")
    ):
        try:
            report = services.parse_report(data=path.read_bytes(), filename=path.name)
        except services.ReportRefused:
            continue  # refused by its importer for what it is (compscore3_notsupported)
        assert plausibility.problems(report) == [], path.name
        checked += 1
    assert checked >= 12


def test_an_unknown_xml_encoding_is_refused(club, xml):
    data = xml.replace('<?xml version="1.0"?>', '<?xml version="1.0" encoding="x-klingon"?>', 1)
    problems = _refused(club, data.encode())
    assert problems and all(where.startswith("bad.xml") for where, _ in problems), problems


@pytest.mark.parametrize("encoding", ["utf-16", "utf-32"])
def test_a_wide_csv_is_refused_and_its_log_saved(club, encoding):
    data = "# event: Onsdag\n# date: 2025-03-05\n# kind: pairs\n# boards: 24\n".encode(encoding)
    assert _refused(club, data, "onsdag.csv")


# --- limits inside the importers (tournaments/importers/limits.py)


def test_a_file_over_the_byte_limit_is_refused_before_it_is_read(club, monkeypatch):
    from tournaments.importers import limits

    monkeypatch.setattr(limits, "MAX_BYTES", 1000)
    data = b"# event: Stor\n" + b"x" * 1000
    problems = _refused(club, data, "stor.csv")
    assert problems == [("stor.csv", "the file is 0.0 MB; results files are read up to 0 MB")]


def test_a_csv_of_300000_rows_is_refused_in_one_problem(club):
    row = "1;G:1+G:2;A - B;1;1;24\n"
    data = ("# event: Massor\n# date: 2025-03-05\n# kind: pairs\n" + row * 300_000).encode()
    problems = _refused(club, data, "massor.csv")
    assert problems == [
        ("massor.csv", "the file has 300004 lines; a CSV results file is read up to 12000 lines")
    ]
    assert len(ImportLog.objects.get().errors) == 1


def test_a_pbn_over_the_line_limit(club):
    data = ("% PBN 2.1\n" + "%\n" * 200_000).encode()
    assert _refused(club, data, "lang.pbn")[0][1].startswith("the file has 200002 lines")


def test_the_command_and_the_page_share_the_byte_limit():
    from tournaments import forms
    from tournaments.importers import limits, usebio

    assert forms.MAX_REPORT_BYTES == usebio.MAX_BYTES == limits.MAX_BYTES


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ("<SESSION_COUNT>1</SESSION_COUNT>", "<SESSION_COUNT>-1</SESSION_COUNT>", "SESSION_COUNT"),
        (
            "<SECTION_COUNT>1</SECTION_COUNT>",
            "<SECTION_COUNT>1000000</SECTION_COUNT>",
            "SECTION_COUNT",
        ),
        (
            "<MASTER_POINTS_AWARDED>0</MASTER_POINTS_AWARDED>",
            "<MASTER_POINTS_AWARDED>1e40</MASTER_POINTS_AWARDED>",
            "MASTER_POINTS_AWARDED",
        ),
    ],
)
def test_counts_and_awards_the_file_gives_for_information(club, xml, old, new, where):
    problems = _refused(club, _one(xml, old, new))
    assert len(problems) == 1 and problems[0][0].endswith(where), problems
    assert " is not " in problems[0][1]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.text(), st.text()), max_size=260))
def test_any_problems_are_logged_storable(problems):
    logged = loggable([Problem(where, what) for where, what in problems])
    assert len(logged) == min(len(problems), 200) + (len(problems) > 200)
    for entry in logged:
        words = entry["words"]
        texts = [entry["where"], entry["what"], words["where"]]
        texts += [words["what"]] if isinstance(words["what"], str) else []
        for text in texts:
            assert len(text) <= 500
            assert all(c.isprintable() or c == " " for c in text), text


def test_the_importers_keep_their_limits_when_called_directly():
    from tournaments.importers.csv_report import CsvReportError, report_from_csv_bytes
    from tournaments.importers.pbn_report import PbnReportError, report_from_pbn_bytes

    with pytest.raises(CsvReportError, match="13000 lines"):
        report_from_csv_bytes(b"\n" * 12_999, "x.csv")
    with pytest.raises(PbnReportError, match="200001 lines"):
        report_from_pbn_bytes(b"\n" * 200_000, "x.pbn")


# --- the bounds themselves, at their edges (plain Python, no database)


def _event(*, score=None, percentage=None, place=None, deal=None, boards=24, day=date(2025, 3, 5)):
    players = (ReportedPlayer("1", "A"), ReportedPlayer("2", "B"))
    entries = tuple(
        ReportedEntry(
            key=str(n), section="", number=n, direction="", players=players,
            printed_place=place if n == 1 else None,
            printed_percentage=percentage if n == 1 else None,
            printed_score=score if n == 1 else None,
        )
        for n in (1, 2)
    )  # fmt: skip
    lines = (ReportedLine(section="", board=1, ns="1", ew="2", score_ns=deal),)
    return ReportedEvent(
        source_format="csv", event_id="x", name="x", date=day, kind="pairs",
        scoring="matchpoints", sections=(ReportedSection("", ""),), entries=entries,
        lines=lines, boards=boards,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("fields", "refused"),
    [
        ({"deal": 7600}, False),  # 13 down redoubled vulnerable (Law 77)
        ({"deal": -7600}, False),
        ({"deal": 7610}, True),
        ({"percentage": Decimal("100.00")}, False),
        ({"percentage": Decimal("100.01")}, True),
        ({"percentage": Decimal("0")}, False),
        ({"percentage": Decimal("-0.01")}, True),
        ({"place": 2}, False),  # the field has 2 entries
        ({"place": 3}, True),
        ({"place": 0}, True),
        ({"score": Decimal(24 * 7600)}, False),
        ({"score": Decimal(24 * 7600 + 1)}, True),
        ({"boards": 500}, False),
        ({"boards": 501}, True),
        ({"day": date(1990, 1, 1)}, False),
        ({"day": date(1989, 12, 31)}, True),
    ],
)
def test_each_bound_at_its_edge(fields, refused):
    assert bool(plausibility.problems(_event(**fields))) is refused
    assert plausibility.MAX_DEAL_SCORE == 7600
