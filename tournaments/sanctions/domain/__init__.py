"""Sanctions for silver and gold events: the pre-checks a club's application must
pass and the level an event reaches on its real field.

Source: ``000_18af0e66f52a62b2.txt`` ("Svenska mästarpoäng 2014-2015"), chapters 4
and 5; see ``rules.py`` for the lines and ``docs/sanctions.md`` for the readings.
"""

from .model import (
    Application,
    Check,
    Context,
    Field,
    Form,
    Level,
    NearbyEvent,
    SanctionedEvent,
    Severity,
)
from .rules import level_reached, pre_checks, refusals, season_limit

__all__ = [
    "Application",
    "Check",
    "Context",
    "Field",
    "Form",
    "Level",
    "NearbyEvent",
    "SanctionedEvent",
    "Severity",
    "level_reached",
    "pre_checks",
    "refusals",
    "season_limit",
]
