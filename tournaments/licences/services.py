"""Licence rows to the EBU rules and back: an application as the rules see it, the
organisation's year so far, the fee from the office's table, and the lists the
office and the public read (overdue duties, licensed events).

Source: ``001_4cb9a3c6036a851e.txt`` chapter 1; the rules are in
``tournaments.licences.domain``, the steps in ``workflow``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict, dataclass
from decimal import Decimal

from django.db.models import Q
from django.utils import timezone

from . import domain as rules
from .domain.handbook import MAJOR_EVENT_NOT_APPLICABLE
from .models import AllowanceUse, FeeRate, Licence, Organisation

State = Licence.State
ACTIVE_STATES = (State.SUBMITTED, State.APPROVED, State.RESULTS_RECEIVED, State.PAID, State.CLOSED)
PUBLIC_STATES = (State.APPROVED, State.RESULTS_RECEIVED, State.PAID, State.CLOSED)


# --- rows to rules -----------------------------------------------------------------------


def previous_major_of(licence: Licence) -> rules.PreviousMajor | None:
    """The licence the application names as last year's of the event (1.6.1 c)."""
    previous = licence.previous_licence if licence.previous_licence_id else None
    if previous is None:
        return None
    return rules.PreviousMajor(
        number=previous.number,
        year=previous.start_date.year,
        standing=rules.MajorStanding(previous.major_standing or ""),
    )


def partners_of(licence: Licence) -> list[Organisation]:
    """The organisations an inter-organisation event's players come from (1.2.7)."""
    if not licence.inter_organisation or licence.pk is None:
        return []
    return list(licence.partners.all())


def _all_own_clubs(organisation: Organisation, partners: list[Organisation]) -> bool:
    """1.2.7 c: every participant is already a member of a county when all the players
    come from its own affiliated clubs."""
    return bool(partners) and all(
        p.kind == Organisation.Kind.AFFILIATED_CLUB
        and p.county_id is not None
        and p.county_id == organisation.county_id
        for p in partners
    )


def application_of(
    licence: Licence, partners: list[Organisation] | None = None
) -> rules.Application:
    """The licence as the rules read it; ``partners`` for a form not saved yet."""
    if partners is None:
        partners = partners_of(licence)
    return rules.Application(
        organisation_kind=rules.OrganisationKind(licence.organisation.kind),
        licence_type=rules.LicenceType(licence.licence_type),
        sessions=licence.sessions or 0,
        expected_tables=licence.expected_tables or 0,
        members_only=licence.members_only,
        wide_appeal=licence.wide_appeal,
        blue_points=licence.blue_points,
        county_support=licence.county_support,
        major_event=licence.major_event,
        last_year_best_four_avg_tables=licence.last_year_best_four_avg_tables,
        side_event=licence.side_event,
        consolation=licence.consolation,
        max_prize_per_player=licence.max_prize_per_player or Decimal(0),
        prize_approved=licence.prize_approved,
        head_to_head_knockout=licence.head_to_head_knockout,
        systems_level=licence.systems_level,
        systems_authorised=licence.systems_authorised,
        charity_agreement=bool(licence.charity_agreement),
        charity_remuneration_statement=bool(licence.charity_remuneration_statement),
        charity_donation_statement=bool(licence.charity_donation_statement),
        package_protection=licence.package_protection or "",
        sponsor=licence.sponsor,
        start_date=licence.start_date,
        end_date=licence.end_date,
        previous_major=previous_major_of(licence),
        provisional_extension=licence.provisional_extension,
        for_novices=licence.for_novices,
        above_area_master_percent=licence.above_area_master_percent,
        awards_master_points=licence.awards_master_points,
        counts_for_grading=licence.counts_for_grading,
        inter_organisation=licence.inter_organisation,
        partners=len(partners) if licence.inter_organisation else 0,
        partners_all_own_clubs=licence.inter_organisation
        and _all_own_clubs(licence.organisation, partners),
        responsible_person=licence.responsible_person,
    )


