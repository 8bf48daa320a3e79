"""The Universal Membership charge rules (seed 001 1.3, 2.7.4, 2.9.3, 2.10.5 and the
Appendix's charge codes): every share, exemption and refusal with its line."""

import datetime as dt
from decimal import Decimal

import pytest

from tournaments.licences.domain import ums
from tournaments.licences.domain.ums import ChargeCode as C
from tournaments.licences.domain.ums import PlayerStatus as P

DAY = dt.date(2026, 5, 12)
PRICES = ums.Prices(standard=Decimal("0.40"), county=Decimal("0.10"))


def event(code=C.CLUB_SESSION, *, players=(P.MEMBER,), sessions=1, boards=24, **kw):
    return ums.Event(
        code=code,
        date=kw.pop("date", DAY),
        sessions=sessions,
        boards=boards,
        players=tuple(players),
        **kw,
    )


def amount(code, status, **kw):
    return ums.charge(event(code, players=[status], **kw), PRICES).amount


# code, member share, non-member share, county charge added, line of the seed
TARIFF = [
    (C.NULL_SESSION, "0", "0", False),  # Appendix lines 7294-7304
    (C.CHILDREN_IN_NEED, "0", "0", False),  # 1.3.1 line 480; Appendix 7321
    (C.CLUB_SESSION, "1", "1", True),  # Appendix lines 7331-7334
    (C.LEAGUE_OR_KNOCKOUT, "0.5", "1", False),  # 1.3.2 lines 512-516; Appendix 7348
    (C.NOVICE_SESSION, "0.5", "0.5", False),  # Appendix lines 7358-7361
    (C.LICENSED_EVENT, "0", "0", False),  # 1.3.1 lines 498-502: the licence fee instead
    (C.LICENSED_CHARITY, "0", "0", False),  # 1.3.1 lines 498-502
    (C.BLUE_POINT_EVENT, "1", "1", False),  # 1.3.1 lines 498-502 (docs/ums.md)
]


@pytest.mark.parametrize(("code", "member", "non_member", "county"), TARIFF)
def test_the_share_of_each_code(code, member, non_member, county):
    rule = ums.TARIFF[code]
    assert (rule.member, rule.non_member, rule.county_charge) == (
        Decimal(member),
        Decimal(non_member),
        county,
    )


@pytest.mark.parametrize(
    ("code", "status", "expected"),
    [
        # 0.40 standard + 0.10 county per player session, code 10 (lines 7332-7334)
        (C.CLUB_SESSION, P.MEMBER, "0.50"),
        (C.CLUB_SESSION, P.NON_MEMBER, "0.50"),
        # leagues and knock-outs: 50% for members, 100% for non-members (1.3.2 l. 514-516)
        (C.LEAGUE_OR_KNOCKOUT, P.MEMBER, "0.20"),
        (C.LEAGUE_OR_KNOCKOUT, P.LAPSED, "0.40"),
        (C.LEAGUE_OR_KNOCKOUT, P.POTENTIAL, "0.40"),
        (C.LEAGUE_OR_KNOCKOUT, P.NON_MEMBER, "0.40"),
        # a suspended member is still a member (2.7.4 line 1512): the member's share
        (C.LEAGUE_OR_KNOCKOUT, P.SUSPENDED, "0.20"),
        (C.NOVICE_SESSION, P.NON_MEMBER, "0.20"),
        (C.CHILDREN_IN_NEED, P.MEMBER, "0.00"),
        (C.NULL_SESSION, P.NON_MEMBER, "0.00"),
    ],
)
def test_one_player_one_session(code, status, expected):
    assert amount(code, status, novice_licence=True) == Decimal(expected)


def test_players_times_sessions_times_price_by_status():
    players = [P.MEMBER] * 20 + [P.LAPSED] * 2 + [P.POTENTIAL] + [P.SUSPENDED]
    charge = ums.charge(event(C.LEAGUE_OR_KNOCKOUT, players=players, sessions=2), PRICES)
    rows = [(line.status, line.players, line.player_sessions, line.amount) for line in charge.lines]
    assert rows == [
        (P.MEMBER, 20, 40, Decimal("8.00")),
        (P.SUSPENDED, 1, 2, Decimal("0.40")),
        (P.LAPSED, 2, 4, Decimal("1.60")),
        (P.POTENTIAL, 1, 2, Decimal("0.80")),
    ]
    assert charge.amount == Decimal("10.80")


def test_rounded_to_the_penny_half_up_with_the_exact_kept():
    prices = ums.Prices(standard=Decimal("0.395"))
    line = ums.charge(event(C.LEAGUE_OR_KNOCKOUT, players=[P.MEMBER]), prices).lines[0]
    assert line.exact == Decimal("0.1975") and line.amount == Decimal("0.20")


def test_players_without_standing_and_suspended_members_are_charged():
    """2.10.5 (line 1675): with or without standing, normal UMS charges; 1.3.1 (lines
    464-466): everybody who plays contributes. Standing is not an input at all."""
    assert amount(C.CLUB_SESSION, P.SUSPENDED) == Decimal("0.50")
    assert "2.7.4" in ums.charge(event(players=[P.SUSPENDED]), PRICES).lines[0].note_en


