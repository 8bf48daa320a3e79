"""The sanction workflow (000 ch. 4, lines 161-253; issue #7): who may take which
step, the audit trail, notifications, the 30 April calendar flag, overdue reports,
and two officials deciding at once."""

import datetime as dt
import threading

import pytest
from django.db import connection
from django.utils import timezone, translation

from members.models import Notification
from members.tests.factories import DistrictFactory
from tournaments.sanctions import services, workflow
from tournaments.sanctions.models import Sanction, SanctionAction

from .factories import (
    ClubFactory,
    SanctionFactory,
    club_admin,
    district_official,
    next_season_day,
)

pytestmark = pytest.mark.django_db

State = Sanction.State


@pytest.fixture(autouse=True)
def _swedish():
    """The workflow's messages are in the active language; a view test run before
    on the same worker may have left English active."""
    with translation.override("sv"):
        yield


def saturday(month: int, day: int) -> dt.date:
    """The first Saturday on or after the day in the coming season (weekday quotas apart)."""
    start = next_season_day(month, day)
    return start + dt.timedelta(days=(5 - start.weekday()) % 7)


def trail(sanction):
    return [
        (a.kind, a.from_state, a.to_state, a.actor_role)
        for a in SanctionAction.objects.filter(sanction=sanction)
    ]


# --- silver in the home district -------------------------------------------------------


def test_silver_in_district_is_submitted_then_approved_by_the_district(people, mailoutbox):
    s = SanctionFactory(club=people["club"])
    s = workflow.submit(s, user=people["admin"])
    assert (s.state, s.home_endorsement) == (State.SUBMITTED, "")
    s = workflow.approve(s, user=people["home_official"], note="Välkommen")
    s.refresh_from_db()
    assert s.state == State.APPROVED and s.decided_at is not None
    assert trail(s) == [
        ("submitted", "draft", "submitted", "club_admin"),
        ("approved", "submitted", "approved", "district_official"),
    ]
    action = s.actions.last()
    assert action.actor == people["home_official"]
    assert "Skånes BF" in action.actor_name and action.note == "Välkommen"


def test_silver_rejected_by_the_district_needs_a_reason(people):
    s = workflow.submit(SanctionFactory(club=people["club"]), user=people["admin"])
    with pytest.raises(workflow.WorkflowError, match="motiveringen"):
        workflow.reject(s, user=people["home_official"], reason="  ")
    s.refresh_from_db()
    assert s.state == State.SUBMITTED
    s = workflow.reject(s, user=people["home_official"], reason="Krock med DM")
    s.refresh_from_db()
    assert (s.state, s.decision_reason) == (State.REJECTED, "Krock med DM")


def test_office_does_not_decide_silver(people):
    """The rulebook gives silver to the district (lines 162-172), not the office."""
    s = workflow.submit(SanctionFactory(club=people["club"]), user=people["admin"])
    for user in (people["office"], people["other_official"], people["admin"], people["player"]):
        assert "approve" not in workflow.allowed_steps(user, s)
        with pytest.raises(workflow.NotAllowed):
            workflow.approve(s, user=user)
    s.refresh_from_db()
    assert s.state == State.SUBMITTED and s.actions.count() == 1


# --- silver outside the home district (lines 175-180) -----------------------------------


def test_silver_outside_the_home_district_needs_both_districts(people):
    s = SanctionFactory(club=people["club"], district=people["other"])
    s = workflow.submit(s, user=people["admin"])
    assert s.home_endorsement == Sanction.HomeEndorsement.PENDING
    # The playing district cannot decide before the home district has endorsed.
    assert workflow.allowed_steps(people["other_official"], s) == []
    with pytest.raises(workflow.NotAllowed):
        workflow.approve(s, user=people["other_official"])
    # The home district endorses but does not decide.
    assert workflow.allowed_steps(people["home_official"], s) == ["endorse_home", "refuse_home"]
    s = workflow.endorse_home(s, user=people["home_official"])
    assert (s.state, s.home_endorsement) == (State.SUBMITTED, "endorsed")
    assert workflow.allowed_steps(people["home_official"], s) == []
    s = workflow.approve(s, user=people["other_official"])
    assert s.state == State.APPROVED
    assert [k for k, *_ in trail(s)] == ["submitted", "home_endorsed", "approved"]


