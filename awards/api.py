"""Master points, class and ranking through the API (docs/api.md): the member's own
figures and ledger (a member token, ``me:read``), and the public ranking and master
points lists with their pages' filters.

The numbers are the pages' own: the member page's and start page's selectors, the
lists' querysets, filters and orders (``awards.views``), read a page at a time by a
cursor on the lists' index orders."""

from __future__ import annotations

from decimal import Decimal

from django.db.models import Count, F, Q, QuerySet
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.generics import ListAPIView

from members.api.errors import ERROR, ApiError
from members.api.pagination import KeysetCursor
from members.api.permissions import HasScope, own_member
from members.common.pages import filtered
from members.domain.api_access import ME_READ
from members.models import Member
from members.services import current_season

from .domain.ebu import ledger as ebu_ledger_rules
from .domain.sbf import classes
from .filters import EbuRankFilter, MasterPointsFilter, RankingFilter
from .models import MasterPointAward, RankingScore
from .selectors import (
    class_name,
    class_names,
    ebu_holding_of,
    ebu_ledger,
    holding_of,
    in_language,
    member_awards,
    next_rank_words,
    ranking_place,
)
from .views import EBU_RANK_ORDER, PLACE_ORDER, listed_holdings, ranked_holdings

# -- the member's own figures ----------------------------------------------------------


class RankingPlacesSerializer(serializers.Serializer):
    points = serializers.DecimalField(max_digits=10, decimal_places=2)
    place = serializers.IntegerField(help_text="In the country; a shared place's first")
    place_to = serializers.IntegerField(help_text="A shared place's last (== place if none)")
    district_place = serializers.IntegerField(allow_null=True)
    club_place = serializers.IntegerField(allow_null=True)


class OwnHandicapSerializer(serializers.Serializer):
    handicap = serializers.DecimalField(max_digits=6, decimal_places=2)
    start = serializers.BooleanField(help_text="No competition has changed it yet")
    updated_on = serializers.DateField(allow_null=True)


class MeSerializer(serializers.Serializer):
    mid = serializers.IntegerField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    club = serializers.CharField(allow_null=True, help_text="The club represented this season")
    club_id = serializers.IntegerField(allow_null=True)
    ledger = serializers.ChoiceField(
        choices=["sbf", "ebu"], help_text="Whose points: the SBF's colours or the EBU's kinds"
    )
    points = serializers.DictField(
        child=serializers.DecimalField(max_digits=12, decimal_places=2),
        help_text="Credited points by colour (bronze, silver, gold) or, in an EBU "
        "database, by kind (local, blue, green, gold)",
    )
    master_points = serializers.DecimalField(max_digits=14, decimal_places=2)
    master_class = serializers.CharField(
        allow_null=True, help_text="The class's code (SBF) or the rank (EBU); null if none"
    )
    master_class_name = serializers.CharField(allow_null=True)
    next_class = serializers.CharField(help_text="What the next class or rank needs")
    ranking = RankingPlacesSerializer(allow_null=True, help_text="Null without ranking points")
    handicap = OwnHandicapSerializer(allow_null=True)


def sbf_figures(member: Member) -> dict:
    """The start page's figures (``selectors.start_part``): holding, class, the next
    class and the ranking places in the country, the district and the club."""
    holding = holding_of(member)
    current = classes.master_class(holding)
    figures: dict = {
        "ledger": "sbf",
        "points": {"bronze": holding.bronze, "silver": holding.silver, "gold": holding.gold},
        "master_points": holding.master_points.quantize(Decimal("0.01")),
        "master_class": current.code if current.rank else None,
        "master_class_name": class_name(current.code) if current.rank else None,
        "next_class": in_language(classes.plain_next_class(classes.next_class(holding))),
        "ranking": None,
    }
    score = RankingScore.objects.filter(member=member, points__gt=0).first()
    if score is not None and score.place is not None:
        ranked = RankingScore.objects.filter(points__gt=0)
        figures["ranking"] = {
            "points": score.points,
            "place": score.place,
            "place_to": score.place_to or score.place,
            "district_place": ranking_place(score.points, ranked.filter(district=score.district))
            if score.district_id
            else None,
            "club_place": ranking_place(score.points, ranked.filter(club=score.club))
            if score.club_id
            else None,
        }
    return figures


def ebu_figures(member: Member) -> dict:
    """The EBU start page's figures (``selectors.ebu_start_part``): no ranking points."""
    holding = ebu_holding_of(member)
    rank = holding.rank.name or None
    return {
        "ledger": "ebu",
        "points": {
            "local": Decimal(holding.local),
            "blue": holding.blue,
            "green": holding.green,
            "gold": holding.gold,
        },
        "master_points": Decimal(holding.total),
        "master_class": rank,
        "master_class_name": rank,
        "next_class": next_rank_words(ebu_ledger_rules.next_rank(holding)),
        "ranking": None,
    }


