"""Read-side queries for the pages: a member's points, class, awards and ranking."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from members.models import Club, Member
from members.permissions import Viewer
from members.services import current_season
from tournaments.models import Tournament
from tournaments.reported import LedgerRow

from . import services
from .domain.core import Reason
from .domain.sbf import classes, ranking
from .domain.sbf.ranking import RankingRow
from .models import (
    MasterPointAward,
    MasterPointHolding,
    Promotion,
    RankingScore,
    TournamentAwards,
)

CLASS_BY_CODE = {c.code: c for c in (classes.NO_CLASS, *classes.CLASSES)}

# The member page shows the latest awards; all of them are a page of their own.
AWARDS_SHOWN = 10


def in_language(reason: Reason | None) -> str:
    if reason is None:
        return ""
    return reason.en if (get_language() or "sv").startswith("en") else reason.sv


def class_name(code: str) -> str:
    cls = CLASS_BY_CODE.get(code, classes.NO_CLASS)
    return cls.name_en if (get_language() or "sv").startswith("en") else cls.name_sv


def class_names() -> dict[str, str]:
    """Every class's name by its code in the language shown, made once for a list's
    rows; "none" is left out (a list prints a dash)."""
    english = (get_language() or "sv").startswith("en")
    return {
        code: cls.name_en if english else cls.name_sv
        for code, cls in CLASS_BY_CODE.items()
        if cls.rank
    }


@dataclass(frozen=True)
class Summary:
    member: Member
    bronze: Decimal
    silver: Decimal
    gold: Decimal
    master_points: Decimal
    class_name: str
    class_rank: int
    klover_stars: int
    class_reason: str
    next_class: str
    awards: list[MasterPointAward]
    awards_count: int
    promotions: list[Promotion]
    ranking: dict | None


def holding_of(member: Member) -> classes.Holding:
    row = MasterPointHolding.objects.filter(member=member).first()
    if row is None:
        return classes.Holding()
    return classes.Holding(bronze=row.bronze, silver=row.silver, gold=row.gold)


def member_part(member: Member, viewer=None) -> dict:
    """The member page's part (``members.common.pages``)."""
    return member_summary(member)


def ranking_place_part(member: Member, viewer=None) -> dict | None:
    """The member page's live fact: the place in the national ranking, which moves
    whenever anybody's points do (so it is read on every view, not cached)."""
    try:
        score = member.ranking  # fetched with the member (the part's select_related)
    except RankingScore.DoesNotExist:
        return None
    if score.points <= 0 or score.place is None:
        return None
    shared_to = score.place_to or score.place
    return {
        "score": score,
        "place": RankingRow(score.place, shared_to, "", score.points).place_label,
    }


def ranking_place(points: Decimal, among) -> int:
    """1 + how many are ranked above ``points`` (ties share a place) ``among`` a filtered
    list: a count on the list's index (the national places are stored)."""
    return among.filter(points__gt=points).count() + 1


def tournament_part(tournament: Tournament, viewer=None) -> dict:
    """The tournament page's part (``tournaments.pages``)."""
    return tournament_awards(tournament)


def member_summary(member: Member) -> dict:
    holding = holding_of(member)
    current = classes.master_class(holding)
    upcoming = classes.next_class(holding)
    summary = Summary(
        member=member,
        bronze=holding.bronze,
        silver=holding.silver,
        gold=holding.gold,
        master_points=holding.master_points.quantize(Decimal("0.01")),
        class_name=class_name(current.code),
        class_rank=current.rank,
        klover_stars=classes.klover_stars(holding),
        class_reason=in_language(classes.counted_words(current, holding)),
        next_class=in_language(upcoming.explanation),
        awards=list(member_awards(member)[:AWARDS_SHOWN]),
        awards_count=MasterPointAward.objects.filter(member=member).count(),
        promotions=[_named(p) for p in Promotion.objects.filter(member=member)],
        ranking=member_ranking(member),
    )
    return {"summary": summary}


def member_awards(member: Member):
    """The member's ledger, newest first."""
    return (
        MasterPointAward.objects.filter(member=member)
        .select_related("tournament")
        .order_by("-awarded_on", "-tournament_id", "colour")
    )


def _named(promotion: Promotion) -> Promotion:
    promotion.master_class_name = class_name(promotion.master_class)
    return promotion


