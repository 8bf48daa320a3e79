"""A district championship as data (issue #21 point 1): a season's DM of one discipline,
its stages and its heats with their results. Seed 003 ("DM-tävlingar, par", "DM-
tävlingar, lag"); 000 line 1760: a DM is closed unless it says otherwise."""

import datetime as dt

import pytest
from django.db import IntegrityError, transaction
from django.utils import translation

from members.tests.factories import ClubFactory, DistrictFactory
from tournaments.championships.models import Championship, Heat, Stage

pytestmark = pytest.mark.django_db


def test_a_championship_has_its_stages_and_heats_and_is_closed_by_default():
    district = DistrictFactory()
    dm = Championship.objects.create(
        district=district, season=2024, discipline="open", form="pairs", name="DM Par Open"
    )
    assert dm.closed  # 000 line 1760
    heats = Stage.objects.create(championship=dm, kind=Stage.Kind.SILVER_HEATS)
    Heat.objects.create(stage=heats, name="Heat A", club=ClubFactory(district=district),
                        day=dt.date(2024, 10, 5))  # fmt: skip
    with translation.override("en"):
        assert [str(h) for h in Heat.objects.all()] == ["DM Par Open: silver heats: Heat A"]
    with pytest.raises(IntegrityError), transaction.atomic():
        Stage.objects.create(championship=dm, kind=Stage.Kind.SILVER_HEATS)
    with pytest.raises(IntegrityError), transaction.atomic():
        Championship.objects.create(
            district=district, season=2024, discipline="open", form="pairs", name="Again"
        )