@pytest.mark.parametrize(
    ("last_year", "allowed"),
    [(0, 1), (10_000, 1), (10_001, 2), (20_000, 2), (20_001, 3), (90_000, 3)],
)
def test_free_sessions_a_year(last_year, allowed):
    """1.3.1 lines 478-488: one party/social/charity session; one more from 10,001
    player sessions a year, two more above 20,000."""
    assert ums.free_sessions_allowed(last_year) == allowed


def test_a_free_session_within_the_allocation_costs_nothing():
    charge = ums.charge(event(C.FREE_SESSION, players=[P.MEMBER] * 8), PRICES, free_sessions_left=1)
    assert charge.amount == 0 and charge.free_sessions_used == 1


def test_beyond_the_allocation_a_free_session_is_a_club_session():
    charge = ums.charge(
        event(C.FREE_SESSION, players=[P.MEMBER] * 8, sessions=2), PRICES, free_sessions_left=1
    )
    assert charge.free_sessions_used == 1
    assert [(line.sessions, line.amount) for line in charge.lines] == [
        (1, Decimal(0)),
        (1, Decimal("4.00")),
    ]
    assert "beyond the year's free sessions" in charge.lines[1].note_en


def test_an_event_the_ebu_exempted_costs_nothing():
    """1.3.1 lines 492-494: a special one-off exemption granted by the EBU."""
    assert amount(C.CLUB_SESSION, P.MEMBER, special_exemption=True) == 0


def test_the_teaching_exemption_before_october_2014():
    """1.3.1 lines 474-476 and Appendix code 04 (lines 7311-7319)."""
    old = dt.date(2014, 9, 30)
    ok = event(C.TEACHING, date=old, boards=16, master_points=False)
    assert ums.problems(ok) == [] and ums.charge(ok, PRICES).amount == 0
    too_long = event(C.TEACHING, date=old, boards=17, master_points=False)
    assert "16 or fewer boards" in ums.problems(too_long)[0].en
    with_points = event(C.TEACHING, date=old, boards=12)
    assert "no Master Points" in ums.problems(with_points)[0].en


@pytest.mark.parametrize("code", [C.TEACHING, C.TEACHING_CHARGED])
def test_codes_discontinued_from_october_2014(code):
    found = ums.problems(event(code, date=dt.date(2014, 10, 1), boards=12, master_points=False))
    assert [p.seed_ref for p in found] == [f"EBU Handbook Appendix, code {code}"]


@pytest.mark.parametrize(
    "code",
    [
        C.NON_EBU_SIMULTANEOUS,
        C.COUNTY_GREEN_POINT,
        C.COMMERCIAL_ENGLAND,
        C.COMMERCIAL_ABROAD,
        C.EBU_EVENT,
    ],
)
def test_codes_a_club_does_not_use(code):
    assert f"Code {code} is not used by an affiliated club" in ums.problems(event(code))[0].en


def test_a_club_heat_of_a_county_event_is_a_club_session():
    """1.3.2 lines 517-519."""
    (problem,) = ums.problems(event(C.COUNTY_EVENT))
    assert "normal club session, code 10" in problem.en and problem.seed_ref.endswith("1.3.2")


def test_a_novice_session_needs_the_licence():
    """1.4.2; Appendix code 22."""
    assert "novice/beginner licence" in ums.problems(event(C.NOVICE_SESSION))[0].en
    assert ums.problems(event(C.NOVICE_SESSION, novice_licence=True)) == []


def test_no_sessions_is_refused_and_charge_refuses_what_problems_refuse():
    assert ums.problems(event(sessions=0))
    with pytest.raises(ValueError):
        ums.charge(event(C.EBU_EVENT), PRICES)


def test_a_charged_event_without_a_price_is_refused():
    with pytest.raises(ValueError, match="no standard price"):
        ums.charge(event(), ums.Prices(standard=None))
    assert ums.charge(event(C.CHILDREN_IN_NEED), ums.Prices(standard=None)).amount == 0


@pytest.mark.parametrize(
    ("day", "year"),
    [(dt.date(2026, 3, 31), 2025), (dt.date(2026, 4, 1), 2026), (dt.date(2027, 1, 5), 2026)],
)
def test_the_financial_year_starts_on_1_april(day, year):
    """1.3.2 line 510; Appendix line 7307."""
    assert ums.financial_year(day) == year


def test_the_payment_is_due_30_days_after_the_month():
    """1.3.3 b line 535, from the month's last day."""
    assert ums.payment_due(dt.date(2026, 5, 31)) == dt.date(2026, 6, 30)


def test_null_sessions_credit_no_sessions():
    """Appendix lines 7300-7302."""
    assert not ums.credits_sessions(C.NULL_SESSION) and ums.credits_sessions(C.CLUB_SESSION)


def test_only_the_office_takes_the_statement_steps():
    issued = ums.StatementState.ISSUED
    assert ums.statement_steps(office=True, state=issued) == ["reissue", "payment"]
    assert ums.statement_steps(office=False, state=issued) == []
    assert ums.statement_steps(office=True, state=ums.StatementState.PAID) == []
