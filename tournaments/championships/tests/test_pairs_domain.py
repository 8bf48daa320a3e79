"""DM-par's rules split by rule (issue #21 point 2, part "pairs"): the old modules keep
every public name, T3 reads the heats' lists in the domain, who plays the qualification,
where a tie decides a place, reserves, the SM places with the pairs passed over, and the
bonus table. Seed 003_796cec548aee39db.txt (lines named in each test); no database."""

from decimal import Decimal

import pytest

from tournaments.championships.domain import final_places, semifinal_places
from tournaments.championships.domain.allocation import (
    allocate,
    allocate_results,
    whole_places,
)
from tournaments.championships.domain.final_bonus import BONUS, HCP30_MIN_BOARDS
from tournaments.championships.domain.heat_ties import TiedLine, deciding_tie
from tournaments.championships.domain.pairs_words import LotNeeded
from tournaments.championships.domain.qualifying import (
    DECLARED,
    EVERY_PAIR,
    NOT_DECLARED,
    STRUCK,
    UNREGISTERED,
    line_state,
)
from tournaments.championships.domain.reserves import (
    PairPlayer,
    final_pair_findings,
    heat_pair_findings,
)
from tournaments.championships.domain.sm_places import sm_allocation

D = Decimal


# -- the split keeps every public name where other code imports it ---------------------


@pytest.mark.parametrize(
    "name",
    [
        "fill_final", "allocate", "final_size", "final_size_reason", "final_movement",
        "LotNeeded", "PercentagesNeeded", "PlacesInputError", "HeatEntry", "heat_results",
        "direct_place", "Champions", "next_pair_percent", "Allocation", "FinalField",
        "Finalist", "Reason", "FLOOR_PERCENT", "MAX_FINAL", "HEATS_DISCIPLINES",
    ],
)  # fmt: skip
def test_final_places_still_exports(name):
    assert hasattr(final_places, name)


@pytest.mark.parametrize(
    "name",
    [
        "semifinal_places", "Record", "break_tie", "choose_semifinals", "semifinal_offers",
        "semifinal_plan", "final_qualifiers", "final_offers", "sm_queue", "sm_places",
        "FINAL_TEAMS", "FINAL_ROUNDS_BY_DAY", "SM_SEMIFINALS", "SM_SEMIFINAL_TEAMS",
        "MIN_TEAMS_PER_HEAT", "MatchLine", "Placed", "PlacesInputError", "heats_in_turn",
        "SEMIFINAL_PLANS", "TieBreak", "Contest", "Offer", "Choice", "Qualified",
    ],
)  # fmt: skip
def test_semifinal_places_still_exports(name):
    assert hasattr(semifinal_places, name)


# -- T1 from the domain; T3 reads the lists (003 lines 250-270) -------------------------


def test_whole_places_is_t1():
    """003 line 250: 18 × 32 / 106 = 5,434 → I_k = 5; heats 18, 30, 22, 36."""
    assert whole_places([18, 30, 22, 36], 32) == (5, 9, 6, 10)


def _heat(prefix: str, percents: list[str]) -> list[tuple[str, Decimal]]:
    return [(f"{prefix}{n}", D(p)) for n, p in enumerate(percents, start=1)]


def test_allocate_results_reads_the_next_pairs_for_t3():
    """Two heats of 5 pairs and 5 places: 2.5 each, T1 gives 2 + 2, the remainders are
    equal for the last place, so T3 (lines 266-270) compares the pairs at place 3:
    heat 2's 55 % beats heat 1's 52 %."""
    one = _heat("a", ["60", "58", "52", "50", "40"])
    two = _heat("b", ["61", "57", "55", "49", "41"])
    allocation = allocate_results([one, two], 5)
    assert allocation.places == (2, 3)
    assert allocation.heats[1].next_percent == D("55")
    assert allocation.places == allocate([5, 5], 5, [D("52"), D("55")]).places


