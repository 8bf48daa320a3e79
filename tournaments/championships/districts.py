"""Which district a player belongs to: the district of the club they represent (003
line 165, "representationsmedlem"; lines 321, 405)."""

from __future__ import annotations

from collections.abc import Iterable

from members.models import Membership


def representation_districts(member_ids: Iterable[int], season: int) -> dict[int, int]:
    """Each member's district by the club they represent in ``season``; a member with
    no representation that season is taken at their latest one before it (decision:
    the office's registry is the membership of the season, and last season's stands
    until the new one is entered). Members with neither are left out (not the
    district's)."""
    ids = set(member_ids)
    rows = (
        Membership.objects.filter(member_id__in=ids, represents=True, season__lte=season)
        .order_by("member_id", "-season")
        .values_list("member_id", "club__district_id")
    )
    found: dict[int, int] = {}
    for member_id, district_id in rows:
        found.setdefault(member_id, district_id)
    return found
