"""A demo district's championships (issue #21): one DM-par and one DM Lag season, as
seed ``003_796cec548aee39db.txt`` runs them, from the heats to the final's places.

For the demo federation's district whose official is a demo login (the first district
when there is none), in the latest season whose DM-par Open final has been played:

- **DM Par Open**: silver heats at three clubs and a bronze heat with its declared
  pairs (003 lines 181-189), a pair from another district (line 167), a pair struck for
  qualifying twice (lines 193-195), the reigning champions' direct place (lines
  272-276), the final's places by T1/T2 (lines 238-264) with one place waived and
  refilled by replacement rule 1 (lines 280-284), the final played as a barometer (line
  348) and its SM places (lines 167-177); fees of lines 350-356.
- **DM Par Hcp 30+**: a direct final, scored with handicap (lines 298-316).
- **DM Lag**: club heats of 4-8 teams, each a team series with IMPs, VPs and line-ups per
  half (lines 399-415, 498-570), one W.O. and a late arrival (lines 772-806), captains
  (line 429), a team of newcomers ("Nykomlingen", lines 455-464) beside three earlier
  DM Lag seasons for the history that rule reads, and the 20 semifinal places (lines
  571-586).

The places are the domain's (``domain.final_places``, ``domain.semifinal_places``), the
steps on the championship's trail (``trail.record``) dated when they were taken.
Deterministic: the same federation and seed give the same championships. The results
are drawn as ``tournaments.demo`` draws a season's (its matchpoints and team matches).
"""

from __future__ import annotations

import datetime as dt
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from members.domain.age import season_label, season_of
from members.models import Club, District, Member, Membership, Role
from tournaments.demo import demo_matchpoints, matchpoint_top, round_robin
from tournaments.domain.time_penalties import late_arrival
from tournaments.domain.vp import match_vp
from tournaments.models import (
    Entry,
    EntryPlayer,
    LineupSlot,
    MatchTimePenalty,
    Section,
    Standing,
    TeamMatch,
    Tournament,
)
from tournaments.teams import compute_team_standings

from . import trail
from .domain.final_places import (
    Champions,
    HeatEntry,
    allocate,
    direct_place,
    fill_final,
    final_movement,
    final_size_reason,
    heat_results,
)
from .domain.semifinal_places import choose_semifinals, semifinal_places, semifinal_plan
from .domain.sm_places import sm_places
from .final_awards import BONUS_KIND, outside_entries
from .models import (
    Championship,
    FinalPlace,
    Heat,
    OfficialStep,
    RegisteredPlayer,
    Registration,
    Stage,
)

Progress = Callable[[str, int, int], None]

# Seed 003 is ÖMBF's 2024/25 season; its dates move to the demo's season by whole weeks
# (52 a year), so that a Saturday final stays a Saturday.
SEED_SEASON = 2024

# 003 lines 350-356 ("Startavgifter, kvalperioder m.m."), DM Par Open and Hcp 30+.
HEAT_FEE = Decimal(110)  # line 354: "Kval: 110 kr" per player
FINAL_FEE = Decimal(180)  # line 354: "Final: 180 kr" per player
HCP30_FEE = Decimal(200)  # line 352: "Final: 200 kr", all fees included (line 357)
OPEN_SM_PLACES = 6  # the SBF's number for the district (a demo value, 003 line 141)
HCP30_SM_PLACES = 2  # likewise
# 003 lines 437, 445: DM Lag's start fee is 600 kr a team (Championship.entry_fee is per
# player, so it stays empty); 200 kr a team and round in the semifinal and the final.
LAG_TABLE_FEE = Decimal(200)
LAG_SEMIFINAL_PLACES = 20  # five semifinals of four (003 line 602)
LAG_SM_PLACES = 3  # the SBF's SM semifinal places for the district (a demo value, line 705)

# DM Par Open's heats: (number, stage, pairs, boards, pairs not in the
# qualification, month, day). A silver heat pays silver from 12 pairs and 40 boards
# (003 line 183); a bronze heat needs 8 pairs, 4 in the qualification, 18 boards (line 189).
OPEN_HEATS = (
    (1, Stage.Kind.SILVER_HEATS, 17, 44, 0, 10, 19),
    (2, Stage.Kind.SILVER_HEATS, 14, 42, 0, 11, 16),  # a pair of another district
    (3, Stage.Kind.SILVER_HEATS, 13, 42, 0, 1, 18),  # one pair struck (lines 193-195)
    (4, Stage.Kind.BRONZE_HEATS, 14, 26, 6, 2, 22),  # 8 of 14 declared (lines 185-187)
)
STRUCK_REASON = "qualified twice in the discipline (003 lines 193-195)"
HCP30_PAIRS = 12  # a heat of the simultaneous final has at least 11 pairs (003 line 316)
HCP30_BOARDS = 32  # 003 line 236: 30-36 boards
# DM Lag's heats: teams per heat (each a series, at least four teams, 003 line 500).
LAG_HEATS = (8, 7, 6, 5, 4)
# Players per team: 4-8 (003 line 401), most teams with five or six.
TEAM_SIZES = (4, 5, 5, 6, 6, 6, 7, 8)
# The players one championship draws on at most: DM Lag's 30 teams of up to 8 (DM Par
# Open takes 118); a smaller demo district gets no championships.
MIN_PLAYERS = sum(LAG_HEATS) * max(TEAM_SIZES)
LATE_MINUTES = 12  # 003 line 804: "10+ - 15  2 VP"
WARNED_MINUTES = 4  # 003 line 802: "0+ - 5  Varning"


@dataclass(frozen=True)
class DemoChampionships:
    season: int
    championships: int
    heats: int
    tournaments: int
    registrations: int
    places: int
    steps: int
    skipped: str = ""  # why nothing was written


def seed_day(season: int, month: int, day: int) -> dt.date:
    """Seed 003's date ``day month`` (of its 2024/25 season) in ``season``."""
    year = SEED_SEASON if month >= 7 else SEED_SEASON + 1
    return dt.date(year, month, day) + dt.timedelta(weeks=52 * (season - SEED_SEASON))


