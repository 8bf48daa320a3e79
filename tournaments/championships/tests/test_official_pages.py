"""The district official's pages (issue #21 points 1, 2 and 4): who may open them, the
heats (seed 003 lines 159-163, 500) and the registrations (lines 165-167, 185-187,
272-276, 401-409), each step with its row in the trail."""

import datetime as dt
import itertools
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from members.models import Role
from members.tests.factories import (
    ClubFactory,
    DistrictFactory,
    MembershipFactory,
    district_official,
    give_role,
    member_with_login,
    office_staff,
)
from tournaments.championships.models import (
    Championship,
    Heat,
    OfficialStep,
    Registration,
    Stage,
)
from tournaments.models import Entry, EntryPlayer, Section, Standing, Tournament

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}
_EVENTS = itertools.count(1)


def heat_tournament(name: str, pairs: int, *, club=None, day=dt.date(2024, 11, 5), players=None):
    """A reported heat: ``pairs`` lines in order, pair n at 70 - n %; ``players`` gives
    some lines their two members ({line number: (member, member)})."""
    tournament = Tournament.objects.create(
        event_id=f"{name}-{next(_EVENTS)}", name=name, start_date=day, end_date=day, kind="pairs",
        scoring="matchpoints", level="silver", boards=26, organiser_club=club,
    )  # fmt: skip
    section = Section.objects.create(tournament=tournament, name="A")
    for n in range(1, pairs + 1):
        entry = Entry.objects.create(section=section, number=n, name=f"{name} pair {n}")
        Standing.objects.create(
            entry=entry, place=n, place_to=n, score=Decimal(200 - n),
            percentage=Decimal("70") - n,
        )  # fmt: skip
        for member in (players or {}).get(n, ()):
            EntryPlayer.objects.create(entry=entry, member=member, name=member.full_name)
    return tournament


@pytest.fixture
def dm():
    """DM Par Open 2024/25: registration 1 Sep - 23 Mar, silver heats 14 Oct - 23 Mar
    (003 line 354), no heats yet."""
    district = DistrictFactory()
    championship = Championship.objects.create(
        district=district, season=2024, discipline="open", form="pairs", name="DM Par Open",
        registration_opens=dt.date(2024, 9, 1), registration_closes=dt.date(2025, 3, 23),
    )  # fmt: skip
    Stage.objects.create(
        championship=championship, kind=Stage.Kind.SILVER_HEATS,
        starts_on=dt.date(2024, 10, 14), ends_on=dt.date(2025, 3, 23),
    )  # fmt: skip
    Stage.objects.create(championship=championship, kind=Stage.Kind.FINAL)
    return championship


def _heats(championship) -> Stage:
    return championship.stages.get(kind=Stage.Kind.SILVER_HEATS)


@pytest.fixture
def official(dm, client):
    user = district_official(dm.district)
    client.force_login(user)
    return user


def _member(district, season=2024):
    """A member representing a club of ``district`` this season."""
    return MembershipFactory(club=ClubFactory(district=district), season=season).member


def _url(name, *args):
    return reverse(f"championships:{name}", args=args)


def _steps(championship, kind):
    return list(OfficialStep.objects.filter(championship=championship, kind=kind))


# -- who may open the pages ----------------------------------------------------------


def test_anonymous_visitors_are_sent_to_log_in(client, dm):
    response = client.get(_url("official_championship", dm.pk))
    assert response.status_code == 302 and "/login" in response["Location"]


@pytest.mark.parametrize("who", ["member", "other_district", "club_admin"])
def test_others_are_refused(client, dm, who):
    if who == "member":
        user = member_with_login().user
    elif who == "other_district":
        user = district_official(DistrictFactory())
    else:
        member = member_with_login()
        give_role(member, Role.Kind.CLUB_ADMIN, club=ClubFactory(district=dm.district))
        user = member.user
    client.force_login(user)
    for url in (
        _url("official_championship", dm.pk),
        _url("official_trail", dm.pk),
        _url("official_register", dm.pk),
        _url("official_places", dm.pk),
        _url("official_heat_add", dm.pk, _heats(dm).pk),
    ):
        assert client.get(url).status_code == 403, url


