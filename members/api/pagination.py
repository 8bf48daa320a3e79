"""Cursor pagination for every API list: stable under inserts, no page counting."""

from django.core import signing
from django.db.models import Q
from django.utils.translation import gettext as _
from rest_framework.pagination import CursorPagination
from rest_framework.utils.urls import replace_query_param

from .errors import ApiError


class Cursor(CursorPagination):
    page_size = 50
    page_size_query_param = "limit"
    max_page_size = 200
    ordering = "pk"


class KeysetCursor(Cursor):
    """Cursor paging on every field of the view's ``keyset`` (its list's order, the
    last field unique), so a page starts right after the last row shown however many
    rows share a value (DRF's cursor keeps only the first field and counts ties, which
    breaks past a thousand equal values). The cursor is signed: a changed one is
    refused, never read into a query."""

    salt = "klover.api.cursor"

    def paginate_queryset(self, queryset, request, view=None):
        self.request = request
        self.page_size = self.get_page_size(request)
        self.base_url = request.build_absolute_uri()
        self.keys = tuple(getattr(view, "keyset", ("pk",)))
        position, backwards = self._decode(request)
        order = tuple(_turned(key) for key in self.keys) if backwards else self.keys
        queryset = queryset.order_by(*order)
        if position is not None:
            queryset = queryset.filter(_after(order, position))
        rows = list(queryset[: self.page_size + 1])
        more = len(rows) > self.page_size
        self.page = rows[: self.page_size]
        if backwards:
            self.page.reverse()
        self.has_next = more if not backwards else True
        self.has_previous = position is not None if not backwards else more
        return self.page

    def _position(self, row) -> list[str]:
        names = [key.lstrip("-") for key in self.keys]
        values = [row[n] if isinstance(row, dict) else getattr(row, n) for n in names]
        return [str(value) for value in values]

    def _link(self, row, backwards: bool) -> str:
        token = signing.dumps({"p": self._position(row), "b": int(backwards)}, salt=self.salt)
        return replace_query_param(self.base_url, self.cursor_query_param, token)

    def get_next_link(self):
        if not self.has_next or not self.page:
            return None
        return self._link(self.page[-1], backwards=False)

    def get_previous_link(self):
        if not self.has_previous or not self.page:
            return None
        return self._link(self.page[0], backwards=True)

    def _decode(self, request) -> tuple[list[str] | None, bool]:
        text = request.query_params.get(self.cursor_query_param)
        if text is None:
            return None, False
        try:
            found = signing.loads(text, salt=self.salt)
            position, backwards = found["p"], bool(found["b"])
            if not isinstance(position, list) or len(position) != len(self.keys):
                raise ValueError("wrong length")
        except (signing.BadSignature, KeyError, TypeError, ValueError):
            raise ApiError(
                _("The cursor is not valid here; start again from the list's first page."),
                code="invalid_cursor",
                field="cursor",
                location="query",
            ) from None
        return [str(value) for value in position], backwards


def _turned(key: str) -> str:
    return key[1:] if key.startswith("-") else f"-{key}"


def _after(order: tuple[str, ...], position: list[str]) -> Q:
    """Rows after ``position`` in ``order``: the first field further on, or equal and
    the next further on, and so on."""
    after = Q()
    equal = Q()
    for key, value in zip(order, position, strict=True):
        name = key.lstrip("-")
        further = Q(**{f"{name}__{'lt' if key.startswith('-') else 'gt'}": value})
        after |= equal & further
        equal &= Q(**{name: value})
    return after


# -- a field's handicaps, for running a handicap event --------------------------------
