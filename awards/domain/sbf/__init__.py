"""The Swedish Bridge Federation's master points rulebook, "Svenska mästarpoäng 2014-2015".

Source: ``000_18af0e66f52a62b2.txt``, chapters 2, 5 and 9. ``scales`` holds the
printed per-place scales, ``rules`` the general rules; :class:`SbfRulebook` picks the
scale for a competition and applies the rules. The team tables (B1-B4, E1-E5, G1-G3)
live in ``teams`` and are reached through a lazy import.

``Competition.options`` names read here (see ``docs/awards.md``):

- ``met``: pairs (players) each entry met when not all met all (else the winner's
  ``opponents_met``, else ``rounds``);
- ``abandoned``: a silver/gold event deliberately abandoned;
- ``pure_mitchell``, ``separate_sections``: award each direction / section alone;
- ``groups``: number of strength groups (``Placing.group`` 1 = A-group);
- ``sessions``: sessions of a multi-evening event (reserves get their share);
- ``simultaneous``: heats in ``Placing.section``, common list in ``overall_place``;
- ``beginners`` (Nybörjarträffen), ``inexperienced`` (10-17 boards);
- ``average_handicap``: a gold event's field average (under 15 = raised gold);
- ``variant``: H1 ``"semifinal"``/``"final"``, H2 ``"junior"``/``"veteran"``/
  ``"ladies"``/``"mixed"``;
- ``a_final`` with ``qualifying_rounds`` and ``total_pairs``: the A-final of an event
  with carry-over (``Competition.rounds`` = the final's rounds);
- ``rally``: the placings are a district rally's final standings, which earn the
  rally's gold bonus and nothing else; with ``rally_starters`` (pairs, teams or
  players starting, summed over the rally's events), ``rally_silver_events`` and
  ``rally_spring_autumn_events`` (default 0);
- ``spring_autumn_silver``: a spring or autumn silver event (read by ``ranking``).

The team options are listed in ``teams``. :data:`OPTION_NAMES` holds every name with
its type; :meth:`SbfRulebook.check_options` checks a set of options against it.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, InvalidOperation
from functools import cached_property
from types import MappingProxyType
from typing import NamedTuple

from awards.domain.core import (
    AwardOutcome,
    Colour,
    Competition,
    OutOfRange,
    PlaceAward,
    Placing,
    PlayerAward,
    Reason,
    UnknownScale,
)

from . import rules, scales

TABLE_NAMES = (
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
TEAM_TABLE_NAMES = ("B1", "B2", "B3", "B4", "E1", "E2", "E3", "E4", "E5", "G1", "G2", "G3")
UNITS = {"pairs": ("par", "pairs"), "individual": ("spelare", "players")}
RALLY_UNITS = {**UNITS, "teams": ("lag", "teams")}


class OptionName(NamedTuple):
    """What a ``Competition.options`` name holds: a type tag and one line of English."""

    type: str  # "bool", "int", "decimal", "str" or "mapping"
    description: str


OPTION_NAMES: Mapping[str, OptionName] = MappingProxyType(
    {
        # pairs and individual events (this module)
        "met": OptionName("int", "pairs (players) each entry met when not all met all"),
        "abandoned": OptionName("bool", "a silver or gold event deliberately abandoned"),
        "pure_mitchell": OptionName("bool", "pure Mitchell: each direction is awarded alone"),
        "separate_sections": OptionName(
            "bool", "sections without a common top: each is awarded alone"
        ),
        "groups": OptionName("int", "number of strength groups (Placing.group 1 = A-group)"),
        "sessions": OptionName("int", "sessions of a multi-evening event (reserves get a share)"),
        "simultaneous": OptionName(
            "bool", "simultaneous event: heats in Placing.section, common list in overall_place"
        ),
        "beginners": OptionName("bool", "beginners' event (Nybörjarträffen)"),
        "inexperienced": OptionName("bool", "event for inexperienced players (10-17 boards)"),
        "average_handicap": OptionName(
            "decimal", "a gold event's field average handicap (under 15 = raised gold)"
        ),
        "variant": OptionName("str", "H1 semifinal/final; H2 junior/veteran/ladies/mixed"),
        "a_final": OptionName("bool", "the A-final of an event with carry-over"),
        "qualifying_rounds": OptionName("int", "A-final: rounds of the qualifying"),
        "total_pairs": OptionName("int", "A-final: pairs in the whole event"),
        "rally": OptionName("bool", "the placings are a district rally's final standings"),
        "rally_starters": OptionName(
            "int", "rally: pairs, teams or players starting, summed over its events"
        ),
        "rally_silver_events": OptionName("int", "rally: how many silver events it has"),
        "rally_spring_autumn_events": OptionName(
            "int", "rally: how many of them are spring or autumn silver (default 0)"
        ),
        "spring_autumn_silver": OptionName(
            "bool", "a spring or autumn silver event (no ranking points)"
        ),
        # team events (teams.py, whose docstring documents them)
        "division": OptionName(
            "int", "series division (B3, E3: 1 = top; E5: 3 or 4; G3: 1 = Elitserien; B1: 1-2)"
        ),
        "divisions": OptionName("int", "how many divisions the series has (B1, B3, E3)"),
        "cup": OptionName("bool", "a cup (B2: no bonus)"),
        "swiss": OptionName("bool", "a Swiss (Gröna Hissen): bonus by rounds (B2, B3)"),
        "double_round_robin": OptionName(
            "bool", "every team meets every other twice (bonus doubled)"
        ),
        "vp_scale": OptionName("int", "VP total of a level match when the VP do not show it"),
        "matches_per_round": OptionName("int", "1 or 2 matches per round (B4)"),
        "sm_event": OptionName("str", "G2: junior (G2a), veteran (G2b) or semifinal (G2c)"),
        "stages": OptionName(
            "mapping", "G2 veterans: round -> qualifying/quarterfinal/semifinal/final/third_place"
        ),
    }
)


def _is_number(value: object) -> bool:
    # Read as Decimal(str(value)), so a numeric string will do.
    if isinstance(value, bool):
        return False
    try:
        return Decimal(str(value)).is_finite()
    except InvalidOperation:
        return False


def _is_mapping(value: object) -> bool:
    if isinstance(value, Mapping):
        return True
    return isinstance(value, list | tuple) and all(
        isinstance(pair, list | tuple) and len(pair) == 2 for pair in value
    )


# type tag -> (test, what the error message asks for)
_OPTION_TYPES: dict[str, tuple[Callable[[object], bool], str]] = {
    "bool": (lambda value: isinstance(value, bool), "true or false"),
    "int": (
        lambda value: isinstance(value, int) and not isinstance(value, bool),
        "a whole number",
    ),
    "decimal": (_is_number, "a number"),
    "str": (lambda value: isinstance(value, str), "a string"),
    "mapping": (_is_mapping, "a mapping (or a list of pairs)"),
}


class _Line(NamedTuple):
    # A named tuple, not a frozen dataclass: one is made per placing and colour, and
    # a frozen dataclass's __init__ cost as much as the share itself.
    colour: Colour
    exact: Decimal
    credited: Decimal
    bonus: Decimal = Decimal(0)  # the part of ``exact`` that ranking must not count


_Column = tuple[tuple[Decimal, ...], tuple[Decimal, ...]]  # (exact, credited) per place


@dataclass(frozen=True)
class _Scale:
    """A scale as entered for one field, with the notes its reasons carry."""

    table: str
    entries: int
    kind: str
    lines: tuple[_Line, ...]
    notes: tuple[tuple[str, str], ...] = ()
    bronze_floor: int = scales.BRONZE_MINIMUM

    # Every placing is shared out of the columns and named by the reason's head and
    # tail, so they are worked out once per scale rather than once per placing
    # (rebuilding the columns was two thirds of an award's time). ``replace()`` makes
    # a new scale, so a cached value never outlives the lines it came from.

    @cached_property
    def columns(self) -> dict[Colour, _Column]:
        return _columns(self.lines)

    @cached_property
    def reason_parts(self) -> tuple[tuple[str, str], tuple[str, str]]:
        """(head, tail) of every place's reason, in Swedish and English."""
        label_sv, label_en = _label(self.table)
        unit_sv, unit_en = UNITS.get(self.kind, UNITS["pairs"])
        head = (f"{label_sv}, {self.entries} {unit_sv}", f"{label_en}, {self.entries} {unit_en}")
        tail = (
            "".join(f"; {sv}" for sv, _ in self.notes),
            "".join(f"; {en}" for _, en in self.notes),
        )
        return head, tail