def demo_season(today: dt.date) -> int:
    """The latest season whose DM Par Open final (003 line 354, "Lö 26 april") is
    past: the demo shows a season played to its end, not one still under way."""
    season = season_of(today)
    while seed_day(season, 4, 26) >= today:
        season -= 1
    return season


def demo_district() -> District | None:
    """The district of the demo's district official (the login ``distrikt`` runs its
    championships); the first district when no official has one."""
    role = (
        Role.objects.filter(kind=Role.Kind.DISTRICT_OFFICIAL, district__isnull=False)
        .order_by("pk")
        .first()
    )
    if role is not None:
        return role.district
    return District.objects.order_by("number", "pk").first()


def build_demo_championships(
    *,
    seed: int = 1,
    today: dt.date | None = None,
    progress: Progress | None = None,
) -> DemoChampionships:
    """Write the demo district's DM Par Open, DM Par Hcp 30+ and DM Lag of the demo
    season (and three earlier DM Lag seasons); skips when the district already has
    championships of that season, or too few players for them."""
    today = today or timezone.localdate()
    season = demo_season(today)
    district = demo_district()
    if district is None:
        raise ValueError("no district: load the demo federation first (seed_demo)")
    if Championship.objects.filter(district=district, season=season).exists():
        return _skipped(season, f"{district} has championships of {season_label(season)}")
    builder = _Builder(district, season, seed, progress)
    if len(builder.people) < MIN_PLAYERS:
        return _skipped(
            season,
            f"{district} has {len(builder.people)} players, the championships need {MIN_PLAYERS}",
        )
    with transaction.atomic():
        builder.build()
    return builder.summary()


def _skipped(season: int, why: str) -> DemoChampionships:
    return DemoChampionships(season, 0, 0, 0, 0, 0, 0, skipped=why)


@dataclass
class _Person:
    member_id: int
    club_id: int
    name: str


@dataclass
class _Pair:
    players: tuple[_Person, _Person]
    club_id: int
    outside: bool = False
    registration: Registration | None = None
    entry: Entry | None = None  # in its heat
    final_entry: Entry | None = None

    @property
    def name(self) -> str:
        return f"{self.players[0].name} – {self.players[1].name}"


@dataclass
class _PairsHeat:
    heat: Heat
    pairs: list[_Pair]
    results: tuple[tuple[str, Decimal], ...]  # its qualifying pairs (entry id, %) in order


@dataclass
class _Team:
    name: str
    players: list[_Person]
    club_id: int
    registered_on: dt.date
    entry: Entry | None = None
    registration: Registration | None = None
    strength: float = 0.0


@dataclass
class _Counts:
    championships: int = 0
    heats: int = 0
    tournaments: int = 0
    registrations: int = 0
    places: int = 0
    made: list[Championship] = field(default_factory=list)


