"""SBF rulebook (awards.domain.sbf.rulebook): the table names, the protocol and scale()'s
refusals (seed 000_18af0e66f52a62b2.txt)."""

import pytest

from awards.domain.core import OutOfRange, Rulebook, UnknownScale
from awards.domain.sbf import SBF


def test_satisfies_the_protocol():
    rulebook: Rulebook = SBF
    assert (rulebook.code, rulebook.version) == ("sbf", "SBF 2014-2015")


def test_table_names_are_the_seeds():
    assert SBF.table_names() == (
        "A1", "A2", "B1", "B2", "B3", "B4", "C", "D", "E1", "E2", "E3", "E4", "E5",
        "F", "G1", "G2", "G3", "H1", "H2", "gold",
    )  # fmt: skip


@pytest.mark.parametrize("name", SBF.table_names())
def test_every_table_says_what_event_it_is_for_in_both_languages(name):
    title = SBF.table_title(name)
    assert title is not None and title.name == name
    assert title.sv != title.en
    # The calculator prints the title as it is: the name first, then the event.
    shown = {"gold": ("Guld", "Gold")}.get(name, (name, name))
    assert title.sv.startswith(f"{shown[0]} – ") and title.en.startswith(f"{shown[1]} – ")
    # The seed is cited in the code, not on the page.
    assert "Tabell" not in title.sv and "000_" not in title.sv + title.en


@pytest.mark.parametrize(
    ("name", "sv", "en"),
    [
        ("A1", "A1 – partävling i brons, 4–32 par", "A1 – bronze pairs event, 4–32 pairs"),
        ("E1", "E1 – lagbarometer i silver", "E1 – silver teams barometer"),
        ("G1", "G1 – SM-final för lag", "G1 – Swedish teams championship final"),
    ],
)
def test_titles_follow_the_table_headings(name, sv, en):
    title = SBF.table_title(name)
    assert title is not None and (title.sv, title.en) == (sv, en)


def test_an_unknown_table_has_no_title():
    assert SBF.table_title("Z") is None


def test_unknown_table_lists_the_names():
    with pytest.raises(UnknownScale, match="A1, A2, B1"):
        SBF.scale("Z", entries=10)


@pytest.mark.parametrize(
    ("table", "entries", "sv", "en"),
    [
        ("A1", 3, "Tabell A1 gäller 4-32 par", "Table A1 covers 4-32 pairs"),
        ("A1", 33, "Tabell A1 gäller 4-32 par", "Table A1 covers 4-32 pairs"),
        ("D", 3, "Tabell D gäller 12-100 par", "Table D covers 12-100 pairs"),
        ("C", 7, "Tabell C gäller 8-60 spelare", "Table C covers 8-60 players"),
        ("F", 15, "Tabell F gäller 16-64 spelare", "Table F covers 16-64 players"),
    ],
)
def test_out_of_range(table, entries, sv, en):
    with pytest.raises(OutOfRange) as error:
        SBF.scale(table, entries=entries)
    assert (error.value.reason.sv, error.value.reason.en) == (sv, en)
