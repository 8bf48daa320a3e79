"""Demo seasons: many finished tournaments, written straight to their standings.

What the award step reads is a tournament's standings and who played, so a demo
season skips traveller lines: each tournament gets one section, its entries in
place order (now and then a shared place) and the players, drawn mostly from the
organising club's own members so that players collect points over a season and
reach classes. The mix follows a federation's calendar: mostly bronze club
pairs, some silver and gold pairs, individual and team barometers.
"""

from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from members.models import Member, Membership
from members.services import current_season

from .bulk import analyze, insert_rows, reserve_ids, sync_ids
from .models import Entry, EntryPlayer, Section, Standing, Tournament


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


def build_demo_season(
    *, tournaments: int, seed: int = 1, last_day: date | None = None, days: int = 365
) -> DemoSeason:
    """Write ``tournaments`` finished tournaments played over ``days`` up to ``last_day``."""
    rng = random.Random(seed)
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
    with transaction.atomic():
        first_t = reserve_ids(Tournament, tournaments)
        first_e = reserve_ids(Entry, sum(sizes))
        first_p = reserve_ids(
            EntryPlayer, sum(s * k.players for s, k in zip(sizes, kinds, strict=True))
        )
        tournament_rows, section_rows, entry_rows, player_rows, standing_rows = [], [], [], [], []
        entry_id, player_id = first_e, first_p
        tag = f"demo-{seed}-{first_t}"
        for n, (kind, size) in enumerate(zip(kinds, sizes, strict=True)):
            tid = first_t + n
            club = rng.choices(clubs, weights)[0]
            day = last_day - timedelta(days=rng.randrange(days))
            boards = rng.randint(*kind.boards)
            tournament_rows.append(
                (
                    tid, club, f"{tag}-{n}", f"{_NAMES[kind.level]} {kind.kind} {n + 1}", day,
                    day, kind.kind, _SCORING[kind.kind], kind.level, boards, size - 1,
                    True, "demo", "done",
                )
            )  # fmt: skip
            section_rows.append((tid, tid, "A", boards))
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
                    entry_rows.append((entry_id, tid, entry_id - first_e + 1, "", False))
                    # Matchpoint percentages from about 65 % down to about 38 %, as a
                    # club field spreads; team barometers print VP instead.
                    share = Decimal(place - 1) / max(size - 1, 1)
                    percentage = (Decimal(65) - 27 * share).quantize(Decimal("0.01"))
                    if kind.kind == "teams":
                        standing_rows.append(
                            (entry_id, place, place + shared - 1, 100 - place, None)
                        )
                    else:
                        standing_rows.append(
                            (entry_id, place, place + shared - 1, percentage, percentage)
                        )
                    for _seat in range(kind.players):
                        player_rows.append((player_id, entry_id, chosen.pop()))
                        player_id += 1
                    entry_id += 1
                place += shared
        insert_rows(
            Tournament,
            (
                "id", "organiser_club_id", "event_id", "name", "start_date", "end_date", "kind",
                "scoring", "level", "boards", "rounds", "all_met_all", "source_format",
                "pipeline_status",
            ),
            tournament_rows,
        )  # fmt: skip
        insert_rows(Section, ("id", "tournament_id", "name", "boards"), section_rows)
        insert_rows(Entry, ("id", "section_id", "number", "direction", "phantom"), entry_rows)
        insert_rows(EntryPlayer, ("id", "entry_id", "member_id"), player_rows)
        insert_rows(
            Standing, ("entry_id", "place", "place_to", "score", "percentage"), standing_rows
        )
        for model in (Tournament, Section, Entry, EntryPlayer, Standing):
            sync_ids(model)
    analyze(Tournament, Section, Entry, EntryPlayer, Standing)
    return DemoSeason(tournaments, len(entry_rows), len(player_rows))


_NAMES = {"bronze": "Klubbtävling", "silver": "Silvertävling", "gold": "Guldtävling"}
_SCORING = {"pairs": "matchpoints", "individual": "matchpoints", "teams": "team_vp"}
