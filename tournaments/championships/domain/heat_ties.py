"""Where a tie in a heat (or in the final) decides a place, and only there.

Source: seed ``003_796cec548aee39db.txt``, "Särskiljning" (lines 209-213): pairs with the
same score in a heat are separated only when their order can matter for the final's
places; first by the boards won between them, then head-to-head, then a lot; the same
in the DM final for the SM places (line 211). No tie-break for the medals (line 213).

The boards won between two pairs are not in the reported results. The committee's
reading (docs, part "pairs"): the order of the results list as the official confirmed it
stands; a list that still shares the places of the tie (``place_to`` beyond ``place``)
leaves the tie open for the official.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from .pairs_words import Reason

LINES = "003 lines 209-211"


@dataclass(frozen=True)
class TiedLine:
    """A pair's line as the tie-break reads it: its score and the place (or range of
    places, a shared place) the results list gives it."""

    pair: str
    score: Decimal
    place: int
    place_to: int


@dataclass(frozen=True)
class DecidingTie:
    """Pairs with the same score on both sides of the last place that counts
    (``cut``: the last place in the final, or the last SM place)."""

    cut: int
    first: int  # the first place of the tie in the list (1-based)
    pairs: tuple[str, ...]
    score: Decimal
    decided: bool  # the results list gives each pair its own place
    reason: Reason


def deciding_tie(lines: Sequence[TiedLine], cut: int, *, what: str = "final") -> DecidingTie | None:
    """The tie that straddles place ``cut`` (the last place that counts), if any: pairs
    ``cut`` and ``cut + 1`` of ``lines`` (in the list's order) have the same score. A
    tie anywhere else decides nothing and is not reported (line 209: "kan ha betydelse
    för fördelning av finalplatser"). ``what`` is ``"final"`` (a heat's last place in
    the final) or ``"sm"`` (the final's last SM place, line 211)."""
    if cut < 1 or cut >= len(lines):
        return None
    score = lines[cut - 1].score
    if lines[cut].score != score:
        return None
    first = cut - 1
    while first > 0 and lines[first - 1].score == score:
        first -= 1
    last = cut
    while last + 1 < len(lines) and lines[last + 1].score == score:
        last += 1
    group = lines[first : last + 1]
    decided = all(line.place == line.place_to for line in group) and len(
        {line.place for line in group}
    ) == len(group)
    names = tuple(line.pair for line in group)
    where_en = "the last place in the final" if what == "final" else "the last SM place"
    where_sv = "sista finalplatsen" if what == "final" else "sista SM-platsen"
    listed = ", ".join(names)
    head_en = f"Tie for {where_en} (place {cut}): {listed} have the same score, {score}."
    head_sv = f"Lika för {where_sv} (plats {cut}): {listed} har samma poäng, {str(score).replace('.', ',')}."
    if decided:
        en = (
            f"{head_en} Decided by the boards won between them, then head-to-head, then a "
            "lot: the order is the results list's, as the official confirmed it."
        )
        sv = (
            f"{head_sv} Särskiljs på antal vunna brickor mellan paren, sedan inbördes möte, "
            "sedan lott: ordningen är resultatlistans, som funktionären bekräftat."
        )
    else:
        en = (
            f"{head_en} The results list shares their places: the tie-break (boards won "
            "between them, then head-to-head, then a lot) is for the official to decide."
        )
        sv = (
            f"{head_sv} Resultatlistan ger dem delad placering: särskiljningen (vunna "
            "brickor mellan paren, inbördes möte, lott) avgörs av funktionären."
        )
    return DecidingTie(cut, first + 1, names, score, decided, Reason("tie", 0, en, sv, LINES))
