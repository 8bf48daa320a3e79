"""The official's checks as plain rules (``domain.official_checks``), each pinned to its
lines of seed 003; no database."""

import datetime as dt

import pytest

from tournaments.championships.domain.official_checks import (
    QualifyingLine,
    champions_in_time,
    change_needs_consent,
    declaration_open,
    heat_day_in_period,
    heat_open,
    invitation_notice,
    needs_dispensation,
    one_heat_per_club,
    one_team_per_player,
    qualified_twice,
    qualifying_period,
    registration_window,
    team_size,
)

D = dt.date


@pytest.mark.parametrize(
    ("form", "discipline", "period"),
    [
        ("pairs", "ladies", (D(2024, 10, 14), D(2025, 3, 2))),  # 003 line 351
        ("pairs", "mixed", (D(2024, 10, 14), D(2025, 2, 9))),  # 003 line 353
        ("pairs", "open", (D(2024, 10, 14), D(2025, 3, 23))),  # 003 line 354
        ("pairs", "veterans", (D(2024, 10, 14), D(2025, 1, 26))),  # 003 line 355
        ("teams", "open", (D(2024, 9, 29), D(2024, 12, 15))),  # 003 line 390
        ("pairs", "hcp30", None),  # 003 line 352: a direct final, no heats
    ],
)
def test_the_seeds_qualifying_periods(form, discipline, period):
    assert qualifying_period(form, discipline, 2024) == period


def test_a_heat_inside_its_period_only():
    """003 line 159."""
    period = (D(2024, 10, 14), D(2025, 3, 23))
    assert heat_day_in_period(D(2024, 10, 14), period) is None
    assert heat_day_in_period(D(2025, 3, 23), period) is None
    refused = heat_day_in_period(D(2025, 3, 24), period)
    assert refused.refuses and refused.field == "day"
    assert heat_day_in_period(D(2030, 1, 1), None) is None


def test_four_weeks_notice_warns_by_decision():
    """003 line 163: 28 days is enough; 27 warns; none recorded warns."""
    assert invitation_notice(D(2024, 11, 5), D(2024, 10, 8)) is None
    late = invitation_notice(D(2024, 11, 5), D(2024, 10, 9))
    assert late.level == "warn" and "27 days" in late.en
    assert invitation_notice(D(2024, 11, 5), None).level == "warn"


def test_one_dm_lag_heat_per_club():
    """003 line 500; pairs heats have no such rule."""
    assert one_heat_per_club("teams", 1).refuses
    assert one_heat_per_club("teams", 0) is None
    assert one_heat_per_club("pairs", 3) is None


def test_moving_after_the_registration_period_needs_consent():
    """003 line 161."""
    closes = D(2024, 11, 1)
    assert change_needs_consent(closes, D(2024, 11, 2), moved=True)
    assert not change_needs_consent(closes, D(2024, 11, 1), moved=True)
    assert not change_needs_consent(closes, D(2024, 11, 2), moved=False)
    assert not change_needs_consent(None, D(2024, 11, 2), moved=True)


def test_registration_window_and_heat_limits():
    assert registration_window(D(2024, 9, 1), D(2024, 9, 1), D(2025, 3, 23)) is None
    assert registration_window(D(2024, 8, 31), D(2024, 9, 1), None).field == "registered_on"
    assert registration_window(D(2025, 3, 24), None, D(2025, 3, 23)).refuses
    assert heat_open(D(2024, 11, 2), D(2024, 11, 1), 0, None).field == "heat"
    assert heat_open(D(2024, 11, 1), D(2024, 11, 1), 1, 2) is None
    assert "full" in heat_open(D(2024, 11, 1), None, 2, 2).en


@pytest.mark.parametrize(
    ("form", "districts", "needed"),
    [
        ("pairs", [1, 1], False),
        ("pairs", [1, 2], False),  # 003 line 165: one district player is enough
        ("pairs", [2, 3], True),  # 003 line 167
        ("pairs", [None, 2], True),  # decision: no representing club counts as elsewhere
        ("teams", [1, 1, 2, 2], False),  # 003 line 403: not fewer than another's
        ("teams", [1, 2, 2, 3], True),
        ("teams", [1, 1, 1, 1], False),
    ],
)
def test_who_needs_the_committees_dispensation(form, districts, needed):
    assert needs_dispensation(form, 1, districts) is needed


def test_a_team_of_at_most_eight_and_one_team_each():
    """003 lines 401, 409."""
    assert team_size(8) is None and team_size(9).refuses
    assert one_team_per_player([]) is None
    assert "Already in another team: Ada, Bo." in one_team_per_player(["Bo", "Ada"]).en


def test_declaration_up_to_the_heats_day_by_decision():
    """003 lines 185-187: before the start; the page knows only the day."""
    assert declaration_open(D(2024, 11, 5), D(2024, 11, 5)) is None
    assert declaration_open(D(2024, 11, 5), D(2024, 11, 6)).field == "plays_qualification"
    assert declaration_open(None, D(2030, 1, 1)) is None


def test_champions_register_before_the_period_ends():
    """003 line 274."""
    assert champions_in_time(D(2025, 3, 23), D(2025, 3, 23)) is None
    assert champions_in_time(D(2025, 3, 24), D(2025, 3, 23)).field == "reigning_champions"


def test_qualified_twice_the_first_heat_stands():
    """003 lines 193-195: the later lines are struck, in any district; a bronze heat's
    undeclared line does not count (line 187)."""
    lines = [
        QualifyingLine("h2", D(2024, 11, 6), 21, frozenset({1, 3})),
        QualifyingLine("h1", D(2024, 11, 5), 11, frozenset({1, 2})),
        QualifyingLine("h3", D(2024, 11, 7), 31, frozenset({2, 4}), qualifying=False),
        QualifyingLine("h4", D(2024, 11, 8), 41, frozenset({5, 6})),
    ]
    (found,) = qualified_twice(lines)
    assert found.player == 1
    assert found.first.line == 11 and [line.line for line in found.later] == [21]


def test_two_lines_in_one_heat_are_not_twice():
    lines = [
        QualifyingLine("h1", D(2024, 11, 5), 11, frozenset({1, 2})),
        QualifyingLine("h1", D(2024, 11, 5), 12, frozenset({1, 3})),
    ]
    assert qualified_twice(lines) == []