class _Builder:
    def __init__(self, district: District, season: int, seed: int, progress: Progress | None):
        self.district = district
        self.season = season
        self.rng = random.Random(f"demo-championships-{seed}")
        self.progress = progress
        self.counts = _Counts()
        self.official = _official(district)
        self.clubs = list(
            Club.objects.filter(district=district).order_by("-members_count", "number")
        )
        if not self.clubs:
            raise ValueError(f"{district} has no clubs: load the demo federation first")
        towns = list(dict.fromkeys(club.town for club in self.clubs if club.town))
        self.towns = towns[:2] or [district.name]
        self.people = _players(season, district_id=district.pk)
        outside = (
            district.neighbours.order_by("number").first()
            or District.objects.exclude(pk=district.pk).order_by("number").first()
        )
        self.outsiders = _players(season, district_id=outside.pk) if outside else []
        self.rng.shuffle(self.people)
        self.rng.shuffle(self.outsiders)

    def summary(self) -> DemoChampionships:
        c = self.counts
        steps = OfficialStep.objects.filter(championship__in=c.made).count()
        return DemoChampionships(
            self.season, c.championships, c.heats, c.tournaments, c.registrations, c.places, steps
        )

    def tell(self, part: str, done: int) -> None:
        if self.progress:
            self.progress(part, done, 4)

    def build(self) -> None:
        self.tell("DM Par Open", 0)
        self.open_pairs()
        self.tell("DM Par Hcp 30+", 1)
        self.hcp30()
        self.tell("DM Lag", 2)
        self.teams()
        self.tell("done", 4)

    # -- shared pieces ------------------------------------------------------------------

    def day(self, month: int, day: int) -> dt.date:
        return seed_day(self.season, month, day)

    def championship(self, season: int, form: str, discipline: str, name: str, **fields):
        championship = Championship.objects.create(
            district=self.district, season=season, form=form, discipline=discipline,
            name=f"{name} {season_label(season)}", **fields,
        )  # fmt: skip
        self.counts.championships += 1
        self.counts.made.append(championship)
        return championship

    def step(self, championship: Championship, kind: str, on: dt.date, note: str) -> None:
        """A step of the trail, dated the day it was taken (an evening's work)."""
        row = trail.record(championship, kind, self.official, note)
        row.at = timezone.make_aware(dt.datetime.combine(on, dt.time(19, 30)))
        row.save(update_fields=["at"])

    def heat(self, stage: Stage, name: str, club: Club | None, day: dt.date, **fields) -> Heat:
        self.counts.heats += 1
        heat = Heat.objects.create(stage=stage, name=name, club=club, day=day, **fields)
        self.step(
            stage.championship, OfficialStep.Kind.HEAT_ADDED, day - dt.timedelta(weeks=6),
            f"{name} ({club.name if club else self.district.name}), {day:%Y-%m-%d}",
        )  # fmt: skip
        return heat

    def tournament(self, name: str, day: dt.date, *, club: Club | None, **fields) -> Tournament:
        self.counts.tournaments += 1
        organiser = {"organiser_club": club} if club else {"organiser_district": self.district}
        return Tournament.objects.create(
            event_id=f"dm-{self.season}-{self.counts.tournaments}-{name}"[:100],
            name=name, start_date=day, end_date=day, source_format="demo",
            pipeline_status=Tournament.Pipeline.DONE, **organiser, **fields,
        )  # fmt: skip

    def pairs_event(
        self,
        tournament: Tournament,
        pairs: Sequence[_Pair],
        *,
        struck: dict[int, str] | None = None,
        handicap_order: Sequence[int] | None = None,
    ) -> list[Entry]:
        """A barometer's results, ``pairs`` in their finishing order: numbered as they sat
        down, matchpoints as ``tournaments.demo`` draws them."""
        size = len(pairs)
        section = Section.objects.create(
            tournament=tournament, name="A", boards=tournament.boards,
            movement=Section.Movement.HOWELL,
        )  # fmt: skip
        numbers = list(range(1, size + 1))
        self.rng.shuffle(numbers)
        struck = struck or {}
        entries = Entry.objects.bulk_create(
            Entry(section=section, number=numbers[i], name=pair.name, struck=struck.get(i, ""))
            for i, pair in enumerate(pairs)
        )
        EntryPlayer.objects.bulk_create(
            EntryPlayer(entry=entry, member_id=person.member_id)
            for entry, pair in zip(entries, pairs, strict=True)
            for person in pair.players
        )
        top = matchpoint_top(size, 2) * tournament.boards
        handicap = {entry: n for n, entry in enumerate(handicap_order or (), start=1)}
        standings = []
        for place, entry in enumerate(entries, start=1):
            score, percent = demo_matchpoints(place, size, top)
            standings.append(
                Standing(
                    entry=entry, place=place, place_to=place, score=score, percentage=percent,
                    handicap_place=handicap.get(place - 1),
                    handicap_place_to=handicap.get(place - 1),
                )
            )  # fmt: skip
        Standing.objects.bulk_create(standings)
        Tournament.count_entries([tournament.pk])
        return entries

    def register_pair(
        self, championship: Championship, pair: _Pair, on: dt.date, **fields
    ) -> Registration:
        self.counts.registrations += 1
        registration = Registration.objects.create(
            championship=championship, name=pair.name, club_id=pair.club_id,
            registered_on=on, **fields,
        )  # fmt: skip
        RegisteredPlayer.objects.bulk_create(
            RegisteredPlayer(registration=registration, member_id=p.member_id) for p in pair.players
        )
        return registration

    def draw(self, pool: list[_Person], count: int) -> list[_Person]:
        if len(pool) < count:
            raise ValueError(
                f"{self.district} has too few players with a membership in "
                f"{season_label(self.season)} for the demo championships"
            )
        taken, pool[:] = pool[:count], pool[count:]
        return taken

    def pairs_of(self, pool: list[_Person], count: int) -> list[_Pair]:
        people = self.draw(pool, 2 * count)
        return [
            _Pair((people[2 * i], people[2 * i + 1]), people[2 * i].club_id) for i in range(count)
        ]

    # -- DM Par Open --------------------------------------------------------------------

    def open_pairs(self) -> None:
        day = self.day
        open_ = self.championship(
            self.season, Championship.Form.PAIRS, Championship.Discipline.OPEN, "DM Par Open",
            registration_opens=day(10, 14), registration_closes=day(3, 23),
            entry_fee=HEAT_FEE, sm_places=OPEN_SM_PLACES,
        )  # fmt: skip
        stages = {
            kind: Stage.objects.create(
                championship=open_,
                kind=kind,
                starts_on=day(10, 14),
                ends_on=day(3, 23),
                fee=HEAT_FEE,
            )  # fmt: skip
            for kind in (Stage.Kind.SILVER_HEATS, Stage.Kind.BRONZE_HEATS)
        }
        pool = list(self.people)
        champions = self.pairs_of(pool, 1)[0]
        champions.registration = self.register_pair(
            open_, champions, day(10, 2), reigning_champions=True
        )
        self.step(
            open_, OfficialStep.Kind.REGISTERED, day(10, 2),
            f"{champions.name}: reigning champions, registered for their direct place "
            "(003 lines 274-276)",
        )  # fmt: skip
        heats: list[_PairsHeat] = []
        for n, (number, kind, size, boards, undeclared, month, dd) in enumerate(OPEN_HEATS):
            pairs = self.pairs_of(pool, size)
            struck: dict[int, str] = {}
            if number == 2:
                # A pair of another district by dispensation (003 line 167); second here.
                outsiders = self.draw(self.outsiders, 2)
                pairs[1] = _Pair((outsiders[0], outsiders[1]), outsiders[0].club_id, True)
            if number == 3:
                # One of heat 1's players qualifies again with another partner: struck
                # from this heat's results (003 lines 193-195), fifth on the list.
                again = heats[0].pairs[3].players[0]
                pairs[4] = _Pair((again, pairs[4].players[1]), again.club_id)
                struck[4] = STRUCK_REASON
            qualifying = [True] * size
            for i in self.rng.sample(range(size), undeclared):
                qualifying[i] = False  # declared before the start (003 lines 185-187)
            heats.append(
                self.pairs_heat(
                    stages[kind], number, self.clubs[n % len(self.clubs)], day(month, dd),
                    pairs, boards, qualifying, struck,
                )
            )  # fmt: skip
        final_stage = Stage.objects.create(
            championship=open_, kind=Stage.Kind.FINAL, starts_on=day(4, 26), ends_on=day(4, 26),
            fee=FINAL_FEE,
        )  # fmt: skip
        finalists = self.final_places(final_stage, heats, champions)
        order = self.open_final(final_stage, finalists, champions)
        sm_stage = Stage.objects.create(
            championship=open_, kind=Stage.Kind.SM_PLACES, starts_on=day(7, 25) + _YEAR,
            ends_on=day(8, 3) + _YEAR,
        )  # fmt: skip
        self.sm_places(sm_stage, order)

    def pairs_heat(
        self,
        stage: Stage,
        number: int,
        club: Club,
        played: dt.date,
        pairs: list[_Pair],
        boards: int,
        qualifying: list[bool],
        struck: dict[int, str],
    ) -> _PairsHeat:
        """A DM-par heat played at ``club``: its results, its pairs registered and linked
        to their result lines, the dispensation and the struck pair on the trail."""
        championship = stage.championship
        heat = self.heat(
            stage, f"Kvalheat {number}", club, played,
            invitation_sent_on=played - dt.timedelta(weeks=5),
            registration_closes=played - dt.timedelta(days=3), max_entries=36,
            contact=f"{pairs[0].players[0].name}, {club.email}",
        )  # fmt: skip
        silver = stage.kind == Stage.Kind.SILVER_HEATS
        heat.tournament = self.tournament(
            f"DM Par Open, kvalheat {number}", played, club=club, kind="pairs",
            scoring="matchpoints", level="silver" if silver else "bronze", boards=boards,
            rounds=len(pairs) - 1,
            championship_stage=f"{championship.name}, kvalheat {number}",
        )  # fmt: skip
        heat.save(update_fields=["tournament"])
        entries = self.pairs_event(heat.tournament, pairs, struck=struck)
        for pair, entry, plays in zip(pairs, entries, qualifying, strict=True):
            pair.registration = self.register_pair(
                championship, pair, played - dt.timedelta(days=self.rng.randint(4, 20)),
                heat=heat, entry=entry, plays_qualification=plays,
            )  # fmt: skip
            pair.entry = entry
            if pair.outside:
                self.step(
                    championship, OfficialStep.Kind.OTHER, pair.registration.registered_on,
                    f"{pair.name}: dispensation to play heat {number} as a pair of another "
                    "district (003 lines 167-175)",
                )  # fmt: skip
        for i, reason in struck.items():
            self.step(
                championship, OfficialStep.Kind.STRUCK, played + dt.timedelta(days=4),
                f"{pairs[i].name}, heat {number}: {reason}",
            )  # fmt: skip
        # The heat's qualifying pairs as the final's rules read them (lines 183-195).
        lines = [
            HeatEntry(str(e.pk), e.standing.percentage, qualifying=q, struck=bool(e.struck))
            for e, q in zip(_fresh(entries), qualifying, strict=True)
        ]
        return _PairsHeat(heat, pairs, heat_results(lines, silver=silver))

    def final_places(self, stage: Stage, heats: list[_PairsHeat], champions: _Pair) -> list[_Pair]:
        """The final's places as the domain gives them (003 lines 219-284): its size, each
        heat's share by T1/T2, the reigning champions' direct place; one pair of heat 3
        waives and replacement rule 1 gives the place to the heat's next pair. Confirmed
        rows and their steps; returns the pairs holding a place."""
        championship = stage.championship
        results = [heat.results for heat in heats]
        size = final_size_reason(sum(len(r) for r in results))
        allocation = allocate([len(r) for r in results], size.size)
        champions_id = "champions"
        kept = direct_place(
            Champions(champions_id, _ids(champions), registered=True),
            [_ids(pair) for heat in heats for pair in heat.pairs],
            discipline=championship.discipline,
        )
        direct = [champions_id] if kept.keeps else []
        first = fill_final(allocation, results, direct=direct)
        waiving = next(f.pair_id for f in reversed(first.finalists) if f.heat == 2)
        final = fill_final(allocation, results, direct=direct, declined={waiving})
        pair_of = {str(p.entry.pk): p for heat in heats for p in heat.pairs if p.entry}
        pair_of[champions_id] = champions
        confirmed_on = self.day(3, 23) + dt.timedelta(days=3)
        declined_on = confirmed_on + dt.timedelta(days=6)
        replacements = [f for f in final.finalists if f.pair_id not in first.pair_ids]
        rows = [
            self.final_place(
                stage, heats, allocation, finalist, pair_of[finalist.pair_id], position,
                declined_on if finalist.pair_id == waiving else None,
            )
            for position, finalist in enumerate([*first.finalists, *replacements], start=1)
        ]  # fmt: skip
        FinalPlace.objects.bulk_create(rows)
        self.counts.places += len(rows)
        self.step(
            championship, OfficialStep.Kind.CONFIRMED, confirmed_on,
            f"{size.size} places in the final from {size.qualified} qualifying pairs "
            f"({', '.join(str(p) for p in allocation.places)} by heat) and the reigning "
            "champions' direct place (003 lines 219-276)",
        )  # fmt: skip
        self.step(
            championship, OfficialStep.Kind.DECLINED, declined_on,
            f"{pair_of[waiving].name} waived the place in the final (003 line 280)",
        )  # fmt: skip
        for finalist in replacements:
            self.step(
                championship, OfficialStep.Kind.REPLACED, declined_on + dt.timedelta(days=1),
                f"{pair_of[finalist.pair_id].name}: {finalist.reason.en} ({finalist.reason.lines})",
            )  # fmt: skip
        return [pair_of[f.pair_id] for f in final.finalists]

    def final_place(
        self, stage, heats, allocation, finalist, pair: _Pair, position: int, declined_on
    ) -> FinalPlace:
        """A confirmed place with its rule: direct, T1 within the heat's whole number of
        places, T2 beyond it, or replacement rule 1; the reason in both languages."""
        heat = None
        en, sv = finalist.reason.en, finalist.reason.sv
        if finalist.heat is None:
            rule = FinalPlace.Rule.DIRECT
        elif finalist.reason.rule == "rule 1":
            rule = FinalPlace.Rule.RULE_1
            heat = heats[finalist.heat].heat
        else:
            heat = heats[finalist.heat].heat
            share = allocation.heats[finalist.heat]
            counted = [pair_id for pair_id, _percent in heats[finalist.heat].results]
            place = counted.index(finalist.pair_id) + 1
            rule = FinalPlace.Rule.T1 if place <= share.whole else FinalPlace.Rule.T2
            why = next((r for r in share.reasons if r.rule.upper() == rule.upper()), None)
            if why is not None:
                en, sv = f"{why.en}. {en}", f"{why.sv}. {sv}"
        return FinalPlace(
            championship=stage.championship, stage=stage, heat=heat,
            entry=pair.entry if heat else None, registration=pair.registration,
            name=pair.name, rule=rule, position=position, declined_on=declined_on,
            reason_en=f"{en} ({finalist.reason.lines})"[:300],
            reason_sv=f"{sv} ({_rad(finalist.reason.lines)})"[:300],
        )  # fmt: skip

    def open_final(self, stage: Stage, finalists: list[_Pair], champions: _Pair) -> list[_Pair]:
        """The final, a barometer (003 line 348), everyone meeting everyone over the
        boards of lines 226-232: the finalists in a drawn order, the pair from another
        district fourth so that the SM places show its cap. Returns the final's order."""
        order = sorted(finalists, key=lambda p: self.rng.gauss(-0.3 if p is champions else 0, 1))
        outside = next((p for p in order if p.outside), None)
        if outside is not None:
            order.remove(outside)
            order.insert(3, outside)
        movement = final_movement(len(order))
        played = stage.starts_on
        heat = self.heat(stage, f"Final, {self.towns[0]}", None, played)
        heat.tournament = self.tournament(
            "DM Par Open, final", played, club=None, kind="pairs", scoring="matchpoints",
            level="silver", boards=movement.boards if movement else 2 * (len(order) - 1),
            rounds=len(order) - 1, championship_stage=f"{stage.championship.name}, final",
        )  # fmt: skip
        heat.save(update_fields=["tournament"])
        for pair, entry in zip(order, self.pairs_event(heat.tournament, order), strict=True):
            pair.final_entry = entry
        # The champions played no heat: their registration's result line is the final's.
        champions.registration.entry = champions.final_entry
        champions.registration.save(update_fields=["entry"])
        self.mark_final(stage.championship, heat.tournament)
        return order

    def sm_places(self, stage: Stage, order: list[_Pair]) -> None:
        """The SM places down the final's order, the cap for pairs of other districts
        applied (003 lines 167-177)."""
        championship = stage.championship
        taken = sm_places(
            [(str(n), p.outside) for n, p in enumerate(order)], championship.sm_places
        )
        rows = []
        for position, place in enumerate(taken, start=1):
            pair = order[int(place.pair)]
            en = (
                f"Place {place.place} in the final: SM place {position} of {championship.sm_places}"
            )
            sv = f"Plats {place.place} i finalen: SM-plats {position} av {championship.sm_places}"
            if place.outside:
                en += ", a pair of another district within its cap"
                sv += ", par från annat distrikt inom taket"
            rows.append(
                FinalPlace(
                    championship=championship, stage=stage, entry=pair.final_entry,
                    registration=pair.registration, name=pair.name, rule=FinalPlace.Rule.SM,
                    position=position, reason_en=f"{en} (003 lines 167-177).",
                    reason_sv=f"{sv} (003 rad 167-177).",
                )
            )  # fmt: skip
        FinalPlace.objects.bulk_create(rows)
        self.counts.places += len(rows)
        final_day = championship.stages.get(kind=Stage.Kind.FINAL).starts_on
        self.step(
            championship, OfficialStep.Kind.CONFIRMED, final_day + dt.timedelta(days=2),
            f"{len(rows)} SM places from the final's order (003 lines 167-177)",
        )  # fmt: skip

    def mark_final(self, championship: Championship, tournament: Tournament) -> None:
        """The final's award facts (the bonus and the entries not of the district), as
        ``final_awards.mark_final`` writes them; the demo's award step reads them."""
        kind = BONUS_KIND.get((championship.form, championship.discipline))
        if not kind:
            return
        options: dict[str, object] = {"dm_final": kind}
        outside = outside_entries(tournament, self.district.pk, self.season)
        if outside:
            options["dm_outside"] = outside
        tournament.award_options = options
        tournament.save(update_fields=["award_options"])

    # -- DM Par Hcp 30+ -----------------------------------------------------------------

    def hcp30(self) -> None:
        day = self.day
        hcp = self.championship(
            self.season, Championship.Form.PAIRS, Championship.Discipline.HCP30,
            "DM Par Hcp 30+", registration_opens=day(2, 1), registration_closes=day(3, 21),
            entry_fee=HCP30_FEE, sm_places=HCP30_SM_PLACES,
        )  # fmt: skip
        played = day(3, 29)
        stage = Stage.objects.create(
            championship=hcp, kind=Stage.Kind.FINAL, starts_on=played, ends_on=played,
            fee=HCP30_FEE,
        )  # fmt: skip
        # The players of the open championship may play this one too; the rest of the
        # district's players, from the back of the list.
        pool = list(reversed(self.people))
        pairs = self.pairs_of(pool, HCP30_PAIRS)
        club = self.clubs[0]
        heat = self.heat(
            stage, f"Simultanfinal, {club.town}", club, played,
            registration_closes=day(3, 21), max_entries=24,
        )  # fmt: skip
        tournament = self.tournament(
            "DM Par Hcp 30+, final", played, club=club, kind="pairs", scoring="matchpoints",
            level="bronze", boards=HCP30_BOARDS, rounds=HCP30_PAIRS - 1, handicap_event=True,
            championship_stage=f"DM Par Hcp 30+ {season_label(self.season)}, final",
        )  # fmt: skip
        heat.tournament = tournament
        heat.save(update_fields=["tournament"])
        # With handicap the order changes (003 line 308 decides by it): a drawn order
        # near the scratch one stands for the pipeline's handicap list.
        handicap_order = sorted(range(HCP30_PAIRS), key=lambda i: i + self.rng.gauss(0, 3))
        entries = self.pairs_event(tournament, pairs, handicap_order=handicap_order)
        for pair, entry in zip(pairs, entries, strict=True):
            self.register_pair(
                hcp, pair, day(3, 21) - dt.timedelta(days=self.rng.randint(1, 40)),
                heat=heat, entry=entry,
            )  # fmt: skip
        self.mark_final(hcp, tournament)

    # -- DM Lag -------------------------------------------------------------------------

    def teams(self) -> None:
        day = self.day
        lag = self.championship(
            self.season, Championship.Form.TEAMS, Championship.Discipline.OPEN, "DM Lag",
            registration_opens=day(8, 15), registration_closes=day(9, 22),
            semifinal_places=LAG_SEMIFINAL_PLACES, sm_places=LAG_SM_PLACES,
        )  # fmt: skip
        heats_stage = Stage.objects.create(
            championship=lag, kind=Stage.Kind.CLUB_HEATS, starts_on=day(9, 29),
            ends_on=day(12, 15),
        )  # fmt: skip
        semis_stage = Stage.objects.create(
            championship=lag, kind=Stage.Kind.SEMIFINALS, starts_on=day(1, 25),
            ends_on=day(1, 25), fee=LAG_TABLE_FEE,
        )  # fmt: skip
        Stage.objects.create(
            championship=lag, kind=Stage.Kind.FINAL, starts_on=day(2, 8), ends_on=day(3, 9),
            fee=LAG_TABLE_FEE,
        )  # fmt: skip
        Stage.objects.create(
            championship=lag, kind=Stage.Kind.SM_PLACES, starts_on=day(4, 12),
            ends_on=day(4, 13),
        )  # fmt: skip

        pool = list(self.people)
        heat_teams: list[list[_Team]] = []
        names: set[str] = set()
        for size in LAG_HEATS:
            heat_teams.append([self.team(pool, day(9, 22), names) for _ in range(size)])
        # The newcomers: nobody in DM Lag since before the last three seasons (lines
        # 457-464); the last team of the first heat, one of its players from long ago.
        newcomers = heat_teams[0][-1]
        # A team with a player of another district: it plays only for the SM places
        # (003 line 405); the second team of the third heat.
        if self.outsiders:
            heat_teams[2][1].players[-1] = self.draw(self.outsiders, 1)[0]
        self.history(heat_teams, newcomers)

        played_heats: list[tuple[Heat, list[_Team]]] = []
        for n, teams in enumerate(heat_teams):
            club = self.clubs[n % len(self.clubs)]
            start = day(9, 29) + dt.timedelta(weeks=2 * n)
            heat = self.heat(
                heats_stage, f"Kvalheat {n + 1}", club, start,
                invitation_sent_on=day(9, 11) - dt.timedelta(days=3),
                registration_closes=day(9, 22), max_entries=8,
                contact=f"{teams[0].players[0].name}, {club.email}",
            )  # fmt: skip
            self.series(lag, heat, teams, start, late=n == 0, walkover=n == 2)
            played_heats.append((heat, teams))
        self.semifinal_draw(lag, semis_stage, played_heats)

    def team(self, pool: list[_Person], deadline: dt.date, names: set[str]) -> _Team:
        """A team of 4-8 players (003 line 401), named after its captain, the first of
        them (line 429: the team's name when other than the captain's)."""
        players = self.draw(pool, self.rng.choice(TEAM_SIZES))
        name = f"Lag {players[0].name.split(' ', 1)[-1]}"
        if name in names:
            name = f"Lag {players[0].name}"
        names.add(name)
        return _Team(
            name=name,
            players=players,
            club_id=players[0].club_id,
            registered_on=deadline - dt.timedelta(days=self.rng.randint(1, 30)),
            strength=self.rng.random(),
        )

    def history(self, heat_teams: list[list[_Team]], newcomers: _Team) -> None:
        """Earlier DM Lag seasons, for the newcomers' rule (003 lines 459-464: DM Lag
        "2021-2022 or later", three seasons back from 2024/25, counts; earlier does not).
        Last season every team but the newcomers played with four of this season's
        players, so that none of them is new; three seasons back a single heat of four
        of them; four seasons back a single heat with one of the newcomers."""

        def again(team: _Team) -> _Team:
            return _Team(
                team.name, team.players[:4], team.club_id, dt.date.min, strength=team.strength
            )

        last = [[again(t) for t in teams if t is not newcomers] for teams in heat_teams]
        others = [p for teams in heat_teams[1:] for t in teams for p in t.players[:3]]
        old = [
            _Team(f"Lag {people[0].name.split(' ', 1)[-1]}", people, people[0].club_id,
                  dt.date.min, strength=self.rng.random())
            for people in (others[0:4], others[4:8], others[8:12], [newcomers.players[1], *others[12:15]])
        ]  # fmt: skip
        seasons = ((1, last), (3, [[again(t) for t in heat_teams[1][:4]]]), (4, [old]))
        for back, heats in seasons:
            season = self.season - back
            if Championship.objects.filter(
                district=self.district, season=season, form=Championship.Form.TEAMS,
                discipline=Championship.Discipline.OPEN,
            ).exists():  # fmt: skip
                continue
            championship = self.championship(
                season, Championship.Form.TEAMS, Championship.Discipline.OPEN, "DM Lag",
                semifinal_places=LAG_SEMIFINAL_PLACES if len(heats) > 1 else 4,
            )  # fmt: skip
            stage = Stage.objects.create(
                championship=championship, kind=Stage.Kind.CLUB_HEATS,
                starts_on=seed_day(season, 9, 29), ends_on=seed_day(season, 12, 15),
            )  # fmt: skip
            for n, teams in enumerate(heats):
                club = self.clubs[n % len(self.clubs)]
                start = seed_day(season, 10, 6) + dt.timedelta(weeks=2 * n)
                heat = Heat.objects.create(
                    stage=stage, name=f"Kvalheat {n + 1}", club=club, day=start
                )
                self.counts.heats += 1
                for team in teams:
                    team.registered_on = seed_day(season, 9, 15)
                self.series(championship, heat, teams, start, late=False, walkover=False)

    def series(
        self,
        championship: Championship,
        heat: Heat,
        teams: list[_Team],
        start: dt.date,
        *,
        late: bool,
        walkover: bool,
    ) -> None:
        """A heat's series: every team against every other once (003 line 512), the
        boards the same in every match (line 526), two halves from 21 boards (line 528),
        line-ups of four a half and at most six a match (line 401)."""
        size = len(teams)
        per_match = 28 if size == 4 else 24  # at least 80 boards a team (line 526)
        season = championship.season
        label = f"DM Lag {season_label(season)}, {heat.name.lower()}"
        # Silver in every match, a won match its boards (003 line 468): table E2.
        tournament = self.tournament(
            label, start, club=heat.club, kind="teams", scoring="team_vp", level="silver",
            award_table="E2", boards=per_match * (size - 1), rounds=size + size % 2 - 1,
            championship_stage=label,
        )  # fmt: skip
        heat.tournament = tournament
        heat.save(update_fields=["tournament"])
        section = Section.objects.create(
            tournament=tournament, name="A", boards=per_match, movement=Section.Movement.TEAMS
        )
        numbers = list(range(1, size + 1))
        self.rng.shuffle(numbers)
        entries = Entry.objects.bulk_create(
            Entry(section=section, number=numbers[i], name=team.name)
            for i, team in enumerate(teams)
        )
        players = EntryPlayer.objects.bulk_create(
            EntryPlayer(entry=entry, member_id=person.member_id)
            for entry, team in zip(entries, teams, strict=True)
            for person in team.players
        )
        by_entry: dict[int, list[EntryPlayer]] = {}
        for player in players:
            by_entry.setdefault(player.entry_id, []).append(player)
        for team, entry in zip(teams, entries, strict=True):
            team.entry = entry
        ranked = sorted(teams, key=lambda t: -t.strength)
        placed = [(t.entry.pk, n) for n, t in enumerate(ranked, start=1)]
        rows = round_robin(self.rng, tournament.pk, placed, per_match)
        days = {r: start + dt.timedelta(weeks=r - 1) for r in range(1, tournament.rounds + 1)}
        matches = TeamMatch.objects.bulk_create(
            TeamMatch(
                tournament=tournament, round=r, home_id=home, away_id=away, boards=boards,
                imps_home=ih, imps_away=ia, vp_home=vh, vp_away=va,
            )
            for _t, r, home, away, boards, ih, ia, vh, va in rows
        )  # fmt: skip
        walked: TeamMatch | None = None
        if walkover:
            # The weakest team gives a W.O. in the third round (one of five: under the
            # 25 % that excludes a team, 003 line 776); the standings settle its VP.
            weakest = ranked[-1].entry.pk
            walked = next(m for m in matches if m.round == 3 and weakest in (m.home_id, m.away_id))
            walked.walkover = True
            gives_home = walked.home_id == weakest
            walked.imps_home, walked.imps_away = (
                (Decimal(0), Decimal(1)) if gives_home else (Decimal(1), Decimal(0))
            )
            walked.vp_home, walked.vp_away = (
                (Decimal(0), Decimal(20)) if gives_home else (Decimal(20), Decimal(0))
            )
            walked.save()
            self.step(
                championship, OfficialStep.Kind.OTHER, days[3] + dt.timedelta(days=1),
                f"{heat.name}, round 3: W.O. given by "
                f"{next(t.name for t in teams if t.entry.pk == weakest)} (003 lines 772-788)",
            )  # fmt: skip
        if late:
            self.penalties(matches)
        slots = []
        for match in matches:
            if match is walked:
                continue
            for entry_id in (match.home_id, match.away_id):
                squad = by_entry[entry_id]
                playing = self.rng.sample(squad, min(len(squad), self.rng.choice((4, 4, 5, 6))))
                for half, four in ((1, playing[:4]), (2, playing[-4:])):
                    slots.extend(
                        LineupSlot(match=match, entry_id=entry_id, half=half, player=p)
                        for p in four
                    )
        LineupSlot.objects.bulk_create(slots)
        halves = Counter(slot.player.pk for slot in slots)
        for player in players:
            player.halves_played = halves.get(player.pk, 0)
        EntryPlayer.objects.bulk_update(players, ["halves_played"])
        Tournament.count_entries([tournament.pk])
        compute_team_standings(tournament)
        for team in teams:
            self.counts.registrations += 1
            team.registration = Registration.objects.create(
                championship=championship, heat=heat, name=team.name, club_id=team.club_id,
                registered_on=team.registered_on, entry=team.entry,
            )  # fmt: skip
            RegisteredPlayer.objects.bulk_create(
                RegisteredPlayer(
                    registration=team.registration, member_id=p.member_id, captain=n == 0
                )
                for n, p in enumerate(team.players)
            )

    def penalties(self, matches: list[TeamMatch]) -> None:
        """A late arrival in minutes, converted by the scale of 003 lines 796-806, and a
        warning for a few minutes late (line 802)."""
        for match, minutes in ((matches[1], LATE_MINUTES), (matches[4], WARNED_MINUTES)):
            outcome = late_arrival(minutes)
            MatchTimePenalty.objects.create(
                match=match, kind=MatchTimePenalty.Kind.LATE, side=MatchTimePenalty.Side.AWAY,
                minutes=minutes, vp=outcome.vp,
            )  # fmt: skip
            if outcome.vp:
                gross = match_vp(match.imps_home, match.imps_away, match.boards)
                match.penalty_away = outcome.vp
                match.vp_home, match.vp_away = gross[0], gross[1] - outcome.vp
                match.save(update_fields=["penalty_away", "vp_home", "vp_away"])

    def semifinal_draw(
        self, lag: Championship, stage: Stage, heats: list[tuple[Heat, list[_Team]]]
    ) -> None:
        """Each heat's places (003 lines 571-573), the committee's spread of them over
        the semifinals (line 586), the teams' choices in their heat's order."""
        standings: list[list[_Team]] = []
        for _heat, teams in heats:
            place = {
                entry_id: p
                for entry_id, p in Standing.objects.filter(
                    entry__in=[t.entry for t in teams]
                ).values_list("entry_id", "place")
            }
            standings.append(sorted(teams, key=lambda t: (place[t.entry.pk], t.entry.number)))
        shares = semifinal_places([len(t) for t in standings], lag.semifinal_places)
        plan = semifinal_plan(sum(len(t) for t in standings))
        semifinals = plan.semifinals if plan else 5
        each = plan.teams_each if plan else 4
        names = _semifinal_names(plan, self.towns)
        for name in names:
            self.heat(stage, name, None, stage.starts_on)
        # The committee spreads each heat's places over the semifinals, the heat's
        # teams apart as far as the places allow (line 586 leaves it to TK).
        filled = [0] * semifinals
        heat_in: list[set[int]] = [set() for _ in range(semifinals)]
        spread: list[Counter[str]] = [Counter() for _ in heats]
        order = [
            (rank, k)
            for rank in range(max(shares.counts))
            for k, count in enumerate(shares.counts)
            if rank < count
        ]
        for _rank, k in order:
            free = [s for s in range(semifinals) if filled[s] < each] or list(range(semifinals))
            s = min(free, key=lambda s: (k in heat_in[s], filled[s], s))
            filled[s] += 1
            heat_in[s].add(k)
            spread[k][names[s]] += 1
        rows = []
        chosen_on = stage.starts_on - dt.timedelta(weeks=3)
        for k, ((heat, _teams), teams, placed) in enumerate(
            zip(heats, standings, shares.heats, strict=True)
        ):
            slots = {name: spread[k][name] for name in names if spread[k][name]}
            holders = teams[: placed.places]
            wishes = {t.entry.pk: self.rng.sample(list(slots), len(slots)) for t in holders}
            choices = choose_semifinals(
                slots=slots, teams=[t.entry.pk for t in holders], wishes=wishes
            )
            for team, choice, why in zip(holders, choices, placed.reasons, strict=True):
                rows.append(
                    FinalPlace(
                        championship=lag, stage=stage, heat=heat, entry=team.entry,
                        registration=team.registration, name=team.name,
                        rule=FinalPlace.Rule.SEMIFINAL, group=names.index(choice.semifinal) + 1,
                        position=len(rows) + 1,
                        reason_en=f"{why.en}; {choice.semifinal}: {choice.reason.en}"[:300],
                        reason_sv=f"{why.sv}; {choice.semifinal}: {choice.reason.sv}"[:300],
                    )
                )  # fmt: skip
            self.step(
                lag, OfficialStep.Kind.SEMIFINAL_CHOSEN, chosen_on + dt.timedelta(days=k),
                f"{heat.name}: {placed.places} places; "
                + ", ".join(f"{t.name} {c.semifinal}" for t, c in zip(holders, choices, strict=True)),
            )  # fmt: skip
        FinalPlace.objects.bulk_create(rows)
        self.counts.places += len(rows)
        self.step(
            lag, OfficialStep.Kind.CONFIRMED, chosen_on + dt.timedelta(days=len(heats)),
            f"{len(rows)} semifinal places in {semifinals} semifinals (003 lines 571-602)",
        )  # fmt: skip


