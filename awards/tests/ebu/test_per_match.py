"""Events with an award per match won (awards.domain.ebu.per_match): seed
001_4cb9a3c6036a851e.txt 4.5 (lines 2565-2687), 4.6 (lines 2688-2930) and Scale QF
(lines 6813-6946). Expected figures are the Handbook's: example 4.6.5, the 4.6.3 table,
the QF cells, and the numbers in the rules' own text."""

from fractions import Fraction

import pytest

from awards.domain.ebu import per_match
from awards.domain.ebu.core import FACTOR, EbuInputError, EbuOptions


def calc(**values) -> dict:
    values.setdefault("status", "club")
    values.setdefault("movement", "teams")
    for name in ("tables", "original_tables", "premier_tables", "won"):
        if name in values:
            values[name] = Fraction(values[name])
    return per_match.awards_for(EbuOptions(**values)).as_json()


def points(out: dict) -> list:
    return [row["points"] for row in out["places"]]


def test_example_4_6_5_a_club_swiss_teams():
    # Lines 2798-2802: 20 teams, 6 x 6-board matches: 9 a match; QA 90, 72, 54, 36, 18.
    # Also the interface's example.
    out = calc(tables=20, boards=36, boards_per_match=6)
    assert (out["scale"], out["per_match"], points(out)) == ("QA", 9, [90, 72, 54, 36, 18])


def test_example_4_6_5_b_club_multiple_teams():
    # Lines 2804-2808: 15 teams, 14 x 3-board matches: 5 a match; QA 72, 54, 36, 18.
    out = calc(tables=15, boards=42, boards_per_match=3)
    assert (out["scale"], out["per_match"], points(out)) == ("QA", 5, [72, 54, 36, 18])


def test_example_4_6_5_c_district_league():
    # Lines 2810-2820: 10 teams, 9 x 24-board matches (216 boards): 41 a match; QB +50%
    # for 72+ boards: 122, 81, 41 (the match award equals the lowest ranking award).
    out = calc(status="district", tables=10, boards=216, boards_per_match=24)
    assert (out["scale"], out["per_match"], points(out)) == ("QB", 41, [122, 81, 41])
    assert out["factor"] == 1.5


@pytest.mark.parametrize(
    ("boards", "club"),
    [(1, 2), (3, 5), (6, 9), (7, 11), (12, 18), (17, 26), (18, 27), (24, 27), (35, 27)]
    + [(36, 41), (60, 41)],
)
def test_the_club_column_of_4_6_3(boards, club):
    # Lines 2738-2774: the printed Club column, kept as printed (7 boards: 11, not 10½).
    assert per_match.per_match_award(factor=Fraction(1), boards_per_match=boards) == club


def test_a_factor_without_a_column_follows_the_rule_exactly():
    # A league division between statuses (4.8, 2½): 24 boards = 27 x 2½, kept exact.
    award = per_match.per_match_award(factor=Fraction(5, 2), boards_per_match=24)
    assert award == Fraction(135, 2)


def test_ranking_awards_grow_with_72_boards_not_the_match_awards():
    # 4.6.4 (lines 2786-2790): "the ranking awards (not necessarily the match-winning
    # awards) are increased by 50%": Club 16 teams, QA 72, 54, 36, 18 -> 108, 81, 54, 27.
    short = calc(tables=16, boards=70, boards_per_match=10)
    long = calc(tables=16, boards=80, boards_per_match=10)
    assert (short["per_match"], points(short)) == (15, [72, 54, 36, 18])
    assert (long["per_match"], points(long)) == (15, [108, 81, 54, 27])


def test_36_board_matches_in_a_72_board_event():
    # 4.5.4 (lines 2616-2624): 36+ board matches take the 36+ row (41 at Club); the
    # ranking awards the 72+ increase: 8 teams, QA 36, 18 -> 54, 27.
    out = calc(tables=8, boards=108, boards_per_match=36)
    assert (out["per_match"], points(out)) == (41, [54, 27])


