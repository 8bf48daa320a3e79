"""Consolation finals and third-rated finals of a quali-final event (4.3): the quali-final
scales of 4.2 on a deemed original entry, C + N/3, when the event meets 4.3.3's
conditions; otherwise a basic event on its own entry, one status level down.

Source: seed ``001_4cb9a3c6036a851e.txt`` (EBU Licensing and Master Points Handbook,
7th ed.): 4.3 "Consolation events" (lines 2306-2438), with 4.2 (lines 2167-2305) and
the Appendix scales QA-QE (lines 6096-6812) through :mod:`.qualifier`, and the basic
scales (4.1, lines 2048-2166) through :mod:`.basic` for the fallback of 4.3.3.
"""

from __future__ import annotations

from fractions import Fraction

from ..core import Reason
from .core import FACTOR, EbuInputError, EbuOptions, EbuResult, raised
from .qualifier import (
    COMPETITORS_PER_TABLE,
    READS,
    STAGE_MAXIMUM,
    STATUS_REASONS,
    empty_result,
    final_factor,
    finish,
    full_tables,
    no_award,
    quali_final_letter,
    quali_final_places,
    read_boards,
    read_colour,
    read_movement,
    read_status,
    refuse_foreign,
    required,
    scale_awards,
)

# 4.3.6 (lines 2403-2407): a consolation's maximum is 3/5 of the premier event's, 180 at
# Club; 4.3.7 (lines 2431-2433): a third-rated final's 3/5 of that, 108.
CONSOLATION_MAXIMUM = STAGE_MAXIMUM
THIRD_FINAL_MAXIMUM = STAGE_MAXIMUM * Fraction(3, 5)

# 4.3.3 (lines 2322-2340): N at least C for a 12-35 board consolation, at least 3C for
# one of 36+ boards.
LONG_FINAL_BOARDS = 36


def deemed_original_tables(*, consolation_tables: int, others: int) -> int:
    """The original entry a consolation (or third) final is scored on, C + N/3 (4.3.4,
    lines 2352-2381; 4.3.7, lines 2409-2428): ``consolation_tables`` (C) and ``others``
    (N), the full tables in none of the finals rated at or above it; the fraction of N/3
    is disregarded."""
    return consolation_tables + others // 3


def meets_conditions(
    *, premier_tables: int, consolation_tables: int, others: int, boards: int, third: bool
) -> bool:
    """4.3.3 (lines 2322-2348): C ≥ P, and N ≥ C for a consolation of 12-35 boards or
    N ≥ 3C for one of 36+. For a third final P is the sum of both finals above it, and
    C ≥ P is not asked of that sum (4.3.7's own example, 12 tables below 24, line 2425)."""
    if not third and consolation_tables < premier_tables:
        return False
    needed = 3 * consolation_tables if boards >= LONG_FINAL_BOARDS else consolation_tables
    return others >= needed


