"""Master points services: the pipeline's award and ranking steps.

Who may get points is read from ``000_18af0e66f52a62b2.txt``, 2 ("poäng ... till
spelare som är medlemmar i SBF eller annat förbund"). The award step and who is
entitled: docs/awards.md, "In the portal: ledger, facts, recompute".
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import replace
from datetime import date, timedelta
from decimal import Decimal

from django.core.cache import cache
from django.db import connection, transaction
from django.db.models import Count, Q
from django.utils import timezone

from members.common.bulk import fetch_rows, json_value, replace_rows
from members.common.locks import lock_all_members, lock_members, lock_ranking
from members.common.pages import MASTERPOINTS_LIST, RANKING_LIST, lists_changed
from members.domain.age import age_category
from members.federation import current
from members.models import Member, Membership
from members.services import current_season, member_pages_changed
from tournaments.domain.standings import close_up
from tournaments.licences.selectors import covering, granted_between
from tournaments.models import Entry, EntryPlayer, TeamMatch, Tournament

from .domain.core import (
    UNIT,
    AwardOutcome,
    Colour,
    Competition,
    LedgerRow,
    Match,
    OutOfRange,
    Placing,
    Player,
    Reason,
    Rulebook,
    UnknownScale,
)
from .domain.ebu.ledger import GOLD_LIFE_YEARS, gold_held
from .domain.ebu.licensed import AwardedStatus, LicenceSeen, awarded_status
from .domain.sbf import conversion, ranking, sessions
from .domain.sbf.gold import field_handicap
from .domain.sbf.ranking import RankingAward
from .field import FIELD_HANDICAP
from .models import (
    ForeignConversion,
    MasterPointAward,
    MasterPointHolding,
    Promotion,
    RankingScore,
    TournamentAwards,
)
from .rulebooks import rulebook

ENTITLED = (Member.Status.ACTIVE, Member.Status.FOREIGN_GUEST)


# What the award rules read of a tournament, as plain rows: the same builder serves
# the pipeline's one tournament and a season's recompute of thousands.
TOURNAMENT_FIELDS = (
    "pk",
    "start_date",
    "kind",
    "level",
    "boards",
    "rounds",
    "all_met_all",
    "handicap_event",
    "award_table",
    "award_options",
    "organiser_club_id",
    "one_winner",
    "scoring",
)
PLACING_FIELDS = (
    "section__tournament_id",
    "pk",
    "standing__place",
    "standing__place_to",
    "standing__score",
    "section__name",
    "direction",
    "strength_group",
    "opponents_met",
    "standing__handicap_place",
    "standing__handicap_place_to",
    "struck",
)
PLAYER_FIELDS = (
    "entry_id",
    "member_id",
    "member__mid",
    "member__status",
    "temporary_id",
    "boards_played",
    "halves_played",
    "reserve",
)


def placing_rows(tournament_ids: Iterable[int]):
    """``PLACING_FIELDS`` in standings order; phantoms and entries without a standing
    take no place."""
    return (
        Entry.objects.filter(
            section__tournament_id__in=tournament_ids, phantom=False, standing__isnull=False
        )
        .order_by(
            "section__tournament_id", "standing__place", "section__name", "direction", "number"
        )
        .values_list(*PLACING_FIELDS)
    )


def player_rows(tournament_ids: Iterable[int]):
    return (
        EntryPlayer.objects.filter(entry__section__tournament_id__in=tournament_ids)
        .order_by("entry_id", "pk")
        .values_list(*PLAYER_FIELDS)
    )


def player_of(row: tuple) -> Player:
    _entry, member_id, mid, status, temporary_id, boards, halves, reserve = row
    return Player(
        id=str(mid) if member_id else temporary_id,
        entitled=member_id is not None and status in ENTITLED,
        boards_played=boards,
        halves_played=halves,
        reserve=reserve,
    )


def field_handicaps(tournament_ids: Iterable[int]) -> dict[int, Decimal | None]:
    """Each tournament's field average handicap over its players (SBF raised gold,
    000 lines 373-379): from the national handicaps before the day where the handicap
    app's reader knows it (``awards.field``), else from the handicaps the report
    carries per entry (``field_handicap``). Phantoms are no part of the field; a
    struck entry played and is. Reserves do not count: an entry's handicap is that of
    the players who play."""
    ids = list(tournament_ids)
    known = {pk: value for pk, value in FIELD_HANDICAP(ids).items() if value is not None}
    rows: dict[int, list[tuple[Decimal | None, int]]] = defaultdict(list)
    entries = (
        Entry.objects.filter(section__tournament_id__in=[pk for pk in ids if pk not in known])
        .filter(phantom=False)
        .annotate(playing=Count("players", filter=Q(players__reserve=False)))
        .values_list("section__tournament_id", "handicap", "playing")
    )
    for tournament_id, handicap, playing in entries:
        rows[tournament_id].append((handicap, playing))
    reported = {pk: field_handicap(field) for pk, field in rows.items()}
    return {**reported, **known}


def build_competition(
    tournament: dict, placings: Iterable[tuple], players: dict[int, list[Player]], matches=()
) -> Competition:
    """A tournament's :class:`Competition` from its rows (``TOURNAMENT_FIELDS``,
    ``PLACING_FIELDS`` in standings order, players by entry; ``field_handicap`` from
    :func:`field_handicaps` when read). An entry struck from the results
    (``Entry.struck``) takes no place and no points: :func:`struck_out`."""
    options = json_value(tournament["award_options"]) or {}
    if tournament.get("scoring") == "bam":
        # board points, not VP: a won match is simply more board points (teams.py)
        options.setdefault("board_a_match", True)
    placings = list(placings)
    return Competition(
        kind=tournament["kind"],
        level=Colour(tournament["level"] or "bronze"),
        placings=struck_out(
            tuple(
                Placing(
                    entry=str(entry),
                    place=place,
                    place_to=place_to,
                    players=tuple(players.get(entry, ())),
                    score=score,
                    section=section,
                    direction=direction,
                    group=group,
                    opponents_met=met,
                    handicap_place=handicap_place,
                    handicap_place_to=handicap_place_to,
                )
                for (
                    _t,
                    entry,
                    place,
                    place_to,
                    score,
                    section,
                    direction,
                    group,
                    met,
                    handicap_place,
                    handicap_place_to,
                    _struck,
                ) in placings
            ),
            struck={str(row[1]) for row in placings if row[-1]},
            one_field=bool(tournament["one_winner"]),
        ),
        boards=tournament["boards"],
        rounds=tournament["rounds"],
        all_met_all=tournament["all_met_all"],
        handicap_event=tournament["handicap_event"],
        table=tournament["award_table"] or None,
        matches=tuple(matches),
        options=tuple(sorted(options.items())),
        field_handicap=tournament.get("field_handicap"),
    )


def struck_out(
    placings: tuple[Placing, ...], *, struck: set[str], one_field: bool
) -> tuple[Placing, ...]:
    """The placings with the ``struck`` entries taken off the results list (seed 003
    lines 193-195: the pair "played utom tävlan", its boards stand, no master points):
    the others' places close up within the field they were ranked in (each section and
    direction, or the whole event when it has one winner; the handicap list is always
    the whole event), and each struck entry keeps a place of its own below them with
    no players, so the scale still counts it in the field it played in
    (docs/district-championships.md, "Struck pairs in the pipeline")."""
    if not struck:
        return placings
    fields: dict[tuple[str, str], list[Placing]] = defaultdict(list)
    for placing in placings:
        fields[("", "") if one_field else (placing.section, placing.direction)].append(placing)
    places: dict[str, tuple[int, int]] = {}
    for field in fields.values():
        places.update(close_up((p.entry, p.place, p.place_to, p.entry in struck) for p in field))
    listed = [p for p in placings if p.handicap_place is not None]
    handicap = close_up(
        (p.entry, p.handicap_place or 0, p.handicap_place_to or 0, p.entry in struck)
        for p in listed
    )
    closed = [
        replace(
            p,
            place=places[p.entry][0],
            place_to=places[p.entry][1],
            players=() if p.entry in struck else p.players,
            handicap_place=handicap[p.entry][0] if p.entry in handicap else None,
            handicap_place_to=handicap[p.entry][1] if p.entry in handicap else None,
        )
        for p in placings
    ]
    return tuple(sorted(closed, key=lambda p: p.place))


def read_competition(tournament: Tournament) -> tuple[Competition, dict[str, int]]:
    """The facts of a tournament that the award rules read, from its saved standings,
    and the key of each member who played by MID (as text)."""
    facts = {name: getattr(tournament, name) for name in TOURNAMENT_FIELDS}
    if tournament.level == Tournament.Level.GOLD:  # only gold reads it (raised gold)
        facts["field_handicap"] = field_handicaps([tournament.pk]).get(tournament.pk)
    players: dict[int, list[Player]] = defaultdict(list)
    members: dict[str, int] = {}
    for row in player_rows([tournament.pk]):
        players[row[0]].append(player_of(row))
        if row[1] is not None:
            members[str(row[2])] = row[1]
    # Team events only, as the season's recompute reads them (season.award_chunk).
    teams = tournament.kind == Tournament.Kind.TEAMS
    matches = team_matches([tournament.pk]).get(tournament.pk, ()) if teams else ()
    competition = build_competition(facts, placing_rows([tournament.pk]), players, matches)
    return competition, members


def team_matches(tournament_ids: Iterable[int]) -> dict[int, tuple[Match, ...]]:
    """The team matches of these tournaments, each with who played which halves."""
    matches = (
        TeamMatch.objects.filter(tournament_id__in=list(tournament_ids))
        .order_by("tournament_id", "round", "pk")
        .prefetch_related("lineups__player__member")
    )
    result: dict[int, list[Match]] = defaultdict(list)
    for m in matches:
        halves: dict[tuple[str, str], int] = defaultdict(int)
        for slot in m.lineups.all():
            halves[(str(slot.entry_id), slot.player.player_id)] += 1
        result[m.tournament_id].append(
            Match(
                round=m.round,
                home=str(m.home_id),
                away=str(m.away_id),
                boards=m.boards,
                # A saved match holds the VP after its penalties (what the standings
                # add up); the team tables read them before, with the penalty beside.
                vp_home=_before_penalty(m.vp_home, m.penalty_home),
                vp_away=_before_penalty(m.vp_away, m.penalty_away),
                imps_home=m.imps_home,
                imps_away=m.imps_away,
                penalty_home=m.penalty_home,
                penalty_away=m.penalty_away,
                walkover=m.walkover,
                halves=tuple((e, p, n) for (e, p), n in sorted(halves.items())),
            )
        )
    return {t: tuple(found) for t, found in result.items()}


def _before_penalty(vp: Decimal | None, penalty: Decimal) -> Decimal | None:
    return None if vp is None else vp + penalty


LEDGER_KEY = ("member_id", "tournament_id", "colour")
LEDGER_FIELDS = (
    "member_id",
    "tournament_id",
    "colour",
    "exact",
    "credited",
    "bonus",
    "gold_points",
    "table",
    "reason_sv",
    "reason_en",
    "rule_version",
    "awarded_on",
)


def ledger_rows(
    outcome: AwardOutcome, *, tournament_id: int, day: date, version: str, members: dict[str, int]
) -> list[tuple]:
    """The ledger rows (``LEDGER_FIELDS``) of an outcome; ``members`` maps the player
    id (MID as text) of every entitled member to their key. Guests and zero awards
    write no row."""
    return [
        (
            members[a.player],
            tournament_id,
            a.colour.value,
            a.exact,
            a.credited,
            a.bonus,
            a.gold,
            a.reason.table,
            a.reason.sv,
            a.reason.en,
            version,
            day,
        )
        for a in outcome.awards
        if a.credited > 0 and a.player in members
    ]


def award_tournament(tournament: Tournament) -> None:
    """Replace the tournament's ledger rows with what the rulebook gives (idempotent).
    Its players, and whoever had points from an earlier version of the report, are
    locked first: their holdings are read and rewritten (``members.common.locks``)."""
    lock_members(
        set(
            EntryPlayer.objects.filter(
                entry__section__tournament=tournament, member__isnull=False
            ).values_list("member_id", flat=True)
        )
        | set(
            MasterPointAward.objects.filter(tournament=tournament).values_list(
                "member_id", flat=True
            )
        )
    )
    book = rulebook()
    competition, members = read_competition(tournament)
    club, day = tournament.organiser_club_id, tournament.start_date
    licences = licences_of([{"organiser_club_id": club, "start_date": day}])
    competition, status = licensed(competition, licence_seen(licences, club, day))
    merges = session_merges()
    first = sessions.merged_with(competition)
    if first is not None and tournament.pk not in merges:
        lock_members(
            set(
                EntryPlayer.objects.filter(
                    entry__section__tournament_id=first, member__isnull=False
                ).values_list("member_id", flat=True)
            )
        )
    facts = {"pk": tournament.pk, "organiser_club_id": club, "start_date": day}
    outcome = session_outcome(book, facts, competition, status, members, merges)
    rows = ledger_rows(
        outcome,
        tournament_id=tournament.pk,
        day=tournament.start_date,
        version=book.version,
        members=members,
    )
    ledger = replace_rows(
        MasterPointAward.objects.filter(tournament=tournament),
        MasterPointAward,
        LEDGER_FIELDS,
        LEDGER_KEY,
        rows,
    )
    no_award = outcome.no_award
    replace_rows(
        TournamentAwards.objects.filter(tournament=tournament),
        TournamentAwards,
        RUN_FIELDS,
        ("tournament_id",),
        [award_run(book, tournament.pk, len(rows), no_award, status)],
    )
    touched = {member_id for member_id, _t, _c in ledger.touched}
    refresh_holdings(touched)
    # Players the report no longer names lost these points: their ranking follows now
    # (the ranking step reads the players the report names).
    players = set(members.values())
    refresh_rankings(touched - players, on=timezone.localdate())
    if first is not None and tournament.pk not in merges:
        # The earlier session's own points, if it had any, give way to the merged ones.
        earlier = Tournament.objects.filter(pk=first).first()
        if earlier is not None:
            award_tournament(earlier)


def session_merges() -> dict[int, tuple[int, str]]:
    """Every merge of two sessions (000 lines 684-686): the earlier session's tournament
    -> (the later one, its name), read from the later ones' ``merged_with``."""
    merges = {}
    for pk, name, options in Tournament.objects.filter(
        award_options__has_key="merged_with"
    ).values_list("pk", "name", "award_options"):
        first = (json_value(options) or {}).get("merged_with")
        if isinstance(first, int) and not isinstance(first, bool) and first != pk:
            merges[first] = (pk, name)
    return merges


