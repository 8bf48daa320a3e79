"""Quali-final events: the final and any later qualifying stage (4.2), on the quali-final
scales QA-QE generated from their rule.

Source: seed ``001_4cb9a3c6036a851e.txt`` (EBU Licensing and Master Points Handbook,
7th ed.): 4.2 "Use of the special quali-final scales" (lines 2167-2305), 3.1 (minimum
tables and boards, lines 1684-1720), 4.4.3-4.4.9 (constant reductions, the minimum and
the theoretical maximum of large events, lines 2461-2563), and the Appendix scales QA
(Club, lines 6096-6242), QB (District, 6243-6387), QC (County, 6388-6530), QD
(Regional, 6531-6669) and QE (National, 6670-6812). The printed cells are kept in
:mod:`.printed_quali`; where one departs from the rule the printed value is used.

The rule behind the five scales (read off their columns, which step evenly down to the
minimum): awards go to the top quarter of the original entry (4.2.3), one award per 4
original full tables in the teams column (teams, two-winner pairs and four-winner
individuals, per direction), per 2 tables for single-winner pairs (2 pairs a table)
and per table for single-winner individuals (4 players a table); a part quarter earns
a whole award (4.1.5: "on a blank space, take the next highest figure"; 4.6.5(b): 15
teams, 4 awards). Reading down a column each place is worth one step less: 18 points
in the teams column at Club status, 11 for single-winner pairs and 5½ for individuals,
times the status factor; the winner gets a step for each award, up to the theoretical
maximum (300 at Club in a final, 180 in a later qualifying stage, 4.2.2), beyond which
the awards fall by constant reductions from the maximum (4.4.3, 4.4.7).
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
    check_status,
    minimum_award,
    paid_places,
    raised,
    round_up,
    status_name,
)
from .large import FINAL_FULL_AT, actual_maximum
from .principles import MINIMUM_BOARDS, MINIMUM_TABLES
from .printed_quali import PRINTED

# The theoretical maximum at Club status (Appendix QA head, lines 6102-6104; 4.2.2,
# lines 2205-2209): 300 in a final, 180 in a second or later qualifying stage. 4.3.6 and
# 4.3.7 (lines 2403-2407, 2431-2433) take 3/5 of the premier's for a consolation final
# and 3/5 of that for a third-rated final.
FINAL_MAXIMUM = Fraction(300)
STAGE_MAXIMUM = Fraction(180)

# Appendix QA (lines 6156-6218), per column: original full tables per award and the
# Club points of one step down the column. Teams: 18 at 4 tables ... 288 at 64;
# single-winner pairs: 11 at 2 tables ... 297 at 54; individuals: 6* (5½ raised to the
# minimum) at 1 table ... 297 at 54.
STEPS: dict[str, tuple[int, Fraction]] = {
    "teams": (4, Fraction(18)),
    "pairs": (2, Fraction(11)),
    "individual": (1, Fraction(11, 2)),
}

# 4.1.4 (lines 2074-2088) and note (1) of each quali-final scale (e.g. lines 6226-6227):
# two-winner pairs and four-winner individuals use the teams column, per direction.
COLUMN_OF_MOVEMENT = {
    "teams": "teams",
    "two-winner": "teams",
    "four-winner": "teams",
    "single-winner": "pairs",
    "individual": "individual",
}

# Competitors a full table seats, per direction where the teams column pays each
# direction (3.3.3: a team counts as a table): the field 4.2.4 pays in full.
COMPETITORS_PER_TABLE = {
    "teams": 1,
    "two-winner": 1,
    "four-winner": 1,
    "single-winner": 2,
    "individual": 4,
}

# 4.2.2 (lines 2185-2197): the scale of each status; 4.2.5-4.2.7 move a final along the
# ladder, and the notes (2)-(3) of each scale keep its letter for the status one below
# Club (½ of District) and one above National (2 x Regional, note (2) of QE, line 6800).
LETTERS: tuple[tuple[Fraction, str], ...] = (
    (FACTOR["national"], "QE"),
    (FACTOR["regional"], "QD"),
    (FACTOR["county"], "QC"),
    (FACTOR["district"], "QB"),
    (FACTOR["club"], "QA"),
)


def quali_final_letter(factor: Fraction) -> str:
    """The quali-final scale ("QA".."QE") for an effective status factor (4.2.2, lines
    2185-2197): the scale of the highest status not above it; below Club, QA (note (3)
    of Scale QA, lines 6232-6234), above National, QE (note (2) of Scale QE, lines
    6800-6802)."""
    for threshold, letter in LETTERS:
        if factor >= threshold:
            return letter
    return "QA"


def scale_awards(movement: str, original_tables: int) -> int:
    """How many places the quali-final scale pays for ``original_tables`` original full
    tables (4.2.3, lines 2213-2225: the top quarter of the original entry, per
    direction in the teams column; a part award counts whole, 4.1.5 and 4.6.5(b))."""
    per_award, _step = STEPS[_column(movement)]
    return math.ceil(Fraction(original_tables, per_award))


def departures() -> dict[tuple[str, str, int], tuple[int, int]]:
    """Every printed cell of scales QA-QE that departs from the scales' rule: (scale,
    column, original full tables) -> (printed, rule), the rule's value rounded up and
    raised to the minimum as the scales print it (Appendix, lines 6096-6812)."""
    found: dict[tuple[str, str, int], tuple[int, int]] = {}
    for threshold, letter in LETTERS:
        for column, cells in PRINTED[letter].items():
            per_award, step = STEPS[column]
            for tables, printed in cells.items():
                rule = step * Fraction(tables, per_award) * threshold
                value = max(round_up(rule), round_up(minimum_award(threshold)))
                if value != printed:
                    found[(letter, column, tables)] = (printed, value)
    return found


_DEPARTURES = departures()


def _cell(factor: Fraction, column: str, steps: int) -> Fraction:
    """The column's value ``steps`` steps up from nothing: the rule's, unless the scale
    of this factor prints another value there (kept, as printed)."""
    per_award, step = STEPS[column]
    for threshold, letter in LETTERS:
        if threshold == factor:
            departing = _DEPARTURES.get((letter, column, steps * per_award))
            if departing is not None:
                return Fraction(departing[0])
    return step * steps * factor


def reached_at(movement: str, club_maximum: Fraction) -> int:
    """The original full tables at which the column reaches ``club_maximum``: note (5) of
    each quali-final scale (e.g. lines 6238-6241) and 4.4.7 (lines 2508-2514), 65 teams
    or 55 single-winner tables for 300, 40 or 33 for 180; for another maximum, the entry
    at which the column's rule reaches it (108 for a third final: 24 teams, 20 tables).
    The rule gives 67 teams for 300 (300 / 4½ = 66⅔): the printed 65 is kept."""
    column = _column(movement)
    if club_maximum == FINAL_MAXIMUM:
        teams, single = FINAL_FULL_AT
        return teams if column == "teams" else single
    per_award, step = STEPS[column]
    return math.ceil(club_maximum * per_award / step)


def large_event_maximum(
    *, movement: str, original_tables: int, club_maximum: Fraction, factor: Fraction
) -> Fraction:
    """The maximum award for an original entry at the effective ``factor`` (4.4.7 and
    4.4.9, lines 2508-2563): the theoretical maximum, raised by sqrt(a / t) once the
    entry ``a`` passes ``t`` (:func:`reached_at`), taken whole as :mod:`.large` takes
    it for the basic scales."""
    return actual_maximum(
        club_maximum * factor, original_tables, reached_at(movement, club_maximum)
    )


def quali_final_places(
    *,
    factor: Fraction,
    movement: str,
    original_tables: int,
    final_tables: int | None = None,
    boards: int | None = None,
    club_maximum: Fraction = FINAL_MAXIMUM,
) -> list[Fraction]:
    """The exact award of places 1..n (per direction in the teams column) on the
    quali-final scale at the effective status ``factor``, for an original entry of
    ``original_tables`` full tables (4.2.3, lines 2213-2225; Appendix QA-QE, lines
    6096-6812), before ties, the minimum and rounding (3.4.1, 3.5.1).

    ``final_tables`` (full tables in that final): when fewer competitors play it than
    the scale pays, all of them get an award, falling by constant reductions from the
    scale's top award (4.2.4, lines 2227-2235; 4.4.3). ``boards``: fewer than 12 earn
    nothing (3.1.2-3.1.3). The 3.1.1 minimum entry is the caller's: it applies to the
    event's own original entry, not to a consolation's deemed one (4.3.4).
    ``club_maximum``: the theoretical maximum at Club status, 300 in a final, 180 in a
    later qualifying stage (4.2.2), 180 and 108 for consolation and third finals (4.3.6,
    4.3.7); raised for a large entry (4.4.9, :func:`large_event_maximum`)."""
    column = _column(movement)
    tables = full_tables("original-tables", original_tables)
    if tables < 1:
        raise EbuInputError(
            "original-tables",
            "an event has at least one full table",
            sv="en tävling har minst ett helt bord",
        )
    if factor <= 0:
        raise EbuInputError(
            "status", f"{factor} is not a status factor", sv=f"{factor} är ingen statusfaktor"
        )
    if boards is not None and boards < MINIMUM_BOARDS:
        return []
    awards = scale_awards(movement, tables)
    _per_award, step = STEPS[column]
    maximum = large_event_maximum(
        movement=movement, original_tables=tables, club_maximum=club_maximum, factor=factor
    )
    capped = step * awards * factor > maximum
    top = maximum if capped else _cell(factor, column, awards)
    if final_tables is not None:
        final = full_tables("tables", final_tables)
        if final < 1:
            raise EbuInputError(
                "tables",
                "a final has at least one full table",
                sv="en final har minst ett helt bord",
            )
        if final > tables:
            raise EbuInputError(
                "tables",
                f"a final of {final} tables is larger than the original {tables}",
                sv=f"en final med {final} bord är större än de ursprungliga {tables}",
            )
        field = final * COMPETITORS_PER_TABLE[movement]
        if field < awards:
            return [top * place / field for place in range(field, 0, -1)]
    if capped:
        return [top * place / awards for place in range(awards, 0, -1)]
    return [_cell(factor, column, steps) for steps in range(awards, 0, -1)]


def pro_rata_original_tables(
    *, original_tables: int, section_tables: int, stage_tables: int
) -> int:
    """The original entry of one section of a later qualifying stage played in sections
    and not scored across the field (4.2.11, lines 2296-2302): the original entry shared
    pro rata, ``original_tables`` x ``section_tables`` / ``stage_tables`` ("60 tables
    qualify into two sections of 15 tables; take the original entry of each section as
    being 30 tables"), only full tables counted (as 4.3.4 counts a deemed entry)."""
    if not 0 < section_tables <= stage_tables:
        raise EbuInputError(
            "tables",
            "a section has at least one table and is part of the stage",
            sv="en grupp har minst ett bord och ingår i omgången",
        )
    return original_tables * section_tables // stage_tables


def final_factor(
    *,
    status_factor: Fraction,
    boards: int,
    original_tables: int,
    final_tables: int,
    qualifying_stages: int = 1,
    final: bool = True,
) -> tuple[Fraction, list[str]]:
    """The effective factor of a final or later qualifying stage (4.2.5-4.2.7, lines
    2237-2265), from the status of the first qualifying stage (``status_factor``, with
    4.2.2's major championship level already added), and the rules that moved it:
    36+ boards raise it a level (4.2.5); a final after two or more separate qualifying
    stages, reached by no more than half the original field, too (4.2.6), the two
    together still one level; 12-17 boards lower it a level (4.2.7), which cancels
    4.2.6. Only a final (``final``) takes 4.2.6: it names no later qualifying stage."""
    rules: list[str] = []
    up = False
    if boards >= 36:
        up = True
        rules.append("4.2.5")
    if final and qualifying_stages >= 2 and 2 * final_tables <= original_tables:
        up = True
        rules.append("4.2.6")
    down = boards <= 17
    if down:
        rules.append("4.2.7")
    return raised(status_factor, int(up) - int(down)), rules


def awards_for(options: EbuOptions) -> EbuResult:
    """A final (``--stage final``) or second or later qualifying stage (``--stage
    subsequent``) of a quali-final event (4.2, lines 2167-2305): the quali-final scale
    of the status (4.2.2), the major championship's level (4.2.2), the original entry
    (4.2.3), 4.2.4 when few qualify, 4.2.5-4.2.7 by boards and qualifying stages, the
    180-point maximum of a later qualifying stage (4.2.2), ties and the minimum (3.5.1,
    4.4.5), rounded up at the end (3.4.1) or blue (5.4.1)."""
    if options.stage not in ("final", "subsequent"):
        raise EbuInputError(
            "stage",
            f"{options.stage!r} is not a final or later qualifying stage",
            sv=f"{options.stage!r} är ingen final eller senare kvalomgång",
        )
    refuse_foreign(options, READS, "a final or subsequent qualifying stage (4.2)")
    if options.boards_per_match is not None:
        raise EbuInputError(
            "boards-per-match",
            "a final with an award per match won takes Scale QF (4.2.8, 4.6.6): "
            "the per-match form, not this one",
            sv=(
                "en final med poäng per vunnen match använder skala QF (4.2.8, 4.6.6): "
                "formuläret per match, inte detta"
            ),
        )
    movement = read_movement(options)
    status_factor = read_status(options)
    original = full_tables("original-tables", required(options.original_tables, "original-tables"))
    final = full_tables("tables", required(options.tables, "tables"))
    boards = read_boards(options)
    colour = read_colour(options)
    if final < 1:
        raise EbuInputError(
            "tables", "a final has at least one full table", sv="en final har minst ett helt bord"
        )
    if final > original:
        raise EbuInputError(
            "tables",
            f"a final of {final} tables is larger than the original {original}",
            sv=f"en final med {final} bord är större än de ursprungliga {original}",
        )
    is_final = options.stage == "final"
    factor, moved = final_factor(
        status_factor=status_factor,
        boards=boards,
        original_tables=original,
        final_tables=final,
        qualifying_stages=options.qualifying_stages,
        final=is_final,
    )
    letter = quali_final_letter(factor)
    rules = [stage_reason(letter, original, movement, is_final)]
    rules += [STATUS_REASONS[rule] for rule in (["4.2.2"] if options.major else []) + moved]
    why = no_award(movement, original, boards)
    if why is not None:
        return empty_result(letter, factor, colour, rules, why)
    club_maximum = FINAL_MAXIMUM if is_final else STAGE_MAXIMUM
    places = quali_final_places(
        factor=factor,
        movement=movement,
        original_tables=original,
        final_tables=final,
        club_maximum=club_maximum,
    )
    if len(places) < scale_awards(movement, original):
        rules.append(ALL_FINALISTS)
    return finish(
        letter=letter,
        factor=factor,
        colour=colour,
        places=places,
        ties=options.ties,
        field=final * COMPETITORS_PER_TABLE[movement],
        rules=rules,
    )


# --- shared with consolation.py ------------------------------------------------------------

READS = frozenset(
    {"status", "movement", "tables", "boards", "ties", "colour", "major", "stage"}
    | {"original_tables", "qualifying_stages", "boards_per_match"}
)

_OPTION_DEFAULTS = EbuOptions()


def refuse_foreign(options: EbuOptions, reads: frozenset[str], form: str) -> None:
    """Refuses every option given that the form does not read."""
    for name in EbuOptions.__dataclass_fields__:
        if name not in reads and getattr(options, name) != getattr(_OPTION_DEFAULTS, name):
            option = "tie" if name == "ties" else name.replace("_", "-")
            raise EbuInputError(option, f"not used by {form}", sv=f"används inte av {form}")


NEEDED = {
    "original-tables": "needed: the full tables of the first qualifying stage (4.2.3)",
    "tables": "needed: the full tables in this final or stage (4.2.4)",
    "premier-tables": "needed: the full tables in the final(s) above this one (4.3.3)",
    "boards": "needed: the boards of this stage (3.1.3, 4.2.5-4.2.7)",
}
NEEDED_SV = {
    "original-tables": "behövs: hela bord i den första kvalomgången (4.2.3)",
    "tables": "behövs: hela bord i denna final eller omgång (4.2.4)",
    "premier-tables": "behövs: hela bord i finalen/finalerna ovanför denna (4.3.3)",
    "boards": "behövs: brickorna i denna omgång (3.1.3, 4.2.5-4.2.7)",
}


def required(value: Fraction | int | None, option: str) -> Fraction | int:
    """An option a quali-final form cannot do without (4.2.3-4.2.7, 4.3.3)."""
    if value is None:
        raise EbuInputError(option, NEEDED[option], sv=NEEDED_SV[option])
    return value


def read_movement(options: EbuOptions) -> str:
    """The movement, which picks the scale's column (4.1.4, lines 2078-2096; note (1) of
    each quali-final scale)."""
    if options.movement is None:
        raise EbuInputError(
            "movement",
            f"required: one of {', '.join(COLUMN_OF_MOVEMENT)}",
            sv=f"krävs: en av {', '.join(COLUMN_OF_MOVEMENT)}",
        )
    return _movement_known(options.movement)


def read_status(options: EbuOptions) -> Fraction:
    """The status of the first qualifying stage: the organisation's, one level up for a
    major championship (4.2.1-4.2.2, lines 2175-2211)."""
    check_status(options.status)
    factor = FACTOR[options.status]
    return raised(factor) if options.major else factor


def read_boards(options: EbuOptions) -> int:
    """The boards of the stage (3.1.2-3.1.3, lines 1710-1720; 4.2.5-4.2.7)."""
    boards = required(options.boards, "boards")
    if boards < 1:
        raise EbuInputError(
            "boards", "a stage has at least one board", sv="en omgång har minst en bricka"
        )
    return int(boards)


def read_colour(options: EbuOptions) -> str:
    """Local points, or blue points for a blue-pointed event (3.4.1; 5.4.1)."""
    if options.colour not in ("local", "blue"):
        raise EbuInputError(
            "colour",
            f"{options.colour!r}: a quali-final event gives local or blue points",
            sv=(f"{options.colour!r}: en tävling med kval och final ger lokala eller blå poäng"),
        )
    return options.colour


def no_award(movement: str, original: int, boards: int) -> Reason | None:
    """Why the event earns nothing (3.1.1-3.1.3), or None."""
    least = MINIMUM_TABLES[movement]
    if original < least:
        return Reason(
            "3.1.1",
            sv=f"Ursprungligt deltagande under {least} hela bord ({movement}): inga poäng (3.1.1)",
            en=f"Original entry below {least} full tables ({movement}): no points (3.1.1)",
        )
    if boards < MINIMUM_BOARDS:
        return Reason(
            "3.1.3",
            sv="Färre än 12 brickor i etappen: inga poäng (3.1.2-3.1.3)",
            en="Fewer than 12 boards at the stage: no points (3.1.2-3.1.3)",
        )
    return None


def stage_reason(letter: str, original: int, movement: str, final: bool) -> Reason:
    """The scale and entry behind a final's or later stage's awards (4.2.2-4.2.3)."""
    column = COLUMN_OF_MOVEMENT[movement]
    per = {"teams": "per riktning" if movement != "teams" else "lag", "pairs": "par"}
    direction = per.get(column, "spelare")
    if final:
        return Reason(
            letter,
            sv=f"Skala {letter}: final, ursprungligt deltagande {original} hela bord, "
            f"pris till översta fjärdedelen ({direction}) (4.2.2-4.2.3)",
            en=f"Scale {letter}: final, original entry {original} full tables, "
            f"awards to the top quarter ({'per direction' if direction != 'lag' else 'teams'})"
            " (4.2.2-4.2.3)",
        )
    return Reason(
        letter,
        sv=f"Skala {letter}: senare kvalomgång, ursprungligt deltagande {original} hela bord, "
        "högst 180 poäng i klubbstatus (4.2.2-4.2.3)",
        en=f"Scale {letter}: later qualifying stage, original entry {original} full tables, "
        "at most 180 points at Club status (4.2.2-4.2.3)",
    )


STATUS_REASONS = {
    "4.2.2": Reason(
        "4.2.2",
        sv="Stort mästerskap: status en nivå upp (4.2.1-4.2.2)",
        en="Major championship: status one level up (4.2.1-4.2.2)",
    ),
    "4.2.5": Reason(
        "4.2.5",
        sv="36 brickor eller fler i etappen: status en nivå upp (4.2.5)",
        en="36 boards or more at the stage: status one level up (4.2.5)",
    ),
    "4.2.6": Reason(
        "4.2.6",
        sv="Två eller fler kvalomgångar, högst hälften kvalificerade: status en nivå upp; "
        "med 4.2.5 ändå bara en nivå (4.2.6)",
        en="Two or more qualifying stages, no more than half qualified: status one level up; "
        "with 4.2.5 still one level (4.2.6)",
    ),
    "4.2.7": Reason(
        "4.2.7",
        sv="12-17 brickor i etappen: status en nivå ned (4.2.7)",
        en="12-17 boards at the stage: status one level down (4.2.7)",
    ),
}

ALL_FINALISTS = Reason(
    "4.2.4",
    sv="Färre än en fjärdedel kvalificerade: alla i finalen får pris, jämnt avtagande "
    "från skalans förstapris (4.2.4, 4.4.3)",
    en="Fewer than a quarter qualified: everyone in the final gets an award, by constant "
    "reductions from the scale's top award (4.2.4, 4.4.3)",
)


def empty_result(
    letter: str,
    factor: Fraction,
    colour: str,
    rules: list[Reason],
    why: Reason,
    extra: tuple[tuple[str, object], ...] = (),
) -> EbuResult:
    """No award, and why (3.1: interface section 1, ``awards`` 0 and no places)."""
    return EbuResult(
        scale=letter,
        status=status_name(factor),
        factor=factor,
        colour=colour,
        awards=0,
        places=(),
        extra=extra,
        rules=tuple(rules),
        why=why,
    )


def finish(
    *,
    letter: str,
    factor: Fraction,
    colour: str,
    places: list[Fraction],
    ties: tuple[tuple[int, int], ...],
    field: int,
    rules: list[Reason],
    extra: tuple[tuple[str, object], ...] = (),
) -> EbuResult:
    """Ties shared (3.5.1), the minimum raised to (4.4.5), rounded once at the end
    (3.4.1) or divided into blue points (5.4.1). ``field``: the competitors (per
    direction) who can hold a place; a tie past them is refused."""
    for place, count in ties:
        if place + count - 1 > field:
            raise EbuInputError(
                "tie",
                f"{place}:{count} runs past the {field} competitors who play this stage",
                sv=(f"{place}:{count} går förbi de {field} deltagare som spelar den här omgången"),
            )
    minimum = minimum_award(factor)
    credited = paid_places(places, ties, minimum, colour)
    if ties:
        rules = rules + [
            Reason(
                "3.5.1",
                sv="Delade placeringar delar poängen för platserna de täcker, minst "
                "minimipriset (3.5.1)",
                en="Tied places share the points of the places they cover, at least the "
                "minimum award (3.5.1)",
            )
        ]
    return EbuResult(
        scale=letter,
        status=status_name(factor),
        factor=factor,
        colour=colour,
        awards=len(credited),
        places=credited,
        extra=extra,
        rules=tuple(rules),
    )


def _column(movement: str) -> str:
    return COLUMN_OF_MOVEMENT[_movement_known(movement)]


def _movement_known(movement: str) -> str:
    if movement not in COLUMN_OF_MOVEMENT:
        raise EbuInputError(
            "movement",
            f"{movement!r} is not one of {', '.join(COLUMN_OF_MOVEMENT)} (4.1.4)",
            sv=f"{movement!r} är inte en av {', '.join(COLUMN_OF_MOVEMENT)} (4.1.4)",
        )
    return movement


def full_tables(option: str, tables: Fraction | int) -> int:
    """Full tables: a part table is ignored (4.1.3, lines 2070-2076)."""
    if tables < 0:
        raise EbuInputError(option, f"{tables} is negative", sv=f"{tables} är negativt")
    return math.floor(tables)
