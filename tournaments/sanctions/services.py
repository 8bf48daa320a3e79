"""Rows to sanction rules and back: the pre-checks of an application, and the
level a reported event reaches on its real field.

Source: ``000_18af0e66f52a62b2.txt``, chapters 4 and 5, as ``tournaments.sanctions.domain``
reads them. How quotas and collisions are counted and how a report finds its sanction:
docs/sanctions.md, "Applications and the workflow" and "The level at results time".
"""

from __future__ import annotations

import datetime as dt
from dataclasses import asdict

from django.db.models import Q
from django.utils import timezone

from members.domain.age import season_bounds, season_of
from members.models import Membership
from tournaments.models import Entry, EntryPlayer, Tournament

from . import domain as rules
from .domain import steps
from .models import Sanction

# States that count against quotas and show as collisions.
ACTIVE_STATES = (
    Sanction.State.SUBMITTED,
    Sanction.State.ENDORSED,
    Sanction.State.APPROVED,
    Sanction.State.HELD,
    Sanction.State.RESULTS_REPORTED,
)
# The public calendar: decided and kept.
CALENDAR_STATES = (
    Sanction.State.APPROVED,
    Sanction.State.HELD,
    Sanction.State.RESULTS_REPORTED,
)
# A report takes the level of a sanction in one of these states.
REPORTABLE_STATES = (Sanction.State.APPROVED, Sanction.State.HELD)

# Tournament kinds and the forms of play they can be.
_FORMS_OF_KIND = {
    Tournament.Kind.PAIRS: (Sanction.Form.PAIRS,),
    Tournament.Kind.TEAMS: (Sanction.Form.TEAMS, Sanction.Form.TEAM_BAROMETER),
    Tournament.Kind.INDIVIDUAL: (Sanction.Form.INDIVIDUAL,),
}


def application_of(sanction: Sanction) -> rules.Application:
    return rules.Application(
        level=rules.Level(sanction.level),
        form=rules.Form(sanction.form_of_play),
        date=sanction.start_date,
        entries=sanction.entries,
        boards=sanction.boards,
        championship_qualifier=sanction.championship_qualifier,
        spring_autumn=sanction.spring_autumn,
        bridge_week=sanction.bridge_week or None,
        open=sanction.open,
        handicap=sanction.handicap,
        players=sanction.expected_players,
        players_from_other_clubs=sanction.expected_players_other_clubs,
        name=sanction.name,
        field_limit=sanction.field_limit,
        entry_deadline=sanction.entry_deadline,
    )


def _others(sanction: Sanction):
    others = Sanction.objects.filter(state__in=ACTIVE_STATES)
    return others.exclude(pk=sanction.pk) if sanction.pk else others


def _same_applicant(sanction: Sanction) -> Q:
    """The applicant's own applications: the club's, or the district's own (no club)."""
    if sanction.club_id is None:
        return Q(club__isnull=True, district_id=sanction.district_id)
    return Q(club_id=sanction.club_id)


def _club_members(sanction: Sanction) -> int:
    # A district has no members of its own; only gold is open to it (lines 251-253),
    # and no gold rule reads the club's size.
    return sanction.club.members_count if sanction.club is not None else 0


def context_of(sanction: Sanction) -> rules.Context:
    """The applicant's season and the neighbouring calendar, as the district sees them."""
    first, last = season_bounds(season_of(sanction.start_date))
    season = _others(sanction).filter(
        _same_applicant(sanction), start_date__gte=first, start_date__lte=last
    )
    season_events = tuple(
        rules.SanctionedEvent(
            date=s.start_date,
            level=rules.Level(s.level),
            spring_autumn=s.spring_autumn,
            bridge_week=s.bridge_week or None,
            name=s.name,
        )
        for s in season.order_by("start_date", "pk")
    )
    districts = [sanction.district_id]
    districts += list(sanction.district.neighbours.values_list("pk", flat=True))
    nearby = (
        _others(sanction)
        .filter(district_id__in=districts)
        .exclude(_same_applicant(sanction))
        .filter(start_date__lte=sanction.end_date, end_date__gte=sanction.start_date)
        .select_related("club", "district")
        .order_by("start_date", "pk")
    )
    # The domain compares one day; an overlap is shown on the application's first day.
    nearby_events = tuple(
        rules.NearbyEvent(
            date=sanction.start_date,
            name=s.name,
            club=s.applicant_name,
            district=s.district.name,
            level=rules.Level(s.level),
            same_district=s.district_id == sanction.district_id,
        )
        for s in nearby
    )
    return rules.Context(
        club_members=_club_members(sanction),
        season_events=season_events,
        nearby_events=nearby_events,
    )


