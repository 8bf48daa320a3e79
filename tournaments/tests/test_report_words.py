"""The importers' messages in the reader's language (issue 18, point 4): what is wrong
and where it is, in Swedish on a Swedish page and in English on an English one, with
the file, line, element and column exactly as the file has them.

The importers word their messages as English templates (tournaments.importers.text);
these tests check that every template is in the Swedish catalogue, that every message
a broken file gives is built from them, and that the pages show them translated.
"""

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone, translation

from members.tests.factories import ClubFactory, MemberFactory, club_admin
from tournaments import services
from tournaments.importers import plausibility
from tournaments.importers.report import (
    Problem,
    check_report,
    loggable,
    logged_problem,
    report_warnings,
)
from tournaments.importers.text import Text, in_file, line_in
from tournaments.models import ImportLog

from .corrupt import variants
from .test_views import make_tournament

SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
REPO = Path(settings.BASE_DIR)
# Where the importers and the services that pass their messages on word them.
SOURCES = [
    *sorted((REPO / "tournaments" / "importers").glob("*.py")),
    REPO / "tournaments" / "services.py",
    REPO / "tournaments" / "manual" / "forms.py",
]
# Templates whose Swedish is the same word: one Swedish has borrowed.
SAME_IN_SWEDISH = {"metadata"}
PLACEHOLDER = re.compile(r"%\(\w+\)s|%%")


def marked_templates() -> set[str]:
    """Every template marked with gettext_noop in the importers."""
    found = set()
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "gettext_noop"
                and isinstance(node.args[0], ast.Constant)
            ):
                found.add(node.args[0].value)
    return found


def has_words(template: str) -> bool:
    """Whether a template says anything to translate: placeholders and punctuation do not."""
    return bool(re.search(r"[^\W\d_]", PLACEHOLDER.sub("", template)))


def swedish(template: str) -> str:
    with translation.override("sv"):
        return translation.gettext(template)


def texts_in(value: object):
    """A Text and every Text among its values."""
    if isinstance(value, Text):
        yield value
        for param in value.params.values():
            yield from texts_in(param)


# --- the catalogue ---------------------------------------------------------------------


def test_the_importers_mark_their_templates():
    # The three importers and what they share: far more than a handful.
    assert len(marked_templates()) > 250


def test_every_importer_template_has_its_swedish_translation():
    untranslated = [
        template
        for template in sorted(marked_templates())
        if template not in SAME_IN_SWEDISH and swedish(template) == template
    ]
    assert not untranslated, f"translate in locale/sv (docs/translations.md): {untranslated}"
    assert {swedish(word) for word in SAME_IN_SWEDISH} == SAME_IN_SWEDISH


def test_the_swedish_keeps_every_placeholder_of_the_english():
    wrong = [
        template
        for template in marked_templates()
        if sorted(PLACEHOLDER.findall(swedish(template))) != sorted(PLACEHOLDER.findall(template))
    ]
    assert not wrong


# --- every message a broken file gives -------------------------------------------------


def messages_of(data: bytes, filename: str) -> list[Problem]:
    """What the upload page would list: the parser's refusal, else the report's checks."""
    try:
        report = services.parse_report(data=data, filename=filename)
    except services.ReportRefused as refused:
        return refused.problems
    return [
        *check_report(report, today=timezone.localdate()),
        *plausibility.problems(report, filename=filename),
        *report_warnings(report),
    ]


def test_no_message_of_a_broken_file_reaches_a_swedish_page_untranslated(shared_fixtures):
    """Every corrupted variant of every fixture (tournaments/tests/corrupt.py, USEBIO,
    PBN and CSV): each message is a Text built of marked templates, and the Swedish
    page shows it translated."""
    marked = marked_templates()
    seen = set()
    for variant in variants(shared_fixtures):
        for problem in messages_of(variant.data, variant.filename):
            assert isinstance(problem.text, Text), (variant.name, problem)
            for text in (*texts_in(problem.place), *texts_in(problem.text)):
                assert text.template in marked or not has_words(text.template), (
                    variant.name,
                    text.template,
                )
                seen.add(text.template)
            words = [t.template for t in texts_in(problem.text) if has_words(t.template)]
            if set(words) - SAME_IN_SWEDISH:
                shown = problem.translated(swedish)
                assert shown["what"] != problem.what, (variant.name, problem.what)
    # The corpus reaches messages of each importer.
    assert {"not well-formed XML (%(error)s)", "DATE must be DD/MM/YYYY, got %(value)s"} <= seen
    assert "bad %(tag)s %(value)s: expected YYYY.MM.DD ('?' for unknown digits)" in seen
    assert "date %(value)s is not a date written YYYY-MM-DD" in seen


