"""Duplicate score of one deal.

Sources: seed ``004_058b41174697c9d9.txt``, "Scoring elements" and
"Duplicate bridge / Scoring deals" (its 16-board table is pinned in the tests);
the Laws of Duplicate Bridge, Law 77. Values, decisions and the precomputed
table: docs/scoring.md, "2. Duplicate deal scores".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from tournaments.domain.contract import (
    CONTRACT_ROWS,
    MAX_LEVEL,
    MAX_TRICKS,
    MIN_LEVEL,
    Contract,
    Doubling,
    PassedOut,
    Seat,
    Strain,
    Vulnerability,
    board_vulnerability,
    check_tricks,
    parse_contract,
    parse_result,
    parse_seat,
    parse_vulnerability,
)

# Seed 004 "Contract points" table: points for (the first, each later) odd trick
# bid and made, undoubled. Notrump is 40 for the first trick, 30 after.
TRICK_VALUE: Final[dict[Strain, tuple[int, int]]] = {
    Strain.CLUBS: (20, 20),
    Strain.DIAMONDS: (20, 20),
    Strain.HEARTS: (30, 30),
    Strain.SPADES: (30, 30),
    Strain.NOTRUMP: (40, 30),
}

# Seed 004 "Contract points": doubled ×2, redoubled ×4 (80/60, 160/120 for NT).
DOUBLING_FACTOR: Final[dict[Doubling, int]] = {
    Doubling.UNDOUBLED: 1,
    Doubling.DOUBLED: 2,
    Doubling.REDOUBLED: 4,
}

# Seed 004 "Overtrick points" table, per overtrick, keyed by vulnerable?.
# Undoubled overtricks are worth the trick value (TRICK_VALUE later-trick column).
DOUBLED_OVERTRICK: Final[dict[Doubling, dict[bool, int]]] = {
    Doubling.DOUBLED: {False: 100, True: 200},
    Doubling.REDOUBLED: {False: 200, True: 400},
}

# Seed 004 "Penalty points" table (post-1987): points per undertrick for the
# (1st, 2nd and 3rd each, 4th and later each) undertrick, keyed by
# (vulnerable?, doubling).
UNDERTRICK: Final[dict[tuple[bool, Doubling], tuple[int, int, int]]] = {
    (False, Doubling.UNDOUBLED): (50, 50, 50),
    (False, Doubling.DOUBLED): (100, 200, 300),
    (False, Doubling.REDOUBLED): (200, 400, 600),
    (True, Doubling.UNDOUBLED): (100, 100, 100),
    (True, Doubling.DOUBLED): (200, 300, 300),
    (True, Doubling.REDOUBLED): (400, 600, 600),
}

# Seed 004 "Game or part-game bonus" (duplicate): game = 100+ contract points.
GAME_THRESHOLD: Final = 100
PART_SCORE_BONUS: Final = 50
GAME_BONUS: Final[dict[bool, int]] = {False: 300, True: 500}

# Seed 004 "Slam bonus", keyed by level then vulnerable?.
SLAM_BONUS: Final[dict[int, dict[bool, int]]] = {
    6: {False: 500, True: 750},
    7: {False: 1000, True: 1500},
}

# Seed 004 "Doubled or redoubled bonus" ("insult"); 100 for XX since the change
# noted in the article's history section.
INSULT_BONUS: Final[dict[Doubling, int]] = {
    Doubling.UNDOUBLED: 0,
    Doubling.DOUBLED: 50,
    Doubling.REDOUBLED: 100,
}


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """The parts of a duplicate score, named as in the seed 004 example table.

    All parts are non-negative. For a made contract ``penalty`` is 0 and the
    declaring side scores :attr:`total`; for a defeated one only ``penalty`` is
    set and it goes to the defenders (``total`` is then negative).
    ``game_points`` is the duplicate part-score (50) or game (300/500) bonus;
    rubber bridge ignores it.
    """

    contract_points: int = 0
    overtrick_points: int = 0
    game_points: int = 0
    slam_bonus: int = 0
    insult_bonus: int = 0
    penalty: int = 0

    @property
    def made(self) -> bool:
        return self.penalty == 0

    @property
    def total(self) -> int:
        """Score for the declaring side (negative when defeated)."""
        if self.penalty:
            return -self.penalty
        return (
            self.contract_points
            + self.overtrick_points
            + self.game_points
            + self.slam_bonus
            + self.insult_bonus
        )


def contract_points(contract: Contract) -> int:
    """Points below the line for bidding and making ``contract`` (no overtricks)."""
    first, later = TRICK_VALUE[contract.strain]
    return (first + later * (contract.level - 1)) * DOUBLING_FACTOR[contract.doubling]


def undertrick_penalty(undertricks: int, vulnerable: bool, doubling: Doubling) -> int:
    """Points the defenders get for ``undertricks`` (1-13)."""
    first, second_third, fourth_on = UNDERTRICK[(vulnerable, doubling)]
    return (
        first + second_third * min(max(undertricks - 1, 0), 2) + fourth_on * max(undertricks - 3, 0)
    )


def _breakdown(contract: Contract, vulnerable: bool, tricks: int) -> ScoreBreakdown:
    needed = contract.tricks_needed
    if tricks < needed:
        return ScoreBreakdown(
            penalty=undertrick_penalty(needed - tricks, vulnerable, contract.doubling)
        )
    points = contract_points(contract)
    overtricks = tricks - needed
    if contract.doubling is Doubling.UNDOUBLED:
        per_overtrick = TRICK_VALUE[contract.strain][1]
    else:
        per_overtrick = DOUBLED_OVERTRICK[contract.doubling][vulnerable]
    return ScoreBreakdown(
        contract_points=points,
        overtrick_points=overtricks * per_overtrick,
        game_points=GAME_BONUS[vulnerable] if points >= GAME_THRESHOLD else PART_SCORE_BONUS,
        slam_bonus=SLAM_BONUS.get(contract.level, {}).get(vulnerable, 0),
        insult_bonus=INSULT_BONUS[contract.doubling],
    )


def _check_vulnerable(vulnerable: bool) -> bool:
    # bool is checked strictly: a board vulnerability such as "NS" passed here by
    # mistake must fail loudly rather than count as "vulnerable".
    if vulnerable is not True and vulnerable is not False:
        raise ValueError(
            f"vulnerable must be True or False (declaring side), got {vulnerable!r}; "
            "use ns_score() for a board vulnerability"
        )
    return vulnerable


def score_breakdown(
    contract: str | Contract, vulnerable: bool, tricks: int | str
) -> ScoreBreakdown:
    """The parts of the duplicate score (declarer's view) for a played contract."""
    parsed = parse_contract(contract)
    if isinstance(parsed, PassedOut):
        raise ValueError("a passed-out board has no score breakdown")
    return _breakdown(parsed, _check_vulnerable(vulnerable), parse_result(tricks, parsed))


_TRICK_COUNTS: Final = MAX_TRICKS + 1


def _build_table() -> list[int]:
    table = [0] * (CONTRACT_ROWS * 2 * _TRICK_COUNTS)
    for level in range(MIN_LEVEL, MAX_LEVEL + 1):
        for strain in Strain:
            for doubling in Doubling:
                contract = Contract(level, strain, doubling)
                for vulnerable in (False, True):
                    base = (contract.row * 2 + vulnerable) * _TRICK_COUNTS
                    for tricks in range(_TRICK_COUNTS):
                        table[base + tricks] = _breakdown(contract, vulnerable, tricks).total
    return table


_SCORES: Final[list[int]] = _build_table()


def _as_contract(contract: object) -> Contract | PassedOut:
    if isinstance(contract, Contract | PassedOut | str):
        return parse_contract(contract)
    raise ValueError(f"contract must be text or a Contract, got {contract!r}")


def duplicate_score(
    contract: str | Contract | PassedOut,
    declarer: str | Seat,
    vulnerable: bool,
    tricks: int | str,
) -> int:
    """Duplicate score from the declaring side's point of view (Law 77).

    ``contract``: ``"4SX"`` etc. or a parsed :class:`Contract`; ``declarer``:
    N/E/S/W (validated; the declarer's view does not depend on it);
    ``vulnerable``: vulnerability of the declaring side; ``tricks``: tricks
    taken 0-13, or a relative result such as ``"="``/``"-2"``.
    A passed-out board scores 0.
    """
    # The checks are written inline (type() rather than isinstance, no helper
    # call on the happy path) because this function is the scoring hot loop.
    if type(declarer) is not Seat:
        parse_seat(declarer)
    if vulnerable is not True and vulnerable is not False:
        _check_vulnerable(vulnerable)
    if type(contract) is not Contract:
        parsed = _as_contract(contract)
        if isinstance(parsed, PassedOut):
            parse_result(tricks, parsed)
            return 0
        contract = parsed
    if type(tricks) is not int:
        tricks = parse_result(tricks, contract)
    elif not 0 <= tricks <= MAX_TRICKS:
        check_tricks(tricks)
    return _SCORES[(contract.row * 2 + vulnerable) * _TRICK_COUNTS + tricks]


_SEAT_VULNERABLE: Final[dict[tuple[Vulnerability, Seat], bool]] = {
    (vul, seat): vul.is_vulnerable(seat) for vul in Vulnerability for seat in Seat
}
_SEAT_IS_NS: Final[dict[Seat, bool]] = {seat: seat in (Seat.NORTH, Seat.SOUTH) for seat in Seat}


def ns_score(
    contract: str | Contract | PassedOut,
    declarer: str | Seat,
    vulnerability: str | Vulnerability,
    tricks: int | str,
) -> int:
    """Duplicate score from North-South's point of view.

    ``vulnerability`` is the board's: ``"None"``/``"-"``, ``"NS"``, ``"EW"``,
    ``"Both"``/``"All"`` (see :func:`parse_vulnerability`) or a
    :class:`Vulnerability`.
    """
    seat = declarer if type(declarer) is Seat else parse_seat(declarer)
    if type(vulnerability) is not Vulnerability:
        vulnerability = parse_vulnerability(vulnerability)
    score = duplicate_score(contract, seat, _SEAT_VULNERABLE[vulnerability, seat], tricks)
    return score if _SEAT_IS_NS[seat] else -score


def board_ns_score(
    board: int,
    contract: str | Contract | PassedOut,
    declarer: str | Seat,
    tricks: int | str,
) -> int:
    """North-South score on ``board`` (vulnerability from the board number)."""
    return ns_score(contract, declarer, board_vulnerability(board), tricks)
