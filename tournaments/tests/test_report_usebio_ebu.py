"""An EBU scorer's master point facts (issue #20 point 3): read from the real Compscore3
files, saved with the report and replaced with it, checked against the licence with a
located warning, and compared with our ledger on the tournament page.

Rules: seed 001 3.2, 3.3.1, 4.1.1, 4.1.7, 2.8.1-2.8.2, Appendix subscription codes
(tournaments/importers/usebio_ebu.py; docs/usebio_ebu.md).
"""

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from awards.models import MasterPointAward
from members.tests.factories import (
    ClubFactory,
    MemberFactory,
    club_admin,
    member_with_login,
    office_staff,
)
from tournaments import services
from tournaments.importers.usebio import parse_usebio
from tournaments.importers.usebio_report import report_from_usebio
from tournaments.licences.models import Licence
from tournaments.licences.tests.factories import LicenceFactory, OrganisationFactory
from tournaments.models import ImportLog, ReportedAward, Tournament
from tournaments.reported import reported_vs_ours

pytestmark = pytest.mark.django_db

HOWELL = "compscore3_mp_pairs_howell.xml"  # 27/07/2022, Club scale, RED, P2P 10
COMPSCORE = sorted(
    [
        "compscore3_butler_howell.xml",
        "compscore3_cross_imp_howell.xml",
        "compscore3_mp_pairs_howell.xml",
        "compscore3_mp_pairs_mitchell.xml",
        "compscore3_mp_pairs_mitchell_03.xml",
        "compscore3_mp_pairs_mitchell_adjusted.xml",
    ]
)
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}


@pytest.fixture
def club():
    return ClubFactory(number=2074)


def _data(shared_fixtures, name: str) -> bytes:
    return (shared_fixtures / "usebio" / name).read_bytes()


def _as_version_13(data: bytes, *, rating: str = "", code: str = "30") -> bytes:
    """The file as USEBIO 1.3 writes it: EBU_CHARGE_CODE for P2P_CHARGE_RATE, and an
    EVENT_RATING when given."""
    rated = f"<EVENT_RATING>{rating}</EVENT_RATING>" if rating else ""
    return (
        data.replace(b'Version="1.2"', b'Version="1.3"')
        .replace(b"usebio_v1_2.dtd", b"usebio_v1_3.dtd")
        .replace(
            b"<P2P_CHARGE_RATE>10</P2P_CHARGE_RATE>",
            f"<EBU_CHARGE_CODE>{code}</EBU_CHARGE_CODE>{rated}".encode(),
        )
    )


def _import(club, data: bytes, filename: str = HOWELL):
    return services.import_results(data=data, filename=filename, organiser=club, run_pipeline=False)


def _members_of(data: bytes) -> None:
    report = report_from_usebio(parse_usebio(data))
    for entry in report.entries:
        for player in entry.players:
            MemberFactory(mid=int(player.national_id), first_name="P", last_name=player.name)


def _licence(club, **kwargs) -> Licence:
    return LicenceFactory(
        organisation=OrganisationFactory(club=club),
        state=Licence.State.APPROVED,
        start_date=dt.date(2022, 7, 27),
        end_date=dt.date(2022, 7, 27),
        status=1,
        **kwargs,
    )


@pytest.mark.parametrize("name", COMPSCORE)
def test_every_compscore_file_keeps_its_scale_type_charge_and_each_players_points(
    shared_fixtures, club, name
):
    data = _data(shared_fixtures, name)
    parsed = parse_usebio(data)
    tournament = _import(club, data, name).tournament
    tournament.refresh_from_db()
    assert tournament.file_mp_scale == parsed.master_point_scale == "Club"
    assert tournament.file_mp_type == parsed.master_point_type
    assert tournament.file_mps_awarded is True
    assert tournament.file_charge_code == "10"
    assert tournament.file_p2p_rate == Decimal(10)
    assert tournament.file_warnings == []  # no licence, and 10 is a club session's code
    saved = {
        (a.player.player_id, a.points, a.point_type)
        for a in ReportedAward.objects.filter(tournament=tournament).select_related(
            "player__member"
        )
    }
    # EBU awards are per player (3.3.1): each player of a pair carries its pair's figure.
    assert saved == {
        (f"G-{player.national_id}", mp.awarded, mp.point_type)
        for pair in parsed.pairs
        for mp in pair.master_points
        for player in pair.players
    }


def test_the_howell_file_awards_the_printed_figures(shared_fixtures, club):
    tournament = _import(club, _data(shared_fixtures, HOWELL)).tournament
    points = sorted(
        ReportedAward.objects.filter(tournament=tournament).values_list("points", flat=True)
    )
    # the file's PAIR/MASTER_POINTS_AWARDED, lines 36, 55, 74, 93, 112, ...: six pairs
    # with none, then 12, 15, 20, 30, 42 and 60 for each player of a pair
    awarded = [0, 12, 15, 20, 30, 42, 60]
    assert points == [Decimal(0)] * 12 + [Decimal(p) for p in awarded[1:] for _ in (1, 2)]
    assert set(ReportedAward.objects.values_list("point_type", flat=True)) == {"RED"}


