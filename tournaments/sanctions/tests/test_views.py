"""The sanction pages (issue #7): the application form and its bad input, live
pre-checks, who sees which page, the steps (two deciders at once), the lists and
their query counts, the public calendar, the printable decision, notifications."""

import datetime as dt

import pytest
from django.conf import settings
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone

from members.models import Notification, Role
from tournaments.sanctions import workflow
from tournaments.sanctions.models import Sanction, SanctionAction

from .factories import (
    ClubFactory,
    DistrictFactory,
    SanctionFactory,
    club_admin,
    next_season_day,
)

pytestmark = pytest.mark.django_db

State = Sanction.State


def application(club, /, **changes):
    """The form's POST data for a silver pairs event that passes every check."""
    day = next_season_day()
    data = {
        "district": club.district_id,
        "level": "silver",
        "form_of_play": "pairs",
        "name": "Lundasilvret",
        "start_date": day.isoformat(),
        "end_date": day.isoformat(),
        "alternative_days": "",
        "entries": "24",
        "boards": "48",
        "open": "on",
        "expected_players": "48",
        "expected_players_other_clubs": "20",
        "contact_name": "Karin Kontakt",
        "contact_email": "karin@example.se",
        "action": "save",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def texts(response) -> list[str]:
    """The messages so far (the test client follows no redirect, so they pile up)."""
    return [str(m) for m in get_messages(response.wsgi_request)]


def post_new(client, club, **changes):
    return client.post(reverse("sanctions:new"), application(club, **changes))


# --- the form: bad input -------------------------------------------------------------


def test_new_form_defaults_to_the_clubs_district_and_shows_pre_checks(client, people):
    client.force_login(people["admin"])
    response = client.get(reverse("sanctions:new"))
    assert response.status_code == 200
    assert response.context["form"]["district"].value() == people["home"].pk
    assert 'id="pre-checks"' in response.content.decode()
    assert "js/pre_checks.js" in response.content.decode()


@pytest.mark.parametrize("missing", ["name", "start_date", "entries", "boards", "contact_email"])
def test_missing_required_field_is_a_field_error(client, people, missing):
    client.force_login(people["admin"])
    response = post_new(client, people["club"], **{missing: ""})
    assert response.status_code == 200
    assert missing in response.context["form"].errors
    assert Sanction.objects.count() == 0


def test_end_before_start_is_impossible(client, people):
    client.force_login(people["admin"])
    day = next_season_day()
    response = post_new(client, people["club"], end_date=(day - dt.timedelta(days=1)).isoformat())
    errors = response.context["form"].errors
    assert list(errors) == ["end_date"]
    assert "Omöjliga datum" in errors["end_date"][0]
    assert Sanction.objects.count() == 0


@pytest.mark.parametrize("days", [0, -10])
def test_first_day_not_in_the_future_is_refused(client, people, days):
    client.force_login(people["admin"])
    day = (timezone.localdate() + dt.timedelta(days=days)).isoformat()
    response = post_new(client, people["club"], start_date=day, end_date=day)
    assert "start_date" in response.context["form"].errors
    assert Sanction.objects.count() == 0


def test_more_players_from_other_clubs_than_players_is_an_error(client, people):
    client.force_login(people["admin"])
    response = post_new(client, people["club"], expected_players_other_clubs="60")
    assert list(response.context["form"].errors) == ["expected_players_other_clubs"]


def test_gold_needs_the_gold_form_fields(client, people):
    client.force_login(people["admin"])
    response = post_new(client, people["club"], level="gold", entries="32", boards="57")
    errors = response.context["form"].errors
    assert set(errors) == {
        "address",
        "phone",
        "postcode",
        "town",
        "director",
        "venue",
        "submitted_by_name",
        "submitted_by_phone",
    }
    assert Sanction.objects.count() == 0


def test_the_club_over_its_quota_is_refused_and_nothing_is_kept(client, people):
    club = ClubFactory(district=people["home"], members_count=50)
    admin = club_admin(club)
    for day in (1, 8, 15, 22, 29):
        when = next_season_day(8, day)
        SanctionFactory(club=club, start_date=when, end_date=when, state=State.APPROVED)
    before = (Sanction.objects.count(), SanctionAction.objects.count())
    client.force_login(admin)
    response = post_new(client, club, action="submit")
    assert response.status_code == 200
    body = response.content.decode()
    assert 'id="refusals"' in body
    assert 'data-rule="season.silver"' in body
    assert "får arrangera 5 silvertävlingar per spelår; denna blir nummer 6" in body
    assert "SBF Mästarpoäng 2014-2015, kap. 5" in body
    assert (Sanction.objects.count(), SanctionAction.objects.count()) == before
    assert Notification.objects.count() == 0


def test_the_refusal_is_in_english_for_an_english_reader(client, people):
    club = ClubFactory(district=people["home"], members_count=50)
    admin = club_admin(club)
    for day in (1, 8, 15, 22, 29):
        when = next_season_day(8, day)
        SanctionFactory(club=club, start_date=when, end_date=when, state=State.APPROVED)
    client.force_login(admin)
    response = client.post(
        reverse("sanctions:new"),
        application(club, action="submit"),
        HTTP_ACCEPT_LANGUAGE="en",
    )
    body = response.content.decode()
    assert "may arrange 5 silver events a season; this would be number 6" in body
    assert "SBF Mästarpoäng 2014-2015, chapter 5" in body


# --- the form: saving and submitting ---------------------------------------------------


def test_save_draft_then_submit(client, people):
    client.force_login(people["admin"])
    response = post_new(client, people["club"])
    sanction = Sanction.objects.get()
    assert response.status_code == 302 and response.url == sanction.get_absolute_url()
    assert sanction.state == State.DRAFT and sanction.club == people["club"]
    assert sanction.created_by == people["admin"]
    assert list(sanction.actions.values_list("kind", flat=True)) == ["created"]

    edit = reverse("sanctions:edit", args=[sanction.pk])
    assert client.get(edit).status_code == 200
    response = client.post(edit, application(people["club"], name="Nytt namn", action="submit"))
    assert response.status_code == 302
    sanction.refresh_from_db()
    assert (sanction.state, sanction.name) == (State.SUBMITTED, "Nytt namn")
    assert list(sanction.actions.values_list("kind", flat=True)) == [
        "created",
        "edited",
        "submitted",
    ]
    # A submitted application is no longer a draft to change.
    response = client.get(edit)
    assert response.status_code == 302 and response.url == sanction.get_absolute_url()


def test_submit_straight_from_the_new_form(client, people):
    client.force_login(people["admin"])
    post_new(client, people["club"], action="submit")
    sanction = Sanction.objects.get()
    assert sanction.state == State.SUBMITTED
    assert list(sanction.actions.values_list("kind", flat=True)) == ["created", "submitted"]


def test_another_district_makes_silver_out_of_district(client, people):
    client.force_login(people["admin"])
    post_new(client, people["club"], district=people["other"].pk, action="submit")
    sanction = Sanction.objects.get()
    assert sanction.out_of_district
    assert sanction.home_endorsement == Sanction.HomeEndorsement.PENDING


def test_admin_of_several_clubs_chooses_the_club(client, people):
    second = ClubFactory(district=people["home"], name="BK Malmö")
    from members.models import Role

    Role.objects.create(member=people["admin"].member, kind=Role.Kind.CLUB_ADMIN, club=second)
    client.force_login(people["admin"])
    response = client.get(reverse("sanctions:new"))
    assert "sanctions/choose_club.html" in [t.name for t in response.templates]
    assert f"?club={second.pk}" in response.content.decode()
    response = client.post(f"{reverse('sanctions:new')}?club={second.pk}", application(second))
    assert Sanction.objects.get().club == second


# --- who may open which page -----------------------------------------------------------


def test_anonymous_is_sent_to_log_in(client, people):
    s = SanctionFactory(club=people["club"], state=State.APPROVED)
    for url in (
        reverse("sanctions:index"),
        reverse("sanctions:new"),
        reverse("sanctions:detail", args=[s.pk]),
        reverse("sanctions:edit", args=[s.pk]),
        reverse("sanctions:decision", args=[s.pk]),
        reverse("members:notifications"),
    ):
        response = client.get(url)
        assert response.status_code == 302 and "/login/" in response.url, url
    assert client.post(reverse("sanctions:pre_checks")).status_code == 302
    assert client.get(reverse("sanctions:calendar")).status_code == 200


@pytest.mark.parametrize("who", ["stranger_admin", "home_official", "office", "player"])
def test_only_the_clubs_admin_writes_the_application(client, people, who):
    draft = SanctionFactory(club=people["club"])
    client.force_login(people[who])
    assert client.get(f"{reverse('sanctions:new')}?club={people['club'].pk}").status_code == 403
    assert client.get(reverse("sanctions:edit", args=[draft.pk])).status_code == 403
    response = client.post(reverse("sanctions:edit", args=[draft.pk]), application(people["club"]))
    assert response.status_code == 403
    data = application(people["club"], club=str(people["club"].pk))
    assert client.post(reverse("sanctions:pre_checks"), data).status_code == 403


def test_a_member_without_a_role_cannot_apply(client, people):
    client.force_login(people["player"])
    assert client.get(reverse("sanctions:new")).status_code == 403


@pytest.mark.parametrize(
    "who, status",
    [
        ("admin", 200),
        ("home_official", 200),
        ("office", 200),
        ("stranger_admin", 403),
        ("other_official", 403),
        ("player", 403),
    ],
)
def test_who_sees_the_application_and_its_decision(client, people, who, status):
    s = SanctionFactory(club=people["club"], state=State.REJECTED, decision_reason="För få par")
    client.force_login(people[who])
    assert client.get(reverse("sanctions:detail", args=[s.pk])).status_code == status
    assert client.get(reverse("sanctions:decision", args=[s.pk])).status_code == status


# --- the application's page and its steps -------------------------------------------------


def test_detail_shows_fields_checks_trail_and_only_allowed_buttons(client, people):
    s = workflow.submit(SanctionFactory(club=people["club"]), user=people["admin"])
    client.force_login(people["home_official"])
    body = client.get(reverse("sanctions:detail", args=[s.pk])).content.decode()
    assert s.reference in body and "Karin Kontakt" in body and "Bridgehuset" in body
    assert 'data-rule="silver.entries"' in body
    assert 'id="trail-table"' in body and 'data-kind="submitted"' in body
    assert 'id="step-approve"' in body and 'id="step-reject"' in body
    assert 'id="step-withdraw"' not in body and 'id="edit-link"' not in body
    assert '<textarea name="reason" id="reason-reject" rows="2" required>' in body

    client.force_login(people["admin"])
    body = client.get(reverse("sanctions:detail", args=[s.pk])).content.decode()
    assert 'id="step-withdraw"' in body and 'id="step-approve"' not in body


def test_gold_after_the_deadline_is_flagged_on_the_page(client, people):
    s = SanctionFactory(
        club=people["club"],
        level="gold",
        state=State.SUBMITTED,
        outside_calendar_deadline=True,
    )
    client.force_login(people["office"])
    body = client.get(reverse("sanctions:detail", args=[s.pk])).content.decode()
    assert 'id="calendar-deadline"' in body


def step(client, s, name, *, state, endorsement="", reason=""):
    return client.post(
        reverse("sanctions:step", args=[s.pk, name]),
        {"state": state, "home_endorsement": endorsement, "reason": reason},
    )


def test_two_officials_deciding_the_same_application(client, people):
    s = workflow.submit(SanctionFactory(club=people["club"]), user=people["admin"])
    client.force_login(people["home_official"])
    response = step(client, s, "approve", state="submitted", reason="Välkommen")
    assert response.status_code == 302 and response.url == s.get_absolute_url()
    assert texts(response) == ["Ansökan godkänd."]  # what happened, not the button's words
    # The second official's page still says "submitted".
    client.force_login(people["home_official_2"])
    response = step(client, s, "reject", state="submitted", reason="För sent")
    assert response.status_code == 302
    message = texts(response)[-1]
    assert "Redan behandlad" in message and people["home_official"].member.full_name in message
    s.refresh_from_db()
    assert s.state == State.APPROVED and s.decision_reason == "Välkommen"
    assert s.actions.filter(kind="rejected").count() == 0


def test_a_step_nobody_allowed_is_403(client, people):
    s = workflow.submit(SanctionFactory(club=people["club"]), user=people["admin"])
    client.force_login(people["admin"])
    assert step(client, s, "approve", state="submitted").status_code == 403
    client.force_login(people["stranger_admin"])
    assert step(client, s, "withdraw", state="submitted").status_code == 403
    client.force_login(people["home_official"])
    assert step(client, s, "nonsense", state="submitted").status_code == 404
    assert client.get(reverse("sanctions:step", args=[s.pk, "approve"])).status_code == 405
    s.refresh_from_db()
    assert s.state == State.SUBMITTED


def test_reject_needs_a_reason_and_a_bad_state_is_refused(client, people):
    s = workflow.submit(SanctionFactory(club=people["club"]), user=people["admin"])
    client.force_login(people["home_official"])
    response = step(client, s, "reject", state="submitted", reason="  ")
    assert "motiveringen" in texts(response)[-1]
    response = step(client, s, "reject", state="nonsense", reason="Nej")
    assert "inaktuell" in texts(response)[-1]
    s.refresh_from_db()
    assert s.state == State.SUBMITTED
    response = step(client, s, "reject", state="submitted", reason="För få brickor")
    s.refresh_from_db()
    assert s.state == State.REJECTED and s.decision_reason == "För få brickor"


def test_approve_refused_by_the_rules_says_why(client, people):
    s = SanctionFactory(club=people["club"], state=State.SUBMITTED, entries=12)
    client.force_login(people["home_official"])
    response = step(client, s, "approve", state="submitted")
    messages = texts(response)
    assert any("16 par" in m for m in messages)
    s.refresh_from_db()
    assert s.state == State.SUBMITTED


def test_out_of_district_silver_through_both_districts(client, people):
    s = SanctionFactory(club=people["club"], district=people["other"])
    s = workflow.submit(s, user=people["admin"])
    client.force_login(people["other_official"])
    body = client.get(reverse("sanctions:detail", args=[s.pk])).content.decode()
    assert 'id="home-endorsement"' in body and 'id="step-approve"' not in body
    client.force_login(people["home_official"])
    step(client, s, "endorse_home", state="submitted", endorsement="pending")
    client.force_login(people["other_official"])
    step(client, s, "approve", state="submitted", endorsement="endorsed")
    s.refresh_from_db()
    assert (s.state, s.home_endorsement) == (State.APPROVED, "endorsed")


# --- live pre-checks --------------------------------------------------------------------


def test_pre_checks_fragment_follows_the_values(client, people):
    client.force_login(people["admin"])
    url = reverse("sanctions:pre_checks")
    data = application(people["club"], club=str(people["club"].pk))
    body = client.post(url, data).content.decode()
    assert 'data-rule="silver.entries" data-status="passed"' in body
    assert "<html" not in body
    body = client.post(url, {**data, "entries": "12"}).content.decode()
    assert 'data-rule="silver.entries" data-status="refusal"' in body
    # A past date and a missing name still give the checks they can.
    past = (timezone.localdate() - dt.timedelta(days=3)).isoformat()
    body = client.post(url, {**data, "name": "", "start_date": past}).content.decode()
    assert 'data-rule="open"' in body


def test_pre_checks_with_too_little_say_which_fields_they_need(client, people):
    client.force_login(people["admin"])
    data = {"club": str(people["club"].pk), "level": "silver", "entries": "x"}
    response = client.post(reverse("sanctions:pre_checks"), data)
    assert response.status_code == 200
    body = response.content.decode()
    assert 'id="pre-checks-missing"' in body and 'data-rule="' not in body
    assert client.get(reverse("sanctions:pre_checks")).status_code == 405


def test_pre_checks_of_another_clubs_application_are_refused(client, people):
    theirs = SanctionFactory(club=people["stranger_admin"].member.roles.get().club)
    client.force_login(people["admin"])
    data = application(people["club"], club=str(people["club"].pk), sanction=str(theirs.pk))
    assert client.post(reverse("sanctions:pre_checks"), data).status_code == 403


# --- lists ------------------------------------------------------------------------------


def _many(people, n):
    for i in range(n):
        club = people["club"] if i % 2 else ClubFactory(district=people["home"])
        SanctionFactory(club=club, state=State.SUBMITTED)
        SanctionFactory(club=club, state=State.APPROVED, level="gold", district=people["other"])
        SanctionFactory(club=club, level="gold", state=State.ENDORSED)


def test_index_sections_per_role(client, people):
    mine = SanctionFactory(club=people["club"], state=State.SUBMITTED, name="Vårt silver")
    waiting_gold = SanctionFactory(club=people["club"], level="gold", state=State.SUBMITTED)
    endorsed = SanctionFactory(club=people["club"], level="gold", state=State.ENDORSED)
    draft = SanctionFactory(club=people["club"], name="Utkastet")

    client.force_login(people["admin"])
    response = client.get(reverse("sanctions:index"))
    body = response.content.decode()
    assert f'id="club-{people["club"].pk}"' in body and "Utkastet" in body
    assert "district-queue" not in body and "office-queue" not in body

    client.force_login(people["home_official"])
    response = client.get(reverse("sanctions:index"))
    queue = {r.record.pk for r in response.context["district_queue"].rows}
    other = {r.record.pk for r in response.context["district_other"].rows}
    assert queue == {mine.pk, waiting_gold.pk}
    assert other == {endorsed.pk}
    assert draft.pk not in queue | other

    client.force_login(people["other_official"])
    response = client.get(reverse("sanctions:index"))
    assert list(response.context["district_queue"].rows) == []
    assert "Vårt silver" not in response.content.decode()

    client.force_login(people["office"])
    response = client.get(reverse("sanctions:index"))
    assert [r.record.pk for r in response.context["office_queue"].rows] == [endorsed.pk]


def test_district_queue_matches_allowed_steps(client, people):
    _many(people, 4)
    SanctionFactory(club=people["club"], district=people["other"], state=State.SUBMITTED)
    SanctionFactory(
        club=ClubFactory(district=people["other"]),
        district=people["home"],
        state=State.SUBMITTED,
        home_endorsement="pending",
    )
    client.force_login(people["home_official"])
    response = client.get(reverse("sanctions:index"))
    queued = {r.record.pk for r in response.context["district_queue"].rows}
    deciding = {
        s.pk
        for s in Sanction.objects.all()
        if set(workflow.allowed_steps(people["home_official"], s)) & {"approve", "endorse"}
        or "endorse_home" in workflow.allowed_steps(people["home_official"], s)
    }
    assert queued == deciding


def test_member_without_a_role_has_no_applications(client, people):
    client.force_login(people["player"])
    body = client.get(reverse("sanctions:index")).content.decode()
    assert 'id="no-applications"' in body and reverse("sanctions:calendar") in body


# Query counts: LOGIN is the session and its user; the navigation bar asks "is office
# staff?", "has any role?" and for the unread notifications, once a request although
# each table and part is rendered with the request's context (NAVIGATION). A new query
# fails the test; pytest -v lists them.
LOGIN = 2
NAVIGATION = 3

# The index page: login; the user's member and their roles with their clubs; each
# role's applications (with their clubs and districts); the navigation bar. A table
# of a query is paged, so its paginator counts it first (PAGED); the club's
# applications are one list for all its tables.
PAGED = 1
INDEX_QUERIES = {
    # The applications of the user's clubs.
    "admin": LOGIN + 2 + 1 + NAVIGATION,
    # The district's queue and its other applications; its own gold applications
    # (000 ch. 4 lines 251-253: one query for all its districts).
    "home_official": LOGIN + 2 + 2 * (1 + PAGED) + 1 + NAVIGATION,
    # The gold applications waiting for the office and the overdue reports (none
    # here: a paged table of no rows reads none).
    "office": LOGIN + 2 + 2 * PAGED + 1 + NAVIGATION,
}


def _listed(context) -> int:
    """How many applications the index page lists, over all its tables."""
    tables = [entry["table"] for entry in context.get("clubs", [])]
    for name in ("district_queue", "district_other", "office_queue", "overdue"):
        if name in context:
            tables.append(context[name])
    return sum(len(table.rows) for table in tables)


@pytest.mark.parametrize("who", ["admin", "home_official", "office"])
def test_index_query_count_does_not_grow(client, people, who, django_assert_num_queries):
    client.force_login(people[who])
    listed = []
    for more in (2, 10):
        _many(people, more)
        with django_assert_num_queries(INDEX_QUERIES[who]):
            response = client.get(reverse("sanctions:index"))
        listed.append(_listed(response.context))
    assert 0 < listed[0] < listed[1]


def test_calendar_lists_only_approved_events_from_today(client, people):
    approved = SanctionFactory(club=people["club"], state=State.APPROVED, name="Godkänt")
    SanctionFactory(club=people["club"], state=State.HELD, level="gold", name="Guldet")
    for state in (State.DRAFT, State.SUBMITTED, State.ENDORSED, State.REJECTED, State.WITHDRAWN):
        SanctionFactory(club=people["club"], state=state, name=f"Inte {state}")
    past = timezone.localdate() - dt.timedelta(days=30)
    SanctionFactory(
        club=people["club"], state=State.APPROVED, start_date=past, end_date=past, name="Förr"
    )
    response = client.get(reverse("sanctions:calendar"))
    names = [r.record.name for r in response.context["table"].rows]
    assert names == ["Godkänt", "Guldet"] or sorted(names) == ["Godkänt", "Guldet"]
    body = response.content.decode()
    assert "Inte " not in body and "Förr" not in body
    response = client.get(reverse("sanctions:calendar"), {"level": "silver"})
    assert [r.record.pk for r in response.context["table"].rows] == [approved.pk]
    response = client.get(reverse("sanctions:calendar"), {"district": people["other"].pk})
    assert list(response.context["table"].rows) == []


def test_calendar_query_count_does_not_grow(client, people, django_assert_num_queries):
    for n, more in ((2, 2), (12, 10)):
        _many(people, more)
        # The number of events (the paginator), the page of events with their clubs
        # and districts, and the districts of the filter.
        with django_assert_num_queries(3):
            response = client.get(reverse("sanctions:calendar"))
        assert len(response.context["table"].page.object_list) == n


# --- decision and notifications --------------------------------------------------------


def test_printable_decision(client, people):
    s = workflow.submit(SanctionFactory(club=people["club"]), user=people["admin"])
    client.force_login(people["home_official"])
    assert client.get(reverse("sanctions:decision", args=[s.pk])).status_code == 404
    step(client, s, "approve", state="submitted", reason="Lycka till")
    response = client.get(reverse("sanctions:decision", args=[s.pk]))
    body = response.content.decode()
    assert response.status_code == 200
    assert s.reference in body and "Lycka till" in body and "BK Lund" in body
    assert people["home_official"].member.full_name in body
    assert (
        "SBF Mästarpoäng 2014-2015, kap. 4" in body and "SBF Mästarpoäng 2014-2015, kap. 5" in body
    )
    # the print rules are a stylesheet of their own (no inline style: the CSP)
    assert 'href="/static/css/print_page.css"' in body and "<style" not in body
    assert "@media print" in (settings.BASE_DIR / "static/css/print_page.css").read_text()
    assert "♣ Klöver – Svenska Bridgeförbundet" in body  # the profile's name (issue 14)


def test_notifications_page_lists_newest_first_and_marks_read(client, people):
    s = workflow.submit(SanctionFactory(club=people["club"]), user=people["admin"])
    workflow.approve(s, user=people["home_official"])
    admin = people["admin"]
    notes = list(Notification.objects.filter(recipient=admin))
    assert len(notes) == 1
    Notification.objects.create(
        recipient=admin,
        text_sv="Äldre nyhet",
        text_en="Older news",
        created=timezone.now() - dt.timedelta(days=1),
    )
    client.force_login(admin)
    body = client.get(reverse("members:my_page")).content.decode()
    assert 'id="unread-count">(2)' in body
    response = client.get(reverse("members:notifications"))
    body = response.content.decode()
    assert body.index(s.reference) < body.index("Äldre nyhet")
    assert f'href="{s.get_absolute_url()}"' in body
    assert 'id="unread-count"' not in body
    assert not Notification.objects.filter(recipient=admin, read_at__isnull=True).exists()
    body = client.get(reverse("members:notifications"), HTTP_ACCEPT_LANGUAGE="en").content
    assert "Older news" in body.decode()


# --- query counts of the application's pages ------------------------------------------


@pytest.mark.parametrize("clubs", [2, 12])
def test_index_query_count_does_not_grow_with_the_admins_clubs(
    client, people, clubs, django_assert_num_queries
):
    member = people["admin"].member
    for _ in range(clubs - 1):
        club = ClubFactory(district=people["home"])
        Role.objects.create(member=member, kind=Role.Kind.CLUB_ADMIN, club=club)
        SanctionFactory(club=club)
    client.force_login(people["admin"])
    # One table a club, each rendered with the request's context.
    with django_assert_num_queries(INDEX_QUERIES["admin"]):
        response = client.get(reverse("sanctions:index"))
    assert len(response.context["clubs"]) == clubs


@pytest.mark.parametrize("districts", [2, 12])
def test_new_form_query_count_does_not_grow_with_the_districts(
    client, people, districts, django_assert_num_queries
):
    DistrictFactory.create_batch(districts - 2)  # Skåne and Småland are there already
    client.force_login(people["admin"])
    # Login; the user's member and the clubs they administer; their club with its
    # district; the navigation bar; the form's districts, twice (the options, and the
    # first option for the required attribute).
    with django_assert_num_queries(LOGIN + 3 + NAVIGATION + 2):
        response = client.get(reverse("sanctions:new"))
    assert len(response.context["form"].fields["district"].choices) == districts


@pytest.mark.parametrize("clubs", [2, 12])
def test_choosing_the_club_query_count_does_not_grow_with_the_clubs(
    client, people, clubs, django_assert_num_queries
):
    member = people["admin"].member
    for _ in range(clubs - 1):
        club = ClubFactory(district=people["home"])
        Role.objects.create(member=member, kind=Role.Kind.CLUB_ADMIN, club=club)
    client.force_login(people["admin"])
    # Login; the user's member and the clubs they administer (twice: which club,
    # then the list); the navigation bar; the clubs.
    with django_assert_num_queries(LOGIN + 3 + NAVIGATION + 1):
        response = client.get(reverse("sanctions:new"))
    assert len(response.context["clubs"]) == clubs


def test_edit_form_query_count(client, people, django_assert_num_queries):
    draft = SanctionFactory(club=people["club"])
    client.force_login(people["admin"])
    # Login; the application with its club and district; is_club_admin: the user's
    # member and the clubs they administer; the navigation bar; the form's
    # districts, twice.
    with django_assert_num_queries(LOGIN + 3 + NAVIGATION + 2):
        response = client.get(reverse("sanctions:edit", args=[draft.pk]))
    assert response.status_code == 200 and response.context["sanction"] == draft


def _submitted(people, steps: int) -> Sanction:
    """An application submitted after ``steps - 1`` saves (a trail of ``steps``), with
    as many approved events of the club this season and of other clubs nearby on the
    same day (the pre-checks list them)."""
    draft = SanctionFactory(club=people["club"])
    for _ in range(steps - 1):
        workflow.record_edit(draft, user=people["admin"], created=False)
        SanctionFactory(
            club=ClubFactory(district=people["home"]),
            state=State.APPROVED,
            start_date=draft.start_date,
            end_date=draft.end_date,
        )
    return workflow.submit(draft, user=people["admin"])


# The application's page: login; the application with its club, its club's district
# and its district; can_view (by role, below); allowed_steps: the user's roles; the
# pre-checks: the club's applications of the season, the neighbours of the district
# and the applications near it on those days; the trail; the navigation bar.
DETAIL_QUERIES = {
    # can_view: the user's member, "is office staff?", the clubs they administer.
    "admin": LOGIN + 1 + 3 + 1 + 3 + 1 + NAVIGATION,
    # can_view: as for the admin, then "an official of the playing district?".
    "home_official": LOGIN + 1 + 4 + 1 + 3 + 1 + NAVIGATION,
    # can_view: the user's member, "is office staff?".
    "office": LOGIN + 1 + 2 + 1 + 3 + 1 + NAVIGATION,
}


@pytest.mark.parametrize("who", ["admin", "home_official", "office"])
def test_detail_query_count_does_not_grow_with_the_trail(
    client, people, who, django_assert_num_queries
):
    client.force_login(people[who])
    for n in (2, 12):
        s = _submitted(people, n)
        with django_assert_num_queries(DETAIL_QUERIES[who]):
            response = client.get(reverse("sanctions:detail", args=[s.pk]))
        assert len(response.context["trail"]) == n


def test_decision_query_count(client, people, django_assert_num_queries):
    s = workflow.submit(SanctionFactory(club=people["club"]), user=people["admin"])
    workflow.approve(s, user=people["home_official"], note="Lycka till")
    client.force_login(people["home_official"])
    # Login; the application with its club and districts; can_view: the user's
    # member, "is office staff?", the clubs they administer, "an official of the
    # playing district?"; the deciding step; the pre-checks (three queries, as on
    # the application's page); the navigation bar.
    with django_assert_num_queries(LOGIN + 1 + 4 + 1 + 3 + NAVIGATION):
        response = client.get(reverse("sanctions:decision", args=[s.pk]))
    assert response.status_code == 200 and response.context["action"].kind == "approved"


def test_index_tables_sort_and_page_each_on_their_own(client, people):
    """Issue 18, point 2: every table sorts and pages, and one table's sort or page
    leaves the others on the same page as they were."""
    early, late = next_season_day(), next_season_day() + dt.timedelta(days=30)
    for n in range(30):
        SanctionFactory(
            club=people["club"], state=State.SUBMITTED, name=f"Kö {n:02d}",
            start_date=early if n % 2 else late, end_date=early if n % 2 else late,
        )  # fmt: skip
    SanctionFactory(club=people["club"], level="gold", state=State.ENDORSED, name="Annat B")
    SanctionFactory(club=people["club"], level="gold", state=State.ENDORSED, name="Annat A")
    client.force_login(people["home_official"])

    response = client.get(reverse("sanctions:index"), {"dq-sort": "-name", "dq-page": "2"})
    queue = response.context["district_queue"]
    names = [row.record.name for row in queue.page.object_list]
    assert names == [f"Kö {n:02d}" for n in range(4, -1, -1)]  # 30 a-z reversed, page 2 of 25
    other = [row.record.name for row in response.context["district_other"].page.object_list]
    assert sorted(other) == ["Annat A", "Annat B"]
    assert (
        "dq-sort=-name" in response.content.decode() or "dq-sort=name" in response.content.decode()
    )

    response = client.get(reverse("sanctions:index"), {"do-sort": "name"})
    other = [row.record.name for row in response.context["district_other"].page.object_list]
    assert other == ["Annat A", "Annat B"]
    first = [row.record.name for row in response.context["district_queue"].page.object_list]
    assert len(first) == 25


def test_index_tables_sort_the_clubs_own_list(client, people):
    for name in ("Bravo", "Alfa", "Charlie"):
        SanctionFactory(club=people["club"], name=name)
    client.force_login(people["admin"])
    prefix = f"c{people['club'].pk}-"
    response = client.get(reverse("sanctions:index"), {f"{prefix}sort": "name"})
    (entry,) = response.context["clubs"]
    assert [row.record.name for row in entry["table"].page.object_list] == [
        "Alfa", "Bravo", "Charlie"
    ]  # fmt: skip
