"""The EBU master points rulebook as Klöver's :class:`~awards.domain.core.Rulebook`:
its name, its scales and what each is for, and the facts an EBU competition may carry.

Source: seed ``001_4cb9a3c6036a851e.txt``, the Appendix's scales (lines 4700-7387):
Scale A-E, the basic scales by status (4.1.1, lines 2052-2054; printed at 4709, 4937,
5153, 5377, 5593), F the single-winner individual scale (5809), G the county green
point awards (5958), QA-QE the quali-final scales by status (4.2.2, lines 2185-2197;
printed at 6096, 6243, 6388, 6531, 6670), QF the special quali-final scale for finals
of events with an award per match won (6813), S and QS the stratified scales (4.12,
lines 3711-3880; printed at 6947 and 7064).

EBU points are local, blue and green (2.4, 5.4.1): ``award`` credits them to the ledger
in those colours, with the gold points a green award gives (2.5.1), player by player
(:func:`.events.competition_awards`). The protocol's ``scale`` prints the SBF's
:class:`~awards.domain.core.PlaceAward` rows and refuses: the EBU calculator
(:mod:`.calculator`) prints the EBU's scales.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from decimal import Decimal

from ..core import (
    AwardOutcome,
    Colour,
    Competition,
    LedgerRow,
    LedgerWalk,
    PlaceAward,
    PlayerAward,
    Reason,
    Rulebook,
    TableTitle,
    UnknownScale,
)
from .calculator import OPTION_FIELDS, calculate, field_name, option_name, options_from
from .core import EbuInputError, EbuOptions, EbuResult
from .events import NO_CELLS, ScaleCell, competition_awards, options_for
from .ledger import seniority, walk

TABLE_TITLES: dict[str, TableTitle] = {
    title.name: title
    for title in (
        # "SCALE A BASIC CLUB SCALE", line 4709; B-E lines 4937, 5153, 5377, 5593.
        TableTitle("A", "A – grundskala, klubb", "A – basic scale, club"),
        TableTitle("B", "B – grundskala, distrikt", "B – basic scale, district"),
        TableTitle("C", "C – grundskala, grevskap", "C – basic scale, county"),
        TableTitle("D", "D – grundskala, region", "D – basic scale, regional"),
        TableTitle("E", "E – grundskala, nationell", "E – basic scale, national"),
        # "SCALE F BASIC SINGLE WINNER INDIVIDUAL EVENT", line 5809.
        TableTitle(
            "F",
            "F – grundskala, individuell med en vinnare",
            "F – basic scale, single-winner individual",
        ),
        # "SCALE QA CLUB QUALI-FINAL SCALE", line 6096; QB-QE lines 6243-6670.
        TableTitle("QA", "QA – kval och final, klubb", "QA – quali-final scale, club"),
        TableTitle("QB", "QB – kval och final, distrikt", "QB – quali-final scale, district"),
        TableTitle("QC", "QC – kval och final, grevskap", "QC – quali-final scale, county"),
        TableTitle("QD", "QD – kval och final, region", "QD – quali-final scale, regional"),
        TableTitle("QE", "QE – kval och final, nationell", "QE – quali-final scale, national"),
        # "SCALE QF SPECIAL QUALI-FINAL SCALE ... finals of events attracting an award
        # per match won", lines 6813-6818.
        TableTitle(
            "QF",
            "QF – final i tävling med poäng per vunnen match",
            "QF – final of an event with an award per match won",
        ),
        # "SCALE S STRATIFIED EVENTS", line 6947; "SCALE QS ... Bonus ranking awards for
        # events attracting an award per match won", lines 7064-7066.
        TableTitle("S", "S – graderad tävling", "S – stratified event"),
        TableTitle(
            "QS",
            "QS – graderad tävling, placeringspoäng vid poäng per vunnen match",
            "QS – stratified event, ranking awards with an award per match won",
        ),
        # "SCALE G COUNTY ASSOCIATION GREEN POINT AWARDS", line 5958.
        TableTitle("G", "G – grevskapens grönpoängstävlingar", "G – county green point awards"),
    )
}
TABLE_NAMES = tuple(TABLE_TITLES)

NO_SBF_COLOURS = Reason(
    table="",
    sv="EBU:s poäng är lokala, blå och gröna, inte brons, silver och guld: "
    "räkna dem i EBU-räknaren",
    en="EBU points are local, blue and green, not bronze, silver and gold: use the EBU calculator",
)


class EbuRulebook:
    """The EBU's rulebook in one version: the Handbook's rules, with a version's own
    figures for named printed cells (``cells``; :meth:`amended`)."""

    code = "ebu"

    def __init__(self, version: str = "EBU Handbook 7th ed. (2014)", cells=NO_CELLS) -> None:
        self.version = version
        self.cells: frozenset[ScaleCell] = cells

    def __repr__(self) -> str:
        return f"EbuRulebook({self.version!r}, {len(self.cells)} cells changed)"

    def amended(self, version: str, changes: Iterable[ScaleCell]) -> EbuRulebook:
        """This version with ``changes`` to printed cells, named ``version`` (1-40
        characters). Raises ``ValueError`` for a scale the Appendix does not print, or a
        cell with no table, place or points."""
        changed = {(c.scale, c.tables, c.place): c for c in self.cells}
        for cell in changes:
            if cell.scale not in TABLE_TITLES:
                raise ValueError(f"{cell}: no EBU scale {cell.scale!r}")
            if cell.tables < 1 or cell.place < 1 or cell.value < 0:
                raise ValueError(f"{cell}: tables and place from 1, points from 0")
            changed[(cell.scale, cell.tables, cell.place)] = cell
        if not version.strip() or len(version) > 40:
            raise ValueError(f"a version is named in 1-40 characters, not {version!r}")
        return EbuRulebook(version, frozenset(changed.values()))

    def table_names(self) -> tuple[str, ...]:
        """The Appendix's scales (lines 4700-7387), less Scale X (line 7161), which
        repeats Scale A's 18-35 board columns "for convenience"."""
        return TABLE_NAMES

    def table_title(self, name: str) -> TableTitle | None:
        return TABLE_TITLES.get(name)

    def check_options(self, options: Mapping[str, object]) -> list[str]:
        """Why these facts do not fit: each name that is not a calculator option
        (:data:`.calculator.OPTION_FIELDS`, dashes or underscores), then, when all are
        known, the calculator's refusal of the values (interface section 1)."""
        # "open": an open event needs a licence (1.4.1, :mod:`.licensed`).
        options = {name: value for name, value in options.items() if name != "open"}
        unknown = [name for name in options if not field_name(name)]
        if unknown:
            known = ", ".join(option_name(name) for name in OPTION_FIELDS)
            return [f"{name}: not an EBU option (the options are {known})" for name in unknown]
        try:
            options_from(options)
        except EbuInputError as exc:
            return [str(exc)]
        return []

    def scale(
        self,
        table: str,
        *,
        entries: int,
        boards: int | None = None,
        met: int | None = None,
        level: Colour | None = None,
    ) -> tuple[PlaceAward, ...]:
        """Never: a :class:`PlaceAward` is in an SBF colour (UnknownScale says so)."""
        if table not in TABLE_TITLES:
            raise UnknownScale(f"no EBU scale {table!r}; the scales are {', '.join(TABLE_NAMES)}")
        raise UnknownScale(f"Scale {table}: {NO_SBF_COLOURS.en}")

    def award(self, competition: Competition) -> AwardOutcome:
        """Each entitled player's award in local, blue or green points (the event's
        facts in ``competition.options`` by the calculator's option names; its status
        put there by the caller from the event's licence, chapter 1). An event the
        scales cannot award says why (``no_award``, in both languages)."""
        try:
            options = options_for(
                dict(competition.options),
                kind=competition.kind,
                boards=competition.boards,
                placings=competition.placings,
            )
            awards, result = competition_awards(
                competition.placings, competition.matches, options, self.cells
            )
        except EbuInputError as refusal:
            sv = f"--{refusal.option}: {refusal.text('sv')}"
            return AwardOutcome(no_award=Reason(table="", sv=sv, en=str(refusal)))
        credited = tuple(
            PlayerAward(
                player=a.player,
                entry=a.entry,
                colour=Colour(a.kind),
                exact=a.points,
                credited=a.points,
                reason=a.reason,
                gold=a.gold,
            )
            for a in awards
            if a.points > 0
        )
        if not credited and result.why is not None:
            return AwardOutcome(no_award=result.why)
        return AwardOutcome(awards=credited)

    def walk(self, ledger: Iterable[LedgerRow], on: date | None = None) -> LedgerWalk:
        """Chapter 2's ranks along the ledger (:func:`.ledger.walk`): the holding by kind
        of point, the overall master points (2.6.1), each rank reached, and the gold
        points still held on ``on`` (2.5.1)."""
        walked = walk(ledger, on)
        holding = walked.holding
        return LedgerWalk(
            columns=(
                ("local", Decimal(holding.local)),
                ("blue", holding.blue),
                ("green", holding.green),
                ("gold_points", holding.gold),
            ),
            master_points=Decimal(holding.total),
            title=walked.rank.name or "",
            rank=seniority(walked.rank),
            reached=tuple((key, rank.name or "", seniority(rank)) for key, rank in walked.reached),
        )

    def calculate(self, options: EbuOptions) -> EbuResult:
        """The EBU calculator's answer (:func:`.calculator.calculate`)."""
        return calculate(options)


EBU = EbuRulebook()
# mypy checks here that the object keeps to the protocol the profile's rulebooks share.
_AS_RULEBOOK: Rulebook = EBU