def test_home_district_refusing_to_endorse_rejects_it(people):
    s = workflow.submit(
        SanctionFactory(club=people["club"], district=people["other"]), user=people["admin"]
    )
    s = workflow.refuse_home(s, user=people["home_official"], reason="Kvoten används hemma")
    s.refresh_from_db()
    assert (s.state, s.home_endorsement) == (State.REJECTED, "refused")
    assert s.decision_reason == "Kvoten används hemma"


# --- gold ---------------------------------------------------------------------------


def gold(people, **kwargs):
    return SanctionFactory(
        club=people["club"], level=Sanction.Level.GOLD, entries=32, boards=57, **kwargs
    )


def test_gold_goes_through_the_district_to_the_office(people):
    s = workflow.submit(gold(people), user=people["admin"])
    with pytest.raises(workflow.NotAllowed):  # the office waits for the district
        workflow.approve(s, user=people["office"])
    s = workflow.endorse(s, user=people["home_official"], note="Tillstyrks")
    assert s.state == State.ENDORSED
    with pytest.raises(workflow.NotAllowed):  # the district does not decide gold
        workflow.approve(s, user=people["home_official"])
    s = workflow.approve(s, user=people["office"])
    assert s.state == State.APPROVED
    assert trail(s) == [
        ("submitted", "draft", "submitted", "club_admin"),
        ("endorsed", "submitted", "endorsed", "district_official"),
        ("approved", "endorsed", "approved", "office_staff"),
    ]


def test_gold_rejected_by_the_office_or_not_endorsed_by_the_district(people):
    s = workflow.endorse(
        workflow.submit(gold(people), user=people["admin"]), user=people["home_official"]
    )
    s = workflow.reject(s, user=people["office"], reason="Kalendern är full")
    assert s.state == State.REJECTED and s.actions.last().actor_role == "office_staff"
    t = workflow.submit(gold(people), user=people["admin"])
    t = workflow.reject(t, user=people["home_official"], reason="Tillstyrks ej")
    assert t.state == State.REJECTED and t.actions.last().actor_role == "district_official"


@pytest.mark.parametrize(
    ("endorsed_on", "outside"),
    [
        ((4, 30), False),  # "kansliet tillhanda senast den 30 april" (lines 200-206)
        ((5, 1), True),
        ((1, 15), False),
    ],
)
def test_gold_reaching_the_office_after_30_april_is_outside_the_calendar(
    people, endorsed_on, outside
):
    """The deadline is for the office to have it: the day the district sends it on."""
    event = next_season_day()  # in the season starting 1 July of its year
    submitted = dt.date(event.year, 1, 10)
    s = workflow.submit(
        gold(people, start_date=event, end_date=event), user=people["admin"], today=submitted
    )
    assert s.outside_calendar_deadline is False
    s = workflow.endorse(s, user=people["home_official"], today=dt.date(event.year, *endorsed_on))
    assert s.outside_calendar_deadline is outside
    assert s.state == State.ENDORSED  # still handled


def test_silver_is_never_flagged_for_the_gold_deadline(people):
    event = next_season_day()
    s = workflow.submit(
        SanctionFactory(club=people["club"], start_date=event, end_date=event),
        user=people["admin"],
        today=dt.date(event.year, 6, 1),
    )
    s = workflow.approve(s, user=people["home_official"])
    assert s.outside_calendar_deadline is False


def test_calendar_deadline_is_30_april_before_the_season():
    assert workflow.calendar_deadline(dt.date(2027, 10, 2)) == dt.date(2027, 4, 30)
    assert workflow.calendar_deadline(dt.date(2028, 3, 4)) == dt.date(2027, 4, 30)


