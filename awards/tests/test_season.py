"""A season's recompute (``awards.season``) and the bulk writes under it.

The recompute must give exactly what the pipeline's award and ranking steps give
one tournament at a time, and on a second run write nothing.
"""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.db import connection
from django.utils import timezone

from awards.models import (
    MasterPointAward,
    MasterPointHolding,
    Promotion,
    RankingScore,
    TournamentAwards,
)
from awards.season import recompute_season
from awards.services import LEDGER_FIELDS, award_tournament, refresh_rankings
from members.demo import build_demo_federation
from members.services import current_season
from tournaments.demo import build_demo_season
from tournaments.models import Standing, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def season():
    build_demo_federation(members=400, clubs=21, seed=3, season=current_season())
    build_demo_season(tournaments=90, seed=3, days=700)


def _snapshot() -> dict[str, list]:
    return {
        "ledger": sorted(MasterPointAward.objects.values_list(*LEDGER_FIELDS)),
        "runs": sorted(
            TournamentAwards.objects.values_list("tournament_id", "awards", "reason_en")
        ),
        "holdings": sorted(
            MasterPointHolding.objects.values_list(
                "member_id", "bronze", "silver", "gold", "master_class", "rank"
            )
        ),
        "promotions": sorted(
            Promotion.objects.values_list(
                "member_id", "master_class", "rank", "reached_on", "tournament_id"
            )
        ),
        "ranking": sorted(RankingScore.objects.values_list("member_id", "points")),
    }


def _wipe() -> None:
    for model in (Promotion, MasterPointHolding, RankingScore, MasterPointAward, TournamentAwards):
        model.objects.all().delete()


def test_the_recompute_gives_what_the_pipeline_gives(season):
    today = timezone.localdate()
    for tournament in Tournament.objects.order_by("start_date", "pk"):
        award_tournament(tournament)
    refresh_rankings(MasterPointAward.objects.values_list("member_id", flat=True), on=today)
    by_pipeline = _snapshot()
    # Not a trivial season: every colour, classes reached, ranking points.
    colours = {row[2] for row in by_pipeline["ledger"]}
    assert colours == {"bronze", "silver", "gold"}
    assert len(by_pipeline["promotions"]) > 50
    assert len(by_pipeline["ranking"]) > 20

    _wipe()
    report = recompute_season(on=today)
    assert _snapshot() == by_pipeline
    assert report.tournaments == 90
    assert report.written == len(by_pipeline["ledger"])
    assert (report.deleted, report.unchanged) == (0, 0)


def test_a_second_recompute_writes_nothing_and_a_changed_result_only_its_rows(season):
    first = recompute_season()
    assert first.written > 0
    before = _snapshot()

    again = recompute_season()
    assert (again.written, again.deleted, again.unchanged) == (0, 0, first.written)
    assert _snapshot() == before

    # The winners and the runners-up of one bronze pairs event swap places.
    tournament = Tournament.objects.filter(kind="pairs", level="bronze").order_by("pk").first()
    standings = {
        s.place: s
        for s in Standing.objects.filter(entry__section__tournament=tournament, place__lte=2)
    }
    if standings[1].place_to != 1 or standings[2].place_to != 2:
        pytest.skip("the first places of this demo event are shared")
    standings[1].place = standings[1].place_to = 2
    standings[2].place = standings[2].place_to = 1
    Standing.objects.bulk_update(standings.values(), ["place", "place_to"])
    changed = recompute_season()
    # Four players change their award (two pairs); nothing else is written.
    assert (changed.written, changed.deleted) == (4, 4)
    assert changed.unchanged == first.written - 4


def test_a_recompute_over_a_date_range_leaves_older_tournaments_alone(season):
    recompute_season()
    cut = timezone.localdate() - timedelta(days=200)
    old = MasterPointAward.objects.filter(awarded_on__lt=cut)
    old_rows = sorted(old.values_list("pk", "credited"))
    MasterPointAward.objects.filter(awarded_on__gte=cut).update(credited=Decimal("0.01"))
    report = recompute_season(start=cut)
    assert report.tournaments == Tournament.objects.filter(start_date__gte=cut).count()
    assert report.written == MasterPointAward.objects.filter(awarded_on__gte=cut).count() > 0
    assert sorted(old.values_list("pk", "credited")) == old_rows
    assert not MasterPointAward.objects.filter(credited=Decimal("0.01")).exists()


def test_the_command_reports_what_it_wrote(season, capsys):
    call_command("recompute_awards", "--workers", "1")
    out = capsys.readouterr().out
    written = MasterPointAward.objects.count()
    assert f"90 tournaments (0 without awards); ledger rows: {written} written" in out
    assert "total (wall clock, commit included)" in out


def test_the_command_refuses_a_range_that_ends_before_it_starts(db):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="--from 2026-05-01 is after --to 2026-04-01"):
        call_command("recompute_awards", "--from", "2026-05-01", "--to", "2026-04-01")


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="worker processes: PostgreSQL only")
def test_worker_processes_give_what_one_process_gives():
    build_demo_federation(members=300, clubs=21, seed=4, season=current_season())
    build_demo_season(tournaments=60, seed=4)
    from awards import season as season_module

    chunk, season_module.CHUNK = season_module.CHUNK, 15
    try:
        recompute_season(workers=1)
        alone = _snapshot()
        _wipe()
        report = recompute_season(workers=2)
    finally:
        season_module.CHUNK = chunk
    assert _snapshot() == alone
    assert any("2 processes" in phase for phase in report.seconds)
