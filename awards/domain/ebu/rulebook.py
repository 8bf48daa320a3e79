"""The EBU master points rulebook as Klöver's :class:`~awards.domain.core.Rulebook`:
its name, its scales and what each is for, and the facts an EBU competition may carry.

Source: seed ``001_4cb9a3c6036a851e.txt``, the Appendix's scales (lines 4700-7387):
Scale A-E, the basic scales by status (4.1.1, lines 2052-2054; printed at 4709, 4937,
5153, 5377, 5593), F the single-winner individual scale (5809), G the county green
point awards (5958), QA-QE the quali-final scales by status (4.2.2, lines 2185-2197;
printed at 6096, 6243, 6388, 6531, 6670), QF the special quali-final scale for finals
of events with an award per match won (6813), S and QS the stratified scales (4.12,
lines 3711-3880; printed at 6947 and 7064).

EBU points are local, blue and green (2.4, 5.4.1), not the SBF's bronze, silver and
gold of :class:`~awards.domain.core.Colour`: the protocol's ``scale`` cannot hand them
back as :class:`~awards.domain.core.PlaceAward`, and ``award`` does not credit them
yet (the ledger is wired in a later issue). Both say so; the EBU calculator
(:mod:`.calculator`) gives the numbers.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..core import (
    AwardOutcome,
    Colour,
    Competition,
    PlaceAward,
    Reason,
    Rulebook,
    TableTitle,
    UnknownScale,
)
from .calculator import OPTION_FIELDS, calculate, field_name, option_name, options_from
from .core import EbuInputError, EbuOptions, EbuResult

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
NOT_CREDITED = Reason(
    table="",
    sv="Klöver krediterar ännu inte EBU:s mästarpoäng i reskontran: räknaren visar dem",
    en="Klöver does not credit EBU master points to the ledger yet: the calculator shows them",
)


class EbuRulebook:
    """The EBU's rulebook, as far as the SBF-shaped protocol fits (module docstring)."""

    code = "ebu"
    version = "EBU Licensing and Master Points Handbook, 7th ed. (2014)"

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
        """No award yet: the ledger does not take EBU colours (module docstring)."""
        return AwardOutcome(no_award=NOT_CREDITED)

    def calculate(self, options: EbuOptions) -> EbuResult:
        """The EBU calculator's answer (:func:`.calculator.calculate`)."""
        return calculate(options)


EBU = EbuRulebook()
# mypy checks here that the object keeps to the protocol the profile's rulebooks share.
_AS_RULEBOOK: Rulebook = EBU