def test_the_minimum_accumulated_award():
    # 4.6.3 (lines 2776-2780): an accumulated award under 6 at Club is raised to 6, and
    # the minimum grows with the status.
    assert calc(tables=15, boards=42, boards_per_match=3, won=1)["won_total"] == 6
    assert calc(tables=15, boards=42, boards_per_match=3, won=2)["won_total"] == 10
    assert (
        calc(status="district", tables=15, boards=42, boards_per_match=2, won=1)["won_total"] == 9
    )
    assert calc(tables=15, boards=42, boards_per_match=3, won=0)["won_total"] == 0


def test_a_draw_is_half_a_win():
    # 4.5.8 (lines 2662-2664): 6-board matches, 4 wins and a draw: 4½ x 9 = 40½ -> 41.
    assert calc(tables=20, boards=36, boards_per_match=6, won="9/2")["won_total"] == 41


def test_both_triangle_mini_matches_are_one_match():
    # 4.5.7 (lines 2648-2656): two mini-matches at half the award each = one full match.
    half = per_match.won_total(won=Fraction(1, 2), per_match=Fraction(27), factor=Fraction(1))
    both = per_match.won_total(won=Fraction(1), per_match=Fraction(27), factor=Fraction(1))
    assert (half, both) == (Fraction(27, 2), Fraction(27))


def test_a_double_round_robin_counts_each_match():
    # 4.5.5 (lines 2628-2636): 10 teams home and away, 18 matches of 12 boards: 18 wins
    # possible, each worth 18 (12 boards x 1½).
    assert calc(tables=10, boards=216, boards_per_match=12, won=18)["won_total"] == 324
    with pytest.raises(EbuInputError, match="--won"):
        calc(tables=10, boards=216, boards_per_match=12, won=19)


@pytest.mark.parametrize(
    ("final", "increase"),
    [(33, 1), (32, Fraction(3, 2)), (17, Fraction(3, 2)), (16, 2), (9, 2), (8, 3), (5, 3)]
    + [(4, 4), (1, 4)],
)
def test_the_increase_for_a_qualified_final(final, increase):
    # 4.6.6(a) (lines 2833-2849), of 64 original tables: more than ½ none; to ½ x 1½;
    # to ¼ x 2; to ⅛ x 3; 1/16 or less x 4.
    assert per_match.qualified_increase(original_tables=64, final_tables=final) == increase


@pytest.mark.parametrize(
    ("consolation", "increase"),
    [(11, 1), (10, Fraction(3, 2)), (6, Fraction(3, 2)), (5, 2), (1, 2)],
)
def test_the_increase_for_a_consolation_final(consolation, increase):
    # 4.6.7 (lines 2899-2913), of 100 original tables: more than 1/10 none; to 1/10
    # x 1½; 1/20 or less x 2.
    assert (
        per_match.consolation_increase(original_tables=100, consolation_tables=consolation)
        == increase
    )


def test_a_qualified_final_on_scale_qf():
    # 4.6.6: 6 of 40 original teams (more than ⅛, at most ¼): 8-board matches 12 x 2;
    # QF at 40 original tables: 200 (line 6878), read down 160, 120, 80, 40.
    out = calc(stage="final", original_tables=40, tables=6, boards=48, boards_per_match=8, won=3)
    assert (out["scale"], out["per_match"], out["won_total"]) == ("QF", 24, 72)
    assert points(out) == [200, 160, 120, 80, 40]


def test_fewer_than_an_eighth_in_the_final_all_get_a_ranking_award():
    # 4.6.6(b) (lines 2857-2861): 48 original teams, QF 240 (line 6870) for 6 places; a
    # final of 4: all 4 get one, constant reductions from 240: 240, 180, 120, 60.
    out = calc(stage="final", original_tables=48, tables=4, boards=48, boards_per_match=8)
    assert points(out) == [240, 180, 120, 60]
    assert out["per_match"] == 12 * 3  # 4 of 48 is more than 1/16, at most ⅛


def test_a_qf_final_of_72_boards_adds_half():
    # Note (1), lines 6932-6934: +50%, the maximum included: 40 teams 200 -> 300.
    out = calc(stage="final", original_tables=40, tables=8, boards=72, boards_per_match=12)
    assert points(out) == [300, 240, 180, 120, 60]