# The SM final is played the summer after the DM final (003 line 348: "25 juli – 3
# augusti 2025"), a year after the season's first July.
_YEAR = dt.timedelta(weeks=52)


def _semifinal_names(plan, towns: Sequence[str]) -> list[str]:
    """The semifinals by their towns: 003 line 602 plays three in Linköping and two in
    Norrköping, ÖMBF's two biggest towns; the demo district's two biggest clubs' towns
    stand for them."""
    venues = plan.venues if plan else (("Linköping", 3), ("Norrköping", 2))
    names: list[str] = []
    for (_seed_town, count), town in zip(venues, [*towns, *towns], strict=False):
        names.extend(f"Semifinal {len(names) + 1}, {town}" for _ in range(count))
    return names


def _rad(lines: str) -> str:
    """Seed lines in Swedish: "003 lines 177, 238-276" → "003 rad 177, 238-276"."""
    return lines.replace("lines", "rad").replace("line", "rad")


def _fresh(entries: Sequence[Entry]) -> list[Entry]:
    by_pk = Entry.objects.select_related("standing").in_bulk([e.pk for e in entries])
    return [by_pk[e.pk] for e in entries]


def _ids(pair: _Pair) -> tuple[str, str]:
    return (str(pair.players[0].member_id), str(pair.players[1].member_id))


