"""Universal Membership subscription charges (UMS): what a club owes the EBU for the
player sessions of its reported events.

Source: seed 001 (EBU Licensing and Master Points Handbook), 1.3.1 exemptions (lines
446-502), 1.3.2 tariff (lines 506-519), 1.3.3 payment (lines 523-539), 2.7.4 suspended
members (line 1512), 2.9.3 lapsed and potential members (lines 1593-1606), 2.10.5
players without standing (lines 1675-1677), and the Appendix "EBU Universal Membership
Subscription Codes" (lines 7286-7387).

A charge is players x sessions x the standard subscription price x the share of the
event's charge code for the player's status. The Handbook gives the shares, never the
price ("Current levels can be found on the EBU web-site", line 512): the price and any
county charge are the office's rate rows. Readings where the Handbook is silent are
written beside the rule and in docs/ums.md.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from enum import StrEnum

from .model import ref

# --- the codes and the tariff ------------------------------------------------------------


class ChargeCode(StrEnum):
    """The Appendix's "Rate" codes (lines 7292-7387)."""

    NULL_SESSION = "02"
    FREE_SESSION = "03"
    TEACHING = "04"
    CHILDREN_IN_NEED = "06"
    NON_EBU_SIMULTANEOUS = "07"
    CLUB_SESSION = "10"
    TEACHING_CHARGED = "11"
    COUNTY_EVENT = "20"
    LEAGUE_OR_KNOCKOUT = "21"
    NOVICE_SESSION = "22"
    LICENSED_EVENT = "30"
    LICENSED_CHARITY = "40"
    BLUE_POINT_EVENT = "50"
    COUNTY_GREEN_POINT = "60"
    COMMERCIAL_ENGLAND = "70"
    COMMERCIAL_ABROAD = "71"
    EBU_EVENT = "99"


class PlayerStatus(StrEnum):
    """Who played, as the charge sees them."""

    MEMBER = "member"  # a current EBU member
    SUSPENDED = "suspended"  # a member under suspension (2.7.4)
    LAPSED = "lapsed"  # not current, has an EBU record (2.9.3)
    POTENTIAL = "potential"  # registered by a club as a 'potential member' (2.9.3)
    NON_MEMBER = "non_member"  # e.g. a visitor from abroad: no EBU membership

    @property
    def pays_member_share(self) -> bool:
        """A suspended member is still a member: their membership is suspended, not
        ended (2.7.4 takes away Master Points only), so the member's share applies.
        Lapsed and potential members are "not current EBU members" (2.9.3): 1.3.2's
        "non-EBU members" share."""
        return self in (PlayerStatus.MEMBER, PlayerStatus.SUSPENDED)


FULL = Decimal(1)
HALF = Decimal("0.5")
NONE = Decimal(0)

# 1.3.2 line 510 "adjusted annually on 1st April"; the Appendix's "per EBU financial
# year" (line 7307) is read as the year from that day.
FINANCIAL_YEAR_START = (4, 1)
# Appendix lines 7319 and 7342: codes 04 and 11 "discontinued from 1st October 2014".
DISCONTINUED_FROM = dt.date(2014, 10, 1)
TEACHING_MAX_BOARDS = 16  # 1.3.1 line 474 "16 or fewer boards"
# 1.3.1 lines 482-488: more free club sessions by the club's player sessions a year.
EXTRA_FREE_SESSIONS = ((20_001, 2), (10_001, 1))
BASE_FREE_SESSIONS = 1  # 1.3.1 line 478 "1-session a year ... party/social/charity"
PAYMENT_DAYS = 30  # 1.3.3 b line 535 "within 30 days of the completion of the event"


@dataclass(frozen=True)
class Tariff:
    """What a code charges: the share of the standard price for members and for
    non-members, whether county charges are added, and whether a club's statement
    may carry it."""

    member: Decimal
    non_member: Decimal
    section: str  # where the Handbook says so
    county_charge: bool = False
    club_may_use: bool = True
    until: dt.date | None = None  # the last day the code may be used
    licence_fee_instead: bool = False


_DISC = DISCONTINUED_FROM - dt.timedelta(days=1)

