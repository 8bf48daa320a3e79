"""What the tests of the printed documents ask of a page and of its PDF."""

import logging

from django.conf import settings

from members.common.pdf import static_fetcher

ATTACHMENT = 'attachment; filename="{}"'


def assert_printed_page(body: str, *, federation: str, pdf_url: str) -> None:
    """The letterhead (the mark and the federation's name), the signature line with
    its role and date, and the PDF link beside "Print"."""
    assert 'id="federation-mark"' in body and 'src="/static/img/klover-mark.svg"' in body
    assert f'<p class="federation-name" id="federation-name">{federation}</p>' in body
    assert 'id="signature"' in body and 'id="signer-role"' in body and 'id="signed-on"' in body
    assert f'href="{pdf_url}" id="download-pdf"' in body and "data-print" in body
    assert "<style" not in body  # the Content-Security-Policy: the stylesheet only


def assert_pdf(response, filename: str) -> bytes:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == ATTACHMENT.format(filename)
    assert response.content.startswith(b"%PDF-")
    return response.content


def layout(html: str, caplog):
    """The page laid out by WeasyPrint as the PDF view does, with every stylesheet and
    image it fetched; a resource it failed to load is a failure here, not a log line."""
    import weasyprint

    with caplog.at_level(logging.WARNING, logger="weasyprint"):
        document = weasyprint.HTML(
            string=html, base_url="http://testserver/", url_fetcher=static_fetcher()
        ).render()
    failed = [r.getMessage() for r in caplog.records if r.name.startswith("weasyprint")]
    assert not [m for m in failed if "load" in m.lower() or "fetch" in m.lower()], failed
    return document


A4_WIDTH_PX = 210 / 25.4 * 96  # CSS pixels
PRINT_CSS = settings.BASE_DIR / "static/css/print_page.css"