# --- places ----------------------------------------------------------------------------


def test_a_place_keeps_the_file_line_and_column_and_translates_its_words():
    where = line_in("onsdag.csv", 7, "players")
    assert str(where) == "onsdag.csv line 7, players"
    assert where.translated(swedish) == "onsdag.csv rad 7, players"
    assert str(in_file("tisdag.xml", "/USEBIO/EVENT/DATE")) == "tisdag.xml /USEBIO/EVENT/DATE"
    assert in_file("", "/USEBIO/EVENT") == "/USEBIO/EVENT" and in_file("a.xml", "") == "a.xml"


def test_the_import_log_keeps_the_words_to_show_them_in_either_language():
    problem = Problem(
        line_in("tisdag.pbn", 25),
        Text("EW pair %(key)s is not among the participants", {"key": "'9'"}),
    )
    [entry] = loggable([problem])
    assert (entry["where"], entry["what"]) == (
        "tisdag.pbn line 25",
        "EW pair '9' is not among the participants",
    )
    assert logged_problem(entry).translated(swedish) == {
        "where": "tisdag.pbn rad 25",
        "what": "ÖV-paret '9' finns inte bland deltagarna",
    }
    # A log written before it kept the words: English, as stored.
    old = {"where": "x.xml", "what": "EVENT is missing"}
    assert logged_problem(old).translated(swedish) == old


# --- the pages: one broken file of each format -----------------------------------------

USEBIO = """<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2">
<EVENT EVENT_TYPE="MP_PAIRS"><DATE>31/02/2025</DATE></EVENT>
</USEBIO>
"""
PBN = """\
% PBN 2.1
[Event "Tisdagsparen"]
[Date "2025.03.04"]
[Board "1"]
[Dealer "Q"]
"""
CSV = (
    "# event: Onsdagsbridge\n"
    "# date: 2025-03-05\n"
    "# kind: pairs\n"
    "place;players;names\n"
    "1;80001+80002;Anna Ek - Bo Lind\n"
    "2;80003+banan;Cilla Berg - Per Ahl\n"
)


@pytest.fixture
def club():
    return ClubFactory()


def upload(client, club, filename: str, data: str, language: dict) -> str:
    client.force_login(club_admin(club))
    response = client.post(
        "/tournaments/report/",
        {"club": club.pk, "file": SimpleUploadedFile(filename, data.encode())},
        **language,
    )
    assert response.status_code == 200
    return response.content.decode()


def listed(body: str) -> list[tuple[str, str]]:
    """The refusal's table: (where, problem) a row."""
    table = body[body.index('id="report-problems"') :]
    return re.findall(r'<tr><td class="where">([^<]*)</td><td>([^<]*)</td></tr>', table)


@pytest.mark.django_db
def test_a_usebio_refusal_is_swedish_on_a_swedish_page_and_names_its_element(client, club):
    sv = listed(upload(client, club, "tisdag.xml", USEBIO, SV))
    assert sv == [("tisdag.xml /USEBIO/EVENT/DATE", "DATE &#x27;31/02/2025&#x27; är inget datum")]
    en = listed(upload(client, club, "tisdag.xml", USEBIO, EN))
    assert en == [("tisdag.xml /USEBIO/EVENT/DATE", "DATE &#x27;31/02/2025&#x27; is not a date")]


@pytest.mark.django_db
def test_broken_xml_is_located_by_line_and_column_in_swedish(client, club):
    sv = listed(upload(client, club, "tisdag.xml", USEBIO.replace("</EVENT>", ""), SV))
    assert sv == [
        ("tisdag.xml rad 4, kolumn 2", "XML-koden är inte välformad (mismatched tag)"),
    ]


