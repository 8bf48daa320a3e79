"""The official's DM Lag draw end to end (issue #21 point 4; seed 003 lines 584-596,
612-618, 705-720): the heats' places into the semifinals, the teams' choices, a place
given up and the next team asked, confirming, the final's field and the SM places,
every step on the trail; and who may run it."""

import pytest
from django.urls import reverse

from members.models import Role
from members.tests.factories import DistrictFactory, give_role, member_with_login
from tournaments.championships.models import FinalPlace, OfficialStep, Stage

from .lag_fixtures import build_dm_lag, play_final, play_semifinals

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
Kind = OfficialStep.Kind


@pytest.fixture
def dm_lag():
    return build_dm_lag()


@pytest.fixture
def official(client, dm_lag):
    member = member_with_login()
    give_role(member, Role.Kind.DISTRICT_OFFICIAL, district=dm_lag.district)
    client.force_login(member.user)
    return member


def _url(dm_lag):
    return reverse("championships:lag_semifinals_official", args=[dm_lag.pk])


def _heat(dm_lag, name):
    return dm_lag.stages.get(kind=Stage.Kind.CLUB_HEATS).heats.get(name=name)


def _team(heat, name):
    return heat.tournament.sections.get().entries.get(name=name)


def _choose(client, dm_lag, name, slots, wishes):
    heat = _heat(dm_lag, name)
    prefix = f"heat{heat.pk}"
    data = {"action": "choose", "heat": heat.pk}
    for n, count in slots.items():
        data[f"{prefix}-slots_{n}"] = count
    for team, wish in wishes.items():
        data[f"{prefix}-wish_{_team(heat, team).pk}"] = wish
    return client.post(_url(dm_lag), data, **EN)


def _seated(dm_lag, rule=FinalPlace.Rule.SEMIFINAL):
    rows = FinalPlace.objects.filter(championship=dm_lag, rule=rule, declined_on=None)
    return {r.name: r.group for r in rows.exclude(group=None)}


def _row(dm_lag, name, rule=FinalPlace.Rule.SEMIFINAL):
    return FinalPlace.objects.get(championship=dm_lag, rule=rule, name=name, declined_on=None)


def _steps(dm_lag):
    return list(dm_lag.steps.order_by("pk").values_list("kind", flat=True))


@pytest.mark.parametrize("who", ["anonymous", "member", "other_district"])
def test_only_the_district_official_or_the_office_runs_the_draw(client, dm_lag, who):
    if who != "anonymous":
        member = member_with_login()
        if who == "other_district":
            give_role(member, Role.Kind.DISTRICT_OFFICIAL, district=DistrictFactory())
        client.force_login(member.user)
    response = client.get(_url(dm_lag))
    assert response.status_code == (302 if who == "anonymous" else 403)
    assert client.post(_url(dm_lag), {"action": "confirm_draw"}).status_code in (302, 403)
    assert not dm_lag.steps.exists()


def test_office_staff_may_run_it(client, dm_lag):
    member = member_with_login()
    give_role(member, Role.Kind.OFFICE_STAFF)
    client.force_login(member.user)
    assert client.get(_url(dm_lag)).status_code == 200