def session_outcome(
    book: Rulebook,
    facts: dict,
    competition: Competition,
    status: AwardedStatus | None,
    members: dict[str, int],
    merges: dict[int, tuple[int, str]],
) -> AwardOutcome:
    """The awards of a tournament (``facts``: its ``pk``, ``organiser_club_id`` and
    ``start_date``), with two sessions merged into one competition where the later one
    says so (``awards.domain.sbf.sessions``): the earlier gets nothing, the later the
    two together, and ``members`` gains the earlier session's players."""
    later = merges.get(facts["pk"])
    if later is not None:
        return AwardOutcome(no_award=sessions.counted_with(later[1]))
    first_id = sessions.merged_with(competition)
    if first_id is None:
        return award(book, competition, status)
    first = Tournament.objects.filter(pk=first_id).first()
    if (
        first is None
        or first.organiser_club_id != facts["organiser_club_id"]
        or first.start_date > facts["start_date"]
    ):
        return AwardOutcome(
            no_award=Reason(
                "A1",
                f"Tävling {first_id} är inte en tidigare omgång hos samma arrangör (000 rad 684-686)",
                f"Tournament {first_id} is not an earlier session of the same organiser"
                " (000 lines 684-686)",
            )
        )
    first_competition, first_members = read_competition(first)
    try:
        merged = sessions.merge(first_competition, competition)
    except OutOfRange as refusal:
        return AwardOutcome(no_award=refusal.reason)
    members.update(first_members)
    return sessions.noted(award(book, merged, status), first.name)


