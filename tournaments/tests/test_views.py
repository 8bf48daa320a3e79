"""The tournament pages through Django's test client: list, results page, reporting.

The results page is checked against real scoring programs' files
(../shared/fixtures/usebio); compscore3_mp_pairs_mitchell_03.xml is the one
whose printed standings Klöver reproduces to the hundredth, so the page can be
held to what the file printed. Strings that are new on these pages are checked
in English: the Swedish catalogue is merged separately (members/tests/test_i18n.py).
"""

import re
from datetime import date, timedelta
from decimal import Decimal
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext

from awards.models import MasterPointAward, TournamentAwards
from members.models import Role
from members.tests.factories import (
    ClubFactory,
    DistrictFactory,
    MemberFactory,
    give_role,
    member_with_login,
)
from tournaments import services
from tournaments.models import Entry, EntryPlayer, ImportLog, Section, Standing, Tournament
from tournaments.sanctions.level import apply_sanction
from tournaments.sanctions.models import Sanction
from tournaments.sanctions.tests.factories import SanctionFactory
from tournaments.sanctions.tests.factories import club_admin as sanction_club_admin
from tournaments.sanctions.tests.factories import district_official as sanction_district_official
from tournaments.sanctions.tests.factories import office_staff as sanction_office_staff

pytestmark = pytest.mark.django_db

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
MITCHELL_03 = "compscore3_mp_pairs_mitchell_03.xml"  # 13 pairs, 21 boards, 124 lines
MITCHELL = "compscore3_mp_pairs_mitchell.xml"  # 38 pairs, 27 boards, 512 lines
HOWELL = "compscore3_mp_pairs_howell.xml"
NOT_SUPPORTED = "compscore3_notsupported.xml"
MULTI_SECTION = "nzscorer_multi-section-multi-movement-pairs.xml"  # one winner, 3 sections


# --- helpers ---


class _Tables(HTMLParser):
    """Every <table> of a page: its id, caption and the text of each body row's cells."""

    def __init__(self):
        super().__init__()
        self.tables: list[dict] = []
        self._stack: list[dict] = []
        self._cell: list[str] | None = None
        self._caption: list[str] | None = None
        self._in_body = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table":
            self._stack.append({"id": attrs.get("id"), "caption": "", "rows": []})
        elif not self._stack:
            return
        elif tag == "caption":
            self._caption = []
        elif tag == "tbody":
            self._in_body = True
        elif tag == "tr" and self._in_body:
            self._stack[-1]["rows"].append([])
        elif tag == "td" and self._in_body:
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "table" and self._stack:
            self.tables.append(self._stack.pop())
        elif tag == "caption" and self._caption is not None:
            self._stack[-1]["caption"] = " ".join("".join(self._caption).split())
            self._caption = None
        elif tag == "tbody":
            self._in_body = False
        elif tag == "td" and self._cell is not None:
            self._stack[-1]["rows"][-1].append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)
        if self._caption is not None:
            self._caption.append(data)


def tables_of(response) -> list[dict]:
    parser = _Tables()
    parser.feed(response.content.decode())
    return parser.tables


def table(response, *, id=None, caption=None) -> list[list[str]]:
    for found in tables_of(response):
        if (id is None or found["id"] == id) and (caption is None or found["caption"] == caption):
            return found["rows"]
    raise AssertionError(f"no table id={id!r} caption={caption!r} on the page")


def report(shared_fixtures: Path, name: str, club, **kwargs) -> Tournament:
    return services.import_results(
        data=(shared_fixtures / "usebio" / name).read_bytes(),
        filename=name,
        organiser=club,
        run_pipeline=False,
        **kwargs,
    ).tournament


TOURNAMENT_ORDER = {
    "-date": ("-start_date", "name", "-pk"),
    "date": ("start_date", "-name", "pk"),
    "name": ("name", "start_date", "pk"),
    "-name": ("-name", "-start_date", "-pk"),
}


def make_tournament(name, *, club=None, district=None, entries=2, **fields) -> Tournament:
    start = fields.pop("start_date", date(2024, 5, 1))
    tournament = Tournament.objects.create(
        organiser_club=club,
        organiser_district=district,
        event_id=fields.pop("event_id", name),
        name=name,
        start_date=start,
        end_date=fields.pop("end_date", start),
        kind=fields.pop("kind", Tournament.Kind.PAIRS),
        scoring=fields.pop("scoring", Tournament.Scoring.MATCHPOINTS),
        **fields,
    )
    section = Section.objects.create(tournament=tournament, name="A")
    Entry.objects.bulk_create(
        Entry(section=section, number=n, direction="") for n in range(1, entries + 1)
    )
    Tournament.count_entries([tournament.pk])  # as every writer of entries does
    return tournament


