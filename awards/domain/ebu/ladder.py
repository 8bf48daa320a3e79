"""Ladder events: a series of regular games (each paid as usual) whose overall ranking
list earns an additional award.

Source: seed ``001_4cb9a3c6036a851e.txt``: 3.7.3 (lines 1919-1944) and 4.11 "Ladder
events" (lines 3588-3710): what is ranked 4.11.3, at least 6 results 4.11.4, the Club
awards table 4.11.6, the status factors 4.11.7, 18+ games 4.11.8, qualification into a
final and its example 4.11.9, blue-point ladders 4.11.10; with 3.2 (status, lines
1752-1768) and 3.5 (ties, lines 1828-1866).
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..core import Reason
from .core import (
    FACTOR,
    EbuInputError,
    EbuOptions,
    EbuResult,
    minimum_award,
    paid_places,
    raised,
    status_name,
)

# 4.11.6 (lines 3628-3656): at Club status, by the average full tables a game, the
# number of awards and the step for teams, pairs and individuals ("4 awards at 16 means
# 1st 64, 2nd 48, 3rd 32, 4th 16"). Rows: (the least average tables of the row, awards).
LADDER_STEP = {"teams": 27, "pairs": 16, "individual": 8}  # lines 3648-3652
LADDER_AWARDS: tuple[tuple[int, dict[str, int]], ...] = (
    (0, {"teams": 1, "pairs": 2, "individual": 4}),  # "Up to 8 full tables", line 3648
    (9, {"teams": 2, "pairs": 4, "individual": 8}),  # "9 – 17 full tables", line 3650
    (18, {"teams": 3, "pairs": 6, "individual": 12}),  # "18+ full tables", line 3652
)

MINIMUM_RESULTS = 6  # 4.11.4, line 3616
RAISING_GAMES = 18  # 4.11.8, lines 3663-3665

MOVEMENTS = ("teams", "pairs", "individual")


def ladder_club_awards(*, movement: str, tables: Fraction) -> list[Fraction]:
    """4.11.6 (lines 3628-3656): the Club awards of places 1..n for a ladder ranking
    ``movement`` ("teams", "pairs", "individual") whose games average ``tables`` full
    tables. A part table of the average is ignored, as 4.1.3 ignores half tables: 8.7
    is "up to 8"."""
    if movement not in LADDER_STEP:
        raise EbuInputError(
            "movement",
            f"a ladder ranks {', '.join(MOVEMENTS)} (4.11.3)",
            sv=f"en stegtävling rankar {', '.join(MOVEMENTS)} (4.11.3)",
        )
    whole = math.floor(tables)
    count = 0
    for least, row in LADDER_AWARDS:
        if whole >= least:
            count = row[movement]
    step = LADDER_STEP[movement]
    return [Fraction(step * (count - index)) for index in range(count)]


def ladder_factor(*, status: str, games: int, final: bool) -> Fraction:
    """4.11.7-4.11.9 (lines 3657-3685): the organiser's factor, one level up for 18+
    games in the series, one more when the ladder qualifies for a final ("both ...
    might apply to add on 2 status levels", note (a))."""
    if status not in FACTOR:
        raise EbuInputError(
            "status", f"{status!r} is not a status (3.2)", sv=f"{status!r} är ingen status (3.2)"
        )
    levels = (games >= RAISING_GAMES) + bool(final)
    return raised(FACTOR[status], levels)


def awards_for(options: EbuOptions) -> EbuResult:
    """The calculator's ladder form (4.11, lines 3588-3710): ``--ladder --games G
    [--final]``, ``--tables`` the average full tables a game, ``--movement`` what the
    ladder ranks (teams, pairs, individual), ``--status`` the organiser's. With
    ``--final`` these are the awards held back for the final's result, whatever the
    final's size (4.11.9)."""
    movement, tables, games = _check(options)
    factor = ladder_factor(status=options.status, games=games, final=options.final)
    club = ladder_club_awards(movement=movement, tables=tables)
    rules = [_reason(movement, tables, club)]
    if games >= RAISING_GAMES:
        rules.append(
            Reason(
                "4.11.8",
                sv=f"{games} omgångar (minst 18): statusen höjs en nivå (4.11.8)",
                en=f"{games} games (at least 18): status raised one level (4.11.8)",
            )
        )
    if options.final:
        rules.append(
            Reason(
                "4.11.9",
                sv="Stegtävlingen avgör vilka som går till final: poängen väntar på finalen och "
                "statusen höjs en nivå, oavsett finalens storlek (4.11.9)",
                en="The ladder qualifies for a final: the awards wait for the final and the "
                "status is raised one level, whatever the final's size (4.11.9)",
            )
        )
    if options.colour == "blue":
        rules.append(
            Reason(
                "4.11.10",
                sv="Blåpoängsstege: lokalpoäng för varje omgång, blåpoäng för slutlistan (4.11.10)",
                en="Blue-point ladder: local points for each game, blue points for the "
                "overall ranking (4.11.10)",
            )
        )
    points = [award * factor for award in club]
    places = paid_places(points, options.ties, minimum_award(factor), options.colour)
    return EbuResult(
        "ladder",
        status_name(factor),
        factor,
        options.colour,
        len(club),
        places,
        rules=tuple(rules),
    )


def _check(options: EbuOptions) -> tuple[str, Fraction, int]:
    """The options a ladder defines; returns (movement, average tables, games)."""
    if not options.ladder:
        raise EbuInputError(
            "ladder",
            "this form is the ladder's (4.11)",
            sv="det här formuläret är stegtävlingens (4.11)",
        )
    if options.games is None:
        raise EbuInputError(
            "games",
            "a ladder needs the number of games in the series (4.11.5)",
            sv="en stegtävling kräver antalet spelomgångar den omfattar (4.11.5)",
        )
    if options.games < MINIMUM_RESULTS:
        raise EbuInputError(
            "games",
            f"{options.games} games: a ladder's ranking list takes at least 6 results "
            "(4.11.4, 3.7.3); a shorter series has no ladder award",
            sv=(
                f"{options.games} spelomgångar: en stegtävlings rankinglista kräver minst "
                "6 resultat (4.11.4, 3.7.3); en kortare följd ger inga poäng för "
                "stegtävling"
            ),
        )
    if options.movement is None:
        raise EbuInputError(
            "movement",
            "what the ladder ranks: teams, pairs or individual",
            sv=(
                "vad stegtävlingen rankar: teams (lag), pairs (par) eller individual (individuellt)"
            ),
        )
    if options.movement not in MOVEMENTS:
        raise EbuInputError(
            "movement",
            f"a ladder ranks {', '.join(MOVEMENTS)} (4.11.3), not {options.movement}",
            sv=(f"en stegtävling rankar {', '.join(MOVEMENTS)} (4.11.3), inte {options.movement}"),
        )
    if options.tables is None:
        raise EbuInputError(
            "tables",
            "the average full tables a game (4.11.5)",
            sv="genomsnittligt antal hela bord per spelomgång (4.11.5)",
        )
    if options.tables < 1:
        raise EbuInputError(
            "tables",
            "a game has at least one full table on average (4.11.5)",
            sv="en spelomgång har i genomsnitt minst ett helt bord (4.11.5)",
        )
    if options.major:
        raise EbuInputError(
            "major",
            "4.11 raises a ladder for 18+ games and a final only, not a major (4.11.8)",
            sv=(
                "4.11 höjer en stegtävling endast för 18+ spelomgångar och en final, "
                "inte för ett större mästerskap (4.11.8)"
            ),
        )
    if options.colour == "blue" and options.movement != "pairs":
        raise EbuInputError(
            "colour",
            "only a major pairs championship ladder is blue-pointed (4.11.10)",
            sv="bara en stegtävling i ett större parmästerskap ger blå poäng (4.11.10)",
        )
    for name in ("boards", "boards_per_match", "won", "stage", "strat", "divisions"):
        if getattr(options, name) is not None:
            raise EbuInputError(
                name.replace("_", "-"),
                "not used by a ladder (4.11)",
                sv="används inte av en stegtävling (4.11)",
            )
    return options.movement, options.tables, options.games


def _reason(movement: str, tables: Fraction, club: list[Fraction]) -> Reason:
    count, step = len(club), LADDER_STEP[movement]
    kind_sv = {"teams": "lag", "pairs": "par", "individual": "individuella"}[movement]
    return Reason(
        "4.11.6",
        sv=f"Stegtävling, {kind_sv}, i snitt {float(tables):g} hela bord per omgång: {count} pris "
        f"à {step} på klubbnivå (4.11.6)",
        en=f"Ladder, {movement}, average {float(tables):g} full tables a game: {count} "
        f"awards at {step} at Club status (4.11.6)",
    )
