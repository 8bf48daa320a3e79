"""Who counts in a DM-par heat, and the final's places per heat by T1, T2 and T3.

Source: seed ``003_796cec548aee39db.txt``: "Kvaltävlingar i DM" and "Spelare som
kvalspelar flera gånger" (lines 181-195: which pairs of a heat count, :func:`heat_results`);
"Särskiljning" (lines 209-213: the heat's order, which the caller gives); "Fördelning av
platser i DM-final som föregås av klubbkval" (lines 238-270: P_k = H_k * F / S, T1 the
whole parts, T2 the largest remainders, T3 the next pairs' percentages, then a lot:
:func:`allocate`). Shares are fractions and percentages decimals: no rule in floats.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from .pairs_words import (
    LotNeeded,
    PercentagesNeeded,
    PlacesInputError,
    Reason,
    en_number,
    heat_list,
    places_words,
    sv_number,
)


@dataclass(frozen=True)
class HeatEntry:
    """A pair's line in a heat's results, in the heat's order after the tie-break of
    003 lines 209-211. ``qualifying``: the pair plays the DM qualification (a bronze
    heat asks each pair before the start, line 187; in a silver heat every pair does,
    line 183). ``struck``: the pair qualified in this discipline earlier in the season
    and is struck from the results (lines 193-195)."""

    pair_id: str
    percent: Decimal
    qualifying: bool = True
    struck: bool = False


def heat_results(entries: Sequence[HeatEntry], *, silver: bool) -> tuple[tuple[str, Decimal], ...]:
    """The heat's qualifying pairs in order, as the final's rules read them: its size is
    the heat's ``H_k`` (003 lines 183, 187, 193-195, 242). A bronze heat's other pairs
    and the struck pairs do not count and take no place."""
    if silver and any(not entry.qualifying for entry in entries):
        raise PlacesInputError(
            "results", "In a silver heat every pair plays the qualification (003 line 183)."
        )
    kept = tuple((e.pair_id, e.percent) for e in entries if e.qualifying and not e.struck)
    check_order(kept, "results")
    return kept


def check_order(results: Sequence[tuple[str, Decimal]], field: str) -> None:
    for _pair, percent in results:
        if not Decimal(0) <= percent <= Decimal(100):
            raise PlacesInputError(field, f"A percentage must be 0-100, not {percent}.")
    for (first, high), (second, low) in zip(results, results[1:], strict=False):
        if low > high:
            raise PlacesInputError(
                field,
                f"{second} ({low} %) is listed after {first} ({high} %): give the heat in its order.",
            )


# -- the places per heat: T1, T2, T3 ---------------------------------------------------


@dataclass(frozen=True)
class HeatPlaces:
    """One heat's share: ``quota`` is P_k, ``whole`` I_k, ``remainder`` D_k (003 lines
    242-254); ``next_percent`` the percentage of its pair at place I_k + 1 where T3
    read it."""

    heat: int
    pairs: int
    quota: Fraction
    whole: int
    remainder: Fraction
    places: int
    reasons: tuple[Reason, ...]
    next_percent: Decimal | None = None


@dataclass(frozen=True)
class Allocation:
    """The places of every heat. When T3 decided the last ``t3_places`` places,
    ``t3_turn`` ranks the heats that took part, best first, heats the percentages and
    the lot do not part sharing a group; the first ``t3_places`` heats got a place."""

    final_size: int
    starters: int
    heats: tuple[HeatPlaces, ...]
    t3_turn: tuple[tuple[int, ...], ...] = ()
    t3_places: int = 0

    @property
    def places(self) -> tuple[int, ...]:
        return tuple(heat.places for heat in self.heats)

    @property
    def used_t3(self) -> bool:
        return bool(self.t3_turn)


def allocate(
    heats: Sequence[int],
    final_size: int,
    next_percent: Sequence[Decimal] | None = None,
    *,
    lot: Sequence[int] = (),
) -> Allocation:
    """The final's places per heat, in the order given (003 lines 238-270).

    P_k = H_k * F / S. T1 gives each heat the whole part I_k (lines 258-260); T2 gives
    the places left, one each, to the largest remainders D_k (lines 262-264, compared
    exactly); when more heats share the remainder than places are left, T3 gives them
    to the heats whose pair at place I_k + 1 has the highest percentage (lines 266-270).

    ``next_percent`` gives that percentage per heat (only T3's heats are read); without
    it :class:`PercentagesNeeded` names the heats. Heats still tied go by lot (line 270):
    ``lot`` is the committee's draw, heat indexes best first; without it
    :class:`LotNeeded` names them."""
    _check_heats(heats, final_size)
    if next_percent is not None:
        if len(next_percent) != len(heats):
            raise PlacesInputError(
                "next_percent",
                f"Give one percentage per heat: {len(heats)} heats, {len(next_percent)} percentages.",
            )
        for percent in next_percent:
            if not Decimal(0) <= percent <= Decimal(100):
                raise PlacesInputError(
                    "next_percent", f"A percentage must be 0-100, not {percent}."
                )
    starters = sum(heats)
    quota = [Fraction(h * final_size, starters) for h in heats]
    whole = [q.numerator // q.denominator for q in quota]
    remainder = [q - w for q, w in zip(quota, whole, strict=True)]
    places = list(whole)
    reasons: list[list[Reason]] = [[] for _ in heats]
    for k, h in enumerate(heats):
        formula_en = f"{h} × {final_size} / {starters} = {en_number(quota[k], 3)}"
        formula_sv = f"{h} · {final_size} / {starters} = {sv_number(quota[k], 3)}"
        reasons[k].append(
            Reason(
                "T1", whole[k],
                f"T1: whole part of {formula_en}: {places_words(whole[k])}",
                f"T1: heltalsdelen av {formula_sv}: {places_words(whole[k], True)}",
                "003 lines 250-260",
            )
        )  # fmt: skip

    left = after_t1 = final_size - sum(whole)
    t3_turn: tuple[tuple[int, ...], ...] = ()
    t3_places = 0
    percents: list[Decimal | None] = [None] * len(heats)
    by_remainder = sorted({d for d in remainder if d > 0}, reverse=True)
    given = 0
    for value in by_remainder:
        group = [k for k in range(len(heats)) if remainder[k] == value]
        if left == 0:
            for k in group:
                reasons[k].append(_t2_note(value, after_t1))
            continue
        if len(group) <= left:
            for k in group:
                given += 1
                places[k] += 1
                reasons[k].append(
                    Reason(
                        "T2", 1,
                        f"T2: largest remainder {en_number(value, 3)}: place {given} of the {after_t1} left after T1",
                        f"T2: största rest {sv_number(value, 3)}: plats {given} av de {after_t1} som återstod efter T1",
                        "003 lines 262-264",
                    )
                )  # fmt: skip
            left -= len(group)
            continue
        # More heats share this remainder than places are left: T3 (lines 266-270).
        t3_places = left
        t3_turn = _t3(group, left, value, next_percent, lot)
        assert next_percent is not None  # _t3 refused otherwise
        ranks, ahead = {}, 0
        for members in t3_turn:
            for k in members:
                ranks[k] = ahead + 1
            ahead += len(members)
        for k in group:
            percents[k] = next_percent[k]
            rank = ranks[k]
            won = rank <= left
            places[k] += 1 if won else 0
            reasons[k].append(
                _t3_reason(k, group, left, value, whole[k], next_percent[k], won, rank)
            )
        given += left
        left = 0
    return Allocation(
        final_size,
        starters,
        tuple(
            HeatPlaces(
                k,
                heats[k],
                quota[k],
                whole[k],
                remainder[k],
                places[k],
                tuple(reasons[k]),
                percents[k],
            )
            for k in range(len(heats))
        ),
        t3_turn,
        t3_places,
    )


def _check_heats(heats: Sequence[int], final_size: int) -> None:
    if not heats:
        raise PlacesInputError("heats", "Give the pairs of at least one heat.")
    if any(h < 1 for h in heats):
        raise PlacesInputError("heats", "Every heat has at least one pair.")
    if final_size < 1:
        raise PlacesInputError("final_size", "The final has at least one place.")
    if final_size > sum(heats):
        raise PlacesInputError(
            "final_size",
            f"{final_size} places is more than the {sum(heats)} pairs in the heats (003 line 240).",
        )


def _t2_note(value: Fraction, after_t1: int) -> Reason:
    return Reason(
        "T2", 0,
        f"T2: remainder {en_number(value, 3)}: the {places_words(after_t1)} left after T1 went to larger remainders",
        f"T2: rest {sv_number(value, 3)}: de {places_words(after_t1, True)} som återstod efter T1 gick till större rester",
        "003 lines 262-264",
    )  # fmt: skip


def _t3(
    group: list[int],
    left: int,
    value: Fraction,
    next_percent: Sequence[Decimal] | None,
    lot: Sequence[int],
) -> tuple[tuple[int, ...], ...]:
    """T3's ranking of the tied heats, best first, in groups the lot has not parted
    (003 lines 266-270); refuses when a group straddles the last place."""
    tied_en = heat_list(group, "and")
    if next_percent is None:
        raise PercentagesNeeded(
            tuple(group),
            left,
            f"T3 is needed: heats {tied_en} share the remainder {en_number(value, 3)} for "
            f"{places_words(left)}; give each heat's percentage of its first pair not placed by T1 (003 lines 266-270).",
        )
    percent = next_percent
    drawn = {heat: n for n, heat in enumerate(lot)}
    turn: list[list[int]] = []
    for k in sorted(group, key=lambda k: (-percent[k], k)):
        if turn and percent[turn[-1][0]] == percent[k]:
            turn[-1].append(k)
        else:
            turn.append([k])
    # A draw parts a tie only when it names every heat of it.
    parted: list[list[int]] = []
    for members in turn:
        if len(members) > 1 and all(k in drawn for k in members):
            parted.extend([k] for k in sorted(members, key=drawn.__getitem__))
        else:
            parted.append(members)
    turn = parted
    seen = 0
    for members in turn:
        if seen < left < seen + len(members):
            raise LotNeeded(
                tuple(members),
                left - seen,
                f"T3: heats {heat_list(members, 'and')} tie at {en_number(next_percent[members[0]])} % "
                f"for {places_words(left - seen)}; the seed draws lots (003 line 270), which the committee does.",
            )
        seen += len(members)
    return tuple(tuple(members) for members in turn)


def _t3_reason(
    k: int,
    group: list[int],
    left: int,
    value: Fraction,
    whole: int,
    percent: Decimal,
    won: bool,
    rank: int,
) -> Reason:
    others = [h for h in group if h != k]
    tied_en = heat_list(others, "and")
    tied_sv = heat_list(others, "och")
    head_en = f"T3: remainder {en_number(value, 3)} shared with heat{'s' if len(others) > 1 else ''} {tied_en} for {places_words(left)}; the pair in place {whole + 1} has {en_number(percent)} %, "
    head_sv = f"T3: resten {sv_number(value, 3)} lika med heat {tied_sv} om {places_words(left, True)}; paret på plats {whole + 1} har {sv_number(percent)} %, "
    en = head_en + f"{_ordinal(rank)} of {len(group)}"
    sv = head_sv + f"{rank}:{'a' if rank in (1, 2) else 'e'} av {len(group)}"
    if not won:
        en += ": no place"
        sv += ": ingen plats"
    return Reason("T3", 1 if won else 0, en, sv, "003 lines 266-270")


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def next_pair_percent(
    results: Sequence[tuple[str, Decimal]], whole: int, *, passed_over: Collection[str] = ()
) -> Decimal:
    """The percentage T3 reads for a heat: its pair at place I_k + 1 (003 line 270),
    the reigning champions passed over as :func:`fill_final` passes them."""
    kept = [percent for pair, percent in results if pair not in passed_over]
    if whole >= len(kept):
        raise PlacesInputError("results", f"The heat has no pair at place {whole + 1}.")
    return kept[whole]


def whole_places(heats: Sequence[int], final_size: int) -> tuple[int, ...]:
    """T1 alone: each heat's I_k, the whole part of H_k * F / S (003 lines 250-260)."""
    _check_heats(heats, final_size)
    starters = sum(heats)
    return tuple(h * final_size // starters for h in heats)


def allocate_results(
    results: Sequence[Sequence[tuple[str, Decimal]]],
    final_size: int,
    *,
    lot: Sequence[int] = (),
    passed_over: Collection[str] = (),
) -> Allocation:
    """:func:`allocate` for heats given by their qualifying pairs in order (pair,
    percentage; :func:`heat_results`): T3, when it is needed, reads each heat's pair at
    place I_k + 1 from the list (003 lines 266-270), the reigning champions passed over
    (``passed_over``) as :func:`fill_final` passes them. A tie T3 cannot break raises
    :class:`LotNeeded` unless ``lot`` is the committee's draw."""
    sizes = [len(listed) for listed in results]
    try:
        return allocate(sizes, final_size, lot=lot)
    except PercentagesNeeded as needed:
        whole = whole_places(sizes, final_size)
        percents = [Decimal(0)] * len(sizes)  # only T3's heats are read
        for k in needed.heats:
            percents[k] = next_pair_percent(results[k], whole[k], passed_over=passed_over)
        return allocate(sizes, final_size, percents, lot=lot)
