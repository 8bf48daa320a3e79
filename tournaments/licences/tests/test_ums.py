"""Universal Membership statements (issue #20 point 4): a club's month from its
reported tournaments, sessions when the results do not tell, the free sessions of the
year, issuing and paying in steps, who sees what, CSV, PDF, both languages and the
pages. Figures: standard price £0.40, the county's charge £0.10 (code 10 only)."""

import datetime as dt
from decimal import Decimal

import pytest
from django.contrib.messages import get_messages
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import override

from members.models import Member
from members.tests.factories import ClubFactory, MemberFactory, club_admin, member_with_login
from members.tests.printing import assert_pdf
from tournaments.licences import ums
from tournaments.licences.models import (
    Licence,
    UmsEvent,
    UmsRate,
    UmsStatement,
    UmsStatementAction,
)
from tournaments.models import Entry, EntryPlayer, Section, Tournament

from .factories import LicenceFactory, OrganisationFactory, office_staff

pytestmark = pytest.mark.django_db
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
MAY = dt.date(2026, 5, 1)


@pytest.fixture
def people():
    club = ClubFactory(name="Lund Bridge Club", number=4711)
    UmsRate.objects.create(per_player_session=Decimal("0.40"), valid_from=dt.date(2025, 4, 1))
    UmsRate.objects.create(
        county=club.district, per_player_session=Decimal("0.10"), valid_from=dt.date(2025, 4, 1)
    )
    return {
        "club": club,
        "admin": club_admin(club),
        "stranger": club_admin(ClubFactory(name="Växjö Bridge Club")),
        "office": office_staff(),
        "player": member_with_login().user,
    }


def played(
    club, name, day, statuses, *, end=None, code=None, sessions=None, guests=0, **ums_fields
):
    """A tournament of ``club`` with a player of each member status, ``guests`` players
    under a temporary id, and optionally its charge code."""
    tournament = Tournament.objects.create(
        organiser_club=club,
        event_id=name,
        name=name,
        start_date=day,
        end_date=end or day,
        kind=Tournament.Kind.PAIRS,
        scoring=Tournament.Scoring.MATCHPOINTS,
        boards=24,
    )
    section = Section.objects.create(tournament=tournament, name="A")
    entry = Entry.objects.create(section=section, number=1)
    for status in statuses:
        EntryPlayer.objects.create(entry=entry, member=MemberFactory(status=status))
    for n in range(guests):
        EntryPlayer.objects.create(entry=entry, temporary_id=f"G{tournament.pk}-{n}")
    if code or sessions or ums_fields:
        UmsEvent.objects.create(
            tournament=tournament, charge_code=code or "10", sessions=sessions, **ums_fields
        )
    return tournament


A, L, S, F = (
    Member.Status.ACTIVE,
    Member.Status.LAPSED,
    Member.Status.SUSPENDED,
    Member.Status.FOREIGN_GUEST,
)


def test_the_month_players_times_sessions_times_rate(people):
    club = people["club"]
    # code 10: 4 players x 1 session x (0.40 + 0.10 county) = 2.00 (Appendix code 10)
    played(club, "Monday pairs", dt.date(2026, 5, 4), [A, A, L], guests=1)
    # code 21, 3 sessions: members and suspended 50%, foreign guest 100% (1.3.2)
    played(club, "Club knock-out", dt.date(2026, 5, 9), [A, A, S, F], code="21", sessions=3)
    played(club, "April pairs", dt.date(2026, 4, 30), [A])  # not this month
    draft = ums.build(club, 2026, 5)
    rows = [
        (d.tournament.name, d.line.status, d.line.player_sessions, d.line.amount)
        for d in draft.lines
    ]
    assert rows == [
        ("Monday pairs", "member", 2, Decimal("1.00")),
        ("Monday pairs", "lapsed", 1, Decimal("0.50")),
        ("Monday pairs", "potential", 1, Decimal("0.50")),
        ("Club knock-out", "member", 6, Decimal("1.20")),
        ("Club knock-out", "suspended", 3, Decimal("0.60")),
        ("Club knock-out", "non_member", 3, Decimal("1.20")),
    ]
    assert draft.total == Decimal("5.00") and draft.problems == []
    assert draft.due == dt.date(2026, 6, 30)  # 30 days after the month (1.3.3 b)


