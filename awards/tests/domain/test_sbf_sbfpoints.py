"""Issue #22's remaining SBF master points rules, in the domain.

Source: 000_18af0e66f52a62b2.txt: §8 conversion (lines 589-599), B-finals with TK's
permission (lines 404-440), an interrupted E3 match at half scale (lines 1463-1465),
pins and charms (lines 47-65, 98-100)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from awards.domain.core import Colour, Competition, OutOfRange, Placing, Player
from awards.domain.sbf import SBF, conversion, finals, pins
from awards.domain.sbf.teams import award_team_competition

from .test_sbf_teams_awards import competition, match, points

# --- E3, an interrupted match at half scale (lines 1463-1465) ------------------------


def test_e3_interrupted_match_pays_half_the_full_match_lines_1463_1465() -> None:
    # Division 2 of 3 plays for the boards: a full 24-board match is worth 24 sp, 6 to a
    # whole-match player. Stopped after 12 of 24 boards (half played): half scale, 3 sp.
    matches = (match(1, "Aces", "Bees", (18, 12), boards=12),)
    outcome = award_team_competition(
        competition("E3", matches, division=2, divisions=3, match_boards=24)
    )
    assert points(outcome)["anna"] == (Decimal(3), Decimal(3))
    assert points(outcome)["dan"] == (Decimal("1.5"), Decimal(2))
    reason = next(a.reason for a in outcome.awards if a.player == "anna")
    assert "half scale" in reason.en and "12 of 24 boards" in reason.en
    assert "halv skala" in reason.sv


def test_e3_match_stopped_before_half_pays_nothing_lines_1463_1465() -> None:
    matches = (
        match(1, "Aces", "Bees", (18, 12), boards=11),
        match(2, "Aces", "Cats", (18, 12), boards=24),
    )
    outcome = award_team_competition(
        competition("E3", matches, division=2, divisions=3, match_boards=24)
    )
    # Only the full match counts: 6 sp to a whole-match player.
    assert points(outcome)["anna"] == (Decimal(6), Decimal(6))


def test_e3_full_match_unchanged_by_match_boards() -> None:
    matches = (match(1, "Aces", "Bees", (18, 12), boards=24),)
    with_option = award_team_competition(
        competition("E3", matches, division=2, divisions=3, match_boards=24)
    )
    without = award_team_competition(competition("E3", matches, division=2, divisions=3))
    assert points(with_option) == points(without)


def test_half_scale_is_e3s_rule_only() -> None:
    # E2 says nothing of interrupted matches: its 12-board match is a 12-board match.
    matches = (match(1, "Aces", "Bees", (18, 12), boards=12),)
    outcome = award_team_competition(competition("E2", matches, match_boards=24))
    assert points(outcome)["anna"] == (Decimal(3), Decimal(3))
    assert "half scale" not in outcome.awards[0].reason.en


# --- B-finals (lines 404-440) ---------------------------------------------------------


def _final(entries: int, **options: object) -> Competition:
    placings = tuple(
        Placing(entry=str(n), place=n, place_to=n, players=(Player(f"{n}a"), Player(f"{n}b")))
        for n in range(1, entries + 1)
    )
    return Competition(
        kind="pairs",
        level=Colour.SILVER,
        placings=placings,
        boards=60,
        rounds=12,
        all_met_all=True,
        options=tuple(options.items()),
    )


def _by_place(outcome) -> dict[int, tuple[str, Decimal]]:
    found = {}
    for award in outcome.awards:
        if award.player.endswith("a"):
            found[int(award.player[:-1])] = (award.colour.value, award.credited)
    return found


EXAMPLE = {"total_pairs": 60, "qualifying_rounds": 12}


def test_a_final_example_43_sp_and_11_places_lines_424_433() -> None:
    got = _by_place(SBF.award(_final(20, a_final=True, **EXAMPLE)))
    assert got[1] == ("silver", Decimal(43))
    assert max(got) == 11 and all(colour == "silver" for colour, _ in got.values())


def test_a_final_keeps_9_places_when_tk_gave_the_rest_to_the_b_final_lines_434_440() -> None:
    got = _by_place(SBF.award(_final(20, a_final=True, a_final_silver_places=9, **EXAMPLE)))
    assert max(got) == 9


def test_b_final_with_tk_permission_gets_a_final_places_10_11_lines_434_440() -> None:
    a_final = _by_place(SBF.award(_final(20, a_final=True, **EXAMPLE)))
    outcome = SBF.award(
        _final(
            18,
            b_final=True,
            a_final_rounds=12,
            b_final_silver="TK 2015/7",
            b_final_silver_from=10,
            **EXAMPLE,
        )
    )
    got = _by_place(outcome)
    assert got[1] == a_final[10] and got[2] == a_final[11]
    # "övriga mp-berättigade par i B-finalen erhåller bp": the best third of 18 pairs.
    assert [got[p][0] for p in range(3, 7)] == ["bronze"] * 4
    assert max(got) == 6
    assert "TK 2015/7" in outcome.awards[0].reason.en


def test_b_final_without_permission_gives_bp_lines_413_420() -> None:
    got = _by_place(SBF.award(_final(18, b_final=True, **EXAMPLE)))
    assert {colour for colour, _ in got.values()} == {"bronze"}
    # Table A1 at 18 pairs gives 36 bp to the winner; a silver event's bronze is doubled.
    assert got[1] == ("bronze", Decimal(72))
    assert max(got) == 6


def test_b_final_with_permission_needs_the_a_finals_facts() -> None:
    with pytest.raises(OutOfRange, match="a_final_rounds"):
        finals.b_final(
            entries=18,
            level=Colour.SILVER,
            total_pairs=60,
            qualifying_rounds=12,
            a_final_rounds=None,
            permission="TK 1",
            silver_from=10,
        )


def test_b_final_cannot_start_beyond_the_a_finals_silver() -> None:
    outcome = SBF.award(
        _final(
            18,
            b_final=True,
            a_final_rounds=12,
            b_final_silver="TK",
            b_final_silver_from=12,
            **EXAMPLE,
        )  # fmt: skip
    )
    assert outcome.no_award is not None and "11 sp places" in outcome.no_award.en


# --- conversion (§8, lines 589-599) -----------------------------------------------------

DAY = date(2025, 3, 1)


def test_conversion_needs_a_permanent_move_and_an_extract_lines_589_596() -> None:
    found = conversion.problems(
        conversion.Conversion("EBU", DAY, silver=Decimal(10), moved_permanently=False)
    )
    assert [r.en.split(" (")[0] for r in found] == [
        "Points are converted only when the player has moved permanently to Sweden",
        "Give the master points extract from the foreign federation",
    ]


def test_conversion_needs_points_and_no_negative_amounts() -> None:
    nothing = conversion.Conversion("EBU", DAY, extract="x")
    assert [r.en for r in conversion.problems(nothing)] == [
        "Give the converted points of at least one colour"
    ]
    negative = conversion.Conversion("EBU", DAY, bronze=Decimal(-1), extract="x")
    assert [r.en for r in conversion.problems(negative)] == ["Converted points cannot be negative"]


def test_conversion_rows_sort_before_the_days_tournaments() -> None:
    rows = conversion.ledger_rows(
        conversion.Conversion("EBU", DAY, bronze=Decimal(500), gold=Decimal(2), extract="x")
    )
    assert rows == [
        ((DAY, 0), Colour.BRONZE, Decimal(500), Decimal(0)),
        ((DAY, 0), Colour.GOLD, Decimal(2), Decimal(0)),
    ]
    assert conversion.reason("EBU").en == "converted from EBU, 000 §8"


# --- pins and charms (lines 47-65, 98-100) --------------------------------------------


def test_price_list_is_the_seeds_lines_61_65() -> None:
    assert [(i.name_sv, i.price, i.line) for i in pins.PRICE_LIST] == [
        ("Berlock", Decimal(100), 61),
        ("Duplettnål stormästare", Decimal(200), 62),
        ("Duplettnål övriga", Decimal(20), 63),
        ("Klövernål i silver", Decimal(30), 64),
        ("Klövernål i guld", Decimal(1500), 65),
    ]


def test_every_promotion_gets_its_pin_and_klover_stars_may_buy_the_special_pin_lines_98_100():
    lines = pins.order(
        [
            ("ruter", "rutermästare", "Diamond Master"),
            ("klover-4", "Fyrstjärnig klövermästare", "Four-star Club Master"),
            ("klover-5", "Femstjärnig klövermästare", "Five-star Club Master"),
            ("ruter", "rutermästare", "Diamond Master"),
        ]
    )
    assert [(line.item.name_en, line.count, line.total) for line in lines] == [
        ("Master pin, Diamond Master", 2, Decimal(0)),
        ("Master pin, Four-star Club Master", 1, Decimal(0)),
        ("Klöver pin in silver", 1, Decimal(30)),
        ("Master pin, Five-star Club Master", 1, Decimal(0)),
        ("Klöver pin in gold", 1, Decimal(1500)),
    ]
    assert pins.total(lines, optional=True) == Decimal(1530)
    assert pins.total(lines, optional=False) == Decimal(0)