def listed(response) -> list[str]:
    return [row[1] for row in table(response, id="tournaments") if len(row) > 1]


def upload(client, shared_fixtures, name, club_value, **extra):
    data = (shared_fixtures / "usebio" / name).read_bytes()
    return client.post(
        "/tournaments/report/",
        {"club": club_value, "file": SimpleUploadedFile(name, data), **extra},
        **EN,
    )


# --- the list ---


def test_list_shows_date_organiser_level_kind_entries_and_processing(client):
    club = ClubFactory(name="BK Lund", number=2001)
    tournament = make_tournament(
        "Vårsilver",
        club=club,
        entries=7,
        level=Tournament.Level.SILVER,
        start_date=date(2024, 4, 6),
        pipeline_status=Tournament.Pipeline.DONE,
    )
    # A phantom pair only fills the movement; it is not an entry anyone played in.
    Entry.objects.create(section=tournament.sections.get(), number=99, phantom=True)
    Tournament.count_entries([tournament.pk])

    response = client.get("/tournaments/")
    assert response.status_code == 200
    [row] = table(response, id="tournaments")
    assert row == ["2024-04-06", "Vårsilver", "BK Lund", "silver", "par", "7", "klar"]
    body = response.content.decode()
    assert f'href="{tournament.get_absolute_url()}"' in body
    assert f'href="{club.get_absolute_url()}"' in body

    english = table(client.get("/tournaments/", **EN), id="tournaments")
    assert english == [["2024-04-06", "Vårsilver", "BK Lund", "silver", "pairs", "7", "done"]]


def test_list_filters_by_club_district_dates_level_and_kind(client):
    skane = DistrictFactory(name="Skåne")
    lund = ClubFactory(name="BK Lund", number=2001, district=skane)
    malmo = ClubFactory(name="BS Malmö", number=2002, district=skane)
    umea = ClubFactory(name="BK Umeå", number=9001)
    make_tournament("Lund april", club=lund, start_date=date(2024, 4, 6))
    make_tournament(
        "Malmö lag", club=malmo, start_date=date(2024, 5, 4), kind=Tournament.Kind.TEAMS
    )
    make_tournament(
        "Umeå guld", club=umea, start_date=date(2024, 6, 1), level=Tournament.Level.GOLD
    )
    make_tournament(
        "Skånes DM",
        district=skane,
        start_date=date(2024, 3, 30),
        end_date=date(2024, 4, 7),
        level=Tournament.Level.SILVER,
    )

    def names(**query):
        return sorted(listed(client.get("/tournaments/", query)))

    assert names() == ["Lund april", "Malmö lag", "Skånes DM", "Umeå guld"]
    assert names(club="2001") == ["Lund april"]
    assert names(club="malmö") == ["Malmö lag"]
    assert names(club="BK") == ["Lund april", "Umeå guld"]
    # The district's own events and its clubs' events.
    assert names(district=skane.pk) == ["Lund april", "Malmö lag", "Skånes DM"]
    # From: still running on that day counts (the DM ends on 7 April).
    assert names(date_from="2024-04-07") == ["Malmö lag", "Skånes DM", "Umeå guld"]
    assert names(date_from="2024-04-08") == ["Malmö lag", "Umeå guld"]
    assert names(date_to="2024-04-06") == ["Lund april", "Skånes DM"]
    assert names(date_from="2024-04-01", date_to="2024-05-31") == [
        "Lund april",
        "Malmö lag",
        "Skånes DM",
    ]
    assert names(level="gold") == ["Umeå guld"]
    assert names(level="silver", district=skane.pk) == ["Skånes DM"]
    assert names(kind="teams") == ["Malmö lag"]
    assert names(club="nowhere") == []
    empty = client.get("/tournaments/", {"club": "nowhere"}, **EN).content.decode()
    assert "No tournament matches." in empty


def test_list_is_newest_first_sortable_and_paginated(client):
    club = ClubFactory()
    for day in range(1, 56):
        make_tournament(f"T{day:02}", club=club, start_date=date(2024, 1, 1) + timedelta(days=day))
    first = client.get("/tournaments/")
    assert len(listed(first)) == 50
    dates = [row[0] for row in table(first, id="tournaments")]
    assert dates == sorted(dates, reverse=True)
    assert listed(client.get(_next_page(first))) == ["T05", "T04", "T03", "T02", "T01"]
    by_name = client.get("/tournaments/", {"sort": "name"})
    assert listed(by_name)[:3] == ["T01", "T02", "T03"]
    by_name_down = client.get("/tournaments/", {"sort": "-name"})
    assert listed(client.get(_next_page(by_name_down))) == ["T05", "T04", "T03", "T02", "T01"]


