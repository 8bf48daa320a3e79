"""Filters that print handicaps."""

from django import template
from django.utils.formats import number_format

from handicap.domain import for_display

register = template.Library()


@register.filter
def hcp(value, places: int = 1):
    """A handicap or result as shown: ``places`` decimals, a half away from zero."""
    if value is None or value == "":
        return "–"
    return for_display(float(value), int(places))


@register.filter
def signed(value, places: int = 2) -> str:
    """A change with its sign, in the language's number format: +0.25, -1.08."""
    if value is None or value == "":
        return "–"
    shown = for_display(float(value), int(places))
    text = number_format(shown, int(places))
    return f"+{text}" if shown > 0 else text
