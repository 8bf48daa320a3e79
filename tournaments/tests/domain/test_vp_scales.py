"""A team event's VP scale (``scaled_match_vp``, ``preview_vp(scale=...)``): the WBF
continuous scale of seed 003 or the discrete 20- and 30-point scales of seed 004,
"Victory Point scoring" (lines 203-213: the 20-point table lines 207-208 and its
example line 209; the 30-point table lines 211-212 and its example line 213)."""

from decimal import Decimal

import pytest

from tournaments.domain.teams import preview_vp
from tournaments.domain.vp import match_vp, scale_total, scaled_match_vp

D = Decimal

# (home IMPs, away IMPs) -> (home VP, away VP): each band's edges of lines 207-208.
SCALE_20 = [
    ((0, 0), (10, 10)),
    ((2, 0), (11, 9)),
    ((0, 3), (8, 12)),
    ((17, 10), (13, 7)),
    ((40, 30), (14, 6)),
    ((12, 0), (15, 5)),  # line 209: "winning by 12 IMPs would receive 15 VPs"
    ((30, 46), (4, 16)),
    ((19, 0), (17, 3)),
    ((23, 0), (18, 2)),
    ((0, 24), (1, 19)),
    ((28, 0), (20, 0)),
    ((90, 3), (20, 0)),
]

# Lines 211-212, including the jump from 15-15 to 18-12 at one IMP.
SCALE_30 = [
    ((0, 0), (15, 15)),
    ((1, 0), (18, 12)),
    ((0, 2), (11, 19)),
    ((3, 0), (20, 10)),
    ((4, 0), (21, 9)),
    ((6, 0), (22, 8)),
    ((7, 0), (23, 7)),
    ((10, 0), (24, 6)),
    ((12, 0), (25, 5)),  # line 213: "winning by 12 IMPs would receive 25 VPs"
    ((16, 0), (26, 4)),
    ((0, 17), (3, 27)),
    ((20, 0), (28, 2)),
    ((27, 0), (29, 1)),
    ((28, 0), (30, 0)),
]


@pytest.mark.parametrize(("imps", "vps"), SCALE_20)
def test_the_20_point_scale_of_seed_004_lines_207_209(imps, vps):
    assert scaled_match_vp("20", *imps, boards=16) == (D(vps[0]), D(vps[1]))


@pytest.mark.parametrize(("imps", "vps"), SCALE_30)
def test_the_30_point_scale_of_seed_004_lines_211_213(imps, vps):
    assert scaled_match_vp("30", *imps, boards=16) == (D(vps[0]), D(vps[1]))


def test_the_discrete_scales_do_not_depend_on_the_boards():
    assert scaled_match_vp("30", 12, 0, 8) == scaled_match_vp("30", 12, 0, 32) == (D(25), D(5))


def test_the_wbf_scale_is_the_continuous_one_of_seed_003():
    assert scaled_match_vp("wbf", D(12), D(0), 16) == match_vp(D(12), D(0), 16)


def test_a_half_imp_margin_has_no_band_on_a_discrete_scale():
    with pytest.raises(ValueError, match="whole IMP margins"):
        scaled_match_vp("20", D("12.5"), 0, 16)
    # A half on each side is a whole margin.
    assert scaled_match_vp("20", D("12.5"), D("0.5"), 16) == (D(15), D(5))


def test_an_unknown_scale_is_refused():
    with pytest.raises(ValueError, match="unknown VP scale '25'"):
        scaled_match_vp("25", 1, 0, 16)
    assert (scale_total("wbf"), scale_total("20"), scale_total("30")) == (20, 20, 30)


def test_the_match_preview_reads_the_events_scale_and_deducts_penalties_after():
    preview = preview_vp(boards=16, imps_home=12, imps_away=0, penalty_home=1, scale="30")
    assert (preview.vp_home, preview.vp_away) == (D("24.00"), D("5.00"))


def test_a_walkover_on_a_discrete_scale_is_the_committees():
    with pytest.raises(ValueError, match="30-point"):
        preview_vp(boards=16, walkover_by="home", scale="30")
