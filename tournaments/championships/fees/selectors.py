"""What the fee pages read: each registered pair's or team's fees, the qualifying fees
the district invoices the heats' organisers, and a club's statement (seed 003 lines
346-365, 433-464; ``domain.fees``). Also the DM Lag participation history that decides
"Nykomlingen" (lines 457-462)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Q
from django.utils.translation import get_language

from members.domain.age import age_category
from members.models import Club, Member, Membership
from tournaments.models import Entry, EntryPlayer, TeamMatch

from ..domain.fees import (
    FINAL_ROUNDS,
    SEMIFINAL_TEAMS,
    Line,
    PlayerHistory,
    Rate,
    Rates,
    Statement,
    championship_rates,
    competition_fee,
    junior_discount,
    newcomer,
    pair_statement,
    qualifying_fee,
    team_statement,
)
from ..models import Championship, FinalPlace, Heat, Registration, Stage

HEAT_STAGES = (Stage.Kind.CLUB_HEATS, Stage.Kind.SILVER_HEATS, Stage.Kind.BRONZE_HEATS)
PAIRS_FINAL_RULES = (
    FinalPlace.Rule.T1, FinalPlace.Rule.T2, FinalPlace.Rule.T3, FinalPlace.Rule.DIRECT,
    FinalPlace.Rule.RULE_1, FinalPlace.Rule.RULE_2, FinalPlace.Rule.FINAL,
)  # fmt: skip


def _language() -> str:
    return "sv" if (get_language() or "sv").startswith("sv") else "en"


def _text(en: str, sv: str) -> str:
    return sv if _language() == "sv" else en


# --- the rates --------------------------------------------------------------------------


def rates_for(championship: Championship) -> Rates:
    fees = {stage.kind: stage.fee for stage in championship.stages.all()}
    heat_fee = next((fees[k] for k in HEAT_STAGES if fees.get(k) is not None), None)
    return championship_rates(
        entry_fee=championship.entry_fee,
        heat_fee=heat_fee,
        semifinal_fee=fees.get(Stage.Kind.SEMIFINALS),
        final_fee=fees.get(Stage.Kind.FINAL),
    )


@dataclass(frozen=True)
class RateRow:
    """A fee as the page lists it: name, amount, basis, seed lines, and whose figure."""

    name: str
    amount: Decimal
    per: str
    lines: str
    own: bool


def rate_rows(championship: Championship, rates: Rates) -> list[RateRow]:
    if championship.form == Championship.Form.TEAMS:
        chosen: Iterable[Rate] = (rates.team_start, rates.semifinal_table, rates.final_table)
    elif championship.discipline == Championship.Discipline.HCP30:
        chosen = (rates.hcp30,)
    else:
        chosen = (rates.pairs_heat, rates.pairs_final, rates.competition)
    return [
        RateRow(_text(r.en, r.sv), r.amount, _text(r.per_en, r.per_sv), r.lines, r.own)
        for r in chosen
    ]


# --- the participation history (Nykomlingen) -----------------------------------------


def dm_lag_seasons(member_ids: Iterable[int], *, before: int) -> dict[int, set[int]]:
    """The seasons before ``before`` in which each member played DM Lag: a player of a
    team in the results of an earlier teams championship's heat, semifinal or final
    who played at least one half (line 409: a member of the team once they played a
    half; an unknown count is read as played), or a registered player of a team whose
    results name no players."""
    ids = set(member_ids)
    seasons: dict[int, set[int]] = defaultdict(set)
    if not ids:
        return seasons
    earlier = Championship.objects.filter(form=Championship.Form.TEAMS, season__lt=before)
    played = (
        EntryPlayer.objects.filter(
            member_id__in=ids,
            entry__phantom=False,
            entry__section__tournament__heat__stage__championship__in=earlier,
        )
        .exclude(halves_played=0)
        .values_list("member_id", "entry__section__tournament__heat__stage__championship__season")
    )
    registered = (
        Registration.objects.filter(championship__in=earlier, players__member_id__in=ids)
        .filter(Q(entry__isnull=True) | Q(entry__players__isnull=True))
        .filter(Q(withdrawn_on__isnull=True) | Q(entry__isnull=False))
        .values_list("players__member_id", "championship__season")
    )
    for member_id, season in [*played, *registered]:
        if member_id in ids:
            seasons[member_id].add(season)
    return seasons


# --- the entries' fees -----------------------------------------------------------------


@dataclass
class EntryFees:
    """One registered pair or team: its fees and the reasons behind them."""

    registration: Registration
    name: str
    club: Club | None
    heat: Heat | None
    statement: Statement
    notes: list[str] = field(default_factory=list)

    @property
    def lines(self) -> list[tuple[Line, str]]:
        language = _language()
        return [(line, line.text(language)) for line in self.statement.lines]


@dataclass
class HeatInvoice:
    """A pairs heat's qualifying fee, invoiced to its organising club (line 361)."""

    heat: Heat
    club: Club | None
    pairs: int
    line: Line
    text: str
    note: str


