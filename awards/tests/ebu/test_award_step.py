"""The award step of an EBU federation (issue #20 point 1): a real scorer's file goes
through the pipeline into the ledger in local, blue or green points at the status of
the licence that covers the event; without a licence where one is needed, club status
and a warning the office sees.

Rules: seed 001 1.4.1 (open events need a licence), 3.2 (status), 4.1.1-4.1.5 (Scales
A-E, movements), 5.1 (blue points only in blue point events), 2.5.1 (gold points);
awards/domain/ebu/licensed.py, docs/awards-ebu.md "The licence behind the status".
"""

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse

from awards.domain.ebu.calculator import calculate, options_from
from awards.models import MasterPointAward, MasterPointHolding, Promotion, TournamentAwards
from config.pipeline import run_step
from members.models import Member
from members.tests.factories import ClubFactory, MemberFactory, office_staff
from tournaments import services
from tournaments.importers.usebio import parse_usebio
from tournaments.importers.usebio_report import report_from_usebio
from tournaments.licences.models import Licence
from tournaments.licences.tests.factories import LicenceFactory, OrganisationFactory

pytestmark = pytest.mark.django_db

HOWELL = "compscore3_mp_pairs_howell.xml"  # 27/07/2022, 12 pairs, single-winner
MITCHELL = "compscore3_mp_pairs_mitchell.xml"
DAY = dt.date(2022, 7, 27)


@pytest.fixture(autouse=True)
def ebu(settings):
    settings.KLOVER_FEDERATION = "ebu"


@pytest.fixture
def club():
    return ClubFactory(number=2074)


def _report(shared_fixtures, club, name=HOWELL):
    data = (shared_fixtures / "usebio" / name).read_bytes()
    for entry in report_from_usebio(parse_usebio(data)).entries:
        for player in entry.players:
            if not Member.objects.filter(mid=int(player.national_id)).exists():
                MemberFactory(mid=int(player.national_id), last_name=player.name)
    tournament = services.import_results(
        data=data, filename=name, organiser=club, run_pipeline=False
    ).tournament
    run_step(tournament_id=tournament.pk, version=tournament.report_version, step="awards")
    tournament.refresh_from_db()
    return tournament


def _licence(club, *, status, blue=False, day=DAY):
    return LicenceFactory(
        organisation=OrganisationFactory(club=club),
        state=Licence.State.APPROVED,
        start_date=day,
        end_date=day,
        status=status,
        blue_points=blue,
    )


def _winners(tournament):
    top = min(MasterPointAward.objects.filter(tournament=tournament), key=lambda a: -a.credited)
    return top


def _scale(tournament, **options):
    """What the calculator prints for this event's field (the same numbers)."""
    tables = Decimal(tournament.entries_count) / 2
    return calculate(
        options_from(
            {"movement": "single-winner", "tables": tables, "boards": tournament.boards, **options}
        )
    )


def test_a_club_session_needs_no_licence_and_pays_scale_a_in_local_points(shared_fixtures, club):
    tournament = _report(shared_fixtures, club)
    run = TournamentAwards.objects.get(tournament=tournament)
    assert (run.status, run.licence, run.warning_en) == ("club", "", "")
    rows = MasterPointAward.objects.filter(tournament=tournament)
    assert rows and {r.colour for r in rows} == {"local"}
    scale = _scale(tournament, status="club")
    assert scale.scale == "A"
    assert max(r.credited for r in rows) == scale.places[0].points
    assert {r.table for r in rows} == {"A"}
    # Every player of a place has its award in full (3.3.1): two players a pair.
    first = [r for r in rows if r.credited == scale.places[0].points]
    assert len(first) == 2 * sum(1 for p in scale.places if p.points == scale.places[0].points)


def test_the_licence_gives_the_status_and_the_scale(shared_fixtures, club):
    licence = _licence(club, status=3)
    tournament = _report(shared_fixtures, club)
    run = TournamentAwards.objects.get(tournament=tournament)
    assert (run.status, run.licence) == ("county", licence.number)
    scale = _scale(tournament, status="county")
    assert scale.scale == "C"
    top = MasterPointAward.objects.filter(tournament=tournament).order_by("-credited").first()
    assert top.credited == scale.places[0].points and top.colour == "local"
    assert "Scale C" in top.reason_en and "Skala C" in top.reason_sv


