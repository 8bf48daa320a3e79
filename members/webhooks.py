"""Webhooks (issue 23; docs/api.md, "Webhooks"): the events a club's or a scoring
program's hook hears, each sent as a signed POST, retried with backoff, logged.

``emit`` writes one ``WebhookDelivery`` per hook that should hear the event, once per
hook and event key (the unique constraint), and starts the first attempt when the
caller's transaction commits. ``deliver`` makes one attempt. A delivery is sent at
least once: a receiver tells repeats by ``X-Klover-Delivery`` or the body's ``id``.

The signature: ``X-Klover-Signature: sha256=<hex>``, the HMAC-SHA256 under the hook's
secret of ``"<X-Klover-Timestamp>.<the raw body>"``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import connections, transaction
from django.db.models import Q
from django.utils import timezone

from .domain.api_access import DELIVERY_ATTEMPTS, EVENTS, WEBHOOKS_WRITE, retry_delays
from .models import ApiToken, Webhook, WebhookDelivery

log = logging.getLogger(__name__)

TIMEOUT_SECONDS = 10
# While an attempt runs, the sweep leaves the delivery alone this long.
CLAIM_SECONDS = TIMEOUT_SECONDS + 50
# A delivery whose attempt is this late lost its message: the sweep sends it again.
LOST_AFTER = timedelta(seconds=60)
# A task that arrives this much before its delivery is due leaves it (another took it).
EARLY_TOLERANCE = timedelta(seconds=5)
USER_AGENT = "Klover-Webhooks/1"
State = WebhookDelivery.State


def new_secret() -> str:
    return secrets.token_hex(32)


def signature(secret: str, timestamp: str, body: bytes) -> str:
    """``sha256=`` and the hex HMAC-SHA256 of ``"<timestamp>.<body>"`` under ``secret``."""
    digest = hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256)
    return f"sha256={digest.hexdigest()}"


def hooks_for(event: str, club_ids: Iterable[int | None]) -> list[Webhook]:
    """The active hooks that follow ``event`` and whose usable token acts for one of
    ``club_ids`` (a club token: its club; a program token: the clubs listed)."""
    clubs = {pk for pk in club_ids if pk is not None}
    if not clubs:
        return []
    now = timezone.now()
    found = (
        Webhook.objects.filter(active=True, token__revoked_at__isnull=True)
        .filter(Q(token__expires_at__isnull=True) | Q(token__expires_at__gt=now))
        .filter(
            Q(token__kind=ApiToken.Kind.CLUB, token__club_id__in=clubs)
            | Q(token__kind=ApiToken.Kind.PROGRAM, token__clubs__in=clubs)
        )
        .select_related("token")
        .distinct()
    )
    # Events are a JSON list; SQLite cannot look inside it, so they are read here.
    return [h for h in found if event in h.events and WEBHOOKS_WRITE in h.token.scopes]


def emit(event: str, key: object, payload: dict, club_ids: Iterable[int | None]) -> int:
    """Tell the hooks of ``club_ids`` that follow ``event``: one delivery per hook and
    event key ``"<event>:<key>"`` (a second emit of the same key adds nothing). The
    first attempt starts when the transaction commits. Returns how many were new."""
    if event not in EVENTS:
        raise ValueError(f"unknown webhook event {event!r}")
    event_key = f"{event}:{key}"[:100]
    now = timezone.now()
    created_ids = []
    for hook in hooks_for(event, club_ids):
        delivery, created = WebhookDelivery.objects.get_or_create(
            webhook=hook,
            event_key=event_key,
            defaults={
                "event": event,
                "payload": payload,
                "created_at": now,
                "next_attempt_at": now,
            },
        )
        if created:
            created_ids.append(delivery.pk)
    for pk in created_ids:
        transaction.on_commit(lambda pk=pk: queue(pk))
    return len(created_ids)


class _AttemptTask:
    """The Celery task that makes one attempt (``members.tasks.deliver_webhook``),
    registered by ``members.apps``: the task module imports this one, not the reverse."""

    task: Any = None

    def register(self, task: Any) -> None:
        self.task = task


ATTEMPT = _AttemptTask()


def queue(delivery_id: int, countdown: int = 0) -> None:
    """Start an attempt where the settings run background work (``PIPELINE_RUNNER``):
    a Celery worker, a thread of the web process (the embedded default, which waits
    out the retries itself), or at once (the tests)."""
    deliver_webhook = ATTEMPT.task
    runner = settings.PIPELINE_RUNNER
    if runner == "celery":
        deliver_webhook.apply_async((delivery_id,), countdown=countdown)
    elif runner == "thread":
        threading.Thread(
            target=_deliver_in_thread, args=(delivery_id,), name="webhook", daemon=True
        ).start()
    elif countdown == 0:
        deliver_webhook.apply_async((delivery_id,))
    # "inline" and a retry: the sweep sends it once it is due.


def _deliver_in_thread(delivery_id: int) -> None:
    try:
        while (wait := deliver(delivery_id)) is not None:
            time.sleep(wait)
    except Exception:  # a thread of the web process: never raise out of it
        log.exception("webhook delivery %s", delivery_id)
    finally:
        connections.close_all()


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is not followed (it might lead to another host): it is an answer."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


def _post(url: str, body: bytes, headers: dict[str, str]) -> int:
    """POST ``body``; the HTTP status of the answer. Raises OSError when there is none."""
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with _OPENER.open(request, timeout=TIMEOUT_SECONDS) as response:
            return int(response.status)
    except urllib.error.HTTPError as answer:
        return int(answer.code)


def body_of(delivery: WebhookDelivery) -> bytes:
    return json.dumps(
        {
            "event": delivery.event,
            "id": delivery.event_key,
            "created": delivery.created_at.isoformat(),
            "data": delivery.payload,
        },
        separators=(",", ":"),
        ensure_ascii=False,
    ).encode()


def _claim(delivery_id: int, now: datetime) -> WebhookDelivery | None:
    """The delivery, marked as being tried, if it is pending and due; None otherwise
    (delivered, failed, gone, or another task has it)."""
    delivery = WebhookDelivery.objects.select_related("webhook").filter(pk=delivery_id).first()
    if delivery is None or delivery.state != State.PENDING:
        return None
    due = delivery.next_attempt_at
    if due is not None and due > now + EARLY_TOLERANCE:
        return None
    taken = WebhookDelivery.objects.filter(
        pk=delivery_id, state=State.PENDING, next_attempt_at=due
    ).update(next_attempt_at=now + timedelta(seconds=CLAIM_SECONDS))
    return delivery if taken else None


def deliver(delivery_id: int, *, now: datetime | None = None) -> int | None:
    """One attempt: a 2xx marks the delivery delivered; otherwise the status or error
    is recorded and the next attempt is due after ``retry_delays()[attempt]``, until
    the last one fails it. Returns the seconds until the next attempt, or None."""
    now = now or timezone.now()
    delivery = _claim(delivery_id, now)
    if delivery is None:
        return None
    hook = delivery.webhook
    body = body_of(delivery)
    stamp = str(int(time.time()))
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Klover-Event": delivery.event,
        "X-Klover-Delivery": str(delivery.pk),
        "X-Klover-Timestamp": stamp,
        "X-Klover-Signature": signature(hook.secret, stamp, body),
    }
    status: int | None = None
    error = ""
    if not hook.active:
        error = "the webhook is switched off"
    else:
        try:
            status = _post(hook.url, body, headers)
        except Exception as exc:  # no answer: refused, timed out, a bad address
            error = f"{type(exc).__name__}: {exc}"
    attempts = delivery.attempts + 1
    done = timezone.now()
    fields: dict = {"attempts": attempts, "last_status": status, "last_error": error[:300]}
    wait: int | None = None
    if status is not None and 200 <= status < 300:
        fields.update(state=State.DELIVERED, delivered_at=done, next_attempt_at=None)
    else:
        if status is not None:
            fields["last_error"] = f"HTTP {status}"
        if attempts >= DELIVERY_ATTEMPTS or not hook.active:
            fields.update(state=State.FAILED, next_attempt_at=None)
        else:
            wait = retry_delays()[attempts - 1]
            fields["next_attempt_at"] = done + timedelta(seconds=wait)
    WebhookDelivery.objects.filter(pk=delivery.pk).update(**fields)
    return wait


def sweep(now: datetime | None = None) -> int:
    """Send again every pending delivery whose attempt is overdue (its message was
    lost: a broker restart, a worker killed, a process restarted); returns how many."""
    now = now or timezone.now()
    late = WebhookDelivery.objects.filter(
        state=State.PENDING, next_attempt_at__lt=now - LOST_AFTER
    ).values_list("pk", "next_attempt_at")
    sent = 0
    for pk, due in list(late[:500]):
        # Taken for this sweep only if no task took it meanwhile.
        if WebhookDelivery.objects.filter(pk=pk, next_attempt_at=due).update(next_attempt_at=now):
            queue(pk)
            sent += 1
    return sent
