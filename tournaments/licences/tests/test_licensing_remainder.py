"""The EBU licensing remainder (issue #22) through the workflow and the pages: the
novice licence's criteria (seed 001, 1.4.2, lines 587-627), major-event status
retained and provisionally extended (1.6.1 c, lines 821-842), date clashes with
licensed events (1.7.22-1.7.23, lines 1031-1070) and inter-organisation events
(1.2.7, lines 410-440)."""

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from tournaments.licences import workflow
from tournaments.licences.models import Licence

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
Standing = Licence.MajorStanding


@pytest.fixture(autouse=True)
def _english(client):
    # The EBU's pages are read in English (the browser asks for it too).
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    with translation.override("en"):
        yield


@pytest.fixture
def club():
    return OrganisationFactory(name="Aylesbury BC")


@pytest.fixture
def county(club):
    return OrganisationFactory(
        name="Bucks CBA", kind="county", club=None, county=club.county, email="bucks@example.org"
    )


@pytest.fixture
def office():
    FeeRateFactory(licence_type=Licence.Type.OPEN_EVENT)
    FeeRateFactory(licence_type=Licence.Type.NOVICE_ANNUAL)
    return office_staff()


def unsaved(organisation, **changes) -> Licence:
    day = changes.pop("start_date", future_day())
    fields = {
        "organisation": organisation,
        "licence_type": Licence.Type.OPEN_EVENT,
        "event_name": "Spring Congress",
        "start_date": day,
        "end_date": changes.pop("end_date", day),
        "sessions": 2,
        "expected_tables": 20,
        "wide_appeal": True,
        **changes,
    }
    return Licence(**fields)


def check(licence: Licence, rule_id: str) -> dict:
    (found,) = [c for c in licence.checks if c["rule_id"] == rule_id]
    return found


def texts(response) -> str:
    return response.content.decode()


# --- 1.4.2 novice/beginners -------------------------------------------------------------


def novice(organisation, **changes) -> Licence:
    start = future_day(10)
    fields = {
        "licence_type": Licence.Type.NOVICE_ANNUAL,
        "event_name": "Improvers' Monday",
        "start_date": start,
        "end_date": start + dt.timedelta(days=364),
        "sessions": 52,
        "expected_tables": 6,
        "wide_appeal": False,
        "for_novices": True,
        "above_area_master_percent": Decimal(5),
    }
    return unsaved(organisation, **(fields | changes))


def test_novice_application_missing_a_criterion_is_saved_with_the_warning_1_4_2(club):
    """Lines 603-617: typical criteria are weighed, not refused."""
    licence = workflow.apply(novice(club, members_only=True), user=organiser(club))
    row = check(licence, "novice.open_entry")
    assert (row["passed"], row["severity"]) == (False, "warning")
    assert "non-members" in row["message_en"]


def test_a_second_novice_licence_for_the_same_period_is_refused_naming_the_first_1_4_2(club):
    """Line 597: "annual licences for one such event each week"."""
    user = organiser(club)
    first = workflow.apply(novice(club), user=user)
    with pytest.raises(workflow.LicenceRefused) as refused:
        workflow.apply(novice(club, event_name="Improvers' Thursday"), user=user)
    (row,) = refused.value.checks
    assert row.rule_id == "novice.one_a_week" and first.number in row.message_en
    assert Licence.objects.count() == 1


def test_office_approves_a_departure_from_the_criteria_only_with_a_reason_1_4_2(club, office):
    licence = workflow.apply(novice(club, awards_master_points=True), user=organiser(club))
    with pytest.raises(workflow.WorkflowError, match="typical novice criteria"):
        workflow.approve(licence, user=office)
    licence.refresh_from_db()
    assert licence.state == State.SUBMITTED
    workflow.approve(licence, user=office, note="Local points only, agreed by phone")
    licence.refresh_from_db()
    assert (licence.state, licence.conditions) == (State.APPROVED, [])  # 1.7 heading


