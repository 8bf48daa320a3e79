"""The places in a DM pairs final (seed 003_796cec548aee39db.txt, lines 157-296):
``tournaments/championships/domain/final_places.py``. No database."""

from decimal import Decimal
from fractions import Fraction

import pytest

from tournaments.championships.domain.final_places import (
    FLOOR_PERCENT,
    MAX_FINAL,
    Champions,
    HeatEntry,
    LotNeeded,
    PercentagesNeeded,
    PlacesInputError,
    allocate,
    direct_place,
    fill_final,
    final_movement,
    final_size,
    final_size_reason,
    heat_results,
    next_pair_percent,
)

D = Decimal


# -- the final's size -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("qualified", "size"),
    [
        (0, 0),  # nobody qualified: no final
        (1, 1),  # 0.5 goes up to 2, but one pair cannot fill two places (decision)
        (2, 2),  # half is 1, odd: the next even number
        (3, 2),  # 1.5: the next even number
        (48, 24),  # 24, even
        (49, 26),  # line 224: "24.5 vid 49 kvalande par": the next higher even, 26
        (50, 26),  # line 223: "ett udda tal under 28, t.ex. 25": 26
        (52, 26),  # 26, even
        (53, 28),  # 26.5: the next even number
        (55, 28),  # 27.5, under 28: the next even number is 28
        (56, 28),  # 28: the most
        (57, 28),  # 28.5: capped at 28 (line 219)
        (100, 28),  # 50: capped
    ],
)
def test_final_size_is_half_the_qualifiers_up_to_an_even_number_at_most_28(qualified, size):
    """003 lines 219-224: half the pairs that played the heats, at most 28; an odd half
    or one with a decimal under 28 goes up to the next even number."""
    assert final_size(qualified) == size


def test_final_size_says_why_in_both_languages():
    """003 line 224: the seed's own example, 49 pairs."""
    size = final_size_reason(49)
    assert size.half == Fraction(49, 2)
    assert size.reason.en == (
        "Half of 49 pairs is 24.5, not a whole number under 28: the final has the next "
        "higher even number, 26 pairs."
    )
    assert "24,5" in size.reason.sv and "närmast högre jämna parantal, 26 par" in size.reason.sv
    assert size.reason.lines == "003 lines 219-224"


def test_one_qualifying_pair_is_a_final_of_one_by_decision():
    """003 lines 224, 240: the rule's next even number (2) is more than the pairs there
    are; the decision is written in the reason."""
    size = final_size_reason(1)
    assert size.size == 1
    assert "decision" in size.reason.lines


def test_a_negative_count_is_refused():
    """003 line 219 counts pairs: never fewer than none."""
    with pytest.raises(PlacesInputError) as exc:
        final_size(-1)
    assert exc.value.field == "qualified"


def test_the_cap_is_28():
    """003 line 219: "dock maximalt 28 par"."""
    assert MAX_FINAL == 28


@pytest.mark.parametrize(
    ("pairs", "per_round", "rounds", "boards", "printed"),
    [
        (28, 2, 27, 54, (42, 56)),  # line 230
        (22, 2, 21, 42, (42, 56)),  # line 230
        (20, 3, 19, 57, (48, 57)),  # line 231
        (16, 3, 15, 45, (48, 57)),  # line 231: the printed 48 counts 16 rounds
        (14, 4, 13, 52, (56, 56)),  # line 232: the printed 56 counts 14 rounds
        (27, 2, 27, 54, (42, 56)),  # a vacancy (line 294): an odd final has a bye a round
    ],
)
def test_final_movement_every_pair_meets_every_other(pairs, per_round, rounds, boards, printed):
    """003 lines 226-232: every pair meets every other, so n - 1 rounds (n with a bye),
    of the boards per round the table gives for the final's size."""
    movement = final_movement(pairs)
    assert movement is not None
    assert (movement.boards_per_round, movement.rounds, movement.boards) == (
        per_round,
        rounds,
        boards,
    )
    assert movement.printed == printed


