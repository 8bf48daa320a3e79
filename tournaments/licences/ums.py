"""A club's monthly Universal Membership statement: its reported tournaments of the
month mapped to the tariff (``domain.ums``), the office's rates, issuing the statement
and recording its payment, each in one transaction.

Source: seed 001 1.3 (lines 446-561), 2.7.4, 2.9.3, 2.10.5 and the Appendix's charge
codes; readings in docs/ums.md.
"""

from __future__ import annotations

import calendar
import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from members.common import transitions
from members.federation import current
from members.models import Club, Member
from members.permissions import administered_club_ids, is_office_staff
from tournaments.models import EntryPlayer, Tournament

from .domain import ums as tariff
from .models import (
    Licence,
    UmsEvent,
    UmsRate,
    UmsStatement,
    UmsStatementAction,
    UmsStatementLine,
)
from .workflow import actor_name

WorkflowError = transitions.WorkflowError
NotAllowed = transitions.NotAllowed

GRANTED = (
    Licence.State.APPROVED,
    Licence.State.RESULTS_RECEIVED,
    Licence.State.PAID,
    Licence.State.CLOSED,
)

# A member's registry status as the charge sees it (2.7.4, 2.9.3); a player without a
# member row (a temporary id) is a club's 'potential member' (2.9.3).
STATUS_OF = {
    Member.Status.ACTIVE: tariff.PlayerStatus.MEMBER,
    Member.Status.SUSPENDED: tariff.PlayerStatus.SUSPENDED,
    Member.Status.LAPSED: tariff.PlayerStatus.LAPSED,
    Member.Status.TEMPORARY: tariff.PlayerStatus.POTENTIAL,
    Member.Status.FOREIGN_GUEST: tariff.PlayerStatus.NON_MEMBER,
}


class StatementRefused(WorkflowError):
    """The month's events cannot be charged as they stand; ``problems`` says where."""

    def __init__(self, problems: list[Located]):
        self.problems = problems
        super().__init__("; ".join(p.en for p in problems))


class CodeRefused(WorkflowError):
    """The tariff refuses the charge code for this tournament (``problems``)."""

    def __init__(self, problems: list[tariff.Problem]):
        self.problems = problems
        super().__init__("; ".join(p.en for p in problems))


@dataclass(frozen=True)
class Located:
    """A problem with the tournament it is about."""

    tournament: Tournament
    problem: tariff.Problem

    @property
    def en(self) -> str:
        return f"{self.tournament.name} ({self.tournament.start_date}): {self.problem.en}"

    @property
    def sv(self) -> str:
        return f"{self.tournament.name} ({self.tournament.start_date}): {self.problem.sv}"


@dataclass(frozen=True)
class DraftLine:
    tournament: Tournament
    code: tariff.ChargeCode
    line: tariff.Line


@dataclass
class Draft:
    """A month's statement as the rules make it now, stored or not."""

    club: Club
    month: dt.date
    lines: list[DraftLine] = field(default_factory=list)
    problems: list[Located] = field(default_factory=list)

    @property
    def total(self) -> Decimal:
        return sum((d.line.amount for d in self.lines), Decimal(0))

    @property
    def due(self) -> dt.date:
        return tariff.payment_due(month_end(self.month))


# --- who ----------------------------------------------------------------------------------


def can_view_club(user, club: Club) -> bool:
    """The club's administrators and the office (1.3.3 a: the club is invoiced)."""
    return is_office_staff(user) or club.pk in administered_club_ids(user)


def can_set_code(user, tournament: Tournament) -> bool:
    club_id = tournament.organiser_club_id
    return club_id is not None and (is_office_staff(user) or club_id in administered_club_ids(user))


# --- months ---------------------------------------------------------------------------------


def month_start(year: int, month: int) -> dt.date:
    return dt.date(year, month, 1)


def month_end(first: dt.date) -> dt.date:
    return first.replace(day=calendar.monthrange(first.year, first.month)[1])


# --- rows to the tariff ---------------------------------------------------------------------


