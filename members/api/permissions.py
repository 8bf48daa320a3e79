"""Scopes on API views: a view names the scope each method needs (docs/api.md)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import exceptions, permissions

from members.models import ApiToken, Member


class ScopeMissing(exceptions.PermissionDenied):
    default_code = "scope_missing"


class TokenRequired(exceptions.NotAuthenticated):
    default_code = "token_missing"


def token_of(request) -> ApiToken | None:
    auth = getattr(request, "auth", None)
    return auth if isinstance(auth, ApiToken) else None


class HasScope(permissions.BasePermission):
    """The token holds ``view.required_scope`` (or, by method, ``view.required_scopes``)."""

    def has_permission(self, request, view) -> bool:
        scopes = getattr(view, "required_scopes", {})
        needed = scopes.get(request.method, getattr(view, "required_scope", None))
        if needed is None:
            return True
        token = token_of(request)
        if token is None:
            raise TokenRequired("This needs a token: 'Authorization: Bearer <token>'.")
        if needed not in token.scopes:
            raise ScopeMissing(f"The token does not hold the scope {needed}.")
        return True


def own_member(request) -> Member:
    """The member a member token belongs to (``me:read`` is only given to those)."""
    token = token_of(request)
    member = token.member if token is not None else None
    if member is None:
        raise ScopeMissing(_("Only a member's own token may read this."))
    return member
