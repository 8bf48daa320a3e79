"""The SBF rulebook object: the tables by name, each read in its own module.

Source: ``000_18af0e66f52a62b2.txt`` ("Svenska mästarpoäng 2014-2015"), chapter 9
"MP-tabeller": the tables A1-H2 and gold that :meth:`SbfRulebook.scale` prints and
:meth:`SbfRulebook.award` applies.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from awards.domain.core import AwardOutcome, Colour, Competition, PlaceAward, UnknownScale

from . import (
    bronze_individual,
    bronze_pairs,
    gold,
    pairs,
    rally,
    silver_individual,
    silver_pairs,
    sm_pairs,
    teams,
)
from .options import OPTION_NAMES, OptionName, check_options
from .scale import Scale, place_awards

TABLE_NAMES: Final = (
    "A1",
    "A2",
    "B1",
    "B2",
    "B3",
    "B4",
    "C",
    "D",
    "E1",
    "E2",
    "E3",
    "E4",
    "E5",
    "F",
    "G1",
    "G2",
    "G3",
    "H1",
    "H2",
    "gold",
)


class SbfRulebook:
    code = "sbf"
    version = "SBF 2014-2015"

    def table_names(self) -> tuple[str, ...]:
        return TABLE_NAMES

    def option_names(self) -> Mapping[str, OptionName]:
        return OPTION_NAMES

    def check_options(self, options: Mapping[str, object]) -> list[str]:
        """What is wrong with ``options``: unknown names (with the valid ones) and
        values of the wrong type. ``None`` is taken as not given, as the rules read it."""
        return check_options(options)

    def scale(
        self,
        table: str,
        *,
        entries: int,
        boards: int | None = None,
        met: int | None = None,
        level: Colour | None = None,
        variant: str | None = None,
        kind: str = "pairs",
    ) -> tuple[PlaceAward, ...]:
        """The award per place. ``variant`` picks H1's stage (or ``level`` SILVER for
        the semifinal), H2's category and raised gold (``"raised"``); ``kind``
        ``"individual"`` makes the gold scale follow table F."""
        if table in teams.TEAM_TABLES:
            return teams.team_scale(
                table, entries=entries, boards=boards, met=met, level=level, variant=variant
            )
        if table == "H1" and variant is None and level is Colour.SILVER:
            variant = "semifinal"
        built = self._build(
            table, entries=entries, boards=boards, met=met, variant=variant, kind=kind
        )
        return place_awards(built)

    def _build(
        self,
        table: str,
        *,
        entries: int,
        boards: int | None = None,
        met: int | None = None,
        variant: str | None = None,
        kind: str = "pairs",
    ) -> Scale:
        if table in ("A1", "A2"):
            return bronze_pairs.scale(table, entries)
        if table == "C":
            return bronze_individual.scale(entries)
        if table == "D":
            return silver_pairs.scale(entries, boards=boards, met=met)
        if table == "F":
            return silver_individual.scale(entries, met=met)
        if table == "gold":
            return gold.scale(
                entries, boards=boards, met=met, raised=variant == "raised", kind=kind
            )
        if table == "H1":
            return sm_pairs.h1(entries, semifinal=variant == "semifinal")
        if table == "H2":
            return sm_pairs.h2(entries, boards=boards, category=variant or "veteran")
        raise UnknownScale(f"no SBF table {table!r}; the tables are {', '.join(TABLE_NAMES)}")

    def award(self, competition: Competition) -> AwardOutcome:
        if competition.option("rally"):
            return rally.award(competition)
        if competition.kind == "teams" or (competition.table in teams.TEAM_TABLES):
            return teams.award_team_competition(competition)
        return pairs.award(competition, self._build)


SBF = SbfRulebook()
