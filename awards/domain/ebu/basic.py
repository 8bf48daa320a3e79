"""The basic scales (4.1): Scales A-E by status and F for a single-winner individual,
generated from their rule, and the calculator's basic form (a basic event, an
"all-play-through" event of 36+ boards, or a first qualifying stage).

The rule behind every printed cell of Scales A-F and X (lines 4709-5957, 7161-7285):
the share of the field paid is the top quarter (12-17 boards), third (18-35) or half
(36+) (4.1.2), counted up to a whole competitor; the winner gets one step per award
(Club: 10 per direction for teams and two-winner pairs, 6 for single-winner pairs, 3
for a single-winner individual) and each lower place one step less (4.1.5); a higher
status multiplies it all by its factor (3.2). Where that top passes the theoretical
maximum, 4.4 takes over (:mod:`.large`).

Source: seed ``001_4cb9a3c6036a851e.txt`` (EBU Licensing and Master Points Handbook,
7th ed.): 4.1.1-4.1.9 (lines 2048-2166), 4.2.1 (lines 2175-2181), chapter 3 (lines
1680-2046) through :mod:`.principles`, 4.4 (lines 2439-2561) through :mod:`.large`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from fractions import Fraction

from ..core import Reason
from .core import (
    LADDER,
    EbuInputError,
    EbuOptions,
    EbuResult,
    minimum_award,
    paid_places,
    status_name,
)
from .large import (
    PER_DIRECTION,
    SINGLE_WINNER,
    actual_maximum,
    constant_reductions,
    full_field,
    theoretical_maximum,
)
from .principles import MOVEMENTS, effective_factor, full_tables, why_no_award


@dataclass(frozen=True)
class Band:
    """A column of the basic scales by the boards each competitor plays (4.1.2)."""

    name: str
    first_board: int
    share: Fraction


# 4.1.2 (lines 2060-2066): 12-17 boards the top quarter, 18-35 the top third, 36+ the
# top half (the column headings of Scales A-F, lines 4739-4757).
BANDS = (
    Band("12-17", 12, Fraction(1, 4)),
    Band("18-35", 18, Fraction(1, 3)),
    Band("36+", 36, Fraction(1, 2)),
)


@dataclass(frozen=True)
class Family:
    """How a movement is ranked: competitors per table in one ranking list, and the
    Club step between places, read off the printed columns (Scale A lines 4779-4817:
    100, 90 ... 10 and 120, 114 ... 6; Scale F lines 5899-5951: 81, 78 ... 6)."""

    per_table: int
    step: int
    limits: str  # which field reaches the theoretical maximum (4.4.2, 4.4.6)


# 4.1.4 (lines 2078-2094): teams and four-winner individuals use the two-winner pairs
# scale, per direction; a single-winner individual has Scale F.
FAMILIES = {
    "teams": Family(1, 10, PER_DIRECTION),
    "two-winner": Family(1, 10, PER_DIRECTION),
    "four-winner": Family(1, 10, PER_DIRECTION),
    "single-winner": Family(2, 6, SINGLE_WINNER),
    "individual": Family(4, 3, SINGLE_WINNER),
}

# 4.1.1 (lines 2054-2056): the scale letter of each status.
LETTERS = {"club": "A", "district": "B", "county": "C", "regional": "D", "national": "E"}


def _family(movement: str) -> Family:
    try:
        return FAMILIES[movement]
    except KeyError:
        raise EbuInputError(
            "movement",
            f"{movement!r} is not one of {', '.join(MOVEMENTS)} (4.1.4)",
            sv=f"{movement!r} är inte en av {', '.join(MOVEMENTS)} (4.1.4)",
        ) from None


def band_for(boards: int) -> Band | None:
    """The column for ``boards`` per competitor (4.1.2, lines 2060-2066); ``None``
    under 12 boards, where no scale applies (3.1.2)."""
    chosen = None
    for band in BANDS:
        if boards >= band.first_board:
            chosen = band
    return chosen


def basic_scale_letter(factor: Fraction, movement: str) -> str:
    """The scale of 4.1.1 (lines 2054-2056): "F" for a single-winner individual (4.1.4,
    lines 2090-2094), otherwise the letter of the highest status on the ladder at or
    below ``factor`` ("A" for Club and the level below it, "E" for National and
    National + 1, whose awards are Scale E's times 1½)."""
    _family(movement)
    if movement == "individual":
        return "F"
    letter = "A"
    for name, value in LADDER:
        if name in LETTERS and value <= factor:
            letter = LETTERS[name]
    return letter


def basic_awards(
    *, factor: Fraction, movement: str, tables: int, boards: int, qualifying: bool = False
) -> list[Fraction]:
    """The exact award of places 1..n of a basic event (4.1.2-4.1.5, lines 2060-2110):
    per direction for teams, two-winner pairs and four-winner individuals, overall for
    single-winner pairs and individuals, at the effective ``factor`` (72+ boards and
    major already applied, :func:`.principles.effective_factor`).

    n is the share of the field (4.1.2) counted up to a whole place; the winner gets n
    steps and each place one step less, unless that passes the theoretical maximum
    (4.4.2, 4.4.6; ``qualifying``: a first qualifying stage, 36+ maximum 180 at Club,
    4.2.1 lines 2175-2181), when the top is the maximum, raised by the square-root rule
    for a field beyond the one that reaches it (4.4.9), and the places below it are in
    constant reductions (4.4.3). Before ties, the minimum award and rounding (3.4, 3.5,
    4.4.5): the caller raises every place to the minimum (Scale F's last place, 3 x
    factor, is below it: its starred row, line 5951). Whether the event qualifies at all (3.1) is :func:`.principles.why_no_award`'s
    question; under 12 boards there is no column and no award."""
    family = _family(movement)
    tables = full_tables(Fraction(tables))
    band = band_for(boards)
    if band is None:
        return []
    count = math.ceil(family.per_table * tables * band.share)
    if count == 0:
        return []
    limit = actual_maximum(
        theoretical_maximum(band.name, factor, qualifying=qualifying),
        tables,
        full_field(band.name, family.limits, qualifying=qualifying),
    )
    top = min(family.step * count * factor, limit)
    return constant_reductions(top, count)


# The options this form reads; every other one given is refused.
_READS = frozenset({"status", "movement", "tables", "boards", "ties", "colour", "major", "stage"})
_DEFAULTS = EbuOptions()
_SHARES_SV = {"12-17": "översta fjärdedelen", "18-35": "översta tredjedelen", "36+": "övre halvan"}
_SHARES_EN = {"12-17": "top quarter", "18-35": "top third", "36+": "top half"}
_MOVEMENTS_SV = {
    "teams": "lag",
    "two-winner": "tvåvinnarrörelse för par",
    "single-winner": "envinnarrörelse för par",
    "individual": "individuell envinnartävling",
    "four-winner": "individuell fyrvinnartävling",
}
_MOVEMENTS_EN = {
    "teams": "teams",
    "two-winner": "two-winner pairs movement",
    "single-winner": "single-winner pairs movement",
    "individual": "single-winner individual",
    "four-winner": "four-winner individual",
}


def _refuse_foreign(options: EbuOptions) -> None:
    for item in fields(EbuOptions):
        name = item.name
        if name in _READS or getattr(options, name) == getattr(_DEFAULTS, name):
            continue
        option = "tie" if name == "ties" else name.replace("_", "-")
        raise EbuInputError(
            option,
            "not used by a basic event or first qualifying stage (4.1)",
            sv="används inte av en grundtävling eller en första kvalomgång (4.1)",
        )
    if options.stage not in (None, "qualifying"):
        raise EbuInputError(
            "stage",
            f"{options.stage} is not a basic event's stage (4.1, 4.2.1)",
            sv=f"{options.stage} är inte en omgång i en grundtävling (4.1, 4.2.1)",
        )
    if options.colour not in ("local", "blue"):
        raise EbuInputError(
            "colour",
            f"{options.colour!r}: a basic event is local or blue (5.4.1)",
            sv=f"{options.colour!r}: en grundtävling ger lokala eller blå poäng (5.4.1)",
        )
    if options.movement is None:
        raise EbuInputError(
            "movement",
            "needed: teams, two-winner, single-winner, ... (4.1.4)",
            sv="behövs: teams, two-winner, single-winner, ... (4.1.4)",
        )
    if options.tables is None:
        raise EbuInputError(
            "tables",
            "needed: the number of full tables (4.1.3)",
            sv="behövs: antalet hela bord (4.1.3)",
        )
    if options.boards is None:
        raise EbuInputError(
            "boards",
            "needed: the boards each competitor plays (4.1.2)",
            sv="behövs: antalet brickor varje deltagare spelar (4.1.2)",
        )
    if options.boards < 1:
        raise EbuInputError(
            "boards",
            f"{options.boards}: an event has at least one board",
            sv=f"{options.boards}: en tävling har minst en bricka",
        )


def _check_ties(ties: tuple[tuple[int, int], ...], field_size: int) -> None:
    taken: set[int] = set()
    for place, count in ties:
        if place < 1 or count < 2:
            raise EbuInputError(
                "tie",
                f"{place}:{count} is not a tie (place ≥ 1, count ≥ 2)",
                sv=f"{place}:{count} är ingen delad placering (placering ≥ 1, antal ≥ 2)",
            )
        covered = set(range(place, place + count))
        if max(covered) > field_size:
            raise EbuInputError(
                "tie",
                f"{place}:{count} runs past the {field_size} competitors ranked (3.5)",
                sv=f"{place}:{count} går förbi de {field_size} placerade deltagarna (3.5)",
            )
        if covered & taken:
            raise EbuInputError(
                "tie",
                f"{place}:{count} overlaps another tie (3.5)",
                sv=f"{place}:{count} överlappar en annan delad placering (3.5)",
            )
        taken |= covered


def awards_for(options: EbuOptions) -> EbuResult:
    """The calculator's basic form (interface section 1; 4.1, lines 2048-2166): a basic
    event, an all-play-through event of 36+ boards, or (``--stage qualifying``) a first
    qualifying stage (4.2.1, lines 2175-2181). Reads --status, --movement, --tables
    (part tables ignored, 4.1.3), --boards, --tie, --colour (local or blue, 5.4.1) and
    --major (4.2.1); refuses every other option. An event short of 3.1's minimum
    tables or boards gets no award and a ``why``.

    Each place's exact award is raised to the minimum (4.4.5, lines 2486-2490; Scale F's
    starred row, line 5951), tied places then share the places they cover, again at
    least the minimum (3.5.1, lines 1832-1862), and the result is rounded up once, at the
    end (3.4.1), or, blue, divided by 100 to two decimals (5.4.1)."""
    _refuse_foreign(options)
    movement = options.movement or ""
    family = _family(movement)
    boards = options.boards or 0
    tables = full_tables(options.tables or Fraction(0))
    factor = effective_factor(options.status, boards=boards, major=options.major)
    qualifying = options.stage == "qualifying"
    scale = basic_scale_letter(factor, movement)
    rules = _rules(options, movement, tables, boards, factor, scale)

    why = why_no_award(movement=movement, tables=tables, boards=boards)
    if why is not None:
        return EbuResult(
            scale, status_name(factor), factor, options.colour, 0, (), rules=rules, why=why
        )
    field_size = family.per_table * tables
    _check_ties(options.ties, field_size)
    minimum = minimum_award(factor)
    exact = basic_awards(
        factor=factor, movement=movement, tables=tables, boards=boards, qualifying=qualifying
    )
    places = paid_places(exact, options.ties, minimum, options.colour)
    return EbuResult(
        scale, status_name(factor), factor, options.colour, len(places), places, rules=rules
    )


def _rules(
    options: EbuOptions, movement: str, tables: int, boards: int, factor: Fraction, scale: str
) -> tuple[Reason, ...]:
    band = band_for(boards)
    reasons = []
    if band is not None:
        reasons.append(
            Reason(
                scale,
                sv=f"Skala {scale}, {band.name} brickor: {_SHARES_SV[band.name]}, "
                f"{tables} hela bord, {_MOVEMENTS_SV[movement]} (4.1.2-4.1.5)",
                en=f"Scale {scale}, {band.name} boards: {_SHARES_EN[band.name]}, "
                f"{tables} full tables, {_MOVEMENTS_EN[movement]} (4.1.2-4.1.5)",
            )
        )
    if boards >= 72:
        reasons.append(
            Reason(
                "4.1.7",
                sv="72 brickor eller fler: statusen höjs en nivå (4.1.7)",
                en="72 boards or more: the status is raised one level (4.1.7)",
            )
        )
    if options.major:
        reasons.append(
            Reason(
                "4.2.1",
                sv="Stort mästerskap: statusen höjs en nivå (4.2.1)",
                en="Major championship: the status is raised one level (4.2.1)",
            )
        )
    if options.stage == "qualifying" and band is not None and band.name == "36+":
        reasons.append(
            Reason(
                "4.2.1",
                sv="Första kvalomgång om 36+ brickor: högst 180 poäng på klubbnivå (4.2.1, 4.4.6)",
                en="First qualifying stage of 36+ boards: at most 180 points at Club (4.2.1, 4.4.6)",
            )
        )
    if band is not None and movement in FAMILIES:
        family = FAMILIES[movement]
        qualifying = options.stage == "qualifying"
        limit = theoretical_maximum(band.name, factor, qualifying=qualifying)
        count = math.ceil(family.per_table * tables * band.share)
        if family.step * count * factor > limit:
            reasons.append(
                Reason(
                    "4.4",
                    sv="Teoretiskt maximum nått: toppen är maximum (ökat med kvadratrotsregeln "
                    "för ett större fält) och lägre placeringar i jämna steg (4.4.3, 4.4.9)",
                    en="Theoretical maximum reached: the top is the maximum (raised by the "
                    "square-root rule for a larger field), lower places in constant reductions "
                    "(4.4.3, 4.4.9)",
                )
            )
    if options.ties:
        reasons.append(
            Reason(
                "3.5",
                sv="Delade placeringar delar lika på placeringarnas poäng, minst minimipoängen "
                f"{minimum_award(factor)} (3.5.1)",
                en="Tied places share equally the points of the places they cover, at least "
                f"the minimum award {minimum_award(factor)} (3.5.1)",
            )
        )
    return tuple(reasons)