def forget_tournament(tournament: Tournament) -> None:
    """A report withdrawn, before the tournament goes: its ledger rows go, and its
    players' holdings, promotions and ranking follow their ledgers."""
    members = set(
        MasterPointAward.objects.filter(tournament=tournament).values_list("member_id", flat=True)
    )
    lock_members(members)
    MasterPointAward.objects.filter(tournament=tournament).delete()
    TournamentAwards.objects.filter(tournament=tournament).delete()
    refresh_holdings(members)
    refresh_rankings(members, on=timezone.localdate())


def award_refusal(tournament: Tournament) -> tuple[str, str] | None:
    """Why the rulebook cannot award this team event as it stands, (Swedish, English);
    None when it can. Manual entry asks it before a match is saved
    (``tournaments.manual.awarding``; docs/manual-entry.md): a refusal (an unknown
    table, a field the table does not cover, a fact the rules need) refuses the match.

    The question is whether the rules cover the event, not what its players earn so
    far, so it is asked of the event as it stands read three ways: every player
    entitled (entitlement is the member's, not the event's), no VP penalties (they
    change what a match earns), and a barometer's boards in all as once every team
    has met every other (its minimum is the finished event's). Until a match has been
    played (only W.O.s) there is nothing to award and nothing to refuse.

    An EBU event is refused only for facts its rulebook cannot read: a field too small
    for the scales is awarded nothing, with its reason, as any EBU event may be (3.1.1),
    and the status comes from a licence the match does not know of (chapter 1)."""
    if current().runs_licences:
        problems = rulebook().check_options(tournament.award_options or {})
        if problems:
            return (
                "tävlingens uppgifter för mästarpoäng passar inte EBU:s regler: "
                + "; ".join(problems),
                "the event's award facts do not fit the EBU rules: " + "; ".join(problems),
            )
        return None
    competition, _members = read_competition(tournament)
    played = [m for m in competition.matches if not m.walkover]
    if not played:
        return None
    boards = competition.boards
    if competition.all_met_all:
        boards = max(boards, (len(competition.placings) - 1) * max(m.boards for m in played))
    competition = replace(
        competition,
        placings=tuple(
            replace(p, players=tuple(replace(x, entitled=True) for x in p.players))
            for p in competition.placings
        ),
        matches=tuple(
            replace(m, penalty_home=Decimal(0), penalty_away=Decimal(0))
            for m in competition.matches
        ),
        boards=boards,
    )
    try:
        outcome = rulebook().award(competition)
    except OutOfRange as refusal:
        return refusal.reason.sv, refusal.reason.en
    except UnknownScale:
        return (
            "tävlingen anger ingen tabell för mästarpoäng som reglerna känner",
            "the event names no award table the rules know",
        )
    except ValueError:
        return (
            "reglerna behöver en uppgift om tävlingen som inmatningen inte ger",
            "the rules need a fact about the event that the entry does not give",
        )
    if outcome.no_award is not None:
        return outcome.no_award.sv, outcome.no_award.en
    return None