@pytest.mark.parametrize("pairs", [12, 15, 21, 2])
def test_final_movement_the_table_does_not_name_is_the_committees(pairs):
    """003 lines 228-232 name 14, 16-20 and 22-28 pairs only."""
    assert final_movement(pairs) is None


# -- who counts in a heat ----------------------------------------------------------------


def test_a_bronze_heat_counts_only_the_pairs_in_the_qualification():
    """003 line 187: in a bronze heat each pair says before the start whether it plays the
    qualification; lines 193-195: a pair that qualified twice is struck and not counted."""
    entries = [
        HeatEntry("p1", D("62.0"), qualifying=False),
        HeatEntry("p2", D("58.0")),
        HeatEntry("p3", D("55.0"), struck=True),
        HeatEntry("p4", D("51.0")),
        HeatEntry("p5", D("47.0")),
    ]
    assert heat_results(entries, silver=False) == (
        ("p2", D("58.0")),
        ("p4", D("51.0")),
        ("p5", D("47.0")),
    )


def test_in_a_silver_heat_every_pair_qualifies():
    """003 line 183: "Varje i tävlingen deltagande par deltar i kvalspelet"."""
    with pytest.raises(PlacesInputError, match="line 183"):
        heat_results([HeatEntry("p1", D("55.0"), qualifying=False)], silver=True)
    assert heat_results([HeatEntry("p1", D("55.0"))], silver=True) == (("p1", D("55.0")),)


def test_a_heat_is_given_in_its_order():
    """003 lines 209-211: the heat's order after the tie-break, which the caller gives; a
    list out of order is refused, equal percentages are not."""
    with pytest.raises(PlacesInputError, match="give the heat in its order"):
        heat_results([HeatEntry("p1", D("50.0")), HeatEntry("p2", D("52.0"))], silver=True)
    tied = [HeatEntry("p1", D("52.0")), HeatEntry("p2", D("52.0"))]
    assert [pair for pair, _ in heat_results(tied, silver=True)] == ["p1", "p2"]


# -- the places per heat -------------------------------------------------------------------


def test_the_seeds_example_18_pairs_of_106_with_32_places():
    """003 lines 250-254: P = 18 * 32 / 106 = 5,434, I = 5, D = 0,434."""
    heat = allocate([18, 30, 22, 36], 32).heats[0]
    assert heat.quota == Fraction(18 * 32, 106)
    assert heat.whole == 5
    assert heat.remainder == Fraction(18 * 32, 106) - 5
    assert heat.reasons[0].en == "T1: whole part of 18 × 32 / 106 = 5.434: 5 places"
    assert heat.reasons[0].sv == "T1: heltalsdelen av 18 · 32 / 106 = 5,434: 5 platser"


def test_t1_then_t2_gives_the_places_left_to_the_largest_remainders():
    """003 lines 258-264: T1 gives 5 + 9 + 6 + 10 = 30 of 32; T2 gives the two left to
    the largest remainders, heat 4 (0.868) and heat 3 (0.642)."""
    allocation = allocate([18, 30, 22, 36], 32)
    assert allocation.places == (5, 9, 7, 11)
    assert allocation.starters == 106
    assert not allocation.used_t3
    third = allocation.heats[2].reasons[1]
    assert (third.rule, third.places) == ("T2", 1)
    assert third.en.startswith("T2: largest remainder 0.642")
    assert third.sv.startswith("T2: största rest 0,642")
    first = allocation.heats[0].reasons[1]
    assert (first.rule, first.places) == ("T2", 0)


def test_t1_alone_when_the_shares_are_whole():
    """003 line 260: when T1 fills every place the allocation is done."""
    allocation = allocate([10, 20, 30], 30)
    assert allocation.places == (5, 10, 15)
    assert [len(heat.reasons) for heat in allocation.heats] == [1, 1, 1]


