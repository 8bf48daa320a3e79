"""The dm_semifinal_places command (seed 003 lines 571-582)."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


def run(*args):
    out = StringIO()
    call_command("dm_semifinal_places", *args, stdout=out)
    return out.getvalue()


def places(*args):
    return json.loads(run(*args, "--json"))


@pytest.mark.parametrize(
    "heats, total, expected",
    [
        ("4,5,6,13", "20", [3, 4, 4, 9]),  # 2.857 3.571 4.286 9.286: wholes 18, .857 .571
        ("13,6,5,4", "20", [9, 4, 4, 3]),  # the order given
        ("18,30,22,36", "20", [3, 6, 4, 7]),  # 3.396 5.660 4.151 6.792: wholes 18, .792 .660
        ("7,4,8,5", "16", [5, 3, 5, 3]),  # 4.667 2.667 5.333 3.333: wholes 14, .667 ×2
        ("4,40,41", "20", [1, 9, 10]),  # 0.941 raised to one; the place left to .647
    ],
)
def test_json_places(heats, total, expected):
    """Seed 003 line 573: one place per whole number of the share, at least one, the
    rest by decimals; one JSON object, places per heat in the order given."""
    assert places("--heats", heats, "--places", total) == {"places": expected}


def test_text_names_each_rule():
    """Seed 003 lines 573, 590, 602: the text for people says why, in English."""
    text = run("--heats", "4,5,6,13", "--places", "20")
    assert "28 teams in 4 heats, 20 places" in text
    assert "5 semifinals of 4 teams, 20 places (seed 003 line 602)" in text
    assert "Heat 1: 4 teams, share 4 x 20 / 28 = 2.857: 3 places" in text
    assert "2 places: the whole number of its share 2.857 (seed 003 line 573)" in text
    assert "its decimals 0.857, place 1 of the 2 by decimals" in text
    assert "(seed 003 line 590): 3 = 4, 1, 2." in text


def test_text_below_22_teams():
    """Seed 003 line 602: below 22 teams ÖMBF TK decides about the semifinals."""
    assert "ÖMBF TK decides" in run("--heats", "4,5,6", "--places", "8")


def test_equal_decimals_need_the_next_teams():
    """Seed 003 lines 575-582: seven heats of 4 (2.857 each) tie for six places."""
    with pytest.raises(CommandError, match="--next-vp-average: heats 1, 2, 3, 4, 5, 6 and 7"):
        run("--heats", "4,4,4,4,4,4,4", "--places", "20", "--json")


def test_equal_decimals_settled_by_vp_average():
    """Seed 003 line 579: heat 7's next team has the lowest VP average, 8."""
    result = places(
        "--heats", "4,4,4,4,4,4,4", "--places", "20",
        "--next-vp-average", "12,13,11,10,9,14,8",
        "--next-imp-quotient", "1,1,1,1,1,1,1",
    )  # fmt: skip
    assert result == {"places": [3, 3, 3, 3, 3, 3, 2]}


def test_equal_vp_average_settled_by_imp_quotient():
    """Seed 003 line 580: heats 1 and 2 at 14 VP; heat 2's quotient 1.3 beats 1.1."""
    result = places(
        "--heats", "4,4,4", "--places", "4",
        "--next-vp-average", "14,14,12", "--next-imp-quotient", "1.1,1.3,2",
    )  # fmt: skip
    assert result == {"places": [1, 2, 1]}


def test_still_tied_is_refused_for_the_lot():
    """Seed 003 lines 575-582 then the committee's lot, which the command cannot draw."""
    with pytest.raises(CommandError, match="--next-imp-quotient: .*heats 1 and 2.*draws lots"):
        run(
            "--heats", "4,4,4", "--places", "4",
            "--next-vp-average", "14,14,12", "--next-imp-quotient", "1.1,1.1,2",
        )  # fmt: skip


def test_minimum_tie_is_refused_for_the_lot():
    """Seed 003 line 573: heats 12 and 13 (6.944 each) must give up one more place to
    the eleven heats raised to one; equal decimals, the committee draws."""
    with pytest.raises(CommandError, match="--places: heats 12 and 13"):
        run("--heats", ",".join(["4"] * 11 + ["50", "50"]), "--places", "20")


@pytest.mark.parametrize(
    "args, option",
    [
        (["--heats", "", "--places", "20"], "--heats"),
        (["--heats", "4,x", "--places", "20"], "--heats"),
        (["--heats", "4.5,6", "--places", "4"], "--heats"),
        (["--heats", "0,5", "--places", "4"], "--heats"),
        (["--heats", "4,3", "--places", "4"], "--heats"),  # line 500: four teams a heat
        (["--heats", "4,5", "--places", "0"], "--places"),
        (["--heats", "4,5", "--places", "x"], "--places"),
        (["--heats", "4,5", "--places", "4,4"], "--places"),
        (["--heats", "4,5,6", "--places", "2"], "--places"),  # line 573: one each
        (["--heats", "4,5", "--places", "10"], "--places"),  # more places than teams
        (["--heats", "4,5", "--places", "4", "--next-vp-average", "10"], "--next-imp-quotient"),
        (["--heats", "4,5", "--places", "4", "--next-imp-quotient", "1,1"], "--next-vp-average"),
        (
            ["--heats", "4,5", "--places", "4", "--next-vp-average", "10",
             "--next-imp-quotient", "1,1"],
            "--next-vp-average",
        ),
        (
            ["--heats", "4,5", "--places", "4", "--next-vp-average", "21,10",
             "--next-imp-quotient", "1,1"],
            "--next-vp-average",
        ),
        (
            ["--heats", "4,5", "--places", "4", "--next-vp-average", "10,10",
             "--next-imp-quotient", "1,-1"],
            "--next-imp-quotient",
        ),
    ],
)  # fmt: skip
def test_bad_input_names_the_option(args, option):
    """Seed 003 lines 500, 573, 579-580: input the rules cannot take is refused."""
    with pytest.raises(CommandError, match=option):
        run(*args, "--json")
