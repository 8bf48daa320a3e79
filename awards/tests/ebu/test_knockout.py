"""Knock-outs with local points (awards.domain.ebu.knockout): seed 001_4cb9a3c6036a851e.txt,
4.7 (lines 2931-3216) with 4.5.6-4.5.8 and 4.6.1. Every figure below is the Handbook's:
the 4.7.7 table, its worked examples 4.7.9 and 4.7.10, and the rules' own numbers."""

from decimal import Decimal
from fractions import Fraction

import pytest

from awards.domain.ebu import knockout
from awards.domain.ebu.core import FACTOR, EbuInputError, EbuOptions
from awards.domain.ebu.knockout import Round, deemed_round, knockout_award, named_round


def calc(**values) -> dict:
    return knockout.awards_for(EbuOptions(**values)).as_json()


# 4.7.7 (lines 2982-3138): Club awards per match won by round, 18-35 board matches.
PRINTED_ROUNDS = {
    "single-teams": {"prelim": 27, "1": 27, "2": 38, "3": 54, "4": 76, "5": 108, "6": 152},
    "double-teams": {
        "prelim": 27, "1": 27, "2": 27, "3": 27, "4": 38, "5": 54, "6": 76, "7": 108,
        "8": 152,
    },
    "single-pairs": {
        "prelim": 27, "1": 27, "2": 27, "3": 38, "4": 54, "5": 76, "6": 108, "7": 152,
    },
}  # fmt: skip


@pytest.mark.parametrize(
    ("kind", "name", "points"),
    [(kind, name, points) for kind, row in PRINTED_ROUNDS.items() for name, points in row.items()],
)
def test_the_printed_round_awards(kind, name, points):
    assert calc(knockout=kind, round=name, boards_per_match=24)["per_match"] == points


def test_the_three_rows_are_one_progression_shifted():
    # Each printed row ends with the same five awards, each two rounds doubling (27, 54,
    # 108; 38, 76, 152); double elimination and pairs start with more 27s.
    for row in PRINTED_ROUNDS.values():
        values = list(row.values())
        assert values[-5:] == [38, 54, 76, 108, 152]
        assert all(values[i + 2] == 2 * values[i] for i in range(len(values) - 5, len(values) - 2))
        assert set(values[:-5]) == {27}


def test_the_last_round_of_each_contest():
    # 4.7.4 (lines 2962-2964): 6-8 rounds; the "-" cells of 4.7.7.
    assert [knockout.last_round(kind) for kind in PRINTED_ROUNDS] == [6, 8, 7]
    with pytest.raises(EbuInputError, match="--round: single elimination teams has rounds"):
        calc(knockout="single-teams", round="7", boards_per_match=24)
    with pytest.raises(EbuInputError, match="--round"):
        calc(knockout="single-pairs", round="8", boards_per_match=24)


def test_example_4_7_9_eight_of_thirty_two_play_round_3():
    # Lines 3162-3166: from 32 teams, 8 qualify for a knock-out: deemed Round 3.
    assert deemed_round("single-teams", entries=32, remaining=8) == Round("3", 3)
    out = calc(knockout="single-teams", entries=32, remaining=8, boards_per_match=24)
    assert (out["round"], out["per_match"], out["places"], out["scale"]) == (3, 54, [], "KO")


def test_example_4_7_10_a_consolation_round_1_is_half():
    # Lines 3178-3184: the consolation playing its Round 1: one-half of 27.
    award = knockout_award(
        knockout="single-teams",
        played=named_round("single-teams", "1"),
        factor=FACTOR["club"],
        boards_per_match=24,
        consolation=True,
    )
    assert award == Fraction(27, 2)
    assert (
        calc(knockout="single-teams", round="1", consolation=True, boards_per_match=24)["per_match"]
        == 14
    )  # 13½ rounded up (3.4.1)


def test_example_4_7_10_b_consolation_of_24_is_round_2():
    # Lines 3188-3197: 24 teams (32 less the 8 of the main final): a preliminary round
    # and one full round leave 8, so the final stage is Round 2: half of 38.
    assert deemed_round("single-teams", entries=24, remaining=8) == Round("2", 2)
    out = calc(
        knockout="single-teams", entries=24, remaining=8, consolation=True, boards_per_match=24
    )
    assert (out["round"], out["per_match"]) == (2, 19)


