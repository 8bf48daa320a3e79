"""Chapter 6, county green point events (seed lines 3977-4697): the county pairs final
on Scale G with its worked example (6.3.1), the county teams knock-out table and
qualifier (6.2), one-day Swiss events (6.4), inter-county leagues (6.5), and the
options each event refuses."""

from decimal import Decimal
from fractions import Fraction as F

import pytest

from awards.domain.ebu.calculator import calculate
from awards.domain.ebu.core import EbuInputError, EbuOptions
from awards.domain.ebu.green import (
    KO_ROUNDS,
    KO_TABLE,
    OPEN_TEAMS_BONUS,
    awards_for,
    flighted_awards,
    flighted_tables,
    in_blocks,
    ko_award,
    league_bonus_wins,
    league_per_match,
    multiple_pairs_awards,
    multiple_pairs_overall,
    multiple_pairs_qualifying,
    multiple_pairs_session,
    multiple_pairs_top,
    multiple_teams_awards,
    ranking_awards,
    swiss_awards,
    top_award,
)


def _points(result) -> list[float]:
    return [place["points"] for place in result.as_json()["places"]]


# --- 6.3 the county pairs final ------------------------------------------------------------


def test_worked_example_of_6_3_1():
    # Lines 4188-4194: 14 pairs of 110 reach the final; 16 awards would be made; the
    # final is paid "50.75 [read 5.75] down to 0.75"; the two best non-qualifiers get
    # the rest, their local awards "reduced by 50 and 25".
    result = awards_for(EbuOptions(event="county-pairs-final", entries=110, remaining=14))
    out = result.as_json()
    assert out["awards"] == 14
    assert out["places"][0]["points"] == 5.75 and out["places"][-1]["points"] == 0.75
    assert [row["local_reduction"] for row in out["unallocated"]] == [50, 25]
    assert [row["points"] for row in out["unallocated"]] == [0.5, 0.25]
    # 6.3.1(a): TOE/40 + 3 = 5.75; (d) TOE/10 + 5 = 16 awards.
    full = awards_for(EbuOptions(event="county-pairs-final", entries=110))
    assert full.awards == 16


def test_interface_example_county_pairs_final():
    out = calculate(EbuOptions(event="county-pairs-final", entries=110)).as_json()
    assert out["scale"] == "G" and out["colour"] == "green"
    # Scale G, row 101-110 (line 6067): 5.75 4.50 3.75 3.25, then by 0.25 to 16th.
    assert _points(calculate(EbuOptions(event="county-pairs-final", entries=110)))[:5] == [
        5.75,
        4.5,
        3.75,
        3.25,
        3,
    ]
    # 2.5.1: an award of 5 or more green points also gives gold, green/5.
    assert out["places"][0]["gold"] == 1.15 and out["places"][1]["gold"] == 0


def test_a_final_larger_than_the_awards_pays_the_scale():
    result = awards_for(EbuOptions(event="county-pairs-final", entries=40, remaining=16))
    # Scale G row 31-40 (line 6032): 4, 2.75, 2, 1.50, ... 9 awards.
    assert _points(result) == [4, 2.75, 2, 1.5, 1.25, 1, 0.75, 0.5, 0.25]
    assert "unallocated" not in result.as_json()


def test_a_tie_at_the_last_award_is_at_least_the_lowest_award():
    # 3.5.1 for green: 0.25 and nothing shared would be 0.125; the share is raised to
    # the scale's lowest award, 0.25.
    result = awards_for(EbuOptions(event="county-pairs-final", entries=40, ties=((9, 2),)))
    assert _points(result)[-2:] == [0.25, 0.25]
    tie = awards_for(EbuOptions(event="county-pairs-final", entries=40, ties=((1, 2),)))
    assert _points(tie)[:2] == [3.38, 3.38]  # (4 + 2.75) / 2 = 3.375, rounded up


@pytest.mark.parametrize(
    "options, option",
    [
        (EbuOptions(event="county-pairs-final"), "entries"),
        (EbuOptions(event="county-pairs-final", entries=5), "entries"),
        (EbuOptions(event="county-pairs-final", entries=40, boards=27), "boards"),
        (EbuOptions(event="county-pairs-final", entries=40, tables=F(8)), "tables"),
        (EbuOptions(event="county-pairs-final", entries=40, round="final"), "round"),
        (EbuOptions(event="county-pairs-final", entries=40, status="national"), "status"),
        (EbuOptions(event="county-pairs-final", entries=40, colour="blue"), "colour"),
        (
            EbuOptions(event="county-pairs-final", entries=110, remaining=14, ties=((14, 2),)),
            "tie",
        ),
    ],
)
def test_county_pairs_final_refuses(options, option):
    with pytest.raises(EbuInputError) as error:
        awards_for(options)
    assert error.value.option == option


