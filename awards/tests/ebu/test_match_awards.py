"""Awards per match won in the ledger (awards/domain/ebu/events.competition_awards):
the place awards plus each entry's wins (a draw half a win, 4.6.2), and a knock-out's
award per match won round by round (4.7), rounded once (3.4.1); the same numbers the
calculator prints for the event.

Seed 001: 4.5-4.6 (lines 2565-2930), 4.7 (lines 2931-3216), 4.8 (lines 3217-3300),
3.3.2 (a third of the boards, lines 1780-1789), 3.4.1 (rounding).
"""

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction

from awards.domain.core import Match, Placing, Player
from awards.domain.ebu.calculator import calculate, options_from
from awards.domain.ebu.events import competition_awards, match_results, options_for


def _team(entry, place, *players, boards=None):
    return Placing(
        entry=entry,
        place=place,
        place_to=place,
        players=tuple(Player(id=p, boards_played=boards) for p in players),
    )


def _match(rnd, home, away, vp_home, vp_away):
    return Match(
        round=rnd, home=home, away=away, boards=6, vp_home=Decimal(vp_home),
        vp_away=Decimal(vp_away),
    )  # fmt: skip


TEAMS = tuple(_team(f"T{n}", n, f"{n}a", f"{n}b", f"{n}c", f"{n}d") for n in range(1, 11))


def test_wins_and_draws_are_counted_from_the_vps_less_penalties():
    won = match_results(
        [
            _match(1, "T1", "T2", 15, 5),
            _match(2, "T1", "T3", 10, 10),
            replace(_match(3, "T2", "T3", 11, 9), penalty_home=Decimal(3)),
        ]
    )
    assert (won["T1"].wins, won["T1"].draws) == (1, 1)
    assert (won["T3"].wins, won["T3"].draws) == (1, 1)  # 8 against 9 after the penalty
    assert "T2" not in won


def test_a_swiss_teams_pays_its_places_and_each_match_won():
    facts = {"status": "county", "movement": "teams", "boards": 42, "boards_per_match": 6}
    options = options_for(facts, kind="teams", boards=42, placings=TEAMS)
    printed = calculate(replace(options, tables=Fraction(10)))  # the calculator's page
    per_match = dict(printed.extra)["per_match"]
    matches = [_match(1, "T1", "T2", 15, 5), _match(2, "T1", "T3", 10, 10)]
    awards, result = competition_awards(TEAMS, matches, options)
    by_player = {a.player: a for a in awards}
    first = printed.places[0].points
    # T1: first place plus a win and a draw (half a win, 4.6.2), rounded once.
    assert by_player["1a"].points == (first + per_match * Decimal("1.5")).to_integral_value(
        rounding="ROUND_CEILING"
    )
    assert "1 won, 1 drawn matches" in by_player["1a"].reason.en
    # T3 drew once and is placed 3rd.
    assert by_player["3a"].points == (printed.places[2].points + per_match / 2).to_integral_value(
        rounding="ROUND_CEILING"
    )
    assert result.scale == printed.scale


def test_a_knock_out_pays_each_round_won_to_the_winners_only():
    facts = {"status": "county", "knockout": "single-teams", "boards_per_match": 24}
    options = options_for(facts, kind="teams", boards=0, placings=TEAMS[:4])
    matches = [
        _match(1, "T1", "T4", 20, 0),
        _match(1, "T2", "T3", 12, 8),
        _match(2, "T1", "T2", 16, 4),
    ]
    awards, _result = competition_awards(TEAMS[:4], matches, options)
    round_1 = dict(calculate(options_from({**facts, "round": "1"})).extra)["per_match"]
    round_2 = dict(calculate(options_from({**facts, "round": "2"})).extra)["per_match"]
    by_player = {a.player: a.points for a in awards}
    assert by_player["1a"] == round_1 + round_2
    assert by_player["2a"] == round_1
    assert "3a" not in by_player and "4a" not in by_player


def test_a_player_under_a_third_of_the_boards_gets_no_match_award():
    facts = {"status": "club", "movement": "teams", "boards": 42, "boards_per_match": 6}
    teams = (_team("T1", 1, "x", "y", boards=10), *TEAMS[1:])
    options = options_for(facts, kind="teams", boards=42, placings=teams)
    awards, _ = competition_awards(teams, [_match(1, "T1", "T2", 15, 5)], options)
    assert {a.player for a in awards}.isdisjoint({"x", "y"})  # 10 of 42 boards


PAIRS = tuple(_team(f"P{n}", n, f"{n}x", f"{n}y") for n in range(1, 26))  # 25 pairs


def test_a_pairs_ladder_counts_its_pairs_two_a_table():
    """4.11.3: a ladder ranks pairs; its tables from its pairs (docs/awards-ebu.md)."""
    options = options_for({"ladder": True, "games": 10}, kind="pairs", boards=0, placings=PAIRS)
    assert options.movement == "pairs" and options.boards is None  # a ladder reads no boards
    awards, result = competition_awards(PAIRS, [], options)
    assert result.scale == "ladder" and awards
    printed = calculate(options_from({"ladder": True, "games": 10, "movement": "pairs",
                                      "tables": Fraction(25, 2)}))  # fmt: skip
    assert {a.points for a in awards if a.entry == "P1"} == {printed.places[0].points}


def test_green_point_events_read_only_their_own_facts():
    """Chapter 6: the county pairs final reads its pairs as entries (6.3.1), the Swiss
    pairs its tables, two pairs a table (6.4.2); both pay green points."""
    final = options_for({"event": "county-pairs-final"}, kind="pairs", boards=36, placings=PAIRS)
    awards, result = competition_awards(PAIRS, [], final)
    assert result.colour == "green" and awards and final.movement is None
    swiss = options_for(
        {"event": "swiss-pairs", "boards_per_match": 6}, kind="pairs", boards=42, placings=PAIRS
    )
    awards, result = competition_awards(PAIRS, [], swiss)
    printed = calculate(options_from({"event": "swiss-pairs", "boards_per_match": 6,
                                      "boards": 42, "tables": Fraction(25, 2)}))  # fmt: skip
    assert {a.points for a in awards if a.entry == "P1"} == {printed.places[0].points}


def test_a_tie_with_the_part_table_pair_is_cut_where_the_scale_stops():
    """4.1.3: 25 pairs are 12 full tables, 24 pairs ranked; a tie for 24th-25th shares
    nothing the scale pays, so the event is still awarded."""
    tied = (*PAIRS[:23], replace(PAIRS[23], place_to=25), replace(PAIRS[24], place=24))
    options = options_for({}, kind="pairs", boards=24, placings=tied)
    awards, result = competition_awards(tied, [], options)
    assert result.why is None and awards