def pre_checks(sanction: Sanction) -> list[rules.Check]:
    """Every rule for this application, passed or not (an unsaved one will do)."""
    return rules.pre_checks(application_of(sanction), context_of(sanction))


def check_as_dict(check: rules.Check) -> dict:
    return asdict(check)


# --- the pipeline step -------------------------------------------------------------


def sanction_for(tournament: Tournament) -> Sanction | None:
    """The sanction a report belongs to: the one already linked, else the organiser's
    approved or held sanction whose playing days hold the report's date (a club's, or
    a district's own gold sanction for a district's report, lines 251-253)."""
    linked = Sanction.objects.filter(tournament=tournament).first()
    if linked is not None:
        return linked
    if tournament.organiser_club_id is not None:
        organiser = Q(club_id=tournament.organiser_club_id)
    elif tournament.organiser_district_id is not None:
        organiser = Q(club__isnull=True, district_id=tournament.organiser_district_id)
    else:
        return None
    candidates = list(
        Sanction.objects.filter(
            organiser,
            state__in=REPORTABLE_STATES,
            tournament__isnull=True,
            start_date__lte=tournament.start_date,
            end_date__gte=tournament.start_date,
            form_of_play__in=_FORMS_OF_KIND.get(tournament.kind, ()),
        ).order_by("start_date", "pk")
    )
    named = [s for s in candidates if s.name.casefold() == tournament.name.casefold()]
    return (named or candidates or [None])[0]


def real_field(tournament: Tournament, sanction: Sanction) -> rules.Field:
    """What was really played: entries, boards and the players' clubs."""
    # A phantom (sit-out) is no pair of the field, as on the tournament list.
    entry_count = Entry.objects.filter(section__tournament=tournament, phantom=False).count()
    players = EntryPlayer.objects.filter(entry__section__tournament=tournament)
    total = players.count()
    season = season_of(tournament.start_date)
    home = Membership.objects.filter(
        club_id=sanction.club_id, season=season, represents=True
    ).values("member_id")
    from_home = players.filter(member_id__in=home).count()
    form = rules.Form(sanction.form_of_play)
    if form is rules.Form.INDIVIDUAL:
        entry_count = total
    return rules.Field(
        form=form,
        entries=entry_count,
        boards=tournament.boards,
        club_members=_club_members(sanction),
        championship_qualifier=sanction.championship_qualifier,
        players=total,
        players_from_other_clubs=total - from_home,
    )


# --- lists ---------------------------------------------------------------------------

# Where each district actor's district is read from.
DISTRICT_OF_ACTOR = {
    steps.Actor.HOME_DISTRICT: "club__district_id__in",
    steps.Actor.PLAYING_DISTRICT: "district_id__in",
}


def awaiting_district(district_ids: set[int]) -> Q:
    """Applications on which these districts' officials have a deciding step now: the
    district rows of the domain's step table (``domain.steps``) as one query,
    instead of ``workflow.allowed_steps`` once per row."""
    waiting = Q(pk__in=[])
    for rule in steps.STEP_RULES:
        if not rule.deciding or rule.actor not in DISTRICT_OF_ACTOR or rule.started:
            continue
        row = Q(state__in=rule.states, level__in=rule.levels)
        if rule.endorsements is not None:
            row &= Q(home_endorsement__in=rule.endorsements)
        if rule.full is not None:
            row &= Q(field_full__in=rule.full)
        waiting |= row & Q(**{DISTRICT_OF_ACTOR[rule.actor]: district_ids})
    return waiting


# Days after a gold event's last playing day before its report counts as overdue.
# The seed says only "Efter genomförd guldtävling skall arrangerande klubb
# rapportera tävlingen" (lines 212-214); docs/sanctions.md records the choice.
REPORT_DAYS = 14


def overdue_reports(today: dt.date | None = None):
    """Gold events held (or past) without their results, REPORT_DAYS after the end."""
    today = today or timezone.localdate()
    return Sanction.objects.filter(
        Q(state=Sanction.State.APPROVED) | Q(state=Sanction.State.HELD),
        level=Sanction.Level.GOLD,
        tournament__isnull=True,
        end_date__lt=today - dt.timedelta(days=REPORT_DAYS),
    ).select_related("club", "district")


def calendar(*, since: dt.date | None = None):
    """Approved silver and gold events for the public calendar."""
    qs = Sanction.objects.filter(state__in=CALENDAR_STATES).select_related("club", "district")
    if since is not None:
        qs = qs.filter(end_date__gte=since)
    return qs.order_by("start_date", "name")