# --- 6.2 the county teams championship -----------------------------------------------------

# 6.2.2 (lines 4073-4083): entries -> awards per match won by round, and the minimum.
KO_PRINTED = {
    4: ({"semi-final": "0.50", "final": "1.00"}, "1.00"),
    8: ({"quarter-final": "0.50", "semi-final": "0.75", "final": "1.50"}, "2.25"),
    16: ({"9-16": "0.50", "quarter-final": "0.75", "semi-final": "1.25", "final": "2"}, "4"),
    32: (
        {"17-32": "0.50", "9-16": "0.75", "quarter-final": "1.25", "semi-final": "1.75"}
        | {"final": "2.25"},
        "6",
    ),
    64: (
        {"33-64": "0.50", "17-32": "0.75", "9-16": "1", "quarter-final": "1.50"}
        | {"semi-final": "2", "final": "2.50"},
        "7.75",
    ),
    65: (
        {"65+": "0.50", "33-64": "0.75", "17-32": "1", "9-16": "1.50", "quarter-final": "2"}
        | {"semi-final": "2.50", "final": "3"},
        "10.75",
    ),
}


@pytest.mark.parametrize("entries", sorted(KO_PRINTED))
def test_county_teams_knockout_table(entries):
    rounds, minimum = KO_PRINTED[entries]
    for round_name in KO_ROUNDS:
        if round_name in rounds:
            out = awards_for(
                EbuOptions(event="county-teams-ko", entries=entries, round=round_name)
            ).as_json()
            assert out["per_match"] == float(rounds[round_name])
            assert out["winner_minimum"] == float(minimum)
            assert out["round"] == round_name and out["places"] == []
        else:
            with pytest.raises(EbuInputError) as error:
                ko_award(entries, round_name)
            assert error.value.option == "round"


def test_the_winners_minimum_is_every_round_but_the_first():
    # "*the winners receive ½ more than this if they played in round one" (line 4087).
    for row in KO_TABLE:
        won = [award for award in row.rounds if award is not None]
        assert row.winner_minimum == sum(won) - won[0] == sum(won) - F(1, 2)


def test_the_round_from_the_teams_left():
    by_round = awards_for(EbuOptions(event="county-teams-ko", entries=40, round="9-16"))
    by_left = awards_for(EbuOptions(event="county-teams-ko", entries=40, remaining=12))
    assert by_round.as_json() == by_left.as_json()
    with pytest.raises(EbuInputError) as error:
        awards_for(EbuOptions(event="county-teams-ko", entries=40, remaining=12, round="final"))
    assert error.value.option == "remaining"


@pytest.mark.parametrize(
    "options, option",
    [
        (EbuOptions(event="county-teams-ko", entries=20), "round"),
        (EbuOptions(event="county-teams-ko", entries=2, round="final"), "entries"),
        (EbuOptions(event="county-teams-ko", entries=20, round="65+"), "round"),
        (EbuOptions(event="county-teams-ko", entries=20, round="3"), "round"),
        (
            EbuOptions(event="county-teams-ko", entries=20, round="final", boards_per_match=16),
            "boards-per-match",
        ),
        (EbuOptions(event="county-teams-ko", entries=20, round="final", ties=((1, 2),)), "tie"),
    ],
)
def test_county_teams_knockout_refuses(options, option):
    with pytest.raises(EbuInputError) as error:
        awards_for(options)
    assert error.value.option == option


