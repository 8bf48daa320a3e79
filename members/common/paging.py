"""Pages of a list that do not grow with the federation: no count of every row (a
page is the rows asked for and one more, which says whether a next page exists)."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db.models import Q

# Past this a page number is a typing error, not a page (and an OFFSET too far).
MAX_PAGE = 100_000


@dataclass(frozen=True)
class Pager:
    number: int
    per_page: int
    has_next: bool

    @property
    def offset(self) -> int:
        return (self.number - 1) * self.per_page

    @property
    def previous(self) -> int | None:
        return self.number - 1 if self.number > 1 else None

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.has_next else None


def page_number(request, name: str = "page") -> int:
    """The page the request asks for; 1 for anything that is not a page number."""
    text = request.GET.get(name, "")
    return min(int(text), MAX_PAGE) if text.isdigit() and int(text) > 0 else 1


def page_of(rows, request, *, per_page: int = 50) -> tuple[list, Pager]:
    """The requested page of ``rows`` (a queryset in its order) and its pager."""
    window, pager_of = page_window(request, per_page=per_page)
    found = list(rows[window])
    return found[:per_page], pager_of(len(found))


def page_window(request, *, per_page: int = 50):
    """The slice of the requested page and one row more (a subquery may take it), and
    the pager once the rows found are counted."""
    number = page_number(request)
    start = (number - 1) * per_page

    def pager_of(found: int) -> Pager:
        return Pager(number, per_page, found > per_page)

    return slice(start, start + per_page + 1), pager_of


# -- pages that follow on from a row (keyset): as fast deep in a list as at its start


@dataclass(frozen=True)
class Onward:
    """A page reached from the row before it: ``next`` is the cursor of the next page,
    ``first`` whether this is the list's first page."""

    next: str | None
    first: bool


def cursor_of(values) -> str:
    text = json.dumps([v.isoformat() if hasattr(v, "isoformat") else v for v in values])
    return base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")


def _read_cursor(text: str, fields: list) -> list | None:
    try:
        values = json.loads(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)))
        if not isinstance(values, list) or len(values) != len(fields):
            return None
        return [field.to_python(value) for field, value in zip(fields, values, strict=True)]
    except (ValueError, TypeError, ValidationError):
        return None


def page_after(
    queryset, order: tuple[str, ...], request, *, columns: tuple[str, ...] = (), per_page=50
):
    """The page of ``queryset`` (sorted by ``order``, whose last field is unique) that
    follows the row named by ``?after=``, as rows of ``columns``, and how to go on. One
    query: the page's keys come from the order's index in a subquery (the condition on
    the first field alone lets the database start there), its rows by them."""
    model = queryset.model
    names = [f.lstrip("-") for f in order]
    fields = [model._meta.get_field(model._meta.pk.name if n == "pk" else n) for n in names]
    after = _read_cursor(request.GET.get("after", ""), fields)
    keys = queryset.order_by(*order)
    if after is not None:
        later = Q()
        for n, field_name in enumerate(order):
            step = Q(**{f"{names[n]}__{'lt' if field_name.startswith('-') else 'gt'}": after[n]})
            for before, value in zip(names[:n], after[:n], strict=False):
                step &= Q(**{before: value})
            later |= step
        bound = "lte" if order[0].startswith("-") else "gte"
        keys = keys.filter(Q(**{f"{names[0]}__{bound}": after[0]}) & later)
    found = list(
        model.objects.filter(pk__in=keys.values("pk")[: per_page + 1])
        .order_by(*order)
        .values_list(*names, *columns)
    )
    shown = [row[len(names) :] for row in found[:per_page]]
    more = len(found) > per_page
    return shown, Onward(
        cursor_of(found[per_page - 1][: len(names)]) if more else None, after is None
    )
