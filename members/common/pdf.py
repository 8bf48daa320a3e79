"""Printed documents as PDF files (issue 18, point 7): the certificate, the sanction
decision and the licence, laid out by WeasyPrint from the very template and print
stylesheet that a browser prints, so the download and the printout are one document.
Why WeasyPrint, and what it needs on the machine: docs/printed-documents.md."""

from __future__ import annotations

import logging
import mimetypes
import re
from pathlib import Path, PurePosixPath
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.exceptions import SuspiciousFileOperation
from django.http import HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.http import content_disposition_header

logger = logging.getLogger(__name__)


class PdfUnavailable(Exception):
    """The PDF could not be made: WeasyPrint or its libraries are missing, or it failed."""


def static_file(url: str) -> Path | None:
    """The file behind one of our static URLs (a stylesheet, the mark), or None.

    The PDF reads them from disk: WeasyPrint asking the portal for them over HTTP
    would tie up a worker per file and could be pointed at other hosts."""
    prefix = urlsplit(settings.STATIC_URL).path
    path = unquote(urlsplit(url).path)
    if not path.startswith(prefix):
        return None
    name = path[len(prefix) :]
    if not name or ".." in PurePosixPath(name).parts:
        return None
    # The sources first (development and tests); the collected, hashed names of
    # production (ManifestStaticFilesStorage) are only in STATIC_ROOT.
    found = finders.find(name)
    if isinstance(found, str):
        return Path(found)
    try:
        stored = Path(staticfiles_storage.path(name))
    except (SuspiciousFileOperation, NotImplementedError):
        return None
    return stored if stored.is_file() else None


def static_fetcher():
    """WeasyPrint's URL fetcher: our static files and nothing else. A file it cannot
    give stops the PDF (a document without its stylesheet or mark is not the document)."""
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class StaticFetcher(URLFetcher):
        def fetch(self, url, headers=None):
            found = static_file(url)
            if found is None:
                raise ValueError(f"not one of the portal's static files: {url}")
            mime_type, _encoding = mimetypes.guess_type(found.name)
            content_type = mime_type or "application/octet-stream"
            return URLFetcherResponse(url, found.read_bytes(), {"Content-Type": content_type})

    return StaticFetcher(fail_on_errors=True)


def render_pdf(request, template: str, context: dict) -> bytes:
    """The page ``template`` renders for this request, as a PDF (print media, A4 from
    the stylesheet's ``@page``)."""
    html = render_to_string(template, context, request=request)
    try:
        # Imported here: it loads Pango through cffi, which only the PDF pages need,
        # and a machine without Pango raises OSError rather than ImportError.
        import weasyprint
        from weasyprint.urls import FatalURLFetchingError
    except (ImportError, OSError) as exc:
        raise PdfUnavailable(f"WeasyPrint cannot be loaded: {exc}") from exc
    try:
        document = weasyprint.HTML(
            string=html, base_url=request.build_absolute_uri("/"), url_fetcher=static_fetcher()
        )
        return document.write_pdf()
    # WeasyPrint's errors have no common base class, and a fetch that fails is a
    # BaseException (so that nothing on the way swallows it).
    except (Exception, FatalURLFetchingError) as exc:
        raise PdfUnavailable(f"WeasyPrint failed: {exc}") from exc


def attachment_name(*parts: object) -> str:
    """A file name safe in any file system: ``decision-S-2026-0012.pdf``. Letters
    outside ASCII stay ("klöver"): ``content_disposition_header`` sends them encoded."""
    stem = "-".join(str(part) for part in parts if str(part))
    stem = re.sub(r"[^\w.-]+", "-", stem).strip("-.") or "document"
    return f"{stem}.pdf"


def pdf_response(
    request, template: str, context: dict, *, filename: str, html_url: str
) -> HttpResponse:
    """The document as a PDF download; when it cannot be made, a page that says so
    and points to the printable page instead (never a server error)."""
    try:
        pdf = render_pdf(request, template, context)
    except PdfUnavailable:
        logger.exception("the PDF of %s could not be made", request.path)
        return render(request, "includes/pdf_unavailable.html", {"html_url": html_url}, status=503)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = content_disposition_header(True, filename)
    return response
