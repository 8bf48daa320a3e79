"""The EBU calculator's options and dispatcher (awards.domain.ebu.calculator) and the
EBU rulebook object: what every form shares is read once, two forms at once and options
foreign to the form are refused naming the option, and each form's module gets the
options it owns. Expected numbers are the Handbook's (seed 001, lines in each test)."""

import dataclasses
from decimal import Decimal
from fractions import Fraction

import pytest

from awards.domain.core import AwardOutcome, Competition, Reason, UnknownScale
from awards.domain.ebu import calculator
from awards.domain.ebu.calculator import FORMS, calculate, options_from, route
from awards.domain.ebu.core import EbuInputError, EbuOptions, EbuResult
from awards.domain.ebu.rulebook import EBU, TABLE_NAMES


def refused(values: dict) -> EbuInputError:
    with pytest.raises(EbuInputError) as caught:
        calculate(options_from(values))
    return caught.value


# --- options_from: the values every form shares ------------------------------------------


def test_tables_read_exactly_with_halves_kept_for_the_forms_to_ignore():
    # 4.1.3 (lines 2068-2072): "for 9 ½ tables, read the awards appropriate to 9 tables".
    assert options_from({"tables": "9.5"}).tables == Fraction(19, 2)
    assert options_from({"tables": "9½"}).tables == Fraction(19, 2)
    assert options_from({"--tables": "16"}).tables == 16
    assert options_from({"original-tables": 60}).original_tables == 60


def test_ties_are_read_from_the_command_and_from_the_page():
    assert options_from({"tie": ["4:2", "7:3"]}).ties == ((4, 2), (7, 3))
    assert options_from({"tie": "7:3, 4:2"}).ties == ((4, 2), (7, 3))
    assert options_from({"ties": [(4, 2)]}).ties == ((4, 2),)


def test_not_given_is_the_default():
    options = options_from({"status": None, "tables": "", "tie": [], "major": False})
    assert options == EbuOptions()
    assert options_from({"strat": "b"}).strat == "B"
    assert options_from({"won": "2½"}).won == Fraction(5, 2)


@pytest.mark.parametrize(
    ("values", "option", "words"),
    [
        ({"status": "international"}, "status", "not one of club, district"),
        ({"colour": "green"}, "colour", "not one of local, blue"),
        ({"movement": "howell"}, "movement", "not one of"),
        ({"tables": "-1"}, "tables", "negative"),
        ({"tables": "many"}, "tables", "not a number"),
        ({"boards": "24.5"}, "boards", "not a whole number"),
        ({"boards": -24}, "boards", "negative"),
        ({"games": "x"}, "games", "not a whole number"),
        ({"won": "1.25"}, "won", "draw"),
        ({"tie": "4-2"}, "tie", "PLACE:COUNT"),
        ({"tie": "4:1"}, "tie", "not a tie"),
        ({"tie": "0:2"}, "tie", "not a tie"),
        ({"tie": ["4:3", "6:2"]}, "tie", "overlap"),
        ({"division": 2}, "division", "needs --divisions"),
        ({"divisions": 3}, "division", "which division"),
        ({"divisions": 3, "division": 4}, "division", "not one of 1..3"),
        ({"divisions": 0, "division": 0}, "divisions", "at least one"),
        ({"entries": 8, "remaining": 32}, "remaining", "32 left of 8"),
        ({"qualifying-stages": 0}, "qualifying-stages", "at least one"),
        ({"boards-per-match": 0}, "boards-per-match", "at least one board"),
        ({"stage": "semi"}, "stage", "not one of"),
        ({"knockout": "swiss"}, "knockout", "not one of"),
        ({"round": "9"}, "round", "not one of"),
        ({"event": "county-fair"}, "event", "not one of"),
        ({"major": "perhaps"}, "major", "not on or off"),
        ({"scale": "A"}, "scale", "not an option"),
    ],
)
def test_values_no_form_defines_are_refused_naming_the_option(values, option, words):
    with pytest.raises(EbuInputError) as caught:
        options_from(values)
    assert caught.value.option == option
    assert str(caught.value).startswith(f"--{option}: ") and words in caught.value.reason


