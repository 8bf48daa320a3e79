"""Team events for the handicap: every team match is one competition.

Seed ``002_4426357e9a32e88f.txt``, 3.3.3.1 "Single match or half" (lines 231-248)
and section 2 (lines 41, 56-60): without IAF/TAF "each match will be handled
separately", the team of four against the opponents' four. How a ``TeamMatch``
becomes a competition, and which matches are left out: docs/handicap.md, "Team events".
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from decimal import Decimal
from typing import NamedTuple

from members.common.bulk import fetch_rows
from members.models import Member
from tournaments.models import EntryPlayer, LineupSlot, Standing, TeamMatch, Tournament

from .domain.competition import Competition
from .domain.competition import Entry as FieldEntry
from .domain.policy import FORMS, IMP, TEAM_MATCH

TEAM_SIZE = FORMS[TEAM_MATCH].players


class _Seat(NamedTuple):
    """One ``EntryPlayer`` as the formula names it."""

    player: str
    entry: int
    guest: bool


def team_competitions(
    tournament_ids: Iterable[int], places: dict[str, str] | None = None
) -> dict[int, list[Competition]]:
    """The matches of these team tournaments as the formula's competitions, by
    tournament, each list sorted by competition id (decisions in docs/handicap.md,
    "Team events"). Tournaments of another kind, and matches that cannot be read, are
    left out. ``places``, when given, gets each team's place in its tournament's
    standings by entry key as text ("3", or "3-4" for a shared place)."""
    ids = sorted({int(pk) for pk in tournament_ids})
    if not ids:
        return {}
    matches = list(
        fetch_rows(
            TeamMatch.objects.filter(
                tournament_id__in=ids,
                tournament__kind=Tournament.Kind.TEAMS,
                walkover=False,
                boards__gt=0,
                home__phantom=False,
                away__phantom=False,
            )
            .order_by("tournament_id", "round", "pk")
            .values_list(
                "pk",
                "tournament_id",
                "tournament__start_date",
                "round",
                "home_id",
                "away_id",
                "boards",
                "imps_home",
                "imps_away",
                "vp_home",
                "vp_away",
                "penalty_home",
                "penalty_away",
            )  # fmt: skip
        )
    )
    if not matches:
        return {}
    teams = sorted({row[1] for row in matches})
    # match -> entry -> EntryPlayer -> the halves played
    halves: dict[int, dict[int, dict[int, set[int]]]] = defaultdict(
        lambda: defaultdict(lambda: defaultdict(set))
    )
    for match, entry, half, player in fetch_rows(
        LineupSlot.objects.filter(match__tournament_id__in=teams).values_list(
            "match_id", "entry_id", "half", "player_id"
        )
    ):
        halves[match][entry][player].add(half)
    seats: dict[int, _Seat] = {}
    roster: dict[int, list[int]] = defaultdict(list)
    for pk, entry, member, status, temporary in fetch_rows(
        EntryPlayer.objects.filter(entry__section__tournament_id__in=teams)
        .order_by("pk")
        .values_list("pk", "entry_id", "member_id", "member__status", "temporary_id")
    ):
        if member is None:
            seats[pk] = _Seat(f"t:{temporary}", entry, False)
        else:
            seats[pk] = _Seat(str(member), entry, status == Member.Status.FOREIGN_GUEST)
        roster[entry].append(pk)
    if places is not None:
        for entry, place, place_to in fetch_rows(
            Standing.objects.filter(entry__section__tournament_id__in=teams).values_list(
                "entry_id", "place", "place_to"
            )
        ):
            places[str(entry)] = str(place) if place == place_to else f"{place}-{place_to}"

    out: dict[int, list[Competition]] = defaultdict(list)
    for row in matches:
        competition = _competition(row, halves.get(row[0], {}), seats, roster)
        if competition is not None:
            out[row[1]].append(competition)
    return {tid: sorted(found, key=lambda c: c.id) for tid, found in out.items()}


def _competition(
    row: tuple,
    lineup: dict[int, dict[int, set[int]]],
    seats: dict[int, _Seat],
    roster: dict[int, list[int]],
) -> Competition | None:
    pk, tournament, day, round_, home, away, boards, imps_home, imps_away = row[:9]
    if home == away or _imps_missing(row[7:]):
        return None
    match_halves = len(
        {half for entry in (home, away) for got in lineup.get(entry, {}).values() for half in got}
    )
    sides = [
        _side(entry, boards, lineup.get(entry), match_halves, seats, roster)
        for entry in (home, away)
    ]
    if sides[0] is None or sides[1] is None:
        return None
    home_seats, away_seats = (side[0] for side in sides)
    players = [seat.player for seat in home_seats + away_seats]
    net = float(imps_home - imps_away) / boards
    return Competition(
        id=f"{tournament:012d}.{round_:03d}.{pk:010d}",
        date=day,
        form=TEAM_MATCH,
        scoring=IMP,
        boards=boards,
        entries=(
            FieldEntry(str(home), tuple(players[:TEAM_SIZE]), net, boards_played=sides[0][1]),
            FieldEntry(
                str(away),
                tuple(players[TEAM_SIZE:]),
                -net if net else 0.0,
                boards_played=sides[1][1],
            ),
        ),
        guests=frozenset(seat.player for seat in home_seats + away_seats if seat.guest),
        non_members=frozenset(p for p in players if p.startswith("t:")),
    )


def _imps_missing(values: tuple) -> bool:
    """0-0 IMPs while the VPs before penalties name a winner: the report had no IMPs."""
    imps_home, imps_away, vp_home, vp_away, penalty_home, penalty_away = values
    if imps_home or imps_away or vp_home is None or vp_away is None:
        return False
    return Decimal(vp_home) + Decimal(penalty_home) != Decimal(vp_away) + Decimal(penalty_away)


def _side(
    entry: int,
    boards: int,
    lineup: dict[int, set[int]] | None,
    match_halves: int,
    seats: dict[int, _Seat],
    roster: dict[int, list[int]],
) -> tuple[tuple[_Seat, ...], tuple[int, ...]] | None:
    """A side's four players and the boards each played; None unless exactly four."""
    if lineup:
        played = sorted(lineup)  # EntryPlayer order
        # boards * halves played / halves of the match, rounded half up, 1..boards
        counts = tuple(
            min(boards, max(1, (2 * boards * len(lineup[p]) + match_halves) // (2 * match_halves)))
            for p in played
        )
    else:
        played = roster.get(entry, [])
        counts = (boards,) * len(played)
    if len(played) != TEAM_SIZE:
        return None
    found = [seats.get(p) for p in played]
    if any(seat is None or seat.entry != entry for seat in found):
        return None  # a line-up naming another team's player: unreadable
    return tuple(found), counts  # type: ignore[arg-type]