def test_heats_sharing_a_remainder_all_get_a_place_when_enough_are_left():
    """003 lines 264-266: T3 only when more heats share the remainder than places are
    left: 3, 3, 1 pairs and 4 places give 1.714, 1.714, 0.571; both 0.714s get one."""
    allocation = allocate([3, 3, 1], 4)
    assert allocation.places == (2, 2, 0)
    assert not allocation.used_t3


def test_every_pair_goes_when_the_final_has_as_many_places():
    """003 line 240: the allocation presumes more pairs than places; equal is all."""
    assert allocate([4, 6], 10).places == (4, 6)


def test_t3_gives_the_last_places_to_the_best_next_pairs():
    """003 lines 266-270: four heats of 10 and 6 places: T1 gives 1 each, the 4 remainders
    of 0.5 tie for 2 places; the pairs at place 2 have 55, 52.5, 48 and 50 %."""
    allocation = allocate([10, 10, 10, 10], 6, [D("55"), D("52.5"), D("48"), D("50")])
    assert allocation.places == (2, 2, 1, 1)
    assert allocation.used_t3
    assert allocation.t3_places == 2
    assert allocation.t3_turn == ((0,), (1,), (3,), (2,))
    won = allocation.heats[1].reasons[1]
    assert (won.rule, won.places) == ("T3", 1)
    assert "the pair in place 2 has 52.5 %, 2nd of 4" in won.en
    assert "paret på plats 2 har 52,5 %, 2:a av 4" in won.sv
    lost = allocation.heats[2].reasons[1]
    assert lost.places == 0 and lost.en.endswith("4th of 4: no place")
    assert allocation.heats[2].next_percent == D("48")


def test_t3_without_percentages_names_the_heats_it_needs():
    """003 line 270: T3 reads each tied heat's pair at place I_k + 1."""
    with pytest.raises(PercentagesNeeded) as exc:
        allocate([10, 10, 10, 10], 6)
    assert exc.value.heats == (0, 1, 2, 3)
    assert exc.value.places == 2
    assert exc.value.field == "next_percent"


def test_t3_percentages_not_needed_are_not_read():
    """003 lines 258-264: without a tie T3 is not used and its percentages do not count."""
    percents = [D("50"), D("51"), D("52"), D("53")]
    assert allocate([18, 30, 22, 36], 32, percents).places == (5, 9, 7, 11)


def test_a_tie_in_t3_for_the_last_place_goes_by_the_committees_lot():
    """003 line 270: "I sista hand tillämpas lottning": heats 2 and 4 tie at 52.5 % for
    the one place heat 1 leaves; the lot is the committee's, given back as ``lot``."""
    percents = [D("55"), D("52.5"), D("48"), D("52.5")]
    with pytest.raises(LotNeeded) as exc:
        allocate([10, 10, 10, 10], 6, percents)
    assert (exc.value.heats, exc.value.places) == ((1, 3), 1)
    with pytest.raises(LotNeeded):
        allocate([10, 10, 10, 10], 6, percents, lot=[3])  # a draw names every tied heat
    assert allocate([10, 10, 10, 10], 6, percents, lot=[3, 1]).places == (2, 1, 1, 2)
    assert allocate([10, 10, 10, 10], 6, percents, lot=[1, 3]).places == (2, 2, 1, 1)


def test_a_tie_in_t3_that_does_not_straddle_the_last_place_needs_no_lot():
    """003 line 270: both tied heats get a place; they stay one group in the turn."""
    allocation = allocate([10, 10, 10, 10], 6, [D("52.5"), D("52.5"), D("48"), D("49")])
    assert allocation.places == (2, 2, 1, 1)
    assert allocation.t3_turn == ((0, 1), (3,), (2,))


