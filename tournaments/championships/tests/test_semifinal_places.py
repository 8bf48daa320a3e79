"""DM Lag: semifinal places per heat, ties between heats, choosing, vacancies, the final
and the SM semifinal places (seed 003 lines 571-720); no database."""

from decimal import Decimal
from fractions import Fraction

import pytest

from tournaments.championships.domain.semifinal_places import (
    FINAL_ROUNDS_BY_DAY,
    FINAL_TEAMS,
    MIN_TEAMS_PER_HEAT,
    SM_SEMIFINAL_TEAMS,
    SM_SEMIFINALS,
    MatchLine,
    Placed,
    PlacesInputError,
    Record,
    break_tie,
    choose_semifinals,
    final_offers,
    final_qualifiers,
    heats_in_turn,
    semifinal_offers,
    semifinal_places,
    semifinal_plan,
    sm_places,
    sm_queue,
)


def rec(vp, quotient=1):
    """A record from a VP average and an IMP quotient (None: no IMPs lost)."""
    return Record(Fraction(vp), None if quotient is None else Fraction(quotient))


# --- Semifinals, the final, the SM semifinal ------------------------------------------


@pytest.mark.parametrize(
    "teams, semifinals, venues",
    [
        (40, 5, (("Linköping", 3), ("Norrköping", 2))),
        (28, 5, (("Linköping", 3), ("Norrköping", 2))),
        (27, 4, (("Linköping", 2), ("Norrköping", 2))),
        (22, 4, (("Linköping", 2), ("Norrköping", 2))),
    ],
)
def test_semifinals_by_team_count(teams, semifinals, venues):
    """Seed 003 line 602: 28 teams or more, five semifinals of four (three in Linköping,
    two in Norrköping); 22-27 teams, four, two in each town. Four teams a semifinal:
    three rounds on the central day (lines 606, 653-657)."""
    plan = semifinal_plan(teams)
    assert plan is not None
    assert (plan.semifinals, plan.teams_each, plan.venues) == (semifinals, 4, venues)
    assert plan.places == semifinals * 4
    assert sum(n for _, n in plan.venues) == plan.semifinals


@pytest.mark.parametrize("teams", [21, 8, 0])
def test_fewer_than_22_teams_is_the_committees(teams):
    """Seed 003 line 602: below 22 teams ÖMBF TK decides how, and whether, to play."""
    assert semifinal_plan(teams) is None


def test_the_final_is_a_single_series_of_ten():
    """Seed 003 lines 693, 699: ten teams, a central day of three rounds and a central
    weekend of three rounds a day: nine rounds, one against each other team; line 383:
    the SM semifinal is ten semifinals of six; line 500: a heat has at least four."""
    assert FINAL_TEAMS == 10
    assert FINAL_ROUNDS_BY_DAY == (3, 3, 3)
    assert sum(FINAL_ROUNDS_BY_DAY) == FINAL_TEAMS - 1
    assert (SM_SEMIFINALS, SM_SEMIFINAL_TEAMS) == (10, 6)
    assert MIN_TEAMS_PER_HEAT == 4


# --- Places per heat ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "heats, places, expected",
    [
        # 4, 5, 6, 13 of 28 × 20: 2.857, 3.571, 4.286, 9.286; wholes 18, then 0.857, 0.571
        ((4, 5, 6, 13), 20, [3, 4, 4, 9]),
        ((13, 6, 5, 4), 20, [9, 4, 4, 3]),  # in the order given
        # of 106 × 20: 3.396, 5.660, 4.151, 6.792; wholes 18, then 0.792, 0.660
        ((18, 30, 22, 36), 20, [3, 6, 4, 7]),
        # of 28 × 20: 5, 5, 5.714, 4.286; wholes 19, then 0.714
        ((7, 7, 8, 6), 20, [5, 5, 6, 4]),
        # of 20 × 20: whole shares, nothing by decimals
        ((4, 4, 4, 4, 4), 20, [4, 4, 4, 4, 4]),
        # of 24 × 16 (four semifinals): 4.667, 2.667, 5.333, 3.333; wholes 14, then 0.667 ×2
        ((7, 4, 8, 5), 16, [5, 3, 5, 3]),
    ],
)
def test_places_per_heat(heats, places, expected):
    """Seed 003 line 573: share = teams in the heat / all teams × places; one place per
    whole number, the rest by the largest decimals as far as they go."""
    result = semifinal_places(heats, places)
    assert result.counts == expected
    assert sum(result.counts) == places
    assert result.contest is None


