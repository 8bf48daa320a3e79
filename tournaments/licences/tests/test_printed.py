"""The EBU event licence as a printed document (issue 18, point 7): the federation's
name and mark, the signature line, one A4 page, and the same licence as a PDF for
exactly those who may see the page. The EBU profile (tests/conftest.py here)."""

import pytest
from django.urls import reverse

from members.tests.factories import member_with_login
from members.tests.printing import A4_WIDTH_PX, assert_pdf, assert_printed_page, layout
from tournaments.licences.models import Licence

from .factories import FeeRateFactory, LicenceFactory, OrganisationFactory, office_staff, organiser

pytestmark = pytest.mark.django_db
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def people():
    """An organisation with its organiser, another's, the office, a member with no role."""
    mine = OrganisationFactory(name="Lund Bridge Club")
    FeeRateFactory()
    return {
        "mine": mine,
        "organiser": organiser(mine),
        "stranger": organiser(OrganisationFactory(name="Växjö Bridge Club")),
        "office": office_staff(),
        "player": member_with_login().user,
    }


@pytest.fixture
def granted(people):
    return LicenceFactory(
        organisation=people["mine"], state=Licence.State.APPROVED, status=2, fee=55
    )


def test_the_licence_page_is_a_printed_document(client, people, granted):
    client.force_login(people["organiser"])
    body = client.get(reverse("licences:licence", args=[granted.pk]), **EN).content.decode()
    pdf = reverse("licences:licence_pdf", args=[granted.pk])
    assert_printed_page(body, federation="English Bridge Union", pdf_url=pdf)
    assert '<span id="signer-role">for the federation office</span>' in body
    assert granted.number in body and "Svenska Bridgeförbundet" not in body


def test_the_licence_as_a_pdf(client, people, granted):
    client.force_login(people["office"])
    url = reverse("licences:licence_pdf", args=[granted.pk])
    assert_pdf(client.get(url, **SV), f"licence-{granted.number}.pdf")


def test_the_pdf_is_refused_to_those_who_may_not_see_the_licence(client, people, granted):
    url = reverse("licences:licence_pdf", args=[granted.pk])
    response = client.get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    for who in ("stranger", "player"):
        client.force_login(people[who])
        assert client.get(url).status_code == 403, who


def test_no_pdf_of_a_licence_not_granted(client, people):
    waiting = LicenceFactory(organisation=people["mine"])
    revoked = LicenceFactory(organisation=people["mine"], state=Licence.State.REVOKED, status=2)
    client.force_login(people["office"])
    for licence in (waiting, revoked):
        assert client.get(reverse("licences:licence_pdf", args=[licence.pk])).status_code == 404


def test_the_licence_fits_one_a4_page(client, people, granted, caplog):
    client.force_login(people["organiser"])
    body = client.get(reverse("licences:licence", args=[granted.pk])).content.decode()
    document = layout(body, caplog)
    assert len(document.pages) == 1
    assert document.pages[0].width == pytest.approx(A4_WIDTH_PX, abs=1)