def year_usage(organisation: Organisation, year: int, *, exclude: int | None = None):
    """What the organisation has used of its yearly limits (1.2.2-1.2.6): licences
    submitted or further on (not rejected or revoked) and registered allowances, by
    the calendar year of the event ("per annum" read as the calendar year)."""
    licences = Licence.objects.filter(
        organisation=organisation, state__in=ACTIVE_STATES, start_date__year=year
    )
    if exclude is not None:
        licences = licences.exclude(pk=exclude)
    allowances = AllowanceUse.objects.filter(organisation=organisation, year=year)
    counted = {k: 0 for k in AllowanceUse.Kind.values}
    for kind in allowances.values_list("kind", flat=True):
        counted[kind] += 1
    blue_licences = licences.filter(blue_points=True).count()
    return rules.YearUsage(
        club_open_events=licences.filter(licence_type=Licence.Type.CLUB_OPEN_EVENT).count(),
        blue_point_events=blue_licences + allowances.filter(blue_points=True).count(),
        major_pairs=counted["major_pairs"],
        major_teams=counted["major_teams"],
        ladders=counted["ladder"],
        county_simultaneous=counted["county_simultaneous"],
        county_blue_point=counted["county_blue_point"]
        + (blue_licences if organisation.kind == Organisation.Kind.COUNTY else 0),
        other_counties_events=counted["other_counties_event"],
    )


def proposed_major_standing(licence: Licence) -> rules.MajorStanding:
    """The major status the rules propose for ``licence`` (1.6.1 c); none for the
    types whose status is set elsewhere."""
    if rules.LicenceType(licence.licence_type) in MAJOR_EVENT_NOT_APPLICABLE:
        return rules.MajorStanding.NONE
    return rules.major_standing(application_of(licence))[0]


def standing_label(standing: rules.MajorStanding) -> str:
    return str(Licence.MajorStanding(str(standing)).label)


def area_of(organisation: Organisation) -> set[int]:
    """The counties an organisation's events draw on: its own and its neighbours
    (1.7.23, read in docs/licences.md)."""
    if organisation.county_id is None:
        return set()
    neighbours = organisation.county.neighbours.values_list("pk", flat=True)
    return {organisation.county_id, *neighbours}


def licensed_events_meeting(licence: Licence) -> list[rules.LicensedEvent]:
    """The granted licences of other events whose dates meet ``licence``'s (1.7.22-23);
    season-long licences are not weighed."""
    season_long = [str(t) for t in rules.SEASON_LONG]
    rows = (
        Licence.objects.filter(
            state__in=PUBLIC_STATES,
            start_date__lte=licence.end_date,
            end_date__gte=licence.start_date,
        )
        .exclude(licence_type__in=season_long)
        .select_related("organisation")
        .order_by("start_date", "pk")
    )
    if licence.pk is not None:
        rows = rows.exclude(pk=licence.pk)
    area = area_of(licence.organisation)
    return [
        rules.LicensedEvent(
            number=row.number,
            name=row.event_name,
            organiser=row.organisation.name,
            start_date=row.start_date,
            end_date=row.end_date,
            status=rules.Status(row.status) if row.status else None,
            local=row.organisation.county_id in area,
        )
        for row in rows
    ]


def surroundings_of(licence: Licence) -> rules.Surroundings:
    """What else is on the calendar for ``licence``: clashing licensed events (1.7.23)
    and the organisation's other novice licences over its dates (1.4.2)."""
    novice = []
    if licence.licence_type == Licence.Type.NOVICE_ANNUAL:
        others = Licence.objects.filter(
            organisation=licence.organisation,
            licence_type=Licence.Type.NOVICE_ANNUAL,
            state__in=ACTIVE_STATES,
            start_date__lte=licence.end_date,
            end_date__gte=licence.start_date,
        ).order_by("start_date", "pk")
        if licence.pk is not None:
            others = others.exclude(pk=licence.pk)
        novice = [o.number for o in others]
    return rules.Surroundings(
        licensed_events=tuple(licensed_events_meeting(licence)), novice_licences=tuple(novice)
    )


def checks_for(licence: Licence, partners: list[Organisation] | None = None) -> list[rules.Check]:
    usage = year_usage(licence.organisation, licence.start_date.year, exclude=licence.pk)
    return rules.application_checks(
        application_of(licence, partners), usage, surroundings_of(licence)
    )


