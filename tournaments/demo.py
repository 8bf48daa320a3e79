"""Demo seasons: many finished tournaments, written straight to their standings.

A season to try the award step and the classes on, with a federation's mix of
events. How tournaments, players and team barometers are drawn: docs/awards.md,
"Demo seasons".
"""

from __future__ import annotations

import math
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal
from functools import lru_cache
from itertools import groupby

from django.db import transaction
from django.utils import timezone

from members.common.bulk import analyze, insert_rows, reserve_ids, sync_ids
from members.models import Member, Membership
from members.services import current_season

from .domain.vp import match_vp
from .models import Entry, EntryPlayer, Section, Standing, TeamMatch, Tournament


@dataclass(frozen=True)
class Kind:
    weight: int
    kind: str
    level: str
    entries: tuple[int, int]
    boards: tuple[int, int]
    players: int


# Weights per 100 tournaments; the boards are within each level's minimum (SBF).
KINDS = (
    Kind(80, "pairs", "bronze", (8, 36), (24, 27), 2),
    Kind(9, "pairs", "silver", (16, 60), (42, 54), 2),
    Kind(2, "pairs", "gold", (30, 90), (56, 60), 2),
    Kind(5, "individual", "bronze", (12, 32), (24, 28), 1),
    Kind(4, "teams", "bronze", (6, 16), (24, 32), 4),
)


REGULAR_PLAYS = 0.6


@dataclass(frozen=True)
class DemoSeason:
    tournaments: int
    entries: int
    players: int


# What a long step reports as it goes: its name, how much is done, of how much.
Progress = Callable[[str, int, int], None]


