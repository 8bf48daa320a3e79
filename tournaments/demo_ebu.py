"""The EBU demo season: a year of an English federation's events, written straight to
their standings as ``tournaments.demo`` writes the SBF's.

Every event carries its award facts by the EBU calculator's option names
(``awards.domain.ebu.core.EbuOptions``; the results give the tables, ties and matches
won), so that the EBU rulebook awards it in the pipeline and in the season's recompute.
Source: seed ``001_4cb9a3c6036a851e.txt``: 1.4.1 (open events need a licence), 3.1.1-
3.1.2 (the smallest fields and boards that earn), 3.2 (the five status levels), 4.1
(basic events and movements), 4.2 (quali-finals), 4.5-4.6 (awards per match won), 4.7
(knock-outs), 4.8 (leagues), 4.11 (ladders), 4.12 (stratified events), chapters 5 (blue
points) and 6 (green points). How a season is drawn: docs/awards-ebu.md, "The EBU demo
season".
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta
from decimal import Decimal
from itertools import groupby

from django.db import transaction
from django.utils import timezone

from members.common.bulk import analyze, insert_rows, reserve_ids, sync_ids
from members.models import Member, Membership
from members.services import current_season

from .demo import (
    EVENT_NAMES,
    REGULAR_PLAYS,
    Progress,
    demo_matchpoints,
    matchpoint_top,
    round_robin,
    team_standings,
)
from .models import Entry, EntryPlayer, Section, Standing, TeamMatch, Tournament

# Facts drawn for one event: (rng, entries) -> award options.
Drawn = Callable[[random.Random, int], dict[str, object]]


@dataclass(frozen=True)
class Plan:
    """One kind of event in the season.

    ``form`` is how the field plays: ``howell`` (one ranking list), ``mitchell`` (N/S and
    E/W ranked apart: a two-winner movement, 4.1.4), ``robin`` (teams, every team meets
    every other), ``swiss`` (teams, the first rounds of a round robin), ``knockout``
    (teams, matches by round, 0 the preliminary round) and ``ladder``. ``boards`` are the
    event's boards, or a match's for the forms with matches. ``organiser``: the club
    itself, the county association or the national body (both at a host club, whose
    organisation holds their licences). ``licence``: the status level (1-5) of the
    granted licence the event is played under, None for none."""

    key: str
    weight: float  # per 100 tournaments
    kind: str
    form: str
    name: str
    entries: tuple[int, int]
    boards: tuple[int, int]
    facts: Mapping[str, object] = field(default_factory=dict)
    drawn: Drawn | None = None
    organiser: str = "club"
    licence: int | None = None
    blue: bool = False
    rounds: tuple[int, int] = (0, 0)  # a Swiss event's rounds
    # Asks for more than it is licensed for (no licence, or a licence that says
    # otherwise): the office's warning, or for a green event no award at all.
    deliberate: bool = False


def _quali_final(rng: random.Random, entries: int) -> dict[str, object]:
    # 4.2: the final's scale reads the original entry, two to three times the final's.
    return {"original_tables": entries // 2 * rng.randint(2, 3)}


def _pairs_final(rng: random.Random, entries: int) -> dict[str, object]:
    # 6.3.1: Scale G reads the total original entry in pairs, heats and final.
    return {"entries": entries * rng.randint(2, 4)}


def _division(rng: random.Random, entries: int) -> dict[str, object]:
    divisions = rng.randint(2, 3)
    return {"divisions": divisions, "division": rng.randint(1, divisions)}


def _games(rng: random.Random, entries: int) -> dict[str, object]:
    return {"games": rng.randint(8, 12)}


PLANS: tuple[Plan, ...] = (
    # A club's own sessions: club status, local points, no licence (1.4.1).
    Plan("club-pairs", 44, "pairs", "howell", "", (8, 30), (24, 27)),
    Plan("club-mitchell", 14, "pairs", "mitchell", "", (10, 36), (24, 27)),
    Plan("club-individual", 3, "individual", "howell", "Club Individual", (8, 20), (24, 28)),
    Plan("club-teams", 5, "teams", "robin", "Club Teams", (4, 10), (4, 8)),
    Plan(
        "club-swiss-teams", 3, "teams", "swiss", "Club Swiss Teams", (8, 20), (6, 6),
        {"boards_per_match": 6}, rounds=(6, 7),
    ),
    Plan("club-strat", 2, "pairs", "howell", "Stratified Pairs", (10, 30), (24, 26), {"strat": "A"}),
    Plan(
        "club-league", 3, "teams", "robin", "Club League", (6, 8), (12, 12),
        {"boards_per_match": 12}, drawn=_division,
    ),
    Plan(
        "club-ladder", 1, "teams", "ladder", "Club Teams Ladder", (6, 14), (24, 24),
        {"ladder": True, "movement": "teams"}, drawn=_games,
    ),
    # Licensed events (1.4.1) at the status the office gave them (3.2).
    Plan(
        "club-open", 3, "pairs", "howell", "Club Open Pairs", (10, 30), (24, 27),
        {"open": True}, licence=1,
    ),
    Plan(
        "district", 2, "pairs", "mitchell", "District Pairs", (12, 30), (26, 28),
        {"status": "district"}, licence=2,
    ),
    Plan(
        "county-pairs", 3, "pairs", "mitchell", "County Pairs Championship", (14, 40), (26, 28),
        {"status": "county"}, organiser="county", licence=3,
    ),
    Plan(
        "county-teams", 2, "teams", "robin", "County Teams Championship", (6, 10), (6, 8),
        {"status": "county"}, organiser="county", licence=3,
    ),
    Plan(
        "county-league", 1, "teams", "robin", "County League", (6, 8), (16, 16),
        {"status": "county", "boards_per_match": 16}, drawn=_division, organiser="county", licence=3,
    ),
    Plan(
        "county-knockout", 1, "teams", "knockout", "County Knock-out Teams", (10, 24), (24, 24),
        {"status": "county", "knockout": "single-teams", "boards_per_match": 24},
        organiser="county", licence=3,
    ),
    Plan(
        "congress-final", 1, "pairs", "howell", "Congress Pairs Final", (16, 40), (48, 48),
        {"status": "regional", "stage": "final"}, drawn=_quali_final, licence=4,
    ),
    Plan(
        "national", 0.5, "pairs", "mitchell", "National Pairs", (40, 80), (52, 54),
        {"status": "national", "colour": "blue"}, organiser="national", licence=5, blue=True,
    ),
    # Blue point events (chapter 5): the licence says so (5.1).
    Plan(
        "blue-pairs", 1.5, "pairs", "howell", "Congress Open Pairs", (20, 50), (26, 28),
        {"status": "regional", "colour": "blue"}, licence=4, blue=True,
    ),
    Plan(
        "blue-swiss-teams", 1, "teams", "swiss", "Congress Swiss Teams", (12, 30), (7, 7),
        {"status": "regional", "colour": "blue", "boards_per_match": 7},
        licence=4, blue=True, rounds=(6, 7),
    ),
    # Green point events (chapter 6): county events, under a county licence.
    Plan(
        "green-pairs-final", 0.7, "pairs", "howell", "County Pairs Final", (16, 30), (36, 40),
        {"event": "county-pairs-final"}, drawn=_pairs_final, organiser="county", licence=3,
    ),
    Plan(
        "green-swiss-teams", 0.7, "teams", "swiss", "County Swiss Teams (green points)",
        (10, 30), (6, 6), {"event": "swiss-teams", "boards_per_match": 6},
        organiser="county", licence=3, rounds=(6, 7),
    ),
    # Deliberately short of the licence they need (module docstring of
    # awards.domain.ebu.licensed): the office's warnings, and one refusal.
    Plan(
        "unlicensed-county", 0.3, "pairs", "howell", "Open Pairs", (10, 24), (24, 27),
        {"status": "county", "open": True}, deliberate=True,
    ),
    Plan(
        "unlicensed-blue", 0.2, "pairs", "howell", "Blue Point Pairs", (10, 24), (24, 27),
        {"status": "regional", "colour": "blue"}, deliberate=True,
    ),
    Plan(
        "licence-says-less", 0.2, "pairs", "mitchell", "Regional Pairs", (12, 24), (26, 27),
        {"status": "regional"}, licence=3, deliberate=True,
    ),
    Plan(
        "unlicensed-green", 0.2, "teams", "swiss", "Swiss Teams (green points asked)", (10, 20),
        (6, 6), {"event": "swiss-teams", "boards_per_match": 6}, organiser="county",
        rounds=(6, 7), deliberate=True,
    ),
)  # fmt: skip
PLAN = {plan.key: plan for plan in PLANS}
DRAWN = PLANS


@dataclass(frozen=True)
class Venues:
    """Where the season's events may be played: the host club of each county's
    association (by county id) and of the national body (None: the biggest club), and
    the days on which a club is already licensed (``(club id, day)``: every event of
    that club on that day would be awarded by that licence)."""

    county_hosts: Mapping[int, int] = field(default_factory=dict)
    national_host: int | None = None
    licensed: frozenset[tuple[int, date]] = frozenset()


@dataclass(frozen=True)
class LicenceNeed:
    """A licence the season's event is played under (the licences' demo writes it)."""

    tournament_id: int
    club_id: int
    event_name: str
    day: date
    status: int
    blue_points: bool
    tables: int
    plan: str


@dataclass(frozen=True)
class EbuDemoSeason:
    tournaments: int
    entries: int
    players: int
    licences: tuple[LicenceNeed, ...]
    plans: Mapping[int, str]  # tournament id -> plan key


@dataclass
class _Pools:
    """Who plays: the members of each club and county, everybody, and the members with
    a login (the demo's logins), who play most of their club's events."""

    by_club: dict[int, list[int]]
    by_county: dict[int, list[int]]
    everyone: list[int]
    regulars: dict[int, list[int]]  # by club
    county_regulars: dict[int, list[int]]
    county_of: dict[int, int]


def build_ebu_season(
    *,
    tournaments: int,
    seed: int = 1,
    venues: Venues | None = None,
    last_day: date | None = None,
    days: int = 365,
    plans: Sequence[str] = (),
    progress: Progress | None = None,
) -> EbuDemoSeason:
    """Write ``tournaments`` finished EBU events played over ``days`` up to ``last_day``
    and return the licences they are played under (written by
    ``tournaments.licences.demo_ebu``). ``plans``: the keys of the plans to draw from
    (by default every plan the rulebook awards). The same ``seed`` and registry give
    the same season."""
    rng = random.Random(seed)
    venues = venues or Venues()
    last_day = last_day or timezone.localdate()
    pools = _pools()
    clubs = [c for c, members in pools.by_club.items() if len(members) >= 8]
    if not clubs:
        raise ValueError("no club with members: load the demo federation first (seed_demo)")
    hosts: dict[int, int] = {}
    for county in pools.by_county:
        host = venues.county_hosts.get(county)
        # A host club without members of its own is no venue: the county's biggest is.
        hosts[county] = host if host in pools.county_of else _biggest(pools, county)
    national = venues.national_host
    if national not in pools.county_of:
        national = max(clubs, key=lambda c: (len(pools.by_club[c]), -c))
    # Clubs that host no association: a club-run licence is the club's own organisation's.
    hosting = {*hosts.values(), national}
    own = [c for c in clubs if c not in hosting] or clubs
    drawn = _draw_plans(rng, tournaments, tuple(PLAN[key] for key in plans) or DRAWN)
    sizes = [_size(rng, plan) for plan in drawn]
    places = _places(rng, drawn, pools, own, hosts, national, venues, last_day, days)
    match_rng = random.Random(f"ebu-demo-matches-{seed}")
    number_rng = random.Random(f"ebu-demo-numbers-{seed}")
    step = max(1, tournaments // 100)
    with transaction.atomic():
        first_t = reserve_ids(Tournament, tournaments)
        first_e = reserve_ids(Entry, sum(sizes))
        first_p = reserve_ids(
            EntryPlayer, sum(s * _PLAYERS[p.kind] for s, p in zip(sizes, drawn, strict=True))
        )
        # At most a round robin's matches (a knock-out, a Swiss play fewer).
        teams = [s for s, p in zip(sizes, drawn, strict=True) if p.kind == "teams"]
        first_m = reserve_ids(TeamMatch, sum(s * (s - 1) // 2 for s in teams))
        rows = _Rows(first_e, first_p, first_m)
        licences: list[LicenceNeed] = []
        keys: dict[int, str] = {}
        tag = f"ebu-demo-{seed}-{first_t}"
        for n, (plan, size, (club, day)) in enumerate(zip(drawn, sizes, places, strict=True)):
            if progress and n % step == 0:
                progress("draw", n, tournaments)
            tid = first_t + n
            keys[tid] = plan.key
            facts = {**plan.facts, **(plan.drawn(rng, size) if plan.drawn else {})}
            county = pools.county_of[club]
            players = _players(rng, plan, size * _PLAYERS[plan.kind], club, county, pools)
            boards, rounds = rows.event(plan, tid, size, rng, match_rng, number_rng, players)
            name = plan.name or EVENT_NAMES["en"]["weekdays"][day.weekday()]
            rows.tournaments.append(
                (
                    tid, club, f"{tag}-{n}", name, day, day, plan.kind, _SCORING[plan.form],
                    boards, rounds, plan.form in ("howell", "mitchell", "robin"), "demo", "done",
                    facts,
                )
            )  # fmt: skip
            rows.sections.append((tid, tid, "A", _MOVEMENT[plan.form], boards))
            if plan.licence:
                licences.append(
                    LicenceNeed(
                        tournament_id=tid,
                        club_id=club,
                        event_name=name,
                        day=day,
                        status=plan.licence,
                        blue_points=plan.blue,
                        tables=_tables(plan, size),
                        plan=plan.key,
                    )
                )
        if progress:
            progress("draw", tournaments, tournaments)
        rows.write(progress)
    analyze(Tournament, Section, Entry, EntryPlayer, Standing, TeamMatch)
    if progress:
        progress("write", 6, 6)
    return EbuDemoSeason(tournaments, len(rows.entries), len(rows.players), tuple(licences), keys)


_PLAYERS = {"pairs": 2, "teams": 4, "individual": 1}
_SCORING = {
    "howell": "matchpoints", "mitchell": "matchpoints", "ladder": "matchpoints",
    "robin": "team_vp", "swiss": "team_vp", "knockout": "team_vp",
}  # fmt: skip
_MOVEMENT = {
    "howell": "howell", "mitchell": "mitchell", "ladder": "",
    "robin": "teams", "swiss": "teams", "knockout": "teams",
}  # fmt: skip


def _draw_plans(rng: random.Random, tournaments: int, among: tuple[Plan, ...]) -> list[Plan]:
    """Every plan once when there is room (so that a small season shows them all), the
    rest by weight, in a random order."""
    plans = list(among) if tournaments >= len(among) else []
    plans += rng.choices(among, [p.weight for p in among], k=tournaments - len(plans))
    rng.shuffle(plans)
    return plans


def _size(rng: random.Random, plan: Plan) -> int:
    size = rng.randint(*plan.entries)
    if plan.form == "mitchell":
        size += size % 2  # as many N/S as E/W pairs
    return size


def _tables(plan: Plan, size: int) -> int:
    """Tables as the licence application expects them."""
    return size if plan.kind == "teams" else max(1, size * _PLAYERS[plan.kind] // 4)


def _pools() -> _Pools:
    by_club: dict[int, list[int]] = defaultdict(list)
    by_county: dict[int, list[int]] = defaultdict(list)
    county_of: dict[int, int] = {}
    for member_id, club_id, county_id in (
        Membership.objects.filter(
            represents=True, season=current_season(), member__status=Member.Status.ACTIVE
        )
        .order_by("member_id")
        .values_list("member_id", "club_id", "club__district_id")
    ):
        by_club[club_id].append(member_id)
        by_county[county_id].append(member_id)
        county_of[club_id] = county_id
    with_login = set(Member.objects.filter(user__isnull=False).values_list("pk", flat=True))
    regulars = {c: [m for m in members if m in with_login] for c, members in by_club.items()}
    county_regulars: dict[int, list[int]] = defaultdict(list)
    for club, members in regulars.items():
        county_regulars[county_of[club]].extend(members)
    everyone = [m for members in by_club.values() for m in members]
    return _Pools(dict(by_club), dict(by_county), everyone, regulars, county_regulars, county_of)


def _biggest(pools: _Pools, county: int) -> int:
    return max(
        (c for c, k in pools.county_of.items() if k == county),
        key=lambda c: (len(pools.by_club[c]), -c),
    )


def _places(
    rng: random.Random,
    plans: list[Plan],
    pools: _Pools,
    own: list[int],
    hosts: Mapping[int, int],
    national: int,
    venues: Venues,
    last_day: date,
    days: int,
) -> list[tuple[int, date]]:
    """(organiser club, day) of each event. A licence covers every event its club plays
    on its days (``awards.services.licence_seen``), so a licensed event has its club's
    day to itself, and no other event is played at a club on a day it is licensed."""
    weights = [len(pools.by_club[c]) for c in own]
    counties = sorted(hosts)
    county_weights = [len(pools.by_county[c]) for c in counties]
    licensed = set(venues.licensed)
    out: list[tuple[int, date] | None] = [None] * len(plans)
    # The licensed events first, each on a day of its own at its club.
    order = sorted(range(len(plans)), key=lambda n: plans[n].licence is None)
    for n in order:
        plan = plans[n]
        if plan.organiser == "county":
            club = hosts[rng.choices(counties, county_weights)[0]]
        elif plan.organiser == "national":
            club = national
        else:
            club = rng.choices(own, weights)[0]
        day = _free_day(rng, club, licensed, last_day, days)
        if day is None:  # the club's year is licensed through: another club
            club = rng.choice(own)
            day = _free_day(rng, club, licensed, last_day, days) or last_day
        if plan.licence:
            licensed.add((club, day))
        out[n] = (club, day)
    return [place for place in out if place is not None]


def _free_day(
    rng: random.Random, club: int, taken: set[tuple[int, date]], last_day: date, days: int
) -> date | None:
    for _ in range(20):
        day = last_day - timedelta(days=rng.randrange(days))
        if (club, day) not in taken:
            return day
    free = [
        last_day - timedelta(days=d)
        for d in range(days)
        if (club, last_day - timedelta(days=d)) not in taken
    ]
    return rng.choice(free) if free else None


def _players(
    rng: random.Random, plan: Plan, need: int, club: int, county: int, pools: _Pools
) -> list[int]:
    """``need`` different members: a club's event mostly its own members (its regulars
    most of the time), a county's the county's, a national one anybody's."""
    if plan.organiser == "national":
        local, regulars = pools.everyone, []
    elif plan.organiser == "county":
        local, regulars = pools.by_county[county], pools.county_regulars.get(county, [])
    else:
        local, regulars = pools.by_club[club], pools.regulars.get(club, [])
    chosen = [m for m in regulars if rng.random() < REGULAR_PLAYS][:need]
    seen = set(chosen)
    for member in rng.sample(local, min(len(local), need * 2 // 3)):
        if member not in seen:
            seen.add(member)
            chosen.append(member)
    while len(chosen) < need:
        member = rng.choice(pools.everyone)
        if member not in seen:
            seen.add(member)
            chosen.append(member)
    chosen = chosen[:need]
    rng.shuffle(chosen)
    return chosen


class _Rows:
    """The season's rows as they are drawn, and their writing."""

    def __init__(self, first_entry: int, first_player: int, first_match: int) -> None:
        self.entry_id, self.player_id, self.first_match = first_entry, first_player, first_match
        self.tournaments: list[tuple] = []
        self.sections: list[tuple] = []
        self.entries: list[tuple] = []
        self.players: list[tuple] = []
        self.standings: list[tuple] = []
        self.matches: list[tuple] = []

    def event(
        self,
        plan: Plan,
        tid: int,
        size: int,
        rng: random.Random,
        match_rng: random.Random,
        number_rng: random.Random,
        players: list[int],
    ) -> tuple[int, int]:
        """The entries, players, standings and matches of one event; its (boards,
        rounds) as the tournament row states them."""
        per = _PLAYERS[plan.kind]
        boards = rng.randint(*plan.boards)
        if plan.form == "mitchell":
            half = size // 2
            for direction in ("NS", "EW"):
                self._field(tid, half, boards, per, rng, number_rng, players, direction)
            return boards, half
        if plan.form in ("howell", "ladder"):
            self._field(tid, size, boards, per, rng, number_rng, players, "")
            # A ladder's entries play different games: no one count of boards (4.11
            # awards by the games, ``games``).
            return (0, 0) if plan.form == "ladder" else (boards, size - 1)
        placed = self._teams(tid, size, per, number_rng, players)
        if plan.form == "knockout":
            # A team plays until it loses: no one count of boards (4.7 awards per match
            # won, by the match's boards, ``boards_per_match``).
            return 0, self._knockout(tid, placed, boards, match_rng)
        matches = round_robin(match_rng, tid, placed, boards)
        if plan.form == "swiss":
            played = rng.randint(*plan.rounds)
            matches = [m for m in matches if m[1] <= played]
        rounds = max(m[1] for m in matches)
        for row in matches:
            self.matches.append((self.first_match + len(self.matches), *row))
        self.standings.extend(team_standings([entry for entry, _p in placed], matches))
        return boards * rounds, rounds

    def _field(
        self,
        tid: int,
        size: int,
        boards: int,
        per: int,
        rng: random.Random,
        number_rng: random.Random,
        players: list[int],
        direction: str,
    ) -> None:
        """One ranking list (a field, or one direction of a Mitchell): places with now
        and then a tie (3.5), matchpoints as tournaments.demo gives them."""
        numbers = list(range(1, size + 1))
        number_rng.shuffle(numbers)
        # A direction of a Mitchell plays its boards at ``size`` tables.
        top = matchpoint_top(size * (2 if direction else 1), per) * boards
        # The scales count full tables only (4.1.3): a tie reaching the pair or player
        # of a part table would run past the field the calculator ranks (3.5).
        ranked = size if direction else size - size % (4 // per)
        place, written = 1, 0
        while place <= size:
            shared = 2 if place < ranked and rng.random() < 0.05 else 1
            for _ in range(shared):
                self.entries.append((self.entry_id, tid, numbers[written], direction, False))
                self.standings.append(
                    (self.entry_id, place, place + shared - 1, *demo_matchpoints(place, size, top))
                )
                for _seat in range(per):
                    self.players.append((self.player_id, self.entry_id, players.pop()))
                    self.player_id += 1
                self.entry_id += 1
                written += 1
            place += shared

    def _teams(
        self, tid: int, size: int, per: int, number_rng: random.Random, players: list[int]
    ) -> list[tuple[int, int]]:
        """The teams, strongest first: (entry, strength place)."""
        numbers = list(range(1, size + 1))
        number_rng.shuffle(numbers)
        placed = []
        for n in range(size):
            self.entries.append((self.entry_id, tid, numbers[n], "", False))
            for _seat in range(per):
                self.players.append((self.player_id, self.entry_id, players.pop()))
                self.player_id += 1
            placed.append((self.entry_id, n + 1))
            self.entry_id += 1
        return placed

    def _knockout(
        self, tid: int, placed: list[tuple[int, int]], boards: int, rng: random.Random
    ) -> int:
        """A single-elimination knock-out (4.7): a preliminary round (0) brings the
        field to a power of two, then rounds 1, 2, ... to the final. The winner of a
        match goes on (IMPs only: a knock-out match is not drawn); the standings place
        the teams by the round they went out in. Returns the rounds a finalist played."""
        strength = {entry: place for entry, place in placed}
        alive = [entry for entry, _place in placed]
        full = 1 << (len(alive).bit_length() - 1)
        out_in: dict[int, int] = {}  # entry -> the round it lost
        wins: Counter[int] = Counter()
        round_ = 0 if full < len(alive) else 1
        while len(alive) > 1:
            if round_ == 0:
                # The weakest 2 x (teams - full) play off; the others have a bye.
                playing = alive[len(alive) - 2 * (len(alive) - full) :]
                through = alive[: len(alive) - len(playing)]
            else:
                playing, through = alive, []
            half = len(playing) // 2
            winners = []
            for i in range(half):
                home, away = playing[i], playing[-1 - i]
                edge = (strength[away] - strength[home]) / len(placed)
                won = home if rng.random() < 0.5 + 0.4 * edge else away
                lost = away if won == home else home
                base, margin = rng.randint(boards, 3 * boards), rng.randint(1, 2 * boards)
                imps = (base + margin, base) if won == home else (base, base + margin)
                match = (tid, round_, home, away, boards, *imps, None, None)
                self.matches.append((self.first_match + len(self.matches), *match))
                winners.append(won)
                wins[won] += 1
                out_in[lost] = round_
            alive = through + sorted(winners, key=lambda e: strength[e])
            round_ += 1
        last = round_ - 1
        # Place by the round a team went out in, the winner first; teams out in the
        # same round share the place.
        lasted = {entry: out_in.get(entry, last + 1) for entry in strength}
        place = 1
        for _round, teams in groupby(sorted(lasted, key=lambda e: -lasted[e]), key=lasted.get):
            group = list(teams)
            self.standings.extend(
                (e, place, place + len(group) - 1, Decimal(wins[e]), None) for e in group
            )
            place += len(group)
        return last + (1 if full < len(placed) else 0)

    def write(self, progress: Progress | None) -> None:
        entries = Counter(section for _id, section, *_rest in self.entries)
        insert_rows(
            Tournament,
            (
                "id", "organiser_club_id", "event_id", "name",
                "start_date", "end_date", "kind", "scoring", "boards", "rounds", "all_met_all",
                "source_format", "pipeline_status", "award_options", "entries_count",
            ),
            [(*row, entries[row[0]]) for row in self.tournaments],
        )  # fmt: skip
        if progress:
            progress("write", 1, 6)
        insert_rows(Section, ("id", "tournament_id", "name", "movement", "boards"), self.sections)
        insert_rows(Entry, ("id", "section_id", "number", "direction", "phantom"), self.entries)
        if progress:
            progress("write", 3, 6)
        insert_rows(EntryPlayer, ("id", "entry_id", "member_id"), self.players)
        if progress:
            progress("write", 4, 6)
        insert_rows(
            Standing, ("entry_id", "place", "place_to", "score", "percentage"), self.standings
        )
        if progress:
            progress("write", 5, 6)
        insert_rows(
            TeamMatch,
            (
                "id", "tournament_id", "round", "home_id", "away_id", "boards", "imps_home",
                "imps_away", "vp_home", "vp_away",
            ),
            self.matches,
        )  # fmt: skip
        for model in (Tournament, Section, Entry, EntryPlayer, Standing, TeamMatch):
            sync_ids(model)
