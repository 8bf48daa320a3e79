"""The SBF rulebook object: the tables by name, each read in its own module.

Source: ``000_18af0e66f52a62b2.txt`` ("Svenska mästarpoäng 2014-2015"), chapter 9
"MP-tabeller": the tables A1-H2 and gold that :meth:`SbfRulebook.scale` prints and
:meth:`SbfRulebook.award` applies.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from typing import Final

from awards.domain.core import (
    AwardOutcome,
    Colour,
    Competition,
    LedgerRow,
    LedgerWalk,
    PlaceAward,
    TableTitle,
    UnknownScale,
)

from . import (
    bronze_individual,
    bronze_pairs,
    classes,
    dm_bonus,
    gold,
    gold_teams,
    pairs,
    rally,
    silver_individual,
    silver_pairs,
    sm_pairs,
    teams,
)
from .cells import AMENDABLE, NO_CELLS, Cell, amended
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

# What each table is for, as the award calculator lists them: the table's heading in
# chapter 9 of ``000_18af0e66f52a62b2.txt``, shortened (the line of the heading beside
# each). "gold" is Klöver's name for "Guldpoäng, Allmänt" (line 1772): a gold pairs or
# individual event, scored as table D (F) in gold, or a team event, E1 in gold
# (:mod:`.gold_teams`).
TABLE_TITLES: Final = {
    title.name: title
    for title in (
        # "Tabell A1, Brons, Partävling 4-32 par", line 673
        TableTitle(
            "A1", "A1 – partävling i brons, 4–32 par", "A1 – bronze pairs event, 4–32 pairs"
        ),
        # "Tabell A2, Brons, Partävling 32-100 par", line 808
        TableTitle(
            "A2", "A2 – partävling i brons, 32–100 par", "A2 – bronze pairs event, 32–100 pairs"
        ),
        # "Tabell B1, Brons, Lagbarometer", line 830
        TableTitle("B1", "B1 – lagbarometer i brons", "B1 – bronze teams barometer"),
        # "Tabell B2, Brons, Serie utan upp- och nedflyttning samt cuptävling", line 942
        TableTitle(
            "B2",
            "B2 – lagserie utan upp- och nedflyttning eller cup, brons",
            "B2 – bronze team league without promotion, or cup",
        ),
        # "Tabell B3, Brons, Serie med två eller flera divisioner med upp- och
        # nedflyttning", line 991
        TableTitle(
            "B3",
            "B3 – lagserie i divisioner med upp- och nedflyttning, brons",
            "B3 – bronze team league in divisions, with promotion and relegation",
        ),
        # "Tabell B4, Brons, Serie- eller cuptävling med en eller två matcher per
        # omgång", line 1034 ("Antalet brickor: 12-23")
        TableTitle(
            "B4",
            "B4 – lagserie eller cup med 12–23 brickor per match, brons",
            "B4 – bronze team league or cup, 12–23 boards a match",
        ),
        # "Tabell C, Brons, Individuellt", line 1073
        TableTitle("C", "C – individuell tävling i brons", "C – bronze individual event"),
        # "Tabell D, Silverpoäng, Partävling 12-100 par", line 1143
        TableTitle(
            "D", "D – partävling i silver, 12–100 par", "D – silver pairs event, 12–100 pairs"
        ),
        # "Tabell E 1, Silverpoäng, Lagbarometer", line 1347
        TableTitle("E1", "E1 – lagbarometer i silver", "E1 – silver teams barometer"),
        # "E2, serie utan upp- och nedflyttning samt cuptävling", line 1428
        TableTitle(
            "E2",
            "E2 – lagserie utan upp- och nedflyttning eller cup, silver",
            "E2 – silver team league without promotion, or cup",
        ),
        # "Tabell E 3, serie med upp- och nedflyttning", line 1462
        TableTitle(
            "E3",
            "E3 – lagserie med upp- och nedflyttning, silver",
            "E3 – silver team league with promotion and relegation",
        ),
        # "Tabell E4, serie och cuptävling - minst två matcher ska spelas per dag", line 1631
        TableTitle(
            "E4",
            "E4 – lagserie eller cup med minst två matcher per dag, silver",
            "E4 – silver team league or cup, two or more matches a day",
        ),
        # "Tabell E5, Allsvenskan, div III och IV", line 1664
        TableTitle(
            "E5",
            "E5 – Allsvenskan, division 3 och 4",
            "E5 – Allsvenskan (the national team league), divisions 3 and 4",
        ),
        # "Tabell F, Silverpoäng, Individuellt", line 1681
        TableTitle("F", "F – individuell tävling i silver", "F – silver individual event"),
        # "Tabell G1, SM-final för lag", line 1801
        TableTitle("G1", "G1 – SM-final för lag", "G1 – Swedish teams championship final"),
        # "Tabell G2a, SM-final lag för juniorer", "G2b ... för veteraner", "G2c,
        # SM-semifinal lag", lines 1820-1851
        TableTitle(
            "G2",
            "G2 – SM-final lag för juniorer eller veteraner, SM-semifinal lag",
            "G2 – Swedish junior or senior teams final, teams semifinal",
        ),
        # "Tabell G3, Allsvenskan, Elitserien och div 2", line 1857
        TableTitle(
            "G3",
            "G3 – Allsvenskan, Elitserien och division 2",
            "G3 – Allsvenskan, the elite division and division 2",
        ),
        # "Tabell H1, SM-par semifinal och final, öppen klass", line 1866
        TableTitle(
            "H1",
            "H1 – SM-par, semifinal och final i öppen klass",
            "H1 – Swedish pairs championship, open semifinal and final",
        ),
        # "Tabell H2, finaler i SM Par veteran, dam, junior och mixed", line 1879
        TableTitle(
            "H2",
            "H2 – SM-par, finaler för veteraner, damer, juniorer och mixed",
            "H2 – Swedish pairs championship finals: seniors, women, juniors, mixed",
        ),
        TableTitle(
            "gold",
            "Guld – guldtävling, par, individuell eller lag",
            "Gold – gold event, pairs, individual or teams",
        ),
    )
}


class SbfRulebook:
    """The SBF rules in one version: the printed tables, with ``cells`` replaced.

    The book as printed is :data:`SBF`; :meth:`amended` derives a version that differs
    in named cells (a what-if, or a test that one cell changes exactly its awards).
    """

    code = "sbf"

    def __init__(self, version: str = "SBF 2014-2015", cells: frozenset[Cell] = NO_CELLS) -> None:
        self.version = version
        self.cells = cells

    def __repr__(self) -> str:
        return f"SbfRulebook({self.version!r}, {len(self.cells)} cells changed)"

    def amended(self, version: str, changes: Iterable[Cell]) -> SbfRulebook:
        """This version with ``changes`` to its printed cells, named ``version``.

        Raises ``ValueError`` naming the cell when a table's row or place is not
        printed, or the table is not one whose cells a version may change
        (``cells.AMENDABLE``)."""
        changed = {(c.table, c.entries, c.place): c for c in self.cells}
        for cell in changes:
            _check_cell(cell)
            changed[(cell.table, cell.entries, cell.place)] = cell
        if not version.strip() or len(version) > 40:
            raise ValueError(f"a version is named in 1-40 characters, not {version!r}")
        return SbfRulebook(version, frozenset(changed.values()))

    def table_names(self) -> tuple[str, ...]:
        return TABLE_NAMES

    def table_title(self, name: str) -> TableTitle | None:
        return TABLE_TITLES.get(name)

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
        dm_final: str | None = None,
    ) -> tuple[PlaceAward, ...]:
        """The award per place. ``variant`` picks H1's stage (or ``level`` SILVER for
        the semifinal), H2's category and raised gold (``"raised"``); ``kind``
        ``"individual"`` makes the gold scale follow table F; ``dm_final`` adds a
        district championship final's bonus (:mod:`.dm_bonus`)."""
        if dm_final:
            places = self.scale(
                table, entries=entries, boards=boards, met=met, level=level, variant=variant,
                kind=kind,
            )  # fmt: skip
            return dm_bonus.scale_with_bonus(places, dm_final, boards=boards)
        if self.cells:
            with amended(self.cells):
                return SbfRulebook().scale(
                    table,
                    entries=entries,
                    boards=boards,
                    met=met,
                    level=level,
                    variant=variant,
                    kind=kind,
                )
        if table == "gold" and kind == "teams":
            return teams.team_scale(
                gold_teams.NAME, entries=entries, boards=boards, met=met, raised=variant == "raised"
            )
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
        if not self.cells:
            return self._award(competition)
        with amended(self.cells):
            return self._award(competition)

    def walk(self, ledger: Iterable[LedgerRow], on: date | None = None) -> LedgerWalk:
        """Chapter 3's classes along the ledger (:func:`.classes.walk`); the SBF has no
        gold points beside its colours, so the rows' fourth value and ``on`` (points
        never devalue, chapter 2) are not read."""
        walked = classes.walk((key, colour, credited) for key, colour, credited, _g in ledger)
        holding, current = walked.holding, walked.master_class
        return LedgerWalk(
            columns=(
                ("bronze", holding.bronze),
                ("silver", holding.silver),
                ("gold", holding.gold),
            ),
            master_points=holding.master_points,
            title=current.code,
            rank=current.rank,
            reached=tuple((key, cls.code, cls.rank) for key, cls in walked.reached),
        )

    def _award(self, competition: Competition) -> AwardOutcome:
        outcome = self._by_table(competition)
        final = competition.option("dm_final")
        if final:
            outcome = dm_bonus.with_bonus(outcome, competition, str(final))
        return outcome

    def _by_table(self, competition: Competition) -> AwardOutcome:
        if competition.option("rally"):
            return rally.award(competition)
        if competition.kind == "teams" or (competition.table in teams.TEAM_TABLES):
            return teams.award_team_competition(competition)
        return pairs.award(competition, self._build)


