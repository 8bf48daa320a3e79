"""Webhooks (docs/api.md, "Webhooks"): registering through the API, the delivery log,
the signed POST, retries with backoff, the sweep, and where the events come from."""

import hashlib
import hmac
import json
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone

from members import webhooks
from members.domain.api_access import (
    AWARDS_CREDITED,
    DELIVERY_ATTEMPTS,
    HANDICAP_CHANGED,
    LICENCE_DECIDED,
    MEMBERS_READ,
    REPORT_PROCESSED,
    SANCTION_DECIDED,
    WEBHOOKS_WRITE,
    retry_delays,
)
from members.models import ApiAuditEntry, Webhook, WebhookDelivery
from members.tasks import deliver_webhook, sweep_webhook_deliveries
from members.tests.factories import ClubFactory
from members.tokens import create_token

pytestmark = pytest.mark.django_db
HOOKS = "/api/v1/webhooks/"
State = WebhookDelivery.State


@pytest.fixture(autouse=True)
def _clear_rates():
    cache.clear()


@pytest.fixture
def posts(monkeypatch):
    """The HTTP boundary: every POST is recorded and answered from ``answers`` (200
    when they run out)."""
    sent: list[dict] = []
    sent_answers: list = []

    def fake(url, body, headers):
        sent.append({"url": url, "body": body, "headers": headers})
        answer = sent_answers.pop(0) if sent_answers else 200
        if isinstance(answer, Exception):
            raise answer
        return answer

    monkeypatch.setattr(webhooks, "_post", fake)
    fake.sent = sent
    fake.answers = sent_answers
    return fake


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """``emit`` as a committed transaction sees it: the first attempts start."""

    def emit(*args):
        with django_capture_on_commit_callbacks(execute=True):
            return webhooks.emit(*args)

    return emit


@pytest.fixture
def later(monkeypatch, settings):
    """Retries as on Celery workers, with the countdowns recorded instead of waited."""
    settings.PIPELINE_RUNNER = "celery"
    countdowns: list = []
    monkeypatch.setattr(
        deliver_webhook, "apply_async", lambda args, countdown=0: countdowns.append(countdown)
    )
    return countdowns


def auth(key):
    return {"HTTP_AUTHORIZATION": f"Bearer {key}"}


def club_key(club=None, scopes=(WEBHOOKS_WRITE,)):
    return create_token(kind="club", name="Club", scopes=list(scopes), club=club or ClubFactory())


def hook(token, events=(REPORT_PROCESSED,), url="https://club.example/hook"):
    return Webhook.objects.create(
        token=token, url=url, events=list(events), secret=webhooks.new_secret(),
        created_at=timezone.now(),
    )  # fmt: skip


def register(client, key, body, **extra):
    return client.post(
        HOOKS, json.dumps(body), content_type="application/json", **auth(key), **extra
    )


def assert_error(response, status, code, field=None):
    assert response.status_code == status, response.content
    body = response.json()
    assert body["code"] == code and body["message"] and body["field"] == field
    return body


# --- the API ---------------------------------------------------------------------------


