"""Seasons and age categories.

Sources: ``000_18af0e66f52a62b2.txt`` (the season starts "1 juli") and
``003_796cec548aee39db.txt`` (DM "Par Veteran": "födda 1961 eller tidigare"); the
seeds give no junior age. The readings: docs/decisions.md, "Seasons and age categories".
"""

from dataclasses import dataclass
from datetime import date

SEASON_START_MONTH = 7
VETERAN_MIN_AGE = 63
JUNIOR_MAX_AGE = 25


def season_of(day: date) -> int:
    """The season (by its start year) that a day falls in."""
    return day.year if day.month >= SEASON_START_MONTH else day.year - 1


def season_label(season: int) -> str:
    return f"{season}/{(season + 1) % 100:02d}"


def season_bounds(season: int) -> tuple[date, date]:
    return date(season, SEASON_START_MONTH, 1), date(season + 1, SEASON_START_MONTH - 1, 30)


@dataclass(frozen=True)
class AgeCategory:
    junior: bool
    veteran: bool


def age_category(birth_date: date | None, season: int) -> AgeCategory:
    """Junior/veteran status for a season; unknown birth date gives neither."""
    if birth_date is None:
        return AgeCategory(junior=False, veteran=False)
    age_in_start_year = season - birth_date.year
    return AgeCategory(
        junior=age_in_start_year <= JUNIOR_MAX_AGE,
        veteran=age_in_start_year >= VETERAN_MIN_AGE,
    )