# Where each amendable table's printed rows are (``cells.AMENDABLE``); A2's 32-pair row
# repeats A1's, which is the one read.
PRINTED_ROWS: Final[dict[str, Mapping[int, tuple]]] = {
    "A1": bronze_pairs.A1_ROWS,
    "A2": {n: r for n, r in bronze_pairs.A2_ROWS.items() if n > 32},
    "C": bronze_individual.C_ROWS,
    "D": silver_pairs.D_ROWS,
    "F": silver_individual.F_ROWS,
}


def _check_cell(cell: Cell) -> None:
    rows = PRINTED_ROWS.get(cell.table)
    if rows is None:
        raise ValueError(
            f"{cell}: a version may change cells of tables {', '.join(AMENDABLE)}, "
            f"not {cell.table!r}"
        )
    printed = rows.get(cell.entries)
    if printed is None:
        raise ValueError(
            f"{cell}: table {cell.table} prints no row for {cell.entries}; "
            f"its rows are {min(rows)}-{max(rows)} ({', '.join(map(str, sorted(rows)))})"
        )
    places = len(printed) if cell.table in ("A1", "A2", "C") else sum(map(len, printed))
    if not 1 <= cell.place <= places:
        raise ValueError(f"{cell}: row {cell.entries} of table {cell.table} has places 1-{places}")
    if cell.value < 0:
        raise ValueError(f"{cell}: a cell holds no negative points")


SBF = SbfRulebook()
