"""Who may play for a DM Lag team.

Source: seed ``003_796cec548aee39db.txt``, DM-TÄVLINGAR, LAG, "Lag och spelare":

- line 401: at most eight players in a team, at most six of them in one match;
- line 403: a team may qualify in the district only if its members from the district's
  clubs are not fewer than from any other district; otherwise ÖMBF TK's dispensation,
  given in advance;
- line 405 (and 472, 476): a team that ever fields a player of a club outside the
  district plays only for the SM semifinal places: no DM title, plaques or bonus;
- line 409: a player plays in one team only, and is a member of a team once they have
  played a half for it;
- line 411: from the SM semifinal a team has at most six players: one that used more
  names its six, one that used fewer may add players up to six, one that used six may
  not change;
- line 415: no reserves (the eight of line 401 are the team).

The functions take plain data: per team, the halves it played, each with its players as
(member, district) pairs; a district of None is a player with no representation club
known for the season, who is not of the district's clubs (line 476 asks every member to
have one there). The committee's readings are in docs/district-championships.md.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final

MAX_TEAM_PLAYERS: Final = 8  # 003 line 401: "maximalt åtta (8) spelare"; line 415
MAX_MATCH_PLAYERS: Final = 6  # 003 line 401: "högst sex (6) spelare ... en och samma match"
SM_TEAM_PLAYERS: Final = 6  # 003 line 411: "Fr.o.m. SM Lag Semifinal ... maximalt sex (6)"

Player = tuple[Hashable, Hashable | None]  # (member, district of the representation club)


@dataclass(frozen=True)
class Half:
    """The players of one team in one half of one match. ``match`` None: no line-ups were
    reported, so the team's entered players, as having played (the rulebook's reading of
    unknown counts); the per-match limit is then not checked."""

    match: Hashable | None
    half: int
    players: tuple[Player, ...]


@dataclass(frozen=True)
class Finding:
    code: str
    en: str
    sv: str


@dataclass(frozen=True)
class TeamCheck:
    members: dict[Hashable, Hashable | None]  # who played a half, and their district
    findings: tuple[Finding, ...]
    needs_dispensation: bool  # line 403
    sm_only: bool  # line 405: a player of a club outside the district

    @property
    def district_team(self) -> bool:
        """Every member of a club of the district: plays for the DM title (lines 405, 476)."""
        return not self.sm_only


def members_of(halves: Sequence[Half]) -> dict[Hashable, Hashable | None]:
    """The team's members: whoever played at least one half for it (003 line 409)."""
    members: dict[Hashable, Hashable | None] = {}
    for half in halves:
        for member, district in half.players:
            members.setdefault(member, district)
    return members


def check_team(halves: Sequence[Half], *, district: Hashable) -> TeamCheck:
    """One team's limits and its standing in the district (003 lines 401-415)."""
    members = members_of(halves)
    findings: list[Finding] = []
    if len(members) > MAX_TEAM_PLAYERS:
        findings.append(
            Finding(
                "team_players",
                f"{len(members)} players have played for the team; a team has at most "
                f"{MAX_TEAM_PLAYERS} and no reserves (003 lines 401, 415)",
                f"{len(members)} spelare har spelat för laget; ett lag har högst "
                f"{MAX_TEAM_PLAYERS} och inga reserver (003 rad 401, 415)",
            )
        )
    per_match: dict[Hashable, set[Hashable]] = defaultdict(set)
    for half in halves:
        if half.match is not None:
            per_match[half.match].update(member for member, _d in half.players)
    crowded = sum(1 for players in per_match.values() if len(players) > MAX_MATCH_PLAYERS)
    if crowded:
        findings.append(
            Finding(
                "match_players",
                f"more than {MAX_MATCH_PLAYERS} players in {crowded} match(es); at most "
                f"{MAX_MATCH_PLAYERS} play in one match (003 line 401)",
                f"fler än {MAX_MATCH_PLAYERS} spelare i {crowded} match(er); högst "
                f"{MAX_MATCH_PLAYERS} får delta i en och samma match (003 rad 401)",
            )
        )
    needs = needs_dispensation(members, district=district)
    if needs:
        findings.append(
            Finding(
                "dispensation",
                "fewer members from the district's clubs than from another district: "
                "the team needs the committee's dispensation given in advance (003 line 403)",
                "färre lagmedlemmar från distriktets klubbar än från ett annat distrikt: "
                "laget behöver dispens från TK i förväg (003 rad 403)",
            )
        )
    outside = any(d != district for d in members.values())
    if outside:
        findings.append(
            Finding(
                "sm_only",
                "has fielded a player of a club outside the district: plays only for the "
                "SM semifinal places, not for the DM title or bonus (003 lines 405, 472)",
                "har använt spelare från klubb utanför distriktet: spelar endast om "
                "SM-semifinalplatser, inte om DM-titeln eller bonus (003 rad 405, 472)",
            )
        )
    return TeamCheck(members, tuple(findings), needs, outside)


