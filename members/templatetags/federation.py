"""Filters that print what the federation's profile decides (``members.federation``)."""

from django import template

from members.federation import current

register = template.Library()


@register.filter
def money(amount) -> str:
    """An amount in the federation's currency: "£60.00", "60.00 kr"."""
    if amount is None or amount == "":
        return "–"
    return current().money(amount)
