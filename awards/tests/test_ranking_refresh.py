"""The whole ranking is refreshed once a day by the sweep: results drop out after 24
months (000 ch. 7) and the list's filters follow memberships changed without a result."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from awards.models import RankingScore
from awards.services import refresh_stale_rankings
from awards.tests.test_award_step import _report
from config import tasks
from members.models import Membership
from members.services import current_season
from members.tests.factories import ClubFactory, MemberFactory

pytestmark = pytest.mark.django_db


def test_the_first_sweep_of_a_day_refreshes_the_whole_ranking():
    today = timezone.localdate()
    member = MemberFactory()
    # Points counted yesterday from a result that has since dropped out (no award
    # left): today's refresh takes them away.
    RankingScore.objects.create(
        member=member, points=Decimal(12), computed_on=today - timedelta(days=1), place=1
    )
    assert tasks.sweep_stuck_reports.apply().get() == 0
    assert not RankingScore.objects.filter(member=member).exists()
    assert refresh_stale_rankings(today) is False  # once a day


def test_a_refresh_stores_the_club_a_member_represents_now(field_with_points):
    member, club = field_with_points
    assert RankingScore.objects.get(member=member).club_id is None
    Membership.objects.create(member=member, club=club, season=current_season(), represents=True)
    RankingScore.objects.filter(member=member).update(
        computed_on=timezone.localdate() - timedelta(days=1)
    )
    assert refresh_stale_rankings(timezone.localdate()) is True
    score = RankingScore.objects.get(member=member)
    assert (score.club_id, score.district_id) == (club.pk, club.district_id)
    assert score.place == 1


@pytest.fixture
def field_with_points():
    _report([MemberFactory(mid=78001 + n) for n in range(24)], level="silver", boards=42)
    winner = RankingScore.objects.order_by("-points").first().member
    return winner, ClubFactory()