def test_a_subsequent_stage_has_three_fifths_of_the_maximum():
    # Note (2), lines 6936-6940: 180 at Club when not the final, reached at 36 tables of
    # teams (note (3)): 36 teams read the 39-40 row, 200; capped at 180 with 5 awards by
    # constant reductions (4.4.3): 180, 144, ... 36.
    out = calc(stage="subsequent", original_tables=36, tables=8, boards=48, boards_per_match=8)
    assert points(out) == [180, 144, 108, 72, 36]


def test_a_larger_entry_raises_the_maximum_by_the_square_root():
    # 4.4.9 (lines 2520-2530): 40 original tables past the 36 at which 180 is reached:
    # 180 x sqrt(40/36) = 189.7, taken whole as 190; 5 awards from it.
    out = calc(stage="subsequent", original_tables=40, tables=8, boards=48, boards_per_match=8)
    assert points(out) == [190, 152, 114, 76, 38]


def test_a_consolation_final_on_the_deemed_entry():
    # 4.6.7 with 4.3.4's example (lines 2374-2380): 60 tables, a 9-table premier and a
    # 12-table consolation: original entry 12 + 39/3 = 25; QF teams at 25 reads the
    # 31-32 row, 160 (line 6886), down 120, 80, 40. 12 of 60 is more than 1/10: no
    # increase to the match awards.
    out = calc(
        stage="consolation",
        original_tables=60,
        premier_tables=9,
        tables=12,
        boards=48,
        boards_per_match=8,
    )
    assert (out["original_tables"], out["per_match"], points(out)) == (
        25,
        12,
        [160, 120, 80, 40],
    )


def test_a_consolation_failing_4_6_7_is_a_plain_event_one_level_lower():
    # 4.6.7(a)-(b) then 4.3.3 (lines 2316-2330): 6 tables in the consolation, 8 in the
    # premier (C < P): a plain event of 6 teams one level lower; County -> District:
    # 24-board matches 41; QB at 6 teams (the 8-table row) 54, 27.
    out = calc(
        status="county",
        stage="consolation",
        original_tables=40,
        premier_tables=8,
        tables=6,
        boards=48,
        boards_per_match=24,
    )
    assert (out["scale"], out["status"], out["per_match"], points(out)) == (
        "QB",
        "district",
        41,
        [54, 27],
    )
    assert "original_tables" not in out


def test_a_club_consolation_failing_stays_club():
    # 4.3.3: "subject to a minimum level of Club status".
    out = calc(
        stage="consolation",
        original_tables=20,
        premier_tables=4,
        tables=4,
        boards=48,
        boards_per_match=8,
    )
    assert (out["status"], out["per_match"]) == ("club", 12)


def test_ties_share_the_ranking_awards():
    # 3.5.1: 2nd and 3rd tie in example (a): (72 + 54) / 2 = 63 each.
    out = calc(tables=20, boards=36, boards_per_match=6, ties=((2, 2),))
    assert points(out) == [90, 63, 63, 36, 18]


def test_a_major_championship_is_one_level_up():
    # 4.2.1-4.2.2 (a major championship's status +1) are kept by 4.2.8.
    out = calc(tables=20, boards=36, boards_per_match=6, major=True)
    assert (out["status"], out["per_match"], out["scale"]) == ("district", 14, "QB")


def test_a_first_qualifying_stage_has_the_qualifying_maximum():
    # 4.2.1 (lines 2175-2181): 180 at Club, reached at 40 teams (QA note (5), lines
    # 6238-6242). 40 teams: QA prints 180 (line 6204), 10 awards down by 18.
    out = calc(stage="qualifying", tables=40, boards=42, boards_per_match=7)
    assert points(out) == [180, 162, 144, 126, 108, 90, 72, 54, 36, 18]
    # 64 teams: 180 x sqrt(64/40) = 227.7 -> 228 (4.4.9), 16 awards: 228 x 15/16 = 213¾.
    out = calc(stage="qualifying", tables=64, boards=42, boards_per_match=7)
    assert (points(out)[:2], len(out["places"])) == ([228, 214], 16)
    # The final's maximum of 300 is not reached at 64 teams: QA prints 288 (line 6156).
    assert points(calc(tables=64, boards=42, boards_per_match=7))[0] == 288