# --- route: one form per event -------------------------------------------------------------


@pytest.mark.parametrize(
    ("values", "module"),
    [
        ({"tables": 16, "boards": 24}, "basic"),
        ({"stage": "qualifying", "tables": 16, "boards": 24}, "basic"),
        ({"stage": "final", "original-tables": 16, "tables": 6}, "qualifier"),
        ({"stage": "subsequent", "original-tables": 16, "tables": 6}, "qualifier"),
        ({"stage": "consolation", "original-tables": 60, "premier-tables": 9}, "consolation"),
        ({"stage": "third-final", "original-tables": 60, "premier-tables": 24}, "consolation"),
        ({"tables": 20, "boards": 36, "boards-per-match": 6}, "per_match"),
        ({"stage": "final", "original-tables": 40, "boards-per-match": 8}, "per_match"),
        ({"divisions": 7, "division": 3, "boards-per-match": 24}, "leagues"),
        ({"knockout": "single-teams", "boards-per-match": 24}, "knockout"),
        ({"ladder": True, "games": 12, "movement": "pairs"}, "ladder"),
        ({"strat": "B", "tables": 8, "boards-per-match": 6}, "stratified"),
        ({"event": "inter-county-league", "divisions": 2, "division": 1}, "green"),
        ({"event": "county-teams-ko", "round": "quarter-final"}, "green"),
    ],
)
def test_each_event_goes_to_the_form_that_owns_it(values, module):
    assert route(options_from(values)).module == module


@pytest.mark.parametrize(
    ("values", "option"),
    [
        ({"knockout": "single-teams", "ladder": True, "games": 6}, "ladder"),
        ({"event": "swiss-teams", "strat": "A"}, "strat"),
        ({"event": "swiss-pairs", "knockout": "single-pairs"}, "knockout"),
        ({"ladder": True, "strat": "C", "games": 6}, "strat"),
    ],
)
def test_two_events_at_once_are_refused(values, option):
    error = refused(values)
    assert error.option == option and "cannot be combined" in error.reason


@pytest.mark.parametrize(
    ("values", "option"),
    [
        ({"tables": 16, "boards": 24, "games": 12}, "games"),  # a ladder's
        ({"tables": 16, "boards": 24, "final": True}, "final"),
        ({"tables": 16, "boards": 24, "round": "3"}, "round"),  # a knock-out's
        ({"tables": 16, "boards": 24, "bye": True}, "bye"),
        ({"tables": 16, "boards": 24, "entries": 32}, "entries"),
        ({"tables": 16, "boards": 24, "won": 3}, "won"),  # needs a match
        ({"knockout": "single-teams", "boards-per-match": 24, "tie": "1:2"}, "tie"),
        ({"knockout": "double-teams", "tables": 8}, "tables"),
        ({"ladder": True, "games": 12, "boards": 24}, "boards"),
        ({"divisions": 2, "division": 1, "major": True}, "major"),
        ({"event": "swiss-teams", "tables": 60, "colour": "blue"}, "colour"),
        ({"stage": "final", "original-tables": 16, "premier-tables": 9}, "premier-tables"),
    ],
)
def test_options_foreign_to_the_form_are_refused(values, option):
    error = refused(values)
    assert error.option == option and error.reason.startswith("not used by")


@pytest.mark.parametrize(
    ("values", "option", "words"),
    [
        # 4.11.3: a ladder ranks teams, pairs or individuals.
        ({"ladder": True, "games": 12, "movement": "two-winner"}, "movement", "4.11.3"),
        ({"ladder": True, "movement": "pairs"}, "games", "number of games"),
        ({"movement": "pairs", "tables": 10, "boards": 24}, "movement", "ladder"),
        # 4.1.3: whole tables and a part table; an individual may have a quarter.
        ({"tables": "9.3", "boards": 24}, "tables", "quarter"),
        ({"knockout": "single-teams", "round": "9-16"}, "round", "county-teams-ko"),
        ({"knockout": "single-teams", "remaining": 8}, "remaining", "needs --entries"),
        # 4.2.3: the original entry is a later stage's reference (here with matches won).
        (
            {"stage": "qualifying", "original-tables": 16, "boards-per-match": 6},
            "original-tables",
            "--tables",
        ),
        ({"tables": 6, "original-tables": 16, "boards-per-match": 6}, "original-tables", "--stage"),
        ({"tables": 6, "original-tables": 16}, "original-tables", "not used by a basic event"),
        ({"stage": "consolation", "qualifying-stages": 2}, "qualifying-stages", "4.2.6"),
    ],
)
def test_values_the_chosen_form_does_not_define_are_refused(values, option, words):
    error = refused(values)
    assert error.option == option and words in error.reason


