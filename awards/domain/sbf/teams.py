"""SBF master points for team events: tables B1-B4, E1-E5 and G1-G3.

Source: ``000_18af0e66f52a62b2.txt`` ("Svenska mästarpoäng 2014-2015"): chapter 2
(colours), chapter 5 ("Delad placering", "WO eller avbruten tävling", "Reserver")
and chapter 9 (Tabell B1, B2, B3, B4, E1, E2-E5, G1, G2a-c, G3 and the
"Definition av vunnen respektive oavgjord match"). The printed numbers are in
:mod:`awards.domain.sbf.teams_scales`; ``docs/awards-teams.md`` records how the
garbled or silent passages were read. The main readings:

* A barometer (B1, E1) awards places; every entitled player of a team gets the
  place's points. With more than four players, a player gets the share of the
  matches they played (``Player.matches_played`` of ``Competition.rounds``), and
  nothing under a third.
* A series or cup (B2-B4, E2-E5, G1-G3) awards matches. A team's points for a
  won or drawn match are shared per half played: four seats times two halves,
  so one half is an eighth (the seed's E2 example: 24 sp gives 6/6/6/3/3).
  Shares are added up over the series and rounded up once at the end.
* Won/drawn come from each team's own VP after its penalty (a penalised 18-12
  that becomes 17-12 is a draw for the winner and nothing for the other). A
  walk-over earns nothing; a conceded cup match is reported as a normal result.
* Team places are always tie-broken in the rules; a shared place that still
  reaches us is shared like a pairs place (average, rounded up).
* Only ``Player.entitled`` players get points; a guest's share is not handed on.
* A team event naming no table and reporting no matches is a barometer (B1 at
  bronze, E1 at silver); series, cups and gold events must name theirs.

``Competition.options`` read here (all optional unless the table needs them):

``division``  the series division (B3, E3: 1 = top; E5: 3 or 4; G3: 1 =
Elitserien, 2 = division 2; B1: 1 or 2 with ``divisions`` = 2);
``divisions`` how many divisions the series has (B1, B3, E3);
``cup``       True for a cup (B2: no bonus);
``swiss``     True for a Swiss ("Gröna Hissen": bonus by rounds, B2/B3);
``double_round_robin`` True when every team meets every other twice (bonus doubled);
``vp_scale``  the VP total of a level match's scale (30, 20, 8, 6, 4 or 2) when
it cannot be read from the VP of a match;
``matches_per_round`` 1 or 2 (B4: one match per round needs at least 16 boards);
``sm_event``  G2 only: ``"junior"`` (G2a), ``"veteran"`` (G2b) or ``"semifinal"`` (G2c);
``stages``    G2 veterans: ``{round: "qualifying" | "quarterfinal" | "semifinal" |
"final" | "third_place"}`` (a dict or pairs); rounds not named are qualifying.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction
from typing import Final

from awards.domain.core import (
    AwardOutcome,
    Colour,
    Competition,
    Match,
    OutOfRange,
    PlaceAward,
    Placing,
    Player,
    PlayerAward,
    Reason,
    UnknownScale,
)
from awards.domain.sbf import bronze_pairs, rules
from awards.domain.sbf import teams_scales as s

TEAM_TABLES: Final[tuple[str, ...]] = (
    "B1",
    "B2",
    "B3",
    "B4",
    "E1",
    "E2",
    "E3",
    "E4",
    "E5",
    "G1",
    "G2",
    "G3",
)
BAROMETERS: Final = frozenset({"B1", "E1"})

# The bronze floor of A1 ("dock ej färre än 4"), which B1's printed rows 28-32
# also show where two thirds of the place above would give 3.
B1_FLOOR: Final = 4
# In silver events the bronze cells are the bronze scale times two, so 8 is the floor.
E1_BRONZE_FLOOR: Final = 8
SEATS_HALVES: Final = 8  # four seats, two halves each
HALVES_PER_MATCH: Final = 2

WON: Final = "won"
DRAWN: Final = "drawn"
KO_STAGES: Final = frozenset(s.G2B_WIN)
STAGES: Final = KO_STAGES | {"qualifying"}
SM_EVENTS: Final = {"junior": "G2a", "veteran": "G2b", "semifinal": "G2c"}


def _ceil(value: Decimal | Fraction | int) -> int:
    if isinstance(value, Fraction):
        return -((-value.numerator) // value.denominator)
    return int(Decimal(value).to_integral_value(rounding=ROUND_CEILING))


def _credited(value: Decimal) -> Decimal:
    return Decimal(_ceil(value))


def _num(value: Decimal | int, sv: bool) -> str:
    text = format(Decimal(value).normalize(), "f")
    return text.replace(".", ",") if sv else text


def _refuse(table: str, sv: str, en: str) -> OutOfRange:
    return OutOfRange(Reason(table=table, sv=sv, en=en))


def _canonical(table: str) -> str:
    name = str(table).replace(" ", "").upper()
    if name not in TEAM_TABLES:
        raise UnknownScale(
            f"unknown team table {table!r}; the team tables are {', '.join(TEAM_TABLES)}"
        )
    return name


def _whole(name: str, value: object, table: str) -> int:
    if type(value) is not int:
        raise _refuse(
            table,
            f"{name} måste vara ett heltal: {value!r}",
            f"{name} must be a whole number: {value!r}",
        )
    return value


# ---------------------------------------------------------------- barometer rows


def _average_rows(
    lower: tuple[int, ...], upper: tuple[int, ...], places: int, missing: int
) -> tuple[int, ...]:
    """Tabell A2's rule for unprinted counts: the mean of the rows either side, rounded up."""
    cells = []
    for index in range(places):
        low = lower[index] if index < len(lower) else missing
        high = upper[index] if index < len(upper) else missing
        cells.append(_ceil(Fraction(low + high, 2)))
    return tuple(cells)