def test_the_form_clears_novice_fields_of_other_licence_types_1_4_2(client, club):
    client.force_login(organiser(club))
    day = future_day().isoformat()
    response = client.post(
        f"{reverse('licences:new')}?organisation={club.pk}",
        {
            "licence_type": "open_event",
            "event_name": "Congress",
            "start_date": day,
            "end_date": day,
            "sessions": "2",
            "expected_tables": "20",
            "heats": "0",
            "systems_level": "2",
            "max_prize_per_player": "0",
            "awards_master_points": "on",
            "above_area_master_percent": "40",
        },
    )
    assert response.status_code == 302
    licence = Licence.objects.get()
    assert (licence.awards_master_points, licence.above_area_master_percent) == (False, None)


def test_the_share_above_area_master_is_a_percentage_1_4_2(client, club):
    client.force_login(organiser(club))
    day = future_day().isoformat()
    response = client.post(
        f"{reverse('licences:new')}?organisation={club.pk}",
        {
            "licence_type": "novice_annual",
            "event_name": "Improvers",
            "start_date": day,
            "end_date": day,
            "sessions": "52",
            "expected_tables": "6",
            "heats": "0",
            "systems_level": "2",
            "max_prize_per_player": "0",
            "above_area_master_percent": "120",
        },
    )
    assert response.status_code == 200
    assert "above_area_master_percent" in response.context["form"].errors
    assert not Licence.objects.exists()


# --- 1.6.1 c major event status ----------------------------------------------------------


def last_years_major(county, standing=Standing.GRANTED) -> Licence:
    day = future_day()
    return LicenceFactory(
        organisation=county,
        event_name="Bucks Congress",
        start_date=day.replace(year=day.year - 1),
        end_date=day.replace(year=day.year - 1),
        state=State.CLOSED,
        sessions=4,
        status=4,
        major_standing=standing,
    )


def major(county, previous, **changes) -> Licence:
    fields = {
        "event_name": "Bucks Congress",
        "sessions": 4,
        "expected_tables": 60,
        "members_only": True,
        "last_year_best_four_avg_tables": Decimal(51),
        "previous_licence": previous,
    }
    return unsaved(county, **(fields | changes))


def test_an_event_meeting_the_standards_retains_major_status_1_6_1_c(county, office):
    """Lines 837-838: it "retains it as long as it meets the minimum standards"."""
    previous = last_years_major(county)
    licence = workflow.apply(major(county, previous), user=organiser(county))
    assert licence.proposed_status == 4  # Regional, line 842
    assert previous.number in licence.status_reasons[-1]["en"]
    workflow.approve(licence, user=office)
    licence.refresh_from_db()
    assert (licence.status, licence.major_standing) == (4, Standing.RETAINED)


def test_the_provisional_further_year_on_the_office_decision_1_6_1_c(client, county, office):
    """Lines 839-841: fails the standards one year; the Board extends it provisionally."""
    previous = last_years_major(county)
    licence = workflow.apply(
        major(
            county, previous, last_year_best_four_avg_tables=Decimal(41), provisional_extension=True
        ),
        user=organiser(county),
    )
    assert licence.proposed_status == 4
    client.force_login(office)
    page = client.get(licence.get_absolute_url())
    assert page.context["steps"][0]["form"].initial["major_standing"] == "provisional"
    # The rules never let the office call it retained: the standards are not met.
    with pytest.raises(workflow.WorkflowError, match="1.6.1 c"):
        workflow.approve(licence, user=office, major_standing="retained")
    # A major event is Regional.
    with pytest.raises(workflow.WorkflowError, match="Regional"):
        workflow.approve(licence, user=office, status=3, major_standing="provisional")
    response = client.post(
        reverse("licences:step", args=[licence.pk, "approve"]),
        {
            "approve-state": "submitted",
            "approve-status": "4",
            "approve-major_standing": "provisional",
            "approve-fee": "",
            "approve-note": "",
            "approve-special_conditions": "",
        },
    )
    assert response.status_code == 302
    licence.refresh_from_db()
    assert (licence.state, licence.major_standing) == (State.APPROVED, Standing.PROVISIONAL)
    detail = texts(client.get(licence.get_absolute_url()))
    assert 'data-standing="provisional"' in detail
    printed = texts(client.get(reverse("licences:licence", args=[licence.pk])))
    assert "provisional further year" in printed
    assert f"for {licence.start_date.year} only" in printed


