"""Events with an award per match won, other than knock-outs: Swiss teams and pairs,
multiple teams, round robins and leagues of one division; their qualified finals and
consolation finals; and Scale QF, the ranking scale of such finals.

Source: seed ``001_4cb9a3c6036a851e.txt`` (EBU Licensing and Master Points Handbook,
7th ed.): 4.5 general principles (lines 2565-2687), 4.6 (lines 2688-2930: the table of
awards per match won 4.6.3, the ranking awards 4.6.4, example 4.6.5, qualified finals
4.6.6, consolation finals 4.6.7), Scale QF (Appendix, lines 6813-6946), and, for the
consolation that fails its tests, 4.3.3 (lines 2316-2330). The ranking awards of an
event that is not a final are the quali-final scales QA-QE of :mod:`.qualifier` (4.2).
Printed cells are in :mod:`.printed_qf`.
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
    check_local_or_blue,
    check_status,
    minimum_award,
    paid_places,
    raised,
    status_name,
    to_points,
)
from .large import actual_maximum, constant_reductions
from .printed_qf import PER_MATCH, PER_MATCH_STATUSES, QF_CLUB
from .qualifier import quali_final_letter, quali_final_places

# 4.6.3 (lines 2702-2734): a match of 1-17 boards is worth boards x 1½ at Club; the
# award stops growing at 18 boards (4.5.4, lines 2612-2614) and is 50% more for a match
# of 36+ boards (4.5.4, lines 2616-2618).
CLUB_PER_BOARD = Fraction(3, 2)
FULL_MATCH = 18
LONG_MATCH = 36
LONG_MATCH_INCREASE = Fraction(3, 2)

# 4.5.2 (lines 2589-2595): the event (or stage) lasts 36+ boards, and in a pairs or
# individual event each match 6+ boards; otherwise it is a basic event (4.1).
SHORTEST_EVENT = 36
SHORTEST_PAIRS_MATCH = 6

# 4.5.3, 4.6.4 (lines 2602-2604, 2786-2790): ranking awards +50% for 72+ boards.
LONG_EVENT = 72
LONG_EVENT_INCREASE = Fraction(3, 2)

# 4.5.1, 4.6.2 (lines 2569-2579, 2698): teams, and Swiss pairs (one field, a single
# winner); 4.5.2 names individual events too. The calculator's movements map to the
# columns of the quali-final scales.
MOVEMENTS = ("teams", "single-winner", "individual")
# 3.1.1 (lines 1684-1696): the smallest original entry that earns master points.
SMALLEST_ENTRY = {"teams": 3, "single-winner": 3, "individual": 2}
# Competitors per full table: a pair's final of 2 tables has 4 competitors.
COMPETITORS_PER_TABLE = {"teams": 1, "single-winner": 2, "individual": 4}

# 4.6.6(a) (lines 2833-2849): more than the share of the original field in the final
# -> the increase of the match-winning award; the last share (0) is "1/16 or less".
QUALIFIED_INCREASE: tuple[tuple[Fraction, Fraction], ...] = (
    (Fraction(1, 2), Fraction(1)),
    (Fraction(1, 4), Fraction(3, 2)),
    (Fraction(1, 8), Fraction(2)),
    (Fraction(1, 16), Fraction(3)),
    (Fraction(0), Fraction(4)),
)
# 4.6.7 (lines 2899-2913): the same for the share in a consolation final.
CONSOLATION_INCREASE: tuple[tuple[Fraction, Fraction], ...] = (
    (Fraction(1, 10), Fraction(1)),
    (Fraction(1, 20), Fraction(3, 2)),
    (Fraction(0), Fraction(2)),
)
# 4.6.7(b) (lines 2881-2883): at least 3 x as many tables in neither final.
CONSOLATION_OUTSIDE = 3

# Scale QF (lines 6813-6946): awards to 1/8 of the original entry: one award for every
# 8 tables of teams, 4 of single-winner pairs (2 pairs a table), 2 of individuals.
QF_COLUMN = {
    "teams": "teams",
    "two-winner": "teams",  # line 6926: "use the Teams Scale"
    "four-winner": "teams",
    "single-winner": "pairs",
    "individual": "individual",
}
QF_TABLES_PER_AWARD = {"teams": 8, "pairs": 4, "individual": 2}
# Lines 6825, 6942-6946: 300 at Club, reached at 60 tables of teams or 50 of single-
# winner pairs or individuals; not the final: 3/5 of it (line 6936-6940), reached at 36
# or 30. The steps of the printed columns (40, 24, 12) are 300 / 60 and 300 / 50 per
# table.
QF_CLUB_MAXIMUM = Fraction(300)
QF_FULL_AT = {"teams": 60, "pairs": 50, "individual": 50}
QF_FULL_AT_NOT_FINAL = {"teams": 36, "pairs": 30, "individual": 30}
NOT_FINAL_SHARE = Fraction(3, 5)  # note (2), line 6936; 4.6.7 line 2925 for consolations


def match_row(boards_per_match: int) -> str:
    """The row of the 4.6.3 table (lines 2738-2774) for a match of that many boards:
    "1".."17", "18-35" or "36+"."""
    if boards_per_match < 1:
        raise EbuInputError(
            "boards-per-match",
            "a match has at least one board (4.6.3)",
            sv="en match har minst en bricka (4.6.3)",
        )
    if boards_per_match < FULL_MATCH:
        return str(boards_per_match)
    return "18-35" if boards_per_match < LONG_MATCH else "36+"


def generated_per_match(*, factor: Fraction, boards_per_match: int) -> Fraction:
    """The award per match won by the rule of 4.6.3 (lines 2702-2734) and 4.5.4 (lines
    2612-2618), exact: boards x 1½ x the status factor, at most 18 boards' worth, 50%
    more for a match of 36+ boards."""
    match_row(boards_per_match)
    award = CLUB_PER_BOARD * min(boards_per_match, FULL_MATCH) * factor
    return award * LONG_MATCH_INCREASE if boards_per_match >= LONG_MATCH else award


def per_match_award(*, factor: Fraction, boards_per_match: int) -> Fraction:
    """The award per match won, per player, at ``factor`` (4.6.3, lines 2702-2780): the
    printed cell for Club to National (kept where it departs from the rule: District
    36+ is printed 62, the rule gives 60¾), the exact rule for a factor the table has
    no column for (a league division's 2½ or 3½, 4.8; National + 1)."""
    row = match_row(boards_per_match)
    for index, name in enumerate(PER_MATCH_STATUSES):
        if FACTOR[name] == factor:
            return Fraction(PER_MATCH[row][index])
    return generated_per_match(factor=factor, boards_per_match=boards_per_match)


def _increase(share: Fraction, table: tuple[tuple[Fraction, Fraction], ...]) -> Fraction:
    for more_than, increase in table:
        if share > more_than:
            return increase
    return table[-1][1]


def qualified_increase(*, original_tables: int, final_tables: int) -> Fraction:
    """4.6.6(a) (lines 2830-2849): the match-winning awards of a final reached by
    qualifying grow as the share of the original field in it falls: more than ½ none,
    to ½ x 1½, to ¼ x 2, to ⅛ x 3, 1/16 or less x 4."""
    if original_tables < 1 or not 0 < final_tables <= original_tables:
        raise EbuInputError(
            "tables",
            "a final holds part of the original entry (4.6.6)",
            sv="en final rymmer en del av det ursprungliga antalet anmälda (4.6.6)",
        )
    return _increase(Fraction(final_tables, original_tables), QUALIFIED_INCREASE)


def consolation_increase(*, original_tables: int, consolation_tables: int) -> Fraction:
    """4.6.7 (lines 2889-2913): the match-winning awards of a consolation final by the
    share of the original field playing in it: more than 1/10 none, to 1/10 x 1½,
    1/20 or less x 2."""
    if original_tables < 1 or not 0 < consolation_tables <= original_tables:
        raise EbuInputError(
            "tables",
            "a consolation final holds part of the original entry",
            sv="en tröstfinal rymmer en del av det ursprungliga antalet anmälda",
        )
    return _increase(Fraction(consolation_tables, original_tables), CONSOLATION_INCREASE)


def won_total(*, won: Fraction, per_match: Fraction, factor: Fraction) -> Fraction:
    """A player's match-winning awards over the whole event, exact (4.6.3, lines
    2776-2780): ``won`` matches (draws and triangle mini-matches as halves, 4.5.7-4.5.8)
    times the award per match, raised to the minimum of 6 at Club (times the factor)
    when it would be less; no match won, no award."""
    total = won * per_match
    if total <= 0:
        return Fraction(0)
    return max(total, minimum_award(factor))


def qf_top(column: str, original_tables: int) -> Fraction:
    """Scale QF's Club winning award for an original entry, before its maximum (lines
    6813-6916): the printed cell of the row the entry falls in, or the next one up on a
    blank (4.1.5, lines 2098-2100); beyond the printed rows, the rule the columns
    follow (300 / 60 per table of teams, 300 / 50 of pairs or individuals, counted to
    the top of the entry's row)."""
    per_award = QF_TABLES_PER_AWARD[column]
    upper = per_award * math.ceil(Fraction(original_tables, per_award))
    printed = QF_CLUB[column].get(upper)
    if printed is not None:
        return Fraction(printed)
    return QF_CLUB_MAXIMUM * upper / QF_FULL_AT[column]


def qf_places(
    *,
    factor: Fraction,
    movement: str,
    original_tables: int,
    final_tables: int | None = None,
    boards: int | None = None,
    final: bool = True,
) -> list[Fraction]:
    """Scale QF (Appendix lines 6813-6946; 4.6.6(b), lines 2853-2861; 4.6.7, lines
    2917-2927): the exact ranking awards of places 1..n of a final of an event with an
    award per match won, at ``factor``, before ties, the minimum and rounding.

    Awards go to 1/8 of the original entry (``original_tables`` full tables), read down
    the column from the winning award (:func:`qf_top`). Over the theoretical maximum
    (300 at Club; 3/5 of it, 180, when not the final: a subsequent qualifying stage or
    a consolation final) the top is the maximum, raised for a large field by 4.4.9, and
    the places fall by constant reductions (4.4.3). A final of fewer competitors than
    awards gives every competitor one, by constant reductions from the same top. A
    final of 72+ boards adds 50%, maximum included (note (1), lines 6932-6934)."""
    try:
        column = QF_COLUMN[movement]
    except KeyError:
        raise EbuInputError(
            "movement",
            f"Scale QF has no column for {movement}",
            sv=f"skala QF har ingen kolumn för {movement}",
        ) from None
    if original_tables < 1:
        raise EbuInputError("original-tables", "at least one full table", sv="minst ett helt bord")
    per_award = QF_TABLES_PER_AWARD[column]
    count = math.ceil(Fraction(original_tables, per_award))
    scale_factor = factor
    if boards is not None and boards >= LONG_EVENT:
        scale_factor *= LONG_EVENT_INCREASE
    maximum = QF_CLUB_MAXIMUM * scale_factor
    if not final:
        maximum *= NOT_FINAL_SHARE
    full_at = (QF_FULL_AT if final else QF_FULL_AT_NOT_FINAL)[column]
    # 4.4.9 at the factor, as :mod:`.qualifier` takes it for QA-QE.
    maximum = actual_maximum(maximum, original_tables, full_at)
    top = qf_top(column, original_tables) * scale_factor
    if top > maximum:
        top = maximum
        places = constant_reductions(top, count)
    else:
        places = [
            _qf_read_down(column, original_tables, place) * scale_factor for place in range(count)
        ]
    if final_tables is not None:
        competitors = final_tables * COMPETITORS_PER_TABLE.get(movement, 1)
        if 0 < competitors < count:
            places = constant_reductions(top, competitors)
    return places


def _qf_read_down(column: str, original_tables: int, place: int) -> Fraction:
    """The Club award of ``place`` (0 = the winner) reading down the printed column."""
    per_award = QF_TABLES_PER_AWARD[column]
    upper = per_award * (math.ceil(Fraction(original_tables, per_award)) - place)
    return qf_top(column, upper)


def ranking_places(
    *, factor: Fraction, movement: str, tables: int, boards: int, qualifying: bool = False
) -> list[Fraction]:
    """The ranking ("bonus") awards of an event with an award per match won that is not
    a final (4.5.3, lines 2599-2608; 4.6.4, lines 2784-2790): the quali-final scale of
    its status (QA-QE, 4.2) read at its own entry, the top quarter, +50% for 72+
    boards; exact, before ties, the minimum and rounding. The boards of the quali-final
    scales' own status changes (4.2.5-4.2.7) do not apply (4.2.8, lines 2288-2291). A
    first ``qualifying`` stage has the theoretical maximum of a qualifying round, 180 at
    Club (4.2.1, lines 2175-2181)."""
    places = quali_final_places(
        factor=factor,
        movement=movement,
        original_tables=tables,
        final_tables=tables,
        club_maximum=QF_CLUB_MAXIMUM * NOT_FINAL_SHARE if qualifying else QF_CLUB_MAXIMUM,
    )
    if boards >= LONG_EVENT:
        places = [award * LONG_EVENT_INCREASE for award in places]
    return places


def _letter(factor: Fraction) -> str:
    return quali_final_letter(factor)


# --- the calculator form ---------------------------------------------------------------

_READS = frozenset(
    {"status", "movement", "tables", "boards", "ties", "colour", "major", "stage"}
    | {"original_tables", "premier_tables", "qualifying_stages", "boards_per_match", "won"}
)


def awards_for(options: EbuOptions) -> EbuResult:
    """An event with an award per match won (``--boards-per-match``; 4.5-4.6): the award
    per match won, the player's total for ``--won`` matches (4.6.3), and the ranking
    awards: QA-QE at the event's own entry (4.6.4), Scale QF for a final or subsequent
    stage reached by qualifying (4.6.6) and for a consolation final (4.6.7)."""
    _refuse_foreign(options)
    movement = _movement(options)
    boards_per_match, boards = _boards(options, movement)
    factor = _factor(options)
    tables = _whole(options.tables, "tables")
    rules: list[Reason] = []
    stage = options.stage
    if stage == "third-final":
        raise EbuInputError(
            "stage",
            "a third final is not a stage of an event with an award per match won "
            "(4.6.6-4.6.7 define a final, a subsequent stage and a consolation final)",
            sv=(
                "en tredje final är ingen omgång i en tävling med poäng per vunnen match "
                "(4.6.6-4.6.7 definierar en final, en efterföljande omgång och en "
                "tröstfinal)"
            ),
        )
    increase = Fraction(1)
    extra: list[tuple[str, object]] = []
    if stage in (None, "qualifying"):
        if options.original_tables is not None or options.premier_tables is not None:
            name = "original-tables" if options.original_tables is not None else "premier-tables"
            raise EbuInputError(
                name,
                "only a final or consolation has one (4.6.6-4.6.7)",
                sv="bara en final eller tröstfinal har en sådan (4.6.6-4.6.7)",
            )
        _enough(tables, movement, "tables")
        places = ranking_places(
            factor=factor,
            movement=movement,
            tables=tables,
            boards=boards,
            qualifying=stage == "qualifying",
        )
        scale = _letter(factor)
        rules.append(_ranking_reason(scale, tables, boards))
    elif stage in ("final", "subsequent"):
        if options.premier_tables is not None:
            raise EbuInputError(
                "premier-tables",
                "only a consolation final has one (4.6.7)",
                sv="bara en tröstfinal har en sådan (4.6.7)",
            )
        original = _whole(options.original_tables, "original-tables")
        _enough(original, movement, "original-tables")
        _not_a_knockout_final(tables, movement)
        if tables > original:
            raise EbuInputError(
                "tables",
                f"a final of {tables} tables from {original}",
                sv=f"en final med {tables} bord av {original}",
            )
        increase = qualified_increase(original_tables=original, final_tables=tables)
        places = qf_places(
            factor=factor,
            movement=movement,
            original_tables=original,
            final_tables=tables,
            boards=boards,
            final=stage == "final",
        )
        scale = "QF"
        rules.append(_qf_reason(original, tables, increase, boards, stage == "final"))
    else:  # consolation
        result = _consolation(options, movement, factor, tables, boards, rules, extra)
        if result is None:
            # 4.3.3 via 4.6.7(b): a plain event on its own entry, one level lower.
            factor = max(raised(factor, -1), FACTOR["club"])
            _enough(tables, movement, "tables")
            places = ranking_places(factor=factor, movement=movement, tables=tables, boards=boards)
            scale = _letter(factor)
            rules.append(_ranking_reason(scale, tables, boards))
        else:
            places, increase = result
            scale = "QF"
    per_match = per_match_award(factor=factor, boards_per_match=boards_per_match) * increase
    rules.insert(0, _per_match_reason(factor, boards_per_match, increase))
    minimum = minimum_award(factor)
    colour = options.colour
    final_places = paid_places(places, options.ties, minimum, colour)
    extra.insert(0, ("per_match", to_points(per_match, colour)))
    if options.won is not None:
        matches = Fraction(boards, boards_per_match)
        if options.won > matches:
            raise EbuInputError(
                "won",
                f"{options.won} wins in {boards} boards of {boards_per_match}-board matches",
                sv=(
                    f"{options.won} vinster på {boards} brickor i matcher om "
                    f"{boards_per_match} brickor"
                ),
            )
        total = won_total(won=options.won, per_match=per_match, factor=factor)
        extra.insert(1, ("won_total", to_points(total, colour)))
    return EbuResult(
        scale=scale,
        status=status_name(factor),
        factor=factor,
        colour=colour,
        awards=len(final_places),
        places=final_places,
        extra=tuple(extra),
        rules=tuple(rules),
    )


def _consolation(
    options: EbuOptions,
    movement: str,
    factor: Fraction,
    tables: int,
    boards: int,
    rules: list[Reason],
    extra: list[tuple[str, object]],
) -> tuple[list[Fraction], Fraction] | None:
    """4.6.7 (lines 2873-2927): the QF places and the match-winning increase of a
    consolation final, or None when it fails the tests of 4.6.7(a)-(b) (then 4.3.3)."""
    original = _whole(options.original_tables, "original-tables")
    premier = _whole(options.premier_tables, "premier-tables")
    _enough(original, movement, "original-tables")
    outside = original - premier - tables
    if premier < 1 or tables < 1 or outside < 0:
        raise EbuInputError(
            "premier-tables",
            f"{premier} + {tables} tables in the finals is more than the {original} original",
            sv=(f"{premier} + {tables} bord i finalerna är fler än de {original} ursprungliga"),
        )
    if tables < premier or outside < CONSOLATION_OUTSIDE * tables:
        rules.append(
            Reason(
                "4.3.3",
                sv=(
                    f"Tröstfinalen uppfyller inte 4.6.7: C={tables}, P={premier}, "
                    f"N={outside} (C ≥ P och N ≥ 3C krävs); vanlig tävling en nivå lägre"
                ),
                en=(
                    f"The consolation fails 4.6.7: C={tables}, P={premier}, N={outside} "
                    "(C ≥ P and N ≥ 3C needed); a plain event one level lower (4.3.3)"
                ),
            )
        )
        return None
    deemed = tables + outside // 3
    increase = consolation_increase(original_tables=original, consolation_tables=tables)
    places = qf_places(
        factor=factor,
        movement=movement,
        original_tables=deemed,
        final_tables=tables,
        boards=boards,
        final=False,
    )
    extra.append(("original_tables", deemed))
    rules.append(
        Reason(
            "QF",
            sv=(
                f"Skala QF, tröstfinal: ursprungligt fält C + N/3 = {tables} + {outside}/3 "
                f"= {deemed} bord, högst 3/5 av huvudfinalens (4.6.7, 4.3.4)"
            ),
            en=(
                f"Scale QF, consolation final: original entry C + N/3 = {tables} + "
                f"{outside}/3 = {deemed} tables, at most 3/5 of the premier's (4.6.7, 4.3.4)"
            ),
        )
    )
    return places, increase


def _refuse_foreign(options: EbuOptions) -> None:
    defaults = EbuOptions()
    for name in (
        "divisions",
        "division",
        "strat",
        "knockout",
        "round",
        "entries",
        "remaining",
        "consolation",
        "bye",
        "ladder",
        "games",
        "final",
        "event",
    ):
        if getattr(options, name) != getattr(defaults, name):
            flag = name.replace("_", "-")
            raise EbuInputError(
                flag,
                "not used by an event with an award per match won (4.6)",
                sv="används inte av en tävling med poäng per vunnen match (4.6)",
            )
    check_status(options.status)
    check_local_or_blue(options.colour)
    if options.qualifying_stages != 1 and options.stage not in ("final", "subsequent"):
        raise EbuInputError(
            "qualifying-stages",
            "counts the qualifying stages before a final",
            sv="räknar kvalomgångarna före en final",
        )


def _movement(options: EbuOptions) -> str:
    movement = options.movement
    if movement is None:
        raise EbuInputError(
            "movement",
            "needed: teams, single-winner (Swiss pairs) or individual (4.6.2)",
            sv="behövs: teams, single-winner (monradpar) eller individual (4.6.2)",
        )
    if movement not in MOVEMENTS:
        raise EbuInputError(
            "movement",
            f"{movement} pairs and individuals play no matches; an award per match won is "
            "for teams, single-winner (Swiss) pairs and individuals (4.5.1, 4.6.2)",
            sv=(
                f"{movement}-par och individuella tävlingar spelar inga matcher; poäng "
                "per vunnen match gäller lag, single-winner-par (monrad) och "
                "individuella tävlingar (4.5.1, 4.6.2)"
            ),
        )
    return movement


def _boards(options: EbuOptions, movement: str) -> tuple[int, int]:
    boards_per_match = options.boards_per_match
    if boards_per_match is None or boards_per_match < 1:
        raise EbuInputError(
            "boards-per-match",
            "a match has at least one board (4.6.3)",
            sv="en match har minst en bricka (4.6.3)",
        )
    boards = options.boards
    if boards is None:
        raise EbuInputError(
            "boards",
            "the event's total boards are needed (4.5.2, 4.6.4)",
            sv="tävlingens totala antal brickor behövs (4.5.2, 4.6.4)",
        )
    if boards < SHORTEST_EVENT:
        raise EbuInputError(
            "boards",
            f"{boards} boards: an award per match won needs 36+ boards in the event or "
            "stage; a shorter one is a basic event (4.5.2, 4.1)",
            sv=(
                f"{boards} brickor: poäng per vunnen match kräver 36+ brickor i tävlingen "
                "eller omgången; en kortare är en grundtävling (4.5.2, 4.1)"
            ),
        )
    if boards_per_match > boards:
        raise EbuInputError(
            "boards-per-match",
            f"a match longer than the {boards}-board event",
            sv=f"en match längre än tävlingens {boards} brickor",
        )
    if movement != "teams" and boards_per_match < SHORTEST_PAIRS_MATCH:
        raise EbuInputError(
            "boards-per-match",
            f"{boards_per_match}-board matches: a pairs or individual event needs 6+ boards "
            "a match for an award per match won; otherwise it is a basic event (4.5.2)",
            sv=(
                f"matcher om {boards_per_match} brickor: en par- eller individuell "
                "tävling kräver 6+ brickor per match för poäng per vunnen match; annars "
                "är den en grundtävling (4.5.2)"
            ),
        )
    return boards_per_match, boards


def _factor(options: EbuOptions) -> Fraction:
    factor = FACTOR[options.status]
    # 4.2.1-4.2.2: a major championship is one level up in every stage; 4.2.8 keeps
    # that (it sets aside only the raises of 4.2.5-4.2.6).
    return raised(factor) if options.major else factor


def _whole(value: Fraction | None, option: str) -> int:
    if value is None:
        raise EbuInputError(
            option,
            "needed: the number of full tables (teams: teams)",
            sv="behövs: antalet hela bord (lag: antalet lag)",
        )
    return math.floor(value)  # 4.1.3: part tables are not counted


def _enough(tables: int, movement: str, option: str) -> None:
    smallest = SMALLEST_ENTRY[movement]
    if tables < smallest:
        raise EbuInputError(
            option,
            f"{tables} full tables: {movement} needs at least {smallest} (3.1.1)",
            sv=f"{tables} hela bord: {movement} kräver minst {smallest} (3.1.1)",
        )


def _not_a_knockout_final(tables: int, movement: str) -> None:
    if tables * COMPETITORS_PER_TABLE[movement] <= 3:
        raise EbuInputError(
            "tables",
            "a 2- or 3-competitor final is a knock-out final (4.5.6, 4.6.1, 4.7.9): "
            "use --knockout with --entries and --remaining",
            sv=(
                "en final med 2 eller 3 deltagare är en utslagningsfinal (4.5.6, 4.6.1, "
                "4.7.9): använd --knockout med --entries och --remaining"
            ),
        )


def _per_match_reason(factor: Fraction, boards_per_match: int, increase: Fraction) -> Reason:
    row = match_row(boards_per_match)
    times = "" if increase == 1 else f", x {_text(increase)}"
    return Reason(
        "4.6.3",
        sv=(
            f"Poäng per vunnen match, {boards_per_match} brickor (raden {row}), "
            f"faktor {_text(factor)}{times}; oavgjort och triangelmatch halva (4.5.7-4.5.8)"
        ),
        en=(
            f"Award per match won, {boards_per_match} boards (row {row}), factor "
            f"{_text(factor)}{times}; a draw and a triangle mini-match half (4.5.7-4.5.8)"
        ),
    )


def _ranking_reason(scale: str, tables: int, boards: int) -> Reason:
    long_sv = ", +50 % för 72+ brickor" if boards >= LONG_EVENT else ""
    long_en = ", +50% for 72+ boards" if boards >= LONG_EVENT else ""
    return Reason(
        scale,
        sv=f"Placeringspoäng: skala {scale}, {tables} bord, översta fjärdedelen{long_sv} (4.6.4)",
        en=f"Ranking awards: Scale {scale}, {tables} tables, the top quarter{long_en} (4.6.4)",
    )


def _qf_reason(original: int, tables: int, increase: Fraction, boards: int, final: bool) -> Reason:
    long_sv = ", +50 % för 72+ brickor" if boards >= LONG_EVENT else ""
    long_en = ", +50% for 72+ boards" if boards >= LONG_EVENT else ""
    cap_sv = "" if final else ", högst 3/5 (ej final)"
    cap_en = "" if final else ", at most 3/5 (not the final)"
    return Reason(
        "QF",
        sv=(
            f"Skala QF: {tables} av ursprungligen {original} bord kvalificerade, "
            f"matchpoäng x {_text(increase)}, placeringspoäng till en åttondel{long_sv}{cap_sv} "
            "(4.6.6)"
        ),
        en=(
            f"Scale QF: {tables} of {original} original tables qualified, match awards x "
            f"{_text(increase)}, ranking awards to one eighth{long_en}{cap_en} (4.6.6)"
        ),
    )


def _text(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))
