"""The busy lists (ranking, club members, tournaments) keep their tables in the cache
under a version of their own (members/common/pages.py, cached_list); whatever writes
what a list shows raises the version, so no list is ever stale after a report."""

import random
from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.cache import cache
from django.utils import timezone

from awards.models import MasterPointAward, MasterPointHolding, RankingScore
from awards.services import refresh_holdings, store_ranking_facts
from config.pipeline import record_failure, run_step
from handicap.services import seed_start_handicaps
from members.common.pages import (
    CLUB_MEMBERS,
    MASTERPOINTS_LIST,
    RANKING_LIST,
    TOURNAMENT_LIST,
    list_version,
    lists_changed,
)
from members.models import Membership
from members.services import current_season
from members.tests.factories import ClubFactory, MemberFactory
from tournaments import services
from tournaments.benchmarking import synthetic_usebio
from tournaments.models import Tournament

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def _page(client, path: str) -> str:
    response = client.get(path, **EN)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_processed_report_shows_on_the_lists_at_once(client):
    field = [MemberFactory(mid=78001 + n) for n in range(40)]
    seed_start_handicaps()
    # Seen, and so kept, before the report.
    assert "No member is ranked yet." in _page(client, "/masterpoints/ranking/")
    assert "No member holds master points yet." in _page(client, "/masterpoints/list/")
    assert "No tournament matches." in _page(client, "/tournaments/")
    data = synthetic_usebio(
        tables=10, boards=42, mids=[m.mid for m in field], rng=random.Random(5),
        event_id="lists", day=timezone.localdate() - timedelta(days=2),
    )  # fmt: skip
    tournament = services.import_results(
        data=data, filename="lists.xml", organiser=ClubFactory(), run_pipeline=False
    ).tournament
    listed = _page(client, "/tournaments/")
    assert tournament.name in listed and ">queued<" in listed
    Tournament.objects.filter(pk=tournament.pk).update(level=Tournament.Level.SILVER)
    for step in ("handicap_list", "awards", "handicaps", "rankings", "later_handicaps"):
        run_step(tournament_id=tournament.pk, version=tournament.report_version, step=step)

    listed = _page(client, "/tournaments/")
    assert ">done<" in listed and ">queued<" not in listed
    assert '<td class="num">20</td>' in listed  # the stored count of its 20 pairs
    winner = MasterPointAward.objects.filter(tournament=tournament, colour="silver")[0].member
    score = RankingScore.objects.get(member=winner)
    ranking = _page(client, "/masterpoints/ranking/")
    assert f'<a href="/members/{winner.mid}/">{winner.full_name}</a>' in ranking
    assert f"{score.points.normalize():f}" in ranking
    held = MasterPointHolding.objects.get(member=winner).master_points
    assert f"{winner.full_name}</a></td><td>" in _page(client, "/masterpoints/list/")
    assert f'<td class="num">{held.normalize():f}</td>' in _page(client, "/masterpoints/list/")


@pytest.mark.django_db
def test_a_list_seen_again_reads_no_rows(client, django_assert_num_queries):
    club = ClubFactory()
    for n in range(3):
        member = MemberFactory(mid=78101 + n)
        Membership.objects.create(member=member, club=club, season=current_season())
        RankingScore.objects.create(
            member=member, points=Decimal(10 + n), computed_on=timezone.localdate()
        )
    store_ranking_facts()
    # The rows; the districts of the filter's fields (and the ranking's clubs).
    MasterPointHolding.objects.create(
        member=member, gold=Decimal(1), master_points=Decimal(1)
    )  # the last member's
    # The master points list: and the place of its first row and how many share each
    # of its totals.
    for path, first in (
        ("/masterpoints/ranking/", 3),
        ("/tournaments/", 2),
        ("/masterpoints/list/", 5),
    ):
        with django_assert_num_queries(first):
            _page(client, path)
        with django_assert_num_queries(0):
            _page(client, path)
    with django_assert_num_queries(2):  # the club; its members
        _page(client, f"/clubs/{club.pk}/")
    with django_assert_num_queries(1):  # the club's facts, read live
        again = _page(client, f"/clubs/{club.pk}/")
    assert again.count('<a href="/members/7810') == 3


