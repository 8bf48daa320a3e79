"""GET /api/v1/calendar/ and /api/v1/calendar.ics (docs/api.md, "Calendars").

The federation's coming events, as its calendar page lists them: the SBF's sanctioned
silver and gold events (``sanctions.services.calendar``), the EBU's licensed events
(``licences.services.public_list``). The feed parses back with ``icalendar``, keeps a
stable UID per event and carries nothing of the people behind an application.
"""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone
from icalendar import Calendar

from members.tests.factories import ClubFactory
from tournaments.licences.models import Licence
from tournaments.licences.tests.factories import LicenceFactory, OrganisationFactory
from tournaments.models import Tournament
from tournaments.sanctions.models import Sanction
from tournaments.sanctions.tests.factories import SanctionFactory

pytestmark = pytest.mark.django_db

JSON = "/api/v1/calendar/"
ICS = "/api/v1/calendar.ics"
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture(autouse=True)
def _clear_rates():
    cache.clear()


def day(n: int):
    return timezone.localdate() + timedelta(days=n)


@pytest.fixture
def sanctions():
    club = ClubFactory(name="BK Lund", town="Lund")
    approved = SanctionFactory(
        club=club, name="Lundasilver", state=Sanction.State.APPROVED,
        start_date=day(10), end_date=day(11),
    )  # fmt: skip
    gold = SanctionFactory(
        name="Guldhelgen", level=Sanction.Level.GOLD, state=Sanction.State.HELD,
        start_date=day(3), end_date=day(3),
    )  # fmt: skip
    SanctionFactory(name="Inte beviljad", state=Sanction.State.SUBMITTED, start_date=day(5))
    SanctionFactory(
        name="Förra året", state=Sanction.State.APPROVED, start_date=day(-400), end_date=day(-400)
    )
    return approved, gold


def parsed(response) -> list:
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return list(Calendar.from_ical(response.content).walk("VEVENT"))


def test_the_sbf_calendar_lists_the_approved_events_from_today_on(client, sanctions):
    approved, gold = sanctions
    rows = client.get(JSON).json()["results"]
    assert [row["name"] for row in rows] == ["Guldhelgen", "Lundasilver"]  # earliest first
    assert rows[1] == {
        "uid": f"sanction-{approved.pk}@klover", "kind": "sanction", "id": approved.pk,
        "name": "Lundasilver", "start_date": str(day(10)), "end_date": str(day(11)),
        "organiser": "BK Lund", "town": "Lund", "level": "silver", "form_of_play": "pairs",
        "url": "http://testserver/sanctions/calendar/",
    }  # fmt: skip
    assert [row["name"] for row in client.get(f"{JSON}?level=gold").json()["results"]] == [
        "Guldhelgen"
    ]
    district = approved.club.district_id
    assert [r["name"] for r in client.get(f"{JSON}?district={district}").json()["results"]] == [
        "Lundasilver"
    ]


def test_a_reported_event_links_its_results(client, sanctions):
    approved, _gold = sanctions
    tournament = Tournament.objects.create(
        name="Lundasilver", event_id="1", organiser_club=approved.club, start_date=day(10),
        end_date=day(10), kind="pairs", scoring="matchpoints",
    )  # fmt: skip
    Sanction.objects.filter(pk=approved.pk).update(tournament=tournament)
    row = client.get(JSON).json()["results"][1]
    assert row["url"] == f"http://testserver/tournaments/{tournament.pk}/"


@pytest.mark.parametrize(
    "query", ["level=bronze", "district=0", "district=abc", "district=" + "9" * 30]
)
def test_a_bad_filter_is_an_error_on_its_field(client, sanctions, query):
    response = client.get(f"{JSON}?{query}", **EN)
    assert response.status_code == 400, response.content
    assert response.json()["field"] == query.split("=")[0]


def test_the_calendar_pages_by_cursor(client, sanctions):
    first = client.get(f"{JSON}?limit=1").json()
    second = client.get(first["next"]).json()
    assert [r["name"] for r in first["results"] + second["results"]] == [
        "Guldhelgen",
        "Lundasilver",
    ]


def test_the_ics_feed_has_one_event_each_with_a_stable_uid_and_whole_days(client, sanctions):
    approved, gold = sanctions
    events = parsed(client.get(ICS))
    assert [str(e["SUMMARY"]) for e in events] == ["Guldhelgen", "Lundasilver"]
    lund = events[1]
    assert str(lund["UID"]) == f"sanction-{approved.pk}@klover"
    assert lund.decoded("DTSTART") == day(10)
    assert lund.decoded("DTEND") == day(12)  # the day after the last (RFC 5545)
    assert str(lund["LOCATION"]) == "BK Lund, Lund"
    assert str(lund["URL"]) == "http://testserver/sanctions/calendar/"
    # The same UID the next time: a subscriber's calendar updates the event, not doubles it.
    assert [str(e["UID"]) for e in parsed(client.get(ICS))] == [str(e["UID"]) for e in events]
    assert [str(e["SUMMARY"]) for e in parsed(client.get(f"{ICS}?level=gold"))] == ["Guldhelgen"]


def test_the_ics_feed_carries_no_personal_data(client, sanctions):
    text = client.get(ICS).content.decode()
    for private in ("Karin Kontakt", "kontakt@example.se", "046-123456", "Storgatan", "Tore"):
        assert private not in text


def test_an_error_of_the_feed_is_json_in_the_one_shape(client, sanctions):
    response = client.get(f"{ICS}?level=bronze", **EN)
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json()["field"] == "level"


def test_the_calendar_page_links_the_feed(client, sanctions):
    page = client.get("/sanctions/calendar/", **EN).content.decode()
    assert 'href="/api/v1/calendar.ics"' in page and "Subscribe (iCal)" in page


def test_the_ebu_calendar_lists_the_licensed_events(client, settings):
    settings.KLOVER_FEDERATION = "ebu"
    organisation = OrganisationFactory(name="Bath Bridge Club", club__town="Bath")
    licence = LicenceFactory(
        organisation=organisation, event_name="Spring Congress", state=Licence.State.APPROVED,
        status=2, start_date=day(20), end_date=day(21),
    )  # fmt: skip
    LicenceFactory(event_name="Not yet", start_date=day(22))  # submitted, not public
    [row] = client.get(JSON, **EN).json()["results"]
    assert (row["uid"], row["kind"], row["name"], row["organiser"], row["town"]) == (
        f"licence-{licence.pk}@klover", "licence", "Spring Congress", "Bath Bridge Club", "Bath"
    )  # fmt: skip
    assert row["url"] == "http://testserver/licences/events/"
    [event] = parsed(client.get(ICS))
    assert str(event["UID"]) == f"licence-{licence.pk}@klover"
    assert (event.decoded("DTSTART"), event.decoded("DTEND")) == (day(20), day(22))
    assert "club@example.org" not in client.get(ICS).content.decode()
    page = client.get("/licences/events/", **EN).content.decode()
    assert 'href="/api/v1/calendar.ics"' in page
