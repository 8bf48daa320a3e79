"""The general principles of chapter 3, as rules a function can hold: which events earn
master points at all (minimum tables and boards, 3.1), the effective status of an event
(3.2 with 4.1.7 and 4.2.1), whether a player played enough of a stage (3.3.2, 3.6.3),
teams counted by teams (3.3.3), awards for conceded matches (3.6.1), when a multi-stage
event's stages are awarded separately (3.1.3, 3.10.1), sections scored as one field
(3.8) and handicap events (3.9.1).

Source: seed ``001_4cb9a3c6036a851e.txt`` (EBU Licensing and Master Points Handbook,
7th ed.): chapter 3, lines 1680-2046; 4.1.3 and 4.1.7 (lines 2070-2074, 2146-2150);
4.2.1 (lines 2175-2181).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from ..core import Reason
from .core import FACTOR, EbuInputError, check_status, raised

MOVEMENTS = ("teams", "two-winner", "single-winner", "individual", "four-winner")

# 3.1.1 (lines 1686-1698): the least original entry, in complete tables (teams: teams),
# that earns master points; repeated on every basic scale (e.g. lines 4932-4934, 5957).
MINIMUM_TABLES = {
    "individual": 2,
    "single-winner": 3,
    "teams": 3,
    "two-winner": 5,
    "four-winner": 5,
}
# 3.1.2 (lines 1710-1712) and 3.1.3 (lines 1716-1720).
MINIMUM_BOARDS = 12
# 3.1.4 (lines 1724-1728): a pairs competitor plays at least 75% of the boards in play.
MOVEMENT_SHARE = Fraction(3, 4)
# 3.3.2 (lines 1780-1789): a player plays at least a third of the stage's boards.
PLAYER_SHARE = Fraction(1, 3)
# 4.1.7 (lines 2146-2150): 72 boards or more raise the status one level.
LONG_EVENT_BOARDS = 72

_MINIMUM_SV = {
    "individual": "en individuell envinnartävling",
    "single-winner": "en envinnartävling för par",
    "teams": "en lagtävling",
    "two-winner": "en tvåvinnartävling för par",
    "four-winner": "en individuell fyrvinnartävling",
}
_MINIMUM_EN = {
    "individual": "a single-winner individual event",
    "single-winner": "a single-winner pairs event",
    "teams": "a team event",
    "two-winner": "a two-winner pairs event",
    "four-winner": "a four-winner individual event",
}


def _movement(movement: str) -> str:
    if movement not in MINIMUM_TABLES:
        raise EbuInputError(
            "movement",
            f"{movement!r} is not one of {', '.join(MOVEMENTS)} (3.1.1, 4.1.4)",
            sv=f"{movement!r} är inte en av {', '.join(MOVEMENTS)} (3.1.1, 4.1.4)",
        )
    return movement


def full_tables(tables: Fraction) -> int:
    """4.1.3 (lines 2070-2074): only full tables count ("for 9 ½ tables, read the awards
    appropriate to 9 tables"), as in 3.1.1's "complete tables"."""
    if tables < 0:
        raise EbuInputError(
            "tables", f"{float(tables)} is negative", sv=f"{float(tables)} är negativt"
        )
    return math.floor(tables)


def team_tables(teams: int) -> int:
    """3.3.3 (lines 1793-1801): a teams contest is scaled by the number of teams, whatever
    their size ("3 teams of 16 use the normal 3-table scale")."""
    if teams < 0:
        raise EbuInputError("tables", f"{teams} teams is negative", sv=f"{teams} lag är negativt")
    return teams


def why_no_award(*, movement: str, tables: int, boards: int) -> Reason | None:
    """3.1.1-3.1.2 (lines 1686-1712): ``None`` when an event of ``tables`` complete
    tables (the original entry; teams: teams) in which each competitor is scheduled to
    play ``boards`` boards (sit-outs not counted) earns master points; otherwise the
    reason it does not, in both languages."""
    _movement(movement)
    least = MINIMUM_TABLES[movement]
    if tables < least:
        unit_sv, unit_en = ("lag", "teams") if movement == "teams" else ("hela bord", "full tables")
        return Reason(
            "3.1.1",
            sv=f"För få bord: {_MINIMUM_SV[movement]} kräver minst {least} {unit_sv}, "
            f"här {tables} (3.1.1)",
            en=f"Too few tables: {_MINIMUM_EN[movement]} needs at least {least} {unit_en}, "
            f"here {tables} (3.1.1)",
        )
    if boards < MINIMUM_BOARDS:
        return Reason(
            "3.1.2",
            sv=f"För få brickor: varje deltagare ska spela minst {MINIMUM_BOARDS} brickor, "
            f"här {boards} (3.1.2)",
            en=f"Too few boards: every competitor must be scheduled to play at least "
            f"{MINIMUM_BOARDS} boards, here {boards} (3.1.2)",
        )
    return None


def enough_of_movement(*, scheduled: int, in_play: int) -> bool:
    """3.1.4 (lines 1724-1730): in a pairs event every competitor is scheduled to play at
    least 75% of the boards in the movement (24 boards a session: at most 32 in play)."""
    if scheduled < 0 or in_play < 0:
        raise EbuInputError(
            "boards", "a negative number of boards", sv="ett negativt antal brickor"
        )
    return scheduled >= MOVEMENT_SHARE * in_play


def plays_enough(*, played: int, stage_boards: int, conceded: int = 0) -> bool:
    """3.3.2 (lines 1780-1789): a player earns the due award by playing at least a third
    of the boards of the stage awarded; 3.6.3 (lines 1886-1894) counts as played the
    ``conceded`` boards a concession cancelled, for a player present and eligible to
    play them (the caller's to decide)."""
    if min(played, stage_boards, conceded) < 0:
        raise EbuInputError(
            "boards", "a negative number of boards", sv="ett negativt antal brickor"
        )
    return played + conceded >= PLAYER_SHARE * stage_boards


def effective_factor(status: str, *, boards: int, major: bool = False) -> Fraction:
    """The status factor an event's awards are scaled by: 3.2 (lines 1752-1766, Club 1,
    District 1½, County 2, Regional 3, National 4), one level up for 72+ boards (4.1.7,
    lines 2146-2150) and one for a major championship (4.2.1, lines 2175-2177). The two
    raises are separate rules and add up; the top of the ladder is National + 1."""
    check_status(status)
    levels = (boards >= LONG_EVENT_BOARDS) + bool(major)
    return raised(FACTOR[status], levels)


def match_award_due(*, boards_played: int, conceded: bool, conceder_in_arrears: bool) -> bool:
    """3.6.1 (lines 1872-1874): no award for a match not played; a match the opponents
    conceded or withdrew from earns the winners their award only if the opponents were
    then in arrears. A match played out is due its award."""
    if boards_played < 0:
        raise EbuInputError(
            "boards", "a negative number of boards", sv="ett negativt antal brickor"
        )
    if boards_played == 0:
        return False
    return conceder_in_arrears if conceded else True


def award_stages(
    stage_boards: Sequence[int], carry_forward: Sequence[Fraction] = ()
) -> tuple[int, ...]:
    """The boards of each separately awarded part of an event played in stages:
    every stage (3.10.1, lines 2030-2034: "awards are still made for each separate stage",
    whatever fraction of the previous score is carried into it) when every competitor is
    scheduled to play at least 12 boards in each stage; otherwise the event is not a
    multi-stage event (3.1.3, lines 1716-1720) and is awarded once, on all its boards.
    ``carry_forward`` is the fraction carried into each stage after the first."""
    if not stage_boards or min(stage_boards) < 0:
        raise EbuInputError(
            "boards",
            "an event has at least one stage of boards",
            sv="en tävling har minst en omgång med brickor",
        )
    if len(carry_forward) > len(stage_boards) - 1:
        raise EbuInputError(
            "stage",
            "a carry-forward goes into a stage after the first (3.10)",
            sv="ett överfört resultat går in i en omgång efter den första (3.10)",
        )
    for share in carry_forward:
        if not 0 <= share <= 1:
            raise EbuInputError(
                "stage",
                f"a carry-forward of {share} is not a fraction (3.10)",
                sv=f"ett överfört resultat på {share} är ingen andel (3.10)",
            )
    if min(stage_boards) >= MINIMUM_BOARDS:
        return tuple(stage_boards)
    return (sum(stage_boards),)


def field_tables(
    section_tables: Sequence[Fraction], *, same_boards: bool, match_pointed: bool
) -> tuple[int, ...]:
    """3.8 (lines 1975-1995): the full tables of each field awarded. Sections playing the
    same boards and scored overall by match points are one field (3.8.1), its tables
    those of all sections together (two sections of 9 ½ tables are 19 full tables, 4.1.3
    applied to the field); otherwise (teams, or any event not match-pointed, 3.8.2;
    different boards) each section is awarded alone."""
    if not section_tables:
        raise EbuInputError(
            "tables", "an event has at least one section", sv="en tävling har minst en grupp"
        )
    if same_boards and match_pointed:
        return (full_tables(sum(section_tables, Fraction(0))),)
    return tuple(full_tables(tables) for tables in section_tables)


def handicap_award_reason(
    *, rescored_without_handicap: bool, qualified_by_handicap: bool = False
) -> Reason | None:
    """3.9.1 (lines 2000-2004): no awards on a handicap result; ``None`` (awards allowed)
    when the tournament is re-scored without the handicap, which cannot be done once
    players have qualified for a later stage by virtue of the handicap."""
    if qualified_by_handicap:
        return Reason(
            "3.9.1",
            sv="Handikapptävling där kvalet avgjordes med handikapp: inga mästarpoäng (3.9.1)",
            en="Handicap event whose qualification used the handicap: no master points (3.9.1)",
        )
    if not rescored_without_handicap:
        return Reason(
            "3.9.1",
            sv="Handikapptävling: poäng endast på resultatet räknat utan handikapp (3.9.1)",
            en="Handicap event: points only on the result re-scored without handicap (3.9.1)",
        )
    return None
