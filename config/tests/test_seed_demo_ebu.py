"""The EBU demo season (issue #20 point 6): ``seed_demo --federation ebu --tournaments N``
builds club, county, regional, national, blue and green point events (pairs, teams,
Swiss, knock-outs, leagues, a ladder) under the licences they need, and awards them
through the EBU rulebook, so that every EBU page has something real to show.

Rules: seed 001 1.4.1 (open events need a licence), 3.2 (the licence's status level),
5.1 (blue points only where licensed), chapter 6 (green points, county events);
awards/domain/ebu/licensed.py (no licence: club status in local points and a warning;
a green event no award at all).
"""

from collections import Counter, defaultdict
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone, translation

from awards.domain.ebu.licensed import STATUS_BY_LEVEL
from awards.domain.ebu.rulebook import EBU
from awards.licensing import status_label
from awards.models import MasterPointAward, Promotion, TournamentAwards
from awards.season import recompute_season
from awards.services import LEDGER_FIELDS, award_tournament
from members.demo import build_demo_federation
from members.federation import EBU as EBU_PROFILE
from members.services import current_season
from tournaments.demo_ebu import DRAWN, PLAN, build_ebu_season
from tournaments.licences.demo import PLANS as OFFICE_PLANS
from tournaments.licences.demo import build_demo_licences
from tournaments.licences.demo_ebu import build_ebu_demo_season
from tournaments.licences.models import Licence, UmsStatement
from tournaments.models import EntryPlayer, Standing, TeamMatch, Tournament

pytestmark = pytest.mark.django_db

NO_LICENCE = "no granted licence covers its date: awarded at club status in local points"


@pytest.fixture(autouse=True)
def ebu(settings):
    settings.KLOVER_FEDERATION = "ebu"


def _federation(seed=3):
    build_demo_federation(
        members=300, clubs=40, seed=seed, season=current_season(), profile=EBU_PROFILE
    )
    build_demo_licences()


@pytest.fixture
def season():
    """The demo's federation and office licences, then a season of 60 events (each
    plan at least once) awarded by the recompute."""
    _federation()
    built, _licences = build_ebu_demo_season(tournaments=60, seed=3)
    recompute_season()
    return built


def test_seed_demo_builds_an_ebu_season_in_which_every_event_is_awarded():
    out = StringIO()
    call_command(
        "seed_demo", "--federation", "ebu", "--members", "300", "--clubs", "40",
        "--tournaments", "120", "--seed", "3", stdout=out,
    )  # fmt: skip
    # The office's own demo licences (tournaments.licences.demo) besides the season's.
    licensed = Licence.objects.count() - len(OFFICE_PLANS)
    issued = UmsStatement.objects.count()
    paid = UmsStatement.objects.filter(state=UmsStatement.State.PAID).count()
    assert (
        f"Demo season: 120 tournaments ({licensed} under a licence; {issued} club "
        f"statements, {paid} paid), " in out.getvalue()
    )
    # 1.3: the last two full months' statements, the older one paid by every other club.
    assert issued > paid > 0
    assert all(s.total > 0 and s.lines.exists() for s in UmsStatement.objects.all())
    runs = list(TournamentAwards.objects.select_related("tournament"))
    assert len(runs) == 120
    unawarded = [run for run in runs if run.awards == 0]
    # Only a green point event without the licence it needs goes without (chapter 6).
    assert unawarded and all("event" in run.tournament.award_options for run in unawarded)
    assert all("no granted licence covers its date" in run.reason_en for run in unawarded)
    assert all(EBU.check_options(t.award_options) == [] for t in Tournament.objects.all())
    ledger = Counter(MasterPointAward.objects.values_list("colour", flat=True))
    assert ledger["local"] > 1000 and ledger["blue"] > 50
    assert Promotion.objects.count() > 100
    granted = set(Licence.objects.exclude(status=None).values_list("status", "blue_points"))
    assert {status for status, _blue in granted} == {1, 2, 3, 4, 5}
    assert {(4, True), (5, True)} <= granted


def test_every_plan_is_played_and_awarded_as_its_licence_says(season):
    plans = season.plans
    assert set(plans.values()) == {plan.key for plan in DRAWN}
    runs = {run.tournament_id: run for run in TournamentAwards.objects.all()}
    colours = defaultdict(set)
    for tournament_id, colour in MasterPointAward.objects.values_list("tournament", "colour"):
        colours[tournament_id].add(colour)
    for tournament_id, key in plans.items():
        plan, run = PLAN[key], runs[tournament_id]
        if key in ("unlicensed-county", "unlicensed-blue"):
            assert (run.status, run.licence) == ("club", "")
            assert NO_LICENCE in run.warning_en and run.awards > 0
            assert colours[tournament_id] == {"local"}
        elif key == "licence-says-less":
            assert run.status == "county" and run.licence
            assert "the results say status regional, the licence county" in run.warning_en
        elif key == "unlicensed-green":
            assert run.awards == 0 and "a green point event is awarded by its licence" in (
                run.reason_en
            )
        else:
            # 3.2: the status is the licence's; a club's own session needs none (1.4.1).
            assert run.awards > 0 and run.warning_en == "", key
            assert run.status == STATUS_BY_LEVEL[plan.licence or 1]
            assert bool(run.licence) == bool(plan.licence)
            # 5.1: blue under a blue licence; chapter 6's events in green points.
            expected = "green" if "event" in plan.facts else "blue" if plan.blue else "local"
            assert colours[tournament_id] == {expected}, key


