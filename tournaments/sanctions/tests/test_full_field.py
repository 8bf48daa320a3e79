"""A full silver field and the minority clubs' priority: "Vid fullteckning har
spelare från klubbar som är i minoritet företräde. Inget sådant par kan nekas plats
i tävlingen om anmälan inkommer inom stipulerad tid" (seed 000 chapter 5, lines
315-319).

The application states its field limit and entry deadline (the pre-check in
``test_minority_priority``); once approved, the club reports the field full and who
waits, and the district where it is played records its ruling on the trail."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import translation

from members.models import Notification
from tournaments.sanctions import services, workflow
from tournaments.sanctions.models import Sanction

from .factories import SanctionFactory, next_season_day
from .test_views import application

pytestmark = pytest.mark.django_db

State = Sanction.State
Full = Sanction.FieldFull


@pytest.fixture(autouse=True)
def _swedish():
    with translation.override("sv"):
        yield


def approved(people, **kw) -> Sanction:
    day = next_season_day()
    values = dict(
        club=people["club"],
        state=State.APPROVED,
        field_limit=28,
        entry_deadline=day - dt.timedelta(days=7),
    )
    return SanctionFactory(**(values | kw))


# --- the workflow ----------------------------------------------------------------------


def test_club_reports_full_and_the_district_rules_on_the_trail_lines_315_319(people):
    s = approved(people)
    assert "report_full" in workflow.allowed_steps(people["admin"], s)
    assert "decide_priority" not in workflow.allowed_steps(people["home_official"], s)
    s = workflow.report_full(
        s, user=people["admin"], reason="28 par anmälda; väntar: Ek/Al (BK Växjö), anmälda i tid"
    )
    s.refresh_from_db()
    assert (s.state, s.field_full) == (State.APPROVED, Full.REPORTED)
    assert workflow.allowed_steps(people["home_official"], s) == ["decide_priority"]
    assert "report_full" not in workflow.allowed_steps(people["admin"], s)
    s = workflow.decide_priority(
        s, user=people["home_official"], reason="Ek/Al har företräde och ges plats"
    )
    s.refresh_from_db()
    assert (s.state, s.field_full) == (State.APPROVED, Full.DECIDED)
    trail = [(a.kind, a.from_state, a.to_state, a.actor_role, a.note) for a in s.actions.all()]
    assert trail == [
        (
            "field_full",
            "approved",
            "approved",
            "club_admin",
            "28 par anmälda; väntar: Ek/Al (BK Växjö), anmälda i tid",
        ),
        (
            "priority_decided",
            "approved",
            "approved",
            "district_official",
            "Ek/Al har företräde och ges plats",
        ),
    ]
    # the club's administrator hears of the ruling
    assert Notification.objects.filter(
        recipient=people["admin"], text_sv__contains="Ek/Al har företräde"
    ).exists()


def test_both_steps_need_their_text_lines_315_319(people):
    s = approved(people)
    with pytest.raises(workflow.WorkflowError):
        workflow.report_full(s, user=people["admin"], reason=" ")
    s.refresh_from_db()
    assert s.field_full == Full.NOT_REPORTED and not s.actions.exists()


def test_only_the_playing_district_rules_lines_315_319(people):
    s = approved(people, field_full=Full.REPORTED)
    for user in (people["office"], people["other_official"], people["admin"], people["player"]):
        with pytest.raises(workflow.NotAllowed):
            workflow.decide_priority(s, user=user, reason="nej")
    out = approved(people, district=people["other"], field_full=Full.REPORTED)
    with pytest.raises(workflow.NotAllowed):
        workflow.decide_priority(out, user=people["home_official"], reason="ja")
    workflow.decide_priority(out, user=people["other_official"], reason="ja")


def test_the_district_queue_lists_a_reported_full_field_lines_315_319(people):
    waiting = approved(people, field_full=Full.REPORTED)
    approved(people)  # not reported
    approved(people, field_full=Full.DECIDED)
    queue = Sanction.objects.filter(services.awaiting_district({people["home"].pk}))
    assert list(queue) == [waiting]


# --- the pages -------------------------------------------------------------------------


def test_the_form_takes_the_limit_and_deadline_and_checks_them_lines_315_319(client, people):
    client.force_login(people["admin"])
    day = next_season_day()
    response = client.post(
        reverse("sanctions:new"),
        application(people["club"], field_limit="20", entry_deadline=day.isoformat()),
    )
    errors = response.context["form"].errors
    assert "field_limit" in errors  # 20 < the 24 pairs planned
    assert "entry_deadline" in errors  # not before the first playing day
    deadline = (day - dt.timedelta(days=5)).isoformat()
    response = client.post(
        reverse("sanctions:new"),
        application(people["club"], field_limit="28", entry_deadline=deadline, action="submit"),
    )
    assert response.status_code == 302
    s = Sanction.objects.get()
    assert (s.field_limit, s.entry_deadline.isoformat()) == (28, deadline)
    detail = client.get(s.get_absolute_url()).content.decode()
    assert 'data-rule="silver.minority_priority" data-status="passed"' in detail
    assert 'id="field-limit"' in detail


def test_a_limit_without_deadline_cannot_be_submitted_lines_315_319(client, people):
    client.force_login(people["admin"])
    response = client.post(
        reverse("sanctions:new"), application(people["club"], field_limit="28", action="submit")
    )
    assert response.status_code == 200
    assert [row["check"].rule_id for row in response.context["refused"]] == [
        "silver.minority_priority"
    ]
    assert not Sanction.objects.exists()


def test_the_steps_on_the_page_lines_315_319(client, people):
    s = approved(people)
    client.force_login(people["admin"])
    page = client.get(s.get_absolute_url()).content.decode()
    assert 'id="step-report_full"' in page
    url = reverse("sanctions:step", args=[s.pk, "report_full"])
    client.post(url, {"state": "approved", "home_endorsement": "", "reason": "Fullt: 28 par"})
    s.refresh_from_db()
    assert s.field_full == Full.REPORTED
    client.force_login(people["home_official"])
    page = client.get(s.get_absolute_url()).content.decode()
    assert 'id="field-full" data-full="reported"' in page and 'id="step-decide_priority"' in page
    url = reverse("sanctions:step", args=[s.pk, "decide_priority"])
    client.post(url, {"state": "approved", "home_endorsement": "", "reason": "Ge plats åt Ek/Al"})
    s.refresh_from_db()
    assert s.field_full == Full.DECIDED
    assert s.actions.last().note == "Ge plats åt Ek/Al"