@pytest.mark.django_db
def test_a_rename_or_new_membership_shows_on_the_club_page_and_ranking_at_once(client):
    club = ClubFactory()
    member = MemberFactory(mid=78201, last_name="Förra")
    Membership.objects.create(member=member, club=club, season=current_season())
    RankingScore.objects.create(member=member, points=Decimal(5), computed_on=timezone.localdate())
    store_ranking_facts()
    assert "Förra" in _page(client, f"/clubs/{club.pk}/")
    assert "Förra" in _page(client, "/masterpoints/ranking/")
    member.last_name = "Senare"
    member.save()
    newcomer = MemberFactory(mid=78202, last_name="Nykomling")
    Membership.objects.create(member=newcomer, club=club, season=current_season())
    page = _page(client, f"/clubs/{club.pk}/")
    assert "Senare" in page and "Nykomling" in page and "Förra" not in page
    assert "Senare" in _page(client, "/masterpoints/ranking/")


def _award(member, tournament: Tournament, colour: str, credited: int) -> None:
    MasterPointAward.objects.create(
        member=member, tournament=tournament, colour=colour, exact=credited,
        credited=credited, table="A1", rule_version="test", awarded_on=tournament.start_date,
    )  # fmt: skip


@pytest.mark.django_db
def test_a_holding_change_shows_on_the_master_points_list_and_the_ranking_at_once(client):
    """Holdings are written by one service (``refresh_holdings``, where the award step,
    a withdrawn report and the season's recompute end): it raises both lists."""
    day = timezone.localdate()
    evening = Tournament.objects.create(name="Kväll", start_date=day, end_date=day)
    leader, chaser = MemberFactory(mid=78401), MemberFactory(mid=78402)
    _award(leader, evening, "gold", 3)
    _award(chaser, evening, "silver", 15)  # 1.5 mp: no class yet
    refresh_holdings([leader.pk, chaser.pk])
    RankingScore.objects.create(member=chaser, points=Decimal(30), computed_on=day)
    store_ranking_facts()
    listed = _page(client, "/masterpoints/list/")
    assert listed.index("78401") < listed.index("78402")
    assert '<td class="master-class">–</td>' in _page(client, "/masterpoints/ranking/")
    late = Tournament.objects.create(
        event_id="late", name="Sen kväll", start_date=day, end_date=day
    )
    _award(chaser, late, "gold", 20)  # 21.5 mp: a Rutermästare, ahead of the leader
    refresh_holdings([chaser.pk])
    listed = _page(client, "/masterpoints/list/")
    assert listed.index("78402") < listed.index("78401")
    assert '<td class="num">21.5</td>' in listed
    assert '<td class="master-class">Diamond Master</td>' in _page(client, "/masterpoints/ranking/")


@pytest.mark.django_db
def test_a_rename_a_new_club_and_a_club_rename_show_on_the_master_points_list_at_once(client):
    """The master points list names the member and the club they represent this season,
    as the ranking does: kept under the ranking's version too, which every writer of
    names and memberships raises (members.services); a club's save raises both."""
    day = timezone.localdate()
    evening = Tournament.objects.create(name="Kväll", start_date=day, end_date=day)
    old_club = ClubFactory(name="Gamla BK")
    member = MemberFactory(mid=78501, last_name="Förra")
    membership = Membership.objects.create(
        member=member, club=old_club, season=current_season(), represents=True
    )
    _award(member, evening, "gold", 2)
    refresh_holdings([member.pk])
    RankingScore.objects.create(member=member, points=Decimal(5), computed_on=day)
    store_ranking_facts()
    listed = _page(client, "/masterpoints/list/")
    assert "Förra" in listed and "Gamla BK" in listed
    member.last_name = "Senare"
    member.save()
    assert "Senare" in _page(client, "/masterpoints/list/")
    membership.club = ClubFactory(name="Nya BK")
    membership.save()
    assert "Nya BK" in _page(client, "/masterpoints/list/")
    club = membership.club
    club.name = "Omdöpta BK"
    club.save()
    assert "Omdöpta BK" in _page(client, "/masterpoints/list/")
    store_ranking_facts([member.pk])  # the ranking's club, stored at a refresh
    club.name = "Åter Omdöpta BK"
    club.save()
    assert "Åter Omdöpta BK" in _page(client, "/masterpoints/ranking/")