def test_a_licensed_event_has_its_clubs_day_to_itself(season):
    """A licence covers every event its club plays on its days (awards.services
    .licence_seen): no other event of that club may fall on them."""
    licensed = [t for t, key in season.plans.items() if PLAN[key].licence]
    assert len(licensed) == len(season.licences) > 10
    for tournament in Tournament.objects.filter(pk__in=licensed):
        licence = Licence.objects.get(
            organisation__club=tournament.organiser_club_id,
            start_date__lte=tournament.start_date,
            end_date__gte=tournament.start_date,
        )
        played = Tournament.objects.filter(
            organiser_club=tournament.organiser_club_id,
            start_date__range=(licence.start_date, licence.end_date),
        )
        assert [t.name for t in played] == [licence.event_name]
        assert licence.status == PLAN[season.plans[tournament.pk]].licence


def test_the_pipelines_award_step_gives_the_recomputes_rows(season):
    """One event of each plan: awarded alone by the pipeline's step, the same ledger
    rows and award runs as the season's recompute wrote."""
    first_of = {}
    for tournament_id, key in sorted(season.plans.items()):
        first_of.setdefault(key, tournament_id)
    ids = sorted(first_of.values())
    ledger = MasterPointAward.objects.filter(tournament__in=ids)
    awarded = TournamentAwards.objects.filter(tournament__in=ids)
    run_fields = ("tournament_id", "awards", "status", "licence", "warning_en", "reason_en")
    by_recompute = (
        sorted(ledger.values_list(*LEDGER_FIELDS)),
        sorted(awarded.values_list(*run_fields)),
    )
    assert len(by_recompute[0]) > 300
    ledger.delete()
    awarded.delete()
    for tournament in Tournament.objects.filter(pk__in=ids).order_by("start_date", "pk"):
        award_tournament(tournament)
    by_pipeline = (
        sorted(ledger.values_list(*LEDGER_FIELDS)),
        sorted(awarded.values_list(*run_fields)),
    )
    assert by_pipeline == by_recompute


def test_the_same_seed_draws_the_same_season():
    _federation()

    def drawn(tournaments):
        rows = tournaments.order_by("pk").values_list(
            "name", "start_date", "organiser_club", "kind", "boards", "award_options"
        )
        players = EntryPlayer.objects.filter(entry__section__tournament__in=tournaments)
        return list(rows), list(players.order_by("pk").values_list("member_id", flat=True))

    first = build_ebu_season(tournaments=40, seed=5)
    second = build_ebu_season(tournaments=40, seed=5)
    one, two = (Tournament.objects.filter(pk__in=s.plans) for s in (first, second))
    assert drawn(one) == drawn(two)
    other = build_ebu_season(tournaments=40, seed=6)
    assert drawn(Tournament.objects.filter(pk__in=other.plans)) != drawn(one)


def test_a_knock_out_is_played_round_by_round_and_placed_by_the_round_lost():
    """4.7.4-4.7.5: a preliminary round (0) brings the field to a power of two, then
    each round halves it; the winner wins every match it plays."""
    _federation()
    built = build_ebu_season(tournaments=6, seed=2, plans=("county-knockout",))
    for tournament in Tournament.objects.filter(pk__in=built.plans):
        teams = tournament.entries_count
        matches = list(TeamMatch.objects.filter(tournament=tournament).order_by("round"))
        assert len(matches) == teams - 1  # everybody but the winner loses once
        full = 1 << (teams.bit_length() - 1)
        by_round = Counter(m.round for m in matches)
        assert by_round.get(0, 0) == teams - full
        assert [by_round[r] for r in range(1, full.bit_length())] == [
            full >> r for r in range(1, full.bit_length())
        ]
        winner = Standing.objects.get(entry__section__tournament=tournament, place=1).entry_id
        played = [m for m in matches if winner in (m.home_id, m.away_id)]
        assert all((m.imps_home > m.imps_away) == (m.home_id == winner) for m in played), (
            "the winner lost a match"
        )
        assert played[-1].round == max(by_round)


def test_licensed_green_point_events_are_awarded_in_green_points():
    _federation()
    green = ["green-pairs-final", "green-swiss-teams"]
    built, _licences = build_ebu_demo_season(tournaments=4, seed=3, plans=green)
    recompute_season(on=timezone.localdate())
    runs = TournamentAwards.objects.filter(tournament__in=built.plans)
    assert all(run.awards > 0 and run.status == "county" for run in runs)
    assert set(MasterPointAward.objects.values_list("colour", flat=True)) == {"green"}


def test_each_plans_tournament_page_shows_its_status_licence_and_warning(season, client):
    first_of = {}
    for tournament_id, key in sorted(season.plans.items()):
        first_of.setdefault(key, tournament_id)
    runs = TournamentAwards.objects.in_bulk(first_of.values(), field_name="tournament_id")
    for key, tournament_id in first_of.items():
        page = client.get(f"/tournaments/{tournament_id}/", HTTP_ACCEPT_LANGUAGE="en")
        assert page.status_code == 200, key
        text = page.content.decode()
        run = runs[tournament_id]
        with translation.override("en"):
            assert f'<span id="award-status">{status_label(run.status)}' in text, key
        if run.licence:
            assert f"licence {run.licence}" in text, key
        if run.warning_en:
            assert 'id="award-warning"' in text and run.warning_en in text, key
        if key == "unlicensed-green":
            assert 'id="award-none"' in text
