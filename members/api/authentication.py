"""Token authentication for the API: ``Authorization: Bearer klv_…`` (docs/api.md)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from rest_framework import authentication, exceptions

from members.models import ApiToken
from members.tokens import find_token

# last_used_at is written at most this often, not on every request.
LAST_USED_EVERY = timedelta(minutes=1)


class ApiClient:
    """Whoever holds the token: what ``request.user`` is for an API request."""

    is_authenticated = True
    is_anonymous = False

    def __init__(self, token: ApiToken) -> None:
        self.token = token

    def __str__(self) -> str:
        return str(self.token)


class TokenRefused(exceptions.AuthenticationFailed):
    """A key that names no usable token; ``default_code`` says which case."""


class TokenAuthentication(authentication.BaseAuthentication):
    keyword = "Bearer"

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).decode("latin-1").split()
        if not header:
            return None
        if header[0].lower() != self.keyword.lower() or len(header) != 2:
            raise TokenRefused(
                "Send the token as 'Authorization: Bearer <token>'.", code="token_malformed"
            )
        token, why = find_token(header[1])
        if token is None:
            message = {
                "revoked": "The token was revoked.",
                "expired": "The token has expired.",
            }.get(why, "The token is not known.")
            raise TokenRefused(message, code=f"token_{why}")
        now = timezone.now()
        if token.last_used_at is None or now - token.last_used_at > LAST_USED_EVERY:
            ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        return ApiClient(token), token

    def authenticate_header(self, request) -> str:
        return f'{self.keyword} realm="api"'
