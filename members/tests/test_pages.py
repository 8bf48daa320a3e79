import csv
import io
from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from awards.domain.sbf.classes import CLASSES
from awards.models import MasterPointAward, MasterPointHolding, Promotion, RankingScore
from handicap.tests.test_pages import history as handicap_history
from members.models import Membership, Notification, Role
from tournaments.models import Tournament

from .factories import (
    ClubFactory,
    DistrictFactory,
    MemberFactory,
    MembershipFactory,
    UserFactory,
    give_role,
    member_with_login,
    office_staff,
)

pytestmark = pytest.mark.django_db


def _club_with_members(n: int):
    club = ClubFactory()
    members = MemberFactory.create_batch(n)
    for member in members:
        MembershipFactory(member=member, club=club)
    return club, members


def test_club_page_lists_members_sorted_and_paginated(client):
    club, members = _club_with_members(60)
    body = client.get(club.get_absolute_url()).content.decode()
    assert body.count('href="/members/') == 50  # first page of 50
    assert "?page=2" in body
    by_mid = client.get(club.get_absolute_url(), {"sort": "-mid"}).content.decode()
    highest = max(m.mid for m in members)
    assert by_mid.index(f">{highest}<") < by_mid.index(f">{highest - 1}<")


def test_club_page_query_count_does_not_grow_with_the_club(client, django_assert_num_queries):
    small, _ = _club_with_members(5)
    big, _ = _club_with_members(120)
    with CaptureQueriesContext(connection) as small_queries:
        client.get(small.get_absolute_url())
    with CaptureQueriesContext(connection) as big_queries:
        client.get(big.get_absolute_url(), {"page": 2})
    # The club with its district and the page of members (one more than shown: is
    # there a next page?); no count of them all.
    assert len(small_queries) == len(big_queries) == 2


def test_club_members_export_as_csv_has_every_member(client):
    club, members = _club_with_members(60)
    response = client.get(club.get_absolute_url(), {"_export": "csv"})
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert len(rows) == 61
    assert {int(r[0]) for r in rows[1:]} == {m.mid for m in members}


def test_public_pages_never_show_private_details(client):
    member = MemberFactory(
        email="hemlig@example.se",
        phone="070-111 22 33",
        street_address="Lönngatan 3",
        postcode="123 45",
    )
    MembershipFactory(member=member)
    club = Membership.objects.get(member=member).club
    pages = [
        member.get_absolute_url(),
        club.get_absolute_url(),
        club.district.get_absolute_url(),
        "/?q=" + member.first_name,
    ]
    private = [
        "hemlig@example.se",
        "070-111 22 33",
        "Lönngatan",
        "123 45",
        member.birth_date.isoformat(),
        str(member.birth_date.year),
    ]
    for url in pages:
        body = client.get(url, follow=True).content.decode()
        for secret in private:
            assert secret not in body, (url, secret)
    exported = client.get(club.get_absolute_url(), {"_export": "csv"}).content.decode()
    for secret in private:
        assert secret not in exported