def test_qualifier_blocks_smaller_first():
    # 6.2.3(b): 18-35 boards, 0.75 and 0.50 in equal blocks to half-way; unequal
    # blocks: the smaller first. 14 teams: 7 places, 3 at 0.75 and 4 at 0.50.
    result = awards_for(EbuOptions(event="county-teams-qualifier", entries=14, boards=24))
    assert _points(result) == [0.75] * 3 + [0.5] * 4
    # (c) 36+ boards: 1.25, 1, 0.75, 0.50; 22 teams: 11 places in blocks 2, 3, 3, 3.
    long = awards_for(EbuOptions(event="county-teams-qualifier", entries=22, boards=40))
    assert _points(long) == [1.25] * 2 + [1] * 3 + [0.75] * 3 + [0.5] * 3
    # Fewer places than awards: the empty (smaller) blocks are the top ones.
    assert in_blocks(3, (F(5, 4), F(1), F(3, 4), F(1, 2))) == (F(1), F(3, 4), F(1, 2))


def test_qualifier_under_18_boards_gives_local_points_instead():
    result = awards_for(EbuOptions(event="county-teams-qualifier", entries=14, boards=16))
    assert result.awards == 0 and result.places == () and result.why is not None
    assert "6.2.3(a)" in result.why.en


def test_qualifier_refuses():
    for options, option in (
        (EbuOptions(event="county-teams-qualifier", entries=14), "boards"),
        (EbuOptions(event="county-teams-qualifier", boards=24), "entries"),
        (EbuOptions(event="county-teams-qualifier", entries=2, boards=24), "entries"),
        (EbuOptions(event="county-teams-qualifier", entries=14, boards=24, round="final"), "round"),
    ):
        with pytest.raises(EbuInputError) as error:
            awards_for(options)
        assert error.value.option == option


# --- 6.4 Swiss events -------------------------------------------------------------------------


def test_interface_example_swiss_teams():
    out = calculate(EbuOptions(event="swiss-teams", tables=F(60), boards_per_match=7)).as_json()
    # 6.4.8 (line 4552): a 7-board round won 0.25, drawn 0.13.
    assert out["per_match"] == 0.25 and out["per_draw"] == 0.13
    # 6.4.1(b): top sixth of 60 teams = 10 awards; top 60/24 + 0.50 = 3.00; (c) min 0.25.
    assert out["awards"] == 10
    assert out["places"][0]["points"] == 3 and out["places"][-1]["points"] == 0.25
    points = [place["points"] for place in out["places"]]
    assert points == sorted(points, reverse=True)


def test_swiss_top_awards_round_up_to_half_a_point():
    # 6.4.1(b) tables/24 + 0.50; 6.4.2(b) tables/24 + 1.00; rounded up to 0.50.
    assert top_award(F(25), F(1, 2)) == F(2)  # 1.5417 -> 2.00
    assert top_award(F(24), F(1, 2)) == F(3, 2)
    assert top_award(F(24), F(1)) == F(2)
    assert top_award(F(30), F(1)) == F(5, 2)


def test_swiss_pairs_field_is_two_pairs_a_table():
    # The top sixth of the field: 30 tables of pairs are 60 pairs, 10 awards.
    awards = swiss_awards("swiss-pairs", F(30))
    assert len(awards) == 10 and awards[0] == F(5, 2) and awards[-1] == F(1, 4)


def test_standard_reductions_are_a_straight_line():
    assert ranking_awards(F(3), F(1, 4), 12)[0] == 3
    assert ranking_awards(F(2), F(1, 2), 4) == (F(2), F(3, 2), F(1), F(1, 2))
    assert ranking_awards(F(2), F(1, 4), 1) == (F(2),)
    assert ranking_awards(F(2), F(1, 4), 0) == ()


def test_flighted_swiss():
    # 6.4.3(c)-(d): the 'A' flight counts half the 'B' flight's tables.
    assert flighted_tables(F(20), F(30)) == (F(35), F(30))
    # (e): 'B' more than twice the 'A': the 'A' awards are raised to the 'B' ones, but
    # never past the top half of the 'A' flight.
    a, b = flighted_awards("swiss-teams", F(4), F(60))
    assert a == b[:2] and b[0] == 3
    # The 'A' flight's counted field (20 + 15 = 35 teams) pays 5 places, within the
    # top half of its own 20 teams.
    a, b = flighted_awards("swiss-teams", F(20), F(30))
    assert len(a) == 5 and a[0] == top_award(F(35), F(1, 2)) == 2
    assert len(b) == 5 and b[0] == 2
    # A small 'A' flight is never paid past its top half.
    # 1 table (2 pairs) in 'A', 20 in 'B': the 'B' flight's 6 awards (top 2.00) would
    # be the 'A' flight's, but only its top pair may be paid.
    a, b = flighted_awards("swiss-pairs", F(1), F(20))
    assert len(b) == 6 and b[0] == 2 and a == b[:1]