@pytest.mark.parametrize(
    ("heats", "size", "percents", "field"),
    [
        ([], 4, None, "heats"),
        ([10, 0], 4, None, "heats"),
        ([10, 10], 0, None, "final_size"),
        ([10, 10], 21, None, "final_size"),
        ([10, 10], 4, [D("50")], "next_percent"),
        ([10, 10], 4, [D("50"), D("101")], "next_percent"),
    ],
)
def test_allocate_refuses_what_the_rules_cannot_read(heats, size, percents, field):
    """003 lines 240-250: heats of pairs, a final no larger than their pairs, one
    percentage per heat."""
    with pytest.raises(PlacesInputError) as exc:
        allocate(heats, size, percents)
    assert exc.value.field == field


def test_next_pair_percent_passes_over_the_champions():
    """003 line 270: the pair at place I_k + 1, the direct pair held apart (lines 274-276)."""
    results = [("a1", D("60")), ("champ", D("58")), ("a3", D("55")), ("a4", D("50"))]
    assert next_pair_percent(results, 1) == D("58")
    assert next_pair_percent(results, 1, passed_over={"champ"}) == D("55")


# -- the reigning champions ------------------------------------------------------------------

CHAMPS = Champions("champ", ("anna", "bo"), registered=True)


def test_reigning_champions_intact_and_registered_have_a_direct_place():
    """003 line 274: direct place in the next year's final of a discipline with heats."""
    place = direct_place(CHAMPS, [("anna", "bo"), ("cia", "dan")], discipline="open")
    assert place.keeps
    assert place.reason.lines == "003 lines 274-276"


def test_champions_who_play_a_heat_together_keep_the_place():
    """003 line 276: they keep it even when they do not qualify through the heat."""
    assert direct_place(CHAMPS, [("bo", "anna")], discipline="ladies").keeps


@pytest.mark.parametrize(
    ("champions", "partnerships", "discipline", "why"),
    [
        (CHAMPS, [("anna", "eva")], "open", "another partner"),
        (CHAMPS, [("anna", "bo"), ("eva", "bo")], "mixed", "another partner"),
        (Champions("champ", ("anna", "bo"), registered=False), [], "open", "did not register"),
        (Champions("champ", ("anna", "bo"), True, intact=False), [], "open", "not intact"),
        (CHAMPS, [], "hcp30", "no club heats"),
    ],
)
def test_champions_lose_the_direct_place(champions, partnerships, discipline, why):
    """003 line 274: only intact, registered before the qualifying period ends, in Par
    Dam, Mixed, Open and Veteran; lost when either plays a heat with another partner."""
    place = direct_place(champions, partnerships, discipline=discipline)
    assert not place.keeps
    assert why in place.reason.en


# -- who fills the places: replacement rules 1 and 2 -----------------------------------------


def heat(name: str, *percents: str) -> list[tuple[str, Decimal]]:
    return [(f"{name}{n}", D(p)) for n, p in enumerate(percents, start=1)]


# Heats of 6, 6 and 4 pairs and 8 places: 3, 3 and 2 by T1 alone (rule 1 applies).
RULE_1 = allocate([6, 6, 4], 8)
RESULTS_1 = [
    heat("a", "60", "55", "52", "48", "45.0", "40"),
    heat("b", "62", "57", "50", "44.9", "43", "41"),
    heat("c", "58", "54", "47", "30"),
]


def test_without_waivers_each_heat_sends_its_first_pairs():
    """003 lines 177, 284: the heat's places go to its pairs in order."""
    assert RULE_1.places == (3, 3, 2)
    final = fill_final(RULE_1, RESULTS_1)
    assert final.pair_ids == ("a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2")
    assert final.vacant == 0


def test_rule_1_the_heat_offers_a_waived_place_to_its_next_pair():
    """003 line 284: a2 waives; the heat's next pair, a4 with 48 %, is offered it."""
    final = fill_final(RULE_1, RESULTS_1, declined={"a2"})
    assert "a2" not in final.pair_ids and "a4" in final.pair_ids
    a4 = next(f for f in final.finalists if f.pair_id == "a4")
    assert a4.reason.rule == "rule 1"
    assert a4.reason.en == "Replacement rule 1: place 4 in heat 1, 48 % (at least 45.0 %)."