def test_sessions_from_the_licence_else_one_a_day(people):
    club = people["club"]
    two_days = played(club, "Weekend congress", dt.date(2026, 5, 16), [A], end=dt.date(2026, 5, 17))
    licensed = played(club, "Licensed swiss", dt.date(2026, 5, 23), [A], code="50")
    organisation = OrganisationFactory(club=club)
    LicenceFactory(
        organisation=organisation,
        start_date=licensed.start_date,
        end_date=licensed.end_date,
        sessions=3,
        state=Licence.State.APPROVED,
    )
    lines = {d.tournament.pk: d.line for d in ums.build(club, 2026, 5).lines}
    assert lines[two_days.pk].sessions == 2  # one a day
    assert lines[licensed.pk].sessions == 3  # the licence's
    assert lines[licensed.pk].amount == Decimal("1.20")  # code 50: 3 x 0.40, no county charge


def test_the_year_s_free_session_then_a_club_session(people):
    """1.3.1: one free session a year (the club had no player sessions last year)."""
    club = people["club"]
    played(club, "Christmas party", dt.date(2026, 4, 20), [A, A], code="03")
    played(club, "Summer party", dt.date(2026, 5, 20), [A, A], code="03")
    april = ums.build(club, 2026, 4)
    may = ums.build(club, 2026, 5)
    assert april.total == 0
    assert may.total == Decimal("1.00")  # 2 players x (0.40 + 0.10), as a club session
    assert "beyond the year's free sessions" in may.lines[0].line.note_en


def test_problems_are_located_and_nothing_is_issued(people):
    club = people["club"]
    played(club, "County heat", dt.date(2026, 5, 5), [A], code="20")
    with pytest.raises(ums.StatementRefused) as refused:
        ums.issue(club, 2026, 5, user=people["office"])
    assert "County heat (2026-05-05): Code 20 is for county events" in refused.value.problems[0].en
    assert not UmsStatement.objects.exists()


def test_no_rate_is_a_problem_not_an_error(people):
    UmsRate.objects.all().delete()
    played(people["club"], "Monday pairs", dt.date(2026, 5, 4), [A])
    (problem,) = ums.build(people["club"], 2026, 5).problems
    assert "No Universal Membership rate on 2026-05-04" in problem.en


def test_issue_again_then_pay_then_never_again(people):
    club, office = people["club"], people["office"]
    played(club, "Monday pairs", dt.date(2026, 5, 4), [A, A])
    statement = ums.issue(club, 2026, 5, user=office)
    assert (statement.total, statement.due_date, statement.state) == (
        Decimal("1.00"),
        dt.date(2026, 6, 30),
        "issued",
    )
    played(club, "Thursday pairs", dt.date(2026, 5, 7), [A])
    statement = ums.issue(club, 2026, 5, user=office)
    assert statement.total == Decimal("1.50") and statement.lines.count() == 2
    ums.record_payment(statement, user=office, amount=Decimal("1.50"), paid_on=dt.date(2026, 6, 10))
    statement.refresh_from_db()
    assert statement.state == "paid" and statement.paid_on == dt.date(2026, 6, 10)
    with override("en"), pytest.raises(ums.WorkflowError, match="paid"):
        ums.issue(club, 2026, 5, user=office)
    kinds = list(UmsStatementAction.objects.values_list("kind", flat=True))
    assert kinds == ["issue", "reissue", "payment"]


def test_a_month_not_over_is_not_issued(people):
    today = timezone.localdate()
    with override("en"), pytest.raises(ums.WorkflowError, match="once the month is over"):
        ums.issue(people["club"], today.year, today.month, user=people["office"])


def test_only_the_office_issues_and_records_payments(people):
    club = people["club"]
    played(club, "Monday pairs", dt.date(2026, 5, 4), [A])
    with pytest.raises(ums.NotAllowed):
        ums.issue(club, 2026, 5, user=people["admin"])
    statement = ums.issue(club, 2026, 5, user=people["office"])
    with pytest.raises(ums.NotAllowed):
        ums.record_payment(statement, user=people["admin"], amount=Decimal(1), paid_on=MAY)


def test_two_payments_at_once_the_second_is_told(people):
    played(people["club"], "Monday pairs", dt.date(2026, 5, 4), [A])
    statement = ums.issue(people["club"], 2026, 5, user=people["office"])
    stale = UmsStatement.objects.get(pk=statement.pk)
    ums.record_payment(statement, user=people["office"], amount=Decimal("0.50"), paid_on=MAY)
    with override("en"), pytest.raises(ums.transitions.AlreadyDecided, match="payment recorded"):
        ums.record_payment(stale, user=people["office"], amount=Decimal("0.50"), paid_on=MAY)


# --- pages ---------------------------------------------------------------------------------


def statement_url(club, year=2026, month=5, name="licences:ums_statement"):
    return reverse(name, args=[club.pk, year, month])


