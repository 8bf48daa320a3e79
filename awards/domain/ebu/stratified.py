"""Stratified events: one field, a ranking list for each category ("A" everyone, "B"
the B, C and D contestants, ...), each list paid from its own column of Scale S (a
regular game) or Scale QS (the ranking awards of an event with an award per match won).

Source: seed ``001_4cb9a3c6036a851e.txt``: 3.9.2 (lines 2006-2018), 4.12 (lines
3711-3885: the ranking lists 4.12.3, the top portion of each list and the example
4.12.4, the higher of two categories 4.12.5, two-winner pairs 4.12.6, awards per match
won 4.12.7, the exceptions to the general rules 4.12.8), Scale S (lines 6947-7063) and
Scale QS (lines 7064-7160); for the shared rules 3.1 (lines 1684-1718), 4.1.2 (the top
portion, lines 2060-2066), 4.1.7 (72+ boards, lines 2146-2150), 4.4 (the maximum
exceeded formula, lines 2439-2563) and 4.6.4 (ranking +50% at 72+ boards, lines
2784-2792). The printed cells are in :mod:`awards.domain.ebu.printed_strat`.

Both scales are one rule: a category's places fall by a constant step from the winner
to the last place paid, the step being the column's (Scale S: 6 5 4 3 2 a place for
single-winner pairs, 10 9 7 5 3 for teams; Scale QS: 11 10 8 6 4 and 18 15 12 9 6, the
"Unstratified" column first), the number of places the basic (4.1.2) or quali-final
(4.5.3) share of the category's field.
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
    paid_places,
    raised,
    status_name,
    to_points,
)
from .large import actual_maximum, constant_reductions

CATEGORIES = ("A", "B", "C", "D")
UNSTRATIFIED = "U"  # the printed reference column (notes (1), lines 7039-7041)

# The step between places at Club status, by column: Scale S lines 6964-6996 (single-
# winner pairs) and 7013-7033 (teams and two-winner pairs); Scale QS lines 7073-7105
# and 7114-7134.
S_STEP: dict[str, dict[str, int]] = {
    "single-winner": {"U": 6, "A": 5, "B": 4, "C": 3, "D": 2},
    "teams": {"U": 10, "A": 9, "B": 7, "C": 5, "D": 3},
}
QS_STEP: dict[str, dict[str, int]] = {
    "single-winner": {"U": 11, "A": 10, "B": 8, "C": 6, "D": 4},
    "teams": {"U": 18, "A": 15, "B": 12, "C": 9, "D": 6},
}

# 4.12.8 v (lines 3876-3882), notes (3) (lines 7049-7053, 7150-7152): the minimum award
# of a category at Club status, the lowest single-winner award of its column.
CATEGORY_MINIMUM: dict[str, int] = {"A": 5, "B": 4, "C": 3, "D": 2}

# Scale S note (4) (lines 7055-7061) with 4.4.2 and 4.4.6 (lines 2449-2457, 2494-2504): the
# unstratified theoretical maximum at Club status and the full tables that reach it,
# by boards (12-17, 18-35, 36+) and scale family. A category's maximum is the same
# fraction of it as the category's step is of the unstratified step.
S_MAXIMUM: dict[str, tuple[int, dict[str, int]]] = {
    "12-17": (75, {"single-winner": 25, "teams": 30}),
    "18-35": (100, {"single-winner": 25, "teams": 30}),
    "36+": (300, {"single-winner": 50, "teams": 60}),
}
# Scale QS note (4) (lines 7154-7156) with Scale QA (300, line 6103; 4.4.7 lines
# 2508-2512).
QS_MAXIMUM: tuple[int, dict[str, int]] = (300, {"single-winner": 55, "teams": 65})

# 4.1.2 (lines 2060-2066): the share of the field paid by boards; 4.5.3 (lines
# 2599-2604): a quarter for the ranking awards of an event with an award per match won.
S_SHARE = {"12-17": Fraction(1, 4), "18-35": Fraction(1, 3), "36+": Fraction(1, 2)}
QS_SHARE = Fraction(1, 4)

# 3.1.1 (lines 1688-1700): the least field for any award; the "A" list holds the whole
# field (4.12.3), so it must meet it. 4.12.8 iv (lines 3868-3874): three contestants in
# any other category.
EVENT_MINIMUM_TABLES = {"single-winner": 3, "teams": 3, "two-winner": 5}
CATEGORY_MINIMUM_CONTESTANTS = 3

MOVEMENTS = ("teams", "two-winner", "single-winner")


def _family(movement: str) -> str:
    """4.1.4: teams and two-winner pairs share a scale (per direction)."""
    return "single-winner" if movement == "single-winner" else "teams"


def board_band(boards: int) -> str:
    """The board column of Scale S (4.1.2, lines 2060-2066); below 12 boards no award
    (3.1.2) and no column."""
    if boards < 12:
        raise ValueError("fewer than 12 boards have no column (3.1.2)")
    if boards < 18:
        return "12-17"
    if boards < 36:
        return "18-35"
    return "36+"


def _competitors(movement: str, tables: int) -> int:
    """Contestants counted for the number of awards: teams (3.3.3), pairs of one direction
    (4.12.6), or both directions' pairs of a single-winner field, half tables ignored
    (4.12.8 ii: 13 pairs count as 12)."""
    return 2 * tables if movement == "single-winner" else tables


def scale_s(*, category: str, movement: str, tables: int, boards: int) -> list[Fraction]:
    """Scale S (lines 6947-7063; 4.12.4, lines 3747-3811) at Club status: the awards of
    places 1..n in ``category`` ("A".."D", or "U" for the printed unstratified column)
    for ``tables`` full tables in the category's ranking list (per direction for
    two-winner pairs) and ``boards`` boards. Places fall by the column's step; past the
    maximum of note (4) they fall by constant reductions from the maximum (4.4.3, 4.4.9).
    Exact, before the category minimum (4.12.8 v), ties and rounding."""
    family = _family(movement)
    band = board_band(boards)
    count = math.ceil(_competitors(movement, tables) * S_SHARE[band])
    maximum, limits = S_MAXIMUM[band]
    step = _step(S_STEP, family, category)
    return _capped(step, S_STEP[family]["U"], count, maximum, limits[family], tables)


def scale_qs(*, category: str, movement: str, tables: int) -> list[Fraction]:
    """Scale QS (lines 7064-7160) at Club status: the ranking awards of places 1..n in
    ``category`` for ``tables`` full tables in its ranking list, to a quarter of its
    field (4.12.7, lines 3837-3845; 4.5.3), before the +50% of a 72+ board event."""
    family = _family(movement)
    count = math.ceil(_competitors(movement, tables) * QS_SHARE)
    maximum, limits = QS_MAXIMUM
    step = _step(QS_STEP, family, category)
    return _capped(step, QS_STEP[family]["U"], count, maximum, limits[family], tables)


def _step(steps: dict[str, dict[str, int]], family: str, category: str) -> int:
    if category not in steps[family]:
        raise EbuInputError(
            "strat",
            f"{category!r} is not one of A, B, C, D (4.12.1)",
            sv=f"{category!r} är inte en av A, B, C, D (4.12.1)",
        )
    return steps[family][category]


def _capped(
    step: int, unstratified_step: int, count: int, maximum: int, limit: int, tables: int
) -> list[Fraction]:
    """The unstratified column capped at its maximum (4.4.2-4.4.9, via :mod:`.large`),
    then scaled to the category: the category's places are the unstratified places times
    its step over the unstratified step, capped or not."""
    top = min(Fraction(unstratified_step * count), actual_maximum(Fraction(maximum), tables, limit))
    return [award * step / unstratified_step for award in constant_reductions(top, count)]


def category_minimum(category: str, factor: Fraction) -> Fraction:
    """4.12.8 v (lines 3876-3882): the category's minimum award at the event's factor."""
    return CATEGORY_MINIMUM[category] * factor


def higher_award(awards: list[Fraction]) -> Fraction:
    """4.12.5 (lines 3815-3818): a contestant paid in more than one list takes the higher
    award, never the sum."""
    return max(awards, default=Fraction(0))


def two_winner_tables(north_south: int, east_west: int) -> int:
    """4.12.6 (lines 3819-3835): a two-winner category is sized by the smaller of its
    two directions' fields, so each direction gets the same number of awards."""
    return min(north_south, east_west)