# --- withdrawal, held, results --------------------------------------------------------


@pytest.mark.parametrize("stop_at", ["draft", "submitted", "approved"])
def test_the_club_may_withdraw_until_the_event(people, stop_at):
    s = SanctionFactory(club=people["club"])
    if stop_at != "draft":
        s = workflow.submit(s, user=people["admin"])
    if stop_at == "approved":
        s = workflow.approve(s, user=people["home_official"])
    with pytest.raises(workflow.NotAllowed):
        workflow.withdraw(s, user=people["stranger_admin"])
    s = workflow.withdraw(s, user=people["admin"], reason="Lokalen är upptagen")
    assert s.state == State.WITHDRAWN
    assert workflow.allowed_steps(people["admin"], s) == []


def test_held_only_once_the_event_has_started(people):
    s = workflow.approve(
        workflow.submit(SanctionFactory(club=people["club"]), user=people["admin"]),
        user=people["home_official"],
    )
    assert "held" not in workflow.allowed_steps(people["admin"], s)
    Sanction.objects.filter(pk=s.pk).update(
        start_date=timezone.localdate(), end_date=timezone.localdate()
    )
    s.refresh_from_db()
    s = workflow.mark_held(s, user=people["admin"])
    assert s.state == State.HELD


def test_overdue_gold_reports_are_listed_for_the_office(people):
    today = dt.date(2027, 3, 1)
    ended = today - dt.timedelta(days=services.REPORT_DAYS + 1)
    just = today - dt.timedelta(days=services.REPORT_DAYS)
    overdue = gold(people, start_date=ended, end_date=ended, state=State.APPROVED)
    gold(people, start_date=just, end_date=just, state=State.APPROVED)  # still in time
    held = gold(people, start_date=ended, end_date=ended, state=State.HELD)
    SanctionFactory(club=people["club"], start_date=ended, end_date=ended, state=State.APPROVED)
    gold(people, start_date=ended, end_date=ended, state=State.WITHDRAWN)
    assert {s.pk for s in services.overdue_reports(today)} == {overdue.pk, held.pk}


# --- submission refused: nothing changes ------------------------------------------------


def test_an_event_in_the_past_or_today_is_not_submitted(people):
    s = SanctionFactory(club=people["club"])
    for day in (s.start_date, s.start_date + dt.timedelta(days=3)):
        with pytest.raises(workflow.WorkflowError, match="inte efter i dag"):
            workflow.submit(s, user=people["admin"], today=day)
    s.refresh_from_db()
    assert s.state == State.DRAFT and s.actions.count() == 0
    assert Notification.objects.count() == 0


def test_a_club_over_its_quota_is_not_submitted(people):
    """000 ch. 5 lines 296-308: a club of up to 99 members, 5 silver events a season."""
    club = ClubFactory(members_count=60, district=people["home"])
    admin = club_admin(club)
    first = saturday(9, 1)
    for n in range(5):
        day = first + dt.timedelta(days=14 * n)
        SanctionFactory(club=club, start_date=day, end_date=day, state=State.APPROVED)
    sixth = SanctionFactory(club=club, start_date=first + dt.timedelta(days=90))
    with pytest.raises(workflow.ChecksRefuse) as refused:
        workflow.submit(sixth, user=admin)
    assert [c.rule_id for c in refused.value.checks] == ["season.silver"]
    assert "number 6" in refused.value.checks[0].message_en
    sixth.refresh_from_db()
    assert sixth.state == State.DRAFT and sixth.actions.count() == 0


def test_drafts_withdrawn_and_rejected_do_not_count_against_the_quota(people):
    club = ClubFactory(members_count=60, district=people["home"])
    admin = club_admin(club)
    first = saturday(9, 1)
    states = [State.APPROVED] * 4 + [State.DRAFT, State.WITHDRAWN, State.REJECTED]
    for n, state in enumerate(states):
        day = first + dt.timedelta(days=14 * n)
        SanctionFactory(club=club, start_date=day, end_date=day, state=state)
    fifth = SanctionFactory(club=club, start_date=first + dt.timedelta(days=120))
    assert workflow.submit(fifth, user=admin).state == State.SUBMITTED