def test_registering_answers_the_secret_once_and_goes_on_the_audit_trail(client):
    token, key = club_key()
    response = register(
        client,
        key,
        {"url": "https://club.example/h", "events": [SANCTION_DECIDED, REPORT_PROCESSED]},
    )
    assert response.status_code == 201, response.content
    body = response.json()
    saved = Webhook.objects.get(pk=body["id"])
    assert body["secret"] == saved.secret and len(saved.secret) == 64
    # The events in the table's order, whatever order they were given in.
    assert body["events"] == [REPORT_PROCESSED, SANCTION_DECIDED] == saved.events
    listed = client.get(HOOKS, **auth(key)).json()["results"]
    assert [h["id"] for h in listed] == [saved.pk] and "secret" not in listed[0]
    assert "secret" not in client.get(f"{HOOKS}{saved.pk}/", **auth(key)).json()
    entry = ApiAuditEntry.objects.get(token=token)
    assert (entry.method, entry.status, entry.object_id) == ("POST", 201, str(saved.pk))


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"url": "http://club.example/h", "events": [REPORT_PROCESSED]}, "https_required", "url"),
        (
            {"url": "https://club.example/h", "events": ["member.died"]},
            "invalid_choice",
            "events.0",
        ),
        ({"url": "https://club.example/h", "events": []}, "empty", "events"),
        (
            {"url": "https://x.example", "events": [REPORT_PROCESSED], "secret": "s"},
            "unknown_field",
            "secret",
        ),
        ({"url": 5, "events": REPORT_PROCESSED}, "invalid", "url"),
        # the portal must not post into its own network
        (
            {"url": "https://127.0.0.1:8000/h", "events": [REPORT_PROCESSED]},
            "private_address",
            "url",
        ),
        ({"url": "https://10.1.2.3/h", "events": [REPORT_PROCESSED]}, "private_address", "url"),
        ({"url": "https://[::1]/h", "events": [REPORT_PROCESSED]}, "private_address", "url"),
        ({"url": "https://localhost/h", "events": [REPORT_PROCESSED]}, "private_address", "url"),
    ],
)
def test_register_refuses_bad_bodies_and_saves_nothing(client, body, code, field):
    _token, key = club_key()
    assert_error(register(client, key, body), 400, code, field)
    assert not Webhook.objects.exists()


def test_http_is_allowed_only_in_debug(client, settings):
    settings.DEBUG = True
    _token, key = club_key()
    response = register(
        client, key, {"url": "http://localhost:8001/h", "events": [REPORT_PROCESSED]}
    )
    assert response.status_code == 201


def test_malformed_json_and_too_large_bodies_are_refused(client, settings):
    _token, key = club_key()
    bad = client.post(HOOKS, "{not json", content_type="application/json", **auth(key))
    assert_error(bad, 400, "parse_error")
    settings.API_MAX_JSON_BYTES = 50
    body = {"url": "https://club.example/" + "a" * 100, "events": [REPORT_PROCESSED]}
    assert_error(register(client, key, body), 413, "body_too_large")
    assert not Webhook.objects.exists()


def test_a_token_without_the_scope_or_a_revoked_one_is_refused(client):
    _token, key = club_key(scopes=[MEMBERS_READ])
    body = {"url": "https://club.example/h", "events": [REPORT_PROCESSED]}
    assert_error(register(client, key, body), 403, "scope_missing")
    assert_error(client.get(HOOKS), 401, "token_missing")
    assert not Webhook.objects.exists()


def test_another_token_cannot_see_or_delete_the_hook_nor_its_log(client):
    token, key = club_key()
    mine = hook(token)
    _other, other_key = club_key(club=token.club)
    for response in (
        client.get(f"{HOOKS}{mine.pk}/", **auth(other_key)),
        client.delete(f"{HOOKS}{mine.pk}/", **auth(other_key)),
        client.get(f"{HOOKS}{mine.pk}/deliveries/", **auth(other_key)),
    ):
        assert_error(response, 404, "not_found")
    assert client.get(HOOKS, **auth(other_key)).json()["results"] == []
    assert Webhook.objects.filter(pk=mine.pk).exists()
    assert client.delete(f"{HOOKS}{mine.pk}/", **auth(key)).status_code == 204
    assert not Webhook.objects.exists()


def test_an_id_beyond_any_integer_is_a_404_not_a_500(client):
    _token, key = club_key()
    assert_error(client.get(f"{HOOKS}{10**30}/", **auth(key)), 404, "not_found")


