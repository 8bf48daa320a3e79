"""A full silver pairs field: "Vid fullteckning har spelare från klubbar som är i
minoritet företräde. Inget sådant par kan nekas plats i tävlingen om anmälan
inkommer inom stipulerad tid" (seed 000 chapter 5, lines 315-319).

The pre-check: a silver pairs event that limits its field must state an entry
deadline ("stipulerad tid") before its first playing day; the district then sees
the rule that binds the organiser."""

from __future__ import annotations

import datetime as dt

import pytest

from tournaments.sanctions.domain import (
    Application,
    Context,
    Form,
    Level,
    Severity,
    pre_checks,
    refusals,
)

SATURDAY = dt.date(2026, 10, 10)
BIG = Context(club_members=150)
RULE = "silver.minority_priority"


def app(**kw) -> Application:
    base = dict(level=Level.SILVER, form=Form.PAIRS, date=SATURDAY, entries=20, boards=42)
    return Application(**(base | kw))


def ids(checks) -> list[str]:
    return [c.rule_id for c in checks]


def test_no_field_limit_no_check_lines_315_319():
    assert RULE not in ids(pre_checks(app(), BIG))


@pytest.mark.parametrize(
    ("deadline", "passed"),
    [
        (dt.date(2026, 10, 3), True),  # a week before
        (dt.date(2026, 10, 9), True),  # the day before
        (dt.date(2026, 10, 10), False),  # the first playing day is no deadline
        (None, False),  # "stipulerad tid" must be stated
    ],
)
def test_a_limited_field_needs_an_entry_deadline_before_the_event_lines_315_319(deadline, passed):
    checks = pre_checks(app(field_limit=28, entry_deadline=deadline), BIG)
    [check] = [c for c in checks if c.rule_id == RULE]
    assert check.passed is passed
    assert check.severity is Severity.REFUSAL
    assert check.seed_ref == "000 chapter 5, lines 315-319"
    assert (check in refusals(checks)) is not passed
    assert "28" in check.message_en and "28 par" in check.message_sv


def test_the_passed_check_states_the_priority_in_both_languages_lines_315_319():
    checks = pre_checks(app(field_limit=28, entry_deadline=dt.date(2026, 10, 3)), BIG)
    [check] = [c for c in checks if c.rule_id == RULE]
    assert check.message_en.startswith(
        "Field limited to 28 pairs: when it is full, pairs from minority clubs "
        "(other than the organiser) entering by 2026-10-03 go first and cannot be refused"
    )
    assert check.message_sv.startswith(
        "Startfältet begränsat till 28 par: vid fullteckning har par från klubbar i "
        "minoritet (andra än arrangören) som anmäler sig senast 2026-10-03 företräde"
    )
    assert check.message_sv.endswith("(SBF Mästarpoäng 2014-2015, kap. 5)")


@pytest.mark.parametrize(
    "other",
    [
        dict(form=Form.TEAMS, entries=8),  # stated under "Partävling" only
        dict(form=Form.INDIVIDUAL, entries=20, boards=38),
        dict(level=Level.GOLD, entries=24, boards=54),  # a silver rule
    ],
)
def test_only_silver_pairs_lines_315_319(other):
    checks = pre_checks(app(field_limit=28, **other), BIG)
    assert RULE not in ids(checks)


def test_championship_qualifier_pairs_also_get_the_check_lines_315_319():
    checks = pre_checks(app(field_limit=30, championship_qualifier=True), BIG)
    assert RULE in ids(refusals(checks))