class AwardSerializer(serializers.Serializer):
    awarded_on = serializers.DateField()
    tournament_id = serializers.IntegerField()
    tournament = serializers.CharField(source="tournament.name")
    colour = serializers.CharField(help_text="bronze, silver, gold; EBU: local, blue, green")
    credited = serializers.DecimalField(max_digits=10, decimal_places=2)
    unit = serializers.CharField(help_text="bp, sp, gp; EBU: MP, blue, green")
    exact = serializers.DecimalField(max_digits=12, decimal_places=4)
    gold_points = serializers.DecimalField(
        max_digits=10, decimal_places=2, help_text="EBU: gold points a green award gave"
    )
    table = serializers.CharField()
    reason = serializers.CharField(help_text="Why, in the request's language")
    rule_version = serializers.CharField()


class OwnAwards(ListAPIView):
    """The token's member's ledger, newest first (the member's awards page)."""

    permission_classes = [HasScope]
    required_scope = ME_READ
    serializer_class = AwardSerializer
    pagination_class = KeysetCursor
    keyset = ("-awarded_on", "-tournament_id", "colour")

    @extend_schema(
        operation_id="me_awards",
        summary="My master points awards",
        responses={200: AwardSerializer(many=True), 400: ERROR, 401: ERROR, 403: ERROR,
                   429: ERROR},
        tags=["me"],
    )  # fmt: skip
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self) -> QuerySet[MasterPointAward]:
        return member_awards(own_member(self.request))


# -- the public lists --------------------------------------------------------------------


class ListRowSerializer(serializers.Serializer):
    place = serializers.IntegerField(help_text="A shared place's first")
    place_to = serializers.IntegerField(help_text="A shared place's last (== place if none)")
    mid = serializers.IntegerField()
    first_name = serializers.CharField()
    last_name = serializers.CharField()
    club = serializers.CharField(allow_null=True)
    club_id = serializers.IntegerField(allow_null=True)
    master_class = serializers.CharField(
        allow_null=True, help_text="The class's code (SBF) or the rank (EBU)"
    )
    master_class_name = serializers.CharField(allow_null=True)
    ranking_points = serializers.DecimalField(
        max_digits=10, decimal_places=2, allow_null=True, help_text="SBF ranking; else null"
    )
    master_points = serializers.DecimalField(
        max_digits=14, decimal_places=4, allow_null=True, help_text="Null in the SBF ranking"
    )
    local_points = serializers.IntegerField(allow_null=True, help_text="EBU; else null")
    blue_points = serializers.DecimalField(max_digits=10, decimal_places=2, allow_null=True)
    green_points = serializers.DecimalField(max_digits=10, decimal_places=2, allow_null=True)
    gold_points = serializers.DecimalField(max_digits=10, decimal_places=2, allow_null=True)


FILTERS = [
    OpenApiParameter("district", OpenApiTypes.INT, description="A district's (region's) id"),
    OpenApiParameter("club", OpenApiTypes.STR, description="A club's number"),
    OpenApiParameter(
        "category", OpenApiTypes.STR, enum=["junior", "veteran", "ladies"], description="Who"
    ),
]
RANK_FILTER = OpenApiParameter(
    "rank",
    OpenApiTypes.STR,
    description="EBU databases: one line of the ranks' list (1 = Local Master, …)",
)


def asked_list(filterset_class, request, queryset):
    """The list's rows as its page filters them (``members.common.pages.filtered``),
    a value the page's form would refuse answered as an error, not ignored."""
    found, listed = filtered(filterset_class, request, queryset)
    if found is not None and found.errors:
        name, problems = next(iter(found.errors.items()))
        raise ApiError(
            _("%(name)s: %(problem)s") % {"name": name, "problem": problems[0]},
            code="invalid_filter",
            field=name,
            location="query",
        )
    return listed


def numbered(rows: list[dict], listed, keys: tuple[str, ...]) -> list[tuple[int, int]]:
    """Places of a page of a list ordered by ``keys`` (each highest first): equal keys
    share a place, as the pages' ``filtered_places`` and ``rank_places`` number them.
    The first row's is a count of those above it, a shared place's end a count of those
    level with it (one grouped query); the others follow in the list's order."""
    if not rows:
        return []
    key_of = [tuple(row[k] for k in keys) for row in rows]
    level_with = Q()
    for key in set(key_of):
        level_with |= Q(**dict(zip(keys, key, strict=True)))
    level = {
        tuple(found[:-1]): found[-1]
        for found in listed.filter(level_with)
        .values(*keys)
        .annotate(n=Count("pk"))
        .values_list(*keys, "n")
    }
    above = Q()
    equal = Q()
    for name, value in zip(keys, key_of[0], strict=True):
        above |= equal & Q(**{f"{name}__gt": value})
        equal &= Q(**{name: value})
    place = listed.filter(above).count() + 1
    places = []
    for n, key in enumerate(key_of):
        if n and key != key_of[n - 1]:
            place += level[key_of[n - 1]]
        places.append((place, place + level[key] - 1))
    return places


