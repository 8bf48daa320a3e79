"""Who fills the DM-par final's places: the heats' own pairs, then replacement rules 1
and 2 for the places pairs waive.

Source: seed ``003_796cec548aee39db.txt``, "Ersättande par", "Ersättningsregel 1" and
"Ersättningsregel 2" (lines 278-296): a pair may waive and never gets the place back;
rule 1, the heat offers down its list, never under 45,0 %; rule 2 when T3 gave the last
places, T3's heats in turn; what cannot be filled makes the final smaller.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from .allocation import Allocation, check_order, next_pair_percent
from .pairs_words import (
    LotNeeded,
    PlacesInputError,
    Reason,
    en_number,
    heat_list,
    places_words,
    sv_number,
)

# 003 lines 284 and 292: no offer to a pair under 45,0 %; "minst 45,0%" is enough.
FLOOR_PERCENT: Final = Decimal("45.0")


@dataclass(frozen=True)
class Finalist:
    pair_id: str
    heat: int | None  # None: a direct place
    reason: Reason


@dataclass(frozen=True)
class FinalField:
    """The final's pairs, and the places no pair fills (the final is played with as
    many pairs fewer, 003 line 294)."""

    finalists: tuple[Finalist, ...]
    vacant: int
    notes: tuple[Reason, ...]

    @property
    def size(self) -> int:
        return len(self.finalists)

    @property
    def pair_ids(self) -> tuple[str, ...]:
        return tuple(f.pair_id for f in self.finalists)


class _Heat:
    """A heat's list as the offers walk it: (pair, percentage, place in the heat), the
    direct pairs passed over."""

    def __init__(
        self,
        index: int,
        places: int,
        listed: Sequence[tuple[str, Decimal]],
        passed: Collection[str],
    ):
        self.index = index
        self.places = places
        self.results = [
            (pair, percent, place)
            for place, (pair, percent) in enumerate(listed, start=1)
            if pair not in passed
        ]
        self.cursor = places  # the next pair after the heat's own places

    def next_offer(self, declined: Collection[str]) -> int | None:
        """The index of the next pair an extra place is offered to, if any: not a pair
        that waived, never under 45,0 % (003 lines 284, 292)."""
        for i in range(self.cursor, len(self.results)):
            pair, percent, _place = self.results[i]
            if percent < FLOOR_PERCENT:
                return None
            if pair not in declined:
                return i
        return None


def fill_final(
    allocation: Allocation,
    results: Sequence[Sequence[tuple[str, Decimal]]],
    *,
    direct: Sequence[str] = (),
    declined: Collection[str] = (),
) -> FinalField:
    """The final's pairs after the pairs in ``declined`` waived (003 lines 278-296).

    ``results``: per heat, in the allocation's order, its qualifying pairs (pair id,
    percentage) in the heat's order (:func:`heat_results`). ``direct``: the reigning
    champions who keep their direct place (:func:`direct_place`). A pair that has not
    answered counts as accepting; a pair that waived never gets the place back (line
    280).

    Each heat offers its places in its order, passing over the direct pairs, who hold
    a place of their own (decision). A place a pair waives is, by replacement rule 1
    (line 284), offered to the heat's next pairs in order, never to one under 45,0 %;
    one the heat cannot fill stays empty (decision, after line 294). When T3 gave the
    last places, rule 2 (lines 286-294) instead offers every waived place to T3's heats
    in turn, beginning with the heat next in line after T3's winners and going round
    them again (decision); a heat without a pair at 45,0 % passes it on to the next. A
    direct place waived is not replaced (decision)."""
    if len(results) != len(allocation.heats):
        raise PlacesInputError(
            "results",
            f"Give the results of every heat: {len(allocation.heats)} heats, {len(results)} lists.",
        )
    seen: set[str] = set()
    for k, (share, listed) in enumerate(zip(allocation.heats, results, strict=True)):
        if len(listed) != share.pairs:
            raise PlacesInputError(
                "results", f"Heat {k + 1} has {share.pairs} pairs, {len(listed)} listed."
            )
        check_order(listed, "results")
        for pair, _percent in listed:
            if pair in seen:
                raise PlacesInputError(
                    "results", f"{pair} is listed twice (a pair qualifies once, 003 line 193)."
                )
            seen.add(pair)
    passed = set(direct)
    heats = [
        _Heat(k, share.places, listed, passed)
        for k, (share, listed) in enumerate(zip(allocation.heats, results, strict=True))
    ]
    for heat, places in zip(heats, allocation.heats, strict=True):
        if places.next_percent is not None:
            read = next_pair_percent([(p, pct) for p, pct, _ in heat.results], places.whole)
            if read != places.next_percent:
                raise PlacesInputError(
                    "results",
                    f"Heat {heat.index + 1}: T3 read {places.next_percent} %, the results give {read} % at place {places.whole + 1}.",
                )

    finalists: list[Finalist] = []
    notes: list[Reason] = []
    for pair in direct:
        if pair in declined:
            notes.append(
                Reason("direct", 0,
                       f"{pair} waived the reigning champions' direct place: it is not replaced.",
                       f"{pair} avstod de regerande mästarnas direktplats: den ersätts inte.",
                       "003 lines 274-280 (decision)")
            )  # fmt: skip
        else:
            finalists.append(
                Finalist(pair, None,
                         Reason("direct", 1, "Reigning district champions: a direct place.",
                                "Regerande distriktsmästare: direktkvalificerade.",
                                "003 lines 274-276"))
            )  # fmt: skip

    waived: list[int] = []  # the heat of each place to fill again
    for heat in heats:
        for pair, _percent, place in heat.results[: heat.places]:
            if pair in declined:
                waived.append(heat.index)
                continue
            en = f"Place {place} in heat {heat.index + 1}, which has {places_words(heat.places)}"
            sv = f"Plats {place} i heat {heat.index + 1}, som har {places_words(heat.places, True)}"
            if place > heat.places:
                en += ", the reigning champions above holding a place of their own"
                sv += ", de regerande mästarna ovanför med egen plats"
            finalists.append(
                Finalist(
                    pair,
                    heat.index,
                    Reason("heat", 1, en + ".", sv + ".", "003 lines 177, 238-276"),
                )
            )
        waived.extend([heat.index] * max(0, heat.places - len(heat.results)))

    if allocation.used_t3:
        vacant = _rule_2(allocation, heats, len(waived), declined, finalists, notes)
    else:
        vacant = _rule_1(heats, waived, declined, finalists, notes)
    if vacant:
        notes.append(
            Reason("vacant", 0,
                   f"{places_words(vacant)} cannot be filled: the final is played with {vacant} pair{'s' if vacant > 1 else ''} fewer.",
                   f"{places_words(vacant, True)} kan inte besättas: finalen spelas med {vacant} par färre.",
                   "003 line 294")
        )  # fmt: skip
    return FinalField(tuple(finalists), vacant, tuple(notes))


def _offer(heat: _Heat, i: int, rule: str, lines: str, finalists: list[Finalist]) -> None:
    pair, percent, place = heat.results[i]
    heat.cursor = i + 1
    finalists.append(
        Finalist(pair, heat.index,
                 Reason(rule, 1,
                        f"Replacement rule {rule[-1]}: place {place} in heat {heat.index + 1}, {en_number(percent)} % (at least {FLOOR_PERCENT} %).",
                        f"Ersättningsregel {rule[-1]}: plats {place} i heat {heat.index + 1}, {sv_number(percent)} % (minst {sv_number(FLOOR_PERCENT)} %).",
                        lines))
    )  # fmt: skip


def _rule_1(
    heats: list[_Heat],
    waived: list[int],
    declined: Collection[str],
    finalists: list[Finalist],
    notes: list[Reason],
) -> int:
    """Replacement rule 1 (003 line 284): the heat keeps its places."""
    vacant = 0
    for k in waived:
        heat = heats[k]
        i = heat.next_offer(declined)
        if i is None:
            vacant += 1
            notes.append(
                Reason("rule 1", 0,
                       f"Heat {k + 1} has no further pair with at least {FLOOR_PERCENT} %.",
                       f"Heat {k + 1} har inget ytterligare par med minst {sv_number(FLOOR_PERCENT)} %.",
                       "003 line 284")
            )  # fmt: skip
            continue
        _offer(heat, i, "rule 1", "003 line 284", finalists)
    return vacant


def _rule_2(
    allocation: Allocation,
    heats: list[_Heat],
    to_fill: int,
    declined: Collection[str],
    finalists: list[Finalist],
    notes: list[Reason],
) -> int:
    """Replacement rule 2 (003 lines 286-294): T3's heats in turn."""
    turn = allocation.t3_turn
    # The first group after T3's winners (T3 never lets a group straddle them).
    start, seen = 0, 0
    while seen < allocation.t3_places:
        seen += len(turn[start])
        start += 1
    exhausted: set[int] = set()
    g = start
    idle = 0  # groups visited in a row without a place given
    while to_fill and idle < len(turn):
        group = turn[g % len(turn)]
        g += 1
        able = []
        for k in group:
            if k in exhausted:
                continue
            if heats[k].next_offer(declined) is None:
                exhausted.add(k)
                notes.append(
                    Reason("rule 2", 0,
                           f"Heat {k + 1}, in turn, has no further pair with at least {FLOOR_PERCENT} %: the place passes on.",
                           f"Heat {k + 1}, på tur, har inget ytterligare par med minst {sv_number(FLOOR_PERCENT)} %: platsen går vidare.",
                           "003 line 292")
                )  # fmt: skip
            else:
                able.append(k)
        if not able:
            idle += 1
            continue
        if len(able) > to_fill:
            raise LotNeeded(
                tuple(able),
                to_fill,
                f"Replacement rule 2: heats {heat_list(able, 'and')} tie in T3's turn for "
                f"{places_words(to_fill)}; the seed draws lots (003 line 270), which the committee does.",
            )
        idle = 0
        for k in able:
            i = heats[k].next_offer(declined)
            assert i is not None
            _offer(heats[k], i, "rule 2", "003 lines 286-292", finalists)
            to_fill -= 1
    return to_fill
