"""The master class certificate as a printed document (issue 18, point 7): the
federation's name and mark, a border, a signature line, one A4 page, and the same
certificate as a PDF download, for whoever may see the page (anyone)."""

import pytest
from django.urls import reverse
from django.utils import timezone

from awards.models import Promotion
from awards.tests.test_pages import _evening
from members.tests.factories import MemberFactory
from members.tests.printing import A4_WIDTH_PX, assert_pdf, assert_printed_page, layout

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
SV = {"HTTP_ACCEPT_LANGUAGE": "sv"}


@pytest.fixture
def promotion():
    member = MemberFactory(mid=73001, first_name="Greta", last_name="Klöversson")
    return Promotion.objects.create(
        member=member,
        master_class="klover",
        rank=1,
        reached_on=timezone.localdate(),
        tournament=_evening("Klöverkvällen"),
    )


def _urls(promotion) -> tuple[str, str]:
    args = [promotion.member.mid, promotion.master_class]
    return reverse("awards:certificate", args=args), reverse("awards:certificate_pdf", args=args)


def test_the_certificate_page_is_a_printed_document(client, promotion):
    page, pdf = _urls(promotion)
    body = client.get(page, **EN).content.decode()
    assert_printed_page(body, federation="Svenska Bridgeförbundet", pdf_url=pdf)
    assert "Greta Klöversson" in body and "Klöverkvällen" in body
    assert '<span id="signer-role">for the federation office</span>' in body
    assert f'<p class="signature-line" id="signed-on">{timezone.localdate():%Y-%m-%d}</p>' in body
    assert 'class="document certificate-document"' in body
    # No menu on a printed document; the way back is beside "Print".
    assert 'class="topbar"' not in body and 'href="/members/73001/" id="back-link"' in body
    assert "Diplom" in client.get(page, **SV).content.decode()


def test_the_federation_on_the_certificate_is_the_profiles(client, promotion, settings):
    settings.KLOVER_FEDERATION = "ebu"
    page, pdf = _urls(promotion)
    body = client.get(page, **EN).content.decode()
    assert_printed_page(body, federation="English Bridge Union", pdf_url=pdf)
    assert "Svenska Bridgeförbundet" not in body


def test_the_certificate_as_a_pdf(client, promotion):
    _page, pdf = _urls(promotion)
    assert_pdf(client.get(pdf, **SV), "certificate-73001-klover.pdf")
    # As public as the page: no login asked; a class not reached is no certificate.
    missing = reverse("awards:certificate_pdf", args=[promotion.member.mid, "ruter"])
    assert client.get(missing).status_code == 404
    assert client.get(reverse("awards:certificate_pdf", args=[73999, "klover"])).status_code == 404


def test_the_certificate_fills_one_a4_page(client, promotion, caplog):
    page, _pdf = _urls(promotion)
    document = layout(client.get(page, **SV).content.decode(), caplog)
    assert len(document.pages) == 1
    assert document.pages[0].width == pytest.approx(A4_WIDTH_PX, abs=1)