def players_of(tournament_ids) -> dict[int, list[tariff.PlayerStatus]]:
    """Each tournament's players, once each, by status. A player whose boards are
    known to be none did not play and is not charged; everybody else listed in a real
    (not phantom) entry is, with or without standing (2.10.5)."""
    rows = (
        EntryPlayer.objects.filter(
            entry__section__tournament__in=tournament_ids, entry__phantom=False
        )
        .exclude(boards_played=0)
        .values_list("entry__section__tournament_id", "member_id", "member__status", "temporary_id")
    )
    seen: set[tuple[int, str]] = set()
    players: dict[int, list[tariff.PlayerStatus]] = {}
    for tournament_id, member_id, status, temporary_id in rows:
        key = (tournament_id, f"m{member_id}" if member_id else f"t{temporary_id}")
        if key in seen:
            continue
        seen.add(key)
        status_of = STATUS_OF.get(status, tariff.PlayerStatus.NON_MEMBER) if member_id else None
        players.setdefault(tournament_id, []).append(status_of or tariff.PlayerStatus.POTENTIAL)
    return players


def sessions_of(tournament: Tournament, licence_sessions: dict[tuple, int]) -> int:
    """The sessions the tournament is charged for: as the club or office set them;
    else its licence's (an approved licence of the club for the same days); else one
    a day, the results file carrying no sessions."""
    ums = _ums(tournament)
    if ums is not None and ums.sessions:
        return ums.sessions
    found = licence_sessions.get((tournament.start_date, tournament.end_date))
    if found:
        return found
    return (tournament.end_date - tournament.start_date).days + 1


def _ums(tournament: Tournament) -> UmsEvent | None:
    try:
        return tournament.ums
    except UmsEvent.DoesNotExist:
        return None


def code_of(tournament: Tournament) -> tariff.ChargeCode:
    ums = _ums(tournament)
    return tariff.ChargeCode(ums.charge_code) if ums else tariff.DEFAULT_CODE


def _licences(club: Club, first: dt.date, last: dt.date):
    return Licence.objects.filter(
        organisation__club=club, state__in=GRANTED, start_date__lte=last, end_date__gte=first
    )


def _licence_sessions(club: Club, first: dt.date, last: dt.date) -> dict[tuple, int]:
    found: dict[tuple, int] = {}
    for start, end, sessions in (
        _licences(club, first, last)
        .exclude(licence_type=Licence.Type.NOVICE_ANNUAL)
        .values_list("start_date", "end_date", "sessions")
    ):
        found.setdefault((start, end), sessions)
    return found


def _novice_periods(club: Club, first: dt.date, last: dt.date) -> list[tuple[dt.date, dt.date]]:
    return list(
        _licences(club, first, last)
        .filter(licence_type=Licence.Type.NOVICE_ANNUAL)
        .values_list("start_date", "end_date")
    )


def event_of(
    tournament: Tournament,
    players: list[tariff.PlayerStatus],
    *,
    licence_sessions: dict[tuple, int],
    novice: list[tuple[dt.date, dt.date]],
) -> tariff.Event:
    ums = _ums(tournament)
    day = tournament.start_date
    return tariff.Event(
        code=code_of(tournament),
        date=day,
        sessions=sessions_of(tournament, licence_sessions),
        boards=tournament.boards,
        players=tuple(players),
        master_points=ums.master_points if ums else True,
        novice_licence=any(start <= day <= end for start, end in novice),
        special_exemption=bool(ums and ums.special_exemption),
    )


def prices_on(club: Club, day: dt.date, rates: list[UmsRate]) -> tariff.Prices:
    """The standard price and the club's county's charge on ``day`` (``rates``: the
    rows that may apply, newest first)."""
    standard = next((r for r in rates if r.county_id is None and r.valid_from <= day), None)
    county = next(
        (r for r in rates if r.county_id == club.district_id and r.valid_from <= day), None
    )
    return tariff.Prices(
        standard=standard.per_player_session if standard else None,
        county=county.per_player_session if county else Decimal(0),
    )


def _club_tournaments(club: Club, first: dt.date, last: dt.date):
    return (
        Tournament.objects.filter(organiser_club=club, start_date__gte=first, start_date__lte=last)
        .select_related("ums")
        .order_by("start_date", "pk")
    )


def _player_sessions(club: Club, first: dt.date, last: dt.date) -> int:
    """The club's player sessions between two days; null sessions credit none."""
    tournaments = list(_club_tournaments(club, first, last))
    players = players_of([t.pk for t in tournaments])
    licence_sessions = _licence_sessions(club, first, last)
    return sum(
        len(players.get(t.pk, [])) * sessions_of(t, licence_sessions)
        for t in tournaments
        if tariff.credits_sessions(code_of(t))
    )


