"""DM Lag: ties between heats, and between teams of different semifinals: the VP average
with a bye's VPs taken out, then the IMP quotient, then the committee's lot.

Source: seed ``003_796cec548aee39db.txt``, "Särskiljning vid fördelning av platser"
(lines 575-582); the same order for the final's best thirds (line 614) and the SM
places (line 720).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)

MAX_VP = 20  # 003 lines 538, 826-828: the WBF 20-0 scale


@dataclass(frozen=True)
class Reason:
    """Why, in English and in Swedish (each with its seed lines)."""

    en: str
    sv: str


# --- Ties between heats: VP average with the bye removed, then the IMP quotient --------


@dataclass(frozen=True)
class MatchLine:
    """One line of a team's series: a match's VPs and IMPs, or a bye (frirond)."""

    vp: Decimal
    imps_for: Decimal = Decimal(0)
    imps_against: Decimal = Decimal(0)
    bye: bool = False


@dataclass(frozen=True)
class Record:
    """A team's VP average and IMP quotient, as a tie between heats or semifinals reads
    them (seed 003 "Särskiljning vid fördelning av platser", lines 575-582)."""

    vp_average: Fraction
    imp_quotient: Fraction | None  # None: no IMPs lost and some won, above every quotient

    @classmethod
    def from_matches(cls, matches: Sequence[MatchLine]) -> Record:
        """VP average and IMP quotient over the matches played (seed 003 lines 579-582).

        A bye's VPs are taken out before the average (line 582) and the bye is no match
        played; its IMPs, if any, leave the quotient too (the committee's reading: a bye
        has no opponent). No IMPs either way counts as an even quotient of 1, as in a
        heat's own ranking (``tournaments.domain.teams``).
        """
        played = [m for m in matches if not m.bye]
        if not played:
            raise ValueError("a record needs at least one match played besides byes")
        vp = sum((Fraction(m.vp) for m in played), Fraction(0)) / len(played)
        won = sum((Fraction(m.imps_for) for m in played), Fraction(0))
        lost = sum((Fraction(m.imps_against) for m in played), Fraction(0))
        if lost:
            return cls(vp, won / lost)
        return cls(vp, None if won else Fraction(1))

    def key(self) -> tuple[Fraction, int, Fraction]:
        """Best first when sorted in reverse: VP average, then the IMP quotient."""
        if self.imp_quotient is None:
            return (self.vp_average, 1, Fraction(0))
        return (self.vp_average, 0, self.imp_quotient)


@dataclass(frozen=True)
class TieBreak(Generic[Key]):
    """Who takes the contested places, and who is still tied (the committee's lot)."""

    winners: tuple[tuple[Key, Reason], ...]
    tied: tuple[Key, ...]
    places_left: int


def tie_groups(keys: Sequence[Key], value: Callable[[Key], object]) -> list[list[Key]]:
    """``keys`` (already sorted) cut where ``value`` changes."""
    groups: list[list[Key]] = []
    for key in keys:
        if groups and value(groups[-1][0]) == value(key):
            groups[-1].append(key)
        else:
            groups.append([key])
    return groups


def rank_records(records: Mapping[Key, Record], lot: Sequence[Key]) -> list[list[Key]]:
    """Best first, grouped where still tied: VP average, IMP quotient, then the lot when
    the committee has drawn one for the whole group (``lot``: best first)."""
    ordered = sorted(records, key=lambda k: records[k].key(), reverse=True)
    ranked: list[list[Key]] = []
    for group in tie_groups(ordered, lambda k: records[k].key()):
        if len(group) > 1 and all(k in lot for k in group):
            ranked.extend([k] for k in sorted(group, key=list(lot).index))
        else:
            ranked.append(group)
    return ranked


def number_words(value: Fraction, decimals: int = 3) -> tuple[str, str]:
    """``value`` rounded for people: English with a point, Swedish with a comma."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    text = str(exact.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP))
    return text, text.replace(".", ",")


def _quotient(record: Record) -> tuple[str, str]:
    if record.imp_quotient is None:
        return "no IMPs lost", "inga förlorade IMP"
    return number_words(record.imp_quotient)


def _won_by(winner: Record, best_left: Record | None) -> Reason:
    """Which criterion put ``winner`` above the best one left out."""
    if best_left is None:
        return Reason("no one left to separate from", "ingen kvar att särskilja mot")
    if winner.vp_average > best_left.vp_average:
        (w_en, w_sv), (l_en, l_sv) = (
            number_words(winner.vp_average),
            number_words(best_left.vp_average),
        )
        return Reason(
            f"VP average {w_en} against {l_en} (seed 003 line 579)",
            f"VP-genomsnitt {w_sv} mot {l_sv} (seed 003 rad 579)",
        )
    if winner.key() > best_left.key():
        (w_en, w_sv), (l_en, l_sv) = _quotient(winner), _quotient(best_left)
        return Reason(
            f"equal VP average, IMP quotient {w_en} against {l_en} (seed 003 line 580)",
            f"lika VP-genomsnitt, IMP-kvot {w_sv} mot {l_sv} (seed 003 rad 580)",
        )
    return Reason(
        "equal VP average and IMP quotient: drawn by lot (the committee's)",
        "lika VP-genomsnitt och IMP-kvot: lottad (av TK)",
    )


def break_tie(
    records: Mapping[Key, Record], places: int, *, lot: Sequence[Key] = ()
) -> TieBreak[Key]:
    """Who of ``records`` takes ``places`` contested places (seed 003 "Särskiljning vid
    fördelning av platser", lines 575-582): the higher VP average with the bye removed,
    then the higher IMP quotient. The seed names no lot here; the committee draws one as
    within a heat (line 569), given as ``lot`` (best first); without it the teams still
    tied are returned in ``tied`` with the places left for them.
    """
    if places < 0:
        raise ValueError("places must not be negative")
    winners: list[Key] = []
    tied: tuple[Key, ...] = ()
    left = places
    ranked = rank_records(records, lot)
    rest: list[Key] = []
    for index, group in enumerate(ranked):
        if left == 0:
            rest = [k for g in ranked[index:] for k in g]
            break
        if len(group) <= left:
            winners.extend(group)
            left -= len(group)
        else:
            tied = tuple(group)
            rest = [k for g in ranked[index:] for k in g]
            break
    best_left = records[rest[0]] if rest else None
    return TieBreak(
        winners=tuple((k, _won_by(records[k], best_left)) for k in winners),
        tied=tied,
        places_left=left,
    )