@pytest.mark.django_db
def test_a_failure_a_count_a_rename_and_an_organiser_show_on_the_tournament_list(client):
    club = ClubFactory(name="Gamla Klubben")
    tournament = Tournament.objects.create(
        name="Måndagsbridge",
        start_date=timezone.localdate(),
        end_date=timezone.localdate(),
        organiser_club=club,
    )
    assert "Måndagsbridge" in _page(client, "/tournaments/")
    record_failure(
        tournament_id=tournament.pk, version=tournament.report_version, step="awards",
        exc=RuntimeError("boom"),
    )  # fmt: skip
    assert ">failed<" in _page(client, "/tournaments/")
    Tournament.objects.filter(pk=tournament.pk).update(entries_count=99)  # a stray writer
    assert '<td class="num">99</td>' not in _page(
        client, "/tournaments/"
    )  # kept until a version...
    Tournament.count_entries([tournament.pk])  # ...which the counting writer raises
    assert '<td class="num">0</td>' in _page(client, "/tournaments/")
    club.name = "Nya Klubben"
    club.save()
    tournament.name = "Tisdagsbridge"
    tournament.save()
    page = _page(client, "/tournaments/")
    assert "Nya Klubben" in page and "Tisdagsbridge" in page
    tournament.delete()
    assert "Tisdagsbridge" not in _page(client, "/tournaments/")


@pytest.mark.django_db
def test_a_version_is_raised_at_once_and_again_when_the_writer_commits(
    django_capture_on_commit_callbacks,
):
    seen = [list_version(RANKING_LIST)]
    with django_capture_on_commit_callbacks(execute=True):
        lists_changed(RANKING_LIST, CLUB_MEMBERS)
        seen.append(list_version(RANKING_LIST))  # a reader of the writer's transaction
    seen.append(list_version(RANKING_LIST))  # one who looked in between
    assert len(set(seen)) == 3
    assert list_version(TOURNAMENT_LIST) == list_version(TOURNAMENT_LIST)
    assert list_version(MASTERPOINTS_LIST) == list_version(MASTERPOINTS_LIST)


@pytest.mark.django_db
def test_a_lost_version_never_comes_back(client):
    """A version is a token, not a count: after the cache lost its versions (a restart
    without persistence), an old copy must not be found again."""
    old = list_version(TOURNAMENT_LIST)
    cache.delete(f"list-version:{TOURNAMENT_LIST}")
    assert list_version(TOURNAMENT_LIST) not in (None, old)


@pytest.mark.django_db
def test_the_lists_are_shown_when_the_cache_cannot_be_reached(client, settings):
    club = ClubFactory()
    member = MemberFactory(mid=78301, last_name="Utanförcache")
    Membership.objects.create(member=member, club=club, season=current_season())
    # Nothing listens on port 1: every cache call fails at once.
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
        }
    }
    assert "Utanförcache" in _page(client, f"/clubs/{club.pk}/")
    assert "No member is ranked yet." in _page(client, "/masterpoints/ranking/")
    assert "No member holds master points yet." in _page(client, "/masterpoints/list/")
    assert "No tournament matches." in _page(client, "/tournaments/")
