"""Sanction applications and the people who handle them, for the sanction tests."""

import datetime as dt

import factory

from members.tests.factories import (
    ClubFactory,
    DistrictFactory,
    club_admin,
    district_official,
    office_staff,
)
from tournaments.sanctions.models import Sanction


def next_season_day(month: int = 10, day: int = 11) -> dt.date:
    """A Saturday-or-so date safely in the future: the coming season's autumn."""
    from members.services import current_season

    return dt.date(current_season() + 1, month, day)


class SanctionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Sanction

    club = factory.SubFactory(ClubFactory, members_count=150)
    district = factory.LazyAttribute(lambda s: s.club.district)
    level = Sanction.Level.SILVER
    form_of_play = Sanction.Form.PAIRS
    name = factory.Sequence(lambda n: f"Höstsilver {n}")
    start_date = factory.LazyFunction(next_season_day)
    end_date = factory.LazyAttribute(lambda s: s.start_date)
    entries = 24
    boards = 48
    expected_players = 48
    expected_players_other_clubs = 20
    contact_name = "Karin Kontakt"
    contact_email = "kontakt@example.se"
    address = "Storgatan 1"
    phone = "046-123456"
    postcode = "222 20"
    town = "Lund"
    director = "Tore Tävlingsledare"
    venue = "Bridgehuset"
    submitted_by_name = "Karin Kontakt"
    submitted_by_phone = "046-123456"


__all__ = [
    "ClubFactory",
    "DistrictFactory",
    "SanctionFactory",
    "club_admin",
    "district_official",
    "next_season_day",
    "office_staff",
]
