"""The incremental handicap step against the full recompute (handicap/incremental.py).

Reports arrive in any order, dated anywhere among the others; some are reported again
with other results and players (and sometimes another date), some withdrawn. After
each, the history and the current handicaps must be, row for row and column for
column, what ``recompute_from(None)`` makes of the same reports.
"""

from datetime import date, timedelta
from decimal import Decimal
from itertools import count

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handicap.models import HandicapChange, MemberHandicap
from handicap.services import (
    carry_handicaps_forward,
    recompute_from,
    update_handicaps_for,
    update_own_handicaps,
    withdraw_handicaps,
)
from members.tests.factories import MemberFactory
from tournaments.models import (
    Entry,
    EntryPlayer,
    Section,
    Standing,
    TeamMatch,
    Tournament,
)

pytestmark = pytest.mark.django_db
START = date(2026, 1, 5)
MEMBERS = 12
OUTSIDER = MEMBERS  # a seat index standing for a non-member (5.4)
EVENT_IDS = count()

# A report: (kind, day, seats, numbers). Seats are a permutation of the members (and
# the non-member); numbers the results.
reports = st.tuples(
    st.sampled_from(["pairs", "pairs", "individual", "teams"]),
    st.integers(0, 45),
    st.permutations(range(MEMBERS + 1)),
    st.lists(st.integers(-4000, 4000), min_size=6, max_size=6),
    st.integers(2, 4),
)
operations = st.lists(
    st.one_of(
        st.tuples(st.just("add"), reports),
        st.tuples(st.just("add"), reports),
        st.tuples(st.just("replace"), st.integers(0, 50), reports),
        st.tuples(st.just("remove"), st.integers(0, 50)),
    ),
    min_size=3,
    max_size=8,
)


def _history() -> list[tuple]:
    fields = [f.attname for f in HandicapChange._meta.concrete_fields if f.attname != "id"]
    return sorted(HandicapChange.objects.values_list(*fields))


def _current() -> list[tuple]:
    fields = [f.attname for f in MemberHandicap._meta.concrete_fields]
    return sorted(MemberHandicap.objects.values_list(*fields))


def _write(tournament: Tournament, report, members) -> None:
    """The report's sections, entries, players, standings (and matches)."""
    kind, day, seats, numbers, size = report
    tournament.start_date = tournament.end_date = START + timedelta(days=day)
    tournament.kind = kind
    tournament.scoring = "team_vp" if kind == "teams" else "matchpoints"
    tournament.boards = 24
    tournament.save()
    section = Section.objects.create(tournament=tournament, name="A", boards=24)
    per_entry = {"pairs": 2, "individual": 1, "teams": 4}[kind]
    count = 3 if kind == "teams" else size
    entries = []
    for number in range(count):
        entry = Entry.objects.create(section=section, number=number + 1)
        for seat in seats[number * per_entry : (number + 1) * per_entry]:
            if seat == OUTSIDER:
                EntryPlayer.objects.create(entry=entry, temporary_id="G-utan")
            else:
                EntryPlayer.objects.create(entry=entry, member=members[seat])
        entries.append(entry)
    if kind == "teams":
        for place, entry in enumerate(entries, start=1):
            Standing.objects.create(entry=entry, place=place, place_to=place, score=50 - place)
        pairings = [(0, 1), (0, 2), (1, 2)]
        for round_, (home, away) in enumerate(pairings, start=1):
            TeamMatch.objects.create(
                tournament=tournament, round=round_, home=entries[home], away=entries[away],
                boards=16, imps_home=Decimal(abs(numbers[2 * round_ - 2]) % 60),
                imps_away=Decimal(abs(numbers[2 * round_ - 1]) % 60),
            )  # fmt: skip
        return
    # Percentages around 50 %, placed in order (a shared place for equal results).
    results = sorted((Decimal(5000 + n) / 100 for n in numbers[:count]), reverse=True)
    for entry, result in zip(entries, results, strict=True):
        place = results.index(result) + 1
        place_to = place + results.count(result) - 1
        Standing.objects.create(
            entry=entry, place=place, place_to=place_to, score=result, percentage=result
        )


def _report(report, members) -> Tournament:
    tournament = Tournament(
        event_id=f"E{next(EVENT_IDS)}", name="Klubbkväll",
        start_date=START, end_date=START, kind="pairs", scoring="matchpoints", boards=24,
    )  # fmt: skip
    _write(tournament, report, members)
    return tournament


def _replace(tournament: Tournament, report, members) -> None:
    """Reported again, as ``tournaments.services.report_results`` does it: the results
    deleted and written anew, the tournament kept (with the new report's date)."""
    tournament.sections.all().delete()
    tournament.matches.all().delete()
    tournament.report_version += 1
    _write(tournament, report, members)


def _check_against_the_full_recompute() -> None:
    history, current = _history(), _current()
    with transaction.atomic():
        recompute_from(None)
        full_history, full_current = _history(), _current()
        transaction.set_rollback(True)
    assert history == full_history
    assert current == full_current


