"""A DM Lag season built for the tests: heats with team matches and line-ups, two
semifinals, a final (seed 003 lines 494-720)."""

import datetime as dt
from decimal import Decimal

from members.models import Membership
from members.tests.factories import ClubFactory, DistrictFactory, MemberFactory
from tournaments.championships.models import Championship, Heat, Stage
from tournaments.models import Entry, EntryPlayer, LineupSlot, Section, TeamMatch, Tournament
from tournaments.teams import compute_team_standings

SEASON = 2024


def series(
    name: str,
    teams: list[tuple[str, list]],
    *,
    boards: int = 20,
    halves: int = 2,
    day: dt.date = dt.date(2024, 11, 2),
) -> Tournament:
    """A single round robin; the team listed first wins every match (15-5 VP, 40-20
    IMPs), the next beats all below it, and so on. ``teams``: (name, members)."""
    tournament = Tournament.objects.create(
        event_id=name, name=name, start_date=day, end_date=day, kind="teams",
        scoring="team_vp", level="silver", boards=boards * (len(teams) - 1),
    )  # fmt: skip
    section = Section.objects.create(tournament=tournament, name="A")
    entries = []
    for number, (team, members) in enumerate(teams, start=1):
        entry = Entry.objects.create(section=section, number=number, name=team)
        players = [EntryPlayer.objects.create(entry=entry, member=m) for m in members]
        entries.append((entry, players))
    round_ = 0
    for i, (home, home_players) in enumerate(entries):
        for away, away_players in entries[i + 1 :]:
            round_ += 1
            match = TeamMatch.objects.create(
                tournament=tournament, round=round_, home=home, away=away, boards=boards,
                imps_home=Decimal(40), imps_away=Decimal(20), vp_home=Decimal(15),
                vp_away=Decimal(5),
            )  # fmt: skip
            for half in range(1, halves + 1):
                for entry, players in ((home, home_players), (away, away_players)):
                    for player in players[:4]:
                        LineupSlot.objects.create(
                            match=match, entry=entry, half=half, player=player
                        )
    compute_team_standings(tournament)
    return tournament


def members(club, n: int = 4) -> list:
    out = []
    for _ in range(n):
        member = MemberFactory()
        Membership.objects.create(member=member, club=club, season=SEASON, represents=True)
        out.append(member)
    return out


def build_dm_lag() -> Championship:
    """Heats A (5 teams) and B (4 teams), 8 semifinal places: shares 4.444 and 3.556, so
    4 + 3 and the last place to heat B's decimals: 4 and 4 (003 line 573). "B2" fields a
    player of another district's club (line 405). Two semifinals of four; the final of
    those eight (line 614: with fewer semifinals the committee fills the final); three SM
    places."""
    district = DistrictFactory()
    outside_club = ClubFactory(district=DistrictFactory())
    club_a, club_b = ClubFactory(district=district), ClubFactory(district=district)
    championship = Championship.objects.create(
        district=district, season=SEASON, discipline="open", form="teams", name="DM Lag Open",
        semifinal_places=8, sm_places=3,
    )  # fmt: skip
    heats = Stage.objects.create(championship=championship, kind=Stage.Kind.CLUB_HEATS)
    roster = {}
    for prefix, club, count in (("A", club_a, 5), ("B", club_b, 4)):
        for n in range(1, count + 1):
            team = f"{prefix}{n}"
            roster[team] = members(club, 3) + (
                members(outside_club, 1) if team == "B2" else members(club, 1)
            )
    for prefix, club, count in (("A", club_a, 5), ("B", club_b, 4)):
        teams = [(f"{prefix}{n}", roster[f"{prefix}{n}"]) for n in range(1, count + 1)]
        Heat.objects.create(
            stage=heats, name=f"Heat {prefix}", club=club, day=dt.date(2024, 11, 2),
            tournament=series(f"Heat {prefix}", teams, boards=28 if prefix == "A" else 20),
        )  # fmt: skip
    return championship


def play_semifinals(championship: Championship, groups: list[list[str]]) -> None:
    """The semifinals played, each group's teams in the order they finish."""
    roster = _roster(championship)
    stage, _ = Stage.objects.get_or_create(championship=championship, kind=Stage.Kind.SEMIFINALS)
    for number, group in enumerate(groups, start=1):
        Heat.objects.create(
            stage=stage, name=f"Semifinal {number}", day=dt.date(2025, 1, 25),
            tournament=series(
                f"Semifinal {number}", [(t, roster[t]) for t in group],
                day=dt.date(2025, 1, 25),
            ),
        )  # fmt: skip


def play_final(championship: Championship, order: list[str]) -> None:
    roster = _roster(championship)
    stage, _ = Stage.objects.get_or_create(championship=championship, kind=Stage.Kind.FINAL)
    Heat.objects.create(
        stage=stage, name="Final", day=dt.date(2025, 3, 8),
        tournament=series("Final", [(t, roster[t]) for t in order], day=dt.date(2025, 3, 8)),
    )  # fmt: skip


def _roster(championship: Championship) -> dict[str, list]:
    roster: dict[str, list] = {}
    for player in EntryPlayer.objects.filter(
        entry__section__tournament__heat__stage__championship=championship,
        entry__section__tournament__heat__stage__kind=Stage.Kind.CLUB_HEATS,
    ).select_related("entry", "member"):
        roster.setdefault(player.entry.name, []).append(player.member)
    return roster
