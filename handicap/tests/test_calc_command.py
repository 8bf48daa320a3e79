"""``manage.py handicap_calc``: the paper's worked examples (seed 002_4426357e9a32e88f.txt)
and its refusals. No database: the command only computes."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


def calc(*args: str) -> dict:
    out = StringIO()
    call_command("handicap_calc", *args, "--json", stdout=out)
    return json.loads(out.getvalue())


def pairs(owner: str, field: str, result: str, boards: str = "24", *extra: str) -> dict:
    return calc(
        "--scoring", "topscore", "--kind", "pairs", "--boards", boards,
        "--owner", owner, "--field", field, "--result", result, *extra,
    )  # fmt: skip


def test_pair_of_26s_against_a_field_of_16_expects_46_percent():
    # Section 9, lines 580-582.
    answer = pairs("26,26", "16", "46")
    assert answer == {"owner_handicap": 26.0, "expected": 46.0, "change": 0.0}


def test_pair_of_26s_against_almost_beginners_expects_58_percent():
    # Section 9, lines 582-583.
    assert pairs("26,26", "46", "58")["expected"] == 58.0


def test_pair_28_14_in_a_field_of_26_is_charged_2_percent():
    # Section 9, lines 604-606: pair handicap 21, 5 below the field, "charged 40 % of the
    # difference, i.e. -2 %": the pair is expected 2 % over average, 52 %.
    answer = pairs("28,14", "26", "52")
    assert answer["owner_handicap"] == 21.0
    assert answer["expected"] == 52.0
    assert answer["change"] == 0.0


def test_ten_percent_over_expected_in_24_boards_is_about_one_unit_lower():
    # 4.1, lines 325-327: -(1/480) * (23/24.6) * 2 * 24 * 10.
    answer = pairs("20,20", "20", "60")
    assert answer["expected"] == 50.0
    assert answer["change"] == pytest.approx(-0.935, abs=0.0005)


def test_boards_played_scale_the_change():
    full = pairs("20,20", "20", "60", "24")["change"]
    half = pairs("20,20", "20", "60", "24", "--played", "12")["change"]
    assert half == pytest.approx(full / 2, abs=0.001)


def test_imp_team_match_compares_with_the_opponents_team():
    # 3.3.3.1: a team's result is the sum of two tables, so twice the pairs' slope;
    # IMP slope 0.8/12 per unit (docs/handicap.md): 2 * 5 * 0.8/12 = 0.67 IMPs per board.
    answer = calc(
        "--scoring", "imp", "--kind", "teams", "--boards", "16",
        "--owner", "20,20,20,20", "--field", "25", "--result", "0.67",
    )  # fmt: skip
    assert answer["owner_handicap"] == 20.0
    assert answer["expected"] == 0.67


def test_individual_uses_the_players_own_handicap():
    answer = calc(
        "--scoring", "topscore", "--kind", "individual", "--boards", "27",
        "--owner", "30", "--field", "20", "--result", "50",
    )  # fmt: skip
    assert answer["expected"] == 46.0
    assert answer["change"] < 0


def test_text_output_names_the_numbers_and_each_player():
    out = StringIO()
    call_command(
        "handicap_calc", "--scoring", "topscore", "--kind", "pairs", "--boards", "24",
        "--owner", "26,26", "--field", "16", "--result", "57.5", stdout=out,
    )  # fmt: skip
    text = out.getvalue()
    assert "Pair handicap: 26.00" in text
    assert "Expected result: 46.00 %" in text
    assert "Change per player: -1.075 (24 of 24 boards)" in text
    assert text.count("26.0 -> 24.9") == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--boards", "0"], "--boards: An event has at least one board."),
        (["--boards", "x"], "--boards: “x” is not a whole number."),
        (["--played", "25"], "--played: Boards played is between 1 and the event's 24 boards."),
        (["--played", "0"], "--played: Boards played is between 1"),
        (["--owner", ""], "--owner: Give the handicap of each player."),
        (["--owner", "26"], "--owner: Give 2 handicaps for this kind of event"),
        (["--owner", "26,abc"], "--owner: “abc” is not a number."),
        (["--owner", "26,60"], "--owner: A handicap is between -52 and 52; got 60."),
        (["--field", "53"], "--field: A handicap is between -52 and 52; got 53."),
        (["--field", "nan"], "--field: “nan” is not a number."),
        (["--result", "101"], "--result: A topscore result is a percentage from 0 to 100"),
        (["--result", ""], "--result: Give a number."),
    ],
)
def test_bad_input_is_refused_with_the_option_named(args, message):
    options = {
        "--scoring": "topscore", "--kind": "pairs", "--boards": "24",
        "--owner": "26,26", "--field": "16", "--result": "50",
    }  # fmt: skip
    options.update(dict(zip(args[::2], args[1::2], strict=True)))
    with pytest.raises(CommandError) as refused:
        call_command("handicap_calc", *[part for pair in options.items() for part in pair])
    assert message in str(refused.value)


def test_imp_results_are_imps_per_board():
    with pytest.raises(CommandError, match="IMPs per board, from -24 to 24"):
        call_command(
            "handicap_calc", "--scoring", "imp", "--kind", "pairs", "--boards", "24",
            "--owner", "26,26", "--field", "16", "--result", "30",
        )  # fmt: skip


def test_decimal_commas_with_semicolons():
    answer = calc(
        "--scoring", "topscore", "--kind", "pairs", "--boards", "24",
        "--owner", "26,5; 25,5", "--field", "16", "--result", "46,0",
    )  # fmt: skip
    assert answer["owner_handicap"] == 26.0
