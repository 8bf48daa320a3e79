"""Tables G1-G3 (awards.domain.sbf.team_g): gold for the team championships and
Allsvenskan.

Source: 000_18af0e66f52a62b2.txt, chapter 9 (lines 1801-1865)."""

from __future__ import annotations

from decimal import Decimal

import pytest

from awards.domain.core import Colour, OutOfRange
from awards.domain.sbf.teams import team_bonus_scale, team_scale


def win_draw(table: str, **kwargs: object) -> tuple[str, Decimal, Decimal]:
    won, drawn = team_scale(table, **kwargs)  # type: ignore[arg-type]
    assert (won.place, drawn.place) == (1, 2)
    assert won.colour == drawn.colour
    assert won.credited == won.exact
    return won.colour.value, won.exact, drawn.exact


def test_gold_bonus_tables() -> None:
    assert [(r.place, r.colour, r.exact) for r in team_bonus_scale("G1", entries=8)] == [
        (1, Colour.GOLD, 28),
        (2, Colour.GOLD, 20),
        (3, Colour.GOLD, 14),
    ]
    assert [r.exact for r in team_bonus_scale("G2", entries=6, sm_event="junior")] == [7, 4]
    assert [r.exact for r in team_bonus_scale("G2", entries=8, sm_event="junior")] == [7, 4]
    assert [r.exact for r in team_bonus_scale("G2", entries=9, sm_event="junior")] == [7, 5, 3]
    assert [r.exact for r in team_bonus_scale("G2", entries=13, sm_event="junior")] == [10, 5, 3, 2]
    assert team_bonus_scale("G2", entries=5, sm_event="junior") == ()


@pytest.mark.parametrize(
    ("table", "kwargs", "expected"),
    [
        ("G1", {"entries": 8, "boards": 20}, ("gold", 12, 6)),
        ("G1", {"entries": 8, "boards": 24}, ("gold", 16, 8)),
        ("G2", {"entries": 8, "boards": 24, "sm_event": "junior"}, ("silver", 24, 12)),
        ("G2", {"entries": 8, "boards": 16, "sm_event": "veteran"}, ("silver", 16, 8)),
        (
            "G2",
            {"entries": 8, "boards": 16, "sm_event": "veteran", "stage": "quarterfinal"},
            ("gold", 8, 4),
        ),
        (
            "G2",
            {"entries": 8, "boards": 24, "sm_event": "veteran", "stage": "semifinal"},
            ("gold", 12, 6),
        ),
        (
            "G2",
            {"entries": 8, "boards": 24, "sm_event": "veteran", "stage": "final"},
            ("gold", 16, 8),
        ),
        (
            "G2",
            {"entries": 8, "boards": 24, "sm_event": "veteran", "stage": "third_place"},
            ("gold", 12, 6),
        ),
        ("G2", {"entries": 8, "boards": 24, "sm_event": "semifinal"}, ("gold", 6, 3)),
        ("G3", {"entries": 8, "boards": 24, "division": 1}, ("gold", 12, 6)),
        ("G3", {"entries": 8, "boards": 24, "division": 2}, ("gold", 6, 3)),
    ],
)
def test_what_one_match_gives(
    table: str, kwargs: dict[str, object], expected: tuple[str, int, int]
) -> None:
    assert win_draw(table, **kwargs) == (expected[0], Decimal(expected[1]), Decimal(expected[2]))


@pytest.mark.parametrize(
    ("table", "kwargs", "en"),
    [
        (
            "G1",
            {"entries": 4, "boards": 28},
            "Table G1 gives points for matches of 20 or 24 boards, not 28",
        ),
        ("G2", {"entries": 4, "boards": 24}, None),
        ("G2", {"entries": 4, "boards": 24, "sm_event": "veteran", "stage": "round of 16"}, None),
        ("G3", {"entries": 4, "boards": 24, "division": 3}, None),
    ],
)
def test_per_match_refusals(table: str, kwargs: dict[str, object], en: str | None) -> None:
    with pytest.raises(OutOfRange) as refused:
        team_scale(table, **kwargs)  # type: ignore[arg-type]
    reason = refused.value.reason
    assert reason.table == table
    assert reason.sv and reason.en
    if en:
        assert reason.en == en
