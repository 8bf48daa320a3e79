"""The district rally's gold bonus.

Source: ``000_18af0e66f52a62b2.txt``, chapter 2, "Rallybonus" (lines 459-487): a rally
with at least six silver events and enough starters gives gold to the first places of
its final standings; the bonus earns no ranking points.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Final

from awards.domain.core import AwardOutcome, Colour, Competition, PlayerAward, Reason

from . import rules
from .scale import UNITS, place_text

RALLY_UNITS: Final = {**UNITS, "teams": ("lag", "teams")}
RALLY_MIN_SILVER_EVENTS: Final = 6  # "minst sex silvertävlingar" (lines 463-465)
# Pairs a starter counts as: "Åtta lag likställs således med 16 par"; individual
# players are divided by two (lines 482-487).
RALLY_PAIRS_PER_STARTER: Final = {
    "pairs": Decimal(1),
    "teams": Decimal(2),
    "individual": Decimal("0.5"),
}
# gp per place (lines 477-481): 96-100 pairs 1 gp; 101-200 pairs 2-1; more than 200
# pairs 3-2-1. Read as "more than 100" and "more than 200" so that the half pairs of
# an individual rally (201 players = 100.5 pairs) fall on a step, not between two.
RALLY_MIN_PAIRS: Final = Decimal(96)
RALLY_BONUS_ABOVE: Final = ((Decimal(200), (3, 2, 1)), (Decimal(100), (2, 1)))  # largest first
RALLY_BONUS_LEAST: Final = (1,)

# the rally's counts, with their defaults (None: the report must give it)
_RALLY_COUNTS: Final = (
    ("rally_starters", None),
    ("rally_silver_events", None),
    ("rally_spring_autumn_events", 0),
)


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


def award(competition: Competition) -> AwardOutcome:
    """A district rally's final standings earn its gold bonus (lines 459-487), the
    same gp to every player of a placing: "Rallyt är individuellt i bonushänseende".
    The whole award is bonus, which gives no ranking points."""
    facts = _rally_facts(competition)
    if isinstance(facts, Reason):
        return AwardOutcome(no_award=facts)
    starters, silver_events, spring_autumn_events = facts
    gold = rally_bonus(
        starters=starters,
        kind=competition.kind,
        silver_events=silver_events,
        spring_autumn_events=spring_autumn_events,
    )
    values = [Decimal(gp) for gp in gold]
    unit_sv, unit_en = RALLY_UNITS.get(competition.kind, RALLY_UNITS["pairs"])
    awards: list[PlayerAward] = []
    for placing in competition.placings:
        exact = rules.shared_value(values, placing.place, placing.place_to)
        if exact <= 0:
            continue
        where = place_text(placing.place, placing.place_to)
        where_sv, where_en = (
            (f"plats {where}", f"place {where}")
            if placing.place == placing.place_to
            else (f"delad plats {where}", f"shared place {where}")
        )
        reason = Reason(
            "rally",
            f"Rallybonus, {starters} startande {unit_sv}, {where_sv}",
            f"Rally bonus, {starters} starting {unit_en}, {where_en}",
        )
        credited = rules.round_up(exact)
        awards.extend(
            PlayerAward(player.id, placing.entry, Colour.GOLD, exact, credited, reason, bonus=exact)
            for player in placing.players
            if player.entitled
        )
    return AwardOutcome(awards=tuple(awards))


def _rally_facts(competition: Competition) -> tuple[int, int, int] | Reason:
    """(starters, silver events, spring/autumn silver events), or why the rally earns
    no bonus."""
    counts: list[int] = []
    for name, default in _RALLY_COUNTS:
        value = competition.option(name, default)
        if isinstance(value, bool) or not isinstance(value, int):
            return Reason(
                "rally",
                f"Rallyt behöver {name} som ett heltal, fick {value!r}",
                f"The rally needs {name} as a whole number, got {value!r}",
            )
        counts.append(value)
    starters, silver, spring_autumn = counts
    least = RALLY_MIN_SILVER_EVENTS
    if silver < least:
        return Reason(
            "rally",
            f"Rallyt har {silver} silvertävlingar; bonus kräver minst {least}",
            f"The rally has {silver} silver events; a bonus needs at least {least}",
        )
    if spring_autumn:
        return Reason(
            "rally",
            f"Rallyt har vår- eller höstsilver bland deltävlingarna ({spring_autumn}): ingen bonus",
            f"The rally includes spring or autumn silver events ({spring_autumn}): no bonus",
        )
    pairs = rally_pairs(starters, competition.kind)
    if pairs < RALLY_MIN_PAIRS:
        unit_sv, unit_en = RALLY_UNITS.get(competition.kind, RALLY_UNITS["pairs"])
        as_pairs_sv = as_pairs_en = ""
        if unit_en != "pairs":  # teams count twice, players half (lines 482-487)
            number = format(pairs.normalize(), "f")
            as_pairs_sv = f" (räknas som {number.replace('.', ',')} par)"
            as_pairs_en = f" (counted as {number} pairs)"
        return Reason(
            "rally",
            f"Rallyt har {starters} startande {unit_sv}{as_pairs_sv}; "
            f"bonus kräver minst {RALLY_MIN_PAIRS} par",
            f"The rally has {starters} starting {unit_en}{as_pairs_en}; "
            f"a bonus needs at least {RALLY_MIN_PAIRS} pairs",
        )
    return starters, silver, spring_autumn
