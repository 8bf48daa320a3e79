"""Awards of whole pairs and individual events (awards.domain.sbf.pairs) through
SBF.award(), seed 000_18af0e66f52a62b2.txt chapters 2, 5 and 9."""

from decimal import Decimal

from awards.domain.core import Colour, Competition, Placing, Player
from awards.domain.sbf import SBF

B, S, G = Colour.BRONZE, Colour.SILVER, Colour.GOLD


def field(pairs, *, shared=(), **extra):
    """``pairs`` entries placed 1..n; ``shared`` lists (place, place_to) ties."""
    placings = []
    place = 1
    ties = dict(shared)
    while place <= pairs:
        to = ties.get(place, place)
        for _ in range(place, to + 1):
            n = len(placings) + 1
            placings.append(
                Placing(f"e{n}", place, to, (Player(f"{n}a"), Player(f"{n}b")), **extra)
            )
        place = to + 1
    return tuple(placings)


def credited(outcome, player, colour):
    found = [a for a in outcome.awards if a.player == player and a.colour is colour]
    return found[0].credited if found else None


def competition(pairs, level=B, boards=24, **kwargs):
    shared = kwargs.pop("shared", ())
    return Competition(
        kind="pairs", level=level, placings=field(pairs, shared=shared), boards=boards, **kwargs
    )


def test_award_plain_bronze_pairs():
    outcome = SBF.award(competition(12))
    assert [credited(outcome, f"{n}a", B) for n in range(1, 6)] == [24, 16, 11, 8, None]
    assert credited(outcome, "1b", B) == 24
    award = [a for a in outcome.awards if a.player == "3a"][0]
    assert award.reason.sv == "Tabell A1, 12 par, plats 3"
    assert award.reason.en == "Table A1, 12 pairs, place 3"


def test_award_shared_places():
    outcome = SBF.award(competition(12, shared=((3, 4),)))
    assert credited(outcome, "3a", B) == 10  # (11 + 8) / 2 = 9.5
    award = [a for a in outcome.awards if a.player == "4a"][0]
    assert award.exact == Decimal("9.5")
    assert award.reason.sv == "Tabell A1, 12 par, delad plats 3-4"


def test_award_shared_last_bronze_place_gives_four_to_all():
    outcome = SBF.award(competition(12, shared=((4, 6),)))
    assert [credited(outcome, f"{n}a", B) for n in (4, 5, 6)] == [4, 4, 4]


def test_award_shared_place_across_silver_and_bronze():
    outcome = SBF.award(competition(46, level=S, boards=52, shared=((12, 13),)))
    assert credited(outcome, "12a", S) == 2  # 3 / 2
    assert credited(outcome, "13a", B) == 8  # 10 / 2, at least 8 in silver


def test_award_only_to_entitled_players():
    placings = field(4)
    guest = Placing("e1", 1, 1, (Player("m1"), Player("guest", entitled=False)))
    comp = Competition(kind="pairs", level=B, placings=(guest, *placings[1:]), boards=24)
    outcome = SBF.award(comp)
    assert credited(outcome, "m1", B) == 8
    assert credited(outcome, "guest", B) is None


def test_award_out_of_range_is_no_award():
    outcome = SBF.award(competition(3))
    assert outcome.awards == ()
    assert outcome.no_award.sv == "Tabell A1 gäller 4-32 par"


def test_award_too_few_boards():
    outcome = SBF.award(competition(12, boards=16))
    assert outcome.no_award.en == "Table A1 needs at least 18 boards, 16 were played"


def test_award_abandoned_silver():
    outcome = SBF.award(competition(20, level=S, boards=48, options=(("abandoned", True),)))
    assert outcome.awards == () and outcome.no_award is not None


def test_award_a_final_example():
    comp = competition(
        20,
        level=S,
        boards=48,
        rounds=12,
        options=(("a_final", True), ("qualifying_rounds", 12), ("total_pairs", 60)),
    )
    outcome = SBF.award(comp)
    assert credited(outcome, "1a", S) == 43
    assert {a.colour for a in outcome.awards} == {S}
    assert len({a.entry for a in outcome.awards}) == 11


def test_award_pure_mitchell_is_two_competitions():
    ns = [Placing(f"n{i}", i, i, (Player(f"n{i}"),), direction="NS") for i in range(1, 8)]
    ew = [Placing(f"e{i}", i, i, (Player(f"e{i}"),), direction="EW") for i in range(1, 8)]
    comp = Competition(
        kind="pairs", level=B, placings=(*ns, *ew), boards=26, options=(("pure_mitchell", True),)
    )
    outcome = SBF.award(comp)
    assert credited(outcome, "n1", B) == 14 and credited(outcome, "e1", B) == 14


