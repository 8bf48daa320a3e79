"""What the sanctions app shows on other apps' pages: the tournament page's sanction
card and its note on the level line (``tournaments.pages``), and the start page's cards
for players, clubs, districts and the office (``members.common.pages``, START_PAGE)."""

from __future__ import annotations

from django.db.models import Q
from django.utils import timezone
from django.utils.translation import get_language

from members.federation import current
from members.models import Membership
from members.services import current_season
from tournaments.models import Tournament

from . import services
from .domain.model import RULEBOOK
from .models import Sanction
from .workflow import can_view

LEVEL_ORDER = {level: n for n, level in enumerate(Tournament.Level.values)}


def tournament_part(tournament: Tournament, user) -> dict | None:
    """The sanction of the event and why its real field reached the level it did
    (the pipeline's sanction step wrote the checks in both languages)."""
    sanction = Sanction.objects.select_related("club").filter(tournament=tournament).first()
    if sanction is None:
        return None
    swedish = (get_language() or "").startswith("sv")
    return {
        "tournament": tournament,
        "sanction": sanction,
        "url": sanction.get_absolute_url() if can_view(user, sanction) else "",
        "lower": LEVEL_ORDER[tournament.level] < LEVEL_ORDER[sanction.level],
        "checks": [_level_check(check, swedish) for check in tournament.level_checks or []],
    }


def _level_check(check: dict, swedish: bool) -> dict:
    """One check's message in the reader's language, and its rule. The messages end
    with the rule in parentheses ("SBF Mästarpoäng 2014-2015, kap. 5"; checks stored
    before issue 18 with the seed's lines, "000 kap. 5, rad 336-352"); it is shown
    apart, once."""
    message = check.get("message_sv" if swedish else "message_en") or check.get("message_en", "")
    seed_ref = check.get("seed_ref", "")
    head, _sep, tail = message.rpartition(" (")
    if head and tail.startswith(("000 ", RULEBOOK)) and tail.endswith(")"):
        message, seed_ref = head, tail[:-1]
    return {
        "message": message,
        "seed_ref": seed_ref,
        "warning": check.get("severity") == "warning",
    }


# -- the start page (members.common.pages, START_PAGE)

# Rows a start page card lists; the sanctions page has them all.
START_ROWS = 6
# Where an application no longer waits for anybody.
_SETTLED = (
    Sanction.State.REJECTED,
    Sanction.State.WITHDRAWN,
    Sanction.State.RESULTS_REPORTED,
)


def _runs_sanctions() -> bool:
    return current().runs_sanctions


def _home_district(member) -> int | None:
    return (
        Membership.objects.filter(member=member, season=current_season(), represents=True)
        .values_list("club__district_id", flat=True)
        .first()
    )


def calendar_part(viewer, user=None) -> dict | None:
    """Coming silver and gold events in the player's district."""
    if viewer.member is None or not _runs_sanctions():
        return None
    district = _home_district(viewer.member)
    coming = services.calendar(since=timezone.localdate())
    if district is not None:
        coming = coming.filter(Q(district_id=district) | Q(club__district_id=district))
    return {"events": list(coming[:START_ROWS]), "district": district}


def club_part(viewer, user=None) -> dict | None:
    """The clubs' applications still under way."""
    if not viewer.roles.clubs or not _runs_sanctions():
        return None
    open_ones = (
        Sanction.objects.filter(club_id__in=viewer.roles.clubs)
        .exclude(state__in=_SETTLED)
        .select_related("club")
        .order_by("start_date", "pk")
    )
    return {"sanctions": list(open_ones[:START_ROWS])}


def district_part(viewer, user=None) -> dict | None:
    """Applications on which the official's district has a step to take now."""
    if not viewer.roles.districts or not _runs_sanctions():
        return None
    waiting = Sanction.objects.filter(services.awaiting_district(set(viewer.roles.districts)))
    return {
        "count": waiting.count(),
        "sanctions": list(waiting.select_related("club").order_by("start_date", "pk")[:START_ROWS]),
    }


def office_part(viewer, user=None) -> dict | None:
    """Gold applications endorsed and waiting for the office; reports overdue."""
    if not viewer.roles.office or not _runs_sanctions():
        return None
    return {
        "waiting": Sanction.objects.filter(
            level=Sanction.Level.GOLD, state=Sanction.State.ENDORSED
        ).count(),
        "overdue": services.overdue_reports().count(),
    }
