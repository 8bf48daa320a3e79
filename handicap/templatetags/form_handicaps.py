"""The member's handicaps by scoring (002 7.1) for the history page, read here so the
history view stays as it is."""

from django import template
from django.utils.translation import gettext_lazy as _

from handicap.domain.policy import IMP, SCORINGS, TOPSCORE
from handicap.models import FormHandicap

register = template.Library()

# The scorings of 3.2 (lines 161-169) as members read them.
LABELS = {TOPSCORE: _("topscore"), IMP: _("IMP")}


@register.simple_tag
def form_handicaps_of(member) -> dict:
    """The member's handicap for each scoring they have one for, in 3.2's order, each
    with its label, and the day of the latest competition among them: every figure
    counts all competitions of its scoring up to that day. One query."""
    rows = sorted(
        FormHandicap.objects.filter(member=member), key=lambda row: SCORINGS.index(row.scoring)
    )
    days = [row.updated_on for row in rows if row.updated_on]
    return {
        "rows": [(LABELS.get(row.scoring, row.scoring), row) for row in rows],
        "day": max(days) if days else None,
    }
