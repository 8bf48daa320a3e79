"""Master points services: the pipeline's award and ranking steps.

``award_tournament`` reads a tournament's standings into the rulebook's
:class:`~awards.domain.core.Competition`, asks the rulebook (settings
``AWARDS_RULEBOOK``, the SBF's by default) for the awards, and replaces the
tournament's ledger rows; the holdings and promotions of every member whose rows
changed are then rebuilt from their whole ledger, so running a step twice, or
reporting an old tournament late, leaves the same rows.

Who may get points (000_18af0e66f52a62b2.txt, 2: "poäng ... till spelare som är
medlemmar i SBF eller annat förbund"): a member whose status is active, or a
foreign guest registered with us (a member of another federation). Lapsed,
suspended and temporary non-member ids are not entitled; a player known only
by a temporary id has no ledger to credit and is left out.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from datetime import date, timedelta
from decimal import Decimal

from django.conf import settings
from django.db.models import Prefetch
from django.utils import timezone
from django.utils.module_loading import import_string

from members.models import Member
from tournaments.models import Entry, EntryPlayer, TeamMatch, Tournament

from .domain.core import UNIT, Colour, Competition, Match, Placing, Player, Rulebook
from .domain.sbf import classes, ranking
from .domain.sbf.ranking import RankingAward
from .models import (
    MasterPointAward,
    MasterPointHolding,
    Promotion,
    RankingScore,
    TournamentAwards,
)

ENTITLED = (Member.Status.ACTIVE, Member.Status.FOREIGN_GUEST)


def rulebook() -> Rulebook:
    return import_string(getattr(settings, "AWARDS_RULEBOOK", "awards.domain.sbf.SBF"))


def _player(ep: EntryPlayer) -> Player:
    member = ep.member
    return Player(
        id=str(member.mid) if member else ep.temporary_id,
        entitled=member is not None and member.status in ENTITLED,
        boards_played=ep.boards_played,
        halves_played=ep.halves_played,
        reserve=ep.reserve,
    )


def competition_of(tournament: Tournament) -> Competition:
    """The facts of a tournament that the award rules read, from its saved standings."""
    entries = (
        Entry.objects.filter(section__tournament=tournament, phantom=False, standing__isnull=False)
        .select_related("section", "standing")
        .prefetch_related(
            Prefetch("players", queryset=EntryPlayer.objects.select_related("member"))
        )
        .order_by("standing__place", "section__name", "direction", "number")
    )
    placings = tuple(
        Placing(
            entry=str(e.pk),
            place=e.standing.place,
            place_to=e.standing.place_to,
            players=tuple(_player(p) for p in e.players.all()),
            score=e.standing.score,
            section=e.section.name,
            direction=e.direction,
            group=e.strength_group,
            opponents_met=e.opponents_met,
        )
        for e in entries
    )
    return Competition(
        kind=tournament.kind,
        level=Colour(tournament.level or "bronze"),
        placings=placings,
        boards=tournament.boards,
        rounds=tournament.rounds,
        all_met_all=tournament.all_met_all,
        handicap_event=tournament.handicap_event,
        matches=_matches(tournament) if tournament.kind == Tournament.Kind.TEAMS else (),
        options=(("championship_stage", tournament.championship_stage),)
        if tournament.championship_stage
        else (),
    )


def _matches(tournament: Tournament) -> tuple[Match, ...]:
    matches = TeamMatch.objects.filter(tournament=tournament).prefetch_related(
        "lineups__player__member"
    )
    result = []
    for m in matches:
        halves: dict[tuple[str, str], int] = defaultdict(int)
        for slot in m.lineups.all():
            halves[(str(slot.entry_id), slot.player.player_id)] += 1
        result.append(
            Match(
                round=m.round,
                home=str(m.home_id),
                away=str(m.away_id),
                boards=m.boards,
                vp_home=m.vp_home,
                vp_away=m.vp_away,
                imps_home=m.imps_home,
                imps_away=m.imps_away,
                penalty_home=m.penalty_home,
                penalty_away=m.penalty_away,
                walkover=m.walkover,
                halves=tuple((e, p, n) for (e, p), n in sorted(halves.items())),
            )
        )
    return tuple(result)


def award_tournament(tournament: Tournament) -> None:
    """Replace the tournament's ledger rows with what the rulebook gives (idempotent)."""
    book = rulebook()
    outcome = book.award(competition_of(tournament))
    mids = {int(a.player) for a in outcome.awards if a.player.isdigit()}
    members = dict(Member.objects.filter(mid__in=mids).values_list("mid", "pk"))
    before = set(
        MasterPointAward.objects.filter(tournament=tournament).values_list("member_id", flat=True)
    )
    MasterPointAward.objects.filter(tournament=tournament).delete()
    rows = [
        MasterPointAward(
            member_id=members[int(a.player)],
            tournament=tournament,
            colour=a.colour.value,
            exact=a.exact,
            credited=a.credited,
            table=a.reason.table,
            reason_sv=a.reason.sv,
            reason_en=a.reason.en,
            rule_version=book.version,
            awarded_on=tournament.start_date,
        )
        for a in outcome.awards
        if a.player.isdigit() and int(a.player) in members and a.credited > 0
    ]
    MasterPointAward.objects.bulk_create(rows)
    TournamentAwards.objects.update_or_create(
        tournament=tournament,
        defaults={
            "rule_version": book.version,
            "awards": len(rows),
            "reason_sv": outcome.no_award.sv if outcome.no_award else "",
            "reason_en": outcome.no_award.en if outcome.no_award else "",
        },
    )
    refresh_holdings(before | {r.member_id for r in rows})