def test_an_entry_not_a_power_of_two_starts_with_a_preliminary_round():
    # 4.7.10(b): 24 teams play a preliminary round first.
    assert deemed_round("single-teams", entries=24, remaining=24).label == "prelim"
    assert deemed_round("single-teams", entries=24, remaining=20).label == "prelim"
    assert deemed_round("single-teams", entries=24, remaining=16) == Round("1", 1)


def test_rounds_beyond_the_last_are_preliminary_at_the_start():
    # 4.7.4 and the note to 4.7.10 (lines 3207-3213): 128 teams need 7 rounds, one more
    # than single elimination counts: the first is a preliminary round, the final Round 6.
    assert deemed_round("single-teams", entries=128, remaining=128).label == "prelim"
    assert deemed_round("single-teams", entries=128, remaining=64) == Round("1", 1)
    assert deemed_round("single-teams", entries=128, remaining=2) == Round("6", 6)
    assert (
        calc(knockout="single-teams", entries=128, remaining=2, boards_per_match=24)["per_match"]
        == 152
    )


def test_a_later_preliminary_round_is_the_mean_of_its_neighbours():
    # 4.7.5 (lines 2968-2972): 12 of 32 left plays a round with byes between Round 2
    # (16 left) and Round 3 (8 left): (38 + 54) / 2.
    played = deemed_round("single-teams", entries=32, remaining=12)
    assert played.between == (2, 3)
    assert knockout.round_award("single-teams", played) == 46
    out = calc(knockout="single-teams", entries=32, remaining=12, boards_per_match=24)
    assert (out["round"], out["per_match"]) == ("prelim", 46)


def test_a_three_team_final_is_the_final():
    # 4.5.6, 4.7.9 (lines 2640-2644, 3154-3158): 3 of 20 teams in the final: the
    # round of the final, Round 4 of a 16-team knock-out (a 20-team entry's).
    assert deemed_round("single-teams", entries=20, remaining=3) == Round("4", 4)
    assert deemed_round("single-teams", entries=20, remaining=2) == Round("4", 4)


def test_a_three_team_final_needs_five_original_tables():
    # 4.6.1 (lines 2692-2694).
    with pytest.raises(EbuInputError, match="--entries: a 3-competitor final"):
        calc(knockout="single-teams", entries=4, remaining=3, boards_per_match=24)
    with pytest.raises(EbuInputError, match="--entries"):
        calc(knockout="single-pairs", entries=9, remaining=3, boards_per_match=24)
    # 10 pairs: a preliminary round to 8, then Rounds 1-3; the final is Round 3 (38).
    assert deemed_round("single-pairs", entries=10, remaining=3) == Round("3", 3)
    out = calc(knockout="single-pairs", entries=10, remaining=3, boards_per_match=24)
    assert out["per_match"] == 38


def test_matches_of_fewer_than_18_boards_are_pro_rata():
    # 4.7.3 (lines 2953-2958): "9-board matches would be one-half".
    assert calc(knockout="single-teams", round="3", boards_per_match=9)["per_match"] == 27
    assert calc(knockout="single-teams", round="3", boards_per_match=18)["per_match"] == 54
    assert calc(knockout="single-teams", round="3", boards_per_match=35)["per_match"] == 54
    # 12 boards: 38 x 12/18 = 25⅓, rounded up at the end.
    assert calc(knockout="single-teams", round="2", boards_per_match=12)["per_match"] == 26


def test_matches_of_36_boards_raise_the_status_one_level():
    # 4.7.3: Club 36-board matches at District (x 1½); County ones at Regional (x 3).
    out = calc(knockout="single-teams", round="3", boards_per_match=36)
    assert (out["per_match"], out["status"], out["factor"]) == (81, "district", 1.5)
    out = calc(knockout="single-teams", round="6", status="county", boards_per_match=48)
    assert (out["per_match"], out["status"]) == (456, "regional")