@pytest.mark.parametrize("who", ["official", "office"])
def test_the_districts_official_and_the_office_may(client, dm, who):
    user = district_official(dm.district) if who == "official" else office_staff()
    client.force_login(user)
    page = client.get(_url("official_championship", dm.pk), **EN).content.decode()
    assert "Register a pair or team" in page and "Add a heat" in page
    assert client.get(_url("official_trail", dm.pk)).status_code == 200


@pytest.mark.two_factor
def test_the_second_factor_is_asked_first(client, dm):
    """As on the sanctions pages: an official without a confirmed second factor is sent
    to set one up (members.security.TwoFactorMiddleware)."""
    client.force_login(district_official(dm.district))
    response = client.get(_url("official_championship", dm.pk))
    assert response.status_code == 302 and "two-factor" in response["Location"].replace("_", "-")


def test_the_public_page_links_to_the_officials_page_only_for_those_who_may(client, dm):
    link = _url("official_championship", dm.pk)
    assert link not in client.get(_url("detail", dm.pk)).content.decode()
    client.force_login(member_with_login().user)
    assert link not in client.get(_url("detail", dm.pk)).content.decode()
    client.force_login(district_official(DistrictFactory()))
    assert link not in client.get(_url("detail", dm.pk)).content.decode()
    client.force_login(district_official(dm.district))
    assert link in client.get(_url("detail", dm.pk)).content.decode()
    client.force_login(office_staff())
    assert link in client.get(_url("detail", dm.pk)).content.decode()


# -- heats -------------------------------------------------------------------------------


def _heat_data(club, **extra):
    data = {
        "name": "Heat Linköping", "club": club.pk, "day": "2024-11-05",
        "invitation_sent_on": "2024-10-01", "registration_closes": "2024-11-01",
        "max_entries": "", "contact": "Carl", "tournament_id": "", "pick": "", "note": "",
    }  # fmt: skip
    data.update(extra)
    return data


def test_a_heat_is_added_with_its_trail_row(client, dm, official):
    club = ClubFactory(district=dm.district)
    response = client.post(_url("official_heat_add", dm.pk, _heats(dm).pk), _heat_data(club), **EN)
    assert response.status_code == 302
    heat = Heat.objects.get(stage__championship=dm)
    assert heat.club == club and heat.day == dt.date(2024, 11, 5)
    (step,) = _steps(dm, OfficialStep.Kind.HEAT_ADDED)
    assert "Heat Linköping" in step.note and step.actor == official


def test_a_heat_outside_the_qualifying_period_is_refused(client, dm, official):
    """003 line 159: the heat is played inside the period (the stage's dates)."""
    club = ClubFactory(district=dm.district)
    response = client.post(
        _url("official_heat_add", dm.pk, _heats(dm).pk), _heat_data(club, day="2024-10-01"), **EN
    )
    assert response.status_code == 200
    assert "outside the qualifying period 2024-10-14 – 2025-03-23 (003 line 159)" in (
        response.content.decode()
    )
    assert not Heat.objects.exists() and not OfficialStep.objects.exists()


def test_without_stage_dates_the_seeds_period_applies(client, dm, official):
    """003 line 354: Open's qualifying period is 14 Oct - 23 Mar."""
    Stage.objects.filter(pk=_heats(dm).pk).update(starts_on=None, ends_on=None)
    club = ClubFactory(district=dm.district)
    response = client.post(
        _url("official_heat_add", dm.pk, _heats(dm).pk), _heat_data(club, day="2025-03-24"), **SV
    )
    assert "utanför kvalperioden 2024-10-14 – 2025-03-23" in response.content.decode()


