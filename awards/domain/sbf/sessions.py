"""Two consecutive sessions of fewer than 18 boards counted as one competition.

Source: ``000_18af0e66f52a62b2.txt`` lines 684-686 (table A1): "Om färre än 18 brickor
spelas, må två på varandra följande tävlingar med samma par räknas som en tävling och
bp utdelas enligt tabell A1 eller A2" (bronze pairs need 18 boards, line 677).

How a user says it: the later session carries the option ``merged_with``, the earlier
session's tournament number (the office sets it with the award facts). The award step
then awards the later session as the two together and the earlier one nothing, its
reason naming the later one.

Decisions where the seed is silent (docs: /tmp/docs22/sbfpoints.md):
* both sessions have fewer than 18 boards ("om färre än 18 brickor spelas"), are pairs
  events and have the same pairs (the same players, whatever their entry numbers):
  otherwise the merge is refused with its reason and neither session gets points;
* the common result is each pair's score averaged over the two sessions, weighted by
  their boards (a percentage per session, as the clubs' programs report it); equal
  averages share a place;
* a player's boards and rounds are the two sessions' sums.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from typing import Final

from awards.domain.core import AwardOutcome, Competition, OutOfRange, Placing, Reason

SEED_LINES: Final = "000 lines 684-686"
MERGE_BELOW_BOARDS: Final = 18  # line 684: "färre än 18 brickor"


def merged_with(competition: Competition) -> int | None:
    """The earlier session's tournament number, when this session is merged with it."""
    value = competition.option("merged_with")
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _refuse(sv: str, en: str) -> OutOfRange:
    return OutOfRange(Reason("A1", f"{sv} (000 rad 684-686)", f"{en} (000 lines 684-686)"))


def _pair(placing: Placing) -> frozenset[str]:
    return frozenset(player.id for player in placing.players)


def _sum(a: int | None, b: int | None) -> int | None:
    return None if a is None or b is None else a + b


def merge(first: Competition, second: Competition) -> Competition:
    """The two sessions as one competition; raises :class:`OutOfRange` with the reason
    when they may not be merged."""
    if first.kind != "pairs" or second.kind != "pairs":
        raise _refuse("Bara partävlingar räknas ihop", "Only pairs events are merged")
    for session in (first, second):
        if not 0 < session.boards < MERGE_BELOW_BOARDS:
            raise _refuse(
                f"En omgång med {session.boards} brickor räknas inte ihop; bara omgångar"
                f" med färre än {MERGE_BELOW_BOARDS} brickor",
                f"A session of {session.boards} boards is not merged; only sessions of"
                f" fewer than {MERGE_BELOW_BOARDS} boards",
            )
    earlier = {_pair(p): p for p in first.placings if p.players}
    later = {_pair(p): p for p in second.placings if p.players}
    if set(earlier) != set(later):
        odd = len(set(earlier) ^ set(later))
        raise _refuse(
            f"Omgångarna har inte samma par ({odd} par spelade bara den ena)",
            f"The sessions do not have the same pairs ({odd} pairs played only one)",
        )
    boards = first.boards + second.boards
    scores: dict[frozenset[str], Decimal] = {}
    for key, placing in later.items():
        one, two = earlier[key].score, placing.score
        if one is None or two is None:
            raise _refuse("Resultat saknas för ett par", "A pair's score is missing")
        scores[key] = (one * first.boards + two * second.boards) / boards
    ordered = sorted(later, key=lambda k: -scores[k])
    placings = []
    for key in ordered:
        place = 1 + sum(1 for k in ordered if scores[k] > scores[key])
        place_to = sum(1 for k in ordered if scores[k] >= scores[key])
        before = {p.id: p for p in earlier[key].players}
        players = tuple(
            replace(
                player,
                boards_played=_sum(before[player.id].boards_played, player.boards_played),
                rounds_played=_sum(before[player.id].rounds_played, player.rounds_played),
            )
            for player in later[key].players
        )
        placings.append(
            Placing(
                entry=later[key].entry,
                place=place,
                place_to=place_to,
                players=players,
                score=scores[key],
            )
        )
    options = tuple((name, value) for name, value in second.options if name != "merged_with")
    return replace(
        second,
        placings=tuple(placings),
        boards=boards,
        rounds=first.rounds + second.rounds,
        all_met_all=first.all_met_all and second.all_met_all,
        options=options,
    )


def noted(outcome: AwardOutcome, first_name: str) -> AwardOutcome:
    """The merged awards, each reason naming the earlier session."""
    sv = f"; två omgångar räknade som en, med {first_name} (000 rad 684-686)"
    en = f"; two sessions counted as one, with {first_name} (000 lines 684-686)"
    return replace(
        outcome,
        awards=tuple(
            replace(a, reason=replace(a.reason, sv=a.reason.sv + sv, en=a.reason.en + en))
            for a in outcome.awards
        ),
    )


def counted_with(later_name: str) -> Reason:
    """Why the earlier session gets nothing of its own."""
    return Reason(
        "A1",
        f"Räknas ihop med {later_name} som en tävling (000 rad 684-686)",
        f"Counted with {later_name} as one competition (000 lines 684-686)",
    )