@pytest.mark.django_db
def test_a_pbn_refusal_is_swedish_with_its_file_and_line(client, club):
    sv = listed(upload(client, club, "tisdag.pbn", PBN, SV))
    assert (
        "tisdag.pbn rad 5",
        "ogiltigt värde &#x27;Q&#x27; i Dealer: förväntade N, E, S eller W",
    ) in sv
    en = listed(upload(client, club, "tisdag.pbn", PBN, EN))
    assert ("tisdag.pbn line 5", "bad Dealer &#x27;Q&#x27;: expected N, E, S or W") in en


@pytest.mark.django_db
def test_a_csv_refusal_is_swedish_with_its_file_line_and_column(client, club):
    sv = listed(upload(client, club, "onsdag.csv", CSV, SV))
    assert sv == [
        (
            "onsdag.csv rad 6, players",
            "&#x27;banan&#x27; är varken ett MID (siffror) eller en gästbeteckning som G:Anna",
        )
    ]


@pytest.mark.django_db
def test_the_reports_own_checks_and_warnings_are_swedish(client, club):
    # A ranking list that parses but names a date in the future, then one that is saved
    # with a player the federation does not know.
    future = CSV.replace("2025-03-05", "2999-03-05").replace("80003+banan", "80003+80004")
    assert ("tävling", "datumet 2999-03-05 ligger i framtiden") in listed(
        upload(client, club, "onsdag.csv", future, SV)
    )
    for mid in (80001, 80002, 80003):
        MemberFactory(mid=mid)
    client.force_login(club_admin(club))
    response = client.post(
        "/tournaments/report/",
        {
            "club": club.pk,
            "file": SimpleUploadedFile(
                "onsdag.csv", CSV.replace("80003+banan", "80003+80004").encode()
            ),
        },
        follow=True,
        **SV,
    )
    body = response.content.decode()
    assert "onsdag.csv rad 6: okänt MID 80004 (Per Ahl): registreras som gäst" in body


@pytest.mark.django_db
def test_the_office_reads_an_import_log_in_its_language(admin_client, club):
    with pytest.raises(services.ReportRefused):
        services.import_results(data=CSV.encode(), filename="onsdag.csv", organiser=club)
    log = ImportLog.objects.get()
    url = reverse("admin:tournaments_importlog_change", args=[log.pk])
    sv = admin_client.get(url, **SV).content.decode()
    assert "Ändra importlogg" in sv
    assert "onsdag.csv rad 6, players" in sv and "är varken ett MID" in sv
    en = admin_client.get(url, **EN).content.decode()
    assert "onsdag.csv line 6, players" in en and "is neither a MID" in en


@pytest.mark.django_db
def test_a_refused_manual_pairs_entry_is_swedish_and_names_no_file(client, club):
    mids = [MemberFactory().mid for _ in range(8)]
    client.force_login(club_admin(club))
    response = client.post(
        "/tournaments/manual/pairs/new/",
        {
            "club": club.pk,
            "name": "Måndagsbridge",
            "date": "2999-03-03",
            "boards": "2",
            "pairs": "\n".join(f"{n} {mids[2 * n - 2]} {mids[2 * n - 1]}" for n in range(1, 5)),
            "results": "1 1 2 420\n1 3 4 400\n2 1 4 -100\n2 2 3 50\n",
        },
        **SV,
    )
    body = response.content.decode()
    assert "<li>tävling: datumet 2999-03-03 ligger i framtiden</li>" in body
    assert "manual entry" not in body


# --- how a report came in --------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("source", "sv", "en"),
    [
        ("manual", "(inmatad för hand)", "(entered by hand)"),
        ("demo", "(demodata)", "(demo data)"),
        ("usebio", "(USEBIO)", "(USEBIO)"),
    ],
)
def test_the_tournament_page_says_how_the_report_came_in_in_the_readers_language(
    client, club, source, sv, en
):
    tournament = make_tournament("Måndagsbridge", club=club, source_format=source)
    swedish_page = client.get(tournament.get_absolute_url(), **SV).content.decode()
    english_page = client.get(tournament.get_absolute_url(), **EN).content.decode()
    assert sv in swedish_page and en in english_page
    assert f"({source.upper()})" not in swedish_page or source == "usebio"
