"""What DM Lag's pages read: the heats with their standings and checks, the semifinal
draw with its vacancies, the final's field and the SM semifinal places (seed 003 lines
399-415, 498-530, 571-620, 701-720). The rules are ``domain.lag_heats``,
``domain.team_rules`` and ``domain.semifinal_places``; this module loads the rows."""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Max
from django.utils.translation import get_language

from tournaments.models import Entry, EntryPlayer, LineupSlot, TeamMatch

from ..districts import representation_districts
from ..domain.lag_heats import HeatCheck, MatchShape, check_lag_heat
from ..domain.semifinal_places import (
    FINAL_TEAMS,
    FinalField,
    MatchLine,
    Offer,
    Placed,
    Record,
    SemifinalPlaces,
    SemifinalPlan,
    final_offers,
    final_qualifiers,
    heats_in_turn,
    semifinal_offers,
    semifinal_places,
    semifinal_plan,
    sm_places,
)
from ..domain.semifinal_places import PlacesInputError as SemifinalInputError
from ..domain.team_rules import (
    Finding,
    Half,
    TeamCheck,
    check_teams,
    sm_six,
    with_dispensation,
)
from ..models import Championship, FinalPlace, Heat, Registration, Stage
from ..selectors import HEAT_STAGES, SemifinalQualification, semifinal_qualification

TEAMS_EACH_BELOW_PLAN = 4  # below 22 teams TK decides (line 602); the page assumes fours


def text(en: str, sv: str) -> str:
    return sv if (get_language() or "sv").startswith("sv") else en


def is_teams(championship: Championship) -> bool:
    return championship.form == Championship.Form.TEAMS


# --- Teams: standings, records, composition ------------------------------------------------


@dataclass(frozen=True)
class TeamLine:
    entry: Entry
    place: int | None
    vp: Decimal | None
    findings: list[str] = field(default_factory=list)
    sm_only: bool = False
    six: str = ""


def standings(tournament_id: int | None) -> list[Entry]:
    """The tournament's teams in their placing order (``tournaments.teams`` ranked them,
    003 lines 564-569); teams without a standing last."""
    if tournament_id is None:
        return []
    return list(
        Entry.objects.filter(section__tournament_id=tournament_id, phantom=False)
        .select_related("standing")
        .order_by("standing__place", "number", "pk")
    )


def records(tournament_ids: Iterable[int]) -> dict[int, Record]:
    """Each team's VP average and IMP quotient (003 lines 579-582); a match against a
    phantom team is a bye."""
    lines: dict[int, list[MatchLine]] = defaultdict(list)
    matches = TeamMatch.objects.filter(tournament_id__in=list(tournament_ids)).select_related(
        "home", "away"
    )
    for m in matches:
        for team, other, vp, won, lost in (
            (m.home, m.away, m.vp_home, m.imps_home, m.imps_away),
            (m.away, m.home, m.vp_away, m.imps_away, m.imps_home),
        ):
            if team.phantom:
                continue
            lines[team.pk].append(
                MatchLine(Decimal(vp or 0), Decimal(won), Decimal(lost), bye=other.phantom)
            )
    out = {}
    for team, team_lines in lines.items():
        if any(not line.bye for line in team_lines):
            out[team] = Record.from_matches(team_lines)
    return out


def team_halves(championship: Championship, tournament_ids: list[int]) -> dict[int, list[Half]]:
    """Per team (entry id), the halves it played with each player's (member, district):
    from the line-ups (003 line 557); a team with none reported, its entered players
    (the rulebook reads unknown counts as having played)."""
    slots = list(
        LineupSlot.objects.filter(match__tournament_id__in=tournament_ids).values_list(
            "match_id", "entry_id", "half", "player__member_id", "player_id"
        )
    )
    entered = list(
        EntryPlayer.objects.filter(entry__section__tournament_id__in=tournament_ids).values_list(
            "entry_id", "member_id", "pk"
        )
    )
    member_ids = {m for *_x, m, _p in slots if m} | {m for _e, m, _p in entered if m}
    district_of = representation_districts(member_ids, championship.season)

    def player(member_id: int | None, player_id: int) -> tuple[object, int | None]:
        if member_id is None:
            return (f"guest-{player_id}", None)
        return (member_id, district_of.get(member_id))

    grouped: dict[tuple[int, int, int], list] = defaultdict(list)
    for match_id, entry_id, half, member_id, player_id in slots:
        grouped[(entry_id, match_id, half)].append(player(member_id, player_id))
    halves: dict[int, list[Half]] = defaultdict(list)
    for (entry_id, match_id, half), players in grouped.items():
        halves[entry_id].append(Half(match_id, half, tuple(players)))
    roster: dict[int, list] = defaultdict(list)
    for entry_id, member_id, player_id in entered:
        roster[entry_id].append(player(member_id, player_id))
    for entry_id, players in roster.items():
        if entry_id not in halves:
            halves[entry_id].append(Half(None, 0, tuple(players)))
    return dict(halves)


