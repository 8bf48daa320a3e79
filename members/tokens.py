"""API tokens: creating, revoking and finding them (docs/api.md, "Tokens and scopes").

A key reads ``klv_<prefix>_<secret>``; the prefix finds the row and only the SHA-256
of the whole key is kept, so a stolen database does not give working keys.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from .domain.api_access import DEFAULT_RATE_PER_MINUTE, refused_scopes
from .models import ApiToken, Club, Member

KEY_START = "klv_"


class TokenRefused(ValueError):
    """A token that may not be made as asked; the message says why."""


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


@transaction.atomic
def create_token(
    *,
    kind: str,
    name: str,
    scopes: Iterable[str],
    club: Club | None = None,
    clubs: Iterable[Club] = (),
    member: Member | None = None,
    created_by=None,
    expires_at: datetime | None = None,
    rate_per_minute: int = DEFAULT_RATE_PER_MINUTE,
) -> tuple[ApiToken, str]:
    """A new token and its key (shown once; only its hash is stored)."""
    scopes = sorted(set(scopes))
    wrong = refused_scopes(kind, scopes)
    if wrong:
        raise TokenRefused(f"a {kind} token may not hold {', '.join(wrong)}")
    if not scopes:
        raise TokenRefused("a token needs at least one scope")
    if (kind == ApiToken.Kind.CLUB) != (club is not None):
        raise TokenRefused("a club token names its club, and only a club token does")
    if (kind == ApiToken.Kind.MEMBER) != (member is not None):
        raise TokenRefused("a member token names its member, and only a member token does")
    prefix = secrets.token_hex(4)
    while ApiToken.objects.filter(prefix=prefix).exists():
        prefix = secrets.token_hex(4)
    key = f"{KEY_START}{prefix}_{secrets.token_urlsafe(32)}"
    token = ApiToken.objects.create(
        kind=kind,
        name=name,
        prefix=prefix,
        secret_hash=_hash(key),
        scopes=scopes,
        club=club,
        member=member,
        created_at=timezone.now(),
        created_by=created_by,
        expires_at=expires_at,
        rate_per_minute=rate_per_minute,
    )
    if kind == ApiToken.Kind.PROGRAM:
        token.clubs.set(list(clubs))
    return token, key


def revoke_token(token: ApiToken) -> None:
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])


def find_token(key: str) -> tuple[ApiToken | None, str]:
    """The token a key names and, when none may be used, why: "unknown", "revoked" or
    "expired" (the API's error codes)."""
    if not key.startswith(KEY_START) or key.count("_") < 2:
        return None, "unknown"
    prefix = key[len(KEY_START) :].split("_", 1)[0]
    token = ApiToken.objects.select_related("club", "member").filter(prefix=prefix).first()
    if token is None or not hmac.compare_digest(token.secret_hash, _hash(key)):
        return None, "unknown"
    if token.revoked_at is not None:
        return None, "revoked"
    if token.expires_at is not None and token.expires_at <= timezone.now():
        return None, "expired"
    return token, ""


def club_ids_of(token: ApiToken) -> set[int]:
    """The clubs a token acts for: a club token its club, a program the clubs listed."""
    if token.kind == ApiToken.Kind.CLUB and token.club_id is not None:
        return {token.club_id}
    if token.kind == ApiToken.Kind.PROGRAM:
        return set(token.clubs.values_list("pk", flat=True))
    return set()