def test_the_district_cannot_approve_once_the_quota_is_full(people):
    """Checked again when deciding: a pending application counts too."""
    club = ClubFactory(members_count=60, district=people["home"])
    admin = club_admin(club)
    first = saturday(9, 1)
    pending = workflow.submit(
        SanctionFactory(club=club, start_date=first, end_date=first), user=admin
    )
    for n in range(1, 5):
        day = first + dt.timedelta(days=14 * n)
        SanctionFactory(club=club, start_date=day, end_date=day, state=State.APPROVED)
    workflow.approve(pending, user=people["home_official"])
    late = SanctionFactory(
        club=club, start_date=first + dt.timedelta(days=100), state=State.SUBMITTED
    )
    with pytest.raises(workflow.ChecksRefuse):
        workflow.approve(late, user=people["home_official"])


# --- roles ------------------------------------------------------------------------------


def test_only_the_clubs_admin_submits(people):
    s = SanctionFactory(club=people["club"])
    for user in ("stranger_admin", "home_official", "office", "player"):
        assert workflow.allowed_steps(people[user], s) == []
        with pytest.raises(workflow.NotAllowed):
            workflow.submit(s, user=people[user])
    assert workflow.allowed_steps(people["admin"], s) == ["edit", "submit", "withdraw"]


def test_who_can_see_an_application(people):
    s = SanctionFactory(club=people["club"], district=people["other"], state=State.SUBMITTED)
    seen = {
        name: workflow.can_view(people[name], s)
        for name in people
        if name not in ("club", "home", "other", "home_official_2")
    }
    assert seen == {
        "admin": True,
        "home_official": True,
        "other_official": True,
        "office": True,
        "stranger_admin": False,
        "player": False,
    }
    in_district = SanctionFactory(club=people["club"], state=State.SUBMITTED)
    assert workflow.can_view(people["other_official"], in_district) is False


# --- notifications -------------------------------------------------------------------


def test_each_step_notifies_the_other_parties(
    people, mailoutbox, django_capture_on_commit_callbacks
):
    s = gold(people)
    with django_capture_on_commit_callbacks(execute=True):
        s = workflow.submit(s, user=people["admin"])
    told = set(Notification.objects.values_list("recipient", flat=True))
    home_officials = {people["home_official"].pk, people["home_official_2"].pk}
    assert told == home_officials  # the office hears once it is endorsed
    Notification.objects.all().delete()
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        s = workflow.endorse(s, user=people["home_official"])
    told = set(Notification.objects.values_list("recipient", flat=True))
    # everyone but the actor, the other official of the district included
    assert told == {people["admin"].pk, people["office"].pk, people["home_official_2"].pk}
    Notification.objects.all().delete()
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        workflow.approve(s, user=people["office"])
    told = set(Notification.objects.values_list("recipient", flat=True))
    assert told == {people["admin"].pk} | home_officials
    note = Notification.objects.get(recipient=people["admin"])
    assert note.text_sv.startswith(s.reference) and "godkänd" in note.text_sv.lower()
    assert "approved" in note.text_en
    assert note.url == s.get_absolute_url()
    addresses = sorted(a for m in mailoutbox for a in m.to)
    assert addresses == sorted(
        [
            people["admin"].member.email,
            people["home_official"].member.email,
            people["home_official_2"].member.email,
            s.contact_email,
        ]
    )
    assert all(m.subject == note.text_sv for m in mailoutbox)


def test_no_mail_when_the_step_rolls_back(people, mailoutbox, django_capture_on_commit_callbacks):
    s = SanctionFactory(club=people["club"])
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(workflow.WorkflowError):
        workflow.submit(s, user=people["admin"], today=s.start_date)
    assert mailoutbox == [] and Notification.objects.count() == 0


# --- two deciders at once -------------------------------------------------------------


