"""Tables G1-G3: gold points for the team championships and Allsvenskan.

Source: ``000_18af0e66f52a62b2.txt``, chapter 9: "Tabell G1, SM-final för lag" (lines
1801-1819), "Tabell G2a, SM-final lag för juniorer", "G2b ... för veteraner" and "G2c,
SM-semifinal lag" (lines 1820-1856), "Tabell G3, Allsvenskan, Elitserien och div 2"
(lines 1857-1865).
"""

from __future__ import annotations

from decimal import Decimal
from types import MappingProxyType
from typing import Final

from awards.domain.core import Colour

from .team_e import silver_per_board
from .team_rules import Bonus, MatchValue, TeamTable, per_match, refuse

# Tabell G1, SM final for teams: gp per won match by boards per match, and the
# bonus per player for places 1-3.
G1_WIN: Final[dict[int, int]] = {20: 12, 24: 16}
G1_BONUS: Final = (28, 20, 14)

# Tabell G2: the three SM events it covers, by the option ``sm_event``.
SM_EVENTS: Final = MappingProxyType({"junior": "G2a", "veteran": "G2b", "semifinal": "G2c"})
# Tabell G2a, SM final for juniors: (fewest teams, gp per player by place).
G2A_GOLD: Final[tuple[tuple[int, tuple[int, ...]], ...]] = (
    (13, (10, 5, 3, 2)),
    (9, (7, 5, 3)),
    (6, (7, 4)),
)
# Tabell G2b, SM final for veterans: gp per won knock-out match by stage.
G2B_WIN: Final[dict[str, int]] = {
    "quarterfinal": 8,
    "semifinal": 12,
    "final": 16,
    "third_place": 12,
}
_STAGE_SV: Final = {
    "quarterfinal": "kvartsfinal",
    "semifinal": "semifinal",
    "final": "final",
    "third_place": "match om tredjepris",
}
# Tabell G2c, SM semifinal for teams: gp per won match.
G2C_WIN: Final = 6

# Tabell G3, Allsvenskan: gp per won match in Elitserien (division 1) and division 2,
# and the winners' bonus in Elitserien on the points they earned.
G3_WIN: Final[dict[int, int]] = {1: 12, 2: 6}
G3_ELITE_BONUS: Final = Decimal("0.2")


def _g1_value(
    table: TeamTable,
    boards: int,
    division: int | None,
    divisions: int | None,
    sm_event: str | None,
    stage: str | None,
) -> MatchValue:
    if boards not in G1_WIN:
        raise refuse(
            "G1",
            f"Tabell G1 anger poäng för matcher om 20 eller 24 brickor, inte {boards}",
            f"Table G1 gives points for matches of 20 or 24 boards, not {boards}",
        )
    return per_match(table, G1_WIN[boards], f"{boards} brickor", f"{boards} boards")


def _g1_bonus(
    table: TeamTable,
    entries: int,
    rounds: int | None,
    division: int | None,
    swiss: bool,
    double_round_robin: bool,
    sm_event: str | None,
) -> Bonus:
    return Bonus(tuple(Decimal(cell) for cell in G1_BONUS), f"{entries} lag", f"{entries} teams")


def _g2_value(
    table: TeamTable,
    boards: int,
    division: int | None,
    divisions: int | None,
    sm_event: str | None,
    stage: str | None,
) -> MatchValue:
    """G2a and the qualifying of G2b: sp as E2; G2b's knock-out rounds and G2c: gp."""
    if sm_event not in table.events:
        raise refuse(
            "G2",
            "Tabell G2 behöver tävlingen: junior (G2a), veteran (G2b) eller semifinal (G2c)",
            "Table G2 needs the event: junior (G2a), veteran (G2b) or semifinal (G2c)",
        )
    if sm_event == "semifinal":
        return per_match(table, G2C_WIN, "SM-semifinal", "SM semifinal")
    if sm_event == "veteran" and stage not in (None, "qualifying"):
        if stage not in table.stages:
            raise refuse(
                "G2",
                f"Okänd omgång {stage!r} i SM-final för veteraner",
                f"Unknown stage {stage!r} in the veterans' SM final",
            )
        return per_match(
            table,
            G2B_WIN[stage],
            f"{_STAGE_SV[stage]}, {boards} brickor",
            f"{stage.replace('_', ' ')}, {boards} boards",
        )
    return silver_per_board(table, boards)


def _g2_bonus(
    table: TeamTable,
    entries: int,
    rounds: int | None,
    division: int | None,
    swiss: bool,
    double_round_robin: bool,
    sm_event: str | None,
) -> Bonus:
    """G2a: the best 2, 3 or 4 teams' players get gp instead of their sp."""
    rows: tuple[Decimal, ...] = ()
    if sm_event == "junior":
        for fewest, gold in G2A_GOLD:
            if entries >= fewest:
                rows = tuple(Decimal(cell) for cell in gold)
                break
    return Bonus(rows, f"{entries} lag", f"{entries} teams")


def _g3_value(
    table: TeamTable,
    boards: int,
    division: int | None,
    divisions: int | None,
    sm_event: str | None,
    stage: str | None,
) -> MatchValue:
    if division not in G3_WIN:
        raise refuse(
            "G3",
            f"Tabell G3 gäller Elitserien (division 1) och division 2, inte {division}",
            f"Table G3 covers Elitserien (division 1) and division 2, not {division}",
        )
    name = table.division_name(division)
    return per_match(table, G3_WIN[division], name, name)


TABLES: Final = (
    TeamTable("G1", Colour.GOLD, value=_g1_value, bonus=_g1_bonus),
    TeamTable(
        "G2", Colour.GOLD, min_boards=6, events=SM_EVENTS, stages=frozenset(G2B_WIN),
        bonus_replaces_silver=True, value=_g2_value, bonus=_g2_bonus,
    ),
    TeamTable(
        "G3", Colour.GOLD, division_names=MappingProxyType({1: "Elitserien"}),
        names_division=True, winners_bonus=MappingProxyType({1: G3_ELITE_BONUS}),
        value=_g3_value,
    ),
)  # fmt: skip
