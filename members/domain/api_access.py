"""Who may hold which API scope, and which events a webhook may follow (issue 23).

No seed covers the API; these are the federation office's decisions, written down in
docs/api.md ("Tokens and scopes"). A token belongs to a club, a scoring program or a
member; each kind may hold only the scopes listed for it, and a token holds only the
scopes it was created with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

CLUB = "club"
PROGRAM = "program"
MEMBER = "member"
KINDS: Final = (CLUB, PROGRAM, MEMBER)

RESULTS_WRITE = "results:write"
MEMBERS_READ = "members:read"
HANDICAPS_READ = "handicaps:read"
ME_READ = "me:read"
WEBHOOKS_WRITE = "webhooks:write"


@dataclass(frozen=True)
class Scope:
    name: str
    kinds: frozenset[str]
    en: str
    sv: str


SCOPES: Final[dict[str, Scope]] = {
    scope.name: scope
    for scope in (
        # The upload page is a club administrator's (or the office's) step: a club's
        # token reports for its own club, a program's for the clubs named in it.
        Scope(RESULTS_WRITE, frozenset({CLUB, PROGRAM}), "report results", "rapportera resultat"),
        # Public data of members (name, club, class, handicap): for running a field.
        Scope(MEMBERS_READ, frozenset({CLUB, PROGRAM}), "look up members", "slå upp medlemmar"),
        Scope(
            HANDICAPS_READ,
            frozenset({CLUB, PROGRAM}),
            "read a field's handicaps",
            "läsa ett fälts handikapp",
        ),
        # A member's own points, class, ranking and handicap history.
        Scope(
            ME_READ,
            frozenset({MEMBER}),
            "read my own points and handicap",
            "läsa mina egna poäng och handikapp",
        ),
        Scope(
            WEBHOOKS_WRITE,
            frozenset({CLUB, PROGRAM}),
            "register webhooks",
            "registrera webhooks",
        ),
    )
}

# Requests per minute unless the office sets another figure on the token.
DEFAULT_RATE_PER_MINUTE: Final = 120
# Requests per minute from one address without a token (public lists, calendars).
ANONYMOUS_RATE_PER_MINUTE: Final = 60

REPORT_PROCESSED = "report.processed"
AWARDS_CREDITED = "awards.credited"
HANDICAP_CHANGED = "handicap.changed"
SANCTION_DECIDED = "sanction.decided"
LICENCE_DECIDED = "licence.decided"
EVENTS: Final = (
    REPORT_PROCESSED,
    AWARDS_CREDITED,
    HANDICAP_CHANGED,
    SANCTION_DECIDED,
    LICENCE_DECIDED,
)

# Webhook deliveries: attempts and the wait before each retry, in seconds (doubling).
DELIVERY_ATTEMPTS: Final = 6
FIRST_RETRY_SECONDS: Final = 30


def allowed_scopes(kind: str) -> tuple[str, ...]:
    """The scopes a token of ``kind`` may be given, in the table's order."""
    if kind not in KINDS:
        raise ValueError(f"unknown token kind {kind!r}; known: {', '.join(KINDS)}")
    return tuple(name for name, scope in SCOPES.items() if kind in scope.kinds)


def refused_scopes(kind: str, scopes: list[str] | tuple[str, ...]) -> list[str]:
    """The scopes in ``scopes`` a token of ``kind`` may not hold (unknown ones too)."""
    allowed = set(allowed_scopes(kind))
    return [scope for scope in scopes if scope not in allowed]


def retry_delays() -> tuple[int, ...]:
    """Seconds to wait before each retry of a failed delivery: 30, 60, 120, ..."""
    return tuple(FIRST_RETRY_SECONDS * 2**n for n in range(DELIVERY_ATTEMPTS - 1))