def test_every_option_belongs_to_some_form():
    read = set().union(*(form.reads for form in FORMS.values()))
    assert read == set(calculator.OPTION_FIELDS)


# --- every refusal in both languages ------------------------------------------------------

# Refusals inside each form's module, beside the ones the tests above already list.
MORE_REFUSALS: list[dict] = [
    # basic
    {"boards": 24},
    {"tables": 16},
    {"tables": 16, "boards": 0},
    {"tables": 3, "boards": 24, "tie": "2:9"},
    {"tables": 16, "boards": 24, "colour": "green"},
    # qualifier
    {"stage": "final", "tables": 6},
    {"stage": "final", "original-tables": 16},
    {"stage": "final", "original-tables": 16, "tables": 30},
    {"stage": "final", "original-tables": 16, "tables": 0},
    {"stage": "final", "original-tables": 16, "tables": 6, "boards": 0},
    {"stage": "final", "original-tables": 16, "tables": 6, "tie": "10:30"},
    # consolation
    {"stage": "consolation", "original-tables": 60},
    {"stage": "consolation", "original-tables": 60, "premier-tables": 0},
    {"stage": "consolation", "original-tables": 20, "premier-tables": 15, "tables": 10},
    {"stage": "consolation", "original-tables": 60, "premier-tables": 9, "tables": 0},
    # per_match
    {"tables": 20, "boards": 24, "boards-per-match": 6, "movement": "two-winner"},
    {"tables": 20, "boards-per-match": 6, "movement": "two-winner"},
    {"tables": 20, "boards": 10, "boards-per-match": 6},
    {"tables": 20, "boards": 36, "boards-per-match": 48},
    {"tables": 20, "boards": 36, "boards-per-match": 4, "movement": "single-winner"},
    {"tables": 2, "boards": 36, "boards-per-match": 6},
    {"boards": 36, "boards-per-match": 6},
    {"tables": 20, "boards": 36, "boards-per-match": 6, "won": 99},
    {"stage": "third-final", "original-tables": 60, "tables": 6, "boards-per-match": 6},
    {"stage": "final", "original-tables": 10, "tables": 20, "boards-per-match": 6},
    {
        "stage": "consolation",
        "original-tables": 20,
        "premier-tables": 15,
        "tables": 10,
        "boards-per-match": 6,
    },
    # leagues
    {"divisions": 7, "division": 3},
    {"divisions": 7, "division": 3, "boards-per-match": 24, "status": "national"},
    {"divisions": 7, "division": 3, "won": 2},
    {
        "divisions": 7,
        "division": 3,
        "boards-per-match": 24,
        "won": 99,
        "boards": 48,
        "tables": 8,
        "movement": "teams",
    },
    # knockout
    {"knockout": "single-teams"},
    {"knockout": "single-teams", "round": "99", "boards-per-match": 24},
    {"knockout": "double-teams", "entries": 32, "remaining": 8, "boards-per-match": 24},
    {"knockout": "single-teams", "entries": 2, "remaining": 2, "boards-per-match": 24},
    {"knockout": "single-teams", "entries": 32, "remaining": 40, "boards-per-match": 24},
    {"knockout": "single-pairs", "entries": 32, "remaining": 8, "boards-per-match": 4},
    {
        "knockout": "single-teams",
        "entries": 32,
        "remaining": 8,
        "boards-per-match": 24,
        "bye": True,
    },
    {"knockout": "single-teams", "entries": 32, "remaining": 8},
    {
        "knockout": "single-teams",
        "round": "1",
        "entries": 32,
        "remaining": 8,
        "boards-per-match": 24,
    },
    {"knockout": "single-teams", "round": "1", "boards-per-match": 24, "colour": "green"},
    # ladder
    {"ladder": True, "games": 3, "movement": "pairs", "tables": 5},
    {"ladder": True, "games": 12},
    {"ladder": True, "games": 12, "movement": "pairs"},
    {"ladder": True, "games": 12, "movement": "pairs", "tables": 0},
    {"ladder": True, "games": 12, "movement": "pairs", "tables": 5, "major": True},
    # stratified
    {"strat": "E"},
    {"strat": "B"},
    {"strat": "B", "movement": "individual", "tables": 8},
    {"strat": "B", "movement": "teams"},
    {"strat": "B", "movement": "teams", "tables": 8},
    {"strat": "B", "movement": "teams", "tables": 8, "boards": 24, "major": True},
    {"strat": "B", "movement": "teams", "tables": 8, "boards": 24, "stage": "final"},
    {"strat": "B", "movement": "teams", "tables": 8, "boards": 24, "won": 2},
    # green
    {"event": "county-pairs-final"},
    {"event": "county-pairs-final", "entries": 4},
    {"event": "county-pairs-final", "entries": 110, "boards": 24},
    {"event": "county-pairs-final", "entries": 110, "remaining": 200},
    {"event": "county-pairs-final", "entries": 110, "remaining": 2, "tie": "2:5"},
    {"event": "county-pairs-final", "entries": 110, "status": "national"},
    {"event": "county-pairs-final", "entries": 110, "games": 3},
    {"event": "county-teams-ko"},
    {"event": "county-teams-ko", "entries": 32},
    {"event": "county-teams-ko", "entries": 32, "round": "nope"},
    {"event": "county-teams-ko", "entries": 32, "round": "quarter-final", "boards-per-match": 12},
    {"event": "county-teams-ko", "entries": 2, "round": "final"},
    {"event": "county-teams-ko", "entries": 32, "remaining": 1},
    {"event": "county-teams-ko", "entries": 32, "remaining": 8, "round": "final"},
    {"event": "county-teams-qualifier"},
    {"event": "county-teams-qualifier", "entries": 2, "boards": 24},
    {"event": "swiss-teams"},
    {"event": "swiss-teams", "tables": 20},
    {"event": "swiss-teams", "tables": 20, "boards-per-match": 1},
    {"event": "inter-county-league"},
    {"event": "inter-county-league", "division": 5, "boards-per-match": 24, "tables": 8},
    {"event": "inter-county-league", "division": 1, "boards-per-match": 24},
    {"event": "inter-county-league", "division": 1, "boards-per-match": 24, "tables": 0},
    {"event": "inter-county-league", "division": 1, "boards-per-match": 7, "tables": 8},
]


