"""The licence workflow (EBU handbook ch. 1; issue #8): applying against the rules
and yearly limits, the office's decision with status, conditions and fee, the
post-event duties, revocation, the trail, notifications, and two office staff
approving at once."""

import datetime as dt
import threading
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.utils import timezone, translation

from members.models import Notification
from members.tests.factories import member_with_login
from tournaments.licences import domain as rules
from tournaments.licences import services, workflow
from tournaments.licences.models import AllowanceUse, Licence, LicenceAction

from .factories import (
    FeeRateFactory,
    LicenceFactory,
    OrganisationFactory,
    future_day,
    office_staff,
    organiser,
)

pytestmark = pytest.mark.django_db

State = Licence.State


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture
def club():
    return OrganisationFactory(name="Aylesbury BC")


@pytest.fixture
def people(club):
    return {
        "organiser": organiser(club),
        "office": office_staff(),
        "other_organiser": organiser(OrganisationFactory(name="Bucks BC")),
        "player": member_with_login().user,
    }


def unsaved(club, **changes) -> Licence:
    day = changes.pop("start_date", future_day())
    fields = {
        "organisation": club,
        "licence_type": Licence.Type.OPEN_EVENT,
        "event_name": "Spring Congress",
        "start_date": day,
        "end_date": day,
        "sessions": 2,
        "expected_tables": 20,
        "wide_appeal": True,
        **changes,
    }
    return Licence(**fields)


def kinds(licence):
    return list(LicenceAction.objects.filter(licence=licence).values_list("kind", flat=True))


# --- applying ------------------------------------------------------------------------


def test_an_open_event_is_saved_with_its_proposed_status(club, people):
    """1.6.1 (b): wide appeal, non-members may enter → District status."""
    licence = workflow.apply(unsaved(club), user=people["organiser"])
    licence.refresh_from_db()
    assert (licence.state, licence.proposed_status) == (State.SUBMITTED, rules.Status.DISTRICT)
    assert licence.status_reasons and "1.6.1" in licence.status_reasons[0]["seed_ref"]
    assert licence.checks and all("rule_id" in c for c in licence.checks)
    assert kinds(licence) == ["submitted"]


@pytest.mark.parametrize(
    ("members_only", "wide_appeal", "status"),
    [
        (False, False, rules.Status.CLUB),  # 1.6.1 (a)
        (True, False, rules.Status.DISTRICT),  # 1.6.1 (a)
        (False, True, rules.Status.DISTRICT),  # 1.6.1 (b)
        (True, True, rules.Status.COUNTY),  # 1.6.1 (b)
    ],
)
def test_status_follows_entry_and_appeal(club, people, members_only, wide_appeal, status):
    licence = workflow.apply(
        unsaved(club, members_only=members_only, wide_appeal=wide_appeal),
        user=people["organiser"],
    )
    assert licence.proposed_status == status


def test_only_the_organisations_own_people_apply(club, people):
    for who in ("other_organiser", "player", "office"):
        with pytest.raises(workflow.NotAllowed):
            workflow.apply(unsaved(club), user=people[who])
    assert Licence.objects.count() == 0


def test_an_event_not_after_today_is_refused(club, people):
    with pytest.raises(workflow.WorkflowError, match="not after today"):
        workflow.apply(unsaved(club, start_date=timezone.localdate()), user=people["organiser"])
    assert Licence.objects.count() == 0


def test_a_charity_event_without_its_documents_is_refused_naming_them(club, people):
    """1.8.1-1.8.2: the agreement and both statements accompany the application."""
    agreement = SimpleUploadedFile("agreement.pdf", b"%PDF-1.4 agreement")
    with pytest.raises(workflow.LicenceRefused) as refused:
        workflow.apply(
            unsaved(club, licence_type=Licence.Type.CHARITY, charity_agreement=agreement),
            user=people["organiser"],
        )
    (check,) = refused.value.checks
    assert check.seed_ref.endswith("1.8.2") or "1.8" in check.seed_ref
    assert "remuneration" in check.message_en and "donation" in check.message_en
    assert Licence.objects.count() == 0


def test_club_open_events_beyond_the_yearly_number_are_refused(club, people):
    """1.2.2: a limited number a year (CLUB_OPEN_EVENTS_PER_YEAR, our reading)."""
    day = future_day()
    for _ in range(rules.CLUB_OPEN_EVENTS_PER_YEAR):
        LicenceFactory(
            organisation=club,
            licence_type=Licence.Type.CLUB_OPEN_EVENT,
            start_date=day,
            state=State.APPROVED,
        )
    LicenceFactory(  # rejected ones do not count
        organisation=club,
        licence_type=Licence.Type.CLUB_OPEN_EVENT,
        start_date=day,
        state=State.REJECTED,
    )
    with pytest.raises(workflow.LicenceRefused) as refused:
        workflow.apply(
            unsaved(
                club, licence_type=Licence.Type.CLUB_OPEN_EVENT, county_support=True, start_date=day
            ),
            user=people["organiser"],
        )
    (check,) = refused.value.checks
    assert "1.2.2" in check.seed_ref and str(rules.CLUB_OPEN_EVENTS_PER_YEAR) in check.message_en
    assert Licence.objects.filter(state=State.SUBMITTED).count() == 0


