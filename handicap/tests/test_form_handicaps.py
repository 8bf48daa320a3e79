"""Handicaps by scoring: 002_4426357e9a32e88f.txt 7.1 (lines 516-520), "separate
handicap for different competitions (for example top-score and IMP:s)", over the
scorings of 3.2 (lines 161-169); handicap/form_handicaps.py."""

from datetime import date
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command

from handicap.domain import for_display
from handicap.domain.competition import Competition, Entry
from handicap.domain.policy import IMP, PAIRS, SBF_2007, TOPSCORE
from handicap.domain.walk import walk
from handicap.form_handicaps import recompute_form_handicaps
from handicap.models import FormHandicap, MemberHandicap
from handicap.services import recompute_from
from handicap.tests.test_services import _pairs_event, _start
from handicap.tests.test_teams import _event, _match
from members.tests.factories import MemberFactory
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db
EN = {"HTTP_ACCEPT_LANGUAGE": "en"}

# (day, scoring, boards, [(a, b, result)]) by player index: topscore results are
# percentages, IMP results a butler score in IMPs over the event (3.2; lines 133-135).
SEASON = [
    (date(2026, 2, 2), TOPSCORE, 24, [(0, 1, "61.00"), (2, 3, "52.00"), (4, 5, "47.00"), (6, 7, "40.00")]),
    (date(2026, 2, 5), IMP, 24, [(0, 1, "-14.00"), (2, 3, "9.00"), (4, 5, "3.00"), (6, 7, "2.00")]),
    (date(2026, 2, 9), TOPSCORE, 24, [(0, 2, "58.00"), (1, 3, "55.00"), (4, 6, "45.00"), (5, 7, "42.00")]),
    (date(2026, 3, 3), IMP, 16, [(0, 1, "-6.00"), (2, 3, "11.00"), (4, 5, "-1.00"), (6, 7, "-4.00")]),
    (date(2026, 3, 9), TOPSCORE, 27, [(0, 1, "57.00"), (2, 3, "49.00"), (4, 5, "48.00"), (6, 7, "46.00")]),
]  # fmt: skip
STARTS = [30, 30, 24, 24, 18, 18, 40, 40]


def _season(rows=SEASON, starts=STARTS):
    players = [MemberFactory() for _ in starts]
    for player, start in zip(players, starts, strict=True):
        _start([player], start)
    for n, (day, scoring, boards, pairs) in enumerate(rows):
        tournament = _pairs_event(
            day,
            [(players[a], players[b], result) for a, b, result in pairs],
            boards=boards,
            name=f"Kväll {n}",
        )
        if scoring == IMP:  # the same field scored as a butler: the score is the IMPs
            Tournament.objects.filter(pk=tournament.pk).update(scoring="butler")
    return players


def _walk_alone(players, scoring, rows=SEASON, starts=STARTS) -> dict[int, Decimal]:
    """The paper's walk over one scoring's competitions only, built here from the
    season's numbers and carried at two decimals as the history carries it."""
    ids = [str(p.pk) for p in players]
    fields = [
        Competition(
            id=f"{n:012d}",
            date=day,
            form=PAIRS,
            scoring=kind,
            boards=boards,
            entries=tuple(
                Entry(
                    str(i),
                    (ids[a], ids[b]),
                    float(result) if kind == TOPSCORE else float(result) / boards,
                )
                for i, (a, b, result) in enumerate(pairs)
            ),
        )  # fmt: skip
        for n, (day, kind, boards, pairs) in enumerate(rows)
        if kind == scoring
    ]
    start = dict(zip(ids, map(float, starts), strict=True))
    handicaps: dict[str, float] = {}
    for _competition, changes in walk(
        fields, handicaps, SBF_2007, first_handicap=lambda p, _day: start[p]
    ):
        for row in changes:
            handicaps[row.player] = round(row.new_handicap, 2)
    return {int(p): Decimal(f"{h:.2f}") for p, h in handicaps.items()}


def _held(member, scoring):
    return FormHandicap.objects.filter(member=member, scoring=scoring).first()


def test_a_topscore_only_player_has_the_general_handicap_as_topscore_handicap():
    """7.1 (lines 519-520): with only topscore competitions (3.2, line 168) the separate
    walk is the general walk."""
    topscore = [row for row in SEASON if row[1] == TOPSCORE]
    players = _season(topscore)
    recompute_from(None)
    recompute_form_handicaps()
    for player, start in zip(players, STARTS, strict=True):
        general = MemberHandicap.objects.get(member=player).handicap
        assert general != start  # the season moved it
        assert _held(player, TOPSCORE).handicap == general
        assert _held(player, IMP) is None  # no IMP competition, no IMP handicap


