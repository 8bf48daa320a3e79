import pytest

from members.models import Role

from .factories import MemberFactory, MembershipFactory, give_role, member_with_login

pytestmark = pytest.mark.django_db


@pytest.fixture
def office_client(client):
    office = member_with_login()
    give_role(office, Role.Kind.OFFICE_STAFF)
    office.user.is_staff = office.user.is_superuser = True
    office.user.save()
    client.force_login(office.user)
    return client


def test_mid_is_read_only_once_given(office_client):
    member = MemberFactory(mid=4711)
    body = office_client.get(f"/office/admin/members/member/{member.pk}/change/").content.decode()
    assert 'name="mid"' not in body and "4711" in body
    add_form = office_client.get("/office/admin/members/member/add/").content.decode()
    assert 'name="mid"' in add_form


def test_office_searches_and_filters_members_and_sees_history(office_client):
    member = MemberFactory(first_name="Tommy", last_name="Gullberg", mid=4712)
    MembershipFactory(member=member)
    found = office_client.get("/office/admin/members/member/", {"q": "gullberg"}).content.decode()
    assert "4712" in found
    by_mid = office_client.get("/office/admin/members/member/", {"q": "4712"}).content.decode()
    assert "Gullberg" in by_mid
    filtered = office_client.get("/office/admin/members/member/", {"status__exact": "lapsed"})
    assert "4712" not in filtered.content.decode()
    assert (
        office_client.get(f"/office/admin/members/member/{member.pk}/history/").status_code == 200
    )


def test_players_cannot_reach_the_admin(client):
    player = member_with_login()
    client.force_login(player.user)
    assert client.get("/office/admin/members/member/").status_code == 302