def _reason(scale: str, category: str, movement: str, tables: int, boards: int) -> Reason:
    if scale == "QS":
        return Reason(
            "QS",
            sv=f"Skala QS, kategori {category}, {tables} hela bord: rankingpoäng till "
            "bästa fjärdedelen (4.12.7)",
            en=f"Scale QS, category {category}, {tables} full tables: ranking awards to "
            "the top quarter (4.12.7)",
        )
    band = board_band(boards)
    share_sv = {"12-17": "fjärdedel", "18-35": "tredjedel", "36+": "hälft"}[band]
    share_en = {"12-17": "quarter", "18-35": "third", "36+": "half"}[band]
    return Reason(
        "S",
        sv=f"Skala S, kategori {category}, {band} brickor, {tables} hela bord: bästa "
        f"{share_sv}en av kategorins lista (4.12.4)",
        en=f"Scale S, category {category}, {band} boards, {tables} full tables: top "
        f"{share_en} of the category's list (4.12.4)",
    )


def _no_award(
    scale: str, factor: Fraction, colour: str, why: Reason, rules: tuple[Reason, ...]
) -> EbuResult:
    return EbuResult(scale, status_name(factor), factor, colour, 0, (), rules=rules, why=why)


def awards_for(options: EbuOptions) -> EbuResult:
    """The calculator's stratified form (4.12, lines 3711-3885): ``--strat`` category,
    ``--movement``, ``--tables`` (full tables in the category's ranking list, per
    direction for two-winner pairs), ``--boards``, ``--status``; with
    ``--boards-per-match`` the ranking awards of Scale QS and the unchanged award per
    match won of 4.6.3 (4.12.7)."""
    category = _check(options)
    assert options.movement is not None and options.tables is not None
    assert options.boards is not None
    movement, boards = options.movement, options.boards
    tables = math.floor(options.tables)
    base = FACTOR[options.status]
    per_match_event = options.boards_per_match is not None and _attracts_per_match(
        movement, boards, options.boards_per_match
    )
    scale = "QS" if per_match_event else "S"
    if options.won is not None and not per_match_event:
        raise EbuInputError(
            "won",
            "this is a regular game, no award per match won (4.5.2: 36+ boards in all)",
            sv=(
                "detta är en vanlig tävling, utan poäng per vunnen match (4.5.2: 36+ "
                "brickor totalt)"
            ),
        )
    # 4.1.7 raises a regular game of 72+ boards; an event with an award per match won
    # gets +50% on its ranking awards instead (4.6.4), not a higher status.
    factor = raised(base) if boards >= 72 and not per_match_event else base
    why = _too_small(category, movement, options.tables, boards)
    if why is not None:
        return _no_award(scale, factor, options.colour, why, ())
    rules = [_reason(scale, category, movement, tables, boards)]
    if boards >= 72:
        rules.append(
            Reason(
                scale,
                sv="72+ brickor: rankingpoängen ökas med 50 % (4.6.4)"
                if per_match_event
                else "72+ brickor: statusen höjs en nivå (4.1.7)",
                en="72+ boards: ranking awards increased by 50% (4.6.4)"
                if per_match_event
                else "72+ boards: status raised one level (4.1.7)",
            )
        )
    if per_match_event:
        club = scale_qs(category=category, movement=movement, tables=tables)
        bonus = Fraction(3, 2) if boards >= 72 else Fraction(1)
        points = [award * factor * bonus for award in club]
    else:
        club = scale_s(category=category, movement=movement, tables=tables, boards=boards)
        points = [award * factor for award in club]
    minimum = category_minimum(category, factor)
    places = paid_places(points, options.ties, minimum, options.colour)
    extra: tuple[tuple[str, object], ...] = ()
    if per_match_event:
        extra = _per_match_extra(options, base)
    return EbuResult(
        scale,
        status_name(factor),
        factor,
        options.colour,
        len(club),
        places,
        extra=extra,
        rules=tuple(rules),
    )


