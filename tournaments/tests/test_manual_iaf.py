"""The manual team forms' handicap fields: how the event counts for the handicap
(seed 002 3.3.3.1-3, lines 231-303) and which room each player sat in (3.3.3.2, a
pair is the two players of a team in one room). Assertions read data and form errors,
as in tournaments/manual/tests/test_views.py, whose helpers these are."""

import pytest

from tournaments.manual.tests.test_views import (  # noqa: F401 (fixtures)
    BASE,
    admin_client,
    club,
    event,
    lineup,
    match_data,
    team_event_data,
)
from tournaments.models import LineupSlot, TeamMatch, Tournament

pytestmark = pytest.mark.django_db


def _rooms(data, index, side, rooms):
    for seat, room in enumerate(rooms, start=1):
        data[f"half-{index}-{side}_{seat}_room"] = "" if room is None else str(room)
    return data


def test_a_team_event_is_created_with_its_handicap_form(admin_client, club):  # noqa: F811
    """002 3.3.3.2: the event form offers the IAF/TAF forms beside 3.3.3.1."""
    page = admin_client.get(f"{BASE}/teams/new/")
    field = page.context["form"].fields["team_handicap_form"]
    assert "3.3.3.1-3" in str(field.help_text)
    assert [value for value, _label in field.choices] == [
        "team_match",
        "team_match_iaf",
        "duplicate_teams_iaf",
    ]
    data = team_event_data(club.pk) | {"team_handicap_form": "team_match_iaf"}
    assert admin_client.post(f"{BASE}/teams/new/", data).status_code == 302
    assert Tournament.objects.get().team_handicap_form == "team_match_iaf"


def test_a_team_event_without_the_field_counts_match_by_match(admin_client, club):  # noqa: F811
    """An older page or a script that leaves the field out gets 3.3.3.1 (lines 231-248)."""
    assert admin_client.post(f"{BASE}/teams/new/", team_event_data(club.pk)).status_code == 302
    assert Tournament.objects.get().team_handicap_form == "team_match"


def test_an_unknown_handicap_form_is_a_form_error(admin_client, club):  # noqa: F811
    data = team_event_data(club.pk) | {"team_handicap_form": "butler"}
    page = admin_client.post(f"{BASE}/teams/new/", data)
    assert page.status_code == 200
    assert "team_handicap_form" in page.context["form"].errors
    assert not Tournament.objects.exists()


def test_the_match_form_saves_each_players_room(admin_client, event):  # noqa: F811
    """3.3.3.2: the rooms given are kept on the line-up (1 open, 2 closed)."""
    home, away = lineup(event)
    data = match_data(event, half1=(home, away))
    _rooms(data, 0, "home", (1, 2, 1, 2))
    _rooms(data, 0, "away", (2, 2, 1, 1))
    assert admin_client.post(f"{BASE}/teams/{event.pk}/match/", data).status_code == 302
    match = TeamMatch.objects.get()
    rooms = {
        (slot.entry_id, slot.player.member.mid): slot.room
        for slot in LineupSlot.objects.filter(match=match).select_related("player__member")
    }
    assert rooms == {
        **{(match.home_id, mid): room for mid, room in zip(home, (1, 2, 1, 2), strict=True)},
        **{(match.away_id, mid): room for mid, room in zip(away, (2, 2, 1, 1), strict=True)},
    }


def test_a_match_without_rooms_keeps_them_blank(admin_client, event):  # noqa: F811
    home, away = lineup(event)
    data = match_data(event, half1=(home, away))
    assert admin_client.post(f"{BASE}/teams/{event.pk}/match/", data).status_code == 302
    assert set(LineupSlot.objects.values_list("room", flat=True)) == {None}


@pytest.mark.parametrize(
    "rooms",
    [(1, 1, 1, 2), (1, 1, 2, None), (2, 2, 2, 2)],
    ids=["three open", "one not given", "all closed"],
)
def test_rooms_that_are_not_two_and_two_are_refused_naming_team_and_half(
    admin_client,  # noqa: F811
    event,  # noqa: F811
    rooms,
):
    """A room holds one pair of each team (3.3.3.2 "m:s partner", lines 268-270): other
    than two players of a team in a room is refused, nothing saved."""
    home, away = lineup(event)
    data = match_data(event, half1=(home, away))
    _rooms(data, 0, "home", (1, 1, 2, 2))
    _rooms(data, 0, "away", rooms)
    page = admin_client.post(f"{BASE}/teams/{event.pk}/match/", data)
    assert page.status_code == 200
    (error,) = page.context["formset"].forms[0].non_field_errors()
    away_team = event.sections.get().entries.get(number=2)
    assert "1" in error and f"{away_team.number} {away_team.name}" in error
    assert page.context["formset"].forms[0].errors  # on the half, not elsewhere
    assert not TeamMatch.objects.exists()
