"""Teams leagues (4.8, seed lines 3217-3424), events in sections of differing status
(4.9, lines 3425-3549) and restricted events (4.10, lines 3550-3587)."""

import math
from fractions import Fraction

import pytest

from awards.domain.ebu.core import EbuInputError, EbuOptions
from awards.domain.ebu.leagues import (
    PRINTED_LEAGUE_KEYS,
    PRINTED_SECTIONS,
    awards_for,
    key_figure,
    raised_between,
    restricted_factor,
    section_factor,
    section_factor_rule,
)

H = Fraction(1, 2)


def _league(**options):
    result = awards_for(EbuOptions(**options))
    return result.as_json(), result


def test_every_printed_section_status_is_the_rules():
    # 4.9.5-4.9.7 (lines 3467-3535) against half a level a section, capped (4.9.8).
    departing = {}
    for status, charts in PRINTED_SECTIONS.items():
        for sections, printed in charts.items():
            for section, value in enumerate(printed, start=1):
                rule = section_factor_rule(status=status, sections=sections, section=section)
                if rule != value:
                    departing[(status, sections, section)] = (rule, value)
    assert departing == {}


def test_every_printed_league_key_figure_is_the_rules():
    # 4.8.5-4.8.7 (lines 3287-3382): ceil(27 x the division's multiple), every cell.
    departing = {}
    cells = 0
    for status, charts in PRINTED_LEAGUE_KEYS.items():
        for divisions, printed in charts.items():
            for division, value in enumerate(printed, start=1):
                factor = section_factor(status=status, sections=divisions, section=division)
                generated = math.ceil(key_figure(factor))
                cells += 1
                if generated != value:
                    departing[(status, divisions, division)] = (generated, value)
    assert cells == 15 + 28 + 45
    # The one departing cell: District, 7 divisions, Division 5 (line 3332). The chart
    # steps from the printed 81 to the printed 41 (not 40½) by 6⅔: 54⅓, printed 55;
    # the rule (2 x 27) gives 54. The printed 55 is kept for 18-35 board matches.
    assert departing == {("district", 7, 5): (54, 55)}


def test_the_departing_cell_is_kept_as_printed():
    json, result = _league(
        status="district",
        movement="teams",
        divisions=7,
        division=5,
        tables=Fraction(10),
        boards=216,
        boards_per_match=24,
    )
    assert json["per_match"] == 55 and result.factor == 2
    # Decision: the ranking awards stay the quali-final scale at the exact multiple
    # (as 4.6.5(c), 122 not 123): QC + 50%, 162, 108, 54.
    assert [place["points"] for place in json["places"]] == [162, 108, 54]
    # Other match lengths: 4.6.3 at the multiple (County's column, 36+: 81, line 2774).
    json, _ = _league(
        status="district",
        movement="teams",
        divisions=7,
        division=5,
        tables=Fraction(10),
        boards=216,
        boards_per_match=36,
    )
    assert json["per_match"] == 81


def test_the_printed_section_charts_are_those_of_the_league_charts():
    # Lines 3291-3301 vs 3481-3485: the Club league's 3 divisions are County, District,
    # Club awards (54, 41, 27).
    assert [section_factor(status="club", sections=3, section=k) for k in (1, 2, 3)] == [
        2,
        3 * H,
        1,
    ]


def test_beyond_the_charts_constant_reductions_between_the_limits():
    # 4.8.5 "For 6+ divisions: Division 1, 54 points. Lowest Division, 27 points.
    # Intermediate awards between these limits" (lines 3305-3308); 4.9.8.
    factors = [section_factor(status="club", sections=7, section=k) for k in range(1, 8)]
    assert factors[0] == 2 and factors[-1] == 1
    assert len({a - b for a, b in zip(factors, factors[1:], strict=False)}) == 1
    # 10+ County divisions: Division 1 108, lowest 54 (lines 3376-3378).
    assert math.ceil(key_figure(section_factor(status="county", sections=12, section=1))) == 108
    assert math.ceil(key_figure(section_factor(status="county", sections=12, section=12))) == 54


def test_example_484_club_league_of_10_teams():
    # Lines 3255-3265: 27 per match won; 3 ranking awards (10 / 4 rounded up): 81, 54, 27.
    json, _ = _league(
        movement="teams",
        divisions=1,
        division=1,
        tables=Fraction(10),
        boards=216,
        boards_per_match=24,
    )
    assert json["per_match"] == 27 and json["awards"] == 3
    assert [place["points"] for place in json["places"]] == [81, 54, 27]


