"""Tables as downloads: CSV only, every cell safe to open in a spreadsheet.

Only CSV is offered: django-tables2's ``TableExport`` accepts every format tablib
names (xlsx, ods, xls, yaml), and those whose packages are not installed gave a 500.
A cell a spreadsheet would run as a formula gets a quote in front (OWASP, "CSV
Injection"); a plain number such as ``-3`` or ``-1,5`` stays as it is.
"""

from __future__ import annotations

import csv
import re

from django.http import HttpResponse
from django.shortcuts import render
from django.utils.http import content_disposition_header
from django_tables2 import RequestConfig

FORMATS = ("csv",)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")


def neutralise(value: object) -> str:
    """The cell's text, with a quote in front when a spreadsheet would read a formula."""
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_STARTS) and not PLAIN_NUMBER.fullmatch(text):
        return "'" + text
    return text


def wants_export(request) -> bool:
    """The request asks for a download this project offers (``?_export=csv``)."""
    return request.GET.get("_export") in FORMATS


def csv_response(rows, filename: str) -> HttpResponse:
    """``rows`` (a header first, as ``Table.as_values()`` gives them) as a CSV download."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(True, filename)
    # With the byte order mark a spreadsheet reads å, ä and ö as UTF-8.
    response.write("\ufeff")
    writer = csv.writer(response)
    for row in rows:
        writer.writerow([neutralise(value) for value in row])
    return response


def configure_tables(request, *tables, per_page: int = 25) -> None:
    """Several tables on one page, each sorted and paged on its own: each needs its
    own ``prefix`` (``dq-sort``, ``dq-page``), or one table's sort would move them all."""
    prefixes = [table.prefix for table in tables]
    if len(set(prefixes)) != len(prefixes):
        raise ValueError(f"tables on one page need distinct prefixes, got {prefixes}")
    for table in tables:
        RequestConfig(request, paginate={"per_page": per_page}).configure(table)


def table_page(request, table, *, filename: str, template: str, context: dict, per_page=50):
    """A django-tables2 table as a page of ``per_page`` rows, or all of it as CSV."""
    if wants_export(request):
        return csv_response(table.as_values(), filename)
    RequestConfig(request, paginate={"per_page": per_page}).configure(table)
    return render(request, template, {**context, "table": table})