def test_share_is_exact():
    """Seed 003 line 573: the share as a fraction, not a float: 4 × 20 / 28 = 20/7."""
    heat = semifinal_places((4, 5, 6, 13), 20).heats[0]
    assert heat.share == Fraction(20, 7)
    assert (heat.whole, heat.decimals) == (2, Fraction(6, 7))


def test_reasons_in_english_and_swedish():
    """Seed 003 line 573: each place says why, in both languages."""
    heat = semifinal_places((4, 5, 6, 13), 20).heats[0]
    assert heat.places == 3
    assert [r.en for r in heat.reasons[:2]] == [
        "the whole number of its share 2.857 (seed 003 line 573)"
    ] * 2
    assert heat.reasons[2].en == (
        "its decimals 0.857, place 1 of the 2 by decimals (seed 003 line 573)"
    )
    assert heat.reasons[2].sv == (
        "decimalerna 0,857, plats 1 av de 2 efter decimaler (seed 003 rad 573)"
    )


def test_a_heat_raised_to_one_place_has_no_decimals_left():
    """Seed 003 line 573, "dock minst en (1) plats": 4 of 85 teams × 20 is 0.941, raised
    to one place; the one place left goes to 9.647 (decimals 0.647), not to 0.941
    (the committee's reading: the minimum has used the heat's decimals)."""
    result = semifinal_places((4, 40, 41), 20)
    assert result.counts == [1, 9, 10]
    assert "at least one place for every heat" in result.heats[0].reasons[0].en
    assert "minst en plats per kvalheat" in result.heats[0].reasons[0].sv


def test_the_minimum_comes_before_a_whole_number():
    """Seed 003 line 573: five heats of 4 of 120 teams × 20 (0.667) get one place each;
    the heat of 100 (16.667) gives one whole-number place up so that 20 are not
    exceeded (the committee's reading)."""
    result = semifinal_places((4, 4, 4, 4, 4, 100), 20)
    assert result.counts == [1, 1, 1, 1, 1, 15]
    assert len(result.heats[5].notes) == 1
    assert "gives one whole-number place up" in result.heats[5].notes[0].en


def test_minimum_with_equal_decimals_is_a_lot():
    """Seed 003 line 573: 11 heats of 4 and two of 50 (6.944 each) of 144 × 20: the two
    give one place each, then one more between them: equal decimals, the committee's
    lot (the heat drawn last gives up)."""
    heats = (4,) * 11 + (50, 50)
    result = semifinal_places(heats, 20)
    assert result.contest is not None
    assert (result.contest.kind, result.contest.heats, result.contest.places) == (
        "minimum",
        (12, 13),
        1,
    )
    drawn = semifinal_places(heats, 20, lot=(13, 12))
    assert drawn.contest is None
    assert drawn.counts[-2:] == [4, 5]


def test_equal_decimals_without_records_are_a_contest():
    """Seed 003 line 577: seven heats of 4 of 28 × 20 (2.857 each) compete with equal
    decimals for the last six places; without the next teams' records they stay open."""
    result = semifinal_places((4,) * 7, 20)
    assert result.counts == [2] * 7
    assert result.contest is not None
    assert result.contest.kind == "decimals"
    assert result.contest.heats == (1, 2, 3, 4, 5, 6, 7)
    assert result.contest.places == 6
    assert result.contest.records_given is False


def test_equal_decimals_separated_by_vp_average():
    """Seed 003 lines 577-579: the heat whose next team has the lowest VP average (heat
    7, 8.0) is the one left without the third place."""
    vps = (12, 13, 11, 10, 9, 14, 8)
    result = semifinal_places((4,) * 7, 20, next_in_line=[rec(v) for v in vps])
    assert result.counts == [3, 3, 3, 3, 3, 3, 2]
    assert result.contest is None
    assert "VP average 9.000 against 8.000" in result.heats[4].reasons[-1].en
    assert "VP-genomsnitt 9,000 mot 8,000" in result.heats[4].reasons[-1].sv


def test_equal_vp_average_separated_by_imp_quotient():
    """Seed 003 line 580: heats of 4, 4, 4 of 12 × 4 (1.333 each), one place by
    decimals; heats 1 and 2 have 14.0 VP, heat 2 the higher IMP quotient 1.3."""
    records = [rec(14, "1.1"), rec(14, "1.3"), rec(12, 2)]
    result = semifinal_places((4, 4, 4), 4, next_in_line=records)
    assert result.counts == [1, 2, 1]
    assert "IMP quotient 1.300 against 1.100" in result.heats[1].reasons[-1].en


