import pytest

from .factories import ClubFactory, DistrictFactory, MemberFactory

pytestmark = pytest.mark.django_db


def test_exact_mid_goes_straight_to_the_member(client):
    member = MemberFactory(mid=12345)
    MemberFactory(mid=123456)
    response = client.get("/", {"kind": "member", "q": "12345"})
    assert response.status_code == 302
    assert response["Location"] == member.get_absolute_url() == "/members/12345/"


def test_name_fragments_give_a_choice_list(client):
    MemberFactory(first_name="Tommy", last_name="Gullberg", mid=1)
    MemberFactory(first_name="Tomas", last_name="Gullbrand", mid=2)
    MemberFactory(first_name="Eva", last_name="Gullberg", mid=3)
    response = client.get("/", {"q": "tom gull"})
    body = response.content.decode()
    assert response.status_code == 200
    assert "Tommy Gullberg (1)" in body and "Tomas Gullbrand (2)" in body
    assert "Eva Gullberg" not in body


def test_one_name_match_goes_to_the_member(client):
    MemberFactory(first_name="Åsa", last_name="Öberg", mid=77)
    response = client.get("/", {"q": "ÅSA öb"})
    assert response.status_code == 302 and response["Location"] == "/members/77/"


def test_no_match_is_a_message_not_an_error(client):
    MemberFactory(first_name="Eva", last_name="Berg")
    response = client.get("/", {"q": "Zzyzx"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "No member found." in response.content.decode()


def test_club_and_district_search(client):
    district = DistrictFactory(name="Skånes BF", number=21)
    club = ClubFactory(name="BK Lund", number=1001, district=district)
    ClubFactory(name="Lunds BS", number=1002, district=district)
    assert client.get("/", {"kind": "club", "q": "1001"})["Location"] == club.get_absolute_url()
    body = client.get("/", {"kind": "club", "q": "lund"}).content.decode()
    assert "BK Lund (1001)" in body and "Lunds BS (1002)" in body
    assert client.get("/", {"kind": "district", "q": "skåne"})["Location"] == (
        district.get_absolute_url()
    )


def test_unknown_mid_or_id_is_a_404_in_the_site_layout(client):
    for url in ("/members/999999/", "/clubs/424242/", "/districts/424242/", "/no/such/page/"):
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 404, url
        body = response.content.decode()
        assert "Page not found" in body and "Klöver" in body, url


def test_unknown_member_is_the_site_404_even_with_debug_on(client, settings):
    settings.DEBUG = True  # as under `make run`
    response = client.get("/members/999999/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    assert "There is no district, club or member at this address." in response.content.decode()
