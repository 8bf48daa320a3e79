"""Cursor pagination for every API list: stable under inserts, no page counting."""

from rest_framework.pagination import CursorPagination


class Cursor(CursorPagination):
    page_size = 50
    page_size_query_param = "limit"
    max_page_size = 200
    ordering = "pk"
