"""The check-up and the one collective adjustment (seed 002_4426357e9a32e88f.txt, 6.1
lines 502-510): the report from the stored handicaps and history, a preview of what
other factors would give, and the adjustment decided and applied. docs/handicap.md,
"The check-up"."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from django.db import IntegrityError, transaction
from django.db.models import Count, ExpressionWrapper, FloatField, Max, Min, Sum
from django.db.models.functions import Cast
from django.utils import timezone

from members.common.locks import lock_handicaps
from tournaments.models import Tournament

from .domain import HandicapPolicy
from .domain.checkup import (
    REFERENCE_BOARDS,
    CheckUp,
    Distribution,
    ImpactSums,
    check_up,
)
from .domain.checkup import distribution as spread
from .domain.formula import start_handicap
from .domain.walk import walk
from .history import build_fields, column_text, master_points_before
from .models import HandicapChange, MemberHandicap, PolicyAdjustment
from .policies import adjusted_policy, current_policy, forget
from .services import _left_out, _months, _read_between, recompute_from


class AdjustmentRefused(Exception):
    """A second collective adjustment: 6.1 lines 509-510, "should not be carried out
    more than once"."""


def impact_sums() -> ImpactSums:
    """The measured impact's sums over the topscore pairs rows (a partner, no match),
    summed by the database: x the result over expectation, y the change per 24 boards."""
    number = FloatField()
    over = ExpressionWrapper(
        Cast("achieved", number) - Cast("expected", number), output_field=number
    )
    per_24 = ExpressionWrapper(
        Cast("change", number) * REFERENCE_BOARDS / Cast("boards", number), output_field=number
    )
    rows = HandicapChange.objects.filter(
        scoring="topscore", match__isnull=True, partner__isnull=False, boards__gt=0
    )
    found = rows.aggregate(
        n=Count("pk"),
        sxy=Sum(over * per_24, output_field=number),
        sxx=Sum(over * over, output_field=number),
    )
    return ImpactSums(int(found["n"] or 0), float(found["sxy"] or 0), float(found["sxx"] or 0))


def report(policy: HandicapPolicy | None = None) -> CheckUp:
    """The check-up of the stored handicaps and history under ``policy`` (default: the
    one in force)."""
    policy = policy or current_policy()
    span = HandicapChange.objects.aggregate(first=Min("played_on"), last=Max("played_on"))
    handicaps = MemberHandicap.objects.values_list(
        Cast("handicap", FloatField()), flat=True
    ).iterator(chunk_size=10_000)
    return check_up(handicaps, impact_sums(), span["first"], span["last"], policy)


def preview_handicaps(policy: HandicapPolicy) -> dict[int, float]:
    """Everybody's handicap as a full recompute under ``policy`` would leave it, walked in
    memory and written nowhere: the recompute's reading of the competitions a month at a
    time, its start handicaps (those held; from the master points for a member first
    met) and its rounding to two decimals of the handicap carried on."""
    bounds = Tournament.objects.aggregate(first=Min("start_date"), last=Max("start_date"))
    starts = {m: float(s) for m, s in MemberHandicap.objects.values_list("member_id", "start")}
    current: dict[str, float] = {}
    if bounds["first"] is None:
        return starts

    def first(player: str, day: date) -> float:
        member = int(player)
        if member not in starts:
            starts[member] = float(
                column_text(start_handicap(master_points_before(member, day), policy), 2)
            )
        return starts[member]

    for month, after in _months(bounds["first"], bounds["last"]):
        rows, matches, places = _read_between(month, after, None)
        fields = build_fields(rows, places) + matches
        for _competition, changes in walk(
            fields, current, policy, first_handicap=first, on_refused=_left_out
        ):
            if policy.monthly_batch:
                continue
            for row in changes:
                if row.counted:
                    current[row.player] = round(row.new_handicap, 2)
    held = set(MemberHandicap.objects.values_list("member_id", flat=True))
    walked = {int(p): v for p, v in current.items() if not p.startswith("t:")}
    return {**{m: v for m, v in starts.items() if m in held}, **walked}


def preview(*, impact: float, topscore_slope: float, start_mp_factor: float) -> Distribution:
    """The distribution the whole history would give with these factors."""
    policy = replace(
        current_policy(),
        version="preview",
        impact=impact,
        topscore_slope=topscore_slope,
        start_mp_factor=start_mp_factor,
    )
    return spread(preview_handicaps(policy).values(), policy.max_handicap)


def decide_adjustment(
    *,
    impact: float,
    topscore_slope: float,
    start_mp_factor: float,
    reason: str,
    user,
    day: date | None = None,
) -> PolicyAdjustment:
    """The office decides the collective adjustment: the one row (6.1 lines 509-510,
    "should not be carried out more than once"). Its recompute runs after
    (:func:`apply_adjustment`); the new factors are in force from then."""
    try:
        with transaction.atomic():
            if PolicyAdjustment.objects.exists():
                raise AdjustmentRefused
            return PolicyAdjustment.objects.create(
                impact=impact,
                topscore_slope=topscore_slope,
                start_mp_factor=start_mp_factor,
                reason=reason,
                decided_on=day or timezone.localdate(),
                decided_by=user if getattr(user, "pk", None) else None,
            )
    except IntegrityError:  # decided meanwhile by another official
        raise AdjustmentRefused from None


def apply_adjustment() -> bool:
    """The adjustment's recompute: every handicap from the whole history under the
    adjusted policy, and ``applied_at`` set, in one transaction. Safe to run twice (an
    applied adjustment is left alone); False when there was nothing to apply."""
    with transaction.atomic():
        lock_handicaps()
        adjustment = PolicyAdjustment.objects.select_for_update().first()
        if adjustment is None or adjustment.applied_at is not None:
            return False
        recompute_from(None, policy=adjusted_policy(adjustment))
        adjustment.applied_at = timezone.now()
        adjustment.save(update_fields=["applied_at"])
        transaction.on_commit(forget)
    return True
