"""Webhooks through the API (docs/api.md, "Webhooks"): a club's or a scoring program's
token registers addresses to be told of events, sees their delivery log, deletes them.
A token sees only its own hooks; sending them is ``members.webhooks``."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.generics import ListAPIView
from rest_framework.response import Response

from members.domain.api_access import EVENTS, WEBHOOKS_WRITE
from members.models import Webhook, WebhookDelivery
from members.webhooks import new_secret

from .audit import AuditedView
from .errors import ERROR, ApiError, StrictSerializer
from .pagination import Cursor
from .permissions import HasScope, token_of

# How many hooks one token may register.
MAX_HOOKS_PER_TOKEN = 10


def _errors(*codes: int) -> dict:
    text = {
        400: "The body is wrong: bad JSON, a wrong type, an unknown field or event",
        401: "No token, or one unknown, revoked or expired",
        403: "The token does not hold webhooks:write",
        404: "No such webhook of this token, or a cursor that is not valid",
        413: "The body is too large",
        415: "The body is not JSON",
        429: "Too many requests (Retry-After)",
    }
    return {code: OpenApiResponse(ERROR, description=text[code]) for code in codes}


class WebhookSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.URLField()
    events = serializers.ListField(child=serializers.ChoiceField(choices=EVENTS))
    active = serializers.BooleanField()
    created_at = serializers.DateTimeField()


class NewWebhookSerializer(WebhookSerializer):
    secret = serializers.CharField(
        help_text="The key of the deliveries' signatures; shown only in this answer"
    )


class RegisterWebhookSerializer(StrictSerializer):
    """A new webhook: its address and the events it follows (unknown fields refused)."""

    url = serializers.URLField(max_length=500, help_text="https:// (http:// only in DEBUG)")
    events = serializers.ListField(
        child=serializers.ChoiceField(choices=EVENTS),
        allow_empty=False,
        min_length=1,
        max_length=len(EVENTS),
    )

    def validate_url(self, value: str) -> str:
        if not value.lower().startswith("https://") and not settings.DEBUG:
            raise serializers.ValidationError(
                _("A webhook's address starts with https://."), code="https_required"
            )
        if _inside(urlsplit(value).hostname or "") and not settings.DEBUG:
            raise serializers.ValidationError(
                _("A webhook's address must be on the internet, not this host or its network."),
                code="private_address",
            )
        return value

    def validate_events(self, value: list[str]) -> list[str]:
        return [event for event in EVENTS if event in value]


def _inside(host: str) -> bool:
    """An address written as this host or a private network's: the portal would post
    into its own network. (A name is not resolved here; docs/api.md says so.)"""
    if host.lower() in ("localhost", "localhost.localdomain") or host.lower().endswith(
        ".localhost"
    ):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return not address.is_global


class DeliverySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    event = serializers.CharField(help_text="One of the events a webhook may follow")
    event_id = serializers.CharField(source="event_key", help_text="The body's id")
    state = serializers.ChoiceField(choices=WebhookDelivery.State.values)
    attempts = serializers.IntegerField()
    last_status = serializers.IntegerField(allow_null=True)
    last_error = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()
    next_attempt_at = serializers.DateTimeField(allow_null=True)
    delivered_at = serializers.DateTimeField(allow_null=True)


def hook_row(hook: Webhook) -> dict:
    return {
        "id": hook.pk,
        "url": hook.url,
        "events": hook.events,
        "active": hook.active,
        "created_at": hook.created_at,
    }


def own_hooks(request):
    return Webhook.objects.filter(token=token_of(request))


def own_hook(request, pk: int) -> Webhook:
    hook = own_hooks(request).filter(pk=pk).first()
    if hook is None:
        raise ApiError(_("No such webhook."), code="not_found", status_code=404)
    return hook


class WebhookScope:
    permission_classes = [HasScope]
    required_scope = WEBHOOKS_WRITE


class WebhookList(WebhookScope, AuditedView, ListAPIView):
    """The token's webhooks, and registering a new one."""

    audit_action = "webhook.register"
    serializer_class = WebhookSerializer

    def get_queryset(self):
        return own_hooks(self.request)

    @extend_schema(
        summary="The token's webhooks",
        responses={200: WebhookSerializer(many=True), **_errors(401, 403, 404, 429)},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(
        summary="Register a webhook",
        request=RegisterWebhookSerializer,
        responses={201: NewWebhookSerializer, **_errors(400, 401, 403, 413, 415, 429)},
    )
    def post(self, request, *args, **kwargs):
        asked = RegisterWebhookSerializer(data=request.data)
        asked.is_valid(raise_exception=True)
        if own_hooks(request).count() >= MAX_HOOKS_PER_TOKEN:
            raise ApiError(
                _("A token may register at most %(count)s webhooks.")
                % {"count": MAX_HOOKS_PER_TOKEN},
                code="too_many_webhooks",
            )
        hook = Webhook.objects.create(
            token=token_of(request),
            url=asked.validated_data["url"],
            events=asked.validated_data["events"],
            secret=new_secret(),
            created_at=timezone.now(),
        )
        request.audit_object = hook.pk
        request.audit_detail = hook.url
        body = NewWebhookSerializer({**hook_row(hook), "secret": hook.secret}).data
        return Response(body, status=status.HTTP_201_CREATED)

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.get_queryset())
        rows = WebhookSerializer([hook_row(h) for h in page], many=True).data
        return self.get_paginated_response(rows)


class WebhookDetail(WebhookScope, AuditedView):
    """One of the token's webhooks."""

    audit_action = "webhook.delete"

    @extend_schema(
        summary="A webhook", responses={200: WebhookSerializer, **_errors(401, 403, 404, 429)}
    )
    def get(self, request, pk: int):
        return Response(WebhookSerializer(hook_row(own_hook(request, pk))).data)

    @extend_schema(
        summary="Delete a webhook (and its delivery log)",
        responses={204: None, **_errors(401, 403, 404, 429)},
    )
    def delete(self, request, pk: int):
        hook = own_hook(request, pk)
        request.audit_object = hook.pk
        request.audit_detail = hook.url
        hook.delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


class NewestFirst(Cursor):
    ordering = "-pk"


class DeliveryLog(WebhookScope, ListAPIView):
    """A webhook's deliveries, newest first: each event, its state and attempts."""

    serializer_class = DeliverySerializer
    pagination_class = NewestFirst

    @extend_schema(
        summary="A webhook's delivery log",
        responses={200: DeliverySerializer(many=True), **_errors(401, 403, 404, 429)},
    )
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        return WebhookDelivery.objects.filter(webhook=own_hook(self.request, self.kwargs["pk"]))