def test_a_third_blue_point_event_of_a_club_is_refused(club, people):
    """1.2.4: a club holds at most two blue point events a year, its nominated
    major championships included."""
    day = future_day()
    AllowanceUse.objects.create(
        organisation=club,
        kind="major_pairs",
        year=day.year,
        name="Club Pairs",
        date=day,
        blue_points=True,
    )
    LicenceFactory(organisation=club, blue_points=True, start_date=day, state=State.APPROVED)
    usage = services.year_usage(club, day.year)
    assert usage.blue_point_events == 2 and usage.major_pairs == 1
    with pytest.raises(workflow.LicenceRefused):
        workflow.apply(
            unsaved(
                club,
                licence_type=Licence.Type.CLUB_OPEN_EVENT,
                county_support=True,
                blue_points=True,
                start_date=day,
            ),
            user=people["organiser"],
        )


# --- the office's decision -------------------------------------------------------------


def test_approval_gives_status_conditions_and_fee_from_the_table(club, people):
    """1.5.4/1.11.2: sessions × tables × the rate; 1.7: the conditions printed."""
    FeeRateFactory(per_table_session=Decimal("1.50"))
    licence = workflow.apply(
        unsaved(club, sessions=3, expected_tables=20), user=people["organiser"]
    )
    licence = workflow.approve(licence, user=people["office"], special_conditions="No smoking")
    licence.refresh_from_db()
    assert licence.state == State.APPROVED
    assert licence.fee == Decimal("90.00")
    assert licence.status == licence.proposed_status
    sections = {c["seed_ref"] for c in licence.conditions}
    assert any("1.7.10" in s for s in sections) and any("1.7.13" in s for s in sections)
    assert licence.special_conditions == "No smoking"
    assert kinds(licence) == ["submitted", "approve"]


def test_the_office_may_set_another_status_and_fee(club, people):
    """1.6.3: under special circumstances another status level."""
    licence = workflow.apply(unsaved(club), user=people["organiser"])
    licence = workflow.approve(
        licence, user=people["office"], status=rules.Status.COUNTY, fee=Decimal("12.50")
    )
    assert (licence.status, licence.fee) == (rules.Status.COUNTY, Decimal("12.50"))


def test_without_a_fee_rate_the_office_must_set_the_fee(club, people):
    licence = workflow.apply(unsaved(club), user=people["organiser"])
    with pytest.raises(workflow.WorkflowError, match="no fee rate"):
        workflow.approve(licence, user=people["office"])
    licence.refresh_from_db()
    assert licence.state == State.SUBMITTED and kinds(licence) == ["submitted"]


def test_commercial_and_charity_organisers_pay_their_own_rates(club, people):
    """1.11.3 commercial ventures, 1.11.4 charity events."""
    FeeRateFactory(per_table_session=Decimal("1.00"))
    FeeRateFactory(payer="commercial", per_table_session=Decimal("2.00"))
    FeeRateFactory(licence_type="charity", payer="charity", per_table_session=Decimal("0.50"))
    commercial = OrganisationFactory(kind="other", club=None, commercial=True)
    assert services.proposed_fee(unsaved(commercial)) == Decimal("80.00")
    assert services.proposed_fee(unsaved(club)) == Decimal("40.00")
    assert services.proposed_fee(unsaved(club, licence_type="charity")) == Decimal("20.00")


def test_only_the_office_decides(club, people):
    licence = workflow.apply(unsaved(club), user=people["organiser"])
    for who in ("organiser", "other_organiser", "player"):
        with pytest.raises(workflow.NotAllowed):
            workflow.approve(licence, user=people[who], fee=Decimal(1))
        with pytest.raises(workflow.NotAllowed):
            workflow.reject(licence, user=people[who], reason="No")


def test_rejection_needs_a_reason(club, people):
    licence = workflow.apply(unsaved(club), user=people["organiser"])
    with pytest.raises(workflow.WorkflowError, match="reason"):
        workflow.reject(licence, user=people["office"], reason=" ")
    licence = workflow.reject(
        licence, user=people["office"], reason="Clashes with the county congress"
    )
    assert licence.state == State.REJECTED


