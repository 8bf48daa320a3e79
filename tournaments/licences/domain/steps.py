"""Who may take which step of a licence, in which state (seed 001 chapter 1).

The office grants or refuses a licence (1.3, 1.6.3); the organiser sends the results
file after the event (1.5.3); the office records the fee paid (1.5.4) and a charity
event's accounts (1.8.3), closes the licence, and may revoke it (1.7.13). The
workflow only executes this table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum


class State(StrEnum):
    SUBMITTED = "submitted"
    APPROVED = "approved"
    REJECTED = "rejected"
    RESULTS_RECEIVED = "results_received"
    PAID = "paid"
    CLOSED = "closed"
    REVOKED = "revoked"


class Actor(StrEnum):
    ORGANISER = "organiser"  # someone who acts for the licensed organisation
    OFFICE = "office"  # the federation office


@dataclass(frozen=True)
class Situation:
    state: State
    charity: bool = False
    accounts_in: bool = False  # a charity event's full accounts received (1.8.3)


@dataclass(frozen=True)
class StepRule:
    step: str
    actor: Actor
    states: frozenset[State]
    to_state: State | None  # None: the state stays as it is
    section: str
    needs_reason: bool = False
    awaiting_accounts: bool = False  # only a charity event whose accounts are not in

    def allows(self, situation: Situation) -> bool:
        if situation.state not in self.states:
            return False
        return not self.awaiting_accounts or (situation.charity and not situation.accounts_in)


S = State
DECIDED = frozenset({S.APPROVED, S.RESULTS_RECEIVED, S.PAID})

# In the order the page offers them.
STEP_RULES: tuple[StepRule, ...] = (
    StepRule("approve", Actor.OFFICE, frozenset({S.SUBMITTED}), S.APPROVED, "1.6.3"),
    StepRule("reject", Actor.OFFICE, frozenset({S.SUBMITTED}), S.REJECTED, "1.3", True),
    StepRule("results", Actor.ORGANISER, frozenset({S.APPROVED}), S.RESULTS_RECEIVED, "1.5.3"),
    StepRule("payment", Actor.OFFICE, frozenset({S.RESULTS_RECEIVED}), S.PAID, "1.5.4"),
    StepRule("close", Actor.OFFICE, frozenset({S.PAID}), S.CLOSED, "1.5"),
    StepRule(
        "accounts",
        Actor.OFFICE,
        DECIDED | {S.CLOSED},
        None,
        "1.8.3",
        awaiting_accounts=True,
    ),
    StepRule("revoke", Actor.OFFICE, DECIDED, S.REVOKED, "1.7.13", True),
)

NEEDS_REASON = frozenset(r.step for r in STEP_RULES if r.needs_reason)


def allowed_steps(actors: Iterable[Actor], situation: Situation) -> list[str]:
    mine = set(actors)
    return [r.step for r in STEP_RULES if r.actor in mine and r.allows(situation)]


def rule_for(step: str, actors: Iterable[Actor], situation: Situation) -> StepRule | None:
    mine = set(actors)
    for rule in STEP_RULES:
        if rule.step == step and rule.actor in mine and rule.allows(situation):
            return rule
    return None


def closes(situation: Situation) -> bool:
    """A charity event closes only once its full accounts are in (1.8.3)."""
    return not situation.charity or situation.accounts_in