def _next_page(response) -> str:
    body = response.content.decode()
    link = body[: body.index('rel="next"')].rsplit('href="', 1)[1].split('"')[0]
    return "/tournaments/" + link.replace("&amp;", "&")


@pytest.mark.parametrize("sort", ["-date", "date", "name", "-name"])
def test_every_tournament_is_on_one_page_following_on(client, sort):
    """Pages follow on from the last row of the one before: ties of date and name
    split between pages lose and repeat nobody."""
    club = ClubFactory()
    days = [date(2024, 3, 1), date(2024, 3, 2)]
    made = [
        make_tournament(f"Kväll {n % 7}", club=club, start_date=days[n % 2], event_id=n).pk
        for n in range(130)
    ]
    seen, pages, response = [], 1, client.get("/tournaments/", {"sort": sort})
    while True:
        body = response.content.decode()
        seen += [int(pk) for pk in re.findall(r'<td><a href="/tournaments/(\d+)/">', body)]
        if 'rel="next"' not in body:
            break
        response = client.get(_next_page(response))
        pages += 1
    assert (len(seen), pages) == (130, 3)
    order = list(
        Tournament.objects.filter(pk__in=made)
        .order_by(*TOURNAMENT_ORDER[sort])
        .values_list("pk", flat=True)
    )
    assert seen == order


def test_a_bad_cursor_gives_the_first_page(client):
    make_tournament("Ensam", club=ClubFactory())
    assert listed(client.get("/tournaments/", {"after": "not-a-cursor"})) == ["Ensam"]
    assert listed(client.get("/tournaments/", {"after": "WzFd"})) == ["Ensam"]  # [1]


def test_list_query_count_does_not_grow_with_the_tournaments(client):
    district = DistrictFactory()
    few = [make_tournament(f"Few {n}", club=ClubFactory(district=district)) for n in range(2)]
    cache.clear()  # the filter's fields are cached: count their query each time
    with CaptureQueriesContext(connection) as small:
        response = client.get("/tournaments/")
    assert len(listed(response)) == len(few)
    for n in range(30):
        make_tournament(
            f"Many {n}",
            club=ClubFactory() if n % 2 else None,
            district=None if n % 2 else DistrictFactory(),
            entries=n,
        )
    cache.clear()
    with CaptureQueriesContext(connection) as big:
        response = client.get("/tournaments/", {"sort": "organiser", "page": 1})
    assert len(listed(response)) == 32
    # The page's tournaments from the list's index with their rows (organisers
    # joined, entries stored), and the district choices of the filter; sorted by
    # organiser (numbered pages), the page's ids and their rows apart.
    assert (len(small), len(big)) == (2, 3)
    cache.clear()
    with CaptureQueriesContext(connection) as newest:
        response = client.get("/tournaments/", {"page": 1})
    assert len(listed(response)) == 32 and len(newest) == 2


def test_navigation_bar_links_to_the_tournaments(client):
    body = client.get("/").content.decode()
    assert 'href="/tournaments/"' in body and "Tävlingar" in body


# --- the tournament page ---


def test_tournament_page_shows_the_standings_the_file_printed(client, shared_fixtures):
    club = ClubFactory(name="BK Lund")
    # The NS winners' MIDs are members; everyone else in the file is a guest.
    MemberFactory(mid=9000007, first_name="Anna", last_name="Ek")
    MemberFactory(mid=9000008, first_name="Bo", last_name="Al")
    tournament = report(shared_fixtures, MITCHELL_03, club)

    response = client.get(tournament.get_absolute_url(), **EN)
    assert response.status_code == 200
    body = response.content.decode()
    assert "<h1>Thursday</h1>" in body

    ns = table(response, caption="North-South")
    ew = table(response, caption="East-West")
    assert body.index("North-South") < body.index("East-West")
    # Place, pair, players, score, percentage as Compscore3 printed them.
    assert ns[0] == ["1", "3", "Anna Ek – Bo Al", "113.00", "62.78"]
    assert 'href="/members/9000007/">Anna Ek</a>' in body
    assert ns[2:4] == [
        ["3=", "1", "Player 1 – Player 2", "97.00", "53.89"],
        ["3=", "7", "Player 23 – Player 24", "97.00", "53.89"],
    ]
    assert [row[0] for row in ns] == ["1", "2", "3=", "3=", "5", "6", "7"]
    assert ew[0] == ["1", "6", "Player 21 – Player 22", "117.00", "55.71"]
    assert len(ew) == 6

    # Swedish: the same numbers with a decimal comma, under the federation's words.
    swedish = client.get(tournament.get_absolute_url())
    assert table(swedish, caption="Nord-Syd")[0][3:] == ["113,00", "62,78"]
    assert table(swedish, caption="Öst-Väst")[0][3:] == ["117,00", "55,71"]


