"""The federation a Klöver database serves, chosen by ``KLOVER_FEDERATION`` (sbf or ebu):
its master points rulebook, its scheme for events (the SBF's sanctions or the EBU's
licences), its money, its word for a region, its name on printed documents and its
default language. One database serves one federation; the code is the same for all.
Code asks the profile (``current()``) instead of testing the federation's name."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from functools import wraps

from django.conf import settings
from django.http import Http404
from django.utils.functional import lazy
from django.utils.text import capfirst
from django.utils.translation import get_language
from django.utils.translation import gettext as _


class EventScheme(StrEnum):
    SANCTIONS = "sanctions"  # SBF: silver and gold sanctions (seed 000 chapter 4)
    LICENCES = "licences"  # EBU: event licences (seed 001 chapter 1)


@dataclass(frozen=True)
class Words:
    """One word in both UI languages, singular and plural."""

    sv: str
    sv_plural: str
    en: str
    en_plural: str

    def get(self, *, plural: bool = False) -> str:
        swedish = (get_language() or "").startswith("sv")
        if swedish:
            return self.sv_plural if plural else self.sv
        return self.en_plural if plural else self.en


@dataclass(frozen=True)
class Profile:
    code: str
    name: str  # as printed on decisions and licences
    short_name: str
    rulebook: str  # the master points rulebook's code (awards.rulebooks)
    event_scheme: EventScheme
    currency: str  # ISO 4217
    currency_format: str  # "{amount}" filled with the amount as the page prints it
    region: Words
    language: str  # the default language of the pages

    def money(self, amount: Decimal | int | str) -> str:
        return self.currency_format.format(amount=amount)

    @property
    def region_word(self) -> str:
        return self.region.get()

    @property
    def regions_word(self) -> str:
        return self.region.get(plural=True)

    @property
    def runs_sanctions(self) -> bool:
        return self.event_scheme is EventScheme.SANCTIONS

    @property
    def runs_licences(self) -> bool:
        return self.event_scheme is EventScheme.LICENCES


SBF = Profile(
    code="sbf",
    name="Svenska Bridgeförbundet",
    short_name="SBF",
    rulebook="sbf",
    event_scheme=EventScheme.SANCTIONS,
    currency="SEK",
    currency_format="{amount} kr",
    region=Words("distrikt", "distrikt", "district", "districts"),
    language="sv",
)
EBU = Profile(
    code="ebu",
    name="English Bridge Union",
    short_name="EBU",
    rulebook="ebu",
    event_scheme=EventScheme.LICENCES,
    currency="GBP",
    currency_format="£{amount}",
    region=Words("grevskap", "grevskap", "county", "counties"),
    language="en",
)
PROFILES = {profile.code: profile for profile in (SBF, EBU)}


def profile_of(code: str) -> Profile:
    try:
        return PROFILES[code]
    except KeyError:
        raise ValueError(
            f"KLOVER_FEDERATION={code!r}: use one of {', '.join(sorted(PROFILES))}"
        ) from None


def current() -> Profile:
    return profile_of(settings.KLOVER_FEDERATION)


def _region_label() -> str:
    return capfirst(current().region_word)


def _all_regions_label() -> str:
    return _("All %(regions)s") % {"regions": current().regions_word}


# For labels made at import (filters, tables): the word of the profile and language in
# use when the label is shown.
region_label = lazy(_region_label, str)()
all_regions_label = lazy(_all_regions_label, str)()


def scheme_required(scheme: EventScheme):
    """A page of a scheme this federation does not run is not there (404)."""

    def decorate(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if current().event_scheme is not scheme:
                raise Http404(scheme)
            return view(request, *args, **kwargs)

        return wrapped

    return decorate