def a2_row(pairs: int) -> tuple[int, ...]:
    """Tabell A2 for 32-100 pairs, as the pairs scales read it (odd counts averaged)."""
    if not 32 <= pairs <= 100:
        raise _refuse(
            "A2",
            f"Tabell A2 gäller 32-100 par, inte {pairs}",
            f"Table A2 covers 32-100 pairs, not {pairs}",
        )
    return bronze_pairs.row(pairs)


def b1_row(teams: int) -> tuple[int, ...]:
    """Tabell B1: bp per player for each place, best third of ``teams``.

    Unprinted 25, 27, 29 and 31 teams take the mean of the neighbouring rows,
    rounded up, as Tabell A2 says for odd counts (E1's bronze cells for 31 teams,
    2 x (5, 4, 4), agree with the mean and not with the two-thirds principle).
    Above 32 teams: Tabell A2's row for as many pairs, times 1.5, rounded up.
    """
    if teams < 4:
        raise _refuse(
            "B1",
            f"Tabell B1 kräver minst 4 lag, inte {teams}",
            f"Table B1 needs at least 4 teams, not {teams}",
        )
    if teams in s.B1_PRINTED:
        return s.B1_PRINTED[teams]
    if teams < 32:
        return _average_rows(
            s.B1_PRINTED[teams - 1], s.B1_PRINTED[teams + 1], _ceil(Fraction(teams, 3)), B1_FLOOR
        )
    if teams > 100:
        raise _refuse(
            "B1",
            f"Tabell B1 (via A2) gäller högst 100 lag, inte {teams}",
            f"Table B1 (through A2) covers at most 100 teams, not {teams}",
        )
    return tuple(max(B1_FLOOR, _ceil(Fraction(cell * 3, 2))) for cell in a2_row(teams))


def _two_thirds_tail(row: tuple[int, ...], places: int, floor: int) -> tuple[int, ...]:
    """Cut ``row`` to ``places``, or lengthen it by B1's rule: two thirds of the place above."""
    cells = list(row[:places])
    while len(cells) < places:
        cells.append(max(floor, _ceil(Fraction(cells[-1] * 2, 3))))
    return tuple(cells)


def _b1_scale(
    entries: int, boards: int | None, division: int | None, divisions: int | None
) -> tuple[int, ...]:
    if entries < 4:
        raise _refuse(
            "B1",
            f"Tabell B1 kräver minst 4 lag, inte {entries}",
            f"Table B1 needs at least 4 teams, not {entries}",
        )
    if boards is not None and boards < 18:
        raise _refuse(
            "B1",
            f"Tabell B1 kräver minst 18 brickor totalt, inte {boards}",
            f"Table B1 needs at least 18 boards in all, not {boards}",
        )
    if divisions in (None, 1):
        return b1_row(entries)
    if divisions != 2 or division not in (1, 2):
        raise _refuse(
            "B1",
            "Lagbarometer med bp beskrivs bara i en eller två divisioner (division 1 eller 2)",
            "A bronze team barometer is described in one or two divisions only (division 1 or 2)",
        )
    # "div 1 poäng efter 1,2 x lagantalet, div 2 poäng efter 0,8 x lagantalet",
    # with the best third of the division's own teams getting points.
    factor = Fraction(6, 5) if division == 1 else Fraction(4, 5)
    return _two_thirds_tail(b1_row(_ceil(entries * factor)), _ceil(Fraction(entries, 3)), B1_FLOOR)


