"""Seasons and age categories.

Sources and decisions (see docs/decisions.md, "Seasons and age categories"):
- The SBF season runs 1 July to 30 June ("Svenska mästarpoäng 2014-2015" is a
  season named by its two years; 000_18af0e66f52a62b2.txt says the new rules
  take effect "1 juli"). A season is named by the year it starts: 2026 is
  2026/27.
- Veteran: 003_796cec548aee39db.txt (DM pairs 2024-2025, "Par Veteran") says
  "födda 1961 eller tidigare", i.e. turning 63 or more in the calendar year the
  season starts. We apply that age to every season.
- Junior: the seeds give no age; we use the WBF/EBL junior rule, turning 25 or
  less in the calendar year the season starts (under 26 on 1 January).
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
