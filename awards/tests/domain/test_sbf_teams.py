"""SBF team tables (awards.domain.sbf.teams, team_rules): the table names, won and
drawn, the calculator's variant, and the printed rows against the seed.

Source: 000_18af0e66f52a62b2.txt, chapter 9. The tables themselves:
test_sbf_table_b.py, test_sbf_table_e.py, test_sbf_table_g.py; the awards:
test_sbf_teams_awards.py."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest

from awards.domain.core import OutOfRange, UnknownScale
from awards.domain.sbf import bronze_pairs, team_b, team_e
from awards.domain.sbf.team_rules import match_result
from awards.domain.sbf.teams import TEAM_TABLES, team_scale

SEED = Path(__file__).resolve().parents[4] / "shared" / "seeds" / "000_18af0e66f52a62b2.txt"


def test_team_tables_are_the_twelve_printed_names_and_gold() -> None:
    assert tuple(TEAM_TABLES) == (
        "B1",
        "B2",
        "B3",
        "B4",
        "E1",
        "E2",
        "E3",
        "E4",
        "E5",
        "G1",
        "G2",
        "G3",
        "GOLD",
    )


@pytest.mark.parametrize("name", ["A1", "D", "E6", "G4", "", "teams"])
def test_unknown_table(name: str) -> None:
    with pytest.raises(UnknownScale, match="B1, B2, B3"):
        team_scale(name, entries=8, boards=24)


def test_table_names_are_read_as_the_seed_writes_them() -> None:
    assert team_scale("e 2", entries=4, boards=24) == team_scale("E2", entries=4, boards=24)


def test_entries_must_be_a_whole_number() -> None:
    with pytest.raises(OutOfRange):
        team_scale("E2", entries=4.5, boards=24)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("own", "other", "result"),
    [
        # "Vunnen 18-12 14-6 6-2 5-1 3-1 2-0 Eller större marginal"
        (18, 12, "won"),
        (14, 6, "won"),
        (6, 2, "won"),
        (5, 1, "won"),
        (3, 1, "won"),
        (2, 0, "won"),
        (25, 5, "won"),
        (20, 0, "won"),
        # "Oavgjord 17-13 16-14 15-15 13-7 12-8 11-9 10-10 5-3 4-4 4-2 3-3 2-2 1-1"
        (17, 13, "drawn"),
        (13, 17, "drawn"),
        (16, 14, "drawn"),
        (15, 15, "drawn"),
        (13, 7, "drawn"),
        (7, 13, "drawn"),
        (12, 8, "drawn"),
        (11, 9, "drawn"),
        (10, 10, "drawn"),
        (5, 3, "drawn"),
        (3, 5, "drawn"),
        (4, 4, "drawn"),
        (4, 2, "drawn"),
        (2, 4, "drawn"),
        (3, 3, "drawn"),
        (2, 2, "drawn"),
        (1, 1, "drawn"),
        # the losers of the won pairs
        (12, 18, None),
        (6, 14, None),
        (2, 6, None),
        (1, 5, None),
        (1, 3, None),
        (0, 2, None),
        # WBF continuous 20-0
        (Decimal("13.99"), Decimal("6.01"), "drawn"),
        (Decimal("14.00"), Decimal("6.00"), "won"),
        (Decimal("6.01"), Decimal("13.99"), "drawn"),
    ],
)
def test_definition_of_won_and_drawn(own: int, other: int, result: str | None) -> None:
    assert match_result(Decimal(own), Decimal(other)) == result


def test_penalties_can_turn_a_win_into_a_draw_and_a_draw_into_nothing() -> None:
    # "vinner man med 18-12 men får ett tidsavdrag på 1 VP dvs. 17-12, får
    # vinnande laget mp som vid oavgjort."
    assert match_result(Decimal(18), Decimal(12), own_penalty=Decimal(1)) == "drawn"
    assert match_result(Decimal(12), Decimal(18)) is None
    # "Dito vid 17-13 som efter bestraffning slutar 17-12, får laget med 12 VP inga mp."
    assert match_result(Decimal(13), Decimal(17), own_penalty=Decimal(1)) is None
    assert match_result(Decimal(17), Decimal(13)) == "drawn"


def test_unknown_vp_scale_is_refused_unless_named() -> None:
    with pytest.raises(OutOfRange, match="vp_scale"):
        match_result(Decimal(25), Decimal(3))
    assert match_result(Decimal(25), Decimal(3), scale_total=30) == "won"


def _seed_rows(first: int, last: int) -> dict[int, tuple[int, ...]]:
    lines = SEED.read_text(encoding="utf-8").split("\n")[first - 1 : last]
    rows = {}
    for line in lines:
        words = line.split()
        if len(words) >= 2 and all(w.isdigit() for w in words):
            rows[int(words[0])] = tuple(int(w) for w in words[1:])
    return rows


def _block(after: str, before: str) -> tuple[int, int]:
    lines = SEED.read_text(encoding="utf-8").split("\n")
    start = next(i for i, line in enumerate(lines) if after in line)
    end = next(i for i in range(start + 1, len(lines)) if before in lines[i])
    return start + 1, end + 1


@pytest.mark.skipif(not SEED.exists(), reason="the seeds live beside the repository")
def test_transcription_matches_the_seed() -> None:
    b1 = _seed_rows(*_block("Tabell B1, Brons,  Lagbarometer", "Vid högre lagantal"))
    assert b1 == team_b.B1_PRINTED
    e1 = _seed_rows(*_block("Tabell E 1, Silverpoäng, Lagbarometer", "Definition av vunnen resp."))
    assert e1 == {teams: silver + bronze for teams, (silver, bronze) in team_e.E1_PRINTED.items()}
    a2 = _seed_rows(*_block("Parq", "Tabell A2, Brons, Partävling 32-100 par"))
    assert a2 == bronze_pairs.A2_ROWS
    bonus = _seed_rows(*_block("Tabell B2, Brons, Serie utan upp- och nedflyttning", "Anmärkning"))
    assert bonus == team_b.B2_BONUS_PRINTED


@pytest.mark.parametrize(
    ("table", "variant", "same_as"),
    [
        ("E3", "2/3", {"division": 2, "divisions": 3}),
        ("B3", "1/2", {"division": 1, "divisions": 2}),
        ("E5", "3", {"division": 3}),
        ("G3", "1", {"division": 1}),
        ("G2", "semifinal", {"sm_event": "semifinal"}),
        ("G2", "veteran:final", {"sm_event": "veteran", "stage": "final"}),
    ],
)
def test_variant_is_one_string_for_the_calculator(
    table: str, variant: str, same_as: dict[str, object]
) -> None:
    assert team_scale(table, entries=8, boards=24, variant=variant) == team_scale(
        table,
        entries=8,
        boards=24,
        **same_as,  # type: ignore[arg-type]
    )


def test_every_team_table_states_how_it_is_read() -> None:
    # One row of TEAM_TABLES per table: a barometer awards places, a series matches.
    # A gold team event is E1 read in gold (gold_teams), so it has no place rule.
    for name, table in TEAM_TABLES.items():
        assert table.name == name
        assert (table.places is not None) is (table.barometer and name != "GOLD"), name
        assert (table.value is None) is table.barometer, name
    assert [n for n, t in TEAM_TABLES.items() if t.barometer] == ["B1", "E1", "GOLD"]