def test_each_scoring_is_a_walk_of_its_own_competitions():
    """7.1 (lines 516-520): topscore and IMP (3.2, lines 166-169) each walked alone,
    from the general walk's starts; the two differ from each other and from the
    general handicap, which walked them together."""
    players = _season()
    recompute_from(None)
    outcome = recompute_form_handicaps()
    assert outcome.held == {TOPSCORE: 8, IMP: 8}
    topscore = _walk_alone(players, TOPSCORE)
    imp = _walk_alone(players, IMP)
    for player in players:
        assert _held(player, TOPSCORE).handicap == topscore[player.pk]
        assert _held(player, IMP).handicap == imp[player.pk]
    first = players[0]
    general = MemberHandicap.objects.get(member=first).handicap
    assert len({topscore[first.pk], imp[first.pk], general}) == 3


def test_the_separate_walk_fields_hold_the_separate_handicaps():
    """7.1: a field of one scoring is compared at that scoring's handicaps. The walk
    with the general handicaps carried in would give other topscore figures."""
    players = _season()
    recompute_form_handicaps()
    mixed: dict[str, float] = {}
    start = {str(p.pk): float(s) for p, s in zip(players, STARTS, strict=True)}
    fields = []
    for n, (day, kind, boards, pairs) in enumerate(SEASON):
        entries = tuple(
            Entry(str(i), (str(players[a].pk), str(players[b].pk)),
                  float(r) if kind == TOPSCORE else float(r) / boards)
            for i, (a, b, r) in enumerate(pairs)
        )  # fmt: skip
        fields.append(Competition(f"{n:012d}", day, PAIRS, kind, boards, entries))
    last = {}
    for competition, changes in walk(
        fields, mixed, SBF_2007, first_handicap=lambda p, _d: start[p]
    ):
        for row in changes:
            mixed[row.player] = round(row.new_handicap, 2)
            if competition.scoring == TOPSCORE:
                last[row.player] = Decimal(f"{row.new_handicap:.2f}")
    assert _held(players[0], TOPSCORE).handicap != last[str(players[0].pk)]


def test_competitions_and_boards_are_counted_by_scoring_and_a_team_event_once():
    """Counts beside each figure: competitions (a team event's matches, 3.3.3.1, are
    one event as the history shows it) and boards played (G_N, line 123)."""
    players = _season()
    tournament, (home, away) = _event(2, day=date(2026, 3, 20))
    _match(tournament, home, away, 30, 12, round=1, boards=16)
    _match(tournament, home, away, 10, 25, round=2, boards=16)
    recompute_form_handicaps()
    first = players[0]
    # Topscore: 24 + 24 + 27 boards; IMP: 24 + 16.
    assert (_held(first, TOPSCORE).competitions, _held(first, TOPSCORE).boards) == (3, 75)
    assert (_held(first, IMP).competitions, _held(first, IMP).boards) == (2, 40)
    assert _held(first, TOPSCORE).updated_on == date(2026, 3, 9)
    assert _held(first, IMP).updated_on == date(2026, 3, 3)
    team_player = home.players.first().member
    row = _held(team_player, IMP)
    assert (row.competitions, row.boards, row.updated_on) == (1, 32, date(2026, 3, 20))
    assert _held(team_player, TOPSCORE) is None


def test_a_second_run_writes_nothing_and_a_lost_member_loses_the_row():
    """The rows are replaced, never added to: a run over the same results changes no
    row, and a member with no competition of a scoring any more has no row for it."""
    players = _season()
    recompute_form_handicaps()
    again = recompute_form_handicaps()
    assert (again.written, again.removed) == (0, 0)
    Tournament.objects.filter(scoring="butler").delete()
    gone = recompute_form_handicaps()
    assert gone.removed == 8 and gone.held[IMP] == 0
    assert _held(players[0], IMP) is None and _held(players[0], TOPSCORE) is not None


@pytest.mark.parametrize("general_first", [False, True])
def test_a_member_without_a_start_starts_from_their_master_points(general_first):
    """5.1 (10), lines 393-403: a member with no start held and no master points starts
    at 52, as the general walk starts them (which then holds that start)."""
    players = _season()
    newcomer, partner = MemberFactory(), MemberFactory()
    late = (date(2026, 3, 25), TOPSCORE, 24, [(8, 9, "55.00"), (0, 1, "45.00")])
    _pairs_event(
        late[0], [(newcomer, partner, "55.00"), (players[0], players[1], "45.00")], name="Ny"
    )
    if general_first:
        recompute_from(None)
        assert MemberHandicap.objects.get(member=newcomer).start == 52
    recompute_form_handicaps()
    alone = _walk_alone([*players, newcomer, partner], TOPSCORE, [*SEASON, late], [*STARTS, 52, 52])
    assert _held(newcomer, TOPSCORE).handicap == alone[newcomer.pk] != 52


