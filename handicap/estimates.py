"""The office's estimated starts for players from abroad (002 5.2, lines 441-443): kept,
changed or taken away, and the member's handicap walked again from their start.

Where every walk looks the start up: ``handicap.starts``.
"""

from __future__ import annotations

import logging
from datetime import date
from decimal import Decimal

from django.db import transaction
from django.db.models import Max, Min, Q, QuerySet
from django.utils import timezone

from members.common.locks import lock_handicaps
from members.models import Member
from members.services import current_season, member_pages_changed

from .domain import HandicapPolicy
from .domain.formula import start_handicap
from .history import master_points_before
from .incremental import restart_member
from .models import HandicapChange, MemberHandicap, StartEstimate
from .policies import current_policy
from .services import recompute_from
from .starts import as_stored, start_of_estimate

log = logging.getLogger(__name__)


def estimates() -> QuerySet[StartEstimate]:
    """Every estimate with its member, this season's club and who decided it, newest first."""
    return (
        StartEstimate.objects.select_related("member", "decided_by")
        .annotate(
            club_name=Max(
                "member__memberships__club__name",
                filter=Q(member__memberships__season=current_season()),
            )
        )
        .order_by("-decided_on", "member__last_name", "member__mid")
    )


def save_estimate(
    *,
    member: Member,
    master_points: Decimal | None,
    handicap: Decimal | None,
    reason: str,
    user,
    day: date | None = None,
    policy: HandicapPolicy | None = None,
) -> StartEstimate:
    """Keep the office's estimate for ``member`` (exactly one of ``master_points`` and
    ``handicap``) and walk their handicap again from it, in one transaction."""
    with transaction.atomic():
        lock_handicaps()
        policy = policy or current_policy()
        estimate, _ = StartEstimate.objects.update_or_create(
            member=member,
            defaults={
                "master_points": master_points,
                "handicap": handicap,
                "reason": reason,
                "decided_on": day or timezone.localdate(),
                "decided_by": user,
            },
        )
        start = start_of_estimate(estimate, policy)
        _restart(member.pk, start, policy)
    log.info(
        "handicap: %s set the start of member %s to %s (mp %s, handicap %s): %s",
        user, member.mid, start, master_points, handicap, reason,
    )  # fmt: skip
    return estimate


def delete_estimate(*, member: Member, user, policy: HandicapPolicy | None = None) -> bool:
    """Take the office's estimate away: the member starts from their own master points
    (credited before their first competition) and is walked again; False when there
    was none."""
    with transaction.atomic():
        lock_handicaps()
        policy = policy or current_policy()
        deleted, _ = StartEstimate.objects.filter(member=member).delete()
        if not deleted:
            return False
        first = _first_day(member.pk)
        points = master_points_before(member.pk, first or timezone.localdate())
        start = as_stored(start_handicap(points, policy))
        _restart(member.pk, start, policy)
    log.info("handicap: %s took away the estimated start of member %s", user, member.mid)
    return True


def _first_day(member: int) -> date | None:
    return HandicapChange.objects.filter(member_id=member).aggregate(day=Min("played_on"))["day"]


def _restart(member: int, start: Decimal, policy: HandicapPolicy) -> None:
    """The member starts at ``start``: held as their start, and their history from their
    first competition walked again from it (a player whose first competitions came
    before the office's estimate); without a history it is their handicap too."""
    first = _first_day(member)
    held = MemberHandicap.objects.filter(member_id=member)
    if not held.exists():
        MemberHandicap.objects.create(
            member_id=member, handicap=start, start=start, policy_version=policy.version
        )
    elif first is None:
        held.update(handicap=start, start=start, updated_on=None)
    else:
        held.update(start=start)
    if first is None:
        member_pages_changed([member])
    elif policy.monthly_batch:
        # A month's handicaps are carried unrounded, not in the history: walk on from it.
        recompute_from(first)
    else:
        restart_member(member, first, policy)
