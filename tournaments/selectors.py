"""What the start page shows of results and reports (members.common.pages, START_PAGE)."""

from __future__ import annotations

from members.permissions import Viewer

from .models import EntryPlayer, Tournament
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
    rows = []
    for player in played:
        tournament = player.entry.section.tournament
        standing = getattr(player.entry, "standing", None)
        rows.append(
            {
                "tournament": tournament,
                "place": standing
                and (
                    f"{standing.place}–{standing.place_to}" if standing.shared else standing.place
                ),
                "percentage": standing.percentage if standing else None,
            }
        )
    return {"rows": rows, "member": viewer.member}


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
