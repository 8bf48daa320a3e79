"""The fees of the district championships (seed 003 lines 346-365 and 433-464), as plain
Python: the seed's tables, the junior discount, "Nykomlingen" and the statements."""

from decimal import Decimal

import pytest

from tournaments.championships.domain.fees import (
    FINAL_ROUNDS,
    PlayerHistory,
    championship_rates,
    competition_fee,
    junior_discount,
    newcomer,
    pair_statement,
    qualifying_fee,
    team_statement,
)

SEED = championship_rates()


def test_the_seeds_tables():
    """Lines 351-355: 110 kr per player in a heat, 180 kr in the final; line 352: Hcp
    30+ 200 kr; line 362: SBF's 110 kr per qualifying player; line 437: 600 kr per team;
    lines 445, 624: 200 kr per team and round in the semifinal and the final."""
    assert (SEED.pairs_heat.amount, SEED.pairs_final.amount, SEED.hcp30.amount) == (110, 180, 200)
    assert SEED.competition.amount == 110
    assert (SEED.team_start.amount, SEED.semifinal_table.amount, SEED.final_table.amount) == (
        600, 200, 200,
    )  # fmt: skip
    assert not any(r.own for r in (SEED.pairs_heat, SEED.team_start, SEED.final_table))
    assert FINAL_ROUNDS == 9  # lines 693, 699: 3 + 3 + 3 rounds


def test_the_championships_own_figures_replace_the_seeds():
    """Decision: a stage's fee for that stage, the entry fee for the start fee."""
    own = championship_rates(entry_fee=Decimal(120), final_fee=Decimal(190))
    assert own.pairs_heat.amount == 120 and own.pairs_heat.own
    assert own.pairs_final.amount == 190
    assert own.team_start.amount == 120 and own.final_table.amount == 190
    assert own.semifinal_table.amount == 200 and not own.semifinal_table.own
    assert own.competition.amount == 110  # SBF's fee is SBF's
    assert championship_rates(entry_fee=Decimal(1), heat_fee=Decimal(2)).pairs_heat.amount == 2


def test_a_pair_pays_the_heat_and_the_final():
    """Lines 351-355: 2 × 110 in the heat, 2 × 180 in the final."""
    statement = pair_statement(SEED, hcp30=False, in_heat=True, in_final=True)
    assert [line.amount for line in statement.lines] == [220, 360]
    assert statement.total == 580
    assert statement.lines[0].en == "start fee in a heat: 2 × 110 kr per player"
    assert statement.lines[0].lines == "351, 353-355"
    assert pair_statement(SEED, hcp30=False, in_heat=True, in_final=False).total == 220


def test_hcp30_pays_one_fee_with_everything_included():
    """Lines 352, 357: 200 kr per player, the start fee includes every fee."""
    statement = pair_statement(SEED, hcp30=True, in_heat=False, in_final=True)
    assert statement.total == 400 and len(statement.lines) == 1
    assert statement.lines[0].lines == "352, 357"


def test_qualifying_and_competition_fees():
    """Line 361: the organising club is invoiced per qualifying pair; line 362: SBF
    charges the district 110 kr per qualifying player."""
    line = qualifying_fee(SEED, qualifying_pairs=14)
    assert line.amount == 14 * 220
    assert line.sv == "kvalavgift: 14 kvalande par × 220 kr"
    assert competition_fee(SEED, qualifying_pairs=14).amount == 28 * 110


@pytest.mark.parametrize(
    ("juniors", "others", "counted", "rate"),
    [
        (2, 4, 0, "0"),  # the others are already four
        (2, 2, 2, "0.25"),
        (1, 3, 1, "0.125"),
        (3, 2, 2, "0.25"),  # only the juniors needed to reach four count
        (5, 0, 4, "0.5"),  # decision: at most four juniors fill up to four
        (0, 3, 0, "0"),
        (4, 4, 0, "0"),
    ],
)
def test_the_junior_discount(juniors, others, counted, rate):
    """Line 449: 12,5 % of the start and table fees for each junior needed to fill the
    team up to four when the other members are fewer than four."""
    discount = junior_discount(juniors=juniors, others=others)
    assert (discount.counted, discount.rate) == (counted, Decimal(rate))


