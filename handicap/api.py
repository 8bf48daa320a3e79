"""Member and handicap look-ups for scoring programs and clubs (docs/api.md).

Public data only: name, club, master class, current handicap and whether the member
may earn points now; never contact details or the birth date.
"""

from __future__ import annotations

from datetime import date

from django.db.models import Prefetch, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.generics import GenericAPIView, ListAPIView
from rest_framework.response import Response
from rest_framework.views import APIView

from awards.api import MeSerializer, ebu_figures, sbf_figures
from awards.selectors import ebu_ledger
from members.api.errors import ERROR, ApiError, StrictSerializer
from members.api.pagination import KeysetCursor
from members.api.permissions import HasScope, own_member
from members.domain.api_access import HANDICAPS_READ, ME_READ, MEMBERS_READ
from members.models import Member, Membership
from members.services import current_season

from .domain import for_display
from .domain.corrections import starting_corrections
from .history import handicaps_before
from .models import HandicapChange
from .policies import current_policy
from .selectors import member_history
from .starts import starts_for

MIN_NAME_FRAGMENT = 3
MAX_MIDS = 200
# The largest MID a form takes (nine digits).
MAX_MID = 999_999_999
# The round key of a history row whose match is gone: last played, as the pages have it.
LAST_ROUND = 32767


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


# -- cursor paging on a list's whole order ------------------------------------------


MAX_FIELD = 200


class FieldRequestSerializer(StrictSerializer):
    mids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_MID),
        min_length=2,
        max_length=MAX_FIELD,
        help_text="The players' membership numbers, 2 to 200, each once",
    )
    date = serializers.DateField(
        required=False,
        allow_null=True,
        help_text="The event's day: handicaps as they stood the day before (the handicap "
        "list's rule). Left out: the current handicaps, as the starting corrections page.",
    )

    def validate_mids(self, mids: list[int]) -> list[int]:
        twice = sorted({mid for mid in mids if mids.count(mid) > 1})
        if twice:
            raise serializers.ValidationError(
                _("MID %(mid)d is in the field more than once.") % {"mid": twice[0]},
                code="duplicate",
            )
        return mids


class FieldPlayerSerializer(serializers.Serializer):
    mid = serializers.IntegerField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    handicap = serializers.DecimalField(max_digits=6, decimal_places=2)
    start = serializers.BooleanField(
        help_text="A start handicap: no competition has changed it yet"
    )
    estimated = serializers.BooleanField(
        help_text="No handicap held at all: the start worked out from the master points "
        "then (the corrections page marks these *)"
    )


class FieldHandicapsSerializer(serializers.Serializer):
    date = serializers.DateField(allow_null=True)
    players = FieldPlayerSerializer(many=True, help_text="In the order the MIDs were sent")
    average = serializers.DecimalField(
        max_digits=6,
        decimal_places=2,
        allow_null=True,
        help_text="The field's average handicap over the players found",
    )
    unknown = serializers.ListField(
        child=serializers.IntegerField(), help_text="MIDs no member has"
    )


def field_handicaps(mids: list[int], day: date | None) -> dict:
    """Each member's handicap as the handicap pages take it: without ``day`` the
    current one, as the starting corrections page (``selectors.starting_sheet``);
    with it, the one at the end of the day before, as the handicap list of a handicap
    event (``services.handicap_placings``): the last history row before, else the start
    handicap held, else the start from the master points then. The average as the
    corrections sheet's (``domain.corrections.starting_corrections``)."""
    members = {
        m.mid: m
        for m in Member.objects.filter(mid__in=mids).select_related("current_handicap").only(
            "pk", "mid", "first_name", "last_name",
            "current_handicap__handicap", "current_handicap__start",
            "current_handicap__updated_on",
        )
    }  # fmt: skip
    known = {} if day is None else handicaps_before(day, [m.pk for m in members.values()])
    policy = current_policy()
    # the start of whoever has no value yet: the office's estimate (5.2), else the start
    # held, else (10) from the master points then (handicap.starts)
    starts = starts_for(
        [
            m.pk for m in members.values()
            if m.pk not in known and (day is not None or getattr(m, "current_handicap", None) is None)
        ],
        day or timezone.localdate(),
        policy,
    )  # fmt: skip
    players = []
    for mid in mids:
        member = members.get(mid)
        if member is None:
            continue
        held = getattr(member, "current_handicap", None)
        if day is None and held is not None:
            value, start, estimated = float(held.handicap), held.updated_on is None, False
        elif day is not None and member.pk in known:
            value, start, estimated = float(known[member.pk]), False, False
        else:
            value, start, estimated = float(starts[member.pk]), True, held is None
        players.append(
            {
                "mid": mid,
                "first_name": member.first_name,
                "last_name": member.last_name,
                "value": value,
                "handicap": for_display(value, 2),
                "start": start,
                "estimated": estimated,
            }
        )
    values: list[float] = [p.pop("value") for p in players]
    average: float | None
    if len(values) > 1:
        average = starting_corrections([[v] for v in values], policy).average
    else:
        average = values[0] if values else None
    return {
        "date": day,
        "players": players,
        "average": None if average is None else for_display(average, 2),
        "unknown": [mid for mid in mids if mid not in members],
    }


