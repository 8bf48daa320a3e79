"""The ``ebu_rank`` command (interface section 2): one JSON object, no database."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command


def _rank(*args: str) -> dict:
    out = StringIO()
    call_command("ebu_rank", *args, "--json", stdout=out)
    return json.loads(out.getvalue())


def test_the_interface_example():
    assert _rank("--local", "14000", "--blue", "0", "--green", "10") == {
        "rank": "** Premier Master",
        "title": "Premier Master",
        "stars": 2,
        "total": 15000,
    }


def test_the_example_of_2_6_1():
    # 7.25 green, 2.75 blue, 4,344 local: 5,344 master points (lines 1414-1418).
    assert _rank("--local", "4344", "--blue", "2.75", "--green", "7.25", "--gold", "1.45") == {
        "rank": "Master",
        "title": "Master",
        "stars": 0,
        "total": 5344,
    }


def test_below_100_master_points_there_is_no_rank():
    assert _rank("--local", "99", "--blue", "0", "--green", "0") == {
        "rank": None,
        "title": None,
        "stars": 0,
        "total": 99,
    }


@pytest.mark.parametrize(
    "args, option",
    [
        (("--local", "-5", "--blue", "0", "--green", "0"), "--local"),
        (("--local", "12.5", "--blue", "0", "--green", "0"), "--local"),
        (("--local", "5", "--blue", "x", "--green", "0"), "--blue"),
        (("--local", "5", "--blue", "0", "--green", "1.234"), "--green"),
        (("--local", "5", "--blue", "0", "--green", "1", "--gold", "-2"), "--gold"),
        (("--blue", "0", "--green", "1"), "--local"),
    ],
)
def test_invalid_input_names_the_option(args, option):
    out = StringIO()
    with pytest.raises(CommandError) as error:
        call_command("ebu_rank", *args, "--json", stdout=out)
    assert option in str(error.value)
    assert out.getvalue() == ""
