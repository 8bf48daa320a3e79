"""The tournament pages in Chromium, in Swedish and in English.

Like test_portal_pages.py every test runs twice (the ``lang`` fixture). The
strings these pages brought are written below with their Swedish; until the
Swedish catalogue has one, a Swedish page shows the English msgid, and
``say`` expects that instead, so these tests hold before and after the
catalogues are merged (members/tests/test_i18n.py is what demands the merge).
"""

import re
from datetime import date
from pathlib import Path

import pytest
from django.utils import translation
from playwright.sync_api import expect

from config import pipeline
from members.models import Role
from members.tests.factories import ClubFactory, DistrictFactory, give_role, member_with_login
from tournaments import services
from tournaments.models import Entry, ImportLog, Section, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MITCHELL_03 = "compscore3_mp_pairs_mitchell_03.xml"
NOT_SUPPORTED = "compscore3_notsupported.xml"

# msgid -> Swedish, for the strings new with these pages.
NEW = {
    "Club (name or number)": "Klubb (namn eller nummer)",
    "Report results": "Rapportera resultat",
    "Results": "Resultat",
    "Place": "Placering",
    "Board %(number)s": "Bricka %(number)s",
    "Contract": "Kontrakt",
    "Lead": "Utspel",
    "The results were saved.": "Resultaten sparades.",
    "The results were not saved. Mend these problems and send the file again:": (
        "Resultaten sparades inte. Rätta felen och skicka filen igen:"
    ),
    "Where": "Var",
    "Follow the processing": "Följ bearbetningen",
    "Reload the page to see what the steps computed": "Ladda om sidan för att se vad stegen räknade fram",
}
# Already in the catalogues before these pages.
KNOWN = {
    "Tournaments": {"sv": "Tävlingar", "en": "Tournaments"},
    "North-South": {"sv": "Nord-Syd", "en": "North-South"},
    "East-West": {"sv": "Öst-Väst", "en": "East-West"},
    "Problem": {"sv": "Fel", "en": "Problem"},
    "Processing": {"sv": "Bearbetning", "en": "Processing"},
    "queued": {"sv": "i kö", "en": "queued"},
    "processing": {"sv": "bearbetas", "en": "processing"},
    "done": {"sv": "klar", "en": "done"},
    "failed": {"sv": "misslyckades", "en": "failed"},
    "last step done: %(step)s": {
        "sv": "senast avklarade steg: %(step)s",
        "en": "last step done: %(step)s",
    },
    "sanction": {"sv": "sanktion", "en": "sanction"},
}


def say(lang: str, msgid: str, **params) -> str:
    text = msgid
    if msgid in KNOWN:
        text = KNOWN[msgid][lang]
    elif lang == "sv":
        with translation.override("sv"):
            merged = translation.gettext(msgid) != msgid
        text = NEW[msgid] if merged else msgid
    return text % params if params else text


def expect_site_layout(page):
    expect(page.locator("header.topbar")).to_be_visible()
    topbar_colour = page.locator("header.topbar").evaluate(
        "e => getComputedStyle(e).backgroundColor"
    )
    assert topbar_colour == "rgb(27, 94, 32)", "klover.css was not applied"


def submit(page, form="main form"):
    with page.expect_navigation():
        page.locator(f"{form} button[type=submit]").click()


def column(page, table: str, index: int) -> list[str]:
    return page.locator(f"{table} tbody tr td:nth-child({index})").all_inner_texts()


def make_tournament(name, club, start, **fields) -> Tournament:
    tournament = Tournament.objects.create(
        organiser_club=club,
        event_id=name,
        name=name,
        start_date=start,
        end_date=start,
        kind=fields.pop("kind", Tournament.Kind.PAIRS),
        scoring=Tournament.Scoring.MATCHPOINTS,
        **fields,
    )
    section = Section.objects.create(tournament=tournament, name="")
    Entry.objects.bulk_create(Entry(section=section, number=n) for n in range(1, 9))
    Tournament.count_entries([tournament.pk])  # as every writer of entries does
    return tournament


def report(shared_fixtures: Path, name: str, club) -> Tournament:
    return services.import_results(
        data=(shared_fixtures / "usebio" / name).read_bytes(),
        filename=name,
        organiser=club,
        run_pipeline=False,
    ).tournament