def test_the_statement_page_for_the_club_and_the_office_only(client, people):
    club = people["club"]
    played(club, "Monday pairs", dt.date(2026, 5, 4), [A, L])
    url = statement_url(club)
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    for who in ("stranger", "player"):
        client.force_login(people[who])
        assert client.get(url).status_code == 403, who
    client.force_login(people["admin"])
    body = client.get(url, **EN).content.decode()
    assert 'id="preview-note"' in body and "Monday pairs" in body
    assert 'id="statement-total">£1.00<' in body
    assert "not a current EBU member (2.9.3)" in body
    assert 'id="issue-form"' not in body  # the office issues
    client.force_login(people["office"])
    assert 'id="issue-form"' in client.get(url).content.decode()


def test_the_statement_page_in_swedish(client, people):
    played(people["club"], "Måndagspar", dt.date(2026, 5, 4), [L])
    client.force_login(people["admin"])
    body = client.get(statement_url(people["club"]), **SV).content.decode()
    assert "inte aktuell EBU-medlem (2.9.3)" in body and "Måndagspar" in body


def test_the_statement_as_csv_with_formula_cells_neutralised(client, people):
    played(people["club"], "=HYPERLINK(1)", dt.date(2026, 5, 4), [A, A])
    client.force_login(people["admin"])
    response = client.get(statement_url(people["club"]) + "?_export=csv", **EN)
    assert response["Content-Type"].startswith("text/csv")
    assert 'filename="ums-4711-2026-05.csv"' in response["Content-Disposition"]
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines[0].startswith("Date,Event,Code,Players' status,Players,Sessions")
    assert lines[1].startswith("2026-05-04,'=HYPERLINK(1),10,EBU member,2,1,2,100 %,0.4,0.1,1.00")


def test_the_statement_as_a_pdf_and_its_printed_page(client, people):
    played(people["club"], "Monday pairs", dt.date(2026, 5, 4), [A])
    client.force_login(people["admin"])
    printed = statement_url(people["club"], name="licences:ums_printed")
    body = client.get(printed, **EN).content.decode()
    assert 'id="statement-club">Lund Bridge Club (4711)<' in body
    assert "<td>EBU member</td><td>1 × 1</td><td>100 %</td><td>0.50</td>" in body
    assert_pdf(
        client.get(statement_url(people["club"], name="licences:ums_pdf"), **SV),
        "ums-4711-2026-05.pdf",
    )
    client.force_login(people["stranger"])
    assert client.get(statement_url(people["club"], name="licences:ums_pdf")).status_code == 403


def test_an_issued_statement_shows_its_due_day_overdue_and_is_paid(client, people):
    played(people["club"], "Monday pairs", dt.date(2026, 5, 4), [A])
    statement = ums.issue(people["club"], 2026, 5, user=people["office"])
    client.force_login(people["office"])
    body = client.get(statement_url(people["club"]), **EN).content.decode()
    late = timezone.localdate() > dt.date(2026, 6, 30)
    assert 'id="due-date">2026-06-30' in body and ('id="overdue-flag"' in body) is late
    response = client.post(
        reverse("licences:ums_payment", args=[statement.pk]),
        {"state": "issued", "amount": "0.50", "paid_on": "2026-06-20", "reference": "BACS 1"},
        **EN,
    )
    assert response.status_code == 302
    statement.refresh_from_db()
    assert statement.state == "paid" and statement.payment_reference == "BACS 1"
    body = client.get(statement_url(people["club"]), **EN).content.decode()
    assert 'id="payment-form"' not in body and 'id="paid-on">2026-06-20' in body


def test_bad_payment_input_is_told_and_nothing_changes(client, people):
    played(people["club"], "Monday pairs", dt.date(2026, 5, 4), [A])
    statement = ums.issue(people["club"], 2026, 5, user=people["office"])
    client.force_login(people["office"])
    response = client.post(
        reverse("licences:ums_payment", args=[statement.pk]),
        {"state": "issued", "amount": "-1", "paid_on": "someday"},
        **EN,
    )
    texts = [str(m) for m in get_messages(response.wsgi_request)]
    assert any(t.startswith("Amount paid") for t in texts) and any(
        t.startswith("Paid on") for t in texts
    )
    statement.refresh_from_db()
    assert statement.state == "issued"