RUN_FIELDS = (
    "tournament_id",
    "rule_version",
    "awards",
    "reason_sv",
    "reason_en",
    "warning_sv",
    "warning_en",
    "status",
    "licence",
)


def award_run(
    book: Rulebook,
    tournament_id: int,
    awards: int,
    no_award: Reason | None,
    status: AwardedStatus | None = None,
) -> tuple:
    """The ``TournamentAwards`` row (``RUN_FIELDS``): how many awards, or why none, and
    for an EBU event the status it was awarded at, its licence and any warning."""
    warning = status.warning if status else None
    return (
        tournament_id,
        book.version,
        awards,
        no_award.sv if no_award else "",
        no_award.en if no_award else "",
        warning.sv if warning else "",
        warning.en if warning else "",
        status.status if status else "",
        status.licence if status else "",
    )


# --- the licence behind an EBU event's status (seed 001 chapter 1) ---------------------


def licences_of(facts: Iterable[dict]) -> dict[int, list]:
    """The granted licences of the organisers of these tournaments (``TOURNAMENT_FIELDS``)
    that meet their dates, by organiser club: one query for a season. Empty for a
    federation that runs sanctions."""
    facts = [f for f in facts if f["organiser_club_id"] is not None]
    if not current().runs_licences or not facts:
        return {}
    days = [f["start_date"] for f in facts]
    return granted_between({f["organiser_club_id"] for f in facts}, min(days), max(days))