def test_example_465c_district_league_one_division():
    # Lines 2810-2818: District, 10 teams, 9 x 24 boards: 41 per match; QB + 50%:
    # 122, 81, 41 (121½ and 40½ rounded up at the end, not 3 x 41).
    json, result = _league(
        status="district",
        movement="teams",
        divisions=1,
        division=1,
        tables=Fraction(10),
        boards=216,
        boards_per_match=24,
    )
    assert json["per_match"] == 41 and result.factor == Fraction(3, 2)
    assert [place["points"] for place in json["places"]] == [122, 81, 41]


def test_examples_465ab_as_leagues_of_one_division():
    # (a) lines 2798-2802: Club Swiss teams, 20 teams, 6 x 6 boards: 9 per match,
    # QA 90, 72, 54, 36, 18. (b) lines 2804-2808: 15 teams, 14 x 3 boards: 5 per match,
    # 72, 54, 36, 18. Both under 72 boards: the scale without its +50% (4.8.3).
    json, _ = _league(
        movement="teams",
        divisions=1,
        division=1,
        tables=Fraction(20),
        boards=36,
        boards_per_match=6,
    )
    assert json["per_match"] == 9
    assert [place["points"] for place in json["places"]] == [90, 72, 54, 36, 18]
    json, _ = _league(
        movement="teams",
        divisions=1,
        division=1,
        tables=Fraction(15),
        boards=42,
        boards_per_match=3,
    )
    assert json["per_match"] == 5
    assert [place["points"] for place in json["places"]] == [72, 54, 36, 18]


def test_the_interface_example_county_division_3_of_7():
    # 4.8.7 row 7 (line 3368): Division 3 is 90; ranking 3 awards (12 / 4): 270, 180, 90.
    json, result = _league(
        status="county",
        movement="teams",
        divisions=7,
        division=3,
        tables=Fraction(12),
        boards=216,
        boards_per_match=24,
    )
    assert json["per_match"] == 90 and result.factor == Fraction(10, 3)
    assert [place["points"] for place in json["places"]] == [270, 180, 90]


@pytest.mark.parametrize(
    ("status", "boards_per_match", "per_match"),
    [
        # 4.8.2 (lines 3231-3237) = the 4.6.3 table (lines 2738-2774): pro rata below 18
        # boards, +50% at 36+.
        ("club", 12, 18),
        ("club", 36, 41),
        ("district", 36, 62),
        ("county", 9, 27),
        ("county", 40, 81),
    ],
)
def test_482_match_length(status, boards_per_match, per_match):
    json, _ = _league(
        status=status,
        movement="teams",
        divisions=1,
        division=1,
        tables=Fraction(8),
        boards=144,
        boards_per_match=boards_per_match,
    )
    assert json["per_match"] == per_match


def test_483_ranking_awards_unaffected_by_short_matches():
    # Lines 3239-3241: 12-board matches still rank 81, 54, 27 (10 teams, 72+ boards).
    json, _ = _league(
        movement="teams",
        divisions=1,
        division=1,
        tables=Fraction(10),
        boards=108,
        boards_per_match=12,
    )
    assert [place["points"] for place in json["places"]] == [81, 54, 27]


def test_483_36_to_71_boards_a_third_less():
    # Lines 3245-3247: 81, 54, 27 less one third: 54, 36, 18.
    json, _ = _league(
        movement="teams",
        divisions=1,
        division=1,
        tables=Fraction(10),
        boards=63,
        boards_per_match=7,
    )
    assert [place["points"] for place in json["places"]] == [54, 36, 18]


def test_488_a_division_below_five_teams_is_discounted():
    # Lines 3386-3388, 4.9.2 lines 3441-3447: a Club league of 3 divisions whose
    # Division 3 has 4 teams counts 2 divisions; Division 3 is paid as Division 2 of 2
    # (27, line 3295), not Division 3 of 3.
    json, result = _league(
        movement="teams",
        divisions=3,
        division=3,
        tables=Fraction(4),
        boards=144,
        boards_per_match=24,
    )
    assert json["per_match"] == 27 and result.factor == 1
    # A middle division that small takes the next higher proper division's multiple:
    # Division 1 of 2, 41 (line 3295).
    json, _ = _league(
        movement="teams",
        divisions=3,
        division=2,
        tables=Fraction(4),
        boards=144,
        boards_per_match=24,
    )
    assert json["per_match"] == 41
    # Division 1 may be of any size from 3 teams (4.8.8, 4.8.9 lines 3415-3419).
    json, _ = _league(
        movement="teams",
        divisions=3,
        division=1,
        tables=Fraction(4),
        boards=144,
        boards_per_match=24,
    )
    assert json["per_match"] == 54
    json, result = _league(
        movement="teams",
        divisions=3,
        division=1,
        tables=Fraction(2),
        boards=144,
        boards_per_match=24,
    )
    assert json["awards"] == 0 and json["places"] == [] and "3.1.1" in result.why.en


