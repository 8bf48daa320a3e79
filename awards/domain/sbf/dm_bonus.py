"""The bonus of a district championship final (DM), added to the final's own awards.

Source: ``000_18af0e66f52a62b2.txt``, "Bonus för DM-finaler" (lines 1736-1771): teams
open class 42-30-21, pairs open class 60-40-30, other DM finals 10-5-3 points per player,
in silver; a shared place gets the higher bonus; no shared place in a team event; the
silver event's board minimum must be met; in a pairs event a player must have played at
least 50 % of the event. The district's own rules, ``003_796cec548aee39db.txt``: DM Par
Hcp 30+ gets silver 10-5-3 beside its bronze only with at least 40 boards in the final
(lines 341-345); in DM Lag a player must have played at least a third of the final's
halves (line 473). The district's own membership rule (lines 321, 106, 473: only pairs
and teams representing clubs in the district) is the championship's, which knows its
district: it names the final's entries that are not the district's in the option
``dm_outside``; they get no bonus, and the bonus goes to the three best placed of the
district's own ("de tre främst placerade distriktslagen", 003 line 471; line 321 for pairs).

The event's fact is the award option ``dm_final``: ``open`` (DM Par Open), ``other`` (the
other DM pair finals: ladies, mixed, veterans, juniors), ``teams`` (DM Lag, open class)
or ``hcp30`` (DM Par Hcp 30+). A bonus earns no ranking points (chapter 7): it is kept
as the award's ``bonus`` part.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from decimal import Decimal
from typing import Final

from awards.domain.core import (
    AwardOutcome,
    Colour,
    Competition,
    PlaceAward,
    Placing,
    Player,
    PlayerAward,
    Reason,
)

from . import silver_pairs

# 000 lines 1738-1754: silver points per player for places 1, 2 and 3; 003 lines 341-343.
BONUS: Final[dict[str, tuple[int, int, int]]] = {
    "teams": (42, 30, 21),  # 000 lines 1738-1741; 003 line 471
    "open": (60, 40, 30),  # 000 lines 1747-1750; 003 lines 335-339
    "other": (10, 5, 3),  # 000 lines 1752-1755; 003 lines 327-333
    "hcp30": (10, 5, 3),  # 003 line 343
}
NAMES: Final[dict[str, tuple[str, str]]] = {
    "teams": ("DM-final lag", "DM team final"),
    "open": ("DM-final par, öppen klass", "DM pairs final, open class"),
    "other": ("DM-final", "DM final"),
    "hcp30": ("DM-final par Hcp 30+", "DM pairs final Hcp 30+"),
}
HCP30_MIN_BOARDS: Final = 40  # 003 line 345
SILVER_MIN_BOARDS: Final = silver_pairs.MIN_BOARDS  # 000 line 1766: the silver minimum


class UnknownFinal(ValueError):
    """A ``dm_final`` value that is none of :data:`BONUS`."""


def bonus_refused(kind: str, competition: Competition) -> Reason | None:
    """Why the final gives no bonus at all (too few boards), or None."""
    if kind not in BONUS:
        raise UnknownFinal(f"dm_final {kind!r}: one of {', '.join(BONUS)}")
    least = HCP30_MIN_BOARDS if kind == "hcp30" else SILVER_MIN_BOARDS
    if competition.boards >= least:
        return None
    return Reason(
        table="DM",
        sv=f"ingen DM-bonus: finalen har {competition.boards} brickor, minst {least} krävs",
        en=f"no DM bonus: the final has {competition.boards} boards, at least {least} needed",
    )


def with_bonus(outcome: AwardOutcome, competition: Competition, kind: str) -> AwardOutcome:
    """``outcome`` with each bonus added: to the player's silver award of the final
    (its ``bonus`` part), or as a silver award of its own (Hcp 30+ awards bronze)."""
    if bonus_refused(kind, competition) is not None:
        return outcome
    bonuses = {(award.player, award.entry): award for award in _bonuses(competition, kind)}
    merged = []
    for award in outcome.awards:
        extra = bonuses.pop((award.player, award.entry), None)
        if extra is None or award.colour is not Colour.SILVER:
            merged.append(award)
            if extra is not None:
                bonuses[(award.player, award.entry)] = extra  # a row of its own
            continue
        merged.append(
            replace(
                award,
                exact=award.exact + extra.exact,
                credited=award.credited + extra.credited,
                bonus=award.bonus + extra.exact,
                reason=Reason(
                    table=award.reason.table,
                    sv=f"{award.reason.sv}; {extra.reason.sv}",
                    en=f"{award.reason.en}; {extra.reason.en}",
                ),
            )
        )
    merged.extend(bonuses.values())
    return AwardOutcome(awards=tuple(merged), no_award=outcome.no_award if not merged else None)


def scale_with_bonus(
    places: tuple[PlaceAward, ...], kind: str, *, boards: int | None
) -> tuple[PlaceAward, ...]:
    """The calculator's scale with the final's bonus added to places 1-3, as
    :func:`with_bonus` adds it to the players (the same rows for a whole place)."""
    competition = Competition("pairs", Colour.SILVER, (), boards=boards or 0)
    if bonus_refused(kind, competition) is not None:
        return places
    name_sv, name_en = NAMES[kind]
    out = list(places)
    for place, points in enumerate(BONUS[kind], start=1):
        bonus = Decimal(points)
        reason = Reason(
            table="DM",
            sv=f"bonus {name_sv}, plats {place}: {points} sp",
            en=f"bonus {name_en}, place {place}: {points} sp",
        )
        at = next(
            (i for i, p in enumerate(out) if p.place == place and p.colour is Colour.SILVER), None
        )
        if at is None:
            out.append(PlaceAward(place, Colour.SILVER, bonus, bonus, reason))
            continue
        row = out[at]
        out[at] = replace(
            row,
            exact=row.exact + bonus,
            credited=row.credited + bonus,
            reason=Reason(
                row.reason.table, f"{row.reason.sv}; {reason.sv}", f"{row.reason.en}; {reason.en}"
            ),
        )
    return tuple(sorted(out, key=lambda p: (p.place, p.colour is not Colour.SILVER)))


def district_placings(competition: Competition) -> tuple[Placing, ...]:
    """The placings of the district's own entries, placed among themselves: an entry
    from outside (``dm_outside``) is passed over and the places close up (003 line 471,
    "de tre främst placerade distriktslagen"); a shared place stays shared."""
    listed = competition.option("dm_outside") or ()
    outside = {str(entry) for entry in listed} if isinstance(listed, list | tuple) else set()
    own = [p for p in competition.placings if p.entry not in outside]
    if len(own) == len(competition.placings):
        return competition.placings
    placed = []
    for placing in own:
        ahead = sum(1 for other in own if other.place < placing.place)
        tied = sum(1 for other in own if other.place == placing.place)
        placed.append(replace(placing, place=ahead + 1, place_to=ahead + tied))
    return tuple(placed)


def _bonuses(competition: Competition, kind: str) -> Iterable[PlayerAward]:
    scale = BONUS[kind]
    name_sv, name_en = NAMES[kind]
    for placing in district_placings(competition):
        if placing.place > len(scale):
            continue
        # 000 line 1763: a shared place gets the higher bonus, i.e. the first place's.
        points = Decimal(scale[placing.place - 1])
        where = (
            str(placing.place)
            if placing.place == placing.place_to
            else f"{placing.place}-{placing.place_to}"
        )
        reason = Reason(
            table="DM",
            sv=f"bonus {name_sv}, plats {where}: {points} sp",
            en=f"bonus {name_en}, place {where}: {points} sp",
        )
        for player in placing.players:
            if player.entitled and _took_part(player, placing, competition, kind):
                yield PlayerAward(
                    player=player.id,
                    entry=placing.entry,
                    colour=Colour.SILVER,
                    exact=points,
                    credited=points,
                    reason=reason,
                    bonus=points,
                )


def _took_part(player: Player, placing: Placing, competition: Competition, kind: str) -> bool:
    """000 line 1769: half the pairs event; 003 line 473: a third of the team final's
    halves. Unknown counts mean the player played throughout."""
    if kind != "teams":
        if player.boards_played is None or competition.boards <= 0:
            return True
        return 2 * player.boards_played >= competition.boards
    halves = 2 * sum(
        1
        for match in competition.matches
        if placing.entry in (match.home, match.away) and not match.walkover
    )
    if halves == 0:
        return True
    played = player.halves_played
    if played is None:
        team = [(pid, n) for entry, pid, n in _lineups(competition) if entry == placing.entry]
        if not team:
            return True  # no line-ups reported: the team's players played throughout
        played = sum(n for pid, n in team if pid == player.id)
    return 3 * played >= halves


def _lineups(competition: Competition) -> Iterable[tuple[str, str, int]]:
    for match in competition.matches:
        yield from match.halves