def test_tournament_page_header_and_processing_status(client, shared_fixtures):
    club = ClubFactory(name="BK Lund")
    tournament = report(shared_fixtures, MITCHELL_03, club)
    Tournament.objects.filter(pk=tournament.pk).update(
        level=Tournament.Level.SILVER,
        level_reason="open to all, 13 pairs",
        pipeline_status=Tournament.Pipeline.FAILED,
        pipeline_step="awards",
        pipeline_error="ValueError: no award scale for silver",
        pipeline_reason_en="No master points: silver needs 16 pairs.",
        pipeline_reason_sv="Inga mästarpoäng: silver kräver 16 par.",
    )
    body = client.get(tournament.get_absolute_url(), **EN).content.decode()
    assert f'<a href="{club.get_absolute_url()}">BK Lund</a>' in body
    assert "July 21, 2022" in body
    assert "Matchpoints (topscore)" in body
    assert "Silver (open to all, 13 pairs)" in body
    assert "<dt>Boards</dt><dd>21</dd>" in body
    assert "Mitchell" in body
    pipeline = body[body.index('id="pipeline"') : body.index("</p>", body.index('id="pipeline"'))]
    assert 'Processing: <strong class="label">failed</strong>' in pipeline
    assert "master points" in pipeline  # the step, in words
    assert "No master points: silver needs 16 pairs." in pipeline
    assert "ValueError" not in body  # the exception is the office's, never the page's
    body = client.get(tournament.get_absolute_url()).content.decode()
    assert "Inga mästarpoäng: silver kräver 16 par." in body

    Tournament.objects.filter(pk=tournament.pk).update(
        pipeline_status=Tournament.Pipeline.DONE, pipeline_step="rankings", pipeline_error=""
    )
    body = client.get(tournament.get_absolute_url(), **EN).content.decode()
    assert 'Processing: <strong class="label">done</strong><span class="detail"></span>' in body
    assert "pipeline_status.js" not in body  # nothing more to follow


def test_printed_standings_show_kloevers_recomputation_beside_them(client, shared_fixtures):
    # NZ Bridge Scorer's one-winner standings stand as printed; where Klöver's
    # own scoring differs, the page says so and shows both.
    tournament = report(shared_fixtures, MULTI_SECTION, ClubFactory())
    response = client.get(tournament.get_absolute_url(), **EN)
    body = response.content.decode()
    assert (
        "Standings as printed by the scoring program; Klöver&#x27;s recomputation differs "
        "for 62 entries (shown beside each line)."
    ) in body
    assert "Klöver's recomputation</th>" in body
    [standings] = [found for found in tables_of(response) if found["id"] == "standings-1"]
    # One field over all three sections: no field's title, only the screen readers' caption.
    assert standings["caption"] == "Standings"
    assert len(standings["rows"]) == 66
    # The file's score is its percentage: the points column, which would only repeat
    # it, is left out (tournaments.tables.result_columns).
    assert ["10", "A 2 EW", "p13_1 – p13_2", "57.39", "10 · 955.71 · 57.43 %"] in (
        standings["rows"]
    )
    # No recomputation column where Klöver agrees with the printed standings.
    agreed = report(shared_fixtures, MITCHELL_03, ClubFactory())
    assert (
        "Klöver's recomputation" not in client.get(agreed.get_absolute_url(), **EN).content.decode()
    )