def test_still_tied_is_the_committees_lot():
    """Seed 003 lines 575-582 name no lot; the committee draws one (as line 569 within a
    heat): equal records stay open until the lot is given."""
    records = [rec(14, "1.1"), rec(14, "1.1"), rec(12, 2)]
    open_ = semifinal_places((4, 4, 4), 4, next_in_line=records)
    assert open_.contest is not None
    assert (open_.contest.heats, open_.contest.places, open_.contest.records_given) == (
        (1, 2),
        1,
        True,
    )
    drawn = semifinal_places((4, 4, 4), 4, next_in_line=records, lot=(2, 1))
    assert drawn.counts == [1, 2, 1]
    assert "drawn by lot" in drawn.heats[1].reasons[-1].en


@pytest.mark.parametrize(
    "heats, places, field",
    [
        ((), 20, "heats"),
        ((4, 3), 4, "heats"),  # line 500: at least four teams a heat
        ((4, 5), 0, "places"),
        ((4, 5, 6), 2, "places"),  # line 573: at least one place each
        ((4, 5), 10, "places"),  # more places than teams
    ],
)
def test_refused_input(heats, places, field):
    """Seed 003 lines 500, 573: what the rule cannot take names its field."""
    with pytest.raises(PlacesInputError) as exc:
        semifinal_places(heats, places)
    assert exc.value.field == field


def test_records_must_match_the_heats():
    """Seed 003 line 579: one next team's record a heat."""
    with pytest.raises(PlacesInputError) as exc:
        semifinal_places((4, 4), 3, next_in_line=[rec(10)])
    assert exc.value.field == "next_in_line"


# --- The record of a tie: VP average without the bye, IMP quotient ---------------------


def test_bye_is_taken_out_of_the_average():
    """Seed 003 line 582: a bye's VPs leave the total before the average: 16.5 and 9.5
    played and a bye of 12 average 13, not 12.667; the quotient is 60 / 50."""
    record = Record.from_matches(
        [
            MatchLine(Decimal("16.5"), Decimal(40), Decimal(20)),
            MatchLine(Decimal(12), bye=True),
            MatchLine(Decimal("9.5"), Decimal(20), Decimal(30)),
        ]
    )
    assert record.vp_average == 13
    assert record.imp_quotient == Fraction(6, 5)


def test_bye_taken_out_changes_who_wins():
    """Seed 003 lines 579, 582: with the bye counted heat A's team would average 12.667
    and lose to 12.8; without it, 13 wins."""
    a = Record.from_matches(
        [MatchLine(Decimal("16.5")), MatchLine(Decimal(12), bye=True), MatchLine(Decimal("9.5"))]
    )
    b = Record.from_matches([MatchLine(Decimal("12.8"))] * 3)
    tie = break_tie({"A": a, "B": b}, 1)
    assert [team for team, _ in tie.winners] == ["A"]


def test_quotient_edges():
    """Seed 003 line 580, as a heat's ranking reads it: nothing lost beats every
    quotient; no IMPs either way is an even 1; only byes is no record."""
    clean = Record.from_matches([MatchLine(Decimal(15), Decimal(10), Decimal(0))])
    even = Record.from_matches([MatchLine(Decimal(15))])
    assert clean.imp_quotient is None
    assert even.imp_quotient == 1
    assert clean.key() > rec(15, 99).key()
    with pytest.raises(ValueError):
        Record.from_matches([MatchLine(Decimal(12), bye=True)])


# --- Heats in turn, vacancies, choosing ---------------------------------------------------


def test_heats_in_turn_for_one_more_place():
    """Seed 003 line 590, "det heat som stod på tur": 4, 5, 6, 13 of 28 × 20: heats 3 and
    4 (decimals 0.286, no place by them) before heat 1 (0.857, had one), then heat 2
    (0.571, had one); heats 3 and 4 are equal until their next teams' records decide."""
    result = semifinal_places((4, 5, 6, 13), 20)
    assert heats_in_turn(result) == ((3, 4), (1,), (2,))
    records = {3: rec(11), 4: rec(13)}
    assert heats_in_turn(result, next_in_line=records) == ((4,), (3,), (1,), (2,))


STANDINGS = [["A1", "A2", "A3", "A4"], ["B1", "B2", "B3", "B4", "B5"], ["C1", "C2", "C3", "C4"]]
SEATED = {"A1", "A2", "B1", "B2", "B3", "C1", "C2"}