def _check(options: EbuOptions) -> str:
    """The options a stratified event defines; returns the category."""
    category = options.strat
    if category not in CATEGORIES:
        raise EbuInputError(
            "strat",
            f"{category!r} is not one of A, B, C, D (4.12.1)",
            sv=f"{category!r} är inte en av A, B, C, D (4.12.1)",
        )
    if options.movement is None:
        raise EbuInputError(
            "movement",
            "a stratified event needs its movement (4.12.4)",
            sv="en graderad tävling kräver sin rörelse (4.12.4)",
        )
    if options.movement not in MOVEMENTS:
        raise EbuInputError(
            "movement",
            f"Scales S and QS have no {options.movement} column: only teams, two-winner "
            "and single-winner pairs (lines 6951, 7000; 3.11.1)",
            sv=(
                f"skalorna S och QS har ingen kolumn för {options.movement}: bara teams "
                "(lag), two-winner- och single-winner-par (rad 6951, 7000; 3.11.1)"
            ),
        )
    if options.tables is None:
        raise EbuInputError(
            "tables",
            "the full tables in the category's ranking list (4.12.4)",
            sv="hela bord i kategorins rankinglista (4.12.4)",
        )
    if options.boards is None:
        raise EbuInputError(
            "boards",
            "the boards each contestant plays (4.12.4, 3.1.2)",
            sv="brickorna varje deltagare spelar (4.12.4, 3.1.2)",
        )
    if options.major:
        raise EbuInputError(
            "major",
            "4.12 gives a stratified event no major status (4.2.1)",
            sv="4.12 ger en graderad tävling ingen major-status (4.2.1)",
        )
    if options.stage is not None:
        raise EbuInputError(
            "stage",
            "Scale S is for regular games only (line 6949)",
            sv="skala S gäller endast vanliga tävlingar (rad 6949)",
        )
    if options.won is not None and options.boards_per_match is None:
        raise EbuInputError(
            "won",
            "needs --boards-per-match: matches won earn 4.6.3 awards",
            sv="kräver --boards-per-match: vunna matcher ger poäng enligt 4.6.3",
        )
    return category