def _players(season: int, *, district_id: int) -> list[_Person]:
    """The district's active players representing its clubs in ``season`` (this
    season's when that one has no memberships), by member number."""
    rows = list(
        Membership.objects.filter(
            season=season, represents=True, club__district_id=district_id,
            member__status=Member.Status.ACTIVE,
        )
        .order_by("member__mid")
        .values_list("member_id", "club_id", "member__first_name", "member__last_name")
    )  # fmt: skip
    if not rows:
        rows = list(
            Membership.objects.filter(
                represents=True, club__district_id=district_id,
                member__status=Member.Status.ACTIVE,
            )
            .order_by("member__mid", "-season")
            .distinct()
            .values_list("member_id", "club_id", "member__first_name", "member__last_name")
        )  # fmt: skip
    seen: set[int] = set()
    people = []
    for member_id, club_id, first, last in rows:
        if member_id not in seen:
            seen.add(member_id)
            people.append(_Person(member_id, club_id, f"{first} {last}"))
    return people


def _official(district: District):
    """Who takes the demo's steps: the district official's login, else the office's
    (the first superuser), else nobody (the trail then names no one)."""
    role = (
        Role.objects.filter(kind=Role.Kind.DISTRICT_OFFICIAL, district=district)
        .select_related("member__user")
        .order_by("pk")
        .first()
    )
    if role is not None and role.member.user_id:
        return role.member.user
    return get_user_model().objects.filter(is_superuser=True).order_by("pk").first()
