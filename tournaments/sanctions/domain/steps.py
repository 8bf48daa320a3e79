"""Who may take which step of a sanction application, in which state, at which level.

Seed 000 chapter 4, lines 161-253: the district (dfb) sanctions silver, and a silver
event played in another district needs the home district's endorsement first (lines
175-180); gold goes from the home district to the office (lines 245-248), and a
district applying for gold itself sends it straight to the office (lines 251-253:
"I tillämpliga delar gäller ovanstående även för dfb"). Chapter 5 lines 315-319 add
the full silver field: the club reports it, the playing district decides the
minority clubs' priority. The workflow only executes this table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from .model import Level


class State(StrEnum):
    DRAFT = "draft"
    SUBMITTED = "submitted"
    ENDORSED = "endorsed"
    APPROVED = "approved"
    REJECTED = "rejected"
    WITHDRAWN = "withdrawn"
    HELD = "held"
    RESULTS_REPORTED = "results_reported"


class Endorsement(StrEnum):
    """The home district's endorsement of a silver event played in another district."""

    NOT_NEEDED = ""
    PENDING = "pending"
    ENDORSED = "endorsed"
    REFUSED = "refused"


class FieldFull(StrEnum):
    """A silver field reported full (lines 315-319) and the district's ruling on it."""

    NOT_REPORTED = ""
    REPORTED = "reported"
    DECIDED = "decided"


class Actor(StrEnum):
    CLUB_ADMIN = "club_admin"  # an administrator of the applying club
    HOME_DISTRICT = "home_district"  # an official of the club's own district
    PLAYING_DISTRICT = "playing_district"  # an official of the district the event is in
    OFFICE = "office"  # the federation office
    DISTRICT_APPLICANT = "district_applicant"  # an official of a district applying itself


@dataclass(frozen=True)
class Situation:
    """What the table reads of an application."""

    state: State
    level: Level
    endorsement: Endorsement
    started: bool  # the first playing day has come
    full: FieldFull = FieldFull.NOT_REPORTED


ANY_LEVEL = frozenset({Level.SILVER, Level.GOLD})
DECIDED = frozenset({Endorsement.NOT_NEEDED, Endorsement.ENDORSED})


@dataclass(frozen=True)
class StepRule:
    step: str
    actor: Actor
    states: frozenset[State]
    to_state: State | None  # None: the step keeps the state (edit, endorse_home)
    levels: frozenset[Level] = ANY_LEVEL
    endorsements: frozenset[Endorsement] | None = None  # None: whatever it is
    full: frozenset[FieldFull] | None = None  # None: whatever it is
    started: bool = False  # only once the first playing day has come
    needs_reason: bool = False
    deciding: bool = False  # a district's or the office's decision (the queues)
    lines: str = "161-253"

    def allows(self, situation: Situation) -> bool:
        return (
            situation.state in self.states
            and situation.level in self.levels
            and (self.endorsements is None or situation.endorsement in self.endorsements)
            and (self.full is None or situation.full in self.full)
            and (situation.started or not self.started)
        )


S = State
SILVER = frozenset({Level.SILVER})
GOLD = frozenset({Level.GOLD})