def refusal_cases() -> list[dict]:
    """Every option set refused by a test above, and :data:`MORE_REFUSALS`."""
    cases: list[dict] = []
    for test in (
        test_values_no_form_defines_are_refused_naming_the_option,
        test_two_events_at_once_are_refused,
        test_options_foreign_to_the_form_are_refused,
        test_values_the_chosen_form_does_not_define_are_refused,
    ):
        for mark in test.pytestmark:  # type: ignore[attr-defined]
            if mark.name == "parametrize":
                cases.extend(param[0] for param in mark.args[1])
    return cases + MORE_REFUSALS


@pytest.mark.parametrize("values", refusal_cases(), ids=str)
def test_every_refusal_says_why_in_swedish_and_in_english(values):
    error = refused(values)
    assert error.sv.strip() and error.reason.strip()
    assert error.sv != error.reason
    assert error.text("sv") == error.sv and error.text("en") == error.reason
    assert str(error) == f"--{error.option}: {error.reason}"


# --- calculate: the form's module is called with the options --------------------------------


@pytest.mark.parametrize(
    ("values", "module"),
    [
        ({"tables": 16, "boards": 24}, "basic"),
        ({"stage": "final", "original-tables": 16, "tables": 6}, "qualifier"),
        ({"stage": "consolation", "original-tables": 60, "premier-tables": 9}, "consolation"),
        ({"tables": 20, "boards-per-match": 6}, "per_match"),
        ({"divisions": 7, "division": 3, "boards-per-match": 24}, "leagues"),
        ({"knockout": "single-teams", "entries": 32, "remaining": 8}, "knockout"),
        ({"ladder": True, "games": 12, "movement": "pairs"}, "ladder"),
        ({"strat": "B", "tables": 8}, "stratified"),
        ({"event": "county-pairs-final", "entries": 110}, "green"),
    ],
)
def test_calculate_hands_the_options_to_the_forms_module(monkeypatch, values, module):
    seen = []
    answer = EbuResult("A", "club", Fraction(1), "local", 0, ())

    def awards_for(options):
        seen.append(options)
        return answer

    monkeypatch.setitem(FORMS, module, dataclasses.replace(FORMS[module], awards_for=awards_for))
    options = options_from(values)
    assert calculate(options) is answer and seen == [options]


