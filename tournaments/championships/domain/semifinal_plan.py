"""DM Lag: the seed's figures for the semifinals, the final and the SM semifinal.

Source: seed ``003_796cec548aee39db.txt``: "Semifinal, Allmänt" (line 602: five or four
semifinals by the number of teams), "Avancemang till DM Lag final" (line 614), "Final"
(lines 693, 699), "SM Lag Semifinal" (line 383).
"""

from __future__ import annotations

from dataclasses import dataclass

# --- The semifinals, the final, the SM semifinal: the seed's figures ------------------


@dataclass(frozen=True)
class SemifinalPlan:
    """How many semifinals the district plays, of how many teams, where."""

    semifinals: int
    teams_each: int
    venues: tuple[tuple[str, int], ...]

    @property
    def places(self) -> int:
        return self.semifinals * self.teams_each


# 003 line 602: by the number of teams in all heats (from, to; None: no upper bound).
# Four teams each: line 602 says so for five semifinals; with four, each semifinal is the
# same single series of three rounds (lines 606, 649-657), so again four teams.
SEMIFINAL_PLANS: tuple[tuple[int, int | None, SemifinalPlan], ...] = (
    (28, None, SemifinalPlan(5, 4, (("Linköping", 3), ("Norrköping", 2)))),  # 003 line 602
    (22, 27, SemifinalPlan(4, 4, (("Linköping", 2), ("Norrköping", 2)))),  # 003 line 602
)
QUALIFIED_PER_SEMIFINAL = 2  # 003 line 614: "De två främst placerade lagen i varje"
FINAL_TEAMS = 10  # 003 line 693: "en enkelserie för tio lag"
FINAL_ROUNDS_BY_DAY = (3, 3, 3)  # 003 lines 693, 699: a central day, a central weekend
SM_SEMIFINALS = 10  # 003 line 383: "tio semifinaler med sex lag i varje"
SM_SEMIFINAL_TEAMS = 6  # 003 line 383


def semifinal_plan(teams: int) -> SemifinalPlan | None:
    """The semifinals for ``teams`` teams in all heats (seed 003 "Semifinal, Allmänt",
    line 602); None below 22 teams, where ÖMBF TK decides how, and whether, to play."""
    for low, high, plan in SEMIFINAL_PLANS:
        if teams >= low and (high is None or teams <= high):
            return plan
    return None
