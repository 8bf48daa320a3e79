"""The busiest public lists, printed from prepared rows.

Django's template engine takes about 60 microseconds a table row and django-tables2
about 400 (a 50-row page cost 20 ms, more than all its queries), so a list a
federation opens all day prints its rows with ``format_html_join`` from values its
view has read, and its header from ``Column``s; django-tables2 keeps the office's
tables and every CSV export (docs/performance.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from django.utils.safestring import SafeData, SafeString, mark_safe


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    order_by: tuple[str, ...] = ()  # the fields it sorts on; none: it does not sort
    css: str = ""


@dataclass(frozen=True)
class Heading:
    label: str
    css: str
    sort: str | None  # the ?sort= value a click asks for
    sorted: str  # "asc", "desc" or ""


def sorting(request, columns: list[Column], default: str) -> tuple[tuple[str, ...], list[Heading]]:
    """The fields the list sorts on (``?sort=key`` or ``-key``, else ``default``), and
    the header: each sortable column links to its own order, or the reverse of it."""
    asked = request.GET.get("sort", default)
    by_key = {c.key: c for c in columns if c.order_by}
    key = asked.removeprefix("-")
    if key not in by_key:
        asked, key = default, default.removeprefix("-")
    descending = asked.startswith("-")
    fields = tuple(
        (f[1:] if f.startswith("-") else f"-{f}") if descending else f for f in by_key[key].order_by
    )
    headings = []
    for column in columns:
        current = column.key == key
        state = ("desc" if descending else "asc") if current else ""
        sort = None
        if column.order_by:
            sort = f"-{column.key}" if current and not descending else column.key
        headings.append(Heading(column.label, column.css, sort, state))
    return fields, headings


def rows_html(template: str, rows) -> SafeString:
    """``rows`` (tuples of values) printed into ``template``, each value escaped unless
    it is already safe HTML: ``format_html_join`` without its lazy-string wrappers,
    which took a busy list 1.5 ms a page."""
    return mark_safe(  # noqa: S308 (every value escaped here)
        "\n".join(
            template.format(
                *(v if isinstance(v, SafeData) else escape(str(v), quote=True) for v in row)
            )
            for row in rows
        )
    )


def link_html(url: str, text: object) -> SafeString:
    """A link for a cell of ``rows_html``."""
    return mark_safe(f'<a href="{escape(url)}">{escape(str(text))}</a>')  # noqa: S308