# --- after the event -------------------------------------------------------------------


def approved(club, people, **changes):
    licence = workflow.apply(unsaved(club, **changes), user=people["organiser"])
    return workflow.approve(licence, user=people["office"], fee=Decimal("30.00"))


def held(licence):
    """Move the event into the past, as time would."""
    past = timezone.localdate() - dt.timedelta(days=2)
    Licence.objects.filter(pk=licence.pk).update(start_date=past, end_date=past)
    licence.refresh_from_db()
    return licence


def test_the_whole_lifecycle(club, people):
    licence = held(approved(club, people))
    results = SimpleUploadedFile("results.xml", b"<USEBIO/>")
    licence = workflow.submit_results(licence, user=people["organiser"], results_file=results)
    licence.refresh_from_db()
    assert licence.state == State.RESULTS_RECEIVED and licence.results_file.read() == b"<USEBIO/>"
    licence = workflow.record_payment(
        licence,
        user=people["office"],
        amount=Decimal("30.00"),
        paid_on=timezone.localdate(),
        reference="BACS 991",
    )
    assert licence.state == State.PAID
    licence = workflow.close(licence, user=people["office"])
    assert licence.state == State.CLOSED
    assert kinds(licence) == ["submitted", "approve", "results", "payment", "close"]
    assert [a.actor for a in licence.actions.all()] == [
        people["organiser"],
        people["office"],
        people["organiser"],
        people["office"],
        people["office"],
    ]


def test_results_only_after_the_event_and_only_by_the_organiser(club, people):
    licence = approved(club, people)
    results = SimpleUploadedFile("results.xml", b"<USEBIO/>")
    with pytest.raises(workflow.WorkflowError, match="over"):
        workflow.submit_results(licence, user=people["organiser"], results_file=results)
    licence = held(licence)
    with pytest.raises(workflow.NotAllowed):
        workflow.submit_results(licence, user=people["other_organiser"], results_file=results)


def test_a_charity_event_closes_only_with_its_accounts(club, people):
    """1.8.3: full accounts within three months."""
    docs = {
        name: SimpleUploadedFile(f"{name}.pdf", b"%PDF")
        for name in (
            "charity_agreement",
            "charity_remuneration_statement",
            "charity_donation_statement",
        )
    }
    licence = held(approved(club, people, licence_type=Licence.Type.CHARITY, **docs))
    licence = workflow.submit_results(
        licence, user=people["organiser"], results_file=SimpleUploadedFile("r.xml", b"x")
    )
    licence = workflow.record_payment(
        licence, user=people["office"], amount=Decimal(10), paid_on=timezone.localdate()
    )
    with pytest.raises(workflow.WorkflowError, match="1.8.3"):
        workflow.close(licence, user=people["office"])
    licence = workflow.record_accounts(
        licence, user=people["office"], received_on=timezone.localdate()
    )
    assert licence.state == State.PAID and licence.accounts_received_on == timezone.localdate()
    assert workflow.close(licence, user=people["office"]).state == State.CLOSED


def test_revoked_with_a_reason(club, people):
    """1.7.13: fewer than five tables without notice; revoked unless all wish to go on."""
    licence = approved(club, people)
    licence = workflow.revoke(
        licence, user=people["office"], reason="Three tables, no notice (1.7.13)"
    )
    assert licence.state == State.REVOKED
    assert workflow.allowed_steps(people["office"], licence) == []


def test_overdue_duties_after_the_due_day(club, people):
    """1.5.3 30 days / 1.7.17 one calendar month: the earlier of the two."""
    licence = held(approved(club, people))
    due = rules.post_event_due(licence.end_date)
    assert services.overdue(due) == []
    assert services.overdue(due + dt.timedelta(days=1)) == [licence]
    assert services.overdue_duties(licence, due + dt.timedelta(days=1)) == ["results"]
    licence = workflow.submit_results(
        licence, user=people["organiser"], results_file=SimpleUploadedFile("r.xml", b"x")
    )
    assert services.overdue_duties(licence, due + dt.timedelta(days=1)) == ["payment"]


def test_public_list_shows_approved_and_later_only(club, people):
    a = approved(club, people)
    workflow.apply(unsaved(club, event_name="Pending"), user=people["organiser"])
    LicenceFactory(organisation=club, state=State.REJECTED)
    LicenceFactory(organisation=club, state=State.REVOKED)
    assert list(services.public_list()) == [a]


# --- news ------------------------------------------------------------------------------


