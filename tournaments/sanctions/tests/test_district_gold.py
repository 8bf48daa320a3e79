"""A district applying for a gold event itself: "I tillämpliga delar gäller
ovanstående även för dfb, som önskar arrangera guldtävling" (seed 000 chapter 4,
lines 251-253). The district is the applicant (no club); its submission is the
endorsement the office waits for (lines 245-248 in their applicable part), and the
office decides."""

import pytest
from django.urls import reverse
from django.utils import translation

from members.models import Notification
from tournaments.sanctions import services, workflow
from tournaments.sanctions.models import Sanction, SanctionAction

from .factories import SanctionFactory, next_season_day

pytestmark = pytest.mark.django_db

State = Sanction.State


@pytest.fixture(autouse=True)
def _swedish():
    with translation.override("sv"):
        yield


def district_gold(district, **kw) -> Sanction:
    values = dict(
        club=None,
        district=district,
        level=Sanction.Level.GOLD,
        entries=32,
        boards=57,
        name="Skånes guldpar",
    )
    return SanctionFactory(**(values | kw))


def form_data(applicant, **changes) -> dict:
    day = next_season_day()
    data = {
        "district": applicant.pk,
        "level": "gold",
        "form_of_play": "pairs",
        "name": "Skånes guldpar",
        "start_date": day.isoformat(),
        "end_date": day.isoformat(),
        "entries": "32",
        "boards": "57",
        "open": "on",
        "contact_name": "Dora Distrikt",
        "contact_email": "dora@example.se",
        "address": "Distriktsvägen 2",
        "phone": "040-111111",
        "postcode": "211 00",
        "town": "Malmö",
        "director": "Tore TL",
        "venue": "Bridgens hus",
        "submitted_by_name": "Dora Distrikt",
        "submitted_by_phone": "040-111111",
        "action": "save",
    }
    data.update(changes)
    return data


def new_url(district) -> str:
    return reverse("sanctions:new") + f"?district={district.pk}"


# --- the workflow ----------------------------------------------------------------------


def test_district_submits_straight_to_the_office_which_decides_lines_251_253(people):
    s = district_gold(people["home"])
    assert workflow.allowed_steps(people["home_official"], s) == ["edit", "submit", "withdraw"]
    s = workflow.submit(s, user=people["home_official"])
    s.refresh_from_db()
    assert s.state == State.ENDORSED and s.submitted_at is not None
    assert workflow.allowed_steps(people["home_official"], s) == ["withdraw"]
    assert workflow.allowed_steps(people["office"], s) == ["approve", "reject"]
    s = workflow.approve(s, user=people["office"], note="Välkommen")
    s.refresh_from_db()
    assert s.state == State.APPROVED
    trail = [(a.kind, a.from_state, a.to_state, a.actor_role) for a in s.actions.all()]
    assert trail == [
        ("submitted", "draft", "endorsed", "district_official"),
        ("approved", "endorsed", "approved", "office_staff"),
    ]
    assert s.actions.first().actor_name.endswith(", Skånes BF")
    # the office heard of it on submission; the district of the approval
    heard = Notification.objects.filter(recipient=people["office"], text_sv__contains="guldpar")
    assert heard.count() == 1  # the submission; its own approval is not sent back to it
    assert Notification.objects.filter(recipient=people["home_official_2"]).count() == 2


def test_who_may_act_on_a_districts_application_lines_251_253(people):
    s = district_gold(people["home"])
    for user in (people["admin"], people["other_official"], people["player"], people["office"]):
        assert workflow.allowed_steps(user, s) == []
        with pytest.raises(workflow.NotAllowed):
            workflow.submit(s, user=user)
    assert workflow.can_view(people["home_official_2"], s)
    assert not workflow.can_view(people["admin"], s)
    assert not workflow.can_view(people["other_official"], s)
    s = workflow.submit(s, user=people["home_official"])
    # the district cannot decide its own application; the office can
    with pytest.raises(workflow.NotAllowed):
        workflow.approve(s, user=people["home_official"])
    assert workflow.can_view(people["office"], s)


def test_a_district_applies_for_gold_only_lines_251_253(people):
    from django.db import IntegrityError, transaction

    with pytest.raises(IntegrityError), transaction.atomic():
        district_gold(people["home"], level=Sanction.Level.SILVER)


def test_the_gold_pre_checks_run_for_a_district_lines_251_253_359_365(people):
    s = district_gold(people["home"], entries=20)
    with pytest.raises(workflow.ChecksRefuse) as refused:
        workflow.submit(s, user=people["home_official"])
    assert [c.rule_id for c in refused.value.checks] == ["gold.entries"]
    s.refresh_from_db()
    assert s.state == State.DRAFT and not s.actions.exists()