def refresh_holdings(member_ids: Iterable[int]) -> None:
    """Rebuild holdings, classes and promotions of these members from their ledgers.

    Walking each ledger in date order gives the day every class was reached, so a
    tournament reported late moves a promotion to the right day.
    """
    ids = sorted(set(member_ids))
    if not ids:
        return
    ledger: dict[int, list[tuple[date, int, str, Decimal]]] = defaultdict(list)
    for member_id, day, tournament_id, colour, credited in (
        MasterPointAward.objects.filter(member_id__in=ids)
        .order_by("member_id", "awarded_on", "tournament_id")
        .values_list("member_id", "awarded_on", "tournament_id", "colour", "credited")
    ):
        ledger[member_id].append((day, tournament_id, colour, credited))
    holdings, promotions = [], []
    for member_id in ids:
        holding = classes.Holding()
        for day, tournament_id, colour, credited in ledger.get(member_id, ()):
            after = holding.plus(Colour(colour), credited)
            promotions.extend(
                Promotion(
                    member_id=member_id,
                    master_class=reached.code,
                    rank=reached.rank,
                    reached_on=day,
                    tournament_id=tournament_id,
                )
                for reached in classes.promotions(holding, after)
            )
            holding = after
        current = classes.master_class(holding)
        holdings.append(
            MasterPointHolding(
                member_id=member_id,
                bronze=holding.bronze,
                silver=holding.silver,
                gold=holding.gold,
                master_class=current.code,
                rank=current.rank,
            )
        )
    MasterPointHolding.objects.filter(member_id__in=ids).delete()
    MasterPointHolding.objects.bulk_create(holdings)
    Promotion.objects.filter(member_id__in=ids).delete()
    Promotion.objects.bulk_create(promotions)


def refresh_rankings_for(tournament: Tournament) -> None:
    """The pipeline's ranking step: the ranking points of everybody who played."""
    member_ids = set(
        EntryPlayer.objects.filter(
            entry__section__tournament=tournament, member__isnull=False
        ).values_list("member_id", flat=True)
    )
    refresh_rankings(member_ids, on=timezone.localdate())


def ranking_awards(member_ids: Iterable[int], *, on: date) -> dict[int, list[RankingAward]]:
    """Each member's silver and gold awards that may count on ``on`` (chapter 7).

    The ledger keeps no bonus or spring/autumn flags yet, so every award counts at
    its colour's rate; ``ranking.ranking_rule`` holds the exceptions for when it does.
    """
    # A loose lower bound on the 24-month window; ranking.counting_awards draws the edge.
    oldest = date(on.year - 2, on.month, 1) - timedelta(days=1)
    awards: dict[int, list[RankingAward]] = defaultdict(list)
    for member_id, mid, day, colour, exact, level, tournament_id in (
        MasterPointAward.objects.filter(
            member_id__in=member_ids,
            awarded_on__gte=oldest,
            colour__in=(Colour.SILVER, Colour.GOLD),
        )
        .order_by("member_id", "awarded_on")
        .values_list(
            "member_id",
            "member__mid",
            "awarded_on",
            "colour",
            "exact",
            "tournament__level",
            "tournament_id",
        )
    ):
        awards[member_id].append(
            RankingAward(
                player=str(mid),
                played_on=day,
                colour=Colour(colour),
                exact=exact,
                event_level=Colour(level or "bronze"),
                tournament=str(tournament_id),
            )
        )
    return awards


def refresh_rankings(member_ids: Iterable[int], *, on: date) -> None:
    """Replace these members' ranking points as of ``on`` (results drop out after 24 months)."""
    ids = sorted(set(member_ids))
    awards = ranking_awards(ids, on=on)
    scores = [
        RankingScore(member_id=m, points=total, computed_on=on)
        for m in ids
        if (total := ranking.ranking_total(awards.get(m, ()), on)) > 0
    ]
    RankingScore.objects.filter(member_id__in=ids).delete()
    RankingScore.objects.bulk_create(scores, batch_size=2000)


def scale_rows(
    table: str,
    *,
    entries: int,
    boards: int | None = None,
    met: int | None = None,
    level: str | None = None,
    variant: str | None = None,
) -> list[dict]:
    """The calculator's rows: place, points as credited in the colour's unit, colour, reason.

    Raises ``UnknownScale`` (its message lists the tables) or ``OutOfRange``.
    """
    options = {"variant": variant} if variant else {}
    places = rulebook().scale(
        table,
        entries=entries,
        boards=boards,
        met=met,
        level=Colour(level) if level else None,
        **options,
    )
    return [
        {
            "place": p.place,
            "points": _plain(p.credited),
            "colour": p.colour.value,
            "unit": UNIT[p.colour],
            "reason": p.reason.en,
            "reason_sv": p.reason.sv,
        }
        for p in places
    ]


def _plain(value: Decimal) -> int | float:
    """46 for 46.00, 1.5 for 1.50: JSON numbers as a club would write them."""
    return int(value) if value == value.to_integral_value() else float(value)