class FieldHandicaps(APIView):
    """A field's handicaps (a flat list of players) and its average handicap."""

    permission_classes = [HasScope]
    required_scope = HANDICAPS_READ

    @extend_schema(
        operation_id="handicaps_field",
        summary="The handicaps of a field",
        description="Each player's handicap now, or on the day before `date` (a handicap "
        "event's list); whether it is a start handicap; the field's average. MIDs no "
        "member has are listed in `unknown`, not refused. Scope `handicaps:read`.",
        request=FieldRequestSerializer,
        responses={
            200: FieldHandicapsSerializer,
            400: ERROR,
            401: ERROR,
            403: ERROR,
            413: ERROR,
            415: ERROR,
            429: ERROR,
        },
        tags=["handicaps"],
    )
    def post(self, request):
        asked = FieldRequestSerializer(data=request.data)
        asked.is_valid(raise_exception=True)
        found = field_handicaps(asked.validated_data["mids"], asked.validated_data.get("date"))
        return Response(FieldHandicapsSerializer(found).data)


# -- the member's own handicap history ------------------------------------------------


class HistoryRowSerializer(serializers.Serializer):
    played_on = serializers.DateField()
    tournament_id = serializers.IntegerField()
    tournament = serializers.CharField(source="tournament.name")
    round = serializers.IntegerField(
        source="match.round",
        allow_null=True,
        default=None,
        help_text="A team event's match (each match moves the handicap); null otherwise",
    )
    place = serializers.CharField(allow_blank=True)
    old = serializers.DecimalField(max_digits=6, decimal_places=2, help_text="Old hcp")
    partner = serializers.DecimalField(max_digits=6, decimal_places=2, allow_null=True)
    owner = serializers.DecimalField(
        max_digits=6, decimal_places=2, help_text="The pair's (or team's) hcp"
    )
    field = serializers.DecimalField(max_digits=6, decimal_places=2, help_text="Field hcp")
    expected = serializers.DecimalField(max_digits=8, decimal_places=2)
    achieved = serializers.DecimalField(max_digits=8, decimal_places=2)
    unit = serializers.SerializerMethodField(help_text="Of expected and achieved: % or IMP")
    change = serializers.DecimalField(max_digits=7, decimal_places=3)
    new = serializers.DecimalField(max_digits=6, decimal_places=2, help_text="New hcp")
    boards = serializers.IntegerField(help_text="Boards played")
    scoring = serializers.CharField()

    def get_unit(self, row: HandicapChange) -> str:
        return "%" if row.scoring == "topscore" else "IMP"


class OwnHandicapHistory(ListAPIView):
    """The token's member's handicap history, newest first, a row a competition (a
    team event's matches each their own), with the presentation's columns."""

    permission_classes = [HasScope]
    required_scope = ME_READ
    serializer_class = HistoryRowSerializer
    pagination_class = KeysetCursor
    # member_history's order: a match reported again (its match gone) last played.
    keyset = ("-played_on", "-tournament_id", "-round_key", "-match_key", "-id")

    @extend_schema(
        operation_id="me_handicap",
        summary="My handicap history",
        responses={200: HistoryRowSerializer(many=True), 400: ERROR, 401: ERROR, 403: ERROR,
                   429: ERROR},
        tags=["me"],
    )  # fmt: skip
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        return member_history(own_member(self.request)).annotate(
            round_key=Coalesce("match__round", Value(LAST_ROUND)),
            match_key=Coalesce("match_id", Value(0)),
        )


class Me(GenericAPIView):
    """The token's member: club, points, class, ranking places (the awards app's
    figures) and handicap."""

    permission_classes = [HasScope]
    required_scope = ME_READ
    serializer_class = MeSerializer
    pagination_class = None

    @extend_schema(
        operation_id="me",
        summary="My points, class, ranking and handicap",
        description="For a member's own token (scope `me:read`).",
        responses={200: MeSerializer, 401: ERROR, 403: ERROR, 429: ERROR},
        tags=["me"],
    )
    def get(self, request):
        member = members_for_api().get(pk=own_member(request).pk)
        row = member_row(member)
        held = getattr(member, "current_handicap", None)
        figures = ebu_figures(member) if ebu_ledger() else sbf_figures(member)
        body = {
            "mid": member.mid,
            "first_name": member.first_name,
            "last_name": member.last_name,
            "club": row["club"],
            "club_id": row["club_id"],
            **figures,
            "handicap": None
            if held is None
            else {
                "handicap": held.handicap,
                "start": held.updated_on is None,
                "updated_on": held.updated_on,
            },
        }
        return Response(MeSerializer(body).data)
