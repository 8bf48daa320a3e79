"""Read-side queries for the pages: a member's points, class, awards and ranking.

An EBU database (the profile's rulebook "ebu") keeps another ledger: local, blue and
green points, gold points and the ranks of the Handbook's chapter 2 (seed 001, 2.4-2.6),
with no ranking points; its member page, start card and lists read that ledger
(``ebu_member_summary``, ``ebu_start_part``)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction

from django.db.models import Exists, FilteredRelation, OuterRef, Q
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from members.federation import current as current_federation
from members.models import Club, Member
from members.permissions import Viewer
from members.services import current_season
from tournaments.models import Tournament
from tournaments.reported import LedgerRow

from . import services
from .domain.core import Reason
from .domain.ebu import ledger as ebu_ledger_rules
from .domain.ebu.ranks import green_for_rank
from .domain.sbf import classes, pins, ranking
from .domain.sbf.ranking import RankingRow
from .models import (
    ForeignConversion,
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
    # Holdings brought from foreign federations (000 §8).
    conversions: tuple = ()


def ebu_ledger() -> bool:
    """Whether this database's ledger is the EBU's (the profile's rulebook): its pages
    speak of local, blue, green and gold points and of ranks, never of colours or
    master classes."""
    return current_federation().rulebook == "ebu"


# The EBU's kinds of points (seed 001, 2.4.1) as the pages name them.
EBU_KINDS = {
    "local": gettext_lazy("Local points"),
    "blue": gettext_lazy("Blue points"),
    "green": gettext_lazy("Green points"),
}


def holding_of(member: Member) -> classes.Holding:
    row = MasterPointHolding.objects.filter(member=member).first()
    if row is None:
        return classes.Holding()
    return classes.Holding(bronze=row.bronze, silver=row.silver, gold=row.gold)


def member_part(member: Member, viewer=None) -> dict:
    """The member page's part (``members.common.pages``)."""
    if ebu_ledger():
        return ebu_member_summary(member)
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
    # Whether any holding came from abroad (000 §8) is asked with the holding, so a
    # member without conversions costs no query more.
    row = (
        MasterPointHolding.objects.filter(member=member)
        .annotate(converted=Exists(ForeignConversion.objects.filter(member=OuterRef("member"))))
        .first()
    )
    holding = (
        classes.Holding(bronze=row.bronze, silver=row.silver, gold=row.gold)
        if row is not None
        else classes.Holding()
    )
    converted = row is not None and row.converted
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
        promotions=named_promotions(Promotion.objects.filter(member=member)),
        ranking=member_ranking(member),
        conversions=tuple(member.foreign_conversions.all()) if converted else (),
    )
    return {"summary": summary}


def member_awards(member: Member):
    """The member's ledger, newest first."""
    return (
        MasterPointAward.objects.filter(member=member)
        .select_related("tournament")
        .order_by("-awarded_on", "-tournament_id", "colour")
    )


def named_promotions(promotions) -> list[Promotion]:
    """The promotions with the name each page prints and their certificate's address:
    an SBF class by its code, an EBU rank (a name with stars and spaces, "** Premier
    Master") by its number of seniority, ``Promotion.rank``."""
    ebu = ebu_ledger()
    named = list(promotions)
    for promotion in named:
        if ebu:
            promotion.master_class_name = promotion.master_class
            promotion.certificate_code = str(promotion.rank)
        else:
            promotion.master_class_name = class_name(promotion.master_class)
            promotion.certificate_code = promotion.master_class
    return named


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
    ebu = ebu_ledger()
    if ebu:
        in_words(awards)
    return {"tournament": tournament, "run": run, "awards": awards, "ebu": ebu}


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
    if ebu_ledger():
        return ebu_start_part(member)
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
        clubs.append({"club": club, "promotions": named_promotions(recent)})
    return {"clubs": clubs, "days": PROMOTIONS_TO_HAND_OUT_DAYS, "ebu": ebu_ledger()}


def office_part(viewer: Viewer, user=None) -> dict | None:
    """The office's master points steps: foreign holdings converted (000 §8) and the
    clubs' pin orders (000 lines 58-66, 100-102). Both are the SBF's rules."""
    if not viewer.roles.office or ebu_ledger():
        return None
    return {"conversions": ForeignConversion.objects.count()}


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