def test_a_late_invitation_warns_and_the_trail_keeps_it(client, dm, official):
    """003 line 163, decision: four weeks' notice warns, it does not refuse."""
    club = ClubFactory(district=dm.district)
    response = client.post(
        _url("official_heat_add", dm.pk, _heats(dm).pk),
        _heat_data(club, invitation_sent_on="2024-10-20"),
        follow=True,
        **EN,
    )
    assert "The invitation was sent 16 days before the heat, not four weeks (003 line 163)." in (
        response.content.decode()
    )
    (step,) = _steps(dm, OfficialStep.Kind.HEAT_ADDED)
    assert "16 days before the heat" in step.note


def test_a_club_runs_one_dm_lag_heat(client, official):
    """003 line 500."""
    district = official.member.roles.get().district
    lag = Championship.objects.create(
        district=district, season=2024, discipline="open", form="teams", name="DM Lag"
    )
    stage = Stage.objects.create(championship=lag, kind=Stage.Kind.CLUB_HEATS)
    club = ClubFactory(district=district)
    Heat.objects.create(stage=stage, name="Heat 1", club=club, day=dt.date(2024, 10, 5))
    response = client.post(
        _url("official_heat_add", lag.pk, stage.pk), _heat_data(club, day="2024-11-05"), **EN
    )
    assert "a club may run only one (003 line 500)" in response.content.decode()
    assert Heat.objects.filter(stage=stage).count() == 1


def test_moving_a_heat_after_the_registration_period_is_the_districts_consent(client, dm, official):
    """003 line 161: the heat's registration closed (in the past): the move goes through
    and the trail says it is the district's consent."""
    club = ClubFactory(district=dm.district)
    heat = Heat.objects.create(
        stage=_heats(dm), name="Heat A", club=club, day=dt.date(2024, 11, 5),
        registration_closes=dt.date(2024, 11, 1), invitation_sent_on=dt.date(2024, 9, 1),
    )  # fmt: skip
    data = _heat_data(club, name="Heat A", day="2024-11-12", invitation_sent_on="2024-09-01")
    response = client.post(_url("official_heat", dm.pk, heat.pk), data, follow=True, **EN)
    assert "your change is the district&#x27;s consent" in response.content.decode()
    heat.refresh_from_db()
    assert heat.day == dt.date(2024, 11, 12)
    (step,) = _steps(dm, OfficialStep.Kind.HEAT_CHANGED)
    assert "moved from 2024-11-05 after the registration period" in step.note
    assert "003 line 161" in step.note


def test_the_heats_results_by_id_or_picked_link_the_registrations(client, dm, official):
    club = ClubFactory(district=dm.district)
    a, b = _member(dm.district), _member(dm.district)
    heat = Heat.objects.create(stage=_heats(dm), name="Heat A", club=club, day=dt.date(2024, 11, 5))
    registration = Registration.objects.create(
        championship=dm, heat=heat, name="A – B", registered_on=dt.date(2024, 10, 1)
    )
    registration.players.create(member=a)
    registration.players.create(member=b)
    tournament = heat_tournament("Heat A", 12, club=club, players={3: (a, b)})
    form_page = client.get(_url("official_heat", dm.pk, heat.pk), **EN).content.decode()
    assert f'value="{tournament.pk}"' in form_page  # offered among the club's of that day
    data = _heat_data(club, name="Heat A", pick=str(tournament.pk))
    client.post(_url("official_heat", dm.pk, heat.pk), data, **EN)
    heat.refresh_from_db()
    registration.refresh_from_db()
    assert heat.tournament == tournament
    assert registration.entry.number == 3


def test_a_tournament_id_that_does_not_exist_is_refused(client, dm, official):
    club = ClubFactory(district=dm.district)
    response = client.post(
        _url("official_heat_add", dm.pk, _heats(dm).pk),
        _heat_data(club, tournament_id="999999"),
        **EN,
    )
    assert "No tournament has the id 999999." in response.content.decode()