def team_checks(championship: Championship, tournament_ids: list[int]) -> dict[int, TeamCheck]:
    """Every team's check across the championship, with the committee's dispensations
    as the official registered them (003 line 403)."""
    checks = check_teams(
        team_halves(championship, tournament_ids), district=championship.district_id
    )
    dispensed = set(
        Registration.objects.filter(
            championship=championship, dispensation=True, entry_id__in=list(checks)
        ).values_list("entry_id", flat=True)
    )
    return {
        entry_id: with_dispensation(check) if entry_id in dispensed else check
        for entry_id, check in checks.items()
    }


def _findings(findings: Iterable[Finding]) -> list[str]:
    return [text(f.en, f.sv) for f in findings]


def _team_line(entry: Entry, check: TeamCheck | None) -> TeamLine:
    standing = getattr(entry, "standing", None)
    return TeamLine(
        entry=entry,
        place=standing.place if standing else None,
        vp=standing.score if standing else None,
        findings=_findings(check.findings) if check else [],
        sm_only=bool(check and check.sm_only),
        six=text(*_six(check)) if check else "",
    )


def _six(check: TeamCheck) -> tuple[str, str]:
    six = sm_six(len(check.members))
    return six.en, six.sv


# --- The heats -------------------------------------------------------------------------------


@dataclass(frozen=True)
class LagHeat:
    heat: Heat
    teams: list[TeamLine]
    check: HeatCheck | None  # None: not played yet
    problems: list[str]


def heats(championship: Championship) -> list[Heat]:
    return list(
        Heat.objects.filter(stage__championship=championship, stage__kind__in=HEAT_STAGES)
        .select_related("stage", "club", "tournament")
        .order_by("day", "name", "pk")
    )


def heat_pages(championship: Championship) -> list[LagHeat]:
    """Every heat with its standings, its checks (003 lines 500, 526-528) and each
    team's (lines 401-411); a player's one team is checked across all heats."""
    all_heats = heats(championship)
    played = [h.tournament_id for h in all_heats if h.tournament_id]
    checks = team_checks(championship, played)
    shapes = _match_shapes(played)
    seen_clubs: dict[int, int] = defaultdict(int)
    pages = []
    for heat in all_heats:
        before = seen_clubs[heat.club_id] if heat.club_id else 0
        if heat.club_id:
            seen_clubs[heat.club_id] += 1
        if heat.tournament_id is None:
            pages.append(LagHeat(heat, [], None, []))
            continue
        teams = standings(heat.tournament_id)
        check = check_lag_heat(
            teams=len(teams),
            matches=shapes.get(heat.tournament_id, []),
            other_heats_of_club=before,
        )
        pages.append(
            LagHeat(
                heat,
                [_team_line(e, checks.get(e.pk)) for e in teams],
                check,
                _findings(check.findings),
            )
        )
    return pages


def _match_shapes(tournament_ids: list[int]) -> dict[int, list[MatchShape]]:
    shapes: dict[int, list[MatchShape]] = defaultdict(list)
    matches = (
        TeamMatch.objects.filter(tournament_id__in=tournament_ids)
        .exclude(home__phantom=True)
        .exclude(away__phantom=True)
        .annotate(halves=Max("lineups__half"))
        .values_list("tournament_id", "home_id", "away_id", "boards", "halves")
    )
    for tournament_id, home, away, boards, halves in matches:
        shapes[tournament_id].append(MatchShape(home, away, boards, halves))
    return dict(shapes)


# --- The semifinal draw ----------------------------------------------------------------------


@dataclass(frozen=True)
class DrawHeat:
    """A heat of the draw: its number (1-based, as the places were shared), its places
    and its teams in placing order."""

    number: int
    heat: Heat
    places: int
    teams: list[Entry]
    reasons: list[str]

    @property
    def placed(self) -> list[Entry]:
        return self.teams[: self.places]


