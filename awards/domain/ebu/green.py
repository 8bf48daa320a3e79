"""County green point events: the county teams championship (knock-out and qualifier),
the county pairs final on Scale G, one-day Swiss teams and Swiss pairs, flighted Swiss
and inter-county leagues.

Source: seed ``001_4cb9a3c6036a851e.txt``, chapter 6 "Green Point awards" (lines
3977-4708): 6.1 general principles (3977-4019), 6.2 the county teams championship
(4023-4124), 6.3 the county pairs championship (4128-4213), 6.4 county one-day green
point events (4219-4562), 6.5 inter-county leagues (4566-4697); the Appendix Scale G
(5958-6095, kept as printed in :mod:`.printed_green`); 2.5.1 gold points (1384-1392).
Green points are exact fractions until the end, then two decimals rounded up (3.4.1,
lines 1808-1822).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from decimal import Decimal
from fractions import Fraction

from ..core import Reason
from .core import (
    FACTOR,
    EbuInputError,
    EbuOptions,
    EbuResult,
    PlaceResult,
    gold_points,
    share_ties,
    to_points,
)
from .printed_green import printed_awards

QUARTER = Fraction(1, 4)
HALF = Fraction(1, 2)

# 6.1 (lines 3977-4019): these are county events; green points have no status factor,
# so the result names the organiser's status.
STATUS = "county"


def ceil_to(value: Fraction, step: Fraction) -> Fraction:
    """``value`` rounded up to a multiple of ``step`` ("rounded up in favour of the
    competitors", 6.3.1(a) line 4144; "rounded up to the nearest multiple of 0.50",
    6.4.1(b) line 4237)."""
    return math.ceil(value / step) * step


def green(value: Fraction) -> Decimal:
    """Green points to two decimals, rounded up (3.4.1 lines 1808-1822, 5.4.1)."""
    return to_points(value * 100, "green")


# --- 6.3 the county pairs final, Scale G --------------------------------------------------

G_MIN_ENTRY = 6  # 6.3.1(f), line 4172: "minimum of 6 pairs"
G_SMALL_ENTRY = 14  # 6.3.1(f): below 14 pairs, awards go down to half-way
G_MAX_ENTRY = 160  # 6.3.1(e), lines 4168-4170: "absolute maximum equivalent to 160 pairs"
G_MIN_FINAL_BOARDS = 36  # 6.3.1 (line 4132) and 6.3.2(a) (line 4204)
# 6.3.1(b)-(c), lines 4150-4160: 2nd is 1.25 below 1st, 3rd 0.75 below 2nd, then 0.25 a
# place. The 4th: the text says 0.75 below the 3rd (line 4154), Scale G prints 0.50 in
# every row and the worked example (16 awards for 110 pairs ending at 0.25, lines
# 4188-4194) and the maximum (21 awards from 7, line 4170) only add up with 0.50.
G_STEPS = (Fraction(5, 4), Fraction(3, 4), Fraction(1, 2))


def scale_g_generated(entries: int) -> tuple[Fraction, ...]:
    """6.3.1(a)-(f) (lines 4132-4176) as a rule: top TOE/40 + 3 rounded up to a
    quarter, TOE/10 + 5 awards (rounded up, as Scale G counts them), capped at 160
    pairs; below 14 pairs awards to half-way, ignoring fractions. () below 6 pairs.
    The Handbook's own figures are Scale G's (:func:`scale_g`)."""
    if entries < G_MIN_ENTRY:
        return ()
    toe = min(entries, G_MAX_ENTRY)
    top = ceil_to(Fraction(toe, 40) + 3, QUARTER)
    count = math.ceil(Fraction(toe, 10) + 5) if toe >= G_SMALL_ENTRY else toe // 2
    awards = [top]
    while len(awards) < count:
        step = G_STEPS[len(awards) - 1] if len(awards) <= len(G_STEPS) else QUARTER
        awards.append(awards[-1] - step)
    return tuple(awards)


def scale_g(entries: int) -> tuple[Fraction, ...]:
    """Scale G (Appendix lines 5958-6095) as printed: the green award of places 1..
    in a county pairs final for a total original entry of ``entries`` pairs (6.3.1(g):
    "illustrated in tabular form in Scale G"). Refuses fewer than 6 pairs (6.3.1(f))."""
    awards = printed_awards(entries)
    if not awards:
        raise EbuInputError(
            "entries",
            f"{entries} pairs: Scale G starts at 6 pairs (6.3.1(f), line 4172)",
            sv=f"{entries} par: skala G börjar vid 6 par (6.3.1(f), rad 4172)",
        )
    return awards


@dataclass(frozen=True)
class PairsFinal:
    """6.3.1(h) (lines 4178-4194): the awards of the pairs in the final and the
    unallocated ones that may pass to the leading non-qualifiers."""

    final: tuple[Fraction, ...]
    unallocated: tuple[Fraction, ...]


def pairs_final(entries: int, in_final: int | None = None) -> PairsFinal:
    """6.3.1 (lines 4132-4194): Scale G for ``entries`` pairs; when the final has no
    more pairs than awards, every finalist is paid and the rest are unallocated."""
    awards = scale_g(entries)
    if in_final is None or in_final >= len(awards):
        return PairsFinal(awards, ())
    return PairsFinal(awards[:in_final], awards[in_final:])


# --- 6.2 the county teams championship ----------------------------------------------------

KO_ROUNDS = ("65+", "33-64", "17-32", "9-16", "quarter-final", "semi-final", "final")
KO_MIN_BOARDS = 24  # 6.2.1, lines 4029-4031: knock-out matches of at least 24 boards


@dataclass(frozen=True)
class KnockoutRow:
    """One row of the 6.2.2 table: the total original entry of teams it covers, the
    green award for a match won in each round ("-" is None) and the winners' minimum."""

    low: int
    high: int | None
    rounds: tuple[Fraction | None, ...]
    winner_minimum: Fraction
    line: int


