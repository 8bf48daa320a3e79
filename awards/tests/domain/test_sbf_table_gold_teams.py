"""A gold team event (awards.domain.sbf.gold_teams): E1 in gold currency.

Source: 000_18af0e66f52a62b2.txt, lines 371-380 ("Vid lagtävlingar ska minst 12 lag
delta"; a field average handicap under 15 gives "förhöjd guldpoäng": "De fyra främsta
paren/lagen erhåller då 10-7-5-4 gp") and lines 1772-1790 ("som för silverpoäng men i
guldvaluta", gp to three teams, sp to the 16th place at most, bp times three). E1's
rows are lines 1352-1410, B1's lines 835-900.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from awards.domain.core import Colour, Competition, OutOfRange, Placing, Player
from awards.domain.sbf.rulebook import SBF
from awards.domain.sbf.team_b import b1_row
from awards.domain.sbf.team_e import e1_row
from awards.domain.sbf.teams import award_team_competition

G, S, B = Colour.GOLD, Colour.SILVER, Colour.BRONZE


def cells(entries: int, *, raised: bool = False, boards: int = 70) -> list[tuple]:
    return [
        (r.colour, r.exact, r.credited)
        for r in SBF.scale(
            "gold", entries=entries, boards=boards, kind="teams",
            variant="raised" if raised else None,
        )
    ]  # fmt: skip


def test_twelve_teams_gold_is_e1_silver_in_gold_currency_then_b1_bronze_times_three() -> None:
    """E1 for 12 teams prints 18-12-8 sp (line 1360): 1.8, 1.2, 0.8 gp, credited
    rounded up; the fourth place (best third) gets B1's 11 bp (line 851) times three."""
    assert e1_row(12)[0] == (18, 12, 8) and b1_row(12)[3] == 11
    assert cells(12) == [
        (G, Decimal("1.8"), Decimal(2)),
        (G, Decimal("1.2"), Decimal(2)),
        (G, Decimal("0.8"), Decimal(1)),
        (B, Decimal(33), Decimal(33)),
    ]


def test_forty_teams_gold_to_three_silver_to_the_best_quarter_bronze_to_the_third() -> None:
    """E1 for 40 teams (line 1408): 60-40-30 become 6-4-3 gp, places 4-10 keep their
    sp, places 11-14 get bronze times three."""
    row = cells(40)
    assert [c for c, _e, _c in row] == [G] * 3 + [S] * 7 + [B] * 4
    assert [r[1] for r in row[:3]] == [Decimal(6), Decimal(4), Decimal(3)]
    assert [r[1] for r in row[3:10]] == [Decimal(v) for v in (25, 20, 17, 14, 12, 10, 7)]
    assert [r[1] for r in row[10:]] == [Decimal(3 * v) for v in b1_row(40)[10:14]]


@pytest.mark.parametrize("entries", [12, 20, 40])
def test_the_raised_scale_gives_the_first_four_teams_10_7_5_4(entries: int) -> None:
    row = cells(entries, raised=True)
    assert [(c, e) for c, e, _c in row[:4]] == [(G, Decimal(v)) for v in (10, 7, 5, 4)]
    assert all(c is not G for c, _e, _c in row[4:])


def test_a_gold_team_event_needs_twelve_teams() -> None:
    with pytest.raises(OutOfRange) as refused:
        cells(11)
    assert "12" in refused.value.reason.en and refused.value.reason.table == "GOLD"


def _event(average: Decimal | None) -> Competition:
    placings = tuple(
        Placing(
            entry=f"t{n}", place=n, place_to=n,
            players=tuple(Player(f"p{n}.{k}") for k in range(4)),
        )
        for n in range(1, 13)
    )  # fmt: skip
    return Competition(
        kind="teams", level=Colour.GOLD, placings=placings, boards=70, rounds=11,
        table="gold", field_handicap=average,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("average", "winners"),
    [(Decimal("14.99"), (G, Decimal(10))), (Decimal(15), (G, Decimal(2))), (None, (G, Decimal(2)))],
)
def test_the_field_average_decides_the_scale_for_every_player(average, winners) -> None:
    """Lines 373-379: under 15 the raised scale, else the ordinary one; no average
    known, the ordinary one."""
    outcome = award_team_competition(_event(average))
    first = [a for a in outcome.awards if a.entry == "t1"]
    assert len(first) == 4
    assert {(a.colour, a.credited) for a in first} == {winners}
    if average is not None:
        assert "15" in first[0].reason.en and "000 lines 373-379" in first[0].reason.en
    fourth = {(a.colour, a.credited) for a in outcome.awards if a.entry == "t4"}
    assert fourth == ({(G, Decimal(4))} if winners[1] == 10 else {(B, Decimal(33))})