def _columns(lines: Sequence[_Line]) -> dict[Colour, _Column]:
    """Each colour present in ``lines``, as columns holding zero where another colour
    has the place: a place's share is read across the colours separately."""
    zero = Decimal(0)
    columns: dict[Colour, _Column] = {}
    for colour in Colour:
        if any(line.colour is colour for line in lines):
            columns[colour] = (
                tuple(line.exact if line.colour is colour else zero for line in lines),
                tuple(line.credited if line.colour is colour else zero for line in lines),
            )
    return columns


def _out_of_range(table: str, sv: str, en: str) -> OutOfRange:
    return OutOfRange(Reason(table, sv, en))


def _label(table: str) -> tuple[str, str]:
    if table == "gold":
        return "Guldpoäng", "Gold points"
    return f"Tabell {table}", f"Table {table}"


def _integers(colour: Colour, values: Sequence[int]) -> list[_Line]:
    return [_Line(colour, Decimal(v), Decimal(v)) for v in values]


class SbfRulebook:
    code = "sbf"
    version = "SBF 2014-2015"

    def table_names(self) -> tuple[str, ...]:
        return TABLE_NAMES

    # -- options --

    def option_names(self) -> Mapping[str, OptionName]:
        return OPTION_NAMES

    def check_options(self, options: Mapping[str, object]) -> list[str]:
        """What is wrong with ``options``: unknown names (with the valid ones) and
        values of the wrong type. ``None`` is taken as not given, as the rules read it."""
        errors = []
        for name, value in options.items():
            known = OPTION_NAMES.get(name)
            if known is None:
                close = difflib.get_close_matches(str(name), OPTION_NAMES, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                errors.append(
                    f"unknown option {name!r}{hint}; the options are "
                    + ", ".join(sorted(OPTION_NAMES))
                )
                continue
            accepts, wanted = _OPTION_TYPES[known.type]
            if value is not None and not accepts(value):
                errors.append(f"option {name!r} must be {wanted}, got {value!r}")
        return errors

    # -- scales --

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
        if table in TEAM_TABLE_NAMES:
            from . import teams

            result: tuple[PlaceAward, ...] = teams.team_scale(
                table, entries=entries, boards=boards, met=met, level=level, variant=variant
            )
            return result
        if table == "H1" and variant is None and level is Colour.SILVER:
            variant = "semifinal"
        built = self._build(
            table, entries=entries, boards=boards, met=met, variant=variant, kind=kind
        )
        return _place_awards(built)

    def _build(
        self,
        table: str,
        *,
        entries: int,
        boards: int | None = None,
        met: int | None = None,
        variant: str | None = None,
        kind: str = "pairs",
        min_entries: int | None = None,
    ) -> _Scale:
        if table in ("A1", "A2"):
            return _bronze_pairs(table, entries)
        if table == "C":
            return _bronze_individual(entries)
        if table == "D":
            return _silver_pairs(entries, boards=boards, met=met, min_entries=min_entries)
        if table == "F":
            return _silver_individual(entries, met=met)
        if table == "gold":
            return _gold(entries, boards=boards, met=met, raised=variant == "raised", kind=kind)
        if table == "H1":
            return _h1(entries, semifinal=variant == "semifinal")
        if table == "H2":
            return _h2(entries, boards=boards, category=variant or "veteran")
        raise UnknownScale(f"no SBF table {table!r}; the tables are {', '.join(TABLE_NAMES)}")

    # -- awards --

    def award(self, competition: Competition) -> AwardOutcome:
        if competition.option("rally"):
            return _rally(competition)
        if competition.kind == "teams" or (competition.table in TEAM_TABLE_NAMES):
            from . import teams

            outcome: AwardOutcome = teams.award_team_competition(competition)
            return outcome
        table = competition.table or _pick_table(competition)
        if rules.abandoned_without_points(
            competition.level, abandoned=bool(competition.option("abandoned", False))
        ):
            return AwardOutcome(
                no_award=Reason(
                    table,
                    "Silver-/guldtävling avsiktligt avbruten: inga mp",
                    "Silver/gold event deliberately abandoned: no master points",
                )
            )
        if not competition.placings:
            return AwardOutcome()
        awards: list[PlayerAward] = []
        refusals: list[Reason] = []
        for part, entries, note in _parts(competition):
            try:
                awards.extend(self._award_part(competition, table, part, entries, note))
            except OutOfRange as error:
                refusals.append(error.reason)
        if refusals and not awards:
            return AwardOutcome(no_award=refusals[0])
        return AwardOutcome(awards=tuple(awards))

    def _award_part(
        self,
        competition: Competition,
        table: str,
        placings: Sequence[Placing],
        entries: int,
        note: tuple[str, str] | None,
    ) -> list[PlayerAward]:
        _check_boards(table, competition)
        if competition.option("simultaneous"):
            return self._simultaneous(competition, table, placings)
        if competition.handicap_event:
            return self._handicap(competition, placings, entries)
        built = self._scale_for(competition, table, entries)
        if note:
            built = replace(built, notes=(*built.notes, note))
        awards = []
        for placing in placings:
            shares = _shares(built, placing.place, placing.place_to)
            reason = _reason(built, placing.place, placing.place_to)
            awards.extend(_to_players(competition, placing, shares, reason))
        return awards

    def _scale_for(self, competition: Competition, table: str, entries: int) -> _Scale:
        option = competition.option
        boards = competition.boards or None
        if option("a_final"):
            return _a_final(
                total_pairs=int(option("total_pairs", entries)),  # type: ignore[call-overload]
                qualifying_rounds=int(option("qualifying_rounds", 0)),  # type: ignore[call-overload]
                final_rounds=competition.rounds,
                level=competition.level,
            )
        met = _met(competition)
        if table in ("A1", "A2", "C"):
            return _bronze_variants(competition, table, entries)
        variant = option("variant")
        if table == "gold":
            average = option("average_handicap")
            raised = average is not None and Decimal(str(average)) < scales.RAISED_GOLD_HANDICAP
            variant = "raised" if raised else None
        return self._build(
            table,
            entries=entries,
            boards=boards,
            met=met,
            variant=variant if isinstance(variant, str) else None,
            kind=competition.kind,
        )

    def _handicap(
        self, competition: Competition, placings: Sequence[Placing], entries: int
    ) -> list[PlayerAward]:
        """Handicap events: bronze only, computed without and with handicap; the
        handicap list gets half; a pair on both lists takes the larger (lines 500-513)."""
        built = _bronze_variants(competition, "A1" if entries <= 32 else "A2", entries)
        built = replace(built, bronze_floor=rules.bronze_minimum(handicap=True))
        halved = tuple(
            _Line(Colour.BRONZE, *rules.handicap_list_points(line.credited)) for line in built.lines
        )
        with_handicap = replace(
            built,
            lines=halved,
            notes=(*built.notes, ("med hcp, halva bp", "with handicap, half bp")),
        )
        awards = []
        for placing in placings:
            plain = _shares(built, placing.place, placing.place_to).get(Colour.BRONZE)
            reason = _reason(built, placing.place, placing.place_to)
            if placing.handicap_place is not None:
                to = placing.handicap_place_to or placing.handicap_place
                handicapped = _shares(with_handicap, placing.handicap_place, to).get(Colour.BRONZE)
                if handicapped and (plain is None or handicapped.credited > plain.credited):
                    plain = handicapped
                    reason = _reason(with_handicap, placing.handicap_place, to)
            if plain:
                awards.extend(_to_players(competition, placing, {Colour.BRONZE: plain}, reason))
        return awards

    def _simultaneous(
        self, competition: Competition, table: str, placings: Sequence[Placing]
    ) -> list[PlayerAward]:
        """Simultaneous events (lines 423-440). Bronze: one bronze event on the common
        list at the whole field's size. Silver: table D in each heat, plus 1/5 of the
        whole field's silver to the first 16 of the common list; heats below the
        minimum (4 pairs bronze, 8 silver) get nothing."""
        heats: dict[str, list[Placing]] = {}
        for placing in placings:
            heats.setdefault(placing.section, []).append(placing)
        minimum = rules.SIMULTANEOUS_HEAT_MINIMUM.get(competition.level, 8)
        counted = [p for heat in heats.values() if len(heat) >= minimum for p in heat]
        total = len(placings)
        note = ("simultantävling", "simultaneous event")
        if competition.level is Colour.BRONZE:
            built = _bronze_variants(competition, "A1" if total <= 32 else "A2", total)
            built = replace(built, notes=(*built.notes, note))
            awards = []
            for placing in counted:
                place = placing.overall_place or placing.place
                # A common place without its end is unshared: falling back to the heat's
                # place_to gave "3-2" or a span across other pairs' places.
                to = (placing.overall_place_to or place) if placing.overall_place else place
                shares = _shares(built, place, to)
                awards.extend(_to_players(competition, placing, shares, _reason(built, place, to)))
            return awards
        boards = competition.boards or None
        common = _silver_pairs(total, boards=boards)
        bonus_lines = common.lines[: rules.SIMULTANEOUS_BONUS_PLACES]
        bonus_scale = replace(
            common,
            lines=tuple(
                _Line(
                    line.colour,
                    rules.simultaneous_bonus(line.credited),
                    rules.simultaneous_bonus(line.credited),
                )
                if line.colour is Colour.SILVER
                else _Line(line.colour, Decimal(0), Decimal(0))
                for line in bonus_lines
            ),
        )
        awards = []
        for heat in heats.values():
            if len(heat) < minimum:
                continue
            built = _silver_pairs(len(heat), boards=boards, min_entries=minimum)
            built = replace(
                built, notes=(*built.notes, (f"heat {heat[0].section}", f"heat {heat[0].section}"))
            )
            for placing in heat:
                shares = _shares(built, placing.place, placing.place_to)
                reason = _reason(built, placing.place, placing.place_to)
                if placing.overall_place is not None:
                    to = placing.overall_place_to or placing.overall_place
                    extra = _shares(bonus_scale, placing.overall_place, to).get(Colour.SILVER)
                    if extra and extra.exact > 0:
                        bonus = extra.credited
                        current = shares.get(
                            Colour.SILVER, _Line(Colour.SILVER, Decimal(0), Decimal(0))
                        )
                        # One silver award, so the ledger keeps the bonus part apart.
                        shares[Colour.SILVER] = _Line(
                            Colour.SILVER,
                            current.exact + extra.exact,
                            current.credited + bonus,
                            bonus=current.bonus + extra.exact,
                        )
                        reason = _join(
                            reason,
                            f"bonus 1/5 av {total} par, plats {_place_text(placing.overall_place, to)}",
                            f"bonus 1/5 of {total} pairs, place {_place_text(placing.overall_place, to)}",
                        )
                awards.extend(_to_players(competition, placing, shares, reason))
        return awards


SBF = SbfRulebook()


# -- the rally bonus --


def _rally(competition: Competition) -> AwardOutcome:
    """A district rally's final standings earn its gold bonus (lines 459-487), the
    same gp to every player of a placing: "Rallyt är individuellt i bonushänseende".
    The whole award is bonus, which gives no ranking points."""
    facts = _rally_facts(competition)
    if isinstance(facts, Reason):
        return AwardOutcome(no_award=facts)
    starters, silver_events, spring_autumn_events = facts
    gold = rules.rally_bonus(
        starters=starters,
        kind=competition.kind,
        silver_events=silver_events,
        spring_autumn_events=spring_autumn_events,
    )
    values = [Decimal(gp) for gp in gold]
    unit_sv, unit_en = RALLY_UNITS.get(competition.kind, RALLY_UNITS["pairs"])
    awards: list[PlayerAward] = []
    for placing in competition.placings:
        exact = rules.shared_value(values, placing.place, placing.place_to)
        if exact <= 0:
            continue
        where = _place_text(placing.place, placing.place_to)
        where_sv, where_en = (
            (f"plats {where}", f"place {where}")
            if placing.place == placing.place_to
            else (f"delad plats {where}", f"shared place {where}")
        )
        reason = Reason(
            "rally",
            f"Rallybonus, {starters} startande {unit_sv}, {where_sv}",
            f"Rally bonus, {starters} starting {unit_en}, {where_en}",
        )
        credited = rules.round_up(exact)
        awards.extend(
            PlayerAward(player.id, placing.entry, Colour.GOLD, exact, credited, reason, bonus=exact)
            for player in placing.players
            if player.entitled
        )
    return AwardOutcome(awards=tuple(awards))


# the rally's counts, with their defaults (None: the report must give it)
_RALLY_COUNTS = (
    ("rally_starters", None),
    ("rally_silver_events", None),
    ("rally_spring_autumn_events", 0),
)


def _rally_facts(competition: Competition) -> tuple[int, int, int] | Reason:
    """(starters, silver events, spring/autumn silver events), or why the rally earns
    no bonus."""
    counts: list[int] = []
    for name, default in _RALLY_COUNTS:
        value = competition.option(name, default)
        if isinstance(value, bool) or not isinstance(value, int):
            return Reason(
                "rally",
                f"Rallyt behöver {name} som ett heltal, fick {value!r}",
                f"The rally needs {name} as a whole number, got {value!r}",
            )
        counts.append(value)
    starters, silver, spring_autumn = counts
    least = rules.RALLY_MIN_SILVER_EVENTS
    if silver < least:
        return Reason(
            "rally",
            f"Rallyt har {silver} silvertävlingar; bonus kräver minst {least}",
            f"The rally has {silver} silver events; a bonus needs at least {least}",
        )
    if spring_autumn:
        return Reason(
            "rally",
            f"Rallyt har vår- eller höstsilver bland deltävlingarna ({spring_autumn}): ingen bonus",
            f"The rally includes spring or autumn silver events ({spring_autumn}): no bonus",
        )
    pairs = rules.rally_pairs(starters, competition.kind)
    if pairs < rules.RALLY_MIN_PAIRS:
        unit_sv, unit_en = RALLY_UNITS.get(competition.kind, RALLY_UNITS["pairs"])
        as_pairs_sv = as_pairs_en = ""
        if unit_en != "pairs":  # teams count twice, players half (lines 482-487)
            number = format(pairs.normalize(), "f")
            as_pairs_sv = f" (räknas som {number.replace('.', ',')} par)"
            as_pairs_en = f" (counted as {number} pairs)"
        return Reason(
            "rally",
            f"Rallyt har {starters} startande {unit_sv}{as_pairs_sv}; "
            f"bonus kräver minst {rules.RALLY_MIN_PAIRS} par",
            f"The rally has {starters} starting {unit_en}{as_pairs_en}; "
            f"a bonus needs at least {rules.RALLY_MIN_PAIRS} pairs",
        )
    return starters, silver, spring_autumn


# -- picking and splitting --


def _pick_table(competition: Competition) -> str:
    entries = len(competition.placings)
    if competition.handicap_event:
        return "A1" if entries <= 32 else "A2"
    if competition.kind == "individual":
        return {Colour.BRONZE: "C", Colour.SILVER: "F", Colour.GOLD: "gold"}[competition.level]
    if competition.level is Colour.GOLD:
        return "gold"
    if competition.level is Colour.SILVER:
        return "D"
    return "A1" if entries <= 32 else "A2"


def _parts(
    competition: Competition,
) -> list[tuple[list[Placing], int, tuple[str, str] | None]]:
    """Pure Mitchell is two competitions (A1, line 674); sections without a common top
    are awarded one by one (A2, lines 715-718); strength groups are each a competition
    whose pair count is corrected by the group coefficient (A1, lines 686-700)."""
    placings = list(competition.placings)
    option = competition.option
    if option("pure_mitchell") or option("separate_sections"):
        keyed: dict[tuple[str, str], list[Placing]] = {}
        for placing in placings:
            direction = placing.direction if option("pure_mitchell") else ""
            keyed.setdefault((placing.section, direction), []).append(placing)
        return [
            (
                part,
                len(part),
                (f"{' '.join(k for k in key if k)}", f"{' '.join(k for k in key if k)}"),
            )
            for key, part in keyed.items()
        ]
    groups = option("groups")
    if isinstance(groups, int) and groups > 1:
        grouped: dict[int, list[Placing]] = {}
        for placing in placings:
            grouped.setdefault(placing.group or 1, []).append(placing)
        parts: list[tuple[list[Placing], int, tuple[str, str] | None]] = []
        for group, part in sorted(grouped.items()):
            entries = rules.group_entries(len(part), groups=groups, group=group)
            letter = "ABCDE"[group - 1]
            parts.append(
                (
                    part,
                    entries,
                    (
                        f"{letter}-grupp, {len(part)} par räknas som {entries}",
                        f"group {letter}, {len(part)} pairs count as {entries}",
                    ),
                )
            )
        return parts
    return [(placings, len(placings), None)]


def _met(competition: Competition) -> int | None:
    if competition.all_met_all:
        return None
    met = competition.option("met")
    if isinstance(met, int):
        return met
    winners = [p.opponents_met for p in competition.placings if p.place == 1 and p.opponents_met]
    return winners[0] if winners else competition.rounds or None


def _check_boards(table: str, competition: Competition) -> None:
    """Board minima of the scales (lines 309-320, 339-347, 679, 1139). A board count
    of 0 means unknown and is not checked."""
    boards = competition.boards
    if not boards:
        return
    if competition.option("inexperienced"):
        if boards not in rules.INEXPERIENCED_BOARDS and boards < rules.BRONZE_MIN_BOARDS:
            raise _out_of_range(table, "Minst 10 brickor krävs", "At least 10 boards are needed")
        return
    minimum = {"A1": 18, "A2": 18, "C": 18, "D": 36, "F": 38, "gold": 54}.get(table, 0)
    if boards < minimum:
        sv, en = _label(table)
        raise _out_of_range(
            table,
            f"{sv} kräver minst {minimum} brickor, {boards} spelades",
            f"{en} needs at least {minimum} boards, {boards} were played",
        )


# -- the scales as entered for a field --


def _bronze_pairs(table: str, entries: int) -> _Scale:
    low, high = (4, 32) if table == "A1" else (32, None)
    if entries < low or (high is not None and entries > high):
        raise _out_of_range(
            table,
            f"Tabell {table} gäller {'4-32' if table == 'A1' else '32-100'} par",
            f"Table {table} covers {'4-32' if table == 'A1' else '32-100'} pairs",
        )
    notes: tuple[tuple[str, str], ...] = ()
    if entries > 100:
        notes = (("utöver tabellen, enligt dess princip", "beyond the table, by its principle"),)
    lines = _integers(Colour.BRONZE, scales.bronze_pairs(entries))
    return _Scale(table, entries, "pairs", tuple(lines), notes)


def _bronze_individual(players: int) -> _Scale:
    if players < 8:
        raise _out_of_range("C", "Tabell C gäller 8-60 spelare", "Table C covers 8-60 players")
    lines = _integers(Colour.BRONZE, scales.bronze_individual(players))
    return _Scale("C", players, "individual", tuple(lines))


def _bronze_variants(competition: Competition, table: str, entries: int) -> _Scale:
    """Bronze with the beginners' and inexperienced players' scales (lines 497-499,
    685-692)."""
    kind = competition.kind
    if kind == "individual":
        return _bronze_individual(entries)
    if competition.option("beginners"):
        row = rules.beginners_scale_entries(entries)
        values = scales.bronze_pairs(row)[: scales.bronze_places(entries)]
        return _Scale(
            table,
            entries,
            kind,
            tuple(_integers(Colour.BRONZE, values)),
            ((f"nybörjarträff, {row}-parsskalan", f"beginners' event, the {row}-pair scale"),),
        )
    built = _bronze_pairs("A1" if entries <= 32 else "A2", entries)
    if competition.option("inexperienced") and competition.boards in rules.INEXPERIENCED_BOARDS:
        halved = tuple(
            _Line(Colour.BRONZE, *rules.inexperienced_points(line.credited)) for line in built.lines
        )
        return replace(
            built,
            lines=halved,
            bronze_floor=2,
            notes=(*built.notes, ("orutinerade, halv skala", "inexperienced players, half scale")),
        )
    return built


def _silver_lines(
    entries: int,
    winner_exact: Decimal,
    *,
    sp_places: int,
    bronze: Callable[[int], tuple[int, ...]],
    multiplier: int,
    row_for: Callable[[int], scales.SilverRow],
    printed: bool,
) -> list[_Line]:
    """Silver from the winner's row, then the field's bronze scale times the multiplier
    down to the best third (table D, lines 1231-1247, 1296-1302)."""
    winner = int(rules.round_up(winner_exact))
    row = row_for(winner)
    silver = row.sp[:sp_places]
    lines = _integers(Colour.SILVER, silver)
    lines[0] = _Line(Colour.SILVER, winner_exact, Decimal(winner))
    if printed:
        return lines + _integers(Colour.BRONZE, row.bp)
    field = bronze(entries)
    for place in range(len(silver) + 1, scales.bronze_places(entries) + 1):
        value = field[place - 1] if place <= len(field) else scales.BRONZE_MINIMUM
        capped = rules.cap_bronze_by_silver(value * multiplier, silver[-1])
        lines.append(_Line(Colour.BRONZE, Decimal(capped), Decimal(capped)))
    return lines


def _winner_notes(
    entries: int, met: int | None, boards: int | None, exact: Decimal
) -> list[tuple[str, str]]:
    notes = []
    if met is not None:
        not_met = entries - 1 - met
        notes.append(
            (
                f"alla har inte mött alla: segraren 1 + {met} + {not_met}/2",
                f"not all met all: winner 1 + {met} + {not_met}/2",
            )
        )
    coefficient = rules.boards_coefficient(boards)
    if coefficient != 1:
        notes.append(
            (
                f"{boards} brickor, koefficient {coefficient}",
                f"{boards} boards, coefficient {coefficient}",
            )
        )
    if exact == rules.SILVER_CAP and (met is not None or coefficient != 1 or entries > 100):
        notes.append(("högst 100 sp", "at most 100 sp"))
    return notes


def _silver_pairs(
    entries: int,
    *,
    boards: int | None = None,
    met: int | None = None,
    min_entries: int | None = None,
    multiplier: int = 2,
    printed_red: bool = True,
    table: str = "D",
) -> _Scale:
    if entries < (min_entries or 12):
        raise _out_of_range("D", "Tabell D gäller 12-100 par", "Table D covers 12-100 pairs")
    exact = rules.silver_winner(entries, met=met, boards=boards)
    winner = int(rules.round_up(exact))
    printed = printed_red and winner == entries and exact == entries
    row_sp = len(scales.silver_pairs(winner).sp)
    lines = _silver_lines(
        entries,
        exact,
        sp_places=min(row_sp, scales.silver_places(entries)),
        bronze=scales.bronze_pairs,
        multiplier=multiplier,
        row_for=scales.silver_pairs,
        printed=printed,
    )
    notes = _winner_notes(entries, met, boards, exact)
    if rules.half_silver_scale(boards):
        lines = [
            _Line(line.colour, line.exact / 2, rules.round_up(line.credited / 2))
            if line.colour is Colour.SILVER
            else line
            for line in lines
        ]
        notes.append((f"{boards} brickor, halv silverskala", f"{boards} boards, half silver scale"))
    return _Scale(table, entries, "pairs", tuple(lines), tuple(notes), 4 * multiplier)


def _a_final(
    *, total_pairs: int, qualifying_rounds: int, final_rounds: int, level: Colour
) -> _Scale:
    """The A-final of an event with carry-over: winner a + b sp, the others by the
    winner's row, no bronze (lines 376-398)."""
    exact = rules.a_final_winner(
        total_pairs=total_pairs, qualifying_rounds=qualifying_rounds, final_rounds=final_rounds
    )
    winner = int(rules.round_up(exact))
    row = scales.silver_pairs(min(winner, 100))
    lines = _integers(Colour.SILVER, row.sp)
    lines[0] = _Line(Colour.SILVER, exact, Decimal(winner))
    note = (
        f"A-final, {total_pairs} par, {qualifying_rounds}+{final_rounds} ronder: segraren {winner} sp",
        f"A-final, {total_pairs} pairs, {qualifying_rounds}+{final_rounds} rounds: winner {winner} sp",
    )
    table = "gold" if level is Colour.GOLD else "D"
    return _Scale(table, winner, "pairs", tuple(lines), (note,))


def _silver_individual(
    players: int,
    *,
    met: int | None = None,
    multiplier: int = 2,
    printed_red: bool = True,
    table: str = "F",
) -> _Scale:
    if players < 16 or (met is None and players > 64):
        raise _out_of_range("F", "Tabell F gäller 16-64 spelare", "Table F covers 16-64 players")
    exact = rules.individual_winner(players, met=met)
    winner = int(rules.round_up(exact))
    field_row = scales.f_row_for_winner(winner)
    if not 8 <= field_row <= 64:
        raise _out_of_range("F", "Tabell F gäller 16-64 spelare", "Table F covers 16-64 players")
    printed = printed_red and met is None
    row_sp = len(scales.silver_individual(field_row).sp)
    lines = _silver_lines(
        players,
        exact,
        sp_places=min(row_sp, scales.silver_places(players)),
        bronze=scales.bronze_individual,
        multiplier=multiplier,
        row_for=lambda w: scales.silver_individual(scales.f_row_for_winner(w)),
        printed=printed,
    )
    notes = []
    if met is not None:
        notes.append(
            (
                f"alla har inte spelat med alla: segraren 3/4 x (1 + {met} + {players - 1 - met}/2)",
                f"not all played with all: winner 3/4 x (1 + {met} + {players - 1 - met}/2)",
            )
        )
    return _Scale(table, players, "individual", tuple(lines), tuple(notes), 4 * multiplier)


def _gold(entries: int, *, boards: int | None, met: int | None, raised: bool, kind: str) -> _Scale:
    """Gold counts as silver in gold currency: gp to the first three (two at 24-31
    pairs), raised 10-7-5-4 to four; then sp to place 16 at most; then bronze times
    three to the best third (lines 339-357, 1772-1786)."""
    minimum = scales.GOLD_PLACES_MIN_ENTRIES.get(kind, 24)
    unit_sv, unit_en = UNITS.get(kind, UNITS["pairs"])
    if entries < minimum:
        raise _out_of_range(
            "gold",
            f"Guldtävling kräver minst {minimum} {unit_sv}",
            f"A gold event needs at least {minimum} {unit_en}",
        )
    if kind == "individual":
        silver = _silver_individual(entries, met=met, multiplier=3, printed_red=False, table="gold")
    else:
        silver = _silver_pairs(
            entries, boards=boards, met=met, multiplier=3, printed_red=False, table="gold"
        )
    places = rules.gold_places(entries, kind=kind, raised=raised)
    lines = list(silver.lines)
    notes = list(silver.notes)
    if raised:
        for index, value in enumerate(scales.RAISED_GOLD):
            lines[index] = _Line(Colour.GOLD, Decimal(value), Decimal(value))
        notes.append(("förhöjd guldpoäng", "raised gold"))
    else:
        for index in range(places):
            gold = rules.gold_from_silver(lines[index].exact)
            lines[index] = _Line(Colour.GOLD, gold, rules.round_up(gold))
    return _Scale("gold", entries, kind, tuple(lines), tuple(notes), 12)


def _h1(entries: int, *, semifinal: bool) -> _Scale:
    """SM pairs, open: the semifinal gives sp to 16 by the 100-pair scale and bronze
    times two to the best third; the A-final gives 50-35-25-...-1 gp to 13 places and
    bronze times three to place 18 (lines 1866-1878)."""
    if entries < 4:
        raise _out_of_range("H1", "Tabell H1 kräver minst 4 par", "Table H1 needs at least 4 pairs")
    field = scales.bronze_pairs(entries)
    if semifinal:
        silver = scales.silver_pairs(scales.H1_SEMIFINAL_SILVER_SCALE).sp[
            : scales.silver_places(entries)
        ]
        lines = _integers(Colour.SILVER, silver)
        for place in range(len(silver) + 1, scales.bronze_places(entries) + 1):
            value = rules.cap_bronze_by_silver(2 * field[place - 1], silver[-1])
            lines.append(_Line(Colour.BRONZE, Decimal(value), Decimal(value)))
        note = ("SM-par semifinal", "Swedish pairs championship, semifinal")
        return _Scale("H1", entries, "pairs", tuple(lines[:entries]), (note,), 8)
    lines = _integers(Colour.GOLD, scales.H1_FINAL_GOLD)
    for place in range(len(lines) + 1, scales.H1_FINAL_BRONZE_TO + 1):
        value = field[place - 1] if place <= len(field) else scales.BRONZE_MINIMUM
        lines.append(_Line(Colour.BRONZE, Decimal(3 * value), Decimal(3 * value)))
    note = ("SM-par A-final", "Swedish pairs championship, A-final")
    return _Scale("H1", entries, "pairs", tuple(lines[:entries]), (note,), 12)


def _h2(entries: int, *, boards: int | None, category: str) -> _Scale:
    """SM pairs finals for juniors (10-5-3-2 gp) and veterans, ladies, mixed
    (10-5-4-3 gp); the places after by table D with its board coefficient, bronze
    times three (lines 1879-1897)."""
    if category not in scales.H2_GOLD:
        raise ValueError(f"H2 category {category!r}: one of {', '.join(scales.H2_GOLD)}")
    silver = _silver_pairs(entries, boards=boards, multiplier=3, printed_red=False, table="H2")
    lines = list(silver.lines)
    for index, value in enumerate(scales.H2_GOLD[category]):
        if index < len(lines):
            lines[index] = _Line(Colour.GOLD, Decimal(value), Decimal(value))
    note = (f"SM-par final, {category}", f"Swedish pairs final, {category}")
    return _Scale("H2", entries, "pairs", tuple(lines), (*silver.notes, note), 12)


# -- from places to players --


def _shares(built: _Scale, place: int, place_to: int) -> dict[Colour, _Line]:
    """What one entry at ``place``..``place_to`` gets, per colour (lines 488-494)."""
    shares: dict[Colour, _Line] = {}
    for colour, (exact, credited) in built.columns.items():
        if colour is Colour.BRONZE:
            floor = built.bronze_floor
            share = rules.shared_bronze(credited, place, place_to, minimum=floor)
            exact_share = rules.shared_bronze(exact, place, place_to, minimum=floor)
        else:
            share = rules.shared_value(credited, place, place_to)
            exact_share = rules.shared_value(exact, place, place_to)
        if share > 0:
            shares[colour] = _Line(colour, exact_share, rules.round_up(share))
    return shares


def _place_text(place: int, place_to: int) -> str:
    return str(place) if place == place_to else f"{place}-{place_to}"


def _reason(built: _Scale, place: int, place_to: int) -> Reason:
    (head_sv, head_en), (tail_sv, tail_en) = built.reason_parts
    if place == place_to:
        where_sv, where_en = f"plats {place}", f"place {place}"
    else:
        where_sv, where_en = f"delad plats {place}-{place_to}", f"shared place {place}-{place_to}"
    return Reason(built.table, f"{head_sv}, {where_sv}{tail_sv}", f"{head_en}, {where_en}{tail_en}")


def _join(reason: Reason, sv: str, en: str) -> Reason:
    return Reason(reason.table, f"{reason.sv}; {sv}", f"{reason.en}; {en}")


def _place_awards(built: _Scale) -> tuple[PlaceAward, ...]:
    return tuple(
        PlaceAward(place, line.colour, line.exact, line.credited, _reason(built, place, place))
        for place, line in enumerate(built.lines, start=1)
    )


def _to_players(
    competition: Competition,
    placing: Placing,
    shares: dict[Colour, _Line],
    reason: Reason,
) -> list[PlayerAward]:
    """Points go only to players entitled to them (members of the SBF or another
    federation, line 253) who played enough (lines 527-531)."""
    sessions = competition.option("sessions", 1)
    several = isinstance(sessions, int) and sessions > 1
    awards = []
    for player in placing.players:
        if not player.entitled:
            continue
        share = Decimal(1)
        player_reason = reason
        if several:
            share = rules.session_share(player, boards=competition.boards)
            if share < 1:
                player_reason = _join(
                    reason,
                    f"andel {player.boards_played}/{competition.boards} brickor",
                    f"share {player.boards_played}/{competition.boards} boards",
                )
        elif not rules.played_enough(player, rounds=competition.rounds, boards=competition.boards):
            continue
        whole = share == 1
        for colour, line in shares.items():
            credited = line.credited if whole else rules.round_up(line.credited * share)
            if credited <= 0:
                continue
            awards.append(
                PlayerAward(
                    player.id,
                    placing.entry,
                    colour,
                    line.exact if whole else line.exact * share,
                    credited,
                    player_reason,
                    line.bonus if whole else line.bonus * share,
                )
            )
    return awards
