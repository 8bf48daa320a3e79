"""The EBU master points ranks: local, blue and green points counted together, and the
most senior rank of the 2.6.2 list a holding meets.

Source: seed ``001_4cb9a3c6036a851e.txt``, chapter 2 "The Master Points scheme":
2.4.1 types of points (lines 1321-1373: a blue or green point is 100 master points; up
to 50 green points of a rank may be replaced by blue points, 3 blue = 1 green), 2.5.2
(lines 1394-1396: gold points do not count for rank), 2.6.1 (lines 1414-1418: the
overall holding and its example), 2.6.2 (lines 1422-1483: the ranks in increasing order
of seniority).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from .core import LOCAL_PER_POINT, EbuInputError

# 2.4.1(b), lines 1335-1339: "up to 50 Green Points to be replaced by Blue Points in the
# ratio of 3 Blues = 1 Green".
BLUE_FOR_GREEN = 3
MAX_GREEN_FROM_BLUE = 50


@dataclass(frozen=True)
class RankRow:
    """One line of the 2.6.2 list: the title and stars as printed, the overall holding
    and green points it needs, and its "further star for each extra N" rule (``step``,
    up to ``max_stars``; None is no limit printed)."""

    title: str
    stars: int
    total: int
    green: int
    line: int
    step: int | None = None
    max_stars: int | None = None


# 2.6.2 (lines 1426-1483), in increasing order of seniority as printed.
RANKS: tuple[RankRow, ...] = (
    RankRow("Local Master", 0, 100, 0, 1428),
    RankRow("Club Master", 0, 200, 0, 1430),
    RankRow("Area Master", 0, 500, 0, 1432),
    RankRow("District Master", 0, 1_000, 0, 1434),
    RankRow("County Master", 0, 2_500, 0, 1436),
    RankRow("Master", 0, 5_000, 0, 1438),
    RankRow("Advanced Master", 0, 7_500, 0, 1440),
    RankRow("Master", 1, 10_000, 0, 1442),
    RankRow("Master", 2, 15_000, 0, 1444),
    RankRow("Master", 3, 20_000, 0, 1446),
    RankRow("Master", 4, 25_000, 0, 1448),
    RankRow("Master", 5, 30_000, 0, 1450),
    RankRow("Tournament Master", 0, 40_000, 0, 1452),
    RankRow("Tournament Master", 1, 50_000, 0, 1454, step=10_000),
    RankRow("Premier Master", 0, 5_000, 10, 1456),
    # "further star for each extra 5,000 up to a maximum of 5 stars" (line 1460)
    RankRow("Premier Master", 1, 10_000, 10, 1458, step=5_000, max_stars=5),
    RankRow("Premier Tournament Master", 0, 40_000, 10, 1462),
    RankRow("Premier Tournament Master", 1, 50_000, 10, 1464, step=10_000),
    RankRow("Regional Master", 0, 10_000, 25, 1466),
    RankRow("Regional Master", 1, 20_000, 25, 1468, step=10_000),
    RankRow("Premier Regional Master", 0, 20_000, 50, 1470),
    RankRow("Premier Regional Master", 1, 30_000, 50, 1472, step=10_000),
    RankRow("National Master", 0, 30_000, 75, 1473),
    RankRow("Premier National Master", 0, 40_000, 100, 1475),
    RankRow("Life Master", 0, 60_000, 150, 1477),
    RankRow("Premier Life Master", 0, 90_000, 300, 1479),
    RankRow("Grand Master", 0, 120_000, 600, 1481),
    # "Minimum of 1,500 Green Points" (line 1483): 150,000 master points in green alone.
    RankRow("Premier Grand Master", 0, 0, 1_500, 1483),
)


@dataclass(frozen=True)
class Rank:
    """A holding's rank: ``title`` as printed in 2.6.2 without stars (None below 100
    master points), ``stars``, and the overall holding in master points."""

    title: str | None
    stars: int
    total: int

    @property
    def name(self) -> str | None:
        """The rank as the EBU writes it: "** Premier Master"; "Master" with no stars."""
        if self.title is None:
            return None
        return f"{'*' * self.stars} {self.title}" if self.stars else self.title


def total_master_points(*, local: int, blue: Decimal, green: Decimal) -> int:
    """2.6.1 (lines 1414-1418): local + 100 × (blue + green); 7.25 green, 2.75 blue
    and 4,344 local are 5,344."""
    return local + int((blue + green) * LOCAL_PER_POINT)


def green_for_rank(*, blue: Decimal, green: Decimal) -> Fraction:
    """2.4.1(b) (lines 1335-1339): the green points a rank requirement counts, blue
    points standing in for up to 50 of them at 3 blue to 1 green."""
    from_blue = min(Fraction(blue) / BLUE_FOR_GREEN, Fraction(MAX_GREEN_FROM_BLUE))
    return Fraction(green) + from_blue


# 2.4.1(d), lines 1365-1373: online master points (no longer issued) count towards a
# rank only when at least 2/3 of its required total is local, blue and green points.
MAIN_SHARE = Fraction(2, 3)


def _meets(required: int, total: int, main: int) -> bool:
    return total >= required and main >= MAIN_SHARE * required


def _stars(row: RankRow, total: int, main: int) -> int:
    """The row's stars plus one for each further ``step`` met (each star is a rank of
    its own, so 2.4.1(d) applies to each)."""
    if row.step is None:
        return row.stars
    extra = (total - row.total) // row.step
    while extra > 0 and not _meets(row.total + extra * row.step, total, main):
        extra -= 1
    stars = row.stars + extra
    return stars if row.max_stars is None else min(stars, row.max_stars)


def rank_for(
    *,
    local: int,
    blue: Decimal,
    green: Decimal,
    gold: Decimal = Decimal(0),
    online: int = 0,
) -> Rank:
    """2.6.2 (lines 1422-1483): the most senior rank whose requirements the holding
    meets (the list is in increasing seniority: the last line met), with its stars.
    Gold points do not count (2.5.2, lines 1394-1396); ``online`` master points count
    only beside at least 2/3 of each rank's total in the main points (2.4.1(d), lines
    1365-1373). Refuses negative holdings and blue, green or gold points finer than
    0.01 (2.5.1, 3.4.1) with EbuInputError."""
    for option, value in (("blue", blue), ("green", green), ("gold", gold)):
        if value < 0 or value != value.quantize(Decimal("0.01")):
            raise EbuInputError(
                option,
                f"{value} is not points to two decimals, 0 or more",
                sv=f"{value} är inte poäng med två decimaler, 0 eller mer",
            )
    for option, count in (("local", local), ("online", online)):
        if count < 0:
            raise EbuInputError(option, f"{count} is negative", sv=f"{count} är negativt")
    main = total_master_points(local=local, blue=blue, green=green)
    total = main + online
    counted_green = green_for_rank(blue=blue, green=green)
    met = [row for row in RANKS if _meets(row.total, total, main) and counted_green >= row.green]
    if not met:
        return Rank(None, 0, total)
    row = met[-1]
    return Rank(row.title, _stars(row, total, main), total)


# --- 2.7-2.10 who receives the points ------------------------------------------------------

# 2.10.2-2.10.3 (lines 1647-1663): what a contestant playing "without standing" may be
# given: nothing, only the awards per match won (or drawn), or every award.
NOTHING, MATCH_AWARDS, ALL_AWARDS = "nothing", "match-awards", "all"


def without_standing_may_receive(
    *, enhanced_or_advantage: bool, per_match_event: bool, organiser_allows: str
) -> str:
    """2.10.2-2.10.3 (lines 1647-1663): the awards a contestant "without standing" may
    receive. With enhanced points or an advantage over eligible contestants, none,
    except that an event with awards per match won may allow those; otherwise what
    the organiser allows (every award, only the match awards, or none).
    ``organiser_allows`` is one of "nothing", "match-awards", "all"."""
    if organiser_allows not in (NOTHING, MATCH_AWARDS, ALL_AWARDS):
        raise EbuInputError(
            "standing",
            f"{organiser_allows!r} is not nothing, match-awards or all",
            sv=f"{organiser_allows!r} är inte nothing, match-awards eller all",
        )
    if enhanced_or_advantage:
        if per_match_event and organiser_allows != NOTHING:
            return MATCH_AWARDS
        return NOTHING
    return organiser_allows


def original_entry(contestants: int, without_standing: int) -> int:
    """2.10.4 and 3.1.1 (lines 1667-1671, 1698-1702): the original entry that sizes
    the awards leaves out the contestants not entitled to ranking awards."""
    if not 0 <= without_standing <= contestants:
        raise EbuInputError(
            "entries",
            f"{without_standing} without standing of {contestants}",
            sv=f"{without_standing} utan poängrätt av {contestants}",
        )
    return contestants - without_standing


def may_be_credited(*, member: bool, record: bool, suspended: bool) -> bool:
    """2.7.2, 2.7.4, 2.9.2-2.9.3 (lines 1500-1514, 1579-1607): points are credited to
    members not suspended; lapsed or potential members with an EBU record have them
    recorded, credited on (re-)joining. True when the points go on a record now."""
    if suspended:
        return False
    return member or record