def test_the_draw_end_to_end(client, dm_lag, official):
    # Line 586: TK puts heat A's four places two and two; the teams choose in placing
    # order. A3 wishes for semifinal 1, already full with A1 and A2: it gets 2.
    response = _choose(client, dm_lag, "Heat A", {1: 2, 2: 2}, {"A1": 1, "A2": 1, "A3": 1})
    assert response.status_code == 302
    assert _seated(dm_lag) == {"A1": 1, "A2": 1, "A3": 2, "A4": 2}
    assert "gives it the first one left" in _row(dm_lag, "A3").reason_en
    # A semifinal has four teams: two more of heat B in semifinal 1 would be six.
    refused = _choose(client, dm_lag, "Heat B", {1: 3, 2: 1}, {})
    assert refused.status_code == 400
    assert "Semifinal 1 would have more than 4 teams." in refused.content.decode()
    assert _choose(client, dm_lag, "Heat B", {1: 2, 2: 2}, {"B1": 2}).status_code == 302
    assert _seated(dm_lag)["B1"] == 2 and _seated(dm_lag)["B3"] == 1
    assert client.post(_url(dm_lag), {"action": "confirm_draw"}).status_code == 302
    assert not FinalPlace.objects.filter(rule="semifinal", stage=None).exists()
    # Lines 590, 596: A2 gives its place up; A5, next in heat A, is asked and says no;
    # heat B has nobody left; A2 is asked last and takes the place back.
    client.post(_url(dm_lag), {"action": "give_up", "place": _row(dm_lag, "A2").pk})
    page = client.get(reverse("championships:lag_semifinals", args=[dm_lag.pk]), **EN)
    text = page.content.decode()
    assert "A2 gave up its place in semifinal 1." in text
    assert "Asked next: A5 – the next team of heat 1, where the place was given up" in text
    given_up = FinalPlace.objects.get(name="A2", declined_on__isnull=False)
    answer = {"action": "answer", "rule": "semifinal", "position": given_up.position}
    wrong = client.post(_url(dm_lag), answer | {"entry": given_up.entry_id, "accepts": "yes"}, **EN)
    assert "It is not that team&#x27;s turn to be asked." in wrong.content.decode()
    a5 = _team(_heat(dm_lag, "Heat A"), "A5")
    client.post(_url(dm_lag), answer | {"entry": a5.pk, "accepts": "no"})
    text = client.get(reverse("championships:lag_semifinals", args=[dm_lag.pk]), **EN)
    assert "Asked next: A2 – gave the place up and gets it back" in text.content.decode()
    client.post(_url(dm_lag), answer | {"entry": given_up.entry_id, "accepts": "yes"})
    assert _seated(dm_lag)["A2"] == 1 and "A5" not in _seated(dm_lag)
    assert _steps(dm_lag) == [
        Kind.SEMIFINAL_CHOSEN, Kind.SEMIFINAL_CHOSEN, Kind.CONFIRMED, Kind.DECLINED,
        Kind.DECLINED, Kind.REPLACED,
    ]  # fmt: skip
    # The final's field (line 614) and the SM places (lines 709, 715).
    play_semifinals(dm_lag, [["A1", "B3", "A2", "B4"], ["B1", "A3", "A4", "B2"]])
    assert client.post(_url(dm_lag), {"action": "confirm_final"}).status_code == 302
    final = FinalPlace.objects.filter(championship=dm_lag, rule="final").order_by("position")
    assert [(r.name, r.group) for r in final[:4]] == [("A1", 1), ("B3", 1), ("B1", 2), ("A3", 2)]
    assert final[0].reason_sv == "segrare i semifinal 1 (seed 003 rad 614)"
    play_final(dm_lag, ["B1", "A1", "A3", "B3", "A2", "A4", "B2", "B4"])
    assert client.post(_url(dm_lag), {"action": "confirm_sm"}).status_code == 302
    assert list(
        FinalPlace.objects.filter(rule="sm").order_by("position").values_list("name", flat=True)
    ) == ["B1", "A1", "A3"]
    # Line 715: an SM place given up goes to the next team of the DM final.
    client.post(_url(dm_lag), {"action": "give_up", "place": _row(dm_lag, "A1", "sm").pk})
    taking = FinalPlace.objects.filter(rule="sm", declined_on=None).order_by("position")
    assert list(taking.values_list("name", flat=True)) == ["B1", "A3", "B3"]
    assert _steps(dm_lag)[-4:] == [Kind.CONFIRMED, Kind.CONFIRMED, Kind.DECLINED, Kind.REPLACED]


def test_confirming_before_every_heat_has_chosen_is_refused(client, dm_lag, official):
    _choose(client, dm_lag, "Heat A", {1: 2, 2: 2}, {})
    response = client.post(_url(dm_lag), {"action": "confirm_draw"}, **EN, follow=True)
    assert "The teams of Heat B have not chosen yet." in response.content.decode()
    assert not FinalPlace.objects.exclude(stage=None).exists()
    assert _steps(dm_lag) == [Kind.SEMIFINAL_CHOSEN]


def test_the_heat_places_must_add_up(client, dm_lag, official):
    response = _choose(client, dm_lag, "Heat A", {1: 1, 2: 2}, {})
    assert response.status_code == 400
    assert "add up to 3, not 4" in response.content.decode()
    assert not FinalPlace.objects.exists() and not dm_lag.steps.exists()


def test_the_official_page_renders_every_section(client, dm_lag, official):
    page = client.get(_url(dm_lag), **EN).content.decode()
    for section in ("official-choose", "official-places", "official-final", "official-sm", "trail"):
        assert f'id="{section}"' in page
    assert "Places in semifinal 2" in page
