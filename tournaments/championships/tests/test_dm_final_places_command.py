"""``manage.py dm_final_places``: the final's size and the places per heat (seed
003_796cec548aee39db.txt, lines 215-270), and its refusals. No database."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


def run(*args: str) -> str:
    out = StringIO()
    call_command("dm_final_places", *args, stdout=out)
    return out.getvalue()


def answer(*args: str) -> dict:
    return json.loads(run(*args, "--json"))


@pytest.mark.parametrize(
    ("qualified", "size"),
    [(1, 1), (49, 26), (50, 26), (55, 28), (56, 28), (57, 28), (100, 28)],
)
def test_final_size(qualified, size):
    """003 lines 219-224: half, up to the next even number under 28, at most 28 (49 is
    the seed's own example, line 224; 1 a decision: a final of the one pair)."""
    assert answer("--qualified", str(qualified)) == {"final_size": size}


def test_final_size_in_words_names_the_rule():
    """003 line 223: 50 pairs, half 25, odd: 26."""
    text = run("--qualified", "50")
    assert "003 lines 219-224" in text
    assert "Half of 50 pairs is 25, an odd number under 28" in text
    assert "26 pairs" in text


def test_the_seeds_example_heats():
    """003 lines 250-264: 18, 30, 22 and 36 pairs, 32 places: T1 gives 5, 9, 6, 10; T2
    the two left to heats 4 (0.868) and 3 (0.642)."""
    assert answer("--heats", "18,30,22,36", "--final-size", "32") == {"places": [5, 9, 7, 11]}


def test_percentages_t3_does_not_need_change_nothing():
    """003 lines 258-266: no tie, no T3."""
    got = answer(
        "--heats", "18,30,22,36", "--final-size", "32", "--next-percent", "52.1,54.3,51.0,49.8"
    )
    assert got == {"places": [5, 9, 7, 11]}


def test_t3_with_the_percentages():
    """003 lines 266-270: four heats of 10 pairs, 6 places; the four remainders of 0.5
    tie for 2 places; the pairs at place 2 have 52.1, 54.3, 51.0 and 49.8 %."""
    got = answer(
        "--heats", "10,10,10,10", "--final-size", "6", "--next-percent", "52.1,54.3,51.0,49.8"
    )
    assert got == {"places": [2, 2, 1, 1]}


def test_places_in_words_name_each_rule():
    """003 lines 258-270: each heat's places with T1, T2 and T3 named."""
    text = run("--heats", "18,30,22,36", "--final-size", "32")
    assert "Heat 3 (22 pairs): 7 places" in text
    assert "T1: whole part of 22 × 32 / 106 = 6.642: 6 places" in text
    assert "T2: largest remainder 0.642" in text
    text = run("--heats", "10,10,10,10", "--final-size", "6", "--next-percent", "52,54,51,49")
    assert "T3: remainder 0.500 shared with heats 2, 3 and 4 for 2 places" in text


def test_t3_without_percentages_is_refused_naming_the_option():
    """003 line 270: T3 reads each heat's pair at place I_k + 1."""
    with pytest.raises(CommandError, match="--next-percent: T3 is needed: heats 1, 2, 3 and 4"):
        run("--heats", "10,10,10,10", "--final-size", "6", "--json")


def test_a_tie_in_t3_is_the_committees_lot():
    """003 line 270: "I sista hand tillämpas lottning"; the command draws no lots."""
    with pytest.raises(CommandError, match="--next-percent: T3: heats 2 and 4 tie at 52.5 %"):
        run("--heats", "10,10,10,10", "--final-size", "6", "--next-percent", "55,52.5,48,52.5")


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (("--qualified", "10", "--heats", "10,10"), "--qualified, --heats"),
        ((), "--qualified, --heats"),
        (("--qualified", "0"), "--qualified"),
        (("--qualified", "-3"), "--qualified"),
        (("--qualified", "2.5"), "--qualified"),
        (("--qualified", "10", "--final-size", "4"), "--final-size"),
        (("--qualified", "10", "--next-percent", "50"), "--next-percent"),
        (("--heats", "10,10"), "--final-size"),
        (("--heats", "10,,10", "--final-size", "4"), "--heats"),
        (("--heats", "10,0", "--final-size", "4"), "--heats"),
        (("--heats", "10,x", "--final-size", "4"), "--heats"),
        (("--heats", "10,10", "--final-size", "0"), "--final-size"),
        (("--heats", "10,10", "--final-size", "4.5"), "--final-size"),
        (("--heats", "10,10", "--final-size", "21"), "--final-size"),
        (("--heats", "10,10", "--final-size", "4", "--next-percent", "50"), "--next-percent"),
        (("--heats", "10,10", "--final-size", "4", "--next-percent", "50,101"), "--next-percent"),
        (("--heats", "10,10", "--final-size", "4", "--next-percent", "50,0"), "--next-percent"),
        (("--heats", "10,10", "--final-size", "4", "--next-percent", "50,NaN"), "--next-percent"),
        (("--heats", "10,10", "--final-size", "4", "--next-percent", "50,-1"), "--next-percent"),
    ],
)
def test_bad_input_is_refused_naming_the_option(args, option):
    """003 lines 219, 240-250: pairs and places are positive whole numbers, no more places
    than pairs; percentages over 0 and at most 100, one per heat."""
    with pytest.raises(CommandError, match=f"^{option}:"):
        run(*args, "--json")