def test_492_a_small_section_is_paid_as_the_next_higher_of_one_section_fewer():
    # Lines 3441-3447: 4 full tables in a pairs event. A Club event of 5 sections whose
    # Section 4 has 3 tables has 4 proper sections: Section 4 is paid as Section 3 of 4,
    # 1⅓ x Club (36 in a league, line 3299), not 1¼ (Section 4 of 5, 34, line 3301).
    _json, proper = _league(
        movement="single-winner", divisions=5, division=4, tables=Fraction(4), boards=24
    )
    _json, small = _league(
        movement="single-winner", divisions=5, division=4, tables=Fraction(3), boards=24
    )
    assert proper.factor == Fraction(5, 4) and small.factor == Fraction(4, 3)
    json, _ = _league(
        movement="teams",
        divisions=5,
        division=4,
        tables=Fraction(4),
        boards=144,
        boards_per_match=24,
    )
    assert json["per_match"] == 36


def test_489_sub_divided_divisions_are_one_division():
    # Lines 3392-3396: Divisions 2A and 2B of a 2-division league: identical awards.
    two_a, _ = _league(
        movement="teams",
        divisions=2,
        division=2,
        tables=Fraction(6),
        boards=180,
        boards_per_match=24,
    )
    two_b, _ = _league(
        movement="teams",
        divisions=2,
        division=2,
        tables=Fraction(8),
        boards=180,
        boards_per_match=24,
    )
    assert two_a["per_match"] == two_b["per_match"] == 27  # line 3295


def test_495_a_club_pairs_event_in_two_sections():
    # 4.9.5 (line 3483): Section 1 District awards: Scale B, i.e. 4.1.6(b)'s 60..10 x 1½.
    json, result = _league(
        movement="two-winner", divisions=2, division=1, tables=Fraction(16), boards=24
    )
    assert result.factor == Fraction(3, 2) and json["scale"] == "B"
    assert [place["points"] for place in json["places"]] == [90, 75, 60, 45, 30, 15]


def test_497_two_and_a_half_times_club():
    # 4.9.7 (line 3529): a County event in 2 sections: Section 1 "2½ x Club".
    json, result = _league(
        status="county",
        movement="two-winner",
        divisions=2,
        division=1,
        tables=Fraction(16),
        boards=24,
    )
    assert result.factor == Fraction(5, 2) and json["scale"] == "A"
    assert [place["points"] for place in json["places"]] == [150, 125, 100, 75, 50, 25]


def test_72_boards_raise_a_section_between_statuses():
    # Decision: 4.1.7 raises 2½ (between County and Regional) to 3½ (between Regional
    # and National); a status on the ladder one rung.
    assert raised_between(Fraction(5, 2)) == Fraction(7, 2)
    assert raised_between(Fraction(2)) == 3
    assert raised_between(Fraction(3)) == 4
    _json, result = _league(
        status="county",
        movement="two-winner",
        divisions=2,
        division=1,
        tables=Fraction(16),
        boards=72,
    )
    assert result.factor == Fraction(7, 2)


def test_410_restricted_and_invitation_events_are_basic_events_of_the_organiser():
    # Lines 3558-3580.
    assert restricted_factor("county") == 2
    assert restricted_factor("club") == 1
    with pytest.raises(EbuInputError):
        restricted_factor("galactic")


def test_won_total_minimum():
    # 4.6.3 (lines 2776-2780): an accumulated award under 6 at Club is raised to 6.
    json, _ = _league(
        movement="teams",
        divisions=1,
        division=1,
        tables=Fraction(10),
        boards=42,
        boards_per_match=3,
        won=1,
    )
    assert json["per_match"] == 5 and json["won_total"] == 6


BASE = {"movement": "teams", "divisions": 2, "division": 1, "tables": Fraction(8), "boards": 144}


@pytest.mark.parametrize(
    ("changes", "option"),
    [
        ({"status": "regional"}, "status"),
        ({"status": "national"}, "status"),
        ({"movement": None}, "movement"),
        ({"tables": None}, "tables"),
        ({"boards": None}, "boards"),
        ({"major": True}, "major"),
        ({"division": 3}, "division"),
        ({"won": 2}, "won"),
        ({"boards_per_match": 24, "won": 7}, "won"),
    ],
)
def test_refused(changes, option):
    with pytest.raises(EbuInputError) as refused:
        awards_for(EbuOptions(**{**BASE, **changes}))
    assert refused.value.option == option
    assert str(refused.value).startswith(f"--{option}: ")