@dataclass
class ChampionshipFees:
    championship: Championship
    rates: list[RateRow]
    entries: list[EntryFees]
    invoices: list[HeatInvoice]
    competition: tuple[Line, str] | None
    clubs: list[Club]

    @property
    def entries_total(self) -> Decimal:
        return sum((e.statement.total for e in self.entries), Decimal(0))

    @property
    def invoices_total(self) -> Decimal:
        return sum((i.line.amount for i in self.invoices), Decimal(0))


def _registrations(championship: Championship) -> list[Registration]:
    return list(
        championship.registrations.select_related("club", "heat__club", "heat__stage", "entry")
        .prefetch_related("players__member")
        .order_by("name", "pk")
    )


def _represented_clubs(member_ids: Iterable[int], season: int) -> dict[int, Club]:
    rows = Membership.objects.filter(
        member_id__in=set(member_ids), season=season, represents=True
    ).select_related("club")
    return {row.member_id: row.club for row in rows}


def _club_of(registration: Registration, clubs: dict[int, Club]) -> Club | None:
    """The registration's own club; a team registered without one belongs to its
    captain's club (the club the captain represents that season)."""
    if registration.club is not None:
        return registration.club
    for player in registration.players.all():
        if player.captain:
            return clubs.get(player.member_id)
    return None


def _active(registration: Registration) -> bool:
    """A pair or team that withdrew before playing pays nothing; one that played first
    pays for what it played."""
    return registration.withdrawn_on is None or registration.entry_id is not None


def championship_fees(championship: Championship) -> ChampionshipFees:
    rates = rates_for(championship)
    registrations = _registrations(championship)
    captains = [p.member_id for r in registrations for p in r.players.all() if p.captain]
    clubs = _represented_clubs(captains, championship.season)
    if championship.form == Championship.Form.TEAMS:
        entries = _team_fees(championship, rates, registrations, clubs)
        invoices: list[HeatInvoice] = []
        competition = None
    else:
        entries = _pair_fees(championship, rates, registrations, clubs)
        hcp30 = championship.discipline == Championship.Discipline.HCP30
        # Line 359: the qualifying and competition fees are for the other disciplines;
        # Hcp 30+ has a direct final with every fee in its start fee (line 357).
        invoices = [] if hcp30 else _heat_invoices(championship, rates, registrations)
        competition = None
        if invoices:
            fee = competition_fee(rates, qualifying_pairs=sum(i.pairs for i in invoices))
            competition = (fee, fee.text(_language()))
    found = {e.club.pk: e.club for e in entries if e.club is not None}
    found.update({i.club.pk: i.club for i in invoices if i.club is not None})
    return ChampionshipFees(
        championship=championship,
        rates=rate_rows(championship, rates),
        entries=entries,
        invoices=invoices,
        competition=competition,
        clubs=sorted(found.values(), key=lambda c: c.name),
    )


def _final_registrations(championship: Championship) -> set[int]:
    """The pairs holding a confirmed place in the final (not declined)."""
    places = FinalPlace.objects.filter(
        championship=championship, rule__in=PAIRS_FINAL_RULES, declined_on__isnull=True
    ).filter(Q(stage__isnull=True) | Q(stage__kind=Stage.Kind.FINAL))
    ids = set()
    by_entry = dict(
        championship.registrations.filter(entry__isnull=False).values_list("entry_id", "pk")
    )
    for registration_id, entry_id in places.values_list("registration_id", "entry_id"):
        if registration_id is not None:
            ids.add(registration_id)
        elif entry_id in by_entry:
            ids.add(by_entry[entry_id])
    return ids


def _pair_fees(championship, rates, registrations, clubs) -> list[EntryFees]:
    hcp30 = championship.discipline == Championship.Discipline.HCP30
    in_final = _final_registrations(championship)
    rows = []
    for registration in registrations:
        if not _active(registration):
            continue
        players = len(registration.players.all()) or 2
        heat = registration.heat
        in_a_heat = heat is not None and heat.stage.kind in HEAT_STAGES
        in_heat = in_a_heat and registration.plays_qualification
        notes = []
        if in_a_heat and not hcp30 and not registration.plays_qualification:
            notes.append(
                _text(
                    "plays the bronze heat outside the qualification: the organiser's own "
                    "fee (003 lines 185-187)",
                    "spelar bronskvalet utanför kvalet: arrangörens egen avgift (003 rad 185-187)",
                )
            )
        statement = pair_statement(
            rates,
            hcp30=hcp30,
            in_heat=in_heat,
            # Hcp 30+ is a direct final (line 352): every pair entered plays it.
            in_final=hcp30 or registration.pk in in_final,
            players=min(players, 2),
        )
        rows.append(
            EntryFees(
                registration,
                str(registration),
                _club_of(registration, clubs),
                heat,
                statement,
                notes,
            )  # fmt: skip
        )
    return rows


