"""DM Lag: from the heats to the district semifinals, on to the ten-team final and the
SM semifinal places: the public names, each kept in a module of its own rule.

Source: ``003_796cec548aee39db.txt`` (the ÖMBF district's rules 2024-2025), DM-TÄVLINGAR,
LAG, lines 571-720:

- :mod:`.semifinal_shares`: a heat's share of the places (lines 571-573) and the heats in
  turn for a vacancy (line 590);
- :mod:`.semifinal_ties`: ties by VP average with the bye removed, then IMP quotient
  (lines 575-582);
- :mod:`.semifinal_choice`: choosing a semifinal and the vacancies (lines 584-596);
- :mod:`.semifinal_plan`: the seed's figures (lines 383, 602, 614, 693, 699);
- :mod:`.semifinal_final`: the ten-team final (lines 612-618, 689-699);
- :mod:`.sm_queue`: the SM semifinal places (lines 701-720).

Where the seed is silent (a lot, a heat below its minimum), the readings are the
district committee's, written in the championship docs (teams) with their lines.
"""

from .semifinal_choice import Choice, Offer, choose_semifinals, semifinal_offers
from .semifinal_final import FinalField, Placed, Qualified, final_offers, final_qualifiers
from .semifinal_plan import (
    FINAL_ROUNDS_BY_DAY,
    FINAL_TEAMS,
    QUALIFIED_PER_SEMIFINAL,
    SEMIFINAL_PLANS,
    SM_SEMIFINAL_TEAMS,
    SM_SEMIFINALS,
    SemifinalPlan,
    semifinal_plan,
)
from .semifinal_shares import (
    MIN_PLACES_PER_HEAT,
    MIN_TEAMS_PER_HEAT,
    Contest,
    HeatPlaces,
    PlacesInputError,
    SemifinalPlaces,
    heats_in_turn,
    semifinal_places,
)
from .semifinal_ties import MAX_VP, Key, MatchLine, Reason, Record, TieBreak, break_tie
from .sm_queue import SmPlaces, sm_places, sm_queue

__all__ = [
    "Choice",
    "Contest",
    "FINAL_ROUNDS_BY_DAY",
    "FINAL_TEAMS",
    "FinalField",
    "HeatPlaces",
    "Key",
    "MAX_VP",
    "MIN_PLACES_PER_HEAT",
    "MIN_TEAMS_PER_HEAT",
    "MatchLine",
    "Offer",
    "Placed",
    "PlacesInputError",
    "QUALIFIED_PER_SEMIFINAL",
    "Qualified",
    "Reason",
    "Record",
    "SEMIFINAL_PLANS",
    "SM_SEMIFINALS",
    "SM_SEMIFINAL_TEAMS",
    "SemifinalPlaces",
    "SemifinalPlan",
    "SmPlaces",
    "TieBreak",
    "break_tie",
    "choose_semifinals",
    "final_offers",
    "final_qualifiers",
    "heats_in_turn",
    "semifinal_offers",
    "semifinal_places",
    "semifinal_plan",
    "sm_places",
    "sm_queue",
]
