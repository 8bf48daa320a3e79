"""The federation profile (members/federation.py, issue 14): one database serves one
federation, and its rulebook, event scheme, money, region words, printed name and
default language come from ``KLOVER_FEDERATION``."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from members.federation import EBU, SBF, EventScheme, current, profile_of, region_label
from members.tests.factories import ClubFactory

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def test_each_profile_names_its_parts():
    assert (SBF.rulebook, SBF.event_scheme, SBF.currency, SBF.language) == (
        "sbf",
        EventScheme.SANCTIONS,
        "SEK",
        "sv",
    )
    assert (EBU.rulebook, EBU.event_scheme, EBU.currency, EBU.language) == (
        "ebu",
        EventScheme.LICENCES,
        "GBP",
        "en",
    )
    assert EBU.money(Decimal("60.00")) == "£60.00"
    assert SBF.money(Decimal("60.00")) == "60.00 kr"


def test_an_unknown_federation_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="use one of ebu, sbf"):
        profile_of("dbf")


@pytest.mark.parametrize(
    ("code", "language", "word", "plural"),
    [
        ("sbf", "sv", "distrikt", "distrikt"),
        ("sbf", "en", "district", "districts"),
        ("ebu", "sv", "grevskap", "grevskap"),
        ("ebu", "en", "county", "counties"),
    ],
)
def test_the_region_word_follows_the_profile_and_the_language(
    settings, code, language, word, plural
):
    settings.KLOVER_FEDERATION = code
    with translation.override(language):
        assert (current().region_word, current().regions_word) == (word, plural)
        assert str(region_label) == word.capitalize()


@pytest.mark.django_db
def test_the_pages_say_county_in_an_ebu_federation(client, settings):
    club = ClubFactory()
    body = client.get(club.get_absolute_url(), **EN).content.decode()
    assert ">District</a>" in body and "<dt>District</dt>" in body
    settings.KLOVER_FEDERATION = "ebu"
    body = client.get(club.get_absolute_url(), **EN).content.decode()
    assert ">County</a>" in body and "<dt>County</dt>" in body and "District" not in body
    body = client.get(club.get_absolute_url()).content.decode()  # Swedish by the browser
    assert ">Grevskap</a>" in body
    body = client.get(reverse("members:search") + "?kind=district", **EN).content.decode()
    assert "Search county" in body


@pytest.mark.django_db
def test_each_federation_serves_only_its_own_scheme(client, settings):
    assert client.get(reverse("sanctions:calendar")).status_code == 200
    assert client.get(reverse("licences:events")).status_code == 404
    settings.KLOVER_FEDERATION = "ebu"
    assert client.get(reverse("sanctions:calendar")).status_code == 404
    assert client.get(reverse("licences:events")).status_code == 200
