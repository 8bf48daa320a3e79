"""The licences of the EBU demo season (``tournaments.demo_ebu``): the county
associations and the national body at their host clubs, an organisation for every
club that runs a licensed event, and a granted licence for each such event, at the
status level (1-5) and with the blue points its plan names.

Source: seed ``001_4cb9a3c6036a851e.txt``: 1.4.1 (open events of clubs and counties
need a licence), 1.4.3 (teams leagues), 1.5-1.6 (the licence and its status level),
1.5.3 and 1.7.17 (results and fee due a month after the event), 5.1 (blue points only
where licensed). The award step matches a licence to an event by the organiser club
(``awards.services.licence_seen``), so each organisation here has a club: an
association's is the club it plays at. Decisions: docs/awards-ebu.md, "The EBU demo
season".
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import asdict
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from members.common.bulk import insert_rows, reserve_ids, sync_ids
from members.models import Club, District, Role
from tournaments.demo import Progress
from tournaments.demo_ebu import EbuDemoSeason, LicenceNeed, Venues, build_ebu_season

from . import domain as rules
from . import ums
from .models import FeeRate, Licence, LicenceAction, Organisation, UmsRate
from .selectors import GRANTED
from .services import application_of

State = Licence.State
NATIONAL_BODY = "EBU Competitions"
# The plans whose licence is not an open event's (1.2.2 a club's open event, 1.4.3 a
# county's league).
LICENCE_TYPES = {
    "club-open": Licence.Type.CLUB_OPEN_EVENT,
    "county-league": Licence.Type.TEAMS_LEAGUE,
}
# 1.5.3, 1.7.17: results and fee are due within a month; older events are settled.
SETTLED_AFTER = dt.timedelta(days=28)


def build_ebu_demo_season(
    *,
    tournaments: int,
    seed: int = 1,
    today: dt.date | None = None,
    plans: Sequence[str] = (),
    progress: Progress | None = None,
) -> tuple[EbuDemoSeason, int]:
    """The season of ``tournaments`` events up to ``today`` and the licences they are
    played under (``plans``: as ``build_ebu_season``); returns the season and how many
    licences were written."""
    today = today or timezone.localdate()
    with transaction.atomic():
        venues = season_venues(today)
        season = build_ebu_season(
            tournaments=tournaments,
            seed=seed,
            venues=venues,
            last_day=today,
            plans=plans,
            progress=progress,
        )
        return season, write_season_licences(season.licences, today=today)


def season_venues(today: dt.date, days: int = 365) -> Venues:
    """The host clubs of the county associations and of the national body (each made
    an organisation with that club), and the days a club already holds a granted
    licence for (the office's own demo licences, ``tournaments.licences.demo``)."""
    organised = set(
        Organisation.objects.filter(club__isnull=False).values_list("club_id", flat=True)
    )
    clubs = list(Club.objects.order_by("-members_count", "number").values("pk", "district_id"))
    # An association housed by an earlier season keeps its club.
    hosts: dict[int, int] = dict(
        Organisation.objects.filter(
            kind=Organisation.Kind.COUNTY, county__isnull=False, club__isnull=False
        ).values_list("county_id", "club_id")
    )
    for county in District.objects.exclude(pk__in=list(hosts)).order_by("number"):
        mine = [c["pk"] for c in clubs if c["district_id"] == county.pk]
        free = [c for c in mine if c not in organised]
        if not mine:
            continue
        # A county whose every club has an organisation of its own plays at its
        # biggest: its licences are then that club's organisation's.
        host = (free or mine)[0]
        hosts[county.pk] = host
        if host not in organised:
            organisation, _ = Organisation.objects.get_or_create(
                name=county.name,
                defaults={"kind": Organisation.Kind.COUNTY, "county": county, "club_id": host},
            )
            if organisation.club_id is None:  # the office's demo association, now housed
                organisation.club_id = host
                organisation.save(update_fields=["club"])
            organised.add(host)
    body = Organisation.objects.filter(name=NATIONAL_BODY).values_list("club_id", flat=True)
    national = body.first()
    if not body.exists():
        national = next((c["pk"] for c in clubs if c["pk"] not in organised), None)
        if national is not None:
            Organisation.objects.create(
                name=NATIONAL_BODY, kind=Organisation.Kind.NATIONAL_BODY, club_id=national
            )
    licensed = set()
    for club, start, end in Licence.objects.filter(
        state__in=GRANTED,
        organisation__club__isnull=False,
        start_date__lte=today,
        end_date__gte=today - dt.timedelta(days=days),
    ).values_list("organisation__club_id", "start_date", "end_date"):
        for offset in range((end - start).days + 1):
            licensed.add((club, start + dt.timedelta(days=offset)))
    return Venues(county_hosts=hosts, national_host=national, licensed=frozenset(licensed))


LICENCE_FIELDS = (
    "id", "organisation_id", "licence_type", "state", "event_name", "start_date", "end_date",
    "sessions", "expected_tables", "wide_appeal", "blue_points", "county_support",
    "proposed_status", "status_reasons", "status", "conditions", "fee", "submitted_at",
    "decided_at", "results_received_at", "amount_paid", "paid_on",
)  # fmt: skip
ACTION_FIELDS = ("licence_id", "kind", "from_state", "to_state", "actor_id", "actor_name", "at")


def write_season_licences(needs: Iterable[LicenceNeed], *, today: dt.date) -> int:
    """A granted licence for each event of the season that needs one, with its trail:
    applied for two months ahead, approved by the office three days later, and for an
    event over a month ago, results received and fee paid (closed)."""
    needs = list(needs)
    if not needs:
        return 0
    by_club = dict(Organisation.objects.filter(club__isnull=False).values_list("club_id", "pk"))
    kinds = dict(Organisation.objects.values_list("pk", "kind"))
    names = dict(Organisation.objects.values_list("pk", "name"))
    missing = {need.club_id for need in needs} - set(by_club)
    for club in Club.objects.filter(pk__in=missing).order_by("pk"):
        organisation = Organisation.objects.create(
            name=club.name,
            kind=Organisation.Kind.AFFILIATED_CLUB,
            club=club,
            county_id=club.district_id,
        )
        by_club[club.pk] = organisation.pk
        kinds[organisation.pk], names[organisation.pk] = organisation.kind, organisation.name
    rates = _standard_rates()
    office = Role.objects.filter(kind=Role.Kind.OFFICE_STAFF).select_related("member__user").first()
    office_user = office.member.user_id if office else None
    office_name = office.member.full_name if office else "Klöver"
    first = reserve_ids(Licence, len(needs))
    rows: list[tuple] = []
    actions: list[tuple] = []
    for n, need in enumerate(needs):
        pk = first + n
        organisation = Organisation(kind=kinds[by_club[need.club_id]])
        licence = Licence(
            organisation=organisation,
            licence_type=LICENCE_TYPES.get(need.plan, Licence.Type.OPEN_EVENT),
            event_name=need.event_name,
            start_date=need.day,
            end_date=need.day,
            sessions=1 if need.tables < 20 else 2,
            expected_tables=need.tables,
            wide_appeal=need.status >= 4,
            blue_points=need.blue_points,
            county_support=need.plan == "club-open",
        )
        application = application_of(licence)
        proposed, reasons = rules.status_reasons(application)
        rate = rates.get(licence.licence_type)
        fee = (
            rules.licence_fee(rate, sessions=licence.sessions, tables=licence.expected_tables)
            if rate
            else None
        )
        submitted = _at(need.day - dt.timedelta(days=60))
        decided = submitted + dt.timedelta(days=3)
        settled = need.day < today - SETTLED_AFTER
        results = _at(need.day + dt.timedelta(days=2)) if settled or pk % 2 else None
        state = State.CLOSED if settled else State.RESULTS_RECEIVED if results else State.APPROVED
        rows.append(
            (
                pk, by_club[need.club_id], licence.licence_type, state, need.event_name,
                need.day, need.day, licence.sessions, licence.expected_tables,
                licence.wide_appeal, licence.blue_points, licence.county_support,
                int(proposed), [asdict(r) for r in reasons], need.status,
                [asdict(c) for c in rules.standard_conditions(application)], fee, submitted,
                decided, results, fee if settled else None,
                need.day + dt.timedelta(days=10) if settled else None,
            )
        )  # fmt: skip
        organiser = names[by_club[need.club_id]]
        trail: list[tuple] = [
            ("submitted", "", State.SUBMITTED, None, organiser, submitted),
            ("approve", State.SUBMITTED, State.APPROVED, office_user, office_name, decided),
        ]
        if results:
            trail.append(
                ("results", State.APPROVED, State.RESULTS_RECEIVED, None, organiser, results)
            )
        if settled:
            trail += [
                ("payment", State.RESULTS_RECEIVED, State.PAID, office_user, office_name, results),
                ("close", State.PAID, State.CLOSED, office_user, office_name, results),
            ]
        actions.extend((pk, *step) for step in trail)
    insert_rows(Licence, LICENCE_FIELDS, rows)
    insert_rows(LicenceAction, ACTION_FIELDS, actions)
    sync_ids(Licence)
    sync_ids(LicenceAction)
    return len(rows)


def _standard_rates() -> dict[str, rules.FeeRate]:
    """The standard payer's rate of each licence type (the demo's fee table has one
    date for all, ``tournaments.licences.demo``)."""
    found: dict[str, list[FeeRate]] = defaultdict(list)
    for rate in FeeRate.objects.filter(payer=FeeRate.Payer.STANDARD).order_by("valid_from"):
        found[rate.licence_type].append(rate)
    return {
        kind: rules.FeeRate(rate[-1].per_table_session, rate[-1].per_heat, rate[-1].minimum)
        for kind, rate in found.items()
    }


def _at(day: dt.date) -> dt.datetime:
    return timezone.make_aware(dt.datetime.combine(day, dt.time(10, 0)))


User = get_user_model()
# The demo's office login (members.demo, ENGLISH.logins).
DEMO_OFFICE = "office"
# The office's own figure for the demo, per player session, in pounds: the Handbook
# gives none ("Current levels can be found on the EBU web-site", 1.3.2).
DEMO_UMS_PRICE = Decimal("0.40")


def build_demo_statements(today: dt.date | None = None) -> tuple[int, int]:
    """The season's Universal Membership (1.3): the demo's price from two years back,
    the statements of the last two full months issued by the office, and the older
    month's paid by every other club, so the office's list shows paid, due and
    overdue statements (1.3.3: payment within 30 days). Returns (issued, paid)."""
    today = today or timezone.localdate()
    office = User.objects.filter(username=DEMO_OFFICE).first()
    UmsRate.objects.create(
        per_player_session=DEMO_UMS_PRICE, valid_from=dt.date(today.year - 2, 4, 1)
    )
    last = today.replace(day=1) - dt.timedelta(days=1)
    earlier = last.replace(day=1) - dt.timedelta(days=1)
    issued = paid = 0
    for month in (earlier, last):
        statements, _refused = ums.issue_month(
            month.year, month.month, user=office, today=month + dt.timedelta(days=3)
        )
        issued += len(statements)
        if month != earlier:
            continue
        for statement in statements[::2]:
            ums.record_payment(
                statement,
                user=office,
                amount=statement.total,
                paid_on=month + dt.timedelta(days=20),
                reference=f"DEMO-{statement.pk}",
            )
            paid += 1
    return issued, paid
