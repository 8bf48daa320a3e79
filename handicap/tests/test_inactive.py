"""Inactive players drop out of the handicap lists (seed 002_4426357e9a32e88f.txt: the
presentation's "Automatic drop when in-active", lines 711-712; "Results, older than one
year, have practically no or insignificant importance", line 601; a comeback regains the
old handicap, 5.2 lines 439-440)."""

from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from handicap.domain.activity import INACTIVE_AFTER_DAYS, inactive_from, is_inactive
from handicap.models import MemberHandicap
from handicap.services import update_handicaps_for
from handicap.tests.test_pages import history
from handicap.tests.test_services import _pairs_event
from members.models import Membership
from members.services import current_season
from members.tests.factories import ClubFactory, MemberFactory

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
TODAY = date(2026, 11, 25)


@pytest.mark.parametrize(
    ("days_ago", "inactive"),
    [(0, False), (365, False), (366, True), (800, True)],
)
def test_a_year_without_a_competition_makes_a_player_inactive_line_601(days_ago, inactive):
    assert INACTIVE_AFTER_DAYS == 365
    assert is_inactive(TODAY - timedelta(days=days_ago), TODAY) is inactive


def test_a_player_without_a_competition_yet_has_not_dropped_out_line_711():
    assert is_inactive(None, TODAY) is False


def test_a_player_is_left_out_from_the_366th_day_line_601():
    assert inactive_from(date(2025, 11, 24)) == date(2026, 11, 25)
    assert is_inactive(date(2025, 11, 24), inactive_from(date(2025, 11, 24)))
    assert not is_inactive(date(2025, 11, 24), inactive_from(date(2025, 11, 24)) - timedelta(1))


def _player(club, name: str, handicap: str, days_ago: int | None):
    member = MemberFactory(last_name=name)
    Membership.objects.create(member=member, club=club, season=current_season())
    today = timezone.localdate()
    MemberHandicap.objects.create(
        member=member,
        handicap=Decimal(handicap),
        start=Decimal("52"),
        updated_on=None if days_ago is None else today - timedelta(days=days_ago),
        policy_version="SBF 2007",
    )
    return member


@pytest.fixture
def club():
    """Four players: one who played a year ago to the day, one a day longer ago, one two
    years ago, one who has not played yet."""
    club = ClubFactory()
    _player(club, "Ettårig", "20.00", 365)
    _player(club, "Dagtill", "21.00", 366)
    _player(club, "Tvåårig", "22.00", 730)
    _player(club, "Nybörjare", "52.00", None)
    return club


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/handicap/list/", "/handicap/clubs/{pk}/"])
def test_the_lists_leave_inactive_players_out_and_say_how_many_line_711(client, club, url):
    url = url.format(pk=club.pk)
    page = client.get(url, **EN).content.decode()
    assert "Ettårig" in page and "Nybörjare" in page
    assert "Dagtill" not in page and "Tvåårig" not in page
    assert "2 inactive players not shown (no competition for over a year)." in page

    page = client.get(url, {"inactive": "on"}, **EN).content.decode()
    assert all(name in page for name in ("Ettårig", "Dagtill", "Tvåårig", "Nybörjare"))
    assert "inactive players not shown" not in page


@pytest.mark.django_db
def test_the_national_lists_filters_and_the_count_go_together(client, club):
    other = ClubFactory()
    _player(other, "Borta", "10.00", 400)
    page = client.get("/handicap/list/", {"club": other.pk}, **EN).content.decode()
    assert "1 inactive player not shown (no competition for over a year)." in page
    assert "No member has a handicap here." in page


@pytest.mark.django_db
def test_the_club_lists_queries_stay_three_with_inactive_players(
    client, club, django_assert_num_queries
):
    # The club, the counts of the shown and left out (also the pages' count), the page.
    for shown in ("", "on"):
        with django_assert_num_queries(3):
            response = client.get(f"/handicap/clubs/{club.pk}/", {"inactive": shown})
        assert response.context["counts"].shown == (4 if shown else 2)


@pytest.mark.django_db
def test_a_comeback_puts_the_player_back_on_the_list_with_the_old_handicap_5_2(client, club):
    """5.2 lines 439-440: the returning player regains the handicap they had."""
    gone = MemberHandicap.objects.get(member__last_name="Tvåårig").member
    last = timezone.localdate() - timedelta(days=730)
    history(gone, 1, start=22.25, first_day=last)  # 22.25 -> 22.00 two years ago
    page = client.get(f"/handicap/members/{gone.mid}/", **EN).content.decode()
    since = last + timedelta(days=366)
    assert f"Inactive since {since:%Y-%m-%d}: no handicap competition for over a year" in page

    partner, *others = [MemberFactory() for _ in range(3)]
    for member in (partner, *others):
        MemberHandicap.objects.create(
            member=member, handicap=22, start=22, policy_version="SBF 2007"
        )
    tournament = _pairs_event(
        timezone.localdate(), [(gone, partner, "50.00"), (others[0], others[1], "50.00")]
    )
    update_handicaps_for(tournament)
    back = MemberHandicap.objects.get(member=gone)
    assert (back.handicap, back.updated_on) == (Decimal("22.00"), timezone.localdate())
    page = client.get(f"/handicap/clubs/{club.pk}/", **EN).content.decode()
    assert "Tvåårig" in page and "1 inactive player not shown" in page
    page = client.get(f"/handicap/members/{gone.mid}/", **EN).content.decode()
    assert "Inactive since" not in page
