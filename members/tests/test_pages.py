import csv
import io

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from members.models import Membership

from .factories import ClubFactory, MemberFactory, MembershipFactory

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
    assert len(small_queries) == len(big_queries) == 3


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
