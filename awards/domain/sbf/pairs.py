"""The awards of a pairs or individual event: which table, which part of the field, and
which players get the points.

Source: ``000_18af0e66f52a62b2.txt``, chapter 5 (shared places, reserves, abandoned
events, lines 488-531), the simultaneous and handicap events of chapter 2 (lines
423-457, 500-513) and the notes beside tables A1, A2 and D on Mitchell, sections and
strength groups (lines 674-718). The tables themselves are in their own modules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from decimal import Decimal

from awards.domain.core import (
    AwardOutcome,
    Colour,
    Competition,
    OutOfRange,
    Placing,
    PlayerAward,
    Reason,
)

from . import bronze_individual, bronze_pairs, finals, gold, rules, silver_individual, silver_pairs
from .scale import Line, Scale, join, label, out_of_range, place_text, reason, shares

# Board minima of the tables (lines 309-320, 339-347, 679, 1139).
MIN_BOARDS = {
    "A1": bronze_pairs.MIN_BOARDS,
    "A2": bronze_pairs.MIN_BOARDS,
    "C": bronze_individual.MIN_BOARDS,
    "D": silver_pairs.MIN_BOARDS,
    "F": silver_individual.MIN_BOARDS,
    "gold": gold.MIN_BOARDS,
}

# The rulebook's table dispatch: build(table, *, entries, boards, met, variant, kind).
Build = Callable[..., Scale]


def award(competition: Competition, build: Build) -> AwardOutcome:
    """Awards for a finished pairs or individual event."""
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
            awards.extend(_award_part(competition, table, part, entries, note, build))
        except OutOfRange as error:
            refusals.append(error.reason)
    if refusals and not awards:
        return AwardOutcome(no_award=refusals[0])
    return AwardOutcome(awards=tuple(awards))


def _award_part(
    competition: Competition,
    table: str,
    placings: Sequence[Placing],
    entries: int,
    note: tuple[str, str] | None,
    build: Build,
) -> list[PlayerAward]:
    _check_boards(table, competition)
    if competition.option("simultaneous"):
        return _simultaneous(competition, table, placings)
    if competition.handicap_event:
        return _handicap(competition, placings, entries)
    built = _scale_for(competition, table, entries, build)
    if note:
        built = replace(built, notes=(*built.notes, note))
    awards = []
    for placing in placings:
        placing_shares = shares(built, placing.place, placing.place_to)
        placing_reason = reason(built, placing.place, placing.place_to)
        awards.extend(_to_players(competition, placing, placing_shares, placing_reason))
    return awards


def _scale_for(competition: Competition, table: str, entries: int, build: Build) -> Scale:
    option = competition.option
    boards = competition.boards or None
    if option("a_final"):
        a_scale = silver_pairs.a_final(
            total_pairs=int(option("total_pairs", entries)),  # type: ignore[call-overload]
            qualifying_rounds=int(option("qualifying_rounds", 0)),  # type: ignore[call-overload]
            final_rounds=competition.rounds,
            level=competition.level,
        )
        kept = option("a_final_silver_places")
        if kept:
            return finals.a_final_with_b_final_silver(a_scale, int(kept))  # type: ignore[call-overload]
        return a_scale
    if option("b_final"):
        return finals.b_final(
            entries=entries,
            level=competition.level,
            total_pairs=_whole(option("total_pairs")),
            qualifying_rounds=_whole(option("qualifying_rounds")),
            a_final_rounds=_whole(option("a_final_rounds")),
            permission=str(option("b_final_silver") or "") or None,
            silver_from=_whole(option("b_final_silver_from")),
        )
    met = _met(competition)
    if table in ("A1", "A2", "C"):
        return _bronze(competition, table, entries)
    variant = option("variant")
    average = gold.field_average(competition) if table == "gold" else None
    if table == "gold":
        variant = "raised" if average is not None and average.raised else None
    scale: Scale = build(
        table,
        entries=entries,
        boards=boards,
        met=met,
        variant=variant if isinstance(variant, str) else None,
        kind=competition.kind,
    )
    if average is not None:
        # The reason names the average that chose the scale, in place of the bare
        # "raised gold" note (000 lines 373-379).
        notes = [note for note in scale.notes if note != gold.RAISED_NOTE]
        scale = replace(scale, notes=(*notes, gold.average_note(average)))
    return scale


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _bronze(competition: Competition, table: str, entries: int) -> Scale:
    if competition.kind == "individual":
        return bronze_individual.scale(entries)
    return bronze_pairs.for_competition(competition, table, entries)


def _handicap(
    competition: Competition, placings: Sequence[Placing], entries: int
) -> list[PlayerAward]:
    """Handicap events: bronze only, computed without and with handicap; the
    handicap list gets half; a pair on both lists takes the larger (lines 500-513)."""
    built = _bronze(competition, "A1" if entries <= 32 else "A2", entries)
    built = replace(built, bronze_floor=rules.bronze_minimum(handicap=True))
    halved = tuple(
        Line(Colour.BRONZE, *rules.handicap_list_points(line.credited)) for line in built.lines
    )
    with_handicap = replace(
        built,
        lines=halved,
        notes=(*built.notes, ("med hcp, halva bp", "with handicap, half bp")),
    )
    awards = []
    for placing in placings:
        plain = shares(built, placing.place, placing.place_to).get(Colour.BRONZE)
        why = reason(built, placing.place, placing.place_to)
        if placing.handicap_place is not None:
            to = placing.handicap_place_to or placing.handicap_place
            handicapped = shares(with_handicap, placing.handicap_place, to).get(Colour.BRONZE)
            if handicapped and (plain is None or handicapped.credited > plain.credited):
                plain = handicapped
                why = reason(with_handicap, placing.handicap_place, to)
        if plain:
            awards.extend(_to_players(competition, placing, {Colour.BRONZE: plain}, why))
    return awards


def _simultaneous(
    competition: Competition, table: str, placings: Sequence[Placing]
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
        built = _bronze(competition, "A1" if total <= 32 else "A2", total)
        built = replace(built, notes=(*built.notes, note))
        awards = []
        for placing in counted:
            place = placing.overall_place or placing.place
            # A common place without its end is unshared: falling back to the heat's
            # place_to gave "3-2" or a span across other pairs' places.
            to = (placing.overall_place_to or place) if placing.overall_place else place
            awards.extend(
                _to_players(
                    competition, placing, shares(built, place, to), reason(built, place, to)
                )
            )
        return awards
    boards = competition.boards or None
    common = silver_pairs.scale(total, boards=boards)
    bonus_lines = common.lines[: rules.SIMULTANEOUS_BONUS_PLACES]
    bonus_scale = replace(
        common,
        lines=tuple(
            Line(
                line.colour,
                rules.simultaneous_bonus(line.credited),
                rules.simultaneous_bonus(line.credited),
            )
            if line.colour is Colour.SILVER
            else Line(line.colour, Decimal(0), Decimal(0))
            for line in bonus_lines
        ),
    )
    awards = []
    for heat in heats.values():
        if len(heat) < minimum:
            continue
        built = silver_pairs.scale(len(heat), boards=boards, min_entries=minimum)
        built = replace(
            built, notes=(*built.notes, (f"heat {heat[0].section}", f"heat {heat[0].section}"))
        )
        for placing in heat:
            placing_shares = shares(built, placing.place, placing.place_to)
            why = reason(built, placing.place, placing.place_to)
            if placing.overall_place is not None:
                to = placing.overall_place_to or placing.overall_place
                extra = shares(bonus_scale, placing.overall_place, to).get(Colour.SILVER)
                if extra and extra.exact > 0:
                    bonus = extra.credited
                    current = placing_shares.get(
                        Colour.SILVER, Line(Colour.SILVER, Decimal(0), Decimal(0))
                    )
                    # One silver award, so the ledger keeps the bonus part apart.
                    placing_shares[Colour.SILVER] = Line(
                        Colour.SILVER,
                        current.exact + extra.exact,
                        current.credited + bonus,
                        bonus=current.bonus + extra.exact,
                    )
                    why = join(
                        why,
                        f"bonus 1/5 av {total} par, plats {place_text(placing.overall_place, to)}",
                        f"bonus 1/5 of {total} pairs, place {place_text(placing.overall_place, to)}",
                    )
            awards.extend(_to_players(competition, placing, placing_shares, why))
    return awards


# -- picking and splitting --


def _pick_table(competition: Competition) -> str:
    """The table from kind and level when the competition names none."""
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
        if boards not in bronze_pairs.INEXPERIENCED_BOARDS and boards < bronze_pairs.MIN_BOARDS:
            raise out_of_range(table, "Minst 10 brickor krävs", "At least 10 boards are needed")
        return
    minimum = MIN_BOARDS.get(table, 0)
    if boards < minimum:
        sv, en = label(table)
        raise out_of_range(
            table,
            f"{sv} kräver minst {minimum} brickor, {boards} spelades",
            f"{en} needs at least {minimum} boards, {boards} were played",
        )


# -- from places to players --


def _to_players(
    competition: Competition,
    placing: Placing,
    placing_shares: dict[Colour, Line],
    why: Reason,
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
        player_reason = why
        if several:
            share = rules.session_share(player, boards=competition.boards)
            if share < 1:
                player_reason = join(
                    why,
                    f"andel {player.boards_played}/{competition.boards} brickor",
                    f"share {player.boards_played}/{competition.boards} boards",
                )
        elif not rules.played_enough(player, rounds=competition.rounds, boards=competition.boards):
            continue
        whole = share == 1
        for colour, line in placing_shares.items():
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
