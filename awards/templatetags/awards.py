"""The member page's master points, class and ranking sections (rendered by the awards app,
so that the member registry needs no import of it)."""

from django import template

from awards import selectors

register = template.Library()


@register.inclusion_tag("awards/includes/_member_masterpoints.html")
def member_masterpoints(member):
    return selectors.member_summary(member)


@register.inclusion_tag("awards/includes/_tournament_awards.html")
def tournament_awards(tournament):
    return selectors.tournament_awards(tournament)


@register.filter
def stars(count: int) -> str:
    return "★" * int(count or 0)
