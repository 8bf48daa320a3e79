"""``award_scale --rulebook ebu``: every example of the interface
(../shared/interfaces/ebu-calculator.md, section 1) prints one JSON object with the
documented keys and the Handbook's numbers; bad input is a CommandError naming the
option, with nothing on stdout; the SBF form is unchanged."""

import json
import shlex
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

ALWAYS = {"rulebook", "scale", "status", "factor", "colour", "awards", "places"}
SOMETIMES = {"per_match", "per_draw", "won_total", "round", "original_tables", "winner_minimum"}


def run(line: str) -> str:
    out = StringIO()
    call_command("award_scale", *shlex.split(line), stdout=out)
    return out.getvalue()


def run_json(line: str) -> dict:
    text = run(f"--rulebook ebu {line} --json")
    assert text.count("\n") <= 1, "one JSON object"
    return json.loads(text)


def points(payload: dict) -> list:
    return [row["points"] for row in payload["places"]]


# Each example of the interface, the module that answers it, and the Handbook's figures
# (seed 001 lines beside each).
EXAMPLES = [
    pytest.param(
        "--status club --movement two-winner --tables 16 --boards 24",
        "basic",
        # 4.1.6(b), lines 2124-2126: 60, 50, 40 etc to 10 in each direction (6 awards).
        lambda p: p["scale"] == "A" and p["awards"] == 6 and points(p) == [60, 50, 40, 30, 20, 10],
        id="basic",
    ),
    pytest.param(
        "--status club --movement two-winner --tables 15 --boards 24 --tie 4:2",
        "basic",
        # 3.5.1 example (a), lines 1848-1852: 4th and 5th, 20 and 10, get 15 each.
        lambda p: points(p)[3:5] == [15, 15],
        id="tie",
    ),
    pytest.param(
        "--status club --movement teams --stage final --original-tables 16 --tables 6 --boards 24",
        "qualifier",
        # 4.2.10, lines 2288-2292: 72, 54, 36 and 18, Scale QA.
        lambda p: p["scale"] == "QA" and points(p) == [72, 54, 36, 18],
        id="final",
    ),
    pytest.param(
        "--status club --movement two-winner --stage consolation --original-tables 60"
        " --premier-tables 9 --tables 12 --boards 24",
        "consolation",
        # 4.3.4, lines 2362-2368: 12 + 39/3 = 25 tables.
        lambda p: p["original_tables"] == 25,
        id="consolation",
    ),
    pytest.param(
        "--status club --movement teams --tables 20 --boards 36 --boards-per-match 6",
        "per_match",
        # 4.6.5(a), lines 2796-2800: 9 a match won; 90, 72, 54, 36 and 18.
        lambda p: p["per_match"] == 9 and points(p) == [90, 72, 54, 36, 18],
        id="per-match",
    ),
    pytest.param(
        "--status county --movement teams --divisions 7 --division 3 --tables 12 --boards 216"
        " --boards-per-match 24",
        "leagues",
        # 4.8.7, lines 3346-3380 (7 divisions, Division 3: 90) and 4.8.4, lines 3251-3285
        # (the lowest ranking award, then constant increments; the top quarter of 12).
        lambda p: p["per_match"] == 90 and points(p) == [270, 180, 90],
        id="league",
    ),
    pytest.param(
        "--knockout single-teams --entries 32 --remaining 8 --boards-per-match 24",
        "knockout",
        # 4.7.9, lines 3158-3162: deemed Round 3.
        lambda p: p["round"] == 3 and "per_match" in p,
        id="knockout",
    ),
    pytest.param(
        "--ladder --movement pairs --tables 10 --games 12 --final",
        "ladder",
        # 4.11.9, lines 3675-3679: with a final, 96, 72, 48 and 24.
        lambda p: points(p) == [96, 72, 48, 24],
        id="ladder",
    ),
    pytest.param(
        "--movement single-winner --strat B --tables 8 --boards 24",
        "stratified",
        # 4.12.4 example (b), lines 3770-3774: 6 awards in multiples of 4, winners 24.
        lambda p: p["scale"] == "S" and points(p) == [24, 20, 16, 12, 8, 4],
        id="stratified",
    ),
    pytest.param(
        "--event county-pairs-final --entries 110",
        "green",
        # 6.3.1(a)-(b), lines 4136-4146: 110/40 + 3 = 5.75, then 1.25 less; 2.5.1 gold.
        lambda p: (
            p["colour"] == "green"
            and points(p)[:2] == [5.75, 4.5]
            and p["places"][0]["gold"] == 1.15
        ),
        id="county-pairs-final",
    ),
    pytest.param(
        "--event swiss-teams --tables 60 --boards-per-match 7",
        "green",
        # 6.4.1(b), lines 4229-4232: 60/24 + 0.50 = 3.00, a multiple of 0.50.
        lambda p: p["colour"] == "green" and "per_match" in p and points(p)[0] == 3,
        id="swiss-teams",
    ),
]


