"""The sanction decision as a printed document (issue 18, point 7): the federation's
name and mark, the signature line with the decider and their role, one A4 page, and
the same decision as a PDF for exactly those who may see the page."""

import pytest
from django.urls import reverse
from django.utils import timezone

from members.tests.printing import A4_WIDTH_PX, assert_pdf, assert_printed_page, layout
from tournaments.sanctions import workflow
from tournaments.sanctions.models import Sanction

from .factories import SanctionFactory

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.fixture
def decided(people):
    """A silver application approved by its district."""
    s = workflow.submit(SanctionFactory(club=people["club"]), user=people["admin"])
    return workflow.approve(s, user=people["home_official"], note="Lycka till")


def test_the_decision_page_is_a_printed_document(client, people, decided):
    client.force_login(people["admin"])
    body = client.get(reverse("sanctions:decision", args=[decided.pk]), **EN).content.decode()
    pdf = reverse("sanctions:decision_pdf", args=[decided.pk])
    assert_printed_page(body, federation="Svenska Bridgeförbundet", pdf_url=pdf)
    official = people["home_official"].member.full_name
    # Signed by the district's official who decided, on the day of the decision.
    assert f'<span class="signer-name" id="signer-name">{official}, Skånes BF</span>' in body
    assert '<span id="signer-role">for the district</span>' in body
    assert f'id="signed-on">{timezone.localdate():%Y-%m-%d}</p>' in body
    # The rules are the profile's federation's, not a name written into the template.
    assert "The rules of Svenska Bridgeförbundet:" in body
    assert "♣ Klöver – Svenska Bridgeförbundet" in body


def test_a_decision_with_no_recorded_decider_is_signed_for_the_office(client, people):
    s = SanctionFactory(club=people["club"], state=Sanction.State.REJECTED)
    client.force_login(people["office"])
    body = client.get(reverse("sanctions:decision", args=[s.pk]), **EN).content.decode()
    assert '<span id="signer-role">for the federation office</span>' in body
    assert 'id="signer-name"' not in body  # no recorded decider, no name to print


def test_the_decision_as_a_pdf(client, people, decided):
    url = reverse("sanctions:decision_pdf", args=[decided.pk])
    client.force_login(people["home_official"])
    assert_pdf(client.get(url), f"decision-{decided.reference}.pdf")


@pytest.mark.parametrize("who", ["stranger_admin", "other_official", "player"])
def test_the_pdf_is_refused_to_those_who_may_not_see_the_decision(client, people, decided, who):
    url = reverse("sanctions:decision_pdf", args=[decided.pk])
    response = client.get(url)
    assert response.status_code == 302 and "/login/" in response.url
    client.force_login(people[who])
    assert client.get(url).status_code == 403


def test_no_pdf_before_the_decision_or_where_the_federation_runs_licences(client, people, settings):
    waiting = workflow.submit(SanctionFactory(club=people["club"]), user=people["admin"])
    client.force_login(people["office"])
    assert client.get(reverse("sanctions:decision_pdf", args=[waiting.pk])).status_code == 404
    settings.KLOVER_FEDERATION = "ebu"
    assert client.get(reverse("sanctions:decision_pdf", args=[waiting.pk])).status_code == 404


def test_the_decision_fits_one_a4_page(client, people, decided, caplog):
    client.force_login(people["admin"])
    body = client.get(reverse("sanctions:decision", args=[decided.pk])).content.decode()
    document = layout(body, caplog)
    assert len(document.pages) == 1
    assert document.pages[0].width == pytest.approx(A4_WIDTH_PX, abs=1)