# In the order the page offers them.
STEP_RULES: tuple[StepRule, ...] = (
    StepRule("edit", Actor.CLUB_ADMIN, frozenset({S.DRAFT}), None),
    StepRule("submit", Actor.CLUB_ADMIN, frozenset({S.DRAFT}), S.SUBMITTED, lines="161-170"),
    StepRule(
        "withdraw",
        Actor.CLUB_ADMIN,
        frozenset({S.DRAFT, S.SUBMITTED, S.ENDORSED, S.APPROVED}),
        S.WITHDRAWN,
    ),
    StepRule("held", Actor.CLUB_ADMIN, frozenset({S.APPROVED}), S.HELD, started=True),
    StepRule(
        "endorse_home",
        Actor.HOME_DISTRICT,
        frozenset({S.SUBMITTED}),
        None,
        levels=SILVER,
        endorsements=frozenset({Endorsement.PENDING}),
        deciding=True,
        lines="175-180",
    ),
    StepRule(
        "refuse_home",
        Actor.HOME_DISTRICT,
        frozenset({S.SUBMITTED}),
        S.REJECTED,
        levels=SILVER,
        endorsements=frozenset({Endorsement.PENDING}),
        needs_reason=True,
        deciding=True,
        lines="175-180",
    ),
    StepRule(
        "approve",
        Actor.PLAYING_DISTRICT,
        frozenset({S.SUBMITTED}),
        S.APPROVED,
        levels=SILVER,
        endorsements=DECIDED,
        deciding=True,
        lines="171-180",
    ),
    StepRule(
        "reject",
        Actor.PLAYING_DISTRICT,
        frozenset({S.SUBMITTED}),
        S.REJECTED,
        levels=SILVER,
        endorsements=DECIDED,
        needs_reason=True,
        deciding=True,
        lines="171-180",
    ),
    StepRule(
        "endorse",
        Actor.HOME_DISTRICT,
        frozenset({S.SUBMITTED}),
        S.ENDORSED,
        levels=GOLD,
        deciding=True,
        lines="245-248",
    ),
    StepRule(
        "reject",
        Actor.HOME_DISTRICT,
        frozenset({S.SUBMITTED}),
        S.REJECTED,
        levels=GOLD,
        needs_reason=True,
        deciding=True,
        lines="245-248",
    ),
    StepRule(
        "approve",
        Actor.OFFICE,
        frozenset({S.ENDORSED}),
        S.APPROVED,
        levels=GOLD,
        deciding=True,
        lines="245-253",
    ),
    StepRule(
        "reject",
        Actor.OFFICE,
        frozenset({S.ENDORSED}),
        S.REJECTED,
        levels=GOLD,
        needs_reason=True,
        deciding=True,
        lines="245-253",
    ),
    # A district's own gold application (lines 251-253): the district is the applicant,
    # and its submission is the endorsement the office waits for.
    StepRule("edit", Actor.DISTRICT_APPLICANT, frozenset({S.DRAFT}), None, levels=GOLD),
    StepRule(
        "submit",
        Actor.DISTRICT_APPLICANT,
        frozenset({S.DRAFT}),
        S.ENDORSED,
        levels=GOLD,
        lines="245-253",
    ),
    StepRule(
        "withdraw",
        Actor.DISTRICT_APPLICANT,
        frozenset({S.DRAFT, S.ENDORSED, S.APPROVED}),
        S.WITHDRAWN,
        levels=GOLD,
        lines="251-253",
    ),
    StepRule(
        "held",
        Actor.DISTRICT_APPLICANT,
        frozenset({S.APPROVED}),
        S.HELD,
        levels=GOLD,
        started=True,
        lines="251-253",
    ),
    # A full silver field (chapter 5, lines 315-319): the club says so and who waits;
    # the district where it is played rules on the minority clubs' priority.
    StepRule(
        "report_full",
        Actor.CLUB_ADMIN,
        frozenset({S.APPROVED}),
        None,
        levels=SILVER,
        full=frozenset({FieldFull.NOT_REPORTED}),
        needs_reason=True,
        lines="ch. 5, 315-319",
    ),
    StepRule(
        "decide_priority",
        Actor.PLAYING_DISTRICT,
        frozenset({S.APPROVED}),
        None,
        levels=SILVER,
        full=frozenset({FieldFull.REPORTED}),
        needs_reason=True,
        deciding=True,
        lines="ch. 5, 315-319",
    ),
)

NEEDS_REASON = frozenset(r.step for r in STEP_RULES if r.needs_reason)


def allowed_steps(actors: Iterable[Actor], situation: Situation) -> list[str]:
    """The steps someone acting as ``actors`` may take now, in the table's order."""
    mine = set(actors)
    steps: list[str] = []
    for rule in STEP_RULES:
        if rule.actor in mine and rule.allows(situation) and rule.step not in steps:
            steps.append(rule.step)
    return steps


def rule_for(step: str, actors: Iterable[Actor], situation: Situation) -> StepRule | None:
    """The row that lets ``actors`` take ``step`` now (who they act as), if any."""
    mine = set(actors)
    for rule in STEP_RULES:
        if rule.step == step and rule.actor in mine and rule.allows(situation):
            return rule
    return None
