"""What the start page shows of results and reports (members.common.pages, START_PAGE)."""

from __future__ import annotations

from django.db.models import Count, Q

from members.permissions import Viewer

from .models import Entry, EntryPlayer, Tournament
from .services import stuck_reports

# The player's latest results on the start page; all of them are on the member page.
LATEST_RESULTS = 5
# Reports of the club's still on their way, or failed, on the club's start page.
REPORTS_SHOWN = 8


def results_part(viewer: Viewer, user=None) -> dict | None:
    """The player's latest results: the tournament, the place and the field."""
    if viewer.member is None:
        return None
    played = (
        EntryPlayer.objects.filter(member=viewer.member)
        .select_related("entry__section__tournament", "entry__standing")
        .order_by("-entry__section__tournament__start_date", "-entry__section__tournament_id")[
            :LATEST_RESULTS
        ]
    )
    played = list(played)
    sizes = _list_sizes(played) if played else {}
    rows = [
        {
            "tournament": player.entry.section.tournament,
            "standing": getattr(player.entry, "standing", None),
            "of": sizes.get((player.entry.section_id, player.entry.direction)),
        }
        for player in played
    ]
    return {"rows": rows, "member": viewer.member}


def _list_sizes(played: list[EntryPlayer]) -> dict[tuple[int, str], int]:
    """How many entries each shown place is ranked among: its section and direction (a
    section with two winners ranks NS and EW apart), phantoms aside; one query."""
    lists = Q(pk__in=[])
    for player in played:
        lists |= Q(section_id=player.entry.section_id, direction=player.entry.direction)
    return {
        (row["section"], row["direction"]): row["n"]
        for row in Entry.objects.filter(lists, phantom=False)
        .values("section", "direction")
        .annotate(n=Count("pk"))
    }


def reports_part(viewer: Viewer, user=None) -> dict | None:
    """The clubs' reports: the links to report, and those on their way or failed."""
    if not viewer.roles.clubs:
        return None
    waiting = (
        Tournament.objects.filter(organiser_club_id__in=viewer.roles.clubs)
        .exclude(pipeline_status=Tournament.Pipeline.DONE)
        .order_by("-reported_at", "-pk")[:REPORTS_SHOWN]
    )
    return {"reports": list(waiting)}


def office_part(viewer: Viewer, user=None) -> dict | None:
    """For the office: reports whose processing failed or stopped."""
    if not viewer.roles.office:
        return None
    return {
        "failed": Tournament.objects.filter(pipeline_status=Tournament.Pipeline.FAILED).count(),
        "stuck": stuck_reports().count(),
    }