def _heat_invoices(championship, rates, registrations) -> list[HeatInvoice]:
    """Each heat's qualifying pairs: its result lines (less the pairs that declared they
    do not play the qualification, lines 185-187) once reported, else its registrations."""
    heats = Heat.objects.filter(
        stage__championship=championship, stage__kind__in=HEAT_STAGES
    ).select_related("club")
    outside = {
        r.entry_id for r in registrations if r.entry_id is not None and not r.plays_qualification
    }
    lines: dict[int, int] = defaultdict(int)
    for pk, tournament_id in Entry.objects.filter(
        section__tournament__heat__in=heats, phantom=False
    ).values_list("pk", "section__tournament_id"):
        if pk not in outside:
            lines[tournament_id] += 1
    invoices = []
    for heat in heats:
        if heat.tournament_id is not None:
            pairs = lines[heat.tournament_id]
            note = _text("from the heat's results", "enligt heatets resultat")
        else:
            pairs = len(
                [r for r in registrations if r.heat_id == heat.pk and r.withdrawn_on is None
                 and r.plays_qualification]
            )  # fmt: skip
            note = _text(
                "from the registrations: the heat is not reported yet",
                "enligt anmälningarna: heatet är inte rapporterat ännu",
            )
        line = qualifying_fee(rates, qualifying_pairs=pairs)
        invoices.append(HeatInvoice(heat, heat.club, pairs, line, line.text(_language()), note))
    return invoices


# --- DM Lag ------------------------------------------------------------------------------


def _stage_entries(championship: Championship, kind: str) -> dict[str, list[Entry]]:
    """The result lines of a stage's tournaments, by name (casefolded)."""
    entries = Entry.objects.filter(
        section__tournament__heat__stage__championship=championship,
        section__tournament__heat__stage__kind=kind,
        phantom=False,
    )
    by_name: dict[str, list[Entry]] = defaultdict(list)
    for entry in entries:
        by_name[entry.name.casefold()].append(entry)
    return by_name


def _rounds(entry_ids: set[int]) -> dict[int, set[int]]:
    """The rounds each entry played: a match against a team (a W.O. given or taken
    included: the table was set), not a bye against a phantom."""
    rounds: dict[int, set[int]] = defaultdict(set)
    matches = TeamMatch.objects.filter(
        Q(home_id__in=entry_ids) | Q(away_id__in=entry_ids)
    ).values_list("round", "home_id", "away_id", "home__phantom", "away__phantom")
    for number, home, away, home_phantom, away_phantom in matches:
        if home_phantom or away_phantom:
            continue
        rounds[home].add(number)
        rounds[away].add(number)
    return rounds


def _team_fees(championship, rates, registrations, clubs) -> list[EntryFees]:
    places = list(
        FinalPlace.objects.filter(
            championship=championship,
            stage__kind__in=(Stage.Kind.SEMIFINALS, Stage.Kind.FINAL),
            declined_on__isnull=True,
        ).values_list("registration_id", "entry_id", "stage__kind", "group")
    )
    group_sizes: dict[int | None, int] = defaultdict(int)
    for _r, _e, kind, group in places:
        if kind == Stage.Kind.SEMIFINALS:
            group_sizes[group] += 1
    by_stage_name = {
        kind: _stage_entries(championship, kind)
        for kind in (Stage.Kind.SEMIFINALS, Stage.Kind.FINAL)
    }
    # Each team's result lines in the semifinal and the final: the confirmed place's
    # line, else the stage's line with the team's name.
    lines: dict[tuple[int, str], set[int]] = defaultdict(set)
    holds: dict[tuple[int, str], int | None] = {}
    by_registration = {r.pk: r for r in registrations}
    for registration_id, entry_id, kind, group in places:
        registration = by_registration.get(registration_id)
        if registration is None:
            continue
        holds[(registration.pk, kind)] = group
        if entry_id is not None:
            lines[(registration.pk, kind)].add(entry_id)
    for registration in registrations:
        for kind, by_name in by_stage_name.items():
            if not lines.get((registration.pk, kind)):
                found = by_name.get(str(registration).casefold(), [])
                lines[(registration.pk, kind)].update(e.pk for e in found)
    all_lines = {pk for ids in lines.values() for pk in ids}
    rounds = _rounds(all_lines)
    members = _team_members(registrations)
    member_ids = {m.pk for team in members.values() for m in team}
    history = dm_lag_seasons(member_ids, before=championship.season)
    rows = []
    for registration in registrations:
        if not _active(registration):
            continue
        notes: list[str] = []
        counted = {}
        for kind in (Stage.Kind.SEMIFINALS, Stage.Kind.FINAL):
            counted[kind], note = _stage_rounds(
                kind, lines[(registration.pk, kind)], rounds,
                (registration.pk, kind) in holds, group_sizes.get(holds.get((registration.pk, kind))),
            )  # fmt: skip
            if note:
                notes.append(note)
        team = members.get(registration.pk, [])
        juniors = sum(1 for m in team if age_category(m.birth_date, championship.season).junior)
        discount = junior_discount(juniors=juniors, others=len(team) - juniors)
        judged = newcomer(
            championship.season,
            [PlayerHistory(m.full_name, tuple(sorted(history.get(m.pk, ())))) for m in team],
        )
        language = _language()
        notes += [discount.text(language), judged.text(language)]
        statement = team_statement(
            rates,
            semifinal_rounds=counted[Stage.Kind.SEMIFINALS],
            final_rounds=counted[Stage.Kind.FINAL],
            discount=discount,
            newcomer=judged,
        )
        rows.append(
            EntryFees(
                registration,
                str(registration),
                _club_of(registration, clubs),
                registration.heat,
                statement,
                notes,
            )  # fmt: skip
        )
    return rows


