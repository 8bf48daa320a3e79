"""The licence behind an EBU event's awards, where people look for it: on the event page
(the status it was awarded at, its licence, and any warning), and in the office's queue
(events awarded without the licence they need, or not awarded at all). The rule is
``awards.domain.ebu.licensed``; docs/awards-ebu.md, "The licence behind the status"."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from members.federation import current
from tournaments.licences.models import STATUS_CHOICES
from tournaments.licences.selectors import covering, granted_between
from tournaments.models import Tournament

from .domain.ebu.licensed import STATUS_BY_LEVEL
from .models import TournamentAwards

LEVEL_BY_STATUS = {name: level for level, name in STATUS_BY_LEVEL.items()}
# The office's queue shows the latest; the tournament pages have them all.
QUEUE_SIZE = 50


def status_label(status: str) -> str:
    """The status as the licence labels it ("County" for "county"), in the reader's language."""
    return str(dict(STATUS_CHOICES).get(LEVEL_BY_STATUS.get(status, 0), status))


def tournament_licence_part(tournament: Tournament, viewer=None) -> dict | None:
    """The event page's line on its status and licence (``tournaments.pages``), once the
    award step has run, in a federation of licences."""
    if not current().runs_licences:
        return None
    run = TournamentAwards.objects.filter(tournament=tournament).first()
    if run is None:
        return None
    url = ""
    club = tournament.organiser_club_id
    if run.licence and club is not None:
        day = tournament.start_date
        licence = covering(granted_between([club], day, day).get(club, ()), day)
        if licence is not None and licence.number == run.licence:
            url = reverse("licences:detail", args=[licence.pk])
    return {
        "award_status": {
            "status": status_label(run.status) if run.status else "",
            "licence": run.licence,
            "licence_url": url,
            "warning": run.warning,
            "no_award": run.reason if run.awards == 0 else "",
        }
    }


def award_queue() -> list[dict]:
    """The latest events the award step warned of (awarded at club status for want of a
    licence, a fact the licence overrode) or could not award at all, each with why in
    the reader's language (``tournaments.reported.AWARD_QUEUE``)."""
    if not current().runs_licences:
        return []
    flagged = (
        TournamentAwards.objects.exclude(warning_en="")
        | TournamentAwards.objects.filter(awards=0).exclude(reason_en="")
    ).select_related("tournament")
    return [
        {
            "tournament": run.tournament,
            "why": run.warning or _("No master points: %(reason)s") % {"reason": run.reason},
        }
        for run in flagged.order_by("-computed", "-pk")[:QUEUE_SIZE]
    ]