def test_the_districts_own_events_are_its_season_not_a_clubs(people):
    first = district_gold(people["home"], state=State.APPROVED, bridge_week="Skånebridge")
    second = district_gold(people["home"], bridge_week="Skånebridge", name="Andra guldet")
    SanctionFactory(club=people["club"], state=State.APPROVED, bridge_week="Skånebridge")
    context = services.context_of(second)
    assert [e.name for e in context.season_events] == [first.name]
    checks = {c.rule_id: c for c in services.pre_checks(second)}
    assert not checks["bridge_week"].passed  # two gold in one bridge week (ch. 4, 157-159)


def test_after_30_april_the_districts_application_is_flagged_on_submission(people):
    import datetime as dt

    s = district_gold(people["home"])
    late = dt.date(workflow.calendar_deadline(s.start_date).year, 5, 2)
    s = workflow.submit(s, user=people["home_official"], today=late)
    s.refresh_from_db()
    assert s.outside_calendar_deadline


# --- the pages -------------------------------------------------------------------------


def test_the_district_official_applies_on_the_page_lines_251_253(client, people):
    client.force_login(people["home_official"])
    index = client.get(reverse("sanctions:index"))
    assert new_url(people["home"]) in index.content.decode()
    page = client.get(new_url(people["home"]))
    assert page.status_code == 200
    assert 'id="applicant-district"' in page.content.decode()
    assert [v for v, _label in page.context["form"].fields["level"].choices] == ["gold"]
    response = client.post(new_url(people["home"]), form_data(people["home"], action="submit"))
    assert response.status_code == 302, response.context["form"].errors
    s = Sanction.objects.get()
    assert s.club is None and s.district == people["home"] and s.state == State.ENDORSED
    detail = client.get(s.get_absolute_url()).content.decode()
    assert 'id="applicant"' in detail and "Skånes BF" in detail
    # the office's queue lists it
    client.force_login(people["office"])
    index = client.get(reverse("sanctions:index"))
    assert [r.record.pk for r in index.context["office_queue"].rows] == [s.pk]


def test_a_district_cannot_apply_for_silver_or_for_another_district(client, people):
    client.force_login(people["home_official"])
    response = client.post(new_url(people["home"]), form_data(people["home"], level="silver"))
    assert response.status_code == 200 and "level" in response.context["form"].errors
    response = client.post(
        new_url(people["home"]), form_data(people["home"], district=people["other"].pk)
    )
    assert response.status_code == 200 and "district" in response.context["form"].errors
    assert client.get(new_url(people["other"])).status_code == 403
    assert not Sanction.objects.exists()


def test_only_the_districts_officials_open_its_form(client, people):
    for who in ("admin", "other_official", "player", "office"):
        client.force_login(people[who])
        assert client.get(new_url(people["home"])).status_code == 403


def test_the_district_edits_its_draft_and_the_pre_checks_answer(client, people):
    s = district_gold(people["home"])
    client.force_login(people["home_official_2"])
    assert client.get(reverse("sanctions:edit", args=[s.pk])).status_code == 200
    data = form_data(people["home"], entries="20", applicant_district=str(people["home"].pk))
    data["sanction"] = str(s.pk)
    fragment = client.post(reverse("sanctions:pre_checks"), data)
    assert fragment.status_code == 200
    assert 'data-rule="gold.entries" data-status="refusal"' in fragment.content.decode()
    client.force_login(people["admin"])
    assert client.get(reverse("sanctions:edit", args=[s.pk])).status_code == 403
    assert client.post(reverse("sanctions:pre_checks"), data).status_code == 403


def test_choosing_offers_the_officials_districts(client, people):
    client.force_login(people["home_official"])
    response = client.get(reverse("sanctions:new"))
    assert response.status_code == 200
    assert [d.pk for d in response.context["districts"]] == [people["home"].pk]


def test_printed_decision_names_the_district_as_applicant(client, people):
    s = workflow.submit(district_gold(people["home"]), user=people["home_official"])
    workflow.approve(s, user=people["office"])
    client.force_login(people["home_official"])
    body = client.get(reverse("sanctions:decision", args=[s.pk])).content.decode()
    assert 'id="applicant"' in body and "Skånes BF" in body
    assert SanctionAction.objects.filter(sanction=s).count() == 2


# --- the results -----------------------------------------------------------------------


def _tournament(**kw):
    from tournaments.models import Tournament

    day = next_season_day()
    values = dict(
        name="Skånes guldpar",
        event_id="guld-1",
        start_date=day,
        end_date=day,
        kind=Tournament.Kind.PAIRS,
        scoring=Tournament.Scoring.MATCHPOINTS,
    )
    return Tournament.objects.create(**(values | kw))


def test_a_districts_report_finds_its_own_gold_sanction_lines_251_253(people):
    own = district_gold(people["home"], state=State.APPROVED)
    district_gold(people["other"], state=State.APPROVED)  # another district's
    SanctionFactory(club=people["club"], state=State.APPROVED)  # a club's, same day
    assert services.sanction_for(_tournament(organiser_district=people["home"])) == own
    assert services.sanction_for(_tournament(organiser_club=people["club"], event_id="k")) != own
    assert services.sanction_for(_tournament(event_id="none")) is None
