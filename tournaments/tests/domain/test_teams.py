"""The team series rules of seed 003 (tournaments/domain/teams.py): the W.O. VPs of
"Walk Over (W.O.)" and the ranking of "Särskiljning inom ett kvalheat"."""

from decimal import Decimal

from tournaments.domain.teams import SideResult, rank_teams, walkover_vp

D = Decimal


def test_walkover_vp_rule():
    assert walkover_vp(own_played_vp=[], opponents_of_giver_vp=[]) == D("12.00")
    assert walkover_vp(own_played_vp=[D("11.00"), D("9.00")], opponents_of_giver_vp=[]) == D(
        "12.00"
    )
    assert walkover_vp(own_played_vp=[D("13.01")], opponents_of_giver_vp=[D("12.5")]) == D("14.00")
    assert walkover_vp(own_played_vp=[D("20"), D("19.5")], opponents_of_giver_vp=[]) == D("20.00")


def side(team, opponent, vp, won, lost):
    return SideResult(team, opponent, D(vp), D(won), D(lost))


def placed(placings):
    return [(p.key, p.place, p.place_to) for p in placings]


def test_equal_vp_goes_to_the_higher_imp_quotient():
    results = [side("A", "X", 30, 50, 25), side("B", "Y", 30, 40, 40)]
    assert placed(rank_teams(["B", "A"], results)) == [("A", 1, 1), ("B", 2, 2)]


def test_nothing_lost_beats_any_quotient():
    results = [side("A", "X", 15, 100, 10), side("B", "Y", 15, 10, 0)]
    assert placed(rank_teams(["A", "B"], results))[0] == ("B", 1, 1)


def test_equal_vp_and_quotient_goes_to_imps_won_between_them():
    results = [
        side("C", "D", 12, 30, 20),
        side("D", "C", 8, 20, 30),
        side("C", "X", 8, 20, 30),
        side("X", "C", 12, 30, 20),
        side("D", "Y", 12, 30, 20),
        side("Y", "D", 8, 20, 30),
    ]
    # C and D: 20 VP, 50-50 IMPs each; C won 30 IMPs to D's 20 in their match.
    assert placed(rank_teams(["D", "C", "X", "Y"], results)) == [
        ("C", 1, 1),
        ("D", 2, 2),
        ("X", 3, 3),
        ("Y", 4, 4),
    ]


def test_teams_still_tied_share_the_place_the_lot_would_decide():
    results = [side("E", "X", 14, 20, 10), side("F", "Y", 14, 20, 10), side("G", "Z", 3, 0, 0)]
    assert placed(rank_teams(["E", "F", "G"], results)) == [
        ("E", 1, 2),
        ("F", 1, 2),
        ("G", 3, 3),
    ]
