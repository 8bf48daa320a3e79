"""Late arrival and slow play, seed 003 lines 794-824 (tournaments/domain/time_penalties.py).

"5+ - 10" reads "more than 5, at most 10 minutes". Each boundary pinned with its line.
"""

from decimal import Decimal

import pytest

from tournaments.domain.time_penalties import (
    LATE_ARRIVAL_SCALE,
    SLOW_PLAY_SCALE,
    late_arrival,
    shared,
    slow_play,
    time_penalty,
)

D = Decimal


@pytest.mark.parametrize(
    ("minutes", "vp", "warning", "line"),
    [
        (0, D(0), False, 798),  # on time: ready at the announced start
        (1, D(0), True, 802),  # "0+ - 5 Varning"
        (5, D(0), True, 802),
        (D("5.5"), D(1), False, 803),  # "5+ - 10 1 VP": more than 5
        (6, D(1), False, 803),
        (10, D(1), False, 803),
        (11, D(2), False, 804),  # "10+ - 15 2 VP"
        (15, D(2), False, 804),
        (16, D(3), False, 805),  # "15+ - 20 3 VP"
        (20, D(3), False, 805),
        (21, D(4), False, 806),  # "20+ - 25 4 VP"
        (25, D(4), False, 806),
    ],
)
def test_late_arrival_scale_lines_800_806(minutes, vp, warning, line):
    result = late_arrival(minutes)
    assert (result.vp, result.warning, result.to_committee, result.line) == (
        vp,
        warning,
        False,
        line,
    )


@pytest.mark.parametrize("minutes", [26, 40, 120])
def test_late_arrival_over_25_minutes_is_4_vp_and_for_the_committee_line_808(minutes):
    # Line 808: the opponents need not wait; a match played all the same gets the
    # scale's penalty (its last step), and only the committee may rule a W.O. (774).
    result = late_arrival(minutes)
    assert (result.vp, result.warning, result.to_committee, result.line) == (D(4), False, True, 808)
    assert "committee" in result.reason_en and "TK" in result.reason_sv


@pytest.mark.parametrize("minutes", [1, 3, 5])
def test_warned_before_a_warning_becomes_half_a_vp_line_810(minutes):
    result = late_arrival(minutes, warned_before=True)
    assert (result.vp, result.warning, result.line) == (D("0.5"), False, 810)
    assert "0,5 VP" in result.reason_sv and "0.5 VP" in result.reason_en


@pytest.mark.parametrize(("minutes", "vp"), [(0, D(0)), (6, D(1)), (25, D(4)), (30, D(4))])
def test_warned_before_does_not_change_the_scale_above_the_warning_line_810(minutes, vp):
    # "Som minimum 0,5 VP": the scale's steps from 5+ are already above the minimum;
    # on time is not late at all.
    assert late_arrival(minutes, warned_before=True).vp == vp


@pytest.mark.parametrize(
    ("minutes", "vp", "line"),
    [
        (0, D(0), 816),  # not delayed
        (1, D(1), 818),  # "0+ – 5 minuter 1 VP"
        (5, D(1), 818),
        (D("5.5"), D("1.5"), 819),  # "5+ – 10 minuter 1,5 VP"
        (6, D("1.5"), 819),
        (10, D("1.5"), 819),
        (11, D(2), 820),  # "10+ – 15 minuter 2 VP"
        (15, D(2), 820),
        (16, D("2.5"), 821),  # "15+ – 20 minuter 2,5 VP"
        (20, D("2.5"), 821),
        (21, D(3), 822),  # "20+ – 25 minuter 3 VP"
        (25, D(3), 822),
    ],
)
def test_slow_play_scale_per_delayed_table_lines_818_822(minutes, vp, line):
    result = slow_play(minutes)
    assert (result.vp, result.warning, result.to_committee, result.line) == (vp, False, False, line)


@pytest.mark.parametrize("minutes", [26, 45])
def test_slow_play_over_25_minutes_goes_to_the_committee_without_vp_line_824(minutes):
    result = slow_play(minutes)
    assert (result.vp, result.to_committee, result.line) == (D(0), True, 824)
    assert "lost" in result.reason_en and "förlorad" in result.reason_sv


def test_a_table_both_teams_were_to_blame_for_is_shared_equally_line_816():
    # "det ena eller båda paren ... i proportion till skulden": an even share by default.
    both = shared(slow_play(12))
    assert (both.vp, both.line) == (D(1), 820)
    assert "1 VP each" in both.reason_en and "1 VP vardera" in both.reason_sv
    assert shared(slow_play(7)).vp == D("0.75")
    # Over 25 minutes there is no VP to share: the case goes to the committee.
    assert shared(slow_play(30)) == slow_play(30)


def test_the_scales_are_contiguous_steps_of_five_minutes_up_to_25():
    for scale in (LATE_ARRIVAL_SCALE, SLOW_PLAY_SCALE):
        assert [(s.over, s.up_to) for s in scale] == [(0, 5), (5, 10), (10, 15), (15, 20), (20, 25)]
    assert [s.line for s in LATE_ARRIVAL_SCALE] == [802, 803, 804, 805, 806]
    assert [s.line for s in SLOW_PLAY_SCALE] == [818, 819, 820, 821, 822]


def test_reasons_in_both_languages_use_their_decimal_signs():
    result = slow_play(8)
    assert result.reason_en == "slow play 8 min (5+ to 10): 1.5 VP"
    assert result.reason_sv == "långsamt spel 8 min (5+ – 10): 1,5 VP"


@pytest.mark.parametrize("bad", [-1, D("-0.5"), D("NaN")])
def test_negative_or_unknown_minutes_are_refused(bad):
    with pytest.raises(ValueError, match="minutes"):
        late_arrival(bad)
    with pytest.raises(ValueError, match="minutes"):
        slow_play(bad)


def test_time_penalty_picks_the_scale_by_kind():
    assert time_penalty("late", 7).vp == D(1)
    assert time_penalty("slow", 7).vp == D("1.5")
    assert time_penalty("late", 3, warned_before=True).vp == D("0.5")
    with pytest.raises(ValueError, match="kind"):
        time_penalty("early", 3)  # type: ignore[arg-type]
