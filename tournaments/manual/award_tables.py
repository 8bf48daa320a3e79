"""The award tables a team event entered by hand may be played for: the SBF team
tables B1-G3 (``Tournament.award_table``), with their names in both languages.

Source: ``000_18af0e66f52a62b2.txt``, chapter 9 (the line of each table's heading
below); what each table states and how it was read: docs/awards-teams.md. The
rulebook's own list is ``awards.domain.sbf.teams.TEAM_TABLES``, which this app may
not import (docs/architecture.md): this is data, and
``tournaments/manual/tests/test_award_tables.py`` holds it equal to the rulebook's.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class AwardTable:
    code: str  # the rulebook's name, "B2"
    name: Promise  # what the seed's heading says the table is for
    seed_line: int  # the heading's line in seed 000

    @property
    def label(self) -> Promise:
        return format_lazy("{} – {}", self.code, self.name)


TEAM_AWARD_TABLES: tuple[AwardTable, ...] = (
    AwardTable("B1", _("bronze, team barometer"), 830),
    AwardTable("B2", _("bronze, series without promotion or relegation, and cups"), 942),
    AwardTable("B3", _("bronze, series in two or more divisions"), 991),
    AwardTable("B4", _("bronze, series or cup of one or two matches a round"), 1034),
    AwardTable("E1", _("silver, team barometer"), 1347),
    AwardTable("E2", _("silver, series without promotion or relegation, and cups"), 1428),
    AwardTable("E3", _("silver, series with promotion and relegation"), 1462),
    AwardTable("E4", _("silver, series or cup of at least two matches a day"), 1631),
    AwardTable("E5", _("silver, Allsvenskan divisions III and IV"), 1664),
    AwardTable("G1", _("gold, SM final for teams"), 1801),
    AwardTable("G2", _("gold, SM final for junior or veteran teams, SM semifinal"), 1820),
    AwardTable("G3", _("gold, Allsvenskan, Elitserien and division 2"), 1857),
    # Klöver's name for a gold team event: E1 in gold currency (lines 371-380, 1772-1790).
    AwardTable("GOLD", _("gold team event, at least 12 teams (raised below handicap 15)"), 1772),
)
CODES: frozenset[str] = frozenset(table.code for table in TEAM_AWARD_TABLES)
BY_CODE: dict[str, AwardTable] = {table.code: table for table in TEAM_AWARD_TABLES}


def label_of(code: str) -> Promise | str:
    """``B2 – bronze, series ...``; a code the list does not know, as it is."""
    table = BY_CODE.get(code)
    return table.label if table else code


def choices() -> list[tuple[str, Promise | str]]:
    """The form's choices, the empty one first: the table has to be chosen."""
    return [("", "---------"), *((t.code, t.label) for t in TEAM_AWARD_TABLES)]