def licence_seen(licences: dict[int, list], club_id: int | None, day: date) -> LicenceSeen | None:
    """The granted licence (of ``licences_of``) whose dates hold the event's day."""
    licence = covering(licences.get(club_id, ()), day) if club_id is not None else None
    if licence is None:
        return None
    return LicenceSeen(
        number=licence.number, status=licence.status, blue_points=licence.blue_points
    )


def licensed(
    competition: Competition, licence: LicenceSeen | None
) -> tuple[Competition, AwardedStatus | None]:
    """An EBU event's facts with the status and colour of its licence
    (``awards.domain.ebu.licensed``); a federation of sanctions's unchanged."""
    if not current().runs_licences:
        return competition, None
    status = awarded_status(dict(competition.options), licence)
    return replace(competition, options=tuple(sorted(status.options.items()))), status


def award(book: Rulebook, competition: Competition, status: AwardedStatus | None) -> AwardOutcome:
    """The rulebook's awards, unless the licence check refused the event."""
    if status is not None and status.refusal is not None:
        return AwardOutcome(no_award=status.refusal)
    return book.award(competition)


@transaction.atomic
def refresh_holdings(member_ids: Iterable[int] | None) -> None:
    """Rebuild holdings, classes and promotions of these members (``None``: everybody)
    from their ledgers, with the members locked.

    Walking each ledger in date order gives the day every class was reached, so a
    tournament reported late moves a promotion to the right day.
    """
    if member_ids is None:
        lock_all_members()
    else:
        member_ids = set(member_ids)
        lock_members(member_ids)
    awards = MasterPointAward.objects.order_by("member_id", "awarded_on", "tournament_id")
    holdings_rows = MasterPointHolding.objects.all()
    promotion_rows = Promotion.objects.all()
    if member_ids is not None:
        ids = sorted(set(member_ids))
        if not ids:
            return
        awards = awards.filter(member_id__in=ids)
        holdings_rows = holdings_rows.filter(member_id__in=ids)
        promotion_rows = promotion_rows.filter(member_id__in=ids)
    ledger: dict[int, list[LedgerRow]] = defaultdict(list)
    colours = {c.value: c for c in Colour}
    for member_id, day, tournament_id, colour, credited, gold in fetch_rows(
        awards.values_list(
            "member_id", "awarded_on", "tournament_id", "colour", "credited", "gold_points"
        )
    ):
        ledger[member_id].append(((day, tournament_id), colours[colour], credited, gold))
    # Holdings brought from foreign federations (000 §8) are ledger rows of their own.
    conversions = ForeignConversion.objects.all()
    if member_ids is not None:
        conversions = conversions.filter(member_id__in=ids)
    for found in conversions:
        ledger[found.member_id].extend(conversion.ledger_rows(conversion_of(found)))
        ledger[found.member_id].sort(key=lambda row: row[0])  # type: ignore[arg-type,return-value]
    book = rulebook()
    holdings, promotions = [], []
    columns = tuple(name for name, _value in book.walk(()).columns)
    today = timezone.localdate()
    # A member with no points has no holding row, whoever asks (the season's recompute
    # writes none): one who lost their last points loses the row.
    for member_id in sorted(ledger):
        walked = book.walk(ledger[member_id], today)
        promotions.extend(
            # A class a conversion reached names no tournament.
            (member_id, title, rank, key[0], key[1] or None)  # type: ignore[index]
            for key, title, rank in walked.reached
        )
        holdings.append(
            (
                member_id,
                *(value for _name, value in walked.columns),
                walked.title,
                walked.rank,
                walked.master_points,
            )
        )
    fields = ("member_id", *columns, "master_class", "rank", "master_points")
    replace_rows(holdings_rows, MasterPointHolding, fields, ("member_id",), holdings)
    replace_rows(
        promotion_rows, Promotion, PROMOTION_FIELDS, ("member_id", "master_class"), promotions
    )
    member_pages_changed(member_ids)
    # The master points list shows the holdings; the ranking list each member's class.
    lists_changed(MASTERPOINTS_LIST, RANKING_LIST)


