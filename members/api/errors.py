"""The API's one error shape (docs/api.md, "Errors"):

    {"code": "...", "message": "...", "field": "mid" | null, "location": "..." | null,
     "details": [{"code", "message", "field", "location"}, ...]}

``message`` is in the request's language (``Accept-Language``: sv or en).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import Http404, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from rest_framework import exceptions, parsers, serializers, status
from rest_framework.response import Response

log = logging.getLogger(__name__)


class ApiError(exceptions.APIException):
    """An error a view raises with its own code, field and location."""

    def __init__(
        self,
        message: str,
        *,
        code: str,
        status_code: int = status.HTTP_400_BAD_REQUEST,
        field: str | None = None,
        location: str | None = None,
        details: Iterable[dict] = (),
    ) -> None:
        super().__init__(message, code)
        self.status_code = status_code
        self.code = code
        self.field = field
        self.location = location
        self.details = list(details)


class PayloadTooLarge(exceptions.APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "body_too_large"
    default_detail = "The request body is too large."


def error_body(
    code: str,
    message: str,
    *,
    field: str | None = None,
    location: str | None = None,
    details: list[dict] | None = None,
) -> dict:
    one = {"code": code, "message": message, "field": field, "location": location}
    return {**one, "details": details if details is not None else [dict(one)]}


def _flatten(detail, field: str | None = None) -> list[dict]:
    """A DRF error detail (dict, list or string) as one entry per message."""
    if isinstance(detail, dict):
        out: list[dict] = []
        for name, value in detail.items():
            key = None if name == "non_field_errors" else str(name)
            out += _flatten(value, f"{field}.{key}" if field and key else (key or field))
        return out
    if isinstance(detail, list):
        return [entry for item in detail for entry in _flatten(item, field)]
    code = getattr(detail, "code", None) or "invalid"
    return [{"code": str(code), "message": str(detail), "field": field, "location": None}]


MESSAGES = {
    # Translated here so the message follows the request's language.
    "not_authenticated": lambda: _("This needs a token: 'Authorization: Bearer <token>'."),
    "token_missing": lambda: _("This needs a token: 'Authorization: Bearer <token>'."),
    "token_unknown": lambda: _("The token is not known."),
    "token_revoked": lambda: _("The token was revoked."),
    "token_expired": lambda: _("The token has expired."),
    "token_malformed": lambda: _("Send the token as 'Authorization: Bearer <token>'."),
    "parse_error": lambda: _("The body is not valid JSON."),
    "body_too_large": lambda: _("The request body is too large."),
    "not_found": lambda: _("Nothing is found at this address."),
    "method_not_allowed": lambda: _("This address does not take that method."),
    "unsupported_media_type": lambda: _("Send JSON (application/json) or a multipart form."),
    "not_acceptable": lambda: _("The API answers in JSON only."),
    "permission_denied": lambda: _("This token may not do that."),
}


def exception_handler(exc, context):
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    if not isinstance(exc, exceptions.APIException):
        log.exception("API: unexpected error in %s", context.get("view"))
        return Response(
            error_body("server_error", _("Something went wrong on our side; nothing was saved.")),
            status=status.HTTP_500_INTERNAL_SERVER_ERROR,
        )
    headers = {}
    if getattr(exc, "auth_header", None):
        headers["WWW-Authenticate"] = exc.auth_header
    wait = getattr(exc, "wait", None)
    if wait is not None:
        headers["Retry-After"] = str(int(wait) + (0 if float(wait).is_integer() else 1))
    if isinstance(exc, ApiError):
        body = error_body(
            exc.code, str(exc.detail), field=exc.field, location=exc.location,
            details=exc.details or None,
        )  # fmt: skip
    elif isinstance(exc, exceptions.ValidationError):
        details = _flatten(exc.detail)
        first = details[0] if details else {"code": "invalid", "message": "", "field": None}
        body = error_body(first["code"], first["message"], field=first["field"], details=details)
    elif isinstance(exc, exceptions.Throttled):
        body = error_body(
            "rate_limited",
            _("Too many requests; try again in %(seconds)s seconds.")
            % {"seconds": headers.get("Retry-After", "60")},
        )
    else:
        codes = exc.get_codes()
        code = codes if isinstance(codes, str) else "error"
        message = MESSAGES.get(code)
        body = error_body(code, message() if message else str(exc.detail))
    return Response(body, status=exc.status_code, headers=headers)


@csrf_exempt
def not_found(request, exception=None):
    """Unknown addresses under /api/: the error shape, not an HTML page."""
    return JsonResponse(error_body("not_found", _("Nothing is found at this address.")), status=404)


class LimitedJSONParser(parsers.JSONParser):
    """JSON no larger than ``API_MAX_JSON_BYTES`` (413 otherwise)."""

    def parse(self, stream, media_type=None, parser_context=None):
        request = (parser_context or {}).get("request")
        length = request.META.get("CONTENT_LENGTH") if request is not None else None
        if length and length.isdigit() and int(length) > settings.API_MAX_JSON_BYTES:
            raise PayloadTooLarge()
        return super().parse(stream, media_type, parser_context)


class StrictSerializer(serializers.Serializer):
    """Refuses fields it does not know ("unknown_field"), so a typo is not ignored."""

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    {name: [serializers.ErrorDetail(_("Unknown field."), code="unknown_field")]
                     for name in unknown}
                )  # fmt: skip
        return super().to_internal_value(data)


class ErrorDetailSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    field = serializers.CharField(allow_null=True)
    location = serializers.CharField(allow_null=True)


class ErrorSerializer(ErrorDetailSerializer):
    """The API's one error shape (``members.api.errors``)."""

    details = ErrorDetailSerializer(many=True)


# For extend_schema(responses=...): the error shape as one component.
ERROR = ErrorSerializer