def build_demo_season(
    *,
    tournaments: int,
    seed: int = 1,
    last_day: date | None = None,
    days: int = 365,
    language: str = "sv",
    progress: Progress | None = None,
) -> DemoSeason:
    """Write ``tournaments`` finished tournaments played over ``days`` up to ``last_day``,
    named in ``language``; ``progress`` hears of every 1 % drawn and of each table written."""
    rng = random.Random(seed)
    names = EVENT_NAMES[language]
    last_day = last_day or timezone.localdate()
    by_club: dict[int, list[int]] = defaultdict(list)
    for member_id, club_id in (
        Membership.objects.filter(
            represents=True, season=current_season(), member__status=Member.Status.ACTIVE
        )
        .order_by("member_id")
        .values_list("member_id", "club_id")
    ):
        by_club[club_id].append(member_id)
    everyone = [m for members in by_club.values() for m in members]
    with_login = set(Member.objects.filter(user__isnull=False).values_list("pk", flat=True))
    regulars = {c: [m for m in members if m in with_login] for c, members in by_club.items()}
    clubs = [c for c, members in by_club.items() if len(members) >= 8]
    if not clubs:
        raise ValueError("no club with members: load the demo federation first (seed_demo)")
    weights = [len(by_club[c]) for c in clubs]
    kinds = rng.choices(KINDS, [k.weight for k in KINDS], k=tournaments)
    sizes = [rng.randint(*k.entries) for k in kinds]
    match_rng = random.Random(f"demo-matches-{seed}")
    # Pair numbers come from a stream of their own too: the rest of a seed's season,
    # which the benchmarks load, stays as it was.
    number_rng = random.Random(f"demo-numbers-{seed}")
    step = max(1, tournaments // 100)
    with transaction.atomic():
        first_t = reserve_ids(Tournament, tournaments)
        first_e = reserve_ids(Entry, sum(sizes))
        first_p = reserve_ids(
            EntryPlayer, sum(s * k.players for s, k in zip(sizes, kinds, strict=True))
        )
        first_m = reserve_ids(
            TeamMatch,
            sum(s * (s - 1) // 2 for s, k in zip(sizes, kinds, strict=True) if k.kind == "teams"),
        )
        tournament_rows, section_rows, entry_rows, player_rows, standing_rows = [], [], [], [], []
        match_rows: list[tuple] = []
        entry_id, player_id = first_e, first_p
        tag = f"demo-{seed}-{first_t}"
        for n, (kind, size) in enumerate(zip(kinds, sizes, strict=True)):
            if progress and n % step == 0:
                progress("draw", n, tournaments)
            tid = first_t + n
            club = rng.choices(clubs, weights)[0]
            day = last_day - timedelta(days=rng.randrange(days))
            boards = rng.randint(*kind.boards)
            rounds, table, per_section = size - 1, "", boards
            if kind.kind == "teams":
                rounds = size + size % 2 - 1
                per_section = max(2, boards // (size - 1))  # boards a match
                boards = per_section * (size - 1)
                table = "B1"
            tournament_rows.append(
                (
                    tid, club, f"{tag}-{n}", _event_name(names, kind, day), day,
                    day, kind.kind, _SCORING[kind.kind], kind.level, boards, rounds,
                    True, "demo", "done", table,
                )
            )  # fmt: skip
            section_rows.append((tid, tid, "A", per_section))
            placed: list[tuple[int, int]] = []  # (entry, place) of the teams
            # A scorer numbers the pairs 1..N as they sit down, not as they finish.
            numbers = list(range(1, size + 1))
            number_rng.shuffle(numbers)
            top = matchpoint_top(size, kind.players) * boards
            local = by_club[club]
            need = size * kind.players
            # Members with a login (the demo logins) play most of their club's events,
            # so that their pages have a season to show.
            chosen = [m for m in regulars.get(club, ()) if rng.random() < REGULAR_PLAYS][:need]
            seen = set(chosen)
            for member in rng.sample(local, min(len(local), need * 2 // 3)):
                if member not in seen:
                    seen.add(member)
                    chosen.append(member)
            while len(chosen) < need:
                member = rng.choice(everyone)
                if member not in seen:
                    seen.add(member)
                    chosen.append(member)
            chosen = chosen[:need]
            rng.shuffle(chosen)  # a regular's place is as random as anybody's
            place = 1
            while place <= size:
                shared = 2 if place < size and rng.random() < 0.05 else 1
                for _ in range(shared):
                    entry_rows.append((entry_id, tid, numbers[len(placed)], "", False))
                    placed.append((entry_id, place))
                    if kind.kind != "teams":  # a barometer's standings follow its matches
                        standing_rows.append(
                            (
                                entry_id,
                                place,
                                place + shared - 1,
                                *demo_matchpoints(place, size, top),
                            )
                        )
                    for _seat in range(kind.players):
                        player_rows.append((player_id, entry_id, chosen.pop()))
                        player_id += 1
                    entry_id += 1
                place += shared
            if kind.kind == "teams":
                matches = round_robin(match_rng, tid, placed, per_section)
                for row in matches:
                    match_rows.append((first_m + len(match_rows), *row))
                standing_rows.extend(team_standings([entry for entry, _p in placed], matches))
        if progress:
            progress("draw", tournaments, tournaments)
        entries = Counter(section for _id, section, *_rest in entry_rows)
        insert_rows(
            Tournament,
            (
                "id", "organiser_club_id", "event_id", "name", "start_date", "end_date", "kind",
                "scoring", "level", "boards", "rounds", "all_met_all", "source_format",
                "pipeline_status", "award_table", "entries_count",
            ),
            # Each tournament's one section has the tournament's id; no phantom pairs.
            [(*row, entries[row[0]]) for row in tournament_rows],
        )  # fmt: skip
        if progress:
            progress("write", 1, 6)
        insert_rows(Section, ("id", "tournament_id", "name", "boards"), section_rows)
        insert_rows(Entry, ("id", "section_id", "number", "direction", "phantom"), entry_rows)
        if progress:
            progress("write", 3, 6)
        insert_rows(EntryPlayer, ("id", "entry_id", "member_id"), player_rows)
        if progress:
            progress("write", 4, 6)
        insert_rows(
            Standing, ("entry_id", "place", "place_to", "score", "percentage"), standing_rows
        )
        if progress:
            progress("write", 5, 6)
        insert_rows(
            TeamMatch,
            (
                "id", "tournament_id", "round", "home_id", "away_id", "boards", "imps_home",
                "imps_away", "vp_home", "vp_away",
            ),
            match_rows,
        )  # fmt: skip
        for model in (Tournament, Section, Entry, EntryPlayer, Standing, TeamMatch):
            sync_ids(model)
    analyze(Tournament, Section, Entry, EntryPlayer, Standing, TeamMatch)
    if progress:
        progress("write", 6, 6)
    return DemoSeason(tournaments, len(entry_rows), len(player_rows))


# Event names as clubs write them, wholly in the federation profile's language
# (members.federation): a club's weekly pairs by its weekday, the rest by level and kind.
EVENT_NAMES = {
    "sv": {
        "weekdays": (
            "Måndagsbridge", "Tisdagsbridge", "Onsdagsbridge", "Torsdagsbridge",
            "Fredagsbridge", "Lördagsbridge", "Söndagsbridge",
        ),
        ("pairs", "silver"): "Silvertävling par",
        ("pairs", "gold"): "Guldtävling par",
        ("individual", "bronze"): "Klubbtävling individuell",
        ("teams", "bronze"): "Lagserie",
    },
    "en": {
        "weekdays": (
            "Monday Pairs", "Tuesday Pairs", "Wednesday Pairs", "Thursday Pairs",
            "Friday Pairs", "Saturday Pairs", "Sunday Pairs",
        ),
        ("pairs", "silver"): "Silver Pairs",
        ("pairs", "gold"): "Gold Pairs",
        ("individual", "bronze"): "Club Individual",
        ("teams", "bronze"): "Teams League",
    },
}  # fmt: skip


def _event_name(names: dict, kind: Kind, day: date) -> str:
    if (kind.kind, kind.level) == ("pairs", "bronze"):
        return names["weekdays"][day.weekday()]
    return names[(kind.kind, kind.level)]


def matchpoint_top(size: int, players: int) -> int:
    """A board's top (topscore, 2 a result beaten) when the field plays it at every
    table: ``size`` pairs or players, four players a table."""
    tables = max(2, math.ceil(size * players / 4))
    return 2 * (tables - 1)


def demo_matchpoints(place: int, size: int, top: int) -> tuple[Decimal, Decimal]:
    """Matchpoints and percentage of ``place``: from about 65 % down to about 38 %, as a
    club field spreads; the points are whole (no Neuberg here), the percentage theirs."""
    share = Decimal(place - 1) / max(size - 1, 1)
    points = ((Decimal(65) - 27 * share) * top / 100).quantize(Decimal(1))
    return points, (100 * points / top).quantize(Decimal("0.01"))


def team_standings(teams: list[int], matches: list[tuple]) -> list[tuple]:
    """(entry, place, place_to, VP, None) of a round robin's ``matches`` rows: by total
    VP, then by IMPs won less lost; teams level on both share the place."""
    vp: dict[int, Decimal] = defaultdict(Decimal)
    imps: dict[int, Decimal] = defaultdict(Decimal)
    for _t, _round, home, away, _boards, imps_home, imps_away, vp_home, vp_away in matches:
        vp[home] += vp_home
        vp[away] += vp_away
        imps[home] += imps_home - imps_away
        imps[away] += imps_away - imps_home
    ranked = sorted(teams, key=lambda team: (-vp[team], -imps[team]))
    rows: list[tuple] = []
    place = 1
    for _level, group in groupby(ranked, key=lambda team: (vp[team], imps[team])):
        level = list(group)
        rows.extend((team, place, place + len(level) - 1, vp[team], None) for team in level)
        place += len(level)
    return rows


_SCORING = {"pairs": "matchpoints", "individual": "matchpoints", "teams": "team_vp"}


# A match's margin: on average _EDGE IMPs a board for the first team against the last
# (in proportion between), give or take _SPREAD times the root of the boards.
_EDGE = 2.5
_SPREAD = 4.0


@lru_cache(maxsize=4096)
def _vp(margin: int, boards: int) -> tuple[Decimal, Decimal]:
    """The VPs of a margin (home minus away); a season asks the same few again and again."""
    return match_vp(max(margin, 0), max(-margin, 0), boards)


def round_robin(
    rng: random.Random, tournament: int, placed: list[tuple[int, int]], boards: int
) -> list[tuple]:
    """Every team against every other once (the circle method; with an odd count
    one team sits out each round): (tournament, round, home, away, boards,
    imps_home, imps_away, vp_home, vp_away) rows."""
    size = len(placed)
    strength = {entry: (size - place) / (size - 1) for entry, place in placed}
    teams: list[int | None] = [entry for entry, _place in placed]
    if size % 2:
        teams.append(None)  # the bye
    rows = []
    half = len(teams) // 2
    for round_ in range(1, len(teams)):
        for i in range(half):
            home, away = teams[i], teams[-1 - i]
            if home is None or away is None:
                continue
            if (round_ + i) % 2:
                home, away = away, home
            mean = _EDGE * boards * (strength[home] - strength[away])
            margin = round(rng.gauss(mean, _SPREAD * math.sqrt(boards)))
            base = rng.randint(boards // 2, 2 * boards)
            imps = (base + max(margin, 0), base + max(-margin, 0))
            rows.append((tournament, round_, home, away, boards, *imps, *_vp(margin, boards)))
        teams.insert(1, teams.pop())  # the first team stays, the others move on
    return rows
