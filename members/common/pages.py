"""Parts of a page that the apps above fill in: the member page shows master points and
handicap, the tournament page its awards and its sanction, without the page's own app
importing theirs. An app adds its parts in its ``AppConfig.ready``; the page's view
renders them, so every query runs in the view (a selector), none in a template tag.

A page that gives a cache key keeps its parts' HTML in the cache under it, except the
live ones, which are read on every view. The key must change whenever what the parts
show changes (the member page's carries the member's page version), and a cached part
must not depend on who is looking."""

from __future__ import annotations

import hashlib
import logging
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

logger = logging.getLogger(__name__)

# A cached part outlives its key's change only when the process that made the change
# died before it could raise the key (members.services.member_pages_changed).
PAGE_PARTS_TIMEOUT = 3600

Rendered = dict[str, list[tuple[int, str, str]]]


@dataclass(frozen=True)
class Part:
    """``context(obj, user)`` reads what the part shows (None: nothing to show);
    ``templates`` names the template of each slot of the page it fills."""

    name: str
    context: Callable[[Any, Any], Mapping[str, Any] | None]
    templates: Mapping[str, str]
    order: int = 100
    # Read on every view, never cached (a ranking place); rendered without the request,
    # so its template sees only its own context.
    live: bool = False
    # Relations of the page's object the part reads, fetched with the object.
    select_related: tuple[str, ...] = ()
    # What it shows depends on who is looking (a link for those who may follow it):
    # cached for visitors who are not logged in, live for those who are.
    for_viewer: bool = False


class PageParts:
    def __init__(self, *slots: str):
        self.slots = slots
        self._parts: dict[str, Part] = {}

    def add(self, part: Part) -> None:
        unknown = set(part.templates) - set(self.slots)
        if unknown:
            raise ValueError(f"{part.name}: no slot {', '.join(sorted(unknown))} on this page")
        self._parts[part.name] = part  # by name: a second ready() replaces, not repeats

    @property
    def select_related(self) -> tuple[str, ...]:
        """What the parts read of the page's object, for its query."""
        return tuple(sorted({name for p in self._parts.values() for name in p.select_related}))

    def render(self, obj, *, request, cache_key: str | None = None) -> dict[str, list[str]]:
        """Each slot's parts rendered in order, as HTML; with ``cache_key``, the parts
        that are not live come from the cache when they are there."""
        if cache_key:
            kept = cached(f"{cache_key}:{reader(request)}", lambda: self.kept(obj, request))
        else:
            kept = self.kept(obj, request)
        return self.merged(kept, self.live(obj, request))

    def kept(self, obj, request) -> Rendered:
        """The parts that may be cached for this reader, rendered."""
        visitor = _visitor(request)
        return self._render([p for p in self._parts.values() if _kept(p, visitor)], obj, request)

    def live(self, obj, request) -> Rendered:
        """The live parts for this reader, rendered."""
        visitor = _visitor(request)
        return self._render(
            [p for p in self._parts.values() if not _kept(p, visitor)], obj, request
        )

    def merged(self, kept: Rendered, live: Rendered) -> dict[str, list[str]]:
        return {
            slot: [
                mark_safe(html)  # noqa: S308 (rendered from our templates)
                for _order, _name, html in sorted(kept.get(slot, []) + live.get(slot, []))
            ]
            for slot in self.slots
        }

    def _render(self, parts: list[Part], obj, request) -> Rendered:
        rendered: Rendered = {slot: [] for slot in self.slots}
        for part in parts:
            context = part.context(obj, request.user)
            if context is None:
                continue
            for slot, template in part.templates.items():
                html = render_to_string(
                    template, dict(context), request=None if part.live else request
                )
                rendered[slot].append((part.order, part.name, str(html)))
        return rendered


def _visitor(request) -> bool:
    user = getattr(request, "user", None)
    return user is None or not user.is_authenticated


def reader(request) -> str:
    """Whose copy of the cached parts the request reads: a visitor's or a user's
    (parts ``for_viewer`` are kept for visitors only)."""
    return "visitor" if _visitor(request) else "user"


def _kept(part: Part, visitor: bool) -> bool:
    return not part.live and (visitor or not part.for_viewer)


def _cached(key: str) -> Rendered | None:
    # A cache that cannot be reached costs the page its speed, never the page.
    try:
        return cache.get(key)
    except Exception:  # noqa: BLE001 (any backend's connection error)
        logger.warning("page cache unavailable", exc_info=True)
        return None


def _keep(key: str, rendered: Rendered) -> None:
    try:
        cache.set(key, rendered, PAGE_PARTS_TIMEOUT)
    except Exception:  # noqa: BLE001
        logger.warning("page cache unavailable", exc_info=True)