def test_the_office_may_grant_no_major_status_1_6_1_c(county, office):
    licence = workflow.apply(major(county, last_years_major(county)), user=organiser(county))
    workflow.approve(licence, user=office, status=3, major_standing="")
    licence.refresh_from_db()
    assert (licence.status, licence.major_standing) == (3, "")


def test_last_years_licence_must_be_the_organisations_own_1_6_1_c(county, club):
    others = last_years_major(club)
    with pytest.raises(workflow.WorkflowError, match="organisation's own"):
        workflow.apply(major(county, others), user=organiser(county))


def test_the_form_offers_only_the_organisations_major_licences_1_6_1_c(client, county):
    kept = last_years_major(county)
    LicenceFactory(organisation=county, state=State.CLOSED)  # never a major event
    last_years_major(OrganisationFactory())  # another organisation's
    client.force_login(organiser(county))
    form = client.get(f"{reverse('licences:new')}?organisation={county.pk}").context["form"]
    assert list(form.fields["previous_licence"].queryset) == [kept]


# --- 1.7.22-23 date clashes --------------------------------------------------------------


def test_a_clash_in_the_same_county_is_a_warning_naming_the_licence_1_7_23(club, county):
    day = future_day()
    there = LicenceFactory(
        organisation=county,
        event_name="Bucks Pairs",
        start_date=day,
        state=State.APPROVED,
        status=3,
    )
    licence = workflow.apply(unsaved(club, start_date=day), user=organiser(club))
    row = check(licence, "calendar.clash")
    assert (row["passed"], row["severity"]) == (False, "warning")
    assert there.number in row["message_en"] and "Bucks Pairs" in row["message_en"]


def test_a_neighbouring_county_clashes_a_far_one_not_1_7_23(club):
    day = future_day()
    near = OrganisationFactory(name="Oxford BC")
    near.county.neighbours.add(club.county)
    far = OrganisationFactory(name="Cornwall BC")
    for organisation in (near, far):
        LicenceFactory(organisation=organisation, start_date=day, state=State.PAID, status=2)
    licence = workflow.apply(unsaved(club, start_date=day), user=organiser(club))
    (row,) = [c for c in licence.checks if c["rule_id"] == "calendar.clash"]
    assert "Oxford BC" in row["message_en"]


def test_pending_and_refused_applications_do_not_clash_1_7_23(club, county):
    day = future_day()
    for state in (State.SUBMITTED, State.REJECTED, State.REVOKED):
        LicenceFactory(organisation=county, start_date=day, state=state)
    licence = workflow.apply(unsaved(club, start_date=day), user=organiser(club))
    assert check(licence, "calendar.clash")["passed"]


def test_the_licence_page_shows_clashes_licensed_since_the_application_1_7_23(
    client, club, county, office
):
    day = future_day()
    licence = workflow.apply(unsaved(club, start_date=day), user=organiser(club))
    later = LicenceFactory(
        organisation=county,
        event_name="Bucks Teams",
        start_date=day,
        state=State.APPROVED,
        status=3,
    )
    client.force_login(office)
    response = client.get(licence.get_absolute_url())
    (row,) = response.context["clashes"]
    assert row["status"] == "warning" and later.number in row["message"]
    assert 'id="clashes-now"' in texts(response)


# --- 1.2.7 inter-organisation events ------------------------------------------------------


def post_final(client, county, partners, **changes):
    day = future_day().isoformat()
    data = {
        "licence_type": "open_event",
        "event_name": "Bucks Champions' Final",
        "start_date": day,
        "end_date": day,
        "sessions": "2",
        "expected_tables": "12",
        "heats": "0",
        "systems_level": "2",
        "max_prize_per_player": "0",
        "members_only": "on",
        "inter_organisation": "on",
        "partners": [p.pk for p in partners],
        "responsible_person": "Ann Archer",
    }
    data.update(changes)
    return client.post(f"{reverse('licences:new')}?organisation={county.pk}", data)


