"""SBF master points for team events: the awards of a barometer, series or cup.

Source: ``000_18af0e66f52a62b2.txt``: chapter 5 ("Delad placering", "WO eller avbruten
tävling", "Reserver") and chapter 9 (Tabell B1-B4, E1-E5, G1-G3). What each table
states is in :data:`TEAM_TABLES`, read from ``team_b``, ``team_e`` and ``team_g``;
``docs/awards-teams.md`` records how the garbled or silent passages were read.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType
from typing import Final

from awards.domain.core import (
    UNIT,
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
from tournaments.domain.teams import stage_rounds, walkover_exclusions, walkover_giver

from . import gold, gold_teams, team_b, team_e, team_g
from .team_rules import (
    DRAWN,
    WON,
    MatchValue,
    TeamTable,
    credited,
    match_result,
    num,
    refuse,
    whole,
)

# What each team table states: the fields it covers and how it is read.
TEAM_TABLES: Final[Mapping[str, TeamTable]] = MappingProxyType(
    {
        table.name: table
        for table in (*team_b.TABLES, *team_e.TABLES, *team_g.TABLES, gold_teams.TABLE)
    }
)
SEATS_HALVES: Final = 8  # four seats, two halves each
HALVES_PER_MATCH: Final = 2
# every stage the option ``stages`` may name
STAGES: Final = frozenset({"qualifying"}).union(*(t.stages for t in TEAM_TABLES.values()))


def _canonical(table: str) -> TeamTable:
    name = str(table).replace(" ", "").upper()
    if name not in TEAM_TABLES:
        raise UnknownScale(
            f"unknown team table {table!r}; the team tables are {', '.join(TEAM_TABLES)}"
        )
    return TEAM_TABLES[name]


def _check_teams(table: TeamTable, entries: int) -> None:
    if entries < table.min_teams:
        name, fewest = table.name, table.min_teams
        raise refuse(
            name,
            f"Tabell {name} kräver minst {fewest} lag, inte {entries}",
            f"Table {name} needs at least {fewest} teams, not {entries}",
        )


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
    spec = _canonical(table)
    name = spec.name
    if spec.barometer or spec.value is None:
        raise refuse(
            name,
            f"Tabell {name} ger poäng per placering",
            f"Table {name} awards places, not matches",
        )
    if boards is None:
        raise refuse(
            name,
            f"Tabell {name} behöver antalet brickor per match",
            f"Table {name} needs the boards per match",
        )
    boards = whole("boards", boards, name)
    return spec.value(spec, boards, division, divisions, sm_event, stage)


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
    spec = _canonical(table)
    if spec.bonus is None:
        return ()
    bonus = spec.bonus(spec, entries, rounds, division, swiss, double_round_robin, sm_event)
    name, colour = spec.name, spec.bonus_colour
    unit = UNIT[colour]
    return tuple(
        PlaceAward(
            place=place,
            colour=colour,
            exact=cell,
            credited=cell,
            reason=Reason(
                table=name,
                sv=f"Tabell {name}, bonus, {bonus.sv}, plats {place}: {num(cell, True)} {unit} per spelare",
                en=f"Table {name}, bonus, {bonus.en}, place {place}: {num(cell, False)} {unit} per player",
            ),
        )
        for place, cell in enumerate(bonus.rows, start=1)
        if cell > 0
    )


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
    raised: bool = False,
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
    spec = _canonical(table)
    name = spec.name
    entries = whole("entries", entries, name)
    if variant:
        division, divisions, sm_event, stage = _read_variant(
            spec, variant, division, divisions, sm_event, stage
        )
    _check_teams(spec, entries)
    if spec.barometer:
        if boards is not None and spec.min_boards is not None and boards < spec.min_boards:
            raise refuse(
                name,
                f"Tabell {name} kräver minst {spec.min_boards} brickor totalt, inte {boards}",
                f"Table {name} needs at least {spec.min_boards} boards in all, not {boards}",
            )
    if spec is gold_teams.TABLE:
        return _gold_team_places(entries, boards, met, raised=raised)
    if spec.barometer and spec.places is not None:
        return tuple(
            PlaceAward(
                place=place,
                colour=colour,
                exact=Decimal(cell),
                credited=Decimal(cell),
                reason=Reason(
                    name,
                    f"Tabell {name}, {entries} lag, plats {place}",
                    f"Table {name}, {entries} teams, place {place}",
                ),
            )
            for place, (colour, cell) in enumerate(
                spec.places(entries, boards, met, division, divisions), start=1
            )
        )
    worth = match_value(
        name, boards=boards, division=division, divisions=divisions, sm_event=sm_event, stage=stage
    )
    unit = UNIT[worth.colour]
    return (
        PlaceAward(
            place=1,
            colour=worth.colour,
            exact=worth.win,
            credited=worth.win,
            reason=Reason(
                name,
                f"Tabell {name}, {worth.sv}: vunnen match ger laget {num(worth.win, True)} {unit}, delat per halvlek",
                f"Table {name}, {worth.en}: a won match gives the team {num(worth.win, False)} {unit}, shared per half",
            ),
        ),
        PlaceAward(
            place=2,
            colour=worth.colour,
            exact=worth.draw,
            credited=worth.draw,
            reason=Reason(
                name,
                f"Tabell {name}, {worth.sv}: oavgjord match ger laget {num(worth.draw, True)} {unit}, delat per halvlek",
                f"Table {name}, {worth.en}: a drawn match gives the team {num(worth.draw, False)} {unit}, shared per half",
            ),
        ),
    )


def _gold_team_places(
    entries: int, boards: int | None, met: int | None, *, raised: bool
) -> tuple[PlaceAward, ...]:
    scale_sv, scale_en = gold.RAISED_NOTE if raised else ("guldvaluta", "gold currency")
    return tuple(
        PlaceAward(
            place=place,
            colour=colour,
            exact=exact,
            credited=credited_value,
            reason=Reason(
                gold_teams.NAME,
                f"{gold_teams.TITLE[0]} ({scale_sv}), {entries} lag, plats {place}",
                f"{gold_teams.TITLE[1]} ({scale_en}), {entries} teams, place {place}",
            ),
        )
        for place, (colour, exact, credited_value) in enumerate(
            gold_teams.places(entries, boards, met, raised=raised), start=1
        )
    )


def _read_variant(
    table: TeamTable,
    variant: str,
    division: int | None,
    divisions: int | None,
    sm_event: str | None,
    stage: str | None,
) -> tuple[int | None, int | None, str | None, str | None]:
    if table.events:
        event, _, named_stage = variant.partition(":")
        return division, divisions, event or sm_event, named_stage or stage
    first, _, second = variant.partition("/")
    try:
        return int(first), int(second) if second else divisions, sm_event, stage
    except ValueError:
        raise refuse(
            table.name,
            f'Okänd variant {variant!r} för tabell {table.name}: ange division, t.ex. "2/3"',
            f'Unknown variant {variant!r} for table {table.name}: give the division, e.g. "2/3"',
        ) from None


def _side_results(
    match: Match, scale_total: int | None, board_a_match: bool = False
) -> tuple[str | None, str | None]:
    if board_a_match and match.vp_home is not None and match.vp_away is not None:
        # Board points have no VP scale (seed 004 line 170): the decision of the office,
        # more board points after the team's own penalty win, equal ones draw.
        home = match.vp_home - match.penalty_home
        away = match.vp_away - match.penalty_away
        if home == away:
            return DRAWN, DRAWN
        return (WON, None) if home > away else (None, WON)
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
        if table.barometer:
            return _award_barometer(table.name, competition)
        return _award_series(table, competition)
    except OutOfRange as refusal:
        reason = refusal.reason
        if not reason.table:
            reason = Reason(table.name, reason.sv, reason.en)
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


def excluded_teams(competition: Competition) -> frozenset[str]:
    """The teams excluded from a series for their W.O.s, read from the matches as the
    standings read them (seed 003 line 776, ``tournaments.domain.teams``): their
    played matches still pay, but they take no place, and the field that places
    and bonuses are counted over is the series without them."""
    matches = competition.matches
    if not any(m.walkover for m in matches):
        return frozenset()
    rounds = stage_rounds(len(competition.placings), (m.round for m in matches))
    givers = [
        (
            m.home
            if walkover_giver(m.imps_home, m.imps_away, m.vp_home, m.vp_away) == "home"
            else m.away,
            m.round,
        )
        for m in matches
        if m.walkover
    ]
    return frozenset(walkover_exclusions(givers, rounds))


def _award_barometer(table: str, competition: Competition) -> AwardOutcome:
    excluded = excluded_teams(competition)
    placed = [p for p in competition.placings if p.entry not in excluded]
    entries = len(placed)
    met = None
    if not competition.all_met_all:
        winners = [p for p in competition.placings if p.place == 1]
        met = next((p.opponents_met for p in winners if p.opponents_met is not None), None)
        if met is None and competition.rounds:
            met = competition.rounds
    raised = table == gold_teams.NAME and gold.is_raised(competition)
    scale = team_scale(
        table,
        entries=entries,
        boards=competition.boards or None,
        met=met,
        division=_option_int(competition, "division"),
        divisions=_option_int(competition, "divisions"),
        raised=raised,
    )
    note_sv = note_en = ""
    title_sv, title_en = f"Tabell {table}", f"Table {table}"
    if table == gold_teams.NAME:
        title_sv, title_en = gold_teams.TITLE
        average = gold.field_average(competition)
        if average is not None:
            sv, en = gold.average_note(average)
            note_sv, note_en = f"; {sv}", f"; {en}"
    by_colour: dict[Colour, dict[int, Decimal]] = {}
    for row in scale:
        by_colour.setdefault(row.colour, {})[row.place] = row.exact
    awards: list[PlayerAward] = []
    for placing in placed:
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
                        credited=credited(exact),
                        reason=Reason(
                            table,
                            f"{title_sv}, {entries} lag, plats {_place_text(placing)}{part_sv}{note_sv}",
                            f"{title_en}, {entries} teams, place {_place_text(placing)}{part_en}{note_en}",
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


def _award_series(spec: TeamTable, competition: Competition) -> AwardOutcome:
    table = spec.name
    placings = {placing.entry: placing for placing in competition.placings}
    entries = len(placings)
    division = _option_int(competition, "division")
    divisions = _option_int(competition, "divisions")
    raw_event = competition.option("sm_event")
    sm_event = None if raw_event is None else str(raw_event)
    stages = _stage_of(competition)
    scale_total = _option_int(competition, "vp_scale")
    matches_per_round = _option_int(competition, "matches_per_round")

    _check_teams(spec, entries)
    if not competition.matches:
        raise refuse(table, "Inga matcher rapporterade", "No matches reported")

    tallies: dict[tuple[str, str], _Tally] = {}
    team_halves: dict[str, int] = {entry: 0 for entry in placings}
    for match in sorted(competition.matches, key=lambda m: m.round):
        if match.walkover:
            continue  # "Inga mp utdelas vid seger på W.O."
        fewest = spec.min_boards_one_match_per_round
        if fewest is not None and matches_per_round == 1 and match.boards < fewest:
            raise refuse(
                table,
                f"Tabell {table} med en match per omgång kräver minst {fewest} brickor, inte {match.boards}",
                f"Table {table} with one match per round needs at least {fewest} boards, not {match.boards}",
            )
        stage = stages.get(match.round)
        interrupted = _interrupted(spec, match, _option_int(competition, "match_boards"))
        if interrupted is not None:
            worth = _half_scale(spec, match, interrupted, division, divisions, sm_event)
        else:
            worth = match_value(
                table,
                boards=match.boards,
                division=division,
                divisions=divisions,
                sm_event=sm_event,
                stage=stage,
            )
        results = _side_results(match, scale_total, bool(competition.option("board_a_match")))
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
                if interrupted is not None:
                    tally.notes_sv.append(f"; {worth.sv}")
                    tally.notes_en.append(f"; {worth.en}")
                if result == WON:
                    tally.won += 1
                else:
                    tally.drawn += 1

    # An excluded team (line 776) keeps what its played matches earned, no place bonus.
    excluded = excluded_teams(competition)
    placed = {entry: p for entry, p in placings.items() if entry not in excluded}
    _add_bonus(spec, competition, placed, tallies, team_halves, division, divisions, sm_event)

    label_sv = label_en = ""
    if spec.events and sm_event is not None:
        label_sv = label_en = f" ({spec.events[sm_event]})"
    if division is not None and spec.names_division:
        name = spec.division_name(division)
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
                        credited=credited(exact),
                        reason=Reason(table, sv, en),
                        bonus=earned.bonus.get(colour, Decimal(0)),
                    )
                )
    if not awards:
        return AwardOutcome(
            no_award=Reason(table, "Inga vunna eller oavgjorda matcher", "No match won or drawn")
        )
    return AwardOutcome(awards=tuple(awards))


# Table E3 (000 lines 1463-1465): "I avbrutna matcher får sp delas ut efter halv skala
# om minst halva matchen är spelad".
HALF_SCALE_TABLES: Final = frozenset({"E3"})


def _interrupted(spec: TeamTable, match: Match, full: int | None) -> int | None:
    """The boards of a full match when this one was interrupted (option
    ``match_boards``: a match reported with fewer boards stopped early), else None."""
    if spec.name not in HALF_SCALE_TABLES or full is None or match.boards >= full:
        return None
    return full


def _half_scale(
    spec: TeamTable,
    match: Match,
    full: int,
    division: int | None,
    divisions: int | None,
    sm_event: str | None,
) -> MatchValue:
    """Half of what the full match is played for, if at least half of it was played;
    nothing otherwise (lines 1463-1465)."""
    whole = match_value(
        spec.name, boards=full, division=division, divisions=divisions, sm_event=sm_event,
        stage=None,
    )  # fmt: skip
    if match.boards * 2 < full:
        return MatchValue(
            whole.table,
            whole.colour,
            Decimal(0),
            Decimal(0),
            f"avbruten match i omgång {match.round} efter {match.boards} av {full} brickor: inga sp",
            f"match interrupted in round {match.round} after {match.boards} of {full} boards: no sp",
        )
    return MatchValue(
        whole.table,
        whole.colour,
        whole.win / 2,
        whole.draw / 2,
        f"avbruten match i omgång {match.round} efter {match.boards} av {full} brickor: halv skala",
        f"match interrupted in round {match.round} after {match.boards} of {full} boards: half scale",
    )


def _matches_text(won: int, drawn: int) -> tuple[str, str]:
    sv = [f"{won} vunnen match" if won == 1 else f"{won} vunna matcher"] if won or not drawn else []
    en = [f"{won} match won" if won == 1 else f"{won} matches won"] if won or not drawn else []
    if drawn:
        sv.append(f"{drawn} oavgjord match" if drawn == 1 else f"{drawn} oavgjorda matcher")
        en.append(f"{drawn} match drawn" if drawn == 1 else f"{drawn} matches drawn")
    return ", ".join(sv), ", ".join(en)


def _add_bonus(
    spec: TeamTable,
    competition: Competition,
    placings: Mapping[str, Placing],
    tallies: dict[tuple[str, str], _Tally],
    team_halves: Mapping[str, int],
    division: int | None,
    divisions: int | None,
    sm_event: str | None,
) -> None:
    entries = len(placings)
    table = spec.name
    if spec.winners_bonus:
        # G3: "Segraren i Elitserien får 20 % bonustillägg på sina inspelade poäng."
        share = spec.winners_bonus.get(division or 0)
        if share is not None:
            winners = spec.division_name(division)
            percent_sv, percent_en = num(100 * share, True), num(100 * share, False)
            for placing in placings.values():
                if placing.place != 1:
                    continue
                for player in placing.players:
                    tally = tallies.get((placing.entry, player.id))
                    earned = tally.exact.get(spec.colour, Decimal(0)) if tally else Decimal(0)
                    if tally is None or earned == 0:
                        continue
                    tally.add(spec.colour, earned * share, bonus=True)
                    tally.notes_sv.append(f", segrare i {winners}: {percent_sv} % bonus")
                    tally.notes_en.append(f", {winners} winners: {percent_en} % bonus")
        return
    if not spec.cup_bonus and competition.option("cup"):
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
    unit = UNIT[colour]
    for placing in placings.values():
        value = _shared(values, placing)
        if value == 0:
            continue
        for player in placing.players:
            tally = tallies.get((placing.entry, player.id))
            if tally is None or tally.halves == 0:
                continue
            if spec.bonus_replaces_silver:
                # G2a: the best teams' sp become gold per player; the others keep their sp.
                # Not a bonus: the seed says the sp are converted ("omvandlas") and never
                # calls it one; read as a bonus, the best junior teams would be the only
                # ones to earn no ranking from the final.
                tally.exact.pop(Colour.SILVER, None)
                tally.add(Colour.GOLD, value)
                tally.notes_sv.append(
                    f", plats {_place_text(placing)}: {num(value, True)} gp i stället för sp"
                )
                tally.notes_en.append(
                    f", place {_place_text(placing)}: {num(value, False)} gp instead of sp"
                )
                continue
            # "minst 1/3 av totala antalet halvlekar" of the team's played matches.
            if tally.halves * 3 < team_halves[placing.entry]:
                continue
            tally.add(colour, value, bonus=True)
            tally.notes_sv.append(
                f", bonus plats {_place_text(placing)}: {num(value, True)} {unit}"
            )
            tally.notes_en.append(
                f", bonus place {_place_text(placing)}: {num(value, False)} {unit}"
            )
