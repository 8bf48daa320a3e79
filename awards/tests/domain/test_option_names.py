"""``Competition.options`` names of the SBF rulebook: ``OPTION_NAMES`` must hold every
name the rulebook documents or reads, and ``check_options`` must say what is wrong
with a set of options."""

from __future__ import annotations

import ast
import dataclasses
import re
from decimal import Decimal
from pathlib import Path

import pytest

import awards.domain.sbf as sbf
from awards.domain.core import Competition, Placing, Player
from awards.domain.sbf import OPTION_NAMES, SBF

SBF_DIR = Path(sbf.__file__).parent
DOCS = Path(__file__).resolve().parents[3] / "docs"
TYPES = {"bool", "int", "decimal", "str", "mapping", "list"}

# How the sources read an option by name.
READS = (
    re.compile(r'\boption\(\s*"(\w+)"'),  # competition.option("x") / option("x")
    re.compile(r'\b_option_int\(\s*\w+,\s*"(\w+)"'),  # teams: _option_int(competition, "x")
    re.compile(r'\boptions\.get\(\s*"(\w+)"'),  # ranking: options.get("x")
)


def sources() -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(SBF_DIR.glob("*.py"))}


def documented(text: str, heading: str) -> set[str]:
    """The `name` tokens of a text after ``heading`` up to the next markdown heading,
    less the dataclass fields and sbf modules the text also names."""
    section = re.split(r"\n#", text.split(heading, 1)[1], maxsplit=1)[0]
    fields = {f.name for cls in (Competition, Placing, Player) for f in dataclasses.fields(cls)}
    modules = {path.stem for path in SBF_DIR.glob("*.py")}
    return set(re.findall(r"`{1,2}([a-z_]+)`{1,2}", section)) - fields - modules


def test_every_entry_has_a_type_tag_and_a_description():
    assert OPTION_NAMES
    for name, (kind, description) in OPTION_NAMES.items():
        assert re.fullmatch(r"[a-z_]+", name)
        assert kind in TYPES, name
        assert description and "\n" not in description and len(description) <= 90, name


def test_option_names_is_the_mapping_and_read_only():
    assert SBF.option_names() is OPTION_NAMES
    with pytest.raises(TypeError):
        OPTION_NAMES["new"] = OPTION_NAMES["cup"]  # type: ignore[index]


@pytest.mark.parametrize(
    ("text", "heading"),
    [
        ((DOCS / "awards.md").read_text(encoding="utf-8"), "The options of pairs and individual"),
        ((DOCS / "awards-teams.md").read_text(encoding="utf-8"), "## Options read from"),
    ],
    ids=["pairs", "teams"],
)
def test_every_documented_name_is_in_the_mapping(text, heading):
    names = documented(text, heading)
    assert len(names) >= 9, names  # the parse found the lists
    assert names - set(OPTION_NAMES) == set()


def test_every_name_read_in_the_sources_is_in_the_mapping():
    read = {
        name: file
        for file, text in sources().items()
        for pattern in READS
        for name in pattern.findall(text)
    }
    assert {"division", "sessions", "spring_autumn_silver", "stages", "rally"} <= set(read)
    unknown = {name: file for name, file in read.items() if name not in OPTION_NAMES}
    assert unknown == {}


def test_every_name_in_the_mapping_is_read_somewhere():
    # A name only the mapping knows would pass check_options and then be ignored.
    texts = sources()
    options = texts["options.py"]
    mapping = next(
        node
        for node in ast.parse(options).body
        if isinstance(node, ast.AnnAssign) and ast.unparse(node.target) == "OPTION_NAMES"
    )
    lines = options.splitlines()
    del lines[mapping.lineno - 1 : mapping.end_lineno]
    texts["options.py"] = "\n".join(lines)
    elsewhere = "\n".join(texts.values())
    stale = [name for name in OPTION_NAMES if f'"{name}"' not in elsewhere]
    assert stale == []


def test_good_options_pass():
    good = {
        "division": 3,
        "divisions": 4,
        "cup": False,
        "average_handicap": Decimal("14.5"),
        "variant": "final",
        "stages": {5: "final"},
        "met": None,  # not given
    }
    assert SBF.check_options(good) == []
    assert SBF.check_options({}) == []


@pytest.mark.parametrize(
    "value", [12, Decimal("14.2"), 14.5, "14.5"], ids=["int", "decimal", "float", "text"]
)
def test_a_decimal_option_takes_any_number(value):
    assert SBF.check_options({"average_handicap": value}) == []


def test_a_mapping_option_takes_a_list_of_pairs():
    assert SBF.check_options({"stages": [[5, "final"], [4, "semifinal"]]}) == []


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("division", "x", "option 'division' must be a whole number, got 'x'"),
        ("division", True, "option 'division' must be a whole number, got True"),
        ("sessions", 2.0, "option 'sessions' must be a whole number, got 2.0"),
        ("cup", "yes", "option 'cup' must be true or false, got 'yes'"),
        ("cup", 1, "option 'cup' must be true or false, got 1"),
        ("average_handicap", "low", "option 'average_handicap' must be a number, got 'low'"),
        ("average_handicap", False, "option 'average_handicap' must be a number, got False"),
        ("variant", 2, "option 'variant' must be a string, got 2"),
        ("stages", "final", "option 'stages' must be a mapping (or a list of pairs), got 'final'"),
        ("dm_outside", [True], "option 'dm_outside' must be a list of entry ids, got [True]"),
    ],
)
def test_wrong_types(name, value, message):
    assert SBF.check_options({name: value}) == [message]


def test_unknown_names_list_the_valid_ones():
    (error,) = SBF.check_options({"divison": 2})
    assert error.startswith("unknown option 'divison' (did you mean 'division'?); the options are ")
    assert error.endswith(", ".join(sorted(OPTION_NAMES)))


def test_unknown_name_without_a_close_match():
    (error,) = SBF.check_options({"colour": "red"})
    assert error.startswith("unknown option 'colour'; the options are a_final, a_final_rounds, ")


def test_every_error_is_reported_in_order():
    errors = SBF.check_options({"cup": "no", "zzz": 1, "division": 2, "rally_starters": "150"})
    assert [e.split(" ", 2)[:2] for e in errors] == [
        ["option", "'cup'"],
        ["unknown", "option"],
        ["option", "'rally_starters'"],
    ]
