"""Organisations, licences and fee rates, and the people who handle them, for the
licence tests."""

import datetime as dt
from decimal import Decimal

import factory
from django.utils import timezone

from members.models import Role
from members.tests.factories import ClubFactory, DistrictFactory, member_with_login, office_staff
from tournaments.licences.models import FeeRate, Licence, Organisation


def future_day(days: int = 60) -> dt.date:
    """A day safely after today, in the same year where possible (yearly limits)."""
    today = timezone.localdate()
    day = today + dt.timedelta(days=days)
    if day.year != today.year and today + dt.timedelta(days=2) < dt.date(today.year, 12, 31):
        day = dt.date(today.year, 12, 31)
    return day


class OrganisationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Organisation

    name = factory.Sequence(lambda n: f"Bridge Club {n}")
    kind = Organisation.Kind.AFFILIATED_CLUB
    club = factory.SubFactory(ClubFactory)
    county = factory.LazyAttribute(lambda o: o.club.district if o.club else None)
    email = "club@example.org"


class LicenceFactory(factory.django.DjangoModelFactory):
    """A submitted open event; pass ``state`` and the office's fields for later ones."""

    class Meta:
        model = Licence

    organisation = factory.SubFactory(OrganisationFactory)
    licence_type = Licence.Type.OPEN_EVENT
    event_name = factory.Sequence(lambda n: f"Spring Congress {n}")
    start_date = factory.LazyFunction(future_day)
    end_date = factory.LazyAttribute(lambda o: o.start_date)
    sessions = 2
    expected_tables = 20
    proposed_status = 2
    submitted_at = factory.LazyFunction(timezone.now)


class FeeRateFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = FeeRate

    licence_type = Licence.Type.OPEN_EVENT
    payer = FeeRate.Payer.STANDARD
    per_table_session = Decimal("1.50")
    per_heat = Decimal(0)
    minimum = Decimal(0)
    valid_from = dt.date(2000, 1, 1)


def organiser(organisation: Organisation, **kwargs):
    """A login that applies for ``organisation``: its club's administrator, or
    else one of its named administrators."""
    member = member_with_login(**kwargs)
    if organisation.club_id:
        Role.objects.create(member=member, kind=Role.Kind.CLUB_ADMIN, club=organisation.club)
    else:
        organisation.administrators.add(member)
    return member.user


__all__ = [
    "ClubFactory",
    "DistrictFactory",
    "FeeRateFactory",
    "LicenceFactory",
    "OrganisationFactory",
    "future_day",
    "office_staff",
    "organiser",
]