def test_the_delivery_log_lists_newest_first_with_attempts(client, posts, committed):
    token, key = club_key()
    mine = hook(token)
    posts.answers.append(500)
    committed(REPORT_PROCESSED, "1:1", {"tournament_id": 1}, [token.club_id])
    committed(REPORT_PROCESSED, "2:1", {"tournament_id": 2}, [token.club_id])
    rows = client.get(f"{HOOKS}{mine.pk}/deliveries/", **auth(key)).json()["results"]
    assert [(r["event_id"], r["state"], r["attempts"], r["last_status"]) for r in rows] == [
        ("report.processed:2:1", "delivered", 1, 200),
        ("report.processed:1:1", "pending", 1, 500),
    ]
    assert rows[1]["last_error"] == "HTTP 500" and rows[1]["next_attempt_at"]


# --- sending -------------------------------------------------------------------------------


def test_the_signature_verifies_with_the_documented_recipe(posts, committed):
    token, _key = club_key()
    mine = hook(token)
    committed(REPORT_PROCESSED, "812:3", {"tournament_id": 812}, [token.club_id])
    [sent] = posts.sent
    headers, body = sent["headers"], sent["body"]
    stamp = headers["X-Klover-Timestamp"]
    expected = hmac.new(mine.secret.encode(), f"{stamp}.".encode() + body, hashlib.sha256)
    assert headers["X-Klover-Signature"] == f"sha256={expected.hexdigest()}"
    delivery = WebhookDelivery.objects.get()
    assert headers["X-Klover-Event"] == REPORT_PROCESSED
    assert headers["X-Klover-Delivery"] == str(delivery.pk)
    sent_body = json.loads(body)
    assert sent_body["event"] == REPORT_PROCESSED and sent_body["id"] == "report.processed:812:3"
    assert sent_body["data"] == {"tournament_id": 812} and sent_body["created"]
    assert delivery.state == State.DELIVERED and delivery.delivered_at is not None


def test_a_500_is_retried_after_the_backoff_then_delivered(posts, later):
    token, _key = club_key()
    hook(token)
    posts.answers.extend([500, 502])
    webhooks.emit(REPORT_PROCESSED, "1:1", {}, [token.club_id])
    delivery = WebhookDelivery.objects.get()
    deliver_webhook(delivery.pk)  # the commit's first attempt: 500
    delivery.refresh_from_db()
    assert (delivery.state, delivery.attempts, delivery.last_status) == (State.PENDING, 1, 500)
    assert later == [retry_delays()[0]]
    wait = delivery.next_attempt_at - timezone.now()
    assert timedelta(seconds=retry_delays()[0] - 5) < wait <= timedelta(seconds=retry_delays()[0])
    # The retry arrives when due: 502, then the next after the doubled wait.
    due = delivery.next_attempt_at
    assert webhooks.deliver(delivery.pk, now=due) == retry_delays()[1]
    delivery.refresh_from_db()
    assert webhooks.deliver(delivery.pk, now=delivery.next_attempt_at) is None
    delivery.refresh_from_db()
    assert (delivery.state, delivery.attempts, delivery.last_status) == (State.DELIVERED, 3, 200)
    assert len(posts.sent) == 3


def test_a_task_arriving_before_its_delivery_is_due_sends_nothing(posts, later):
    token, _key = club_key()
    hook(token)
    posts.answers.append(500)
    webhooks.emit(REPORT_PROCESSED, "1:1", {}, [token.club_id])
    deliver_webhook(WebhookDelivery.objects.get().pk)
    deliver_webhook(WebhookDelivery.objects.get().pk)  # a repeat of the message
    assert len(posts.sent) == 1


def test_after_the_last_attempt_the_delivery_fails(posts, later):
    token, _key = club_key()
    hook(token)
    posts.answers.extend([OSError("connection refused")] + [503] * DELIVERY_ATTEMPTS)
    webhooks.emit(REPORT_PROCESSED, "1:1", {}, [token.club_id])
    delivery = WebhookDelivery.objects.get()
    deliver_webhook(delivery.pk)
    delivery.refresh_from_db()
    assert delivery.last_error.startswith("OSError") and delivery.last_status is None
    for _ in range(DELIVERY_ATTEMPTS - 1):  # each retry's task, arriving when due
        WebhookDelivery.objects.filter(pk=delivery.pk).update(next_attempt_at=timezone.now())
        deliver_webhook(delivery.pk)
    delivery.refresh_from_db()
    assert (delivery.state, delivery.attempts) == (State.FAILED, DELIVERY_ATTEMPTS)
    assert delivery.next_attempt_at is None and len(posts.sent) == DELIVERY_ATTEMPTS
    assert webhooks.deliver(delivery.pk, now=timezone.now() + timedelta(days=1)) is None
    assert later == list(retry_delays())


