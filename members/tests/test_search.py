import re

import pytest

from members.services import current_season

from .factories import ClubFactory, DistrictFactory, MemberFactory, MembershipFactory

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


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


def _björks(n: int) -> list:
    """``n`` members called Björk, in the order the search lists them."""
    return [MemberFactory(first_name=f"Birgitta{i:03}", last_name="Björk") for i in range(n)]


def _linked_mids(body: str) -> list[int]:
    return [int(mid) for mid in re.findall(r'href="/members/(\d+)/"', body)]


def test_the_count_is_every_match_not_the_page(client):
    _björks(120)
    MemberFactory(first_name="Eva", last_name="Berg")
    response = client.get("/", {"q": "björk"}, **EN)
    body = response.content.decode()
    assert "120 matches – choose one:" in body
    assert len(_linked_mids(body)) == 50
    swedish = client.get("/", {"q": "björk"}).content.decode()
    assert "120 träffar – välj en:" in swedish


def test_the_second_page_follows_the_first_and_keeps_the_query(client):
    björks = _björks(120)
    first = client.get("/", {"kind": "member", "q": "björk"}).content.decode()
    assert _linked_mids(first) == [m.mid for m in björks[:50]]
    assert 'href="?kind=member&amp;q=bj%C3%B6rk&amp;page=2"' in first
    second = client.get("/", {"kind": "member", "q": "björk", "page": 2}, **EN)
    body = second.content.decode()
    assert _linked_mids(body) == [m.mid for m in björks[50:100]]
    assert "120 matches" in body
    assert "page=1" in body and "page=3" in body
    last = client.get("/", {"kind": "member", "q": "björk", "page": 3}, **EN).content.decode()
    assert _linked_mids(last) == [m.mid for m in björks[100:]]
    assert "120 matches" in last and "page=4" not in last


def test_each_match_shows_the_club_it_represents_and_the_club_s_town(client):
    lund = ClubFactory(name="BK Lund", town="Lund")
    malmö = ClubFactory(name="BS Malmö", town="Malmö")
    at_lund = MemberFactory(first_name="Birgitta", last_name="Björk", town="Hemby")
    MembershipFactory(member=at_lund, club=lund, represents=True)
    MembershipFactory(member=at_lund, club=malmö, represents=False)
    last_season = MemberFactory(first_name="Birgitta", last_name="Björkman", town="Hemby")
    MembershipFactory(member=last_season, club=malmö, season=current_season() - 1)
    body = client.get("/", {"q": "birgitta björk"}, **EN).content.decode()
    assert "<th>Member</th><th>Club</th><th>Town</th>" in body
    assert (
        f'<tr><td><a href="/members/{at_lund.mid}/">Birgitta Björk ({at_lund.mid})</a></td>'
        f'<td><a href="/clubs/{lund.pk}/">BK Lund</a></td><td>Lund</td></tr>'
    ) in body
    # Neither a club of another season nor one it does not represent stands for it.
    assert (
        f'<td><a href="/members/{last_season.mid}/">Birgitta Björkman ({last_season.mid})'
        "</a></td><td>–</td><td>–</td>"
    ) in body
    assert "Malmö" not in body
    # The member's own town is a private detail.
    assert "Hemby" not in body


def test_kind_district_without_a_query_lists_every_district(client):
    skåne = DistrictFactory(name="Skånes BF")
    DistrictFactory(name="Östra BF")
    body = client.get("/", {"kind": "district"}, **EN).content.decode()
    assert f'<li><a href="/districts/{skåne.pk}/">Skånes BF</a></li>' in body
    assert body.index("Skånes BF") < body.index("Östra BF")
    assert "No district found." not in body


def test_kind_club_without_a_query_lists_the_clubs_a_page_at_a_time(client):
    district = DistrictFactory(name="Skånes BF")
    clubs = [ClubFactory(name=f"BK {i:03}", town="Lund", district=district) for i in range(60)]
    body = client.get("/", {"kind": "club"}, **EN).content.decode()
    assert (
        f'<tr><td><a href="/clubs/{clubs[0].pk}/">BK 000 ({clubs[0].number})</a></td>'
        f'<td>Lund</td><td><a href="/districts/{district.pk}/">Skånes BF</a></td></tr>'
    ) in body
    assert "BK 049" in body and "BK 050" not in body
    assert 'href="?kind=club&amp;page=2"' in body
    second = client.get("/", {"kind": "club", "page": 2}, **EN).content.decode()
    assert "BK 050" in second and "BK 059" in second and "BK 049" not in second


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


def test_a_search_seen_again_reads_nothing_until_a_name_or_club_changes(
    client, django_assert_num_queries
):
    """The results are kept under the search's list version (members/common/pages.py,
    SEARCH): a member, membership, club or district saved raises it, so nothing shown
    is stale."""
    club = ClubFactory(name="Gamla BK", town="Förr")
    for n in range(2):
        MembershipFactory(member=MemberFactory(last_name="Sökbar", mid=88001 + n), club=club)
    asked = {"kind": "member", "q": "Sökbar"}
    client.get("/", asked, **EN)
    with django_assert_num_queries(0):
        body = client.get("/", asked, **EN).content.decode()
    assert "Gamla BK" in body and "Förr" in body
    club.name, club.town = "Nya BK", "Sedan"
    club.save()
    body = client.get("/", asked, **EN).content.decode()
    assert "Nya BK" in body and "Sedan" in body
    MemberFactory(last_name="Sökbar", first_name="Tredje", mid=88003)
    body = client.get("/", asked, **EN).content.decode()
    assert "Tredje Sökbar (88003)" in body
    # One match left goes straight to the member, also when the answer was kept.
    asked = {"kind": "member", "q": "Tredje Sökbar"}
    assert client.get("/", asked)["Location"] == "/members/88003/"
    with django_assert_num_queries(0):
        assert client.get("/", asked)["Location"] == "/members/88003/"
