"""The licence pages (issue #8): who sees which page, the application form and its
bad input, refusals by the rules, the whole lifecycle, two office staff at once,
the office queue's filters and query count, protected documents, the public list
and the yearly allowances."""

import datetime as dt
from decimal import Decimal

import pytest
from django.contrib.messages import get_messages
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from members.tests.factories import member_with_login
from tournaments.licences import domain as rules
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


@pytest.fixture
def people():
    """A club's organisation with its administrator, another club's, the office
    (two of them), and a member without any role."""
    mine = OrganisationFactory(name="Lund Bridge Club")
    other = OrganisationFactory(name="Växjö Bridge Club")
    FeeRateFactory()
    return {
        "mine": mine,
        "other": other,
        "organiser": organiser(mine),
        "stranger": organiser(other),
        "office": office_staff(),
        "office_2": office_staff(),
        "player": member_with_login().user,
    }


def application(**changes):
    """The form's POST data for an open event that passes every check."""
    day = future_day()
    data = {
        "licence_type": "open_event",
        "event_name": "Lund Congress",
        "start_date": day.isoformat(),
        "end_date": day.isoformat(),
        "sessions": "2",
        "expected_tables": "20",
        "heats": "0",
        "systems_level": "2",
        "max_prize_per_player": "0",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def post_new(client, organisation, **changes):
    url = f"{reverse('licences:new')}?organisation={organisation.pk}"
    return client.post(url, application(**changes))


def texts(response) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


def step(client, licence, name, seen=None, **data):
    url = reverse("licences:step", args=[licence.pk, name])
    payload = {f"{name}-state": seen or licence.state}
    payload |= {f"{name}-{k}": v for k, v in data.items()}
    return client.post(url, payload)


# --- who sees what --------------------------------------------------------------------


def test_anonymous_is_sent_to_log_in_except_for_the_public_list(client, people):
    licence = LicenceFactory(organisation=people["mine"])
    for url in (
        reverse("licences:index"),
        reverse("licences:office"),
        reverse("licences:new"),
        reverse("licences:allowances"),
        licence.get_absolute_url(),
        reverse("licences:licence", args=[licence.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 302, url
        assert "/accounts/login/" in response["Location"]
    assert client.get(reverse("licences:events")).status_code == 200


def test_organiser_of_another_organisation_gets_403(client, people):
    licence = LicenceFactory(organisation=people["mine"], state=State.APPROVED, status=2, fee=1)
    client.force_login(people["stranger"])
    for url in (
        licence.get_absolute_url(),
        reverse("licences:licence", args=[licence.pk]),
        f"{reverse('licences:new')}?organisation={people['mine'].pk}",
        f"{reverse('licences:allowances')}?organisation={people['mine'].pk}",
        reverse("licences:office"),
    ):
        assert client.get(url).status_code == 403, url
    assert step(client, licence, "results").status_code == 403


def test_member_without_role_gets_403_and_an_empty_index(client, people):
    licence = LicenceFactory(organisation=people["mine"])
    client.force_login(people["player"])
    assert client.get(licence.get_absolute_url()).status_code == 403
    assert client.get(reverse("licences:new")).status_code == 403
    assert client.get(reverse("licences:office")).status_code == 403
    response = client.get(reverse("licences:index"))
    assert 'id="no-licences"' in response.content.decode()


def test_office_sees_everything(client, people):
    licence = LicenceFactory(organisation=people["mine"], state=State.APPROVED, status=2, fee=1)
    client.force_login(people["office"])
    for url in (
        reverse("licences:index"),
        reverse("licences:office"),
        licence.get_absolute_url(),
        reverse("licences:licence", args=[licence.pk]),
    ):
        assert client.get(url).status_code == 200, url


def test_organiser_index_lists_own_licences_with_a_new_link(client, people):
    mine = LicenceFactory(organisation=people["mine"], event_name="Ours")
    LicenceFactory(organisation=people["other"], event_name="Theirs")
    client.force_login(people["organiser"])
    body = client.get(reverse("licences:index")).content.decode()
    assert "Ours" in body and "Theirs" not in body
    assert f"?organisation={people['mine'].pk}" in body
    assert mine.number in body


def test_scheme_off_is_404_and_no_nav_links(client, people, settings):
    settings.KLOVER_FEDERATION = "sbf"
    assert client.get(reverse("licences:events")).status_code == 404
    client.force_login(people["office"])
    assert client.get(reverse("licences:index")).status_code == 404
    body = client.get(reverse("sanctions:calendar")).content.decode()
    assert 'id="nav-licences"' not in body and 'id="nav-calendar"' in body
    settings.KLOVER_FEDERATION = "ebu"
    assert client.get(reverse("sanctions:calendar")).status_code == 404
    body = client.get(reverse("licences:events")).content.decode()
    assert 'id="nav-licences"' in body and 'id="nav-calendar"' not in body


# --- the form: bad input --------------------------------------------------------------


@pytest.mark.parametrize(
    "missing", ["licence_type", "event_name", "start_date", "end_date", "sessions"]
)
def test_missing_required_field_is_a_field_error(client, people, missing):
    client.force_login(people["organiser"])
    response = post_new(client, people["mine"], **{missing: ""})
    assert response.status_code == 200
    assert missing in response.context["form"].errors
    assert Licence.objects.count() == 0


def test_end_before_start_is_impossible(client, people):
    client.force_login(people["organiser"])
    day = future_day()
    response = post_new(client, people["mine"], end_date=(day - dt.timedelta(days=1)).isoformat())
    assert list(response.context["form"].errors) == ["end_date"]
    assert Licence.objects.count() == 0


@pytest.mark.parametrize("days", [0, -10])
def test_first_day_not_after_today_is_refused(client, people, days):
    client.force_login(people["organiser"])
    day = (timezone.localdate() + dt.timedelta(days=days)).isoformat()
    response = post_new(client, people["mine"], start_date=day, end_date=day)
    assert "start_date" in response.context["form"].errors
    assert Licence.objects.count() == 0


@pytest.mark.parametrize("field", ["sessions", "expected_tables"])
def test_zero_sessions_or_tables_is_an_error(client, people, field):
    client.force_login(people["organiser"])
    response = post_new(client, people["mine"], **{field: "0"})
    assert field in response.context["form"].errors
    assert Licence.objects.count() == 0


def test_not_a_number_is_an_error(client, people):
    client.force_login(people["organiser"])
    response = post_new(client, people["mine"], expected_tables="many")
    assert "expected_tables" in response.context["form"].errors


def test_club_over_its_club_open_events_is_refused_and_nothing_saved(client, people):
    day = future_day()
    for _ in range(rules.CLUB_OPEN_EVENTS_PER_YEAR):
        LicenceFactory(
            organisation=people["mine"],
            licence_type=Licence.Type.CLUB_OPEN_EVENT,
            start_date=day,
            state=State.APPROVED,
        )
    client.force_login(people["organiser"])
    response = post_new(client, people["mine"], licence_type="club_open_event")
    assert response.status_code == 200
    refused = response.context["refused"]
    assert [r["rule_id"] for r in refused] == ["club_open.quota"]
    assert refused[0]["ref"] == "EBU Handbook 1.2.2"
    body = response.content.decode()
    assert 'id="refusals"' in body and "EBU Handbook 1.2.2" in body
    assert Licence.objects.count() == rules.CLUB_OPEN_EVENTS_PER_YEAR


def test_refusal_is_shown_in_swedish(client, people):
    client.force_login(people["organiser"])
    client.cookies["django_language"] = "sv"
    response = post_new(client, people["mine"], licence_type="charity")
    assert "Ansökan ska åtföljas av kopior av" in response.content.decode()


def test_charity_without_documents_names_the_missing_ones(client, people):
    client.force_login(people["organiser"])
    client.cookies["django_language"] = "en"
    agreement = SimpleUploadedFile("agreement.pdf", b"%PDF agreement")
    response = post_new(client, people["mine"], licence_type="charity", charity_agreement=agreement)
    refused = response.context["refused"]
    assert [r["rule_id"] for r in refused] == ["charity.documents"]
    message = refused[0]["message"]
    assert "remuneration" in message and "donation" in message
    assert "written agreement" not in message
    assert Licence.objects.count() == 0


def test_charity_with_its_documents_is_submitted(client, people, tmp_path):
    client.force_login(people["organiser"])
    files = {
        name: SimpleUploadedFile(f"{name}.pdf", b"%PDF " + name.encode())
        for name in (
            "charity_agreement",
            "charity_remuneration_statement",
            "charity_donation_statement",
        )
    }
    response = post_new(client, people["mine"], licence_type="charity", **files)
    licence = Licence.objects.get()
    assert response.status_code == 302
    assert licence.charity_agreement.name.startswith("licences/charity/")
    assert (tmp_path / licence.charity_agreement.name).is_file()


def test_pre_checks_fragment_shows_proposed_status_and_checks(client, people):
    client.force_login(people["organiser"])
    data = application(organisation=str(people["mine"].pk))
    response = client.post(reverse("licences:pre_checks"), data)
    body = response.content.decode()
    assert response.status_code == 200
    assert 'id="proposed-status" data-status="1"' in body
    assert 'data-rule="eligible"' in body
    missing = client.post(reverse("licences:pre_checks"), {"organisation": people["mine"].pk})
    assert 'id="pre-checks-missing"' in missing.content.decode()
    client.force_login(people["stranger"])
    assert client.post(reverse("licences:pre_checks"), data).status_code == 403


def test_form_page_reuses_the_pre_check_script(client, people):
    client.force_login(people["organiser"])
    response = client.get(reverse("licences:new"))
    body = response.content.decode()
    assert "js/pre_checks.js" in body
    assert reverse("licences:pre_checks") in body
    assert 'id="charity-fields"' in body and 'id="package-fields"' in body


# --- the lifecycle --------------------------------------------------------------------


def test_apply_approve_results_payment_close(client, people):
    client.force_login(people["organiser"])
    response = post_new(client, people["mine"])
    licence = Licence.objects.get()
    assert response.status_code == 302 and response["Location"] == licence.get_absolute_url()
    assert licence.state == State.SUBMITTED and licence.proposed_status == 1

    client.force_login(people["office"])
    detail = client.get(licence.get_absolute_url())
    approve = detail.context["steps"][0]["form"]
    assert approve["status"].value() == 1
    assert approve["fee"].value() == Decimal("60.00")  # 1.50 x 2 sessions x 20 tables
    step(client, licence, "approve", status="2", special_conditions="No smoking", fee="55")
    licence.refresh_from_db()
    assert (licence.state, licence.status, licence.fee) == (State.APPROVED, 2, Decimal(55))
    assert licence.conditions and licence.special_conditions == "No smoking"
    printable = client.get(reverse("licences:licence", args=[licence.pk])).content.decode()
    assert "No smoking" in printable and licence.number in printable
    assert "EBU Handbook 1.7.10" in printable
    # The issuer and the money are the federation profile's (issue 14).
    assert "♣ Klöver – English Bridge Union" in printable and "£55.00" in printable

    past = timezone.localdate() - dt.timedelta(days=1)
    Licence.objects.filter(pk=licence.pk).update(start_date=past, end_date=past)
    licence.refresh_from_db()
    client.force_login(people["organiser"])
    results = SimpleUploadedFile("results.xml", b"<usebio/>")
    step(client, licence, "results", results_file=results)
    licence.refresh_from_db()
    assert licence.state == State.RESULTS_RECEIVED

    client.force_login(people["office"])
    step(client, licence, "payment", amount="55", paid_on=past.isoformat(), reference="BACS 1")
    licence.refresh_from_db()
    assert licence.state == State.PAID and licence.amount_paid == Decimal(55)
    step(client, licence, "close")
    licence.refresh_from_db()
    assert licence.state == State.CLOSED
    kinds = list(licence.actions.values_list("kind", flat=True))
    assert kinds == ["submitted", "approve", "results", "payment", "close"]


def test_revoke_needs_a_reason(client, people):
    licence = LicenceFactory(organisation=people["mine"], state=State.APPROVED, status=2, fee=1)
    client.force_login(people["office"])
    response = step(client, licence, "revoke", reason="")
    assert any(t.startswith("Motivering (obligatorisk)") for t in texts(response))
    licence.refresh_from_db()
    assert licence.state == State.APPROVED
    step(client, licence, "revoke", reason="Fewer than five tables, no notice")
    licence.refresh_from_db()
    assert licence.state == State.REVOKED
    assert licence.decision_reason == "Fewer than five tables, no notice"
    assert client.get(reverse("licences:licence", args=[licence.pk])).status_code == 404


def test_organiser_cannot_approve(client, people):
    licence = LicenceFactory(organisation=people["mine"])
    client.force_login(people["organiser"])
    assert step(client, licence, "approve", status="2").status_code == 403
    licence.refresh_from_db()
    assert licence.state == State.SUBMITTED


def test_two_office_staff_approving_at_once(client, people):
    licence = LicenceFactory(organisation=people["mine"])
    client.force_login(people["office"])
    step(client, licence, "approve", seen="submitted", status="2")
    client.force_login(people["office_2"])
    response = step(client, licence, "approve", seen="submitted", status="3")
    assert response.status_code == 302
    messages = texts(response)
    assert any(m.startswith(("Already handled", "Redan")) for m in messages), messages
    licence.refresh_from_db()
    assert (licence.state, licence.status) == (State.APPROVED, 2)
    assert LicenceAction.objects.filter(licence=licence, kind="approve").count() == 1


def test_stale_state_field_is_rejected(client, people):
    licence = LicenceFactory(organisation=people["mine"])
    client.force_login(people["office"])
    response = step(client, licence, "approve", seen="nonsense", status="2")
    assert response.status_code == 302
    licence.refresh_from_db()
    assert licence.state == State.SUBMITTED


# --- lists ----------------------------------------------------------------------------


def test_office_queue_filters(client, people):
    late_day = timezone.localdate() - dt.timedelta(days=60)
    late = LicenceFactory(
        organisation=people["mine"],
        state=State.APPROVED,
        start_date=late_day,
        end_date=late_day,
        event_name="Late",
    )
    waiting = LicenceFactory(organisation=people["other"], event_name="Waiting")
    charity = LicenceFactory(
        organisation=people["other"], licence_type=Licence.Type.CHARITY, event_name="Charity"
    )
    client.force_login(people["office"])

    def names(**query):
        table = client.get(reverse("licences:office"), query).context["table"]
        return {row.record.event_name for row in table.paginated_rows}

    assert names() == {"Late", "Waiting", "Charity"}
    assert names(state="approved") == {"Late"}
    assert names(overdue="yes") == {"Late"}
    assert names(overdue="no") == {"Waiting", "Charity"}
    assert names(organisation=people["other"].pk) == {"Waiting", "Charity"}
    assert names(licence_type="charity") == {"Charity"}
    assert waiting.pk and charity.pk and late.pk


def test_office_queue_shows_the_fee_table(client, people):
    client.force_login(people["office"])
    body = client.get(reverse("licences:office")).content.decode()
    assert 'id="fee-rates"' in body and "1,50" in body
    assert reverse("admin:licences_feerate_changelist") in body


def _many(people, n):
    for i in range(n):
        LicenceFactory(organisation=people["mine" if i % 2 else "other"])


# Query counts: LOGIN is the session and its user; the navigation bar asks "is office
# staff?", "has any role?" and for the unread notifications, once a request although
# each table is rendered with the request's context (NAVIGATION). A new query fails
# the test; pytest -v lists them.
LOGIN = 2
NAVIGATION = 3
LIST_QUERIES = {
    # Login; is_office_staff: the user's member and its office role; the number of
    # licences (the paginator); the navigation bar; the organisations of the filter;
    # the page of licences with their organisations; the fee rates, counted for
    # their pages first.
    "licences:office": LOGIN + 2 + 1 + NAVIGATION + 3 + 1,
    # Login; organisations_of: the user's member, the clubs they administer and the
    # organisations; "is office staff?"; the overdue licences; the navigation bar;
    # the licences waiting for the office (with their organisations), counted for
    # their pages first.
    "licences:index": LOGIN + 3 + 1 + 1 + NAVIGATION + 1 + 1,
}


@pytest.mark.parametrize("url", ["licences:office", "licences:index"])
def test_list_query_count_does_not_grow(client, people, url, django_assert_num_queries):
    client.force_login(people["office"])
    for n, more in ((2, 2), (12, 10)):
        _many(people, more)
        with django_assert_num_queries(LIST_QUERIES[url]):
            response = client.get(reverse(url))
        table = response.context["table" if url == "licences:office" else "waiting"]
        assert len(table.rows) == n


def test_public_list_only_approved_and_later_from_today(client, people, django_assert_num_queries):
    shown = {State.APPROVED, State.RESULTS_RECEIVED, State.PAID, State.CLOSED}
    for state in State.values:
        LicenceFactory(organisation=people["mine"], state=state, status=2, event_name=f"E-{state}")
    past = timezone.localdate() - dt.timedelta(days=3)
    LicenceFactory(
        organisation=people["mine"],
        state=State.APPROVED,
        start_date=past,
        end_date=past,
        event_name="Old",
    )
    # The number of licensed events (the paginator) and the page of them with their
    # organisations.
    with django_assert_num_queries(2):
        response = client.get(reverse("licences:events"))
    table = response.context["table"]
    assert {r.record.event_name for r in table.paginated_rows} == {f"E-{s}" for s in shown}
    assert "Lund Bridge Club" in response.content.decode()


# --- documents ------------------------------------------------------------------------


def test_documents_only_to_those_who_may_see_the_licence(client, people):
    licence = LicenceFactory(organisation=people["mine"], licence_type=Licence.Type.CHARITY)
    licence.charity_agreement.save("agreement.pdf", SimpleUploadedFile("a.pdf", b"%PDF secret"))
    url = reverse("licences:document", args=[licence.pk, "charity_agreement"])
    assert client.get(url).status_code == 302
    client.force_login(people["stranger"])
    assert client.get(url).status_code == 403
    client.force_login(people["organiser"])
    response = client.get(url)
    assert response.status_code == 200
    assert b"".join(response.streaming_content) == b"%PDF secret"
    assert client.get(licence.get_absolute_url()).content.decode().count(url) == 1
    assert "/media/" not in client.get(licence.get_absolute_url()).content.decode()
    missing = reverse("licences:document", args=[licence.pk, "results_file"])
    assert client.get(missing).status_code == 404
    other = reverse("licences:document", args=[licence.pk, "event_name"])
    assert client.get(other).status_code == 404


# --- allowances -----------------------------------------------------------------------


def test_allowance_page_refuses_a_third_ladder(client, people):
    client.force_login(people["organiser"])
    url = f"{reverse('licences:allowances')}?organisation={people['mine'].pk}"
    day = timezone.localdate().isoformat()
    for n in (1, 2):
        response = client.post(url, {"kind": "ladder", "name": f"Ladder {n}", "date": day})
        assert response.status_code == 302
    response = client.post(url, {"kind": "ladder", "name": "Ladder 3", "date": day})
    assert response.status_code == 200
    assert [r["rule_id"] for r in response.context["refused"]] == ["allowance.quota"]
    assert AllowanceUse.objects.filter(kind="ladder").count() == 2
    usage = {row["kind"]: row for row in response.context["usage"]}
    assert (usage["ladder"]["used"], usage["ladder"]["limit"]) == (2, 2)


def test_allowance_a_club_does_not_have_is_refused(client, people):
    client.force_login(people["organiser"])
    url = f"{reverse('licences:allowances')}?organisation={people['mine'].pk}"
    day = timezone.localdate().isoformat()
    response = client.post(url, {"kind": "county_simultaneous", "name": "Sim", "date": day})
    assert [r["rule_id"] for r in response.context["refused"]] == ["allowance.available"]
    assert AllowanceUse.objects.count() == 0


# --- query counts of the other pages ----------------------------------------------------


def test_public_list_query_count_does_not_grow(client, people, django_assert_num_queries):
    for n, more in ((2, 2), (12, 10)):
        for _ in range(more):
            LicenceFactory(organisation=people["mine"], state=State.APPROVED, status=2)
        # The number of licensed events and the page of them with their organisations.
        with django_assert_num_queries(2):
            response = client.get(reverse("licences:events"))
        assert len(response.context["table"].page.object_list) == n


@pytest.mark.parametrize("organisations", [2, 12])
def test_organiser_index_query_count_does_not_grow_with_the_organisations(
    client, people, organisations, django_assert_num_queries
):
    member = people["organiser"].member
    for _ in range(organisations - 1):
        OrganisationFactory(club=None, kind="other").administrators.add(member)
    for organisation in member.organisations.all():
        LicenceFactory(organisation=organisation)
    client.force_login(people["organiser"])
    # Login; organisations_of: the user's member, the clubs they administer and the
    # organisations; their licences with their organisations; "is office staff?"; the
    # navigation bar, once although each organisation has its table.
    with django_assert_num_queries(LOGIN + 3 + 1 + 1 + NAVIGATION):
        response = client.get(reverse("licences:index"))
    assert len(response.context["organisations"]) == organisations


def test_new_form_query_count(client, people, django_assert_num_queries):
    client.force_login(people["organiser"])
    # Login; organisations_of: the user's member, the clubs they administer and the
    # first two organisations; the navigation bar; the choices of last year's
    # licence (1.6.1 c) and of the partners (1.2.7).
    with django_assert_num_queries(LOGIN + 3 + NAVIGATION + 2):
        response = client.get(reverse("licences:new"))
    assert response.status_code == 200


@pytest.mark.parametrize("organisations", [2, 12])
def test_choosing_the_organisation_query_count_does_not_grow(
    client, people, organisations, django_assert_num_queries
):
    member = people["organiser"].member
    for _ in range(organisations - 1):
        OrganisationFactory(club=None, kind="other").administrators.add(member)
    client.force_login(people["organiser"])
    # Login; organisations_of: the user's member, the clubs they administer and the
    # first two organisations; for the choice, the clubs they administer again; the
    # navigation bar; the organisations.
    with django_assert_num_queries(LOGIN + 3 + 1 + NAVIGATION + 1):
        response = client.get(reverse("licences:new"))
    assert len(response.context["organisations"]) == organisations


def test_allowances_query_count_does_not_grow_with_the_events(
    client, people, django_assert_num_queries
):
    client.force_login(people["organiser"])
    url = f"{reverse('licences:allowances')}?organisation={people['mine'].pk}"
    day = timezone.localdate()
    for n, kinds in ((2, ("ladder", "major_pairs")), (12, ("major_teams",) * 10)):
        for k, kind in enumerate(kinds):
            AllowanceUse.objects.create(
                organisation=people["mine"], kind=kind, name=f"{kind} {k}", date=day, year=day.year
            )
        # Login; organisations_of: the user's member, the clubs they administer and
        # the organisation; year_usage: the allowances' kinds, the club open events,
        # the blue point licences and the blue point allowances; the navigation bar;
        # the year's allowances.
        with django_assert_num_queries(LOGIN + 3 + 4 + NAVIGATION + 1):
            response = client.get(url)
        assert len(response.context["registered"]) == n


def _with_trail(people, n: int) -> Licence:
    """An approved licence with ``n`` steps in its trail (charity: every duty)."""
    licence = LicenceFactory(
        organisation=people["mine"],
        licence_type=Licence.Type.CHARITY,
        state=State.APPROVED,
        status=2,
        fee=1,
        conditions=[{"text_en": "No smoking", "text_sv": "Ingen rökning", "seed_ref": "EBU 1"}],
    )
    for k in range(n):
        LicenceAction.objects.create(
            licence=licence,
            kind="approve",
            from_state=State.SUBMITTED,
            to_state=State.APPROVED,
            actor=people["office"],
            actor_name="Office",
            note=f"Step {k}",
            at=timezone.now(),
        )
    return licence


# The licence's page: login; the licence with its organisation, club and county;
# can_view and allowed_steps (by role, below); the trail; the navigation bar.
DETAIL_QUERIES = {
    # can_view: the user's member, "is office staff?", the clubs they administer and
    # "may they apply for the organisation?"; allowed_steps: the same three again.
    # The last 1: the events the licence covers (results_of; none reported here).
    # The 2 after it: the calendar now (1.7.23), the county's neighbours and the
    # licensed events on its dates.
    "organiser": LOGIN + 1 + 4 + 3 + 1 + NAVIGATION + 1 + 2,
    # can_view: the user's member and "is office staff?"; allowed_steps: "is office
    # staff?", the clubs they administer, "may they apply for the organisation?".
    "office": LOGIN + 1 + 2 + 3 + 1 + NAVIGATION + 1 + 2,
}


@pytest.mark.parametrize("who", ["organiser", "office"])
def test_detail_query_count_does_not_grow_with_the_trail(
    client, people, who, django_assert_num_queries
):
    client.force_login(people[who])
    for n in (2, 12):
        licence = _with_trail(people, n)
        with django_assert_num_queries(DETAIL_QUERIES[who]):
            response = client.get(licence.get_absolute_url())
        assert len(response.context["trail"]) == n
        assert response.context["conditions"] and response.context["duties"]


def test_detail_of_an_application_to_decide_query_count(client, people, django_assert_num_queries):
    licence = LicenceFactory(organisation=people["mine"])
    client.force_login(people["office"])
    # As for the office above, and the fee rates for the approve step's proposed fee.
    with django_assert_num_queries(DETAIL_QUERIES["office"] + 1):
        response = client.get(licence.get_absolute_url())
    assert [step["step"] for step in response.context["steps"]][0] == "approve"


def test_printable_licence_query_count(client, people, django_assert_num_queries):
    licence = _with_trail(people, 2)
    client.force_login(people["organiser"])
    # Login; the licence with its organisation, club and county; can_view: the user's
    # member, "is office staff?", the clubs they administer and "may they apply for
    # the organisation?"; the navigation bar.
    with django_assert_num_queries(LOGIN + 1 + 4 + NAVIGATION):
        response = client.get(reverse("licences:licence", args=[licence.pk]))
    assert response.status_code == 200


def test_index_and_public_tables_sort_and_page(client, people):
    """Issue 18, point 2: the office's tables on the index and the public list sort
    and page, each table under its own prefix."""
    for n in range(28):
        LicenceFactory(organisation=people["mine"], state=State.SUBMITTED, event_name=f"K {n:02d}")
    client.force_login(people["office"])
    response = client.get(reverse("licences:index"), {"w-sort": "-event_name", "w-page": "2"})
    names = [row.record.event_name for row in response.context["waiting"].page.object_list]
    assert names == ["K 02", "K 01", "K 00"]

    for name in ("Bravo", "Alfa"):
        LicenceFactory(organisation=people["mine"], state=State.APPROVED, status=2, event_name=name)
    response = client.get(reverse("licences:events"), {"sort": "event_name"})
    assert [r.record.event_name for r in response.context["table"].paginated_rows] == [
        "Alfa", "Bravo"
    ]  # fmt: skip
    response = client.get(reverse("licences:office"), {"fee-sort": "-minimum"})
    assert response.status_code == 200 and 'id="fee-rates"' in response.content.decode()
