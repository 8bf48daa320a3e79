"""The printed documents in Chromium (issue 18, point 7): the master class
certificate, the sanction decision and the EBU licence, at a desktop and a phone
width, in Swedish and in English. Each page has the federation's name, its mark
(loaded), a signature line, and no sideways scroll; printed by Chromium the buttons
are gone; its "Download PDF" link gives WeasyPrint's PDF as an attachment.

Screenshots, Chromium's printout and WeasyPrint's PDF of each go to test-artifacts/,
with the PDFs' first pages as PNG where pdftoppm (Debian's poppler-utils) is there."""

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from awards.models import Promotion
from members.tests.factories import ClubFactory, DistrictFactory
from tournaments.licences.models import Licence
from tournaments.licences.tests.factories import (
    FeeRateFactory,
    LicenceFactory,
    OrganisationFactory,
    organiser,
)
from tournaments.sanctions import workflow
from tournaments.sanctions.tests.factories import SanctionFactory, club_admin, district_official

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = [1366, 390]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


@pytest.fixture(params=WIDTHS)
def width(request):
    return request.param


@pytest.fixture
def artifact(request):
    """A path in test-artifacts/ named after the test: ``artifact("decision.pdf")``."""
    ARTIFACTS.mkdir(exist_ok=True)
    stem = re.sub(r"[^\w.-]+", "_", request.node.name).strip("_")
    return lambda name: ARTIFACTS / f"{stem}-{name}"


def _in_language(page, show, lang):
    """The printed pages have no language buttons: choose it on an ordinary page."""
    show("/")
    assert page.locator("html").get_attribute("lang") == lang


def _document(page, shoot, artifact, url, *, label, width, federation):
    page.set_viewport_size({"width": width, "height": 900})
    response = page.goto(url)
    assert response.ok, f"{url}: HTTP {response.status}"
    expect(page.locator("#federation-name")).to_have_text(federation)
    # An image that failed to load has no natural width.
    mark = page.locator("#federation-mark")
    assert mark.evaluate("img => img.complete && img.naturalWidth > 0"), "the mark did not load"
    expect(page.locator("#signature .signature-line")).to_have_count(2)
    expect(page.locator("#signer-role")).not_to_be_empty()
    expect(page.locator("#download-pdf")).to_be_visible()
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"{label}: {wide} px wide at {width}"
    shoot(label)
    if width == WIDTHS[0]:
        _print(page, artifact, label)


def _print(page, artifact, label):
    """Chromium's printout (A4 from the stylesheet) and the PDF link's download."""
    page.emulate_media(media="print")
    expect(page.locator(".no-print")).to_be_hidden()
    printed = artifact(f"{label}-chromium.pdf")
    page.pdf(path=str(printed), prefer_css_page_size=True, print_background=True)
    assert printed.read_bytes().startswith(b"%PDF")
    page.emulate_media(media="screen")
    # The page's own link, fetched with the page's cookies (the same login).
    download = page.request.get(page.locator("#download-pdf").get_attribute("href"))
    assert download.ok, f"{label}: the PDF link answered {download.status}"
    assert download.headers["content-type"] == "application/pdf"
    assert download.headers["content-disposition"].startswith("attachment;")
    assert download.body().startswith(b"%PDF")
    made = artifact(f"{label}-weasyprint.pdf")
    made.write_bytes(download.body())
    for pdf in (printed, made):
        _first_page_as_png(pdf)


def _first_page_as_png(pdf: Path) -> None:
    if shutil.which("pdftoppm"):
        stem = str(pdf.with_suffix(""))
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "2", str(pdf), stem],
                       check=True, timeout=60)  # fmt: skip


def test_certificate_and_decision(page, show, shoot, log_in, lang, width, artifact):
    district = DistrictFactory(name="Skånes Bridgeförbund")
    club = ClubFactory(district=district, members_count=150, name="Bridgeklubben Lund")
    admin = club_admin(club, mid=78001, first_name="Maja-Stina", last_name="Klöversson-Lind")
    official = district_official(district, mid=78002)
    sanction = workflow.submit(
        SanctionFactory(club=club, name="Lundasilvret i parbridge"), user=admin
    )
    workflow.approve(sanction, user=official, note="Välkommen")
    Promotion.objects.create(
        member=admin.member, master_class="klover", rank=1, reached_on=timezone.localdate()
    )
    log_in(admin.member)
    _in_language(page, show, lang)
    federation = "Svenska Bridgeförbundet"
    _document(page, shoot, artifact, reverse("awards:certificate", args=[78001, "klover"]),
              label="certificate", width=width, federation=federation)  # fmt: skip
    expect(page.locator("#certificate-name")).to_have_text("Maja-Stina Klöversson-Lind")
    _document(page, shoot, artifact, reverse("sanctions:decision", args=[sanction.pk]),
              label="decision", width=width, federation=federation)  # fmt: skip
    expect(page.locator("#signer-name")).to_contain_text(official.member.full_name)


def test_licence(page, show, shoot, log_in, lang, width, artifact, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    settings.KLOVER_FEDERATION = "ebu"
    organisation = OrganisationFactory(name="Royal Leamington Spa Bridge Club and Congress")
    FeeRateFactory()
    licence = LicenceFactory(
        organisation=organisation, event_name="Warwickshire Spring Congress",
        state=Licence.State.APPROVED, status=2, fee=60, special_conditions="Scorers at every table",
    )  # fmt: skip
    log_in(organiser(organisation, mid=78101).member)
    _in_language(page, show, lang)
    _document(page, shoot, artifact, reverse("licences:licence", args=[licence.pk]),
              label="licence", width=width, federation="English Bridge Union")  # fmt: skip
    expect(page.locator("#licence-number")).to_have_text(licence.number)
