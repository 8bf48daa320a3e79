"""Parts of a page that the apps above fill in: the member page shows master points and
handicap, the tournament page its awards and its sanction, without the page's own app
importing theirs. An app adds its parts in its ``AppConfig.ready``; the page's view
renders them, so every query runs in the view (a selector), none in a template tag."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.template.loader import render_to_string


@dataclass(frozen=True)
class Part:
    """``context(obj, user)`` reads what the part shows (None: nothing to show);
    ``templates`` names the template of each slot of the page it fills."""

    name: str
    context: Callable[[Any, Any], Mapping[str, Any] | None]
    templates: Mapping[str, str]
    order: int = 100


class PageParts:
    def __init__(self, *slots: str):
        self.slots = slots
        self._parts: dict[str, Part] = {}

    def add(self, part: Part) -> None:
        unknown = set(part.templates) - set(self.slots)
        if unknown:
            raise ValueError(f"{part.name}: no slot {', '.join(sorted(unknown))} on this page")
        self._parts[part.name] = part  # by name: a second ready() replaces, not repeats

    def render(self, obj, *, request) -> dict[str, list[str]]:
        """Each slot's parts rendered in order, as HTML."""
        rendered: dict[str, list[str]] = {slot: [] for slot in self.slots}
        for part in sorted(self._parts.values(), key=lambda p: (p.order, p.name)):
            context = part.context(obj, request.user)
            if context is None:
                continue
            for slot, template in part.templates.items():
                rendered[slot].append(render_to_string(template, dict(context), request=request))
        return rendered


# The member page (members.views.member_detail): one slot under the member's facts.
MEMBER_PAGE = PageParts("main")