def test_a_version_13_file_keeps_its_charge_code_and_rating(shared_fixtures, club):
    data = _as_version_13(_data(shared_fixtures, HOWELL), rating="Club", code="30")
    _licence(club)
    tournament = _import(club, data).tournament
    tournament.refresh_from_db()
    assert (tournament.file_charge_code, tournament.file_event_rating) == ("30", "Club")
    assert tournament.file_p2p_rate is None
    assert tournament.file_licence.startswith("L-2022-")
    assert tournament.file_warnings == []


def test_a_file_contradicting_its_licence_is_saved_with_located_warnings(shared_fixtures, club):
    licence = _licence(club, licence_type=Licence.Type.CHARITY)
    licence.status = 2
    licence.save()
    data = _as_version_13(_data(shared_fixtures, HOWELL), rating="A", code="30")
    outcome = _import(club, data)
    tournament = Tournament.objects.get(pk=outcome.tournament.pk)
    wheres = [w["where"] for w in tournament.file_warnings]
    assert wheres == [
        f"{HOWELL} /USEBIO/EVENT/MASTER_POINT_SCALE",
        f"{HOWELL} /USEBIO/EVENT/EVENT_RATING",
        f"{HOWELL} /USEBIO/EVENT/EBU_CHARGE_CODE",
    ]
    assert "grants District status" in tournament.file_warnings[0]["what"]
    assert "charge code 30 does not fit licence" in tournament.file_warnings[2]["what"]
    # saved whole, and the import log keeps the same warnings
    assert tournament.sections.count() == 1
    log = ImportLog.objects.get(tournament=tournament)
    assert log.outcome == ImportLog.Outcome.SAVED
    assert [e["where"] for e in log.errors if "/USEBIO/EVENT/" in e["where"]] == wheres
    assert [str(p) for p in outcome.warnings if "/USEBIO/EVENT/" in str(p.place)] != []


def test_a_licensed_charge_code_without_a_licence_is_warned_of(shared_fixtures, club):
    data = _as_version_13(_data(shared_fixtures, HOWELL), code="30")
    tournament = _import(club, data).tournament
    tournament.refresh_from_db()
    assert [w["where"] for w in tournament.file_warnings] == [
        f"{HOWELL} /USEBIO/EVENT/EBU_CHARGE_CODE"
    ]
    assert tournament.file_licence == ""


def test_another_organisers_licence_is_not_this_clubs(shared_fixtures, club):
    _licence(ClubFactory(number=9999), licence_type=Licence.Type.CHARITY)
    data = _as_version_13(_data(shared_fixtures, HOWELL), code="10")
    tournament = _import(club, data).tournament
    tournament.refresh_from_db()
    assert (tournament.file_licence, tournament.file_warnings) == ("", [])


def test_reporting_again_replaces_the_files_facts_and_points(shared_fixtures, club):
    first = _data(shared_fixtures, HOWELL)
    tournament = _import(club, first).tournament
    before = ReportedAward.objects.filter(tournament=tournament).count()
    second = first.replace(
        b"<MASTER_POINTS_AWARDED>30</MASTER_POINTS_AWARDED>",
        b"<MASTER_POINTS_AWARDED>31</MASTER_POINTS_AWARDED>",
    ).replace(
        b"<MASTER_POINT_SCALE>Club</MASTER_POINT_SCALE>",
        b"<MASTER_POINT_SCALE>B</MASTER_POINT_SCALE>",
    )
    again = _import(club, second)
    assert again.replaced and again.tournament.pk == tournament.pk
    tournament.refresh_from_db()
    assert tournament.file_mp_scale == "B"
    awards = ReportedAward.objects.filter(tournament=tournament)
    assert awards.count() == before
    points = list(awards.values_list("points", flat=True))
    assert (points.count(Decimal(31)), points.count(Decimal(30))) == (2, 0)


@pytest.fixture
def seeded(shared_fixtures, club):
    """The Howell report with its players as members and our ledger seeded: two players
    differ (one with 10 where the file says 12, one we credit nothing)."""
    data = _data(shared_fixtures, HOWELL)
    _members_of(data)
    tournament = _import(club, data).tournament
    report = report_from_usebio(parse_usebio(data))
    twelve = next(e for e in report.entries if e.awarded == 12)
    twenty = next(e for e in report.entries if e.awarded == 20)
    changed_mid = twelve.players[0].national_id
    missing_mid = twenty.players[1].national_id
    from members.models import Member

    for entry in report.entries:
        for player in entry.players:
            mid = player.national_id
            if not entry.awarded or mid == missing_mid:
                continue
            credited = Decimal(10) if mid == changed_mid else entry.awarded
            MasterPointAward.objects.create(
                member=Member.objects.get(mid=int(mid)),
                tournament=tournament,
                colour="bronze",
                exact=credited,
                credited=credited,
                table="A",
                rule_version="test",
                awarded_on=tournament.start_date,
                reason_en="Scale A, 4.1.1",
                reason_sv="Skala A, 4.1.1",
            )
    return tournament, changed_mid, missing_mid