def test_the_junior_discount_is_on_start_and_table_fees():
    """Line 449: 2 juniors + 2 others, 25 % of 600 + 3 × 200 + 9 × 200 = 3 000 kr."""
    discount = junior_discount(juniors=2, others=2)
    statement = team_statement(SEED, semifinal_rounds=3, final_rounds=9, discount=discount)
    assert [line.amount for line in statement.lines] == [600, 600, 1800, Decimal("-750.00")]
    assert statement.total == 2250
    assert statement.lines[-1].sv == "juniorrabatt: 25 % av 3000 kr"
    assert "2 juniors fill up to 4, 2 × 12.5 % = 25 %" in discount.text("en")


def test_a_team_statement_without_discount():
    """Lines 437, 445: 600 + 3 rounds × 200 in the semifinal."""
    statement = team_statement(SEED, semifinal_rounds=3)
    assert statement.total == 1200
    assert statement.lines[1].en == "table fee in the semifinal: 3 × 200 kr per team and round"


def _history(*seasons_per_player):
    return [PlayerHistory(f"P{n}", tuple(s)) for n, s in enumerate(seasons_per_player, 1)]


@pytest.mark.parametrize(
    ("seasons", "qualifies"),
    [
        (((), (), (), ()), True),  # nobody played DM Lag
        (((2022,), (2023,), (), ()), True),  # exactly two since 2021-22
        (((2022,), (2023,), (2021,), ()), False),  # three
        (((2022,), (2023,), (2020,), (2019, 2015)), True),  # 2020-21 is before
        (((2021,), (2021,), (2021,)), False),  # 2021-22 counts (line 459)
        (((2020,), (2020,), (2020,), (2020,)), True),  # 2020-21 or earlier (line 462)
        (((2024,), (2024,), (2024,)), True),  # the season itself is not history
        ((), False),  # no players named: not judged
    ],
)
def test_nykomlingen(seasons, qualifies):
    """Lines 457-462, for 2024-25: at most two players played DM Lag in 2021-22 or later;
    the others never, or last in 2020-21 or earlier."""
    assert newcomer(2024, _history(*seasons)).qualifies is qualifies


def test_nykomlingen_names_the_players_and_seasons_that_decide():
    result = newcomer(2024, [
        PlayerHistory("Anna A", (2019, 2022)), PlayerHistory("Bo B", (2023,)),
        PlayerHistory("Cia C", (2018,)), PlayerHistory("Dan D"), PlayerHistory("Eva E"),
    ])  # fmt: skip
    assert result.qualifies
    assert result.recent == (("Anna A", 2022), ("Bo B", 2023))
    assert result.earlier == (("Cia C", 2018),)
    assert result.text("en") == (
        "Nykomlingen: 2 of 5 players played DM Lag since 2021-22 (Anna A 2022-23, "
        "Bo B 2023-24); others never or before: free start fee (003 lines 457-462)"
    )
    assert result.text("sv").startswith(
        "Nykomlingen: 2 av 5 spelare har spelat DM Lag sedan 2021-22"
    )


def test_the_cut_off_moves_with_the_season():
    """Decision: "2021-2022 or later" for 2024-25 is the three seasons before the one
    played; for 2026-27 it is 2023-24."""
    three = _history((2022,), (2022,), (2022,))
    assert not newcomer(2024, three).qualifies
    assert newcomer(2026, three).qualifies


def test_nykomlingen_plays_free_but_pays_table_fees():
    """Lines 457, 464: the start fee is free, the table fees in the semifinal and the final
    are paid as by other teams; a junior discount is on what is left (decision)."""
    free = newcomer(2024, _history((), (), (), ()))
    statement = team_statement(SEED, semifinal_rounds=3, newcomer=free)
    assert [line.amount for line in statement.lines] == [600, -600, 600]
    assert statement.total == 600
    both = team_statement(
        SEED, semifinal_rounds=3, newcomer=free, discount=junior_discount(juniors=1, others=3)
    )
    assert both.total == 525  # 12,5 % of the 600 kr of table fees
