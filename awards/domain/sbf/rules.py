"""The SBF's general award rules, each a small function over plain values.

Source: ``000_18af0e66f52a62b2.txt`` ("Svenska mästarpoäng 2014-2015"), chapters 2
and 5 and the notes beside the tables of chapter 9; each function names its lines.
The rulebook (``awards.domain.sbf.SbfRulebook``) strings them together; where the
seed is garbled or silent the decision is written here and in ``docs/awards.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_CEILING, Decimal

from awards.domain.core import Colour, Player

from .scales import BRONZE_MINIMUM, GROUP_COEFFICIENTS

SILVER_CAP = Decimal(100)  # "Dock får poängen ej överstiga 100" (line 1249)
INEXPERIENCED_BOARDS = range(10, 18)  # "10 - 17 brickor ... halv skala" (lines 685-692)
HALF_SILVER_BOARDS = range(36, 42)  # "36-41* Spelas med halv silverpoängskala" (line 317)
BRONZE_MIN_BOARDS = 18  # A1 and A2, lines 679 and 826
SIMULTANEOUS_BONUS_PLACES = 16  # "dock högst 16 par" (line 436)
SIMULTANEOUS_HEAT_MINIMUM = {Colour.BRONZE: 4, Colour.SILVER: 8}  # lines 428, 440
RALLY_MIN_SILVER_EVENTS = 6  # "minst sex silvertävlingar" (lines 463-465)
# Pairs a starter counts as: "Åtta lag likställs således med 16 par"; individual
# players are divided by two (lines 482-487).
RALLY_PAIRS_PER_STARTER = {"pairs": Decimal(1), "teams": Decimal(2), "individual": Decimal("0.5")}
# gp per place (lines 477-481): 96-100 pairs 1 gp; 101-200 pairs 2-1; more than 200
# pairs 3-2-1. Read as "more than 100" and "more than 200" so that the half pairs of
# an individual rally (201 players = 100.5 pairs) fall on a step, not between two.
RALLY_MIN_PAIRS = Decimal(96)
RALLY_BONUS_ABOVE = ((Decimal(200), (3, 2, 1)), (Decimal(100), (2, 1)))  # largest first
RALLY_BONUS_LEAST = (1,)


def round_up(value: Decimal) -> Decimal:
    """Every decimal is rounded up ("alla decimaler avrundas uppåt", lines 494, 1135)."""
    return value.to_integral_value(rounding=ROUND_CEILING)


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


def silver_winner(entries: int, *, met: int | None = None, boards: int | None = None) -> Decimal:
    """The exact (unrounded) sp of the winner of a silver pairs event, capped at 100.

    All met all: one sp per pair. Otherwise :func:`winner_not_all_met`. Both are then
    multiplied by :func:`boards_coefficient`; the cap applies "oavsett koefficient".
    We apply the coefficient to the unrounded figure and round once, when the row is
    picked (line 1249: "poäng efter 1,2 x poängantalet").
    """
    base = Decimal(entries) if met is None else winner_not_all_met(entries, met)
    return min(SILVER_CAP, base * boards_coefficient(boards))


def individual_winner(players: int, *, met: int | None = None) -> Decimal:
    """Table F's winner: 3/4 sp per player; when not all played with all, 3/4 of
    (1 + players met + half of those not met): 24 players, 19 rounds -> 16.5
    (line 1724)."""
    base = Decimal(players) if met is None else winner_not_all_met(players, met)
    return base * Decimal("0.75")


def half_silver_scale(boards: int | None) -> bool:
    """A silver pairs event of 36-41 boards is played on half the silver scale (line
    317). We halve the sp and keep the bronze places: the bronze is not part of the
    "silverpoängskala"."""
    return boards is not None and boards in HALF_SILVER_BOARDS


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


def rally_bonus(
    *, starters: int, kind: str, silver_events: int, spring_autumn_events: int = 0
) -> tuple[int, ...]:
    """Gold bonus of a district rally, per place, from the rally's total starters
    (lines 459-487). No bonus unless the rally has at least six silver events and
    none of them spring or autumn silver."""
    if silver_events < RALLY_MIN_SILVER_EVENTS or spring_autumn_events:
        return ()
    pairs = rally_pairs(starters, kind)
    if pairs < RALLY_MIN_PAIRS:
        return ()
    return next((gold for above, gold in RALLY_BONUS_ABOVE if pairs > above), RALLY_BONUS_LEAST)


def rally_pairs(starters: int, kind: str) -> Decimal:
    """The rally's starters as pairs: teams count twice, individual players half
    (lines 482-487)."""
    return Decimal(starters) * RALLY_PAIRS_PER_STARTER.get(kind, Decimal(1))


def handicap_list_points(bronze: Decimal) -> tuple[Decimal, Decimal]:
    """On the handicap list a place gets half the bp of the same place without
    handicap, rounded up, at least 2 (lines 500-513). Returns (exact, credited)."""
    exact = bronze / 2
    return exact, max(Decimal(2), round_up(exact))


def inexperienced_points(bronze: Decimal) -> tuple[Decimal, Decimal]:
    """Events for inexperienced players of 10-17 boards use half the scale, at least
    2 bp (A1, lines 685-692). Returns (exact, credited)."""
    exact = bronze / 2
    return exact, max(Decimal(2), round_up(exact))


def beginners_scale_entries(entries: int) -> int:
    """Nybörjarträffen: up to 99 pairs the 50-pair bronze scale, from 100 pairs the
    100-pair scale (lines 497-499)."""
    return 100 if entries >= 100 else 50


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


def gold_from_silver(silver: Decimal) -> Decimal:
    """Gold events count as silver in gold currency: 52 sp -> 5.2 gp, credited 6
    (lines 1775-1777)."""
    return silver / 10


def gold_places(entries: int, *, kind: str = "pairs", raised: bool = False) -> int:
    """How many places get gp: three, two at 24-31 pairs (28-31 players), four on the
    raised scale (lines 339-357, 1777-1779). The seed gives four to the raised scale
    without a field-size exception, so a raised event of 24-31 pairs gets four too."""
    if raised:
        return 4
    return 3 if entries >= 32 else 2


def cap_bronze_by_silver(bronze: int, lowest_silver: int) -> int:
    """A bronze place must not be worth more than the lowest silver place: "Om antalet
    bp för bästa placering överskrider antalet sp för lägsta placering, sker reducering
    efter anpassad skala" (lines 1299-1302). The adjusted scale is not printed; we
    compare master-point value (1 sp = 10 bp; comparing bare numbers would reduce every
    printed red cell) and cap at the lowest silver place's value."""
    return min(bronze, 10 * lowest_silver)