def _too_small(category: str, movement: str, tables: Fraction, boards: int) -> Reason | None:
    """3.1.2 (12 boards), 3.1.1 for the "A" list (the whole field), 4.12.8 iv (three
    contestants in any other list)."""
    if boards < 12:
        return Reason(
            "S",
            sv="Färre än 12 brickor: inga mästarpoäng (3.1.2)",
            en="Fewer than 12 boards: no master points (3.1.2)",
        )
    if category == "A" and math.floor(tables) < EVENT_MINIMUM_TABLES[movement]:
        least = EVENT_MINIMUM_TABLES[movement]
        return Reason(
            "S",
            sv=f"Kategori A är hela fältet: minst {least} hela bord krävs (3.1.1)",
            en=f"Category A is the whole field: at least {least} full tables needed (3.1.1)",
        )
    # Single-winner pairs are counted as they sit: 1½ tables is three pairs.
    contestants = math.floor(2 * tables) if movement == "single-winner" else math.floor(tables)
    if contestants < CATEGORY_MINIMUM_CONTESTANTS:
        return Reason(
            "S",
            sv=f"Kategori {category} har färre än tre deltagare (4.12.8 iv)",
            en=f"Category {category} has fewer than three contestants (4.12.8 iv)",
        )
    return None


def _attracts_per_match(movement: str, boards: int, boards_per_match: int) -> bool:
    """4.5.1-4.5.2 (lines 2569-2597): an award per match won needs 36+ boards in all, and
    matches of 6+ boards in a pairs event; otherwise the event is a regular game
    (Scale S)."""
    if boards < 36:
        return False
    return movement == "teams" or boards_per_match >= 6


def _per_match_extra(options: EbuOptions, factor: Fraction) -> tuple[tuple[str, object], ...]:
    """4.12.7 (lines 3837-3845): the award per match won is unstratified, 4.6.3's."""
    from . import per_match

    assert options.boards_per_match is not None
    award = per_match.per_match_award(factor=factor, boards_per_match=options.boards_per_match)
    extra: list[tuple[str, object]] = [("per_match", to_points(award, options.colour))]
    if options.won is not None:
        total = per_match.won_total(won=options.won, per_match=award, factor=factor)
        extra.append(("won_total", to_points(total, options.colour)))
    return tuple(extra)


__all__ = [
    "CATEGORIES",
    "awards_for",
    "board_band",
    "category_minimum",
    "higher_award",
    "scale_qs",
    "scale_s",
    "two_winner_tables",
]
