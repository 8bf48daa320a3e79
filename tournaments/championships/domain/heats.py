"""What a DM-par heat must be, and the master points colour it plays for.

Source: seed ``003_796cec548aee39db.txt``, "Kvaltävlingar i DM": 1. Silverkval (lines
181-183: every pair qualifies; silver with at least 12 pairs and 40 boards, else bronze;
at most two sessions, no new pairs in the second) and 2. Bronskval (lines 185-189: each
pair declares before the start; at least 8 pairs, of which at least 4 in the
qualification, and at least 18 boards; bronze). A heat below its minimums is not a heat
of the championship (the committee's reading: its pairs cannot qualify from it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

# 003 line 183: a silver heat pays silver from 12 pairs and 40 boards, else bronze.
SILVER_PAIRS: Final = 12
SILVER_BOARDS: Final = 40
MAX_SESSIONS: Final = 2  # 003 line 183
# 003 line 189: a bronze heat's minimums.
BRONZE_PAIRS: Final = 8
BRONZE_QUALIFYING: Final = 4
BRONZE_BOARDS: Final = 18


@dataclass(frozen=True)
class Problem:
    """Why the heat is not a heat of the championship, in both languages."""

    en: str
    sv: str


@dataclass(frozen=True)
class HeatCheck:
    """The colour a heat pays (``silver`` or ``bronze``) and what it lacks, if anything."""

    colour: str
    problems: tuple[Problem, ...] = ()

    @property
    def valid(self) -> bool:
        return not self.problems


def check_heat(
    kind: str,
    *,
    pairs: int,
    boards: int,
    qualifying: int | None = None,
    sessions: int = 1,
    new_pairs_in_second: bool = False,
) -> HeatCheck:
    """A heat of ``kind`` ("silver" or "bronze", 003 lines 181-189) with ``pairs`` in
    all, ``qualifying`` of them declared for the qualification (a bronze heat; every pair
    in a silver heat), over ``boards`` in ``sessions``."""
    problems: list[Problem] = []
    if kind == "silver":
        if sessions > MAX_SESSIONS:
            problems.append(
                Problem(
                    f"a silver heat has at most {MAX_SESSIONS} sessions, not {sessions} "
                    "(003 line 183)",
                    f"ett silverkval har högst {MAX_SESSIONS} speltillfällen, inte {sessions} "
                    "(003 rad 183)",
                )
            )
        if new_pairs_in_second:
            problems.append(
                Problem(
                    "no new pairs may join in the second session (003 line 183)",
                    "nya par får inte tillkomma vid det andra speltillfället (003 rad 183)",
                )
            )
        silver = pairs >= SILVER_PAIRS and boards >= SILVER_BOARDS
        return HeatCheck("silver" if silver else "bronze", tuple(problems))
    if kind != "bronze":
        raise ValueError(f"a heat is silver or bronze, not {kind!r}")
    declared = pairs if qualifying is None else qualifying
    for have, least, en, sv in (
        (pairs, BRONZE_PAIRS, "pairs", "par"),
        (declared, BRONZE_QUALIFYING, "pairs in the qualification", "par i kvalet"),
        (boards, BRONZE_BOARDS, "boards", "brickor"),
    ):
        if have < least:
            problems.append(
                Problem(
                    f"a bronze heat needs at least {least} {en}, not {have} (003 line 189)",
                    f"ett bronskval kräver minst {least} {sv}, inte {have} (003 rad 189)",
                )
            )
    return HeatCheck("bronze", tuple(problems))
