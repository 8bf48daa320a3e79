"""The start page (/me/, members.views.my_page): the player's own figures, then a section
for each role the user holds, with what that role has to do (issue 18, point 1)."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from awards.models import MasterPointHolding, Promotion, RankingScore
from awards.services import store_ranking_facts
from handicap.models import MemberHandicap
from members.models import Role
from members.services import current_season
from members.tests.factories import (
    ClubFactory,
    DistrictFactory,
    MemberFactory,
    MembershipFactory,
    UserFactory,
    club_admin,
    district_official,
    member_with_login,
    office_staff,
)
from tournaments.models import Entry, EntryPlayer, Section, Standing, Tournament
from tournaments.sanctions.models import Sanction
from tournaments.sanctions.tests.factories import SanctionFactory

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}


def _start(client, user, language=EN) -> str:
    client.force_login(user)
    response = client.get("/me/", **language)
    assert response.status_code == 200
    return response.content.decode()


def _tournament(club, **fields) -> Tournament:
    today = timezone.localdate()
    return Tournament.objects.create(
        name=fields.pop("name", "Tisdagsbridge"), start_date=today, end_date=today,
        organiser_club=club, event_id=f"start-{Tournament.objects.count()}", **fields,
    )  # fmt: skip


@pytest.mark.django_db
def test_a_player_sees_points_class_way_ahead_ranking_places_and_handicap(client):
    club = ClubFactory()
    player = member_with_login(mid=77001)
    MembershipFactory(member=player, club=club)
    MasterPointHolding.objects.create(member=player, bronze=Decimal(150))
    for n, points in enumerate((30, 20, 20, 10)):  # the player is second, level with one
        member = player if n == 1 else MemberFactory(mid=77010 + n)
        if member is not player:
            MembershipFactory(member=member, club=club if n < 3 else ClubFactory())
        RankingScore.objects.create(
            member=member, points=Decimal(points), computed_on=timezone.localdate()
        )
    store_ranking_facts()
    MemberHandicap.objects.create(
        member=player, handicap=Decimal("31.5"), start=Decimal("32"), policy_version="test"
    )
    page = _start(client, player.user)
    assert 'id="start-mp">1.50 mp<' in page
    # Seed 000, chapter 3: Klövermästare at 2 mp; 150 bp is 1.5 mp, 75 % of the way.
    assert 'value="75"' in page
    assert (
        "For Club Master you need 50 more bronze points, 5 more silver points or 1 more gold point."
    ) in page
    assert "Place in the country</dt><dd>2–3</dd>" in page
    assert "Place in the district</dt><dd>2</dd>" in page
    assert "Place in the club</dt><dd>2</dd>" in page
    assert 'id="start-handicap-current"' in page
    assert 'href="/handicap/members/77001/"' in page
    assert "Till klövermästare saknar du 50 bronspoäng" in _start(client, player.user, SV)
    # The details come last, after the figures.
    assert page.index('id="start-masterpoints"') < page.index('id="private"')
    assert 'id="start-club"' not in page and 'id="start-office"' not in page


@pytest.mark.django_db
def test_a_player_sees_the_latest_results_and_coming_events_of_the_district(client):
    district = DistrictFactory()
    club = ClubFactory(district=district)
    player = member_with_login(mid=77101)
    MembershipFactory(member=player, club=club)
    today = timezone.localdate()
    near = dict(club=club, district=district, level=Sanction.Level.SILVER)
    SanctionFactory(
        name="Höstsilvret", start_date=today + timedelta(days=20),
        end_date=today + timedelta(days=20), state=Sanction.State.APPROVED, **near,
    )  # fmt: skip
    elsewhere = ClubFactory()
    SanctionFactory(
        name="Långt borta", start_date=today + timedelta(days=10),
        end_date=today + timedelta(days=10), state=Sanction.State.APPROVED, club=elsewhere,
        district=elsewhere.district, level=Sanction.Level.SILVER,
    )  # fmt: skip
    page = _start(client, player.user)
    assert "Coming events in my district" in page
    assert "Höstsilvret" in page and "Långt borta" not in page
    assert "No results reported yet." in page


@pytest.mark.django_db
def test_a_club_administrator_finds_reporting_promotions_and_applications(client):
    club = ClubFactory(name="BK Spader")
    user = club_admin(club)
    MembershipFactory(member=user.member, club=club)
    promoted = MemberFactory(last_name="Befordrad")
    MembershipFactory(member=promoted, club=club)
    Promotion.objects.create(
        member=promoted, master_class="klover", rank=1, reached_on=timezone.localdate()
    )
    old = MemberFactory(last_name="Förr")
    MembershipFactory(member=old, club=club)
    Promotion.objects.create(
        member=old, master_class="klover", rank=1,
        reached_on=timezone.localdate() - timedelta(days=200),
    )  # fmt: skip
    _tournament(club, name="Fastnad", pipeline_status=Tournament.Pipeline.FAILED)
    _tournament(club, name="Klar", pipeline_status=Tournament.Pipeline.DONE)
    SanctionFactory(
        name="Vårsilvret", club=club, district=club.district, level=Sanction.Level.SILVER,
        start_date=timezone.localdate(), end_date=timezone.localdate(),
        state=Sanction.State.SUBMITTED,
    )  # fmt: skip
    page = _start(client, user)
    club_part = page[page.index('id="start-club"') :]
    assert 'id="start-report-link"' in club_part and 'id="start-manual-link"' in club_part
    assert "Fastnad" in club_part and "Klar" not in club_part
    assert "Befordrad" in club_part and "Förr" not in club_part
    assert f'href="/masterpoints/clubs/{club.pk}/promotions/"' in club_part
    assert f'href="/clubs/{club.pk}/?_export=csv"' in club_part
    assert f'href="/handicap/clubs/{club.pk}/"' in club_part
    assert "Vårsilvret" in club_part and 'id="start-sanction-new"' in club_part


@pytest.mark.django_db
def test_a_district_official_sees_what_waits_for_the_district(client):
    district = DistrictFactory()
    user = district_official(district)
    club = ClubFactory(district=district)
    SanctionFactory(
        name="Att godkänna", club=club, district=district, level=Sanction.Level.SILVER,
        start_date=timezone.localdate(), end_date=timezone.localdate(),
        state=Sanction.State.SUBMITTED,
    )  # fmt: skip
    page = _start(client, user)
    assert 'id="start-district-count">1<' in page and "Att godkänna" in page


@pytest.mark.django_db
def test_the_office_sees_one_inbox(client):
    user = office_staff()
    club = ClubFactory()
    _tournament(club, pipeline_status=Tournament.Pipeline.FAILED)
    _tournament(club, name="Andra", pipeline_status=Tournament.Pipeline.FAILED)
    SanctionFactory(
        name="Guldet", club=club, district=club.district, level=Sanction.Level.GOLD,
        start_date=timezone.localdate(), end_date=timezone.localdate(),
        state=Sanction.State.ENDORSED,
    )  # fmt: skip
    page = _start(client, user)
    office = page[page.index('id="start-office"') :]
    assert 'id="start-failed">2<' in office and 'id="start-stuck">0<' in office
    assert 'id="start-gold-waiting">1<' in office
    assert 'id="start-import-members"' in office
    # The SBF office's master points steps: 000 §8 conversions and the pin orders.
    assert 'href="/masterpoints/conversions/" id="start-conversions"' in office
    assert 'href="/masterpoints/pin-orders/" id="start-pin-orders"' in office
    # and the handicap's: 002 5.2's estimated starts and 6.1's check-up
    assert 'href="/handicap/estimates/" id="start-estimates"' in office
    assert 'href="/handicap/checkup/" id="start-checkup"' in office


@pytest.mark.django_db
def test_a_login_without_a_member_has_only_the_office_inbox_if_a_superuser(client):
    """Roles come with a member (members.permissions.roles_of), except the office's,
    which a superuser holds as ``is_office_staff`` says."""
    client.force_login(UserFactory())
    response = client.get("/me/", follow=True, **EN)
    assert response.redirect_chain == [("/", 302)]
    assert "Your login is not linked to a member." in response.content.decode()
    page = _start(client, UserFactory(is_superuser=True))
    assert 'id="start-office"' in page and 'id="start-player"' not in page
    assert 'id="private"' not in page


@pytest.mark.django_db
def test_the_start_page_reads_a_bounded_number_of_rows(client, django_assert_max_num_queries):
    """Each card reads its few rows; a busier federation adds none."""
    club = ClubFactory()
    user = club_admin(club)
    member = user.member
    MembershipFactory(member=member, club=club)
    Role.objects.create(member=member, kind=Role.Kind.OFFICE_STAFF)
    Role.objects.create(member=member, kind=Role.Kind.DISTRICT_OFFICIAL, district=club.district)
    client.force_login(user)
    client.get("/me/", **EN)
    with django_assert_max_num_queries(40) as first:
        client.get("/me/", **EN)
    for n in range(30):
        _tournament(club, name=f"T{n}", pipeline_status=Tournament.Pipeline.FAILED)
        other = MemberFactory()
        MembershipFactory(member=other, club=club, season=current_season())
        Promotion.objects.create(
            member=other, master_class="klover", rank=1, reached_on=timezone.localdate()
        )
    with django_assert_max_num_queries(len(first.captured_queries)):
        client.get("/me/", **EN)


@pytest.mark.django_db
def test_a_latest_result_counts_the_field_its_place_was_ranked_in(client):
    """A two-winner section ranks NS and EW apart: "place 2 of 3" counts the player's
    direction in their section, not the whole event, and no phantom pair."""
    player = member_with_login(mid=77301)
    tournament = _tournament(ClubFactory(), name="Tvåvinnare")
    for name in ("A", "B"):
        section = Section.objects.create(tournament=tournament, name=name, boards=24)
        for n, direction in enumerate(["NS"] * 4 + ["EW"] * 3, start=1):
            entry = Entry.objects.create(
                section=section, number=n, direction=direction, phantom=n == 4
            )
            if name == "A" and n == 2:
                EntryPlayer.objects.create(entry=entry, member=player)
                Standing.objects.create(
                    entry=entry, place=2, place_to=2, score=Decimal(60), percentage=Decimal(55)
                )
    page = _start(client, player.user)
    listed = page[page.index('id="start-results-list"') :]
    assert "Tvåvinnare</a>: place 2 of 3 (55 %)" in listed