def test_the_task_never_raises(monkeypatch):
    monkeypatch.setattr(webhooks, "deliver", lambda pk: 1 / 0)
    assert deliver_webhook(1) == "error"


def test_the_sweep_requeues_a_lost_delivery_and_leaves_fresh_ones(posts, later):
    token, _key = club_key()
    mine = hook(token)
    now = timezone.now()
    lost = WebhookDelivery.objects.create(
        webhook=mine, event=REPORT_PROCESSED, event_key="report.processed:1:1", payload={},
        created_at=now - timedelta(hours=1), next_attempt_at=now - timedelta(minutes=10),
    )  # fmt: skip
    WebhookDelivery.objects.create(
        webhook=mine, event=REPORT_PROCESSED, event_key="report.processed:2:1", payload={},
        created_at=now, next_attempt_at=now,
    )  # fmt: skip
    assert sweep_webhook_deliveries() == 1
    assert later == [0]
    deliver_webhook(lost.pk)
    lost.refresh_from_db()
    assert lost.state == State.DELIVERED and len(posts.sent) == 1


def test_a_redirect_is_not_followed(monkeypatch):
    """The opener refuses every redirect; the 3xx is the answer, recorded as a failure."""
    handler = webhooks._NoRedirects()
    assert handler.redirect_request(None, None, 302, "Found", {}, "https://evil.example/") is None


# --- who hears what --------------------------------------------------------------------------


def test_emit_is_idempotent(posts, committed):
    token, _key = club_key()
    hook(token)
    assert committed(REPORT_PROCESSED, "7:1", {}, [token.club_id]) == 1
    assert committed(REPORT_PROCESSED, "7:1", {}, [token.club_id]) == 0
    assert WebhookDelivery.objects.count() == 1 and len(posts.sent) == 1


def test_only_hooks_of_the_right_club_and_event_get_a_delivery(posts):
    club, other = ClubFactory(), ClubFactory()
    right, _ = club_key(club=club)
    wrong_club, _ = club_key(club=other)
    program, _ = create_token(kind="program", name="P", scopes=[WEBHOOKS_WRITE], clubs=[club])
    program_elsewhere, _ = create_token(
        kind="program", name="Q", scopes=[WEBHOOKS_WRITE], clubs=[other]
    )
    revoked, _ = club_key(club=club)
    hearing = {hook(right), hook(program, events=[HANDICAP_CHANGED, REPORT_PROCESSED])}
    hook(right, events=[AWARDS_CREDITED])
    hook(wrong_club)
    hook(program_elsewhere)
    hook(revoked)
    revoked.revoked_at = timezone.now()
    revoked.save()
    webhooks.emit(REPORT_PROCESSED, "1:1", {}, [club.pk, None])
    assert {d.webhook for d in WebhookDelivery.objects.all()} == hearing