@pytest.mark.parametrize(
    ("status", "points"),
    [("club", 152), ("district", 228), ("county", 304), ("regional", 456), ("national", 608)],
)
def test_higher_status_multiplies(status, points):
    # 4.7.6 (lines 2976-2978): District x 1½, County x 2, Regional x 3, National x 4.
    assert (
        calc(knockout="single-teams", round="6", status=status, boards_per_match=24)["per_match"]
        == points
    )


def test_the_double_elimination_bye_is_two_thirds():
    # 4.7.8 (lines 3142-3150): 2/3 of 152 = 101⅓, rounded up.
    played = named_round("double-teams", "8")
    assert knockout_award(
        knockout="double-teams", played=played, factor=Fraction(1), boards_per_match=24, bye=True
    ) == Fraction(304, 3)
    assert (
        calc(knockout="double-teams", round="8", bye=True, boards_per_match=24)["per_match"] == 102
    )
    with pytest.raises(EbuInputError, match="--bye: only a double elimination"):
        calc(knockout="single-teams", round="3", bye=True, boards_per_match=24)


def test_blue_points_are_local_over_100():
    # 5.4.1 (lines 3970-3975).
    out = calc(knockout="single-teams", round="3", colour="blue", boards_per_match=24)
    assert out["per_match"] == 0.54  # as JSON prints it
    assert knockout.awards_for(
        EbuOptions(knockout="single-teams", round="3", colour="blue", boards_per_match=24)
    ).extra[1] == ("per_match", Decimal("0.54"))


def test_a_major_championship_is_one_level_up():
    # 3.7.2 (a knock-out is a quali-final event) and 4.2.1-4.2.2.
    out = calc(knockout="single-teams", round="3", status="county", major=True, boards_per_match=24)
    assert (out["per_match"], out["status"]) == (162, "regional")


@pytest.mark.parametrize(
    ("values", "option"),
    [
        ({"knockout": "double-teams", "entries": 32, "remaining": 8}, "--entries"),
        ({"knockout": "single-teams", "round": "3", "entries": 32, "remaining": 8}, "--entries"),
        ({"knockout": "single-teams"}, "--round"),
        ({"knockout": "single-teams", "entries": 32}, "--remaining"),
        ({"knockout": "single-teams", "entries": 32, "remaining": 1}, "--remaining"),
        ({"knockout": "single-teams", "entries": 2, "remaining": 2}, "--entries"),
        ({"knockout": "single-pairs", "round": "2", "boards_per_match": 4}, "--boards-per-match"),
        ({"knockout": "single-teams", "round": "2", "tables": Fraction(8)}, "--tables"),
        ({"knockout": "single-teams", "round": "2", "stage": "final"}, "--stage"),
        ({"knockout": "single-teams", "round": "2", "colour": "green"}, "--colour"),
        ({"knockout": "single-teams", "round": "2", "won": Fraction(2)}, "--won"),
        ({"knockout": "county-teams", "round": "2"}, "--knockout"),
        ({"knockout": "single-teams", "round": "two"}, "--round"),
    ],
)
def test_what_the_knockout_rules_do_not_define_is_refused(values, option):
    values.setdefault("boards_per_match", 24)
    with pytest.raises(EbuInputError) as refused:
        knockout.awards_for(EbuOptions(**values))
    assert str(refused.value).startswith(option + ":")


def test_the_boards_per_match_are_needed():
    with pytest.raises(EbuInputError, match="--boards-per-match: needed"):
        knockout.awards_for(EbuOptions(knockout="single-teams", round="3"))


def test_a_two_team_final_of_a_small_entry_is_its_final():
    # A straight knock-out of 4 teams: semi-finals (Round 1), final (Round 2, 38).
    assert deemed_round("single-teams", entries=4, remaining=2) == Round("2", 2)
    assert deemed_round("single-teams", entries=3, remaining=2) == Round("1", 1)


def test_36_board_matches_at_national_status_go_past_national():
    # 4.7.3: one level above National is 2 x Regional (factor 6): 152 x 6.
    out = calc(knockout="single-teams", round="6", status="national", boards_per_match=36)
    assert (out["per_match"], out["factor"]) == (912, 6)