def test_the_second_of_two_deciders_is_told_it_was_decided(people):
    """Both officials loaded the application while it was submitted."""
    second_official = people["home_official_2"]
    s = workflow.submit(SanctionFactory(club=people["club"]), user=people["admin"])
    seen_by_first = Sanction.objects.get(pk=s.pk)
    seen_by_second = Sanction.objects.get(pk=s.pk)
    workflow.approve(seen_by_first, user=people["home_official"])
    with pytest.raises(workflow.AlreadyDecided, match="godkänd av"):
        workflow.reject(seen_by_second, user=second_official, reason="Nej")
    s.refresh_from_db()
    assert s.state == State.APPROVED
    assert [a.kind for a in s.actions.all()] == ["submitted", "approved"]


@pytest.mark.django_db(transaction=True)
def test_two_deciders_at_the_same_moment_one_wins():
    """Two threads, two connections: on PostgreSQL the row lock orders them; on
    SQLite the database lock and the conditional UPDATE do. Exactly one decision
    is recorded and the other caller gets AlreadyDecided."""
    if connection.vendor == "sqlite" and "memory" in str(connection.settings_dict["NAME"]):
        pytest.skip("threads cannot share an in-memory SQLite test database")
    home = DistrictFactory()
    club = ClubFactory(district=home, members_count=150)
    admin = club_admin(club)
    officials = [district_official(home), district_official(home)]
    s = workflow.submit(SanctionFactory(club=club), user=admin)
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def decide(official, step):
        try:
            mine = Sanction.objects.get(pk=s.pk)
            start.wait()
            if step == "approve":
                workflow.approve(mine, user=official)
            else:
                workflow.reject(mine, user=official, reason="Nej")
            outcomes.append("won")
        except workflow.AlreadyDecided:
            outcomes.append("already")
        except Exception as exc:  # noqa: BLE001 - reported below, not hidden
            outcomes.append(f"{type(exc).__name__}: {exc}")
        finally:
            connection.close()

    threads = [
        threading.Thread(target=decide, args=(officials[0], "approve")),
        threading.Thread(target=decide, args=(officials[1], "reject")),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["already", "won"], outcomes
    s.refresh_from_db()
    assert s.state in (State.APPROVED, State.REJECTED)
    assert s.actions.filter(kind__in=["approved", "rejected"]).count() == 1


def test_a_reason_over_several_lines_is_mailed_on_one_subject_line(
    people, mailoutbox, django_capture_on_commit_callbacks
):
    """Reasons come from a text area; a line break in a mail subject is refused by
    the mail library, which must not lose the news or fail the decision."""
    s = workflow.submit(SanctionFactory(club=people["club"]), user=people["admin"])
    with django_capture_on_commit_callbacks(execute=True):
        workflow.reject(s, user=people["home_official"], reason="För få brickor.\r\nSe reglerna.")
    assert mailoutbox and all("\n" not in m.subject and "\r" not in m.subject for m in mailoutbox)
    assert "För få brickor. Se reglerna." in mailoutbox[0].subject
    note = Notification.objects.filter(recipient=people["admin"]).get()
    assert "\n" not in note.text_sv


def test_a_gold_application_withdrawn_before_the_district_sent_it_on_does_not_reach_the_office(
    people, django_capture_on_commit_callbacks
):
    s = workflow.submit(gold(people), user=people["admin"])
    with django_capture_on_commit_callbacks(execute=True):
        workflow.withdraw(s, user=people["admin"])
    told = set(Notification.objects.values_list("recipient", flat=True))
    assert people["office"].pk not in told and people["home_official"].pk in told


def test_a_draft_is_the_clubs_own(people):
    draft = SanctionFactory(club=people["club"], district=people["other"])
    assert workflow.can_view(people["admin"], draft)
    assert not workflow.can_view(people["home_official"], draft)
    assert not workflow.can_view(people["other_official"], draft)
    submitted = workflow.submit(draft, user=people["admin"])
    assert workflow.can_view(people["other_official"], submitted)