def test_a_pipeline_run_tells_the_organisers_hook(
    shared_fixtures, posts, django_capture_on_commit_callbacks
):
    from tournaments import services

    club = ClubFactory()
    token, _key = club_key(club=club)
    hook(token, events=[REPORT_PROCESSED, AWARDS_CREDITED])
    hook(club_key()[0])  # another club's hook hears nothing
    name = "compscore3_mp_pairs_howell.xml"
    data = (shared_fixtures / "usebio" / name).read_bytes()
    with django_capture_on_commit_callbacks(execute=True):
        t = services.import_results(data=data, filename=name, organiser=club).tournament
    keys = sorted(WebhookDelivery.objects.values_list("event_key", "state"))
    assert keys == [
        (f"awards.credited:{t.pk}:{t.report_version}", "delivered"),
        (f"report.processed:{t.pk}:{t.report_version}", "delivered"),
    ]
    processed = next(json.loads(s["body"]) for s in posts.sent if b"report.processed" in s["body"])
    assert processed["data"]["tournament_id"] == t.pk
    assert processed["data"]["organiser_club_id"] == club.pk


def test_a_sanction_decision_tells_the_applying_clubs_hook(
    posts, django_capture_on_commit_callbacks
):
    from members.tests.factories import DistrictFactory, club_admin, district_official
    from tournaments.sanctions import workflow
    from tournaments.sanctions.models import SanctionAction
    from tournaments.sanctions.tests.factories import SanctionFactory

    district = DistrictFactory()
    club = ClubFactory(district=district, members_count=150)
    token, _key = club_key(club=club)
    hook(token, events=[SANCTION_DECIDED])
    sanction = workflow.submit(SanctionFactory(club=club), user=club_admin(club))
    assert not WebhookDelivery.objects.exists()  # a submission is no decision
    with django_capture_on_commit_callbacks(execute=True):
        workflow.approve(sanction, user=district_official(district), note="Välkommen")
    action = SanctionAction.objects.get(sanction=sanction, kind=SanctionAction.Kind.APPROVED)
    delivery = WebhookDelivery.objects.get()
    assert delivery.event_key == f"sanction.decided:{action.pk}"
    assert delivery.state == State.DELIVERED
    data = json.loads(posts.sent[0]["body"])["data"]
    assert data["sanction_id"] == sanction.pk and data["decision"] == "approved"
    assert data["club_id"] == club.pk and "Välkommen" not in posts.sent[0]["body"].decode()


def test_a_bad_cursor_is_a_documented_404(client):
    _token, key = club_key()
    assert_error(client.get(f"{HOOKS}?cursor=nonsense", **auth(key)), 404, "not_found")
    schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()
    assert "404" in schema["paths"][HOOKS]["get"]["responses"]
    assert "201" in schema["paths"][HOOKS]["post"]["responses"]


def test_a_licence_decision_tells_the_organising_clubs_hook(
    posts, django_capture_on_commit_callbacks
):
    """An EBU licence approved by the office: one ``licence.decided`` delivery to the
    hooks of the club behind the organisation, keyed by the decision's action, with
    public facts only (docs/api.md, "Webhooks")."""
    from tournaments.licences import workflow
    from tournaments.licences.models import Licence, LicenceAction
    from tournaments.licences.tests.factories import (
        FeeRateFactory,
        LicenceFactory,
        OrganisationFactory,
        office_staff,
    )

    FeeRateFactory(licence_type=Licence.Type.OPEN_EVENT)
    organisation = OrganisationFactory(name="Aylesbury BC")
    token, _key = club_key(club=organisation.club)
    hook(token, events=[LICENCE_DECIDED])
    other_token, _ = club_key()
    hook(other_token, events=[LICENCE_DECIDED])  # another club's hook hears nothing
    licence = LicenceFactory(organisation=organisation)
    with django_capture_on_commit_callbacks(execute=True):
        workflow.approve(licence, user=office_staff(), note="Agreed by phone")
    action = LicenceAction.objects.get(licence=licence, kind="approve")
    delivery = WebhookDelivery.objects.get()
    assert delivery.webhook.token == token
    assert delivery.event_key == f"licence.decided:{action.pk}"
    data = json.loads(posts.sent[0]["body"])["data"]
    assert (data["licence_id"], data["decision"], data["club_id"]) == (
        licence.pk, "approve", organisation.club_id,
    )  # fmt: skip
    assert "Agreed by phone" not in posts.sent[0]["body"].decode()