def test_a_blue_point_licence_pays_blue_points(shared_fixtures, club):
    _licence(club, status=4, blue=True)
    tournament = _report(shared_fixtures, club)
    rows = MasterPointAward.objects.filter(tournament=tournament)
    assert {r.colour for r in rows} == {"blue"}
    scale = _scale(tournament, status="regional", colour="blue")
    assert max(r.credited for r in rows) == scale.places[0].points
    holding = MasterPointHolding.objects.get(member=rows.order_by("-credited")[0].member)
    assert holding.blue == scale.places[0].points and holding.local == 0
    # 2.6.1: a blue point is 100 master points.
    assert holding.master_points == scale.places[0].points * 100


def test_an_event_asking_for_more_without_a_licence_gets_club_status_and_a_warning(
    shared_fixtures, club
):
    data_tournament = _report(shared_fixtures, club)
    data_tournament.award_options = {"status": "county", "colour": "blue"}
    data_tournament.save(update_fields=["award_options"])
    run_step(
        tournament_id=data_tournament.pk, version=data_tournament.report_version, step="awards"
    )
    run = TournamentAwards.objects.get(tournament=data_tournament)
    assert run.status == "club"
    assert "no granted licence covers its date" in run.warning_en
    assert "ingen beviljad licens" in run.warning_sv
    rows = MasterPointAward.objects.filter(tournament=data_tournament)
    assert {r.colour for r in rows} == {"local"}
    assert max(r.credited for r in rows) == _scale(data_tournament).places[0].points


def test_a_fact_that_contradicts_the_licence_is_named_and_the_licence_stands(shared_fixtures, club):
    _licence(club, status=2)
    tournament = _report(shared_fixtures, club)
    tournament.award_options = {"status": "national"}
    tournament.save(update_fields=["award_options"])
    run_step(tournament_id=tournament.pk, version=tournament.report_version, step="awards")
    run = TournamentAwards.objects.get(tournament=tournament)
    assert run.status == "district"
    assert "the results say status national, the licence district" in run.warning_en


def test_a_mitchell_is_paid_per_direction(shared_fixtures, club):
    tournament = _report(shared_fixtures, club, MITCHELL)
    rows = MasterPointAward.objects.filter(tournament=tournament)
    winners = [r for r in rows if "place 1," in r.reason_en]
    # 4.1.5: a two-winner movement has a winner each way, both paid the first place.
    assert {"direction N" in r.reason_en or "direction E" in r.reason_en for r in winners} == {True}
    assert len({r.reason_en for r in winners}) == 2


def test_ranks_and_promotions_follow_the_ledger(shared_fixtures, club):
    """2.6.2: Local Master at 100 master points, dated by the award that reached it."""
    _licence(club, status=5)
    tournament = _report(shared_fixtures, club)
    top = MasterPointAward.objects.filter(tournament=tournament).order_by("-credited")[0]
    assert top.credited == 96  # Scale E, 6 tables, first place
    holding = MasterPointHolding.objects.get(member=top.member)
    assert (holding.local, holding.master_points, holding.master_class) == (96, 96, "")
    assert not Promotion.objects.filter(member=top.member).exists()
    earlier = ClubFactory()
    _licence(earlier, status=1, day=DAY - dt.timedelta(days=30))
    other = services.import_results(
        data=(shared_fixtures / "usebio" / HOWELL)
        .read_bytes()
        .replace(b"27/07/2022", b"27/06/2022"),
        filename=HOWELL,
        organiser=earlier,
        run_pipeline=False,
    ).tournament
    run_step(tournament_id=other.pk, version=other.report_version, step="awards")
    holding.refresh_from_db()
    promotion = Promotion.objects.get(member=top.member)
    assert holding.master_class == promotion.master_class == "Local Master"
    # The later event's award passed 100: the promotion is dated by it, not by the
    # report that came in last.
    assert promotion.reached_on == DAY and promotion.tournament_id == tournament.pk


# --- the chain both ways: event page -> licence, licence page -> results and awards ------

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}