def test_tournament_page_has_the_travellers_of_every_board(client, shared_fixtures):
    tournament = report(shared_fixtures, MITCHELL_03, ClubFactory())
    section = tournament.sections.get()
    response = client.get(tournament.get_absolute_url(), **EN)
    body = response.content.decode()
    assert body.count('<details class="board"') == 21
    assert f'href="#board-{section.pk}-21"' in body
    # Board 1: NS 4 against EW 7, five diamonds doubled by North, heart ace led,
    # nine tricks: 300 to EW, a top for EW on a top of 10.
    rows = table(response, id=f"traveller-{section.pk}-1")
    assert ["4", "7", "5♦X", "N", "♥A", "9", "-300", "0", "10"] in rows
    assert 'class="suit diamonds">♦</span>X' in body
    assert len(rows) == 6

    swedish = client.get(tournament.get_absolute_url()).content.decode()
    assert "<td>Ö</td>" in swedish or "<td>E</td>" in swedish  # declarer East, per catalogue


def test_tournament_page_shows_an_adjusted_score_by_its_label(client, shared_fixtures):
    tournament = report(shared_fixtures, HOWELL, ClubFactory())
    section = tournament.sections.get()
    body = client.get(tournament.get_absolute_url(), **EN).content.decode()
    board_26 = body[body.index(f'id="board-{section.pk}-26"') :]
    board_26 = board_26[: board_26.index("</details>")]
    assert '<td class="num adjusted">A5050</td>' in board_26


def test_tournament_page_leaves_a_place_for_awards_and_handicaps(client, shared_fixtures):
    tournament = report(shared_fixtures, MITCHELL_03, ClubFactory())
    body = client.get(tournament.get_absolute_url(), **EN).content.decode()
    assert 'id="awards"' in body
    assert "No master points have been awarded for this tournament yet." in body
    assert "Handicap changes have not been computed for this tournament yet." in body


def test_tournament_page_query_count_does_not_grow_with_the_event(client, shared_fixtures):
    club = ClubFactory()
    counts = []
    # 13 pairs and 124 lines; 38 pairs and 512; three sections, 66 pairs and 858.
    for name in (MITCHELL_03, MITCHELL, MULTI_SECTION):
        tournament = report(shared_fixtures, name, club)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(tournament.get_absolute_url()).status_code == 200
        counts.append(len(queries))
    # First view: the tournament's key fields, then all of it; sections, standings,
    # their players, the traveller lines; the sanction part's sanction; the award
    # step's outcome and the ledger rows.
    assert counts == [9, 9, 9]


def test_unknown_tournament_is_the_sites_404(client):
    response = client.get("/tournaments/999999/")
    assert response.status_code == 404
    assert "Sidan finns inte" in response.content.decode()


# --- the sanction of a tournament (issue #7) ---


def sanctioned(*, entries, boards=42, level=Sanction.Level.SILVER, club=None):
    """A reported pairs event of ``entries`` pairs and its approved sanction, through
    the pipeline's sanction step (the field checks of 000 chapter 5 run again)."""
    club = club or ClubFactory(name="BK Lund", members_count=150)
    tournament = make_tournament("Lundasilvret", club=club, entries=entries, boards=boards)
    sanction = SanctionFactory(
        club=club,
        level=level,
        name="Lundasilvret",
        state=Sanction.State.APPROVED,
        start_date=tournament.start_date,
        end_date=tournament.start_date,
    )
    apply_sanction(tournament)
    sanction.refresh_from_db()
    return tournament, sanction


def sanction_section(body: str) -> str:
    start = body.index('<section class="card" id="sanction">')
    return body[start : body.index("</section>", start)]


def test_tournament_page_says_why_a_sanctioned_event_fell_in_english(client):
    """12 pairs against the silver table's 16 (000 chapter 5, lines 336-352)."""
    tournament, sanction = sanctioned(entries=12)
    body = client.get(tournament.get_absolute_url(), **EN).content.decode()
    assert (
        f'<dd id="level">Bronze (<a href="#sanction">sanction {sanction.reference}</a>)</dd>'
        in body
    )
    part = sanction_section(body)
    assert f"{sanction.reference} Lundasilvret" in part
    assert '<dd id="sanctioned-level">Silver</dd>' in part
    assert '<dd id="level-reached">Bronze</dd>' in part
    assert (
        "The field as played did not meet the requirements for silver, "
        "so the event is scored as bronze:"
    ) in part
    assert (
        '<li class="refusal">Silver pairs need at least 16 pairs; 12 played '
        '<cite class="seed-ref">(SBF Mästarpoäng 2014-2015, chapter 5)</cite></li>'
    ) in part
    # An anonymous reader sees the reference, not a link to the application.
    assert sanction.get_absolute_url() not in body


