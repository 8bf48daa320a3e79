"""The public pages of a district championship (issue #21 point 4, first part): its
stages and heats, and DM-par's places in the final with the rule behind each (seed 003
lines 219-270: the final's size, T1 and T2)."""

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse

from members.tests.factories import ClubFactory, DistrictFactory
from tournaments.championships.models import Championship, Heat, Stage
from tournaments.models import Entry, Section, Standing, Tournament

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}


def _heat_tournament(name: str, pairs: int) -> Tournament:
    day = dt.date(2024, 10, 5)
    tournament = Tournament.objects.create(
        event_id=name, name=name, start_date=day, end_date=day, kind="pairs",
        scoring="matchpoints", level="silver", boards=26,
    )  # fmt: skip
    section = Section.objects.create(tournament=tournament, name="A")
    for n in range(1, pairs + 1):
        entry = Entry.objects.create(section=section, number=n, name=f"{name} pair {n}")
        Standing.objects.create(
            entry=entry, place=n, place_to=n, score=Decimal(200 - n),
            percentage=Decimal("70") - n,
        )  # fmt: skip
    return tournament


@pytest.fixture
def dm():
    district = DistrictFactory()
    championship = Championship.objects.create(
        district=district, season=2024, discipline="open", form="pairs", name="DM Par Open"
    )
    heats = Stage.objects.create(championship=championship, kind=Stage.Kind.SILVER_HEATS)
    Stage.objects.create(championship=championship, kind=Stage.Kind.FINAL)
    for name, pairs in (("Heat A", 12), ("Heat B", 14), ("Heat C", 16)):
        Heat.objects.create(
            stage=heats, name=name, club=ClubFactory(district=district),
            day=dt.date(2024, 10, 5), tournament=_heat_tournament(name, pairs),
        )  # fmt: skip
    return championship


def test_the_list_and_the_page_show_the_championship(client, dm):
    listing = client.get(reverse("championships:list"), **EN).content.decode()
    assert reverse("championships:detail", args=[dm.pk]) in listing
    page = client.get(reverse("championships:detail", args=[dm.pk]), **EN).content.decode()
    assert "Only players of the district's clubs" in page  # 000 line 1760: closed
    assert "Silver heats" in page and "Heat B" in page


def test_the_places_in_the_final_and_who_holds_them(client, dm):
    """42 pairs: a final of 22 (half is 21, up to the next even number, 003 line 222);
    12 × 22 / 42 = 6.286, 14 × 22 / 42 = 7.333, 16 × 22 / 42 = 8.381: T1 gives 6, 7
    and 8, and T2 the last place to the largest remainder, heat C (lines 250-264)."""
    page = client.get(reverse("championships:detail", args=[dm.pk]), **EN).content.decode()
    section = page[page.index('id="qualification"') :]
    assert "22" in section[: section.index("</p>")]
    assert "Heat A" in section and "6 places" in section
    assert "7 places" in section and "9 places" in section
    heat_c = section[section.index("Heat C") :]
    assert "largest remainder 0.381" in heat_c
    assert "Heat C pair 9 (61.00 %)" in heat_c and "Heat C pair 10" not in heat_c
    swedish = client.get(reverse("championships:detail", args=[dm.pk]), **SV).content.decode()
    assert "största rest 0,381" in swedish


def test_a_teams_championship_has_no_pairs_final_places(client, dm):
    dm.form = Championship.Form.TEAMS
    dm.save()
    page = client.get(reverse("championships:detail", args=[dm.pk]), **EN).content.decode()
    assert 'id="qualification"' not in page


def test_the_district_official_finds_the_championships_on_the_start_page(client, dm):
    from members.models import Role
    from members.tests.factories import give_role, member_with_login

    official = member_with_login()
    give_role(official, Role.Kind.DISTRICT_OFFICIAL, district=dm.district)
    client.force_login(official.user)
    page = client.get(reverse("members:my_page"), **EN).content.decode()
    card = page[page.index('id="start-championships"') :]
    assert reverse("championships:detail", args=[dm.pk]) in card[: card.index("</section>")]
    assert reverse("championships:official_championship", args=[dm.pk]) in card