def build(club: Club, year: int, month: int) -> Draft:
    """The month's statement as the rules make it: every tournament the club reported
    that started in the month, with the free sessions it has left of its financial
    year (1.3.1) and the rates of each event's day."""
    first = month_start(year, month)
    last = month_end(first)
    draft = Draft(club=club, month=first)
    year_first = tariff.financial_year_start(tariff.financial_year(first))
    last_year = _player_sessions(
        club, tariff.financial_year_start(year_first.year - 1), year_first - dt.timedelta(days=1)
    )
    allowed = tariff.free_sessions_allowed(last_year)
    # The year's earlier tournaments only matter for the free sessions they used.
    tournaments = list(_club_tournaments(club, year_first, last))
    players = players_of([t.pk for t in tournaments])
    licence_sessions = _licence_sessions(club, year_first, last)
    novice = _novice_periods(club, year_first, last)
    rates = list(
        UmsRate.objects.filter(
            Q(county__isnull=True) | Q(county_id=club.district_id), valid_from__lte=last
        ).order_by("-valid_from")
    )
    used = 0
    for tournament in tournaments:
        event = event_of(
            tournament,
            players.get(tournament.pk, []),
            licence_sessions=licence_sessions,
            novice=novice,
        )
        in_month = tournament.start_date >= first
        problems = tariff.problems(event)
        if problems:
            if in_month:
                draft.problems += [Located(tournament, p) for p in problems]
            continue
        prices = prices_on(club, event.date, rates)
        if prices.standard is None and tariff.needs_price(event):
            if in_month:
                draft.problems.append(Located(tournament, _no_rate(event.date)))
            continue
        result = tariff.charge(event, prices, free_sessions_left=allowed - used)
        used += result.free_sessions_used
        if in_month:
            draft.lines += [DraftLine(tournament, event.code, line) for line in result.lines]
    return draft


def _no_rate(day: dt.date) -> tariff.Problem:
    return tariff.Problem(
        en=f"No Universal Membership rate on {day}; the office adds one (EBU Handbook 1.3.2)",
        sv=f"Inget Universal Membership-pris för {day}; kansliet lägger till ett "
        "(EBU Handbook 1.3.2)",
        seed_ref="EBU Handbook 1.3.2",
    )


# --- steps ---------------------------------------------------------------------------------------

STEP_LABELS = {
    "issue": gettext_lazy("statement issued"),
    "reissue": gettext_lazy("statement issued again"),
    "payment": gettext_lazy("payment recorded"),
}


def step_label(kind: str) -> str:
    return str(STEP_LABELS.get(kind, kind))


def _log(statement, kind, from_state, to_state, *, user, at, note=""):
    UmsStatementAction.objects.create(
        statement=statement,
        kind=kind,
        from_state=from_state,
        to_state=to_state,
        actor=user,
        actor_name=actor_name(user),
        note=note,
        at=at,
    )


def issue(club: Club, year: int, month: int, *, user, today: dt.date | None = None) -> UmsStatement:
    """Issue (or issue again, while unpaid) the club's statement for a month that is
    over. Refused with every problem located, and then nothing is written; a paid
    statement is never issued again."""
    today = today or timezone.localdate()
    if not is_office_staff(user):
        raise NotAllowed("issue")
    first = month_start(year, month)
    if month_end(first) >= today:
        raise WorkflowError(
            _("The statement for %(month)s can be issued once the month is over.")
            % {"month": first.strftime("%Y-%m")}
        )
    with transaction.atomic():
        Club.objects.select_for_update().get(pk=club.pk)
        existing = UmsStatement.objects.select_for_update().filter(club=club, month=first).first()
        if (
            existing is not None
            and tariff.statement_step(
                "reissue", office=True, state=tariff.StatementState(existing.state)
            )
            is None
        ):
            raise WorkflowError(_("This statement is paid; it is not issued again."))
        draft = build(club, year, month)
        if draft.problems:
            raise StatementRefused(draft.problems)
        now = timezone.now()
        fields = {"total": draft.total, "due_date": draft.due, "issued_at": now}
        if existing is None:
            statement = UmsStatement.objects.create(club=club, month=first, **fields)
            kind = "issue"
        else:
            statement = existing
            for name, value in fields.items():
                setattr(statement, name, value)
            statement.save(update_fields=list(fields))
            statement.lines.all().delete()
            kind = "reissue"
        UmsStatementLine.objects.bulk_create(
            UmsStatementLine(
                statement=statement,
                tournament=d.tournament,
                tournament_name=d.tournament.name,
                date=d.tournament.start_date,
                charge_code=str(d.code),
                status=str(d.line.status),
                players=d.line.players,
                sessions=d.line.sessions,
                share=d.line.share,
                price=d.line.price,
                county_charge=d.line.county,
                exact=d.line.exact,
                amount=d.line.amount,
                seed_ref=d.line.seed_ref,
                note_en=d.line.note_en,
                note_sv=d.line.note_sv,
            )
            for d in draft.lines
        )
        _log(statement, kind, statement.state, statement.state, user=user, at=now)
    return statement