def _ko(low: int, high: int | None, cells: str, line: int) -> KnockoutRow:
    values = [None if cell == "-" else Fraction(cell) for cell in cells.split()]
    *rounds, minimum = values
    assert minimum is not None and len(rounds) == len(KO_ROUNDS)
    return KnockoutRow(low, high, tuple(rounds), minimum, line)


# 6.2.2 (lines 4035-4087), columns as KO_ROUNDS then "Final (Minimum* winning award)".
# Line 4077 prints "2 .00"; read 2.00. Each minimum is the sum of the rounds less the
# first round's 0.50: "*the winners receive ½ more than this if they played in round
# one" (line 4087).
KO_TABLE: tuple[KnockoutRow, ...] = (
    _ko(3, 4, "- - - - - 0.50 1.00 1.00", 4073),
    _ko(5, 8, "- - - - 0.50 0.75 1.50 2.25", 4075),
    _ko(9, 16, "- - - 0.50 0.75 1.25 2.00 4.00", 4077),
    _ko(17, 32, "- - 0.50 0.75 1.25 1.75 2.25 6.00", 4079),
    _ko(33, 64, "- 0.50 0.75 1.00 1.50 2.00 2.50 7.75", 4081),
    _ko(65, None, "0.50 0.75 1.00 1.50 2.00 2.50 3.00 10.75", 4083),
)


def ko_round_of(remaining: int) -> str:
    """The 6.2.2 round a knock-out is in when ``remaining`` teams are left."""
    for name, low in zip(KO_ROUNDS, (65, 33, 17, 9, 5, 3, 2), strict=True):
        if remaining >= low:
            return name
    raise EbuInputError(
        "remaining",
        "a knock-out round needs at least 2 teams left (6.2.2)",
        sv="en utslagningsrond kräver minst 2 lag kvar (6.2.2)",
    )


def ko_row(entries: int) -> KnockoutRow:
    """The 6.2.2 row (lines 4073-4083) for a total original entry of ``entries`` teams."""
    for row in KO_TABLE:
        if entries >= row.low and (row.high is None or entries <= row.high):
            return row
    raise EbuInputError(
        "entries",
        f"{entries} teams: the table starts at 3 (6.2.2, 3.1.1(c))",
        sv=f"{entries} lag: tabellen börjar vid 3 (6.2.2, 3.1.1(c))",
    )


def ko_award(entries: int, round_name: str) -> Fraction:
    """6.2.2 (lines 4035-4087): green points per player for a match won in
    ``round_name`` of a county teams knock-out of ``entries`` teams."""
    if round_name not in KO_ROUNDS:
        raise EbuInputError(
            "round",
            f"{round_name!r} is not one of {', '.join(KO_ROUNDS)}",
            sv=f"{round_name!r} är inte en av {', '.join(KO_ROUNDS)}",
        )
    award = ko_row(entries).rounds[KO_ROUNDS.index(round_name)]
    if award is None:
        raise EbuInputError(
            "round",
            f"an entry of {entries} teams has no {round_name} round (6.2.2)",
            sv=f"med {entries} anmälda lag finns ingen rond {round_name} (6.2.2)",
        )
    return award


# 6.2.3 (lines 4091-4124): a qualifying stage before the knock-out.
QUALIFIER_MIN_BOARDS = 18  # (a): fewer than 18 boards, local points instead
QUALIFIER_SHORT = (Fraction(3, 4), Fraction(1, 2))  # (b), 18-35 boards
QUALIFIER_LONG = (Fraction(5, 4), Fraction(1), Fraction(3, 4), Fraction(1, 2))  # (c), 36+


