"""The PDF helper of the printed documents (members/common/pdf.py): it reads our own
static files and nothing else, names the file safely, and answers a clear page, not
a server error, when WeasyPrint cannot make the PDF."""

import sys

import pytest
from django.test import RequestFactory

from members.common import pdf
from members.tests.printing import PRINT_CSS


def test_static_urls_are_read_from_disk():
    css = pdf.static_file("http://testserver/static/css/print_page.css")
    assert css is not None and css.read_text().startswith("/* Printed documents")
    mark = pdf.static_fetcher().fetch("http://testserver/static/img/klover-mark.svg")
    assert mark.content_type == "image/svg+xml" and b"<svg" in mark.read()


@pytest.mark.parametrize(
    "url",
    [
        "http://169.254.169.254/latest/meta-data/",  # another host's address
        "http://testserver/media/licences/results.xml",  # private uploads
        "http://testserver/static/../config/settings.py",
        "http://testserver/static/%2e%2e/config/settings.py",
        "file:///etc/passwd",
        "http://testserver/static/css/no-such-file.css",
    ],
)
def test_everything_else_is_refused(url):
    assert pdf.static_file(url) is None
    with pytest.raises(ValueError):
        pdf.static_fetcher().fetch(url)


@pytest.mark.parametrize(
    "parts, name",
    [
        (("decision", "S-2026-0012"), "decision-S-2026-0012.pdf"),
        (("licence", "EBU/2026 07"), "licence-EBU-2026-07.pdf"),
        (("certificate", 72001, "ruter"), "certificate-72001-ruter.pdf"),
        (("certificate", 72001, "klöver"), "certificate-72001-klöver.pdf"),
        (("", '"; rm'), "rm.pdf"),
    ],
)
def test_attachment_names_are_safe(parts, name):
    assert pdf.attachment_name(*parts) == name


@pytest.mark.django_db
def test_a_pdf_that_cannot_be_made_is_a_clear_page(monkeypatch):
    """Without WeasyPrint (or Pango under it) the reader gets a 503 page that points
    to the printable page, never a traceback."""
    monkeypatch.setitem(sys.modules, "weasyprint", None)  # import raises ImportError
    request = RequestFactory().get("/sanctions/7/decision/pdf/")
    request.user = _anonymous()
    response = pdf.pdf_response(
        request,
        "includes/print_page.html",
        {"printed": None},
        filename="decision-7.pdf",
        html_url="/sanctions/7/decision/",
    )
    body = response.content.decode()
    assert response.status_code == 503 and response["Content-Type"].startswith("text/html")
    assert 'id="pdf-unavailable"' in body and 'href="/sanctions/7/decision/"' in body
    assert "Traceback" not in body and "ImportError" not in body


@pytest.mark.django_db
def test_a_weasyprint_failure_is_the_same_page(monkeypatch):
    class Broken:
        def __init__(self, **kwargs):
            raise RuntimeError("layout failed")

    monkeypatch.setattr("weasyprint.HTML", Broken)
    request = RequestFactory().get("/x/pdf/")
    request.user = _anonymous()
    response = pdf.pdf_response(
        request, "includes/print_page.html", {}, filename="x.pdf", html_url="/x/"
    )
    assert response.status_code == 503 and "layout failed" not in response.content.decode()


@pytest.mark.django_db
def test_a_static_file_that_cannot_be_fetched_stops_the_pdf(rf, monkeypatch):
    """A PDF without its stylesheet or mark is not the document: WeasyPrint's
    fetch failure is fatal, and the reader gets the clear page."""
    monkeypatch.setattr(pdf, "static_file", lambda url: None)
    request = rf.get("/x/pdf/")
    request.user = _anonymous()
    with pytest.raises(pdf.PdfUnavailable, match="static"):
        pdf.render_pdf(request, "includes/print_page.html", {})


def _anonymous():
    from django.contrib.auth.models import AnonymousUser

    return AnonymousUser()


def test_the_print_stylesheet_sets_a4_and_hides_what_is_not_the_document():
    css = PRINT_CSS.read_text()
    assert "@page { size: A4;" in css
    print_rules = css[css.index("@media print") :]
    assert ".no-print { display: none; }" in print_rules
    assert "a[href]::after { content: none !important; }" in print_rules  # no link URLs