def test_too_small_a_swiss_gets_nothing():
    result = awards_for(EbuOptions(event="swiss-teams", tables=F(2), boards_per_match=7))
    assert result.awards == 0 and result.why is not None


@pytest.mark.parametrize(
    "options, option",
    [
        (EbuOptions(event="swiss-teams", tables=F(60)), "boards-per-match"),
        (EbuOptions(event="swiss-teams", boards_per_match=7), "tables"),
        (EbuOptions(event="swiss-pairs", tables=F(20), boards_per_match=1), "boards-per-match"),
        (EbuOptions(event="swiss-pairs", tables=F(20), boards_per_match=7, won=F(5)), "won"),
        (EbuOptions(event="swiss-pairs", tables=F(20), boards_per_match=7, entries=40), "entries"),
        (EbuOptions(event="swiss-teams", tables=F(20), boards_per_match=7, major=True), "major"),
    ],
)
def test_swiss_refuses(options, option):
    with pytest.raises(EbuInputError) as error:
        awards_for(options)
    assert error.value.option == option


# --- 6.5 inter-county leagues --------------------------------------------------------------


@pytest.mark.parametrize(
    "division, boards, award",
    [  # 6.5.5 matches won, lines 4608-4646
        (1, 7, "0"),
        (1, 8, "0.25"),
        (1, 16, "0.50"),
        (1, 24, "0.75"),
        (2, 15, "0"),
        (2, 16, "0.25"),
        (2, 32, "0.50"),
        (3, 23, "0"),
        (3, 24, "0.25"),
    ],
)
def test_league_awards_per_match_won(division, boards, award):
    assert league_per_match(division, boards) == F(award)


def test_league_teams_of_twelve_read_the_next_division_down():
    # 6.5.3, lines 4590-4592.
    assert league_per_match(1, 24, team_of=12) == league_per_match(2, 24) == F(1, 2)
    assert league_per_match(1, 24, team_of=8) == F(3, 4)
    assert league_per_match(3, 24, team_of=12) == 0
    with pytest.raises(EbuInputError):
        league_per_match(1, 24, team_of=6)


@pytest.mark.parametrize(
    "teams, wins",
    [(5, ()), (6, (1,)), (10, (1,)), (11, (2, 1)), (15, (2, 1)), (16, (3, 2, 1))],
)
def test_league_ranking_bonus_wins(teams, wins):
    # 6.5.5 ranking awards, lines 4650-4697.
    assert league_bonus_wins(teams) == wins


def test_league_form():
    out = awards_for(
        EbuOptions(
            event="inter-county-league", divisions=2, division=1, tables=F(16), boards_per_match=24
        )
    ).as_json()
    assert out["per_match"] == 0.75
    assert [place["points"] for place in out["places"]] == [2.25, 1.5, 0.75]
    none = awards_for(
        EbuOptions(
            event="inter-county-league", divisions=3, division=3, tables=F(16), boards_per_match=16
        )
    )
    assert none.awards == 0 and none.why is not None


def test_league_refuses():
    for options, option in (
        (EbuOptions(event="inter-county-league", tables=F(8), boards_per_match=24), "division"),
        (
            EbuOptions(
                event="inter-county-league",
                divisions=4,
                division=4,
                tables=F(8),
                boards_per_match=24,
            ),
            "division",
        ),
        (
            EbuOptions(event="inter-county-league", divisions=1, division=1, tables=F(8)),
            "boards-per-match",
        ),
        (
            EbuOptions(
                event="inter-county-league",
                divisions=1,
                division=1,
                tables=F(8),
                boards_per_match=24,
                ties=((1, 2),),
            ),
            "tie",
        ),
    ):
        with pytest.raises(EbuInputError) as error:
            awards_for(options)
        assert error.value.option == option


def test_unknown_event_is_refused():
    with pytest.raises(EbuInputError) as error:
        awards_for(EbuOptions(event="congress"))
    assert error.value.option == "event"


def test_green_points_are_two_decimals_rounded_up():
    result = awards_for(EbuOptions(event="swiss-teams", tables=F(60), boards_per_match=7))
    assert result.places[1].points == Decimal("2.70")  # 3 - 2.75/9 = 2.6944...