# --- the Handbook's worked examples, through the dispatcher ------------------------------


def places(result: EbuResult) -> list:
    return [row.points for row in result.places]


def test_club_pairs_of_16_tables_4_1_6():
    # 4.1.6(b), lines 2124-2130: 18-35 boards, Mitchell 60, 50, 40 etc to 10 (6 awards);
    # Howell 66, 60, 54 ... 12, 6 overall (11 awards).
    mitchell = calculate(options_from({"movement": "two-winner", "tables": 16, "boards": 24}))
    assert (mitchell.scale, mitchell.awards) == ("A", 6)
    assert places(mitchell) == [60, 50, 40, 30, 20, 10]
    howell = calculate(options_from({"movement": "single-winner", "tables": 16, "boards": 24}))
    assert places(howell) == [66, 60, 54, 48, 42, 36, 30, 24, 18, 12, 6]


def test_ties_share_the_places_they_cover_3_5_1():
    # 3.5.1 example (a), lines 1848-1852: 15 tables two-winner, a tie for 4th: 20 and 10
    # become 15 each; example (b), lines 1854-1858: 12 tables, 10 and 0 become 6 each.
    a = options_from({"movement": "two-winner", "tables": 15, "boards": 24, "tie": "4:2"})
    assert places(calculate(a))[3:5] == [15, 15]
    b = options_from({"movement": "two-winner", "tables": 12, "boards": 24, "tie": "4:2"})
    assert places(calculate(b))[3:5] == [6, 6]


def test_final_of_a_club_teams_event_4_2_10():
    # 4.2.10, lines 2288-2292: 16 teams, a final of 6 teams: 72, 54, 36 and 18 (Scale QA).
    result = calculate(
        options_from(
            {"movement": "teams", "stage": "final", "original-tables": 16, "tables": 6}
            | {"boards": 24}
        )
    )
    assert result.scale == "QA" and places(result) == [72, 54, 36, 18]


def test_consolation_original_entry_4_3_4():
    # 4.3.4, lines 2362-2368: 60 tables, a 9-table premier and a 12-table consolation:
    # the consolation's original entry is 12 + 39/3 = 25 tables.
    result = calculate(
        options_from(
            {"movement": "two-winner", "stage": "consolation", "original-tables": 60}
            | {"premier-tables": 9, "tables": 12, "boards": 24}
        )
    )
    assert result.as_json()["original_tables"] == 25


def test_club_swiss_teams_4_6_5_a():
    # 4.6.5(a), lines 2796-2800: 20 teams, 6 x 6-board matches: 9 a match won; ranking
    # 90, 72, 54, 36 and 18 (Scale QA).
    result = calculate(
        options_from({"movement": "teams", "tables": 20, "boards": 36, "boards-per-match": 6})
    )
    assert result.as_json()["per_match"] == 9 and places(result) == [90, 72, 54, 36, 18]


