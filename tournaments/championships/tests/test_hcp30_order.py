"""DM Par Hcp 30+ (003 line 308): every stage is played with handicap and the result
with handicap decides, so the championship reads a heat's lines in their order with
handicap."""

import pytest

from members.tests.factories import DistrictFactory
from tournaments.championships.models import Championship, Heat, Stage
from tournaments.championships.selectors import heat_lines
from tournaments.championships.tests.test_pages import _heat_tournament
from tournaments.models import Standing

pytestmark = pytest.mark.django_db


def _final(discipline: str) -> Heat:
    championship = Championship.objects.create(
        district=DistrictFactory(), season=2024, discipline=discipline, form="pairs", name="DM"
    )
    stage = Stage.objects.create(championship=championship, kind=Stage.Kind.FINAL)
    tournament = _heat_tournament("Final", 4)
    # with handicap the order turns round: pair 4 wins, pair 1 is last
    for standing in Standing.objects.filter(entry__section__tournament=tournament):
        standing.handicap_place = standing.handicap_place_to = 5 - standing.place
        standing.save()
    return Heat.objects.create(stage=stage, name="Final", tournament=tournament)


def test_hcp30_reads_the_order_with_handicap():
    lines = heat_lines(_final("hcp30"))
    assert [line.name for line in lines] == [f"Final pair {n}" for n in (4, 3, 2, 1)]
    assert [line.place for line in lines] == [1, 2, 3, 4]


def test_other_disciplines_read_the_order_without():
    lines = heat_lines(_final("open"))
    assert [line.name for line in lines] == [f"Final pair {n}" for n in (1, 2, 3, 4)]