def _members() -> list:
    members = [MemberFactory() for _ in range(MEMBERS)]
    for n, member in enumerate(members[:-1]):  # the last one is met for the first time
        start = Decimal(18 + 3 * n)
        MemberHandicap.objects.create(
            member=member, handicap=start, start=start, policy_version="SBF 2007"
        )
    return members


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(operations=operations)
def test_the_step_gives_what_the_full_recompute_gives(operations) -> None:
    with transaction.atomic():
        members = _members()
        tournaments: list[Tournament] = []
        for operation in operations:
            if operation[0] == "add":
                tournament = _report(operation[1], members)
                tournaments.append(tournament)
                update_handicaps_for(tournament)
            elif not tournaments:
                continue
            elif operation[0] == "replace":
                tournament = tournaments[operation[1] % len(tournaments)]
                _replace(tournament, operation[2], members)
                update_handicaps_for(tournament)
            else:
                tournament = tournaments.pop(operation[1] % len(tournaments))
                withdraw_handicaps(tournament)
                tournament.delete()
            _check_against_the_full_recompute()
        transaction.set_rollback(True)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(operations=operations, waits=st.lists(st.booleans(), min_size=8, max_size=8))
def test_the_pipelines_two_steps_give_what_the_full_recompute_gives(operations, waits) -> None:
    """The pipeline's own step, then (after the ranking) the step that carries a late
    report forward; other reports' steps may come in between, as on a busy worker."""
    with transaction.atomic():
        members = _members()
        tournaments: list[Tournament] = []
        waiting: list[Tournament] = []  # own step done, carrying forward still to come
        for operation, wait in zip(operations, waits, strict=False):
            if operation[0] == "add":
                tournament = _report(operation[1], members)
                tournaments.append(tournament)
                update_own_handicaps(tournament)
                waiting.append(tournament)
            elif not tournaments:
                continue
            elif operation[0] == "replace":
                tournament = tournaments[operation[1] % len(tournaments)]
                _replace(tournament, operation[2], members)
                update_own_handicaps(tournament)
                waiting.append(tournament)
            else:
                tournament = tournaments.pop(operation[1] % len(tournaments))
                withdraw_handicaps(tournament)
                waiting = [t for t in waiting if t.pk != tournament.pk]
                tournament.delete()
            if wait:
                continue
            for tournament in waiting:
                carry_handicaps_forward(tournament)
            waiting = []
            _check_against_the_full_recompute()
        for tournament in waiting:
            carry_handicaps_forward(tournament)
        _check_against_the_full_recompute()
        transaction.set_rollback(True)


@pytest.fixture
def season(db):
    return walked_season()


def walked_season() -> list:
    """Six evenings and a team event among twelve members, walked in full."""
    members = [MemberFactory() for _ in range(MEMBERS)]
    for n, member in enumerate(members):
        start = Decimal(18 + 3 * n)
        MemberHandicap.objects.create(
            member=member, handicap=start, start=start, policy_version="SBF 2007"
        )
    seats = list(range(MEMBERS))
    for n in range(6):
        seats = seats[5:] + seats[:5]
        numbers = [(n * 937 + 613 * k) % 3000 - 1500 for k in range(6)]
        _report(("pairs", 7 * n, [*seats, OUTSIDER], numbers, 4), members)
    _report(("teams", 20, [*seats, OUTSIDER], [40, 12, 7, 30, 22, 22], 3), members)
    recompute_from(None)
    return members


def _corrupt_new(rows):
    rows.filter(pk=rows.order_by("pk")[3].pk).update(new=Decimal("40.00"))


def _corrupt_old(rows):
    rows.filter(pk=rows.order_by("pk")[5].pk).update(old=Decimal("12.34"))


def _corrupt_a_row(rows):
    rows.filter(pk=rows.order_by("pk")[5].pk).update(
        old=Decimal("0.00"), expected=Decimal("0"), change=Decimal("9.999")
    )


def _delete_one(rows):
    rows.filter(pk=rows.order_by("pk")[2].pk).delete()


def _delete_a_tournament(rows):
    rows.filter(tournament_id=rows.order_by("pk")[0].tournament_id).delete()


def _delete_a_match(rows):
    rows.filter(match__isnull=False, match__round=2).delete()


@pytest.mark.parametrize(
    "corrupt",
    [_corrupt_new, _corrupt_old, _corrupt_a_row, _delete_one, _delete_a_tournament,
     _delete_a_match],
)  # fmt: skip
def test_since_finds_and_mends_a_history_corrupted_by_hand(season, corrupt):
    full_history, full_current = _history(), _current()
    since = START + timedelta(days=14)
    corrupt(HandicapChange.objects.filter(played_on__gte=since))
    assert _history() != full_history
    assert recompute_from(since) > 0
    assert _history() == full_history
    assert _current() == full_current
    assert recompute_from(since) == 0


def test_since_mends_a_current_handicap(season):
    full_current = _current()
    MemberHandicap.objects.filter(member=season[3]).update(handicap=Decimal("1.00"))
    recompute_from(START + timedelta(days=14))
    assert _current() == full_current


def test_since_with_nothing_to_change_reads_no_results(season, django_assert_max_num_queries):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        assert recompute_from(START + timedelta(days=7)) == 0
    assert not any("tournaments_standing" in q["sql"] for q in queries.captured_queries)
    assert len(queries.captured_queries) <= 8


def test_a_step_run_again_writes_nothing(season):
    from handicap.incremental import rewalk_report
    from handicap.policies import current_policy

    for tournament in Tournament.objects.all():
        outcome = rewalk_report(tournament, current_policy())
        assert (outcome.written, outcome.removed) == (0, 0)
        assert outcome.competitions >= 1