# The member page (members.views.member_detail): facts beside the member's own (a
# ranking place), and the sections under them.
MEMBER_PAGE = PageParts("facts", "main")

# The start page (members.views.my_page): a section for each role the user holds, and
# in it what each app gives that role to do. Its object is the viewer (members.
# permissions.Viewer: the user, their member and roles, read once for every part);
# nothing on it is cached, it is the user's own.
START_PAGE = PageParts("player", "club", "district", "office")


def cached(key: str, build: Callable[[], Any]) -> Any:
    """What ``build`` gives, kept in the cache under ``key`` (which must change when it
    would): for a page's parts that change only with a version the page reads anyway."""
    value = _cached(key)
    if value is None:
        value = build()
        _keep(key, value)
    return value


def filtered(filterset_class, request, queryset):
    """The list's filter (None when the request asks for no filter: building one copies
    every filter, which costs a busy list more than its query) and its rows."""
    if not any(request.GET.get(name) for name in filterset_class.base_filters):
        return None, queryset
    found = filterset_class(request.GET, queryset=queryset)
    return found, found.qs


def filter_fields(filterset_class, request, filterset=None) -> str:
    """A list's filter fields as HTML (includes/_filter_fields.html), cached by the
    values asked for and the language: a select's options are a template each, which
    would cost a busy list more than its rows."""
    asked = sorted((name, request.GET.get(name, "")) for name in filterset_class.base_filters)
    digest = hashlib.sha256(repr(asked).encode()).hexdigest()[:32]
    key = f"filter-fields:{filterset_class.__name__}:{get_language()}:{digest}"

    def build() -> str:
        form = (filterset or filterset_class(request.GET or None)).form
        return str(render_to_string("includes/_filter_fields.html", {"form": form}, request))

    return mark_safe(cached(key, build))  # noqa: S308 (rendered from our template)


# The lists a federation opens all day keep their table (rows, header and pager) in the
# cache under a version of their own; whatever writes what a list shows raises the
# list's version once its transaction commits (docs/performance.md, "Lists").
RANKING_LIST = "ranking"
MASTERPOINTS_LIST = "masterpoints"
CLUB_MEMBERS = "club-members"
TOURNAMENT_LIST = "tournaments"
SEARCH = "search"  # the search's results: names, MIDs, clubs and their towns


def _version_key(name: str) -> str:
    return f"list-version:{name}"


def list_version(name: str) -> str | None:
    """The list's current version (None: the cache cannot be reached). A version is a
    random token, never a count: a version lost with the cache's memory must not come
    back and find the rows kept under it before."""
    key = _version_key(name)
    try:
        version = cache.get(key)
        if version is None:
            cache.add(key, secrets.token_hex(8), None)
            version = cache.get(key)
    except Exception:  # noqa: BLE001 (any backend's connection error)
        logger.warning("page cache unavailable", exc_info=True)
        return None
    return version


def lists_changed(*names: str) -> None:
    """New versions for these lists at once, for a reader in the writer's own
    transaction, and again once it commits: a reader in another transaction who looked
    in between kept the rows from before the change under the version about to go."""

    def new_versions() -> None:
        try:
            cache.set_many({_version_key(n): secrets.token_hex(8) for n in names}, None)
        except Exception:  # noqa: BLE001
            logger.warning("page cache unavailable", exc_info=True)

    new_versions()
    transaction.on_commit(new_versions)


def kept_for_list(name: str, request, build: Callable[[], Any], *, scope: object = "") -> Any:
    """What ``build`` gives for this request's query and language (and ``scope``: whose
    list, which season), kept under the list's version; built afresh when the cache
    cannot be reached."""
    version = list_version(name)
    if version is None:
        return build()
    asked = sorted(request.GET.lists())
    digest = hashlib.sha256(repr(asked).encode()).hexdigest()[:32]
    return cached(f"list:{name}:{version}:{scope}:{get_language()}:{digest}", build)


def cached_list(name: str, request, build: Callable[[], str], *, scope: object = "") -> str:
    """The list's table as ``build`` renders it (``kept_for_list``)."""
    html = kept_for_list(name, request, lambda: str(build()), scope=scope)
    return mark_safe(html)  # noqa: S308 (rendered from our template)


def filtered_list(
    name: str, request, filterset_class, template: str, table: Callable[[Any], tuple[dict, Any]]
) -> tuple[str, str]:
    """A filtered list's fields and its table (``cached_list``): ``table(request)`` gives
    the table's context and the filter it built, which the fields then reuse (one query
    fewer when both are built)."""
    built = {}

    def build() -> str:
        context, built["filter"] = table(request)
        return render_to_string(template, context, request)

    shown = cached_list(name, request, build)
    return filter_fields(filterset_class, request, built.get("filter")), shown
