from datetime import date

import pytest

from members.domain.age import age_category, season_bounds, season_label, season_of


@pytest.mark.parametrize(
    ("day", "season"),
    [(date(2024, 6, 30), 2023), (date(2024, 7, 1), 2024), (date(2025, 1, 15), 2024)],
)
def test_season_starts_on_1_july(day, season):
    assert season_of(day) == season


def test_season_label_and_bounds():
    assert season_label(2024) == "2024/25"
    assert season_label(2099) == "2099/00"
    assert season_bounds(2024) == (date(2024, 7, 1), date(2025, 6, 30))


@pytest.mark.parametrize(
    ("birth", "season", "junior", "veteran"),
    [
        # 003: DM Par Veteran 2024-2025 is for players "födda 1961 eller tidigare"
        (date(1961, 12, 31), 2024, False, True),
        (date(1962, 1, 1), 2024, False, False),
        # under 26 on 1 January of the season's start year
        (date(1999, 1, 1), 2024, True, False),
        (date(1998, 12, 31), 2024, False, False),
        (None, 2024, False, False),
    ],
)
def test_age_category(birth, season, junior, veteran):
    category = age_category(birth, season)
    assert (category.junior, category.veteran) == (junior, veteran)