def in_blocks(places: int, values: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """6.2.3(b)-(c): ``values`` "in equal blocks" over ``places``; "if blocks must be of
    unequal size, then the smaller blocks come first" (lines 4104-4106, 4112-4114). A
    block may be empty when there are fewer places than values."""
    base, larger = divmod(places, len(values))
    sizes = [base] * (len(values) - larger) + [base + 1] * larger
    out: list[Fraction] = []
    for value, size in zip(values, sizes, strict=True):
        out.extend([value] * size)
    return tuple(out)


def qualifier_awards(teams: int, boards: int) -> tuple[Fraction, ...]:
    """6.2.3 (lines 4091-4124): green points of places 1.. in the (final) qualifying
    stage of ``teams`` teams, to half-way; ``boards`` is the duration of all the
    qualifying stages together (6.2.3(d)). () below 18 boards (6.2.3(a))."""
    if boards < QUALIFIER_MIN_BOARDS:
        return ()
    values = QUALIFIER_SHORT if boards < 36 else QUALIFIER_LONG
    return in_blocks(teams // 2, values)


# --- 6.4 one-day Swiss events ------------------------------------------------------------

# 6.4.8 (lines 4532-4554): boards per match / 29, rounded up to 0.01; a draw shares it.
# The printed list, kept: its 6-board line (0.20, 0.10) departs from the rule (0.21, 0.11).
MATCH_DIVISOR = 29
PRINTED_PER_MATCH: dict[int, tuple[Decimal, Decimal, int]] = {
    2: (Decimal("0.07"), Decimal("0.04"), 4542),
    3: (Decimal("0.11"), Decimal("0.06"), 4544),
    4: (Decimal("0.14"), Decimal("0.07"), 4546),
    5: (Decimal("0.18"), Decimal("0.09"), 4548),
    6: (Decimal("0.20"), Decimal("0.10"), 4550),
    7: (Decimal("0.25"), Decimal("0.13"), 4552),
    8: (Decimal("0.28"), Decimal("0.14"), 4554),
}
SWISS_MIN_BOARDS_PER_MATCH = 2  # the printed list starts at a 2-board round


def per_match_generated(boards_per_match: int) -> tuple[Decimal, Decimal]:
    """6.4.8 as a rule (lines 4532-4538): (win, draw) = B/29 and B/58, rounded up to
    0.01."""
    win = Fraction(boards_per_match, MATCH_DIVISOR)
    return green(win), green(win / 2)


def per_match(boards_per_match: int) -> tuple[Decimal, Decimal]:
    """6.4.8 (lines 4532-4554): green points per player for a match (round) won and
    drawn; the printed list where it prints one (2-8 boards), else the rule."""
    if boards_per_match < SWISS_MIN_BOARDS_PER_MATCH:
        raise EbuInputError(
            "boards-per-match",
            "a Swiss round has at least 2 boards (6.4.8, line 4542)",
            sv="en monradrond har minst 2 brickor (6.4.8, rad 4542)",
        )
    if boards_per_match in PRINTED_PER_MATCH:
        win, draw, _line = PRINTED_PER_MATCH[boards_per_match]
        return win, draw
    return per_match_generated(boards_per_match)


@dataclass(frozen=True)
class SwissKind:
    """One Swiss event of 6.4: what it adds to tables/24 for the top award, how many
    competitors a table holds (the "field"), and the minimum full tables of 3.1.1."""

    plus: Fraction
    per_table: int
    min_tables: int
    section: str
    lines: str


SWISS: dict[str, SwissKind] = {
    # 6.4.1(b) line 4237; teams count as tables (3.3.3); 3.1.1(c): 3 teams.
    "swiss-teams": SwissKind(HALF, 1, 3, "6.4.1", "4223-4246"),
    # 6.4.2(b) line 4264; two pairs a table; 3.1.1(b): 3 tables.
    "swiss-pairs": SwissKind(Fraction(1), 2, 3, "6.4.2", "4250-4274"),
}
SWISS_SHARE = Fraction(1, 6)  # 6.4.1(b), 6.4.2(b): "the top 1/6th of the field"
SWISS_MINIMUM = QUARTER  # 6.4.1(c), 6.4.2(c): "a minimum award of 0.25"


def top_award(tables: Fraction, plus: Fraction) -> Fraction:
    """6.4.1(b)-6.4.7 (lines 4237, 4264, 4343, 4384, 4423, 4489): number of tables/24
    plus ``plus``, rounded up to the nearest multiple of 0.50."""
    return ceil_to(Fraction(tables) / 24 + plus, HALF)


def ranking_awards(top: Fraction, minimum: Fraction, count: int) -> tuple[Fraction, ...]:
    """The "standard EBU formula" of reductions (6.4, referred to 6.6, lines 4241,
    4698-4708, which sends the reader to the EBU website): the Handbook does not print
    it, so the awards fall in a straight line from ``top`` to ``minimum`` over ``count``
    places (the "straight-line awards" of 5.1.2, line 3902), exact until the end."""
    if count <= 0:
        return ()
    if count == 1:
        return (top,)
    step = (top - minimum) / (count - 1)
    return tuple(top - step * place for place in range(count))


def swiss_awards(event: str, tables: Fraction) -> tuple[Fraction, ...]:
    """6.4.1(b)-(c), 6.4.2(b)-(c) (lines 4231-4270): bonus ranking awards of places 1..
    of a one-day Swiss teams or pairs event of ``tables`` full tables: the top sixth of
    the field (ignoring fractions), top tables/24 + 0.50 (teams) or + 1.00 (pairs)."""
    kind = SWISS[event]
    count = math.floor(Fraction(tables) * kind.per_table * SWISS_SHARE)
    return ranking_awards(top_award(tables, kind.plus), SWISS_MINIMUM, count)


def flighted_tables(a_tables: Fraction, b_tables: Fraction) -> tuple[Fraction, Fraction]:
    """6.4.3(c)-(d) (lines 4292-4300): the tables a flighted Swiss counts for its 'A'
    flight (its own plus half the 'B') and its 'B' flight (its own)."""
    return a_tables + b_tables / 2, b_tables


def flighted_awards(
    event: str, a_tables: Fraction, b_tables: Fraction
) -> tuple[tuple[Fraction, ...], tuple[Fraction, ...]]:
    """6.4.3 (lines 4278-4314): the ranking awards of the 'A' and 'B' flights of a
    flighted Swiss. (e): the 'A' awards are raised to the 'B' ones (size and number)
    when lower; no 'A' award ever goes past the top half of the 'A' flight's field."""
    kind = SWISS[event]
    counted_a, counted_b = flighted_tables(a_tables, b_tables)
    a_awards = swiss_awards(event, counted_a)
    b_awards = swiss_awards(event, counted_b)
    if b_awards and (not a_awards or a_awards[0] < b_awards[0]):
        a_awards = b_awards
    half_field = math.floor(Fraction(a_tables) * kind.per_table / 2)
    return a_awards[:half_field], b_awards


# 6.4.4-6.4.7 (lines 4315-4527): multiple teams and multiple pairs. "Number of tables"
# is read as the original entry's (the qualifying session's), as 6.4.4(c)i bounds the
# 'A' final by "1/6 of the original entry".
SECTIONS = ("A", "B", "C", "open")


def multiple_teams_awards(
    section: str, original_tables: Fraction, qualifiers: int
) -> tuple[Fraction, ...]:
    """6.4.4(c) (lines 4337-4363): bonus ranking awards of a multiple teams final
    section. 'A': 50% of the qualifiers, at most 1/6 of the original entry, top
    tables/24 + 0.50 rounded up to 0.50, minimum 0.25; 'B': 33.3% of the qualifiers,
    top half the 'A' top, minimum 0.25. The open teams' 0.25 bonuses are
    :data:`OPEN_TEAMS_BONUS`."""
    top_a = top_award(original_tables, HALF)
    if section == "A":
        count = min(qualifiers // 2, math.floor(Fraction(original_tables) * SWISS_SHARE))
        return ranking_awards(top_a, QUARTER, count)
    if section == "B":
        return ranking_awards(top_a / 2, QUARTER, qualifiers // 3)
    raise EbuInputError(
        "division",
        f"a multiple teams final has sections A, B, open: not {section}",
        sv=f"en final för multipla lag har grupperna A, B, open: inte {section}",
    )


# 6.4.4(c)iii (lines 4361-4363): 0.25 to each section winner of the open teams, and a
# further 0.25 to the overall winner.
OPEN_TEAMS_BONUS = (QUARTER, QUARTER)


@dataclass(frozen=True)
class PairsFinals:
    """One of 6.4.6-6.4.7's sets of finals: what the 'A' final adds to tables/24 and
    the minimum award of each section."""

    plus: Fraction
    minimum: dict[str, Fraction]
    lines: str


MULTIPLE_PAIRS: dict[bool, PairsFinals] = {
    # 6.4.6(c), lines 4420-4457: finals with no carry-forward.
    False: PairsFinals(
        Fraction(2), {"A": Fraction(1), "B": HALF, "C": QUARTER, "open": QUARTER}, "4420-4457"
    ),
    # 6.4.7(c), lines 4485-4523: finals with a carry-forward.
    True: PairsFinals(
        Fraction(5, 2),
        {"A": Fraction(3, 2), "B": Fraction(3, 4), "C": HALF, "open": QUARTER},
        "4485-4523",
    ),
}
QUALIFYING_TOP = Fraction(1)  # 6.4.5(a), 6.4.6(a): top 1.00, minimum 0.25


def multiple_pairs_top(
    section: str, original_tables: Fraction, carry: bool, has_c: bool
) -> Fraction:
    """6.4.6(c)-6.4.7(c): the top award of a multiple pairs final section. 'A':
    tables/24 + 2.00 (+ 2.50 with a carry-forward) rounded up to 0.50; 'B' half the
    'A'; 'C' half the 'B' rounded up to 0.25; open pairs half the 'C' when there is
    one, otherwise 1.00."""
    finals = MULTIPLE_PAIRS[carry]
    top_a = top_award(original_tables, finals.plus)
    tops = {"A": top_a, "B": top_a / 2, "C": ceil_to(top_a / 4, QUARTER)}
    tops["open"] = tops["C"] / 2 if has_c else Fraction(1)
    if section not in tops or (section == "C" and not has_c):
        raise EbuInputError(
            "division",
            f"{section!r} is not a final of this event (6.4.6-6.4.7)",
            sv=f"{section!r} är ingen final i den här tävlingen (6.4.6-6.4.7)",
        )
    return tops[section]


def multiple_pairs_awards(
    section: str,
    original_tables: Fraction,
    pairs: int,
    *,
    carry: bool,
    has_c: bool = False,
) -> tuple[Fraction, ...]:
    """6.4.6(c), 6.4.7(c) (lines 4420-4523): bonus ranking awards of a multiple pairs
    final section of ``pairs`` pairs: every qualifier in the 'A', 'B' and 'C' finals,
    the top third of the open pairs; standard reductions to the section's minimum."""
    top = multiple_pairs_top(section, original_tables, carry, has_c)
    count = pairs // 3 if section == "open" else pairs
    return ranking_awards(top, MULTIPLE_PAIRS[carry].minimum[section], count)


def multiple_pairs_qualifying(pairs: int) -> tuple[Fraction, ...]:
    """6.4.6(a) (lines 4400-4404): the qualifying round of finals with no carry-forward,
    top half of the field, top 1.00, minimum 0.25 (6.4.7(a): none with one)."""
    return ranking_awards(QUALIFYING_TOP, QUARTER, pairs // 2)


def multiple_pairs_session(pairs: int) -> tuple[Fraction, ...]:
    """6.4.5(a) (lines 4374-4378): a session of a two-session all-play-through
    multiple pairs, top third of the field, top 1.00, minimum 0.25."""
    return ranking_awards(QUALIFYING_TOP, QUARTER, pairs // 3)


def multiple_pairs_overall(tables: Fraction, pairs: int) -> tuple[Fraction, ...]:
    """6.4.5(b) (lines 4382-4388): the overall ranking of a two-session all-play-through
    multiple pairs, top half of the field, top tables/24 + 1.00 rounded up to 0.50,
    minimum 1.00."""
    return ranking_awards(top_award(tables, Fraction(1)), Fraction(1), pairs // 2)


# --- 6.5 inter-county leagues ------------------------------------------------------------

# 6.5.5 (lines 4608-4646): green points per match won, by boards per match (bands from
# 0, 8, 16 and 24 boards) and division 1-3; "-" is no award.
LEAGUE_BOARD_BANDS = (0, 8, 16, 24)
LEAGUE_PER_MATCH: dict[int, tuple[Fraction, ...]] = {
    1: (Fraction(0), QUARTER, HALF, Fraction(3, 4)),
    2: (Fraction(0), Fraction(0), QUARTER, HALF),
    3: (Fraction(0), Fraction(0), Fraction(0), QUARTER),
}
# 6.5.5 ranking awards (lines 4650-4697): bonus wins of 1st, 2nd, 3rd by teams in the
# division (bands from 1, 6, 11 and 16 teams).
LEAGUE_TEAM_BANDS = (1, 6, 11, 16)
LEAGUE_BONUS_WINS: tuple[tuple[int, ...], ...] = ((), (1,), (2, 1), (3, 2, 1))


def _band(value: int, lows: Sequence[int]) -> int:
    return max(index for index, low in enumerate(lows) if value >= low)


# 6.5.3 (lines 4582-4592): teams of four or of eight use the table; teams of twelve
# (three tables a team) the awards of the next division down.
LEAGUE_TEAM_SIZES = (4, 8, 12)


def league_per_match(division: int, boards_per_match: int, team_of: int = 4) -> Fraction:
    """6.5.5 (lines 4608-4646): green points per player for a match won in an
    inter-county league; 0 where the table prints "-" (and below division 3 for
    teams of twelve, 6.5.3)."""
    if division not in LEAGUE_PER_MATCH:
        raise EbuInputError(
            "division",
            "inter-county leagues award divisions 1-3 (6.5.5)",
            sv="serier mellan grevskap ger poäng i division 1-3 (6.5.5)",
        )
    if team_of not in LEAGUE_TEAM_SIZES:
        raise EbuInputError(
            "tables",
            f"teams of {team_of}: the table is for 4, 8 or 12 (6.5.3)",
            sv=f"lag om {team_of}: tabellen gäller 4, 8 eller 12 (6.5.3)",
        )
    read_as = division + (1 if team_of == 12 else 0)
    if read_as not in LEAGUE_PER_MATCH:
        return Fraction(0)
    return LEAGUE_PER_MATCH[read_as][_band(boards_per_match, LEAGUE_BOARD_BANDS)]


def league_bonus_wins(teams: int) -> tuple[int, ...]:
    """6.5.5 (lines 4650-4697): bonus wins of 1st, 2nd, 3rd for ``teams`` in the
    division."""
    if teams < 1:
        raise EbuInputError(
            "tables",
            "a division has at least one team (6.5.5)",
            sv="en division har minst ett lag (6.5.5)",
        )
    return LEAGUE_BONUS_WINS[_band(teams, LEAGUE_TEAM_BANDS)]


# --- the calculator's forms ----------------------------------------------------------------

_DEFAULTS = EbuOptions()

# The options each chapter-6 event reads beside --event and --status (the rest are
# refused): 6.3.1 the county pairs final, 6.2.2-6.2.3 the county teams championship,
# 6.4.1-6.4.2 the Swiss events, 6.5 the inter-county leagues.
EVENT_READS: dict[str, frozenset[str]] = {
    "county-pairs-final": frozenset({"entries", "remaining", "boards", "ties"}),
    "county-teams-ko": frozenset({"entries", "remaining", "round", "boards_per_match"}),
    "county-teams-qualifier": frozenset({"entries", "boards", "ties"}),
    "swiss-teams": frozenset({"tables", "boards", "boards_per_match", "ties"}),
    "swiss-pairs": frozenset({"tables", "boards", "boards_per_match", "ties"}),
    "inter-county-league": frozenset({"tables", "boards_per_match", "divisions", "division"}),
}


def _refuse_others(options: EbuOptions, reads: frozenset[str]) -> None:
    """Each event reads its own options; any other given is refused, naming it."""
    event = options.event
    for item in fields(EbuOptions):
        name = item.name
        if name in reads or name in ("event", "status"):
            continue
        if getattr(options, name) != getattr(_DEFAULTS, name):
            option = "tie" if name == "ties" else name.replace("_", "-")
            raise EbuInputError(
                option,
                f"not used by --event {event} (chapter 6)",
                sv=f"används inte av --event {event} (kapitel 6)",
            )
    if options.status not in ("club", STATUS):
        raise EbuInputError(
            "status",
            f"green point events are county events (6.1), not {options.status}",
            sv=(f"tävlingar med gröna poäng är grevskapstävlingar (6.1), inte {options.status}"),
        )


def _need(value: int | Fraction | None, option: str, what: str, what_sv: str) -> int | Fraction:
    if value is None:
        raise EbuInputError(option, f"needed: {what}", sv=f"behövs: {what_sv}")
    return value


def _places(awards: Sequence[Fraction]) -> tuple[PlaceResult, ...]:
    out = []
    for place, award in enumerate(awards, start=1):
        points = green(award)
        out.append(PlaceResult(place, points, gold_points(points)))
    return tuple(out)


def _tied(awards: Sequence[Fraction], options: EbuOptions, minimum: Fraction) -> list[Fraction]:
    """3.5.1 for green places: ties share; a share is raised to the scale's lowest
    award when the tie covers a paid place."""
    return share_ties(list(awards), list(options.ties), minimum)


def _result(
    scale: str,
    awards: Sequence[Fraction],
    rules: Reason,
    extra: tuple[tuple[str, object], ...] = (),
    why: Reason | None = None,
) -> EbuResult:
    places = _places(awards)
    return EbuResult(
        scale=scale,
        status=STATUS,
        factor=FACTOR[STATUS],
        colour="green",
        awards=len(places),
        places=places,
        extra=extra,
        rules=(rules,),
        why=why,
    )


def _county_pairs_final(options: EbuOptions) -> EbuResult:
    _refuse_others(options, EVENT_READS["county-pairs-final"])
    entries = int(
        _need(
            options.entries,
            "entries",
            "the total original entry in pairs (6.3.1)",
            "det totala ursprungliga antalet anmälda par (6.3.1)",
        )
    )
    if options.boards is not None and options.boards < G_MIN_FINAL_BOARDS:
        raise EbuInputError(
            "boards",
            f"a county pairs final is of at least 36 boards (6.3.1, 6.3.2(a)), not {options.boards}",
            sv=(
                "en parfinal i grevskapet spelas över minst 36 brickor (6.3.1, "
                f"6.3.2(a)), inte {options.boards}"
            ),
        )
    if options.remaining is not None and not 1 <= options.remaining <= entries:
        raise EbuInputError(
            "remaining",
            f"{options.remaining} pairs in a final of {entries}",
            sv=f"{options.remaining} par i en final av {entries}",
        )
    split = pairs_final(entries, options.remaining)
    awards = _tied(split.final, options, QUARTER)
    if options.remaining is not None and len(awards) > options.remaining:
        raise EbuInputError(
            "tie",
            f"runs past the {options.remaining} pairs of the final",
            sv=f"går förbi finalens {options.remaining} par",
        )
    extra: tuple[tuple[str, object], ...] = ()
    if split.unallocated:
        passed = [
            {
                "non_qualifier": rank,
                "points": float(green(award)),
                "local_reduction": int(green(award) * 100),
            }
            for rank, award in enumerate(split.unallocated, start=1)
        ]
        extra = (("unallocated", passed),)
    count = len(split.final) + len(split.unallocated)
    rules = Reason(
        "G",
        sv=(
            f"Skala G, {entries} par totalt: topp {float(split.final[0]):.2f}, {count} "
            "priser (6.3.1, Skala G)"
        ),
        en=(
            f"Scale G, total original entry {entries} pairs: top {float(split.final[0]):.2f}, "
            f"{count} awards (6.3.1, Scale G)"
        ),
    )
    return _result("G", awards, rules, extra)


def _county_teams_ko(options: EbuOptions) -> EbuResult:
    _refuse_others(options, EVENT_READS["county-teams-ko"])
    entries = int(
        _need(
            options.entries,
            "entries",
            "the total original entry in teams (6.2.2)",
            "det totala ursprungliga antalet anmälda lag (6.2.2)",
        )
    )
    if options.boards_per_match is not None and options.boards_per_match < KO_MIN_BOARDS:
        raise EbuInputError(
            "boards-per-match",
            "county knock-out matches are of at least 24 boards (6.2.1)",
            sv="grevskapens utslagningsmatcher spelas över minst 24 brickor (6.2.1)",
        )
    round_name = options.round
    if options.remaining is not None:
        by_remaining = ko_round_of(options.remaining)
        if round_name is not None and round_name != by_remaining:
            raise EbuInputError(
                "remaining",
                f"{options.remaining} teams left is the {by_remaining} round",
                sv=f"{options.remaining} lag kvar är ronden {by_remaining}",
            )
        round_name = by_remaining
    if round_name is None:
        raise EbuInputError(
            "round",
            f"needed: one of {', '.join(KO_ROUNDS)} (6.2.2)",
            sv=f"behövs: en av {', '.join(KO_ROUNDS)} (6.2.2)",
        )
    award = ko_award(entries, round_name)
    row = ko_row(entries)
    rules = Reason(
        "6.2.2",
        sv=f"Grevskapets lagutslagning, {entries} lag, {round_name}: per vunnen match (6.2.2)",
        en=f"County teams knock-out, {entries} teams, {round_name}: per match won (6.2.2)",
    )
    extra: tuple[tuple[str, object], ...] = (
        ("per_match", green(award)),
        ("round", round_name),
        ("winner_minimum", green(row.winner_minimum)),
    )
    return _result("6.2.2", (), rules, extra)


def _county_teams_qualifier(options: EbuOptions) -> EbuResult:
    _refuse_others(options, EVENT_READS["county-teams-qualifier"])
    entries = int(
        _need(
            options.entries,
            "entries",
            "the teams in the qualifying stage (6.2.3)",
            "lagen i kvalomgången (6.2.3)",
        )
    )
    boards = int(
        _need(
            options.boards,
            "boards",
            "the boards of all qualifying stages (6.2.3)",
            "brickorna i alla kvalomgångar (6.2.3)",
        )
    )
    if entries < 3:
        raise EbuInputError(
            "entries",
            f"{entries} teams: a teams event needs 3 (3.1.1(c))",
            sv=f"{entries} lag: en lagtävling kräver 3 (3.1.1(c))",
        )
    awards = qualifier_awards(entries, boards)
    if not awards:
        why = Reason(
            "6.2.3",
            sv="Kvalet har färre än 18 brickor: lokala poäng i stället (6.2.3(a))",
            en="Fewer than 18 boards in the qualifier: local points instead (6.2.3(a))",
        )
        return _result("6.2.3", (), why, why=why)
    minimum = min(awards)
    rules = Reason(
        "6.2.3",
        sv=f"Grevskapets lagkval, {entries} lag, {boards} brickor: block till halva fältet (6.2.3)",
        en=f"County teams qualifier, {entries} teams, {boards} boards: blocks to half-way (6.2.3)",
    )
    return _result("6.2.3", _tied(awards, options, minimum), rules)


def _swiss(options: EbuOptions) -> EbuResult:
    event = str(options.event)
    kind = SWISS[event]
    _refuse_others(options, EVENT_READS[event])
    tables = Fraction(
        math.floor(
            _need(
                options.tables,
                "tables",
                "the number of full tables (6.4)",
                "antalet hela bord (6.4)",
            )
        )
    )
    bpm = int(
        _need(
            options.boards_per_match,
            "boards-per-match",
            "boards a round (6.4.8)",
            "brickor per rond (6.4.8)",
        )
    )
    win, draw = per_match(bpm)
    if tables < kind.min_tables or (options.boards is not None and options.boards < 12):
        why = Reason(
            kind.section,
            sv=f"Minst {kind.min_tables} hela bord och 12 brickor krävs (3.1.1, 3.1.2)",
            en=f"At least {kind.min_tables} full tables and 12 boards are needed (3.1.1, 3.1.2)",
        )
        return _result(kind.section, (), why, why=why)
    awards = swiss_awards(event, tables)
    label_sv = "Monradlag" if event == "swiss-teams" else "Monradpar"
    label_en = "Swiss teams" if event == "swiss-teams" else "Swiss pairs"
    rules = Reason(
        kind.section,
        sv=(
            f"{label_sv}, {tables} bord: bonus till översta sjättedelen, {bpm} brickor per "
            f"rond ({kind.section}, 6.4.8)"
        ),
        en=(
            f"{label_en}, {tables} tables: bonus to the top sixth, {bpm} boards a round "
            f"({kind.section}, 6.4.8)"
        ),
    )
    extra: tuple[tuple[str, object], ...] = (("per_match", win), ("per_draw", draw))
    return _result(kind.section, _tied(awards, options, SWISS_MINIMUM), rules, extra)


def _inter_county_league(options: EbuOptions) -> EbuResult:
    _refuse_others(options, EVENT_READS["inter-county-league"])
    division = int(
        _need(
            options.division,
            "division",
            "the division, 1 = the top (6.5.5)",
            "divisionen, 1 = den högsta (6.5.5)",
        )
    )
    bpm = int(
        _need(
            options.boards_per_match,
            "boards-per-match",
            "boards a match (6.5.5)",
            "brickor per match (6.5.5)",
        )
    )
    teams = math.floor(
        _need(
            options.tables,
            "tables",
            "the teams in the division (6.5.5)",
            "lagen i divisionen (6.5.5)",
        )
    )
    award = league_per_match(division, bpm)
    bonus = league_bonus_wins(teams)
    rules = Reason(
        "6.5",
        sv=f"Länsliga, division {division}, {bpm} brickor per match, {teams} lag (6.5.5)",
        en=f"Inter-county league, division {division}, {bpm} boards a match, {teams} teams (6.5.5)",
    )
    extra: tuple[tuple[str, object], ...] = (("per_match", green(award)),)
    if not award:
        why = Reason(
            "6.5",
            sv=f"Inga gröna poäng för {bpm} brickor per match i division {division} (6.5.5)",
            en=f"No green points for {bpm}-board matches in division {division} (6.5.5)",
        )
        return _result("6.5", (), rules, extra, why)
    return _result("6.5", [award * wins for wins in bonus], rules, extra)


FORMS: dict[str, Callable[[EbuOptions], EbuResult]] = {
    "county-pairs-final": _county_pairs_final,
    "county-teams-ko": _county_teams_ko,
    "county-teams-qualifier": _county_teams_qualifier,
    "swiss-teams": _swiss,
    "swiss-pairs": _swiss,
    "inter-county-league": _inter_county_league,
}


def awards_for(options: EbuOptions) -> EbuResult:
    """The green point awards of a chapter 6 event (lines 3977-4697), by ``--event``:
    county-pairs-final (6.3.1, Scale G), county-teams-ko (6.2.2), county-teams-qualifier
    (6.2.3), swiss-teams (6.4.1), swiss-pairs (6.4.2), inter-county-league (6.5)."""
    if options.event not in FORMS:
        raise EbuInputError(
            "event",
            f"{options.event!r} is not one of {', '.join(FORMS)} (chapter 6)",
            sv=f"{options.event!r} är inte en av {', '.join(FORMS)} (kapitel 6)",
        )
    return FORMS[options.event](options)