TARIFF: dict[ChargeCode, Tariff] = {
    # "No charge will be made and no sessions credited" (lines 7296-7304).
    ChargeCode.NULL_SESSION: Tariff(NONE, NONE, "Appendix, code 02"),
    # The club's free sessions of 1.3.1 (lines 478, 482-488; Appendix line 7307).
    ChargeCode.FREE_SESSION: Tariff(NONE, NONE, "1.3.1"),
    # 1.3.1 line 474; "Free of charge", discontinued (Appendix lines 7313-7319).
    ChargeCode.TEACHING: Tariff(NONE, NONE, "1.3.1", until=_DISC),
    ChargeCode.CHILDREN_IN_NEED: Tariff(NONE, NONE, "1.3.1"),  # line 480; Appendix 7321
    # "Should never be used by EBU-affiliated clubs" (line 7329).
    ChargeCode.NON_EBU_SIMULTANEOUS: Tariff(NONE, NONE, "Appendix, code 07", club_may_use=False),
    # "standard subscription price ... plus any county charges" (lines 7332-7334).
    ChargeCode.CLUB_SESSION: Tariff(FULL, FULL, "Appendix, code 10", county_charge=True),
    ChargeCode.TEACHING_CHARGED: Tariff(FULL, FULL, "Appendix, code 11", until=_DISC),
    # County events are the county's; a club's heat is a club session (1.3.2 line 517).
    ChargeCode.COUNTY_EVENT: Tariff(HALF, FULL, "1.3.2", club_may_use=False),
    # Teams leagues and knock-outs: 50% for members, 100% for non-members (1.3.2
    # lines 512-516); the Appendix's "Half" (line 7348) is the member's share.
    ChargeCode.LEAGUE_OR_KNOCKOUT: Tariff(HALF, FULL, "1.3.2"),
    # "Half the standard subscription price" (line 7359), for everybody: 1.3.2's
    # 100% for non-members names county events, leagues and knock-outs only.
    ChargeCode.NOVICE_SESSION: Tariff(HALF, HALF, "Appendix, code 22"),
    # A licensed event pays its licence fee instead (1.3.1 lines 498-502).
    ChargeCode.LICENSED_EVENT: Tariff(NONE, NONE, "1.3.1", licence_fee_instead=True),
    ChargeCode.LICENSED_CHARITY: Tariff(NONE, NONE, "1.3.1", licence_fee_instead=True),
    # A club's blue point event held under its yearly allowance has no licence fee,
    # so 1.3.1 (lines 498-502) asks the subscription: the standard price.
    ChargeCode.BLUE_POINT_EVENT: Tariff(FULL, FULL, "1.3.1"),
    # Counties', commercial operators' and the EBU's codes: not a club's (lines 7369-7387).
    ChargeCode.COUNTY_GREEN_POINT: Tariff(
        NONE, NONE, "Appendix, code 60", club_may_use=False, licence_fee_instead=True
    ),
    ChargeCode.COMMERCIAL_ENGLAND: Tariff(NONE, NONE, "Appendix, code 70", club_may_use=False),
    ChargeCode.COMMERCIAL_ABROAD: Tariff(NONE, NONE, "Appendix, code 71", club_may_use=False),
    ChargeCode.EBU_EVENT: Tariff(NONE, NONE, "Appendix, code 99", club_may_use=False),
}

# The code a club session has unless the club or the office says otherwise.
DEFAULT_CODE = ChargeCode.CLUB_SESSION