# --- 6.4.4-6.4.7 multiple teams and pairs ----------------------------------------------------


def test_multiple_teams_finals():
    # 6.4.4(c)i: 'A' final, 50% of qualifiers but at most 1/6 of the original entry;
    # top 48/24 + 0.50 = 2.50; minimum 0.25.
    a = multiple_teams_awards("A", F(48), 20)
    assert len(a) == 8 and a[0] == F(5, 2) and a[-1] == F(1, 4)
    assert len(multiple_teams_awards("A", F(48), 10)) == 5
    # ii: 'B' final, 33.3% of the qualifiers, half the 'A' top.
    b = multiple_teams_awards("B", F(48), 12)
    assert len(b) == 4 and b[0] == F(5, 4) and b[-1] == F(1, 4)
    assert OPEN_TEAMS_BONUS == (F(1, 4), F(1, 4))  # iii
    with pytest.raises(EbuInputError):
        multiple_teams_awards("C", F(48), 12)


def test_multiple_pairs_finals_without_carry_forward():
    # 6.4.6(c): 'A' top 40/24 + 2.00 = 3.67 -> 4.00, min 1.00, every qualifier;
    # 'B' half: 2.00, min 0.50; 'C' half of that rounded up to 0.25: 1.00, min 0.25;
    # open pairs half the 'C': 0.50, top third, min 0.25.
    assert multiple_pairs_top("A", F(40), False, True) == 4
    assert multiple_pairs_top("B", F(40), False, True) == 2
    assert multiple_pairs_top("C", F(40), False, True) == 1
    assert multiple_pairs_top("open", F(40), False, True) == F(1, 2)
    assert multiple_pairs_top("open", F(40), False, False) == 1  # no 'C' final: 1.00
    a = multiple_pairs_awards("A", F(40), 14, carry=False)
    assert len(a) == 14 and a[0] == 4 and a[-1] == 1
    opens = multiple_pairs_awards("open", F(40), 30, carry=False)
    assert len(opens) == 10 and opens[0] == 1 and opens[-1] == F(1, 4)
    # (a): the qualifying round, top half, 1.00 down to 0.25.
    qualifying = multiple_pairs_qualifying(80)
    assert len(qualifying) == 40 and qualifying[0] == 1 and qualifying[-1] == F(1, 4)
    with pytest.raises(EbuInputError):
        multiple_pairs_top("C", F(40), False, False)


def test_multiple_pairs_finals_with_carry_forward():
    # 6.4.7(c): 'A' top 40/24 + 2.50 = 4.17 -> 4.50, min 1.50; 'B' 2.25, min 0.75;
    # 'C' 1.125 -> 1.25, min 0.50.
    a = multiple_pairs_awards("A", F(40), 14, carry=True)
    assert a[0] == F(9, 2) and a[-1] == F(3, 2)
    b = multiple_pairs_awards("B", F(40), 14, carry=True, has_c=True)
    assert b[0] == F(9, 4) and b[-1] == F(3, 4)
    c = multiple_pairs_awards("C", F(40), 14, carry=True, has_c=True)
    assert c[0] == F(5, 4) and c[-1] == F(1, 2)


def test_multiple_pairs_all_play_through():
    # 6.4.5(a): each session, top third, 1.00 down to 0.25; (b) overall, top half,
    # top 30/24 + 1.00 = 2.25 -> 2.50, minimum 1.00.
    session = multiple_pairs_session(60)
    assert len(session) == 20 and session[0] == 1 and session[-1] == F(1, 4)
    overall = multiple_pairs_overall(F(30), 60)
    assert len(overall) == 30 and overall[0] == F(5, 2) and overall[-1] == 1


def test_a_tie_in_the_teams_qualifier_is_at_least_its_lowest_award():
    # 14 teams, 24 boards: 0.75 x3, 0.50 x4; a tie for 7th-8th shares 0.50 and nothing,
    # raised to the lowest award, 0.50.
    result = awards_for(
        EbuOptions(event="county-teams-qualifier", entries=14, boards=24, ties=((7, 2),))
    )
    assert _points(result)[-2:] == [0.5, 0.5]


def test_a_swiss_of_fewer_than_12_boards_gets_nothing():
    result = awards_for(
        EbuOptions(event="swiss-pairs", tables=F(20), boards_per_match=2, boards=10)
    )
    assert result.awards == 0 and result.why is not None
