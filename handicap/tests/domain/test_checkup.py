"""The check-up's figures (seed 002_4426357e9a32e88f.txt, 6.1 lines 502-510; 4.1 lines
326-327): the spread over the scale, the impact against the paper's, the findings."""

from dataclasses import replace
from datetime import date

import pytest

from handicap.domain.checkup import (
    ImpactSums,
    Span,
    band_edges,
    check_up,
    distribution,
    findings,
    impact,
    model_impact,
)
from handicap.domain.formula import change
from handicap.domain.policy import SBF_2007


def test_the_scale_0_52_is_thirteen_bands_of_four():
    # 6.1 line 506 "the whole scale 0-52"; line 574 "from 0 to 52".
    assert band_edges(52.0) == tuple(float(x) for x in range(0, 53, 4))
    assert band_edges(50.0)[-2:] == (48.0, 50.0)


@pytest.mark.parametrize(
    "value, band",
    [
        (-0.5, "below 0"),  # "We even have some on minus" (line 645)
        (0.0, "0-4"),
        (3.99, "0-4"),
        (4.0, "4-8"),
        (26.0, "24-28"),
        (51.99, "48-52"),
        (52.0, "48-52"),  # the ceiling sits in the top band (lines 68-70)
    ],
)
def test_each_handicap_falls_in_its_band(value, band):
    found = distribution([value], 52.0)
    names = ["below 0" if b.low is None else f"{b.low:g}-{b.high:g}" for b in found.bands]
    assert [names[i] for i, b in enumerate(found.bands) if b.count] == [band]


def test_share_at_the_ceiling_mean_and_median():
    found = distribution([52, 52, 26, 10, -1], 52.0)
    assert (found.players, found.at_ceiling) == (5, 2)
    assert found.ceiling_share == pytest.approx(0.4)
    assert found.below_zero_share == pytest.approx(0.2)
    assert found.mean == pytest.approx(27.8)
    assert found.median == 26
    assert sum(b.count for b in found.bands) == 5


def test_no_players_gives_no_figures():
    found = distribution([], 52.0)
    assert (found.players, found.mean, found.median, found.ceiling_share) == (0, None, None, 0)


def test_the_model_impact_is_the_formulas_value_for_4_1s_example():
    # 4.1 lines 326-327: +10 % over 24 boards, "approx. one handicap unit":
    # -(1/480)(23/24.6)(2)(24)(10) = -0.935, so -0.0935 a point.
    assert model_impact(SBF_2007) == pytest.approx(change(60, 50, 24, 24) / 10)
    assert model_impact(SBF_2007) * 10 == pytest.approx(-0.935, abs=5e-4)
    # The impact divisor moves it; the slope (expected result per unit) does not.
    assert model_impact(replace(SBF_2007, impact=600)) == pytest.approx(-0.0748, abs=5e-5)
    assert model_impact(replace(SBF_2007, topscore_slope=0.5)) == model_impact(SBF_2007)


@pytest.mark.parametrize(
    "rows, per_point",
    [
        # (change, result over expectation in points, boards played)
        ([(-0.935, 10, 24)], -0.0935),
        # scaled to 24 boards: 12 boards' change counts double
        ([(-0.5, 10, 12)], -0.1),
        # least squares through the origin: sum(xy) / sum(xx)
        ([(-1.0, 10, 24), (0.2, -4, 24)], (-10 - 0.8) / (100 + 16)),
    ],
)
def test_the_measured_impact_per_point_over_24_boards(rows, per_point):
    measured = impact(ImpactSums.from_rows(rows), SBF_2007)
    assert measured.rows == len(rows)
    assert measured.measured == pytest.approx(per_point)
    assert measured.paper == pytest.approx(-0.1)  # 4.1: about -1 for 10 %


def test_no_rows_measure_no_impact():
    measured = impact(ImpactSums.from_rows([]), SBF_2007)
    assert (measured.rows, measured.measured, measured.deviation) == (0, None, None)


def _codes(handicaps, rows, first=date(2024, 1, 1), last=date(2026, 1, 1)):
    return [
        f.code
        for f in check_up(handicaps, ImpactSums.from_rows(rows), first, last, SBF_2007).findings
    ]


PLANNED = [(-0.935, 10, 24)] * 30  # impact as the model gives it, enough rows
SPREAD = [x + 0.5 for x in range(0, 48, 4)] * 3  # three in each band from 0 to 48


@pytest.mark.parametrize(
    "handicaps, rows, first, codes",
    [
        # Works as planned: no finding.
        (SPREAD, PLANNED, date(2024, 1, 1), []),
        # 6.1 line 505: "say after two years"; 2025-01-02 to 2026-01-01 is one.
        (SPREAD, PLANNED, date(2025, 1, 2), ["too_early"]),
        # More than a fifth at 52 (lines 717-718): 10 of 46.
        (SPREAD + [52] * 10, PLANNED, date(2024, 1, 1), ["ceiling"]),
        # A band with more than a quarter (6.1 lines 505-506): 13 of 46 at 20-24.
        (SPREAD + [21] * 10, PLANNED, date(2024, 1, 1), ["crowded_band"]),
        # More than 5 % below 0 (line 645): 2 of 38.
        (SPREAD + [-1, -2], PLANNED, date(2024, 1, 1), ["below_zero"]),
        # Impact 40 % over the paper's (4.1 lines 326-327).
        (SPREAD, [(-1.4, 10, 24)] * 30, date(2024, 1, 1), ["impact"]),
        # 20 % under the paper's is within 25 %.
        (SPREAD, [(-0.8, 10, 24)] * 30, date(2024, 1, 1), []),
        # Too few rows to measure.
        (SPREAD, PLANNED[:29], date(2024, 1, 1), ["impact_unmeasured"]),
    ],
)
def test_findings(handicaps, rows, first, codes):
    assert _codes(handicaps, rows, first) == codes


def test_a_finding_names_its_seed_lines_in_both_languages():
    found = findings(
        distribution([52] * 3 + [10], 52.0),
        impact(ImpactSums.from_rows(PLANNED), SBF_2007),
        Span(date(2024, 1, 1), date(2026, 6, 1)),
        52.0,
    )
    ceiling = next(f for f in found if f.code == "ceiling")
    assert "lines 717-718" in ceiling.lines
    assert ceiling.en.startswith("75.0 % of the players are at the ceiling 52")
    assert ceiling.sv.startswith("75,0 % av spelarna står i taket 52")
    band = next(f for f in found if f.code == "crowded_band")
    assert "48-52" in band.en and "48-52" in band.sv


def test_the_span_against_two_years():
    assert Span(date(2024, 1, 1), date(2025, 12, 31)).long_enough is True
    assert Span(date(2024, 1, 1), date(2025, 12, 30)).long_enough is False
    assert Span(None, None).days == 0