def conversion_of(found: ForeignConversion) -> conversion.Conversion:
    return conversion.Conversion(
        federation=found.federation,
        day=found.converted_on,
        bronze=found.bronze,
        silver=found.silver,
        gold=found.gold,
        extract=found.extract,
    )


class ConversionRefused(ValueError):
    """Why a conversion cannot be credited: (Swedish, English) messages."""

    def __init__(self, reasons: list[Reason]):
        super().__init__("; ".join(r.en for r in reasons))
        self.reasons = reasons


@transaction.atomic
def convert_foreign_holding(
    member: Member,
    *,
    federation: str,
    foreign_holding: str,
    extract: str,
    bronze: Decimal,
    silver: Decimal,
    gold: Decimal,
    moved_permanently: bool,
    note: str = "",
    day: date | None = None,
    user=None,
) -> ForeignConversion:
    """Credit a holding converted from a foreign federation (000 §8, lines 589-599) and
    rebuild the member's holding and class. The same federation twice is refused: the
    whole holding is converted once."""
    lock_members({member.pk})
    federation = federation.strip()
    decision = conversion.Conversion(
        federation=federation,
        day=day or timezone.localdate(),
        bronze=bronze,
        silver=silver,
        gold=gold,
        moved_permanently=moved_permanently,
        extract=extract,
    )
    reasons = conversion.problems(decision)
    if ForeignConversion.objects.filter(member=member, federation__iexact=federation).exists():
        reasons.append(
            Reason(
                "§8",
                f"Innehavet från {federation} är redan konverterat",
                f"The holding from {federation} has already been converted",
            )
        )
    if reasons:
        raise ConversionRefused(reasons)
    found = ForeignConversion.objects.create(
        member=member,
        federation=federation,
        foreign_holding=foreign_holding.strip(),
        extract=extract.strip(),
        bronze=bronze,
        silver=silver,
        gold=gold,
        note=note,
        converted_on=decision.day,
        recorded_by=user if getattr(user, "is_authenticated", False) else None,
    )
    refresh_holdings({member.pk})
    return found


