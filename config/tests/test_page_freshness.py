"""Cached page parts are never stale: each pipeline step that changes what a member's
page shows raises the member's page version in its own transaction (members.services.
member_pages_changed), so the next view renders anew, in any process."""

import random
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone, translation

from awards.models import MasterPointAward, RankingScore
from config.pipeline import run_step
from handicap.services import seed_start_handicaps
from members.models import Membership
from members.services import current_season, member_pages_changed
from members.tests.factories import ClubFactory, MemberFactory
from members.views import member_page_key
from tournaments import services
from tournaments.benchmarking import synthetic_usebio
from tournaments.models import Tournament

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


@pytest.mark.django_db(transaction=True)
def test_a_processed_report_shows_on_the_member_page_at_once(client):
    field = [MemberFactory(mid=79001 + n) for n in range(40)]  # 10 tables of pairs
    seed_start_handicaps()
    for member in field:  # every page seen, and so cached, before the report
        before = client.get(member.get_absolute_url(), **EN).content.decode()
        assert "No master points reported yet." in before
        assert 'id="handicap-no-history"' in before
    data = synthetic_usebio(
        tables=10, boards=42, mids=[m.mid for m in field], rng=random.Random(3),
        event_id="fresh", day=timezone.localdate() - timedelta(days=3),
    )  # fmt: skip
    outcome = services.import_results(
        data=data, filename="fresh.xml", organiser=ClubFactory(), run_pipeline=False
    )
    tournament = outcome.tournament
    Tournament.objects.filter(pk=tournament.pk).update(level=Tournament.Level.SILVER)
    for step in ("handicap_list", "awards", "handicaps", "rankings", "later_handicaps"):
        run_step(tournament_id=tournament.pk, version=tournament.report_version, step=step)

    winner = MasterPointAward.objects.filter(tournament=tournament, colour="silver")[0].member
    assert winner.page_version > 0
    after = client.get(winner.get_absolute_url(), **EN).content.decode()
    assert tournament.name in after and 'id="award-list"' in after
    assert 'id="handicap-history"' in after
    score = RankingScore.objects.get(member=winner)
    place = str(score.place) if score.place == score.place_to else f"{score.place}–{score.place_to}"
    assert f"place {place} in the country" in after
    for member in field:  # nobody's page is left as it was
        page = client.get(member.get_absolute_url(), **EN).content.decode()
        assert 'id="handicap-no-history"' not in page


@pytest.mark.django_db
def test_a_page_seen_twice_is_rendered_once_until_the_member_changes(client):
    member = MemberFactory(mid=79101)
    client.get("/members/79101/", **EN)
    member.refresh_from_db()

    def kept() -> bool:
        with translation.override("en"):
            return cache.get(f"{member_page_key(member)}:page:visitor") is not None

    assert kept()
    before = member.page_version
    member_pages_changed([member.pk])
    member.refresh_from_db()
    assert member.page_version == before + 1
    assert not kept()  # the new version's copy is made at the next view
    client.get("/members/79101/", **EN)
    assert kept()


@pytest.mark.django_db
def test_a_new_club_or_name_shows_at_once(client):
    member = MemberFactory(mid=79102, last_name="Först")
    assert "Först" in client.get("/members/79102/", **EN).content.decode()
    club = ClubFactory(name="Nya Bridgeklubben")
    Membership.objects.create(member=member, club=club, season=current_season())
    member.last_name = "Sedan"
    member.save()
    body = client.get("/members/79102/", **EN).content.decode()
    assert "Nya Bridgeklubben" in body and "Sedan" in body
