"""The handicap policy: every constant of the handicap rules, as data.

Seed ``002_4426357e9a32e88f.txt`` (SBF "Project 52 - Handicap", Per Jernberg 2005,
translated 2007, and the SBF presentation); line numbers below are that file's.
What is reconstructed, and how another federation's scale is made: docs/handicap.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from .errors import UnknownRule

# Paper 3.2 "Type of calculations" (lines 161-169); topscore results are percentages,
# IMP results IMPs per board (lines 133-135).
TOPSCORE = "topscore"
IMP = "imp"
SCORINGS = (TOPSCORE, IMP)

# What an average result owner scores, in the unit results are reported in: the
# paper counts topscore results "in percent over or below average" (line 135),
# so 58 % is r = +8.
AVERAGE = {TOPSCORE: 50.0, IMP: 0.0}

INDIVIDUAL = "individual"
PAIRS = "pairs"
TEAM_MATCH = "team_match"
TEAM_MATCH_IAF = "team_match_iaf"
DUPLICATE_TEAMS_IAF = "duplicate_teams_iaf"

# The result owner (paper 3.1, C_k): who shares one result.
OWNER_INDIVIDUAL = "individual"
OWNER_PAIR = "pair"
OWNER_TEAM = "team"


@dataclass(frozen=True)
class Form:
    """One type of competition (paper 3.3): who owns a result and how it is compared.

    ``tables`` is how many tables make up one owner's result: a team's match result
    is the sum of its two tables, each worth a pair-against-pair difference, so its
    expected result is twice the pairs' (3.3.3.1, "the two pairs handicap and the sum
    of the two opponent pairs handicap", lines 56-60).
    """

    name: str
    owner: str
    players: int
    tables: int
    section: str


FORMS: dict[str, Form] = {
    form.name: form
    for form in (
        # 3.3.1 Individual tournament, equation (5), lines 203-215.
        Form(INDIVIDUAL, OWNER_INDIVIDUAL, 1, 1, "3.3.1 (5)"),
        # 3.3.2 Pair competition, equation (6), lines 218-227.
        Form(PAIRS, OWNER_PAIR, 2, 1, "3.3.2 (6)"),
        # 3.3.3.1 Single match or half, equation (7), lines 231-248; team handicap (4).
        Form(TEAM_MATCH, OWNER_TEAM, 4, 2, "3.3.3.1 (7)"),
        # 3.3.3.2 Match or single half with IAF/TAF, equation (8), lines 252-282: the
        # result is the pair's score across the field.
        Form(TEAM_MATCH_IAF, OWNER_PAIR, 2, 1, "3.3.3.2 (8)"),
        # 3.3.3.3 Duplicate teams IAF/TAF (simplified), equation (9), lines 283-303.
        Form(DUPLICATE_TEAMS_IAF, OWNER_PAIR, 2, 1, "3.3.3.3 (9)"),
    )
}
TEAM_FORMS = frozenset({TEAM_MATCH, TEAM_MATCH_IAF, DUPLICATE_TEAMS_IAF})


def form_of(name: str) -> Form:
    try:
        return FORMS[name]
    except KeyError:
        raise UnknownRule(f"unknown form {name!r}; known: {', '.join(FORMS)}") from None


def check_scoring(name: str) -> str:
    if name not in SCORINGS:
        raise UnknownRule(f"unknown scoring {name!r}; known: {', '.join(SCORINGS)}")
    return name


@dataclass(frozen=True)
class HandicapPolicy:
    """The numbers of a handicap system. The defaults are the SBF paper's.

    Plain floats (hashable), so per-competition factors can be cached by policy.
    """

    version: str = "SBF 2007"

    # Equation (2): the 1/480 "decisive for the impact" (4.1, lines 316-323).
    impact: float = 480.0
    # 2: "a handicap exceeding 52 ... will be corrected to 52" (lines 68-70); no floor:
    # the presentation's "We even have some on minus" (lines 642-646).
    max_handicap: float = 52.0

    # 3.2 table, lines 166-169: C_b and S by calculation.
    c_b_topscore: float = 2.0
    c_b_imp: float = 12.0
    s_topscore: float = 0.6
    s_imp: float = 0.1

    # Expected result per handicap unit of difference, topscore, in percentage
    # points: section 9's worked examples (lines 580-583 and 604-606: 26/26 against 16
    # gives 46 %, against 46 gives 58 %, 5 units gives 2 %) and 4.3's "ten units ...
    # 4 % better" (lines 361-363). 4.3's "0,5 %" (line 360) and 5.1's "(34,7-13,0)/C_b"
    # (lines 416-419) say 0.5 = 1/C_b instead; see docs/handicap.md. IMP and other
    # calculations keep slope * C_b constant (see :meth:`slope`).
    topscore_slope: float = 0.4

    # C_u, the "dilution" (3.1). Individual and pairs scored against a datum: 1
    # ("If a tournament is calculated with a date score C_u = 1", lines 212, 224).
    c_u_datum: float = 1.0
    # Individual and pairs by topscore: formulas (5') and (6') were lost; 1 until found.
    c_u_topscore: float = 1.0
    # Team events: 1/2, equations (7') and (8') (lines 243, 278); 3.3.3.3 is the
    # simplified 3.3.3.2 and keeps its 1/2.
    c_u_teams: float = 0.5

    # C_k by result owner: (5") 2, (6") 1, (7") 1/2 (lines 215, 227, 248).
    c_k_individual: float = 2.0
    c_k_pair: float = 1.0
    c_k_team: float = 0.5

    # Start handicap (10), 5.1 lines 393-413: H0 = 52 / (1 + C * MP), C = 0.01 (line 403).
    start_handicap: float = 52.0
    start_mp_factor: float = 0.01

    # "Once a month the handicap change will be calculated" (section 9, line 590):
    # True = every competition of a calendar month uses the handicaps of the start of
    # the month, and the month's changes are applied together at its end.
    monthly_batch: bool = False

    def __post_init__(self) -> None:
        positive = ("impact", "c_b_topscore", "c_b_imp", "topscore_slope", "start_handicap")
        for name in positive:
            if not getattr(self, name) > 0:
                raise ValueError(f"policy {self.version!r}: {name} must be positive")
        for name in ("s_topscore", "s_imp", "start_mp_factor"):
            if getattr(self, name) < 0:
                raise ValueError(f"policy {self.version!r}: {name} must not be negative")

    def c_b(self, scoring: str) -> float:
        return self.c_b_topscore if check_scoring(scoring) == TOPSCORE else self.c_b_imp

    def s(self, scoring: str) -> float:
        return self.s_topscore if check_scoring(scoring) == TOPSCORE else self.s_imp

    def slope(self, scoring: str) -> float:
        """Expected result per handicap unit of difference, in the scoring's unit.

        4.3 (lines 355-366) ties the handicap unit to each calculation through C_b
        ("IMP ... 12, i.e. 6 times more than the top score factor"): slope * C_b is
        the same for every calculation, 0.4 * 2 = 0.8, so IMP is 0.8 / 12 IMP per
        board per unit. That keeps the feedback of equation (2), C_b * slope, the
        same for topscore and IMP events.
        """
        return self.topscore_slope * self.c_b_topscore / self.c_b(scoring)

    def c_u(self, form: str, scoring: str) -> float:
        if form in TEAM_FORMS:
            return self.c_u_teams
        form_of(form)
        return self.c_u_topscore if check_scoring(scoring) == TOPSCORE else self.c_u_datum

    def c_k(self, form: str) -> float:
        owner = form_of(form).owner
        if owner == OWNER_INDIVIDUAL:
            return self.c_k_individual
        return self.c_k_pair if owner == OWNER_PAIR else self.c_k_team


SBF_2007 = HandicapPolicy()