def test_allocate_results_passes_the_champions_over():
    """Decision 7 (lines 274-276): the champions in a heat are passed over, so T3 reads
    the pair after them."""
    one = _heat("a", ["60", "58", "52", "50", "40"])
    two = _heat("b", ["61", "57", "55", "49", "41"])
    allocation = allocate_results([one, two], 5, passed_over={"b3"})
    assert allocation.heats[1].next_percent == D("49")
    assert allocation.places == (3, 2)


def test_allocate_results_equal_next_pairs_need_the_lot():
    one = _heat("a", ["60", "58", "52", "50", "40"])
    two = _heat("b", ["61", "57", "52", "49", "41"])
    with pytest.raises(LotNeeded):
        allocate_results([one, two], 5)
    assert allocate_results([one, two], 5, lot=[1, 0]).places == (2, 3)


# -- who plays the qualification (003 lines 181, 185-187, 193-195) ----------------------


@pytest.mark.parametrize(
    ("bronze", "registered", "declared", "struck", "mark", "counts"),
    [
        (False, False, False, "", EVERY_PAIR, True),  # line 181: silver, every pair
        (False, True, False, "", EVERY_PAIR, True),  # a silver heat asks nobody
        (True, True, True, "", DECLARED, True),  # line 187
        (True, True, False, "", NOT_DECLARED, False),  # line 187
        (True, False, False, "", UNREGISTERED, False),  # lines 185-187, decision
        (True, True, True, "qualified twice", STRUCK, False),  # lines 193-195
        (False, False, False, "qualified twice", STRUCK, False),  # lines 193-195
    ],
)
def test_who_plays_the_qualification(bronze, registered, declared, struck, mark, counts):
    state = line_state(bronze=bronze, registered=registered, declared=declared, struck=struck)
    assert (state.mark, state.counts) == (mark, counts)


def test_a_struck_line_shows_its_reason():
    state = line_state(bronze=False, registered=True, declared=True, struck="kvalade två gånger")
    assert "kvalade två gånger" in state.reason.sv and "003 lines 193-195" == state.reason.lines


# -- a tie only where it decides a place (003 lines 209-211) -----------------------------


def _lines(scores: list[str], shared: dict[int, int] | None = None) -> list[TiedLine]:
    shared = shared or {}
    return [TiedLine(f"p{n}", D(s), n, shared.get(n, n)) for n, s in enumerate(scores, start=1)]


def test_a_tie_across_the_last_place_is_shown():
    """Places 3 and 4 have the same score and the heat has 3 places (line 209)."""
    tie = deciding_tie(_lines(["60", "55", "52", "52", "48"]), 3)
    assert tie is not None
    assert tie.pairs == ("p3", "p4") and tie.first == 3 and tie.decided
    assert "won between them" in tie.reason.en and "003 lines 209-211" == tie.reason.lines


def test_a_tie_that_decides_nothing_is_not_shown():
    """Line 209: "kan ha betydelse för fördelning av finalplatser": a tie above or below
    the last place decides nothing."""
    assert deciding_tie(_lines(["60", "60", "52", "50", "50"]), 3) is None
    assert deciding_tie(_lines(["60", "55"]), 2) is None  # every pair is in
    assert deciding_tie(_lines(["60", "55"]), 0) is None  # no place


def test_a_tie_the_list_shares_is_for_the_official():
    """The results share places 2-4: the tie-break is open (decision: the official's)."""
    tie = deciding_tie(_lines(["60", "52", "52", "52", "48"], {2: 4, 3: 4, 4: 4}), 3)
    assert tie is not None and not tie.decided
    assert tie.pairs == ("p2", "p3", "p4")
    assert "funktionären" in tie.reason.sv


def test_the_final_s_last_sm_place():
    """Line 211: the same tie-break in the DM final for the SM places."""
    tie = deciding_tie(_lines(["60", "58", "58"]), 2, what="sm")
    assert tie is not None and "last SM place" in tie.reason.en


# -- reserves (003 lines 197-205) -------------------------------------------------------