def test_the_office_list_flags_overdue_and_issues_a_month(
    client, people, django_assert_max_num_queries
):
    club = people["club"]
    played(club, "Monday pairs", dt.date(2026, 5, 4), [A])
    other = ClubFactory(name="Bath Bridge Club")
    played(other, "County heat", dt.date(2026, 5, 6), [A], code="20")
    client.force_login(people["admin"])
    assert client.get(reverse("licences:ums_office")).status_code == 403
    client.force_login(people["office"])
    response = client.post(reverse("licences:ums_issue"), {"month": "2026-05"}, **EN)
    texts = [str(m) for m in get_messages(response.wsgi_request)]
    assert "Statements issued: 1." in texts
    assert any(t.startswith("Bath Bridge Club: County heat (2026-05-06): Code 20") for t in texts)
    for n in range(3):
        ClubFactory(name=f"Club {n}")
        UmsStatement.objects.create(
            club=ClubFactory(),
            month=dt.date(2026, n + 1, 1),
            total=1,
            due_date=dt.date(2026, n + 2, 1),
            issued_at=timezone.now(),
        )
    with django_assert_max_num_queries(12):
        body = client.get(reverse("licences:ums_office"), **EN).content.decode()
    assert (
        body.count(">overdue<") == 4
        and 'id="overdue-count">Statements overdue (payment due within 30 days): 4' in body
    )
    response = client.get(reverse("licences:ums_office") + "?_export=csv", **EN)
    assert b"Lund Bridge Club,2026-05" in response.content


def test_a_bad_month_is_told(client, people):
    client.force_login(people["office"])
    response = client.post(reverse("licences:ums_issue"), {"month": "2026-13"}, **EN)
    texts = [str(m) for m in get_messages(response.wsgi_request)]
    assert texts == ["Month: Give the month as YYYY-MM, e.g. 2026-05."]


def test_the_club_s_statements_page(client, people):
    played(people["club"], "Monday pairs", dt.date(2026, 5, 4), [A])
    ums.issue(people["club"], 2026, 5, user=people["office"])
    client.force_login(people["admin"])
    body = client.get(reverse("licences:ums_club", args=[people["club"].pk]), **EN).content.decode()
    assert 'id="ums-statements"' in body and "2026-05" in body
    client.force_login(people["stranger"])
    assert client.get(reverse("licences:ums_club", args=[people["club"].pk])).status_code == 403


def test_the_charge_code_page(client, people):
    tournament = played(people["club"], "Club knock-out", dt.date(2026, 5, 4), [A])
    url = reverse("licences:ums_code", args=[tournament.pk])
    client.force_login(people["stranger"])
    assert client.get(url).status_code == 403
    client.force_login(people["admin"])
    body = client.get(url, **EN).content.decode()
    assert 'name="special_exemption"' not in body  # the office's only
    response = client.post(url, {"charge_code": "20", "master_points": "on"}, **EN)
    assert "Select a valid choice" in response.content.decode()  # not a club's code
    response = client.post(url, {"charge_code": "22", "master_points": "on"}, **EN)
    assert "needs the club&#x27;s novice/beginner licence" in response.content.decode()
    assert not UmsEvent.objects.exists()
    response = client.post(url, {"charge_code": "21", "sessions": "2", "master_points": "on"})
    assert response.status_code == 302
    assert UmsEvent.objects.get().sessions == 2
    assert ums.build(people["club"], 2026, 5).total == Decimal("0.40")  # 2 x 0.40 x 50%
    client.force_login(people["office"])
    response = client.post(url, {"charge_code": "10", "special_exemption": "on"}, **EN)
    assert "Give the reason the EBU exempted this event." in response.content.decode()
    client.post(url, {"charge_code": "10", "special_exemption": "on", "exemption_reason": "Flood"})
    assert ums.build(people["club"], 2026, 5).total == 0


def test_codes_stay_once_the_month_is_paid(client, people):
    tournament = played(people["club"], "Monday pairs", dt.date(2026, 5, 4), [A])
    statement = ums.issue(people["club"], 2026, 5, user=people["office"])
    ums.record_payment(statement, user=people["office"], amount=Decimal("0.50"), paid_on=MAY)
    with override("en"), pytest.raises(ums.WorkflowError, match="paid"):
        ums.set_code(
            tournament, user=people["admin"], charge_code="03", sessions=None, master_points=True
        )


def test_the_office_start_page_counts_overdue_statements(client, people):
    UmsStatement.objects.create(
        club=people["club"],
        month=dt.date(2026, 1, 1),
        total=1,
        due_date=timezone.localdate() - dt.timedelta(days=1),
        issued_at=timezone.now(),
    )
    client.force_login(people["office"])
    body = client.get("/me/", **EN).content.decode()
    assert 'id="start-ums-overdue">1<' in body