def test_the_history_page_shows_both_with_their_counts(client):
    """7.1 on the member's history page: each scoring's figure, its counts and the day."""
    players = _season()
    recompute_form_handicaps()
    first = players[0]
    topscore, imp = _held(first, TOPSCORE), _held(first, IMP)
    body = client.get(f"/handicap/members/{first.mid}/", **EN).content.decode()
    part = body[body.index('id="form-handicaps"') : body.index('id="handicap-history-help"')]
    assert "By scoring (002 7.1):" in part
    shown = {row.scoring: for_display(float(row.handicap)) for row in (topscore, imp)}
    assert f"topscore <strong>{shown[TOPSCORE]}</strong> (3 competitions, 75 boards)" in part
    assert f"IMP <strong>{shown[IMP]}</strong> (2 competitions, 40 boards)" in part
    assert "as of 2026-03-09" in part
    assert part.index("topscore") < part.index("IMP")


def test_the_history_page_in_swedish_uses_decimal_commas(client):
    players = _season()
    recompute_form_handicaps()
    row = _held(players[0], TOPSCORE)
    body = client.get(
        f"/handicap/members/{players[0].mid}/", HTTP_ACCEPT_LANGUAGE="sv"
    ).content.decode()
    part = body[body.index('id="form-handicaps"') : body.index('id="handicap-history-help"')]
    assert f"<strong>{for_display(float(row.handicap))}</strong>".replace(".", ",") in part


def test_a_member_without_them_sees_nothing(client):
    member = MemberFactory()
    body = client.get(f"/handicap/members/{member.mid}/", **EN).content.decode()
    assert 'id="form-handicaps"' not in body and "By scoring" not in body


def test_the_command_prints_the_counts_and_the_time():
    players = _season()
    out = StringIO()
    call_command("recompute_form_handicaps", stdout=out)
    assert FormHandicap.objects.count() == 16
    assert (
        "handicaps by scoring recomputed: topscore 8, imp 8 members; 16 rows written"
        in out.getvalue()
    )
    assert out.getvalue().rstrip().endswith(" s")
    assert _held(players[0], IMP) is not None


def test_the_full_recompute_command_ends_with_them_and_since_does_not():
    players = _season()
    out = StringIO()
    call_command("recompute_handicaps", "--since", "2026-01-01", stdout=out)
    assert FormHandicap.objects.count() == 0
    call_command("recompute_handicaps", stdout=out)
    assert "handicaps by scoring recomputed" in out.getvalue()
    general = MemberHandicap.objects.get(member=players[0]).handicap
    assert _held(players[0], TOPSCORE).handicap != general  # its own walk, not a copy
    assert FormHandicap.objects.count() == 16


def test_the_nightly_task_is_scheduled_and_runs_the_service():
    from config.celery import app
    from handicap.tasks import recompute_form_handicaps as task

    entry = app.conf.beat_schedule["recompute-form-handicaps"]
    assert entry["task"] == task.name
    _season()
    assert task.delay().get() == 16
    assert FormHandicap.objects.count() == 16


def test_an_estimated_start_starts_the_separate_walks_too():
    """5.2 (lines 438-441): a player from abroad with the office's estimated handicap
    (20.8 from 150 estimated master points, equation 10) starts each scoring's walk
    from it, as the general walk does."""
    from handicap.models import StartEstimate

    players = _season()
    newcomer, partner = MemberFactory(), MemberFactory()
    StartEstimate.objects.create(
        member=newcomer, master_points=Decimal(150), reason="abroad", decided_on=date(2026, 3, 1)
    )
    late = (date(2026, 3, 25), TOPSCORE, 24, [(8, 9, "55.00"), (0, 1, "45.00")])
    _pairs_event(
        late[0], [(newcomer, partner, "55.00"), (players[0], players[1], "45.00")], name="Ny"
    )
    recompute_form_handicaps()
    alone = _walk_alone(
        [*players, newcomer, partner], TOPSCORE, [*SEASON, late], [*STARTS, 20.8, 52]
    )
    assert _held(newcomer, TOPSCORE).handicap == alone[newcomer.pk]
    assert (
        alone[newcomer.pk]
        != _walk_alone([*players, newcomer, partner], TOPSCORE, [*SEASON, late], [*STARTS, 52, 52])[
            newcomer.pk
        ]
    )