# -- the EBU's ledger (seed 001, chapter 2) ------------------------------------------


@dataclass(frozen=True)
class EbuSummary:
    member: Member
    local: int
    blue: Decimal
    green: Decimal
    gold: Decimal
    master_points: int  # 2.6.1: local + 100 × (blue + green)
    rank_name: str  # "** Premier Master"; "" below Local Master
    next_rank: str
    blue_for_green: bool  # the next rank asks for green points, which blue may stand in for
    awards: list[MasterPointAward]
    awards_count: int
    promotions: list[Promotion]
    ebu: bool = True


def ebu_holding_of(member: Member) -> ebu_ledger_rules.EbuHolding:
    row = MasterPointHolding.objects.filter(member=member).first()
    if row is None:
        return ebu_ledger_rules.EbuHolding()
    return ebu_ledger_rules.EbuHolding(
        local=row.local, blue=row.blue, green=row.green, gold=row.gold_points
    )


def _grouped(value: Decimal | int) -> str:
    """A figure of a sentence as the reader writes it: 1,440 (English), 1 440 (Swedish)."""
    if isinstance(value, Decimal):
        value = value.normalize()
    return number_format(value, force_grouping=True)


def next_rank_words(upcoming: ebu_ledger_rules.NextRank) -> str:
    """What the next rank of 2.6.2 still needs, in one sentence: master points overall
    and green points where the rank asks for them (lines 1422-1483). A green point
    short is rounded up to the hundredth: points are credited to two decimals (2.5.1)."""
    if upcoming.rank is None:
        return _("No rank is more senior than this one.")
    words = {
        "rank": upcoming.rank.name,
        "points": _grouped(upcoming.master_points),
        "green": _grouped(upcoming.green.quantize(Decimal("0.01"), rounding=ROUND_CEILING)),
    }
    if upcoming.master_points and upcoming.green:
        return (
            _("Next rank: %(rank)s — %(points)s more master points, including %(green)s "
              "more green points.") % words
        )  # fmt: skip
    if upcoming.green:
        return _("Next rank: %(rank)s — %(green)s more green points.") % words
    return _("Next rank: %(rank)s — %(points)s more master points.") % words


def rank_progress(holding: ebu_ledger_rules.EbuHolding, upcoming) -> int:
    """How far towards the next rank, in per cent, for the start page's bar: the smaller
    of the master points held of those it asks for and the green points counted
    (2.4.1(b), blue standing in) of those it asks for. The sentence is exact; a bar
    never looks full while it still asks for points."""
    if upcoming.rank is None:
        return 100
    shares = []
    if upcoming.master_points:
        shares.append(Fraction(holding.total, holding.total + upcoming.master_points))
    if upcoming.green:
        counted = green_for_rank(blue=holding.blue, green=holding.green)
        shares.append(counted / (counted + Fraction(upcoming.green)))
    return min(99, int(min(shares) * 100)) if shares else 100


def _points_figure(value: Decimal) -> str:
    """Credited points as a sentence prints them: whole ones without decimals, others
    to the two decimals they are credited to (2.5.1, 3.4.1), thousands grouped."""
    whole = value == value.to_integral_value()
    return number_format(value, decimal_pos=0 if whole else 2, force_grouping=True)


def points_words(colour: str, credited: Decimal) -> str:
    """An award in its kind of point: "900 local points", "2.50 blue points"."""
    count = 1 if credited == 1 else 2
    words = {"points": _points_figure(credited)}
    if colour == "blue":
        return ngettext("%(points)s blue point", "%(points)s blue points", count) % words
    if colour == "green":
        return ngettext("%(points)s green point", "%(points)s green points", count) % words
    return ngettext("%(points)s local point", "%(points)s local points", count) % words


def gold_words(gold: Decimal) -> str:
    """The gold points a green award gave beside it (2.5.1): "+1.40 gold points"."""
    count = 1 if gold == 1 else 2
    words = {"gold": _points_figure(gold)}
    return ngettext("+%(gold)s gold point", "+%(gold)s gold points", count) % words


def in_words(awards: list[MasterPointAward]) -> list[MasterPointAward]:
    for award in awards:
        award.points_words = points_words(award.colour, award.credited)
        award.gold_words = gold_words(award.gold_points) if award.gold_points else ""
    return awards


