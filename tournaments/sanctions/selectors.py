"""What the sanctions app shows on other apps' pages: the tournament page's sanction
card and its note on the level line (``tournaments.pages``)."""

from __future__ import annotations

from django.utils.translation import get_language

from tournaments.models import Tournament

from .domain.model import RULEBOOK
from .models import Sanction
from .workflow import can_view

LEVEL_ORDER = {level: n for n, level in enumerate(Tournament.Level.values)}


def tournament_part(tournament: Tournament, user) -> dict | None:
    """The sanction of the event and why its real field reached the level it did
    (the pipeline's sanction step wrote the checks in both languages)."""
    sanction = Sanction.objects.select_related("club").filter(tournament=tournament).first()
    if sanction is None:
        return None
    swedish = (get_language() or "").startswith("sv")
    return {
        "tournament": tournament,
        "sanction": sanction,
        "url": sanction.get_absolute_url() if can_view(user, sanction) else "",
        "lower": LEVEL_ORDER[tournament.level] < LEVEL_ORDER[sanction.level],
        "checks": [_level_check(check, swedish) for check in tournament.level_checks or []],
    }


def _level_check(check: dict, swedish: bool) -> dict:
    """One check's message in the reader's language, and its rule. The messages end
    with the rule in parentheses ("SBF Mästarpoäng 2014-2015, kap. 5"; checks stored
    before issue 18 with the seed's lines, "000 kap. 5, rad 336-352"); it is shown
    apart, once."""
    message = check.get("message_sv" if swedish else "message_en") or check.get("message_en", "")
    seed_ref = check.get("seed_ref", "")
    head, _sep, tail = message.rpartition(" (")
    if head and tail.startswith(("000 ", RULEBOOK)) and tail.endswith(")"):
        message, seed_ref = head, tail[:-1]
    return {
        "message": message,
        "seed_ref": seed_ref,
        "warning": check.get("severity") == "warning",
    }

