"""Filters that print master point facts."""

from django import template

register = template.Library()


@register.filter
def stars(count: int) -> str:
    return "★" * int(count or 0)
