"""The places in a DM pairs final and who fills them.

Source: ``003_796cec548aee39db.txt`` (ÖMBF's district championships 2024-2025),
"DM-tävlingar, par":

- "Kvaltävlingar i DM" and "Spelare som kvalspelar flera gånger" (lines 157-195): which
  pairs of a heat count as qualifying pairs (:func:`heat_results`);
- "Särskiljning" (lines 209-213): a heat's order is its placings after the tie-break
  between pairs, which the caller gives (won boards, head-to-head, then a lot);
- "Platser i DM-final", "Allmänt" (lines 215-236): the final's size
  (:func:`final_size`) and its movement (:func:`final_movement`);
- "Fördelning av platser i DM-final som föregås av klubbkval" (lines 238-270): the
  places per heat by T1, T2 and T3 (:func:`allocate`);
- "Direktkvalificerade par" (lines 272-276): the reigning champions
  (:func:`direct_place`);
- "Ersättande par", "Ersättningsregel 1" and "2" (lines 278-296): who fills a place a
  pair waives (:func:`fill_final`).

Shares are :class:`~fractions.Fraction` and percentages :class:`~decimal.Decimal`: no
rule is computed in floats. Heats are numbered from 0 in the order given; the words for
people number them from 1. Where the seed is silent the committee's decision is written
beside the code and in docs (the part "pairs" of issue #21).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from typing import Final

# 003 line 219: "dock maximalt 28 par".
MAX_FINAL: Final = 28
# 003 lines 284 and 292: no offer to a pair under 45,0 %; "minst 45,0%" is enough.
FLOOR_PERCENT: Final = Decimal("45.0")
# 003 lines 159, 219, 274: the disciplines whose final is preceded by club heats (the
# values of Championship.Discipline); Hcp 30+ is a direct final (lines 234, 298-316).
HEATS_DISCIPLINES: Final = frozenset({"ladies", "mixed", "open", "veterans"})
# 003 lines 228-232: boards per round by the final's size (pairs, both ends included),
# and the totals printed beside them.
MOVEMENT: Final[tuple[tuple[int, int, int, tuple[int, int]], ...]] = (
    (22, 28, 2, (42, 56)),  # 003 line 230
    (16, 20, 3, (48, 57)),  # 003 line 231
    (14, 14, 4, (56, 56)),  # 003 line 232
)


@dataclass(frozen=True)
class Reason:
    """Why a heat has a place, or a pair is in the final, in both languages.

    ``places`` is how many places the reason gives (0 for a note); ``lines`` names the
    seed lines it applies."""

    rule: str
    places: int
    en: str
    sv: str
    lines: str


class PlacesInputError(ValueError):
    """Input the rules refuse; ``field`` is the input at fault (``heats``,
    ``final_size``, ``next_percent``, ``qualified``, ``results``)."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


class PercentagesNeeded(PlacesInputError):
    """T3 decides the last places and the heats' percentages were not given."""

    def __init__(self, heats: tuple[int, ...], places: int, message: str):
        super().__init__("next_percent", message)
        self.heats = heats
        self.places = places


class LotNeeded(PlacesInputError):
    """Heats tie in T3 where it matters: the seed draws lots (003 line 270), which only
    the committee can do; its draw is given back as ``lot``."""

    def __init__(self, heats: tuple[int, ...], places: int, message: str):
        super().__init__("next_percent", message)
        self.heats = heats
        self.places = places


# -- numbers in words ----------------------------------------------------------------


def _decimal(value: Fraction | Decimal | int, places: int | None = None) -> Decimal:
    if isinstance(value, Fraction):
        with localcontext() as ctx:
            ctx.prec = 28
            number = Decimal(value.numerator) / Decimal(value.denominator)
    else:
        number = Decimal(value)
    if places is not None:
        number = number.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    return number


def _en(value: Fraction | Decimal | int, places: int | None = None) -> str:
    return format(_decimal(value, places), "f")


def _sv(value: Fraction | Decimal | int, places: int | None = None) -> str:
    return _en(value, places).replace(".", ",")


def _heat_list(heats: Iterable[int], conjunction: str) -> str:
    names = [str(h + 1) for h in heats]
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} {conjunction} {names[-1]}"


def _places(n: int, sv: bool = False) -> str:
    if sv:
        return f"{n} plats" if n == 1 else f"{n} platser"
    return f"{n} place" if n == 1 else f"{n} places"


# -- the final's size ----------------------------------------------------------------


@dataclass(frozen=True)
class FinalSize:
    qualified: int
    half: Fraction
    size: int
    reason: Reason