def with_dispensation(check: TeamCheck) -> TeamCheck:
    """The check once the committee gave its dispensation (line 403): the team may play,
    and the page says on what ground."""
    if not check.needs_dispensation:
        return check
    kept = tuple(f for f in check.findings if f.code != "dispensation")
    given = Finding(
        "dispensation_given",
        "plays by the committee's dispensation (003 line 403)",
        "spelar med dispens från TK (003 rad 403)",
    )
    return replace(check, findings=(*kept, given))


def needs_dispensation(members: Mapping[Hashable, Hashable | None], *, district: Hashable) -> bool:
    """Line 403: the members from the district's clubs are fewer than from some other
    district. Players with no club known count for no district."""
    counts = Counter(d for d in members.values() if d is not None)
    own = counts.pop(district, 0)
    return any(n > own for n in counts.values())


def check_teams(
    teams: Mapping[Hashable, Sequence[Half]], *, district: Hashable
) -> dict[Hashable, TeamCheck]:
    """Every team's check, with a player who has played for two teams named in both
    (003 line 409: a player plays in one team only). ``teams`` may span several heats:
    the rule holds for the whole championship."""
    checks = {team: check_team(halves, district=district) for team, halves in teams.items()}
    teams_of: dict[Hashable, list[Hashable]] = defaultdict(list)
    for team, check in checks.items():
        for member in check.members:
            teams_of[member].append(team)
    for team, check in checks.items():
        twice = sorted(str(m) for m in check.members if len(teams_of[m]) > 1)
        if twice:
            listed = ", ".join(twice)
            checks[team] = TeamCheck(
                check.members,
                (
                    *check.findings,
                    Finding(
                        "one_team",
                        f"has played for another team too: {listed}; a player plays in "
                        "one team only (003 line 409)",
                        f"har även spelat för ett annat lag: {listed}; en spelare får inte "
                        "delta i fler lag än ett (003 rad 409)",
                    ),
                ),
                check.needs_dispensation,
                check.sm_only,
            )
    return checks


@dataclass(frozen=True)
class SmSix:
    """What a team must do before the SM semifinal (003 line 411)."""

    code: str  # "name_six", "may_add", "fixed"
    en: str
    sv: str


def sm_six(used: int) -> SmSix:
    """Line 411: from the SM semifinal a team is at most six players."""
    if used > SM_TEAM_PLAYERS:
        return SmSix(
            "name_six",
            f"used {used} players: names which {SM_TEAM_PLAYERS} go on before the SM "
            "semifinal (003 line 411)",
            f"har använt {used} spelare: anger före SM-semifinalen vilka {SM_TEAM_PLAYERS} "
            "som fortsätter (003 rad 411)",
        )
    if used < SM_TEAM_PLAYERS:
        return SmSix(
            "may_add",
            f"used {used} players: may add up to {SM_TEAM_PLAYERS - used} before the SM "
            "semifinal (003 line 411)",
            f"har använt {used} spelare: får komplettera med upp till "
            f"{SM_TEAM_PLAYERS - used} före SM-semifinalen (003 rad 411)",
        )
    return SmSix(
        "fixed",
        f"used {SM_TEAM_PLAYERS} players: may not change any of them (003 line 411)",
        f"har använt {SM_TEAM_PLAYERS} spelare: får inte byta ut någon (003 rad 411)",
    )


def sm_six_problems(used: Collection[Hashable], named: Collection[Hashable]) -> list[str]:
    """The six a team names for the SM semifinal against the players it used in the
    qualification (line 411); empty when allowed. English text (the office's check)."""
    used_set, named_set = set(used), set(named)
    problems = []
    if len(named_set) > SM_TEAM_PLAYERS:
        problems.append(f"at most {SM_TEAM_PLAYERS} players, not {len(named_set)}")
    if len(used_set) > SM_TEAM_PLAYERS and not named_set <= used_set:
        problems.append("a team that used more than six names its six among them")
    if len(used_set) < SM_TEAM_PLAYERS and not used_set <= named_set:
        problems.append("a team that used fewer than six keeps them and only adds")
    if len(used_set) == SM_TEAM_PLAYERS and named_set != used_set:
        problems.append("a team that used six may not change any of them")
    return problems