def test_a_pair_needs_a_regular_who_played_every_session():
    """Line 199: at least one regular played all the heat's boards (two evenings)."""
    regular = PairPlayer("1", "Anna", reserve=False, boards_played=48)
    half = PairPlayer("2", "Bo", reserve=False, boards_played=24)
    reserve = PairPlayer("3", "Cilla", reserve=True, boards_played=48)
    assert heat_pair_findings("A", [regular, half], boards=48) == ()
    assert heat_pair_findings("A", [half, PairPlayer("4", "Dan", boards_played=24)], boards=48)
    (finding,) = heat_pair_findings("A", [half, reserve], boards=48)
    assert "003 line 199" in finding.reason.en
    # a count the results do not give: played throughout (decision)
    assert heat_pair_findings("A", [PairPlayer("5", "Eva")], boards=48) == ()
    # no players in the results: nothing to judge (decision)
    assert heat_pair_findings("A", [], boards=48) == ()


def test_a_reserve_in_the_final_must_not_have_qualified_this_season():
    """Line 201."""
    players = [PairPlayer("1", "Anna"), PairPlayer("9", "Ivar", reserve=True)]
    (finding,) = final_pair_findings("A", players, qualified_before={"9"}, regular_of={})
    assert "Ivar" in finding.reason.en and "003 line 201" in finding.reason.en
    assert final_pair_findings("A", players, qualified_before=set(), regular_of={}) == ()


def test_regulars_of_different_pairs_never_play_together():
    """Line 203."""
    players = [PairPlayer("1", "Anna"), PairPlayer("2", "Bo")]
    (finding,) = final_pair_findings(
        "A", players, qualified_before={"1", "2"}, regular_of={"1": "e10", "2": "e11"}
    )
    assert "003 line 203" in finding.reason.en
    same = {"1": "e10", "2": "e10"}
    assert final_pair_findings("A", players, qualified_before={"1", "2"}, regular_of=same) == ()


# -- SM places and the pairs passed over (003 lines 167-177) -----------------------------


def test_the_sm_places_name_the_outside_pairs_passed_over():
    """3 SM places: pairs from outside play for at most 1 (line 171). The final's 1st
    and 2nd are from outside: the 1st takes a place, the 2nd is passed over; the 3rd and
    4th, the district's, take the other two (line 177)."""
    final = [("a", True), ("b", True), ("c", False), ("d", False), ("e", True)]
    result = sm_allocation(final, 3)
    assert result.cap == 1
    assert [(p.pair, p.place) for p in result.taken] == [("a", 1), ("c", 3), ("d", 4)]
    assert [(p.pair, p.place) for p in result.passed] == [("b", 2)]
    assert "003 lines 167-175" in result.passed[0].en


def test_one_sm_place_none_from_outside():
    """Line 170: one SM place, none for pairs from outside."""
    result = sm_allocation([("a", True), ("b", False)], 1)
    assert [p.pair for p in result.taken] == ["b"] and [p.pair for p in result.passed] == ["a"]


# -- the bonus table (000 lines 1736-1771; 003 lines 327-345, 471) -----------------------


def test_the_bonus_table_is_the_seed_s():
    assert BONUS["open"][0] == (60, 40, 30)  # 000 lines 1747-1750
    assert BONUS["other"][0] == (10, 5, 3)  # 000 lines 1752-1755
    assert BONUS["hcp30"][0] == (10, 5, 3)  # 003 line 343
    assert BONUS["teams"][0] == (42, 30, 21)  # 000 lines 1738-1741
    assert HCP30_MIN_BOARDS == 40  # 003 line 345


def test_the_bonus_table_agrees_with_the_rulebook():
    """The page's copy and the rulebook that pays it (awards, above this app: read here
    in a test only) must not drift apart."""
    from awards.domain.sbf import dm_bonus

    assert {kind: points for kind, (points, _lines) in BONUS.items()} == dm_bonus.BONUS
    assert dm_bonus.HCP30_MIN_BOARDS == HCP30_MIN_BOARDS