def test_tournament_page_says_why_a_sanctioned_event_fell_in_swedish(client):
    """The same check in Swedish: "Silver, partävling, kräver minst 16 par" (000 kap. 5)."""
    tournament, sanction = sanctioned(entries=12)
    part = sanction_section(client.get(tournament.get_absolute_url()).content.decode())
    assert sanction.reference in part
    assert (
        "Silver, partävling, kräver minst 16 par; 12 spelade "
        '<cite class="seed-ref">(SBF Mästarpoäng 2014-2015, kap. 5)</cite>'
    ) in part
    assert "Silver pairs need" not in part


def test_a_gold_event_that_fell_to_silver_lists_the_gold_check(client):
    """Gold pairs need 24 pairs (000 chapter 5, lines 359-365); silver holds with 20."""
    tournament, sanction = sanctioned(entries=20, boards=54, level=Sanction.Level.GOLD)
    assert tournament.sanction == sanction
    part = sanction_section(client.get(tournament.get_absolute_url(), **EN).content.decode())
    assert '<dd id="sanctioned-level">Gold</dd>' in part
    assert '<dd id="level-reached">Silver</dd>' in part
    assert "Gold pairs need at least 24 pairs; 20 played" in part
    assert "(SBF Mästarpoäng 2014-2015, chapter 5)" in part


def test_a_half_scale_silver_event_shows_its_remark(client):
    """ "Par 16 36-41*": silver at half scale (000 chapter 5, lines 341, 352)."""
    tournament, _sanction = sanctioned(entries=16, boards=38)
    part = sanction_section(client.get(tournament.get_absolute_url(), **EN).content.decode())
    assert '<dd id="level-reached">Silver</dd>' in part
    assert "met the requirements of the sanction, with this remark:" in part
    assert (
        '<li class="warning">38 boards: silver pairs on 36-41 boards are played at half '
        'the silver scale <cite class="seed-ref">(SBF Mästarpoäng 2014-2015, chapter 5)</cite></li>'
    ) in part


def test_a_sanctioned_event_that_held_says_so(client):
    tournament, _sanction = sanctioned(entries=16)
    body = client.get(tournament.get_absolute_url(), **EN).content.decode()
    part = sanction_section(body)
    assert '<dd id="level-reached">Silver</dd>' in part
    assert "The field as played met the requirements of the sanction.</p>" in part
    assert "level-checks" not in part


def test_a_tournament_without_a_sanction_has_no_sanction_section(client):
    tournament = make_tournament("Tisdagsparen", club=ClubFactory(), level="silver")
    Tournament.objects.filter(pk=tournament.pk).update(level_reason="office decision")
    body = client.get(tournament.get_absolute_url(), **EN).content.decode()
    assert 'id="sanction"' not in body
    assert '<dd id="level">Silver (office decision)</dd>' in body


def test_the_sanction_is_a_link_for_those_who_may_see_the_application(client):
    club = ClubFactory(name="BK Lund", members_count=150)
    tournament, sanction = sanctioned(entries=12, club=club)
    link = f'<a href="{sanction.get_absolute_url()}">{sanction.reference}</a>'
    for user, sees in (
        (sanction_club_admin(club), True),
        (sanction_office_staff(), True),
        (sanction_district_official(club.district), True),
        (sanction_club_admin(ClubFactory()), False),
        (member_with_login().user, False),
    ):
        client.force_login(user)
        part = sanction_section(client.get(tournament.get_absolute_url(), **EN).content.decode())
        assert (link in part) is sees, user
        assert sanction.reference in part


def test_tournament_page_query_count_is_the_same_with_a_sanction(client):
    plain = make_tournament("Tisdagsparen", club=ClubFactory(), entries=12)
    tournament, _sanction = sanctioned(entries=12)
    counts = []
    for t in (plain, tournament):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(t.get_absolute_url()).status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]
    # Logged in, deciding on the link costs a few queries, not one per check.
    client.force_login(sanction_club_admin(tournament.organiser_club))
    few, _sanction = sanctioned(entries=12, club=ClubFactory(members_count=150))
    many, _sanction = sanctioned(entries=20, boards=30, level=Sanction.Level.GOLD)
    logged_in = []
    for t in (few, many):
        assert len(t.level_checks) in (1, 3)
        with CaptureQueriesContext(connection) as queries:
            assert client.get(t.get_absolute_url()).status_code == 200
        logged_in.append(len(queries))
    assert logged_in[0] == logged_in[1]