def test_cancelling_a_heat_writes_the_trail(client, dm, official):
    heat = Heat.objects.create(
        stage=_heats(dm), name="Heat A", day=dt.date(2024, 11, 5),
        registration_closes=dt.date(2024, 11, 1),
    )  # fmt: skip
    client.post(_url("official_heat_cancel", dm.pk, heat.pk), {"note": "no room"})
    assert not Heat.objects.filter(pk=heat.pk).exists()
    (step,) = _steps(dm, OfficialStep.Kind.HEAT_CHANGED)
    assert "Heat A cancelled" in step.note and "consent (003 line 161)" in step.note


# -- registrations ---------------------------------------------------------------------


@pytest.fixture
def heat(dm):
    return Heat.objects.create(
        stage=_heats(dm), name="Heat A", club=ClubFactory(district=dm.district),
        day=dt.date(2024, 11, 5), registration_closes=dt.date(2024, 11, 1), max_entries=2,
    )  # fmt: skip


def _pair(heat, a, b, **extra):
    data = {
        "player_1": a.mid, "player_2": b.mid, "name": "", "heat": heat.pk if heat else "",
        "registered_on": "2024-10-01", "plays_qualification": "on",
    }  # fmt: skip
    data.update(extra)
    return data


def test_a_pair_is_registered_with_its_trail_row(client, dm, official, heat):
    a, b = _member(dm.district), _member(dm.district)
    response = client.post(_url("official_register", dm.pk), _pair(heat, a, b), **EN)
    assert response.status_code == 302
    registration = Registration.objects.get()
    assert {p.member for p in registration.players.all()} == {a, b}
    (step,) = _steps(dm, OfficialStep.Kind.REGISTERED)
    assert f"{a.mid}, {b.mid}" in step.note
    page = client.get(_url("official_championship", dm.pk), **EN).content.decode()
    assert a.full_name in page


def _refusal(client, dm, data, lang=EN) -> str:
    response = client.post(_url("official_register", dm.pk), data, **lang)
    assert response.status_code == 200
    return response.content.decode()


def test_registration_outside_the_championships_period_is_refused(client, dm, official, heat):
    a, b = _member(dm.district), _member(dm.district)
    page = _refusal(client, dm, _pair(heat, a, b, registered_on="2024-08-31"))
    assert "Registration opens on 2024-09-01." in page
    assert 'id="field-registered_on"' in page and not Registration.objects.exists()


def test_registration_after_the_heats_last_day_or_when_full_is_refused(client, dm, official, heat):
    """003 line 163: the invitation's last day and limit."""
    a, b = _member(dm.district), _member(dm.district)
    page = _refusal(client, dm, _pair(heat, a, b, registered_on="2024-11-02"))
    assert "The heat&#x27;s last day to register was 2024-11-01 (003 line 163)." in page
    for _n in range(2):
        client.post(
            _url("official_register", dm.pk),
            _pair(heat, _member(dm.district), _member(dm.district)),
        )
    page = _refusal(client, dm, _pair(heat, a, b))
    assert "The heat is full: its invitation allows 2 (003 line 163)." in page
    assert Registration.objects.count() == 2


def test_a_pair_from_another_district_needs_the_committees_dispensation(client, dm, official, heat):
    """003 line 167 (decision: a checkbox the official ticks); line 165: a pair with one
    district player needs none."""
    elsewhere = DistrictFactory()
    a, b = _member(elsewhere), _member(elsewhere)
    page = _refusal(client, dm, _pair(heat, a, b), SV)
    assert "Båda spelarna tillhör annat distrikt" in page
    assert client.post(_url("official_register", dm.pk), _pair(heat, a, b, dispensation="on"))
    (step,) = _steps(dm, OfficialStep.Kind.REGISTERED)
    assert "dispensation" in step.note
    assert Registration.objects.get().dispensation  # kept on the registration too
    mixed = _pair(heat, _member(dm.district), _member(elsewhere))
    assert client.post(_url("official_register", dm.pk), mixed).status_code == 302
    assert (
        not Registration.objects.exclude(pk=Registration.objects.earliest("pk").pk)
        .get()
        .dispensation
    )