def test_member_page_shows_clubs_and_skeleton_sections(client):
    member = MemberFactory(first_name="Tommy", last_name="Gullberg")
    MembershipFactory(member=member, club=ClubFactory(name="BK Lund"), represents=True)
    MembershipFactory(member=member, club=ClubFactory(name="BS Malmö"), represents=False)
    body = client.get(member.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Tommy Gullberg" in body
    assert "BK Lund</a> (represents)" in body and "BS Malmö</a>," not in body
    for section in ('id="masterpoints"', 'id="master-class"', 'id="ranking"', 'id="handicap"'):
        assert section in body


# --- query counts -----------------------------------------------------------------------
#
# Every page's queries are pinned: a new one fails its test (pytest -v lists them).
# Pages that list rows are counted with 2 rows and with 12: the count must not grow
# with them. A logged-in request starts with the session and its user (LOGIN); the
# navigation bar (members.context_processors.viewer, once a request) asks "is office
# staff?", "has any role?" and for the unread notifications (NAVIGATION), after the
# user's member, which the first to ask reads once.

LOGIN = 2
NAVIGATION = 3


def test_member_search_without_a_query_runs_no_query(client, django_assert_num_queries):
    MemberFactory(last_name="Lundgren")
    with django_assert_num_queries(0):
        response = client.get("/", {"kind": "member"})
    assert response.status_code == 200 and response.context["results"] == ""


@pytest.mark.parametrize("kind", ["club", "district"])
def test_club_and_district_lists_query_count_does_not_grow_with_the_rows(
    client, django_assert_num_queries, kind
):
    for added, n in ((2, 2), (10, 12)):
        _matches(kind, added)
        # The page and one row more (is there a next page?); a list has no count.
        with django_assert_num_queries(1):
            response = client.get("/", {"kind": kind})
        assert response.context["shown"] == n and response.context["count"] is None


def _matches(kind: str, n: int) -> None:
    """``n`` more members, clubs or districts that match "Lund"."""
    if kind == "member":
        MemberFactory.create_batch(n, last_name="Lundgren")
    elif kind == "club":
        ClubFactory.create_batch(n, town="Lund")
    else:
        DistrictFactory.create_batch(n, name="Lunds BF")


@pytest.mark.parametrize("kind", ["member", "club", "district"])
def test_search_query_count_does_not_grow_with_the_matches(client, django_assert_num_queries, kind):
    for added, n in ((2, 2), (10, 12)):
        _matches(kind, added)
        # The page of matches and one more (a club's district, a member's club joined);
        # a search within one page counts them from the page.
        with django_assert_num_queries(1):
            response = client.get("/", {"kind": kind, "q": "Lund"})
        assert response.context["shown"] == n == response.context["count"]


@pytest.mark.parametrize("kind", ["member", "club", "district"])
def test_search_past_one_page_counts_the_matches_in_one_more_query(
    client, django_assert_num_queries, kind
):
    for added, n in ((60, 60), (60, 120)):
        _matches(kind, added)
        # The page and one row more, and the count of every match.
        with django_assert_num_queries(2):
            response = client.get("/", {"kind": kind, "q": "Lund"})
        assert response.context["shown"] == 50 and response.context["count"] == n
    # The last page counts the matches from the full pages before it.
    with django_assert_num_queries(1):
        response = client.get("/", {"kind": kind, "q": "Lund", "page": 3})
    assert response.context["shown"] == 20 and response.context["count"] == 120


def test_district_page_query_count_does_not_grow_with_the_clubs(client, django_assert_num_queries):
    district = DistrictFactory()
    for n in (2, 12):
        ClubFactory.create_batch(n - district.clubs.count(), district=district)
        # The district, the number of its clubs (the paginator), its federation
        # (the heading) and the page of clubs.
        with django_assert_num_queries(4):
            response = client.get(district.get_absolute_url())
        assert len(response.context["table"].page.object_list) == n


def test_club_members_export_query_count_does_not_grow_with_the_club(
    client, django_assert_num_queries
):
    club, _ = _club_with_members(2)
    for n in (2, 12):
        for member in MemberFactory.create_batch(n - club.memberships.count()):
            MembershipFactory(member=member, club=club)
        # The club with its district and the members with their memberships.
        with django_assert_num_queries(2):
            response = client.get(club.get_absolute_url(), {"_export": "csv"})
        assert len(response.content.decode().splitlines()) == n + 1


def test_club_edit_query_count(client, django_assert_num_queries):
    club = ClubFactory()
    admin = member_with_login()
    give_role(admin, Role.Kind.CLUB_ADMIN, club=club)
    client.force_login(admin.user)
    # Login; the club; can_edit_club: the user's member, "is office staff?" and the
    # clubs they administer; the navigation bar.
    with django_assert_num_queries(LOGIN + 4 + NAVIGATION):
        response = client.get(f"/clubs/{club.pk}/edit/")
    assert response.status_code == 200


def _member_with_rows(mid: int, n: int):
    """A member with ``n`` of everything the member page lists: clubs this season,
    silver awards that count for ranking (each its own tournament), promotions and
    handicap changes."""
    member = MemberFactory(mid=mid)
    for k in range(n):
        MembershipFactory(member=member, represents=k == 0)
    today = timezone.localdate()
    MasterPointHolding.objects.create(member=member, silver=Decimal(10 * n))
    for k in range(n):
        day = today - timedelta(days=10 + k)
        tournament = Tournament.objects.create(
            event_id=f"page-{mid}-{k}",
            name=f"Silvret {k}",
            start_date=day,
            end_date=day,
            kind=Tournament.Kind.PAIRS,
            scoring=Tournament.Scoring.MATCHPOINTS,
            level=Tournament.Level.SILVER,
        )
        MasterPointAward.objects.create(
            member=member,
            tournament=tournament,
            colour="silver",
            exact=Decimal(10),
            credited=Decimal(10),
            table="D",
            rule_version="SBF 2014",
            awarded_on=day,
            reason_sv="Tabell D",
            reason_en="Table D",
        )
        Promotion.objects.create(
            member=member,
            master_class=CLASSES[k].code,
            rank=CLASSES[k].rank,
            reached_on=day,
            tournament=tournament,
        )
    RankingScore.objects.create(member=member, points=Decimal(10 * n), computed_on=today)
    handicap_history(member, n)
    return member


def test_member_page_query_count_does_not_grow_with_its_rows(client, django_assert_num_queries):
    for n in (12, 20):
        member = _member_with_rows(60000 + n, n)
        # First view: the member with its ranking row (the live place); the clubs of
        # the season; the awards app's parts: the holding, the latest awards with
        # their tournaments, how many awards, the promotions, the awards that may
        # count for ranking and the names of the latest that do; the handicap app's
        # part: the handicap, its latest changes with their tournaments and matches,
        # the months of the chart and how many changes.
        with django_assert_num_queries(12):
            response = client.get(member.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")
        body = response.content.decode()
        assert body.count("Table D") == 10  # the latest ten; all of them a page away
        assert f"All {n} awards, with CSV" in body
        assert len(response.context["memberships"]) == n
        assert f"The last 10 of {n} competitions." in body
        # Seen again: the member with its ranking row; the rest is kept under the
        # member's page version.
        with django_assert_num_queries(1):
            again = client.get(member.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en")
        assert again.context["parts"] == response.context["parts"]


def test_member_page_logged_in_query_count(client, django_assert_num_queries):
    viewer = member_with_login()
    client.force_login(viewer.user)
    member = _member_with_rows(60100, 12)
    # Login; the member page's twelve (above); the user's member (is it their own
    # page?); the navigation bar, once although each part is rendered with the
    # request's context.
    with django_assert_num_queries(LOGIN + 12 + 1 + NAVIGATION):
        response = client.get(member.get_absolute_url())
    assert response.status_code == 200 and not response.context["is_own"]


def test_private_details_query_count(client, django_assert_num_queries):
    member = member_with_login()
    client.force_login(member.user)
    # Login; the member of the address; can_edit_private_details: the user's member
    # and "is office staff?"; the navigation bar.
    with django_assert_num_queries(LOGIN + 3 + NAVIGATION):
        response = client.get(f"/members/{member.mid}/private/")
    assert response.status_code == 200


def test_my_page_query_count_does_not_grow_with_its_rows(client, django_assert_num_queries):
    for n in (12, 20):
        member = _member_with_rows(60200 + n, n)
        member.user = UserFactory(username=str(member.mid))
        member.save(update_fields=["user"])
        client.force_login(member.user)
        # Login; the user's member and roles; the start page's cards (the holding,
        # the ranking, the handicap's four, the latest results, the district and its
        # calendar); the navigation bar; every season's memberships with their clubs.
        with django_assert_num_queries(LOGIN + 2 + 9 + NAVIGATION + 1):
            response = client.get("/me/", HTTP_ACCEPT_LANGUAGE="en")
        page = response.content.decode()
        assert 'id="start-masterpoints"' in page and 'id="start-handicap"' in page
        assert len(response.context["memberships"]) == n


def test_notifications_query_count_does_not_grow_with_them(client, django_assert_num_queries):
    member = member_with_login()
    client.force_login(member.user)
    for n in (2, 12):
        for _ in range(n - Notification.objects.count()):
            Notification.objects.create(
                recipient=member.user, text_sv="Nytt", text_en="News", created=timezone.now()
            )
        # Login; the newest notifications; marking the unread ones read; the user's
        # member and the navigation bar.
        with django_assert_num_queries(LOGIN + 2 + 1 + NAVIGATION):
            response = client.get("/notifications/")
        assert len(response.context["notifications"]) == n


def test_member_import_page_query_count(client, django_assert_num_queries):
    client.force_login(office_staff())
    # Login; is_office_staff: the user's member and its office role; the navigation
    # bar.
    with django_assert_num_queries(LOGIN + 2 + NAVIGATION):
        response = client.get("/office/members/import/")
    assert response.status_code == 200
