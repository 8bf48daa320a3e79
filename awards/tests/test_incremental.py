"""Issue 15, point 4: the award steps of reports added, replaced and withdrawn in any
order leave the ledger, holdings, promotions and ranking exactly as a season's
recompute of the same reports does."""

import random
from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awards.season import recompute_season
from config import pipeline
from config.benchmarking import snapshot
from members.tests.factories import ClubFactory, MemberFactory, MembershipFactory
from tournaments import services
from tournaments.benchmarking import synthetic_usebio
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
AWARDS_STATE = ("ledger", "holdings", "promotions", "ranking")


@pytest.fixture
def federation():
    club = ClubFactory()
    members = [MemberFactory() for _ in range(40)]
    for member in members:
        MembershipFactory(member=member, club=club)
    return club, [m.mid for m in members]


def _report(club, mids, rng, event_id, day, level):
    pairs = rng.choice((4, 6, 8))
    data = synthetic_usebio(
        tables=pairs, boards=42 if level != "bronze" else 18, mids=mids, rng=rng,
        event_id=event_id, day=day,
    )  # fmt: skip
    tournament = services.import_results(
        data=data, filename=f"{event_id}.xml", organiser=club, run_pipeline=False
    ).tournament
    Tournament.objects.filter(pk=tournament.pk).update(level=level)
    for step in ("handicap_list", "awards", "handicaps", "rankings", "later_handicaps"):
        pipeline.run_step(tournament_id=tournament.pk, version=tournament.report_version, step=step)


def _awards_state():
    state = snapshot()
    return {kind: state[kind] for kind in AWARDS_STATE}


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32 - 1), operations=st.integers(3, 7))
def test_any_order_of_reports_gives_the_recompute(federation, seed, operations):
    club, mids = federation
    rng = random.Random(seed)
    today = timezone.localdate()
    with transaction.atomic():
        events: list[str] = []
        for n in range(operations):
            kind = rng.choice(("add", "add", "replace", "withdraw")) if events else "add"
            if kind == "add":
                event_id = f"e{seed}-{n}"
                events.append(event_id)
            else:
                event_id = rng.choice(events)
            if kind == "withdraw":
                services.withdraw_report(
                    Tournament.objects.get(organiser_club=club, event_id=event_id)
                )
                events.remove(event_id)
            else:
                day = today - timedelta(days=rng.randint(1, 400))
                level = rng.choice(("bronze", "silver", "silver", "gold"))
                _report(club, mids, rng, event_id, day, level)
            steps = _awards_state()
            recompute_season()
            assert _awards_state() == steps, f"after {kind} {event_id}"
        transaction.set_rollback(True)