def awarded(tournament) -> None:
    """A member, a standing and a bronze award for every entry of ``tournament``, and
    the award step's outcome."""
    entries = list(Entry.objects.filter(section__tournament=tournament).order_by("number"))
    TournamentAwards.objects.create(
        tournament=tournament, rule_version="SBF 2014", awards=len(entries)
    )
    for place, entry in enumerate(entries, start=1):
        member = MemberFactory()
        EntryPlayer.objects.create(entry=entry, member=member)
        Standing.objects.create(entry=entry, place=place, place_to=place, score=100 - place)
        MasterPointAward.objects.create(
            member=member,
            tournament=tournament,
            colour="bronze",
            exact=Decimal(5),
            credited=Decimal(5),
            table="A1",
            rule_version="SBF 2014",
            awarded_on=tournament.start_date,
            reason_sv="Tabell A1",
            reason_en="Table A1",
        )


def test_tournament_page_query_count_with_a_sanction_and_awards(client, django_assert_num_queries):
    for n in (2, 12):
        tournament, _sanction = sanctioned(entries=n, club=ClubFactory(members_count=150))
        awarded(tournament)
        # First view: the tournament's key fields, then the tournament with its
        # organisers, its sections, the standings with their entries, the entries'
        # players with their members, the traveller lines; the sanction part's
        # sanction with its club; the award part's outcome and its awards with their
        # members.
        with django_assert_num_queries(9):
            response = client.get(tournament.get_absolute_url(), **EN)
        body = response.content.decode()
        assert 'id="sanction"' in body
        assert body.count("Table A1") == n
        assert sum(len(field["rows"]) for field in response.context["fields"]) == n
        # Seen again by a visitor: the key fields; the rest is kept under the report's
        # version and the pipeline's last move.
        with django_assert_num_queries(1):
            again = client.get(tournament.get_absolute_url(), **EN)
        assert again.content.decode().count("Table A1") == n and 'id="sanction"' in body


def test_a_user_sees_the_sanction_link_a_visitor_does_not(client):
    tournament, sanction = sanctioned(entries=4, club=ClubFactory(members_count=150))
    visitor = client.get(tournament.get_absolute_url(), **EN).content.decode()
    assert sanction.get_absolute_url() not in visitor
    office = member_with_login()
    give_role(office, Role.Kind.OFFICE_STAFF)
    client.force_login(office.user)
    user = client.get(tournament.get_absolute_url(), **EN).content.decode()
    assert sanction.get_absolute_url() in user


# --- reporting a results file ---


@pytest.fixture
def club_admin():
    club = ClubFactory(name="BK Lund", number=2001)
    admin = member_with_login()
    give_role(admin, Role.Kind.CLUB_ADMIN, club=club)
    return admin, club


def test_report_page_needs_a_login(client):
    response = client.get("/tournaments/report/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/tournaments/report/")


def test_a_player_without_a_club_role_may_not_report(client, shared_fixtures):
    player = member_with_login()
    client.force_login(player.user)
    assert client.get("/tournaments/report/").status_code == 403
    club = ClubFactory()
    assert upload(client, shared_fixtures, MITCHELL_03, club.pk).status_code == 403
    assert not Tournament.objects.exists()
    assert not ImportLog.objects.exists()


def test_club_admin_chooses_among_own_clubs_only(client, club_admin):
    admin, club = club_admin
    other_own = ClubFactory(name="BK Lunds Ungdom")
    give_role(admin, Role.Kind.CLUB_ADMIN, club=other_own)
    ClubFactory(name="BK Annan")
    client.force_login(admin.user)
    body = client.get("/tournaments/report/", **EN).content.decode()
    assert f'<option value="{club.pk}">BK Lund</option>' in body
    assert "BK Lunds Ungdom" in body
    assert "BK Annan" not in body
    assert 'name="file"' in body and 'name="format"' in body
    listing = client.get("/tournaments/").content.decode()
    assert "/tournaments/report/" in listing
    assert '<a href="/tournaments/manual/" id="manual-entry-link">' in listing


def test_players_see_no_reporting_links(client):
    client.force_login(member_with_login().user)
    listing = client.get("/tournaments/").content.decode()
    assert "/tournaments/report/" not in listing
    assert "/tournaments/manual/" not in listing


def test_club_admin_cannot_report_for_another_club(client, club_admin, shared_fixtures):
    admin, _club = club_admin
    other = ClubFactory(name="BK Annan")
    client.force_login(admin.user)
    response = upload(client, shared_fixtures, MITCHELL_03, other.pk)
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not Tournament.objects.exists()
    assert not ImportLog.objects.exists()  # the file was not even read