def test_a_hcp30_championship_links_to_the_deadline_days_handicaps(client, dm):
    page = client.get(reverse("championships:detail", args=[dm.pk]), **EN).content.decode()
    assert 'id="hcp30-check"' not in page
    dm.discipline = Championship.Discipline.HCP30
    dm.save()
    page = client.get(reverse("championships:detail", args=[dm.pk]), **EN).content.decode()
    assert reverse("handicap:dm_hcp30", args=[dm.pk]) in page


def test_dm_lag_shares_the_semifinal_places_among_its_heats(client):
    """003 lines 571-573: share = teams in the heat / all teams × places; one place per
    whole number, at least one, the rest by decimals. Heats of 4, 5, 6 and 13 teams and
    20 places: 2.857, 3.571, 4.286, 9.286 → 2, 3, 4, 9, then the two left to the
    largest decimals (heats 1 and 2): 3, 4, 4, 9 (as `dm_semifinal_places`)."""
    district = DistrictFactory()
    dm_lag = Championship.objects.create(
        district=district, season=2024, discipline="open", form="teams", name="DM Lag",
        semifinal_places=20,
    )  # fmt: skip
    heats = Stage.objects.create(championship=dm_lag, kind=Stage.Kind.CLUB_HEATS)
    for name, teams in (("Heat 1", 4), ("Heat 2", 5), ("Heat 3", 6), ("Heat 4", 13)):
        Heat.objects.create(
            stage=heats, name=name, club=ClubFactory(district=district),
            day=dt.date(2024, 11, 2), tournament=_heat_tournament(name, teams),
        )  # fmt: skip
    page = client.get(reverse("championships:detail", args=[dm_lag.pk]), **EN).content.decode()
    section = page[page.index('id="semifinal-places"') :]
    for name, places in (("Heat 1", 3), ("Heat 2", 4), ("Heat 3", 4), ("Heat 4", 9)):
        assert f"{name}, " in section and f": {places} places</h3>" in section.split(name)[1][:120]
    assert "Heat 4 pair 9" in section and "Heat 4 pair 10" not in section
    assert 'id="qualification"' not in page  # no pairs final


def test_each_played_heat_shows_its_colour_and_what_it_lacks(client, dm):
    """003 line 183: a silver heat pays silver from 12 pairs and 40 boards; these heats
    have 26 boards, so they pay bronze. A bronze heat of 7 pairs lacks its minimum of 8
    (line 189)."""
    bronze = Stage.objects.create(championship=dm, kind=Stage.Kind.BRONZE_HEATS)
    Heat.objects.create(stage=bronze, name="Heat D", tournament=_heat_tournament("Heat D", 7))
    page = client.get(reverse("championships:detail", args=[dm.pk]), **EN).content.decode()
    stages = page[page.index('id="stages"') : page.index('id="qualification"')]
    heat_a = stages[stages.index("Heat A") :]
    assert "bronze points" in heat_a[: heat_a.index("</li>")]
    heat_d = stages[stages.index("Heat D") :]
    assert "a bronze heat needs at least 8 pairs, not 7 (003 line 189)" in heat_d
    # Not a heat of the championship: its pairs neither count nor qualify.
    qualification = page[page.index('id="qualification"') :]
    assert "Heat D" not in qualification and "Half of 42 pairs" in qualification


def test_a_silver_heat_over_three_sessions_is_no_heat(client, dm):
    """003 line 183: a silver heat is played over at most two sessions; the official
    says how many (one report holds them all)."""
    heat = Heat.objects.get(stage__championship=dm, name="Heat A")
    heat.sessions = 2
    heat.save()
    page = client.get(reverse("championships:detail", args=[dm.pk]), **EN).content.decode()
    assert "at most 2 sessions" not in page
    assert "Heat A pair 1 " in page[page.index('id="qualification"') :]
    heat.sessions = 3
    heat.save()
    page = client.get(reverse("championships:detail", args=[dm.pk]), **EN).content.decode()
    assert "a silver heat has at most 2 sessions, not 3 (003 line 183)" in page
    section = page[page.index('id="qualification"') :]
    assert "Heat A pair 1 " not in section  # its pairs do not qualify