def test_the_event_page_shows_its_status_and_links_its_licence(client, shared_fixtures, club):
    licence = _licence(club, status=3)
    tournament = _report(shared_fixtures, club)
    page = client.get(tournament.get_absolute_url(), **EN).content.decode()
    status = page[page.index('id="level"') :][:600]
    assert "County" in status and f"licence {licence.number}" in status
    assert reverse("licences:detail", args=[licence.pk]) in status
    assert "Medal level" not in page  # an SBF word
    swedish = client.get(tournament.get_absolute_url(), **SV).content.decode()
    assert f"licens {licence.number}" in swedish


def test_the_event_page_and_the_office_queue_show_the_missing_licence(
    client, shared_fixtures, club
):
    tournament = _report(shared_fixtures, club)
    tournament.award_options = {"status": "regional"}
    tournament.save(update_fields=["award_options"])
    run_step(tournament_id=tournament.pk, version=tournament.report_version, step="awards")
    page = client.get(tournament.get_absolute_url(), **EN).content.decode()
    assert 'id="award-warning"' in page and "no granted licence covers its date" in page
    assert "(no licence)" in page
    client.force_login(office_staff())
    queue = client.get(reverse("tournaments:processing"), **EN).content.decode()
    queue = queue[queue.index('id="award-queue"') :]
    assert tournament.get_absolute_url() in queue and "not regional" in queue
    swedish = client.get(reverse("tournaments:processing"), **SV).content.decode()
    assert "ingen beviljad licens" in swedish


def test_an_event_that_cannot_be_awarded_says_why_on_its_page_and_in_the_queue(
    client, shared_fixtures, club
):
    tournament = _report(shared_fixtures, club)
    tournament.award_options = {"event": "county-pairs-final"}
    tournament.save(update_fields=["award_options"])
    run_step(tournament_id=tournament.pk, version=tournament.report_version, step="awards")
    assert not MasterPointAward.objects.filter(tournament=tournament).exists()
    page = client.get(tournament.get_absolute_url(), **EN).content.decode()
    assert 'id="award-none"' in page and "a green point event is awarded by its licence" in page
    client.force_login(office_staff())
    queue = client.get(reverse("tournaments:processing"), **SV).content.decode()
    queue = queue[queue.index('id="award-queue"') :]
    assert tournament.get_absolute_url() in queue and "grönpoängsevenemang" in queue


def test_the_licence_page_lists_its_results_and_their_points(client, shared_fixtures, club):
    licence = _licence(club, status=3)
    tournament = _report(shared_fixtures, club)
    elsewhere = _report(shared_fixtures, ClubFactory(number=2075))  # another club's event
    client.force_login(office_staff())
    page = client.get(reverse("licences:detail", args=[licence.pk]), **EN).content.decode()
    results = page[page.index('id="results"') : page.index('id="trail"')]
    assert tournament.get_absolute_url() in results
    assert elsewhere.get_absolute_url() not in results
    credited = MasterPointAward.objects.filter(tournament=tournament)
    total = sum(a.credited for a in credited)
    assert f"{total.normalize():f} MP" in results
    assert f'<td data-label="Players credited">{credited.count()}</td>' in results


def test_the_daily_sweep_devalues_gold_points_in_the_holdings(shared_fixtures, club):
    """2.5.1: a gold award held at full value until its anniversary, then 4/5 of it."""
    from django.core.cache import cache
    from django.utils import timezone

    from awards.services import refresh_devalued_gold, refresh_holdings

    member = MemberFactory()
    tournament = _report(shared_fixtures, club)
    today = timezone.localdate()
    MasterPointAward.objects.create(
        member=member, tournament=tournament, colour="green", exact=Decimal(10),
        credited=Decimal(10), gold_points=Decimal(2), table="G", rule_version="test",
        awarded_on=today.replace(year=today.year - 1) - dt.timedelta(days=1),
    )  # fmt: skip
    refresh_holdings([member.pk])
    assert MasterPointHolding.objects.get(member=member).gold_points == Decimal("1.60")
    # The holding rebuilt before the anniversary still shows the full value: the sweep
    # finds it stale and rebuilds it, once a day.
    MasterPointHolding.objects.filter(member=member).update(gold_points=Decimal(2))
    cache.clear()
    assert refresh_devalued_gold(today) == {member.pk}
    assert MasterPointHolding.objects.get(member=member).gold_points == Decimal("1.60")
    MasterPointHolding.objects.filter(member=member).update(gold_points=Decimal(2))
    assert refresh_devalued_gold(today) == set()  # already run today
