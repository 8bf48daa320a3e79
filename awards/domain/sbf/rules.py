"""The SBF's general award rules, read by several tables, each a small function.

Source: ``000_18af0e66f52a62b2.txt`` ("Svenska mästarpoäng 2014-2015"), chapters 2
and 5 and the notes beside the tables of chapter 9; each rule names its lines. A rule
that one table alone states lives in that table's module.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_CEILING, Decimal
from fractions import Fraction

from awards.domain.core import Colour, Player

BRONZE_MINIMUM = 4  # "dock ej färre än 4" (A1, line 682)
SILVER_PLACES_CAP = 16  # "Bästa 1/4 ... erhåller sp, dock högst 16 par" (D, line 1227)
SIMULTANEOUS_BONUS_PLACES = 16  # "dock högst 16 par" (line 436)
SIMULTANEOUS_HEAT_MINIMUM = {Colour.BRONZE: 4, Colour.SILVER: 8}  # lines 428, 440

# Groups by playing strength: the pair count is multiplied (A1, lines 686-700).
GROUP_COEFFICIENTS: dict[int, tuple[Decimal, ...]] = {
    2: (Decimal("1.1"), Decimal("0.9")),
    3: (Decimal("1.15"), Decimal("1.0"), Decimal("0.85")),
    4: (Decimal("1.15"), Decimal("1.05"), Decimal("0.95"), Decimal("0.85")),
    5: (Decimal("1.2"), Decimal("1.1"), Decimal("1.0"), Decimal("0.9"), Decimal("0.8")),
}


def round_up(value: Decimal) -> Decimal:
    """Every decimal is rounded up ("alla decimaler avrundas uppåt", lines 494, 1135)."""
    return value.to_integral_value(rounding=ROUND_CEILING)


def ceil(value: Fraction | Decimal | int) -> int:
    """:func:`round_up` as a whole number, for the cells of a scale."""
    if isinstance(value, Decimal):
        return int(value.to_integral_value(rounding=ROUND_CEILING))
    return -((-value.numerator) // value.denominator)


# -- the general shape of the scales (lines 28-35, 673-700, 1215-1240) --


def bronze_places(entries: int) -> int:
    """The best third get points (chapter 2, line 28); a part of an entry counts."""
    return ceil(Fraction(entries, 3))


def silver_places(entries: int) -> int:
    """The best quarter get sp, at most 16 (table D, lines 1215-1227)."""
    return min(SILVER_PLACES_CAP, ceil(Fraction(entries, 4)))


def two_thirds_chain(first: int, places: int, minimum: int = 0) -> tuple[int, ...]:
    """Each place gets 2/3 of the place above, rounded up (A1 line 674, C, D up to 32)."""
    values = [first]
    while len(values) < places:
        values.append(max(minimum, ceil(Fraction(2 * values[-1], 3))))
    return tuple(values[:places])


def halving_principle(
    winner: int, half: tuple[int, ...], places: int, minimum: int = 0
) -> tuple[int, ...]:
    """Table A2's principle (lines 809-822): the second gets 2/3 of the winner; odd
    places 3, 5, 7 ... get places 1, 2, 3 ... of the scale for half the field; an even
    place gets the mean of its neighbours, rounded up."""
    odd = {2 * k + 3: value for k, value in enumerate(half)}
    fixed = {1: winner, 2: ceil(Fraction(2 * winner, 3)), **odd}
    values = []
    for place in range(1, places + 1):
        if place in fixed:
            value = fixed[place]
        elif place - 1 in fixed and place + 1 in fixed:
            value = ceil(Fraction(fixed[place - 1] + fixed[place + 1], 2))
        else:
            value = minimum
        values.append(max(minimum, value))
    return tuple(values)


def mean_of_rows(lower: tuple[int, ...], upper: tuple[int, ...], places: int) -> tuple[int, ...]:
    """An odd field takes the mean of the rows either side, rounded up (A2, line 824).

    A place only one neighbour has is taken from that one.
    """
    return tuple(blend(lower, upper, place, Fraction(1, 2)) for place in range(places))


def blend(lower: tuple[int, ...], upper: tuple[int, ...], index: int, weight: Fraction) -> int:
    """Place ``index`` read between two printed rows, ``weight`` of the way up."""
    have_lower, have_upper = index < len(lower), index < len(upper)
    if have_lower and have_upper:
        return ceil(lower[index] + weight * (upper[index] - lower[index]))
    if have_upper:
        return upper[index]
    if have_lower:
        return lower[index]
    return BRONZE_MINIMUM


# -- rules the tables share --


def bronze_minimum(*, handicap: bool = False, multiplier: int = 1) -> int:
    """The least bp a bronze place gives: 4, or 2 in handicap events (A1, lines 682,
    684-685; "Lägsta antal bp blir då 2", line 513). Silver and gold events multiply
    the bronze scale (lines 1296-1299), so their floor is 8 and 12, as table D's red
    cells show."""
    return 2 if handicap else BRONZE_MINIMUM * multiplier


def winner_not_all_met(entries: int, met: int) -> Decimal:
    """Winner's points when not all met all: 1 (own pair) + pairs met + half of those
    not met (table D, lines 1231-1236; examples 60/30 -> 45.5, 200/30 -> 115.5,
    142/29 -> 86)."""
    if not 0 <= met < entries:
        raise ValueError(f"{met} pairs met in a field of {entries}")
    return 1 + Decimal(met) + Decimal(entries - 1 - met) / 2


def boards_coefficient(boards: int | None) -> Decimal:
    """At least 100 boards: the winner's points times 1.2, and 0.2 more for each full
    50 boards beyond (1.4 at 150-199, 1.6 at 200-249; table D, lines 1248-1260)."""
    if boards is None or boards < 100:
        return Decimal(1)
    return Decimal("1.2") + Decimal("0.2") * ((boards - 100) // 50)


def group_entries(entries: int, *, groups: int, group: int) -> int:
    """Groups by playing strength: the group's pair count times the group's
    coefficient, rounded up; the pair count is multiplied, not the points (A1, lines
    686-700). ``group`` 1 is the strongest (A-grp)."""
    try:
        coefficient = GROUP_COEFFICIENTS[groups][group - 1]
    except (KeyError, IndexError):
        raise ValueError(f"no coefficient for group {group} of {groups}") from None
    return int(round_up(entries * coefficient))


def a_final_winner(*, total_pairs: int, qualifying_rounds: int, final_rounds: int) -> Decimal:
    """The A-final winner's sp with carry-over: a = rounds in qualifying + rounds in
    the A-final + 1, b = half of (all pairs - both round counts - 1) (lines 383-391;
    60 pairs, 12 + 12 rounds -> 25 + 17.5 = 42.5, rounded up to 43)."""
    a = qualifying_rounds + final_rounds + 1
    return Decimal(a) + Decimal(total_pairs - a) / 2


def simultaneous_bonus(silver: Decimal) -> Decimal:
    """A silver simultaneous event's bonus on the common list: 1/5 of the sp the place
    would give in a normal silver event of the whole field, to at most 16 pairs and
    without bronze (lines 433-440)."""
    return silver / 5


def handicap_list_points(bronze: Decimal) -> tuple[Decimal, Decimal]:
    """On the handicap list a place gets half the bp of the same place without
    handicap, rounded up, at least 2 (lines 500-513). Returns (exact, credited)."""
    exact = bronze / 2
    return exact, max(Decimal(2), round_up(exact))


def shared_value(values: Sequence[Decimal], place: int, place_to: int) -> Decimal:
    """Entries sharing places ``place``..``place_to`` share equally what those places
    give together (lines 488-494); ``values[i]`` is place i + 1's, and places past the
    scale give nothing. The caller rounds up; teams never share (tie-break instead)."""
    if place < 1 or place_to < place:
        raise ValueError(f"bad shared place {place}-{place_to}")
    if place == place_to:  # nothing shared: the usual case, asked for every placing
        return values[place - 1] if place <= len(values) else Decimal(0)
    total = sum((values[i - 1] for i in range(place, place_to + 1) if i <= len(values)), Decimal(0))
    return total / (place_to - place + 1)


def shared_bronze(values: Sequence[Decimal], place: int, place_to: int, *, minimum: int) -> Decimal:
    """Like :func:`shared_value` for bronze; a shared place that touches a bronze place
    gives every sharer at least the minimum ("Delad sista bp-plats ger minst 4 bp till
    alla", lines 682-684, 712-714)."""
    share = shared_value(values, place, place_to)
    return max(share, Decimal(minimum)) if share > 0 else share


def played_enough(player: Player, *, rounds: int, boards: int) -> bool:
    """A player must have played at least half of the rounds or at least 50% of the
    boards (lines 527-530). Unknown counts mean the player played throughout."""
    if player.rounds_played is None and player.boards_played is None:
        return True
    if player.rounds_played is not None and rounds and 2 * player.rounds_played >= rounds:
        return True
    return player.boards_played is not None and boards > 0 and 2 * player.boards_played >= boards


def session_share(player: Player, *, boards: int) -> Decimal:
    """In an event over several sessions a player who missed some (a reserve) gets
    their share of the points won (line 531): boards played over boards. We read this
    as replacing the half-the-event threshold for such events, so that every played
    session's points reach whoever played it."""
    if player.boards_played is None or boards <= 0 or player.boards_played >= boards:
        return Decimal(1)
    return Decimal(player.boards_played) / Decimal(boards)


def abandoned_without_points(level: Colour, *, abandoned: bool) -> bool:
    """No points when a silver or gold event is deliberately abandoned before all
    boards are played (lines 518-521); a bronze event is not named, so it keeps them."""
    return abandoned and level in (Colour.SILVER, Colour.GOLD)


def cap_bronze_by_silver(bronze: int, lowest_silver: int) -> int:
    """A bronze place must not be worth more than the lowest silver place: "Om antalet
    bp för bästa placering överskrider antalet sp för lägsta placering, sker reducering
    efter anpassad skala" (lines 1299-1302). The adjusted scale is not printed; we
    compare master-point value (1 sp = 10 bp; comparing bare numbers would reduce every
    printed red cell) and cap at the lowest silver place's value."""
    return min(bronze, 10 * lowest_silver)
