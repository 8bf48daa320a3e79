"""The places in a DM pairs final and who fills them: the public names of the DM-par
rules, each kept in a module of its own rule.

Source: ``003_796cec548aee39db.txt`` (ÖMBF's district championships 2024-2025),
"DM-tävlingar, par", lines 157-296:

- :mod:`.allocation`: who counts in a heat (lines 181-195), the heat's order after its
  tie-break (lines 209-213), the places per heat by T1, T2 and T3 (lines 238-270);
- :mod:`.final_size`: the final's size and movement (lines 215-236);
- :mod:`.direct_places`: the reigning champions (lines 272-276);
- :mod:`.replacements`: replacement rules 1 and 2 (lines 278-296);
- :mod:`.pairs_words`: the reasons in both languages and the refusals;
- :mod:`.heat_ties`, :mod:`.reserves`: where a tie decides a place (lines 209-211) and
  the reserves' rules (lines 197-205).
"""

from .allocation import (
    Allocation,
    HeatEntry,
    HeatPlaces,
    allocate,
    allocate_results,
    check_order,
    heat_results,
    next_pair_percent,
    whole_places,
)
from .direct_places import HEATS_DISCIPLINES, Champions, DirectPlace, direct_place
from .final_size import (
    MAX_FINAL,
    MOVEMENT,
    FinalSize,
    Movement,
    final_movement,
    final_size,
    final_size_reason,
)
from .pairs_words import LotNeeded, PercentagesNeeded, PlacesInputError, Reason
from .replacements import FLOOR_PERCENT, FinalField, Finalist, fill_final

__all__ = [
    "FLOOR_PERCENT",
    "HEATS_DISCIPLINES",
    "MAX_FINAL",
    "MOVEMENT",
    "Allocation",
    "Champions",
    "DirectPlace",
    "FinalField",
    "FinalSize",
    "Finalist",
    "HeatEntry",
    "HeatPlaces",
    "LotNeeded",
    "Movement",
    "PercentagesNeeded",
    "PlacesInputError",
    "Reason",
    "allocate",
    "allocate_results",
    "check_order",
    "direct_place",
    "fill_final",
    "final_movement",
    "final_size",
    "final_size_reason",
    "heat_results",
    "next_pair_percent",
    "whole_places",
]