def test_county_league_division_3_of_7_4_8_7():
    # 4.8.7, lines 3346-3380: 7 divisions, Division 3: 90; 4.8.4 (lines 3251-3285): the
    # award per match won is the lowest ranking award, higher places by constant
    # increments; 12 teams, the top quarter: 270, 180, 90.
    result = calculate(
        options_from(
            {"status": "county", "movement": "teams", "divisions": 7, "division": 3}
            | {"tables": 12, "boards": 216, "boards-per-match": 24}
        )
    )
    assert result.as_json()["per_match"] == 90 and places(result) == [270, 180, 90]


def test_knock_out_round_deemed_from_the_original_entry_4_7_9():
    # 4.7.9, lines 3158-3162: 8 of 32 teams qualify: the first knock-out stage is Round 3.
    result = calculate(
        options_from(
            {"knockout": "single-teams", "entries": 32, "remaining": 8, "boards-per-match": 24}
        )
    )
    assert result.as_json()["round"] == 3


def test_ladder_with_a_final_4_11_9():
    # 4.11.9, lines 3675-3679: pairs, 10 tables: 64, 48, 32, 16; with a final 96, 72, 48, 24.
    plain = {"ladder": True, "movement": "pairs", "tables": 10, "games": 12}
    assert places(calculate(options_from(plain))) == [64, 48, 32, 16]
    assert places(calculate(options_from(plain | {"final": True}))) == [96, 72, 48, 24]


def test_stratified_category_b_4_12_4():
    # 4.12.4 example (b), lines 3770-3774: the B list of 16 pairs (8 tables): the top 6,
    # multiples of 4, the winners 24.
    result = calculate(
        options_from({"movement": "single-winner", "strat": "B", "tables": 8, "boards": 24})
    )
    assert result.scale == "S" and places(result) == [24, 20, 16, 12, 8, 4]


def test_county_pairs_final_6_3_1():
    # 6.3.1(a)-(b), lines 4136-4146: top award TOE/40 + 3 = 110/40 + 3 = 5.75 green,
    # 2nd 1.25 less; 2.5.1: a green award of 5 or more gives green/5 gold.
    result = calculate(options_from({"event": "county-pairs-final", "entries": 110}))
    assert result.colour == "green" and result.scale == "G"
    assert places(result)[:2] == [Decimal("5.75"), Decimal("4.50")]
    assert result.places[0].gold == Decimal("1.15")


# --- the rulebook object -------------------------------------------------------------------


def test_the_rulebook_names_the_handbook_and_its_scales():
    assert EBU.code == "ebu"
    assert EBU.version == "EBU Handbook 7th ed. (2014)"
    assert TABLE_NAMES == (
        *"ABCDEF",
        *("QA", "QB", "QC", "QD", "QE", "QF"),
        "S",
        "QS",
        "G",
    )
    for name in TABLE_NAMES:
        title = EBU.table_title(name)
        assert title is not None and title.sv.startswith(f"{name} – ")
        assert title.en.startswith(f"{name} – ") and title.sv != title.en
    assert EBU.table_title("X") is None


def test_the_rulebook_checks_option_names_and_values():
    assert EBU.check_options({"tables": 16, "boards": 24}) == []
    problems = EBU.check_options({"tables": 16, "pairs": 32})
    assert len(problems) == 1 and problems[0].startswith("pairs: not an EBU option")
    assert EBU.check_options({"boards": -1}) == ["--boards: -1 is negative"]


def test_the_rulebook_cannot_give_ebu_points_in_sbf_colours():
    with pytest.raises(UnknownScale, match="not bronze, silver and gold"):
        EBU.scale("A", entries=16, boards=24)
    with pytest.raises(UnknownScale, match="no EBU scale 'X'"):
        EBU.scale("X", entries=16)
    outcome = EBU.award(Competition(kind="pairs", level=None, placings=(), boards=24))  # type: ignore[arg-type]
    assert isinstance(outcome, AwardOutcome) and outcome.awards == ()
    # An empty field: the award step says why nothing is paid (3.1.1), in both languages.
    assert isinstance(outcome.no_award, Reason) and "Too few tables" in outcome.no_award.en
    assert "För få bord" in outcome.no_award.sv