def clashes_now(licence: Licence) -> list[rules.Check]:
    """The date clashes as the calendar stands today (events licensed since the
    application was sent count too), for the licence's page."""
    status = rules.Status(licence.status or licence.proposed_status or rules.Status.CLUB)
    return rules.clash_checks(
        rules.LicenceType(licence.licence_type),
        licence.start_date,
        licence.end_date,
        status,
        licensed_events_meeting(licence),
    )


def payer_of(licence: Licence) -> str:
    """Which row of the fee table applies: charity events may pay less (1.11.4),
    commercial organisers more (1.11.3)."""
    if licence.licence_type == Licence.Type.CHARITY:
        return FeeRate.Payer.CHARITY
    if licence.organisation.commercial:
        return FeeRate.Payer.COMMERCIAL
    return FeeRate.Payer.STANDARD


def fee_rate_for(licence: Licence) -> FeeRate | None:
    return (
        FeeRate.objects.filter(
            licence_type=licence.licence_type,
            payer=payer_of(licence),
            valid_from__lte=licence.start_date,
        )
        .order_by("-valid_from")
        .first()
    )


def proposed_fee(licence: Licence) -> Decimal | None:
    rate = fee_rate_for(licence)
    if rate is None:
        return None
    return rules.licence_fee(
        rules.FeeRate(rate.per_table_session, rate.per_heat, rate.minimum),
        sessions=licence.sessions,
        tables=licence.expected_tables,
        heats=licence.heats,
    )


def as_dicts(values) -> list[dict]:
    return [asdict(v) for v in values]


# --- lists -----------------------------------------------------------------------------------


def overdue(today: dt.date | None = None) -> list[Licence]:
    """Licences whose post-event duties are late: no results file or no payment
    after the due day (1.5.3, 1.7.17), or a charity's accounts after three months
    (1.8.3)."""
    today = today or timezone.localdate()
    # Narrowed in SQL by the earliest each duty can fall due (a calendar month is
    # at least 28 days, three at least 89); the rules then draw the exact day.
    candidates = Licence.objects.filter(
        Q(
            state__in=(State.APPROVED, State.RESULTS_RECEIVED),
            end_date__lt=today - dt.timedelta(days=28),
        )
        | Q(
            licence_type=Licence.Type.CHARITY,
            accounts_received_on__isnull=True,
            state__in=(State.APPROVED, State.RESULTS_RECEIVED, State.PAID, State.CLOSED),
            end_date__lt=today - dt.timedelta(days=89),
        )
    ).select_related("organisation")
    late = []
    for licence in candidates:
        if overdue_duties(licence, today):
            late.append(licence)
    return late


def overdue_duties(licence: Licence, today: dt.date) -> list[str]:
    """What is late, in the office's words."""
    duties = []
    if licence.state in (State.APPROVED, State.RESULTS_RECEIVED):
        if rules.post_event_due(licence.end_date) < today:
            duties.append("results" if licence.state == State.APPROVED else "payment")
    if (
        licence.licence_type == Licence.Type.CHARITY
        and licence.accounts_received_on is None
        and rules.charity_accounts_due(licence.end_date) < today
    ):
        duties.append("accounts")
    return duties


def public_list(*, since: dt.date | None = None):
    """Licensed events for the public list (1.7.24)."""
    qs = Licence.objects.filter(state__in=PUBLIC_STATES).select_related("organisation")
    if since is not None:
        qs = qs.filter(end_date__gte=since)
    return qs.order_by("start_date", "event_name")


@dataclass(frozen=True)
class Duty:
    """One post-event duty of a licence: its due day, done or not, late or not."""

    kind: str  # "results" | "payment" | "accounts"
    due: dt.date
    done: bool
    late: bool


def post_event_duties(licence: Licence, today: dt.date) -> list[Duty]:
    """Results file and payment by ``post_event_due`` (1.5.3, 1.7.17); a charity's
    full accounts by ``charity_accounts_due`` (1.8.3)."""
    late = set(overdue_duties(licence, today))
    due = rules.post_event_due(licence.end_date)
    duties = [
        Duty("results", due, licence.results_received_at is not None, "results" in late),
        Duty("payment", due, licence.paid_on is not None, "payment" in late),
    ]
    if licence.licence_type == Licence.Type.CHARITY:
        duties.append(
            Duty(
                "accounts",
                rules.charity_accounts_due(licence.end_date),
                licence.accounts_received_on is not None,
                "accounts" in late,
            )
        )
    return duties
