"""Who may take which step of a sanction application (seed 000 chapter 4, lines
161-253): the table in ``tournaments.sanctions.domain.steps``."""

import pytest

from tournaments.sanctions.domain import Level
from tournaments.sanctions.domain.steps import (
    NEEDS_REASON,
    STEP_RULES,
    Actor,
    Endorsement,
    FieldFull,
    Situation,
    State,
    allowed_steps,
    rule_for,
)

A = Actor
S = State
E = Endorsement
F = FieldFull
SILVER, GOLD = Level.SILVER, Level.GOLD


def at(
    state, level=SILVER, endorsement=E.NOT_NEEDED, started=False, full=F.NOT_REPORTED
) -> Situation:
    return Situation(state=state, level=level, endorsement=endorsement, started=started, full=full)


@pytest.mark.parametrize(
    ("actor", "situation", "steps"),
    [
        # The club edits and submits its draft, withdraws until it is decided, and
        # marks an approved event held once it has begun.
        (A.CLUB_ADMIN, at(S.DRAFT), ["edit", "submit", "withdraw"]),
        (A.CLUB_ADMIN, at(S.SUBMITTED), ["withdraw"]),
        (A.CLUB_ADMIN, at(S.ENDORSED, GOLD), ["withdraw"]),
        # (and reports a full silver field once: see the minority priority below)
        (A.CLUB_ADMIN, at(S.APPROVED), ["withdraw", "report_full"]),
        (A.CLUB_ADMIN, at(S.APPROVED, started=True), ["withdraw", "held", "report_full"]),
        (A.CLUB_ADMIN, at(S.REJECTED), []),
        (A.CLUB_ADMIN, at(S.HELD, started=True), []),
        # Silver in the club's own district: the district decides (lines 171-174).
        (A.PLAYING_DISTRICT, at(S.SUBMITTED), ["approve", "reject"]),
        (A.HOME_DISTRICT, at(S.SUBMITTED), []),
        # Silver in another district: home endorses first, then the playing district
        # decides (lines 175-180).
        (A.HOME_DISTRICT, at(S.SUBMITTED, endorsement=E.PENDING), ["endorse_home", "refuse_home"]),
        (A.PLAYING_DISTRICT, at(S.SUBMITTED, endorsement=E.PENDING), []),
        (A.PLAYING_DISTRICT, at(S.SUBMITTED, endorsement=E.ENDORSED), ["approve", "reject"]),
        (A.HOME_DISTRICT, at(S.SUBMITTED, endorsement=E.ENDORSED), []),
        # Gold: the home district endorses or rejects, the office decides (245-253).
        (A.HOME_DISTRICT, at(S.SUBMITTED, GOLD), ["endorse", "reject"]),
        (A.PLAYING_DISTRICT, at(S.SUBMITTED, GOLD), []),
        (A.OFFICE, at(S.SUBMITTED, GOLD), []),
        (A.OFFICE, at(S.ENDORSED, GOLD), ["approve", "reject"]),
        (A.HOME_DISTRICT, at(S.ENDORSED, GOLD), []),
        # The office does not decide silver: the rulebook gives it to the district.
        (A.OFFICE, at(S.SUBMITTED), []),
        (A.OFFICE, at(S.SUBMITTED, endorsement=E.ENDORSED), []),
    ],
)
def test_steps_by_actor_and_state(actor, situation, steps):
    assert allowed_steps({actor}, situation) == steps


def test_several_roles_get_each_step_once_in_table_order():
    both = {A.HOME_DISTRICT, A.PLAYING_DISTRICT, A.CLUB_ADMIN}
    assert allowed_steps(both, at(S.SUBMITTED)) == ["withdraw", "approve", "reject"]


def test_the_row_names_who_acted():
    """A gold rejection in SUBMITTED is the home district's; in ENDORSED the office's."""
    actors = {A.HOME_DISTRICT, A.OFFICE}
    assert rule_for("reject", actors, at(S.SUBMITTED, GOLD)).actor is A.HOME_DISTRICT
    assert rule_for("reject", actors, at(S.ENDORSED, GOLD)).actor is A.OFFICE
    assert rule_for("approve", {A.CLUB_ADMIN}, at(S.SUBMITTED)) is None


def test_where_each_step_leads():
    leads = {(r.step, r.actor): r.to_state for r in STEP_RULES}
    assert leads[("submit", A.CLUB_ADMIN)] is S.SUBMITTED
    assert leads[("endorse_home", A.HOME_DISTRICT)] is None  # stays submitted
    assert leads[("refuse_home", A.HOME_DISTRICT)] is S.REJECTED
    assert leads[("endorse", A.HOME_DISTRICT)] is S.ENDORSED
    assert leads[("approve", A.OFFICE)] is S.APPROVED
    assert leads[("held", A.CLUB_ADMIN)] is S.HELD
    assert leads[("submit", A.DISTRICT_APPLICANT)] is S.ENDORSED
    assert leads[("report_full", A.CLUB_ADMIN)] is None  # stays approved
    assert leads[("decide_priority", A.PLAYING_DISTRICT)] is None
    assert NEEDS_REASON == {"refuse_home", "reject", "report_full", "decide_priority"}


def test_the_models_states_are_the_domains():
    from tournaments.sanctions.models import Sanction

    assert set(Sanction.State.values) == {s.value for s in State}
    assert set(Sanction.HomeEndorsement.values) == {e.value for e in Endorsement}


@pytest.mark.parametrize(
    ("actor", "situation", "steps"),
    [
        # 000 ch. 4 lines 251-253: a district applying for gold itself edits and
        # submits its draft; the submission is its own endorsement, so the office
        # decides next; the district withdraws until held and marks it held.
        (A.DISTRICT_APPLICANT, at(S.DRAFT, GOLD), ["edit", "submit", "withdraw"]),
        (A.DISTRICT_APPLICANT, at(S.ENDORSED, GOLD), ["withdraw"]),
        (A.DISTRICT_APPLICANT, at(S.APPROVED, GOLD, started=True), ["withdraw", "held"]),
        (A.DISTRICT_APPLICANT, at(S.DRAFT), []),  # never silver
        (A.OFFICE, at(S.ENDORSED, GOLD), ["approve", "reject"]),
        # 000 ch. 5 lines 315-319: the club reports its approved silver field full once;
        # the playing district then rules on the minority clubs' priority, once.
        (A.CLUB_ADMIN, at(S.APPROVED, full=F.REPORTED), ["withdraw"]),
        (A.CLUB_ADMIN, at(S.SUBMITTED), ["withdraw"]),
        (A.CLUB_ADMIN, at(S.APPROVED, GOLD), ["withdraw"]),  # a silver rule
        (A.PLAYING_DISTRICT, at(S.APPROVED), []),
        (A.PLAYING_DISTRICT, at(S.APPROVED, full=F.REPORTED), ["decide_priority"]),
        (A.PLAYING_DISTRICT, at(S.APPROVED, full=F.DECIDED), []),
        (A.HOME_DISTRICT, at(S.APPROVED, full=F.REPORTED), []),
        (A.OFFICE, at(S.APPROVED, full=F.REPORTED), []),
    ],
)
def test_district_applicant_and_full_field_steps_lines_251_253_and_315_319(actor, situation, steps):
    assert allowed_steps({actor}, situation) == steps


def test_the_models_full_field_states_are_the_domains():
    from tournaments.sanctions.models import Sanction

    assert set(Sanction.FieldFull.values) == {f.value for f in FieldFull}