def issue_month(year: int, month: int, *, user, today: dt.date | None = None):
    """Every club with a tournament that started in the month, each statement in its
    own transaction: (issued, {club: problems or the reason it was refused})."""
    first = month_start(year, month)
    clubs = Club.objects.filter(
        tournaments__start_date__gte=first, tournaments__start_date__lte=month_end(first)
    ).distinct()
    issued, refused = [], {}
    for club in clubs.order_by("name"):
        try:
            issued.append(issue(club, year, month, user=user, today=today))
        except StatementRefused as exc:
            refused[club] = [p.en for p in exc.problems]
        except WorkflowError as exc:
            refused[club] = [str(exc)]
    return issued, refused


def record_payment(
    statement: UmsStatement, *, user, amount: Decimal, paid_on: dt.date, reference: str = ""
) -> UmsStatement:
    """The office records the club's payment; the statement is then paid."""
    if amount is None or amount <= 0:
        raise WorkflowError(_("Give the amount paid."))
    seen = {"state": statement.state}
    now = timezone.now()
    to: dict[str, str] = {}

    def check(row: UmsStatement) -> None:
        rule = tariff.statement_step(
            "payment", office=is_office_staff(user), state=tariff.StatementState(row.state)
        )
        if rule is None:
            raise NotAllowed("payment")
        to["state"] = str(rule.to_state)

    def changes(row: UmsStatement) -> dict:
        return {
            "state": to["state"],
            "amount_paid": amount,
            "paid_on": paid_on,
            "payment_reference": reference,
        }

    def record(row: UmsStatement) -> None:
        note = f"{current().money(amount)} {reference}".strip()
        _log(row, "payment", seen["state"], to["state"], user=user, at=now, note=note)

    return transitions.take_step(
        UmsStatement,
        statement.pk,
        seen=seen,
        changes=changes,
        check=check,
        record=record,
        label=step_label,
    )


def set_code(
    tournament: Tournament,
    *,
    user,
    charge_code: str,
    sessions: int | None,
    master_points: bool,
    special_exemption: bool | None = None,
    exemption_reason: str | None = None,
) -> UmsEvent:
    """The club's or the office's charge code for a tournament; the exemption only
    by the office (1.3.1 line 492). Refused while its month's statement is paid, or
    when the tariff refuses the code for this tournament."""
    if not can_set_code(user, tournament):
        raise NotAllowed("code")
    office = is_office_staff(user)
    with transaction.atomic():
        Tournament.objects.select_for_update().get(pk=tournament.pk)
        month = tournament.start_date.replace(day=1)
        if UmsStatement.objects.filter(
            club_id=tournament.organiser_club_id, month=month, state=UmsStatement.State.PAID
        ).exists():
            raise WorkflowError(_("The month's statement is paid; its charge codes stay."))
        ums = _ums(tournament) or UmsEvent(tournament=tournament)
        ums.charge_code = charge_code
        ums.sessions = sessions
        ums.master_points = master_points
        if office:
            if special_exemption is not None:
                ums.special_exemption = special_exemption
            if exemption_reason is not None:
                ums.exemption_reason = exemption_reason
        if ums.special_exemption and not ums.exemption_reason.strip():
            raise WorkflowError(_("Give the reason the EBU exempted this event."))
        club = tournament.organiser_club
        event = event_of(
            tournament,
            [],
            licence_sessions=_licence_sessions(club, tournament.start_date, tournament.end_date),
            novice=_novice_periods(club, tournament.start_date, tournament.end_date),
        )
        event = tariff.Event(
            code=tariff.ChargeCode(charge_code),
            date=event.date,
            sessions=sessions or event.sessions,
            boards=event.boards,
            players=(),
            master_points=master_points,
            novice_licence=event.novice_licence,
            special_exemption=ums.special_exemption,
        )
        problems = tariff.problems(event)
        if problems:
            raise CodeRefused(problems)
        ums.updated_by = user
        ums.save()
    tournament.ums = ums
    return ums


# --- the office's list ----------------------------------------------------------------------


def is_overdue(statement: UmsStatement, today: dt.date) -> bool:
    return statement.state == UmsStatement.State.ISSUED and statement.due_date < today


def statements():
    return UmsStatement.objects.select_related("club").order_by("-month", "club__name", "pk")