def test_vacancy_goes_down_the_heat_then_to_the_heat_in_turn():
    """Seed 003 lines 590-592 and 596: A2 gives its place up: A3, A4, then heat 3 (next
    in turn) C3, C4, then heat 2 B4, B5; last A2 itself gets it back."""
    offers = semifinal_offers(
        standings=STANDINGS,
        vacancy_heat=1,
        turn=(3, 1, 2),
        seated=SEATED - {"A2"},
        withdrawn="A2",
    )
    assert [o.team for o in offers] == ["A3", "A4", "C3", "C4", "B4", "B5", "A2"]
    assert [o.source for o in offers] == [1, 1, 3, 3, 2, 2, 1]
    assert "line 590" in offers[0].reason.en
    assert "lines 590-592" in offers[2].reason.en
    assert "line 596" in offers[-1].reason.en
    assert "rad 596" in offers[-1].reason.sv


def test_vacancy_skips_teams_that_said_no():
    """Seed 003 line 590: a team that declined is not asked again for the place."""
    offers = semifinal_offers(
        standings=STANDINGS,
        vacancy_heat=1,
        turn=(1, 2, 3),
        seated=SEATED,
        withdrawn="A2",
        declined={"A3", "B4"},
    )
    assert [o.team for o in offers] == ["A4", "B5", "C3", "C4", "A2"]


def test_turn_must_name_every_heat():
    """Seed 003 line 592: the vacancy goes round every heat."""
    with pytest.raises(ValueError):
        semifinal_offers(
            standings=STANDINGS, vacancy_heat=1, turn=(1, 2), seated=SEATED, withdrawn="A2"
        )


def test_teams_choose_in_placing_order():
    """Seed 003 line 586: the heat's placed teams choose in placing order among the
    heat's places ÖMBF TK put in each semifinal; A3 finds Norrköping 1 full."""
    choices = choose_semifinals(
        slots={"Linköping 1": 1, "Norrköping 1": 2},
        teams=["A1", "A2", "A3"],
        wishes={"A1": ["Norrköping 1"], "A2": ["Norrköping 1"], "A3": ["Norrköping 1"]},
    )
    assert [(c.team, c.semifinal) for c in choices] == [
        ("A1", "Norrköping 1"),
        ("A2", "Norrköping 1"),
        ("A3", "Linköping 1"),
    ]
    assert "number 1 in the heat's placing order" in choices[0].reason.en
    assert "committee gives it the first one left" in choices[2].reason.en


def test_choosing_refuses_too_many_teams_and_unknown_semifinals():
    """Seed 003 line 586: only the heat's places are chosen from."""
    with pytest.raises(ValueError):
        choose_semifinals(slots={"L1": 1}, teams=["A1", "A2"], wishes={})
    with pytest.raises(ValueError):
        choose_semifinals(slots={"L1": 1}, teams=["A1"], wishes={"A1": ["X"]})


# --- The final -------------------------------------------------------------------------------


def semifinal(name, vps, quotients=None):
    quotients = quotients or [1] * len(vps)
    return [
        Placed(f"{name}{place}", rec(vp, q))
        for place, (vp, q) in enumerate(zip(vps, quotients, strict=True), start=1)
    ]


def test_five_semifinals_send_their_first_two():
    """Seed 003 line 614 and 693: the first two of each of five semifinals make ten."""
    field = final_qualifiers([semifinal(n, [15, 12, 9, 4]) for n in "ABCDE"])
    assert [q.team for q in field.qualified] == [f"{n}{p}" for n in "ABCDE" for p in (1, 2)]
    assert len(field.qualified) == FINAL_TEAMS
    assert "winner of semifinal 1" in field.qualified[0].reason.en


def test_four_semifinals_add_the_two_best_thirds():
    """Seed 003 line 614: with four semifinals the two best thirds go on, by VP average
    (C3 10.0, A3 9.5), then the IMP quotient (line 580; A3 1.2 over B3 1.1 at 9.5)."""
    field = final_qualifiers(
        [
            semifinal("A", [15, 12, "9.5", 4], [1, 1, "1.2", 1]),
            semifinal("B", [15, 12, "9.5", 4], [1, 1, "1.1", 1]),
            semifinal("C", [15, 12, 10, 4]),
            semifinal("D", [15, 12, 8, 4]),
        ]
    )
    assert len(field.qualified) == 10
    thirds = [q for q in field.qualified if q.place == 3]
    assert [(q.team, q.semifinal) for q in thirds] == [("C3", 3), ("A3", 1)]
    assert "IMP quotient 1.200 against 1.100" in thirds[1].reason.en
    assert field.tied == ()