def test_tournament_list_filtered_by_club_and_level(page, show, shoot, lang, live_server):
    district = DistrictFactory(name="Skåne")
    lund = ClubFactory(name="BK Lund", number=2001, district=district)
    malmo = ClubFactory(name="BS Malmö", number=2002, district=district)
    make_tournament("Lunds vårsilver", lund, date(2024, 4, 6), level=Tournament.Level.SILVER)
    make_tournament("Lunds måndagsbrons", lund, date(2024, 4, 8))
    make_tournament("Malmö lagserie", malmo, date(2024, 5, 4), kind=Tournament.Kind.TEAMS)

    show("/")
    expect_site_layout(page)
    with page.expect_navigation():
        page.get_by_role("link", name=say(lang, "Tournaments"), exact=True).click()
    expect(page).to_have_url(f"{live_server.url}/tournaments/")
    expect(page.locator("h1")).to_have_text(say(lang, "Tournaments"))
    expect(page.locator("nav.search-nav a.active")).to_have_text(say(lang, "Tournaments"))
    assert column(page, "#tournaments", 2) == [
        "Malmö lagserie",
        "Lunds måndagsbrons",
        "Lunds vårsilver",
    ]
    assert column(page, "#tournaments", 6) == ["8", "8", "8"]
    shoot("all")

    page.get_by_label(say(lang, "Club (name or number)")).fill("lund")
    submit(page, "#tournament-filter")
    assert column(page, "#tournaments", 2) == ["Lunds måndagsbrons", "Lunds vårsilver"]
    page.locator("#id_level").select_option("silver")
    submit(page, "#tournament-filter")
    assert column(page, "#tournaments", 2) == ["Lunds vårsilver"]
    assert column(page, "#tournaments", 4) == ["silver"]
    assert page.locator("html").get_attribute("lang") == lang  # filtering kept the language
    expect(page.locator("#id_club")).to_have_value("lund")
    shoot("filtered")

    with page.expect_navigation():
        page.get_by_role("link", name="Lunds vårsilver").click()
    expect(page.locator("h1")).to_have_text("Lunds vårsilver")


def test_tournament_page_shows_standings_and_a_traveller(page, show, shoot, lang, shared_fixtures):
    tournament = report(shared_fixtures, MITCHELL_03, ClubFactory(name="BK Lund"))
    section = tournament.sections.get()

    show(tournament.get_absolute_url())
    expect_site_layout(page)
    expect(page.locator("h1")).to_have_text("Thursday")
    expect(page.locator("#tournament-facts")).to_contain_text("BK Lund")
    expect(page.locator("#standings h2")).to_have_text(say(lang, "Results"))
    expect(page.locator("#standings-1 caption")).to_have_text(say(lang, "North-South"))
    expect(page.locator("#standings-2 caption")).to_have_text(say(lang, "East-West"))
    expect(page.locator("#standings-1 thead th").first).to_have_text(say(lang, "Place"))
    assert column(page, "#standings-1", 1) == ["1", "2", "3=", "3=", "5", "6", "7"]
    decimal = "," if lang == "sv" else "."
    winner = page.locator("#standings-2 tbody tr").first.locator("td").all_inner_texts()
    assert winner == ["1", "6", "Player 21 – Player 22", f"117{decimal}00", f"55{decimal}71"]
    expect(page.locator("#awards")).to_be_visible()
    shoot("standings")

    board = page.locator(f"#board-{section.pk}-1")
    traveller = board.locator("table")
    expect(traveller).to_be_hidden()
    board.locator("summary").click()
    expect(board.locator("summary")).to_have_text(say(lang, "Board %(number)s", number=1))
    expect(traveller).to_be_visible()
    expect(traveller.locator("thead")).to_contain_text(say(lang, "Contract"))
    expect(traveller.locator("thead")).to_contain_text(say(lang, "Lead"))
    line = traveller.locator("tbody tr", has_text="-300").locator("td").all_inner_texts()
    assert line == ["4", "7", "5♦X", "N", "♥A", "9", "-300", "0", "10"]
    heart = traveller.locator("tbody tr", has_text="-300").locator(".suit.hearts")
    assert heart.evaluate("e => getComputedStyle(e).color") == "rgb(198, 40, 40)"
    board.scroll_into_view_if_needed()
    shoot("traveller")


