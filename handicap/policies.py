"""The handicap policy in force: SBF 2007, or SBF 2007 with the one collective
adjustment of a check-up (002 6.1, lines 502-510) once its recompute has run.

The adjustment comes into force with the recompute that applies it (``applied_at``):
until then every row, old and new, is computed under SBF 2007, and after it the whole
history is the adjusted policy's, so the history never mixes the two.

Read on every handicap step and page, so it is kept in the cache every process shares
(the factors, not a query); the service that applies the adjustment drops it once its
transaction commits, and the steps that write read it afresh (``fresh=True``) after
taking the handicap lock.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from functools import lru_cache

from django.core.cache import cache

from .domain import SBF_2007, HandicapPolicy
from .models import PolicyAdjustment

CACHE_KEY = "handicap:policy"
# What the cache holds when no adjustment is in force (None is "not cached").
UNADJUSTED = "SBF 2007"


def adjusted_policy(adjustment: PolicyAdjustment) -> HandicapPolicy:
    """SBF 2007 with the adjustment's three factors; its version names the day decided."""
    return _adjusted(
        adjustment.decided_on,
        adjustment.impact,
        adjustment.topscore_slope,
        adjustment.start_mp_factor,
    )


@lru_cache(maxsize=8)
def _adjusted(decided_on: date, impact: float, slope: float, factor: float) -> HandicapPolicy:
    # One object per adjustment: ``formula.gain`` caches its factors by policy.
    return replace(
        SBF_2007,
        version=f"SBF 2007, adjusted {decided_on.isoformat()}",
        impact=float(impact),
        topscore_slope=float(slope),
        start_mp_factor=float(factor),
    )


def current_policy(*, fresh: bool = False) -> HandicapPolicy:
    kept = None if fresh else cache.get(CACHE_KEY)
    if kept is None:
        adjustment = PolicyAdjustment.objects.filter(applied_at__isnull=False).first()
        kept = (
            UNADJUSTED
            if adjustment is None
            else (
                adjustment.decided_on,
                adjustment.impact,
                adjustment.topscore_slope,
                adjustment.start_mp_factor,
            )
        )
        if not fresh:  # a writer's transaction may not have committed what it read
            cache.set(CACHE_KEY, kept, timeout=None)
    if kept == UNADJUSTED:
        return SBF_2007
    decided_on, impact, slope, factor = kept
    return _adjusted(decided_on, impact, slope, factor)


def forget() -> None:
    """The next :func:`current_policy` reads the database (after an adjustment)."""
    cache.delete(CACHE_KEY)


def policy_named(version: str) -> HandicapPolicy | None:
    """The policy a history row names (its ``policy_version``), so that the "why" pages
    explain rows written before and after the adjustment; None for one unknown here."""
    for policy in (SBF_2007, current_policy()):
        if policy.version == version:
            return policy
    # The cache may not yet know an adjustment whose recompute has just committed.
    policy = current_policy(fresh=True)
    return policy if policy.version == version else None