def test_thirds_still_tied_are_the_committees_lot():
    """Seed 003 line 614 with lines 579-580: equal on both, the last place is drawn."""
    tables = [semifinal(n, [15, 12, 10, 4]) for n in "ABC"] + [semifinal("D", [15, 12, 8, 4])]
    field = final_qualifiers(tables)
    assert (field.tied, field.places_left, len(field.qualified)) == (("A3", "B3", "C3"), 2, 8)
    drawn = final_qualifiers(tables, lot=("C3", "A3", "B3"))
    assert [q.team for q in drawn.qualified if q.place == 3] == ["C3", "A3"]


def test_three_semifinals_fill_the_final_to_ten():
    """Seed 003 line 693 (a final of ten) where ÖMBF TK plays three semifinals (line
    602): the committee's reading: 6 first two, the 3 thirds, then the best fourth."""
    field = final_qualifiers(
        [
            semifinal("A", [15, 12, 9, 5]),
            semifinal("B", [15, 12, 9, 6]),
            semifinal("C", [15, 12, 9, 4]),
        ]
    )
    assert len(field.qualified) == 10
    assert [q.team for q in field.qualified if q.place == 4] == ["B4"]


def test_more_than_five_semifinals_is_refused():
    """Seed 003 lines 602, 693: at most five semifinals for a final of ten."""
    with pytest.raises(ValueError):
        final_qualifiers([semifinal(n, [15, 12, 9, 4]) for n in "ABCDEF"])


def test_final_vacancy_order():
    """Seed 003 lines 616-618: B1 gives its final place up: B3 and B4 of the same
    semifinal, then the other thirds by VP average (D3 11, A3 10, C3 = E3 9, equal and
    named for the lot), then the fourths (A4 6, C4 5, ...)."""
    tables = [
        semifinal("A", [15, 12, 10, 6]),
        semifinal("B", [15, 12, 9, 4]),
        semifinal("C", [15, 12, 9, 5]),
        semifinal("D", [15, 12, 11, 3]),
        semifinal("E", [15, 12, 9, 2]),
    ]
    seated = {f"{n}{p}" for n in "ACDE" for p in (1, 2)} | {"B2"}
    offers = final_offers(semifinals=tables, vacancy_semifinal=2, seated=seated, declined={"B1"})
    assert [o.team for o in offers] == [
        "B3", "B4", "D3", "A3", "C3", "E3", "A4", "C4", "D4", "E4"
    ]  # fmt: skip
    assert offers[4].tied_with == ("E3",)
    assert offers[2].tied_with == ()
    assert "line 616" in offers[0].reason.en
    assert "the third of semifinal 4, by the best VP average" in offers[2].reason.en


# --- SM Lag Semifinal ---------------------------------------------------------------------


FINAL = [f"F{n}" for n in range(1, 11)]
OUT = [Placed("S1", rec(12)), Placed("S2", rec(14)), Placed("S3", rec(9))]


def test_sm_places_choose_from_the_winners_down():
    """Seed 003 lines 709, 715: the DM final's winners choose first; F2 declines, so F7
    takes the sixth place."""
    result = sm_places(places=6, final_standings=FINAL, semifinal_out=OUT, declined={"F2"})
    assert [o.team for o in result.choosing] == ["F1", "F3", "F4", "F5", "F6", "F7"]
    assert result.returned == 0
    assert "number 1 of the DM Lag final" in result.choosing[0].reason.en


def test_sm_places_not_taken_go_back_when_the_final_has_enough_teams():
    """Seed 003 line 719: places no more than the final's teams: the teams out in the
    semifinals are not asked; the places nobody takes go back to SBF."""
    result = sm_places(
        places=9, final_standings=FINAL, semifinal_out=OUT, declined={"F1", "F2", "F3"}
    )
    assert len(result.choosing) == 7
    assert result.returned == 2
    assert [o.team for o in sm_queue(places=9, final_standings=FINAL, semifinal_out=OUT)] == FINAL


def test_sm_places_beyond_the_final_go_to_the_semifinals_by_vp_average():
    """Seed 003 line 720: more places than the final's teams: the teams out in the DM
    semifinals by the highest average VP (S2 14, S1 12, S3 9); still short, back to SBF."""
    result = sm_places(places=13, final_standings=FINAL, semifinal_out=OUT, declined={"S1"})
    assert [o.team for o in result.choosing][10:] == ["S2", "S3"]
    assert result.returned == 1
    assert "highest VP average" in result.choosing[10].reason.en