def list_row(row: dict, place: tuple[int, int], names: dict[str, str], ebu: bool) -> dict:
    code = row.get("class_code") or None
    return {
        "place": place[0],
        "place_to": place[1],
        "mid": row["member__mid"],
        "first_name": row["member__first_name"],
        "last_name": row["member__last_name"],
        "club": row.get("club_name"),
        "club_id": row.get("club_ref"),
        "master_class": code,
        "master_class_name": code if ebu else names.get(code or ""),
        "ranking_points": row.get("points"),
        "master_points": row.get("master_points"),
        "local_points": row.get("local"),
        "blue_points": row.get("blue"),
        "green_points": row.get("green"),
        "gold_points": row.get("gold_points"),
    }


# What a row of the SBF ranking reads (``views.RANKED``), as named values.
RANKED = (
    "points", "member_id", "member__mid", "member__first_name", "member__last_name",
    "place", "place_to",
)  # fmt: skip
RANKED_AS = {
    "club_ref": F("club_id"),
    "club_name": F("club__name"),
    "class_code": F("member__holding__master_class"),
}
# The master points list's and the EBU rank list's (``views.HELD``, ``views.RANK_ROW``),
# the club of this season's membership (``views.listed_holdings``).
HELD = (
    "master_points", "member_id", "member__mid", "member__first_name", "member__last_name",
    "rank",
)  # fmt: skip
EBU_HELD = (*HELD, "local", "blue", "green", "gold_points")
HELD_AS = {
    "club_ref": F("represented__club"),
    "club_name": F("represented__club__name"),
    "class_code": F("master_class"),
}


class PublicList(ListAPIView):
    """A public list: no token needed (the rate per address applies)."""

    pagination_class = KeysetCursor
    serializer_class = ListRowSerializer

    def list(self, request, *args, **kwargs):
        listed, keys, rows = self.rows()
        page = self.paginate_queryset(rows)
        if self.national:
            places = [(row["place"], row["place_to"] or row["place"]) for row in page]
        else:
            places = numbered(page, listed, keys)
        ebu, names = ebu_ledger(), class_names()
        found = [list_row(r, p, names, ebu) for r, p in zip(page, places, strict=True)]
        return self.get_paginated_response(ListRowSerializer(found, many=True).data)


class RankingList(PublicList):
    """The ranking list as its page shows it (``views.ranking_list``): by ranking points,
    best first, nationally or filtered; in an EBU database the list by rank, the most
    senior first (``views.ebu_ranking_list``)."""

    national = False

    @extend_schema(
        operation_id="rankings",
        summary="The ranking list",
        description="The ranking page's list with its filters, best first. In an EBU "
        "database, members by rank and master points (filter `rank` too). Public.",
        parameters=[*FILTERS, RANK_FILTER],
        responses={200: ListRowSerializer(many=True), 400: ERROR, 429: ERROR},
        tags=["lists"],
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @property
    def keyset(self) -> tuple[str, ...]:
        return EBU_RANK_ORDER if ebu_ledger() else PLACE_ORDER

    def rows(self):
        if ebu_ledger():
            listed = asked_list(EbuRankFilter, self.request, ranked_holdings(current_season()))
            return listed, ("rank", "master_points"), listed.values(*EBU_HELD, **HELD_AS)
        scores = RankingScore.objects.filter(points__gt=0)
        listed = asked_list(RankingFilter, self.request, scores)
        # The national list's places are stored with each row (``number_places``).
        self.national = listed is scores
        return listed, ("points",), listed.values(*RANKED, **RANKED_AS)


class MasterPointsList(PublicList):
    """The master points list as its page shows it (``views.masterpoints_list``): by
    master points, best first, filtered as the ranking."""

    national = False
    keyset = ("-master_points", "member_id")

    @extend_schema(
        operation_id="masterpoints",
        summary="The master points list",
        description="The master points page's list with its filters, best first. Public.",
        parameters=FILTERS,
        responses={200: ListRowSerializer(many=True), 400: ERROR, 429: ERROR},
        tags=["lists"],
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def rows(self):
        listed = asked_list(MasterPointsFilter, self.request, listed_holdings(current_season()))
        fields = EBU_HELD if ebu_ledger() else HELD
        return listed, ("master_points",), listed.values(*fields, **HELD_AS)