def awards_for(options: EbuOptions) -> EbuResult:
    """A consolation final (``--stage consolation``) or third-rated final (``--stage
    third-final``) of 4.3 (lines 2306-2438), from the original entry (T), the full tables
    in the final(s) rated above it (P) and in itself (C): N = T - P - C. Meeting 4.3.3,
    it is scored as the premier final on the quali-final scale for C + N/3 original
    tables (4.3.4-4.3.5): the premier's status (with 4.2.2's major level and 4.2.6),
    36+ boards a level up, 12-17 a level down (4.2.5, 4.2.7), everyone paid when there
    are fewer players than awards (4.3.5(c)), at most 180 (108 for a third final) at
    Club (4.3.6-4.3.7). Otherwise it is a basic event on its own C tables, one level
    below the main event, not below Club (4.3.3)."""
    if options.stage not in ("consolation", "third-final"):
        raise EbuInputError(
            "stage",
            f"{options.stage!r} is not a consolation or third final",
            sv=f"{options.stage!r} är inte en tröstfinal eller tredje final",
        )
    refuse_foreign(options, READS | {"premier_tables"}, "a consolation or third final (4.3)")
    if options.boards_per_match is not None:
        raise EbuInputError(
            "boards-per-match",
            "a consolation with an award per match won is 4.6.7's (Scale QF): "
            "the per-match form, not this one",
            sv=(
                "en tröstfinal med poäng per vunnen match hör till 4.6.7 (skala QF): "
                "formuläret per match, inte detta"
            ),
        )
    third = options.stage == "third-final"
    movement = read_movement(options)
    main_factor = read_status(options)
    original = full_tables("original-tables", required(options.original_tables, "original-tables"))
    premier = full_tables("premier-tables", required(options.premier_tables, "premier-tables"))
    tables = full_tables("tables", required(options.tables, "tables"))
    boards = read_boards(options)
    colour = read_colour(options)
    if tables < 1:
        raise EbuInputError(
            "tables",
            "a consolation final has at least one full table",
            sv="en tröstfinal har minst ett helt bord",
        )
    if premier < 1:
        raise EbuInputError(
            "premier-tables",
            "the final above it has at least one full table",
            sv="finalen ovanför den har minst ett helt bord",
        )
    others = original - premier - tables
    if others < 0:
        raise EbuInputError(
            "premier-tables",
            f"{premier} + {tables} tables in the finals are more than the original {original}",
            sv=(f"{premier} + {tables} bord i finalerna är fler än de ursprungliga {original}"),
        )
    if not meets_conditions(
        premier_tables=premier,
        consolation_tables=tables,
        others=others,
        boards=boards,
        third=third,
    ):
        return _basic_fallback(options, movement, main_factor, tables, boards, colour)
    deemed = deemed_original_tables(consolation_tables=tables, others=others)
    factor, moved = final_factor(
        status_factor=main_factor,
        boards=boards,
        original_tables=original,
        final_tables=premier,
        qualifying_stages=options.qualifying_stages,
    )
    letter = quali_final_letter(factor)
    rules = [_deemed_reason(letter, third, original, premier, tables, others, deemed)]
    rules += [STATUS_REASONS[rule] for rule in (["4.2.2"] if options.major else []) + moved]
    extra: tuple[tuple[str, object], ...] = (("original_tables", deemed),)
    why = no_award(movement, original, boards)
    if why is not None:
        return empty_result(letter, factor, colour, rules, why, extra)
    places = quali_final_places(
        factor=factor,
        movement=movement,
        original_tables=deemed,
        final_tables=tables,
        club_maximum=THIRD_FINAL_MAXIMUM if third else CONSOLATION_MAXIMUM,
    )
    if len(places) < scale_awards(movement, deemed):
        rules.append(
            Reason(
                "4.3.5",
                sv="Fler pris än spelare i finalen: alla får pris, jämnt avtagande från "
                "skalans förstapris (4.3.5(c))",
                en="More awards than players in the final: everyone gets an award, by "
                "constant reductions from the scale's top award (4.3.5(c))",
            )
        )
    return finish(
        letter=letter,
        factor=factor,
        colour=colour,
        places=places,
        ties=options.ties,
        field=tables * COMPETITORS_PER_TABLE[movement],
        rules=rules,
        extra=extra,
    )


def _basic_fallback(
    options: EbuOptions,
    movement: str,
    main_factor: Fraction,
    tables: int,
    boards: int,
    colour: str,
) -> EbuResult:
    """4.3.3 (lines 2342-2348): a basic event on the actual entry, one status level
    below the main event, not below Club; 4.1.7's 72+ boards are the basic scale's."""
    from .basic import basic_awards, basic_scale_letter
    from .principles import LONG_EVENT_BOARDS, why_no_award

    factor = max(raised(main_factor, -1), FACTOR["club"])
    if boards >= LONG_EVENT_BOARDS:
        factor = raised(factor)  # 4.1.7 (lines 2146-2150)
    letter = basic_scale_letter(factor, movement)
    rules = [
        Reason(
            "4.3.3",
            sv="Villkoren i 4.3.3 uppfylls inte: grundtävling på finalens egna "
            f"{tables} hela bord, en statusnivå under huvudtävlingen, lägst klubb (4.3.3)",
            en="The conditions of 4.3.3 are not met: a basic event on the final's own "
            f"{tables} full tables, one status level below the main event, at least Club "
            "(4.3.3)",
        )
    ]
    extra: tuple[tuple[str, object], ...] = (("original_tables", tables),)
    why = why_no_award(movement=movement, tables=tables, boards=boards)
    if why is not None:
        return empty_result(letter, factor, colour, rules, why, extra)
    places = basic_awards(factor=factor, movement=movement, tables=tables, boards=boards)
    return finish(
        letter=letter,
        factor=factor,
        colour=colour,
        places=list(places),
        ties=options.ties,
        field=tables * COMPETITORS_PER_TABLE[movement],
        rules=rules,
        extra=extra,
    )


def _deemed_reason(
    letter: str, third: bool, original: int, premier: int, tables: int, others: int, deemed: int
) -> Reason:
    kind_sv, kind_en = ("tredje final", "third final") if third else ("tröstfinal", "consolation")
    top = "108" if third else "180"
    return Reason(
        letter,
        sv=f"Skala {letter}, {kind_sv}: av {original} bord spelar {premier} högre och {tables} "
        f"här, {others} ingen av dem; deltagandet räknas som {tables} + {others}/3 = {deemed} "
        f"hela bord, högst {top} poäng i klubbstatus (4.3.4-4.3.7)",
        en=f"Scale {letter}, {kind_en}: of {original} tables {premier} play above and {tables} "
        f"here, {others} in neither; the entry is deemed {tables} + {others}/3 = {deemed} full "
        f"tables, at most {top} points at Club status (4.3.4-4.3.7)",
    )