def member_ranking(member: Member) -> dict | None:
    """The member's ranking points today with the tournaments that count and until when."""
    today = timezone.localdate()
    counting = ranking.counting_awards(
        services.ranking_awards([member.pk], on=today).get(member.pk, ()), today
    )
    if not counting:
        return None
    total = sum((c.points for c in counting), Decimal(0))
    count = len(counting)
    counting = sorted(counting, key=lambda c: c.award.played_on, reverse=True)[:AWARDS_SHOWN]
    names = dict(
        Tournament.objects.filter(pk__in={int(c.award.tournament) for c in counting}).values_list(
            "pk", "name"
        )
    )
    return {
        "total": total,
        "count": count,
        "counting": [
            {
                "date": c.award.played_on,
                "name": names.get(int(c.award.tournament), ""),
                "url": reverse("tournaments:detail", args=[int(c.award.tournament)]),
                "points": c.points,
                "reason": in_language(c.reason),
                "until": c.counts_until,
            }
            for c in counting
        ],
    }


def tournament_awards(tournament: Tournament) -> dict:
    run = TournamentAwards.objects.filter(tournament=tournament).first()
    awards = list(
        MasterPointAward.objects.filter(tournament=tournament)
        .select_related("member")
        .order_by("-colour", "-credited", "member__last_name")
    )
    return {"tournament": tournament, "run": run, "awards": awards}


# -- the start page (members.common.pages, START_PAGE)

# Promotions of this many days back are still to be handed out at the club (pins and
# certificates); older ones are on the club's promotions page.
PROMOTIONS_TO_HAND_OUT_DAYS = 90


def start_part(viewer: Viewer, user=None) -> dict | None:
    """The player's figures: holding by colour, class with the way to the next one in
    one sentence and a bar, and ranking places in the country, district and club."""
    member = viewer.member
    if member is None:
        return None
    holding = holding_of(member)
    current = classes.master_class(holding)
    upcoming = classes.next_class(holding)
    score = RankingScore.objects.filter(member=member, points__gt=0).first()
    places = []
    if score is not None and score.place is not None:
        ranked = RankingScore.objects.filter(points__gt=0)
        places.append(
            (
                _("in the country"),
                RankingRow(
                    score.place, score.place_to or score.place, "", score.points
                ).place_label,
            )
        )
        if score.district_id:
            places.append(
                (
                    _("in the district"),
                    ranking_place(score.points, ranked.filter(district_id=score.district_id)),
                )
            )
        if score.club_id:
            places.append(
                (
                    _("in the club"),
                    ranking_place(score.points, ranked.filter(club_id=score.club_id)),
                )
            )
    return {
        "member": member,
        "holding": holding,
        "master_points": holding.master_points.quantize(Decimal("0.01")),
        "class_name": class_name(current.code),
        "stars": classes.klover_stars(holding),
        "next_class": in_language(classes.plain_next_class(upcoming)),
        "progress": int(classes.progress(upcoming, holding) * 100),
        "score": score,
        "places": places,
    }


def promotions_part(viewer: Viewer, user=None) -> dict | None:
    """Promotions of the administered clubs' members to hand out (pins, certificates)."""
    if not viewer.roles.clubs:
        return None
    since = timezone.localdate() - timedelta(days=PROMOTIONS_TO_HAND_OUT_DAYS)
    clubs = []
    for club in Club.objects.filter(pk__in=viewer.roles.clubs).order_by("name"):
        recent = list(
            Promotion.objects.filter(
                reached_on__gte=since,
                member__memberships__club=club,
                member__memberships__season=current_season(),
                member__memberships__represents=True,
            )
            .select_related("member")
            .order_by("-reached_on", "member__last_name")[:6]
        )
        clubs.append({"club": club, "promotions": [_named(p) for p in recent]})
    return {"clubs": clubs, "days": PROMOTIONS_TO_HAND_OUT_DAYS}


def ledger_rows(tournament: Tournament) -> list[LedgerRow]:
    """The tournament's ledger rows, as the file's own awards are compared with them
    (``tournaments.reported.LEDGER_ROWS``)."""
    return [
        LedgerRow(
            member_id=row.member_id,
            credited=row.credited,
            unit=row.unit,
            table=row.table,
            reason_sv=row.reason_sv,
            reason_en=row.reason_en,
        )
        for row in MasterPointAward.objects.filter(tournament=tournament).order_by(
            "member_id", "colour"
        )
    ]