def test_rule_1_exactly_45_percent_is_enough():
    """003 lines 284, 292: not under 45,0 %; "minst 45,0%" is enough: a5 has 45.0 %."""
    final = fill_final(RULE_1, RESULTS_1, declined={"a2", "a4"})
    assert "a5" in final.pair_ids
    assert FLOOR_PERCENT == D("45.0")


def test_rule_1_never_under_45_percent_and_the_final_is_smaller():
    """003 lines 284, 294: b4 has 44.9 %: heat 2 cannot fill b1's place; it stays empty
    and the final has one pair fewer (decision: rule 1 keeps the place in the heat)."""
    final = fill_final(RULE_1, RESULTS_1, declined={"b1"})
    assert "b4" not in final.pair_ids
    assert (final.size, final.vacant) == (7, 1)
    assert final.notes[-1].lines == "003 line 294"


def test_a_pair_that_waived_never_gets_the_place_back():
    """003 line 280: "Ett par som avstått sin plats äger inte rätt att få den åter": with
    a2 and a3 waiving, heat 1 goes on to a4 and a5, never back to a2."""
    final = fill_final(RULE_1, RESULTS_1, declined={"a2", "a3"})
    assert [p for p in final.pair_ids if p.startswith("a")] == ["a1", "a4", "a5"]


def test_champions_in_a_heat_hold_their_own_place_and_the_heat_keeps_its_places():
    """003 lines 274-276, decision: the direct place is the champions' own; heat 1's
    three places go to its other pairs in order (a4 at place 4), the final has 9."""
    final = fill_final(RULE_1, RESULTS_1, direct=["a2"])
    assert final.pair_ids == ("a2", "a1", "a3", "a4", "b1", "b2", "b3", "c1", "c2")
    a4 = final.finalists[3]
    assert a4.reason.rule == "heat" and "reigning champions" in a4.reason.en


def test_champions_keep_the_place_without_qualifying_through_their_heat():
    """003 line 276: the champions placed 6th of heat 1 are in the final all the same."""
    final = fill_final(RULE_1, RESULTS_1, direct=["a6"])
    assert final.size == 9 and "a6" in final.pair_ids


def test_champions_who_did_not_play_a_heat_are_in_the_final():
    """003 line 274: the direct place needs no heat."""
    final = fill_final(RULE_1, RESULTS_1, direct=["champ"])
    assert final.finalists[0].pair_id == "champ" and final.finalists[0].heat is None


def test_a_waived_direct_place_is_not_replaced():
    """003 lines 274-280, decision: the direct place belongs to the champions alone."""
    final = fill_final(RULE_1, RESULTS_1, direct=["champ"], declined={"champ"})
    assert final.size == 8 and "champ" not in final.pair_ids
    assert "not replaced" in final.notes[0].en


# Four heats of 10 and 6 places: T1 gives 1 each, T3 the last 2 (rule 2 applies). The
# pairs at place 2 have 55, 52.5, 48 and 50 %: T3's turn is heats 1, 2, 4, 3.
RULE_2 = allocate([10, 10, 10, 10], 6, [D("55"), D("52.5"), D("48"), D("50")])


def rule_2_results(fourth: str = "46", third: str = "47") -> list[list[tuple[str, Decimal]]]:
    tail = ["44", "43", "42", "41", "40", "39", "38"]
    return [
        heat("a", "60", "55", "50", *tail),
        heat("b", "61", "52.5", "49", *tail),
        heat("c", "59", "48", third, *tail),
        heat("d", "62", "50", fourth, *tail),
    ]


def test_rule_2_a_waived_place_goes_to_the_heat_next_in_t3s_turn():
    """003 lines 286-290: T3 gave the last places; a1 waives and the place goes not to
    heat 1's a3 but to heat 4, next in T3's turn, and its pair at place 2."""
    assert RULE_2.places == (2, 2, 1, 1)
    final = fill_final(RULE_2, rule_2_results(), declined={"a1"})
    assert "a3" not in final.pair_ids and "d2" in final.pair_ids
    assert final.size == 6
    d2 = next(f for f in final.finalists if f.pair_id == "d2")
    assert (d2.reason.rule, d2.reason.lines) == ("rule 2", "003 lines 286-292")


