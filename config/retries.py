"""Which errors a pipeline step is tried again after, and how long it waits."""

from __future__ import annotations

import random

import psycopg
from django.db import InterfaceError, OperationalError, connection

# Worth another try: the database or broker was briefly unreachable, a lock timed out,
# a deadlock or serialization failure was broken by aborting us. COPY and other raw
# psycopg calls raise psycopg's own errors, which Django does not wrap.
TRANSIENT = (
    OperationalError,
    InterfaceError,
    psycopg.OperationalError,
    psycopg.InterfaceError,
    ConnectionError,
    TimeoutError,
)
MAX_RETRIES = 6


def backoff(retries: int) -> float:
    """Seconds before try ``retries + 1``: doubling from half a second, with jitter so
    that two steps that deadlocked do not meet again."""
    return min(30.0, 0.5 * 2**retries) * random.uniform(0.75, 1.25)  # noqa: S311


def forget_connection() -> None:
    """A connection that failed mid-step may be dead or mid-transaction: the next
    try opens a new one."""
    if not connection.in_atomic_block:
        connection.close()
