"""Member and handicap look-ups for scoring programs and clubs (docs/api.md).

Public data only: name, club, master class, current handicap and whether the member
may earn points now; never contact details or the birth date.
"""

from __future__ import annotations

from django.db.models import Prefetch
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.generics import ListAPIView

from members.api.errors import ApiError
from members.api.permissions import HasScope
from members.domain.api_access import MEMBERS_READ
from members.models import Member, Membership
from members.services import current_season

MIN_NAME_FRAGMENT = 3
MAX_MID = 2**31 - 1  # the column's range on both databases
MAX_MIDS = 200


class MemberSerializer(serializers.Serializer):
    mid = serializers.IntegerField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    club = serializers.CharField(allow_null=True)
    club_id = serializers.IntegerField(allow_null=True)
    master_class = serializers.CharField(allow_null=True, help_text="The class's code")
    handicap = serializers.DecimalField(max_digits=6, decimal_places=2, allow_null=True)
    may_earn_points = serializers.BooleanField()


def member_row(member: Member) -> dict:
    memberships = getattr(member, "season_memberships", [])
    club = next((m.club for m in memberships if m.represents), None) or next(
        (m.club for m in memberships), None
    )
    holding = getattr(member, "holding", None)
    current = getattr(member, "current_handicap", None)
    return {
        "mid": member.mid,
        "first_name": member.first_name,
        "last_name": member.last_name,
        "club": club.name if club else None,
        "club_id": club.pk if club else None,
        "master_class": (holding.master_class or None) if holding else None,
        "handicap": current.handicap if current else None,
        "may_earn_points": member.status == Member.Status.ACTIVE,
    }


def members_for_api():
    return Member.objects.select_related("holding", "current_handicap").prefetch_related(
        Prefetch(
            "memberships",
            queryset=Membership.objects.filter(season=current_season()).select_related("club"),
            to_attr="season_memberships",
        )
    )


class MemberLookup(ListAPIView):
    """Members by MID (``mid``, several allowed) or by a name fragment (``q``)."""

    permission_classes = [HasScope]
    required_scope = MEMBERS_READ
    serializer_class = MemberSerializer

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "mid", int, many=True, description=f"Membership number(s), at most {MAX_MIDS}"
            ),
            OpenApiParameter("q", str, description="Part of the name, at least 3 letters"),
        ]
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        params = self.request.query_params
        mids = params.getlist("mid")
        text = params.get("q", "").strip()
        if not mids and not text:
            raise ApiError("Give mid or q.", code="missing_query", field="q")
        qs = members_for_api()
        if mids:
            try:
                wanted = [int(m) for m in mids]
            except ValueError:
                wanted = []
            if not wanted or not all(0 < m <= MAX_MID for m in wanted) or len(wanted) > MAX_MIDS:
                raise ApiError(
                    f"A MID is a whole number from 1 to {MAX_MID}; at most {MAX_MIDS} of them.",
                    code="invalid",
                    field="mid",
                )
            return qs.filter(mid__in=wanted)
        if len(text) < MIN_NAME_FRAGMENT:
            raise ApiError(
                f"Give at least {MIN_NAME_FRAGMENT} letters of the name.",
                code="too_short",
                field="q",
            )
        return qs.search(text)

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.get_queryset())
        rows = [member_row(m) for m in page]
        return self.get_paginated_response(MemberSerializer(rows, many=True).data)