def test_each_step_tells_the_other_side(
    club, people, mailoutbox, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        licence = workflow.apply(unsaved(club), user=people["organiser"])
    assert set(Notification.objects.values_list("recipient", flat=True)) == {people["office"].pk}
    Notification.objects.all().delete()
    mailoutbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        workflow.approve(licence, user=people["office"], fee=Decimal(5))
    note = Notification.objects.get()
    assert note.recipient == people["organiser"]
    assert note.text_en.startswith(licence.number) and "approved" in note.text_en
    assert "godkänd" in note.text_sv
    assert sorted(a for m in mailoutbox for a in m.to) == sorted(
        [people["organiser"].member.email, club.email]
    )


# --- two office staff at once ---------------------------------------------------------


def test_the_second_approval_is_told_it_was_decided(club, people):
    second = office_staff()
    licence = workflow.apply(unsaved(club), user=people["organiser"])
    seen_by_first = Licence.objects.get(pk=licence.pk)
    seen_by_second = Licence.objects.get(pk=licence.pk)
    workflow.approve(seen_by_first, user=people["office"], fee=Decimal(5))
    with pytest.raises(workflow.AlreadyDecided, match="approved by"):
        workflow.approve(seen_by_second, user=second, fee=Decimal(7))
    licence.refresh_from_db()
    assert licence.fee == Decimal(5) and kinds(licence) == ["submitted", "approve"]


@pytest.mark.django_db(transaction=True)
def test_two_approvals_at_the_same_moment_one_wins():
    """Threads with their own connections; the row lock (PostgreSQL) and the
    conditional UPDATE let exactly one through."""
    if connection.vendor == "sqlite" and "memory" in str(connection.settings_dict["NAME"]):
        pytest.skip("threads cannot share an in-memory SQLite test database")
    club = OrganisationFactory()
    licence = workflow.apply(unsaved(club), user=organiser(club))
    staff = [office_staff(), office_staff()]
    start = threading.Barrier(2)
    outcomes: list[str] = []

    def decide(user, fee):
        try:
            mine = Licence.objects.get(pk=licence.pk)
            start.wait()
            workflow.approve(mine, user=user, fee=fee)
            outcomes.append("won")
        except workflow.AlreadyDecided:
            outcomes.append("already")
        except Exception as exc:  # noqa: BLE001 - shown in the assertion
            outcomes.append(f"{type(exc).__name__}: {exc}")
        finally:
            connection.close()

    threads = [
        threading.Thread(target=decide, args=(staff[0], Decimal(5))),
        threading.Thread(target=decide, args=(staff[1], Decimal(7))),
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(outcomes) == ["already", "won"], outcomes
    assert LicenceAction.objects.filter(licence=licence, kind="approve").count() == 1


def test_results_sent_against_a_stale_page_store_nothing(club, people, settings):
    """The file is written only once the stored licence allows the step."""
    licence = workflow.apply(unsaved(club), user=people["organiser"])
    licence.state = State.APPROVED  # what a stale page would post
    with pytest.raises(workflow.AlreadyDecided):
        workflow.submit_results(
            licence, user=people["organiser"], results_file=SimpleUploadedFile("r.xml", b"x")
        )
    assert not list(settings.MEDIA_ROOT.rglob("*.xml"))


def test_an_application_that_fails_after_its_documents_were_stored_leaves_none(
    club, people, settings, monkeypatch
):
    def broken(*args, **kwargs):
        raise RuntimeError("the trail could not be written")

    monkeypatch.setattr(workflow, "_log", broken)
    docs = {name: SimpleUploadedFile(f"{name}.pdf", b"%PDF") for name in workflow.DOCUMENT_FIELDS}
    with pytest.raises(RuntimeError):
        workflow.apply(
            unsaved(club, licence_type=Licence.Type.CHARITY, **docs), user=people["organiser"]
        )
    assert Licence.objects.count() == 0
    assert not list(settings.MEDIA_ROOT.rglob("*.pdf"))


@pytest.mark.parametrize("end", [dt.date(2027, 1, 31), dt.date(2027, 2, 28), dt.date(2028, 2, 1)])
def test_the_overdue_list_finds_each_licence_the_day_after_its_due_day(club, end):
    """The list is narrowed in SQL; the narrowing must never hide a late licence."""
    licence = LicenceFactory(organisation=club, start_date=end, end_date=end, state=State.APPROVED)
    charity = LicenceFactory(
        organisation=club,
        licence_type=Licence.Type.CHARITY,
        start_date=end,
        end_date=end,
        state=State.PAID,
    )
    due = rules.post_event_due(end)
    assert services.overdue(due) == [] and services.overdue(due + dt.timedelta(days=1)) == [licence]
    accounts_due = rules.charity_accounts_due(end)
    assert charity not in services.overdue(accounts_due)
    assert charity in services.overdue(accounts_due + dt.timedelta(days=1))