@pytest.mark.parametrize(
    ("values", "option"),
    [
        ({"movement": "two-winner"}, "--movement"),
        ({"movement": None}, "--movement"),
        ({"boards": 32}, "--boards"),
        ({"boards": None}, "--boards"),
        ({"movement": "single-winner", "boards_per_match": 4, "boards": 48}, "--boards-per-match"),
        ({"boards_per_match": 60, "boards": 48}, "--boards-per-match"),
        ({"tables": 2}, "--tables"),
        ({"stage": "third-final"}, "--stage"),
        ({"stage": "final", "tables": 6}, "--original-tables"),
        ({"stage": "final", "original_tables": 20, "tables": 3}, "--tables"),
        ({"stage": "final", "original_tables": 10, "tables": 12}, "--tables"),
        ({"stage": "consolation", "original_tables": 20, "tables": 6}, "--premier-tables"),
        (
            {"stage": "consolation", "original_tables": 20, "premier_tables": 12, "tables": 12},
            "--premier-tables",
        ),
        ({"original_tables": 30}, "--original-tables"),
        ({"round": "3"}, "--round"),
        ({"colour": "green"}, "--colour"),
        ({"divisions": 3, "division": 1}, "--divisions"),
    ],
)
def test_what_4_6_does_not_define_is_refused(values, option):
    base = {"status": "club", "movement": "teams", "tables": 20, "boards": 48}
    base["boards_per_match"] = 8
    base.update(values)
    for name in ("tables", "original_tables", "premier_tables"):
        if base.get(name) is not None:
            base[name] = Fraction(base[name])
    with pytest.raises(EbuInputError) as refused:
        per_match.awards_for(EbuOptions(**base))
    assert str(refused.value).startswith(option + ":")


def test_swiss_pairs_use_the_single_winner_column():
    # 4.6.2; QA single-winner pairs at 16 tables: 88, 77, ... 11 (lines 6188-6216).
    out = calc(movement="single-winner", tables=16, boards=42, boards_per_match=7)
    assert points(out) == [88, 77, 66, 55, 44, 33, 22, 11]
    assert out["per_match"] == 11


def test_blue_points():
    # 5.4.1: local / 100; example (a): 9 -> 0.09, 90 -> 0.9.
    out = calc(tables=20, boards=36, boards_per_match=6, colour="blue")
    assert (out["per_match"], points(out)[0]) == (0.09, 0.9)


def test_the_reasons_name_the_sections():
    result = per_match.awards_for(
        EbuOptions(
            status="district",
            movement="teams",
            tables=Fraction(10),
            boards=216,
            boards_per_match=24,
        )
    )
    assert [reason.table for reason in result.rules] == ["4.6.3", "QB"]
    assert "72+" in result.rules[1].en and "72+" in result.rules[1].sv


def test_factor_of_a_club_event():
    assert FACTOR["club"] == 1


def test_qualifying_stages_do_not_raise_a_per_match_final():
    # 4.2.8 (lines 2284-2291): the raises of 4.2.5-4.2.6 do not apply to a final with an
    # award per match won: two qualifying stages change nothing.
    one = calc(stage="final", original_tables=40, tables=6, boards=48, boards_per_match=8)
    two = calc(
        stage="final",
        original_tables=40,
        tables=6,
        boards=48,
        boards_per_match=8,
        qualifying_stages=2,
    )
    assert one == two
    assert (two["status"], two["per_match"]) == ("club", 24)


def test_an_increase_applies_to_the_printed_cell():
    # Decision: the printed 11 of a 7-board Club match (4.6.3, line 2750) is the award;
    # a final of 10 of 30 original tables (more than ¼, at most ½) is x 1½: 16½ -> 17
    # (the unrounded rule would give 10½ x 1½ = 15¾ -> 16).
    out = calc(stage="final", original_tables=30, tables=10, boards=42, boards_per_match=7)
    assert out["per_match"] == 17