def test_an_unknown_mid_is_named(client, dm, official, heat):
    a = _member(dm.district)
    page = _refusal(client, dm, _pair(heat, a, a, player_2=987654))
    assert "No member has the MID 987654." in page


def test_only_hcp30_and_champions_go_straight_to_the_final(client, dm, official):
    """003 lines 234, 272-276."""
    a, b = _member(dm.district), _member(dm.district)
    page = _refusal(client, dm, _pair(None, a, b))
    assert "Choose a heat" in page
    data = _pair(None, a, b, reigning_champions="on")
    assert client.post(_url("official_register", dm.pk), data).status_code == 302
    assert Registration.objects.get().reigning_champions


def test_champions_register_before_the_qualifying_period_ends(client, dm, official):
    """003 line 274: before the period's end (the stage's, 2025-03-23)."""
    a, b = _member(dm.district), _member(dm.district)
    dm.registration_closes = dt.date(2025, 4, 30)
    dm.save()
    data = _pair(None, a, b, reigning_champions="on", registered_on="2025-03-24")
    page = _refusal(client, dm, data)
    assert "before the qualifying period ends (2025-03-23, 003 line 274)" in page


def test_a_team_has_at_most_eight_players_and_each_one_team(client, official):
    """003 lines 401 and 409."""
    district = official.member.roles.get().district
    lag = Championship.objects.create(
        district=district, season=2024, discipline="open", form="teams", name="DM Lag"
    )
    stage = Stage.objects.create(championship=lag, kind=Stage.Kind.CLUB_HEATS)
    heat = Heat.objects.create(stage=stage, name="Heat 1", day=dt.date(2024, 11, 5))
    players = [_member(district) for _ in range(9)]
    data = {
        "captain": players[0].mid, "players": " ".join(str(p.mid) for p in players[1:]),
        "name": "Lag Kapten", "heat": heat.pk, "registered_on": "2024-10-01",
    }  # fmt: skip
    page = client.post(_url("official_register", lag.pk), data, **EN).content.decode()
    assert "A team has at most 8 players, not 9 (003 line 401)." in page
    data["players"] = " ".join(str(p.mid) for p in players[1:6])
    assert client.post(_url("official_register", lag.pk), data).status_code == 302
    registration = Registration.objects.get(championship=lag)
    assert registration.players.get(captain=True).member == players[0]
    second = {**data, "captain": players[8].mid, "players": f"{players[2].mid}", "name": "Två"}
    page = client.post(_url("official_register", lag.pk), second, **EN).content.decode()
    assert f"Already in another team: {players[2].full_name}" in page
    assert "(003 line 409)" in page


def test_withdrawal_is_recorded_with_its_date(client, dm, official, heat):
    a, b = _member(dm.district), _member(dm.district)
    client.post(_url("official_register", dm.pk), _pair(heat, a, b))
    registration = Registration.objects.get()
    url = _url("official_registration", dm.pk, registration.pk)
    client.post(url, {"action": "withdraw", "withdrawn_on": "2024-10-20"})
    registration.refresh_from_db()
    assert registration.withdrawn_on == dt.date(2024, 10, 20)
    (step,) = _steps(dm, OfficialStep.Kind.WITHDRAWN)
    assert "2024-10-20" in step.note