@dataclass(frozen=True)
class Vacancy:
    """A place given up and not yet taken again: who gave it up, who said no since, and
    whom to ask, in order (``offers``; empty: nobody left, line 592)."""

    position: int
    group: int | None
    given_up: FinalPlace
    declined: list[FinalPlace]
    offers: list[Offer[int]]
    names: dict[int, str]

    @property
    def asked(self) -> Offer[int] | None:
        return self.offers[0] if self.offers else None

    @property
    def asked_name(self) -> str:
        return self.names.get(self.asked.team, "") if self.asked else ""

    @property
    def asked_reason(self) -> str:
        return text(self.asked.reason.en, self.asked.reason.sv) if self.asked else ""


@dataclass(frozen=True)
class Draw:
    qualification: SemifinalQualification | None
    plan: SemifinalPlan | None
    semifinals: int
    teams_each: int
    heats: list[DrawHeat]
    rows: list[FinalPlace]  # every semifinal row, seated and declined
    vacancies: list[Vacancy]
    confirmed: bool
    problem: str = ""
    result: SemifinalPlaces | None = None

    def seated(self, group: int) -> list[FinalPlace]:
        return [r for r in self.rows if r.group == group and r.declined_on is None]

    def chosen(self, heat: Heat) -> list[FinalPlace]:
        return [r for r in self.rows if r.heat_id == heat.pk and r.group is not None]

    def groups(self) -> list[tuple[int, list[FinalPlace]]]:
        return [(n, self.seated(n)) for n in range(1, self.semifinals + 1)]

    def taken(self, group: int, *, besides: Heat | None = None) -> int:
        """Places of semifinal ``group`` held or given up by the heats (a given-up place
        is still the heat's until a team takes it)."""
        positions = {
            r.position
            for r in self.rows
            if r.group == group and (besides is None or r.heat_id != besides.pk)
        }
        return len(positions)


def semifinal_rows(championship: Championship, rule: str) -> list[FinalPlace]:
    return list(
        FinalPlace.objects.filter(championship=championship, rule=rule)
        .select_related("heat", "entry")
        .order_by("group", "position", "pk")
    )


def draw(championship: Championship) -> Draw:
    """The semifinal draw as it stands: each heat's places and teams (003 lines 571-573,
    ``selectors.semifinal_qualification``), the semifinals (line 602), the places the
    teams chose (line 586) and every vacancy with whom to ask next (lines 588-596)."""
    qualification = semifinal_qualification(championship)
    rows = semifinal_rows(championship, FinalPlace.Rule.SEMIFINAL)
    confirmed = any(r.stage_id for r in rows)
    if qualification is None or not qualification.heats:
        problem = qualification.problem if qualification else ""
        return Draw(qualification, None, 0, 0, [], rows, [], confirmed, problem)
    plan = semifinal_plan(qualification.teams)
    teams_each = plan.teams_each if plan else TEAMS_EACH_BELOW_PLAN
    semifinals = plan.semifinals if plan else math.ceil(qualification.places / teams_each)
    draw_heats = [
        DrawHeat(n, line.heat, line.places, standings(line.heat.tournament_id), line.reasons)
        for n, line in enumerate(qualification.heats, start=1)
    ]
    try:
        result = semifinal_places([len(h.teams) for h in draw_heats], qualification.places)
    except SemifinalInputError:
        result = None
    vacancies = (
        _semifinal_vacancies(draw_heats, rows, result) if result and not qualification.problem
        else []
    )  # fmt: skip
    return Draw(
        qualification, plan, semifinals, teams_each, draw_heats, rows, vacancies, confirmed,
        qualification.problem, result,
    )  # fmt: skip


def _vacant(rows: list[FinalPlace]) -> list[tuple[FinalPlace, list[FinalPlace]]]:
    """Places given up (a declined row with its place) that no seated row holds again,
    with the rows of the teams that said no to them since."""
    seated = {r.position for r in rows if r.declined_on is None and r.group is not None}
    out = []
    for row in rows:
        if row.declined_on and row.group is not None and row.position not in seated:
            said_no = [
                r for r in rows if r.position == row.position and r.declined_on and r is not row
            ]
            if not any(r.group is not None and r.pk > row.pk for r in said_no):
                out.append((row, said_no))
    return out