def test_the_comparison_shows_exactly_the_differing_players(seeded):
    tournament, changed_mid, missing_mid = seeded
    with translation.override("sv"):
        comparison = reported_vs_ours(tournament)
    assert not comparison.ledger_empty
    assert {
        (line.player, line.file_points, line.our_points) for line in comparison.differences
    } == {(changed_mid, Decimal(12), Decimal(10)), (missing_mid, Decimal(20), None)}
    changed = next(line for line in comparison.differences if line.player == changed_mid)
    assert changed.explanation == "A Skala A, 4.1.1"  # the ledger row's table and reason
    with translation.override("en"):
        english = reported_vs_ours(tournament)
    assert {line.explanation for line in english.differences} == {"A Scale A, 4.1.1", ""}


def test_an_empty_ledger_is_said_plainly_not_listed_as_differences(shared_fixtures, club):
    tournament = _import(club, _data(shared_fixtures, HOWELL)).tournament
    comparison = reported_vs_ours(tournament)
    assert comparison.ledger_empty and comparison.lines and comparison.differences == ()


def _page(client, tournament, language):
    return client.get(reverse("tournaments:detail", args=[tournament.pk]), **language)


def test_the_club_admin_sees_the_differences_in_english(client, seeded):
    tournament, changed_mid, missing_mid = seeded
    client.force_login(club_admin(tournament.organiser_club))
    page = _page(client, tournament, EN).content.decode()
    assert "Master points in the results file" in page
    assert (
        "2 players&#x27; points differ from the file" in page or "2 players' points differ" in page
    )
    assert f"({changed_mid})" in page and f"({missing_mid})" in page
    assert "Scale A, 4.1.1" in page
    assert "we credit this player no master points for the tournament" in page


def test_the_office_sees_it_in_swedish(client, seeded):
    tournament, changed_mid, _ = seeded
    client.force_login(office_staff())
    page = _page(client, tournament, SV).content.decode()
    assert 'id="file-differences"' in page
    assert "Skala A, 4.1.1" in page  # the ledger's reason in the reader's language


def test_the_licence_warnings_show_on_the_page_in_both_languages(client, shared_fixtures, club):
    _licence(club, licence_type=Licence.Type.CHARITY)
    tournament = _import(club, _as_version_13(_data(shared_fixtures, HOWELL), code="30")).tournament
    client.force_login(club_admin(club))
    english = _page(client, tournament, EN).content.decode()
    assert "/USEBIO/EVENT/EBU_CHARGE_CODE: charge code 30 does not fit licence" in english
    assert 'id="file-ledger-empty"' in english
    swedish = _page(client, tournament, SV).content.decode()
    assert 'id="file-warnings"' in swedish and "/USEBIO/EVENT/EBU_CHARGE_CODE" in swedish


def test_a_file_that_awards_nothing_says_so(client, shared_fixtures, club):
    data = _data(shared_fixtures, HOWELL).replace(
        b"<MPS_AWARDED_FLAG>Y</MPS_AWARDED_FLAG>", b"<MPS_AWARDED_FLAG>N</MPS_AWARDED_FLAG>"
    )
    tournament = _import(club, data).tournament
    client.force_login(office_staff())
    assert 'id="file-not-awarded"' in _page(client, tournament, EN).content.decode()


@pytest.mark.parametrize("who", ["visitor", "player", "other club"])
def test_others_do_not_see_the_comparison(client, seeded, who):
    tournament, _, _ = seeded
    if who == "player":
        client.force_login(member_with_login().user)
    elif who == "other club":
        client.force_login(club_admin(ClubFactory(number=4242)))
    page = _page(client, tournament, EN)
    assert page.status_code == 200
    assert 'id="file-awards"' not in page.content.decode()


def test_the_office_queue_lists_files_against_their_licence_and_files_awarding_nothing(
    client, shared_fixtures, club
):
    _licence(club, licence_type=Licence.Type.CHARITY)
    howell = _data(shared_fixtures, HOWELL)
    contradicting = _import(club, _as_version_13(howell, code="30")).tournament
    nothing = _import(
        club,
        _data(shared_fixtures, "compscore3_mp_pairs_mitchell.xml").replace(
            b"<MPS_AWARDED_FLAG>Y</MPS_AWARDED_FLAG>", b"<MPS_AWARDED_FLAG>N</MPS_AWARDED_FLAG>"
        ),
        "compscore3_mp_pairs_mitchell.xml",
    ).tournament
    fine = _import(club, _data(shared_fixtures, "compscore3_butler_howell.xml"), "b.xml").tournament
    client.force_login(office_staff())
    page = client.get(reverse("tournaments:processing"), **EN).content.decode()
    queue = page[page.index('id="file-queue"') :]
    assert contradicting.get_absolute_url() in queue
    assert "charge code 30 does not fit licence" in queue
    assert nothing.get_absolute_url() in queue
    assert "no master points were awarded" in queue
    assert fine.get_absolute_url() not in queue
    assert client.get(reverse("tournaments:processing"), **SV).status_code == 200