def test_club_admin_reports_a_bad_then_a_good_file(
    page, log_in, show, shoot, lang, shared_fixtures, live_server
):
    club = ClubFactory(name="BK Lund", number=2001)
    ClubFactory(name="BK Annan")
    admin = member_with_login()
    give_role(admin, Role.Kind.CLUB_ADMIN, club=club)

    log_in(admin)
    show("/tournaments/")
    with page.expect_navigation():
        page.get_by_role("link", name=say(lang, "Report results")).click()
    expect_site_layout(page)
    expect(page.locator("h1")).to_have_text(say(lang, "Report results"))
    options = page.locator("#id_club option").all_inner_texts()
    assert options == ["BK Lund"]  # only the clubs this member administers

    bad = (shared_fixtures / "usebio" / NOT_SUPPORTED).read_bytes()
    page.set_input_files(
        "#id_file", files=[{"name": NOT_SUPPORTED, "mimeType": "text/xml", "buffer": bad}]
    )
    submit(page, "#report-form")
    problems = page.locator("#report-problems")
    expect(problems).to_be_visible()
    expect(problems.locator("p")).to_have_text(
        say(lang, "The results were not saved. Mend these problems and send the file again:")
    )
    expect(problems.locator("thead th")).to_have_text([say(lang, "Where"), say(lang, "Problem")])
    expect(problems.locator("tbody tr")).to_have_count(1)
    expect(problems.locator("tbody td.where")).to_have_text(
        f"{NOT_SUPPORTED} /USEBIO/EVENT/@EVENT_TYPE"
    )
    # The importer's words in the reader's language, the file's own words as they are.
    refused = {
        "sv": "EVENT_TYPE 'NOTSUP' tas inte emot",
        "en": "EVENT_TYPE 'NOTSUP' is not supported",
    }
    expect(problems.locator("tbody")).to_contain_text(refused[lang])
    shoot("refused")
    assert not Tournament.objects.exists()
    assert ImportLog.objects.get().outcome == ImportLog.Outcome.REFUSED

    good = (shared_fixtures / "usebio" / MITCHELL_03).read_bytes()
    page.set_input_files(
        "#id_file", files=[{"name": MITCHELL_03, "mimeType": "text/xml", "buffer": good}]
    )
    submit(page, "#report-form")
    tournament = Tournament.objects.get()
    expect(page).to_have_url(f"{live_server.url}{tournament.get_absolute_url()}")
    messages = page.locator("ul.messages li")
    expect(messages.first).to_have_text(
        f"{say(lang, 'The results were saved.')} {say(lang, 'Follow the processing')}"
    )
    expect(messages.first.locator("a.status-link")).to_have_attribute(
        "href", f"{tournament.get_absolute_url()}#pipeline"
    )
    guest = {
        "sv": "okänt MID 9000001 (Player 1): registreras som gäst",
        "en": "unknown MID 9000001 (Player 1): recorded as a guest",
    }
    expect(page.locator("ul.messages")).to_contain_text(guest[lang])
    expect(page.locator("h1")).to_have_text("Thursday")
    assert tournament.organiser_club == club
    shoot("saved")
    # The pipeline ran after the report was committed (in-process here).
    page.reload()
    expect(page.locator("#pipeline")).to_have_class(re.compile(r"\bpipeline-done\b"))


def test_the_processing_line_follows_the_steps_by_itself(page, show, shoot, lang, shared_fixtures):
    """The report is saved and its steps not run yet: the line says so, then changes
    without a reload as the steps are done, and stops asking once they are."""
    tournament = report(shared_fixtures, MITCHELL_03, ClubFactory(name="BK Lund"))
    asked = []
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/status/") else None)
    show(tournament.get_absolute_url())
    line = page.locator("#pipeline")
    expect(line).to_have_class(re.compile(r"\bpipeline-queued\b"))
    expect(line).to_contain_text(f"{say(lang, 'Processing')}: {say(lang, 'queued')}")
    expect(line.locator(".detail")).to_have_text("")
    expect(line.locator(".reload")).to_be_hidden()
    shoot("queued")

    steps = pipeline.step_names()
    pipeline.run_step(tournament_id=tournament.pk, version=1, step=steps[0])
    expect(line).to_have_class(re.compile(r"\bpipeline-processing\b"), timeout=20_000)
    detail = say(lang, "last step done: %(step)s", step=say(lang, steps[0]))
    expect(line.locator(".label")).to_have_text(say(lang, "processing"))
    expect(line.locator(".detail")).to_have_text(f"({detail})")
    shoot("processing")

    for step in steps[1:]:
        pipeline.run_step(tournament_id=tournament.pk, version=1, step=step)
    expect(line).to_have_class(re.compile(r"\bpipeline-done\b"), timeout=20_000)
    expect(line.locator(".label")).to_have_text(say(lang, "done"))
    reload = line.locator(".reload")
    expect(reload).to_be_visible()
    expect(reload).to_have_text(say(lang, "Reload the page to see what the steps computed"))
    shoot("done")
    seen = len(asked)
    page.wait_for_timeout(2500)
    assert len(asked) == seen  # done: it asks no more
    with page.expect_navigation():
        reload.click()
    expect(page.locator("#pipeline .label")).to_have_text(say(lang, "done"))
    expect(page.locator("#awards")).to_be_visible()


def test_the_processing_line_says_why_a_step_failed(page, show, shoot, lang, shared_fixtures):
    from awards.domain.core import UnknownScale

    tournament = report(shared_fixtures, MITCHELL_03, ClubFactory(name="BK Lund"))
    show(tournament.get_absolute_url())
    line = page.locator("#pipeline")
    expect(line).to_have_class(re.compile(r"\bpipeline-queued\b"))
    pipeline.record_failure(
        tournament_id=tournament.pk, version=1, step="awards", exc=UnknownScale("no table 'B9'")
    )
    expect(line).to_have_class(re.compile(r"\bpipeline-failed\b"), timeout=20_000)
    reason = line.locator(".reason")
    if lang == "sv":
        expect(reason).to_contain_text("Mästarpoängen kunde inte beräknas")
    else:
        expect(reason).to_contain_text("The master points could not be computed")
    expect(line).not_to_contain_text("UnknownScale")
    expect(line).not_to_contain_text("B9")
    expect(line.locator(".reload")).to_be_hidden()
    shoot("failed")