def _semifinal_vacancies(
    draw_heats: list[DrawHeat], rows: list[FinalPlace], result: SemifinalPlaces
) -> list[Vacancy]:
    heat_number = {h.heat.pk: h.number for h in draw_heats}
    names = {e.pk: e.name for h in draw_heats for e in h.teams}
    standings_ = [[e.pk for e in h.teams] for h in draw_heats]
    turn = [heat for tied in heats_in_turn(result) for heat in tied]
    seated = {r.entry_id for r in rows if r.declined_on is None and r.group is not None}
    vacancies = []
    for given_up, said_no in _vacant(rows):
        if given_up.heat_id not in heat_number or given_up.entry_id is None:
            continue
        refused = {r.entry_id for r in rows if r.declined_on and r.entry_id != given_up.entry_id}
        refused |= {r.entry_id for r in said_no}
        offers = [
            o
            for o in semifinal_offers(
                standings=standings_,
                vacancy_heat=heat_number[given_up.heat_id],
                turn=turn,
                seated=seated,
                withdrawn=given_up.entry_id,
                declined=refused - {given_up.entry_id},
            )
            if o.team not in {r.entry_id for r in said_no}
        ]
        vacancies.append(
            Vacancy(given_up.position, given_up.group, given_up, said_no, offers, names)
        )
    return vacancies


# --- The semifinals played, the final ----------------------------------------------------------


@dataclass(frozen=True)
class Semifinal:
    number: int
    heat: Heat
    teams: list[Entry]
    placed: list[Placed[int]]


def stage_heats(championship: Championship, kind: str) -> list[Heat]:
    return list(
        Heat.objects.filter(stage__championship=championship, stage__kind=kind)
        .exclude(tournament=None)
        .select_related("stage", "tournament")
        .order_by("day", "name", "pk")
    )


def semifinals_played(championship: Championship) -> list[Semifinal]:
    """The semifinals' results, numbered in the order of their heats (day, name)."""
    played = stage_heats(championship, Stage.Kind.SEMIFINALS)
    recs = records(h.tournament_id for h in played if h.tournament_id)
    out = []
    for number, heat in enumerate(played, start=1):
        teams = [e for e in standings(heat.tournament_id) if e.pk in recs]
        out.append(Semifinal(number, heat, teams, [Placed(e.pk, recs[e.pk]) for e in teams]))
    return out


@dataclass(frozen=True)
class FinalLine:
    entry_id: int
    name: str
    semifinal: int
    place: int
    reason: str
    sm_only: bool


@dataclass(frozen=True)
class FinalPage:
    semifinals: list[Semifinal]
    field: FinalField[int] | None
    lines: list[FinalLine]
    rows: list[FinalPlace]
    vacancies: list[Vacancy]
    tied: list[str]
    confirmed: bool
    size: int = FINAL_TEAMS


def final_page(championship: Championship) -> FinalPage:
    """The final's ten teams and why each is there (003 lines 612-618, 693)."""
    semifinals = semifinals_played(championship)
    rows = semifinal_rows(championship, FinalPlace.Rule.FINAL)
    names = {e.pk: e.name for s in semifinals for e in s.teams}
    sm_only = sm_only_names(championship)
    if not semifinals or any(not s.placed for s in semifinals):
        return FinalPage(semifinals, None, [], rows, [], [], bool(rows))
    try:
        field_ = final_qualifiers([s.placed for s in semifinals])
    except ValueError:
        return FinalPage(semifinals, None, [], rows, [], [], bool(rows))
    lines = [
        FinalLine(
            q.team,
            names[q.team],
            q.semifinal,
            q.place,
            text(q.reason.en, q.reason.sv),
            names[q.team].casefold() in sm_only,
        )  # fmt: skip
        for q in field_.qualified
    ]
    vacancies = []
    for given_up, said_no in _vacant(rows):
        if given_up.group is None:
            continue
        seated = {r.entry_id for r in rows if r.declined_on is None and r.group is not None}
        refused = {r.entry_id for r in rows if r.declined_on}
        offers = list(
            final_offers(
                semifinals=[s.placed for s in semifinals],
                vacancy_semifinal=given_up.group,
                seated=seated | {given_up.entry_id},
                declined=refused,
            )
        )
        vacancies.append(
            Vacancy(given_up.position, given_up.group, given_up, said_no, offers, names)
        )
    tied = [names[t] for t in field_.tied]
    return FinalPage(semifinals, field_, lines, rows, vacancies, tied, bool(rows))


