"""Who may take which step of a licence (seed 001 chapter 1): the table in
``tournaments.licences.domain.steps``."""

import pytest

from tournaments.licences.domain.steps import (
    NEEDS_REASON,
    Actor,
    Situation,
    State,
    allowed_steps,
    closes,
    rule_for,
)

A = Actor
S = State


@pytest.mark.parametrize(
    ("actor", "situation", "steps"),
    [
        (A.OFFICE, Situation(S.SUBMITTED), ["approve", "reject"]),  # 1.6.3, 1.3
        (A.ORGANISER, Situation(S.SUBMITTED), []),
        (A.ORGANISER, Situation(S.APPROVED), ["results"]),  # 1.5.3
        (A.OFFICE, Situation(S.APPROVED), ["revoke"]),  # 1.7.13
        (A.OFFICE, Situation(S.RESULTS_RECEIVED), ["payment", "revoke"]),  # 1.5.4
        (A.OFFICE, Situation(S.PAID), ["close", "revoke"]),
        (A.OFFICE, Situation(S.CLOSED), []),
        (A.OFFICE, Situation(S.REJECTED), []),
        (A.OFFICE, Situation(S.REVOKED), []),
        # A charity event's accounts (1.8.3), until they are in, even once closed.
        (A.OFFICE, Situation(S.PAID, charity=True), ["close", "accounts", "revoke"]),
        (A.OFFICE, Situation(S.CLOSED, charity=True), ["accounts"]),
        (A.OFFICE, Situation(S.PAID, charity=True, accounts_in=True), ["close", "revoke"]),
        (A.ORGANISER, Situation(S.PAID, charity=True), []),
    ],
)
def test_steps_by_actor_and_state(actor, situation, steps):
    assert allowed_steps({actor}, situation) == steps


def test_where_each_step_leads():
    office = {A.OFFICE}
    assert rule_for("approve", office, Situation(S.SUBMITTED)).to_state is S.APPROVED
    assert rule_for("revoke", office, Situation(S.PAID)).to_state is S.REVOKED
    assert rule_for("accounts", office, Situation(S.CLOSED, charity=True)).to_state is None
    assert rule_for("results", office, Situation(S.APPROVED)) is None
    assert NEEDS_REASON == {"reject", "revoke"}


def test_a_charity_event_closes_once_its_accounts_are_in():
    assert closes(Situation(S.PAID))
    assert not closes(Situation(S.PAID, charity=True))
    assert closes(Situation(S.PAID, charity=True, accounts_in=True))


def test_the_models_states_are_the_domains():
    from tournaments.licences.models import Licence

    assert set(Licence.State.values) == {s.value for s in State}