PROMOTION_FIELDS = ("member_id", "master_class", "rank", "reached_on", "tournament_id")


def refresh_rankings_for(tournament: Tournament) -> None:
    """The pipeline's ranking step: the ranking points of everybody who played."""
    member_ids = set(
        EntryPlayer.objects.filter(
            entry__section__tournament=tournament, member__isnull=False
        ).values_list("member_id", flat=True)
    )
    refresh_rankings(member_ids, on=timezone.localdate())


def ranking_awards(member_ids: Iterable[int] | None, *, on: date) -> dict[int, list[RankingAward]]:
    """Each member's silver and gold awards that may count on ``on`` (chapter 7);
    ``None``: everybody's.

    The bonus part of an award is a row of its own that gives nothing; the event's
    table and facts say whether it is the SM pairs final, Allsvenskan division 3 or
    a spring/autumn silver event (``ranking.event_flags``).
    """
    # A loose lower bound on the 24-month window; ranking.counting_awards draws the edge.
    oldest = date(on.year - 2, on.month, 1) - timedelta(days=1)
    rows = MasterPointAward.objects.filter(
        awarded_on__gte=oldest, colour__in=(Colour.SILVER, Colour.GOLD)
    )
    if member_ids is not None:
        rows = rows.filter(member_id__in=list(member_ids))
    awards: dict[int, list[RankingAward]] = defaultdict(list)
    for (
        member_id,
        mid,
        day,
        colour,
        exact,
        bonus,
        table,
        level,
        options,
        tournament_id,
    ) in fetch_rows(
        rows.order_by("member_id", "awarded_on").values_list(
            "member_id",
            "member__mid",
            "awarded_on",
            "colour",
            "exact",
            "bonus",
            "table",
            "tournament__level",
            "tournament__award_options",
            "tournament_id",
        )
    ):
        common = {
            "player": str(mid),
            "played_on": day,
            "colour": Colour(colour),
            "event_level": Colour(level or "bronze"),
            "tournament": str(tournament_id),
            **ranking.event_flags(table, json_value(options) or {}),
        }
        if exact > bonus:
            awards[member_id].append(RankingAward(exact=exact - bonus, **common))
        if bonus > 0:
            awards[member_id].append(RankingAward(exact=bonus, bonus=True, **common))
    return awards


@transaction.atomic
def refresh_rankings(member_ids: Iterable[int] | None, *, on: date) -> None:
    """Replace these members' (``None``: everybody's) ranking points as of ``on``
    (results drop out after 24 months), with the members locked."""
    if member_ids is None:
        lock_all_members()
    else:
        member_ids = set(member_ids)
        if not member_ids:
            return
        lock_members(member_ids)
    awards = ranking_awards(member_ids, on=on)
    ids = sorted(set(member_ids)) if member_ids is not None else sorted(awards)
    totals = {m: total for m in ids if (total := ranking.ranking_total(awards.get(m, ()), on)) > 0}
    facts = ranking_facts(totals if member_ids is not None else None)
    scores = [
        RankingScore(member_id=m, points=total, computed_on=on, **facts.get(m, {}))
        for m, total in totals.items()
    ]
    old = RankingScore.objects.all()
    if member_ids is not None:
        old = old.filter(member_id__in=ids)
    lock_ranking()
    old.delete()
    RankingScore.objects.bulk_create(scores, batch_size=5000)
    number_places()
    member_pages_changed(member_ids)


def ranking_facts(member_ids: Iterable[int] | None) -> dict[int, dict]:
    """What the ranking list's filters read of each member (``None``: everybody): the
    club they represent this season and its district, gender and age category."""
    season = current_season()
    members = (
        Member.objects.all()
        if member_ids is None
        else Member.objects.filter(pk__in=list(member_ids))
    )
    facts = {
        pk: {
            "gender": gender,
            "junior": (category := age_category(born, season)).junior,
            "veteran": category.veteran,
        }
        for pk, gender, born in members.values_list("pk", "gender", "birth_date")
    }
    for member_id, club_id, district_id in Membership.objects.filter(
        member__in=members, season=season, represents=True
    ).values_list("member_id", "club_id", "club__district_id"):
        facts[member_id].update(club_id=club_id, district_id=district_id)
    return facts