def test_a_bronze_heats_declaration_only_before_the_heats_day(client, dm, official):
    """003 lines 185-187: refused after the heat's day, saved before it."""
    today = timezone.localdate()
    bronze = Stage.objects.create(
        championship=dm, kind=Stage.Kind.BRONZE_HEATS,
        starts_on=today - dt.timedelta(days=60), ends_on=today + dt.timedelta(days=60),
    )  # fmt: skip
    played = Heat.objects.create(stage=bronze, name="Played", day=today - dt.timedelta(days=1))
    coming = Heat.objects.create(stage=bronze, name="Coming", day=today + dt.timedelta(days=1))
    rows = []
    for heat in (played, coming):
        r = Registration.objects.create(
            championship=dm, heat=heat, name=heat.name, registered_on=today
        )
        rows.append(r)
    url = _url("official_registration", dm.pk, rows[0].pk)
    page = client.post(url, {"action": "declare"}, **EN).content.decode()
    assert "the declaration is made before the start (003 lines 185-187)" in page
    rows[0].refresh_from_db()
    assert rows[0].plays_qualification
    client.post(_url("official_registration", dm.pk, rows[1].pk), {"action": "declare"})
    rows[1].refresh_from_db()
    assert not rows[1].plays_qualification
    (step,) = _steps(dm, OfficialStep.Kind.OTHER)
    assert "Coming: does not play the qualification" in step.note


def test_a_registration_is_linked_to_its_line_by_hand(client, dm, official, heat):
    heat.tournament = heat_tournament("Heat A", 12)
    heat.save()
    registration = Registration.objects.create(
        championship=dm, heat=heat, name="X", registered_on=dt.date(2024, 10, 1)
    )
    entry = Entry.objects.get(section__tournament=heat.tournament, number=4)
    url = _url("official_registration", dm.pk, registration.pk)
    client.post(url, {"action": "link", "entry": entry.pk})
    registration.refresh_from_db()
    assert registration.entry == entry
    assert "linked to result line" in _steps(dm, OfficialStep.Kind.OTHER)[0].note


def test_the_trail_page_lists_every_step_oldest_first(client, dm, official, heat):
    client.post(
        _url("official_register", dm.pk), _pair(heat, _member(dm.district), _member(dm.district))
    )
    registration = Registration.objects.get()
    client.post(
        _url("official_registration", dm.pk, registration.pk),
        {"action": "withdraw", "withdrawn_on": "2024-10-20"},
    )
    page = client.get(_url("official_trail", dm.pk), **EN).content.decode()
    assert page.index('data-kind="registered"') < page.index('data-kind="withdrawn"')
    assert official.get_username() in page or official.get_full_name() in page


def test_the_officials_page_reads_in_few_queries(
    client, dm, official, heat, django_assert_max_num_queries
):
    for _n in range(2):
        client.post(
            _url("official_register", dm.pk),
            _pair(heat, _member(dm.district), _member(dm.district)),
        )
    with django_assert_max_num_queries(20):
        client.get(_url("official_championship", dm.pk))


def test_bad_input_in_the_heat_form_is_named_not_a_crash(client, dm, official):
    response = client.post(
        _url("official_heat_add", dm.pk, _heats(dm).pk),
        {"name": "X", "club": "abc", "day": "not a day", "max_entries": "-1"},
        **EN,
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "Enter a valid date." in page and not Heat.objects.exists()


def test_a_registration_is_checked_under_the_championships_lock(client, dm, official, heat):
    """Two officials registering the same player at once: the second form is checked
    only after the first is saved (the championship row is locked first), so line 409's
    one team per player and a heat's limit cannot both pass beside each other."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    if not connection.features.has_select_for_update:
        pytest.skip("this database has no row locks; it serialises writes instead")
    data = _pair(heat, _member(dm.district), _member(dm.district))
    with CaptureQueriesContext(connection) as queries:
        assert client.post(_url("official_register", dm.pk), data).status_code == 302
    sql = [q["sql"] for q in queries.captured_queries]
    lock = next(i for i, q in enumerate(sql) if "FOR UPDATE" in q and "championship" in q)
    check = next(
        i
        for i, q in enumerate(sql)
        if "championships_registeredplayer" in q or "championships_registration" in q
    )
    assert lock < check