def test_rule_2_more_vacancies_go_to_the_next_heats_in_turn_then_round_again():
    """003 line 290: "nästa plats till nästa heat på tur o.s.v.": heat 4, heat 3, then
    (decision) round again from T3's first heat: heat 1's a3."""
    final = fill_final(RULE_2, rule_2_results(), declined={"a1", "b1", "c1"})
    assert {"d2", "c2", "a3"} <= set(final.pair_ids)
    assert final.size == 6


def test_rule_2_a_heat_without_a_pair_at_45_passes_the_place_on():
    """003 line 292: heat 4 is next in turn; with d2 waiving too its next pair has 44 %,
    so the place passes on to heat 3's c2."""
    final = fill_final(RULE_2, rule_2_results(fourth="44"), declined={"a1", "d2"})
    assert "c2" in final.pair_ids
    assert "d3" not in final.pair_ids and final.size == 6
    assert any(note.rule == "rule 2" and "Heat 4" in note.en for note in final.notes)


def test_rule_2_when_no_heat_in_turn_can_fill_the_final_is_smaller():
    """003 line 294: "spelas DM-finalen med lika många färre par som det är vakanta
    platser"."""
    results = [
        heat("a", "60", "55", "44", "43", "42", "41", "40", "39", "38", "37"),
        heat("b", "61", "52.5", "44", "43", "42", "41", "40", "39", "38", "37"),
        heat("c", "59", "44.9", "44", "43", "42", "41", "40", "39", "38", "37"),
        heat("d", "62", "44.95", "44", "43", "42", "41", "40", "39", "38", "37"),
    ]
    allocation = allocate([10, 10, 10, 10], 6, [D("55"), D("52.5"), D("44.9"), D("44.95")])
    final = fill_final(allocation, results, declined={"a1"})
    assert (final.size, final.vacant) == (5, 1)


def test_rule_2_heats_tied_in_t3s_turn_go_by_lot_when_it_matters():
    """003 lines 270, 290: heats 3 and 4 tie at 50 % behind T3's winners; one waived
    place between them is the committee's lot, two are one each."""
    percents = [D("55"), D("52.5"), D("50"), D("50")]
    results = rule_2_results()
    results[2] = heat("c", "59", "50", "47", "44", "43", "42", "41", "40", "39", "38")
    with pytest.raises(LotNeeded) as exc:
        fill_final(allocate([10, 10, 10, 10], 6, percents), results, declined={"a1"})
    assert exc.value.heats == (2, 3)
    drawn = fill_final(
        allocate([10, 10, 10, 10], 6, percents, lot=[3, 2]), results, declined={"a1"}
    )
    assert "d2" in drawn.pair_ids and "c2" not in drawn.pair_ids
    both = fill_final(allocate([10, 10, 10, 10], 6, percents), results, declined={"a1", "b1"})
    assert {"c2", "d2"} <= set(both.pair_ids)


def test_fill_final_checks_the_results_against_the_allocation():
    """003 lines 242, 270, 193: every heat's pairs, each pair once, and T3's percentage
    where T3 read it."""
    with pytest.raises(PlacesInputError, match="Heat 3 has 4 pairs"):
        fill_final(RULE_1, [RESULTS_1[0], RESULTS_1[1], RESULTS_1[2][:3]])
    twice = [RESULTS_1[0], RESULTS_1[1], [("a1", D("58"))] + RESULTS_1[2][1:]]
    with pytest.raises(PlacesInputError, match="listed twice"):
        fill_final(RULE_1, twice)
    wrong = rule_2_results()
    wrong[3] = heat("d", "62", "51", "46", "44", "43", "42", "41", "40", "39", "38")
    with pytest.raises(PlacesInputError, match="T3 read 50 %"):
        fill_final(RULE_2, wrong)