def _stage_rounds(kind, entry_ids, rounds, holds_place, group_size) -> tuple[int, str]:
    played = set().union(*(rounds.get(pk, set()) for pk in entry_ids)) if entry_ids else set()
    semifinal = kind == Stage.Kind.SEMIFINALS
    if played:
        count = len(played)
        return count, (
            _text(
                f"{count} rounds played in the semifinal", f"{count} spelade ronder i semifinalen"
            )
            if semifinal
            else _text(f"{count} rounds played in the final", f"{count} spelade ronder i finalen")
        )
    if not holds_place:
        return 0, ""
    if semifinal:
        # The teams confirmed in its semifinal; while fewer than two are, the seed's
        # semifinal of four (line 602).
        teams = group_size if group_size and group_size >= 2 else SEMIFINAL_TEAMS
        count = teams - 1
        return count, _text(
            f"{count} rounds to play in the semifinal: a single series of {teams} teams "
            "(003 lines 602, 606)",
            f"{count} ronder att spela i semifinalen: en enkelserie med {teams} lag "
            "(003 rad 602, 606)",
        )
    return FINAL_ROUNDS, _text(
        f"{FINAL_ROUNDS} rounds to play in the final (003 lines 693, 699)",
        f"{FINAL_ROUNDS} ronder att spela i finalen (003 rad 693, 699)",
    )


def _team_members(registrations: list[Registration]) -> dict[int, list[Member]]:
    """A team's members (line 409: a player is a member once they played a half for the
    team): the players of its result lines who played a half (an unknown count is read
    as played); before it has played, the players registered."""
    with_lines = {r.pk: r.entry_id for r in registrations if r.entry_id is not None}
    played: dict[int, dict[int, Member]] = defaultdict(dict)
    rows = (
        EntryPlayer.objects.filter(entry_id__in=with_lines.values(), member__isnull=False)
        .exclude(halves_played=0)
        .select_related("member")
    )
    by_entry: dict[int, list[Member]] = defaultdict(list)
    for row in rows:
        by_entry[row.entry_id].append(row.member)
    for registration_id, entry_id in with_lines.items():
        for member in by_entry.get(entry_id, []):
            played[registration_id][member.pk] = member
    members = {}
    for registration in registrations:
        if played.get(registration.pk):
            members[registration.pk] = list(played[registration.pk].values())
        else:
            members[registration.pk] = [p.member for p in registration.players.all()]
    return members


# --- a club's statement ----------------------------------------------------------------


@dataclass
class ClubStatement:
    club: Club
    entries: list[EntryFees]
    invoices: list[HeatInvoice]

    @property
    def invoices_total(self) -> Decimal:
        return sum((i.line.amount for i in self.invoices), Decimal(0))

    @property
    def entries_total(self) -> Decimal:
        return sum((e.statement.total for e in self.entries), Decimal(0))

    @property
    def to_district(self) -> Decimal:
        """What the district is paid: the invoices and its entries' fees to the district
        (a pairs heat's start fee is paid in the heat, to the organiser)."""
        return self.invoices_total + sum(
            (e.statement.to_district for e in self.entries), Decimal(0)
        )


def club_statement(fees: ChampionshipFees, club: Club) -> ClubStatement:
    return ClubStatement(
        club=club,
        entries=[e for e in fees.entries if e.club is not None and e.club.pk == club.pk],
        invoices=[i for i in fees.invoices if i.club is not None and i.club.pk == club.pk],
    )
