import pytest

from members.tests.factories import DistrictFactory, member_with_login

from .factories import ClubFactory, club_admin, district_official, office_staff


@pytest.fixture
def people():
    """BK Lund in Skåne with its admin; two officials of Skåne and one of Småland;
    the office; another club's admin; a member without a role."""
    home = DistrictFactory(name="Skånes BF")
    other = DistrictFactory(name="Smålands BF")
    club = ClubFactory(district=home, members_count=150, name="BK Lund")
    return {
        "club": club,
        "home": home,
        "other": other,
        "admin": club_admin(club),
        "home_official": district_official(home),
        "home_official_2": district_official(home),
        "other_official": district_official(other),
        "office": office_staff(),
        "stranger_admin": club_admin(ClubFactory(district=other, name="BK Växjö")),
        "player": member_with_login().user,
    }
