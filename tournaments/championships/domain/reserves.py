"""Reserves in DM-par: who may play a heat's pair and a final's pair.

Source: seed ``003_796cec548aee39db.txt``, "Reserv" (lines 197-205):

- line 199: at least one of the pair's players is a regular (ordinarie) and played every
  session of the stage (a heat of several evenings);
- line 201: a reserve may play the DM final, but not one who played a qualification to
  SM in the discipline earlier this season;
- line 203: regulars of different pairs never play together, even if each qualified.

The committee's reading of the data (docs, part "pairs"): a player's line in the heat's
results says whether they were a reserve and how many boards they played; a count not
reported means they played throughout (as the master points rules read it), and a heat's
sessions are all its boards.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from .pairs_words import Reason


@dataclass(frozen=True)
class PairPlayer:
    """One player of a pair's line: ``key`` names the person (a member number);
    ``boards_played`` None when the results do not say."""

    key: str
    name: str
    reserve: bool = False
    boards_played: int | None = None


@dataclass(frozen=True)
class Finding:
    pair: str
    reason: Reason


def _played_all(player: PairPlayer, boards: int) -> bool:
    return player.boards_played is None or player.boards_played >= boards


def heat_pair_findings(
    pair: str, players: Sequence[PairPlayer], *, boards: int
) -> tuple[Finding, ...]:
    """Line 199: the pair needs a regular who played all ``boards`` of the heat. A line
    whose players the results do not name says nothing either way."""
    if not players or any(not p.reserve and _played_all(p, boards) for p in players):
        return ()
    return (
        Finding(
            pair,
            Reason(
                "reserve", 0,
                f"{pair}: no regular player played all {boards} boards of the heat (003 line 199).",
                f"{pair}: ingen ordinarie spelare spelade heatets alla {boards} brickor (003 rad 199).",
                "003 line 199",
            ),
        ),
    )  # fmt: skip


def final_pair_findings(
    pair: str,
    players: Sequence[PairPlayer],
    *,
    qualified_before: Collection[str],
    regular_of: Mapping[str, str],
) -> tuple[Finding, ...]:
    """Lines 201-203 for a pair of the final. ``qualified_before``: the players who
    played a qualification in the discipline this season (any district's heats the
    records hold); ``regular_of``: each player's pair in the heats where they played as
    a regular."""
    findings = []
    for p in players:
        if p.reserve and p.key in qualified_before:
            findings.append(
                Finding(
                    pair,
                    Reason(
                        "reserve", 0,
                        f"{pair}: the reserve {p.name} played a qualification in the discipline this season (003 line 201).",
                        f"{pair}: reserven {p.name} har kvalspelat i disciplinen denna säsong (003 rad 201).",
                        "003 line 201",
                    ),
                )
            )  # fmt: skip
    regulars = [p for p in players if not p.reserve and p.key in regular_of]
    heat_pairs = {regular_of[p.key] for p in regulars}
    if len(regulars) >= 2 and len(heat_pairs) > 1:
        names = " and ".join(p.name for p in regulars)
        names_sv = " och ".join(p.name for p in regulars)
        findings.append(
            Finding(
                pair,
                Reason(
                    "reserve", 0,
                    f"{pair}: {names} are regulars of different pairs and may not play together (003 line 203).",
                    f"{pair}: {names_sv} är ordinarie i olika par och får inte spela samman (003 rad 203).",
                    "003 line 203",
                ),
            )
        )  # fmt: skip
    return tuple(findings)
