import pytest

from members.models import Role

from .factories import ClubFactory, MemberFactory, give_role, member_with_login

pytestmark = pytest.mark.django_db


def test_club_admin_edits_own_club_but_not_another(client):
    own, other = ClubFactory(name="BK Eget"), ClubFactory(name="BK Annat")
    admin = member_with_login()
    give_role(admin, Role.Kind.CLUB_ADMIN, club=own)
    client.force_login(admin.user)
    data = {"name": "BK Eget Nytt", "town": "Lund", "email": "", "website": ""}

    assert client.post(f"/clubs/{own.pk}/edit/", data).status_code == 302
    own.refresh_from_db()
    assert own.name == "BK Eget Nytt"

    refused = client.post(f"/clubs/{other.pk}/edit/", data | {"name": "Kapad"})
    assert refused.status_code == 403
    other.refresh_from_db()
    assert other.name == "BK Annat"


def test_player_edits_own_private_details_but_not_anothers(client):
    player = member_with_login()
    someone = MemberFactory(email="orig@example.se")
    client.force_login(player.user)
    data = {
        "email": "ny@example.se",
        "phone": "1",
        "street_address": "A",
        "postcode": "1",
        "town": "B",
    }

    response = client.post(f"/members/{player.mid}/private/", data)
    assert response.status_code == 302 and response["Location"] == "/me/"
    player.refresh_from_db()
    assert player.email == "ny@example.se"

    assert client.post(f"/members/{someone.mid}/private/", data).status_code == 403
    someone.refresh_from_db()
    assert someone.email == "orig@example.se"


def test_club_admin_cannot_edit_members_private_details(client):
    club = ClubFactory()
    admin = member_with_login()
    give_role(admin, Role.Kind.CLUB_ADMIN, club=club)
    someone = MemberFactory()
    client.force_login(admin.user)
    assert client.get(f"/members/{someone.mid}/private/").status_code == 403


def test_office_staff_may_edit_any_club_and_member(client):
    office = member_with_login()
    give_role(office, Role.Kind.OFFICE_STAFF)
    club, someone = ClubFactory(), MemberFactory()
    client.force_login(office.user)
    assert client.get(f"/clubs/{club.pk}/edit/").status_code == 200
    assert client.get(f"/members/{someone.mid}/private/").status_code == 200


def test_anonymous_visitors_are_sent_to_log_in(client):
    club = ClubFactory()
    response = client.get(f"/clubs/{club.pk}/edit/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")


def test_my_page_shows_own_private_details(client):
    player = member_with_login(email="min@example.se")
    client.force_login(player.user)
    body = client.get("/me/").content.decode()
    assert "min@example.se" in body and str(player.mid) in body


def test_login_with_password_reaches_my_page(client):
    player = member_with_login()
    response = client.post(
        "/accounts/login/", {"username": str(player.mid), "password": "secret-pass-123"}
    )
    assert response.status_code == 302 and response["Location"] == "/me/"