@pytest.mark.parametrize(("line", "module", "handbook"), EXAMPLES)
def test_every_interface_example_prints_one_object_with_the_handbooks_numbers(
    line, module, handbook
):
    pytest.importorskip(f"awards.domain.ebu.{module}")
    payload = run_json(line)
    assert ALWAYS <= set(payload) <= ALWAYS | SOMETIMES
    assert payload["rulebook"] == "ebu"
    assert [row["place"] for row in payload["places"]] == list(range(1, len(payload["places"]) + 1))
    assert handbook(payload), payload


def test_without_json_the_result_reads_as_a_table():
    pytest.importorskip("awards.domain.ebu.basic")
    text = run("--rulebook ebu --movement two-winner --tables 16 --boards 24")
    lines = text.splitlines()
    assert lines[0].startswith("EBU Handbook 7th ed. (2014): Scale A")
    assert "club status (factor 1), local points, 6 awards" in lines[0]
    assert lines[1].split() == ["1", "60"] and lines[6].split() == ["6", "10"]


def test_an_ebu_database_needs_no_rulebook_option(settings):
    pytest.importorskip("awards.domain.ebu.basic")
    settings.KLOVER_FEDERATION = "ebu"
    payload = json.loads(run("--movement two-winner --tables 16 --boards 24 --json"))
    assert payload["rulebook"] == "ebu" and payload["awards"] == 6


@pytest.mark.parametrize(
    ("line", "option"),
    [
        ("--tables -3 --boards 24", "--tables"),
        ("--tables many --boards 24", "--tables"),
        ("--tables 16 --boards -24", "--boards"),
        ("--tables 16 --boards 24 --status international", "--status"),
        ("--tables 16 --boards 24 --colour green", "--colour"),
        ("--tables 16 --boards 24 --tie 4", "--tie"),
        ("--divisions 3 --division 5 --tables 8 --boards-per-match 24", "--division"),
        ("--knockout single-teams --ladder --games 6", "--ladder"),
        ("--tables 16 --boards 24 --games 12", "--games"),
        ("--tables 16 --boards 24 --table D", "--table"),
        ("--tables 16 --boards 24 --met 10", "--met"),
    ],
)
def test_bad_input_is_a_command_error_naming_the_option(line, option, capsys):
    out = StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("award_scale", "--rulebook", "ebu", *shlex.split(line), stdout=out)
    assert str(caught.value).startswith(f"{option}: ") or f"argument {option}" in str(caught.value)
    assert out.getvalue() == "" and capsys.readouterr().out == ""


def test_an_ebu_option_on_the_sbf_calculator_is_refused():
    with pytest.raises(CommandError, match="^--tables: an EBU option; add --rulebook ebu"):
        run("--table D --entries 46 --tables 16")
    with pytest.raises(CommandError, match="^--table: "):
        run("--rulebook sbf --entries 46")


def test_the_sbf_calculator_is_unchanged():
    # SBF table D, 46 pairs: 46 sp to the winners and a place 13 (as the page shows
    # them, awards/tests/test_pages.py).
    payload = json.loads(run("--table D --entries 46 --json"))
    assert set(payload) == {"table", "rules", "places"} and payload["table"] == "D"
    first = payload["places"][0]
    assert (first["place"], first["points"], first["unit"]) == (1, 46, "sp")
    assert "Table D, 46 pairs, place 13" in [row["reason"] for row in payload["places"]]
    assert json.loads(run("--rulebook sbf --table D --pairs 46 --json")) == payload