CODE_LABELS: dict[ChargeCode, tuple[str, str]] = {
    ChargeCode.NULL_SESSION: ("null session (already submitted)", "nollpass (redan rapporterat)"),
    ChargeCode.FREE_SESSION: ("one of the club's free sessions", "ett av klubbens fria spelpass"),
    ChargeCode.TEACHING: ("teaching/supervised play, free", "undervisning/handledd spel, fritt"),
    ChargeCode.CHILDREN_IN_NEED: (
        "Children in Need simultaneous pairs",
        "Children in Need-simultan",
    ),
    ChargeCode.NON_EBU_SIMULTANEOUS: (
        "EBU simultaneous pairs at a non-EBU club",
        "EBU-simultan i en klubb utanför EBU",
    ),
    ChargeCode.CLUB_SESSION: ("normal club session", "vanligt klubbspelpass"),
    ChargeCode.TEACHING_CHARGED: (
        "teaching/supervised play, charged",
        "undervisning/handledd spel, avgiftsbelagd",
    ),
    ChargeCode.COUNTY_EVENT: ("county event", "grevskapstävling"),
    ChargeCode.LEAGUE_OR_KNOCKOUT: ("league or knock-out event", "serie eller utslagstävling"),
    ChargeCode.NOVICE_SESSION: ("approved novice session", "godkänt nybörjarpass"),
    ChargeCode.LICENSED_EVENT: ("licensed affiliated event", "licensierad tävling"),
    ChargeCode.LICENSED_CHARITY: (
        "licensed affiliated charity event",
        "licensierad välgörenhetstävling",
    ),
    ChargeCode.BLUE_POINT_EVENT: ("blue-pointed event", "Blue Point-tävling"),
    ChargeCode.COUNTY_GREEN_POINT: (
        "licensed county green-pointed event",
        "grevskapets Green Point-tävling",
    ),
    ChargeCode.COMMERCIAL_ENGLAND: (
        "commercial operator in England",
        "kommersiell arrangör i England",
    ),
    ChargeCode.COMMERCIAL_ABROAD: (
        "commercial operator outside England",
        "kommersiell arrangör utanför England",
    ),
    ChargeCode.EBU_EVENT: ("EBU event", "EBU-tävling"),
}


# --- values in and out -------------------------------------------------------------------


@dataclass(frozen=True)
class Prices:
    """The office's rates for the day the event was played (1.3.2, Appendix code 10)."""

    standard: Decimal | None  # per player session; None: the office has no rate yet
    county: Decimal = NONE  # the club's county's charge per player session


@dataclass(frozen=True)
class Event:
    """A reported event as the tariff sees it."""

    code: ChargeCode
    date: dt.date
    sessions: int
    boards: int
    players: tuple[PlayerStatus, ...]  # one per player, with or without standing
    master_points: bool = True  # whether the event awards Master Points
    novice_licence: bool = False  # the club holds an approved novice licence (1.4.2)
    special_exemption: bool = False  # granted by the EBU for this one event (1.3.1 line 492)


@dataclass(frozen=True)
class Problem:
    """Why an event cannot be charged as it stands, in both languages, with its place."""

    en: str
    sv: str
    seed_ref: str


@dataclass(frozen=True)
class Line:
    """Players of one status in one event: players x sessions x price x share."""

    status: PlayerStatus
    players: int
    sessions: int
    share: Decimal
    price: Decimal  # the standard price, or nothing for a free line
    county: Decimal  # the county's charge per player session, when the code adds it
    exact: Decimal  # unrounded
    amount: Decimal  # to the penny, half up
    seed_ref: str
    note_en: str = ""
    note_sv: str = ""

    @property
    def player_sessions(self) -> int:
        return self.players * self.sessions


@dataclass(frozen=True)
class Charge:
    lines: tuple[Line, ...]
    free_sessions_used: int  # of the club's yearly allocation (code 03)

    @property
    def amount(self) -> Decimal:
        return sum((line.amount for line in self.lines), NONE)


# --- rules ------------------------------------------------------------------------------


def financial_year(day: dt.date) -> int:
    """The EBU financial year ``day`` falls in, by the year it starts (1 April)."""
    month, first = FINANCIAL_YEAR_START
    return day.year if (day.month, day.day) >= (month, first) else day.year - 1


def financial_year_start(year: int) -> dt.date:
    month, first = FINANCIAL_YEAR_START
    return dt.date(year, month, first)


def free_sessions_allowed(player_sessions_last_year: int) -> int:
    """The club's free sessions a year (1.3.1 lines 478-488): the party/social/charity
    session, one more from 10,001 player sessions a year, two more above 20,000.
    "Player sessions a year" is read as the club's previous financial year: known
    when the year starts, so a statement once issued never changes with later reports."""
    if player_sessions_last_year < 0:
        raise ValueError("player sessions cannot be negative")
    for least, extra in EXTRA_FREE_SESSIONS:
        if player_sessions_last_year >= least:
            return BASE_FREE_SESSIONS + extra
    return BASE_FREE_SESSIONS