def e1_row(teams: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Tabell E1: (sp for the best quarter, bp down to the best third).

    Printed for 8-32, 34, 36, 38, 40 and 60 teams. Odd 33-39 take the mean of
    the rows either side (a place that is silver in one row only counts 0 sp in
    the other; a missing bronze cell counts the floor of 8). The 60 row prints
    only two of its five bronze cells; the other three get the floor of 8.
    41-59 and more than 60 teams are not printed and the row for 60 does not fit
    A2's principle (its winner gets 72, not 90), so those are refused.
    """
    if teams < 8:
        raise _refuse(
            "E1",
            f"Tabell E1 kräver minst 8 lag, inte {teams}",
            f"Table E1 needs at least 8 teams, not {teams}",
        )
    silver_places = _ceil(Fraction(teams, 4))
    bronze_places = _ceil(Fraction(teams, 3)) - silver_places
    if teams in s.E1_PRINTED:
        silver, bronze = s.E1_PRINTED[teams]
    elif 33 <= teams <= 39:
        lower, upper = s.E1_PRINTED[teams - 1], s.E1_PRINTED[teams + 1]
        silver = _average_rows(lower[0], upper[0], silver_places, 0)
        bronze = tuple(
            _ceil(Fraction(_e1_bronze_at(lower, p) + _e1_bronze_at(upper, p), 2))
            for p in range(silver_places + 1, silver_places + bronze_places + 1)
        )
    else:
        raise _refuse(
            "E1",
            f"Tabell E1 är tryckt för 8-40 och 60 lag, inte {teams}: fråga kansliet",
            f"Table E1 is printed for 8-40 and 60 teams, not {teams}: ask the federation office",
        )
    bronze = bronze + (E1_BRONZE_FLOOR,) * (bronze_places - len(bronze))
    return silver, bronze


def _e1_bronze_at(row: tuple[tuple[int, ...], tuple[int, ...]], place: int) -> int:
    # Bronze cells are matched by place: the silver list's length shifts them.
    index = place - len(row[0]) - 1
    return row[1][index] if 0 <= index < len(row[1]) else E1_BRONZE_FLOOR


def _e1_scale(entries: int, boards: int | None, met: int | None) -> list[tuple[Colour, int]]:
    if entries < 8:
        raise _refuse(
            "E1",
            f"Tabell E1 kräver minst 8 lag, inte {entries}",
            f"Table E1 needs at least 8 teams, not {entries}",
        )
    if boards is not None and boards < 42:
        raise _refuse(
            "E1",
            f"Tabell E1 kräver minst 42 brickor totalt, inte {boards}",
            f"Table E1 needs at least 42 boards in all, not {boards}",
        )
    field_size = Fraction(entries)
    if met is not None and met < entries - 1:
        # Tabell D: 1 (own team) + teams met + half of those not met, rounded up.
        field_size = Fraction(_ceil(1 + met + Fraction(entries - 1 - met, 2)))
    row_teams = _ceil(field_size * Fraction(rules.boards_coefficient(boards)))
    silver, bronze = e1_row(row_teams)
    silver_places = min(len(silver), _ceil(Fraction(entries, 4)), 16)
    last = _ceil(Fraction(entries, 3))
    if row_teams == entries:
        cells = list(bronze)
    else:
        # "Därefter erhåller paren ner till bästa 1/3 bp, enligt skalan för antalet
        # startande": the bronze scale (B1) for the real field, times two.
        b1 = b1_row(entries)
        cells = [
            2 * b1[p - 1] if p <= len(b1) else E1_BRONZE_FLOOR
            for p in range(silver_places + 1, last + 1)
        ]
    rows = [(Colour.SILVER, cell) for cell in silver[:silver_places]]
    rows += [(Colour.BRONZE, cell) for cell in cells[: last - silver_places]]
    return rows


# ---------------------------------------------------------------- per-match tables


@dataclass(frozen=True)
class MatchValue:
    """What a team earns for one won or drawn match, before it is shared out."""

    table: str
    colour: Colour
    win: Decimal
    draw: Decimal
    sv: str  # e.g. "division 2, 24 brickor"
    en: str


_MINIMUM_TEAMS: Final = {"B2": 2, "B3": 4, "B4": 2, "E2": 4, "E3": 4}


def match_value(
    table: str,
    *,
    boards: int | None,
    division: int | None = None,
    divisions: int | None = None,
    sm_event: str | None = None,
    stage: str | None = None,
) -> MatchValue:
    """The points one won (or drawn) match gives a team in a series or cup table."""
    table = _canonical(table)
    if table in BAROMETERS:
        raise _refuse(
            table,
            f"Tabell {table} ger poäng per placering",
            f"Table {table} awards places, not matches",
        )
    if boards is None:
        raise _refuse(
            table,
            f"Tabell {table} behöver antalet brickor per match",
            f"Table {table} needs the boards per match",
        )
    boards = _whole("boards", boards, table)
    label_sv, label_en = f"{boards} brickor", f"{boards} boards"

    def value(
        colour: Colour, win: Decimal | int, sv: str = label_sv, en: str = label_en
    ) -> MatchValue:
        return MatchValue(table, colour, Decimal(win), Decimal(win) / 2, sv, en)

    if table in ("B2", "B3"):
        if boards < 24:
            raise _refuse(
                table,
                f"Tabell {table} kräver minst 24 brickor per match, inte {boards} (12-23 brickor: tabell B4)",
                f"Table {table} needs at least 24 boards per match, not {boards} (12-23 boards: table B4)",
            )
        if table == "B2":
            return value(Colour.BRONZE, s.B2_WIN)
        if divisions not in s.B3_WIN or division is None or not 1 <= division <= divisions:
            raise _refuse(
                "B3",
                f"Tabell B3 gäller 2-6 divisioner och en division i serien (division {division} av {divisions})",
                f"Table B3 covers 2-6 divisions and a division within them (division {division} of {divisions})",
            )
        return value(
            Colour.BRONZE,
            s.B3_WIN[divisions][division - 1],
            f"division {division} av {divisions}, {boards} brickor",
            f"division {division} of {divisions}, {boards} boards",
        )
    if table == "B4":
        if not 12 <= boards <= 23:
            raise _refuse(
                "B4",
                f"Tabell B4 gäller 12-23 brickor per match, inte {boards}",
                f"Table B4 covers 12-23 boards per match, not {boards}",
            )
        return value(Colour.BRONZE, s.B4_WIN)
    if table in ("E2", "E4"):
        return _silver_per_board(table, boards)
    if table == "E3":
        if divisions not in s.E3_OFFSETS or division is None or not 1 <= division <= divisions:
            raise _refuse(
                "E3",
                f"Tabell E3 gäller 2-8 divisioner och en division i serien (division {division} av {divisions})",
                f"Table E3 covers 2-8 divisions and a division within them (division {division} of {divisions})",
            )
        _silver_per_board("E3", boards)
        played_for = boards + s.E3_OFFSETS[divisions][division - 1]
        return MatchValue(
            "E3",
            Colour.SILVER,
            Decimal(max(s.E3_MINIMUM_WIN, played_for)),
            max(Decimal(s.E3_MINIMUM_DRAW), Decimal(played_for) / 2),
            f"division {division} av {divisions}, {boards} brickor",
            f"division {division} of {divisions}, {boards} boards",
        )
    if table == "E5":
        if division == 3:
            return value(
                Colour.SILVER,
                s.E5_DIV3_WIN,
                f"division 3, {boards} brickor",
                f"division 3, {boards} boards",
            )
        if division == 4:
            per_board = _silver_per_board("E5", boards)
            return value(
                Colour.SILVER,
                per_board.win,
                f"division 4, {boards} brickor",
                f"division 4, {boards} boards",
            )
        raise _refuse(
            "E5",
            f"Tabell E5 gäller Allsvenskan division 3 och 4, inte {division}",
            f"Table E5 covers Allsvenskan divisions 3 and 4, not {division}",
        )
    if table == "G1":
        if boards not in s.G1_WIN:
            raise _refuse(
                "G1",
                f"Tabell G1 anger poäng för matcher om 20 eller 24 brickor, inte {boards}",
                f"Table G1 gives points for matches of 20 or 24 boards, not {boards}",
            )
        return value(Colour.GOLD, s.G1_WIN[boards])
    if table == "G2":
        if sm_event not in SM_EVENTS:
            raise _refuse(
                "G2",
                "Tabell G2 behöver tävlingen: junior (G2a), veteran (G2b) eller semifinal (G2c)",
                "Table G2 needs the event: junior (G2a), veteran (G2b) or semifinal (G2c)",
            )
        if sm_event == "semifinal":
            return value(Colour.GOLD, s.G2C_WIN, "SM-semifinal", "SM semifinal")
        if sm_event == "veteran" and stage not in (None, "qualifying"):
            if stage not in KO_STAGES:
                raise _refuse(
                    "G2",
                    f"Okänd omgång {stage!r} i SM-final för veteraner",
                    f"Unknown stage {stage!r} in the veterans' SM final",
                )
            return value(
                Colour.GOLD,
                s.G2B_WIN[stage],
                f"{_STAGE_SV[stage]}, {boards} brickor",
                f"{stage.replace('_', ' ')}, {boards} boards",
            )
        return _silver_per_board("G2", boards)
    # G3
    if division not in s.G3_WIN:
        raise _refuse(
            "G3",
            f"Tabell G3 gäller Elitserien (division 1) och division 2, inte {division}",
            f"Table G3 covers Elitserien (division 1) and division 2, not {division}",
        )
    name = "Elitserien" if division == 1 else "division 2"
    return value(Colour.GOLD, s.G3_WIN[division], name, name)


_STAGE_SV: Final = {
    "quarterfinal": "kvartsfinal",
    "semifinal": "semifinal",
    "final": "final",
    "third_place": "match om tredjepris",
}


def _silver_per_board(table: str, boards: int) -> MatchValue:
    # E2: "1 sp per spelad bricka, vid oavgjort hälften"; at least 6 boards per match.
    if boards < 6:
        raise _refuse(
            table,
            f"Tabell {table} kräver minst 6 brickor per match, inte {boards}",
            f"Table {table} needs at least 6 boards per match, not {boards}",
        )
    return MatchValue(
        table,
        Colour.SILVER,
        Decimal(boards),
        Decimal(boards) / 2,
        f"{boards} brickor",
        f"{boards} boards",
    )


# ---------------------------------------------------------------- bonus tables


def b2_bonus_row(teams: int) -> tuple[int, ...]:
    """The bonus table under B2: bp per player by place.

    Printed for 4-12 teams; the printed rows follow 10 bp per team beaten for
    the winner and 30 less for each place below, which we follow outside 4-12.
    """
    if teams in s.B2_BONUS_PRINTED:
        return s.B2_BONUS_PRINTED[teams]
    return tuple(cell for cell in range(10 * (teams - 1), 0, -30))


def team_bonus_scale(
    table: str,
    *,
    entries: int,
    rounds: int | None = None,
    division: int | None = None,
    divisions: int | None = None,
    swiss: bool = False,
    double_round_robin: bool = False,
    sm_event: str | None = None,
) -> tuple[PlaceAward, ...]:
    """Per-player bonus by final place: B2/B3 bonus, E5 division 3, G1, G2a (gold for sp).

    Tables without a place bonus give ``()``; G3's Elitserien bonus is a
    percentage of what the winners earned and is applied by the award.
    """
    table = _canonical(table)
    rows: tuple[Decimal, ...] = ()
    colour = Colour.GOLD
    label_sv, label_en = f"{entries} lag", f"{entries} teams"
    if table in ("B2", "B3"):
        colour = Colour.BRONZE
        if swiss:
            if not rounds:
                raise _refuse(
                    table,
                    "Bonus i Gröna Hissen räknas på antalet ronder",
                    "A Swiss bonus is counted from the rounds",
                )
            base = b2_bonus_row(rounds + 1)
            label_sv, label_en = f"Gröna Hissen, {rounds} ronder", f"Swiss, {rounds} rounds"
        else:
            base = b2_bonus_row(entries)
        share = Decimal(1)
        if table == "B3":
            share = s.B3_BONUS_SHARE.get(division or 0, Decimal(0))
            label_sv += f", division {division}"
            label_en += f", division {division}"
        if double_round_robin:
            share *= 2
            label_sv += ", dubbelserie"
            label_en += ", double round robin"
        rows = tuple(Decimal(cell) * share for cell in base)
    elif table == "E5" and division == 3:
        rows = tuple(Decimal(cell) for cell in s.E5_DIV3_BONUS_GP)
    elif table == "G1":
        rows = tuple(Decimal(cell) for cell in s.G1_BONUS)
    elif table == "G2" and sm_event == "junior":
        for fewest, gold in s.G2A_GOLD:
            if entries >= fewest:
                rows = tuple(Decimal(cell) for cell in gold)
                break
    unit = {Colour.BRONZE: "bp", Colour.SILVER: "sp", Colour.GOLD: "gp"}[colour]
    return tuple(
        PlaceAward(
            place=place,
            colour=colour,
            exact=cell,
            credited=cell,
            reason=Reason(
                table=table,
                sv=f"Tabell {table}, bonus, {label_sv}, plats {place}: {_num(cell, True)} {unit} per spelare",
                en=f"Table {table}, bonus, {label_en}, place {place}: {_num(cell, False)} {unit} per player",
            ),
        )
        for place, cell in enumerate(rows, start=1)
        if cell > 0
    )


# ---------------------------------------------------------------- the calculator


def team_scale(
    table: str,
    *,
    entries: int,
    boards: int | None = None,
    met: int | None = None,
    level: Colour | None = None,
    division: int | None = None,
    divisions: int | None = None,
    sm_event: str | None = None,
    stage: str | None = None,
    variant: str | None = None,
) -> tuple[PlaceAward, ...]:
    """A team table for the award calculator.

    Barometers (B1, E1): one row per place with the points each player of the
    team gets (E1: silver rows, then bronze rows). ``boards`` is the total; E1
    reads ``met`` (teams met when not all met all) and the board coefficient.

    Series and cups: two rows, ``place`` 1 = one won match, ``place`` 2 = one
    drawn match, each the team's total for that match before it is shared per
    half (so ``credited`` equals ``exact``: rounding happens on each player's
    sum). ``boards`` is per match. ``level`` is not read: the table fixes the colour.

    ``variant`` is one string for a calculator with a single knob: ``"2/3"`` is
    division 2 of 3 (B1, B3, E3), ``"3"`` a division (E5, G3), and for G2 the
    event, optionally with the stage (``"veteran:final"``).
    """
    table = _canonical(table)
    entries = _whole("entries", entries, table)
    if variant:
        division, divisions, sm_event, stage = _read_variant(
            table, variant, division, divisions, sm_event, stage
        )
    if table == "B1":
        cells = _b1_scale(entries, boards, division, divisions)
        return tuple(
            PlaceAward(
                place=place,
                colour=Colour.BRONZE,
                exact=Decimal(cell),
                credited=Decimal(cell),
                reason=Reason(
                    "B1",
                    f"Tabell B1, {entries} lag, plats {place}",
                    f"Table B1, {entries} teams, place {place}",
                ),
            )
            for place, cell in enumerate(cells, start=1)
        )
    if table == "E1":
        return tuple(
            PlaceAward(
                place=place,
                colour=colour,
                exact=Decimal(cell),
                credited=Decimal(cell),
                reason=Reason(
                    "E1",
                    f"Tabell E1, {entries} lag, plats {place}",
                    f"Table E1, {entries} teams, place {place}",
                ),
            )
            for place, (colour, cell) in enumerate(_e1_scale(entries, boards, met), start=1)
        )
    fewest = _MINIMUM_TEAMS.get(table, 2)
    if entries < fewest:
        raise _refuse(
            table,
            f"Tabell {table} kräver minst {fewest} lag, inte {entries}",
            f"Table {table} needs at least {fewest} teams, not {entries}",
        )
    worth = match_value(
        table, boards=boards, division=division, divisions=divisions, sm_event=sm_event, stage=stage
    )
    unit = {Colour.BRONZE: "bp", Colour.SILVER: "sp", Colour.GOLD: "gp"}[worth.colour]
    return (
        PlaceAward(
            place=1,
            colour=worth.colour,
            exact=worth.win,
            credited=worth.win,
            reason=Reason(
                table,
                f"Tabell {table}, {worth.sv}: vunnen match ger laget {_num(worth.win, True)} {unit}, delat per halvlek",
                f"Table {table}, {worth.en}: a won match gives the team {_num(worth.win, False)} {unit}, shared per half",
            ),
        ),
        PlaceAward(
            place=2,
            colour=worth.colour,
            exact=worth.draw,
            credited=worth.draw,
            reason=Reason(
                table,
                f"Tabell {table}, {worth.sv}: oavgjord match ger laget {_num(worth.draw, True)} {unit}, delat per halvlek",
                f"Table {table}, {worth.en}: a drawn match gives the team {_num(worth.draw, False)} {unit}, shared per half",
            ),
        ),
    )


def _read_variant(
    table: str,
    variant: str,
    division: int | None,
    divisions: int | None,
    sm_event: str | None,
    stage: str | None,
) -> tuple[int | None, int | None, str | None, str | None]:
    if table == "G2":
        event, _, named_stage = variant.partition(":")
        return division, divisions, event or sm_event, named_stage or stage
    first, _, second = variant.partition("/")
    try:
        return int(first), int(second) if second else divisions, sm_event, stage
    except ValueError:
        raise _refuse(
            table,
            f'Okänd variant {variant!r} för tabell {table}: ange division, t.ex. "2/3"',
            f'Unknown variant {variant!r} for table {table}: give the division, e.g. "2/3"',
        ) from None


# ---------------------------------------------------------------- match results


def match_result(
    own_vp: Decimal,
    other_vp: Decimal,
    own_penalty: Decimal = Decimal(0),
    scale_total: int | None = None,
) -> str | None:
    """``"won"``, ``"drawn"`` or ``None`` (nothing) for one team by the seed's definition.

    The scale is the pre-penalty sum of the two teams' VP unless given. A team
    is judged on its own VP after its own penalty: 18-12 less 1 VP (17-12) is a
    draw for that team; 17-13 where the other loses 1 VP leaves that team 12,
    nothing.
    """
    total = scale_total if scale_total is not None else own_vp + other_vp
    thresholds = s.WIN_DRAW_VP.get(int(total)) if Decimal(total) == int(total) else None
    if thresholds is None:
        raise OutOfRange(
            Reason(
                table="",
                sv=f"Okänd VP-skala ({_num(own_vp, True)}-{_num(other_vp, True)}): ange vp_scale",
                en=f"Unknown VP scale ({_num(own_vp, False)}-{_num(other_vp, False)}): set vp_scale",
            )
        )
    win_at, nothing_at = thresholds
    own = own_vp - own_penalty
    if own >= win_at:
        return WON
    if own <= nothing_at:
        return None
    return DRAWN


def _side_results(match: Match, scale_total: int | None) -> tuple[str | None, str | None]:
    if match.vp_home is not None and match.vp_away is not None:
        return (
            match_result(match.vp_home, match.vp_away, match.penalty_home, scale_total),
            match_result(match.vp_away, match.vp_home, match.penalty_away, scale_total),
        )
    if match.imps_home is not None and match.imps_away is not None:
        # A knock-out match without VP is decided on IMPs (penalties in IMPs).
        home = match.imps_home - match.penalty_home
        away = match.imps_away - match.penalty_away
        if home == away:
            return DRAWN, DRAWN
        return (WON, None) if home > away else (None, WON)
    raise ValueError(
        f"match {match.home}-{match.away} in round {match.round} has neither VP nor IMPs"
    )


# ---------------------------------------------------------------- awards


@dataclass
class _Tally:
    exact: dict[Colour, Decimal] = field(default_factory=dict)
    # The part of ``exact`` that is a bonus, which earns no ranking points (chapter 7).
    bonus: dict[Colour, Decimal] = field(default_factory=dict)
    won: int = 0
    drawn: int = 0
    halves: int = 0
    notes_sv: list[str] = field(default_factory=list)
    notes_en: list[str] = field(default_factory=list)

    def add(self, colour: Colour, points: Decimal, *, bonus: bool = False) -> None:
        self.exact[colour] = self.exact.get(colour, Decimal(0)) + points
        if bonus:
            self.bonus[colour] = self.bonus.get(colour, Decimal(0)) + points


def award_team_competition(competition: Competition) -> AwardOutcome:
    """Awards for a finished team competition, one row per entitled player and colour.

    A field the table does not cover (too few teams or boards) gives no award
    with the reason; facts that cannot be right (a match naming an unknown team,
    more than eight halves for a team) raise ``ValueError``.
    """
    table = _canonical(competition.table or _default_table(competition))
    try:
        if table in BAROMETERS:
            return _award_barometer(table, competition)
        return _award_series(table, competition)
    except OutOfRange as refusal:
        reason = refusal.reason
        if not reason.table:
            reason = Reason(table, reason.sv, reason.en)
        return AwardOutcome(no_award=reason)


def _default_table(competition: Competition) -> str:
    """A team event that names no table and reports no matches is a barometer."""
    if not competition.matches and competition.level in (Colour.BRONZE, Colour.SILVER):
        return "B1" if competition.level is Colour.BRONZE else "E1"
    raise UnknownScale(
        "a team series, cup or gold event names its table; "
        f"the team tables are {', '.join(TEAM_TABLES)}"
    )


def _option_int(competition: Competition, name: str) -> int | None:
    value = competition.option(name)
    return None if value is None else int(str(value))


def _places(placing: Placing) -> range:
    return range(placing.place, placing.place_to + 1)


def _shared(values: Mapping[int, Decimal], placing: Placing) -> Decimal:
    """A shared place splits what its places give together (chapter 5, "Delad placering")."""
    places = _places(placing)
    return sum((values.get(p, Decimal(0)) for p in places), Decimal(0)) / len(places)


def _place_text(placing: Placing) -> str:
    if placing.place_to == placing.place:
        return str(placing.place)
    return f"{placing.place}-{placing.place_to}"


def _award_barometer(table: str, competition: Competition) -> AwardOutcome:
    entries = len(competition.placings)
    met = None
    if not competition.all_met_all:
        winners = [p for p in competition.placings if p.place == 1]
        met = next((p.opponents_met for p in winners if p.opponents_met is not None), None)
        if met is None and competition.rounds:
            met = competition.rounds
    scale = team_scale(
        table,
        entries=entries,
        boards=competition.boards or None,
        met=met,
        division=_option_int(competition, "division"),
        divisions=_option_int(competition, "divisions"),
    )
    by_colour: dict[Colour, dict[int, Decimal]] = {}
    for row in scale:
        by_colour.setdefault(row.colour, {})[row.place] = row.exact
    awards: list[PlayerAward] = []
    for placing in competition.placings:
        shares = {colour: _shared(values, placing) for colour, values in by_colour.items()}
        shares = {colour: value for colour, value in shares.items() if value > 0}
        if not shares:
            continue
        large_team = len(placing.players) > 4
        for player in placing.players:
            if not player.entitled:
                continue
            part, part_sv, part_en = _barometer_part(competition, placing, player, large_team)
            if part == 0:
                continue
            for colour, value in shares.items():
                exact = value * part.numerator / part.denominator
                awards.append(
                    PlayerAward(
                        player=player.id,
                        entry=placing.entry,
                        colour=colour,
                        exact=exact,
                        credited=_credited(exact),
                        reason=Reason(
                            table,
                            f"Tabell {table}, {entries} lag, plats {_place_text(placing)}{part_sv}",
                            f"Table {table}, {entries} teams, place {_place_text(placing)}{part_en}",
                        ),
                    )
                )
    if not awards:
        return AwardOutcome(
            no_award=Reason(table, "Inga poängberättigade spelare", "No entitled players")
        )
    return AwardOutcome(awards=tuple(awards))


def _barometer_part(
    competition: Competition, placing: Placing, player: Player, large_team: bool
) -> tuple[Fraction, str, str]:
    """A player's part of the place's points: all of it in a team of four or fewer.

    With more than four players: matches played over all matches, nothing under a third.
    """
    if not large_team:
        return Fraction(1), "", ""
    total = competition.rounds
    played = player.matches_played
    if not total or played is None:
        raise ValueError(
            f"team {placing.entry} used more than four players: each needs matches_played, "
            "and the competition its rounds"
        )
    if played * 3 < total:
        return Fraction(0), "", ""
    return (
        Fraction(min(played, total), total),
        f", {played} av {total} matcher",
        f", {played} of {total} matches",
    )


def _stage_of(competition: Competition) -> Mapping[int, str]:
    raw = competition.option("stages")
    if raw is None:
        return {}
    if isinstance(raw, Mapping):
        pairs: list[tuple[object, object]] = list(raw.items())
    elif isinstance(raw, tuple | list):
        pairs = [(pair[0], pair[1]) for pair in raw]
    else:
        raise ValueError(f"option stages must map rounds to stages, not {raw!r}")
    stages = {int(str(round_)): str(stage) for round_, stage in pairs}
    unknown = set(stages.values()) - STAGES
    if unknown:
        raise ValueError(f"unknown stages {sorted(unknown)}; expected {sorted(STAGES)}")
    return stages


def _halves(match: Match, placing: Placing) -> list[tuple[Player, int]]:
    players = {player.id: player for player in placing.players}
    listed = [(pid, halves) for entry, pid, halves in match.halves if entry == placing.entry]
    if not listed:
        if len(players) > 4:
            raise ValueError(
                f"team {placing.entry} has more than four players: round {match.round} needs halves per player"
            )
        return [(player, 2) for player in placing.players]
    seats: list[tuple[Player, int]] = []
    for pid, halves in listed:
        if pid not in players:
            raise ValueError(
                f"player {pid} in round {match.round} is not listed for team {placing.entry}"
            )
        if halves not in (0, 1, 2):
            raise ValueError(
                f"player {pid} in round {match.round}: halves must be 0, 1 or 2, not {halves}"
            )
        seats.append((players[pid], halves))
    if sum(h for _, h in seats) > SEATS_HALVES:
        raise ValueError(f"team {placing.entry} in round {match.round}: more than eight halves")
    return seats


def _award_series(table: str, competition: Competition) -> AwardOutcome:
    placings = {placing.entry: placing for placing in competition.placings}
    entries = len(placings)
    division = _option_int(competition, "division")
    divisions = _option_int(competition, "divisions")
    raw_event = competition.option("sm_event")
    sm_event = None if raw_event is None else str(raw_event)
    stages = _stage_of(competition)
    scale_total = _option_int(competition, "vp_scale")
    matches_per_round = _option_int(competition, "matches_per_round")

    fewest = _MINIMUM_TEAMS.get(table, 2)
    if entries < fewest:
        raise _refuse(
            table,
            f"Tabell {table} kräver minst {fewest} lag, inte {entries}",
            f"Table {table} needs at least {fewest} teams, not {entries}",
        )
    if not competition.matches:
        raise _refuse(table, "Inga matcher rapporterade", "No matches reported")

    tallies: dict[tuple[str, str], _Tally] = {}
    team_halves: dict[str, int] = {entry: 0 for entry in placings}
    for match in sorted(competition.matches, key=lambda m: m.round):
        if match.walkover:
            continue  # "Inga mp utdelas vid seger på W.O."
        if table == "B4" and matches_per_round == 1 and match.boards < 16:
            raise _refuse(
                "B4",
                f"Tabell B4 med en match per omgång kräver minst 16 brickor, inte {match.boards}",
                f"Table B4 with one match per round needs at least 16 boards, not {match.boards}",
            )
        stage = stages.get(match.round)
        worth = match_value(
            table,
            boards=match.boards,
            division=division,
            divisions=divisions,
            sm_event=sm_event,
            stage=stage,
        )
        results = _side_results(match, scale_total)
        for entry, result in zip((match.home, match.away), results, strict=True):
            if entry not in placings:
                raise ValueError(f"round {match.round}: team {entry!r} has no placing")
            placing = placings[entry]
            team_halves[entry] += HALVES_PER_MATCH
            points = worth.win if result == WON else worth.draw if result == DRAWN else Decimal(0)
            for player, halves in _halves(match, placing):
                tally = tallies.setdefault((entry, player.id), _Tally())
                tally.halves += halves
                if halves == 0 or points == 0:
                    continue
                tally.add(worth.colour, points * halves / SEATS_HALVES)
                if result == WON:
                    tally.won += 1
                else:
                    tally.drawn += 1

    _add_bonus(table, competition, placings, tallies, team_halves, division, divisions, sm_event)

    label_sv = label_en = ""
    if table == "G2" and sm_event is not None:
        label_sv = label_en = f" ({SM_EVENTS[sm_event]})"
    if division is not None and table in ("B3", "E3", "E5", "G3"):
        name = "Elitserien" if table == "G3" and division == 1 else f"division {division}"
        label_sv += f", {name}"
        label_en += f", {name}"
    awards: list[PlayerAward] = []
    for placing in competition.placings:
        for player in placing.players:
            earned = tallies.get((placing.entry, player.id))
            if earned is None or not player.entitled:
                continue
            counted_sv, counted_en = _matches_text(earned.won, earned.drawn)
            sv = f"Tabell {table}{label_sv}, {counted_sv}" + "".join(earned.notes_sv)
            en = f"Table {table}{label_en}, {counted_en}" + "".join(earned.notes_en)
            for colour in (Colour.GOLD, Colour.SILVER, Colour.BRONZE):
                exact = earned.exact.get(colour, Decimal(0))
                if exact <= 0:
                    continue
                awards.append(
                    PlayerAward(
                        player=player.id,
                        entry=placing.entry,
                        colour=colour,
                        exact=exact,
                        credited=_credited(exact),
                        reason=Reason(table, sv, en),
                        bonus=earned.bonus.get(colour, Decimal(0)),
                    )
                )
    if not awards:
        return AwardOutcome(
            no_award=Reason(table, "Inga vunna eller oavgjorda matcher", "No match won or drawn")
        )
    return AwardOutcome(awards=tuple(awards))


def _matches_text(won: int, drawn: int) -> tuple[str, str]:
    sv = [f"{won} vunnen match" if won == 1 else f"{won} vunna matcher"] if won or not drawn else []
    en = [f"{won} match won" if won == 1 else f"{won} matches won"] if won or not drawn else []
    if drawn:
        sv.append(f"{drawn} oavgjord match" if drawn == 1 else f"{drawn} oavgjorda matcher")
        en.append(f"{drawn} match drawn" if drawn == 1 else f"{drawn} matches drawn")
    return ", ".join(sv), ", ".join(en)


def _add_bonus(
    table: str,
    competition: Competition,
    placings: Mapping[str, Placing],
    tallies: dict[tuple[str, str], _Tally],
    team_halves: Mapping[str, int],
    division: int | None,
    divisions: int | None,
    sm_event: str | None,
) -> None:
    entries = len(placings)
    if table == "G3":
        if division == 1:
            # "Segraren i Elitserien får 20 % bonustillägg på sina inspelade poäng."
            for placing in placings.values():
                if placing.place != 1:
                    continue
                for player in placing.players:
                    tally = tallies.get((placing.entry, player.id))
                    earned = tally.exact.get(Colour.GOLD, Decimal(0)) if tally else Decimal(0)
                    if tally is None or earned == 0:
                        continue
                    tally.add(Colour.GOLD, earned * s.G3_ELITE_BONUS, bonus=True)
                    tally.notes_sv.append(", segrare i Elitserien: 20 % bonus")
                    tally.notes_en.append(", Elitserien winners: 20 % bonus")
        return
    if table == "B2" and competition.option("cup"):
        return
    bonus = team_bonus_scale(
        table,
        entries=entries,
        rounds=competition.rounds or None,
        division=division,
        divisions=divisions,
        swiss=bool(competition.option("swiss")),
        double_round_robin=bool(competition.option("double_round_robin")),
        sm_event=sm_event,
    )
    if not bonus:
        return
    values = {row.place: row.exact for row in bonus}
    colour = bonus[0].colour
    unit = {Colour.BRONZE: "bp", Colour.SILVER: "sp", Colour.GOLD: "gp"}[colour]
    for placing in placings.values():
        value = _shared(values, placing)
        if value == 0:
            continue
        for player in placing.players:
            tally = tallies.get((placing.entry, player.id))
            if tally is None or tally.halves == 0:
                continue
            if table == "G2":
                # G2a: the best teams' sp become gold per player; the others keep their sp.
                # Not a bonus: the seed says the sp are converted ("omvandlas") and never
                # calls it one; read as a bonus, the best junior teams would be the only
                # ones to earn no ranking from the final.
                tally.exact.pop(Colour.SILVER, None)
                tally.add(Colour.GOLD, value)
                tally.notes_sv.append(
                    f", plats {_place_text(placing)}: {_num(value, True)} gp i stället för sp"
                )
                tally.notes_en.append(
                    f", place {_place_text(placing)}: {_num(value, False)} gp instead of sp"
                )
                continue
            # "minst 1/3 av totala antalet halvlekar" of the team's played matches.
            if tally.halves * 3 < team_halves[placing.entry]:
                continue
            tally.add(colour, value, bonus=True)
            tally.notes_sv.append(
                f", bonus plats {_place_text(placing)}: {_num(value, True)} {unit}"
            )
            tally.notes_en.append(
                f", bonus place {_place_text(placing)}: {_num(value, False)} {unit}"
            )