# --- SM semifinal places -----------------------------------------------------------------------


@dataclass(frozen=True)
class SmLine:
    entry_id: int
    name: str
    reason_en: str
    reason_sv: str
    sm_only: bool
    six: str

    @property
    def reason(self) -> str:
        return text(self.reason_en, self.reason_sv)


@dataclass(frozen=True)
class SmPage:
    places: int
    final: Heat | None
    lines: list[SmLine]  # the teams that take the places, in choosing order
    queue: list[SmLine]  # everyone who may be asked, in turn
    returned: int
    rows: list[FinalPlace]
    declined: set[int]


def sm_page(championship: Championship) -> SmPage:
    """The district's SM semifinal places (003 lines 705-720): the DM final's teams
    from the winners down, then, if places are left over, the teams out in the DM
    semifinals by VP average; places nobody takes go back to SBF."""
    rows = semifinal_rows(championship, FinalPlace.Rule.SM)
    declined = {r.entry_id for r in rows if r.declined_on and r.entry_id}
    finals = stage_heats(championship, Stage.Kind.FINAL)
    final = finals[0] if finals else None
    final_teams = standings(final.tournament_id) if final else []
    semifinals = semifinals_played(championship)
    in_final = {n.casefold() for n in (e.name for e in final_teams)}
    out = [
        p
        for s in semifinals
        for e, p in zip(s.teams, s.placed, strict=True)
        if e.name.casefold() not in in_final
    ]
    names = {e.pk: e.name for e in final_teams} | {
        e.pk: e.name for s in semifinals for e in s.teams
    }
    by_name = _checks_by_name(championship)
    sm_only = sm_only_names(championship, by_name)
    six = _six_by_name(by_name)
    result = sm_places(
        places=championship.sm_places,
        final_standings=[e.pk for e in final_teams],
        semifinal_out=out,
        declined=declined,
    )
    everyone = sm_places(
        places=len(final_teams) + len(out) + championship.sm_places,
        final_standings=[e.pk for e in final_teams],
        semifinal_out=out if championship.sm_places > len(final_teams) else [],
    )

    def line(offer: Offer[int]) -> SmLine:
        name = names[offer.team]
        return SmLine(
            offer.team, name, offer.reason.en, offer.reason.sv,
            name.casefold() in sm_only, six.get(name.casefold(), ""),
        )  # fmt: skip

    return SmPage(
        championship.sm_places, final, [line(o) for o in result.choosing],
        [line(o) for o in everyone.choosing], result.returned, rows, declined,
    )  # fmt: skip


def _all_tournaments(championship: Championship) -> list[int]:
    return list(
        Heat.objects.filter(stage__championship=championship)
        .exclude(tournament=None)
        .values_list("tournament_id", flat=True)
    )


def _checks_by_name(championship: Championship) -> dict[str, list[TeamCheck]]:
    """Each team's checks in every stage, by team name: a team is the same team through
    the stages by its name (line 429; the committee's reading, as the stages are
    separate tournaments)."""
    ids = _all_tournaments(championship)
    checks = team_checks(championship, ids)
    names = dict(Entry.objects.filter(pk__in=list(checks)).values_list("pk", "name"))
    by_name: dict[str, list[TeamCheck]] = defaultdict(list)
    for entry_id, check in checks.items():
        by_name[names[entry_id].casefold()].append(check)
    return by_name


def sm_only_names(
    championship: Championship, by_name: dict[str, list[TeamCheck]] | None = None
) -> set[str]:
    """Teams (by name, casefolded) that fielded a player from outside the district in
    any DM stage: they play only for the SM places (003 line 405)."""
    if by_name is None:
        by_name = _checks_by_name(championship)
    return {name for name, checks in by_name.items() if any(c.sm_only for c in checks)}


def _six_by_name(by_name: dict[str, list[TeamCheck]]) -> dict[str, str]:
    """What each team must do before the SM semifinal (line 411), from the players it
    used in the DM."""
    out = {}
    for name, checks in by_name.items():
        used = set().union(*(c.members.keys() for c in checks))
        six = sm_six(len(used))
        out[name] = text(six.en, six.sv)
    return out


def reason_of(row: FinalPlace) -> str:
    return text(row.reason_en, row.reason_sv)