def test_an_inter_organisation_event_names_partners_holder_and_person_in_charge_1_2_7(
    client, club, county, office
):
    other = OrganisationFactory(name="Reading BC")
    client.force_login(organiser(county))
    response = post_final(client, county, [club, other])
    assert response.status_code == 302
    licence = Licence.objects.get()
    assert set(licence.partners.all()) == {club, other}
    assert licence.responsible_person == "Ann Archer"
    assert check(licence, "inter_org.licence_needed")["passed"]  # Reading is not Bucks'
    workflow.approve(licence, user=office)
    licence.refresh_from_db()
    assert licence.conditions[-1]["code"] == "inter_org.actual_entry"  # 1.2.7 b
    printed = texts(client.get(reverse("licences:licence", args=[licence.pk])))
    assert 'id="licence-holder">Bucks CBA<' in printed
    assert "Aylesbury BC, Reading BC" in printed and "Ann Archer" in printed


def test_a_county_final_of_its_own_clubs_is_told_no_licence_is_needed_1_2_7_c(client, club, county):
    client.force_login(organiser(county))
    post_final(client, county, [club])
    row = check(Licence.objects.get(), "inter_org.licence_needed")
    assert (row["passed"], row["severity"]) == (False, "warning")


def test_partners_and_person_in_charge_are_required_1_2_7_a(client, club, county):
    client.force_login(organiser(county))
    response = post_final(client, county, [], responsible_person="")
    assert response.status_code == 200
    assert {r["rule_id"] for r in response.context["refused"]} == {
        "inter_org.partners",
        "inter_org.responsible",
    }
    assert not Licence.objects.exists()


def test_the_holder_cannot_be_its_own_partner_1_2_7(club, county):
    licence = unsaved(county, inter_organisation=True, responsible_person="Ann Archer")
    with pytest.raises(workflow.WorkflowError, match="not one of the partners"):
        workflow.apply(licence, user=organiser(county), partners=[county])


def test_partners_read_the_licence_but_take_no_step_1_2_7(client, club, county):
    partner_admin = organiser(club)
    bystander = organiser(OrganisationFactory(name="Reading BC"))
    licence = workflow.apply(
        unsaved(county, inter_organisation=True, responsible_person="Ann Archer"),
        user=organiser(county),
        partners=[club],
    )
    client.force_login(partner_admin)
    response = client.get(licence.get_absolute_url())
    assert response.status_code == 200 and response.context["steps"] == []
    assert 'id="partners">Aylesbury BC<' in texts(response)
    client.force_login(bystander)
    assert client.get(licence.get_absolute_url()).status_code == 403


def test_live_pre_checks_count_the_partners_chosen_1_2_7(client, club, county):
    client.force_login(organiser(county))
    day = future_day().isoformat()
    response = client.post(
        reverse("licences:pre_checks"),
        {
            "organisation": county.pk,
            "licence_type": "open_event",
            "start_date": day,
            "sessions": "2",
            "expected_tables": "12",
            "inter_organisation": "on",
            "partners": [club.pk],
            "responsible_person": "Ann Archer",
        },
    )
    rows = {r["rule_id"]: r for r in response.context["checks"]}
    assert rows["inter_org.partners"]["status"] == "passed"
    assert rows["inter_org.licence_needed"]["status"] == "warning"


def test_another_level_without_a_choice_grants_no_major_status_1_6_1_c_1_6_3(county, office):
    """Our reading: the office setting a level other than Regional (1.6.3) without
    choosing a major standing grants none, since a major event is Regional (line 842)."""
    licence = workflow.apply(major(county, last_years_major(county)), user=organiser(county))
    workflow.approve(licence, user=office, status=3)
    licence.refresh_from_db()
    assert (licence.status, licence.major_standing) == (3, "")