def credits_sessions(code: ChargeCode) -> bool:
    """Whether the event's player sessions count as played (line 7300: a null
    session credits none)."""
    return code is not ChargeCode.NULL_SESSION


def problems(event: Event) -> list[Problem]:
    """Why a club may not report ``event`` under its code: not a club's code, a
    discontinued code, a teaching session that is not one, a novice session without
    the licence, or no sessions."""
    found: list[Problem] = []
    tariff = TARIFF[event.code]
    if event.sessions < 1:
        found.append(
            _problem(
                "An event has at least one session",
                "En tävling har minst ett spelpass",
                "1.3.1",
            )
        )
    if not tariff.club_may_use:
        if event.code is ChargeCode.COUNTY_EVENT:
            found.append(
                _problem(
                    "Code 20 is for county events; a club heat of a county event is a "
                    "normal club session, code 10",
                    "Kod 20 gäller grevskapets tävlingar; klubbens kvalomgång till en "
                    "grevskapstävling är ett vanligt klubbpass, kod 10",
                    "1.3.2",
                )
            )
        else:
            found.append(
                _problem(
                    f"Code {event.code} is not used by an affiliated club",
                    f"Kod {event.code} används inte av en ansluten klubb",
                    tariff.section,
                )
            )
    if tariff.until is not None and event.date > tariff.until:
        found.append(
            _problem(
                f"Code {event.code} was discontinued from 1 October 2014",
                f"Kod {event.code} upphörde 1 oktober 2014",
                f"Appendix, code {event.code}",
            )
        )
    if event.code is ChargeCode.TEACHING:
        if event.boards > TEACHING_MAX_BOARDS:
            found.append(
                _problem(
                    f"A free teaching session has {TEACHING_MAX_BOARDS} or fewer boards; "
                    f"this one had {event.boards}",
                    f"Ett fritt undervisningspass har högst {TEACHING_MAX_BOARDS} brickor; "
                    f"detta hade {event.boards}",
                    "1.3.1",
                )
            )
        if event.master_points:
            found.append(
                _problem(
                    "A free teaching session awards no Master Points",
                    "Ett fritt undervisningspass ger inga mästarpoäng",
                    "1.3.1",
                )
            )
    if event.code is ChargeCode.NOVICE_SESSION and not event.novice_licence:
        found.append(
            _problem(
                "An approved novice session needs the club's novice/beginner licence",
                "Ett godkänt nybörjarpass kräver klubbens nybörjarlicens",
                "1.4.2",
            )
        )
    return found


def charge(event: Event, prices: Prices, *, free_sessions_left: int = 0) -> Charge:
    """The event's lines, one per status that played. ``free_sessions_left``: what is
    left of the club's yearly allocation when the event comes (code 03 only).

    Everybody who played is charged (1.3.1 lines 464-466), with or without standing
    (2.10.5 line 1675), suspended or not (2.7.4 takes Master Points only), member or
    not (1.3.2 line 516). Raises ``ValueError`` for an event ``problems`` refuses or
    a charged event without a standard price."""
    found = problems(event)
    if found:
        raise ValueError("; ".join(p.en for p in found))
    code = event.code
    free_now = 0
    charged_sessions = event.sessions
    note = ("", "")
    section = TARIFF[code].section
    if event.special_exemption:
        charged_sessions = 0
        note = ("exempted by the EBU", "undantaget av EBU")
    elif code is ChargeCode.FREE_SESSION:
        free_now = min(event.sessions, max(free_sessions_left, 0))
        charged_sessions = event.sessions - free_now
        if charged_sessions:
            # Beyond the allocation the session is an ordinary club session.
            note = (
                "beyond the year's free sessions: a normal club session",
                "utöver årets fria spelpass: ett vanligt klubbpass",
            )
            code = ChargeCode.CLUB_SESSION
    tariff = TARIFF[code]
    lines: list[Line] = []
    for status, players in _count(event.players):
        share = tariff.member if status.pays_member_share else tariff.non_member
        county = prices.county if tariff.county_charge else NONE
        if event.special_exemption or code is ChargeCode.FREE_SESSION:
            share, county = NONE, NONE
        player_sessions = players * charged_sessions
        if (share or county) and player_sessions:
            if prices.standard is None:
                raise ValueError(f"no standard price for {event.date}")
            price = prices.standard
        else:
            price = NONE
        exact = player_sessions * (price * share + county)
        status_note = _status_note(status)
        lines.append(
            Line(
                status=status,
                players=players,
                sessions=charged_sessions if charged_sessions else event.sessions,
                share=share,
                price=price,
                county=county,
                exact=exact,
                amount=exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP),
                seed_ref=ref(section if note[0] else tariff.section),
                note_en="; ".join(n for n in (note[0], status_note[0]) if n),
                note_sv="; ".join(n for n in (note[1], status_note[1]) if n),
            )
        )
    if free_now and charged_sessions:
        # The sessions still free: a line of their own per status, at no charge.
        lines = [
            *[
                Line(
                    status=status,
                    players=players,
                    sessions=free_now,
                    share=NONE,
                    price=NONE,
                    county=NONE,
                    exact=NONE,
                    amount=NONE,
                    seed_ref=ref("1.3.1"),
                    note_en="one of the club's free sessions",
                    note_sv="ett av klubbens fria spelpass",
                )
                for status, players in _count(event.players)
            ],
            *lines,
        ]
    return Charge(lines=tuple(lines), free_sessions_used=free_now)