def final_size_reason(qualified: int) -> FinalSize:
    """The final's size and why: half the pairs that played the heats, at most 28; a
    half that is odd or has a decimal under 28 goes up to the next even number (003
    "Platser i DM-final", "Allmänt", lines 217-224).

    Cap and rounding give the same in either order: under 28 the next even number is
    at most 28. Decision (seed silent): a final never has more pairs than qualified,
    so one qualifying pair makes a final of one (the rule's next even number is 2;
    line 240 distributes places only where the heats have more pairs than places)."""
    if qualified < 0:
        raise PlacesInputError("qualified", "The number of pairs cannot be negative.")
    half = Fraction(qualified, 2)
    lines = "003 lines 219-224"
    of_en = f"{qualified} pair{'' if qualified == 1 else 's'}"
    if qualified == 0:
        size = 0
        en = "No pair played the heats: there is no final."
        sv = "Inga par kvalspelade: ingen final."
    elif half >= MAX_FINAL:
        size = MAX_FINAL
        en = f"Half of {of_en} is {_en(half)}, at least {MAX_FINAL}: the final has {MAX_FINAL} pairs, the most it may have."
        sv = f"Hälften av {qualified} par är {_sv(half)}, minst {MAX_FINAL}: finalen har {MAX_FINAL} par, det högsta tillåtna."
    elif half.denominator == 1 and half.numerator % 2 == 0:
        size = int(half)
        en = f"Half of {of_en} is {size}, an even number: the final has {size} pairs."
        sv = f"Hälften av {qualified} par är {size}, ett jämnt tal: finalen har {size} par."
    else:
        whole = -(-half.numerator // half.denominator)  # the ceiling
        size = whole + whole % 2
        kind_en = "an odd number" if half.denominator == 1 else "not a whole number"
        kind_sv = "ett udda tal" if half.denominator == 1 else "ett decimaltal"
        en = f"Half of {of_en} is {_en(half)}, {kind_en} under {MAX_FINAL}: the final has the next higher even number, {size} pairs."
        sv = f"Hälften av {qualified} par är {_sv(half)}, {kind_sv} under {MAX_FINAL}: finalen har närmast högre jämna parantal, {size} par."
    if size > qualified:
        size = qualified
        en += f" Only {qualified} pair qualified: the final has {qualified}."
        sv += f" Endast {qualified} par kvalade: finalen har {qualified}."
        lines = "003 lines 219-224, 240 (decision)"
    return FinalSize(qualified, half, size, Reason("final size", size, en, sv, lines))


def final_size(qualified: int) -> int:
    """The final's size for the pairs that played the heats (003 lines 217-224); see
    :func:`final_size_reason`."""
    return final_size_reason(qualified).size


@dataclass(frozen=True)
class Movement:
    pairs: int
    rounds: int
    boards_per_round: int
    boards: int
    printed: tuple[int, int]  # the range of total boards printed for the row


def final_movement(pairs: int) -> Movement | None:
    """The final's movement: every pair meets every other (a barometer, 003 lines 226,
    348), so an even final plays ``pairs - 1`` rounds of the boards per round of lines
    228-232. ``None`` for a size the table does not name (under 14 or 15, 21): the
    committee sets those. The printed totals are kept beside the count: some of them
    (48 for 16 pairs, 56 for 14 and 28) count as many rounds as pairs."""
    for low, high, per_round, printed in MOVEMENT:
        if low <= pairs <= high:
            rounds = pairs - 1 + pairs % 2
            return Movement(pairs, rounds, per_round, rounds * per_round, printed)
    return None


# -- who counts in a heat --------------------------------------------------------------


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
    _check_order(kept, "results")
    return kept


def _check_order(results: Sequence[tuple[str, Decimal]], field: str) -> None:
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
        formula_en = f"{h} × {final_size} / {starters} = {_en(quota[k], 3)}"
        formula_sv = f"{h} · {final_size} / {starters} = {_sv(quota[k], 3)}"
        reasons[k].append(
            Reason(
                "T1", whole[k],
                f"T1: whole part of {formula_en}: {_places(whole[k])}",
                f"T1: heltalsdelen av {formula_sv}: {_places(whole[k], True)}",
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
                        f"T2: largest remainder {_en(value, 3)}: place {given} of the {after_t1} left after T1",
                        f"T2: största rest {_sv(value, 3)}: plats {given} av de {after_t1} som återstod efter T1",
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
        f"T2: remainder {_en(value, 3)}: the {_places(after_t1)} left after T1 went to larger remainders",
        f"T2: rest {_sv(value, 3)}: de {_places(after_t1, True)} som återstod efter T1 gick till större rester",
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
    tied_en = _heat_list(group, "and")
    if next_percent is None:
        raise PercentagesNeeded(
            tuple(group),
            left,
            f"T3 is needed: heats {tied_en} share the remainder {_en(value, 3)} for "
            f"{_places(left)}; give each heat's percentage of its first pair not placed by T1 (003 lines 266-270).",
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
                f"T3: heats {_heat_list(members, 'and')} tie at {_en(next_percent[members[0]])} % "
                f"for {_places(left - seen)}; the seed draws lots (003 line 270), which the committee does.",
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
    tied_en = _heat_list(others, "and")
    tied_sv = _heat_list(others, "och")
    head_en = f"T3: remainder {_en(value, 3)} shared with heat{'s' if len(others) > 1 else ''} {tied_en} for {_places(left)}; the pair in place {whole + 1} has {_en(percent)} %, "
    head_sv = f"T3: resten {_sv(value, 3)} lika med heat {tied_sv} om {_places(left, True)}; paret på plats {whole + 1} har {_sv(percent)} %, "
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


# -- the reigning champions -------------------------------------------------------------


@dataclass(frozen=True)
class Champions:
    """The reigning district champions of a discipline. ``registered``: they told the
    competition secretary before the qualifying period ended; ``intact``: both will play
    the final together (003 line 274)."""

    pair_id: str
    players: tuple[str, str]
    registered: bool
    intact: bool = True


@dataclass(frozen=True)
class DirectPlace:
    pair_id: str
    keeps: bool
    reason: Reason


def direct_place(
    champions: Champions, partnerships: Iterable[tuple[str, str]], *, discipline: str
) -> DirectPlace:
    """Whether the reigning champions keep their direct place in this year's final (003
    "Direktkvalificerade par", lines 272-276): only in a discipline with club heats,
    only intact and registered in time, and lost when either player plays a heat with
    another partner (``partnerships``: the two players of every pair in the season's
    heats of the discipline). Playing a heat together keeps it, qualified or not."""
    lines = "003 lines 274-276"
    a, b = champions.players
    if discipline not in HEATS_DISCIPLINES:
        return DirectPlace(
            champions.pair_id, False,
            Reason("direct", 0,
                   "No direct place: the discipline has no club heats (a direct final).",
                   "Ingen direktplats: disciplinen har inga klubbkval (direktfinal).", lines),
        )  # fmt: skip
    for pair in partnerships:
        together = set(pair) == {a, b}
        if not together and (a in pair or b in pair):
            return DirectPlace(
                champions.pair_id, False,
                Reason("direct", 0,
                       "No direct place: one of the champions played a heat with another partner.",
                       "Ingen direktplats: en av mästarna kvalspelade med annan partner.", lines),
            )  # fmt: skip
    if not champions.intact:
        return DirectPlace(
            champions.pair_id, False,
            Reason("direct", 0, "No direct place: the pair is not intact.",
                   "Ingen direktplats: paret är inte intakt.", lines),
        )  # fmt: skip
    if not champions.registered:
        return DirectPlace(
            champions.pair_id, False,
            Reason("direct", 0,
                   "No direct place: the champions did not register before the qualifying period ended.",
                   "Ingen direktplats: mästarna anmälde sig inte före kvalperiodens utgång.", lines),
        )  # fmt: skip
    return DirectPlace(
        champions.pair_id, True,
        Reason("direct", 1, "Reigning district champions: a direct place in the final.",
               "Regerande distriktsmästare: direktkvalificerade till finalen.", lines),
    )  # fmt: skip


# -- who fills the places: replacement rules 1 and 2 -------------------------------------


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
        _check_order(listed, "results")
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
            en = f"Place {place} in heat {heat.index + 1}, which has {_places(heat.places)}"
            sv = f"Plats {place} i heat {heat.index + 1}, som har {_places(heat.places, True)}"
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
                   f"{_places(vacant)} cannot be filled: the final is played with {vacant} pair{'s' if vacant > 1 else ''} fewer.",
                   f"{_places(vacant, True)} kan inte besättas: finalen spelas med {vacant} par färre.",
                   "003 line 294")
        )  # fmt: skip
    return FinalField(tuple(finalists), vacant, tuple(notes))


def _offer(heat: _Heat, i: int, rule: str, lines: str, finalists: list[Finalist]) -> None:
    pair, percent, place = heat.results[i]
    heat.cursor = i + 1
    finalists.append(
        Finalist(pair, heat.index,
                 Reason(rule, 1,
                        f"Replacement rule {rule[-1]}: place {place} in heat {heat.index + 1}, {_en(percent)} % (at least {FLOOR_PERCENT} %).",
                        f"Ersättningsregel {rule[-1]}: plats {place} i heat {heat.index + 1}, {_sv(percent)} % (minst {_sv(FLOOR_PERCENT)} %).",
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
                       f"Heat {k + 1} har inget ytterligare par med minst {_sv(FLOOR_PERCENT)} %.",
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
                           f"Heat {k + 1}, på tur, har inget ytterligare par med minst {_sv(FLOOR_PERCENT)} %: platsen går vidare.",
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
                f"Replacement rule 2: heats {_heat_list(able, 'and')} tie in T3's turn for "
                f"{_places(to_fill)}; the seed draws lots (003 line 270), which the committee does.",
            )
        idle = 0
        for k in able:
            i = heats[k].next_offer(declined)
            assert i is not None
            _offer(heats[k], i, "rule 2", "003 lines 286-292", finalists)
            to_fill -= 1
    return to_fill
