"""What a DM Lag heat (kvalheat) must be.

Source: seed ``003_796cec548aee39db.txt``, DM-TÄVLINGAR, LAG, "Villkor för att arrangera
kvalheat" (line 500: a series of at least four teams; a club arranges one heat only) and
"Antal brickor" (line 526: at least 80 boards in all; every match 8-28 boards, the same
number in all the heat's matches; line 528: 8-16 boards in one half, 21-28 in two halves,
17-20 either, but the same for the whole heat).

The committee's readings (docs/district-championships.md, "DM Lag: heats"):

- "totalt minst 80 brickor" counts the boards a team plays over the series (each team's
  matches added up; the heat meets it when its team with the fewest boards does);
- the checks read the matches reported so far, so a heat under way shows what it lacks
  so far;
- a heat that breaks a board or half rule still counts for the semifinal places (the
  seed names no sanction; the committee acts on what the page shows); a heat of fewer
  than four teams is no series and cannot share the places (line 502: its teams are
  offered a place in another heat).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Final

MIN_TEAMS: Final = 4  # 003 line 500: "minst fyra lag i varje serie"
HEATS_PER_CLUB: Final = 1  # 003 line 500: "får endast arrangera ett (1) kvalheat"
MIN_BOARDS: Final = 80  # 003 line 526: "totalt minst 80 brickor"
MATCH_BOARDS: Final = (8, 28)  # 003 line 526: "mellan 8 och 28"

# 003 line 528: the halves a match of so many boards is played in (lowest, highest
# boards, the halves allowed).
HALVES_BY_BOARDS: Final[tuple[tuple[int, int, frozenset[int]], ...]] = (
    (8, 16, frozenset({1})),  # "8-16 brickor spelas utan halvtidsbyte"
    (17, 20, frozenset({1, 2})),  # "17-20 ... kan arrangören välja", the same for all
    (21, 28, frozenset({2})),  # "21-28 brickor alltid ... i två halvlek"
)


@dataclass(frozen=True)
class Finding:
    """What the heat lacks, in both languages, with its seed line."""

    code: str
    en: str
    sv: str


@dataclass(frozen=True)
class MatchShape:
    """One match of the heat as the checks read it: the teams, the boards, and the
    halves it was played in (None: no line-ups reported, so not known)."""

    home: Hashable
    away: Hashable
    boards: int
    halves: int | None = None


@dataclass(frozen=True)
class HeatCheck:
    teams: int
    boards_per_team: int  # the fewest boards a team of the heat played (line 526)
    findings: tuple[Finding, ...]

    @property
    def valid(self) -> bool:
        return not self.findings

    @property
    def is_a_series(self) -> bool:
        """At least four teams: a heat that can share the semifinal places (line 500)."""
        return self.teams >= MIN_TEAMS


def allowed_halves(boards: int) -> frozenset[int]:
    """The halves a match of ``boards`` boards may be played in (003 line 528); empty
    outside 8-28 boards (line 526)."""
    for low, high, halves in HALVES_BY_BOARDS:
        if low <= boards <= high:
            return halves
    return frozenset()


def check_lag_heat(
    *, teams: int, matches: Sequence[MatchShape], other_heats_of_club: int = 0
) -> HeatCheck:
    """The checks of one DM Lag heat of ``teams`` teams over its reported ``matches``
    (003 lines 500, 526-528). ``other_heats_of_club``: the heats the same club arranges
    before this one in the championship (line 500 allows one)."""
    findings: list[Finding] = []
    if teams < MIN_TEAMS:
        findings.append(
            Finding(
                "teams",
                f"a heat is a series of at least {MIN_TEAMS} teams, not {teams} "
                "(003 line 500); its teams may be offered a place in another heat (line 502)",
                f"ett kvalheat är en serie med minst {MIN_TEAMS} lag, inte {teams} "
                "(003 rad 500); heatets lag kan beredas plats i annat kvalheat (rad 502)",
            )
        )
    if other_heats_of_club >= HEATS_PER_CLUB:
        findings.append(
            Finding(
                "club",
                "the organising club already arranges another heat; a club arranges "
                "only one (003 line 500)",
                "arrangerande klubb arrangerar redan ett annat kvalheat; en klubb får "
                "endast arrangera ett (003 rad 500)",
            )
        )
    per_team: dict[Hashable, int] = defaultdict(int)
    for match in matches:
        per_team[match.home] += match.boards
        per_team[match.away] += match.boards
    fewest = min(per_team.values(), default=0)
    if fewest < MIN_BOARDS:
        findings.append(
            Finding(
                "boards",
                f"a heat has at least {MIN_BOARDS} boards in all for each team; the "
                f"fewest a team has played is {fewest} (003 line 526)",
                f"ett kvalheat omfattar totalt minst {MIN_BOARDS} brickor för varje lag; "
                f"minst spelade lag har {fewest} (003 rad 526)",
            )
        )
    findings.extend(_match_findings(matches))
    return HeatCheck(teams=teams, boards_per_team=fewest, findings=tuple(findings))


def _match_findings(matches: Sequence[MatchShape]) -> list[Finding]:
    findings: list[Finding] = []
    low, high = MATCH_BOARDS
    outside = sorted({m.boards for m in matches if not low <= m.boards <= high})
    if outside:
        listed = ", ".join(str(b) for b in outside)
        findings.append(
            Finding(
                "match_boards",
                f"each match has {low}-{high} boards, not {listed} (003 line 526)",
                f"varje match omfattar {low}-{high} brickor, inte {listed} (003 rad 526)",
            )
        )
    sizes = sorted({m.boards for m in matches})
    if len(sizes) > 1:
        listed = ", ".join(str(b) for b in sizes)
        findings.append(
            Finding(
                "same_boards",
                f"every match of a heat has the same number of boards; this one has "
                f"{listed} (003 line 526)",
                f"lika många brickor i kvalheatets samtliga matcher; här {listed} (003 rad 526)",
            )
        )
    wrong = sorted(
        {
            (m.boards, m.halves)
            for m in matches
            if m.halves is not None
            and allowed_halves(m.boards)
            and m.halves not in allowed_halves(m.boards)
        }
    )
    for boards, halves in wrong:
        need = "two halves" if allowed_halves(boards) == {2} else "one half"
        need_sv = "två halvlekar" if allowed_halves(boards) == {2} else "en halvlek"
        findings.append(
            Finding(
                "halves",
                f"a match of {boards} boards is played in {need}, not {halves} (003 line 528)",
                f"en match om {boards} brickor spelas i {need_sv}, inte {halves} (003 rad 528)",
            )
        )
    chosen = {m.halves for m in matches if m.halves is not None and 17 <= m.boards <= 20}
    if len(chosen) > 1:
        findings.append(
            Finding(
                "same_halves",
                "with 17-20 boards the organiser chooses one or two halves, the same for "
                "every match of the heat; this one has both (003 line 528)",
                "vid 17-20 brickor väljer arrangören en eller två halvlekar, samma för "
                "kvalheatets samtliga matcher; här förekommer båda (003 rad 528)",
            )
        )
    return findings