def needs_price(event: Event) -> bool:
    """Whether the event is charged at all, so that the standard price must be known."""
    if event.special_exemption or not event.players:
        return False
    tariff = TARIFF[event.code]
    return event.code is ChargeCode.FREE_SESSION or bool(
        tariff.member or tariff.non_member or tariff.county_charge
    )


def payment_due(month_end: dt.date) -> dt.date:
    """A month's statement is due 30 days after the month ends: 1.3.3 b's 30 days from
    the completion of the event (line 535), counted from the month's last day, by
    which every event on the statement has been completed."""
    return month_end + dt.timedelta(days=PAYMENT_DAYS)


# --- helpers -----------------------------------------------------------------------------

_ORDER = tuple(PlayerStatus)


def _count(players: Iterable[PlayerStatus]) -> list[tuple[PlayerStatus, int]]:
    counts: dict[PlayerStatus, int] = {}
    for status in players:
        counts[status] = counts.get(status, 0) + 1
    return [(s, counts[s]) for s in _ORDER if s in counts]


def _status_note(status: PlayerStatus) -> tuple[str, str]:
    if status is PlayerStatus.SUSPENDED:
        return (
            "suspended: charged, no Master Points (2.7.4)",
            "avstängd: avgift, inga mästarpoäng (2.7.4)",
        )
    if status in (PlayerStatus.LAPSED, PlayerStatus.POTENTIAL):
        return ("not a current EBU member (2.9.3)", "inte aktuell EBU-medlem (2.9.3)")
    if status is PlayerStatus.NON_MEMBER:
        return ("not an EBU member (1.3.2)", "inte EBU-medlem (1.3.2)")
    return ("", "")


def _problem(en: str, sv: str, section: str) -> Problem:
    where = ref(section)
    return Problem(en=f"{en} ({where})", sv=f"{sv} ({where})", seed_ref=where)


# --- who may take which step of a statement ------------------------------------------------


class StatementState(StrEnum):
    ISSUED = "issued"
    PAID = "paid"


@dataclass(frozen=True)
class StatementStep:
    step: str
    office_only: bool
    states: frozenset[StatementState]
    to_state: StatementState
    section: str


# The office invoices the club (1.3.3 a) and records the payment; a paid statement is
# never issued again.
STATEMENT_STEPS: tuple[StatementStep, ...] = (
    StatementStep(
        "reissue", True, frozenset({StatementState.ISSUED}), StatementState.ISSUED, "1.3.3 a"
    ),
    StatementStep(
        "payment", True, frozenset({StatementState.ISSUED}), StatementState.PAID, "1.3.3"
    ),
)


def statement_steps(*, office: bool, state: StatementState) -> list[str]:
    return [s.step for s in STATEMENT_STEPS if (office or not s.office_only) and state in s.states]


def statement_step(step: str, *, office: bool, state: StatementState) -> StatementStep | None:
    for rule in STATEMENT_STEPS:
        if rule.step == step and (office or not rule.office_only) and state in rule.states:
            return rule
    return None
