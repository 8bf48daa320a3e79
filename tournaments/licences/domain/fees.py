"""The fee of a licence and when it, the results and a charity's accounts are due:
seed 001 (EBU handbook) 1.5.3, 1.5.4, 1.7.17, 1.8.3, 1.11.2. The rates themselves are
the office's fee table (the ``FeeRate`` rows, 1.11.1)."""

from __future__ import annotations

import datetime as dt
from decimal import ROUND_HALF_UP, Decimal

from .handbook import CHARITY_ACCOUNTS_MONTHS, POST_EVENT_DAYS, add_months
from .model import FeeRate


def licence_fee(rate: FeeRate, *, sessions: int, tables: int, heats: int = 0) -> Decimal:
    """sessions x tables x the per-table-session rate, plus heats x the per-heat rate
    (simultaneous events, 1.11.2), at least the minimum; to the penny, half up
    (1.5.4, 1.11.2)."""
    if sessions < 0 or tables < 0 or heats < 0:
        raise ValueError("sessions, tables and heats cannot be negative")
    fee = sessions * tables * rate.per_table_session + heats * rate.per_heat
    return max(fee, rate.minimum).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def post_event_due(end: dt.date) -> dt.date:
    """When the fee, results file and event statements are due: the earlier of 30
    days after the event (1.5.3) and one calendar month after it (1.7.17: the same
    day next month, clamped to the month's end, so 31 January gives 28/29 February).
    Taking the earlier meets both sections."""
    return min(end + dt.timedelta(days=POST_EVENT_DAYS), add_months(end, 1))


def charity_accounts_due(end: dt.date) -> dt.date:
    """Full accounts of a charity event: three calendar months after it (1.8.3),
    clamped to the month's end."""
    return add_months(end, CHARITY_ACCOUNTS_MONTHS)