def ebu_awards(member: Member) -> list[MasterPointAward]:
    return in_words(list(member_awards(member)[:AWARDS_SHOWN]))


def ebu_member_summary(member: Member) -> dict:
    """The member page's EBU part: the holding by kind of point, the overall master
    points (2.6.1), the rank and what the next one needs (2.6.2), the latest awards
    and every promotion with its date (the member's own page shows them all, whether
    or not the member is in the published lists)."""
    holding = ebu_holding_of(member)
    upcoming = ebu_ledger_rules.next_rank(holding)
    summary = EbuSummary(
        member=member,
        local=holding.local,
        blue=holding.blue,
        green=holding.green,
        gold=holding.gold,
        master_points=holding.total,
        rank_name=holding.rank.name or "",
        next_rank=next_rank_words(upcoming),
        blue_for_green=bool(upcoming.green),
        awards=ebu_awards(member),
        awards_count=MasterPointAward.objects.filter(member=member).count(),
        promotions=named_promotions(Promotion.objects.filter(member=member)),
    )
    return {"summary": summary}


def ebu_start_part(member: Member) -> dict:
    """The player's EBU figures: the holding by kind, the rank and the way to the next."""
    holding = ebu_holding_of(member)
    upcoming = ebu_ledger_rules.next_rank(holding)
    return {
        "ebu": True,
        "member": member,
        "holding": holding,
        "master_points": holding.total,
        "rank_name": holding.rank.name or "",
        "next_rank": next_rank_words(upcoming),
        "progress": rank_progress(holding, upcoming),
    }


# -- the monthly promotion lists ------------------------------------------------------


def month_promotions(first: date, following: date, *, season: int) -> list[dict]:
    """The promotions reached from ``first`` to the day before ``following`` as they are
    published: the most senior class or rank first, each member once with the club
    they represent in ``season``; members who asked not to be listed
    (``Member.in_promotion_lists``) left out. One query."""
    found = (
        Promotion.objects.filter(
            reached_on__gte=first, reached_on__lt=following, member__in_promotion_lists=True
        )
        .annotate(
            represented=FilteredRelation(
                "member__memberships",
                condition=Q(
                    member__memberships__season=season, member__memberships__represents=True
                ),
            )
        )
        .order_by("-rank", "reached_on", "member__last_name", "member__first_name", "member_id")
        .values_list(
            "reached_on", "master_class", "rank", "member__mid", "member__first_name",
            "member__last_name", "represented__club", "represented__club__name",
        )
    )  # fmt: skip
    ebu = ebu_ledger()
    names = {} if ebu else class_names()
    listed: dict[int, dict] = {}
    for reached_on, code, rank, mid, first_name, last_name, club, club_name in found:
        # A member promoted twice in the month (two ranks passed by two awards) is
        # listed once, with the most senior: the first of the order.
        listed.setdefault(
            mid,
            {
                "reached_on": reached_on,
                "title": code if ebu else names.get(code, code),
                "rank": rank,
                "mid": mid,
                "name": f"{first_name} {last_name}",
                "club": club,
                "club_name": club_name or "",
            },
        )
    return list(listed.values())


def _english() -> bool:
    return (get_language() or "sv").startswith("en")


def pin_order(promotions) -> dict:
    """The pins and charms for these promotions (``domain.sbf.pins``, 000 lines 47-65,
    98-100): each promotion with its items, the order summed by item, and the totals."""
    english = _english()
    rows = []
    codes = []
    for promotion in promotions:
        cls = CLASS_BY_CODE.get(promotion.master_class, classes.NO_CLASS)
        codes.append((cls.code, cls.name_sv, cls.name_en))
        items = pins.items_for(cls.code, cls.name_sv, cls.name_en)
        rows.append(
            {
                "promotion": promotion,
                "class_name": cls.name_en if english else cls.name_sv,
                "items": [{"name": i.name_en if english else i.name_sv, "item": i} for i in items],
            }
        )
    lines = pins.order(codes)
    return {
        "rows": rows,
        "lines": [
            {"name": line.item.name_en if english else line.item.name_sv, "line": line}
            for line in lines
        ],
        "included": pins.total(lines, optional=False),
        "optional": pins.total(lines, optional=True),
        "price_list": [
            {"name": i.name_en if english else i.name_sv, "item": i} for i in pins.PRICE_LIST
        ],
    }