def refresh_devalued_gold(on: date) -> set[int]:
    """EBU gold points lose a fifth of their value on each anniversary (seed 001 2.5.1,
    ``ledger.gold_held``): the holdings whose gold points are no longer what is held on
    ``on`` are rebuilt. Once a day (the sweep asks every minute); gold awards are few
    (a green award of 5 or more). Returns the members rebuilt."""
    if not current().runs_licences:
        return set()
    if not cache.add(f"klover:gold-devalued:{on.isoformat()}", True, timeout=2 * 86400):
        return set()
    window = date(on.year - GOLD_LIFE_YEARS, 1, 1)
    dated: dict[int, list[tuple[date, Decimal]]] = defaultdict(list)
    for member_id, day, gold in MasterPointAward.objects.filter(
        gold_points__gt=0, awarded_on__gte=window
    ).values_list("member_id", "awarded_on", "gold_points"):
        dated[member_id].append((day, gold))
    shown = dict(
        MasterPointHolding.objects.filter(
            Q(gold_points__gt=0) | Q(member_id__in=list(dated))
        ).values_list("member_id", "gold_points")
    )
    stale = {m for m, gold in shown.items() if gold != gold_held(dated.get(m, ()), on)}
    if stale:
        refresh_holdings(stale)
    return stale


def refresh_stale_rankings(on: date) -> bool:
    """The whole ranking again, once a day (the sweep asks every minute): results drop
    out after 24 months, and memberships change without a result. True when it ran."""
    if not RankingScore.objects.filter(computed_on__lt=on).exists():
        return False
    refresh_rankings(None, on=on)
    return True


@transaction.atomic
def store_ranking_facts(member_ids: Iterable[int] | None = None) -> None:
    """Store again what the list's filters read, for these members' ranking rows
    (``None``: every row), and number the places: after memberships or members
    change without a result (a new season's memberships, an imported register)."""
    lock_ranking()
    rows = RankingScore.objects.all()
    if member_ids is not None:
        rows = rows.filter(member_id__in=list(member_ids))
    found = list(rows)
    facts = ranking_facts(None if member_ids is None else [row.member_id for row in found])
    empty = {"club_id": None, "district_id": None, "gender": "", "junior": False, "veteran": False}
    for row in found:
        for name, value in {**empty, **facts.get(row.member_id, {})}.items():
            setattr(row, name, value)
    RankingScore.objects.bulk_update(found, list(empty), batch_size=2000)
    number_places()


def number_places() -> None:
    """Each ranked member's place in the national list (equal totals share it: from
    ``place`` to ``place_to``) and position (ties by member): one statement, writing
    only the rows that moved."""
    table = connection.ops.quote_name(RankingScore._meta.db_table)
    moved = " OR ".join(
        f"{table}.{name} IS NULL OR {table}.{name} <> numbered.{name}"
        for name in ("place", "place_to", "position")
    )
    statement = (
        f"UPDATE {table} SET place = numbered.place, place_to = numbered.place_to, "
        f"position = numbered.position FROM ("
        f"SELECT member_id, RANK() OVER (ORDER BY points DESC) AS place, "
        f"RANK() OVER (ORDER BY points DESC) + COUNT(*) OVER (PARTITION BY points) - 1 "
        f"AS place_to, ROW_NUMBER() OVER (ORDER BY points DESC, member_id) AS position "
        f"FROM {table}) AS numbered WHERE {table}.member_id = numbered.member_id AND ({moved})"
    )
    with connection.cursor() as cursor:
        cursor.execute(statement)
    lists_changed(RANKING_LIST)


def scale_rows(
    table: str,
    *,
    entries: int,
    boards: int | None = None,
    met: int | None = None,
    level: str | None = None,
    variant: str | None = None,
    dm_final: str | None = None,
) -> list[dict]:
    """The calculator's rows: place, points as credited in the colour's unit, colour, reason;
    with ``dm_final`` the district championship final's bonus added, as the award step
    adds it (awards/domain/sbf/dm_bonus.py).

    Raises ``UnknownScale`` (its message lists the tables) or ``OutOfRange``.
    """
    options: dict[str, str] = {"variant": variant} if variant else {}
    if dm_final:
        options["dm_final"] = dm_final
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