def test_award_groups_by_strength():
    a = [Placing(f"a{i}", i, i, (Player(f"a{i}"),), group=1) for i in range(1, 21)]
    b = [Placing(f"b{i}", i, i, (Player(f"b{i}"),), group=2) for i in range(1, 21)]
    comp = Competition(
        kind="pairs", level=B, placings=(*a, *b), boards=26, options=(("groups", 2),)
    )
    outcome = SBF.award(comp)
    assert credited(outcome, "a1", B) == 44  # 20 x 1.1 = 22 pairs
    assert credited(outcome, "b1", B) == 36  # 20 x 0.9 = 18 pairs


def test_award_handicap_event_takes_the_better_list():
    # 12 pairs, A1: 24 16 11 8; with handicap half: 12 8 6 4.
    hcp = {1: 4, 2: 5, 3: 1, 4: 2, 5: 3}
    placings = tuple(
        Placing(
            f"e{i}",
            i,
            i,
            (Player(f"p{i}"),),
            handicap_place=hcp.get(i, i),
            handicap_place_to=hcp.get(i, i),
        )
        for i in range(1, 13)
    )
    comp = Competition(kind="pairs", level=B, placings=placings, boards=24, handicap_event=True)
    outcome = SBF.award(comp)
    assert [credited(outcome, f"p{i}", B) for i in range(1, 7)] == [24, 16, 12, 8, 6, None]
    reason = [a for a in outcome.awards if a.player == "p3"][0].reason
    assert reason.en == "Table A1, 12 pairs, place 1; with handicap, half bp"


def test_award_inexperienced_half_scale():
    comp = competition(12, boards=12, options=(("inexperienced", True),))
    outcome = SBF.award(comp)
    assert [credited(outcome, f"{n}a", B) for n in range(1, 5)] == [12, 8, 6, 4]


def test_award_beginners_use_the_50_pair_scale():
    comp = competition(30, options=(("beginners", True),))
    outcome = SBF.award(comp)
    assert credited(outcome, "1a", B) == 100
    assert credited(outcome, "10a", B) == 14
    assert credited(outcome, "11a", B) is None


def test_award_reserve_half_rule_and_multi_session_share():
    placing = Placing(
        "e1",
        1,
        1,
        (Player("a"), Player("b", boards_played=10), Player("r", boards_played=14, reserve=True)),
    )
    rest = field(12)[1:]
    single = Competition(kind="pairs", level=B, placings=(placing, *rest), boards=24)
    outcome = SBF.award(single)
    assert credited(outcome, "b", B) is None and credited(outcome, "r", B) == 24
    several = Competition(
        kind="pairs", level=B, placings=(placing, *rest), boards=24, options=(("sessions", 2),)
    )
    outcome = SBF.award(several)
    assert credited(outcome, "a", B) == 24
    assert credited(outcome, "b", B) == 10  # 10/24 of 24
    assert credited(outcome, "r", B) == 14


def test_award_gold_with_raised_scale():
    comp = competition(40, level=G, boards=60, options=(("average_handicap", Decimal("14.2")),))
    outcome = SBF.award(comp)
    assert [credited(outcome, f"{n}a", G) for n in range(1, 5)] == [10, 7, 5, 4]
    plain = SBF.award(competition(40, level=G, boards=60))
    assert [credited(plain, f"{n}a", G) for n in range(1, 5)] == [4, 3, 2, None]


def test_award_silver_individual_not_all_met():
    placings = tuple(Placing(f"p{i}", i, i, (Player(f"p{i}"),)) for i in range(1, 25))
    comp = Competition(
        kind="individual", level=S, placings=placings, boards=57, rounds=19, all_met_all=False
    )
    outcome = SBF.award(comp)
    assert [credited(outcome, f"p{i}", S) for i in range(1, 7)] == [17, 12, 8, 6, 4, 3]
    assert [credited(outcome, f"p{i}", B) for i in (7, 8, 9)] == [8, 8, None]


def test_award_simultaneous_silver_heat_plus_bonus():
    heats = []
    for heat in ("X", "Y", "Z"):
        for i in range(1, 13):
            overall = {("X", 1): 1, ("Y", 1): 2}.get((heat, i))
            heats.append(
                Placing(
                    f"{heat}{i}", i, i, (Player(f"{heat}{i}"),), section=heat,
                    overall_place=overall, overall_place_to=overall,
                )
            )  # fmt: skip
    comp = Competition(
        kind="pairs", level=S, placings=tuple(heats), boards=48, options=(("simultaneous", True),)
    )
    outcome = SBF.award(comp)
    # heat of 12: 12 sp; bonus 1/5 of the 36-pair row: 36 / 5 = 7.2 -> 8, 24 / 5 -> 5
    assert credited(outcome, "X1", S) == 20
    assert credited(outcome, "Y1", S) == 17
    assert credited(outcome, "Z1", S) == 12