def test_club_admin_reports_a_file_and_lands_on_the_tournament(client, club_admin, shared_fixtures):
    admin, club = club_admin
    client.force_login(admin.user)
    response = upload(client, shared_fixtures, MITCHELL_03, club.pk)
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == tournament.get_absolute_url()
    assert tournament.organiser_club == club
    log = ImportLog.objects.get()
    assert (log.outcome, log.user, log.filename) == ("saved", admin.user, MITCHELL_03)

    page = client.get(response["Location"], **EN).content.decode()
    assert "The results were saved." in page
    assert "The report was saved with 26 warnings:" in page
    assert "unknown MID 9000001 (Player 1): recorded as a guest" in page
    assert "… and 6 more; the import log keeps them all." in page

    # The same event again replaces the first report, under the same address.
    again = upload(client, shared_fixtures, MITCHELL_03, club.pk, format="usebio")
    assert again["Location"] == tournament.get_absolute_url()
    page = client.get(again["Location"], **EN).content.decode()
    assert "replaced the earlier report of this tournament (now version 2)" in page
    assert Tournament.objects.count() == 1


def test_a_refused_report_lists_every_problem_and_saves_nothing(
    client, club_admin, shared_fixtures
):
    admin, club = club_admin
    client.force_login(admin.user)
    response = upload(client, shared_fixtures, NOT_SUPPORTED, club.pk)
    assert response.status_code == 200
    problems = table(response)
    assert problems == [
        [
            f"{NOT_SUPPORTED} /USEBIO/EVENT/@EVENT_TYPE",
            "EVENT_TYPE 'NOTSUP' is not supported "
            "(supported: BUTLER_PAIRS, CROSS_IMP, INDIVIDUAL, MP_PAIRS, PAIRS, SWISS_TEAMS, TEAMS, TEAMS_OF_FOUR)",
        ]
    ]
    body = response.content.decode()
    assert "The results were not saved." in body
    assert not Tournament.objects.exists()
    # Only the import log remembers the attempt.
    assert ImportLog.objects.get().outcome == ImportLog.Outcome.REFUSED


def test_a_file_in_the_wrong_format_is_refused_with_its_reason(client, club_admin, shared_fixtures):
    admin, club = club_admin
    client.force_login(admin.user)
    broken = SimpleUploadedFile("results.xml", b"<?xml version='1.0'?><USEBIO><EVENT>")
    response = client.post("/tournaments/report/", {"club": club.pk, "file": broken}, **EN)
    [[where, what]] = table(response)
    assert where.startswith("results.xml")
    assert what.startswith("not well-formed XML")
    assert not Tournament.objects.exists()


def test_office_staff_report_for_any_club_by_number(client, shared_fixtures):
    club = ClubFactory(number=4711)
    office = member_with_login()
    give_role(office, Role.Kind.OFFICE_STAFF)
    client.force_login(office.user)
    body = client.get("/tournaments/report/", **EN).content.decode()
    assert 'type="number" name="club"' in body

    response = upload(client, shared_fixtures, MITCHELL_03, "4712")
    assert "There is no club with number 4712." in response.content.decode()
    assert not Tournament.objects.exists()

    response = upload(client, shared_fixtures, MITCHELL_03, "4711")
    assert response.status_code == 302
    assert Tournament.objects.get().organiser_club == club


@pytest.mark.parametrize("clubs", [2, 12])
def test_report_page_query_count_does_not_grow_with_the_clubs(
    client, club_admin, django_assert_num_queries, clubs
):
    admin, _club = club_admin
    for _ in range(clubs - 1):
        give_role(admin, Role.Kind.CLUB_ADMIN, club=ClubFactory())
    client.force_login(admin.user)
    # The session and its user; is_office_staff: the user's member and its office
    # role; the clubs the user administers; the form's choice of those clubs, twice
    # (the select's options, and its first option for the required attribute); the
    # navigation bar: "is office staff?", "has any role?", the unread notifications.
    with django_assert_num_queries(10):
        response = client.get("/tournaments/report/")
    assert len(response.context["form"].fields["club"].choices) == clubs


def test_report_page_query_count_for_the_office(client, django_assert_num_queries):
    office = member_with_login()
    give_role(office, Role.Kind.OFFICE_STAFF)
    client.force_login(office.user)
    # The session and its user; is_office_staff: the user's member and its office
    # role (the office names the club by number: no choices); the navigation bar:
    # "is office staff?", "has any role?", the unread notifications.
    with django_assert_num_queries(7):
        response = client.get("/tournaments/report/")
    assert response.status_code == 200
